/* ik.h: inverse kinematics as a post-process on a pose (chapter 11).
 *
 * Forward kinematics (chapter 04) goes from local transforms to where the
 * joints end up. IK goes the other way: given where a joint should end up (a
 * foot on a step, a hand on a rail, the eyes on a target), it changes the
 * local rotations of a few joints above it so that it gets there. The result
 * is still a pose, `transform local[joint_count]`, so chapter 04's
 * local-to-model and chapter 05's skin matrices run on it unchanged:
 *
 *     sample -> blend -> IK -> local_to_model -> skin_matrices -> skin
 *
 * Every job here reads the pose, works out the model-space positions of its
 * chain itself (the ancestors of the chain included), and writes back only
 * the `rotation` of its chain's joints: translations and scales are never
 * touched, so no bone ever changes length. Targets and poles are in the
 * skeleton's model space (the space of model_from_joint).
 *
 * A chain is a list of skeleton joints from its root to its tip in which each
 * joint is the parent of the next (hip, knee, ankle). The end effector is the
 * tip joint's origin. The joints of the chain and their ancestors are assumed
 * to have a uniform, positive scale (rotations in model space are composed as
 * quaternions); a non-uniform scale above the chain bends the result.
 *
 * Each job is a struct of inputs and caller-owned outputs, run by one
 * function that validates it first (as ozz-animation's jobs do): bad input is
 * one line in err and the pose is left as it was, never a NaN in it.
 * Nothing is allocated; chains are at most IK_MAX_CHAIN joints.
 */
#ifndef CH11_IK_H
#define CH11_IK_H

#include "chapters/04_bone_tree/skeleton.h"
#include "common/error.h"
#include "common/transform.h"

#include <stdbool.h>

/* The longest chain a job takes (its scratch space lives on the stack). */
#define IK_MAX_CHAIN 32

/* [listing ik_two_bone_job] */
/* Two-bone IK: root (hip, shoulder), middle (knee, elbow) and tip (ankle,
 * wrist). The tip goes to the target when it can; the chain bends in the
 * plane of the root-to-target axis and the pole, toward the pole. */
typedef struct ik_two_bone_job {
    const skeleton *skeleton;
    transform *local; /* [joint_count], in and out: the rotations of joints[0] and [1] change */
    int joints[3];    /* root, middle, tip: parent[joints[1]] == joints[0], parent[joints[2]] == joints[1] */
    vec3 target;      /* model space: where the tip should go */
    vec3 pole;        /* model space, a direction (not zero): the side the middle joint bends to */
    float weight;     /* 0: the pose unchanged, 1: fully solved; between, each correction is slerped */
    float soft;       /* 0: off. In (0, 1): past soft * (upper + lower), the reach eases toward
                       * full extension instead of snapping straight (the tip then stops short) */
    /* Outputs (each may be NULL). */
    bool *reached;        /* the tip is within 1e-4 of the target (weight 1, soft off) */
    float *tip_to_target; /* the distance left from the solved tip to the target */
} ik_two_bone_job;
/* [/listing] */

bool ik_two_bone_run(const ik_two_bone_job *job, sa_error *err);

/* Exercise ex11.1 (two_bone_positions.c): where the middle joint and the tip
 * of a two-bone chain go. root is where the chain starts, upper and lower
 * (>= 0) the lengths root-middle and middle-tip. Writes
 *   out_tip  on the ray from root through target, at the distance
 *            d = |target - root| clamped to [|upper - lower|, upper + lower]
 *   out_mid  at upper from root and lower from out_tip (the angle at the root
 *            by the law of cosines, its cosine clamped to [-1, 1]), on the side
 *            of the part of pole perpendicular to the root-target axis;
 *            on root when 2 * upper * d is 0
 * The caller (ik_two_bone_run) guarantees target != root and a pole with a
 * part perpendicular to that axis. Writes exactly three floats to each output. */
void two_bone_positions(const float root[3], float upper, float lower, const float target[3], const float pole[3],
                        float out_mid[3], float out_tip[3]);

