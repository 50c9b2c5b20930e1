/* Grading tests for exercise ex06.1: skin_vertex() moves one vertex by the
 * weighted sum of its joints' skin matrices, and its normal by the inverse
 * transpose of that sum's 3x3 part, renormalized.
 * Every expected value is worked out by hand in the comment beside it. */
#include "tests/test_util.h"
#include "chapters/06_cpu_skinning/skinning.h"

static const double tol = 1e-5;

/* Runs skin_vertex() and compares, naming the exercise, the case and the
 * element (out_position[1]). The outputs sit inside larger arrays filled
 * with a marker, so that writing past three floats is caught too. */
static void expect_skin(const char *what, mat4 *skin, const uint16_t joints[4], const float weights[4],
                        const float p[3], const float n[3], const double want_p[3], const double want_n[3])
{
    float out_p[6], out_n[6];
    for (int i = 0; i < 6; i++)
        out_p[i] = out_n[i] = -12345.0f;
    skin_vertex(skin, joints, weights, p, n, out_p, out_n);
    for (int r = 0; r < 3; r++)
        if (!(fabs(out_p[r] - want_p[r]) <= tol))
            fail_msg("ex06.1: %s: out_position[%d]: expected %.6g, got %.6g (position %g %g %g, weights %g %g %g %g)",
                     what, r, want_p[r], (double)out_p[r], (double)p[0], (double)p[1], (double)p[2], (double)weights[0],
                     (double)weights[1], (double)weights[2], (double)weights[3]);
    for (int r = 0; r < 3; r++)
        if (!(fabs(out_n[r] - want_n[r]) <= tol))
            fail_msg("ex06.1: %s: out_normal[%d]: expected %.6g, got %.6g (normal in %g %g %g; the result must "
                     "be unit length, along inverse(transpose(A)) * n)",
                     what, r, want_n[r], (double)out_n[r], (double)n[0], (double)n[1], (double)n[2]);
    for (int r = 3; r < 6; r++)
        if (out_p[r] != -12345.0f || out_n[r] != -12345.0f)
            fail_msg("ex06.1: %s: wrote past out_position[2] or out_normal[2] (element %d)", what, r);
}

static void one_joint_weight_one(void **state)
{
    (void)state;
    /* joints {1, 0, 0, 0}, weights {1, 0, 0, 0}: skin[1] = T(1, 2, 3) * Rz90 alone.
     * (1, 0, 0) -> Rz90 -> (0, 1, 0) -> + (1, 2, 3) = (1, 3, 3); normal (1, 0, 0) -> (0, 1, 0).
     * skin[0] is a far translation: using joint slot i instead of joints[i] shows. */
    mat4 skin[2], r;
    translation(skin[0], 50, 50, 50);
    translation(skin[1], 1, 2, 3);
    rotation_z90(r);
    glm_mat4_mul(skin[1], r, skin[1]);
    expect_skin("one joint with weight 1", skin, (const uint16_t[]){1, 0, 0, 0}, (const float[]){1, 0, 0, 0},
                (const float[]){1, 0, 0}, (const float[]){1, 0, 0}, (const double[]){1, 3, 3},
                (const double[]){0, 1, 0});
}

static void weights_scale_the_translation(void **state)
{
    (void)state;
    /* 0.25 of T(4, 0, 0) plus 0.75 of I: the origin moves to (1, 0, 0), not (4, 0, 0). */
    mat4 skin[2];
    translation(skin[0], 4, 0, 0);
    glm_mat4_identity(skin[1]);
    expect_skin("translation weighted 0.25 / 0.75", skin, (const uint16_t[]){0, 1, 0, 0},
                (const float[]){0.25f, 0.75f, 0, 0}, (const float[]){0, 0, 0}, (const float[]){0, 0, 1},
                (const double[]){1, 0, 0}, (const double[]){0, 0, 1});
}

static void two_joints_half_and_half(void **state)
{
    (void)state;
    /* 0.5 I + 0.5 Rz90 on (1, 0, 0): (0.5, 0.5, 0); the normal (1, 0, 0) -> (1, 1, 0) / sqrt 2. */
    mat4 skin[2];
    glm_mat4_identity(skin[0]);
    rotation_z90(skin[1]);
    const double h = 0.70710678118654752;
    expect_skin("two joints at 0.5 / 0.5", skin, (const uint16_t[]){0, 1, 0, 0}, (const float[]){0.5f, 0.5f, 0, 0},
                (const float[]){1, 0, 0}, (const float[]){1, 0, 0}, (const double[]){0.5, 0.5, 0},
                (const double[]){h, h, 0});
}

