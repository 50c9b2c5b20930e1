/* Grading tests for exercise ex10.1: root_motion_extract() takes the
 * horizontal travel out of a pelvis translation track, keeps the height in
 * the clip, and gives the loop offset. One case per sentence of the task
 * (exercises/10_walk_cycle/README.md); every expected value is worked out
 * by hand beside it. */
#include "tests/test_util.h"
#include "chapters/10_walk_cycle/walk.h"

#define MARK -12345.0f
#define MAX_KEYS 8

/* Runs the extraction on `keys` keys into arrays with room after them
 * filled with a marker (writing past key_count * 3 floats is caught), and
 * compares every element with the expected ones, naming the key. */
static void expect_extract(const char *what, int keys, const float *pelvis, const float *want_in_place,
                           const float *want_travel, const float want_loop[3])
{
    float in_place[3 * MAX_KEYS + 3], travel[3 * MAX_KEYS + 3], loop[4];
    for (int i = 0; i < 3 * MAX_KEYS + 3; i++)
        in_place[i] = travel[i] = MARK;
    loop[3] = MARK;
    loop[0] = loop[1] = loop[2] = MARK;
    root_motion_extract(keys, pelvis, in_place, travel, loop);
    const char *axis = "xyz";
    for (int k = 0; k < keys; k++)
        for (int i = 0; i < 3; i++) {
            if (!(fabsf(travel[3 * k + i] - want_travel[3 * k + i]) <= 1e-6f))
                fail_msg("ex10.1: %s: travel[%d].%c: expected %g, got %g", what, k, axis[i],
                         (double)want_travel[3 * k + i], (double)travel[3 * k + i]);
            if (!(fabsf(in_place[3 * k + i] - want_in_place[3 * k + i]) <= 1e-6f))
                fail_msg("ex10.1: %s: in_place[%d].%c: expected %g, got %g", what, k, axis[i],
                         (double)want_in_place[3 * k + i], (double)in_place[3 * k + i]);
        }
    for (int i = 0; i < 3; i++)
        if (!(fabsf(loop[i] - want_loop[i]) <= 1e-6f))
            fail_msg("ex10.1: %s: loop_offset.%c: expected %g, got %g", what, axis[i], (double)want_loop[i],
                     (double)loop[i]);
    for (int i = 3 * keys; i < 3 * MAX_KEYS + 3; i++)
        if (in_place[i] != MARK || travel[i] != MARK)
            fail_msg("ex10.1: %s: wrote past the %d keys (element %d)", what, keys, i);
    if (loop[3] != MARK)
        fail_msg("ex10.1: %s: wrote past loop_offset[2]", what);
}

/* A pelvis that starts away from the origin at (0.5, 0.9, 2), walks 1 m
 * forward and 0.25 m sideways over four keys, bobbing 0.9 / 0.95 / 0.9 /
 * 0.95 / 0.9. */
static const float walk_keys[] = {
    0.5f,  0.9f,  2.0f,  /* key 0 */
    0.6f,  0.95f, 2.2f,  /* key 1 */
    0.55f, 0.9f,  2.5f,  /* key 2 */
    0.7f,  0.95f, 2.75f, /* key 3 */
    0.75f, 0.9f,  3.0f,  /* key 4 */
};

/* "travel[k] = (x[k] - x[0], 0, z[k] - z[0])": the offset from key 0, not
 * from the origin, not from the key before, x as well as z, every key. */
static void travel_is_the_offset_from_key_0(void **state)
{
    (void)state;
    const float want_travel[] = {
        0,     0, 0,     /* key 0 minus key 0 */
        0.1f,  0, 0.2f,  /* (0.6 - 0.5, 0, 2.2 - 2) */
        0.05f, 0, 0.5f,  /* (0.55 - 0.5, 0, 2.5 - 2) */
        0.2f,  0, 0.75f, /* (0.7 - 0.5, 0, 2.75 - 2) */
        0.25f, 0, 1.0f,  /* (0.75 - 0.5, 0, 3 - 2): the last key too */
    };
    const float want_in_place[] = {
        0.5f, 0.9f, 2, 0.5f, 0.95f, 2, 0.5f, 0.9f, 2, 0.5f, 0.95f, 2, 0.5f, 0.9f, 2,
    };
    expect_extract("a walk of 5 keys starting at (0.5, 0.9, 2)", 5, walk_keys, want_in_place, want_travel,
                   (const float[]){0.25f, 0, 1.0f});
}

/* "in_place[k] = (x[0], y[k], z[0]): the height stays in the clip": the bob
 * is not root motion (the root would bounce, the clip would lose it). A
 * pelvis that only bobs, still horizontally, comes out unchanged with no
 * travel at all. */
static void the_height_stays_in_the_clip(void **state)
{
    (void)state;
    const float pelvis[] = {0.1f, 1.0f, -0.3f, 0.1f, 0.8f, -0.3f, 0.1f, 1.2f, -0.3f};
    const float zero[9] = {0};
    expect_extract("a pelvis that only bobs (y 1, 0.8, 1.2)", 3, pelvis, pelvis, zero, (const float[]){0, 0, 0});
}

/* "loop_offset = travel[key_count - 1]": what one loop adds. Over a clip
 * that walks 2 m forward and comes back 0.5 m sideways in the middle: the
 * loop offset is the last key's travel, (0, 0, 2), not the last key's
 * position (3, 1, 7), not the key before the last (0.5, 0, 1.5). */
