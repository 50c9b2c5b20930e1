/* test_blend.c: chapter 09's blending, masks, additive clips, crossfade and
 * animator, against values worked out by hand (each derived beside it) and
 * invariants (weights summing to 1, a bounded change per frame, one event
 * per crossing). */
#include "chapters/09_crossfade/animator.h"
#include "chapters/09_crossfade/blend.h"
#include "test_util.h"

#define S45 0.70710678f /* sin 45 degrees = cos 45 degrees */
/* Frames of 1/64 s: sums of them are exact, so a fade of 0.5 s ends on its
 * 32nd frame, not one later by a rounding. (The program's --check-fade runs
 * at 60 Hz.) */
#define DT (1.0 / 64.0)

static void expect_same_transform(const transform *want, const transform *got, const char *what)
{
    /* Field by field: the struct's padding bytes are no part of the value. */
    if (memcmp(want->translation, got->translation, sizeof want->translation) != 0 ||
        memcmp(want->rotation, got->rotation, sizeof want->rotation) != 0 ||
        memcmp(want->scale, got->scale, sizeof want->scale) != 0)
        fail_msg("%s: not the same bits: t %g %g %g r %g %g %g %g s %g %g %g, expected t %g %g %g r %g %g %g %g", what,
                 (double)got->translation[0], (double)got->translation[1], (double)got->translation[2],
                 (double)got->rotation[0], (double)got->rotation[1], (double)got->rotation[2], (double)got->rotation[3],
                 (double)got->scale[0], (double)got->scale[1], (double)got->scale[2], (double)want->translation[0],
                 (double)want->translation[1], (double)want->translation[2], (double)want->rotation[0],
                 (double)want->rotation[1], (double)want->rotation[2], (double)want->rotation[3]);
}

static void expect_transform_near(const transform *want, const transform *got, double tolerance, const char *what)
{
    char name[128];
    for (int i = 0; i < 3; i++) {
        if (!(fabs(want->translation[i] - got->translation[i]) <= tolerance))
            fail_msg("%s: translation[%d]: expected %.7g, got %.7g", what, i, (double)want->translation[i],
                     (double)got->translation[i]);
        if (!(fabs(want->scale[i] - got->scale[i]) <= tolerance))
            fail_msg("%s: scale[%d]: expected %.7g, got %.7g", what, i, (double)want->scale[i], (double)got->scale[i]);
    }
    snprintf(name, sizeof name, "%s: rotation", what);
    sa_expect_rotation(want->rotation, got->rotation, tolerance, name);
}

/* Three joints whose every field differs, the second with a rotation of the
 * opposite sign to the first's. */
static void two_poses(transform a[3], transform b[3])
{
    a[0] = sa_transform(1, 2, 3, 0, 0, 0, 1, 1, 1, 1);
    a[1] = sa_transform(-1, 0.5f, 0, 0, S45, 0, S45, 2, 2, 2);
    a[2] = sa_transform(0, 0, 0, S45, 0, 0, S45, 1, 0.5f, 1);
    b[0] = sa_transform(0.3f, -2, 7, 0, 0, S45, S45, 3, 1, 0.25f);
    b[1] = sa_transform(4, 4, 4, 0, -S45, 0, -S45, 1, 1, 1); /* -a[1].rotation: the same rotation */
    b[2] = sa_transform(9, 8, 7, 0, 0, 0, 1, 2, 2, 2);
}

/* --- blending ------------------------------------------------------------------ */

static void blend_ends_are_the_inputs_exactly(void **state)
{
    (void)state;
    transform a[3], b[3], out[3];
    two_poses(a, b);
    const float ones[3] = {1, 1, 1};
    pose_blend(3, a, b, 0.0f, NULL, out);
    for (int j = 0; j < 3; j++)
        expect_same_transform(&a[j], &out[j], "weight 0 gives a");
    pose_blend(3, a, b, 1.0f, NULL, out);
    for (int j = 0; j < 3; j++)
        expect_same_transform(&b[j], &out[j], "weight 1 gives b");
    pose_blend(3, a, b, 1.0f, ones, out);
    for (int j = 0; j < 3; j++)
        expect_same_transform(&b[j], &out[j], "weight 1, mask of ones, gives b");
}

static void mid_blend_by_hand(void **state)
{
    (void)state;
    /* a: t (0 0 0), s (1 1 1), the identity; b: t (2 4 -6), s (3 1 2), 90
     * degrees about z stored with the opposite sign: -(0 0 sin45 cos45).
     * Half way: t (1 2 -3), s (2 1 1.5), 45 degrees about z: (0 0 sin22.5
     * cos22.5) = (0 0 0.3826834 0.9238795). The long way round (no sign
     * flip) would give 135 degrees about -z instead: (0 0 -0.92388 0.38268). */
    transform a = sa_transform(0, 0, 0, 0, 0, 0, 1, 1, 1, 1), b = sa_transform(2, 4, -6, 0, 0, -S45, -S45, 3, 1, 2),
              out;
    pose_blend(1, &a, &b, 0.5f, NULL, &out);
    transform want = sa_transform(1, 2, -3, 0, 0, 0.38268343f, 0.92387953f, 2, 1, 1.5f);
    expect_transform_near(&want, &out, 1e-6, "half way");
    /* A quarter: t (0.5 1 -1.5), s (1.5 1 1.25), 22.5 degrees about z:
     * (0 0 sin11.25 cos11.25) = (0 0 0.1950903 0.9807853). */
    pose_blend(1, &a, &b, 0.25f, NULL, &out);
    want = sa_transform(0.5f, 1, -1.5f, 0, 0, 0.19509032f, 0.98078528f, 1.5f, 1, 1.25f);
    expect_transform_near(&want, &out, 1e-6, "a quarter");
}

static void a_mask_touches_only_masked_joints(void **state)
{
    (void)state;
    transform a[3], b[3], out[3];
    two_poses(a, b);
    /* mask 0 1 0.5 at weight 1: joint 0 is a exactly, joint 1 b exactly,
     * joint 2 half way: t (4.5 4 3.5), s (1.5 1.25 1.5), rotation half way
     * from 90 degrees about x to the identity: 45 degrees about x. */
    const float mask[3] = {0, 1, 0.5f};
    pose_blend(3, a, b, 1.0f, mask, out);
    expect_same_transform(&a[0], &out[0], "mask 0");
    expect_same_transform(&b[1], &out[1], "mask 1");
    transform want = sa_transform(4.5f, 4, 3.5f, 0.38268343f, 0, 0, 0.92387953f, 1.5f, 1.25f, 1.5f);
    expect_transform_near(&want, &out[2], 1e-6, "mask 0.5");
    /* The weight multiplies the mask: weight 0.5 gives joint 1 half way
     * (t (1.5 2.25 2), its rotation unchanged: a and b are one rotation). */
    pose_blend(3, a, b, 0.5f, mask, out);
    expect_same_transform(&a[0], &out[0], "mask 0, weight 0.5");
    want = sa_transform(1.5f, 2.25f, 2, 0, S45, 0, S45, 1.5f, 1.5f, 1.5f);
    expect_transform_near(&want, &out[1], 1e-6, "mask 1, weight 0.5");
}

