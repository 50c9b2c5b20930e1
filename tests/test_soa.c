/* test_soa.c: chapter 12's SoA stage with values worked out by hand: the
 * float4 register (common/float4.h, whichever backend the build has; built
 * twice, test_soa_plain on the plain C path as other processors have it), half
 * floats, the packed clip's sampling (nlerp, not slerp; STEP; cursors), the
 * weighted-sum blend with its sign fix, and forward kinematics and skin
 * matrices against chapter 04 and 05's. */
#include "test_util.h"

#include "chapters/04_bone_tree/skeleton.h"
#include "chapters/05_inverse_bind/bind.h"
#include "chapters/12_data_oriented/soa_clip.h"

#define S45 0.70710678f /* sin 45 degrees = cos 45 degrees */

static float lane(float4 v, int i)
{
    return float4_get(v, i);
}

static void float4_by_hand(void **state)
{
    (void)state;
#ifdef SA_FLOAT4_PLAIN
    EXPECT_TRUE(strcmp(FLOAT4_BACKEND, "plain C") == 0); /* test_soa_plain: the path it is for */
#endif
    float4 a = float4_set(1, 2, 3, 4), b = float4_set(8, 6, 4, 2);
    float4 sum = float4_add(a, b), product = float4_mul(a, b), quotient = float4_div(b, a);
    EXPECT_NEAR(9, lane(sum, 0), 0);
    EXPECT_NEAR(8, lane(sum, 1), 0);
    EXPECT_NEAR(7, lane(sum, 2), 0);
    EXPECT_NEAR(6, lane(sum, 3), 0);
    EXPECT_NEAR(8, lane(product, 0), 0);
    EXPECT_NEAR(12, lane(product, 1), 0);
    EXPECT_NEAR(12, lane(product, 2), 0);
    EXPECT_NEAR(8, lane(product, 3), 0);
    EXPECT_NEAR(8, lane(quotient, 0), 0);
    EXPECT_NEAR(0.5, lane(quotient, 3), 0);
    EXPECT_NEAR(3, lane(float4_sqrt(float4_splat(9)), 2), 0);
    /* less: lanes 0, 1 and 2 (1 < 8, 2 < 6, 3 < 4), not 3 (4 < 2); select
     * takes a there, b elsewhere */
    float4 picked = float4_select(float4_less(a, b), a, b);
    EXPECT_NEAR(1, lane(picked, 0), 0);
    EXPECT_NEAR(2, lane(picked, 1), 0);
    EXPECT_NEAR(3, lane(picked, 2), 0);
    EXPECT_NEAR(2, lane(picked, 3), 0);
    /* xor with the sign bits of (-1, 1, -0, 2): lanes 0 and 2 flip */
    float4 flipped = float4_xor(a, float4_sign_bits(float4_set(-1, 1, -0.0f, 2)));
    EXPECT_NEAR(-1, lane(flipped, 0), 0);
    EXPECT_NEAR(2, lane(flipped, 1), 0);
    EXPECT_NEAR(-3, lane(flipped, 2), 0);
    EXPECT_NEAR(4, lane(flipped, 3), 0);
    EXPECT_NEAR(3, lane(float4_lane2(a), 0), 0);
    EXPECT_NEAR(4, lane(float4_lane3(a), 1), 0);
    /* the transpose: r[i] lane j becomes r[j] lane i (r[i] lane j = 4 i + j) */
    float4 r[4] = {float4_set(0, 1, 2, 3), float4_set(4, 5, 6, 7), float4_set(8, 9, 10, 11),
                   float4_set(12, 13, 14, 15)};
    float4_transpose(r);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            EXPECT_NEAR(4 * j + i, lane(r[i], j), 0);
    int16_t ints[4] = {-32768, -1, 0, 32767};
    float4 f = float4_from_int16(ints);
    EXPECT_NEAR(-32768, lane(f, 0), 0);
    EXPECT_NEAR(-1, lane(f, 1), 0);
    EXPECT_NEAR(32767, lane(f, 3), 0);
    /* loads and stores at any address: one float into 16-byte aligned
     * arrays, through volatile pointers, so that the compiler cannot see the
     * address and fold the load and store away (an aligned load or store
     * there traps) */
    _Alignas(16) float row[8] = {9, 1, 2, 3, 4, 5, 6, 7}, out[8] = {0};
    float *volatile from = row + 1, *volatile to = out + 1;
    float4_store(to, float4_load(from));
    EXPECT_NEAR(0, out[0], 0);
    EXPECT_NEAR(1, out[1], 0);
    EXPECT_NEAR(4, out[4], 0);
    EXPECT_NEAR(0, out[5], 0);
}

