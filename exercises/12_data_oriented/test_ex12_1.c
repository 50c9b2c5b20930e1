/* Grading tests for exercise ex12.1: soa_from_transforms() writes the AoS
 * pose in[joint_count] as soa_group_count(joint_count) = (joint_count + 3) / 4
 * SoA groups: joint j goes to out[j / 4], lane j % 4, of every member
 * (translation x y z, rotation x y z w, scale x y z); the lanes past the last
 * joint are the identity (translation 0, rotation 0 0 0 1, scale 1), and in is
 * read only at 0 .. joint_count - 1.
 *
 * Every float of the test poses says where it comes from: joint j's member m
 * holds 100 j + c, with c = 1 2 3 for translation x y z, 11 12 13 14 for
 * rotation x y z w and 21 22 23 for scale x y z (joint 6's rotation w is
 * 614). So each expected value is that formula, and a wrong value names
 * the joint and member it was taken from. (The rotations are not unit
 * quaternions: moving floats from one place to another never looks at them.)
 * The groups past the ones that may be written hold a canary, -777. */
#include "tests/test_util.h"
#include "chapters/12_data_oriented/soa_pose.h"

#define CANARY (-777.0f)

/* The ten members of a group, in the order of soa_transform. */
static const char *const member_name[10] = {"translation x", "translation y", "translation z", "rotation x",
                                            "rotation y",    "rotation z",    "rotation w",    "scale x",
                                            "scale y",       "scale z"};
/* c of 100 j + c for member m. */
static const int member_code[10] = {1, 2, 3, 11, 12, 13, 14, 21, 22, 23};
/* The identity transform, member by member: translation 0, rotation 0 0 0 1,
 * scale 1. */
static const float identity_member[10] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1};

static float code(int j, int m)
{
    return (float)(100 * j + member_code[m]);
}

static float4 member(const soa_transform *g, int m)
{
    const float4 all[10] = {g->translation.x, g->translation.y, g->translation.z, g->rotation.x, g->rotation.y,
                            g->rotation.z,    g->rotation.w,    g->scale.x,       g->scale.y,    g->scale.z};
    return all[m];
}

/* Joint j of the test pose (any j: the guard joints past joint_count too). */
static transform joint(int j)
{
    return sa_transform(code(j, 0), code(j, 1), code(j, 2), code(j, 3), code(j, 4), code(j, 5), code(j, 6), code(j, 7),
                        code(j, 8), code(j, 9));
}

static void fill_canary(soa_transform *out, int groups)
{
    float4 c = float4_splat(CANARY);
    for (int g = 0; g < groups; g++)
        out[g] = (soa_transform){{c, c, c}, {c, c, c, c}, {c, c, c}};
}

/* What a wrong value probably is, for the message. */
static void describe(float v, int joint_count, char *out, size_t len)
{
    if (v == CANARY) {
        snprintf(out, len, "the canary: this lane was never written");
        return;
    }
    if (v == 0 || v == 1) {
        snprintf(out, len, "as the identity has it: no joint's value");
        return;
    }
    if (!(v > 0 && v < 1e6f)) { /* NaN or out of int's range: (int)v would be undefined */
        snprintf(out, len, "from no joint");
        return;
    }
    int whole = (int)v;
    if ((float)whole == v) {
        int j = whole / 100, c = whole % 100;
        for (int m = 0; m < 10; m++)
            if (member_code[m] == c) {
                if (j < joint_count)
                    snprintf(out, len, "joint %d's %s", j, member_name[m]);
                else
                    snprintf(out, len, "in[%d]'s %s: in[] past joint_count %d, which must not be read", j,
                             member_name[m], joint_count);
                return;
            }
    }
    snprintf(out, len, "from no joint");
}

/* Groups 0 .. soa_group_count(joint_count) - 1 hold the pose and the
 * identity past it; groups from there to `given` (the caller's array) still
 * hold the canary. */
