/* Grading tests for exercise ex09.4 (optional): inertialization of one
 * joint's rotation. inertial_rotation_init() takes the offset the source
 * leaves at a switch (inverse(target) * source, the short way), its angle x0,
 * axis and rate v0 (from last frame's offset, about the axis), the guard and
 * a0; inertial_offset_angle() is Bollo's quintic from (x0, v0, a0) to zero
 * angle, rate and acceleration at the blend time T; inertial_rotation_update()
 * steps the time and writes target * offset.
 *
 * Every case turns the joint about its own z axis on top of a target of 90
 * degrees about y, so the offset is rz(x) and the output target * rz(x);
 * by hand (ry90 = S45 (0 1 0 1), rz(a) = (0 0 s c), s = sin a/2, c = cos a/2):
 *     ry90 * rz(a) = S45 (s, c, s, c)        (joint_at below)
 * while rz(a) * ry90 = S45 (-s, c, s, c): an offset put on the wrong side.
 * With x0 = 1 and T = 1 the curve is x(t) = f(u), u = t / T, for the
 * normalized approach k = -v0 T / x0 (worked out from the coefficients of the
 * task text, with a0 T^2 = (8 k - 20) x0 when that is >= 0, else 0):
 *     k = 0 (a0 = 0):   f = 1 - (6 u^5 - 15 u^4 + 10 u^3)    f(1/4) = 0.896484375, f(1/2) = 0.5
 *     k = 1 (a0 = 0):   f = -3 u^5 + 7 u^4 - 4 u^3 - u + 1    f(1/2) = 11/32 = 0.34375
 *     k = 4 (a0 = 12):  f = (1 - u)^4                         f(1/4) = 0.31640625, f(1/2) = 0.0625
 *     k = 5 (a0 = 20):  f = (1 - u)^5
 * A rate v0 = -k comes from last frame's angle x_prev = 1 + k dt. */
#include "tests/test_util.h"
#include "chapters/09_crossfade/inertialize.h"

#include <string.h>

#define S45 0.70710678f /* sin 45 degrees = cos 45 degrees */

static const double tol = 2e-5;
static const float dt60 = 1.0f / 60.0f;
static const float target[4] = {0, S45, 0, S45}; /* 90 degrees about y */

/* target * rz(a), by hand (above). */
static void joint_at(float a, float q[4])
{
    float s = sinf(0.5f * a), c = cosf(0.5f * a);
    q[0] = S45 * s, q[1] = S45 * c, q[2] = S45 * s, q[3] = S45 * c;
}

static void negated(float q[4])
{
    for (int i = 0; i < 4; i++)
        q[i] = -q[i];
}

/* A switch from a source at x0 = 1 (last frame's rotation given) to the
 * target. */
static inertial_rotation switch_from(const float previous[4], float dt, float blend_time)
{
    float source[4];
    joint_at(1.0f, source);
    inertial_rotation s;
    inertial_rotation_init(&s, previous, source, target, dt, blend_time);
    return s;
}

/* The same, last frame at x_prev about z. */
static inertial_rotation switch_at(float x_prev, float dt, float blend_time)
{
    float previous[4];
    joint_at(x_prev, previous);
    return switch_from(previous, dt, blend_time);
}

static void expect_angle(const char *what, const char *rule, double want, float got)
{
    if (!(fabs(got - want) <= tol))
        fail_msg("ex09.4: %s: angle: expected %.7g, got %.7g (%s)", what, want, (double)got, rule);
}

/* One update of dt, then the output against target * rz(angle). */
static void expect_update(const char *what, const char *rule, inertial_rotation *s, float dt, float angle)
{
    float out[4], want[4];
    joint_at(angle, want);
    inertial_rotation_update(s, dt, target, out);
    char name[240];
    snprintf(name, sizeof name, "ex09.4: %s: target * offset (%s)", what, rule);
    sa_expect_rotation(want, out, tol, name);
}

static void expect_exactly_the_target(const char *what, inertial_rotation *s, float dt)
{
    float out[4] = {-7, -7, -7, -7};
    inertial_rotation_update(s, dt, target, out);
    if (memcmp(out, target, sizeof out) != 0)
        fail_msg("ex09.4: %s: expected the target exactly (%.9g %.9g %.9g %.9g), got (%.9g %.9g %.9g %.9g)", what,
                 (double)target[0], (double)target[1], (double)target[2], (double)target[3], (double)out[0],
                 (double)out[1], (double)out[2], (double)out[3]);
}

