/* affine_inverse.c: reference solution of exercise ex05.1.
 * The stub is exercises/05_inverse_bind/affine_inverse.c. */
#include "bind.h"

#include <math.h>

/* [listing affine_inverse] */
bool affine_inverse(mat4 m, mat4 out)
{
    /* Affine: the bottom row (element 3 of each column) is 0 0 0 1. Written
     * as "not within", so that a NaN fails the test too. */
    if (!(fabsf(m[0][3]) <= AFFINE_TOLERANCE && fabsf(m[1][3]) <= AFFINE_TOLERANCE &&
          fabsf(m[2][3]) <= AFFINE_TOLERANCE && fabsf(m[3][3] - 1.0f) <= AFFINE_TOLERANCE))
        return false;

    /* A's columns a, b, c. The rows of A^-1 are b x c, c x a, a x b over
     * det A = a . (b x c): each cross product is perpendicular to two of
     * the columns, and its dot product with the third is det A. */
    vec3 a, b, c, row[3];
    glm_vec3_copy(m[0], a);
    glm_vec3_copy(m[1], b);
    glm_vec3_copy(m[2], c);
    glm_vec3_cross(b, c, row[0]);
    glm_vec3_cross(c, a, row[1]);
    glm_vec3_cross(a, b, row[2]);
    float det = glm_vec3_dot(a, row[0]);
    /* Relative to the column lengths, so centimetres and metres agree; the
     * negated test also rejects NaN. */
    if (!(fabsf(det) > AFFINE_SINGULAR * glm_vec3_norm(a) * glm_vec3_norm(b) * glm_vec3_norm(c)))
        return false;

    mat4 inv;
    for (int r = 0; r < 3; r++)
        for (int col = 0; col < 3; col++)
            inv[col][r] = row[r][col] / det; /* inv[column][row] */
    /* The translation: -A^-1 t. */
    for (int r = 0; r < 3; r++)
        inv[3][r] = -(inv[0][r] * m[3][0] + inv[1][r] * m[3][1] + inv[2][r] * m[3][2]);
    inv[0][3] = inv[1][3] = inv[2][3] = 0.0f;
    inv[3][3] = 1.0f;
    glm_mat4_copy(inv, out);
    return true;
}
/* [/listing] */
