/* Grading tests for exercise ex04.1: joints_local_to_model() computes
 * model_from_joint[j] = model_from_joint[parent[j]] * T * R * S of local[j]
 * (a root: its own T * R * S) in one loop over a parents-first array.
 * Every expected matrix below is worked out by hand in the comment above it. */
#include "tests/test_util.h"
#include "chapters/04_bone_tree/skeleton.h"

#define S45 0.70710678f /* sin 45 degrees = cos 45 degrees */

/* "Allocate nothing": this test is linked with -Wl,--wrap=malloc (and calloc
 * and realloc, CMakeLists.txt), so every allocation by the code linked into
 * it, the student's included, passes through here and is counted. */
static int allocations;
void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size)
{
    allocations++;
    return __real_malloc(size);
}
void *__wrap_calloc(size_t count, size_t size)
{
    allocations++;
    return __real_calloc(count, size);
}
void *__wrap_realloc(void *p, size_t size)
{
    allocations++;
    return __real_realloc(p, size);
}

/* Runs the student's function with a guard matrix after the last one, and
 * compares joint by joint, naming the joint and the element that differs. */
static void expect_fk(const char *what, int count, const int *parent, const transform *local, mat4 *expected)
{
    /* The inputs get one valid extra entry, so that a loop that runs one
     * joint too far writes the guard instead of crashing. */
    int parent_padded[9];
    transform local_padded[9];
    for (int j = 0; j < count; j++)
        parent_padded[j] = parent[j], local_padded[j] = local[j];
    parent_padded[count] = -1;
    local_padded[count] = trs(0, 0, 0, (versor){0, 0, 0, 1}, 1);
    mat4 out[9];
    for (int j = 0; j < 9; j++)
        for (int c = 0; c < 4; c++)
            glm_vec4_fill(out[j][c], 12345.0f);
    allocations = 0;
    joints_local_to_model(count, parent_padded, local_padded, out);
    if (allocations)
        fail_msg("ex04.1 %s: joints_local_to_model() allocated memory (malloc, calloc or realloc called %d times); it "
                 "must allocate nothing: each joint needs only its parent's matrix, already in model_from_joint",
                 what, allocations);
    for (int j = 0; j < count; j++)
        for (int c = 0; c < 4; c++)
            for (int r = 0; r < 4; r++)
                if (!(fabsf(out[j][c][r] - expected[j][c][r]) <= 1e-5f))
                    fail_msg("ex04.1 %s: model_from_joint[%d][%d][%d] (joint %d, column %d, row %d): expected "
                             "%.6g, got %.6g",
                             what, j, c, r, j, c, r, (double)expected[j][c][r], (double)out[j][c][r]);
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            if (out[count][c][r] != 12345.0f)
                fail_msg("ex04.1 %s: model_from_joint[%d] was written: only %d matrices may be", what, count, count);
}

/* A lone root is its own local matrix: turned 90 degrees about Z (X goes to
 * +Y, Y to -X), scaled by 2, at (3, 4, 5). */
static void ex04_1_a_root_is_its_local_matrix(void **state)
{
    (void)state;
    const transform local[1] = {trs(3, 4, 5, (versor){0, 0, S45, S45}, 2)};
    mat4 expected[1] = {{{0, 2, 0, 0}, {-2, 0, 0, 0}, {0, 0, 2, 0}, {3, 4, 5, 1}}};
    expect_fk("one root", 1, (const int[]){-1}, local, expected);
}

/* Three joints in a chain:
 *   root:       Rz90 at (1,0,0)          axes (0,1,0), (-1,0,0), (0,0,1); origin (1,0,0)
 *   child:      2 m along the root's X, scaled 2: axes (0,2,0), (-2,0,0), (0,0,2);
 *               origin (1,0,0) + Rz90 (2,0,0) = (1,2,0)
 *   grandchild: 1 m along the child's Y, turned 90 degrees about X:
 *               X: child's X (0,2,0); Y: child's Z (0,0,2); Z: minus child's Y (2,0,0);
 *               origin (1,2,0) + child's Y (-2,0,0) = (-1,2,0)
 * Multiplying the other way round (local * parent) moves the child to (4,0,0). */
