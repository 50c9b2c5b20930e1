/* Grading tests for exercise ex08.3: clip_clock_advance() moves the clock by
 * dt (clamped to 0 .. max_step) times speed, wraps a looping clock into
 * [0, duration), stops a one-shot clock at either end and sets `finished`,
 * and reports each event crossed once per crossing, in the order crossed:
 * forward from a to b the events with a < time <= b, backward those with
 * b <= time < a, an event at 0 or at the duration at the loop wrap, each
 * event once per lap of a long step. Every expected value is worked out by
 * hand beside it; steps are multiples of 1/8 s, exact in binary. */
#include "tests/test_util.h"
#include "chapters/08_keyframes/clip.h"

/* A clip of 2 s with events at 0 ("start"), 0.5 ("a"), 1.5 ("b") and 1.875 ("late"). */
static const clip_event events[] = {{"start", 0}, {"a", 0.5f}, {"b", 1.5f}, {"late", 1.875f}};
#define EVENTS events, 4

static clip_clock clock_at(double time, double speed, bool loop)
{
    clip_clock c = {.time = time, .duration = 2, .speed = speed, .max_step = 0.25, .loop = loop, .finished = false};
    return c;
}

/* Advances and compares the names crossed, space-separated, and the time. */
static void expect_step(const char *what, clip_clock *c, double dt, const clip_event *list, int count,
                        const char *want_names, double want_time)
{
    double from = c->time;
    int fired[16];
    for (int i = 0; i < 16; i++)
        fired[i] = -1;
    int n = clip_clock_advance(c, dt, list, count, fired, 12);
    char names[256] = "";
    for (int i = 0; i < n && i < 12; i++) {
        if (fired[i] < 0 || fired[i] >= count)
            fail_msg("ex08.3: %s: fired[%d] = %d is not an event index (0 .. %d)", what, i, fired[i], count - 1);
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? " " : "", list[fired[i]].name);
    }
    if (strcmp(names, want_names) != 0)
        fail_msg("ex08.3: %s: from %g by dt %g (speed %g%s): crossed \"%s\", expected \"%s\"", what, from, dt, c->speed,
                 c->loop ? ", looping" : ", once", names, want_names);
    if (!(fabs(c->time - want_time) <= 1e-9))
        fail_msg("ex08.3: %s: from %g by dt %g (speed %g): time %.9g, expected %.9g", what, from, dt, c->speed, c->time,
                 want_time);
    for (int i = 12; i < 16; i++)
        if (fired[i] != -1)
            fail_msg("ex08.3: %s: wrote fired[%d], past fired_capacity (12)", what, i);
}

static void forward_steps_cross_each_event_once(void **state)
{
    (void)state;
    clip_clock c = clock_at(0, 1, true);
    /* 0 -> 0.25 -> 0.5: a on arriving at 0.5, not again when leaving it. */
    expect_step("forward", &c, 0.25, EVENTS, "", 0.25);
    expect_step("forward", &c, 0.25, EVENTS, "a", 0.5);
    expect_step("forward", &c, 0.25, EVENTS, "", 0.75);
    /* A step over an event without landing on it: 1.375 -> 1.625 crosses b. */
    c.time = 1.375;
    expect_step("forward", &c, 0.25, EVENTS, "b", 1.625);
    if (c.finished)
        fail_msg("ex08.3: a looping clock is never finished");
}

static void the_step_is_clamped_and_scaled_by_speed(void **state)
{
    (void)state;
    clip_clock c = clock_at(0.125, 1, true);
    /* A 3 s frame (a breakpoint) moves max_step = 0.25 s: 0.375, no event. */
    expect_step("a long frame", &c, 3, EVENTS, "", 0.375);
    /* A negative dt does not move the clock. */
    expect_step("a negative dt", &c, -0.5, EVENTS, "", 0.375);
    /* Speed 2: 0.125 s of frame is 0.25 s of clip, crossing a at 0.5. */
    c.speed = 2;
    expect_step("speed 2", &c, 0.125, EVENTS, "a", 0.625);
    /* Speed 0: still, nothing crossed, however often. */
    c.speed = 0;
    for (int i = 0; i < 5; i++)
        expect_step("speed 0", &c, 0.25, EVENTS, "", 0.625);
}

