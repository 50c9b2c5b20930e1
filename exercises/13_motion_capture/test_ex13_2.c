/* Grading tests for exercise ex13.2: retarget_joint_rotation() gives one
 * target joint's local rotation from model-space rotations. One case per
 * sentence of the task, each chosen so that a solution that ignores the
 * sentence fails it:
 *   - the change is taken in model space, source_model *
 *     inverse(source_rest_model) (a solution that takes it in the joint's
 *     own frame, inverse(source_rest_model) * source_model, fails);
 *   - target_model = change * alignment * target_rest_model, in that order
 *     (a solution that multiplies the other way fails);
 *   - the alignment turns the target's rest rotation (a solution that leaves
 *     it out fails);
 *   - the parent's model rotation is taken out (a solution that returns
 *     target_model fails);
 *   - out is of unit length.
 * Hand-worked values use quarter turns: a turn of A about a unit axis n is
 * (n sin(A/2), cos(A/2)), and Rx, Ry, Rz below are turns of 90 degrees;
 * each comment says where the axes go. The last case, with angles that are
 * not special, compares with the product of rotation matrices written out
 * from cos and sin (not from a quaternion). q and -q are the same rotation:
 * either sign passes. */
#include "tests/test_util.h"
#include "chapters/13_motion_capture/retarget.h"

#define H 0.70710678118654752 /* sin 45 = cos 45 */

static const versor identity = {0, 0, 0, 1};
static const versor rx = {(float)H, 0, 0, (float)H}; /* 90 about X: +Y -> +Z */
static const versor ry = {0, (float)H, 0, (float)H}; /* 90 about Y: +Z -> +X */
static const versor rz = {0, 0, (float)H, (float)H}; /* 90 about Z: +X -> +Y */

static void expect_local(const char *what, const versor source_rest, const versor source, const versor alignment,
                         const versor target_rest, const versor parent, const double want[4])
{
    versor out = {-7, -7, -7, -7};
    retarget_joint_rotation(source_rest, source, alignment, target_rest, parent, out);
    char name[200];
    snprintf(name, sizeof name, "ex13.2: %s: target_local", what);
    sa_expect_rotation((float[]){(float)want[0], (float)want[1], (float)want[2], (float)want[3]}, out, 1e-5, name);
}

/* "The change is taken in model space": the source rests at Rx and is now at
 * Ry * Rx, so in model space it turned by Ry (90 about Y). Everything else is
 * the identity, so target_local is the change: Ry. In the joint's own frame
 * the change is Rx^-1 * Ry * Rx, a quarter turn about Rx^-1 (+Y) = -Z:
 * (0, 0, -sin 45, cos 45), which fails. */
static void ex13_2_change_in_model_space(void **state)
{
    (void)state;
    versor source;
    glm_quat_mul((float *)ry, (float *)rx, source);
    expect_local("source rest Rx, source now Ry * Rx", rx, source, identity, identity, identity,
                 (double[]){0, H, 0, H});
}

/* "change * alignment * target_rest_model, in that order": the change is Rx
 * (source rest the identity), the alignment Rz, the target's rest the
 * identity. Rx * Rz takes +X -> +Y -> +Z and +Y -> -X -> -X: the 120-degree
 * turn about (1, -1, 1) / sqrt 3, (1/2, -1/2, 1/2, 1/2). Rz * Rx, the other
 * order, is (1/2, 1/2, 1/2, 1/2) (+Y -> +Z -> +Z), which fails. */
static void ex13_2_order(void **state)
{
    (void)state;
    expect_local("change Rx, alignment Rz", identity, rx, rz, identity, identity, (double[]){0.5, -0.5, 0.5, 0.5});
    /* and with the rest on the right: change Rx, no alignment, target rest
     * Rz: Rx * Rz again; target_rest * change (Rz * Rx) fails. */
    expect_local("change Rx, target rest Rz", identity, rx, identity, rz, identity, (double[]){0.5, -0.5, 0.5, 0.5});
}

/* "The alignment turns the target's rest rotation": the source has not moved
 * (rest and now both Ry), the target rests at the identity and the
 * alignment is Rz: target_local is Rz. Left out, it would be the identity. */
static void ex13_2_alignment(void **state)
{
    (void)state;
    expect_local("source still, alignment Rz", ry, ry, rz, identity, identity, (double[]){0, 0, H, H});
}

/* "Take the parent's model rotation out": the change is Rx, the target rests
 * at Ry and its parent is at Ry (model space). target_model = Rx * Ry, and
 * target_local = Ry^-1 * Rx * Ry: a quarter turn about Ry^-1 (+X) = +Z,
 * i.e. Rz. Without the parent taken out, Rx * Ry = (1/2, 1/2, 1/2, 1/2)
 * fails; with it taken out on the wrong side, Rx * Ry * Ry^-1 = Rx fails. */
static void ex13_2_parent(void **state)
{
    (void)state;
    expect_local("change Rx, target rest Ry, parent Ry", identity, rx, identity, ry, ry, (double[]){0, 0, H, H});
}

/* Every input a turn that is not special, against rotation matrices:
 * L = P^T * S * R^T * A * T (P the parent, S the source now, R the source's
 * rest, A the alignment, T the target's rest), compared as matrices. */
static void axis_matrix(int axis, double degrees, double m[3][3])
{
    double a = degrees * 3.14159265358979323846 / 180.0, c = cos(a), s = sin(a);
    int i = axis, j = (i + 1) % 3, k = (i + 2) % 3;
    memset(m, 0, 9 * sizeof(double));
    m[i][i] = 1;
    m[j][j] = c, m[j][k] = -s;
    m[k][j] = s, m[k][k] = c;
}

static void product(double a[3][3], double b[3][3], bool transpose_a, double out[3][3])
{
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            out[r][c] = 0;
            for (int k = 0; k < 3; k++)
                out[r][c] += (transpose_a ? a[k][r] : a[r][k]) * b[k][c];
        }
}

static void ex13_2_general(void **state)
{
    (void)state;
    static const int axes[5] = {0, 1, 2, 0, 1}; /* source rest, source, alignment, target rest, parent */
    static const double degrees[5] = {25, -40, 70, 15, 55};
    versor q[5];
    double m[5][3][3];
    for (int i = 0; i < 5; i++) {
        vec3 axis = {0, 0, 0};
        axis[axes[i]] = 1;
        glm_quatv(q[i], glm_rad((float)degrees[i]), axis);
        axis_matrix(axes[i], degrees[i], m[i]);
    }
    double t1[3][3], t2[3][3], t3[3][3], want[3][3];
    product(m[2], m[3], false, t1); /* A * T */
    product(m[0], t1, true, t2);    /* R^T * A * T */
    product(m[1], t2, false, t3);   /* S * R^T * A * T */
    product(m[4], t3, true, want);  /* P^T * S * R^T * A * T */
    versor out;
    retarget_joint_rotation(q[0], q[1], q[2], q[3], q[4], out);
    mat4 got;
    glm_quat_mat4(out, got);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            if (!(fabs(got[c][r] - want[r][c]) <= 1e-5))
                fail_msg("ex13.2: turns of 25 40 70 15 55 degrees: matrix row %d column %d: expected %.6f, got %.6f", r,
                         c, want[r][c], (double)got[c][r]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex13.2", ex13_2_change_in_model_space),
        SA_EXERCISE_CASE("ex13.2", ex13_2_order),
        SA_EXERCISE_CASE("ex13.2", ex13_2_alignment),
        SA_EXERCISE_CASE("ex13.2", ex13_2_parent),
        SA_EXERCISE_CASE("ex13.2", ex13_2_general),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
