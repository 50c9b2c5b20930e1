/* Grading tests for exercise ex07.2: dq_skin_vertex() blends four dual
 * quaternions (with the hemisphere flip), normalizes both parts by the
 * length of the real part, and moves a point and a normal.
 *
 * The dual quaternions are written out by hand here (not made by
 * dq_from_rigid), from real = q and dual = 0.5 * (t, 0) * q, with the
 * quaternion product (v1, w1)(v2, w2) = (w1 v2 + w2 v1 + v1 x v2, w1 w2 - v1 . v2).
 * With c = cos 45 deg = s = sin 45 deg = 0.70710678:
 *   turn90y_t100  90 deg about Y, then (1, 0, 0): real (0, s, 0, c),
 *                 (t, 0) * q = (c, 0, s, 0), dual (c/2, 0, s/2, 0)
 *   lift2         (0, 2, 0) alone: real (0, 0, 0, 1), dual (0, 1, 0, 0)
 *   turn90y_lift2 90 deg about Y, then (0, 2, 0): real (0, s, 0, c),
 *                 (t, 0) * q = (0, 2c, 0, -2s), dual (0, c, 0, -s)
 *   turn170y, turn190y  170 and 190 deg about Y, no translation: real
 *                 (0, sin 85, 0, cos 85) and (0, sin 95, 0, cos 95), dual 0
 * Expected results are worked out in the comment of each case. */
#include "tests/test_util.h"
#include "chapters/07_gpu_skinning/dual_quat.h"

#define C45 0.70710678f
static const double tol = 1e-5;

static void set_dq(dual_quat *dq, float rx, float ry, float rz, float rw, float dx, float dy, float dz, float dw)
{
    dq->real[0] = rx, dq->real[1] = ry, dq->real[2] = rz, dq->real[3] = rw;
    dq->dual[0] = dx, dq->dual[1] = dy, dq->dual[2] = dz, dq->dual[3] = dw;
}

static void expect_vertex(const char *what, const dual_quat *dq, const uint16_t joints[4], const float weights[4],
                          const float p[3], const float n[3], const float want_p[3], const float want_n[3])
{
    float out_p[4], out_n[4];
    memset(out_p, 0x7f, sizeof out_p); /* garbage: every element must be written */
    memset(out_n, 0x7f, sizeof out_n);
    out_p[3] = out_n[3] = -12345.0f; /* canaries, just past the three elements */
    dq_skin_vertex(dq, joints, weights, p, n, out_p, out_n);
    if (out_p[3] != -12345.0f || out_n[3] != -12345.0f)
        fail_msg("ex07.2: dq_skin_vertex(%s): out_%s[3], just past the 3 elements, was written", what,
                 out_p[3] != -12345.0f ? "position" : "normal");
    for (int k = 0; k < 3; k++)
        if (!(fabs((double)out_p[k] - (double)want_p[k]) <= tol))
            fail_msg("ex07.2: dq_skin_vertex(%s): out_position[%d]: expected %.6g, got %.6g "
                     "(position expected (%.4g, %.4g, %.4g), got (%.4g, %.4g, %.4g))",
                     what, k, (double)want_p[k], (double)out_p[k], (double)want_p[0], (double)want_p[1],
                     (double)want_p[2], (double)out_p[0], (double)out_p[1], (double)out_p[2]);
    for (int k = 0; k < 3; k++)
        if (!(fabs((double)out_n[k] - (double)want_n[k]) <= tol))
            fail_msg("ex07.2: dq_skin_vertex(%s): out_normal[%d]: expected %.6g, got %.6g", what, k, (double)want_n[k],
                     (double)out_n[k]);
}

/* One influence: the point (1, 0, 0) turned 90 deg about Y goes to
 * (0, 0, -1), then moves by (1, 0, 0): (1, 0, -1). Its normal (1, 0, 0)
 * turns to (0, 0, -1). Catches conj(real) * dual in place of
 * dual * conj(real) (the translation turned back: (0, 0, 1)), and turning
 * the wrong way (q p q* against q* p q: (0, 0, 1)). */
