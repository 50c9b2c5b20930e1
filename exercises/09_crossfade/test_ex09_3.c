/* Grading tests for exercise ex09.3: pose_additive_delta() stores a pose as
 * its difference from a reference pose (translation minus, rotation
 * inverse(reference) * pose, scale divided), pose_additive_apply() puts w of
 * such a difference on top of a base pose (translation plus, rotation base *
 * slerp(identity, delta, w), scale times 1 + w (delta - 1)). Every expected
 * value is worked out by hand beside it. */
#include "tests/test_util.h"
#include "chapters/09_crossfade/blend.h"

#define S45 0.70710678f /* sin 45 degrees = cos 45 degrees */

static const double tol = 1e-5;

static transform tr(float tx, float ty, float tz, const float *q, float sx, float sy, float sz)
{
    return sa_transform(tx, ty, tz, q[0], q[1], q[2], q[3], sx, sy, sz);
}

static const float identity[4] = {0, 0, 0, 1};
static const float ry90[4] = {0, S45, 0, S45};                 /* 90 degrees about y */
static const float rx90[4] = {S45, 0, 0, S45};                 /* 90 degrees about x */
static const float rx45[4] = {0.38268343f, 0, 0, 0.92387953f}; /* 45 degrees about x */
/* ry90 * rx90 (x first, then y): (0.5 0.5 -0.5 0.5). */
static const float ry90_rx90[4] = {0.5f, 0.5f, -0.5f, 0.5f};
/* ry90 * rx45: (cos45 sin22.5, sin45 cos22.5, -sin45 sin22.5, cos45 cos22.5). */
static const float ry90_rx45[4] = {0.27059805f, 0.65328148f, -0.27059805f, 0.65328148f};

static void expect(const char *what, const char *rule, const transform *want, const transform *got)
{
    for (int i = 0; i < 3; i++) {
        if (!(fabs(got->translation[i] - want->translation[i]) <= tol))
            fail_msg("ex09.3: %s: translation[%d]: expected %.6g, got %.6g (%s)", what, i, (double)want->translation[i],
                     (double)got->translation[i], rule);
        if (!(fabs(got->scale[i] - want->scale[i]) <= tol))
            fail_msg("ex09.3: %s: scale[%d]: expected %.6g, got %.6g (%s)", what, i, (double)want->scale[i],
                     (double)got->scale[i], rule);
    }
    char name[200];
    snprintf(name, sizeof name, "ex09.3: %s: rotation (%s)", what, rule);
    sa_expect_rotation(want->rotation, got->rotation, tol, name);
}

static const char *delta_rule = "delta = pose - reference, inverse(reference) * pose, pose / reference";
static const char *apply_rule = "base + w delta, base * slerp(identity, delta, w), base * (1 + w (delta - 1))";

/* Reference: t (1 0 0), 90 degrees about y, s (2 2 2). Pose: t (1 3 -1), the
 * reference then 90 degrees about x in its own frame (ry90 * rx90), s (4 1
 * 2). The delta: t (0 3 -1), rx90 (the other order, pose * inverse(ref),
 * gives 90 degrees about -z instead), s (2 0.5 1) (a difference would give
 * 2 -1 0). */
static void the_delta_by_hand(void **state)
{
    (void)state;
    transform ref = tr(1, 0, 0, ry90, 2, 2, 2), pose = tr(1, 3, -1, ry90_rx90, 4, 1, 2), delta[3];
    delta[1] = tr(-777, -777, -777, identity, -777, -777, -777);
    pose_additive_delta(1, &ref, &pose, delta);
    transform want = tr(0, 3, -1, rx90, 2, 0.5f, 1);
    expect("delta of one joint", delta_rule, &want, &delta[0]);
    if (delta[1].translation[0] != -777)
        fail_msg("ex09.3: pose_additive_delta wrote a second joint of a pose of one");
    /* The reference itself: no difference at all. */
    pose_additive_delta(1, &ref, &ref, delta);
    want = tr(0, 0, 0, identity, 1, 1, 1);
    expect("delta of the reference from itself", delta_rule, &want, &delta[0]);
}

