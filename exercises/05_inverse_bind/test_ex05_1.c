/* Grading tests for exercise ex05.1: affine_inverse() inverts
 * m = | A t ; 0 1 | into | A^-1  -A^-1 t ; 0 1 |, and refuses matrices that
 * are not affine or whose 3x3 part is singular.
 * Every expected matrix below is worked out by hand in the comment beside it;
 * the last cases use the book's check instead: m * out = I and out * m = I. */
#include "tests/test_util.h"
#include "chapters/05_inverse_bind/bind.h"
#include "common/transform.h"

#include <float.h>

static const double tol = 1e-5;

/* A column-major matrix from its four columns (the way cglm stores it). */
static void columns(mat4 out, const float c0[4], const float c1[4], const float c2[4], const float c3[4])
{
    memcpy(out[0], c0, 4 * sizeof(float));
    memcpy(out[1], c1, 4 * sizeof(float));
    memcpy(out[2], c2, 4 * sizeof(float));
    memcpy(out[3], c3, 4 * sizeof(float));
}

static const char *element_meaning(int column, int row)
{
    if (row == 3)
        return "the bottom row, always 0 0 0 1";
    if (column == 3)
        return "the translation, -A^-1 t";
    return "the 3x3 part, A^-1";
}

/* Runs affine_inverse(m) and compares every element with `expected`,
 * naming the first wrong one as out[column][row]. */
static void expect_inverse(const char *what, mat4 m, mat4 expected)
{
    mat4 out;
    memset(out, 0x7f, sizeof out); /* garbage: every element must be written */
    mat4 m_copy;
    memcpy(m_copy, m, sizeof m_copy);
    if (!affine_inverse(m_copy, out))
        fail_msg("ex05.1: affine_inverse(%s) returned false, but the matrix is affine and invertible", what);
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            if (!(fabs((double)out[c][r] - (double)expected[c][r]) <= tol))
                fail_msg("ex05.1: affine_inverse(%s): out[%d][%d] (column %d, row %d: %s): expected %.6g, got %.6g",
                         what, c, r, c, r, element_meaning(c, r), (double)expected[c][r], (double)out[c][r]);
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            if (memcmp(&m_copy[c][r], &m[c][r], sizeof(float)) != 0)
                fail_msg("ex05.1: affine_inverse(%s) changed its input m[%d][%d]", what, c, r);
}

/* The book's check: m * out and out * m are the identity, within tolerance
 * relative to the sizes involved. */
static void expect_identity_products(const char *what, mat4 m, double tolerance)
{
    mat4 out, product, m_copy;
    memcpy(m_copy, m, sizeof m_copy);
    if (!affine_inverse(m_copy, out))
        fail_msg("ex05.1: affine_inverse(%s) returned false, but the matrix is affine and invertible", what);
    for (int order = 0; order < 2; order++) {
        if (order == 0)
            glm_mat4_mul(m_copy, out, product);
        else
            glm_mat4_mul(out, m_copy, product);
        for (int c = 0; c < 4; c++)
            for (int r = 0; r < 4; r++) {
                double identity = c == r ? 1.0 : 0.0;
                if (!(fabs((double)product[c][r] - identity) <= tolerance))
                    fail_msg("ex05.1: affine_inverse(%s): (%s)[%d][%d] is %.6g, expected %.0f (m * inverse(m) must be "
                             "I, both ways round)",
                             what, order == 0 ? "m * out" : "out * m", c, r, (double)product[c][r], identity);
            }
    }
}

/* Runs affine_inverse(m) on a matrix it must refuse: false, out untouched. */
static void expect_refused(const char *what, mat4 m)
{
    mat4 out;
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            out[c][r] = 42.0f;
    if (affine_inverse(m, out))
        fail_msg("ex05.1: affine_inverse(%s) returned true; it must return false (%s)", what,
                 "not affine, or a singular 3x3 part");
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            if (out[c][r] != 42.0f)
                fail_msg("ex05.1: affine_inverse(%s) returned false but wrote out[%d][%d] = %g; leave out as it was",
                         what, c, r, (double)out[c][r]);
}

static void ex05_1_identity(void **state)
{
    (void)state;
    mat4 m = GLM_MAT4_IDENTITY_INIT, expected = GLM_MAT4_IDENTITY_INIT;
    expect_inverse("the identity", m, expected);
}

