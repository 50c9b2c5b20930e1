/* Grading tests for exercise ex09.2: crossfade_advance() plays one frame of
 * a crossfade: every clip's clock advances (fading ones too) and reports its
 * events, the weights follow the curve from the weights the fade started
 * with, and the clips below the top that reach weight 0 leave. The fades are
 * built by hand (a crossfade is a plain struct); every expected value is
 * worked out beside it. */
#include "tests/test_util.h"
#include "chapters/09_crossfade/blend.h"

static const double tol = 1e-6;

/* Clip i of the test lasts durations[i] seconds (one LINEAR track), with
 * events: clip 0 at 0.4 and 0.6, clip 1 at 0.1, clip 2 at 1.0 (its end),
 * clip 3 none. */
static clip clips[4];
static const float durations[4] = {1, 2, 1, 1};

static int make_clips(void **state)
{
    (void)state;
    transform rest;
    transform_identity(&rest);
    sa_error err;
    for (int i = 0; i < 4; i++) {
        float times[2] = {0, durations[i]}, values[6] = {0, 0, 0, 1, 0, 0};
        if (!clip_init(&clips[i], "clip", 1, &rest, &err) ||
            !clip_add_track(&clips[i], 0, TRACK_TRANSLATION, TRACK_LINEAR, 2, times, values, &err))
            return -1;
    }
    return clip_add_event(&clips[0], "a", 0.4f, &err) && clip_add_event(&clips[0], "b", 0.6f, &err) &&
                   clip_add_event(&clips[1], "c", 0.1f, &err) && clip_add_event(&clips[2], "end", 1.0f, &err)
               ? 0
               : -1;
}

static int free_clips(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++)
        clip_free(&clips[i]);
    return 0;
}

static fade_entry entry(int clip, double time, float start_weight, bool loop)
{
    fade_entry e = {.clip = clip, .speed = 1, .weight = start_weight, .start_weight = start_weight, .slot = clip};
    clip_clock_init(&e.clock, durations[clip], loop);
    e.clock.time = time;
    return e;
}

/* A fade of `duration` s just started, its entries oldest first. */
static crossfade fade_of(double duration, fade_curve curve, int count, const fade_entry *entries)
{
    crossfade f = {.count = count, .elapsed = 0, .duration = duration, .curve = curve};
    for (int i = 0; i < count; i++)
        f.entry[i] = entries[i];
    return f;
}

static void expect_entries(const char *what, const crossfade *f, int count, const int *clip, const double *weight)
{
    if (f->count != count)
        fail_msg("ex09.2: %s: %d clips playing, expected %d (a clip below the top leaves when its weight is 0, "
                 "and only then)",
                 what, f->count, count);
    for (int i = 0; i < count; i++) {
        if (f->entry[i].clip != clip[i])
            fail_msg("ex09.2: %s: entry %d is clip %d, expected clip %d (the entries keep their order)", what, i,
                     f->entry[i].clip, clip[i]);
        if (!(fabs(f->entry[i].weight - weight[i]) <= tol))
            fail_msg("ex09.2: %s: clip %d's weight: expected %.7g, got %.7g (weight = start_weight (1 - c), plus c "
                     "for the top entry)",
                     what, clip[i], weight[i], (double)f->entry[i].weight);
    }
}

static void expect_time(const char *what, const crossfade *f, int i, double want)
{
    if (!(fabs(f->entry[i].clock.time - want) <= 1e-9))
        fail_msg("ex09.2: %s: clip %d's clock is at %.9g s, expected %.9g (every clip's clock advances, the ones "
                 "fading out too)",
                 what, f->entry[i].clip, f->entry[i].clock.time, want);
}

static void a_linear_fade_half_way(void **state)
{
    (void)state;
    /* Clip 1 over clip 0 in 0.5 s; after 0.25 s, c = 0.5: 0.5 and 0.5. The
     * clocks: clip 1 from 1.2 to 1.45, clip 0 from 0 to 0.25. */
    fade_entry e[2] = {entry(1, 1.2, 1, true), entry(0, 0, 0, true)};
    crossfade f = fade_of(0.5, FADE_LINEAR, 2, e);
    crossfade_advance(&f, 0.25, clips, NULL, 0);
    expect_entries("0.25 s of a linear fade of 0.5 s", &f, 2, (const int[]){1, 0}, (const double[]){0.5, 0.5});
    expect_time("0.25 s", &f, 0, 1.45);
    expect_time("0.25 s", &f, 1, 0.25);
    /* Another 0.125 s: c = 0.75. */
    crossfade_advance(&f, 0.125, clips, NULL, 0);
    expect_entries("0.375 s of a linear fade of 0.5 s", &f, 2, (const int[]){1, 0}, (const double[]){0.25, 0.75});
}