static void the_loop_offset_is_the_last_keys_travel(void **state)
{
    (void)state;
    const float pelvis[] = {3, 1, 5, 3.5f, 1, 6.5f, 3, 1, 7};
    const float want_travel[] = {0, 0, 0, 0.5f, 0, 1.5f, 0, 0, 2};
    const float want_in_place[] = {3, 1, 5, 3, 1, 5, 3, 1, 5};
    expect_extract("3 keys from (3, 1, 5) to (3, 1, 7)", 3, pelvis, want_in_place, want_travel,
                   (const float[]){0, 0, 2});
}

/* "in_place may be the same array as pelvis": each key must be read before
 * it is written (and key 0's x and z kept). The walk above, in place. */
static void in_place_may_be_the_pelvis_array(void **state)
{
    (void)state;
    float keys[3 * MAX_KEYS + 3], travel[3 * MAX_KEYS + 3], loop[3];
    memcpy(keys, walk_keys, sizeof walk_keys);
    root_motion_extract(5, keys, keys, travel, loop);
    /* the same as travel_is_the_offset_from_key_0, worked out there */
    const float want_travel_z[] = {0, 0.2f, 0.5f, 0.75f, 1.0f}, want_travel_x[] = {0, 0.1f, 0.05f, 0.2f, 0.25f};
    const float want_y[] = {0.9f, 0.95f, 0.9f, 0.95f, 0.9f};
    for (int k = 0; k < 5; k++) {
        if (!(fabsf(travel[3 * k] - want_travel_x[k]) <= 1e-6f) ||
            !(fabsf(travel[3 * k + 2] - want_travel_z[k]) <= 1e-6f))
            fail_msg("ex10.1: in_place == pelvis: travel[%d] is (%g, %g, %g), expected (%g, 0, %g): read each key "
                     "before writing it",
                     k, (double)travel[3 * k], (double)travel[3 * k + 1], (double)travel[3 * k + 2],
                     (double)want_travel_x[k], (double)want_travel_z[k]);
        if (!(fabsf(keys[3 * k] - 0.5f) <= 1e-6f) || !(fabsf(keys[3 * k + 1] - want_y[k]) <= 1e-6f) ||
            !(fabsf(keys[3 * k + 2] - 2) <= 1e-6f))
            fail_msg("ex10.1: in_place == pelvis: in_place[%d] is (%g, %g, %g), expected (0.5, %g, 2)", k,
                     (double)keys[3 * k], (double)keys[3 * k + 1], (double)keys[3 * k + 2], (double)want_y[k]);
    }
    EXPECT_VEC3(0.25, 0, 1, loop, 1e-6);
}

/* "key_count keys (at least 1)": one key is a still pose: no travel, no
 * loop offset, the key itself in place. */
static void one_key_travels_nowhere(void **state)
{
    (void)state;
    const float pelvis[] = {1, 2, 3}, zero[3] = {0};
    expect_extract("one key at (1, 2, 3)", 1, pelvis, pelvis, zero, zero);
}

/* The sentence behind the loop offset: "the root adds it at each wrap, so
 * the in-place clip's jump back to key 0 is not a jump of the character".
 * A 1 s clip whose pelvis walks 1 m along +Z (keys at 0, 0.5, 1 s), through
 * the stage's root_motion_from_clip and root_motion_advance: from 0.9 s to
 * 1.1 s (across the wrap) the root moves 0.2 m forward (0.1 m before the
 * wrap, 0.1 m after); three whole loops carry it 3 m; the clip's pelvis
 * keys stay at z = 0 and keep their heights 1, 1.1, 1. */
static void the_root_moves_on_across_the_wrap(void **state)
{
    (void)state;
    transform rest;
    transform_identity(&rest);
    clip c;
    sa_error err;
    assert_true(clip_init(&c, "walk", 1, &rest, &err));
    const float times[] = {0, 0.5f, 1}, values[] = {0, 1, 0, 0, 1.1f, 0.5f, 0, 1, 1};
    assert_true(clip_add_track(&c, 0, TRACK_TRANSLATION, TRACK_LINEAR, 3, times, values, &err));
    root_motion rm;
    if (!root_motion_from_clip(&c, 0, &rm, &err))
        fail_msg("root_motion_from_clip: %s", err.message);
    float step[3];
    root_motion_advance(&rm, 0.9, 0.2, step);
    if (!(fabsf(step[2] - 0.2f) <= 1e-5f))
        fail_msg("ex10.1: across the loop wrap (0.9 s to 1.1 s of a 1 s clip walking 1 m) the root moved %g m, "
                 "expected 0.2 m forward: the loop offset is what the root adds at the wrap",
                 (double)step[2]);
    root_motion_advance(&rm, 0, 3, step);
    if (!(fabsf(step[2] - 3) <= 1e-5f))
        fail_msg("ex10.1: three whole loops carried the root %g m, expected 3 m", (double)step[2]);
    /* the clip's pelvis keys, in place: x and z of key 0, the heights kept */
    const float *kept = c.tracks[0].values;
    EXPECT_VEC3(0, 1, 0, &kept[0], 1e-6);
    EXPECT_VEC3(0, 1.1, 0, &kept[3], 1e-6);
    EXPECT_VEC3(0, 1, 0, &kept[6], 1e-6);
    root_motion_free(&rm);
    clip_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex10.1", travel_is_the_offset_from_key_0),
        SA_EXERCISE_CASE("ex10.1", the_height_stays_in_the_clip),
        SA_EXERCISE_CASE("ex10.1", the_loop_offset_is_the_last_keys_travel),
        SA_EXERCISE_CASE("ex10.1", in_place_may_be_the_pelvis_array),
        SA_EXERCISE_CASE("ex10.1", one_key_travels_nowhere),
        SA_EXERCISE_CASE("ex10.1", the_root_moves_on_across_the_wrap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