static void ex05_1_translation(void **state)
{
    (void)state;
    /* Moving by (1, 2, 3) is undone by moving by (-1, -2, -3). */
    mat4 m, expected;
    columns(m, (float[]){1, 0, 0, 0}, (float[]){0, 1, 0, 0}, (float[]){0, 0, 1, 0}, (float[]){1, 2, 3, 1});
    columns(expected, (float[]){1, 0, 0, 0}, (float[]){0, 1, 0, 0}, (float[]){0, 0, 1, 0}, (float[]){-1, -2, -3, 1});
    expect_inverse("a translation by (1, 2, 3)", m, expected);
}

static void ex05_1_rotation_and_translation(void **state)
{
    (void)state;
    /* A = R, 90 degrees about +Z: x -> y, y -> -x; t = (1, 2, 3).
     * A^-1 = R^T (x -> -y, y -> x): columns (0, -1, 0), (1, 0, 0), (0, 0, 1).
     * -A^-1 t = -(R^T (1, 2, 3)) = -(2, -1, 3) = (-2, 1, -3). */
    mat4 m, expected;
    columns(m, (float[]){0, 1, 0, 0}, (float[]){-1, 0, 0, 0}, (float[]){0, 0, 1, 0}, (float[]){1, 2, 3, 1});
    columns(expected, (float[]){0, -1, 0, 0}, (float[]){1, 0, 0, 0}, (float[]){0, 0, 1, 0}, (float[]){-2, 1, -3, 1});
    expect_inverse("90 degrees about Z, then a translation by (1, 2, 3)", m, expected);
}

static void ex05_1_rotation_with_scale(void **state)
{
    (void)state;
    /* m = T R S: S = (2, 4, 0.5), R = 90 degrees about +Y (x -> -z, z -> x),
     * t = (4, 0, -2). A = R S has columns A x = 2 R x = (0, 0, -2),
     * A y = (0, 4, 0), A z = 0.5 R z = (0.5, 0, 0).
     * A^-1 = S^-1 R^T: A^-1 x = S^-1 (0, 0, 1) = (0, 0, 2),
     * A^-1 y = (0, 0.25, 0), A^-1 z = S^-1 (-1, 0, 0) = (-0.5, 0, 0).
     * -A^-1 t = -(4 (0, 0, 2) - 2 (-0.5, 0, 0)) = -(1, 0, 8) = (-1, 0, -8).
     * (Check: m (1, 0, 0) = (4, 0, -4), and out (4, 0, -4) = (2, 0, 8) + (-1, 0, -8) = (1, 0, 0).) */
    mat4 m, expected;
    columns(m, (float[]){0, 0, -2, 0}, (float[]){0, 4, 0, 0}, (float[]){0.5f, 0, 0, 0}, (float[]){4, 0, -2, 1});
    columns(expected, (float[]){0, 0, 2, 0}, (float[]){0, 0.25f, 0, 0}, (float[]){-0.5f, 0, 0, 0},
            (float[]){-1, 0, -8, 1});
    expect_inverse("scale (2, 4, 0.5), 90 degrees about Y, translation (4, 0, -2)", m, expected);
}

static void ex05_1_shear(void **state)
{
    (void)state;
    /* A with rows (1 1 0), (0 1 0), (0 0 1): x' = x + y. A^-1 has rows
     * (1 -1 0), (0 1 0), (0 0 1). t = (0, 3, 0): -A^-1 t = -(-3, 3, 0) = (3, -3, 0). */
    mat4 m, expected;
    columns(m, (float[]){1, 0, 0, 0}, (float[]){1, 1, 0, 0}, (float[]){0, 0, 1, 0}, (float[]){0, 3, 0, 1});
    columns(expected, (float[]){1, 0, 0, 0}, (float[]){-1, 1, 0, 0}, (float[]){0, 0, 1, 0}, (float[]){3, -3, 0, 1});
    expect_inverse("a shear x' = x + y, translation (0, 3, 0)", m, expected);
}

static void ex05_1_mirror(void **state)
{
    (void)state;
    /* A mirror in x (det -1) is its own inverse; t = (5, 0, 0) -> (5, 0, 0):
     * x' = 5 - x, so x = 5 - x'. */
    mat4 m, expected;
    columns(m, (float[]){-1, 0, 0, 0}, (float[]){0, 1, 0, 0}, (float[]){0, 0, 1, 0}, (float[]){5, 0, 0, 1});
    columns(expected, (float[]){-1, 0, 0, 0}, (float[]){0, 1, 0, 0}, (float[]){0, 0, 1, 0}, (float[]){5, 0, 0, 1});
    expect_inverse("a mirror x' = 5 - x", m, expected);
}