static void four_joints(void **state)
{
    (void)state;
    /* Four translations T(1,0,0) T(0,2,0) T(0,0,4) T(8,0,0) weighted 0.1 0.2 0.3 0.4:
     * the point (1, 1, 1) moves by (0.1 + 3.2, 0.4, 1.2) = (3.3, 0.4, 1.2) to (4.3, 1.4, 2.2). */
    mat4 skin[4];
    translation(skin[0], 1, 0, 0);
    translation(skin[1], 0, 2, 0);
    translation(skin[2], 0, 0, 4);
    translation(skin[3], 8, 0, 0);
    expect_skin("four joints 0.1 0.2 0.3 0.4", skin, (const uint16_t[]){0, 1, 2, 3},
                (const float[]){0.1f, 0.2f, 0.3f, 0.4f}, (const float[]){1, 1, 1}, (const float[]){0, 1, 0},
                (const double[]){4.3, 1.4, 2.2}, (const double[]){0, 1, 0});
}

static void non_uniform_scale_normal(void **state)
{
    (void)state;
    /* scale(2, 1, 1): the plane x + y = 1 (normal (1, 1, 0) / sqrt 2) becomes
     * x / 2 + y = 1, normal (1, 2, 0) / sqrt 5. The plain matrix gives
     * (2, 1, 0) / sqrt 5, which is not perpendicular to the stretched plane. */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    skin[0][0][0] = 2.0f;
    const float h = 0.70710678f;
    const double s5 = sqrt(5.0);
    expect_skin("non-uniform scale(2, 1, 1)", skin, (const uint16_t[]){0, 0, 0, 0}, (const float[]){1, 0, 0, 0},
                (const float[]){0.5f, 0.5f, 0}, (const float[]){h, h, 0}, (const double[]){1, 0.5, 0},
                (const double[]){1 / s5, 2 / s5, 0});
}

static void uniform_scale_renormalized(void **state)
{
    (void)state;
    /* scale(3): the normal keeps its direction and must come back unit length. */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    glm_mat4_scale(skin[0], 3.0f);
    skin[0][3][3] = 1.0f;
    expect_skin("uniform scale 3", skin, (const uint16_t[]){0, 0, 0, 0}, (const float[]){1, 0, 0, 0},
                (const float[]){1, 2, 3}, (const float[]){0, 0, 1}, (const double[]){3, 6, 9},
                (const double[]){0, 0, 1});
}

static void mirror_keeps_the_normal_outward(void **state)
{
    (void)state;
    /* scale(-1, 1, 1): the face at x = 1 facing +x lands at x = -1 facing -x
     * (a normal turned inward, or left as it was, is wrong). */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    skin[0][0][0] = -1.0f;
    expect_skin("mirror scale(-1, 1, 1)", skin, (const uint16_t[]){0, 0, 0, 0}, (const float[]){1, 0, 0, 0},
                (const float[]){1, 0, 0}, (const float[]){1, 0, 0}, (const double[]){-1, 0, 0},
                (const double[]){-1, 0, 0});
}

static void rotation_with_translation_order(void **state)
{
    (void)state;
    /* skin = Rz90 * T(2, 0, 0) (translate first, then rotate): (1, 0, 0) ->
     * (3, 0, 0) -> (0, 3, 0). Reading the matrix transposed (m[row][column])
     * puts the translation in the bottom row and gives another point. */
    mat4 skin[1], t;
    rotation_z90(skin[0]);
    translation(t, 2, 0, 0);
    glm_mat4_mul(skin[0], t, skin[0]);
    expect_skin("rotation after translation", skin, (const uint16_t[]){0, 0, 0, 0}, (const float[]){1, 0, 0, 0},
                (const float[]){1, 0, 0}, (const float[]){0, 1, 0}, (const double[]){0, 3, 0},
                (const double[]){-1, 0, 0});
}