static void a_smoothstep_fade(void **state)
{
    (void)state;
    /* 0.25 s of 1 s: c = 3 (1/4)^2 - 2 (1/4)^3 = 0.15625. */
    fade_entry e[2] = {entry(0, 0, 1, true), entry(1, 0, 0, true)};
    crossfade f = fade_of(1.0, FADE_SMOOTHSTEP, 2, e);
    crossfade_advance(&f, 0.25, clips, NULL, 0);
    expect_entries("0.25 s of a smoothstep fade of 1 s", &f, 2, (const int[]){0, 1},
                   (const double[]){0.84375, 0.15625});
}

static void progress_is_wall_time_not_clip_time(void **state)
{
    (void)state;
    /* Clips playing at twice their speed: the clocks move 0.5 s, the fade of
     * 0.5 s is half way after 0.25 s all the same. */
    fade_entry e[2] = {entry(1, 0, 1, true), entry(0, 0, 0, true)};
    e[0].clock.speed = e[1].clock.speed = 2;
    crossfade f = fade_of(0.5, FADE_LINEAR, 2, e);
    crossfade_advance(&f, 0.25, clips, NULL, 0);
    expect_entries("clips at speed 2, 0.25 s of 0.5 s", &f, 2, (const int[]){1, 0}, (const double[]){0.5, 0.5});
    expect_time("speed 2, 0.25 s", &f, 0, 0.5);
}

static void an_interrupted_fade_carries_on_from_its_weights(void **state)
{
    (void)state;
    /* Switched to clip 2 while 0 and 1 were at 0.5 and 0.3 and 2 itself
     * (fading out before) at 0.2, over 0.4 s. After 0.1 s, c = 0.25:
     * 0.5 x 0.75 = 0.375, 0.3 x 0.75 = 0.225, 0.2 x 0.75 + 0.25 = 0.4. A fade
     * that restarts clip 2 from 0 gives it 0.25 (a pop), one that treats the
     * others as a single outgoing clip gives them 1 - c. */
    fade_entry e[3] = {entry(0, 0.1, 0.5f, true), entry(1, 0.2, 0.3f, true), entry(2, 0.3, 0.2f, true)};
    crossfade f = fade_of(0.4, FADE_LINEAR, 3, e);
    crossfade_advance(&f, 0.1, clips, NULL, 0);
    expect_entries("0.1 s of an interrupted fade of 0.4 s", &f, 3, (const int[]){0, 1, 2},
                   (const double[]){0.375, 0.225, 0.4});
    /* At its end only clip 2 plays, at 1. */
    crossfade_advance(&f, 0.3, clips, NULL, 0);
    expect_entries("the end of the interrupted fade", &f, 1, (const int[]){2}, (const double[]){1});
    /* Beyond the end nothing changes (p is clamped to 1). */
    crossfade_advance(&f, 0.3, clips, NULL, 0);
    expect_entries("after the end", &f, 1, (const int[]){2}, (const double[]){1});
}

static void a_clip_at_weight_0_leaves_and_the_order_is_kept(void **state)
{
    (void)state;
    /* Clip 1 was pushed and switched away from at once (weight 0): it leaves
     * on the next frame; clips 0, 2 and 3 stay, in that order, 3 on top.
     * Half way: 0.5 x 0.5, 0.2 x 0.5, 0.3 x 0.5 + 0.5. */
    fade_entry e[4] = {entry(0, 0, 0.5f, true), entry(1, 0, 0, true), entry(2, 0, 0.2f, true), entry(3, 0, 0.3f, true)};
    crossfade f = fade_of(1.0, FADE_LINEAR, 4, e);
    crossfade_advance(&f, 0.5, clips, NULL, 0);
    expect_entries("a clip of weight 0 below the top", &f, 3, (const int[]){0, 2, 3},
                   (const double[]){0.25, 0.1, 0.65});
}

static void the_top_clip_stays_at_weight_0(void **state)
{
    (void)state;
    /* Right after a switch, a frame of dt = 0: the clip fading in is at 0
     * and stays in (it is on its way up). */
    fade_entry e[2] = {entry(0, 0.3, 1, true), entry(1, 0, 0, true)};
    crossfade f = fade_of(0.5, FADE_LINEAR, 2, e);
    crossfade_advance(&f, 0.0, clips, NULL, 0);
    expect_entries("dt = 0 at the switch", &f, 2, (const int[]){0, 1}, (const double[]){1, 0});
}

