/* Grading tests for exercise ex09.1: pose_blend() blends two poses joint by
 * joint in local TRS: the weight of b is weight * mask[j] (weight without a
 * mask), translation and scale by a + w (b - a), rotation by slerp the
 * shortest way round, the inputs exactly at w <= 0 and w >= 1, out allowed
 * to be a or b. Every expected value is worked out by hand beside it. */
#include "tests/test_util.h"
#include "chapters/09_crossfade/blend.h"

#define S45 0.70710678f /* sin 45 degrees = cos 45 degrees */

static const double tol = 1e-5;

static void expect_joint(const char *what, int j, const transform *want, const transform *got)
{
    for (int i = 0; i < 3; i++) {
        if (!(fabs(got->translation[i] - want->translation[i]) <= tol))
            fail_msg("ex09.1: %s: joint %d: translation[%d]: expected %.6g, got %.6g (a + w (b - a))", what, j, i,
                     (double)want->translation[i], (double)got->translation[i]);
        if (!(fabs(got->scale[i] - want->scale[i]) <= tol))
            fail_msg("ex09.1: %s: joint %d: scale[%d]: expected %.6g, got %.6g (a + w (b - a) per axis, in TRS: a "
                     "blend of matrices shrinks a turning joint)",
                     what, j, i, (double)want->scale[i], (double)got->scale[i]);
    }
    char name[160];
    snprintf(name, sizeof name, "ex09.1: %s: joint %d: rotation (slerp, the shortest way round)", what, j);
    sa_expect_rotation(want->rotation, got->rotation, tol, name);
}

static void expect_bits(const char *what, int j, const transform *want, const transform *got)
{
    /* Field by field: the struct's padding bytes are no part of the value. */
    if (memcmp(want->translation, got->translation, sizeof want->translation) != 0 ||
        memcmp(want->rotation, got->rotation, sizeof want->rotation) != 0 ||
        memcmp(want->scale, got->scale, sizeof want->scale) != 0)
        fail_msg("ex09.1: %s: joint %d is not the input transform bit for bit (translation %.9g %.9g %.9g, expected "
                 "%.9g %.9g %.9g; at w <= 0 copy a, at w >= 1 copy b)",
                 what, j, (double)got->translation[0], (double)got->translation[1], (double)got->translation[2],
                 (double)want->translation[0], (double)want->translation[1], (double)want->translation[2]);
}

/* Three joints; b[1]'s rotation is -a[1]'s (one rotation, opposite signs),
 * b[0] is a[0] turned 90 degrees about z, stored with a negative w. */
static void poses(transform a[3], transform b[3])
{
    a[0] = sa_transform(0, 0, 0, 0, 0, 0, 1, 1, 1, 1);
    b[0] = sa_transform(2, 4, -6, 0, 0, -S45, -S45, 3, 1, 2);
    a[1] = sa_transform(0.1f, 0.2f, 0.3f, 0, S45, 0, S45, 2, 2, 2);
    b[1] = sa_transform(0.7f, -0.9f, 1.1f, 0, -S45, 0, -S45, 1, 1, 1);
    a[2] = sa_transform(1, 1, 1, S45, 0, 0, S45, 1, 0.5f, 1);
    b[2] = sa_transform(9, 8, 7, 0, 0, 0, 1, 2, 2, 2);
}

/* Blends into an array of five with markers after the third joint. */
static void blend(const transform *a, const transform *b, float weight, const float *mask, transform out[5])
{
    for (int j = 0; j < 5; j++)
        out[j] = sa_transform(-777, -777, -777, 0, 0, 0, 1, -777, -777, -777);
    pose_blend(3, a, b, weight, mask, out);
    for (int j = 3; j < 5; j++)
        if (out[j].translation[0] != -777)
            fail_msg("ex09.1: wrote joint %d of a pose of 3 joints", j);
}

static void a_quarter_of_the_way(void **state)
{
    (void)state;
    transform a[3], b[3], out[5];
    poses(a, b);
    blend(a, b, 0.25f, NULL, out);
    /* Joint 0: t (0.5 1 -1.5), s (1.5 1 1.25); 90 degrees about z with the
     * sign flipped to a's side, a quarter: 22.5 degrees about z =
     * (0 0 sin 11.25 cos 11.25) = (0 0 0.1950903 0.9807853). Weight reversed
     * (0.75) gives 67.5 degrees; nlerp gives (0 0 0.1874 0.9823); the long
     * way round turns the other way. */
    transform want = sa_transform(0.5f, 1, -1.5f, 0, 0, 0.19509032f, 0.98078528f, 1.5f, 1, 1.25f);
    expect_joint("weight 0.25", 0, &want, &out[0]);
    /* Joint 1: t (0.25 -0.075 0.5), s (1.75 1.75 1.75); a and b one rotation,
     * so it stays (not half way round the long way). */
    want = sa_transform(0.25f, -0.075f, 0.5f, 0, S45, 0, S45, 1.75f, 1.75f, 1.75f);
    expect_joint("weight 0.25, rotations of opposite sign", 1, &want, &out[1]);
    /* Joint 2: t (3 2.75 2.5), s (1.25 0.875 1.25), 90 degrees about x to
     * the identity a quarter of the way: 67.5 degrees about x =
     * (sin 33.75 0 0 cos 33.75) = (0.5555702 0 0 0.8314696). */
    want = sa_transform(3, 2.75f, 2.5f, 0.55557023f, 0, 0, 0.83146961f, 1.25f, 0.875f, 1.25f);
    expect_joint("weight 0.25", 2, &want, &out[2]);
}

