/* inertialize_pose.c: every joint's offset by chapter 09's
 * inertial_rotation, the hips' translation by the same quintic (see
 * inertialize_pose.h). */
#include "inertialize_pose.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The longest hips offset handed to the quintic, metres (as radians it must stay under pi). */
#define HIPS_OFFSET_MAX 3.0f

bool pose_inertializer_init(pose_inertializer *pi, int joint_count, int hips, sa_error *err)
{
    memset(pi, 0, sizeof *pi);
    pi->rotation = calloc((size_t)joint_count + 1, sizeof *pi->rotation);
    if (!pi->rotation)
        return sa_error_set(err, "inertialization: out of memory");
    pi->joint_count = joint_count;
    pi->hips = hips;
    return true;
}

void pose_inertializer_free(pose_inertializer *pi)
{
    free(pi->rotation);
    memset(pi, 0, sizeof *pi);
}

/* A turn of `angle` radians about +Y: how a length in metres travels
 * through chapter 09's init. */
static void turn_y(float angle, float q[4])
{
    q[0] = 0.0f, q[1] = sinf(0.5f * angle), q[2] = 0.0f, q[3] = cosf(0.5f * angle);
}

/* [listing pose_inertialize_transition] */
void pose_inertialize_transition(pose_inertializer *pi, const transform *source_previous, const transform *source,
                                 const transform *target, float dt, float blend_time)
{
    for (int j = 0; j < pi->joint_count; j++) {
        inertial_rotation_init(&pi->rotation[j], source_previous[j].rotation, source[j].rotation, target[j].rotation,
                               dt, blend_time);
        /* From rest the quintic is x0 (1 - 10 s^3 + 15 s^4 - 6 s^5), s = t/T:
         * steepest at s = 1/2, 15/8 x0 / T. Longer for this joint if that is
         * over max_rate (a joint already decaying keeps chapter 09's guard). */
        float need = 1.875f * pi->rotation[j].x0 / fmaxf(pi->max_rate, 1e-6f);
        if (pi->max_rate > 0.0f && blend_time > 0.0f && need > blend_time && !(pi->keep_blend && pi->keep_blend[j]))
            inertial_rotation_init(&pi->rotation[j], source_previous[j].rotation, source[j].rotation,
                                   target[j].rotation, dt, fminf(need, fmaxf(blend_time, pi->blend_time_max)));
    }
    if (pi->hips < 0)
        return;
    /* The hips: the offset source - target, its length and direction; the
     * previous frame's offset measured along the same direction. */
    vec3 offset, previous;
    glm_vec3_sub((float *)source[pi->hips].translation, (float *)target[pi->hips].translation, offset);
    glm_vec3_sub((float *)source_previous[pi->hips].translation, (float *)target[pi->hips].translation, previous);
    float length = glm_vec3_norm(offset);
    if (length > 0.0f)
        glm_vec3_scale(offset, 1.0f / length, pi->translation_direction);
    else
        glm_vec3_zero(pi->translation_direction);
    float x = fminf(length, HIPS_OFFSET_MAX);
    float x_prev = glm_vec3_dot(previous, pi->translation_direction);
    x_prev = fmaxf(-HIPS_OFFSET_MAX, fminf(x_prev, HIPS_OFFSET_MAX));
    float q_source[4], q_previous[4], identity[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    turn_y(x, q_source), turn_y(x_prev, q_previous);
    inertial_rotation_init(&pi->translation, q_previous, q_source, identity, dt, blend_time);
}
/* [/listing] */

/* [listing pose_inertialize_update] */
void pose_inertialize_update(pose_inertializer *pi, float dt, const transform *target, transform *out)
{
    for (int j = 0; j < pi->joint_count; j++) {
        out[j] = target[j];
        inertial_rotation_update(&pi->rotation[j], dt, target[j].rotation, out[j].rotation);
    }
    if (pi->hips < 0)
        return;
    float identity[4] = {0.0f, 0.0f, 0.0f, 1.0f}, unused[4];
    inertial_rotation_update(&pi->translation, dt, identity, unused); /* its clock, as the joints' */
    float x = inertial_offset_angle(&pi->translation, pi->translation.elapsed);
    /* the offset's angle is about the axis the init found: +Y, or -Y for a
     * negative angle folded to the short way; x is along that axis */
    float sign = pi->translation.axis[1] < 0.0f ? -1.0f : 1.0f;
    for (int i = 0; i < 3; i++)
        out[pi->hips].translation[i] += sign * x * pi->translation_direction[i];
}
/* [/listing] */
