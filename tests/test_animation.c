/* test_animation.c: chapter 08's clips, sampling, key search, clock and
 * events, against values worked out by hand (each derived beside it), and
 * clips built from small glTF files written here (good and bad input). */
#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/08_keyframes/clip.h"
#include "chapters/08_keyframes/clip_gltf.h"
#include "chapters/08_keyframes/compress.h"
#include "test_util.h"

#include <limits.h>

#define S45 0.70710678f /* sin 45 degrees = cos 45 degrees */

/* A clip over `joints` joints at the identity, for tracks added by hand. */
static void clip_of(clip *c, int joints)
{
    transform rest[4];
    for (int j = 0; j < 4; j++)
        transform_identity(&rest[j]);
    sa_error err;
    if (!clip_init(c, "test", joints, rest, &err))
        fail_msg("clip_init: %s", err.message);
}

static void add_track(clip *c, int joint, track_path path, track_interpolation mode, int keys, const float *times,
                      const float *values)
{
    sa_error err;
    if (!clip_add_track(c, joint, path, mode, keys, times, values, &err))
        fail_msg("clip_add_track: %s", err.message);
}

/* --- interpolation ---------------------------------------------------------- */

static void step_holds_each_key(void **state)
{
    (void)state;
    clip c;
    clip_of(&c, 1);
    const float times[] = {0, 1, 2}, values[] = {0, 0, 0, 10, 0, 0, 20, 0, 0};
    add_track(&c, 0, TRACK_TRANSLATION, TRACK_STEP, 3, times, values);
    float out[3];
    const float at[] = {-1, 0, 0.5f, 1, 1.999f, 2, 5}, want[] = {0, 0, 0, 10, 10, 20, 20};
    for (int i = 0; i < 7; i++) {
        track_sample(&c.tracks[0], at[i], NULL, out);
        EXPECT_NEAR(want[i], out[0], 0);
    }
    EXPECT_NEAR(2, c.duration, 0);
    clip_free(&c);
}

static void linear_translation_lerps(void **state)
{
    (void)state;
    clip c;
    clip_of(&c, 1);
    const float times[] = {1, 3}, values[] = {2, 4, 6, 6, 8, 10};
    add_track(&c, 0, TRACK_TRANSLATION, TRACK_LINEAR, 2, times, values);
    float out[3];
    track_sample(&c.tracks[0], 2, NULL, out); /* u = 1/2: the midpoint */
    EXPECT_VEC3(4, 6, 8, out, 1e-6);
    track_sample(&c.tracks[0], 1.5f, NULL, out); /* u = 1/4: 2 + 4/4 ... */
    EXPECT_VEC3(3, 5, 7, out, 1e-6);
    track_sample(&c.tracks[0], 0, NULL, out); /* before the first key: the first value */
    EXPECT_VEC3(2, 4, 6, out, 0);
    track_sample(&c.tracks[0], 4, NULL, out); /* after the last: the last */
    EXPECT_VEC3(6, 8, 10, out, 0);
    clip_free(&c);
}

static void linear_rotation_slerps(void **state)
{
    (void)state;
    clip c;
    clip_of(&c, 1);
    /* identity to 90 degrees about Z: at t = 1/2, 45 degrees (half angle
     * 22.5); at t = 1/4, 22.5 degrees (half angle 11.25), where nlerp would
     * give 21.6 degrees: slerp turns at a constant rate. */
    const float times[] = {0, 1}, values[] = {0, 0, 0, 1, 0, 0, S45, S45};
    add_track(&c, 0, TRACK_ROTATION, TRACK_LINEAR, 2, times, values);
    float out[4];
    track_sample(&c.tracks[0], 0.5f, NULL, out);
    sa_expect_rotation((float[]){0, 0, 0.38268343f, 0.92387953f}, out, 1e-6, "slerp t = 0.5");
    track_sample(&c.tracks[0], 0.25f, NULL, out);
    sa_expect_rotation((float[]){0, 0, 0.19509032f, 0.98078528f}, out, 1e-6, "slerp t = 0.25");
    clip_free(&c);
}

static void rotations_of_opposite_sign_take_the_short_way(void **state)
{
    (void)state;
    /* 170 degrees about Z, then 190 degrees stored as -q (= -170 degrees):
     * 20 degrees apart the short way, through 180 (0, 0, 1, 0); the long way
     * would pass through the identity. Half angles: 85 degrees. */
    const float a[4] = {0, 0, 0.99619470f, 0.08715574f}, b[4] = {0, 0, -0.99619470f, 0.08715574f};
    float out[4];
    quat_slerp(a, b, 0.5f, out);
    sa_expect_rotation((float[]){0, 0, 1, 0}, out, 1e-6, "170 to 190 degrees stored with opposite signs, t = 0.5");
    /* 10 degrees, then -(30 degrees): midway 20 degrees (half angle 10). */
    const float c[4] = {0, 0, 0.08715574f, 0.99619470f}, d[4] = {0, 0, -0.25881905f, -0.96592583f};
    quat_slerp(c, d, 0.5f, out);
    sa_expect_rotation((float[]){0, 0, 0.17364818f, 0.98480775f}, out, 1e-6, "10 and -(30) degrees, t = 0.5");
}

static void nearly_equal_rotations_give_a_unit_result(void **state)
{
    (void)state;
    /* 0.01 degrees apart: in floats their dot product is 1, acos gives 0 and
     * sin 0 is no divisor; the result is the half-way rotation, 0.005 degrees
     * (half angle 0.0025: sin = 4.3633e-5). */
    const float a[4] = {0, 0, 0, 1}, b[4] = {8.7266463e-5f, 0, 0, 1};
    float out[4];
    quat_slerp(a, b, 0.5f, out);
    sa_expect_rotation((float[]){4.3633231e-5f, 0, 0, 1}, out, 1e-7, "0.01 degrees apart, t = 0.5");
    /* dot 0.9996: within the lerp's range, where the raw lerp at t = 1/2 is
     * cos(angle / 2) = 0.9999 long: the result must still be unit (checked
     * by expect_rotation), and the midpoint (sin, cos of 0.0141421). */
    const float c[4] = {0.02828144f, 0, 0, 0.9996f};
    quat_slerp(a, c, 0.5f, out);
    sa_expect_rotation((float[]){0.01414213f, 0, 0, 0.99990000f}, out, 2e-6, "dot 0.9996, t = 0.5");
    /* The ends: a at t = 0, b at t = 1. */
    quat_slerp(a, (float[]){0, 0, S45, S45}, 1, out);
    sa_expect_rotation((float[]){0, 0, S45, S45}, out, 1e-6, "t = 1");
}

static void cubicspline_translation_uses_scaled_tangents(void **state)
{
    (void)state;
    clip c;
    clip_of(&c, 1);
    /* Keys at 1 and 3 (interval 2): v0 = (0, 1, 0), out-tangent b0 = (1, 0, 0);
     * in-tangent a1 = (2, 0, 3), v1 = (4, 1, 0). The spec's Hermite:
     *   p = h00 v0 + h10 2 b0 + h01 v1 + h11 2 a1
     * u = 1/2: h = 1/2, 1/8, 1/2, -1/8: x = 1/4 + 2 - 1/2 = 1.75, y = 1, z = -0.75
     * u = 1/4: h = 27/32, 9/64, 5/32, -3/64: x = 9/32 + 5/8 - 3/16 = 0.71875,
     *          y = 1, z = -6 * 3/64 = -0.28125 */
    const float times[] = {1, 3};
    const float values[] = {9, 9, 9, 0, 1, 0, 1, 0, 0, /* key 0: in (unused), value, out */
                            2, 0, 3, 4, 1, 0, 9, 9, 9 /* key 1: in, value, out (unused) */};
    add_track(&c, 0, TRACK_TRANSLATION, TRACK_CUBICSPLINE, 2, times, values);
    float out[3];
    track_sample(&c.tracks[0], 2, NULL, out);
    EXPECT_VEC3(1.75, 1, -0.75, out, 1e-6);
    track_sample(&c.tracks[0], 1.5f, NULL, out);
    EXPECT_VEC3(0.71875, 1, -0.28125, out, 1e-6);
    track_sample(&c.tracks[0], 0, NULL, out); /* before: the first value, not a tangent */
    EXPECT_VEC3(0, 1, 0, out, 0);
    track_sample(&c.tracks[0], 7, NULL, out); /* after: the last value */
    EXPECT_VEC3(4, 1, 0, out, 0);
    clip_free(&c);
}