static void ex05_1_in_place(void **state)
{
    (void)state;
    /* out may be m itself: the scaled and rotated case above, in place. */
    mat4 m, expected;
    columns(m, (float[]){0, 0, -2, 0}, (float[]){0, 4, 0, 0}, (float[]){0.5f, 0, 0, 0}, (float[]){4, 0, -2, 1});
    columns(expected, (float[]){0, 0, 2, 0}, (float[]){0, 0.25f, 0, 0}, (float[]){-0.5f, 0, 0, 0},
            (float[]){-1, 0, -8, 1});
    if (!affine_inverse(m, m))
        fail_msg("ex05.1: affine_inverse(m, m) returned false for scale (2, 4, 0.5), 90 degrees about Y, "
                 "translation (4, 0, -2)");
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            if (!(fabs((double)m[c][r] - (double)expected[c][r]) <= tol))
                fail_msg("ex05.1: affine_inverse(m, m), in place (scale (2, 4, 0.5), 90 degrees about Y, "
                         "translation (4, 0, -2)): out[%d][%d]: expected %g, got %g (out is m here: read what you "
                         "need from m before you overwrite it)",
                         c, r, (double)expected[c][r], (double)m[c][r]);
}

static void ex05_1_bind_pose_check(void **state)
{
    (void)state;
    /* The book's use: a joint's bind pose, model_from_joint = T R S, and its
     * inverse bind matrix. Rotation about an oblique axis, uneven scale. */
    transform t;
    glm_vec3_copy((vec3){0.3f, 1.4f, -0.2f}, t.translation);
    glm_quatv(t.rotation, 0.7f, (vec3){0.36f, 0.48f, 0.8f}); /* a unit axis */
    glm_vec3_copy((vec3){1.0f, 1.5f, 0.75f}, t.scale);
    mat4 model_from_joint_bind;
    transform_to_mat4(&t, model_from_joint_bind);
    expect_identity_products("a bind pose T R S (metres)", model_from_joint_bind, 1e-5);

    /* A rig exported from centimetres: the same joint with a scale of 0.01
     * (det A near 1e-6, yet not singular: that test is relative to the
     * column lengths); its inverse moves by hundreds. */
    glm_vec3_copy((vec3){0.01f, 0.015f, 0.0075f}, t.scale);
    transform_to_mat4(&t, model_from_joint_bind);
    expect_identity_products("a bind pose T R S with scale 0.01 (a centimetre rig)", model_from_joint_bind, 1e-4);
}

static void ex05_1_small_scale_is_not_singular(void **state)
{
    (void)state;
    /* Millimetres: det A = 1e-9, but the columns are perpendicular. */
    mat4 m, expected;
    columns(m, (float[]){0.001f, 0, 0, 0}, (float[]){0, 0.001f, 0, 0}, (float[]){0, 0, 0.001f, 0},
            (float[]){0, 0, 0, 1});
    columns(expected, (float[]){1000, 0, 0, 0}, (float[]){0, 1000, 0, 0}, (float[]){0, 0, 1000, 0},
            (float[]){0, 0, 0, 1});
    mat4 out;
    if (!affine_inverse(m, out))
        fail_msg("ex05.1: affine_inverse(uniform scale 0.001) returned false: a small scale is not singular "
                 "(compare |det A| with the product of the column lengths, not with a fixed number)");
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            if (!(fabs((double)out[c][r] - (double)expected[c][r]) <= 1e-2))
                fail_msg("ex05.1: affine_inverse(uniform scale 0.001): out[%d][%d]: expected %g, got %g", c, r,
                         (double)expected[c][r], (double)out[c][r]);
}

static void ex05_1_singular_is_refused(void **state)
{
    (void)state;
    mat4 m;
    /* A zero scale on y: everything is squashed onto the xz plane. */
    columns(m, (float[]){1, 0, 0, 0}, (float[]){0, 0, 0, 0}, (float[]){0, 0, 1, 0}, (float[]){1, 2, 3, 1});
    expect_refused("a zero scale on y", m);
    /* Columns in one plane: z = x + y. */
    columns(m, (float[]){1, 0, 0, 0}, (float[]){0, 1, 0, 0}, (float[]){1, 1, 0, 0}, (float[]){0, 0, 0, 1});
    expect_refused("a 3x3 part whose third column is the sum of the first two", m);
    /* All zeros. */
    memset(m, 0, sizeof m);
    m[3][3] = 1.0f;
    expect_refused("a 3x3 part of zeros", m);
}