/* IEEE half floats: sign, 5 exponent bits (bias 15), 10 mantissa bits. */
static void half_floats_by_hand(void **state)
{
    (void)state;
    static const struct {
        uint16_t half;
        float value;
    } exact[] = {
        {0x3c00, 1.0f},            /* exponent 15 - 15 = 0, mantissa 0 */
        {0xc000, -2.0f},           /* sign, exponent 16 */
        {0x7bff, 65504.0f},        /* the largest: (2 - 2^-10) 2^15 */
        {0x0001, 0x1p-24f},        /* the smallest subnormal */
        {0x03ff, 1023 * 0x1p-24f}, /* the largest subnormal */
        {0x0400, 0x1p-14f},        /* the smallest normal */
        {0x3555, 0.333251953125f}, /* 1/3 rounded: 1.0101010101b 2^-2 */
        {0x3c01, 1.0009765625f},   /* 1 + 2^-10 */
    };
    for (size_t i = 0; i < sizeof exact / sizeof *exact; i++) {
        EXPECT_NEAR(exact[i].value, soa_float_from_half(exact[i].half), 0);
        EXPECT_INT(exact[i].half, soa_half_from_float(exact[i].value));
    }
    EXPECT_INT(0x3555, soa_half_from_float(1.0f / 3.0f));
    /* Ties go to the even mantissa: 1 + 2^-11 is half way between 1 and
     * 1 + 2^-10 (to 1), 1 + 3 2^-11 between 1 + 2^-10 and 1 + 2^-9 (to
     * 1 + 2^-9, mantissa 2); 2^-25 between 0 and 2^-24 (to 0). */
    EXPECT_INT(0x3c00, soa_half_from_float(1.0f + 0x1p-11f));
    EXPECT_INT(0x3c02, soa_half_from_float(1.0f + 3 * 0x1p-11f));
    EXPECT_INT(0x0000, soa_half_from_float(0x1p-25f));
    EXPECT_INT(0x0002, soa_half_from_float(3 * 0x1p-25f));
    EXPECT_INT(0x8000, soa_half_from_float(-0.0f));
    /* 65519 rounds down to 65504, 65520 up to infinity (which the packer refuses) */
    EXPECT_INT(0x7bff, soa_half_from_float(65519.0f));
    EXPECT_INT(0x7c00, soa_half_from_float(65520.0f));
    /* four at once, signs kept */
    uint16_t four[4] = {0x3c00, 0xbc00, 0x0001, 0x4500};
    float4 v = float4_from_half(four);
    EXPECT_NEAR(1, lane(v, 0), 0);
    EXPECT_NEAR(-1, lane(v, 1), 0);
    EXPECT_NEAR(0x1p-24, lane(v, 2), 0);
    EXPECT_NEAR(5, lane(v, 3), 0); /* 0x4500: 1.25 2^2 */
}

/* A clip over `joints` joints at rest (translation (j, 0, 0)). */
static void rest_clip(clip *c, int joints)
{
    transform rest[8];
    for (int j = 0; j < joints; j++)
        rest[j] = sa_transform((float)j, 0, 0, 0, 0, 0, 1, 1, 1, 1);
    sa_error err;
    assert_true(clip_init(c, "test", joints, rest, &err));
}

static void soa_lane_transform(const soa_transform *groups, int joint, transform *out)
{
    transform all[8];
    soa_to_transforms(joint + 1, groups, all);
    *out = all[joint];
}

/* Two rotation keys 90 degrees apart about z. At u = 1/2 nlerp and slerp
 * agree (45 degrees, by symmetry); at u = 1/4 nlerp gives
 * normalize(0.75 (0,0,0,1) + 0.25 (0,0,s,s)), s = sin 45:
 *     (0, 0, 0.1767767, 0.9267767) / 0.9434951 = (0, 0, 0.1873630, 0.9822873),
 * an angle of 2 atan(0.1873630 / 0.9822873) = 0.3772 rad, where slerp's is
 * 0.25 pi / 2 = 0.3927. */