static void cubicspline_rotation_is_normalized(void **state)
{
    (void)state;
    clip c;
    clip_of(&c, 1);
    /* Keys at 0 and 2: identity with out-tangent (0, 0, 0.2, 0), then 90
     * degrees about Z with in-tangent (0, 0, 0.1, 0). u = 1/2:
     *   z = 1/2 s45 + 1/8 2 0.2 - 1/8 2 0.1 = 0.37855339, w = 1/2 + 1/2 s45 = 0.85355339
     * normalized: divided by sqrt(z^2 + w^2) = 0.93373233. */
    const float times[] = {0, 2};
    const float values[] = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0.2f, 0, 0, 0, 0.1f, 0, 0, 0, S45, S45, 0, 0, 0, 0};
    add_track(&c, 0, TRACK_ROTATION, TRACK_CUBICSPLINE, 2, times, values);
    float out[4];
    track_sample(&c.tracks[0], 1, NULL, out);
    EXPECT_NEAR(0.40541960, out[2], 1e-6);
    EXPECT_NEAR(0.91413070, out[3], 1e-6);
    sa_expect_rotation((float[]){0, 0, 0.40541960f, 0.91413070f}, out, 1e-6, "CUBICSPLINE rotation, u = 0.5");
    clip_free(&c);
}

static void one_key_is_constant_and_untracked_joints_rest(void **state)
{
    (void)state;
    transform rest[2];
    transform_identity(&rest[0]);
    transform_identity(&rest[1]);
    glm_vec3_copy((vec3){1, 2, 3}, rest[1].translation);
    rest[1].rotation[2] = 2, rest[1].rotation[3] = 2; /* not unit: the clip normalizes its rest pose */
    clip c;
    sa_error err;
    EXPECT_TRUE(clip_init(&c, NULL, 2, rest, &err));
    const float times[] = {0.5f}, values[] = {5, 6, 7};
    add_track(&c, 0, TRACK_SCALE, TRACK_LINEAR, 1, times, values);
    transform pose[2];
    int cursors[1] = {0};
    const float at[] = {0, 0.5f, 3};
    for (int i = 0; i < 3; i++) {
        memset(pose, 0x7f, sizeof pose);
        clip_sample(&c, at[i], cursors, pose);
        EXPECT_VEC3(5, 6, 7, pose[0].scale, 0);
        EXPECT_VEC3(0, 0, 0, pose[0].translation, 0); /* the rest of joint 0 */
        EXPECT_VEC3(1, 2, 3, pose[1].translation, 0); /* joint 1 has no track */
        sa_expect_rotation((float[]){0, 0, S45, S45}, pose[1].rotation, 1e-6, "joint 1's rest rotation");
    }
    EXPECT_NEAR(0.5, c.duration, 0);
    clip_free(&c);
}