/* Sentence 1 (offset = inverse(target) * source, applied as target * offset)
 * and the contract: the switch's own frame is the source. */
static void ex09_4_the_switch_frame_is_the_source(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f, dt60, 1.0f);
    expect_update("dt 0 at the switch", "target * offset = source, offset on the right", &s, 0.0f, 1.0f);
}

/* Sentence 1 (w >= 0): the source given as -q. inverse(target) * (-q) =
 * -rz(1), whose angle read without the flip is 2 pi - 1 about -z; half way
 * (v0 = 0) that is pi - 0.5 about -z, not 0.5 about z. */
static void ex09_4_the_offset_goes_the_short_way(void **state)
{
    (void)state;
    float source[4];
    joint_at(1.0f, source);
    negated(source);
    inertial_rotation s;
    inertial_rotation_init(&s, source, source, target, dt60, 1.0f);
    expect_angle("source as -q: x0", "offset with w >= 0: angle at most pi", 1.0, inertial_offset_angle(&s, 0.0f));
    expect_update("source as -q, t = T/2, v0 = 0", "offset with w >= 0, then x0 / 2", &s, 0.5f, 0.5f);
}

/* Sentence 2 (x0 and axis), with v0 = 0: f(1/4) = 0.896484375 (a cubic
 * smoothstep would give 1 - 10/64 = 0.84375). */
static void ex09_4_angle_and_axis(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f, dt60, 1.0f);
    expect_angle("x0", "x0 = 2 atan2(|xyz|, w)", 1.0, inertial_offset_angle(&s, 0.0f));
    expect_angle("state->x0", "x0 = 2 atan2(|xyz|, w)", 1.0, s.x0);
    /* The offset is rz(1): its unit axis is +z, (0 0 1). */
    const double want_axis[3] = {0, 0, 1};
    for (int i = 0; i < 3; i++)
        if (!(fabs(s.axis[i] - want_axis[i]) <= tol))
            fail_msg("ex09.4: offset rz(1): state->axis[%d]: expected %g, got %.7g (axis = the offset's xyz / |xyz|, a "
                     "unit vector in the joint's frame)",
                     i, want_axis[i], (double)s.axis[i]);
    expect_angle("v0 = 0, t = T/4", "quintic: 1 - (6 u^5 - 15 u^4 + 10 u^3)", 0.896484375,
                 inertial_offset_angle(&s, 0.25f));
    expect_update("v0 = 0, t = T/4", "the angle about the offset's axis", &s, 0.25f, 0.896484375f);
}

/* Sentence 3 (v0 from last frame): x_prev = 1 + 4/60 gives v0 = -4, k = 4,
 * f = (1 - u)^4. The frames the other way round give v0 = +4, which the
 * guard makes 0: f(1/2) = 0.5. */
static void ex09_4_the_rate_from_last_frame(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f + 4.0f * dt60, dt60, 1.0f);
    expect_angle("-v0 T = 4 x0, t = T/4", "x0 (1 - t/T)^4", 0.31640625, inertial_offset_angle(&s, 0.25f));
    expect_angle("-v0 T = 4 x0, t = T/2", "x0 (1 - t/T)^4", 0.0625, inertial_offset_angle(&s, 0.5f));
    expect_update("-v0 T = 4 x0, t = T/2", "x0 (1 - t/T)^4", &s, 0.5f, 0.0625f);
}

/* Sentence 3 (last frame's offset negated onto the offset's side): the
 * previous source given as -q. Unflipped, its angle about z reads 1.0667 -
 * 2 pi, v0 = +373 and the guard makes it 0: f(1/2) = 0.5. */
static void ex09_4_last_frame_on_the_offsets_side(void **state)
{
    (void)state;
    float previous[4];
    joint_at(1.0f + 4.0f * dt60, previous);
    negated(previous);
    inertial_rotation s = switch_from(previous, dt60, 1.0f);
    expect_angle("last frame as -q, -v0 T = 4 x0, t = T/2", "last frame's offset on the offset's side first", 0.0625,
                 inertial_offset_angle(&s, 0.5f));
}