static void half_way_is_a_rotation_not_a_shrinking_matrix(void **state)
{
    (void)state;
    transform a[3], b[3], out[5];
    poses(a, b);
    blend(a, b, 0.5f, NULL, out);
    /* Joint 0 half way: 45 degrees about z, (0 0 0.3826834 0.9238795), scale
     * (2 1 1.5). The average of the two matrices would be a rotation by 45
     * degrees scaled by cos 45 in x and y: a limb 29% shorter. */
    transform want = sa_transform(1, 2, -3, 0, 0, 0.38268343f, 0.92387953f, 2, 1, 1.5f);
    expect_joint("weight 0.5", 0, &want, &out[0]);
}

static void the_ends_are_the_inputs_exactly(void **state)
{
    (void)state;
    transform a[3], b[3], out[5];
    poses(a, b);
    blend(a, b, 0.0f, NULL, out);
    for (int j = 0; j < 3; j++)
        expect_bits("weight 0", j, &a[j], &out[j]);
    blend(a, b, 1.0f, NULL, out);
    for (int j = 0; j < 3; j++)
        expect_bits("weight 1", j, &b[j], &out[j]);
    /* Past the ends: the same (a weight of 1.0001 does not overshoot). */
    blend(a, b, -0.5f, NULL, out);
    for (int j = 0; j < 3; j++)
        expect_bits("weight -0.5", j, &a[j], &out[j]);
    blend(a, b, 1.5f, NULL, out);
    for (int j = 0; j < 3; j++)
        expect_bits("weight 1.5", j, &b[j], &out[j]);
}

static void the_mask_scales_the_weight_per_joint(void **state)
{
    (void)state;
    transform a[3], b[3], out[5];
    poses(a, b);
    /* mask 0 1 0.5 at weight 1: joint 0 stays a exactly, joint 1 is b
     * exactly, joint 2 half way: t (5 4.5 4), s (1.5 1.25 1.5), 45 degrees
     * about x (0.3826834 0 0 0.9238795). */
    const float mask[3] = {0, 1, 0.5f};
    blend(a, b, 1.0f, mask, out);
    expect_bits("mask 0 (weight 1)", 0, &a[0], &out[0]);
    expect_bits("mask 1 (weight 1)", 1, &b[1], &out[1]);
    transform want = sa_transform(5, 4.5f, 4, 0.38268343f, 0, 0, 0.92387953f, 1.5f, 1.25f, 1.5f);
    expect_joint("mask 0.5, weight 1", 2, &want, &out[2]);
    /* Weight 0.5 times the mask: joint 0 still a, joint 1 at 0.5 (t (0.4
     * -0.35 0.7), s 1.5), joint 2 at 0.25 (as in a_quarter_of_the_way). */
    blend(a, b, 0.5f, mask, out);
    expect_bits("mask 0 (weight 0.5)", 0, &a[0], &out[0]);
    want = sa_transform(0.4f, -0.35f, 0.7f, 0, S45, 0, S45, 1.5f, 1.5f, 1.5f);
    expect_joint("mask 1, weight 0.5 (w = weight x mask)", 1, &want, &out[1]);
    want = sa_transform(3, 2.75f, 2.5f, 0.55557023f, 0, 0, 0.83146961f, 1.25f, 0.875f, 1.25f);
    expect_joint("mask 0.5, weight 0.5 (w = weight x mask)", 2, &want, &out[2]);
}

static void out_may_be_a_or_b(void **state)
{
    (void)state;
    transform a[3], b[3], want[5], same[3];
    poses(a, b);
    const float mask[3] = {1, 0.5f, 0.25f};
    blend(a, b, 0.6f, mask, want);
    memcpy(same, a, sizeof a);
    pose_blend(3, same, b, 0.6f, mask, same);
    for (int j = 0; j < 3; j++)
        expect_joint("out is a", j, &want[j], &same[j]);
    memcpy(same, b, sizeof b);
    pose_blend(3, a, same, 0.6f, mask, same);
    for (int j = 0; j < 3; j++)
        expect_joint("out is b (read b's joint before writing it)", j, &want[j], &same[j]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex09.1", a_quarter_of_the_way),
        SA_EXERCISE_CASE("ex09.1", half_way_is_a_rotation_not_a_shrinking_matrix),
        SA_EXERCISE_CASE("ex09.1", the_ends_are_the_inputs_exactly),
        SA_EXERCISE_CASE("ex09.1", the_mask_scales_the_weight_per_joint),
        SA_EXERCISE_CASE("ex09.1", out_may_be_a_or_b),
    };
    return cmocka_run_group_tests_name("ex09.1 pose blend", tests, NULL, NULL);
}