static void out_may_be_a_or_b(void **state)
{
    (void)state;
    transform a[3], b[3], want[3], in_place[3];
    two_poses(a, b);
    pose_blend(3, a, b, 0.3f, NULL, want);
    memcpy(in_place, a, sizeof a);
    pose_blend(3, in_place, b, 0.3f, NULL, in_place);
    for (int j = 0; j < 3; j++)
        expect_same_transform(&want[j], &in_place[j], "out = a");
    memcpy(in_place, b, sizeof b);
    pose_blend(3, a, in_place, 0.3f, NULL, in_place);
    for (int j = 0; j < 3; j++)
        expect_same_transform(&want[j], &in_place[j], "out = b");
}

static void expect_job_error(blend_job job, const char *want)
{
    sa_error err = {{0}};
    if (blend_job_run(&job, &err))
        fail_msg("blend job accepted, expected the error \"%s\"", want);
    EXPECT_STR_CONTAINS(err.message, want);
    if (strchr(err.message, '\n'))
        fail_msg("error is more than one line: %s", err.message);
}

static void bad_blend_jobs_are_one_line_errors(void **state)
{
    (void)state;
    transform a[3], b[3], out[4];
    two_poses(a, b);
    float mask[3] = {0, 2, 1};
    blend_job good = {.joint_count = 3, .a = a, .b = b, .weight = 0.5f, .out = out};
    sa_error err;
    EXPECT_TRUE(blend_job_run(&good, &err));
    blend_job job = good;
    job.weight = 1.5f;
    expect_job_error(job, "weight 1.5 is not within 0 .. 1");
    job.weight = -0.25f;
    expect_job_error(job, "weight -0.25 is not within 0 .. 1");
    job.weight = NAN;
    expect_job_error(job, "is not within 0 .. 1");
    job = good;
    job.mask = mask;
    expect_job_error(job, "mask[1] is 2, not within 0 .. 1");
    job = good;
    job.joint_count = -1;
    expect_job_error(job, "joint_count is -1");
    job = good;
    job.b = NULL;
    expect_job_error(job, "a pose array is missing");
    /* out one joint past a: joint 0 of out is joint 1 of a, read after it is written. */
    transform shifted[4];
    memcpy(shifted, a, sizeof a);
    job = good;
    job.a = shifted;
    job.out = shifted + 1;
    expect_job_error(job, "out overlaps a without being a");
    job = good;
    job.b = shifted;
    job.out = shifted + 1;
    expect_job_error(job, "out overlaps b without being b");
    transform zero[3];
    memcpy(zero, a, sizeof a);
    glm_vec4_zero(zero[2].rotation);
    job = good;
    job.a = zero;
    expect_job_error(job, "joint 2: a rotation is not a unit quaternion");
    /* out = a is allowed. */
    job = good;
    job.out = (transform *)a;
    EXPECT_TRUE(blend_job_run(&job, &err));
}

/* --- masks ----------------------------------------------------------------------- */

static void masks_cover_a_joint_and_its_descendants(void **state)
{
    (void)state;
    /* 0 root; 1 spine (child of 0); 2, 3, 4 a chain above it; 5 a leg on
     * the root; 6 a second branch on 1. */
    const int parent[7] = {-1, 0, 1, 2, 3, 0, 1};
    float mask[7];
    mask_from_joint(7, parent, 1, 0, mask);
    const float plain[7] = {0, 1, 1, 1, 1, 0, 1};
    for (int j = 0; j < 7; j++)
        EXPECT_NEAR(plain[j], mask[j], 0);
    /* A ramp over two joints: 1/3 at the boundary, 2/3 one below, then 1. */
    mask_from_joint(7, parent, 1, 2, mask);
    const float ramp[7] = {0, 1.0f / 3, 2.0f / 3, 1, 1, 0, 2.0f / 3};
    for (int j = 0; j < 7; j++)
        EXPECT_NEAR(ramp[j], mask[j], 1e-6);
    /* A leaf: itself only. */
    mask_from_joint(7, parent, 4, 0, mask);
    for (int j = 0; j < 7; j++)
        EXPECT_NEAR(j == 4 ? 1 : 0, mask[j], 0);
}

/* --- additive ------------------------------------------------------------------- */

static void additive_by_hand(void **state)
{
    (void)state;
    /* reference: t (1 0 0), 90 degrees about y, s (2 2 2); pose: t (1 3 0),
     * the reference then 90 degrees about x in the joint's frame, s (4 1 2).
     * delta: t (0 3 0), 90 degrees about x (0.7071 0 0 0.7071), s (2 0.5 1). */
    transform ref = sa_transform(1, 0, 0, 0, S45, 0, S45, 2, 2, 2);
    versor rx90 = {S45, 0, 0, S45}, turned;
    glm_quat_mul(ref.rotation, rx90, turned);
    transform pose = sa_transform(1, 3, 0, turned[0], turned[1], turned[2], turned[3], 4, 1, 2), delta;
    pose_additive_delta(1, &ref, &pose, &delta);
    transform want = sa_transform(0, 3, 0, S45, 0, 0, S45, 2, 0.5f, 1);
    expect_transform_near(&want, &delta, 1e-6, "delta");
    /* On a base of t (0 0 5), the identity, s (1 1 1), weight 0.5:
     * t (0 1.5 5), 45 degrees about x, s (1.5 0.75 1). */
    transform base = sa_transform(0, 0, 5, 0, 0, 0, 1, 1, 1, 1), out;
    pose_additive_apply(1, &base, &delta, 0.5f, &out);
    want = sa_transform(0, 1.5f, 5, 0.38268343f, 0, 0, 0.92387953f, 1.5f, 0.75f, 1);
    expect_transform_near(&want, &out, 1e-6, "applied at 0.5");
    /* Weight 1 on the reference itself gives the pose back. */
    pose_additive_apply(1, &ref, &delta, 1.0f, &out);
    expect_transform_near(&pose, &out, 1e-6, "reference + delta");
}