/* Sentence 3 (the angle about the axis, the twist): last frame is rz(1 +
 * 4/60) then 0.2 rad about x. Its twist about z is 1 + 4/60 still (rz(b)
 * rx(c) = (cos b/2 sin c/2, sin b/2 sin c/2, sin b/2 cos c/2, cos b/2 cos
 * c/2): 2 atan2(z, w) = b), so f(1/2) = 0.0625; its whole angle, 1.0800,
 * would make v0 = -4.8. */
static void ex09_4_the_rate_about_the_axis(void **state)
{
    (void)state;
    versor rz, rx, offset_previous, previous;
    glm_quatv(rz, 1.0f + 4.0f * dt60, (vec3){0, 0, 1});
    glm_quatv(rx, 0.2f, (vec3){1, 0, 0});
    glm_quat_mul(rz, rx, offset_previous);
    glm_quat_mul((float *)target, offset_previous, previous);
    inertial_rotation s = switch_from(previous, dt60, 1.0f);
    expect_angle("last frame also turned about x, t = T/2", "x_prev = the twist about the axis", 0.0625,
                 inertial_offset_angle(&s, 0.5f));
}

/* Sentence 3 (dt <= 0 gives v0 = 0): the k = 4 frames with dt 0 or -1. */
static void ex09_4_no_rate_without_dt(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f + 4.0f * dt60, 0.0f, 1.0f);
    expect_angle("dt 0 at the switch, t = T/2", "v0 = 0 when dt <= 0", 0.5, inertial_offset_angle(&s, 0.5f));
    s = switch_at(1.0f + 4.0f * dt60, -1.0f, 1.0f);
    expect_angle("dt -1 at the switch, t = T/2", "v0 = 0 when dt <= 0", 0.5, inertial_offset_angle(&s, 0.5f));
}

/* Sentence 4 (v0 > 0 becomes 0): x_prev = 1 - 2/60, the offset growing at
 * 2 rad/s. From rest: f(1/2) = 0.5, and never above x0 (with v0 = +2 the
 * curve would rise to about 1.2 first and give 0.8125 half way). */
static void ex09_4_a_growing_offset_starts_from_rest(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f - 2.0f * dt60, dt60, 1.0f);
    expect_angle("offset growing, t = T/2", "v0 > 0 becomes 0", 0.5, inertial_offset_angle(&s, 0.5f));
    for (int k = 0; k <= 100; k++) {
        float x = inertial_offset_angle(&s, 0.01f * (float)k);
        if (!(x <= 1.0f + tol))
            fail_msg("ex09.4: offset growing: angle %.7g at t = %.2f, above x0 = 1 (v0 > 0 becomes 0)", (double)x,
                     0.01 * k);
    }
}

/* Sentence 4 (T = min(T, -5 x0 / v0)): x_prev = 1 + 10/60, v0 = -10, so T
 * becomes 0.5 and x(t) = (1 - t/0.5)^5: 0.2373046875 at 0.125, 1/32 at
 * 0.25, the target from 0.5 on (just past, in floats). Without the guard the curve crosses 0
 * (-0.125 at 0.5). */
static void ex09_4_a_fast_approach_shortens_the_blend(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f + 10.0f * dt60, dt60, 1.0f);
    expect_angle("-v0 T = 10 x0, t = 0.125", "T = min(T, -5 x0 / v0) = 0.5: (1 - t/0.5)^5", 0.2373046875,
                 inertial_offset_angle(&s, 0.125f));
    expect_angle("-v0 T = 10 x0, t = 0.25", "T = min(T, -5 x0 / v0) = 0.5: (1 - t/0.5)^5", 0.03125,
                 inertial_offset_angle(&s, 0.25f));
    for (int k = 0; k <= 100; k++) {
        float x = inertial_offset_angle(&s, 0.01f * (float)k);
        if (!(x >= -tol))
            fail_msg("ex09.4: -v0 T = 10 x0: angle %.7g at t = %.2f crosses 0 (T = min(T, -5 x0 / v0))", (double)x,
                     0.01 * k);
    }
    expect_update("-v0 T = 10 x0, t = 0.25", "T = min(T, -5 x0 / v0)", &s, 0.25f, 0.03125f);
    /* T is 0.5 up to the rounding of v0 in floats: just past it. */
    expect_exactly_the_target("-v0 T = 10 x0, t = 0.51 (past the shortened T)", &s, 0.26f);
}

