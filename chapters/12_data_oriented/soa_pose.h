/* soa_pose.h: the pose as a structure of arrays, four joints at a time
 * (chapter 12).
 *
 * Chapters 04 to 09 keep a pose as an array of structures: one transform per
 * joint, its translation, rotation and scale side by side (AoS). Here the
 * joints go in groups of four, and each component of the four is one float4
 * (common/float4.h): the x of four translations in one register, their y in
 * the next (SoA). Then one instruction does one step of the maths for four
 * joints, and a pose of n joints is (n + 3) / 4 groups. The last group is
 * padded with identity transforms, so that every lane holds a valid
 * transform (a padding lane normalizes to the identity, never to NaN).
 *
 *     AoS: t0x t0y t0z r0x r0y r0z r0w s0x s0y s0z | t1x t1y ...   one joint after another
 *     SoA: t0x t1x t2x t3x | t0y t1y t2y t3y | ...                 one component of four joints
 *
 * The stage, as bench_crowd_soa and the program run it for one character:
 *
 *     soa_clip_sample(clip, t, cursors, pose_k)        per playing clip (soa_clip.h)
 *     soa_blend(groups, n, poses, weights, blended)    a weighted sum, normalized once
 *     soa_local_to_model(...)                          four local matrices at once, then parents
 *     soa_skin_matrices(...)                           matrix products in float4 columns
 *
 * Nothing here allocates; every array is the caller's.
 */
#ifndef CH12_SOA_POSE_H
#define CH12_SOA_POSE_H

#include "common/float4.h"
#include "common/transform.h"

typedef struct soa_vec3 {
    float4 x, y, z;
} soa_vec3;

typedef struct soa_quat {
    float4 x, y, z, w;
} soa_quat;

/* [listing soa_transform] */
/* Four joints' local transforms: lane i of every member is joint 4 g + i of
 * group g. */
typedef struct soa_transform {
    soa_vec3 translation;
    soa_quat rotation; /* unit quaternions, x y z w */
    soa_vec3 scale;
} soa_transform;

/* Groups of four for joint_count joints. */
static inline int soa_group_count(int joint_count)
{
    return (joint_count + 3) / 4;
}
/* [/listing] */

/* Exercise ex12.1 (soa_transpose.c): the AoS pose in[joint_count] as SoA
 * groups: joint j goes to out[j / 4], lane j % 4, of every member. The lanes
 * past the last joint (j = joint_count .. 4 soa_group_count(joint_count) - 1)
 * get the identity transform (translation 0, rotation 0 0 0 1, scale 1); in
 * is read only at 0 .. joint_count - 1. out: soa_group_count(joint_count)
 * groups. */
void soa_from_transforms(int joint_count, const transform *in, soa_transform *out);

/* The other way: out[j] for j < joint_count from lane j % 4 of in[j / 4]
 * (the padding lanes are not written anywhere). */
void soa_to_transforms(int joint_count, const soa_transform *in, transform *out);

/* Exercise ex12.2 (soa_nlerp.c): four normalized lerps at once, lane by lane,
 * the shortest way round:
 *
 *     b' = -b where dot(a, b) < 0, else b     (q and -q are one rotation)
 *     out = normalize(a + t (b' - a))
 *
 * with dot and normalize over the four components of one lane (x y z w),
 * never across lanes. a and b unit length; t in 0 .. 1 per lane. out may be
 * a or b. Chapter 08's slerp moves at a constant angular speed; nlerp does
 * not, and book 12 bounds the difference at the clip's key spacing. */
void soa_quat_nlerp(const soa_quat *a, const soa_quat *b, float4 t, soa_quat *out);

/* [listing soa_blend_decl] */
/* The blend of chapter 09 as a weighted sum, normalized once (as
 * ozz-animation blends): over the pose_count poses (each group_count groups)
 * with weights w_k (each >= 0, their sum > 0),
 *
 *     translation, scale = sum w_k value_k / sum w_k
 *     rotation = normalize(sum w_k s_k q_k)
 *
 * where s_k = -1 when q_k points away from the sum so far (dot < 0), else 1.
 * With two poses and weights 1 - w, w this is nlerp(a, b, w); chapter 09's
 * pose_blend is slerp(a, b, w), and book 12 bounds the difference. out may
 * be poses[0]. */
void soa_blend(int group_count, int pose_count, const soa_transform *const *poses, const float *weights,
               soa_transform *out);
/* [/listing] */

/* Forward kinematics on SoA: for each group, the four joints' local matrices
 * T R S are built at once (each of their twelve entries a float4), turned
 * into four mat4s, then each joint's model_from_joint = model_from_joint
 * [parent] * local (a parents-first skeleton: parent[j] < j, -1 for a root)
 * as four float4 columns. Gives chapter 04's skeleton_local_to_model within
 * rounding. local: soa_group_count(joint_count) groups; model_from_joint:
 * [joint_count]. */
void soa_local_to_model(int joint_count, const int *parent, const soa_transform *local, mat4 *model_from_joint);

/* Chapter 05's skin_matrices with the product in float4 columns:
 * skin_matrix[k] = model_from_joint[joint_of_skin_joint[k]] *
 * joint_from_model_bind[k]. */
void soa_skin_matrices(int skin_joint_count, const int *joint_of_skin_joint, mat4 *model_from_joint,
                       mat4 *joint_from_model_bind, mat4 *skin_matrix);

#endif
