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

static void apply_may_overwrite_the_base_or_the_delta(void **state)
{
    (void)state;
    /* Two joints, the result written over the base, then over the delta (a
     * solution that first copies the base into out and then adds the delta
     * read from out has lost the delta there: it adds the base to itself). */
    const char *names[2][2] = {{"applied over the base (out = base)", "applied over the base (out = base), joint 1"},
                               {"applied over the delta (out = delta)",
                                "applied over the delta (out = delta), joint 1"}};
    for (int over = 0; over < 2; over++) {
        transform delta[2] = {tr(0, 3, -1, rx90, 2, 0.5f, 1), tr(1, 1, 1, identity, 1, 1, 1)};
        transform base[2] = {tr(0, 0, 5, ry90, 2, 2, 2), tr(0, 0, 0, identity, 1, 1, 1)};
        transform *out = over ? delta : base;
        pose_additive_apply(2, base, delta, 0.5f, out);
        transform want = tr(0, 1.5f, 4.5f, ry90_rx45, 3, 1.5f, 2);
        expect(names[over][0], apply_rule, &want, &out[0]);
        want = tr(0.5f, 0.5f, 0.5f, identity, 1, 1, 1);
        expect(names[over][1], apply_rule, &want, &out[1]);
    }
}

static void a_delta_stored_negated_takes_the_short_way(void **state)
{
    (void)state;
    /* The delta rx90 stored as -q = (-S45 0 0 -S45), real part < 0: the same
     * rotation, so half of it is still rx45, and the base ry90 gives ry90 *
     * rx45 as in applied_with_a_weight. slerp(identity, -q, 0.5) without the
     * sign change goes the long way, 135 degrees about -x: ry90 * rx(-135). */
    const float minus_rx90[4] = {-S45, 0, 0, -S45};
    transform delta = tr(0, 3, -1, minus_rx90, 2, 0.5f, 1), base = tr(0, 0, 5, ry90, 2, 2, 2), out;
    pose_additive_apply(1, &base, &delta, 0.5f, &out);
    transform want = tr(0, 1.5f, 4.5f, ry90_rx45, 3, 1.5f, 2);
    expect("a delta stored as -q, w 0.5", "slerp(identity, delta, w) the short way (delta . identity < 0: use -delta)",
           &want, &out);
}

/* Compares value by value with ==: -0 and 0 are the same number. */
static void expect_exactly(const char *what, const transform *want, const transform *got)
{
    for (int i = 0; i < 3; i++)
        if (got->translation[i] != want->translation[i] || got->scale[i] != want->scale[i])
            fail_msg("ex09.3: %s: translation[%d] %.9g, scale[%d] %.9g: expected exactly %.9g and %.9g (the base)",
                     what, i, (double)got->translation[i], i, (double)got->scale[i], (double)want->translation[i],
                     (double)want->scale[i]);
    for (int i = 0; i < 4; i++)
        if (got->rotation[i] != want->rotation[i])
            fail_msg("ex09.3: %s: rotation[%d]: expected exactly %.9g (the base's), got %.9g (the delta of a rotation "
                     "from itself is the identity (0 0 0 1) exactly; inverse(q) * q is only within rounding of it)",
                     what, i, (double)want->rotation[i], (double)got->rotation[i]);
}

static void the_reference_adds_nothing_exactly(void **state)
{
    (void)state;
    /* Three references whose inverse(q) * q, by cglm in floats, is not
     * (0 0 0 1) but an ulp or so off it: ry90 * rx45, (1 2 3 4) / sqrt(30)
     * and (0.1 -0.7 0.5 0.5). Their delta from themselves is the identity
     * exactly, and on any base, at any weight, it gives the base back
     * exactly. */
    const float q3[4] = {0.18257419f, 0.36514837f, 0.54772256f, 0.73029674f}, q4[4] = {0.1f, -0.7f, 0.5f, 0.5f};
    const transform ref[3] = {tr(1, 0, 0, ry90_rx45, 2, 2, 2), tr(0.1f, 0.2f, 0.3f, q3, 0.3f, 1, 7),
                              tr(-5, 2, 0.7f, q4, 1.5f, 0.25f, 3)};
    const transform base[3] = {tr(0, 0, 5, q3, 2, 2, 2), tr(0.7f, -0.3f, 1.1f, q4, 1, 3, 0.5f),
                               tr(3, 1e-3f, -2, ry90_rx45, 0.9f, 1.1f, 1)};
    transform delta[3], out[3];
    pose_additive_delta(3, ref, ref, delta);
    for (int j = 0; j < 3; j++)
        if (delta[j].rotation[0] != 0 || delta[j].rotation[1] != 0 || delta[j].rotation[2] != 0 ||
            delta[j].rotation[3] != 1)
            fail_msg("ex09.3: the delta of the reference from itself, joint %d: rotation (%.9g %.9g %.9g %.9g), "
                     "expected exactly (0 0 0 1) (inverse(q) * q is only within rounding of it: a pose equal to the "
                     "reference has the identity as its delta)",
                     j, (double)delta[j].rotation[0], (double)delta[j].rotation[1], (double)delta[j].rotation[2],
                     (double)delta[j].rotation[3]);
    const float weights[5] = {0.25f, 0.5f, 0.75f, 1, 0.3f};
    for (int k = 0; k < 5; k++) {
        pose_additive_apply(3, base, delta, weights[k], out);
        for (int j = 0; j < 3; j++) {
            char what[96];
            snprintf(what, sizeof what, "base + (reference - reference) at w %g, joint %d", (double)weights[k], j);
            expect_exactly(what, &base[j], &out[j]);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex09.3", the_delta_by_hand),
        SA_EXERCISE_CASE("ex09.3", the_delta_may_overwrite_its_input),
        SA_EXERCISE_CASE("ex09.3", applied_with_a_weight),
        SA_EXERCISE_CASE("ex09.3", the_reference_on_itself_gives_the_pose_back),
        SA_EXERCISE_CASE("ex09.3", apply_may_overwrite_the_base_or_the_delta),
        SA_EXERCISE_CASE("ex09.3", a_delta_stored_negated_takes_the_short_way),
        SA_EXERCISE_CASE("ex09.3", the_reference_adds_nothing_exactly),
    };
    return cmocka_run_group_tests_name("ex09.3 additive", tests, NULL, NULL);
}
