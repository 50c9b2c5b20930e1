/* Unit tests of common/transform.c: TRS compose and decompose. */
#include "test_util.h"
#include "common/transform.h"

static void compose_then_decompose_round_trips(void **state)
{
    (void)state;
    transform t;
    glm_vec3_copy((vec3){0.5f, -2.0f, 3.25f}, t.translation);
    glm_quatv(t.rotation, 1.1f, (vec3){0.3f, 0.8f, -0.52f});
    glm_quat_normalize(t.rotation);
    glm_vec3_copy((vec3){1.5f, 0.5f, 2.0f}, t.scale);
    mat4 m;
    transform_to_mat4(&t, m);
    transform back;
    EXPECT_TRUE(transform_from_mat4(m, 1e-5f, &back));
    for (int i = 0; i < 3; i++) {
        EXPECT_NEAR(t.translation[i], back.translation[i], 1e-5);
        EXPECT_NEAR(t.scale[i], back.scale[i], 1e-5);
    }
    /* q and -q are the same rotation: compare up to sign. */
    float sign = glm_quat_dot(t.rotation, back.rotation) < 0 ? -1.0f : 1.0f;
    for (int i = 0; i < 4; i++)
        EXPECT_NEAR(t.rotation[i], sign * back.rotation[i], 1e-5);
}

/* transform_to_mat4 writes R * S out by hand; cglm's glm_quat_mat4 and
 * three column scales are an independent way to the same matrix. Over many
 * unit rotations and scales the two agree within float rounding, and the
 * bottom row is exactly 0 0 0 1 (chapter 04's glm_mul relies on that). */
static void compose_matches_cglm_within_rounding(void **state)
{
    (void)state;
    unsigned seed = 12345u;
    for (int n = 0; n < 2000; n++) {
        float r[7];
        for (int i = 0; i < 7; i++) {
            seed = seed * 1664525u + 1013904223u; /* a fixed LCG: the same cases every run */
            r[i] = (float)(seed >> 8) / (float)(1u << 24) * 2.0f - 1.0f;
        }
        transform t;
        glm_vec3_copy((vec3){10.0f * r[0], -3.0f * r[1], r[2]}, t.translation);
        glm_vec4_copy((vec4){r[3], r[4], r[5], r[6] + 0.01f}, t.rotation);
        glm_quat_normalize(t.rotation);
        glm_vec3_copy((vec3){0.01f + fabsf(r[0]), 2.0f + r[1], 100.0f * r[2] + 101.0f}, t.scale);
        mat4 m, expected;
        transform_to_mat4(&t, m);
        glm_quat_mat4(t.rotation, expected);
        for (int c = 0; c < 3; c++)
            glm_vec4_scale(expected[c], t.scale[c], expected[c]);
        glm_vec4_copy((vec4){t.translation[0], t.translation[1], t.translation[2], 1.0f}, expected[3]);
        for (int c = 0; c < 4; c++)
            for (int row = 0; row < 4; row++) {
                /* Entries like 1 - yy - zz sum terms up to 2 in size, each
                 * rounded, and cglm's 2 / |q| is 2 within rounding: a few
                 * units in the last place of 2, times the column's scale. */
                double bound = c < 3 && row < 3 ? 16.0 * FLT_EPSILON * fabs(t.scale[c]) : 0.0;
                if (!(fabs(m[c][row] - expected[c][row]) <= bound))
                    fail_msg("case %d: m[%d][%d] = %.9g, cglm gives %.9g (more than rounding apart)", n, c, row,
                             (double)m[c][row], (double)expected[c][row]);
            }
    }
}

static void decompose_hand_written_matrix(void **state)
{
    (void)state;
    /* Columns: X axis scaled by 2 along +Y, Y axis scaled by 3 along -X, Z
     * unchanged, translation (4, 5, 6): R = 90deg about Z, S = (2, 3, 1). */
    mat4 m = {{0, 2, 0, 0}, {-3, 0, 0, 0}, {0, 0, 1, 0}, {4, 5, 6, 1}};
    transform t;
    EXPECT_TRUE(transform_from_mat4(m, 1e-5f, &t));
    EXPECT_VEC3(4, 5, 6, t.translation, 1e-6);
    EXPECT_VEC3(2, 3, 1, t.scale, 1e-6);
    float h = sqrtf(0.5f);
    float sign = t.rotation[3] < 0 ? -1.0f : 1.0f;
    EXPECT_NEAR(0, sign * t.rotation[0], 1e-6);
    EXPECT_NEAR(0, sign * t.rotation[1], 1e-6);
    EXPECT_NEAR(h, sign * t.rotation[2], 1e-6);
    EXPECT_NEAR(h, sign * t.rotation[3], 1e-6);
}

static void mirror_goes_into_scale_x(void **state)
{
    (void)state;
    mat4 m = {{-1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    transform t;
    EXPECT_TRUE(transform_from_mat4(m, 1e-5f, &t));
    EXPECT_NEAR(-1, t.scale[0], 1e-6);
    mat4 again;
    transform_to_mat4(&t, again);
    EXPECT_MAT4_NEAR(m, again, 1e-6);
}

static void shear_and_projection_are_rejected(void **state)
{
    (void)state;
    transform t;
    mat4 shear = {{1, 0, 0, 0}, {0.5f, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    EXPECT_TRUE(!transform_from_mat4(shear, 1e-4f, &t));
    mat4 projective = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, -1}, {0, 0, 0, 0}};
    EXPECT_TRUE(!transform_from_mat4(projective, 1e-4f, &t));
    mat4 flat = {{1, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    EXPECT_TRUE(!transform_from_mat4(flat, 1e-4f, &t));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(compose_then_decompose_round_trips), cmocka_unit_test(compose_matches_cglm_within_rounding),
        cmocka_unit_test(decompose_hand_written_matrix),      cmocka_unit_test(mirror_goes_into_scale_x),
        cmocka_unit_test(shear_and_projection_are_rejected),
    };
    return cmocka_run_group_tests_name("transform", tests, NULL, NULL);
}