static void a_loop_wraps_and_crosses_the_wrap_once(void **state)
{
    (void)state;
    clip_clock c = clock_at(1.75, 1, true);
    /* 1.75 -> 2 = 0: late (1.875), then start (0, met at the wrap); time 0, not 2. */
    expect_step("across the wrap", &c, 0.25, EVENTS, "late start", 0);
    /* Leaving 0: start is not crossed again. */
    expect_step("after the wrap", &c, 0.25, EVENTS, "", 0.25);
    /* 1.875 exactly to 0.125 in one step: start only (late is where it stood). */
    c.time = 1.875;
    expect_step("from an event across the wrap", &c, 0.25, EVENTS, "start", 0.125);
    /* An event at the duration is the same instant as 0. */
    const clip_event at_end[] = {{"a", 0.5f}, {"end", 2}};
    c.time = 1.875;
    expect_step("an event at the duration", &c, 0.25, at_end, 2, "end", 0.125);
}

static void at_the_wrap_the_lap_left_ends_first(void **state)
{
    (void)state;
    /* Events at 0 ("start") and at the duration ("end"), the same instant:
     * the clock finishes the lap it is leaving, then starts the next.
     * Forward, 1.875 -> 2 = 0 -> 0.125: end, then start. */
    const clip_event both[] = {{"start", 0}, {"a", 0.5f}, {"end", 2}};
    clip_clock c = clock_at(1.875, 1, true);
    expect_step("events at 0 and at the duration, forward across the wrap", &c, 0.25, both, 3, "end start", 0.125);
    /* Backward, 0.125 -> 0 = 2 -> 1.875: start, then end. */
    c.speed = -1;
    expect_step("events at 0 and at the duration, backward across the wrap", &c, 0.25, both, 3, "start end", 1.875);
    /* A step ending on the wrap: both fire in that step, forward end first;
     * the next step fires neither. */
    c = clock_at(1.75, 1, true);
    expect_step("events at 0 and at the duration, forward onto the wrap", &c, 0.25, both, 3, "end start", 0);
    expect_step("events at 0 and at the duration, forward from the wrap", &c, 0.25, both, 3, "", 0.25);
}

static void a_looping_clock_is_never_finished(void **state)
{
    (void)state;
    /* A clock that played once to its end and is then switched to looping:
     * its first step clears finished (1.875 -> 0.125, across the wrap:
     * start; late is where it stood). */
    clip_clock c = clock_at(1.875, 1, true);
    c.finished = true;
    expect_step("looping, finished set before the step", &c, 0.25, EVENTS, "start", 0.125);
    if (c.finished)
        fail_msg("ex08.3: looping, from 1.875 across the wrap to 0.125 with finished set before: finished is still "
                 "set (a looping clock is never finished: a step that moves it clears it)");
    /* Across the wrap, forward and backward, it stays false. */
    c.time = 1.75;
    expect_step("looping, onto the wrap", &c, 0.25, EVENTS, "late start", 0);
    if (c.finished)
        fail_msg("ex08.3: looping, from 1.75 onto the wrap (0): finished is set (a looping clock is never finished)");
    c.speed = -1;
    expect_step("looping, backward across the wrap", &c, 0.25, EVENTS, "late", 1.75);
    if (c.finished)
        fail_msg("ex08.3: looping, backward from 0 to 1.75: finished is set (a looping clock is never finished)");
}

static void backwards(void **state)
{
    (void)state;
    clip_clock c = clock_at(0.75, -1, true);
    /* 0.75 -> 0.5: a on arriving; 0.5 -> 0.25: nothing. */
    expect_step("backward", &c, 0.25, EVENTS, "a", 0.5);
    expect_step("backward", &c, 0.25, EVENTS, "", 0.25);
    /* 0.25 -> 0: start on arriving at 0, time 0; then 0 -> 1.75 across the
     * wrap: late (1.875), not start again. */
    expect_step("backward to 0", &c, 0.25, EVENTS, "start", 0);
    expect_step("backward across the wrap", &c, 0.25, EVENTS, "late", 1.75);
    /* 0.125 -> 1.875 in one step: start, then late (arriving on it). */
    c.time = 0.125;
    expect_step("backward across the wrap in one step", &c, 0.25, EVENTS, "start late", 1.875);
}

