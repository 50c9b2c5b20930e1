/* ik_chain.h: what every IK job of chapter 11 shares (not part of the
 * stage's interface; ik.h is). A chain's joints in model space, worked out
 * from the pose, and the one way a job changes the pose: turn joint k of the
 * chain by a rotation given in model space. */
#ifndef CH11_IK_CHAIN_H
#define CH11_IK_CHAIN_H

#include "ik.h"

/* The chain in model space. model_from_joint[k] is what chapter 04's
 * local-to-model gives for joints[k] (its ancestors included); rotation[k]
 * is the rotation part of it as a quaternion (uniform scale assumed). */
typedef struct ik_chain_pose {
    int count;
    mat4 model_from_root_parent; /* identity when joints[0] is a root */
    versor root_parent_rotation;
    mat4 model_from_joint[IK_MAX_CHAIN];
    versor rotation[IK_MAX_CHAIN];
} ik_chain_pose;

/* The checks every job makes on its chain: the skeleton and pose are there,
 * 1 <= count <= IK_MAX_CHAIN (min_count at least), the joints exist, each is
 * the parent of the next, and the transforms of the chain and its ancestors
 * are finite. `job` names the job in the message. */
bool ik_chain_check(const char *job, const skeleton *s, const transform *local, const int *joints, int count,
                    int min_count, sa_error *err);

/* The limits of a chain job: NULL, or each cone in [0, pi] and each twist
 * range inside [-pi, pi] with min <= max. */
bool ik_limits_check(const char *job, const ik_joint_limit *limits, int count, sa_error *err);

/* The checks of a CCD or FABRIK job: the chain (2 joints or more), a
 * finite target, max_iterations >= 1, a tolerance >= 0, the limits. */
bool ik_chain_job_check(const char *name, const ik_chain_job *job, sa_error *err);

/* Fills a CCD or FABRIK job's outputs (those not NULL). */
void ik_chain_job_report(const ik_chain_job *job, const ik_chain_pose *cp, int iterations);

bool ik_vec3_is_finite(const float v[3]);

/* out = p * q (out may be p or q; cglm's glm_quat_mul may not alias). */
void ik_quat_mul(const versor p, const versor q, versor out);

/* Fills `out` from the pose (the ancestors of joints[0] composed once). */
void ik_chain_pose_compute(const skeleton *s, const transform *local, const int *joints, int count, ik_chain_pose *out);

/* The model-space position of chain joint k (column 3 of its matrix). */
void ik_chain_position(const ik_chain_pose *cp, int k, vec3 out);

/* Turns chain joint k about its own origin by `delta` (model space): its
 * local rotation becomes conj(P) * delta * P * rotation, P the model rotation
 * of its parent, then is clamped to `limit` (may be NULL) about the bone to
 * the next joint of the chain. Joints k..count-1 are worked out again. */
void ik_chain_turn(ik_chain_pose *cp, const skeleton *s, transform *local, const int *joints, int k, const versor delta,
                   const ik_joint_limit *limit);

/* Turns chain joint k (ik_chain_turn) by `weight` (0..1) of the smallest
 * rotation that makes the line from it to chain joint m (m > k) point at
 * `want`. */
void ik_chain_aim(ik_chain_pose *cp, const skeleton *s, transform *local, const int *joints, int k, int m,
                  const vec3 want, float weight, const ik_joint_limit *limit);

/* The smallest rotation that turns the direction of `from` into the
 * direction of `to` (the identity when either is about zero; a half turn
 * about some perpendicular axis when they are opposite). */
void ik_rotation_between(const vec3 from, const vec3 to, versor out);

/* `t` of the way from the identity to q (q with w >= 0, as
 * ik_rotation_between gives it). */
void ik_rotation_part(const versor q, float t, versor out);

/* Clamps a local rotation q to a limit relative to the rest rotation, with
 * bone_axis the bone's direction in the joint's own space. */
void ik_limit_apply(const ik_joint_limit *limit, const versor rest, const vec3 bone_axis, versor q);

#endif
