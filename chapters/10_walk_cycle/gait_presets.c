/* gait_presets.c: the walk and the run the generator makes (chapter 10),
 * and the same gait at another speed. */
#include "walk.h"

#include <math.h>

#define DEG ((float)3.14159265358979323846 / 180)

/* [listing gait_presets] */
/* A walk, with the phases of normal adult walking (Perry and Burnfield,
 * Gait Analysis, 2010): the foot flat at 10% of the cycle, heel-off at
 * 35%, toe-off at 60%; the stance knee bends about 15 degrees in the
 * loading response and is nearly straight at mid-stance. */
gait_params gait_walk(void)
{
    return (gait_params){
        .stride_length = 1.2f,
        .cadence = 1.9f,
        .stance_fraction = 0.6f,
        .foot_flat = 0.1f,
        .heel_off = 0.35f,
        .mid_stance = 0.22f,
        .heel_strike_pitch = 18 * DEG,
        .toe_off_pitch = 55 * DEG,
        .knee_contact = 2 * DEG,
        .knee_loading = 15 * DEG,
        .knee_mid_stance = 5 * DEG,
        .knee_toe_off = 3 * DEG,
        .knee_swing_peak = 60 * DEG,
        .hip_swing_peak = 30 * DEG,
        .arm_swing = 0.35f,
        .lean = 0.05f,
        .pelvis_turn = 0.08f,
        .pelvis_tilt = 0.05f,
        .elbow_bend = 0.3f,
        .keys_per_cycle = 128,
    };
}
/* [/listing] */

/* [listing gait_run] */
/* A run: less time on the ground than in the air between steps (flight),
 * a longer, quicker stride, the stance knee bent about 40 degrees under
 * the body's weight, the swing knee folded high, more lean, bent elbows. */
gait_params gait_run(void)
{
    return (gait_params){
        .stride_length = 1.8f,
        .cadence = 3.0f,
        .stance_fraction = 0.3f,
        .foot_flat = 0.04f,
        .heel_off = 0.16f,
        .mid_stance = 0.08f,
        .heel_strike_pitch = 10 * DEG,
        .toe_off_pitch = 46 * DEG,
        .knee_contact = 15 * DEG,
        .knee_loading = 28 * DEG,
        .knee_mid_stance = 38 * DEG,
        .knee_toe_off = 15 * DEG,
        .knee_swing_peak = 100 * DEG,
        .hip_swing_peak = 42 * DEG,
        .arm_swing = 0.6f,
        .lean = 0.2f,
        .pelvis_turn = 0.1f,
        .pelvis_tilt = 0.04f,
        .elbow_bend = 1.4f,
        .keys_per_cycle = 128,
    };
}
/* [/listing] */

bool gait_at_speed(const gait_params *base, float speed, gait_params *out, sa_error *err)
{
    if (!(speed > 0) || !isfinite(speed))
        return sa_error_set(err, "gait: speed is %g m/s: it must be above 0", (double)speed);
    if (!(base->stride_length > 0) || !(base->cadence > 0))
        return sa_error_set(err, "gait: the base gait needs a stride_length and a cadence above 0");
    float base_speed = base->stride_length * base->cadence / 2;
    float k = sqrtf(speed / base_speed);
    *out = *base;
    out->stride_length = base->stride_length * k;
    out->cadence = base->cadence * k;
    return true;
}