static void expect_groups(const char *what, int joint_count, const soa_transform *out, int given)
{
    int groups = (joint_count + 3) / 4; /* written out, not soa_group_count: the contract's number */
    for (int g = 0; g < groups; g++)
        for (int lane = 0; lane < 4; lane++) {
            int j = 4 * g + lane;
            for (int m = 0; m < 10; m++) {
                float want = j < joint_count ? code(j, m) : identity_member[m];
                float got = float4_get(member(&out[g], m), lane);
                if (got == want)
                    continue;
                char where[96], got_is[128];
                if (j < joint_count)
                    snprintf(where, sizeof where, "joint %d", j);
                else
                    snprintf(where, sizeof where, "a padding lane, past the last joint %d", joint_count - 1);
                describe(got, joint_count, got_is, sizeof got_is);
                if (j < joint_count)
                    fail_msg("ex12.1: %s: out[%d] lane %d (%s): %s: expected %g (joint %d's %s), got %g (%s); "
                             "joint j goes to out[j / 4], lane j %% 4",
                             what, g, lane, where, member_name[m], (double)want, j, member_name[m], (double)got,
                             got_is);
                else
                    fail_msg("ex12.1: %s: out[%d] lane %d (%s): %s: expected %g (the identity: translation 0, "
                             "rotation 0 0 0 1, scale 1), got %g (%s)",
                             what, g, lane, where, member_name[m], (double)want, (double)got, got_is);
            }
        }
    for (int g = groups; g < given; g++)
        for (int m = 0; m < 10; m++)
            for (int lane = 0; lane < 4; lane++)
                if (float4_get(member(&out[g], m), lane) != CANARY)
                    fail_msg("ex12.1: %s: out[%d] was written (%s, lane %d: %g), but %d joints make %d group%s "
                             "((joint_count + 3) / 4)",
                             what, g, member_name[m], lane, (double)float4_get(member(&out[g], m), lane), joint_count,
                             groups, groups == 1 ? "" : "s");
}

/* Transposes the first joint_count joints of the pose into `given` groups
 * of canaries and checks them all. */
static void transpose_and_check(const char *what, int joint_count, int given)
{
    transform in[16];
    soa_transform out[5];
    for (int j = 0; j < 16; j++)
        in[j] = joint(j);
    fill_canary(out, given);
    soa_from_transforms(joint_count, in, out);
    expect_groups(what, joint_count, out, given);
}

static void seven_joints_make_two_groups(void **state)
{
    (void)state;
    transform in[7];
    soa_transform out[4];
    for (int j = 0; j < 7; j++)
        in[j] = joint(j);
    fill_canary(out, 4);
    soa_from_transforms(7, in, out);
    /* (7 + 3) / 4 = 2 groups. A few lanes written out:
     *   joint 1 -> out[0] lane 1: translation y = 100 + 2 = 102;
     *   joint 4 -> out[1] lane 0: rotation x = 400 + 11 = 411;
     *   joint 6 -> out[1] lane 2: rotation w = 600 + 14 = 614, scale z = 623;
     *   lane 7 -> out[1] lane 3: the identity, rotation w 1, scale x 1. */
    const struct {
        float4 v;
        int lane;
        float want;
        const char *name;
    } spot[] = {
        {out[0].translation.y, 1, 102, "out[0].translation.y lane 1 (joint 1)"},
        {out[1].rotation.x, 0, 411, "out[1].rotation.x lane 0 (joint 4)"},
        {out[1].rotation.w, 2, 614, "out[1].rotation.w lane 2 (joint 6)"},
        {out[1].scale.z, 2, 623, "out[1].scale.z lane 2 (joint 6)"},
        {out[1].rotation.w, 3, 1, "out[1].rotation.w lane 3 (padding: the identity)"},
        {out[1].scale.x, 3, 1, "out[1].scale.x lane 3 (padding: the identity)"},
    };
    for (size_t i = 0; i < sizeof spot / sizeof spot[0]; i++) {
        float got = float4_get(spot[i].v, spot[i].lane);
        if (got != spot[i].want) {
            char got_is[128];
            describe(got, 7, got_is, sizeof got_is);
            fail_msg("ex12.1: 7 joints: %s: expected %g, got %g (%s)", spot[i].name, (double)spot[i].want, (double)got,
                     got_is);
        }
    }
    /* Then every lane of both groups, and out[2], out[3] untouched. */
    expect_groups("7 joints", 7, out, 4);
}

