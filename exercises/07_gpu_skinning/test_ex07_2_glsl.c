/* Grading tests for exercise ex07.2, its GLSL half: dq_skin_vertex() in a
 * real vertex shader (shaders/skin.vert + your dq_skin_vertex.glsl) on seven
 * vertices, the results read back with transform feedback.
 *
 * The dual quaternions (real | dual, x y z w), written out by hand from
 * real = q and dual = 0.5 * (t, 0) * q, with the quaternion product
 * (v1, w1)(v2, w2) = (w1 v2 + w2 v1 + v1 x v2, w1 w2 - v1 . v2) and
 * c = cos 45 deg = sin 45 deg:
 *   0  the identity                          (0, 0, 0, 1 | 0, 0, 0, 0)
 *   1  90 deg about Y, then (1, 0, 0)        (0, c, 0, c | c/2, 0, c/2, 0)
 *   2  a lift by (0, 2, 0)                   (0, 0, 0, 1 | 0, 1, 0, 0)
 *   3  90 deg about Y, then (0, 2, 0)        (0, c, 0, c | 0, c, 0, -c)
 *   4  joint 3 stored as its negative        (0, -c, 0, -c | 0, -c, 0, c)
 *   5  170 deg about Y                       (0, sin 85, 0, cos 85 | 0)
 *   6  190 deg about Y (w < 0)               (0, sin 95, 0, cos 95 | 0)
 *   7  90 deg about the vertical line through (1, 0, 0): x -> R (x - (1, 0, 0)) + (1, 0, 0),
 *      so t = (1, 0, 0) - R (1, 0, 0) = (1, 0, 1); (t, 0) q = (0, 0, 2c, 0)
 *                                            (0, c, 0, c | 0, 0, c, 0)
 *   8  60 deg about Y                        (0, sin 30, 0, cos 30 | 0)
 *   9  joint 8 stored as its negative        (0, -sin 30, 0, -cos 30 | 0)
 * A turn by a about Y takes (x, y, z) to (x cos a + z sin a, y, z cos a - x sin a).
 * Every expected value is worked out beside its vertex. The same checks run
 * with the dual quaternions in the uniform block and in the texture buffer.
 *
 * A GL context is needed: without a display the test starts itself again
 * under xvfb-run (so `ctest -L ex07.2` works from any terminal). */
#include "gl_exercise.h"

#define C45 0.70710678f
#define S30 0.5f
#define C30 0.86602540f
static const double tol = 1e-5;