static void ex05_1_large_and_uneven_scales_are_not_singular(void **state)
{
    (void)state;
    /* A uniform scale 1000: det A = 1e9, the column lengths' product 1e9, a
     * ratio of 1 (the best there is). A threshold on the squared lengths
     * (1e18 times 1e-6 = 1e12 > 1e9) would call it singular. */
    mat4 m, expected;
    columns(m, (float[]){1000, 0, 0, 0}, (float[]){0, 1000, 0, 0}, (float[]){0, 0, 1000, 0}, (float[]){0, 0, 0, 1});
    columns(expected, (float[]){0.001f, 0, 0, 0}, (float[]){0, 0.001f, 0, 0}, (float[]){0, 0, 0.001f, 0},
            (float[]){0, 0, 0, 1});
    expect_inverse("uniform scale 1000 (det A = 1e9, perpendicular columns)", m, expected);
    /* Scale (1000, 1, 0.001), at (1, 1, 1): det A = 1 and the lengths' product
     * 1, again a ratio of 1. A threshold from the longest column (1000^3
     * times 1e-6 = 1000 > 1) would call it singular. The inverse scales by
     * (0.001, 1, 1000); -A^-1 t = -(0.001, 1, 1000). */
    columns(m, (float[]){1000, 0, 0, 0}, (float[]){0, 1, 0, 0}, (float[]){0, 0, 0.001f, 0}, (float[]){1, 1, 1, 1});
    columns(expected, (float[]){0.001f, 0, 0, 0}, (float[]){0, 1, 0, 0}, (float[]){0, 0, 1000, 0},
            (float[]){-0.001f, -1, -1000, 1});
    mat4 out;
    if (!affine_inverse(m, out))
        fail_msg("ex05.1: affine_inverse(scale (1000, 1, 0.001)) returned false: det A = 1 and the column lengths' "
                 "product is 1, so it is as far from singular as a matrix gets");
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            if (!(fabs((double)out[c][r] - (double)expected[c][r]) <= 1e-5 * fmax(1.0, fabs((double)expected[c][r]))))
                fail_msg("ex05.1: affine_inverse(scale (1000, 1, 0.001), translation (1, 1, 1)): out[%d][%d]: expected "
                         "%g, got %g",
                         c, r, (double)expected[c][r], (double)out[c][r]);
}

static void ex05_1_nearly_singular_is_refused(void **state)
{
    (void)state;
    mat4 m;
    /* Columns a = (1000, 0, 0), b = (0, 1000, 0), c = (1000, 1000, 0.001):
     * c lies 0.001 off the plane of a and b. b x c = (1000 * 0.001 - 0,
     * 0 - 0, 0 - 1000 * 1000) = (1, 0, -1e6), det A = a . (b x c) = 1000:
     * far above 0 and above any fixed threshold, but the lengths' product is
     * 1000 * 1000 * 1414.2 = 1.414e9, and 1e-6 of it is 1414 > 1000. */
    columns(m, (float[]){1000, 0, 0, 0}, (float[]){0, 1000, 0, 0}, (float[]){1000, 1000, 0.001f, 0},
            (float[]){0, 0, 0, 1});
    expect_refused("columns (1000, 0, 0), (0, 1000, 0), (1000, 1000, 0.001): det 1000, but 1e-6 of the column "
                   "lengths' product is 1414",
                   m);
    /* The same shape a million times smaller: a = (0.001, 0, 0),
     * b = (0, 0.001, 0), c = (0.001, 0.001, 1e-12). det A = 1e-18, the
     * lengths' product 1.414e-9, 1e-6 of it 1.414e-15 > 1e-18. (A threshold
     * on the squared lengths, 2e-24, would accept it.) */
    columns(m, (float[]){0.001f, 0, 0, 0}, (float[]){0, 0.001f, 0, 0}, (float[]){0.001f, 0.001f, 1e-12f, 0},
            (float[]){0, 0, 0, 1});
    expect_refused("columns (0.001, 0, 0), (0, 0.001, 0), (0.001, 0.001, 1e-12): det 1e-18 against 1e-6 of the "
                   "column lengths' product, 1.414e-15",
                   m);
    /* Unit-length columns, the third 5e-7 off the plane of the other two:
     * a = (1, 0, 0), b = (0, 1, 0), c = (0.6, 0.8, 5e-7): b x c = (5e-7, 0,
     * -0.6), det A = 5e-7, the lengths' product 1: below 1e-6. Comparing
     * det A with 0 accepts it. */
    columns(m, (float[]){1, 0, 0, 0}, (float[]){0, 1, 0, 0}, (float[]){0.6f, 0.8f, 5e-7f, 0}, (float[]){1, 2, 3, 1});
    expect_refused("columns (1, 0, 0), (0, 1, 0), (0.6, 0.8, 5e-7): det 5e-7 with unit columns", m);
}