static void one_joint_turns_then_moves(void **state)
{
    (void)state;
    dual_quat dq[2];
    set_dq(&dq[0], 0, 0, 0, 1, 0, 0, 0, 0);
    set_dq(&dq[1], 0, C45, 0, C45, C45 / 2, 0, C45 / 2, 0);
    uint16_t joints[4] = {1, 0, 0, 0};
    float weights[4] = {1, 0, 0, 0};
    float p[3] = {1, 0, 0}, n[3] = {1, 0, 0};
    float want_p[3] = {1, 0, -1}, want_n[3] = {0, 0, -1};
    expect_vertex("joint 1 at weight 1: 90 deg about Y, then (1, 0, 0); point (1, 0, 0)", dq, joints, weights, p, n,
                  want_p, want_n);
}

/* Half and half of lift2 and turn90y_lift2: two screw motions about the Y
 * axis, so the blend is halfway along the screw: 45 deg about Y, then
 * (0, 2, 0). (1, 0, 0) goes to (c, 2, -s); the normal (1, 0, 0) to
 * (c, 0, -s). The raw blend's real part has length cos 22.5 deg = 0.924:
 * without dividing the dual part by it too, the lift comes out 2 / 0.924 =
 * 2.16; with one weight only, or weights ignored, the turn is 0 or 90 deg. */
static void two_joints_blend_halfway(void **state)
{
    (void)state;
    dual_quat dq[2];
    set_dq(&dq[0], 0, 0, 0, 1, 0, 1, 0, 0);
    set_dq(&dq[1], 0, C45, 0, C45, 0, C45, 0, -C45);
    uint16_t joints[4] = {0, 1, 0, 0};
    float weights[4] = {0.5f, 0.5f, 0, 0};
    float p[3] = {1, 0, 0}, n[3] = {1, 0, 0};
    float want_p[3] = {C45, 2, -C45}, want_n[3] = {C45, 0, -C45};
    expect_vertex("0.5 x (0, 2, 0) + 0.5 x (90 deg about Y, then (0, 2, 0)); point (1, 0, 0)", dq, joints, weights, p,
                  n, want_p, want_n);
}

/* The same as above with joint 1 stored as -dq (the same transform: q and
 * -q are one rotation). Without bringing it to joint 0's side first, the
 * blend's real part is (0, -0.354, 0, 0.146): a turn of about -135 deg. */
static void antipodal_quaternion_is_flipped(void **state)
{
    (void)state;
    dual_quat dq[2];
    set_dq(&dq[0], 0, 0, 0, 1, 0, 1, 0, 0);
    set_dq(&dq[1], 0, -C45, 0, -C45, 0, -C45, 0, C45);
    uint16_t joints[4] = {0, 1, 0, 0};
    float weights[4] = {0.5f, 0.5f, 0, 0};
    float p[3] = {1, 0, 0}, n[3] = {1, 0, 0};
    float want_p[3] = {C45, 2, -C45}, want_n[3] = {C45, 0, -C45};
    expect_vertex("the same blend with joint 1 stored as -dq (the same transform)", dq, joints, weights, p, n, want_p,
                  want_n);
}

/* 170 and 190 deg about Y, half and half: 180 deg, (1, 0, 0) -> (-1, 0, 0).
 * turn190y's w is negative, but it is on turn170y's side (their dot product
 * is cos 10 deg > 0): flipping every quaternion with w < 0 (instead of
 * comparing with the first) blends 170 deg with -170 deg and gives no turn. */