static void blend_with_a_non_uniformly_scaled_joint(void **state)
{
    (void)state;
    /* Half the identity and half scale(2, 1, 1): M's 3x3 is diag(1.5, 1, 1),
     * its inverse transpose diag(2/3, 1, 1). (1, 1, 0) -> (1.5, 1, 0); the
     * normal (1, 1, 0) / sqrt 2 -> (2/3, 1, 0) / sqrt 2, along (2, 3, 0) / sqrt 13.
     * Blending each joint's own normal instead, 0.5 (1, 1, 0) + 0.5 (0.5, 1, 0)
     * (each over sqrt 2), gives (0.75, 1, 0): (0.6, 0.8, 0), not the same. */
    mat4 skin[2];
    glm_mat4_identity(skin[0]);
    glm_mat4_identity(skin[1]);
    skin[1][0][0] = 2.0f;
    const float h = 0.70710678f;
    const double s13 = sqrt(13.0);
    expect_skin("0.5 identity + 0.5 scale(2, 1, 1)", skin, (const uint16_t[]){0, 1, 0, 0},
                (const float[]){0.5f, 0.5f, 0, 0}, (const float[]){1, 1, 0}, (const float[]){h, h, 0},
                (const double[]){1.5, 1, 0}, (const double[]){2 / s13, 3 / s13, 0});
    /* Half Rz90 and half scale(1, 3, 1): the 3x3 has the rows (0.5, -0.5, 0),
     * (0.5, 1.5, 0), (0, 0, 1), det 0.75 + 0.25 = 1. Its inverse transpose
     * (the 2x2 block [[d, -c], [-b, a]] / det) has the rows (1.5, -0.5, 0),
     * (0.5, 0.5, 0), (0, 0, 1): the normal (1, 0, 0) -> (1.5, 0.5, 0), along
     * (3, 1, 0) / sqrt 10. Per joint: Rz90 gives (0, 1, 0), the scale's inverse
     * transpose diag(1, 1/3, 1) leaves (1, 0, 0): halfway (1, 1, 0) / sqrt 2. The
     * point (1, 0, 0) -> 0.5 (0, 1, 0) + 0.5 (1, 0, 0) = (0.5, 0.5, 0). */
    mat4 skin2[2];
    rotation_z90(skin2[0]);
    glm_mat4_identity(skin2[1]);
    skin2[1][1][1] = 3.0f;
    const double s10 = sqrt(10.0);
    expect_skin("0.5 Rz90 + 0.5 scale(1, 3, 1)", skin2, (const uint16_t[]){0, 1, 0, 0},
                (const float[]){0.5f, 0.5f, 0, 0}, (const float[]){1, 0, 0}, (const float[]){1, 0, 0},
                (const double[]){0.5, 0.5, 0}, (const double[]){3 / s10, 1 / s10, 0});
}

static void blend_with_a_mirrored_joint(void **state)
{
    (void)state;
    /* 0.75 of the mirror scale(-1, 1, 1) and 0.25 of the identity: the 3x3 is
     * diag(-0.5, 1, 1), det -0.5 < 0. Its inverse transpose diag(-2, 1, 1)
     * takes (1, 1, 0) / sqrt 2 along (-2, 1, 0) / sqrt 5 (already outward:
     * the inverse transpose itself keeps the side; only its length is
     * normalized away). The cofactor matrix without det's sign,
     * det * diag(-2, 1, 1) = diag(1, -0.5, -0.5), points along (2, -1, 0):
     * inward. Per joint: 0.75 (-1, 1, 0) + 0.25 (1, 1, 0) = (-0.5, 1, 0),
     * along (-1, 2, 0) / sqrt 5. The point (2, 1, 0) -> (-1, 1, 0). */
    mat4 skin[2];
    glm_mat4_identity(skin[0]);
    skin[0][0][0] = -1.0f;
    glm_mat4_identity(skin[1]);
    const float h = 0.70710678f;
    const double s5 = sqrt(5.0);
    expect_skin("0.75 mirror scale(-1, 1, 1) + 0.25 identity", skin, (const uint16_t[]){0, 1, 0, 0},
                (const float[]){0.75f, 0.25f, 0, 0}, (const float[]){2, 1, 0}, (const float[]){h, h, 0},
                (const double[]){-1, 1, 0}, (const double[]){-2 / s5, 1 / s5, 0});
    /* The sign is the blended matrix's, not the first joint's: 0.25 of the
     * mirror and 0.75 of the identity is diag(0.5, 1, 1), det 0.5 > 0, so
     * (1, 0, 0) stays (1, 0, 0), though joints[0] mirrors. (2, 1, 0) -> (1, 1, 0). */
    expect_skin("0.25 mirror scale(-1, 1, 1) + 0.75 identity", skin, (const uint16_t[]){0, 1, 0, 0},
                (const float[]){0.25f, 0.75f, 0, 0}, (const float[]){2, 1, 0}, (const float[]){1, 0, 0},
                (const double[]){1, 1, 0}, (const double[]){1, 0, 0});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex06.1", one_joint_weight_one),
        SA_EXERCISE_CASE("ex06.1", weights_scale_the_translation),
        SA_EXERCISE_CASE("ex06.1", two_joints_half_and_half),
        SA_EXERCISE_CASE("ex06.1", four_joints),
        SA_EXERCISE_CASE("ex06.1", non_uniform_scale_normal),
        SA_EXERCISE_CASE("ex06.1", uniform_scale_renormalized),
        SA_EXERCISE_CASE("ex06.1", mirror_keeps_the_normal_outward),
        SA_EXERCISE_CASE("ex06.1", rotation_with_translation_order),
        SA_EXERCISE_CASE("ex06.1", blend_with_a_non_uniformly_scaled_joint),
        SA_EXERCISE_CASE("ex06.1", blend_with_a_mirrored_joint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
