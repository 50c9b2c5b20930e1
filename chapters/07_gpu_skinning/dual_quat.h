/* dual_quat.h: dual-quaternion skinning, the CPU reference (chapter 07).
 *
 * Linear blend skinning adds matrices: halfway between a joint and the same
 * joint turned by 180 degrees about the bone, the blend of the two rotations
 * is no rotation at all but a flattening, and the tube's cross-section
 * collapses (the "candy wrapper"). Dual-quaternion skinning blends rigid
 * transforms instead:
 *
 *     skin_dq[k]  = the rigid part of skin_matrix[k] as a unit dual quaternion
 *                   real = q (the rotation), dual = 0.5 * (t, 0) * q
 *     b           = sum of w_i * s_i * skin_dq[j_i]    s_i = +1 or -1: every
 *                   real part in the same half of the 4-sphere as the first
 *     b           = b / |b.real|                        real and dual alike
 *     position    = rotate(b.real, p) + translation(b)
 *     normal      = rotate(b.real, n)
 *
 * The result is always a rotation and a translation: volume is kept. What a
 * dual quaternion cannot hold is scale (and shear): skin matrices with scale
 * lose it here (dq_from_rigid drops it), which is why the GPU path keeps
 * linear blending as its default.
 *
 * Quaternions are stored as cglm's versor: x, y, z, w.
 */
#ifndef CH07_DUAL_QUAT_H
#define CH07_DUAL_QUAT_H

#include "chapters/06_cpu_skinning/skinning.h"

#include <cglm/cglm.h>
#include <stddef.h>
#include <stdint.h>

typedef struct dual_quat {
    versor real; /* the rotation q (unit length) */
    versor dual; /* 0.5 * (t, 0) * q: the translation t, carried by q */
} dual_quat;

/* The rigid part of an affine matrix: its rotation (the upper 3x3 with each
 * column divided by its length: scale is dropped) and its translation. */
void dq_from_rigid(mat4 m, dual_quat *out);

/* The translation a unit dual quaternion carries: t = 2 * dual * conj(real). */
void dq_translation(const dual_quat *dq, vec3 out);

/* Exercise ex07.2 (dq_skin_vertex.c): dual-quaternion skinning of one vertex.
 * joints[i] indexes skin_dq; weights sum to 1 (a zero weight adds nothing).
 * Blends the four dual quaternions, each real part first brought into the
 * same hemisphere as the real part of joints[0]'s (negated when their dot
 * product is negative: q and -q are the same rotation), divides real and
 * dual parts by the length of the blended real part, and writes
 *     out_position = the blend applied to the point position
 *     out_normal   = the blend's rotation applied to normal */
void dq_skin_vertex(const dual_quat *skin_dq, const uint16_t joints[4], const float weights[4], const float position[3],
                    const float normal[3], float out_position[3], float out_normal[3]);

/* The CPU reference of the GPU's dual-quaternion path: dq_skin_vertex over
 * the job's vertices (its inputs: joints as u8 or u16, weights, positions,
 * normals, and its morph targets, if any, applied first as chapter 06 does),
 * into out_positions and out_normals (the job's own outputs are not
 * touched). */
void dq_skinning_run(const skinning_job *job, const dual_quat *skin_dq, float (*out_positions)[3],
                     float (*out_normals)[3]);

#endif
