/* inertialize.c: exercise ex09.4 (optional), inertialization of one joint's
 * rotation: the offset the source left at the switch, decayed by Bollo's
 * quintic (chapter 09, going further). The reference solution; the stub is
 * exercises/09_crossfade/inertialize.c. */
#include "inertialize.h"

#include <cglm/cglm.h>
#include <math.h>

void inertial_rotation_init(inertial_rotation *state, const float source_previous[4], const float source[4],
                            const float target[4], float dt, float blend_time)
{
    *state = (inertial_rotation){.axis = {1.0f, 0.0f, 0.0f}};
    versor inverse_target, offset, previous; /* cglm takes non-const versors; it only reads them */
    glm_quat_conjugate((float *)target, inverse_target);
    glm_quat_mul(inverse_target, (float *)source, offset);
    glm_quat_mul(inverse_target, (float *)source_previous, previous);
    /* q and -q are one rotation: take the one of angle <= pi, and last
     * frame's offset on the same side, or the angles differ by 2 pi. */
    if (offset[3] < 0.0f)
        glm_vec4_negate(offset);
    if (glm_vec4_dot(offset, previous) < 0.0f)
        glm_vec4_negate(previous);
    float s = glm_vec3_norm(offset);
    if (!(blend_time > 0.0f) || s == 0.0f)
        return; /* nothing to blend: the target from the first frame */
    glm_vec3_scale(offset, 1.0f / s, state->axis);
    state->x0 = 2.0f * atan2f(s, offset[3]);
    /* Last frame's offset measured about this axis (its twist): the rate
     * along the axis; a turn about another axis is left out. */
    float x_previous = 2.0f * atan2f(glm_vec3_dot(previous, state->axis), previous[3]);
    float v0 = dt > 0.0f ? (state->x0 - x_previous) / dt : 0.0f;
    /* The guard: an offset still growing starts from rest instead, and a
     * fast approach shortens the blend so the curve cannot cross 0
     * (at -v0 T = 5 x0 it is x0 (1 - t/T)^5). */
    if (v0 > 0.0f)
        v0 = 0.0f;
    if (v0 < 0.0f && -5.0f * state->x0 / v0 < blend_time)
        blend_time = -5.0f * state->x0 / v0;
    state->v0 = v0;
    state->blend_time = blend_time;
    /* The a0 that makes the jerk 0 at T as well, never negative. */
    state->a0 = fmaxf(0.0f, (-8.0f * v0 * blend_time - 20.0f * state->x0) / (blend_time * blend_time));
}

/* [listing inertial_curve] */
float inertial_offset_angle(const inertial_rotation *state, float t)
{
    float T = state->blend_time, x0 = state->x0, v0 = state->v0, a0 = state->a0;
    if (!(t < T))
        return 0.0f; /* exactly: past the blend the pose is the target's */
    if (t <= 0.0f)
        return x0;
    /* x(t) = A t^5 + B t^4 + C t^3 + a0/2 t^2 + v0 t + x0, with x, x' and
     * x'' zero at T. */
    float T2 = T * T, aT2 = a0 * T2, vT = v0 * T;
    float A = -(aT2 + 6.0f * vT + 12.0f * x0) / (2.0f * T2 * T2 * T);
    float B = (3.0f * aT2 + 16.0f * vT + 30.0f * x0) / (2.0f * T2 * T2);
    float C = -(3.0f * aT2 + 12.0f * vT + 20.0f * x0) / (2.0f * T2 * T);
    return ((((A * t + B) * t + C) * t + 0.5f * a0) * t + v0) * t + x0;
}

void inertial_rotation_update(inertial_rotation *state, float dt, const float target[4], float out[4])
{
    if (dt > 0.0f) /* false for NaN too */
        state->elapsed += dt;
    float x = inertial_offset_angle(state, state->elapsed);
    if (x == 0.0f) {
        glm_vec4_copy((float *)target, out);
        return;
    }
    versor offset = {state->axis[0] * sinf(0.5f * x), state->axis[1] * sinf(0.5f * x), state->axis[2] * sinf(0.5f * x),
                     cosf(0.5f * x)};
    /* In the joint's own frame, on the right, as the offset was taken;
     * through r, as out may be target. */
    versor r;
    glm_quat_mul((float *)target, offset, r);
    glm_vec4_copy(r, out);
}
/* [/listing] */
