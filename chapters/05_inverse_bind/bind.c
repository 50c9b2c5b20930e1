/* bind.c: skin matrices and the bind-pose self-checks (chapter 05).
 * The affine inverse is exercise ex05.1 (affine_inverse.c). */
#include "bind.h"

#include <math.h>
#include <string.h>

bool skin_matrices_validate(int skin_joint_count, const int *joint_of_skin_joint, int joint_count, sa_error *err)
{
    if (skin_joint_count < 0)
        return sa_error_set(err, "a skin cannot have %d joints", skin_joint_count);
    for (int k = 0; k < skin_joint_count; k++)
        if (joint_of_skin_joint[k] < 0 || joint_of_skin_joint[k] >= joint_count)
            return sa_error_set(err, "skin joint %d maps to joint %d, outside the skeleton's %d joints", k,
                                joint_of_skin_joint[k], joint_count);
    return true;
}

/* [listing skin_matrices] */
void skin_matrices(int skin_joint_count, const int *joint_of_skin_joint, mat4 *model_from_joint,
                   mat4 *joint_from_model_bind, mat4 *skin_matrix)
{
    for (int k = 0; k < skin_joint_count; k++) {
        /* Read right to left: model space at bind time -> the joint's space
         * (where the vertex was bound to it) -> model space with the joint
         * where it is now. */
        glm_mat4_mul(model_from_joint[joint_of_skin_joint[k]], joint_from_model_bind[k], skin_matrix[k]);
    }
}
/* [/listing] */

/* [listing rest_error] */
float bind_rest_error(int count, mat4 *skin_matrix)
{
    float worst = 0.0f;
    for (int e = 0; e < 16; e++) {
        int column = e / 4, row = e % 4;
        float lo = INFINITY, hi = -INFINITY;
        for (int k = 0; k < count; k++) {
            lo = fminf(lo, skin_matrix[k][column][row]);
            hi = fmaxf(hi, skin_matrix[k][column][row]);
        }
        if (count > 0)
            worst = fmaxf(worst, hi - lo);
    }
    return worst;
}
/* [/listing] */

/* Why matrix m is refused: its elements, its bottom row, or its 3x3 part. */
static const char *why_not_invertible(mat4 m)
{
    for (int e = 0; e < 16; e++)
        if (!isfinite(m[e / 4][e % 4]))
            return "has an element that is not a finite number";
    if (!(fabsf(m[0][3]) <= AFFINE_TOLERANCE && fabsf(m[1][3]) <= AFFINE_TOLERANCE &&
          fabsf(m[2][3]) <= AFFINE_TOLERANCE && fabsf(m[3][3] - 1.0f) <= AFFINE_TOLERANCE))
        /* A transposed read puts the translation where 0 0 0 sits: say so. */
        return "is not affine (its bottom row is not 0 0 0 1: was it read row-major? glTF stores columns)";
    return "is singular (its 3x3 part squashes space flat: no inverse)";
}

/* [listing inverse_error] */
bool bind_inverse_error(int count, mat4 *joint_from_model_bind, float *max_error, sa_error *err)
{
    int first_bad = -1;
    *max_error = 0.0f;
    for (int k = 0; k < count; k++) {
        mat4 m, inv, product;
        memcpy(m, joint_from_model_bind[k], sizeof m);
        bool finite = true;
        for (int e = 0; e < 16; e++)
            finite = finite && isfinite(m[e / 4][e % 4]);
        if (!finite || !affine_inverse(m, inv)) {
            if (first_bad < 0)
                first_bad = k;
            *max_error = INFINITY; /* no inverse to multiply back: no finite error */
            continue;
        }
        glm_mat4_mul(m, inv, product); /* should be I */
        for (int column = 0; column < 4; column++)
            for (int row = 0; row < 4; row++) {
                float identity = column == row ? 1.0f : 0.0f;
                *max_error = fmaxf(*max_error, fabsf(product[column][row] - identity));
            }
    }
    if (first_bad >= 0)
        return sa_error_set(err, "inverse bind matrix %d %s", first_bad,
                            why_not_invertible(joint_from_model_bind[first_bad]));
    return true;
}
/* [/listing] */

/* [listing weights_bad] */
unsigned bind_vertex_problems(size_t v, int set_count, const uint16_t (*const *joint_sets)[4],
                              const float (*const *weight_sets)[4], int skin_joint_count, int weight_units)
{
    unsigned problems = 0;
    float sum = 0.0f;
    long units = 0;
    for (int set = 0; set < set_count; set++) /* 4 influences per set */
        for (int i = 0; i < 4; i++) {
            float w = weight_sets[set][v][i];
            unsigned joint = joint_sets[set][v][i];
            if (!(w >= 0.0f)) /* negative, or NaN */
                problems |= BIND_BAD_WEIGHTS;
            if (joint >= (unsigned)skin_joint_count) /* the spec: in range even with weight 0 */
                problems |= w != 0.0f ? BIND_BAD_WEIGHTS | BIND_JOINT_OUTSIDE : BIND_JOINT_OUTSIDE;
            /* The spec: at most one non-zero weight per joint. */
            for (int earlier = 0; w != 0.0f && earlier < set * 4 + i; earlier++)
                if (joint_sets[earlier / 4][v][earlier % 4] == joint &&
                    weight_sets[earlier / 4][v][earlier % 4] != 0.0f)
                    problems |= BIND_JOINT_TWICE;
            sum += w;
            /* The stored integer, which the loader divided by the units. */
            if (weight_units != BIND_WEIGHTS_FLOAT && w >= 0.0f && w <= 1.0f)
                units += lroundf(w * (float)weight_units);
        }
    if (weight_units == BIND_WEIGHTS_FLOAT ? !(fabsf(sum - 1.0f) <= BIND_WEIGHT_SUM_TOLERANCE)
                                           : labs(units - weight_units) > BIND_WEIGHT_UNIT_TOLERANCE)
        problems |= BIND_BAD_WEIGHTS;
    return problems;
}
/* [/listing] */
