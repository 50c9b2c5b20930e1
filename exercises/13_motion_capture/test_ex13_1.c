/* Grading tests for exercise ex13.1: bvh_joint_rotation() turns a BVH
 * joint's channels into a unit quaternion (x y z w). One case per sentence
 * of the task, each chosen so that a solution that ignores the sentence
 * fails it:
 *   - the rotation channels compose in the order written, the first one
 *     outermost (a solution that multiplies the other way fails);
 *   - values are degrees (a solution that uses them as radians fails);
 *   - position channels are skipped wherever they stand (a solution that
 *     reads the rotations as the first three values, or the last three,
 *     fails);
 *   - any count from 0 to 6 (a solution that assumes three channels fails
 *     on one, two and six);
 *   - out is of unit length.
 * Hand-worked values: a turn of A about a unit axis n is (n sin(A/2),
 * cos(A/2)); q and -q are the same rotation, so either sign passes. The
 * general case checks against the product of the elementary rotation
 * matrices, written out here from cos and sin (not from a quaternion). */
#include "tests/test_util.h"
#include "chapters/13_motion_capture/bvh.h"

#define H 0.70710678118654752 /* sin 45 = cos 45 */

static void expect_rotation(const char *what, int count, const bvh_channel *channels, const float *values,
                            const double want[4])
{
    versor out = {-7, -7, -7, -7};
    bvh_joint_rotation(count, channels, values, out);
    char name[200];
    snprintf(name, sizeof name, "ex13.1: %s: out", what);
    sa_expect_rotation((float[]){(float)want[0], (float)want[1], (float)want[2], (float)want[3]}, out, 1e-5, name);
}

/* "Each rotation channel is a turn of values[k] degrees": 90 about X is
 * (sin 45, 0, 0, cos 45); 90 taken as radians would be a turn of about 236
 * degrees. */
static void ex13_1_degrees(void **state)
{
    (void)state;
    const bvh_channel x[] = {BVH_X_ROTATION};
    const float ninety[] = {90};
    expect_rotation("Xrotation 90", 1, x, ninety, (double[]){H, 0, 0, H});
    const bvh_channel y[] = {BVH_Y_ROTATION};
    const float half_turn[] = {180};
    expect_rotation("Yrotation 180", 1, y, half_turn, (double[]){0, 1, 0, 0});
}

/* "In the order written, the first one outermost": Zrotation 90 then
 * Xrotation 90 is Rz * Rx. Rx takes +Y to +Z, which Rz keeps: +Y -> +Z; and
 * +X -> +X -> +Y, so it cycles X -> Y -> Z -> X, the turn of 120 degrees
 * about (1 1 1) / sqrt 3: (1/2, 1/2, 1/2, 1/2). The other way round, Rx *
 * Rz, takes +Y to -X: (1/2, -1/2, 1/2, 1/2) (the Hamilton product
 * qx qz = (c s, -s s, s c, c c) with s = c = sin 45). */
static void ex13_1_order_written(void **state)
{
    (void)state;
    const float ninety_ninety[] = {90, 90};
    const bvh_channel zx[] = {BVH_Z_ROTATION, BVH_X_ROTATION};
    expect_rotation("Zrotation 90 Xrotation 90 (Rz * Rx)", 2, zx, ninety_ninety, (double[]){0.5, 0.5, 0.5, 0.5});
    const bvh_channel xz[] = {BVH_X_ROTATION, BVH_Z_ROTATION};
    expect_rotation("Xrotation 90 Zrotation 90 (Rx * Rz)", 2, xz, ninety_ninety, (double[]){0.5, -0.5, 0.5, 0.5});
}

/* "Position channels, wherever they stand, are skipped": the same Rz * Rx
 * with positions before, between and after the rotations; values[k] stays
 * the value of channels[k]. */