#define JOINTS 10
#define N 7
static const char *const what[N] = {
    "vertex 0: joint 1 (90 deg about Y, then (1, 0, 0)) at weight 1, position (1, 0, 0)",
    "vertex 1: joints 2 and 3 (lift by 2; 90 deg about Y, then the lift) at 0.5 each, position (1, 0, 0)",
    "vertex 2: as vertex 1 with joint 3 stored as its negative (joint 4), position (1, 0, 0)",
    "vertex 3: joints 5 and 6 (170 and 190 deg about Y) at 0.5 each, position (1, 0, 0), normal (0, 0, 1)",
    "vertex 4: joints 2 3 2 3 at 0.25 each, position (1, 0, 0)",
    "vertex 5: joints 0 and 7 (identity; 90 deg about the line x = 1, z = 0) at 0.5 each, position (2, 0, 0)",
    "vertex 6: joints 0 9 8 (identity; -(60 deg about Y); 60 deg about Y) at 0.5, 0.25, 0.25, position (1, 0, 0)",
};
static const float positions[N][3] = {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 0, 0}};
static const float normals[N][3] = {{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {0, 0, 1}};
static uint8_t joints[N][4] = {{1, 0, 0, 0}, {2, 3, 0, 0}, {2, 4, 0, 0}, {5, 6, 0, 0},
                               {2, 3, 2, 3}, {0, 7, 0, 0}, {0, 9, 8, 0}};
static float weights[N][4] = {{1, 0, 0, 0},           {0.5f, 0.5f, 0, 0},           {0.5f, 0.5f, 0, 0},
                              {0.5f, 0.5f, 0, 0},     {0.25f, 0.25f, 0.25f, 0.25f}, {0.5f, 0.5f, 0, 0},
                              {0.5f, 0.25f, 0.25f, 0}};
static const float want_positions[N][3] = {
    /* (1, 0, 0) turned to (0, 0, -1), then moved by (1, 0, 0); dual * conj(real) in the wrong order, or the
     * turn the wrong way, gives (1, 0, 1) */
    {1, 0, -1},
    /* two screws about the Y axis blended halfway: 45 deg about Y, then (0, 2, 0). The raw blend's real part
     * has length cos 22.5 deg: without dividing the dual part by it too, the lift is 2.16 */
    {C45, 2, -C45},
    /* the same: q and -q are one rotation; without the flip the blend turns by about -135 deg */
    {C45, 2, -C45},
    /* 180 deg: joint 6's w is negative but it is on joint 5's side (dot cos 10 deg > 0); flipping by the sign
     * of w blends 170 with -170 deg: no turn at all */
    {-1, 0, 0},
    /* four influences: the halfway screw again; three of them give 2/3 of the lift's weight */
    {C45, 2, -C45},
    /* 45 deg about the line through (1, 0, 0): (2, 0, 0) - (1, 0, 0) turned, plus (1, 0, 0) = (1 + c, 0, -c).
     * Blending the translations apart from the rotation gives (2c, 0, -2c) + 0.5 (1, 0, 1) = (1.91, 0, -0.91) */
    {1 + C45, 0, -C45},
    /* joint 9 is on the other side of joint 0's (flipped), joint 8 on the same side of joint 0's but on the
     * other side of joint 9's: every one compared with joints.x, the blend is 0.5 identity + 0.5 (60 deg),
     * 30 deg about Y. Comparing each with the one before flips joint 8 and gives no turn, (1, 0, 0) */
    {C30, 0, -S30},
};
static const float want_normals[N][3] = {
    {0, 0, -1},                     /* (1, 0, 0) turned 90 deg about Y; the translation does not move a normal */
    {C45, 0, -C45},                 /* 45 deg */
    {C45, 0, -C45}, {0, 0, -1},     /* (0, 0, 1) turned 180 deg */
    {C45, 0, -C45}, {C45, 0, -C45}, /* 45 deg, wherever the axis is */
    {S30, 0, C30},                  /* (0, 0, 1) turned 30 deg */
};

static void set_dq(dual_quat *dq, float rx, float ry, float rz, float rw, float dx, float dy, float dz, float dw)
{
    dq->real[0] = rx, dq->real[1] = ry, dq->real[2] = rz, dq->real[3] = rw;
    dq->dual[0] = dx, dq->dual[1] = dy, dq->dual[2] = dz, dq->dual[3] = dw;
}

static void dual_quats(dual_quat dq[JOINTS])
{
    float s85 = sinf(85.0f * GLM_PIf / 180.0f), c85 = cosf(85.0f * GLM_PIf / 180.0f);
    float s95 = sinf(95.0f * GLM_PIf / 180.0f), c95 = cosf(95.0f * GLM_PIf / 180.0f);
    set_dq(&dq[0], 0, 0, 0, 1, 0, 0, 0, 0);
    set_dq(&dq[1], 0, C45, 0, C45, C45 / 2, 0, C45 / 2, 0);
    set_dq(&dq[2], 0, 0, 0, 1, 0, 1, 0, 0);
    set_dq(&dq[3], 0, C45, 0, C45, 0, C45, 0, -C45);
    set_dq(&dq[4], 0, -C45, 0, -C45, 0, -C45, 0, C45);
    set_dq(&dq[5], 0, s85, 0, c85, 0, 0, 0, 0);
    set_dq(&dq[6], 0, s95, 0, c95, 0, 0, 0, 0);
    set_dq(&dq[7], 0, C45, 0, C45, 0, 0, C45, 0);
    set_dq(&dq[8], 0, S30, 0, C30, 0, 0, 0, 0);
    set_dq(&dq[9], 0, -S30, 0, -C30, 0, 0, 0, 0);
}

static void expect3(const char *storage_name, int v, const char *output, const float want[3], const float got[3])
{
    for (int k = 0; k < 3; k++)
        if (!(fabs((double)got[k] - (double)want[k]) <= tol))
            fail_msg("ex07.2: dq_skin_vertex() in GLSL, dual quaternions in the %s: %s: %s[%d]: expected %.6g, "
                     "got %.6g (expected (%.4g, %.4g, %.4g), got (%.4g, %.4g, %.4g))",
                     storage_name, what[v], output, k, (double)want[k], (double)got[k], (double)want[0],
                     (double)want[1], (double)want[2], (double)got[0], (double)got[1], (double)got[2]);
}

static void run_with(skin_storage storage, const char *storage_name)
{
    sa_error err;
    skin_program program;
    if (!skin_program_load(&program, SKIN_DUAL_QUAT, storage, JOINTS, &err))
        fail_msg("ex07.2: the dual-quaternion shader does not build with your dq_skin_vertex(): %s", err.message);
    skin_palette palette;
    if (!skin_palette_init(&palette, storage, JOINTS, &err))
        fail_msg("%s", err.message);
    dual_quat dq[JOINTS];
    dual_quats(dq);
    skin_palette_upload_dual_quats(&palette, JOINTS, dq);

    float got_p[N][3], got_n[N][3];
    gl_exercise_capture(&program, &palette, N, positions, normals, joints, weights, JOINTS, got_p, got_n);
    for (int v = 0; v < N; v++) {
        expect3(storage_name, v, "skinned_position", want_positions[v], got_p[v]);
        expect3(storage_name, v, "skinned_normal", want_normals[v], got_n[v]);
    }
    skin_palette_free(&palette);
    skin_program_unload(&program);
}

int main(int argc, char **argv)
{
    (void)argc;
    return gl_exercise_main(argv, "ex07.2", "ex07.2 dq_skin_vertex (GLSL)", run_with);
}