/* The same value, number by number (== : -0 and 0 are one value). */
static void expect_same_values(const transform *want, const transform *got, const char *what, int index)
{
    for (int i = 0; i < 3; i++)
        if (got->translation[i] != want->translation[i] || got->scale[i] != want->scale[i])
            fail_msg("%s %d: translation[%d] %.9g, scale[%d] %.9g: expected exactly %.9g and %.9g", what, index, i,
                     (double)got->translation[i], i, (double)got->scale[i], (double)want->translation[i],
                     (double)want->scale[i]);
    for (int i = 0; i < 4; i++)
        if (got->rotation[i] != want->rotation[i])
            fail_msg("%s %d: rotation[%d]: expected exactly %.9g, got %.9g", what, index, i, (double)want->rotation[i],
                     (double)got->rotation[i]);
}

static float lcg_unit(unsigned *seed) /* -1 .. 1 */
{
    *seed = *seed * 1664525u + 1013904223u;
    return (float)(*seed >> 8) / (float)(1u << 23) - 1.0f;
}

static void additive_of_the_reference_gives_the_base(void **state)
{
    (void)state;
    transform a[3], b[3], delta[3], out[3];
    two_poses(a, b);
    pose_additive_delta(3, a, a, delta);
    for (float w = 0; w <= 1.0f; w += 0.25f) {
        pose_additive_apply(3, b, delta, w, out);
        for (int j = 0; j < 3; j++)
            expect_same_values(&b[j], &out[j], "base + (reference - reference), joint", j);
    }
    /* 1,000 random references and bases (unit rotations, scales 0.5 .. 1.5),
     * random weights: the base comes back exactly every time. With the delta
     * rotation computed as inverse(q) * q, which is the identity only within
     * rounding, about one in seven came back an ulp off when measured. */
    unsigned seed = 22;
    for (int n = 0; n < 1000; n++) {
        transform pair[2];
        for (int k = 0; k < 2; k++) {
            float q[4], length = 0;
            for (int i = 0; i < 4; i++)
                q[i] = lcg_unit(&seed), length += q[i] * q[i];
            length = sqrtf(length);
            pair[k] = sa_transform(3 * lcg_unit(&seed), 3 * lcg_unit(&seed), 3 * lcg_unit(&seed), q[0] / length,
                                   q[1] / length, q[2] / length, q[3] / length, 1 + 0.5f * lcg_unit(&seed),
                                   1 + 0.5f * lcg_unit(&seed), 1 + 0.5f * lcg_unit(&seed));
        }
        float w = 0.5f + 0.5f * lcg_unit(&seed);
        pose_additive_delta(1, &pair[0], &pair[0], delta);
        pose_additive_apply(1, &pair[1], delta, w, out);
        expect_same_values(&pair[1], &out[0], "base + (reference - reference), random pose", n);
    }
}

/* --- clips for the crossfade ------------------------------------------------------- */

/* A clip over two joints at rest (the identity) whose joint 0 moves along
 * `axis` out to `reach` and back over `duration` (LINEAR, keys at 0, d/2, d):
 * a loop without a jump at the wrap; speed 2 reach / duration. */
static void moving_clip(clip *c, const char *name, int axis, float reach, float duration)
{
    transform rest[2];
    transform_identity(&rest[0]);
    transform_identity(&rest[1]);
    sa_error err;
    if (!clip_init(c, name, 2, rest, &err))
        fail_msg("clip_init: %s", err.message);
    float times[3] = {0, duration / 2, duration}, values[9] = {0};
    values[3 + axis] = reach;
    if (!clip_add_track(c, 0, TRACK_TRANSLATION, TRACK_LINEAR, 3, times, values, &err))
        fail_msg("clip_add_track: %s", err.message);
}

/* The clips most tests fade between: a (1 m along x and back in 1 s),
 * b (2 m along y in 2 s), c (1 m along z in 1 s); the first `count`. */
static void standard_clips(clip *clips, int count)
{
    const char *names[3] = {"a", "b", "c"};
    const float reach[3] = {1, 2, 1}, duration[3] = {1, 2, 1};
    for (int i = 0; i < count; i++)
        moving_clip(&clips[i], names[i], i, reach[i], duration[i]);
}

static void free_clips(clip *clips, int count)
{
    for (int i = 0; i < count; i++)
        clip_free(&clips[i]);
}

static void add_event(clip *c, const char *name, float time)
{
    sa_error err;
    if (!clip_add_event(c, name, time, &err))
        fail_msg("clip_add_event: %s", err.message);
}

static float weight_sum(const crossfade *f)
{
    float sum = 0;
    for (int i = 0; i < f->count; i++)
        sum += f->entry[i].weight;
    return sum;
}

static const fade_entry *entry_of_clip(const crossfade *f, int clip)
{
    for (int i = 0; i < f->count; i++)
        if (f->entry[i].clip == clip)
            return &f->entry[i];
    return NULL;
}

static void do_switch(crossfade *f, const clip *clips, int count, int clip, double duration, fade_curve curve,
                      bool sync)
{
    sa_error err;
    if (!crossfade_switch(f, clips, count, clip, true, duration, curve, sync, &err))
        fail_msg("crossfade_switch: %s", err.message);
}

static void weights_sum_to_one_at_every_step(void **state)
{
    (void)state;
    clip clips[3];
    standard_clips(clips, 2);
    moving_clip(&clips[2], "c", 2, 1, 0.5f);
    for (int curve = FADE_LINEAR; curve <= FADE_SMOOTHSTEP; curve++) {
        crossfade f;
        crossfade_start(&f, clips, 0, true);
        double worst = 0;
        float last_top = -1;
        for (int frame = 0; frame < 240; frame++) {
            if (frame == 30)
                do_switch(&f, clips, 3, 1, 0.5, (fade_curve)curve, false);
            if (frame == 45) /* in the middle of that fade: to a third clip */
                do_switch(&f, clips, 3, 2, 0.4, (fade_curve)curve, false);
            if (frame == 55) /* and back to the first, which is still fading out */
                do_switch(&f, clips, 3, 0, 0.3, (fade_curve)curve, false);
            if (frame == 30 || frame == 45 || frame == 55)
                last_top = f.entry[f.count - 1].weight;
            crossfade_advance(&f, DT, clips, NULL, 0);
            worst = fmax(worst, fabs(weight_sum(&f) - 1.0));
            /* The clip fading in only rises. */
            float top = f.entry[f.count - 1].weight;
            if (top < last_top)
                fail_msg("frame %d: the top clip's weight fell from %g to %g", frame, (double)last_top, (double)top);
            last_top = top;
            for (int i = 0; i < f.count; i++)
                if (!(f.entry[i].weight >= 0 && f.entry[i].weight <= 1))
                    fail_msg("frame %d: weight %g", frame, (double)f.entry[i].weight);
        }
        if (!(worst <= 1e-6))
            fail_msg("weights sum to 1 within %g, not 1e-6", worst);
        /* 0.3 s after the last switch only the first clip plays, at 1. */
        EXPECT_INT(1, f.count);
        EXPECT_INT(0, f.entry[0].clip);
        EXPECT_NEAR(1, f.entry[0].weight, 0);
    }
    free_clips(clips, 3);
}

