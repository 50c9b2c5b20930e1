/* Grading tests for exercise ex07.1: skin_vertex() in GLSL, run in a real
 * vertex shader (shaders/skin.vert + your skin_vertex.glsl) on nine
 * vertices, the results read back with transform feedback.
 *
 * The skin matrices (column vectors, as in the book):
 *   0  the identity
 *   1  a move by (1, 2, 3)
 *   2  90 degrees about Z, then a move by (0, 0, 5): (x, y, z) -> (-y, x, z + 5)
 *   3  a scale by (2, 1, 1)
 *   4  a scale by (-2, 1, 1): a mirror, det -2
 *   5  a scale by (1, 1, -1): a mirror in z
 *   6  180 degrees about X: (x, y, z) -> (x, -y, -z)
 * Every expected value is worked out by hand beside its vertex. The same
 * checks run with the matrices in the uniform block and in the texture
 * buffer, since skin_matrix_of() reads either.
 *
 * A GL context is needed: without a display the test starts itself again
 * under xvfb-run (so `ctest -L ex07.1` works from any terminal). */
#include "gl_exercise.h"

static const double tol = 1e-5;

#define N 9
#define JOINTS 7
#define H 0.70710678f /* 1 / sqrt 2 */
/* [vertex] = what it checks. */
static const char *const what[N] = {
    "vertex 0: joint 1 (move by (1, 2, 3)) at weight 1, position (1, 1, 1)",
    "vertex 1: joints 0 and 1 (identity, move by (1, 2, 3)) at 0.5 each, position (0, 0, 0)",
    "vertex 2: joint 2 (90 deg about Z, then (0, 0, 5)) at weight 1, position (1, 0, 0)",
    "vertex 3: joint 3 (scale (2, 1, 1)) at weight 1, normal (1, 1, 0) / sqrt 2",
    "vertex 4: joints 0 1 2 3 at 0.25 each, position (1, 0, 0)",
    "vertex 5: joints 0 and 3 (identity, scale (2, 1, 1)) at 0.5 each, normal (1, 1, 0) / sqrt 2",
    "vertex 6: joint 4 (the mirror scale (-2, 1, 1)) at weight 1, normal (1, 1, 0) / sqrt 2",
    "vertex 7: joints 0 and 5 (identity, the mirror scale (1, 1, -1)) at 0.5 each: A = diag(1, 1, 0), singular",
    "vertex 8: joints 0 and 6 (identity, 180 deg about X) at 0.5 each: A = diag(1, 0, 0), the candy wrapper's pinch",
};
static const float positions[N][3] = {{1, 1, 1}, {0, 0, 0}, {1, 0, 0}, {0, 0, 0}, {1, 0, 0},
                                      {1, 1, 0}, {1, 0, 0}, {1, 2, 3}, {1, 1, 1}};
static const float normals[N][3] = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {H, H, 0}, {0, 0, 1},
                                    {H, H, 0}, {H, H, 0}, {0, 0, 1}, {0, 1, 0}};
static uint8_t joints[N][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {3, 0, 0, 0}, {0, 1, 2, 3},
                               {0, 3, 0, 0}, {4, 0, 0, 0}, {0, 5, 0, 0}, {0, 6, 0, 0}};
static float weights[N][4] = {{1, 0, 0, 0}, {0.5f, 0.5f, 0, 0},           {1, 0, 0, 0},
                              {1, 0, 0, 0}, {0.25f, 0.25f, 0.25f, 0.25f}, {0.5f, 0.5f, 0, 0},
                              {1, 0, 0, 0}, {0.5f, 0.5f, 0, 0},           {0.5f, 0.5f, 0, 0}};