static void ex13_1_positions_skipped(void **state)
{
    (void)state;
    const double want[4] = {0.5, 0.5, 0.5, 0.5};
    /* CMU's root: three positions, then three rotations (Y at 0). */
    const bvh_channel root[] = {BVH_X_POSITION, BVH_Y_POSITION, BVH_Z_POSITION,
                                BVH_Z_ROTATION, BVH_Y_ROTATION, BVH_X_ROTATION};
    const float root_values[] = {12, 34, 56, 90, 0, 90};
    expect_rotation("CMU's root: X Y Z position, Z Y X rotation", 6, root, root_values, want);
    /* Interleaved: a position between the two rotations and one after. */
    const bvh_channel mixed[] = {BVH_Z_ROTATION, BVH_Y_POSITION, BVH_X_ROTATION, BVH_X_POSITION};
    const float mixed_values[] = {90, 45, 90, 30};
    expect_rotation("Zrotation Yposition Xrotation Xposition", 4, mixed, mixed_values, want);
    /* Positions first and last, rotations in the middle. */
    const bvh_channel between[] = {BVH_Y_POSITION, BVH_Z_ROTATION, BVH_X_ROTATION, BVH_Z_POSITION};
    const float between_values[] = {-60, 90, 90, 15};
    expect_rotation("Yposition Zrotation Xrotation Zposition", 4, between, between_values, want);
}

/* "Anything from 0 to 6 channels": none is the identity; only the first
 * channel_count are read (the arrays go on with channels that would turn
 * the joint if read). */
static void ex13_1_any_count(void **state)
{
    (void)state;
    const bvh_channel channels[] = {BVH_Z_ROTATION, BVH_X_ROTATION, BVH_X_ROTATION, BVH_Y_ROTATION};
    const float values[] = {90, 90, 33, 77};
    expect_rotation("no channels", 0, channels, values, (double[]){0, 0, 0, 1});
    expect_rotation("one channel (Zrotation 90)", 1, channels, values, (double[]){0, 0, H, H});
    expect_rotation("two channels (Zrotation 90 Xrotation 90)", 2, channels, values, (double[]){0.5, 0.5, 0.5, 0.5});
    const bvh_channel positions_only[] = {BVH_X_POSITION, BVH_Y_POSITION, BVH_Z_POSITION};
    expect_rotation("positions only", 3, positions_only, values, (double[]){0, 0, 0, 1});
}

/* Any order of the three axes, with three angles that are not special:
 * against R = R(first) * R(second) * R(third), each elementary matrix
 * written out from cos and sin, compared as matrices (no sign question). */
static void rotation_matrix(bvh_channel channel, double degrees, double m[3][3])
{
    double a = degrees * 3.14159265358979323846 / 180.0, c = cos(a), s = sin(a);
    int i = channel - BVH_X_ROTATION, j = (i + 1) % 3, k = (i + 2) % 3; /* rows and columns */
    memset(m, 0, 9 * sizeof(double));
    m[i][i] = 1;
    m[j][j] = c, m[j][k] = -s; /* m[row][column] */
    m[k][j] = s, m[k][k] = c;
}

static void ex13_1_every_order(void **state)
{
    (void)state;
    static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const float values[3] = {30, -50, 110};
    for (int o = 0; o < 6; o++) {
        bvh_channel channels[3];
        double r[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        for (int k = 0; k < 3; k++) {
            channels[k] = (bvh_channel)(BVH_X_ROTATION + orders[o][k]);
            double m[3][3], product[3][3];
            rotation_matrix(channels[k], values[k], m);
            for (int row = 0; row < 3; row++)
                for (int col = 0; col < 3; col++)
                    product[row][col] = r[row][0] * m[0][col] + r[row][1] * m[1][col] + r[row][2] * m[2][col];
            memcpy(r, product, sizeof r);
        }
        versor q;
        bvh_joint_rotation(3, channels, values, q);
        mat4 got;
        glm_quat_mat4(q, got);
        for (int row = 0; row < 3; row++)
            for (int col = 0; col < 3; col++)
                if (!(fabs(got[col][row] - r[row][col]) <= 1e-5))
                    fail_msg("ex13.1: %c%c%c rotation 30 -50 110: matrix row %d column %d: expected %.6f, got %.6f",
                             'X' + orders[o][0], 'X' + orders[o][1], 'X' + orders[o][2], row, col, r[row][col],
                             (double)got[col][row]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex13.1", ex13_1_degrees),           SA_EXERCISE_CASE("ex13.1", ex13_1_order_written),
        SA_EXERCISE_CASE("ex13.1", ex13_1_positions_skipped), SA_EXERCISE_CASE("ex13.1", ex13_1_any_count),
        SA_EXERCISE_CASE("ex13.1", ex13_1_every_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