/* A joint's limits, relative to its rest rotation (skeleton->rest_local):
 * the joint's rotation is split into a swing of its bone (the direction to
 * the next joint of the chain) and a twist about the bone.
 *   cone       the bone stays within this angle (radians, 0..pi) of its rest
 *              direction; pi: free
 *   twist_min, twist_max   the twist about the bone (radians, -pi..pi), relative
 *              to the rest rotation; -pi, pi: free */
typedef struct ik_joint_limit {
    float cone;
    float twist_min, twist_max;
} ik_joint_limit;

/* CCD and FABRIK over a chain of 2..IK_MAX_CHAIN joints (the spine to a
 * hand, a tube). Both stop when the tip is within `tolerance` of the target
 * or after `max_iterations` iterations; both write the rotations of
 * joints[0 .. count-2] (the tip's own rotation is kept). */
typedef struct ik_chain_job {
    const skeleton *skeleton;
    transform *local;             /* [joint_count], in and out */
    const int *joints;            /* [count], root first: parent[joints[k+1]] == joints[k] */
    int count;                    /* 2 .. IK_MAX_CHAIN */
    vec3 target;                  /* model space */
    int max_iterations;           /* >= 1 */
    float tolerance;              /* metres, >= 0 */
    const ik_joint_limit *limits; /* NULL, or [count] (the tip's entry is not used) */
    /* Outputs (each may be NULL). */
    int *iterations;      /* iterations run */
    float *tip_to_target; /* the distance left */
} ik_chain_job;

/* Cyclic coordinate descent: from the joint before the tip back to the root,
 * each joint turns so that its line to the tip passes through the target. */
bool ik_ccd_run(const ik_chain_job *job, sa_error *err);

/* FABRIK: move the points of the chain, keeping the bone lengths, tip to
 * target and back (fabrik_iteration), then turn each joint toward its
 * next point. Joint limits are applied at that turn, after every iteration. */
bool ik_fabrik_run(const ik_chain_job *job, sa_error *err);

/* Exercise ex11.2 (fabrik_iteration.c): one FABRIK iteration on the points
 * positions[0 .. count-1] (count >= 2) of a chain whose bones have the
 * lengths lengths[k] = |positions[k+1] - positions[k]| (>= 0).
 *   forward reaching  the tip goes on the target; then, from the tip back to
 *                     the root, each point moves onto the line from the point
 *                     just placed to where it was, at its bone's length;
 *   backward reaching the root goes back where it was when the call began;
 *                     then, from the root to the tip, each point moves onto the
 *                     line from the point just placed to where it was, at its
 *                     bone's length.
 * Where a point lies on the point just placed (no direction), the bone keeps
 * the direction it had before the pass: the point being moved minus the
 * point just placed, both where they were before the pass (point k minus
 * point k + 1 going forward, point k minus point k - 1 going backward).
 * Writes exactly count points. */
void fabrik_iteration(int count, float (*positions)[3], const float *lengths, const float target[3]);

/* Aim (look-at): a forward axis of the last joint of a chain (the head)
 * turned toward a target, the turn spread over the chain (spine, neck, head):
 * joint k takes weights[k] of the turn that is left when it is reached, root
 * first, so the head, with weight 1, ends exactly on the target.
 * (ozz-animation's look-at sample runs its aim job the other way, head first,
 * weight 0.5 each and 1 on the last ancestor.) The head's forward never
 * turns more than max_angle from where it pointed in the input pose; a
 * target outside that cone is aimed at as far as the limit allows, toward
 * it. Writes the rotations of joints[0 .. count-1]. */
typedef struct ik_aim_job {
    const skeleton *skeleton;
    transform *local;     /* [joint_count], in and out */
    const int *joints;    /* [count], root first, a parent chain; the last one carries the forward axis */
    int count;            /* 1 .. IK_MAX_CHAIN */
    const float *weights; /* [count], each 0..1; the last one 1 for an exact aim */
    vec3 forward;         /* in the last joint's space, not zero: the axis that is aimed */
    vec3 target;          /* model space; not on the last joint */
    float max_angle;      /* radians, 0..pi: how far the forward axis may turn */
    /* Output (may be NULL). */
    float *angle_to_target; /* the angle left between the forward axis and the target */
} ik_aim_job;

bool ik_aim_run(const ik_aim_job *job, sa_error *err);

#endif
