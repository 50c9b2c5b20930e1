/* inertialize.h: inertialization of one joint's rotation (chapter 09, going
 * further; exercise ex09.4, optional, in inertialize.c).
 *
 * A crossfade samples two clips for the whole fade. Inertialization switches
 * to the new clip (the target) at once and samples only it; what the old
 * clip (the source) left is an offset rotation, target * offset = source at
 * the switch, that decays to the identity over the blend time along a
 * quintic that starts with the offset's angle and rate and ends with zero
 * angle, rate and acceleration (David Bollo, GDC 2018). A plain struct, set
 * at the switch and stepped once a frame; nothing is allocated. */
#ifndef SA_CH09_INERTIALIZE_H
#define SA_CH09_INERTIALIZE_H

typedef struct inertial_rotation {
    float axis[3];    /* unit axis of the offset, in the joint's frame */
    float x0;         /* the offset's angle at the switch, radians, 0 .. pi */
    float v0;         /* its rate at the switch, rad/s, after the guard: <= 0 */
    float a0;         /* its second derivative at the switch, >= 0 */
    float blend_time; /* seconds, after the guard: at most the time asked for */
    float elapsed;    /* seconds since the switch */
} inertial_rotation;

/* [listing inertial_decl] */
/* Exercise ex09.4 (inertialize.c, optional). At the switch: the source's
 * rotation this frame and last frame (dt seconds apart), the target's this
 * frame, and the blend time asked for.
 *     offset  = inverse(target) * source, its w made >= 0 (the short way)
 *     x0      = its angle, axis its axis; x_prev the angle of
 *               inverse(target) * source_previous about that axis (the
 *               twist; that quaternion first on the offset's side)
 *     v0      = (x0 - x_prev) / dt, 0 when dt <= 0; then the guard:
 *               v0 > 0 becomes 0, and T = min(T, -5 x0 / v0) when v0 < 0
 *     a0      = max(0, (-8 v0 T - 20 x0) / T^2)
 * A blend time <= 0, or x0 = 0, leaves nothing to blend. */
void inertial_rotation_init(inertial_rotation *state, const float source_previous[4], const float source[4],
                            const float target[4], float dt, float blend_time);

/* The offset's angle t seconds after the switch: the quintic
 *     x(t) = A t^5 + B t^4 + C t^3 + a0/2 t^2 + v0 t + x0
 * with x, x' and x'' zero at T = state->blend_time; x0 for t <= 0 and
 * exactly 0 for t >= T (t = T included), which wins where both apply
 * (T <= t <= 0, a blend time <= 0). */
float inertial_offset_angle(const inertial_rotation *state, float t);

/* One frame: elapsed grows by dt (a dt <= 0, or NaN, counts as 0), then
 * out = target * offset, the offset x(elapsed) about the axis, with this
 * frame's target (it moves on after the switch; the offset stays on its
 * right, in the joint's frame). Once elapsed reaches the blend time out is
 * the target exactly. At the switch's own frame (dt = 0) out is the source.
 * out may be target. */
void inertial_rotation_update(inertial_rotation *state, float dt, const float target[4], float out[4]);
/* [/listing] */

#endif