static void a_step_longer_than_the_clip(void **state)
{
    (void)state;
    clip_clock c = clock_at(0.25, 1, true);
    c.max_step = 10;
    /* (0.25, 5.25]: a 0.5, b 1.5, late 1.875, start 2, a 2.5, b 3.5, late 3.875,
     * start 4, a 4.5; ends at 5.25 - 4 = 1.25. */
    expect_step("5 s forward", &c, 5, EVENTS, "a b late start a b late start a", 1.25);
    /* Backward 4.5 s from 1.25: [-3.25, 1.25): a 0.5, start 0, late -0.125,
     * b -0.5, a -1.5, start -2, late -2.125, b -2.5; ends at 0.75. */
    c.speed = -1;
    expect_step("4.5 s backward", &c, 4.5, EVENTS, "a start late b a start late b", 0.75);
    /* More crossings than fired[] holds: all counted, only fired_capacity written. */
    int fired[4] = {-1, -1, -1, -1};
    c.speed = 1;
    int n = clip_clock_advance(&c, 4, EVENTS, fired, 3);
    /* (0.75, 4.75]: b late start a b late start a = 8. */
    if (n != 8 || fired[3] != -1)
        fail_msg("ex08.3: 4 s with fired_capacity 3: returned %d (expected 8, every crossing counted), fired[3] = %d "
                 "(expected untouched)",
                 n, fired[3]);
}

static void once_stops_and_finishes(void **state)
{
    (void)state;
    const clip_event with_end[] = {{"start", 0}, {"a", 0.5f}, {"end", 2}};
    clip_clock c = clock_at(1.875, 1, false);
    /* 1.875 -> 2 (not 2.125): end fires on arrival; finished. */
    expect_step("once, to the end", &c, 0.25, with_end, 3, "end", 2);
    if (!c.finished)
        fail_msg("ex08.3: once, from 1.875 to the end (2): finished is not set");
    /* At the end: stays, nothing fires again. */
    expect_step("once, at the end", &c, 0.25, with_end, 3, "", 2);
    if (!c.finished)
        fail_msg("ex08.3: once, a step at the end: finished is not set");
    /* Backwards from the end: 2 -> 1.75, not finished any more. */
    c.speed = -1;
    expect_step("once, backward from the end", &c, 0.25, with_end, 3, "", 1.75);
    if (c.finished)
        fail_msg("ex08.3: once, backward from the end to 1.75: finished is still set");
    /* To 0: a, then start on arriving at 0; finished (the end played towards). */
    c.max_step = 10;
    expect_step("once, backward to the start", &c, 5, with_end, 3, "a start", 0);
    if (!c.finished)
        fail_msg("ex08.3: once, backward to 0: finished is not set (0 is the end played towards)");
}

static void a_clip_of_no_length_never_moves(void **state)
{
    (void)state;
    clip_clock c = clock_at(0, 1, true);
    c.duration = 0;
    const clip_event at0[] = {{"start", 0}};
    expect_step("duration 0", &c, 0.25, at0, 1, "", 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex08.3", forward_steps_cross_each_event_once),
        SA_EXERCISE_CASE("ex08.3", the_step_is_clamped_and_scaled_by_speed),
        SA_EXERCISE_CASE("ex08.3", a_loop_wraps_and_crosses_the_wrap_once),
        SA_EXERCISE_CASE("ex08.3", at_the_wrap_the_lap_left_ends_first),
        SA_EXERCISE_CASE("ex08.3", a_looping_clock_is_never_finished),
        SA_EXERCISE_CASE("ex08.3", backwards),
        SA_EXERCISE_CASE("ex08.3", a_step_longer_than_the_clip),
        SA_EXERCISE_CASE("ex08.3", once_stops_and_finishes),
        SA_EXERCISE_CASE("ex08.3", a_clip_of_no_length_never_moves),
    };
    return cmocka_run_group_tests_name("ex08.3 clock and events", tests, NULL, NULL);
}
