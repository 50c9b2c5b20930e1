/* Grading tests for exercise ex06.3: morph_skin_vertex() moves one vertex by
 * each target's delta times its weight, in model space, then skins it.
 * One case per sentence of the task (exercises/06_cpu_skinning/
 * morph_skin_vertex.c); every expected value is worked out by hand beside it. */
#include "tests/test_util.h"
#include "chapters/06_cpu_skinning/skinning.h"

static const double tol = 1e-5;
static const uint16_t joint0[4] = {0, 0, 0, 0};
static const float weight1[4] = {1, 0, 0, 0};

/* Runs morph_skin_vertex() on vertex `vertex` and compares, naming the case;
 * the outputs sit inside larger arrays with a marker, so that writing past
 * three floats is caught too. */
static void expect_morph(const char *what, mat4 *skin, size_t vertex, int target_count, const float *morph_weights,
                         const float (*const *pd)[3], const float (*const *nd)[3], const float p[3], const float n[3],
                         const double want_p[3], const double want_n[3])
{
    float out_p[6], out_n[6];
    for (int i = 0; i < 6; i++)
        out_p[i] = out_n[i] = -12345.0f;
    morph_skin_vertex(vertex, target_count, morph_weights, pd, nd, skin, joint0, weight1, p, n, out_p, out_n);
    for (int r = 0; r < 3; r++)
        if (!(fabs(out_p[r] - want_p[r]) <= tol))
            fail_msg("ex06.3: %s: out_position[%d]: expected %.6g, got %.6g", what, r, want_p[r], (double)out_p[r]);
    for (int r = 0; r < 3; r++)
        if (!(fabs(out_n[r] - want_n[r]) <= tol))
            fail_msg("ex06.3: %s: out_normal[%d]: expected %.6g, got %.6g", what, r, want_n[r], (double)out_n[r]);
    for (int r = 3; r < 6; r++)
        if (out_p[r] != -12345.0f || out_n[r] != -12345.0f)
            fail_msg("ex06.3: %s: wrote past out_position[2] or out_normal[2] (element %d)", what, r);
}

static void one_target_weight_one(void **state)
{
    (void)state;
    /* "move the vertex by each target's delta times the target's weight":
     * (1, 1, 1) + 1 x (0.5, 0, -2) = (1.5, 1, -1); identity skin. */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    const float pd0[1][3] = {{0.5f, 0, -2}};
    const float(*pd[1])[3] = {pd0};
    const float(*nd[1])[3] = {NULL};
    expect_morph("one target at weight 1", skin, 0, 1, (const float[]){1}, pd, nd, (const float[]){1, 1, 1},
                 (const float[]){0, 0, 1}, (const double[]){1.5, 1, -1}, (const double[]){0, 0, 1});
}

static void every_target_counts(void **state)
{
    (void)state;
    /* "Every one of the target_count targets counts": three targets, weights
     * 1, 2, 3 along x, y, z: (0, 0, 0) + (1, 2, 3). A loop that stops one
     * short drops z, one that starts at 1 drops x. */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    const float a[1][3] = {{1, 0, 0}}, b[1][3] = {{0, 1, 0}}, c[1][3] = {{0, 0, 1}};
    const float(*pd[3])[3] = {a, b, c};
    const float(*nd[3])[3] = {NULL, NULL, NULL};
    expect_morph("three targets", skin, 0, 3, (const float[]){1, 2, 3}, pd, nd, (const float[]){0, 0, 0},
                 (const float[]){0, 1, 0}, (const double[]){1, 2, 3}, (const double[]){0, 1, 0});
}

static void zero_weights_leave_it(void **state)
{
    (void)state;
    /* "A weight of 0 leaves the vertex where it is": both weights 0, large
     * deltas: (2, 3, 4) exactly. Dividing by the weights' sum gives 0 / 0. */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    const float a[1][3] = {{100, 0, 0}}, b[1][3] = {{0, -100, 0}};
    const float an[1][3] = {{1, 0, 0}};
    const float(*pd[2])[3] = {a, b};
    const float(*nd[2])[3] = {an, NULL};
    expect_morph("weights 0 and 0", skin, 0, 2, (const float[]){0, 0}, pd, nd, (const float[]){2, 3, 4},
                 (const float[]){0, 0, 1}, (const double[]){2, 3, 4}, (const double[]){0, 0, 1});
}

static void negative_and_above_one(void **state)
{
    (void)state;
    /* "weights may be negative or above 1: use them as they are": -0.5 of
     * (2, 0, 0) and 2 of (0, 2, 0) on (1, 1, 1): (0, 5, 1). Clamped to 0..1:
     * (1, 3, 1); divided by their sum 1.5: (1/3, 11/3, 1). */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    const float a[1][3] = {{2, 0, 0}}, b[1][3] = {{0, 2, 0}};
    const float(*pd[2])[3] = {a, b};
    const float(*nd[2])[3] = {NULL, NULL};
    expect_morph("weights -0.5 and 2", skin, 0, 2, (const float[]){-0.5f, 2.0f}, pd, nd, (const float[]){1, 1, 1},
                 (const float[]){1, 0, 0}, (const double[]){0, 5, 1}, (const double[]){1, 0, 0});
}