static void hemisphere_is_the_first_influences(void **state)
{
    (void)state;
    float s85 = sinf(85.0f * GLM_PIf / 180.0f), c85 = cosf(85.0f * GLM_PIf / 180.0f);
    float s95 = sinf(95.0f * GLM_PIf / 180.0f), c95 = cosf(95.0f * GLM_PIf / 180.0f);
    dual_quat dq[2];
    set_dq(&dq[0], 0, s85, 0, c85, 0, 0, 0, 0);
    set_dq(&dq[1], 0, s95, 0, c95, 0, 0, 0, 0);
    uint16_t joints[4] = {0, 1, 0, 0};
    float weights[4] = {0.5f, 0.5f, 0, 0};
    float p[3] = {1, 0, 0}, n[3] = {0, 0, 1};
    float want_p[3] = {-1, 0, 0}, want_n[3] = {0, 0, -1};
    expect_vertex("0.5 x (170 deg about Y) + 0.5 x (190 deg about Y, w < 0); point (1, 0, 0)", dq, joints, weights, p,
                  n, want_p, want_n);
}

/* Four influences, weights 0.25 each: joints 0 and 2 are lift2, 1 and 3
 * turn90y_lift2, so the blend is the halfway screw again: (c, 2, -s).
 * Catches a loop over three influences (then 2/3 of lift2: not halfway). */
static void four_influences_count(void **state)
{
    (void)state;
    dual_quat dq[4];
    set_dq(&dq[0], 0, 0, 0, 1, 0, 1, 0, 0);
    set_dq(&dq[1], 0, C45, 0, C45, 0, C45, 0, -C45);
    dq[2] = dq[0];
    dq[3] = dq[1];
    uint16_t joints[4] = {0, 1, 2, 3};
    float weights[4] = {0.25f, 0.25f, 0.25f, 0.25f};
    float p[3] = {1, 0, 0}, n[3] = {1, 0, 0};
    float want_p[3] = {C45, 2, -C45}, want_n[3] = {C45, 0, -C45};
    expect_vertex("four influences of 0.25: lift2, turn90y_lift2, lift2, turn90y_lift2", dq, joints, weights, p, n,
                  want_p, want_n);
}

/* Three influences whose real parts lie in different hemispheres of each
 * other, and a joints[0] that is not joint 0. Rotations about Y by theta,
 * real (0, sin theta/2, 0, cos theta/2), no translation:
 *   joint 0  the identity (0, 0, 0, 1), at weight 0 in slot 3
 *   joint 1  A = 160 deg: (0, sin 80, 0, cos 80), weight 0.5, joints[0]
 *   joint 2  B = 320 deg: (0, sin 160, 0, cos 160), weight 0.25; dot with A
 *            = cos 80 > 0, so it is kept as it is (its w is negative)
 *   joint 3  C = the identity stored as (0, 0, 0, -1), weight 0.25; dot with
 *            A = -cos 80 < 0: flipped to (0, 0, 0, 1)
 * Blend: y = 0.5 sin 80 + 0.25 sin 160 = sin 80 (0.5 + 0.5 cos 80),
 *        w = 0.5 cos 80 + 0.25 cos 160 + 0.25 = cos 80 (0.5 + 0.5 cos 80)
 * (sin 160 = 2 sin 80 cos 80, cos 160 + 1 = 2 cos^2 80): along A, so the
 * blend is 160 deg about Y (B and C sit 80 deg either side of A in the
 * quaternions' half angles). (1, 0, 0) -> (cos 160, 0, -sin 160); the normal
 * (0, 0, 1) -> (sin 160, 0, cos 160).
 * Comparing each with the one before it (C with B: dot = -cos 160 > 0, C
 * not flipped), or with the running sum (0.5 A + 0.25 B has w = -0.148, C
 * not flipped), gives y = 0.578, w = -0.398: 249 deg. Comparing with
 * skin_dq[0] instead of skin_dq[joints[0]], or flipping every w < 0, flips B:
 * 71 deg. */
