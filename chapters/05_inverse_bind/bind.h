/* bind.h: inverse bind matrices, skin matrices and the bind-pose self-checks
 * (chapter 05).
 *
 * A skin stores, for each of its joints, an inverse bind matrix:
 *
 *     joint_from_model_bind[k]   the mesh's model space at bind time ->
 *                                the space of skin joint k
 *
 * the inverse of where the joint was (model_from_joint) when the mesh was
 * bound to the skeleton. Each frame, a vertex goes from model space into the
 * joint's space as it was at bind time, then back out with the joint where it
 * is now:
 *
 *     skin_matrix[k] = model_from_joint[joint_of_skin_joint[k]] * joint_from_model_bind[k]
 *
 * With every joint at its rest transform and a file whose rest pose is its
 * bind pose, every skin matrix of a skin is one and the same matrix: the
 * identity, or the transform of the skeleton's ancestors (an "Armature" node).
 * That is the T-pose self-check, the first thing to run on a new asset.
 *
 * Everything here works on caller-owned arrays and allocates nothing; none of
 * it includes the glTF loader (bind_gltf.h runs the checks on a document).
 * Matrix arrays that are only read are still declared mat4 *, not const
 * mat4 *: C before C23 will not pass a mat4 * (an array of arrays) where a
 * const one is expected without a cast at every call.
 */
#ifndef CH05_BIND_H
#define CH05_BIND_H

#include "common/error.h"

#include <cglm/cglm.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Exercise ex05.1 (affine_inverse.c): the inverse of an affine matrix
 *
 *     m = | A  t |        out = | A^-1  -A^-1 t |
 *         | 0  1 |              | 0      1      |
 *
 * for any invertible 3x3 part A (rotation, scale, even shear), e.g.
 * joint_from_model_bind = affine_inverse(model_from_joint at bind time).
 * Returns false, leaving out as it was, when m is not affine (its bottom row
 * is more than AFFINE_TOLERANCE away from 0 0 0 1) or A is singular: |det A|
 * not above AFFINE_SINGULAR times the product of A's column lengths (the
 * columns are nearly in one plane; this does not depend on the units).
 * out may be m itself. */
#define AFFINE_TOLERANCE 1e-6f
#define AFFINE_SINGULAR 1e-6f
bool affine_inverse(mat4 m, mat4 out);

/* Checks once, before skin_matrices() runs every frame, that every
 * joint_of_skin_joint[k] names a joint of a skeleton of joint_count joints. */
bool skin_matrices_validate(int skin_joint_count, const int *joint_of_skin_joint, int joint_count, sa_error *err);

/* skin_matrix[k] = model_from_joint[joint_of_skin_joint[k]] * joint_from_model_bind[k]
 * for k = 0 .. skin_joint_count - 1. model_from_joint is indexed by skeleton
 * joint, the other two arrays by skin joint (the values of JOINTS_0). */
void skin_matrices(int skin_joint_count, const int *joint_of_skin_joint, mat4 *model_from_joint,
                   mat4 *joint_from_model_bind, mat4 *skin_matrix);

/* The T-pose self-check for one skin: over the 16 elements, the largest
 * (max - min) of that element across the skin's count matrices. 0 when they
 * are all equal (or count < 2); it does not depend on their order. */
float bind_rest_error(int count, mat4 *skin_matrix);

/* The largest element of joint_from_model_bind[k] * affine_inverse(...) - I
 * over the count matrices, in *max_error (0 for none). Returns false with a
 * message naming the first matrix that is singular or not affine
 * ("inverse bind matrix 3 is singular ..."); *max_error is then INFINITY
 * (such a matrix has no inverse, so no finite error). */
bool bind_inverse_error(int count, mat4 *joint_from_model_bind, float *max_error, sa_error *err);

/* How a skin's weights were stored: as floats, or as normalized unsigned
 * integers of 255 or 65535 units (the loader has turned them into 0..1).
 * When a primitive's sets are stored differently, its weights count as
 * floats. */
#define BIND_WEIGHTS_FLOAT 0
/* Float weights must sum to 1 within this; integer ones within 4 units. */
#define BIND_WEIGHT_SUM_TOLERANCE 1e-3f
#define BIND_WEIGHT_UNIT_TOLERANCE 4

/* What can be wrong with one vertex's influences (bits of
 * bind_vertex_problems()). A vertex has set_count sets of four influences
 * (JOINTS_n / WEIGHTS_n: one set, or more for vertices moved by more than
 * four joints); joint_sets[s] and weight_sets[s] hold an element per vertex.
 *   BIND_BAD_WEIGHTS    its weights over all its sets do not sum to 1
 *                       (within BIND_WEIGHT_SUM_TOLERANCE for float weights,
 *                       weight_units = 0; within BIND_WEIGHT_UNIT_TOLERANCE
 *                       units for integer weights, weight_units = 255 or
 *                       65535, counted exactly on the stored integers), a
 *                       weight is negative (or not a number), or a non-zero
 *                       weight goes to a joint index >= skin_joint_count;
 *   BIND_JOINT_OUTSIDE  a joint index is >= skin_joint_count, whatever its
 *                       weight (the spec: every index MUST be in range, even
 *                       one with weight 0);
 *   BIND_JOINT_TWICE    two non-zero weights go to the same joint (the spec:
 *                       a vertex MUST NOT have more than one). */
#define BIND_BAD_WEIGHTS 1u
#define BIND_JOINT_OUTSIDE 2u
#define BIND_JOINT_TWICE 4u

/* The problems of vertex v, 0 when it has none. */
unsigned bind_vertex_problems(size_t v, int set_count, const uint16_t (*const *joint_sets)[4],
                              const float (*const *weight_sets)[4], int skin_joint_count, int weight_units);

#endif