static void ex04_1_three_joint_chain(void **state)
{
    (void)state;
    const transform local[3] = {trs(1, 0, 0, (versor){0, 0, S45, S45}, 1), trs(2, 0, 0, (versor){0, 0, 0, 1}, 2),
                                trs(0, 1, 0, (versor){S45, 0, 0, S45}, 1)};
    mat4 expected[3] = {
        {{0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {1, 0, 0, 1}},
        {{0, 2, 0, 0}, {-2, 0, 0, 0}, {0, 0, 2, 0}, {1, 2, 0, 1}},
        {{0, 2, 0, 0}, {0, 0, 2, 0}, {2, 0, 0, 0}, {-1, 2, 0, 1}},
    };
    expect_fk("chain root -> child -> grandchild", 3, (const int[]){-1, 0, 1}, local, expected);
}

/* Two trees side by side, the second root not first, and a parent that is
 * not the previous joint:
 *   0 root A at (0,0,0)                       identity
 *   1 child of A, 1 m up                      origin (0,1,0)
 *   2 root B at (5,0,0) turned 90 degrees about Y (X to -Z, Z to +X)
 *   3 child of A again, 1 m along X, turned about Y like B: origin (1,0,0)
 *   4 child of B, 2 m along B's Z = +X: origin (7,0,0), axes as B's */
static void ex04_1_two_roots_and_siblings(void **state)
{
    (void)state;
    versor none = {0, 0, 0, 1}, about_y = {0, S45, 0, S45};
    const transform local[5] = {trs(0, 0, 0, none, 1), trs(0, 1, 0, none, 1), trs(5, 0, 0, about_y, 1),
                                trs(1, 0, 0, about_y, 1), trs(0, 0, 2, none, 1)};
    mat4 expected[5] = {
        {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}},
        {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 1, 0, 1}},
        {{0, 0, -1, 0}, {0, 1, 0, 0}, {1, 0, 0, 0}, {5, 0, 0, 1}},
        {{0, 0, -1, 0}, {0, 1, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 1}},
        {{0, 0, -1, 0}, {0, 1, 0, 0}, {1, 0, 0, 0}, {7, 0, 0, 1}},
    };
    expect_fk("two roots", 5, (const int[]){-1, 0, -1, 0, 2}, local, expected);
}

/* A long chain: each joint 1 m along its parent's X, turned 10 degrees about
 * Z. Joint k's X axis points at 10 (k + 1) degrees; its origin is the sum of
 * the unit steps at 0, 10, ..., 10 (k - 1) degrees. The last joint matters:
 * a loop that stops one early leaves it unwritten. */
static void ex04_1_long_chain(void **state)
{
    (void)state;
    enum { N = 8 };
    transform local[N];
    int parent[N];
    mat4 expected[N];
    float s = sinf(glm_rad(5.0f)), c = cosf(glm_rad(5.0f));
    double x = 0, y = 0;
    for (int k = 0; k < N; k++) {
        local[k] = trs(k == 0 ? 0.0f : 1.0f, 0, 0, (versor){0, 0, s, c}, 1);
        parent[k] = k - 1;
        if (k > 0) {
            x += cos(glm_rad(10.0 * k)), y += sin(glm_rad(10.0 * k));
        }
        double angle = glm_rad(10.0 * (k + 1));
        mat4 m = {{(float)cos(angle), (float)sin(angle), 0, 0},
                  {(float)-sin(angle), (float)cos(angle), 0, 0},
                  {0, 0, 1, 0},
                  {(float)x, (float)y, 0, 1}};
        glm_mat4_copy(m, expected[k]);
    }
    expect_fk("8-joint chain", N, parent, local, expected);
}

/* A root turned and scaled unevenly: T * R * S with R = 90 degrees about Z
 * (X to +Y, Y to -X) and S = (2, 3, 1), at (1, 0, 0). R S's columns are R
 * of S's: 2 (0, 1, 0), 3 (-1, 0, 0), 1 (0, 0, 1). Composing the parts in
 * another order (T * S * R) scales after turning: columns (0, 3, 0),
 * (-2, 0, 0), (0, 0, 1). */
static void ex04_1_root_rotation_nonuniform_scale(void **state)
{
    (void)state;
    transform local[1] = {trs(1, 0, 0, (versor){0, 0, S45, S45}, 1)};
    glm_vec3_copy((vec3){2, 3, 1}, local[0].scale);
    mat4 expected[1] = {{{0, 2, 0, 0}, {-3, 0, 0, 0}, {0, 0, 1, 0}, {1, 0, 0, 1}}};
    expect_fk("a root turned 90 degrees about Z and scaled (2, 3, 1)", 1, (const int[]){-1}, local, expected);
}