static void dt_0_or_negative_in_the_middle_of_a_fade(void **state)
{
    (void)state;
    /* In the middle of a fade, clip 0's clock right on its event at 0.4: a
     * frame of dt = 0 (or below, or NaN) moves no clock, fires nothing,
     * leaves elapsed, and the weights it sets from the progress so far are
     * the ones they already have. */
    fade_entry e[2] = {entry(1, 0, 1, true), entry(0, 0.3, 0, true)};
    crossfade f = fade_of(0.5, FADE_LINEAR, 2, e);
    crossfade_advance(&f, 0.1, clips, NULL, 0); /* c = 0.2: 0.8 and 0.2; clip 0 at 0.4 */
    const double frames[3] = {0.0, -0.1, NAN};
    for (int k = 0; k < 3; k++) {
        fade_event fired[4];
        int n = crossfade_advance(&f, frames[k], clips, fired, 4);
        char what[64];
        snprintf(what, sizeof what, "a frame of dt = %g", frames[k]);
        if (n != 0)
            fail_msg("ex09.2: %s: %d events fired, expected none (no clock moves)", what, n);
        expect_entries(what, &f, 2, (const int[]){1, 0}, (const double[]){0.8, 0.2});
        expect_time(what, &f, 0, 0.1);
        expect_time(what, &f, 1, 0.4);
        if (!(fabs(f.elapsed - 0.1) <= 1e-12))
            fail_msg("ex09.2: %s: elapsed is %g, expected 0.1 (dt < 0 or NaN counts as 0)", what, f.elapsed);
    }
}

static void a_frame_of_dt_0_still_sets_the_weights(void **state)
{
    (void)state;
    /* Right after a switch to clip 2 over 0.5 s, clip 1 below the top at
     * weight 0 (pushed and switched away from at once). A frame of dt = 0:
     * c = 0, the weights are the start weights 0.6, 0 and 0.4, and clip 1,
     * below the top at 0, leaves; no clock moves. A frame of dt = 0 that
     * returns at once keeps clip 1. */
    fade_entry e[3] = {entry(0, 0.3, 0.6f, true), entry(1, 0.5, 0, true), entry(2, 0.2, 0.4f, true)};
    crossfade f = fade_of(0.5, FADE_LINEAR, 3, e);
    fade_event fired[4];
    int n = crossfade_advance(&f, 0.0, clips, fired, 4);
    if (n != 0)
        fail_msg("ex09.2: dt = 0 right after a switch: %d events fired, expected none (no clock moves)", n);
    expect_entries("dt = 0 right after a switch, clip 1 below the top at 0 (steps 2 to 4 still run)", &f, 2,
                   (const int[]){0, 2}, (const double[]){0.6, 0.4});
    expect_time("dt = 0 right after a switch", &f, 0, 0.3);
    expect_time("dt = 0 right after a switch", &f, 1, 0.2);
}

static void a_fade_of_length_0_is_a_cut(void **state)
{
    (void)state;
    /* p = 1 for a fade of length 0 (not 0 / 0): clip 1 at 1 at once, clip 0
     * gone, in a frame of dt = 0 (crossfade_play makes a cut that way). */
    fade_entry e[2] = {entry(0, 0.3, 1, true), entry(1, 0, 0, true)};
    crossfade f = fade_of(0.0, FADE_LINEAR, 2, e);
    crossfade_advance(&f, 0.0, clips, NULL, 0);
    expect_entries("a fade of 0 s, dt = 0", &f, 1, (const int[]){1}, (const double[]){1});
    crossfade_advance(&f, 1.0 / 60, clips, NULL, 0);
    expect_entries("a fade of 0 s, then a frame", &f, 1, (const int[]){1}, (const double[]){1});
}