/* Sentence 5 (a0 = max(0, ...)): k = 1 makes (-8 v0 T - 20 x0) / T^2 = -12;
 * with a0 = 0, f(1/2) = 11/32; with a0 = -12 it would be 0.15625. */
static void ex09_4_a0_is_never_negative(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f + 1.0f * dt60, dt60, 1.0f);
    expect_angle("-v0 T = x0, t = T/2", "a0 = max(0, (-8 v0 T - 20 x0) / T^2)", 0.34375,
                 inertial_offset_angle(&s, 0.5f));
}

/* Sentence 6 (the quintic's ends): k = 4, x(t) = (1 - t)^4. At 0: x0 = 1,
 * slope -4, second derivative 12; by finite differences of h = 0.01 on
 * (1 - t)^4: (x(h) - x(0)) / h = -3.9404, (x(2h) - 2 x(h) + x(0)) / h^2 =
 * 11.7614. At T: x, x' and x'' are 0, so x(T - h) = h^4 = 1e-8 and
 * x(T - 2h) = 1.6e-7 (a cubic, whose x'' is not 0 at T, leaves about 1e-4). */
static void ex09_4_the_quintic_at_its_ends(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f + 4.0f * dt60, dt60, 1.0f);
    const char *rule = "x(0) = x0, x'(0) = v0, x''(0) = a0; x, x', x'' = 0 at T";
    float h = 0.01f, x0 = inertial_offset_angle(&s, 0.0f), x1 = inertial_offset_angle(&s, h),
          x2 = inertial_offset_angle(&s, 2 * h);
    expect_angle("-v0 T = 4 x0, x(0)", rule, 1.0, x0);
    if (!(fabs((x1 - x0) / h - -3.9404) <= 0.01))
        fail_msg("ex09.4: -v0 T = 4 x0: slope at 0: expected -3.9404 (finite difference; x'(0) = -4), got %.7g (%s)",
                 (double)((x1 - x0) / h), rule);
    if (!(fabs((x2 - 2 * x1 + x0) / (h * h) - 11.7614) <= 0.2))
        fail_msg("ex09.4: -v0 T = 4 x0: second difference at 0: expected 11.7614 (x''(0) = a0 = 12), got %.7g (%s)",
                 (double)((x2 - 2 * x1 + x0) / (h * h)), rule);
    expect_angle("-v0 T = 4 x0, x(T - h)", rule, 1e-8, inertial_offset_angle(&s, 1.0f - h));
    expect_angle("-v0 T = 4 x0, x(T - 2h)", rule, 1.6e-7, inertial_offset_angle(&s, 1.0f - 2 * h));
    if (!(fabs(inertial_offset_angle(&s, 1.0f - h)) <= 1e-6))
        fail_msg("ex09.4: -v0 T = 4 x0: x(T - 0.01) = %.7g, not within 1e-6 of 0 (%s)",
                 (double)inertial_offset_angle(&s, 1.0f - h), rule);
}

/* Sentence 7 (x0 for t <= 0, exactly 0 from T on): k = 0, T = 1. Past T the
 * quintic itself goes on: at u = 2, 1 - (6 * 32 - 15 * 16 + 10 * 8) = -31. */
static void ex09_4_the_angle_is_held_outside_the_blend(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f, dt60, 1.0f);
    const char *rule = "x0 for t <= 0, exactly 0 for t >= T";
    expect_angle("t = -1", rule, 1.0, inertial_offset_angle(&s, -1.0f));
    const float after[3] = {1.0f, 1.5f, 2.0f};
    for (int i = 0; i < 3; i++)
        if (inertial_offset_angle(&s, after[i]) != 0.0f)
            fail_msg("ex09.4: t = %g, T = 1: angle %.9g, not exactly 0 (%s)", (double)after[i],
                     (double)inertial_offset_angle(&s, after[i]), rule);
}

/* Sentence 7 at t = T exactly: the quintic's value there is 0 only up to
 * rounding. Blend times 0.7, 0.3 and 1.3 with k = 0, 1, 2.5 and 4: at
 * t = state->blend_time the angle is exactly 0, from the rule, not from the
 * polynomial (written in Horner's form or with powers, it left 1e-7 to
 * 1.5e-6 there on each of these twelve when measured in floats). */