static void the_delta_may_overwrite_its_input(void **state)
{
    (void)state;
    transform ref[2] = {tr(1, 0, 0, ry90, 2, 2, 2), tr(0, 0, 0, identity, 1, 1, 1)};
    transform pose[2] = {tr(1, 3, -1, ry90_rx90, 4, 1, 2), tr(5, 0, 0, rx90, 3, 3, 3)};
    pose_additive_delta(2, ref, pose, pose);
    transform want = tr(0, 3, -1, rx90, 2, 0.5f, 1);
    expect("delta written over the pose", delta_rule, &want, &pose[0]);
    want = tr(5, 0, 0, rx90, 3, 3, 3);
    expect("delta written over the pose, joint 1", delta_rule, &want, &pose[1]);
}

static void applied_with_a_weight(void **state)
{
    (void)state;
    /* The delta t (0 3 -1), rx90, s (2 0.5 1) on a base t (0 0 5), 90 degrees
     * about y, s (2 2 2), at w 0.5: t (0 1.5 4.5), ry90 * rx45 (the delta in
     * the joint's own frame, on the right), s 2 x (1.5 0.75 1) = (3 1.5 2). */
    transform delta = tr(0, 3, -1, rx90, 2, 0.5f, 1), base = tr(0, 0, 5, ry90, 2, 2, 2), out[2];
    out[1] = tr(-777, -777, -777, identity, -777, -777, -777);
    pose_additive_apply(1, &base, &delta, 0.5f, out);
    transform want = tr(0, 1.5f, 4.5f, ry90_rx45, 3, 1.5f, 2);
    expect("w 0.5", apply_rule, &want, &out[0]);
    if (out[1].translation[0] != -777)
        fail_msg("ex09.3: pose_additive_apply wrote a second joint of a pose of one");
    /* w 1: t (0 3 4), ry90 * rx90, s (4 1 2). */
    pose_additive_apply(1, &base, &delta, 1.0f, out);
    want = tr(0, 3, 4, ry90_rx90, 4, 1, 2);
    expect("w 1", apply_rule, &want, &out[0]);
    /* w 0: the base. */
    pose_additive_apply(1, &base, &delta, 0.0f, out);
    expect("w 0", apply_rule, &base, &out[0]);
}

static void the_reference_on_itself_gives_the_pose_back(void **state)
{
    (void)state;
    /* delta(reference, pose) applied at w 1 on the reference is the pose;
     * the delta of the reference applied to any base is that base. */
    transform ref = tr(1, 0, 0, ry90, 2, 2, 2), pose = tr(1, 3, -1, ry90_rx90, 4, 1, 2), delta, out;
    pose_additive_delta(1, &ref, &pose, &delta);
    pose_additive_apply(1, &ref, &delta, 1.0f, &out);
    expect("reference + (pose - reference)", apply_rule, &pose, &out);
    pose_additive_delta(1, &ref, &ref, &delta);
    transform base = tr(-2, 7, 0.5f, rx45, 0.5f, 3, 1);
    pose_additive_apply(1, &base, &delta, 0.75f, &out);
    expect("base + (reference - reference) at w 0.75", apply_rule, &base, &out);
}

static void apply_may_overwrite_the_base(void **state)
{
    (void)state;
    transform delta[2] = {tr(0, 3, -1, rx90, 2, 0.5f, 1), tr(1, 1, 1, identity, 1, 1, 1)};
    transform pose[2] = {tr(0, 0, 5, ry90, 2, 2, 2), tr(0, 0, 0, identity, 1, 1, 1)};
    pose_additive_apply(2, pose, delta, 0.5f, pose);
    transform want = tr(0, 1.5f, 4.5f, ry90_rx45, 3, 1.5f, 2);
    expect("applied over the base", apply_rule, &want, &pose[0]);
    want = tr(0.5f, 0.5f, 0.5f, identity, 1, 1, 1);
    expect("applied over the base, joint 1", apply_rule, &want, &pose[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_delta_by_hand),
        cmocka_unit_test(the_delta_may_overwrite_its_input),
        cmocka_unit_test(applied_with_a_weight),
        cmocka_unit_test(the_reference_on_itself_gives_the_pose_back),
        cmocka_unit_test(apply_may_overwrite_the_base),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