static void rotations_are_nlerped_between_keys(void **state)
{
    (void)state;
    clip c;
    rest_clip(&c, 2);
    sa_error err;
    float times[2] = {0, 1}, rotations[8] = {0, 0, 0, 1, 0, 0, S45, S45};
    float positions[6] = {0, 0, 0, 2, 4, -6};
    assert_true(clip_add_track(&c, 1, TRACK_ROTATION, TRACK_LINEAR, 2, times, rotations, &err));
    assert_true(clip_add_track(&c, 0, TRACK_TRANSLATION, TRACK_LINEAR, 2, times, positions, &err));
    soa_clip p;
    assert_true(soa_clip_pack(&c, &p, &err));
    EXPECT_INT(1, p.group_count);
    EXPECT_INT(2, p.cursor_count);
    soa_transform g[1];
    uint16_t cursors[2] = {0, 0};
    transform t;
    soa_clip_sample(&p, 0.5f, cursors, g);
    soa_lane_transform(g, 1, &t);
    sa_expect_rotation((float[]){0, 0, 0.3826834f, 0.9238795f}, t.rotation, 1e-4, "t = 0.5 (45 degrees)");
    soa_clip_sample(&p, 0.25f, cursors, g);
    soa_lane_transform(g, 1, &t);
    sa_expect_rotation((float[]){0, 0, 0.1873630f, 0.9822873f}, t.rotation, 1e-4, "t = 0.25 (nlerp, not slerp)");
    /* (0.5, 1, -1.5): a quarter of the way, each a half float exactly; t is
     * rounded to a 65535th of the duration, so u is off by up to 1/131070
     * and each component by up to |b - a| / 131070 <= 6 / 131070 = 4.6e-5 */
    soa_lane_transform(g, 0, &t);
    EXPECT_VEC3(0.5, 1, -1.5, t.translation, 4.6e-5);
    /* Joint 1 has no translation track: its rest (1, 0, 0); no scale track: 1. */
    soa_lane_transform(g, 1, &t);
    EXPECT_VEC3(1, 0, 0, t.translation, 0);
    EXPECT_VEC3(1, 1, 1, t.scale, 0);
    /* The padding lanes 2 and 3 hold the identity. */
    for (int i = 2; i < 4; i++) {
        EXPECT_NEAR(0, lane(g[0].translation.x, i), 0);
        EXPECT_NEAR(1, lane(g[0].rotation.w, i), 0);
        EXPECT_NEAR(0, lane(g[0].rotation.x, i), 0);
        EXPECT_NEAR(1, lane(g[0].scale.y, i), 0);
    }
    /* Before the first key and after the last: held (clamped). */
    soa_clip_sample(&p, 7.0f, cursors, g);
    soa_lane_transform(g, 0, &t);
    EXPECT_VEC3(2, 4, -6, t.translation, 0);
    soa_clip_sample(&p, -1.0f, cursors, g);
    soa_lane_transform(g, 0, &t);
    EXPECT_VEC3(0, 0, 0, t.translation, 0);
    soa_clip_free(&p);
    clip_free(&c);
}

/* STEP: the key at or before t holds: keys (1,0,0) (2,0,0) (3,0,0) at 0, 1, 2. */
static void step_tracks_hold_the_key_before(void **state)
{
    (void)state;
    clip c;
    rest_clip(&c, 1);
    sa_error err;
    float times[3] = {0, 1, 2}, values[9] = {1, 0, 0, 2, 0, 0, 3, 0, 0};
    assert_true(clip_add_track(&c, 0, TRACK_TRANSLATION, TRACK_STEP, 3, times, values, &err));
    soa_clip p;
    assert_true(soa_clip_pack(&c, &p, &err));
    static const float at[] = {0.0f, 0.5f, 0.999f, 1.0f, 1.5f, 2.0f, 0.25f};
    static const float want[] = {1, 1, 1, 2, 2, 3, 1};
    uint16_t cursors[1] = {0};
    soa_transform g[1];
    for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
        soa_clip_sample(&p, at[i], cursors, g);
        EXPECT_NEAR(want[i], lane(g[0].translation.x, 0), 0);
    }
    soa_clip_free(&p);
    clip_free(&c);
}