static void smoothstep_weights_by_hand(void **state)
{
    (void)state;
    clip clips[2];
    standard_clips(clips, 2);
    crossfade f;
    crossfade_start(&f, clips, 0, true);
    do_switch(&f, clips, 2, 1, 1.0, FADE_SMOOTHSTEP, false);
    /* After 0.25 s of a 1 s smoothstep: 3 (1/4)^2 - 2 (1/4)^3 = 0.15625. */
    crossfade_advance(&f, 0.25, clips, NULL, 0);
    EXPECT_NEAR(0.15625, entry_of_clip(&f, 1)->weight, 1e-7);
    EXPECT_NEAR(0.84375, entry_of_clip(&f, 0)->weight, 1e-7);
    /* An interruption there, back to a over 0.5 s linear: a rises from
     * 0.84375; after 0.25 s, half way: 0.84375 + 0.5 (1 - 0.84375) = 0.921875. */
    do_switch(&f, clips, 2, 0, 0.5, FADE_LINEAR, false);
    EXPECT_NEAR(0.84375, entry_of_clip(&f, 0)->weight, 0);
    crossfade_advance(&f, 0.25, clips, NULL, 0);
    EXPECT_NEAR(0.921875, entry_of_clip(&f, 0)->weight, 1e-7);
    EXPECT_NEAR(0.078125, entry_of_clip(&f, 1)->weight, 1e-7);
    free_clips(clips, 2);
}

/* --- the animator ----------------------------------------------------------------- */

static void start_animator(animator *anim, const clip *clips, int count)
{
    sa_error err;
    if (!animator_init(anim, clips, count, 0, true, &err))
        fail_msg("animator_init: %s", err.message);
}

static void play(animator *anim, int clip, double duration, fade_curve curve, bool sync)
{
    sa_error err;
    if (!animator_play(anim, clip, true, duration, curve, sync, &err))
        fail_msg("animator_play: %s", err.message);
}

static void fade_starts_at_the_outgoing_pose_and_ends_at_the_incoming(void **state)
{
    (void)state;
    clip clips[2];
    standard_clips(clips, 2);
    animator anim;
    start_animator(&anim, clips, 2);
    transform pose[2], want[2];
    for (int frame = 0; frame < 20; frame++)
        animator_advance(&anim, DT, NULL, 0);
    play(&anim, 1, 0.5, FADE_SMOOTHSTEP, false);
    /* Right at the switch: a's pose at a's time (20/64 s), bit for bit. */
    animator_pose(&anim, pose);
    clip_sample(&clips[0], 0.3125f, NULL, want);
    for (int j = 0; j < 2; j++)
        expect_same_transform(&want[j], &pose[j], "pose at the fade's start");
    /* 0.5 s later (32 frames): b's pose at b's time (0.5 s from 0). */
    for (int frame = 0; frame < 32; frame++)
        animator_advance(&anim, DT, NULL, 0);
    EXPECT_INT(1, anim.fade.count);
    animator_pose(&anim, pose);
    clip_sample(&clips[1], (float)anim.fade.entry[0].clock.time, NULL, want);
    for (int j = 0; j < 2; j++)
        expect_same_transform(&want[j], &pose[j], "pose at the fade's end");
    EXPECT_NEAR(0.5, anim.fade.entry[0].clock.time, 1e-9);
    animator_free(&anim);
    free_clips(clips, 2);
}

static void an_interrupted_fade_does_not_pop(void **state)
{
    (void)state;
    /* Joint 0 moves at 2 m/s at most in each clip (a: 1 m along x in 0.5 s,
     * b: 2 m along y in 1 s, c: 1 m along z in 0.5 s), so the clips are never
     * more than |(1, 2, 1)| = sqrt 6 apart. In a fade of length L the weights
     * move at most dt c'/L a frame from where they were (c' at most 1 for
     * linear, 1.5 for smoothstep; the largest c'/L below is 1/0.25 s), so one
     * frame moves the blend at most dt (2 + sqrt 6 / 0.25). A fade that restarts from the
     * top clip alone, or a stack that drops a clip still fading out, jumps. */
    clip clips[3];
    standard_clips(clips, 3);
    animator anim;
    start_animator(&anim, clips, 3);
    transform pose[2];
    vec3 last = {0, 0, 0};
    double worst = 0, shortest = 0.25, bound = DT * (2 + sqrt(6.0) / shortest);
    for (int frame = 0; frame < 200; frame++) {
        if (frame == 40)
            play(&anim, 1, 0.5, FADE_LINEAR, false);
        if (frame == 52)
            play(&anim, 2, 0.4, FADE_SMOOTHSTEP, false);
        if (frame == 60)
            play(&anim, 0, 0.25, FADE_LINEAR, false);
        if (frame == 64)
            play(&anim, 1, 0.3, FADE_LINEAR, false);
        animator_advance(&anim, DT, NULL, 0);
        animator_pose(&anim, pose);
        if (frame > 0)
            worst = fmax(worst, glm_vec3_distance(last, pose[0].translation));
        glm_vec3_copy(pose[0].translation, last);
    }
    if (!(worst <= bound * 1.0001))
        fail_msg("joint 0 moved %g in one frame, more than %g: a pop", worst, bound);
    animator_free(&anim);
    free_clips(clips, 3);
}

static double normalized(const clip_clock *clock)
{
    return clock->time / clock->duration;
}