static void null_deltas_add_nothing(void **state)
{
    (void)state;
    /* "A target that does not move an attribute has NULL there": target 0
     * moves only the normal, target 1 only the position (both weight 1).
     * Position (0, 0, 0) + (0, 0, 3) = (0, 0, 3); normal (0, 0, 1) + (1, 0, 0)
     * = (1, 0, 1), unit length (0.707107, 0, 0.707107). Reading a NULL
     * array crashes (the sanitizer names the line). */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    const float n0[1][3] = {{1, 0, 0}}, p1[1][3] = {{0, 0, 3}};
    const float(*pd[2])[3] = {NULL, p1};
    const float(*nd[2])[3] = {n0, NULL};
    expect_morph("one target without POSITION, one without NORMAL", skin, 0, 2, (const float[]){1, 1}, pd, nd,
                 (const float[]){0, 0, 0}, (const float[]){0, 0, 1}, (const double[]){0, 0, 3},
                 (const double[]){0.70710678, 0, 0.70710678});
}

static void this_vertex_delta(void **state)
{
    (void)state;
    /* "Read the delta of this vertex (index vertex)": vertex 2 of three, a
     * sparse target that moves only vertex 2, by (0, 7, 0): (0, 7, 0). Its
     * normal delta (1, 0, 0) at vertex 2 turns the normal (0, 0, 1) to
     * (0.707107, 0, 0.707107); vertex 0's or 1's deltas are zero. */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    const float a[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 7, 0}};
    const float an[3][3] = {{0, 0, 0}, {0, 0, 0}, {1, 0, 0}};
    const float(*pd[1])[3] = {a};
    const float(*nd[1])[3] = {an};
    expect_morph("vertex 2 of a sparse target", skin, 2, 1, (const float[]){1}, pd, nd, (const float[]){0, 0, 0},
                 (const float[]){0, 0, 1}, (const double[]){0, 7, 0}, (const double[]){0.70710678, 0, 0.70710678});
}

static void morph_before_skin(void **state)
{
    (void)state;
    /* "The morph comes before the skin": skin = T(1, 2, 3) * Rz90; (1, 0, 0)
     * morphed by (0, 1, 0) is (1, 1, 0), turned to (-1, 1, 0), moved to
     * (0, 3, 3). Skinning first and adding the delta after gives (1, 4, 3).
     * Normal (1, 0, 0) with no delta turns to (0, 1, 0). */
    mat4 skin[1], r;
    translation(skin[0], 1, 2, 3);
    rotation_z90(r);
    glm_mat4_mul(skin[0], r, skin[0]);
    const float a[1][3] = {{0, 1, 0}};
    const float(*pd[1])[3] = {a};
    const float(*nd[1])[3] = {NULL};
    expect_morph("morph, then the skin T(1, 2, 3) Rz90", skin, 0, 1, (const float[]){1}, pd, nd,
                 (const float[]){1, 0, 0}, (const float[]){1, 0, 0}, (const double[]){0, 3, 3},
                 (const double[]){0, 1, 0});
}

static void normal_has_its_own_deltas(void **state)
{
    (void)state;
    /* "n' = normal + sum of weight x normal delta", then unit length: normal
     * (0, 0, 1) + 0.5 x (0, 2, 0) = (0, 1, 1) -> (0, 0.707107, 0.707107); the
     * position delta (5, 0, 0) must not reach the normal, nor the normal
     * delta the position: (5, 0, 0). */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    const float a[1][3] = {{10, 0, 0}}, an[1][3] = {{0, 2, 0}};
    const float(*pd[1])[3] = {a};
    const float(*nd[1])[3] = {an};
    expect_morph("normal deltas", skin, 0, 1, (const float[]){0.5f}, pd, nd, (const float[]){0, 0, 0},
                 (const float[]){0, 0, 1}, (const double[]){5, 0, 0}, (const double[]){0, 0.70710678, 0.70710678});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex06.3", one_target_weight_one),   SA_EXERCISE_CASE("ex06.3", every_target_counts),
        SA_EXERCISE_CASE("ex06.3", zero_weights_leave_it),   SA_EXERCISE_CASE("ex06.3", negative_and_above_one),
        SA_EXERCISE_CASE("ex06.3", null_deltas_add_nothing), SA_EXERCISE_CASE("ex06.3", this_vertex_delta),
        SA_EXERCISE_CASE("ex06.3", morph_before_skin),       SA_EXERCISE_CASE("ex06.3", normal_has_its_own_deltas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
