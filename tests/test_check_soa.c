/* test_check_soa.c: the bounds --check-soa compares with (chapter 12's
 * check_soa.h), against the values book 12 derives and its table (computed
 * in Python, double precision, on a grid of 200,001 weights), and the
 * check's verdict on errors near them. */
#include "test_util.h"

#include "chapters/12_data_oriented/check_soa.h"
#include "chapters/12_data_oriented/soa_clip.h"

/* nlerp's largest rotation error between two rotations A apart is that of
 * the quaternions, theta = A / 2 apart on the sphere, doubled (book 12's
 * table): 4.01e-6 rad at A = 0.1, 4.06e-3 at 1, 3.38e-2 at 2. Taken at the
 * full angle, A in place of theta, it is about 4 times more. */
static void nlerp_error_is_the_half_angle_doubled(void **state)
{
    (void)state;
    double speed;
    EXPECT_NEAR(4.0099e-6, check_soa_nlerp_error(0.1, &speed), 0.01 * 4.01e-6);
    EXPECT_NEAR(4.0602e-3, check_soa_nlerp_error(1.0, &speed), 0.01 * 4.06e-3);
    /* nlerp's speed at its fastest over slerp's, 1 / cos^2(theta / 2) */
    EXPECT_NEAR(1.0652, speed, 1e-3);
    EXPECT_NEAR(3.3777e-2, check_soa_nlerp_error(2.0, &speed), 0.01 * 3.38e-2);
    EXPECT_NEAR(0, check_soa_nlerp_error(0, &speed), 0);
    /* the blend at the weight where nlerp's error peaks (0.222 at A = 2):
     * the same 3.38e-2 rad, plus 2e-6 for float rounding */
    EXPECT_NEAR(3.3777e-2 + 2e-6, check_soa_blend_bound(2.0, 0.222, 0, true), 1e-6);
    /* left out with --quantization-only: the rounding alone */
    EXPECT_NEAR(2e-6, check_soa_blend_bound(2.0, 0.222, 0, false), 1e-12);
}

/* One joint turning 1 rad about z between keys at 0 and 1 s (LINEAR), in a
 * clip of 1 s, sampled at t = 0.2138, where nlerp's error peaks. The bound:
 *     nlerp's largest error             4.060e-3
 *     S (A dt / 1 + q), S = 1.0652,     1.0652 (1 / 65535 + 7.5e-5) = 9.61e-5
 *     float rounding                    2e-6
 * = 4.158e-3 rad. An SoA sample twice nlerp's largest error from slerp's,
 * 8.12e-3 rad, is over it (and under 4 times it, where a bound taken at the
 * full angle would be): the check must fail on it. */
static void an_error_over_the_derived_bound_fails(void **state)
{
    (void)state;
    transform rest = sa_transform(0, 0, 0, 0, 0, 0, 1, 1, 1, 1);
    float times[2] = {0, 1}, values[8] = {0, 0, 0, 1, 0, 0, 0.47942554f, 0.87758256f}; /* sin, cos 0.5 */
    clip c;
    sa_error err;
    assert_true(clip_init(&c, "turn", 1, &rest, &err));
    assert_true(clip_add_track(&c, 0, TRACK_ROTATION, TRACK_LINEAR, 2, times, values, &err));
    double bound = check_soa_path_bound(&c.tracks[0], rest.rotation, SOA_ROTATION, 0.2138f, c.duration, true);
    EXPECT_NEAR(4.158e-3, bound, 0.005e-3);
    check_soa_worst w = {"max_rotation_error", "rad", 0, 0, 0, "-"};
    check_soa_note(&w, 2 * 4.0602e-3, bound, "joint 0");
    EXPECT_TRUE(w.ratio > 1 && w.ratio < 4);
    /* nlerp's own error passes */
    check_soa_worst ok = {"max_rotation_error", "rad", 0, 0, 0, "-"};
    check_soa_note(&ok, 4.0602e-3, bound, "joint 0");
    EXPECT_TRUE(ok.ratio <= 1);
    /* with nlerp's terms left out, the rounding alone: 1 / 65535 + 7.5e-5 + 2e-6 */
    EXPECT_NEAR(9.226e-5, check_soa_path_bound(&c.tracks[0], rest.rotation, SOA_ROTATION, 0.2138f, c.duration, false),
                0.005e-5);
    clip_free(&c);
}

/* The worst ratio is any joint's, not the largest error's: a joint 10 times
 * over a small bound beside a larger error well within its own must fail. */
static void the_worst_ratio_is_any_joints(void **state)
{
    (void)state;
    check_soa_worst w = {"max_rotation_error", "rad", 0, 0, 0, "-"};
    check_soa_note(&w, 1e-3, 1e-2, "joint 1");
    check_soa_note(&w, 1e-4, 1e-5, "joint 2");
    check_soa_note(&w, 5e-4, 1e-3, "joint 3");
    EXPECT_NEAR(1e-3, w.error, 0);
    EXPECT_NEAR(1e-2, w.bound, 0);
    EXPECT_TRUE(strcmp(w.where, "joint 1") == 0);
    EXPECT_NEAR(10, w.ratio, 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nlerp_error_is_the_half_angle_doubled),
        cmocka_unit_test(an_error_over_the_derived_bound_fails),
        cmocka_unit_test(the_worst_ratio_is_any_joints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