/* A cursor from another clip (past this track's keys) and a clock that
 * loops back give what a fresh cursor gives, without reading past the keys
 * (the sanitizer build checks that). */
static void any_cursor_gives_the_same_pose(void **state)
{
    (void)state;
    clip c;
    rest_clip(&c, 5);
    sa_error err;
    float times[5] = {0, 0.5f, 1, 1.5f, 2}, values[15];
    for (int k = 0; k < 15; k++)
        values[k] = (float)(k * k % 7);
    assert_true(clip_add_track(&c, 4, TRACK_TRANSLATION, TRACK_LINEAR, 5, times, values, &err));
    soa_clip p;
    assert_true(soa_clip_pack(&c, &p, &err));
    EXPECT_INT(2, p.group_count); /* five joints: two groups, three padding lanes */
    soa_transform fresh[2], reused[2];
    for (int s = 0; s <= 40; s++) {
        float t = (float)((s * 7) % 41) / 20; /* jumping about, back and forth */
        uint16_t zero[1] = {0}, stale[1] = {60000};
        soa_clip_sample(&p, t, zero, fresh);
        soa_clip_sample(&p, t, stale, reused);
        EXPECT_TRUE(memcmp(&fresh[1].translation, &reused[1].translation, sizeof fresh[1].translation) == 0);
        EXPECT_TRUE(stale[0] <= 3); /* the interval it used: 0 .. key_count - 2 */
    }
    soa_clip_free(&p);
    clip_free(&c);
}

/* A cursor kept at a track's last key (key_count - 1: not an interval's
 * first key) after the track's last key: joint 0's translation x is -1, 1,
 * 2 at 0, 0.5 and 1 s, joint 1's keys at 0 and 2 s make the clip 2 s long.
 * At t = 1.5 with joint 0's cursor at 2, joint 0 holds its last key,
 * (2, 0, 0), and the cursor is moved back to an interval (0 or 1). */
static void a_cursor_at_the_last_key_reads_no_further(void **state)
{
    (void)state;
    clip c;
    rest_clip(&c, 2);
    sa_error err;
    float times0[3] = {0, 0.5f, 1}, values0[9] = {-1, 0, 0, 1, 0, 0, 2, 0, 0};
    float times1[2] = {0, 2}, values1[6] = {1, 0, 0, 3, 0, 0};
    assert_true(clip_add_track(&c, 0, TRACK_TRANSLATION, TRACK_LINEAR, 3, times0, values0, &err));
    assert_true(clip_add_track(&c, 1, TRACK_TRANSLATION, TRACK_LINEAR, 2, times1, values1, &err));
    soa_clip p;
    assert_true(soa_clip_pack(&c, &p, &err));
    int joint0 = p.tracks[SOA_TRANSLATION][0].cursor;
    assert_true(joint0 >= 0 && joint0 < p.cursor_count);
    uint16_t cursors[2] = {0, 0};
    cursors[joint0] = 2;
    soa_transform g[1];
    soa_clip_sample(&p, 1.5f, cursors, g);
    EXPECT_NEAR(2, lane(g[0].translation.x, 0), 0);
    EXPECT_NEAR(0, lane(g[0].translation.y, 0), 0);
    EXPECT_NEAR(0, lane(g[0].translation.z, 0), 0);
    /* joint 1 three quarters of the way: 1 + (3 - 1) 0.75 (t in 16-bit
     * steps of 2 / 65535: u off by at most 1 / 65535) */
    EXPECT_NEAR(2.5, lane(g[0].translation.x, 1), 1e-4);
    EXPECT_TRUE(cursors[joint0] <= 1);
    soa_clip_free(&p);
    clip_free(&c);
}