static void ex09_4_exactly_0_at_t_equal_T(void **state)
{
    (void)state;
    const float blend_times[3] = {0.7f, 0.3f, 1.3f}, ks[4] = {0, 1, 2.5f, 4};
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 4; k++) {
            /* x_prev = 1 + k dt / T gives v0 = -k / T, -v0 T = k x0: no guard
             * (k <= 5), so state->blend_time stays the one asked for. */
            inertial_rotation s = switch_at(1.0f + ks[k] * dt60 / blend_times[i], dt60, blend_times[i]);
            float x = inertial_offset_angle(&s, s.blend_time);
            if (x != 0.0f)
                fail_msg("ex09.4: T = %g, -v0 T = %g x0: angle at t = T (state->blend_time, %.9g) is %.9g, not exactly "
                         "0 (x0 for t <= 0, exactly 0 for t >= T: t = T is in the second)",
                         (double)blend_times[i], (double)ks[k], (double)s.blend_time, (double)x);
        }
}

/* Sentence 7 when T <= 0: a state written by hand, x0 = 1 about z, blend
 * time 0 or -1. Both rules apply for T <= t <= 0 and the second wins: the
 * angle is 0 (a blend of no length holds nothing), and an update gives the
 * target exactly. */
static void ex09_4_a_blend_time_of_0_or_less_is_0(void **state)
{
    (void)state;
    const float blend_times[2] = {0.0f, -1.0f}, ts[2][2] = {{0.0f, 0.0f}, {-1.0f, -0.5f}};
    for (int i = 0; i < 2; i++) {
        inertial_rotation s = {.axis = {0, 0, 1}, .x0 = 1, .blend_time = blend_times[i]};
        for (int k = 0; k < 2; k++) {
            float x = inertial_offset_angle(&s, ts[i][k]);
            if (x != 0.0f)
                fail_msg("ex09.4: a state with x0 = 1 and blend time %g: angle at t = %g is %.9g, expected exactly 0 "
                         "(t >= T and t <= 0 both apply: exactly 0 for t >= T wins)",
                         (double)blend_times[i], (double)ts[i][k], (double)x);
        }
        expect_exactly_the_target(blend_times[i] == 0 ? "a state with x0 = 1 and blend time 0, dt 0"
                                                      : "a state with x0 = 1 and blend time -1, dt 0",
                                  &s, 0.0f);
    }
}

/* Sentence 8 with a target that moves after the switch (the next clip
 * plays on). The offset stays in the joint's own frame, on the right of
 * this frame's target: k = 0, T = 1, half way (x = 0.5) the target is now
 * 90 degrees about x, rx90 = S45 (1 0 0 1), and by hand
 *     rx90 * rz(a) = S45 (c, -s, s, c)    (s = sin a/2, c = cos a/2).
 * An offset kept in the parent's frame, source * inverse(target) at the
 * switch and put on the left, is right while the target stays and gives
 * rx(a) * rx90 here. */
static void ex09_4_the_offset_follows_a_moving_target(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f, dt60, 1.0f);
    const float rx90[4] = {S45, 0, 0, S45};
    float out[4], want[4];
    inertial_rotation_update(&s, 0.5f, rx90, out);
    float sn = sinf(0.25f), c = cosf(0.25f);
    want[0] = S45 * c, want[1] = -S45 * sn, want[2] = S45 * sn, want[3] = S45 * c;
    sa_expect_rotation(want, out, tol,
                       "ex09.4: the target turned to 90 degrees about x after the switch, t = T/2: target * offset "
                       "(the offset in the joint's frame, on the right of this frame's target)");
}

/* Sentence 8 (elapsed += dt; exactly the target once elapsed >= T): k = 0,
 * four updates of 0.25 reach T = 1 (sums exact in floats); one more of 1
 * stays. On the way, out written over the target's own array (the contract;
 * with cglm's SSE glm_quat_mul, as x86 builds use, writing through it
 * directly happens to work, so this line catches that only elsewhere). */