static void ex05_1_nan_is_refused(void **state)
{
    (void)state;
    /* A NaN in A makes det A a NaN, and every comparison with a NaN is
     * false: "if (|det| <= threshold) refuse" lets it through, "if
     * (!(|det| > threshold)) refuse" does not. */
    mat4 m;
    for (int c = 0; c < 3; c++) {
        char what[80];
        glm_mat4_identity(m);
        m[c][c] = NAN;
        snprintf(what, sizeof what, "the identity with a NaN at m[%d][%d] (a NaN counts as singular)", c, c);
        expect_refused(what, m);
    }
    glm_mat4_identity(m);
    m[1][2] = NAN;
    expect_refused("the identity with a NaN at m[1][2] (a NaN counts as singular)", m);
    /* A NaN in the bottom row is not 0 0 0 1 within the tolerance either. */
    for (int c = 0; c < 4; c++) {
        char what[80];
        glm_mat4_identity(m);
        m[c][3] = NAN;
        snprintf(what, sizeof what, "the identity with a NaN in the bottom row, m[%d][3] (not affine)", c);
        expect_refused(what, m);
    }
}

static void ex05_1_bottom_row_tolerance(void **state)
{
    (void)state;
    /* Within AFFINE_TOLERANCE (1e-6) of 0 0 0 1 is affine: a bottom row
     * (1e-7, -1e-7, 5e-7, 1 + 4.77e-7) as float rounding leaves it, with
     * the 3x3 part the identity and t = (1, 2, 3): the inverse is a move by
     * (-1, -2, -3), with an exact 0 0 0 1 bottom row. */
    mat4 m = GLM_MAT4_IDENTITY_INIT, expected = GLM_MAT4_IDENTITY_INIT;
    m[0][3] = 1e-7f, m[1][3] = -1e-7f, m[2][3] = 5e-7f, m[3][3] = 1.0f + 4.0f * FLT_EPSILON;
    m[3][0] = 1, m[3][1] = 2, m[3][2] = 3;
    expected[3][0] = -1, expected[3][1] = -2, expected[3][2] = -3;
    expect_inverse("a move by (1, 2, 3) with bottom row (1e-7, -1e-7, 5e-7, 1 + 4.8e-7), within 1e-6 of 0 0 0 1", m,
                   expected);
    /* Each element of the bottom row checked, each 1e-5 off (ten times the
     * tolerance): not affine. */
    for (int c = 0; c < 4; c++) {
        char what[96];
        glm_mat4_identity(m);
        m[c][3] += 1e-5f;
        snprintf(what, sizeof what, "the identity with m[%d][3] 1e-5 off (the bottom row's tolerance is 1e-6)", c);
        expect_refused(what, m);
    }
}

static void ex05_1_not_affine_is_refused(void **state)
{
    (void)state;
    mat4 m = GLM_MAT4_IDENTITY_INIT;
    m[2][3] = 0.5f; /* bottom row 0 0 0.5 1: a projection */
    expect_refused("bottom row 0 0 0.5 1", m);
    glm_mat4_identity(m);
    m[3][3] = 2.0f; /* bottom row 0 0 0 2 */
    expect_refused("bottom row 0 0 0 2", m);
    glm_mat4_identity(m);
    m[0][3] = 1.0f;
    expect_refused("bottom row 1 0 0 1", m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex05.1", ex05_1_identity),
        SA_EXERCISE_CASE("ex05.1", ex05_1_translation),
        SA_EXERCISE_CASE("ex05.1", ex05_1_rotation_and_translation),
        SA_EXERCISE_CASE("ex05.1", ex05_1_rotation_with_scale),
        SA_EXERCISE_CASE("ex05.1", ex05_1_shear),
        SA_EXERCISE_CASE("ex05.1", ex05_1_mirror),
        SA_EXERCISE_CASE("ex05.1", ex05_1_in_place),
        SA_EXERCISE_CASE("ex05.1", ex05_1_bind_pose_check),
        SA_EXERCISE_CASE("ex05.1", ex05_1_small_scale_is_not_singular),
        SA_EXERCISE_CASE("ex05.1", ex05_1_singular_is_refused),
        SA_EXERCISE_CASE("ex05.1", ex05_1_not_affine_is_refused),
        SA_EXERCISE_CASE("ex05.1", ex05_1_large_and_uneven_scales_are_not_singular),
        SA_EXERCISE_CASE("ex05.1", ex05_1_nearly_singular_is_refused),
        SA_EXERCISE_CASE("ex05.1", ex05_1_nan_is_refused),
        SA_EXERCISE_CASE("ex05.1", ex05_1_bottom_row_tolerance),
    };
    return cmocka_run_group_tests_name("ex05.1 affine_inverse", tests, NULL, NULL);
}