static void phase_sync_keeps_normalized_times_equal(void **state)
{
    (void)state;
    clip clips[2];
    moving_clip(&clips[0], "walk", 0, 1, 1.0f);
    moving_clip(&clips[1], "run", 0, 1.5f, 0.7f);
    animator anim;
    start_animator(&anim, clips, 2);
    for (int frame = 0; frame < 16; frame++) /* 0.25 s of the walk */
        animator_advance(&anim, DT, NULL, 0);
    play(&anim, 1, 0.5, FADE_LINEAR, true);
    /* The run starts at 0.25 of its cycle: 0.25 x 0.7 s. */
    EXPECT_NEAR(0.25 * 0.7f, entry_of_clip(&anim.fade, 1)->clock.time, 1e-9);
    int both = 0;
    for (int frame = 0; frame < 60; frame++) {
        animator_advance(&anim, DT, NULL, 0);
        const fade_entry *walk = entry_of_clip(&anim.fade, 0), *run = entry_of_clip(&anim.fade, 1);
        if (!walk)
            break;
        both++;
        double gap = fabs(normalized(&walk->clock) - normalized(&run->clock));
        gap = fmin(gap, 1 - gap); /* 0.999 and 0.001 are 0.002 apart on the cycle */
        if (!(gap <= 1e-9))
            fail_msg("frame %d of the fade: walk at %.9f of its cycle, run at %.9f", frame, normalized(&walk->clock),
                     normalized(&run->clock));
    }
    EXPECT_INT(31, both); /* the 32nd frame ends the fade of 0.5 s */
    /* After the fade the run plays at its own speed. */
    double before = anim.fade.entry[0].clock.time;
    animator_advance(&anim, 0.1, NULL, 0);
    EXPECT_NEAR(fmod(before + 0.1, anim.fade.entry[0].clock.duration), anim.fade.entry[0].clock.time, 1e-9);
    animator_free(&anim);
    free_clips(clips, 2);
}

static void events_fire_once_per_crossing_and_stop_at_weight_zero(void **state)
{
    (void)state;
    clip clips[2];
    moving_clip(&clips[0], "a", 0, 1, 1);
    moving_clip(&clips[1], "b", 1, 2, 0.7f);
    const float a_times[4] = {0.1f, 0.35f, 0.6f, 0.85f};
    for (int k = 0; k < 4; k++)
        add_event(&clips[0], "a", a_times[k]);
    add_event(&clips[1], "b", 0.5f);
    animator anim;
    start_animator(&anim, clips, 2);
    int a_fired[4] = {0}, b_fired = 0, a_left = -1;
    for (int frame = 0; frame < 300; frame++) {
        if (frame == 60) /* 0.9375 s into a, a fade of 32 frames */
            play(&anim, 1, 0.5, FADE_LINEAR, false);
        if (frame == 72) /* back to a (weight 0.625), still fading out: its clock goes on */
            play(&anim, 0, 0.375, FADE_LINEAR, false);
        if (frame == 78) /* and to b again (weight 0.28125), over 16 frames */
            play(&anim, 1, 0.25, FADE_LINEAR, false);
        fade_event fired[8];
        int n = animator_advance(&anim, DT, fired, 8);
        EXPECT_TRUE(n <= 8);
        for (int k = 0; k < n; k++) {
            if (fired[k].clip == 0) {
                if (a_left >= 0)
                    fail_msg("frame %d: a's event %d fired after a's weight reached 0 (frame %d)", frame,
                             fired[k].event, a_left);
                a_fired[fired[k].event]++;
            } else {
                b_fired++;
            }
        }
        if (a_left < 0 && !entry_of_clip(&anim.fade, 0))
            a_left = frame;
    }
    /* a's fade-out from frame 78 lasts 16 frames: out at frame 93. Its clock
     * ran from frame 0 to 93 without a restart: 94 frames, 1.46875 s, so the
     * events at 0.1 0.35 0.6 0.85 and 1.1 1.35 were crossed: twice the first
     * two, once the others. */
    EXPECT_INT(93, a_left);
    const int want_a[4] = {2, 2, 1, 1};
    for (int k = 0; k < 4; k++)
        if (a_fired[k] != want_a[k])
            fail_msg("a's event at %g fired %d times, expected %d", (double)a_times[k], a_fired[k], want_a[k]);
    /* b's clock: from frame 60 to 299 with one entry (no restart at the
     * switches): 240 frames = 3.75 s; its event at 0.5 of 0.7 s is crossed at
     * 0.5, 1.2, 1.9, 2.6 and 3.3: 5 times. */
    EXPECT_INT(5, b_fired);
    animator_free(&anim);
    free_clips(clips, 2);
}

static void a_fade_longer_than_the_rest_of_a_one_shot_clip(void **state)
{
    (void)state;
    clip clips[2];
    moving_clip(&clips[0], "action", 0, 1, 1);
    moving_clip(&clips[1], "idle", 1, 2, 2);
    crossfade f;
    crossfade_start(&f, clips, 0, false);
    crossfade_advance(&f, 0.8, clips, NULL, 0); /* clamped to the clock's max step: 0.25 */
    for (int i = 0; i < 32; i++)
        crossfade_advance(&f, DT, clips, NULL, 0);
    EXPECT_NEAR(0.75, f.entry[0].clock.time, 0);
    do_switch(&f, clips, 2, 1, 0.5, FADE_LINEAR, false);
    /* 20 frames later the action is over (0.25 s were left) and holds its
     * end, still at weight 1 - 20/32 = 0.375. */
    for (int i = 0; i < 20; i++)
        crossfade_advance(&f, DT, clips, NULL, 0);
    const fade_entry *action = entry_of_clip(&f, 0);
    EXPECT_TRUE(action != NULL);
    EXPECT_TRUE(action->clock.finished);
    EXPECT_NEAR(1.0, action->clock.time, 0);
    EXPECT_NEAR(0.375, action->weight, 1e-6);
    EXPECT_NEAR(1.0, weight_sum(&f), 1e-6);
    for (int i = 0; i < 12; i++)
        crossfade_advance(&f, DT, clips, NULL, 0);
    EXPECT_INT(1, f.count);
    EXPECT_INT(1, f.entry[0].clip);
    free_clips(clips, 2);
}

