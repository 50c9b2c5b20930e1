/* transform.h: the TRS transform, the one maths type cglm does not have.
 *
 * Every joint of a skeleton stores its local transform as translation,
 * rotation (a unit quaternion, x y z w like glTF and cglm) and scale. As a
 * matrix it is
 *
 *     M = T * R * S
 *
 * with column vectors: a point is scaled first, then rotated, then moved.
 * Conventions used everywhere in the book: right-handed, Y up, column vectors,
 * column-major matrices, metres, seconds.
 */
#ifndef SA_TRANSFORM_H
#define SA_TRANSFORM_H

#include <cglm/cglm.h>
#include <stdbool.h>

typedef struct transform {
    vec3 translation;
    versor rotation; /* unit quaternion: x, y, z, w */
    vec3 scale;
} transform;

/* T = 0, R = identity quaternion, S = 1. */
void transform_identity(transform *out);

/* M = T * R * S. This is exercise ex01.1 (common/transform_compose.c). */
void transform_to_mat4(const transform *t, mat4 out);

/* The inverse of transform_to_mat4 for matrices without shear.
 * A negative determinant (a mirror) is put into scale.x. Returns false when
 * the matrix cannot be split into T, R and S: a zero scale, a projective
 * bottom row, or shear larger than `tolerance` (checked by recomposing). */
bool transform_from_mat4(mat4 m, float tolerance, transform *out);

#endif
