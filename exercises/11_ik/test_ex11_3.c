/* Grading tests for exercise ex11.3: ik_stance_weight() is a foot's stance
 * weight over a looping clip: 1 from its contact (down) to its toe-off (up),
 * falling and rising with smoothstep over the `fade` seconds after up and
 * before down, 0 in between. Expected values are worked out by hand from
 * s(x) = 3x^2 - 2x^3: s(1/4) = 3/16 - 2/64 = 0.15625, s(1/2) = 0.5,
 * s(3/4) = 27/16 - 54/64 = 0.84375. One case per sentence of the task. */
#include "tests/test_util.h"
#include "chapters/11_ik/foot_placement.h"

static void expect_weight(const char *what, float t, float duration, float down, float up, float fade, double want)
{
    float got = ik_stance_weight(t, duration, down, up, fade);
    if (!isfinite(got) || !(fabs(got - want) <= 1e-5))
        fail_msg("ex11.3: %s: ik_stance_weight(t %g, duration %g, down %g, up %g, fade %g): expected %.6g, got %.6g",
                 what, (double)t, (double)duration, (double)down, (double)up, (double)fade, want, (double)got);
}

/* "1 through the stance, down and up included." The stance 0.2 .. 0.6 of a
 * 1 s clip, fade 0.2. */
static void one_through_the_stance(void **state)
{
    (void)state;
    expect_weight("at down", 0.2f, 1, 0.2f, 0.6f, 0.2f, 1);
    expect_weight("mid-stance", 0.4f, 1, 0.2f, 0.6f, 0.2f, 1);
    expect_weight("just before up", 0.59f, 1, 0.2f, 0.6f, 0.2f, 1);
    expect_weight("at up", 0.6f, 1, 0.2f, 0.6f, 0.2f, 1);
}

/* "... across the wrap when up < down." Down at 0.7, up at 0.3: the stance
 * is 0.7 .. 1 and 0 .. 0.3, the swing 0.3 .. 0.7 (0.4 s), fade 0.1. */
static void a_stance_across_the_wrap(void **state)
{
    (void)state;
    expect_weight("stance after the wrap", 0.1f, 1, 0.7f, 0.3f, 0.1f, 1);
    expect_weight("stance before the wrap", 0.9f, 1, 0.7f, 0.3f, 0.1f, 1);
    expect_weight("mid-swing", 0.5f, 1, 0.7f, 0.3f, 0.1f, 0);
    /* 0.05 after up: 1 - s(1/2) */
    expect_weight("falling after up", 0.35f, 1, 0.7f, 0.3f, 0.1f, 0.5);
}

/* "1 - s(a / f) at the time a after up while a < f (falling to 0)." Up at
 * 0.6, fade 0.2: a = 0.05 gives 1 - s(1/4), a = 0.1 gives 1 - s(1/2),
 * a = 0.15 gives 1 - s(3/4). */
static void falling_after_up(void **state)
{
    (void)state;
    expect_weight("a = 0.05", 0.65f, 1, 0.2f, 0.6f, 0.2f, 1 - 0.15625);
    expect_weight("a = 0.1", 0.7f, 1, 0.2f, 0.6f, 0.2f, 0.5);
    expect_weight("a = 0.15", 0.75f, 1, 0.2f, 0.6f, 0.2f, 1 - 0.84375);
}

/* "1 - s(b / f) at the time b before down while b < f (rising to 1 at
 * down)." Down at 0.2, fade 0.2: b = 0.05 (t 0.15) gives 1 - s(1/4),
 * b = 0.15 (t 0.05) gives 1 - s(3/4); the ramp before down of a clip whose
 * down is late, across no wrap: down 0.9, b = 0.05 at t 0.85. */
static void rising_before_down(void **state)
{
    (void)state;
    expect_weight("b = 0.05", 0.15f, 1, 0.2f, 0.6f, 0.2f, 1 - 0.15625);
    expect_weight("b = 0.15", 0.05f, 1, 0.2f, 0.6f, 0.2f, 1 - 0.84375);
    expect_weight("b = 0.05, down late", 0.85f, 1, 0.9f, 0.3f, 0.2f, 1 - 0.15625);
}

/* "... and 0 in between." The swing 0.6 .. 1.2 (0.6 s) with fade 0.2: 0
 * from 0.8 to 1.0 (t 0.8 .. 1 and 0 of the next lap). */
static void zero_in_between(void **state)
{
    (void)state;
    expect_weight("0.25 after up", 0.85f, 1, 0.2f, 0.6f, 0.2f, 0);
    expect_weight("0.3 after up", 0.9f, 1, 0.2f, 0.6f, 0.2f, 0);
    expect_weight("0.25 before down", 0.95f, 1, 0.2f, 0.6f, 0.2f, 0);
}

/* "f is fade, or half the swing when the swing lasts less than 2 fade (the
 * two ramps then meet at its middle)." Up 0.3, down 0.5: a swing of 0.2 s
 * with fade 0.15, so each ramp lasts 0.1: at 0.35 (0.05 after up)
 * 1 - s(1/2); at 0.45 (0.05 before down) 1 - s(1/2); at 0.4, the middle,
 * 1 - s(1) = 0. */