static void thirteen_joints_every_lane(void **state)
{
    (void)state;
    /* (13 + 3) / 4 = 4 groups; joints 12 -> out[3] lane 0; lanes 1-3 of
     * out[3] the identity; out[4] untouched. */
    transpose_and_check("13 joints", 13, 5);
}

static void whole_groups_have_no_padding(void **state)
{
    (void)state;
    /* 8 joints: (8 + 3) / 4 = 2 groups exactly, out[2] not written (8 / 4 + 1 = 3 would be one too many). */
    transpose_and_check("8 joints", 8, 4);
    /* 4 joints: 1 group. */
    transpose_and_check("4 joints", 4, 3);
    /* 5 joints: 2 groups, out[1] lanes 1-3 the identity (5 / 4 = 1 would be one too few). */
    transpose_and_check("5 joints", 5, 4);
    /* 1 joint: 1 group, lanes 1-3 the identity. */
    transpose_and_check("1 joint", 1, 3);
    /* 0 joints: 0 groups, nothing written. */
    transpose_and_check("0 joints", 0, 2);
}

static void padding_lanes_ignore_the_joints_past_the_count(void **state)
{
    (void)state;
    /* The caller's array goes on past joint_count (here 5 of 8 joints, and
     * 6 of 8, 7 of 8): in[5..7] hold joints too, but the lanes past the count
     * are the identity whatever is there (0 0 0, 0 0 0 1, 1 1 1), not 501.. */
    transform in[8];
    for (int j = 0; j < 8; j++)
        in[j] = joint(j);
    for (int n = 5; n <= 7; n++) {
        soa_transform out[3];
        fill_canary(out, 3);
        soa_from_transforms(n, in, out);
        char what[64];
        snprintf(what, sizeof what, "%d joints of an array of 8", n);
        expect_groups(what, n, out, 3);
    }
}

static void reads_nothing_past_joint_count(void **state)
{
    (void)state;
    /* The pose at the very end of a block of exactly joint_count transforms,
     * and out exactly soa_group_count(joint_count) groups: with
     * -DSA_SANITIZE=ON a read of in[joint_count] or a write of out[groups]
     * stops the test here, with AddressSanitizer's report of where. */
    for (int n = 1; n <= 9; n++) {
        int groups = (n + 3) / 4;
        transform *in = malloc((size_t)n * sizeof *in);
        soa_transform *out = malloc((size_t)groups * sizeof *out);
        if (!in || !out)
            fail_msg("ex12.1: out of memory");
        for (int j = 0; j < n; j++)
            in[j] = joint(j);
        fill_canary(out, groups);
        soa_from_transforms(n, in, out);
        char what[64];
        snprintf(what, sizeof what, "%d joint%s in a block of exactly %d", n, n == 1 ? "" : "s", n);
        expect_groups(what, n, out, groups);
        free(in);
        free(out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex12.1", seven_joints_make_two_groups),
        SA_EXERCISE_CASE("ex12.1", thirteen_joints_every_lane),
        SA_EXERCISE_CASE("ex12.1", whole_groups_have_no_padding),
        SA_EXERCISE_CASE("ex12.1", padding_lanes_ignore_the_joints_past_the_count),
        SA_EXERCISE_CASE("ex12.1", reads_nothing_past_joint_count),
    };
    return cmocka_run_group_tests_name("ex12.1 soa from transforms", tests, NULL, NULL);
}