static void every_playing_clip_reports_its_events(void **state)
{
    (void)state;
    /* Clip 0 (fading out, at 0.3) crosses its event 0 at 0.4; clip 1 (fading
     * in, at 0) its event 0 at 0.1: both fire, as {clip, event}, in entry
     * order. Clip 0 is the second entry, so an entry index is not a clip. */
    fade_entry e[2] = {entry(1, 0, 0.5f, true), entry(0, 0.3, 0.5f, true)};
    crossfade f = fade_of(1.0, FADE_LINEAR, 2, e);
    fade_event fired[4] = {{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}};
    int n = crossfade_advance(&f, 0.2, clips, fired, 4);
    if (n != 2)
        fail_msg("ex09.2: two clips crossing an event each: returned %d, expected 2", n);
    if (fired[0].clip != 1 || fired[0].event != 0 || fired[1].clip != 0 || fired[1].event != 0)
        fail_msg("ex09.2: events fired {%d, %d} {%d, %d}, expected {1, 0} (clip 1's event 0, first entry) then {0, 0}",
                 fired[0].clip, fired[0].event, fired[1].clip, fired[1].event);
    /* A clip that has just started fading in (weight 0 at the frame's start)
     * plays too: clip 1 from 0 crosses its event at 0.1. */
    fade_entry fresh[2] = {entry(0, 0.5, 1, true), entry(1, 0, 0, true)};
    f = fade_of(1.0, FADE_LINEAR, 2, fresh);
    n = crossfade_advance(&f, 0.2, clips, fired, 4);
    if (n != 2 || fired[1].clip != 1)
        fail_msg("ex09.2: the clip fading in from weight 0 crossed its event at 0.1: %d events (expected clip 0's at "
                 "0.6, then clip 1's)",
                 n);
    /* Room for one: the count is still 2, and nothing is written past fired[0]. */
    fade_entry again[2] = {entry(1, 0, 0.5f, true), entry(0, 0.3, 0.5f, true)};
    f = fade_of(1.0, FADE_LINEAR, 2, again);
    fade_event small[2] = {{-1, -1}, {-1, -1}};
    n = crossfade_advance(&f, 0.2, clips, small, 1);
    if (n != 2)
        fail_msg("ex09.2: fired_capacity 1 with two events: returned %d, expected 2 (how many fired)", n);
    if (small[0].clip != 1 || small[1].clip != -1)
        fail_msg("ex09.2: fired_capacity 1: fired[0] {%d, %d}, fired[1] {%d, %d}: expected {1, 0} and nothing "
                 "written after it",
                 small[0].clip, small[0].event, small[1].clip, small[1].event);
}

static void a_fade_longer_than_the_rest_of_a_one_shot_clip(void **state)
{
    (void)state;
    /* Clip 2 plays once (1 s, an event at its end) and is at 0.9 when a fade
     * of 0.5 s to clip 1 starts. After 0.25 s it has finished and holds its
     * end, its event fired, at weight 0.5: still in. After 0.5 s it leaves. */
    fade_entry e[2] = {entry(2, 0.9, 1, false), entry(1, 0.5, 0, true)}; /* clip 1: no event after 0.5 s */
    crossfade f = fade_of(0.5, FADE_LINEAR, 2, e);
    fade_event fired[4];
    int n = crossfade_advance(&f, 0.25, clips, fired, 4);
    if (n != 1 || fired[0].clip != 2)
        fail_msg("ex09.2: the one-shot clip crossed its end event: %d events, expected 1 from clip 2", n);
    expect_entries("a one-shot clip finished in the fade", &f, 2, (const int[]){2, 1}, (const double[]){0.5, 0.5});
    if (!f.entry[0].clock.finished || f.entry[0].clock.time != 1.0)
        fail_msg("ex09.2: the one-shot clip should hold its end (time 1, finished), got time %g",
                 f.entry[0].clock.time);
    n = crossfade_advance(&f, 0.125, clips, fired, 4);
    if (n != 0)
        fail_msg("ex09.2: a finished one-shot clip fired %d more events", n);
    expect_entries("a finished one-shot clip fading on", &f, 2, (const int[]){2, 1}, (const double[]){0.25, 0.75});
    crossfade_advance(&f, 0.125, clips, fired, 4);
    expect_entries("the end of that fade", &f, 1, (const int[]){1}, (const double[]){1});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex09.2", a_linear_fade_half_way),
        SA_EXERCISE_CASE("ex09.2", a_smoothstep_fade),
        SA_EXERCISE_CASE("ex09.2", progress_is_wall_time_not_clip_time),
        SA_EXERCISE_CASE("ex09.2", an_interrupted_fade_carries_on_from_its_weights),
        SA_EXERCISE_CASE("ex09.2", a_clip_at_weight_0_leaves_and_the_order_is_kept),
        SA_EXERCISE_CASE("ex09.2", the_top_clip_stays_at_weight_0),
        SA_EXERCISE_CASE("ex09.2", dt_0_or_negative_in_the_middle_of_a_fade),
        SA_EXERCISE_CASE("ex09.2", a_frame_of_dt_0_still_sets_the_weights),
        SA_EXERCISE_CASE("ex09.2", a_fade_of_length_0_is_a_cut),
        SA_EXERCISE_CASE("ex09.2", every_playing_clip_reports_its_events),
        SA_EXERCISE_CASE("ex09.2", a_fade_longer_than_the_rest_of_a_one_shot_clip),
    };
    return cmocka_run_group_tests_name("ex09.2 crossfade frame", tests, make_clips, free_clips);
}