static const float want_positions[N][3] = {
    {2, 3, 4},       /* (1, 1, 1) + (1, 2, 3); v * M (row vector) would leave (1, 1, 1) */
    {0.5f, 1, 1.5f}, /* half of (0, 0, 0) + half of (1, 2, 3); one weight only gives 0 or (1, 2, 3) */
    {0, 1, 5},       /* (-0, 1, 0 + 5); v * M gives (0, -1, 0) */
    {0, 0, 0},       /* the origin stays */
    /* the mean of (1, 0, 0), (2, 2, 3), (0, 1, 5), (2, 0, 0) */
    {1.25f, 0.75f, 2},
    {1.5f, 1, 0}, /* diag(1.5, 1, 1) (1, 1, 0) */
    {-2, 0, 0},   /* (1, 0, 0) scaled by -2 */
    {1, 2, 0},    /* diag(1, 1, 0) (1, 2, 3): flattened onto z = 0 */
    {1, 0, 0},    /* diag(1, 0, 0) (1, 1, 1): onto the X axis */
};
static const float want_normals[N][3] = {
    {0, 0, 1},
    {0, 1, 0},
    {0, 1, 0}, /* (1, 0, 0) turned 90 deg about Z */
    /* inverse transpose of scale (2, 1, 1) is scale (0.5, 1, 1): (0.5, 1, 0) / |.| = (1, 2, 0) / sqrt 5;
     * the matrix itself would give (2, 1, 0) / sqrt 5 */
    {0.44721360f, 0.89442719f, 0},
    /* the blended upper 3x3 is 0.25 (I + I + Rz90 + S) = rows (1, -0.25, 0), (0.25, 0.75, 0), (0, 0, 1):
     * z stays z, so (0, 0, 1) stays (0, 0, 1) */
    {0, 0, 1},
    /* A = 0.5 (I + diag(2, 1, 1)) = diag(1.5, 1, 1), inverse transpose diag(2/3, 1, 1): (2/3, 1, 0) / sqrt 2,
     * along (2, 3, 0) / sqrt 13. Blending each joint's own normal instead, 0.5 (1, 1, 0) + 0.5 (0.5, 1, 0),
     * gives (0.6, 0.8, 0) */
    {0.55470020f, 0.83205029f, 0},
    /* the inverse transpose of diag(-2, 1, 1) is diag(-0.5, 1, 1): (-0.5, 1, 0), along (-1, 2, 0) / sqrt 5.
     * The cofactor matrix det A * diag(-0.5, 1, 1) = diag(1, -2, -2) without the sign of det A = -2 gives
     * (1, -2, 0) / sqrt 5, turned inward; the matrix itself (-2, 1, 0) / sqrt 5 */
    {-0.44721360f, 0.89442719f, 0},
    /* A = 0.5 (I + diag(1, 1, -1)) = diag(1, 1, 0), det 0: GLSL leaves inverse() undefined there. The
     * cofactor matrix (columns a1 x a2, a2 x a0, a0 x a1) is diag(0, 0, 1), and det A = 0 is not negative:
     * (0, 0, 1), the normal of the flattened surface. sign(det A) would make it 0 */
    {0, 0, 1},
    /* A = 0.5 (I + diag(1, -1, -1)) = diag(1, 0, 0): every cofactor is 0, so is the normal; written as 0,
     * as chapter 06 does (normalize() of a zero vector is undefined) */
    {0, 0, 0},
};

static void matrices(mat4 m[JOINTS])
{
    glm_mat4_identity(m[0]);
    glm_mat4_identity(m[1]);
    m[1][3][0] = 1, m[1][3][1] = 2, m[1][3][2] = 3;
    glm_mat4_identity(m[2]);
    m[2][0][0] = 0, m[2][0][1] = 1;  /* column 0: x goes to y */
    m[2][1][0] = -1, m[2][1][1] = 0; /* column 1: y goes to -x */
    m[2][3][2] = 5;
    glm_mat4_identity(m[3]);
    m[3][0][0] = 2;
    glm_mat4_identity(m[4]);
    m[4][0][0] = -2;
    glm_mat4_identity(m[5]);
    m[5][2][2] = -1;
    glm_mat4_identity(m[6]);
    m[6][1][1] = -1, m[6][2][2] = -1;
}

static void run_with(skin_storage storage, const char *storage_name)
{
    sa_error err;
    skin_program program;
    if (!skin_program_load(&program, SKIN_LINEAR, storage, JOINTS, &err))
        fail_msg("ex07.1: the skinning shader does not build with your skin_vertex(): %s", err.message);
    skin_palette palette;
    if (!skin_palette_init(&palette, storage, JOINTS, &err))
        fail_msg("%s", err.message);
    mat4 m[JOINTS];
    matrices(m);
    skin_palette_upload_matrices(&palette, JOINTS, m);

    float got_p[N][3], got_n[N][3];
    gl_exercise_capture(&program, &palette, N, positions, normals, joints, weights, JOINTS, got_p, got_n);
    for (int v = 0; v < N; v++)
        for (int k = 0; k < 3; k++) {
            if (!(fabs((double)got_p[v][k] - (double)want_positions[v][k]) <= tol))
                fail_msg("ex07.1: skin_vertex(), matrices in the %s: %s: skinned_position[%d]: expected %.6g, got "
                         "%.6g (expected (%.4g, %.4g, %.4g), got (%.4g, %.4g, %.4g))",
                         storage_name, what[v], k, (double)want_positions[v][k], (double)got_p[v][k],
                         (double)want_positions[v][0], (double)want_positions[v][1], (double)want_positions[v][2],
                         (double)got_p[v][0], (double)got_p[v][1], (double)got_p[v][2]);
            if (!(fabs((double)got_n[v][k] - (double)want_normals[v][k]) <= tol))
                fail_msg("ex07.1: skin_vertex(), matrices in the %s: %s: skinned_normal[%d]: expected %.6g, got %.6g "
                         "(expected (%.4g, %.4g, %.4g), got (%.4g, %.4g, %.4g))",
                         storage_name, what[v], k, (double)want_normals[v][k], (double)got_n[v][k],
                         (double)want_normals[v][0], (double)want_normals[v][1], (double)want_normals[v][2],
                         (double)got_n[v][0], (double)got_n[v][1], (double)got_n[v][2]);
        }
    skin_palette_free(&palette);
    skin_program_unload(&program);
}

int main(int argc, char **argv)
{
    (void)argc;
    return gl_exercise_main(argv, "ex07.1", "ex07.1 skin_vertex (GLSL)", run_with);
}
