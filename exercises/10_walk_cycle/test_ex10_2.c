/* Grading tests for exercise ex10.2: locomotion_sync() gives the run's
 * weight, the phase rate and the playback rate for a desired speed, and
 * advances one normalized phase that both clip times come from. One case
 * per sentence of the task (exercises/10_walk_cycle/README.md); every
 * expected value is worked out by hand beside it.
 *
 * The gaits: a walk at 1 m/s with a 1 s cycle (stride 1 m), a run at 3 m/s
 * with a 0.5 s cycle (stride 1.5 m). */
#include "tests/test_util.h"
#include "chapters/10_walk_cycle/locomotion.h"

static const locomotion_gaits gaits = {1.0f, 1.0f, 3.0f, 0.5f};

static locomotion_sync_state at(double phase)
{
    return (locomotion_sync_state){.phase = phase,
                                   .walk_time = -7,
                                   .run_time = -7,
                                   .weight = -7,
                                   .phase_rate = -7,
                                   .playback_rate = -7};
}

static void expect_state(const char *what, const locomotion_sync_state *s, double w, double phase_rate, double playback,
                         double phase)
{
    if (!(fabs(s->weight - w) <= 1e-5))
        fail_msg("ex10.2: %s: weight: expected %g, got %g", what, w, (double)s->weight);
    if (!(fabs(s->phase_rate - phase_rate) <= 1e-5))
        fail_msg("ex10.2: %s: phase_rate: expected %g, got %g", what, phase_rate, (double)s->phase_rate);
    if (!(fabs(s->playback_rate - playback) <= 1e-5))
        fail_msg("ex10.2: %s: playback_rate: expected %g, got %g", what, playback, (double)s->playback_rate);
    if (!(fabs(s->phase - phase) <= 1e-6))
        fail_msg("ex10.2: %s: phase: expected %g, got %g", what, phase, s->phase);
    /* both clip times come from the phase */
    if (!(fabs(s->walk_time - phase * 1.0) <= 1e-6 && fabs(s->run_time - phase * 0.5) <= 1e-6))
        fail_msg("ex10.2: %s: clip times: expected walk %g s, run %g s, got %g, %g", what, phase, phase * 0.5,
                 s->walk_time, s->run_time);
}

/* "w = (speed - walk_speed) / (run_speed - walk_speed)", the phase rate over
 * the blended stride, the playback over the blended cycle rate. At 2 m/s:
 * w = (2 - 1) / (3 - 1) = 0.5; stride = 0.5 * 1 * 1 + 0.5 * 3 * 0.5 = 1.25 m;
 * phase_rate = 2 / 1.25 = 1.6 cycles/s; cycle_rate = 0.5 / 1 + 0.5 / 0.5 =
 * 1.5; playback = 1.6 / 1.5. A rate from the walk alone (2 / 1 = 2) or from
 * the run alone (2 / 1.5) is wrong here. No time passes (dt 0). */
static void between_walk_and_run_both_clips_count(void **state)
{
    (void)state;
    locomotion_sync_state s = at(0);
    locomotion_sync(&gaits, 2.0f, 0, &s);
    expect_state("2 m/s", &s, 0.5, 1.6, 1.6 / 1.5, 0);
    /* at 1.5 m/s: w = 0.25, stride = 0.75 + 0.25 * 1.5 = 1.125,
     * phase_rate = 1.5 / 1.125 = 4/3, cycle_rate = 0.75 + 0.5 = 1.25 */
    s = at(0);
    locomotion_sync(&gaits, 1.5f, 0, &s);
    expect_state("1.5 m/s", &s, 0.25, 4.0 / 3.0, (4.0 / 3.0) / 1.25, 0);
}

/* "clamped to 0 .. 1": at 4 m/s the run alone, faster: w = 1, stride
 * 1.5 m, phase_rate = 4 / 1.5, playback = (4 / 1.5) / 2 (not w = 1.5:
 * stride 1.75, rate 2.29). At 0.5 m/s the walk alone, slower: w = 0,
 * phase_rate = 0.5 / 1, playback 0.5 (not w = -0.25: stride 0.875). */
static void the_weight_clamps_outside_walk_and_run(void **state)
{
    (void)state;
    locomotion_sync_state s = at(0);
    locomotion_sync(&gaits, 4.0f, 0, &s);
    expect_state("4 m/s, faster than the run", &s, 1, 4.0 / 1.5, (4.0 / 1.5) / 2.0, 0);
    s = at(0);
    locomotion_sync(&gaits, 0.5f, 0, &s);
    expect_state("0.5 m/s, slower than the walk", &s, 0, 0.5, 0.5, 0);
    /* at the ends exactly: each gait at its own rate, playback 1 */
    s = at(0);
    locomotion_sync(&gaits, 1.0f, 0, &s);
    expect_state("1 m/s, the walk's speed", &s, 0, 1, 1, 0);
    s = at(0);
    locomotion_sync(&gaits, 3.0f, 0, &s);
    expect_state("3 m/s, the run's speed", &s, 1, 2, 1, 0);
}