static void three_hemispheres_relative_to_the_first(void **state)
{
    (void)state;
    const float d2r = GLM_PIf / 180.0f;
    dual_quat dq[4];
    set_dq(&dq[0], 0, 0, 0, 1, 0, 0, 0, 0);
    set_dq(&dq[1], 0, sinf(80 * d2r), 0, cosf(80 * d2r), 0, 0, 0, 0);
    set_dq(&dq[2], 0, sinf(160 * d2r), 0, cosf(160 * d2r), 0, 0, 0, 0);
    set_dq(&dq[3], 0, 0, 0, -1, 0, 0, 0, 0);
    uint16_t joints[4] = {1, 2, 3, 0};
    float weights[4] = {0.5f, 0.25f, 0.25f, 0};
    float p[3] = {1, 0, 0}, n[3] = {0, 0, 1};
    float want_p[3] = {cosf(160 * d2r), 0, -sinf(160 * d2r)}, want_n[3] = {sinf(160 * d2r), 0, cosf(160 * d2r)};
    expect_vertex("0.5 x (160 deg about Y) + 0.25 x (320 deg) + 0.25 x (the identity stored as -1), joints 1 2 3; "
                  "point (1, 0, 0)",
                  dq, joints, weights, p, n, want_p, want_n);
}

/* A turn about an axis that does not pass through the origin: joint 1 turns
 * 90 deg about the vertical line through (1, 0, 0), x -> R (x - c) + c with
 * c = (1, 0, 0), so its translation is t = c - R c = (1, 0, 0) - (0, 0, -1)
 * = (1, 0, 1). real (0, s, 0, c45); (t, 0) * real = (c45 t + t x (0, s, 0),
 * -t . (0, s, 0)) = ((c45 - s, 0, c45 + s), 0) = (0, 0, 2 c45, 0), so the
 * dual part is (0, 0, c45, 0). Half of it and half the identity is, by
 * symmetry, halfway round the same axis: 45 deg about the line through
 * (1, 0, 0). The point (2, 0, 0), 1 from the axis, goes to
 * c + R45 (1, 0, 0) = (1 + c45, 0, -s45); its normal (1, 0, 0) to
 * (c45, 0, -s45). Blending the translations linearly (0.5 (1, 0, 1)) and
 * turning by the blended rotation gives R45 (2, 0, 0) + (0.5, 0, 0.5) =
 * (1.914, 0, -0.914): off the circle round the axis. */
static void turn_about_an_axis_off_the_origin(void **state)
{
    (void)state;
    dual_quat dq[2];
    set_dq(&dq[0], 0, 0, 0, 1, 0, 0, 0, 0);
    set_dq(&dq[1], 0, C45, 0, C45, 0, 0, C45, 0);
    uint16_t joints[4] = {0, 1, 0, 0};
    float weights[4] = {0.5f, 0.5f, 0, 0};
    float p[3] = {2, 0, 0}, n[3] = {1, 0, 0};
    float want_p[3] = {1 + C45, 0, -C45}, want_n[3] = {C45, 0, -C45};
    expect_vertex("0.5 x the identity + 0.5 x (90 deg about the vertical line through (1, 0, 0)); point (2, 0, 0)", dq,
                  joints, weights, p, n, want_p, want_n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex07.2", one_joint_turns_then_moves),
        SA_EXERCISE_CASE("ex07.2", two_joints_blend_halfway),
        SA_EXERCISE_CASE("ex07.2", antipodal_quaternion_is_flipped),
        SA_EXERCISE_CASE("ex07.2", hemisphere_is_the_first_influences),
        SA_EXERCISE_CASE("ex07.2", four_influences_count),
        SA_EXERCISE_CASE("ex07.2", three_hemispheres_relative_to_the_first),
        SA_EXERCISE_CASE("ex07.2", turn_about_an_axis_off_the_origin),
    };
    return cmocka_run_group_tests_name("ex07.2 dq_skin_vertex", tests, NULL, NULL);
}