static void bad_clips_are_one_line_errors(void **state)
{
    (void)state;
    sa_error err;
    soa_clip p;
    clip c;
    rest_clip(&c, 2);
    float times[2] = {0, 1}, cubic[18] = {0};
    assert_true(clip_add_track(&c, 1, TRACK_TRANSLATION, TRACK_CUBICSPLINE, 2, times, cubic, &err));
    EXPECT_TRUE(!soa_clip_pack(&c, &p, &err));
    EXPECT_STR_CONTAINS(err.message, "track 0 (joint 1, translation): CUBICSPLINE");
    clip_free(&c);
    rest_clip(&c, 2);
    float far[6] = {0, 0, 0, 70000, 0, 0};
    assert_true(clip_add_track(&c, 0, TRACK_TRANSLATION, TRACK_LINEAR, 2, times, far, &err));
    EXPECT_TRUE(!soa_clip_pack(&c, &p, &err));
    EXPECT_STR_CONTAINS(err.message, "joint 0 translation: key 1 is beyond a half float's 65504");
    clip_free(&c);
    /* Keys 1e-6 s apart in a clip of 10 s: 16-bit steps are 10 / 65535 s. */
    rest_clip(&c, 1);
    float close[3] = {0, 1e-6f, 10}, three[9] = {0};
    assert_true(clip_add_track(&c, 0, TRACK_SCALE, TRACK_LINEAR, 3, close, three, &err));
    EXPECT_TRUE(!soa_clip_pack(&c, &p, &err));
    EXPECT_STR_CONTAINS(err.message, "joint 0 scale: keys 0 and 1 are closer than the clip's duration / 65535");
    clip_free(&c);
}

/* Smallest three: every component can be the largest, with either sign. */
static void smallest_three_keeps_every_rotation(void **state)
{
    (void)state;
    static const float rotations[][4] = {
        {1, 0, 0, 0}, {0, -1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, -1}, {0.5f, -0.5f, 0.5f, -0.5f}, {0.1f, 0.2f, -0.9f, 0.3f},
    };
    for (size_t i = 0; i < sizeof rotations / sizeof *rotations; i++) {
        clip c;
        rest_clip(&c, 1);
        sa_error err;
        float times[1] = {0};
        assert_true(clip_add_track(&c, 0, TRACK_ROTATION, TRACK_LINEAR, 1, times, rotations[i], &err));
        soa_clip p;
        assert_true(soa_clip_pack(&c, &p, &err));
        soa_transform g[1];
        transform t;
        soa_clip_sample(&p, 0, NULL, g);
        soa_lane_transform(g, 0, &t);
        char what[64];
        snprintf(what, sizeof what, "rotation %zu", i);
        /* the track normalized it (clip_add_track); each kept component
         * within half a step, 1 / (2 sqrt 2 32767) = 1.08e-5, the left-out
         * one within three times that */
        sa_expect_rotation(c.tracks[0].values, t.rotation, 3.3e-5, what);
        soa_clip_free(&p);
        clip_free(&c);
    }
}

/* The blend: translations (0,0,0) and (4,8,12) at weights 1 and 3 give a
 * quarter and three quarters: (3, 6, 9). Rotations: the identity and the
 * NEGATED 90 degrees about z, weights 1/2 and 1/2: the sum with the sign
 * fixed is 0.5 (0,0,0,1) + 0.5 (0,0,s,s) = (0,0,0.3535534,0.8535534), whose
 * length is 0.9238795: (0, 0, 0.3826834, 0.9238795), 45 degrees. Without
 * the sign fix it would be (0, 0, -0.3535534, 0.1464466): 2 atan(0.3535534 /
 * 0.1464466) = 135 degrees the other way. */
static void blend_by_hand(void **state)
{
    (void)state;
    transform a[1] = {sa_transform(0, 0, 0, 0, 0, 0, 1, 1, 1, 1)};
    transform b[1] = {sa_transform(4, 8, 12, 0, 0, -S45, -S45, 2, 2, 2)};
    soa_transform ga[1], gb[1], out[1];
    soa_from_transforms(1, a, ga);
    soa_from_transforms(1, b, gb);
    const soa_transform *poses[2] = {ga, gb};
    soa_blend(1, 2, poses, (float[]){1, 3}, out);
    transform t;
    soa_lane_transform(out, 0, &t);
    EXPECT_VEC3(3, 6, 9, t.translation, 1e-6);
    EXPECT_VEC3(1.75, 1.75, 1.75, t.scale, 1e-6);
    soa_blend(1, 2, poses, (float[]){0.5f, 0.5f}, out);
    soa_lane_transform(out, 0, &t);
    EXPECT_NEAR(0.3826834, t.rotation[2], 1e-6);
    EXPECT_NEAR(0.9238795, t.rotation[3], 1e-6);
    /* out may be poses[0]; three poses, the third the same as the first:
     * weights 1, 1, 2 give translation (4 + 0) / 4 = 1 per unit of b */
    const soa_transform *three[3] = {ga, gb, ga};
    soa_blend(1, 3, three, (float[]){1, 1, 2}, ga);
    soa_lane_transform(ga, 0, &t);
    EXPECT_VEC3(1, 2, 3, t.translation, 1e-6);
}