static void ex09_4_the_updates_reach_the_target(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f, dt60, 1.0f);
    expect_update("t = 0.25", "elapsed += dt, then target * offset", &s, 0.25f, 0.896484375f);
    float q[4] = {target[0], target[1], target[2], target[3]}, want[4];
    inertial_rotation_update(&s, 0.25f, q, q);
    joint_at(0.5f, want);
    sa_expect_rotation(want, q, tol, "ex09.4: t = 0.5, out written over target: target * offset (out may be target)");
    expect_update("t = 0.75", "elapsed += dt", &s, 0.25f, 0.103515625f);
    expect_exactly_the_target("t = 1 = T", &s, 0.25f);
    expect_exactly_the_target("t = 2", &s, 1.0f);
}

/* Sentence 8 (a dt <= 0 or NaN adds nothing): after the switch, updates of
 * -0.5 and NaN leave elapsed 0 (the source), then 0.5 gives x0 / 2. */
static void ex09_4_a_negative_dt_adds_nothing(void **state)
{
    (void)state;
    inertial_rotation s = switch_at(1.0f, dt60, 1.0f);
    expect_update("dt -0.5", "a dt <= 0 adds nothing", &s, -0.5f, 1.0f);
    expect_update("dt NaN", "a NaN dt adds nothing", &s, nanf(""), 1.0f);
    expect_update("then dt 0.5", "a dt <= 0 adds nothing", &s, 0.5f, 0.5f);
}

/* Sentence 9 (nothing to blend): blend times 0, -1 and NaN, and a source
 * equal to the target (last frame elsewhere): the target exactly from the
 * first update on. */
static void ex09_4_nothing_to_blend(void **state)
{
    (void)state;
    const float times[3] = {0.0f, -1.0f, nanf("")};
    const char *names[3] = {"blend time 0", "blend time -1", "blend time NaN"};
    for (int i = 0; i < 3; i++) {
        inertial_rotation s = switch_at(1.0f + 4.0f * dt60, dt60, times[i]);
        expect_exactly_the_target(names[i], &s, 0.0f);
    }
    float previous[4];
    joint_at(0.3f, previous);
    inertial_rotation s;
    inertial_rotation_init(&s, previous, target, target, dt60, 1.0f);
    expect_exactly_the_target("source = target (x0 = 0), dt 0", &s, 0.0f);
    expect_exactly_the_target("source = target (x0 = 0), dt 0.5", &s, 0.5f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex09.4", ex09_4_the_switch_frame_is_the_source),
        SA_EXERCISE_CASE("ex09.4", ex09_4_the_offset_goes_the_short_way),
        SA_EXERCISE_CASE("ex09.4", ex09_4_angle_and_axis),
        SA_EXERCISE_CASE("ex09.4", ex09_4_the_rate_from_last_frame),
        SA_EXERCISE_CASE("ex09.4", ex09_4_last_frame_on_the_offsets_side),
        SA_EXERCISE_CASE("ex09.4", ex09_4_the_rate_about_the_axis),
        SA_EXERCISE_CASE("ex09.4", ex09_4_no_rate_without_dt),
        SA_EXERCISE_CASE("ex09.4", ex09_4_a_growing_offset_starts_from_rest),
        SA_EXERCISE_CASE("ex09.4", ex09_4_a_fast_approach_shortens_the_blend),
        SA_EXERCISE_CASE("ex09.4", ex09_4_a0_is_never_negative),
        SA_EXERCISE_CASE("ex09.4", ex09_4_the_quintic_at_its_ends),
        SA_EXERCISE_CASE("ex09.4", ex09_4_the_angle_is_held_outside_the_blend),
        SA_EXERCISE_CASE("ex09.4", ex09_4_exactly_0_at_t_equal_T),
        SA_EXERCISE_CASE("ex09.4", ex09_4_a_blend_time_of_0_or_less_is_0),
        SA_EXERCISE_CASE("ex09.4", ex09_4_the_offset_follows_a_moving_target),
        SA_EXERCISE_CASE("ex09.4", ex09_4_the_updates_reach_the_target),
        SA_EXERCISE_CASE("ex09.4", ex09_4_a_negative_dt_adds_nothing),
        SA_EXERCISE_CASE("ex09.4", ex09_4_nothing_to_blend),
    };
    return cmocka_run_group_tests_name("ex09.4 inertialize", tests, NULL, NULL);
}