static void tracks_are_checked_when_added(void **state)
{
    (void)state;
    clip c;
    clip_of(&c, 2);
    sa_error err;
    const float v[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    EXPECT_TRUE(!clip_add_track(&c, 0, TRACK_SCALE, TRACK_LINEAR, 2, (float[]){1, 1}, v, &err));
    EXPECT_STR_CONTAINS(err.message, "key 1: time 1 is not finite, negative or not after the key before");
    EXPECT_TRUE(!clip_add_track(&c, 0, TRACK_SCALE, TRACK_LINEAR, 2, (float[]){1, 0.5f}, v, &err));
    EXPECT_STR_CONTAINS(err.message, "key 1: time 0.5");
    EXPECT_TRUE(!clip_add_track(&c, 0, TRACK_SCALE, TRACK_LINEAR, 2, (float[]){0, NAN}, v, &err));
    EXPECT_STR_CONTAINS(err.message, "key 1: time nan");
    EXPECT_TRUE(
        !clip_add_track(&c, 0, TRACK_SCALE, TRACK_LINEAR, 2, (float[]){0, 1}, (float[]){0, 0, 0, 1, NAN, 0}, &err));
    EXPECT_STR_CONTAINS(err.message, "key 1: value nan is not a finite number");
    EXPECT_TRUE(!clip_add_track(&c, 0, TRACK_ROTATION, TRACK_LINEAR, 2, (float[]){0, 1},
                                (float[]){0, 0, 0, 1, 0, 0, 0, 0}, &err));
    EXPECT_STR_CONTAINS(err.message, "key 1: the rotation (0, 0, 0, 0) has no direction");
    EXPECT_TRUE(!clip_add_track(&c, 0, TRACK_SCALE, TRACK_CUBICSPLINE, 1, (float[]){0}, v, &err));
    EXPECT_STR_CONTAINS(err.message, "CUBICSPLINE needs at least 2");
    EXPECT_TRUE(!clip_add_track(&c, 2, TRACK_SCALE, TRACK_LINEAR, 1, (float[]){0}, v, &err));
    EXPECT_STR_CONTAINS(err.message, "joint 2 does not exist");
    add_track(&c, 1, TRACK_SCALE, TRACK_LINEAR, 1, (float[]){0}, v);
    EXPECT_TRUE(!clip_add_track(&c, 1, TRACK_SCALE, TRACK_STEP, 1, (float[]){0}, v, &err));
    EXPECT_STR_CONTAINS(err.message, "joint 1 already has a scale track");
    EXPECT_INT(1, c.track_count);
    clip_free(&c);
}

/* --- key search: the cursor finds what a binary search finds ------------------- */

/* The answer by a plain scan, independent of both: the last k <= n - 2
 * with times[k] <= t (0 when there is none). */
static int scan_key(int n, const float *times, float t)
{
    int k = 0;
    while (k + 1 <= n - 2 && times[k + 1] <= t)
        k++;
    return k;
}

static void cursor_finds_the_interval_binary_search_finds(void **state)
{
    (void)state;
    enum { N = 200 };
    float times[N];
    srand(8);
    times[0] = 0;
    for (int i = 1; i < N; i++) /* uneven gaps: 1/60 s to 1/6 s */
        times[i] = times[i - 1] + (1.0f + (float)(rand() % 10)) / 60.0f;
    float end = times[N - 1];
    int cursor = 0;
    float t = 0;
    for (int i = 0; i < 20000; i++) {
        int kind = i / 2000 % 5; /* forward, backward, jumps, forward with wraps, on the keys */
        if (kind == 0)
            t += 1.0f / 60.0f;
        else if (kind == 1)
            t -= 1.0f / 60.0f;
        else if (kind == 2)
            t = end * (float)rand() / (float)RAND_MAX;
        else if (kind == 3)
            t = fmodf(t + 0.1f, end); /* back to the start at each wrap */
        else
            t = times[rand() % N];
        if (t < 0 || t > end)
            t = kind == 1 ? end : 0;
        int want = scan_key(N, times, t);
        int by_search = track_find_key(N, times, t);
        int by_cursor = track_find_key_from(N, times, t, &cursor);
        if (by_search != want || by_cursor != want || cursor != want)
            fail_msg("step %d (kind %d): t = %.9g: scan %d, binary search %d, cursor %d", i, kind, (double)t, want,
                     by_search, by_cursor);
    }
    /* A cursor out of range (a clip switched under it) still works. */
    cursor = 5000;
    EXPECT_INT(scan_key(N, times, 1.0f), track_find_key_from(N, times, 1.0f, &cursor));
    cursor = -3;
    EXPECT_INT(scan_key(N, times, 2.0f), track_find_key_from(N, times, 2.0f, &cursor));
}

static void sampling_with_cursors_matches_without(void **state)
{
    (void)state;
    clip c;
    clip_of(&c, 2);
    const float times[] = {0, 0.25f, 0.5f, 1, 1.5f, 2};
    const float xs[] = {0, 0, 0, 1, 0, 0, 3, 0, 0, 2, 0, 0, 5, 0, 0, 4, 0, 0};
    add_track(&c, 0, TRACK_TRANSLATION, TRACK_LINEAR, 6, times, xs);
    add_track(&c, 1, TRACK_TRANSLATION, TRACK_STEP, 6, times, xs);
    int cursors[2] = {0, 0};
    transform a[2], b[2];
    for (int i = 0; i < 300; i++) {
        float t = fmodf(0.013f * (float)i * (i % 7 == 3 ? -1.0f : 1.0f) + 2.0f, 2.0f);
        clip_sample(&c, t, cursors, a);
        clip_sample(&c, t, NULL, b);
        EXPECT_NEAR(b[0].translation[0], a[0].translation[0], 0);
        EXPECT_NEAR(b[1].translation[0], a[1].translation[0], 0);
    }
    clip_free(&c);
}

/* clip_sample runs one loop per kind of track (clip.h's track_kind): the
 * tracks added in a mixed order land in their groups, and each is sampled by
 * its own rule with its own cursor (cursors[i] is tracks[i]'s, not its place
 * in the group). */
static void tracks_are_grouped_by_kind_and_keep_their_cursors(void **state)
{
    (void)state;
    clip c;
    clip_of(&c, 3);
    const float t01[] = {0, 1}, t02[] = {0, 2}, t012[] = {0, 1, 2};
    /* 0: joint 0 rotation, CUBICSPLINE, tangents 0: identity to 45 degrees about x. */
    add_track(&c, 0, TRACK_ROTATION, TRACK_CUBICSPLINE, 2, t01,
              (const float[]){0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, S45, 0, 0, S45, 0, 0, 0, 0});
    /* 1: joint 1 translation, LINEAR, (0, 0, 0) at 0 to (2, 4, 6) at 2. */
    add_track(&c, 1, TRACK_TRANSLATION, TRACK_LINEAR, 2, t02, (const float[]){0, 0, 0, 2, 4, 6});
    /* 2: joint 0 scale, STEP: 1 from 0, 3 from 1. */
    add_track(&c, 0, TRACK_SCALE, TRACK_STEP, 2, t01, (const float[]){1, 1, 1, 3, 3, 3});
    /* 3: joint 2 rotation, LINEAR: identity at 0 to 90 degrees about z at 2. */
    add_track(&c, 2, TRACK_ROTATION, TRACK_LINEAR, 2, t02, (const float[]){0, 0, 0, 1, 0, 0, S45, S45});
    /* 4: joint 1 rotation, LINEAR with one key: constant 90 degrees about y. */
    add_track(&c, 1, TRACK_ROTATION, TRACK_LINEAR, 1, t01, (const float[]){0, S45, 0, S45});
    /* 5: joint 2 scale, LINEAR, (1, 1, 1) at 0 to (3, 5, 7) at 2. */
    add_track(&c, 2, TRACK_SCALE, TRACK_LINEAR, 2, t02, (const float[]){1, 1, 1, 3, 5, 7});
    /* 6: joint 0 translation, LINEAR, three keys: (0, 0, 0), (10, 0, 0), (10, 10, 0). */
    add_track(&c, 0, TRACK_TRANSLATION, TRACK_LINEAR, 3, t012, (const float[]){0, 0, 0, 10, 0, 0, 10, 10, 0});
    /* LINEAR translations 1, 6; LINEAR rotations 3; LINEAR scales 5; the rest 0, 2, 4 (4: one key). */
    const int want_start[TRACK_KINDS + 1] = {0, 2, 3, 4, 7}, want_order[] = {1, 6, 3, 5, 0, 2, 4};
    for (int k = 0; k <= TRACK_KINDS; k++)
        EXPECT_INT(want_start[k], c.kind_start[k]);
    for (int i = 0; i < 7; i++)
        EXPECT_INT(want_order[i], c.by_kind[i]);

    int cursors[7] = {0};
    transform pose[3];
    clip_sample(&c, 0.5f, cursors, pose);
    /* Track 0: Hermite with zero tangents at u = 1/2 weighs both keys 1/2:
     * the chord's midpoint, normalized: 22.5 degrees about x. */
    sa_expect_rotation((float[]){0.38268343f, 0, 0, 0.92387953f}, pose[0].rotation, 1e-6, "cubic at 0.5");
    EXPECT_VEC3(0.5, 1, 1.5, pose[1].translation, 1e-6); /* track 1: u = 1/4 */
    EXPECT_VEC3(1, 1, 1, pose[0].scale, 0);              /* track 2: the first step */
    /* Track 3: u = 1/4 of 90 degrees: 22.5 degrees about z (half-angle 11.25). */
    sa_expect_rotation((float[]){0, 0, 0.19509032f, 0.98078528f}, pose[2].rotation, 1e-6, "slerp at 0.5");
    sa_expect_rotation((float[]){0, S45, 0, S45}, pose[1].rotation, 1e-6, "one key");
    EXPECT_VEC3(1.5, 2, 2.5, pose[2].scale, 1e-6);   /* track 5: u = 1/4 */
    EXPECT_VEC3(5, 0, 0, pose[0].translation, 1e-6); /* track 6: key 0, u = 1/2 */
    EXPECT_VEC3(1, 1, 1, pose[1].scale, 0);          /* no track: the rest */
    EXPECT_VEC3(0, 0, 0, pose[2].translation, 0);

    clip_sample(&c, 1.5f, cursors, pose);
    sa_expect_rotation((float[]){S45, 0, 0, S45}, pose[0].rotation, 1e-6, "cubic after its last key");
    EXPECT_VEC3(1.5, 3, 4.5, pose[1].translation, 1e-6); /* u = 3/4 */
    EXPECT_VEC3(3, 3, 3, pose[0].scale, 0);
    /* 67.5 degrees about z (half-angle 33.75). */
    sa_expect_rotation((float[]){0, 0, 0.55557023f, 0.83146961f}, pose[2].rotation, 1e-6, "slerp at 1.5");
    EXPECT_VEC3(2.5, 4, 5.5, pose[2].scale, 1e-6);
    EXPECT_VEC3(10, 5, 0, pose[0].translation, 1e-6); /* key 1, u = 1/2 */
    /* Only track 6 has a second interval: its own cursor moved, no other. */
    for (int i = 0; i < 7; i++)
        EXPECT_INT(i == 6 ? 1 : 0, cursors[i]);
    clip_free(&c);
}

/* --- the clock and events ------------------------------------------------------ */

/* A clip of 2 s with events at 0 ("start"), 0.5 ("a") and 1.5 ("b"). */
static void events_clip(clip *c)
{
    clip_of(c, 1);
    add_track(c, 0, TRACK_SCALE, TRACK_LINEAR, 2, (float[]){0, 2}, (float[]){1, 1, 1, 2, 2, 2});
    sa_error err;
    /* added out of order: the clip keeps them sorted */
    EXPECT_TRUE(clip_add_event(c, "b", 1.5f, &err) && clip_add_event(c, "start", 0, &err) &&
                clip_add_event(c, "a", 0.5f, &err));
    EXPECT_TRUE(!clip_add_event(c, "late", 2.5f, &err));
    EXPECT_STR_CONTAINS(err.message, "event 'late': time 2.5 is not within the clip (0 .. 2)");
}

/* Advances and returns the names fired, space-separated ("" for none). */
static const char *advance(clip_clock *clock, const clip *c, double dt, char *names, size_t size)
{
    int fired[16];
    int n = clip_clock_advance(clock, dt, c->events, c->event_count, fired, 16);
    names[0] = '\0';
    for (int i = 0; i < n && i < 16; i++)
        snprintf(names + strlen(names), size - strlen(names), "%s%s", i ? " " : "", c->events[fired[i]].name);
    return names;
}

static void events_fire_once_per_crossing_forward(void **state)
{
    (void)state;
    clip c;
    events_clip(&c);
    clip_clock clock;
    clip_clock_init(&clock, c.duration, true);
    char names[128];
    /* Steps of 1/8 s (exact in binary): a on arriving at 0.5 (step 4), b at
     * 1.5 (step 12), start at the wrap (step 16, back to 0); twice round. */
    for (int step = 1; step <= 32; step++) {
        const char *want = step % 16 == 4 ? "a" : step % 16 == 12 ? "b" : step % 16 == 0 ? "start" : "";
        advance(&clock, &c, 0.125, names, sizeof names);
        if (strcmp(names, want) != 0)
            fail_msg("step %d (time %g): fired '%s', expected '%s'", step, clock.time, names, want);
    }
    EXPECT_NEAR(0, clock.time, 0);
    /* Steps that do not land on events: 0.3 s from 0 crosses a at 0.5 in the
     * second step only. */
    EXPECT_TRUE(strcmp(advance(&clock, &c, 0.2, names, sizeof names), "") == 0);
    EXPECT_TRUE(strcmp(advance(&clock, &c, 0.2, names, sizeof names), "") == 0);
    EXPECT_TRUE(strcmp(advance(&clock, &c, 0.2, names, sizeof names), "a") == 0);
    EXPECT_TRUE(!clock.finished);
    clip_free(&c);
}

/* Events at the same time fire in the order they were added (clip_add_event
 * puts a new one after those at its time): "first" then "second" at 1.0 of a
 * clip of 2 s, with "early" at 0.5 added between them, the clock from 0 to
 * 1.5 in steps of 0.25 (under the clock's max step), looping or once. */
static void events_at_one_time_fire_in_the_order_added(void **state)
{
    (void)state;
    for (int loop = 0; loop < 2; loop++) {
        clip c;
        clip_of(&c, 1);
        add_track(&c, 0, TRACK_SCALE, TRACK_LINEAR, 2, (float[]){0, 2}, (float[]){1, 1, 1, 2, 2, 2});
        sa_error err;
        EXPECT_TRUE(clip_add_event(&c, "first", 1.0f, &err) && clip_add_event(&c, "early", 0.5f, &err) &&
                    clip_add_event(&c, "second", 1.0f, &err));
        clip_clock clock;
        clip_clock_init(&clock, c.duration, loop == 1);
        char names[128], all[256] = "";
        for (int step = 0; step < 6; step++) {
            advance(&clock, &c, 0.25, names, sizeof names);
            if (names[0])
                snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s", all[0] ? " " : "", names);
        }
        if (strcmp(all, "early first second") != 0)
            fail_msg("%s clock from 0 to 1.5: fired '%s', expected 'early first second' (events at one time in the "
                     "order added)",
                     loop ? "looping" : "one-shot", all);
        EXPECT_NEAR(1.5, clock.time, 0);
        clip_free(&c);
    }
}

static void events_fire_once_per_crossing_backward(void **state)
{
    (void)state;
    clip c;
    events_clip(&c);
    clip_clock clock;
    clip_clock_init(&clock, c.duration, true);
    clock.speed = -1;
    clock.time = 1;
    char names[128];
    /* From 1 back: a on arriving at 0.5 (step 4), start on arriving at 0
     * (step 8), nothing at the wrap to 1.875 (step 9: 0 was met already),
     * b at 1.5 (step 12). */
    for (int step = 1; step <= 12; step++) {
        const char *want = step == 4 ? "a" : step == 8 ? "start" : step == 12 ? "b" : "";
        advance(&clock, &c, 0.125, names, sizeof names);
        if (strcmp(names, want) != 0)
            fail_msg("step %d (time %g): fired '%s', expected '%s'", step, clock.time, names, want);
    }
    EXPECT_NEAR(1.5, clock.time, 1e-12);
    /* Forward again from 1.5: b is where the clock stands, not crossed. */
    clock.speed = 1;
    EXPECT_TRUE(strcmp(advance(&clock, &c, 0.125, names, sizeof names), "") == 0);
    clip_free(&c);
}

static void a_long_step_crosses_each_event_once_per_lap(void **state)
{
    (void)state;
    clip c;
    events_clip(&c);
    clip_clock clock;
    clip_clock_init(&clock, c.duration, true);
    clock.max_step = 10;
    clock.time = 0.25;
    char names[128];
    /* (0.25, 5.25]: a 0.5, b 1.5, start 2, a 2.5, b 3.5, start 4, a 4.5; ends at 1.25. */
    EXPECT_TRUE(strcmp(advance(&clock, &c, 5, names, sizeof names), "a b start a b start a") == 0);
    EXPECT_NEAR(1.25, clock.time, 1e-12);
    /* Backward 4.5 s from 1.25: [-3.25, 1.25): a 0.5, start 0, b -0.5, a -1.5,
     * start -2, b -2.5; ends at 2 - 1.25 = 0.75. */
    clock.speed = -1;
    EXPECT_TRUE(strcmp(advance(&clock, &c, 4.5, names, sizeof names), "a start b a start b") == 0);
    EXPECT_NEAR(0.75, clock.time, 1e-12);
    /* More crossings than fired[] holds: all counted, the capacity kept. */
    int fired[3] = {-1, -1, -1};
    clock.speed = 1;
    EXPECT_INT(6, clip_clock_advance(&clock, 4, c.events, c.event_count, fired, 2));
    EXPECT_INT(-1, fired[2]);
    clip_free(&c);
}

static void the_step_is_clamped_and_speed_scales_it(void **state)
{
    (void)state;
    clip c;
    events_clip(&c);
    clip_clock clock;
    clip_clock_init(&clock, c.duration, true);
    char names[128];
    /* A frame of 3 s (a debugger stop) moves max_step = 0.25 s only. */
    EXPECT_TRUE(strcmp(advance(&clock, &c, 3, names, sizeof names), "") == 0);
    EXPECT_NEAR(CLIP_CLOCK_MAX_STEP, clock.time, 1e-12);
    /* Speed 0: nothing moves, nothing fires, however often. */
    clock.speed = 0;
    clock.time = 0.5;
    for (int i = 0; i < 10; i++)
        EXPECT_TRUE(strcmp(advance(&clock, &c, 0.1, names, sizeof names), "") == 0);
    EXPECT_NEAR(0.5, clock.time, 0);
    /* Speed 2: 0.1 s of frame is 0.2 s of clip. A negative dt is no step. */
    clock.speed = 2;
    EXPECT_TRUE(strcmp(advance(&clock, &c, 0.1, names, sizeof names), "") == 0);
    EXPECT_NEAR(0.7, clock.time, 1e-12);
    advance(&clock, &c, -1, names, sizeof names);
    EXPECT_NEAR(0.7, clock.time, 1e-12);
    clip_free(&c);
}

static void a_one_shot_clip_stops_and_finishes(void **state)
{
    (void)state;
    clip c;
    events_clip(&c);
    sa_error err;
    EXPECT_TRUE(clip_add_event(&c, "end", 2, &err));
    clip_clock clock;
    clip_clock_init(&clock, c.duration, false);
    clock.time = 1.9;
    char names[128];
    EXPECT_TRUE(strcmp(advance(&clock, &c, 0.2, names, sizeof names), "end") == 0);
    EXPECT_NEAR(2, clock.time, 0);
    EXPECT_TRUE(clock.finished);
    EXPECT_TRUE(strcmp(advance(&clock, &c, 0.2, names, sizeof names), "") == 0); /* stays, fires nothing */
    EXPECT_NEAR(2, clock.time, 0);
    /* Backwards to the start: b, a, then start on arriving at 0, finished. */
    clock.speed = -1;
    clock.max_step = 10;
    EXPECT_TRUE(strcmp(advance(&clock, &c, 5, names, sizeof names), "b a start") == 0);
    EXPECT_NEAR(0, clock.time, 0);
    EXPECT_TRUE(clock.finished);
    clip_free(&c);
}

/* Many laps in one step: a clip of 1/1024 s (exact in binary) with events at
 * 1/4 and 1/2 of it, one step of 0.25 s = 256 laps exactly: 512 crossings,
 * the first four in lap order, the clock back at 0. And a hostile 1e-30 s
 * clip: 2.5e29 laps must not be walked one by one (it hung fuzz_clip); the
 * count stops at INT_MAX. */
static void many_laps_are_counted_not_walked(void **state)
{
    (void)state;
    const double duration = 1.0 / 1024;
    const clip_event events[] = {{"a", (float)(duration / 4)}, {"b", (float)(duration / 2)}};
    clip_clock clock;
    clip_clock_init(&clock, duration, true);
    int fired[4];
    EXPECT_INT(512, clip_clock_advance(&clock, 0.25, events, 2, fired, 4));
    EXPECT_INT(0, fired[0]);
    EXPECT_INT(1, fired[1]);
    EXPECT_INT(0, fired[2]);
    EXPECT_INT(1, fired[3]);
    EXPECT_NEAR(0.0, clock.time, 1e-12);
    const clip_event tiny[] = {{"c", 5e-31f}};
    clip_clock_init(&clock, 1e-30, true);
    EXPECT_INT(INT_MAX, clip_clock_advance(&clock, 0.25, tiny, 1, fired, 4));
    EXPECT_INT(0, clip_clock_advance(&clock, 0.25, events, 2, fired, 4)); /* both past its end: never crossed */
    clock.speed = -1;
    EXPECT_INT(0, clip_clock_advance(&clock, 0.25, events, 0, fired, 4));
}

static void the_clock_keeps_time_over_a_day(void **state)
{
    (void)state;
    /* 24 h at 60 Hz: 5 184 000 frames of 1/60 s, on a clip of 2.3 s. The
     * exact clip time is (n / 60) mod 2.3. A float clock would be off by
     * seconds by then (at 86400 s a float steps by 1/128 s); the double one
     * must stay within 1 ms. */
    clip_clock clock;
    clip_clock_init(&clock, 2.3, true);
    const long frames = 24L * 3600 * 60;
    for (long n = 0; n < frames; n++)
        clip_clock_advance(&clock, 1.0 / 60.0, NULL, 0, NULL, 0);
    double exact = fmod((double)frames / 60.0, 2.3);
    double off = fabs(clock.time - exact);
    off = fmin(off, 2.3 - off); /* across the wrap */
    if (!(off < 1e-3))
        fail_msg("after 24 h: time %.9f, exact %.9f (%.3g s off)", clock.time, exact, off);
    EXPECT_TRUE(clock.time >= 0 && clock.time < 2.3);
}

/* --- compression ------------------------------------------------------------------ */

/* The largest distance between the joint's position in the float clip and in
 * the packed one, sampled at 60 Hz over the clip (a "vertex" at the joint). */
static double max_error_60hz(const clip *c, const packed_clip *p)
{
    transform a[1], b[1];
    double worst = 0;
    for (int f = 0; f <= (int)(c->duration * 60.0f + 0.5f); f++) {
        clip_sample(c, (float)f / 60.0f, NULL, a);
        packed_clip_sample(p, (float)f / 60.0f, NULL, b);
        worst = fmax(worst, glm_vec3_distance(a[0].translation, b[0].translation));
    }
    return worst;
}

static void a_dropped_key_costs_what_it_was_off_the_line(void **state)
{
    (void)state;
    /* x: 0, 0.504, 1 at 0, 0.5, 1 s. With a tolerance of 0.01 m (keys within
     * half of it are dropped) the middle key, 0.004 off the line from 0 to 1,
     * goes: the packed clip is the line, and the error is largest at 0.5 s,
     * 0.004 m (ends quantized exactly: the range is 0 .. 1). */
    clip c;
    clip_of(&c, 1);
    add_track(&c, 0, TRACK_TRANSLATION, TRACK_LINEAR, 3, (float[]){0, 0.5f, 1},
              (float[]){0, 0, 0, 0.504f, 0, 0, 1, 0, 0});
    packed_clip p;
    sa_error err;
    EXPECT_TRUE(clip_pack(&c, 0.01f, 1, &p, &err));
    EXPECT_INT(2, p.tracks[0].key_count);
    EXPECT_NEAR(0.004, max_error_60hz(&c, &p), 1e-6);
    /* Bytes: 3 keys of 4 + 12 as floats. Packed: the clip's 2 times of 2
     * bytes; 2 records of 1 bit (which of the 2 times) + 3 x 16 bits, 98
     * bits in 13 bytes; and the range (6 floats). */
    EXPECT_INT(48, clip_bytes(&c));
    EXPECT_INT(2 * 2 + 13 + 24, packed_clip_bytes(&p));
    packed_clip_free(&p);
    /* A tolerance of 0.001 m keeps it: only quantization is left, half a
     * unit of 1 / 65535 in the value (7.6e-6 m) and in the time (7.6e-6 s at
     * 1 m/s): under 2e-5 m. */
    EXPECT_TRUE(clip_pack(&c, 0.001f, 1, &p, &err));
    EXPECT_INT(3, p.tracks[0].key_count);
    double e = max_error_60hz(&c, &p);
    if (!(e < 2e-5))
        fail_msg("quantization alone: error %.3g, expected under 2e-5", e);
    packed_clip_free(&p);
    clip_free(&c);
}

static void smallest_three_keeps_the_rotation(void **state)
{
    (void)state;
    /* Rotations about Z by 0, 45, 90 degrees at 0, 1, 2 s: slerp of the
     * ends gives the middle one exactly, so it is dropped; at 1 s the packed
     * clip gives 45 degrees (half angle 22.5) within quantization (16 bits
     * over +-1/sqrt(2): 1.1e-5 per component). The last key's largest
     * component is negative (stored as -q): the sign is made positive. */
    clip c;
    clip_of(&c, 1);
    const float values[] = {0, 0, 0, 1, 0, 0, 0.38268343f, 0.92387953f, 0, 0, -S45, -S45};
    add_track(&c, 0, TRACK_ROTATION, TRACK_LINEAR, 3, (float[]){0, 1, 2}, values);
    packed_clip p;
    sa_error err;
    EXPECT_TRUE(clip_pack(&c, 1e-4f, 1, &p, &err));
    EXPECT_INT(2, p.tracks[0].key_count);
    transform pose[1];
    packed_clip_sample(&p, 1, NULL, pose);
    sa_expect_rotation((float[]){0, 0, 0.38268343f, 0.92387953f}, pose[0].rotation, 3e-5, "packed, t = 1");
    packed_clip_sample(&p, 2, NULL, pose);
    sa_expect_rotation((float[]){0, 0, S45, S45}, pose[0].rotation, 3e-5, "packed, t = 2 (stored as -q)");
    packed_clip_free(&p);
    clip_free(&c);
}

static void rotations_take_the_bits_the_tolerance_allows(void **state)
{
    (void)state;
    /* Two joints turning about Z by 0, 90, 0 degrees at 0, 1, 2 s: no key can
     * go (the middle is 90 degrees off the line), and both tracks share the
     * clip's 3 times (2 bits of index). A zero component lands half a unit
     * off (units = 2^b - 1 is odd), any other within half a unit, u = 1.414 /
     * (2^b - 1): three components off by u / 2 turn the rotation by about
     * sqrt(3) u. Tolerance 0.02 at lever 1: the quantization half is 0.01 rad,
     * and 9 bits (u = 2.8e-3, 4.8e-3 rad) already fit. */
    clip c;
    clip_of(&c, 2);
    const float times[] = {0, 1, 2}, values[] = {0, 0, 0, 1, 0, 0, S45, S45, 0, 0, 0, 1};
    add_track(&c, 0, TRACK_ROTATION, TRACK_LINEAR, 3, times, values);
    add_track(&c, 1, TRACK_ROTATION, TRACK_LINEAR, 3, times, values);
    packed_clip p;
    sa_error err;
    EXPECT_TRUE(clip_pack(&c, 0.02f, 1, &p, &err));
    EXPECT_INT(3, p.time_count);
    EXPECT_INT(2, p.time_bits);
    EXPECT_INT(3, p.tracks[0].key_count);
    EXPECT_INT(9, p.tracks[0].value_bits);
    EXPECT_INT(9, p.tracks[1].value_bits);
    /* 3 times of 2 bytes; per track 3 records of 2 + 2 + 27 bits (12 bytes)
     * and its bit count (1 byte). */
    EXPECT_INT(3 * 2 + 2 * (12 + 1), packed_clip_bytes(&p));
    transform pose[2];
    packed_clip_sample(&p, 1, NULL, pose);
    sa_expect_rotation((float[]){0, 0, S45, S45}, pose[1].rotation, 0.005, "9 bits, t = 1");
    packed_clip_free(&p);
    /* Tolerance 2e-5: a 1e-5 rad half, which not even 16 bits (a zero off by
     * 1.1e-5, 3e-5 rad) meet: the most bits, 16. */
    EXPECT_TRUE(clip_pack(&c, 2e-5f, 1, &p, &err));
    EXPECT_INT(16, p.tracks[0].value_bits);
    packed_clip_free(&p);
    clip_free(&c);
}

/* --- clips from glTF files ----------------------------------------------------- */

static char dir[512];

/* Writes a file with one node and one animation of one channel (path, on
 * node 0) whose sampler reads `keys` times and the given output bytes
 * (accessor 1: count elements of `type` of component_type), and loads it.
 * `extras` (may be "") is put into the animation. Returns whether loading
 * and building the clip worked; err says why not. */
static bool load_clip(const char *interpolation, const char *path, const float *times, int keys, const void *output,
                      size_t output_bytes, int count, int component_type, bool normalized, const char *type,
                      const char *extras, clip *out, sa_error *err)
{
    char bin_path[600], gltf_path[600], json[2048];
    snprintf(bin_path, sizeof bin_path, "%s/a.bin", dir);
    snprintf(gltf_path, sizeof gltf_path, "%s/a.gltf", dir);
    size_t times_bytes = (size_t)keys * 4, padded = (output_bytes + 3) / 4 * 4;
    FILE *f = fopen(bin_path, "wb");
    if (!f)
        fail_msg("cannot write %s", bin_path);
    fwrite(times, 1, times_bytes, f);
    fwrite(output, 1, output_bytes, f);
    fwrite("\0\0\0", 1, padded - output_bytes, f);
    fclose(f);
    snprintf(json, sizeof json,
             "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [{\"name\": \"n\"}], \"scenes\": [{\"nodes\": [0]}],"
             " \"buffers\": [{\"uri\": \"a.bin\", \"byteLength\": %zu}],"
             " \"bufferViews\": [{\"buffer\": 0, \"byteLength\": %zu}, {\"buffer\": 0, \"byteOffset\": %zu, "
             "\"byteLength\": %zu}],"
             " \"accessors\": [{\"bufferView\": 0, \"componentType\": 5126, \"count\": %d, \"type\": \"SCALAR\"},"
             " {\"bufferView\": 1, \"componentType\": %d, \"normalized\": %s, \"count\": %d, \"type\": \"%s\"}],"
             " \"animations\": [{\"name\": \"clip\", \"samplers\": [{\"input\": 0, \"output\": 1, \"interpolation\": "
             "\"%s\"}], \"channels\": [{\"sampler\": 0, \"target\": {\"node\": 0, \"path\": \"%s\"}}]%s}]}",
             times_bytes + padded, times_bytes, times_bytes, padded, keys, component_type,
             normalized ? "true" : "false", count, type, interpolation, path, extras);
    sa_test_write_text(gltf_path, json);
    gltf_document doc;
    skeleton nodes;
    memset(&nodes, 0, sizeof nodes);
    memset(out, 0, sizeof *out);
    if (!gltf_load(gltf_path, NULL, &doc, err))
        return false;
    bool ok = skeleton_from_gltf_nodes(&doc, &nodes, err) && clip_from_gltf(&doc, 0, &nodes, out, err);
    if (!ok)
        clip_free(out);
    skeleton_free(&nodes);
    gltf_free(&doc);
    return ok;
}

static void expect_clip_error(const char *interpolation, const char *path, const float *times, int keys,
                              const void *output, size_t output_bytes, int count, int component_type, bool normalized,
                              const char *type, const char *extras, const char *part1, const char *part2)
{
    clip c;
    sa_error err;
    if (load_clip(interpolation, path, times, keys, output, output_bytes, count, component_type, normalized, type,
                  extras, &c, &err)) {
        clip_free(&c);
        fail_msg("expected an error with \"%s\"", part1);
    }
    EXPECT_STR_CONTAINS(err.message, part1);
    EXPECT_STR_CONTAINS(err.message, part2);
}

static int make_dir(void **state)
{
    (void)state;
    sa_test_temp_dir("test_animation_", dir, sizeof dir);
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    sa_test_remove_dir(dir);
    return 0;
}

static void normalized_integer_rotations_are_normalized(void **state)
{
    (void)state;
    /* Bytes (0, 0, 90, 90) / 127 = 0.7087 each: length 1.0022. Normalized at
     * build time, the key is exactly 90 degrees about Z (half angle 45)... */
    const int8_t bytes[] = {0, 0, 0, 127, 0, 0, 90, 90};
    clip c;
    sa_error err;
    if (!load_clip("LINEAR", "rotation", (float[]){0, 1}, 2, bytes, sizeof bytes, 2, 5120, true, "VEC4", "", &c, &err))
        fail_msg("%s", err.message);
    float out[4];
    track_sample(&c.tracks[0], 1, NULL, out);
    sa_expect_rotation((float[]){0, 0, S45, S45}, out, 1e-7, "BYTE key 1");
    /* ... and half-way from the identity is 45 degrees (half angle 22.5). */
    track_sample(&c.tracks[0], 0.5f, NULL, out);
    sa_expect_rotation((float[]){0, 0, 0.38268343f, 0.92387953f}, out, 1e-6, "BYTE keys, t = 0.5");
    clip_free(&c);
    /* Unsigned shorts: (0, 0, 46341, 46341) / 65535 = 0.70712 each. */
    const uint16_t shorts[] = {0, 0, 46341, 46341};
    if (!load_clip("STEP", "rotation", (float[]){0}, 1, shorts, sizeof shorts, 1, 5123, true, "VEC4", "", &c, &err))
        fail_msg("%s", err.message);
    track_sample(&c.tracks[0], 0, NULL, out);
    sa_expect_rotation((float[]){0, 0, S45, S45}, out, 1e-7, "UNSIGNED_SHORT key");
    clip_free(&c);
}

/* Translations and scales are floats only (glTF 2.0, 3.11: the table of
 * animation sampler outputs; KHR_mesh_quantization widens mesh attributes,
 * not these): plain or normalized integers are refused with the path named,
 * not read as metres. The same values as floats build and sample: keys
 * (0, 0, 0) at 0 and (10, 20, 30) at 1, half way (5, 10, 15). */
static void translations_and_scales_must_be_floats(void **state)
{
    (void)state;
    const int8_t bytes[] = {0, 0, 0, 10, 20, 30};
    expect_clip_error("LINEAR", "translation", (float[]){0, 1}, 2, bytes, sizeof bytes, 2, 5120, false, "VEC3", "",
                      "animations[0].samplers[0].output: accessors[1]: componentType 5120 is not allowed for a "
                      "translation (float only)",
                      "");
    expect_clip_error("LINEAR", "translation", (float[]){0, 1}, 2, bytes, sizeof bytes, 2, 5120, true, "VEC3", "",
                      "componentType 5120 (normalized) is not allowed for a translation (float only)", "");
    const uint16_t shorts[] = {1, 1, 1, 2, 2, 2};
    expect_clip_error("LINEAR", "scale", (float[]){0, 1}, 2, shorts, sizeof shorts, 2, 5123, false, "VEC3", "",
                      "componentType 5123 is not allowed for a scale (float only)", "");
    const float floats[] = {0, 0, 0, 10, 20, 30};
    clip c;
    sa_error err;
    if (!load_clip("LINEAR", "translation", (float[]){0, 1}, 2, floats, sizeof floats, 2, 5126, false, "VEC3", "", &c,
                   &err))
        fail_msg("%s", err.message);
    float out[3];
    track_sample(&c.tracks[0], 0.5f, NULL, out);
    EXPECT_VEC3(5, 10, 15, out, 0);
    clip_free(&c);
}

/* An error half-way through a clip leaves nothing allocated: clip_from_gltf
 * zeroes its clip, clips_from_gltf frees the clips built before and gives
 * NULL (a leak fuzz_clip found: the callers had to guess what to free). The
 * plain-short rotation is refused by chapter 08 after the clip has started. */
static void a_failed_clip_leaves_nothing(void **state)
{
    (void)state;
    const uint16_t shorts[] = {0, 0, 46341, 46341};
    clip c;
    sa_error err;
    EXPECT_TRUE(
        !load_clip("STEP", "rotation", (float[]){0}, 1, shorts, sizeof shorts, 1, 5123, false, "VEC4", "", &c, &err));
    char gltf_path[600];
    snprintf(gltf_path, sizeof gltf_path, "%s/a.gltf", dir);
    gltf_document doc;
    skeleton nodes;
    assert_true(gltf_load(gltf_path, NULL, &doc, &err));
    assert_true(skeleton_from_gltf_nodes(&doc, &nodes, &err));
    memset(&c, 0, sizeof c);
    EXPECT_TRUE(!clip_from_gltf(&doc, 0, &nodes, &c, &err));
    EXPECT_TRUE(c.name == NULL && c.rest_local == NULL && c.tracks == NULL);
    clip *clips = &c;
    EXPECT_TRUE(!clips_from_gltf(&doc, &nodes, &clips, &err));
    EXPECT_TRUE(clips == NULL);
    skeleton_free(&nodes);
    gltf_free(&doc);
}

static void events_come_from_extras(void **state)
{
    (void)state;
    const float values[] = {0, 0, 0, 1, 1, 1};
    clip c;
    sa_error err;
    if (!load_clip("LINEAR", "translation", (float[]){0, 2}, 2, values, sizeof values, 2, 5126, false, "VEC3",
                   ", \"extras\": {\"author\": \"x\", \"events\": [{\"name\": \"step\", \"time\": 1.5}, "
                   "{\"name\": \"lift\", \"time\": 0.25}]}",
                   &c, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(2, c.event_count);
    EXPECT_TRUE(strcmp(c.events[0].name, "lift") == 0 && strcmp(c.events[1].name, "step") == 0);
    EXPECT_NEAR(0.25, c.events[0].time, 0);
    EXPECT_NEAR(1.5, c.events[1].time, 0);
    EXPECT_TRUE(strcmp(c.name, "clip") == 0);
    EXPECT_NEAR(2, c.duration, 0);
    clip_free(&c);
    /* Other extras, or none, give no events. */
    if (!load_clip("LINEAR", "translation", (float[]){0, 2}, 2, values, sizeof values, 2, 5126, false, "VEC3",
                   ", \"extras\": {\"events\": []}", &c, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(0, c.event_count);
    clip_free(&c);
    /* Malformed events: one error naming the JSON path. */
    expect_clip_error("LINEAR", "translation", (float[]){0, 2}, 2, values, sizeof values, 2, 5126, false, "VEC3",
                      ", \"extras\": {\"events\": {}}", "animations[0].extras.events: expected an array", "");
    expect_clip_error("LINEAR", "translation", (float[]){0, 2}, 2, values, sizeof values, 2, 5126, false, "VEC3",
                      ", \"extras\": {\"events\": [{\"name\": \"a\", \"time\": 1}, {\"time\": 1}]}",
                      "animations[0].extras.events[1].name: missing", "");
    expect_clip_error("LINEAR", "translation", (float[]){0, 2}, 2, values, sizeof values, 2, 5126, false, "VEC3",
                      ", \"extras\": {\"events\": [{\"name\": \"a\", \"time\": -1}]}",
                      "animations[0].extras.events[0].time: missing or not a number >= 0", "");
    expect_clip_error("LINEAR", "translation", (float[]){0, 2}, 2, values, sizeof values, 2, 5126, false, "VEC3",
                      ", \"extras\": {\"events\": [{\"name\": \"a\", \"time\": 3}]}",
                      "animations[0].extras.events[0]: event 'a': time 3 is not within the clip (0 .. 2)", "");
}

static void bad_samplers_are_one_error_naming_the_path(void **state)
{
    (void)state;
    const float v3[] = {0, 0, 0, 1, 1, 1, 2, 2, 2};
    /* Times that go back, or repeat (rejected by chapter 03's loader). */
    expect_clip_error("LINEAR", "translation", (float[]){0, 1, 0.5f}, 3, v3, sizeof v3, 3, 5126, false, "VEC3", "",
                      "animations[0].samplers[0].input: key 2: time 0.5", "not after the key before");
    expect_clip_error("LINEAR", "translation", (float[]){0, 1, 1}, 3, v3, sizeof v3, 3, 5126, false, "VEC3", "",
                      "animations[0].samplers[0].input: key 2: time 1", "not after the key before");
    /* A NaN key time, a NaN value. */
    expect_clip_error("LINEAR", "translation", (float[]){0, NAN, 2}, 3, v3, sizeof v3, 3, 5126, false, "VEC3", "",
                      "animations[0].samplers[0].input: key 1: time nan", "");
    const float nan_value[] = {0, 0, 0, 1, NAN, 1, 2, 2, 2};
    expect_clip_error("LINEAR", "translation", (float[]){0, 1, 2}, 3, nan_value, sizeof nan_value, 3, 5126, false,
                      "VEC3", "", "animations[0].samplers[0].output: value 1 is not a finite number", "");
    /* Counts: 3 values for 2 keys; CUBICSPLINE needs 3 per key. */
    expect_clip_error("LINEAR", "translation", (float[]){0, 1}, 2, v3, sizeof v3, 3, 5126, false, "VEC3", "",
                      "animations[0].samplers[0].output: accessors[1] has 3 values for 2 keys", "");
    const float v6[18] = {0};
    expect_clip_error("CUBICSPLINE", "translation", (float[]){0, 1}, 2, v6, 4 * 3 * 4, 4, 5126, false, "VEC3", "",
                      "animations[0].samplers[0].output: accessors[1] has 4 values for 2 keys",
                      "(CUBICSPLINE needs 3 per key)");
    expect_clip_error("CUBICSPLINE", "translation", (float[]){0, 1}, 2, v6, 2 * 3 * 4, 2, 5126, false, "VEC3", "",
                      "accessors[1] has 2 values for 2 keys", "(CUBICSPLINE needs 3 per key)");
    /* The wrong output type for the path: VEC3 rotations, VEC4 scales
     * (chapter 03), rotations as plain (not normalized) shorts (here). */
    expect_clip_error("LINEAR", "rotation", (float[]){0, 1}, 2, v6, 2 * 3 * 4, 2, 5126, false, "VEC3", "",
                      "animations[0].channels[0].target.path: rotation needs VEC4 output", "");
    expect_clip_error("LINEAR", "scale", (float[]){0, 1}, 2, v6, 2 * 4 * 4, 2, 5126, false, "VEC4", "",
                      "animations[0].channels[0].target.path: scale needs VEC3 output", "");
    const int16_t shorts[] = {0, 0, 0, 1, 0, 0, 1, 1};
    expect_clip_error("LINEAR", "rotation", (float[]){0, 1}, 2, shorts, sizeof shorts, 2, 5122, false, "VEC4", "",
                      "animations[0].samplers[0].output: accessors[1]: componentType 5122 is not allowed for a "
                      "rotation",
                      "");
    /* A rotation of length 0 cannot be normalized (here). */
    const float zero_rotation[] = {0, 0, 0, 1, 0, 0, 0, 0};
    expect_clip_error("LINEAR", "rotation", (float[]){0, 1}, 2, zero_rotation, sizeof zero_rotation, 2, 5126, false,
                      "VEC4", "",
                      "animations[0].channels[0] (samplers[0]): key 1: the rotation (0, 0, 0, 0) has no "
                      "direction",
                      "");
}

/* --- morph weight tracks ------------------------------------------------------ */

/* A clip of one joint over three morph weights, rest (0.125, 0.25, 0.375),
 * and a weight track over weights 1 and 2. */
static void weights_clip(clip *c, track_interpolation mode, int keys, const float *times, const float *values)
{
    clip_of(c, 1);
    const float rest[3] = {0.125f, 0.25f, 0.375f};
    sa_error err;
    if (!clip_init_weights(c, 3, rest, &err) || !clip_add_weight_track(c, 1, 2, mode, keys, times, values, &err))
        fail_msg("weights: %s", err.message);
}

static void expect_weights(float w0, float w1, float w2, const float *got, const char *what)
{
    const float want[3] = {w0, w1, w2};
    for (int i = 0; i < 3; i++)
        if (!(fabsf(want[i] - got[i]) <= 1e-6f))
            fail_msg("%s: weight %d: expected %.7g, got %.7g", what, i, (double)want[i], (double)got[i]);
}

static void weight_tracks_by_hand(void **state)
{
    (void)state;
    clip c;
    float w[3];
    const float times[2] = {0, 2}, linear[4] = {0, 1, 1, 0};
    /* LINEAR, keys (0, 1) at 0 s and (1, 0) at 2 s: at 0.5 s u = 0.25, each
     * weight lerped on its own; weight 0 has no track: its rest 0.125. */
    weights_clip(&c, TRACK_LINEAR, 2, times, linear);
    EXPECT_NEAR(2.0, c.duration, 0);
    clip_sample_weights(&c, 0.5f, NULL, w);
    expect_weights(0.125f, 0.25f, 0.75f, w, "LINEAR at 0.5 s");
    clip_sample_weights(&c, 3.0f, NULL, w); /* after the last key: the last */
    expect_weights(0.125f, 1, 0, w, "LINEAR after the end");
    clip_free(&c);
    /* STEP: the key before t, the last key from its time on. */
    weights_clip(&c, TRACK_STEP, 2, times, linear);
    clip_sample_weights(&c, 1.99f, NULL, w);
    expect_weights(0.125f, 0, 1, w, "STEP at 1.99 s");
    clip_sample_weights(&c, 2.0f, NULL, w);
    expect_weights(0.125f, 1, 0, w, "STEP at 2 s");
    clip_free(&c);
    /* CUBICSPLINE, per key in-tangents, weights, out-tangents: key 0 (0, 1)
     * leaving with slopes (1, 0), key 1 (1, 0) arriving with (0, 0). At 1 s,
     * u = 0.5: h00 = h01 = 0.5, h10 = 0.125, h11 = -0.125, interval 2:
     * weight 1 = 0.125 * 2 * 1 + 0.5 * 1 = 0.75, weight 2 = 0.5 * 1 = 0.5
     * (a lerp would give 0.5 and 0.5). */
    const float cubic[12] = {0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0};
    weights_clip(&c, TRACK_CUBICSPLINE, 2, times, cubic);
    clip_sample_weights(&c, 1.0f, NULL, w);
    expect_weights(0.125f, 0.75f, 0.5f, w, "CUBICSPLINE at 1 s");
    clip_free(&c);
}

static void weight_tracks_with_cursors_match_the_search(void **state)
{
    (void)state;
    clip c;
    const float times[5] = {0, 0.5f, 1, 1.5f, 2}, values[10] = {0, 1, 1, 0, 0.5f, 0.5f, -1, 2, 0, 0};
    weights_clip(&c, TRACK_LINEAR, 5, times, values);
    int cursors[1] = {0};
    for (float t = 0; t < 2.5f; t += 0.0625f) {
        float with[3], without[3];
        clip_sample_weights(&c, t, cursors, with);
        clip_sample_weights(&c, t, NULL, without);
        EXPECT_TRUE(memcmp(with, without, sizeof with) == 0);
    }
    clip_free(&c);
}

static void bad_weight_tracks_are_one_line_errors(void **state)
{
    (void)state;
    clip c;
    const float times[2] = {0, 1}, values[4] = {0, 1, 1, 0}, rest[3] = {0, 0, 0};
    sa_error err;
    weights_clip(&c, TRACK_LINEAR, 2, times, values); /* weights 1 and 2 have a track */
    EXPECT_TRUE(!clip_add_weight_track(&c, 2, 1, TRACK_LINEAR, 2, times, values, &err));
    EXPECT_STR_CONTAINS(err.message, "weights 2 .. 2 already have a track");
    EXPECT_TRUE(!clip_add_weight_track(&c, 2, 2, TRACK_LINEAR, 2, times, values, &err));
    EXPECT_STR_CONTAINS(err.message, "not within the clip's 3 morph weights");
    EXPECT_TRUE(!clip_add_weight_track(&c, -1, 1, TRACK_LINEAR, 2, times, values, &err));
    EXPECT_STR_CONTAINS(err.message, "not within");
    const float backwards[2] = {1, 0};
    EXPECT_TRUE(!clip_add_weight_track(&c, 0, 1, TRACK_LINEAR, 2, backwards, values, &err));
    EXPECT_STR_CONTAINS(err.message, "key 1: time 0");
    EXPECT_TRUE(!clip_add_weight_track(&c, 0, 1, TRACK_CUBICSPLINE, 1, times, values, &err));
    EXPECT_STR_CONTAINS(err.message, "CUBICSPLINE needs at least 2");
    EXPECT_TRUE(!clip_init_weights(&c, 3, rest, &err)); /* set once */
    EXPECT_INT(1, c.weight_track_count);
    clip_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(step_holds_each_key),
        cmocka_unit_test(linear_translation_lerps),
        cmocka_unit_test(linear_rotation_slerps),
        cmocka_unit_test(rotations_of_opposite_sign_take_the_short_way),
        cmocka_unit_test(nearly_equal_rotations_give_a_unit_result),
        cmocka_unit_test(cubicspline_translation_uses_scaled_tangents),
        cmocka_unit_test(cubicspline_rotation_is_normalized),
        cmocka_unit_test(one_key_is_constant_and_untracked_joints_rest),
        cmocka_unit_test(tracks_are_checked_when_added),
        cmocka_unit_test(cursor_finds_the_interval_binary_search_finds),
        cmocka_unit_test(sampling_with_cursors_matches_without),
        cmocka_unit_test(tracks_are_grouped_by_kind_and_keep_their_cursors),
        cmocka_unit_test(events_fire_once_per_crossing_forward),
        cmocka_unit_test(events_fire_once_per_crossing_backward),
        cmocka_unit_test(events_at_one_time_fire_in_the_order_added),
        cmocka_unit_test(a_long_step_crosses_each_event_once_per_lap),
        cmocka_unit_test(the_step_is_clamped_and_speed_scales_it),
        cmocka_unit_test(a_one_shot_clip_stops_and_finishes),
        cmocka_unit_test(many_laps_are_counted_not_walked),
        cmocka_unit_test(the_clock_keeps_time_over_a_day),
        cmocka_unit_test(a_dropped_key_costs_what_it_was_off_the_line),
        cmocka_unit_test(smallest_three_keeps_the_rotation),
        cmocka_unit_test(rotations_take_the_bits_the_tolerance_allows),
        cmocka_unit_test(normalized_integer_rotations_are_normalized),
        cmocka_unit_test(translations_and_scales_must_be_floats),
        cmocka_unit_test(events_come_from_extras),
        cmocka_unit_test(a_failed_clip_leaves_nothing),
        cmocka_unit_test(bad_samplers_are_one_error_naming_the_path),
        cmocka_unit_test(weight_tracks_by_hand),
        cmocka_unit_test(weight_tracks_with_cursors_match_the_search),
        cmocka_unit_test(bad_weight_tracks_are_one_line_errors),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