/* Forward kinematics against chapter 04's on a skeleton whose parents
 * cross groups, with non-uniform scales; skin matrices against chapter 05's. */
static void local_to_model_agrees_with_chapter_04(void **state)
{
    (void)state;
    enum { N = 7 };
    int parent[N] = {-1, 0, 1, 0, 3, 2, 5};
    transform local[N];
    for (int j = 0; j < N; j++) {
        versor q;
        glm_quat(q, 0.3f + 0.4f * (float)j, 0.2f * (float)j, 1.0f, -0.5f);
        local[j] = sa_transform(0.1f * (float)j, 1.0f, -0.2f * (float)j, q[0], q[1], q[2], q[3], 1.0f + 0.1f * (float)j,
                                0.8f, 1.2f);
    }
    skeleton s = {.joint_count = N, .parent = parent};
    mat4 want[N], got[N], bind[N], skin_want[N], skin_got[N];
    skeleton_local_to_model(&s, local, want);
    soa_transform groups[2];
    soa_from_transforms(N, local, groups);
    soa_local_to_model(N, parent, groups, got);
    for (int j = 0; j < N; j++)
        EXPECT_MAT4_NEAR(want[j], got[j], 1e-5);
    int joint_of_skin_joint[N];
    for (int k = 0; k < N; k++) {
        joint_of_skin_joint[k] = N - 1 - k;
        glm_mat4_inv(want[k], bind[k]);
    }
    skin_matrices(N, joint_of_skin_joint, want, bind, skin_want);
    soa_skin_matrices(N, joint_of_skin_joint, got, bind, skin_got);
    for (int k = 0; k < N; k++)
        EXPECT_MAT4_NEAR(skin_want[k], skin_got[k], 1e-5);
    /* by hand: a root at (1, 0, 0) turned 90 degrees about z, its child at
     * (0, 1, 0) in it: (1, 0, 0) + Rz90 (0, 1, 0) = (0, 0, 0) */
    transform two[2] = {sa_transform(1, 0, 0, 0, 0, S45, S45, 1, 1, 1), sa_transform(0, 1, 0, 0, 0, 0, 1, 1, 1, 1)};
    int two_parents[2] = {-1, 0};
    soa_from_transforms(2, two, groups);
    soa_local_to_model(2, two_parents, groups, got);
    EXPECT_VEC3(0, 0, 0, got[1][3], 1e-6);
}

/* soa_to_transforms writes joint_count transforms, not the padding. */
static void to_transforms_writes_only_the_joints(void **state)
{
    (void)state;
    transform in[3] = {sa_transform(1, 2, 3, 0, 0, 0, 1, 1, 1, 1), sa_transform(4, 5, 6, 0, 0, 0, 1, 2, 2, 2),
                       sa_transform(7, 8, 9, 0, 1, 0, 0, 3, 3, 3)};
    soa_transform g[1];
    soa_from_transforms(3, in, g);
    transform out[4];
    memset(out, 0x5a, sizeof out);
    soa_to_transforms(3, g, out);
    EXPECT_VEC3(7, 8, 9, out[2].translation, 0);
    EXPECT_VEC3(2, 2, 2, out[1].scale, 0);
    unsigned char guard[sizeof(transform)];
    memset(guard, 0x5a, sizeof guard);
    EXPECT_TRUE(memcmp(&out[3], guard, sizeof guard) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(float4_by_hand),
        cmocka_unit_test(half_floats_by_hand),
        cmocka_unit_test(rotations_are_nlerped_between_keys),
        cmocka_unit_test(step_tracks_hold_the_key_before),
        cmocka_unit_test(any_cursor_gives_the_same_pose),
        cmocka_unit_test(a_cursor_at_the_last_key_reads_no_further),
        cmocka_unit_test(bad_clips_are_one_line_errors),
        cmocka_unit_test(smallest_three_keeps_every_rotation),
        cmocka_unit_test(blend_by_hand),
        cmocka_unit_test(local_to_model_agrees_with_chapter_04),
        cmocka_unit_test(to_transforms_writes_only_the_joints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