static void layers_and_additives_in_the_animator(void **state)
{
    (void)state;
    clip clips[3];
    moving_clip(&clips[0], "base", 0, 1, 1);
    moving_clip(&clips[1], "wave", 0, 2, 1);
    /* joint 1 of the wave moves too, so that the mask decides something. */
    {
        sa_error err;
        float times[2] = {0, 1}, values[6] = {0, 0, 0, 0, 0, 4};
        if (!clip_add_track(&clips[1], 1, TRACK_TRANSLATION, TRACK_LINEAR, 2, times, values, &err))
            fail_msg("%s", err.message);
    }
    moving_clip(&clips[2], "nod", 1, 1, 1);
    animator anim;
    start_animator(&anim, clips, 3);
    sa_error err;
    /* The layer on joint 1 alone: joint 0 is the base's, joint 1 the wave's. */
    const int parent[2] = {-1, 0};
    float mask[2];
    mask_from_joint(2, parent, 1, 0, mask);
    EXPECT_TRUE(animator_set_layer(&anim, 1, mask, 1.0f, &err));
    for (int frame = 0; frame < 16; frame++) /* 0.25 s */
        animator_advance(&anim, DT, NULL, 0);
    transform pose[2];
    animator_pose(&anim, pose);
    /* base at 0.25 s: x 0.5 on joint 0; wave at 0.25 s: joint 1 z 1. */
    EXPECT_VEC3(0.5, 0, 0, pose[0].translation, 1e-5);
    EXPECT_VEC3(0, 0, 1, pose[1].translation, 1e-5);
    /* The nod (joint 0 up 1 m and back in 1 s) as an additive from its first
     * frame (joint 0 at 0), at weight 0.5. */
    EXPECT_TRUE(animator_set_additive(&anim, 2, NULL, 0.5f, &err));
    for (int frame = 0; frame < 16; frame++)
        animator_advance(&anim, DT, NULL, 0);
    animator_pose(&anim, pose);
    /* Now 0.5 s: base x 1; the nod's clock started 0.25 s later, so it is at
     * 0.25 s, 0.5 up, times 0.5: y 0.25; the layer's joint 1 z 2. */
    EXPECT_VEC3(1, 0.25, 0, pose[0].translation, 1e-5);
    EXPECT_VEC3(0, 0, 2, pose[1].translation, 1e-5);

    /* Bad input: one line each. */
    mask[1] = 1.5f;
    EXPECT_TRUE(!animator_set_layer(&anim, 1, mask, 1.0f, &err));
    EXPECT_STR_CONTAINS(err.message, "layer mask[1] is 1.5, not within 0 .. 1");
    mask[1] = 1;
    EXPECT_TRUE(!animator_set_layer(&anim, 1, mask, 2.0f, &err));
    EXPECT_STR_CONTAINS(err.message, "layer weight 2 is not within 0 .. 1");
    EXPECT_TRUE(!animator_set_layer(&anim, 3, mask, 1.0f, &err));
    EXPECT_STR_CONTAINS(err.message, "layer clip 3 is not one of the 3 clips");
    EXPECT_TRUE(!animator_set_additive(&anim, 2, NULL, -0.5f, &err));
    EXPECT_STR_CONTAINS(err.message, "additive weight -0.5 is not within 0 .. 1");
    transform flat[2];
    transform_identity(&flat[0]);
    transform_identity(&flat[1]);
    flat[1].scale[2] = 0;
    EXPECT_TRUE(!animator_set_additive(&anim, 2, flat, 1.0f, &err));
    EXPECT_STR_CONTAINS(err.message, "joint 1 has scale 0");
    /* ... and the additive already playing goes on as it was. */
    animator_pose(&anim, pose);
    EXPECT_VEC3(1, 0.25, 0, pose[0].translation, 1e-5);
    EXPECT_VEC3(0, 0, 2, pose[1].translation, 1e-5);
    EXPECT_VEC3(1, 1, 1, pose[1].scale, 1e-6); /* not 1 / 0 */
    animator_free(&anim);
    free_clips(clips, 3);
}

/* A layer or an additive at weight 0 plays on silently: its clock runs (so
 * that raising the weight later does not restart it) but none of its events
 * fire. A clip of 1 s with an event at 0.5 s, 60 frames of 1/60 s: the
 * clock crosses 0.5 once, so 1 event at weight 0.5 and 0 at weight 0. The
 * base clip has no events. */
static void extras_at_weight_0_fire_no_events(void **state)
{
    (void)state;
    clip clips[2];
    moving_clip(&clips[0], "base", 0, 1, 1);
    moving_clip(&clips[1], "marked", 1, 1, 1);
    add_event(&clips[1], "step", 0.5f);
    const float weights[2] = {0.5f, 0.0f};
    const int want[2] = {1, 0};
    const float mask[2] = {1, 1};
    for (int extra = 0; extra < 2; extra++) /* the layer, then the additive */
        for (int k = 0; k < 2; k++) {
            animator anim;
            start_animator(&anim, clips, 2);
            sa_error err;
            bool set = extra == 0 ? animator_set_layer(&anim, 1, mask, weights[k], &err)
                                  : animator_set_additive(&anim, 1, NULL, weights[k], &err);
            if (!set)
                fail_msg("%s", err.message);
            int fired_total = 0;
            for (int frame = 0; frame < 60; frame++) {
                fade_event fired[8];
                int n = animator_advance(&anim, 1.0 / 60.0, fired, 8);
                for (int i = 0; i < n && i < 8; i++)
                    EXPECT_INT(1, fired[i].clip);
                fired_total += n;
            }
            if (fired_total != want[k])
                fail_msg("%s at weight %g: %d events in 1 s, expected %d", extra == 0 ? "layer" : "additive",
                         (double)weights[k], fired_total, want[k]);
            animator_free(&anim);
        }
    free_clips(clips, 2);
}

static void a_playing_clip_takes_a_speed(void **state)
{
    (void)state;
    clip clips[2];
    standard_clips(clips, 2);
    animator anim;
    start_animator(&anim, clips, 2);
    sa_error err;
    /* a at speed 0.5: 16 frames of 1/64 s move its clock 0.125 s. */
    EXPECT_TRUE(animator_set_speed(&anim, 0, 0.5, &err));
    for (int frame = 0; frame < 16; frame++)
        animator_advance(&anim, DT, NULL, 0);
    EXPECT_NEAR(0.125, anim.fade.entry[0].clock.time, 1e-12);
    /* a at speed 2 synced with b (2 s long) at speed 1, half way through a
     * fade of 1 s: the phase moves at 0.5 x 2 / 1 + 0.5 x 1 / 2 = 1.25
     * cycles a second, so a's clock at 1.25 s/s and b's at 2.5 s/s. */
    EXPECT_TRUE(animator_set_speed(&anim, 0, 2.0, &err));
    play(&anim, 1, 1.0, FADE_LINEAR, true);
    for (int frame = 0; frame < 32; frame++)
        animator_advance(&anim, DT, NULL, 0);
    crossfade_sync_speeds(&anim.fade);
    EXPECT_NEAR(1.25, entry_of_clip(&anim.fade, 0)->clock.speed, 1e-6);
    EXPECT_NEAR(2.5, entry_of_clip(&anim.fade, 1)->clock.speed, 1e-6);
    EXPECT_TRUE(!animator_set_speed(&anim, 2, 1.0, &err));
    EXPECT_STR_CONTAINS(err.message, "clip 2 is not playing");
    EXPECT_TRUE(!animator_set_speed(&anim, 0, NAN, &err));
    EXPECT_STR_CONTAINS(err.message, "is not a number");
    animator_free(&anim);
    free_clips(clips, 2);
}