/* "A speed <= 0 or NaN stands still": weight and both rates 0, and the
 * phase holds through dt = 0.5 s (a negative speed does not walk
 * backwards: phase_rate -1 would take 0.4 to 0.9). */
static void a_speed_of_zero_or_less_stands_still(void **state)
{
    (void)state;
    const float speeds[3] = {0.0f, -1.0f, NAN};
    const char *what[3] = {"speed 0", "speed -1", "speed NaN"};
    for (int i = 0; i < 3; i++) {
        locomotion_sync_state s = at(0.4);
        locomotion_sync(&gaits, speeds[i], 0.5, &s);
        expect_state(what[i], &s, 0, 0, 0, 0.4);
    }
}

/* "advance the one phase by dt * phase_rate, wrapped into [0, 1)": from
 * 0.9, 0.1 s at 2 m/s (1.6 cycles/s) goes 0.16 on, to 1.06: 0.06. From 0.5,
 * 10 s go 16 cycles on: 0.5 again (subtracting 1 once leaves 15.5). */
static void the_phase_advances_and_wraps(void **state)
{
    (void)state;
    locomotion_sync_state s = at(0.9);
    locomotion_sync(&gaits, 2.0f, 0.1, &s);
    expect_state("0.1 s at 2 m/s from phase 0.9", &s, 0.5, 1.6, 1.6 / 1.5, 0.06);
    s = at(0.5);
    locomotion_sync(&gaits, 2.0f, 10.0, &s);
    expect_state("10 s at 2 m/s from phase 0.5", &s, 0.5, 1.6, 1.6 / 1.5, 0.5);
}

/* "dt < 0 or NaN counts as 0": the rates are those of the speed, the phase
 * holds (a negative dt would take 0.5 back to 0.34). */
static void a_negative_dt_counts_as_zero(void **state)
{
    (void)state;
    locomotion_sync_state s = at(0.5);
    locomotion_sync(&gaits, 2.0f, -0.1, &s);
    expect_state("dt -0.1 s", &s, 0.5, 1.6, 1.6 / 1.5, 0.5);
    s = at(0.5);
    locomotion_sync(&gaits, 2.0f, NAN, &s);
    expect_state("dt NaN", &s, 0.5, 1.6, 1.6 / 1.5, 0.5);
}

/* "set both clip times from it": the times are the phase times each
 * period, whatever they held before (here -7 s: a solution advancing each
 * clip's time on its own keeps that stale value). And over a speed ramp of
 * 300 frames (1 -> 3 -> 1 m/s), the normalized times stay equal: a
 * solution advancing walk_time by dt * playback and run_time by the same
 * (each clip at the playback rate on its own clock) drifts apart at once. */
static void both_clip_times_come_from_the_one_phase(void **state)
{
    (void)state;
    locomotion_sync_state s = at(0.3);
    locomotion_sync(&gaits, 2.0f, 0, &s);
    expect_state("dt 0 from phase 0.3, stale clip times", &s, 0.5, 1.6, 1.6 / 1.5, 0.3);
    s = at(0);
    s.walk_time = s.run_time = 0;
    double phase = 0;
    for (int i = 0; i < 300; i++) {
        float speed = 1.0f + 2.0f * (float)(i < 150 ? i : 300 - i) / 150.0f;
        locomotion_sync(&gaits, speed, 1.0 / 60.0, &s);
        /* the phase by hand: the rate of this speed, from the formulas above */
        double w = fmin(fmax((speed - 1.0) / 2.0, 0), 1);
        phase += (1.0 / 60.0) * speed / ((1 - w) * 1.0 + w * 1.5);
        phase -= floor(phase);
        char what[64];
        snprintf(what, sizeof what, "frame %d of the ramp (%.3g m/s)", i, (double)speed);
        if (!(fabs(s.walk_time / 1.0 - s.run_time / 0.5) <= 1e-6))
            fail_msg("ex10.2: %s: the normalized times differ: walk %g, run %g", what, s.walk_time, s.run_time / 0.5);
        if (!(fabs(s.phase - phase) <= 1e-4 || fabs(fabs(s.phase - phase) - 1) <= 1e-4))
            fail_msg("ex10.2: %s: phase: expected %g, got %g", what, phase, s.phase);
        if (!(s.phase >= 0 && s.phase < 1))
            fail_msg("ex10.2: %s: phase %g outside [0, 1)", what, s.phase);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex10.2", between_walk_and_run_both_clips_count),
        SA_EXERCISE_CASE("ex10.2", the_weight_clamps_outside_walk_and_run),
        SA_EXERCISE_CASE("ex10.2", a_speed_of_zero_or_less_stands_still),
        SA_EXERCISE_CASE("ex10.2", the_phase_advances_and_wraps),
        SA_EXERCISE_CASE("ex10.2", a_negative_dt_counts_as_zero),
        SA_EXERCISE_CASE("ex10.2", both_clip_times_come_from_the_one_phase),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