static void short_swings_shorten_the_ramps(void **state)
{
    (void)state;
    expect_weight("0.05 after up", 0.35f, 1, 0.5f, 0.3f, 0.15f, 0.5);
    expect_weight("0.05 before down", 0.45f, 1, 0.5f, 0.3f, 0.15f, 0.5);
    expect_weight("the middle", 0.4f, 1, 0.5f, 0.3f, 0.15f, 0);
    /* a swing of exactly 2 fade: nothing shortened, 0 only at the middle */
    expect_weight("2 fade, 0.1 after up", 0.7f, 1, 0.0f, 0.6f, 0.2f, 0.5);
    /* A short swing across the wrap: up 0.9, down 0.1 of a 1 s clip, so the
     * swing is 0.1 + 1 - 0.9 = 0.2 s (not |down - up| = 0.8, the stance) and
     * with fade 0.15 each ramp lasts 0.1: t 0.95 is 0.05 after up, 1 - s(1/2)
     * = 0.5 (a ramp of the full 0.15 gives 1 - s(1/3) = 1 - 7/27 = 0.740741). */
    expect_weight("a short swing across the wrap, 0.05 after up", 0.95f, 1, 0.1f, 0.9f, 0.15f, 0.5);
}

/* "A t outside [0, duration) is wrapped into it first." A clip of 2 s,
 * stance 0.4 .. 1.2, fade 0.4: t = 1.3 is 0.1 after up (1 - s(1/4)); so are
 * 3.3, 5.3 and -0.7 (one, two laps later, one lap earlier); t = 2 is time 0,
 * 0.4 before down (0); t = 2.3 is 0.1 before down (1 - s(1/4)), and so is
 * -1.7, a lap earlier. */
static void t_is_wrapped_into_the_clip(void **state)
{
    (void)state;
    expect_weight("t = 1.3", 1.3f, 2, 0.4f, 1.2f, 0.4f, 1 - 0.15625);
    expect_weight("t = 3.3 (a lap later)", 3.3f, 2, 0.4f, 1.2f, 0.4f, 1 - 0.15625);
    expect_weight("t = 5.3 (two laps later)", 5.3f, 2, 0.4f, 1.2f, 0.4f, 1 - 0.15625);
    expect_weight("t = -0.7 (a lap earlier)", -0.7f, 2, 0.4f, 1.2f, 0.4f, 1 - 0.15625);
    expect_weight("t = 2.3 (0.1 before down, a lap later)", 2.3f, 2, 0.4f, 1.2f, 0.4f, 1 - 0.15625);
    expect_weight("t = 2 (the duration: time 0)", 2.0f, 2, 0.4f, 1.2f, 0.4f, 0);
    /* t = -1.7 is 0.3 of the lap, before down: 0.1 before down, 1 - s(1/4).
     * fmodf(-1.7, 2) is -1.7, not 0.3: the sign of t is kept. */
    expect_weight("t = -1.7 (a lap earlier, before down)", -1.7f, 2, 0.4f, 1.2f, 0.4f, 1 - 0.15625);
}

/* Over a whole lap, in fine steps: between 0 and 1, never a jump bigger
 * than the steepest smoothstep allows (1.5 / f per second), for the clips
 * above. */
static void continuous_and_in_range(void **state)
{
    (void)state;
    const float cases[4][4] = {{1, 0.2f, 0.6f, 0.2f},
                               {1, 0.7f, 0.3f, 0.1f},
                               {1, 0.5f, 0.3f, 0.15f},
                               {2, 0.4f, 1.2f, 0.4f}};
    for (int c = 0; c < 4; c++) {
        float duration = cases[c][0], down = cases[c][1], up = cases[c][2], fade = cases[c][3];
        float swing = up <= down ? down - up : down + duration - up;
        float ramp = fminf(fade, swing / 2), step = duration / 4000;
        float last = ik_stance_weight(0, duration, down, up, fade);
        for (int k = 1; k <= 4000; k++) {
            float t = (float)k * step, w = ik_stance_weight(t, duration, down, up, fade);
            if (!(w >= 0 && w <= 1))
                fail_msg("ex11.3: clip %d: the weight at t %g is %g, outside [0, 1]", c, (double)t, (double)w);
            if (!(fabsf(w - last) <= 1.5f * step / ramp * 1.01f + 1e-5f))
                fail_msg("ex11.3: clip %d: the weight jumps from %g to %g between t %g and %g", c, (double)last,
                         (double)w, (double)(t - step), (double)t);
            last = w;
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex11.3", one_through_the_stance),
        SA_EXERCISE_CASE("ex11.3", a_stance_across_the_wrap),
        SA_EXERCISE_CASE("ex11.3", falling_after_up),
        SA_EXERCISE_CASE("ex11.3", rising_before_down),
        SA_EXERCISE_CASE("ex11.3", zero_in_between),
        SA_EXERCISE_CASE("ex11.3", short_swings_shorten_the_ramps),
        SA_EXERCISE_CASE("ex11.3", t_is_wrapped_into_the_clip),
        SA_EXERCISE_CASE("ex11.3", continuous_and_in_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