/* Children of a parent that is turned and scaled unevenly inherit both: the
 * parent's scale stretches their offsets and their axes.
 *   0 parent P: the root above, M_P columns (0, 2, 0), (-3, 0, 0), (0, 0, 1),
 *     origin (1, 0, 0)
 *   1 child A of P: at (1, 1, 0), turned 90 degrees about X (Y to +Z, Z to -Y):
 *     X: M_P (1, 0, 0) = (0, 2, 0); Y: M_P (0, 0, 1) = (0, 0, 1);
 *     Z: M_P (0, -1, 0) = (3, 0, 0); origin M_P (1, 1, 0) + (1, 0, 0)
 *     = (0, 2, 0) + (-3, 0, 0) + (1, 0, 0) = (-2, 2, 0)
 *   2 child B of P: at (1, 0, 0), turned 45 degrees about Z (c = s = 0.7071):
 *     X: M_P (c, s, 0) = c (0, 2, 0) + s (-3, 0, 0) = (-2.1213, 1.4142, 0);
 *     Y: M_P (-s, c, 0) = (-2.1213, -1.4142, 0); Z: (0, 0, 1);
 *     origin M_P (1, 0, 0) + (1, 0, 0) = (1, 2, 0).
 *     B's X and Y are no longer perpendicular (their dot product is 2.5): a
 *     turn under an uneven scale shears, which no T * R * S of B's own does.
 * Dropping the parent's scale puts A's origin at (1, 0, 0) + Rz90 (1, 1, 0)
 * = (0, 1, 0); carrying translation, rotation and scale down the tree
 * separately (scale times scale, rotation times rotation) gives B
 * perpendicular axes; local * parent puts A's origin at (2, 1, 0). */
static void ex04_1_parent_rotation_nonuniform_scale(void **state)
{
    (void)state;
    transform local[3] = {trs(1, 0, 0, (versor){0, 0, S45, S45}, 1), trs(1, 1, 0, (versor){S45, 0, 0, S45}, 1),
                          trs(1, 0, 0, (versor){0, 0, 0.38268343f, 0.92387953f}, 1)};
    glm_vec3_copy((vec3){2, 3, 1}, local[0].scale);
    const float a = 2.12132034f, b = 1.41421356f; /* 3 sin 45 and 2 sin 45 degrees */
    mat4 expected[3] = {
        {{0, 2, 0, 0}, {-3, 0, 0, 0}, {0, 0, 1, 0}, {1, 0, 0, 1}},
        {{0, 2, 0, 0}, {0, 0, 1, 0}, {3, 0, 0, 0}, {-2, 2, 0, 1}},
        {{-a, b, 0, 0}, {-a, -b, 0, 0}, {0, 0, 1, 0}, {1, 2, 0, 1}},
    };
    expect_fk("children of a parent turned 90 degrees about Z and scaled (2, 3, 1)", 3, (const int[]){-1, 0, 0}, local,
              expected);
}

/* A grandchild under an unevenly scaled joint that is itself under a turned
 * root: the scale in the middle of the chain reaches the grandchild.
 *   0 root: 90 degrees about Z at (0, 0, 0): columns (0, 1, 0), (-1, 0, 0), (0, 0, 1)
 *   1 child: at (1, 0, 0), scale (1, 4, 1): columns (0, 1, 0), (-4, 0, 0), (0, 0, 1);
 *     origin Rz90 (1, 0, 0) = (0, 1, 0)
 *   2 grandchild: at (0, 1, 0) in the child: origin (0, 1, 0) + (-4, 0, 0)
 *     = (-4, 1, 0); its axes are the child's. */
static void ex04_1_scale_in_the_middle_of_a_chain(void **state)
{
    (void)state;
    versor none = {0, 0, 0, 1};
    transform local[3] = {trs(0, 0, 0, (versor){0, 0, S45, S45}, 1), trs(1, 0, 0, none, 1), trs(0, 1, 0, none, 1)};
    glm_vec3_copy((vec3){1, 4, 1}, local[1].scale);
    mat4 expected[3] = {
        {{0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}},
        {{0, 1, 0, 0}, {-4, 0, 0, 0}, {0, 0, 1, 0}, {0, 1, 0, 1}},
        {{0, 1, 0, 0}, {-4, 0, 0, 0}, {0, 0, 1, 0}, {-4, 1, 0, 1}},
    };
    expect_fk("a scale (1, 4, 1) between a turned root and a grandchild", 3, (const int[]){-1, 0, 1}, local, expected);
}

/* No joints: nothing is written. */
static void ex04_1_no_joints(void **state)
{
    (void)state;
    expect_fk("no joints", 0, NULL, NULL, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex04.1", ex04_1_a_root_is_its_local_matrix),
        SA_EXERCISE_CASE("ex04.1", ex04_1_three_joint_chain),
        SA_EXERCISE_CASE("ex04.1", ex04_1_two_roots_and_siblings),
        SA_EXERCISE_CASE("ex04.1", ex04_1_long_chain),
        SA_EXERCISE_CASE("ex04.1", ex04_1_root_rotation_nonuniform_scale),
        SA_EXERCISE_CASE("ex04.1", ex04_1_parent_rotation_nonuniform_scale),
        SA_EXERCISE_CASE("ex04.1", ex04_1_scale_in_the_middle_of_a_chain),
        SA_EXERCISE_CASE("ex04.1", ex04_1_no_joints),
    };
    return cmocka_run_group_tests_name("ex04.1 joints_local_to_model", tests, NULL, NULL);
}
