/* Grading tests for exercise ex02.3: obj_fan_triangulate() splits a polygon
 * into the fan (0, 1, 2), (0, 2, 3) ... around its first corner. */
#include "tests/test_util.h"
#include "chapters/02_obj_loader/obj_steps.h"

static void expect_fan(const uint32_t *polygon, size_t corners, const uint32_t *expected, size_t triangles)
{
    uint32_t out[64];
    for (size_t i = 0; i < 64; i++)
        out[i] = 0xDEADBEEF;
    size_t got = obj_fan_triangulate(polygon, corners, out);
    if (got != triangles)
        fail_msg("ex02.3: a polygon of %zu corners: expected the return value %zu (triangles), got %zu", corners,
                 triangles, got);
    for (size_t i = 0; i < 3 * triangles; i++)
        if (out[i] != expected[i])
            fail_msg("ex02.3: a polygon of %zu corners: out[%zu] (triangle %zu, corner %zu): expected %u, got %u",
                     corners, i, i / 3, i % 3, expected[i], out[i]);
    /* Nothing written past the triangles. */
    if (out[3 * triangles] != 0xDEADBEEF)
        fail_msg("ex02.3: a polygon of %zu corners: out[%zu], just past the %zu triangles, was written (%u)", corners,
                 3 * triangles, triangles, out[3 * triangles]);
}

static void ex02_3_triangle_is_kept(void **state)
{
    (void)state;
    const uint32_t tri[3] = {7, 8, 9};
    expect_fan(tri, 3, (const uint32_t[]){7, 8, 9}, 1);
}

static void ex02_3_quad(void **state)
{
    (void)state;
    const uint32_t quad[4] = {10, 11, 12, 13};
    expect_fan(quad, 4, (const uint32_t[]){10, 11, 12, 10, 12, 13}, 2);
}

static void ex02_3_hexagon(void **state)
{
    (void)state;
    const uint32_t hex[6] = {5, 4, 3, 2, 1, 0};
    expect_fan(hex, 6, (const uint32_t[]){5, 4, 3, 5, 3, 2, 5, 2, 1, 5, 1, 0}, 4);
}

static void ex02_3_too_few_corners(void **state)
{
    (void)state;
    const uint32_t two[2] = {1, 2};
    expect_fan(two, 2, NULL, 0);
    expect_fan(two, 0, NULL, 0);
}

static void ex02_3_keeps_the_winding(void **state)
{
    (void)state;
    /* A counter-clockwise octagon in the XY plane: every triangle of the
     * fan must be counter-clockwise too (positive signed area). */
    float xy[8][2];
    uint32_t polygon[8];
    for (int i = 0; i < 8; i++) {
        xy[i][0] = cosf(6.2831853f * (float)i / 8), xy[i][1] = sinf(6.2831853f * (float)i / 8);
        polygon[i] = (uint32_t)i;
    }
    uint32_t out[18];
    EXPECT_INT(6, obj_fan_triangulate(polygon, 8, out));
    float total = 0;
    for (int t = 0; t < 6; t++) {
        for (int k = 0; k < 3; k++)
            if (out[3 * t + k] >= 8)
                fail_msg("ex02.3: out[%d] (triangle %d): %u is not a corner of the octagon", 3 * t + k, t,
                         out[3 * t + k]);
        const float *a = xy[out[3 * t]], *b = xy[out[3 * t + 1]], *c = xy[out[3 * t + 2]];
        float area = 0.5f * ((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]));
        if (!(area > 0))
            fail_msg("ex02.3: triangle %d (%u, %u, %u) of a counter-clockwise octagon is clockwise (signed area %g)", t,
                     out[3 * t], out[3 * t + 1], out[3 * t + 2], area);
        total += area;
    }
    /* The triangles cover the octagon exactly once: area 2 * sqrt(2) for radius 1. */
    EXPECT_NEAR(2.0 * sqrt(2.0), total, 1e-5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex02.3", ex02_3_triangle_is_kept),  SA_EXERCISE_CASE("ex02.3", ex02_3_quad),
        SA_EXERCISE_CASE("ex02.3", ex02_3_hexagon),           SA_EXERCISE_CASE("ex02.3", ex02_3_too_few_corners),
        SA_EXERCISE_CASE("ex02.3", ex02_3_keeps_the_winding),
    };
    return cmocka_run_group_tests_name("ex02.3 obj_fan_triangulate", tests, NULL, NULL);
}