static void bad_switches_are_one_line_errors(void **state)
{
    (void)state;
    clip clips[2];
    standard_clips(clips, 2);
    crossfade f;
    crossfade_start(&f, clips, 0, true);
    sa_error err;
    EXPECT_TRUE(!crossfade_switch(&f, clips, 2, 2, true, 0.5, FADE_LINEAR, false, &err));
    EXPECT_STR_CONTAINS(err.message, "clip 2 is not one of the 2 clips");
    EXPECT_TRUE(!crossfade_switch(&f, clips, 2, -1, true, 0.5, FADE_LINEAR, false, &err));
    EXPECT_STR_CONTAINS(err.message, "clip -1 is not one of the 2 clips");
    EXPECT_TRUE(!crossfade_switch(&f, clips, 2, 1, true, -0.5, FADE_LINEAR, false, &err));
    EXPECT_STR_CONTAINS(err.message, "fade length -0.5 is not a number of seconds >= 0");
    EXPECT_TRUE(!crossfade_switch(&f, clips, 2, 1, true, NAN, FADE_LINEAR, false, &err));
    EXPECT_STR_CONTAINS(err.message, "is not a number of seconds >= 0");
    EXPECT_INT(1, f.count); /* nothing changed */
    /* A fade of length 0 is a cut, at once. */
    EXPECT_TRUE(crossfade_switch(&f, clips, 2, 1, true, 0, FADE_LINEAR, false, &err));
    EXPECT_INT(1, f.count);
    EXPECT_INT(1, f.entry[0].clip);
    /* Clips over different skeletons cannot share an animator. */
    clip other;
    transform rest[3];
    for (int j = 0; j < 3; j++)
        transform_identity(&rest[j]);
    EXPECT_TRUE(clip_init(&other, "other", 3, rest, &err));
    clip mixed[2] = {clips[0], other};
    animator anim;
    EXPECT_TRUE(!animator_init(&anim, mixed, 2, 0, true, &err));
    EXPECT_STR_CONTAINS(err.message, "clip 1 has 3 joints, clip 0 has 2");
    clip_free(&other);
    free_clips(clips, 2);
}

static void a_full_stack_drops_the_smallest_weight(void **state)
{
    (void)state;
    clip clips[5];
    for (int i = 0; i < 5; i++)
        moving_clip(&clips[i], "c", i % 3, 1, 1);
    crossfade f;
    crossfade_start(&f, clips, 0, true);
    for (int i = 1; i < 5; i++) {
        do_switch(&f, clips, 5, i, 1.0, FADE_LINEAR, false);
        crossfade_advance(&f, 0.1, clips, NULL, 0);
    }
    EXPECT_INT(CROSSFADE_MAX, f.count);
    EXPECT_NEAR(1, weight_sum(&f), 1e-6);
    /* Which entry went, and the weights of those left. By hand: each switch
     * starts a linear fade of 1 s and 0.1 s of it plays (c = 0.1), so every
     * weight is scaled by 0.9 and the new clip gets 0.1. After c1, c2, c3:
     * c0 0.729, c1 0.081, c2 0.09, c3 0.1. The switch to c4 drops the
     * smallest, c1 (neither the oldest nor the newest), and shares its 0.081
     * out in proportion: each of the others over 1 - 0.081 = 0.919. Then 0.1
     * s of the fade to c4: c0 0.9 x 0.729 / 0.919, c2 0.9 x 0.09 / 0.919,
     * c3 0.9 x 0.1 / 0.919, c4 0.1. */
    const int want_clip[CROSSFADE_MAX] = {0, 2, 3, 4};
    const double want_weight[CROSSFADE_MAX] = {0.9 * 0.729 / 0.919, 0.9 * 0.09 / 0.919, 0.9 * 0.1 / 0.919, 0.1};
    for (int i = 0; i < CROSSFADE_MAX; i++) {
        if (f.entry[i].clip != want_clip[i])
            fail_msg("full stack: entry %d plays clip %d, expected clip %d (the one of smallest weight, clip 1, "
                     "dropped; the order kept)",
                     i, f.entry[i].clip, want_clip[i]);
        if (!(fabs(f.entry[i].weight - want_weight[i]) <= 1e-6))
            fail_msg("full stack: clip %d has weight %.7f, expected %.7f", want_clip[i], (double)f.entry[i].weight,
                     want_weight[i]);
    }
    /* The slots of the four playing clips are four different cursor arrays. */
    for (int i = 0; i < f.count; i++)
        for (int k = i + 1; k < f.count; k++)
            EXPECT_TRUE(f.entry[i].slot != f.entry[k].slot);
    free_clips(clips, 5);
}

/* --- morph target weights --------------------------------------------------------- */

