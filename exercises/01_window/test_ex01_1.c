/* Grading tests for exercise ex01.1: transform_to_mat4() builds M = T * R * S.
 * Every expected value below is worked out by hand in the comment beside it. */
#include "tests/test_util.h"
#include "common/transform.h"

static const double tol = 1e-5;

/* M * (x, y, z, 1), written out so that the test does not rely on cglm's
 * matrix-vector product and names exactly what was transformed. */
static void apply(mat4 m, const float p[3], float out[3])
{
    for (int r = 0; r < 3; r++)
        out[r] = m[0][r] * p[0] + m[1][r] * p[1] + m[2][r] * p[2] + m[3][r];
}

/* Checks M * (p, 1) against `expected`, naming the point and the coordinate. */
static void expect_point(mat4 m, float x, float y, float z, float ex, float ey, float ez, const char *why)
{
    float got[3];
    apply(m, (float[3]){x, y, z}, got);
    const float expected[3] = {ex, ey, ez};
    for (int i = 0; i < 3; i++)
        if (!(fabs(got[i] - expected[i]) <= tol))
            fail_msg("ex01.1: M * (%g, %g, %g, 1) = (%g, %g, %g), expected (%g, %g, %g): the %c coordinate is off "
                     "(%s)",
                     x, y, z, got[0], got[1], got[2], ex, ey, ez, "xyz"[i], why);
}

static void ex01_1_identity(void **state)
{
    (void)state;
    transform t;
    transform_identity(&t);
    mat4 m;
    memset(m, 0x7f, sizeof m); /* garbage: every element must be written */
    transform_to_mat4(&t, m);
    mat4 expected = GLM_MAT4_IDENTITY_INIT;
    EXPECT_MAT4_NEAR(expected, m, tol);
}

static void ex01_1_translation_goes_in_column_3(void **state)
{
    (void)state;
    transform t;
    transform_identity(&t);
    glm_vec3_copy((vec3){1, 2, 3}, t.translation);
    mat4 m;
    transform_to_mat4(&t, m);
    /* Column-major: m[3] is the fourth column, (tx, ty, tz, 1). */
    mat4 expected = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {1, 2, 3, 1}};
    EXPECT_MAT4_NEAR(expected, m, tol);
}

static void ex01_1_scale_on_the_diagonal(void **state)
{
    (void)state;
    transform t;
    transform_identity(&t);
    glm_vec3_copy((vec3){2, 3, 4}, t.scale);
    mat4 m;
    transform_to_mat4(&t, m);
    mat4 expected = {{2, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, 4, 0}, {0, 0, 0, 1}};
    EXPECT_MAT4_NEAR(expected, m, tol);
}

static void ex01_1_rotation_90_about_z(void **state)
{
    (void)state;
    /* q = (0, 0, sin 45deg, cos 45deg) turns +X onto +Y and +Y onto -X. */
    transform t;
    transform_identity(&t);
    float h = sqrtf(0.5f);
    t.rotation[0] = 0, t.rotation[1] = 0, t.rotation[2] = h, t.rotation[3] = h;
    mat4 m;
    transform_to_mat4(&t, m);
    mat4 expected = {{0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    EXPECT_MAT4_NEAR(expected, m, tol);
}

static void ex01_1_trs_moves_points(void **state)
{
    (void)state;
    /* T = (1, 2, 3), R = 90deg about +Y, S = 2.
     * (1,0,0): scale -> (2,0,0); about +Y, +X turns to -Z -> (0,0,-2); move -> (1,2,1).
     * (0,0,1): scale -> (0,0,2); +Z turns to +X -> (2,0,0); move -> (3,2,3). */
    transform t;
    float h = sqrtf(0.5f);
    glm_vec3_copy((vec3){1, 2, 3}, t.translation);
    t.rotation[0] = 0, t.rotation[1] = h, t.rotation[2] = 0, t.rotation[3] = h;
    glm_vec3_copy((vec3){2, 2, 2}, t.scale);
    mat4 m;
    transform_to_mat4(&t, m);
    expect_point(m, 1, 0, 0, 1, 2, 1, "scale by 2, turn +X to -Z, then move by (1, 2, 3)");
    expect_point(m, 0, 0, 1, 3, 2, 3, "scale by 2, turn +Z to +X, then move by (1, 2, 3)");
    /* The bottom row of an affine matrix is (0, 0, 0, 1). */
    EXPECT_NEAR(0, m[0][3], tol);
    EXPECT_NEAR(0, m[1][3], tol);
    EXPECT_NEAR(0, m[2][3], tol);
    EXPECT_NEAR(1, m[3][3], tol);
}

static void ex01_1_scale_before_rotation(void **state)
{
    (void)state;
    /* S = (2, 1, 1) then R = 90deg about +Z: (1,0,0) -> (2,0,0) -> (0,2,0).
     * The wrong order, S * R, would give (0,1,0): the stretch along X would be
     * applied after the point had already turned onto Y. */
    transform t;
    transform_identity(&t);
    float h = sqrtf(0.5f);
    t.rotation[2] = h, t.rotation[3] = h;
    glm_vec3_copy((vec3){2, 1, 1}, t.scale);
    mat4 m;
    transform_to_mat4(&t, m);
    expect_point(m, 1, 0, 0, 0, 2, 0, "stretch along X first, then turn: M = R * S, not S * R");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex01.1", ex01_1_identity),
        SA_EXERCISE_CASE("ex01.1", ex01_1_translation_goes_in_column_3),
        SA_EXERCISE_CASE("ex01.1", ex01_1_scale_on_the_diagonal),
        SA_EXERCISE_CASE("ex01.1", ex01_1_rotation_90_about_z),
        SA_EXERCISE_CASE("ex01.1", ex01_1_trs_moves_points),
        SA_EXERCISE_CASE("ex01.1", ex01_1_scale_before_rotation),
    };
    return cmocka_run_group_tests_name("ex01.1 transform_to_mat4", tests, NULL, NULL);
}