static void weights_blend_by_hand(void **state)
{
    (void)state;
    const float a[4] = {0, 1, 0.5f, -2}, b[4] = {1, 0, 0.5f, 2}, mask[4] = {1, 0, 0.5f, 1};
    float out[4];
    weights_blend(4, a, b, 0.25f, NULL, out); /* a + 0.25 (b - a) */
    const float quarter[4] = {0.25f, 0.75f, 0.5f, -1};
    EXPECT_TRUE(memcmp(quarter, out, sizeof out) == 0);
    weights_blend(4, a, b, 0.5f, mask, out); /* w = 0.5, 0, 0.25, 0.5 */
    const float masked[4] = {0.5f, 1, 0.5f, 0};
    EXPECT_TRUE(memcmp(masked, out, sizeof out) == 0);
    weights_blend(4, a, b, 0, NULL, out);
    EXPECT_TRUE(memcmp(a, out, sizeof out) == 0);
    weights_blend(4, a, b, 1, NULL, out);
    EXPECT_TRUE(memcmp(b, out, sizeof out) == 0);
    float in_place[4] = {0, 1, 0.5f, -2};
    weights_blend(4, in_place, b, 0.25f, NULL, in_place);
    EXPECT_TRUE(memcmp(quarter, in_place, sizeof in_place) == 0);
    /* Additive: base + w (weights - reference): (0.5, 0) + 0.5 ((0.75, 1) - (0.25, 0)). */
    const float base[2] = {0.5f, 0}, reference[2] = {0.25f, 0}, weights[2] = {0.75f, 1};
    weights_additive_apply(2, base, reference, weights, 0.5f, out);
    EXPECT_NEAR(0.75, out[0], 0);
    EXPECT_NEAR(0.5, out[1], 0);
    weights_additive_apply(2, base, reference, reference, 1.0f, out); /* the reference adds nothing */
    EXPECT_TRUE(memcmp(base, out, sizeof base) == 0);
}

/* A clip of one still joint over two morph weights of rest (0.5, 0.5), with
 * one weight track over `count` weights from `start`. */
static void weights_only_clip(clip *c, const char *name, int start, int count, int keys, const float *times,
                              const float *values)
{
    transform rest;
    transform_identity(&rest);
    const float rest_weights[2] = {0.5f, 0.5f};
    sa_error err;
    if (!clip_init(c, name, 1, &rest, &err) || !clip_init_weights(c, 2, rest_weights, &err) ||
        !clip_add_weight_track(c, start, count, TRACK_LINEAR, keys, times, values, &err))
        fail_msg("weights_only_clip: %s", err.message);
}

static void the_animator_blends_morph_weights(void **state)
{
    (void)state;
    /* a: weights (1, 0) held; b: weight 1 at 1, weight 0 at rest (0.5);
     * c: weight 0 at 0 (a layer); d: weight 1 from 0 at 0 s to 1 at 1 s. */
    const float zero[1] = {0}, one_key[2] = {1, 0}, one[1] = {1}, ramp_times[2] = {0, 1}, ramp[2] = {0, 1};
    clip clips[4];
    weights_only_clip(&clips[0], "a", 0, 2, 1, zero, one_key);
    weights_only_clip(&clips[1], "b", 1, 1, 1, zero, one);
    weights_only_clip(&clips[2], "c", 0, 1, 1, zero, zero);
    weights_only_clip(&clips[3], "d", 1, 1, 2, ramp_times, ramp);
    animator anim;
    start_animator(&anim, clips, 4);
    EXPECT_INT(2, anim.weight_count);
    float w[2];
    animator_weights(&anim, w);
    EXPECT_NEAR(1, w[0], 0);
    EXPECT_NEAR(0, w[1], 0);
    /* A linear fade to b over 1 s, 0.25 s in: b weighs 0.25, so
     * (1 + 0.25 (0.5 - 1), 0 + 0.25 (1 - 0)) = (0.875, 0.25). */
    play(&anim, 1, 1.0, FADE_LINEAR, false);
    for (int frame = 0; frame < 16; frame++)
        animator_advance(&anim, DT, NULL, 0);
    animator_weights(&anim, w);
    EXPECT_NEAR(0.875, w[0], 1e-7);
    EXPECT_NEAR(0.25, w[1], 1e-7);
    animator_free(&anim);
    /* The same with c as a layer of weight 1 (a mask of no joint: c's
     * track sets weight 0 to 0, weight 1 is not c's) and d as an additive
     * of weight 0.5 from its first frame (0.5, 0): 0.25 s in d is at
     * (0.5, 0.25), adding 0.5 (0, 0.25): (0, 0.25 + 0.125). */
    start_animator(&anim, clips, 4);
    sa_error err;
    const float no_joint[1] = {0};
    if (!animator_set_layer(&anim, 2, no_joint, 1.0f, &err) || !animator_set_additive(&anim, 3, NULL, 0.5f, &err))
        fail_msg("layer, additive: %s", err.message);
    play(&anim, 1, 1.0, FADE_LINEAR, false);
    for (int frame = 0; frame < 16; frame++)
        animator_advance(&anim, DT, NULL, 0);
    animator_weights(&anim, w);
    EXPECT_NEAR(0, w[0], 0);
    EXPECT_NEAR(0.375, w[1], 1e-7);
    animator_free(&anim);
    /* Clips over different morph weights are not one scene. */
    clip other;
    transform rest;
    transform_identity(&rest);
    if (!clip_init(&other, "e", 1, &rest, &err))
        fail_msg("clip_init: %s", err.message);
    clip mixed[2] = {clips[0], other};
    EXPECT_TRUE(!animator_init(&anim, mixed, 2, 0, true, &err));
    EXPECT_STR_CONTAINS(err.message, "clip 1 has 0 morph weights, clip 0 has 2");
    clip_free(&other);
    free_clips(clips, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blend_ends_are_the_inputs_exactly),
        cmocka_unit_test(mid_blend_by_hand),
        cmocka_unit_test(a_mask_touches_only_masked_joints),
        cmocka_unit_test(out_may_be_a_or_b),
        cmocka_unit_test(bad_blend_jobs_are_one_line_errors),
        cmocka_unit_test(masks_cover_a_joint_and_its_descendants),
        cmocka_unit_test(additive_by_hand),
        cmocka_unit_test(additive_of_the_reference_gives_the_base),
        cmocka_unit_test(weights_sum_to_one_at_every_step),
        cmocka_unit_test(smoothstep_weights_by_hand),
        cmocka_unit_test(fade_starts_at_the_outgoing_pose_and_ends_at_the_incoming),
        cmocka_unit_test(an_interrupted_fade_does_not_pop),
        cmocka_unit_test(phase_sync_keeps_normalized_times_equal),
        cmocka_unit_test(events_fire_once_per_crossing_and_stop_at_weight_zero),
        cmocka_unit_test(a_fade_longer_than_the_rest_of_a_one_shot_clip),
        cmocka_unit_test(layers_and_additives_in_the_animator),
        cmocka_unit_test(extras_at_weight_0_fire_no_events),
        cmocka_unit_test(a_playing_clip_takes_a_speed),
        cmocka_unit_test(bad_switches_are_one_line_errors),
        cmocka_unit_test(a_full_stack_drops_the_smallest_weight),
        cmocka_unit_test(weights_blend_by_hand),
        cmocka_unit_test(the_animator_blends_morph_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
