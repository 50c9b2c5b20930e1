/* retarget.h: a capture's motion on another skeleton (chapter 13).
 *
 * Retargeting here is a change of rest pose. Every rotation is named by its
 * space (the book's notation, column vectors):
 *
 *   source_rest_model   a source joint's rotation in the source's model
 *                       space in its rest pose (the BVH's zero pose)
 *   source_model        the same joint at a frame
 *   target_rest_model   a target joint's rotation in the target's model
 *                       space in its rest pose: its bind pose, where a
 *                       skin gives one (retarget_bind_rest), else the
 *                       nodes' stored TRS
 *   alignment           a model-space turn that takes the target's rest bone
 *                       onto the source's rest bone (T-pose onto A-pose)
 *   target_model        what the target joint gets, in model space
 *   target_local        the same, under its parent: what a pose stores
 *
 *   change       = source_model * inverse(source_rest_model)   (model space)
 *   target_model = change * alignment * target_rest_model
 *   target_local = inverse(target_parent_model) * target_model
 *
 * so a bone of the target, parent to child in model space, points where the
 * source's bone points. The root's translation is the source's change from
 * its rest position scaled by the ratio of the hip heights, except its
 * height: a BVH's rest pose does not stand on the floor (CMU's hips rest at
 * 0, the feet below), so the height is the source's above its floor (y = 0)
 * scaled, on the target's floor (y = 0 of its model space). Joints without a
 * partner keep their rest pose (target_local = the rig's target_rest_local).
 *
 * The joint map pairs source and target joints, by name (retarget_map_by_name:
 * CMU's, Biovision's, Mixamo's, VRM's and this project's humanoid's names) or
 * from a map file the user writes (retarget_map_load).
 */
#ifndef CH13_RETARGET_H
#define CH13_RETARGET_H

#include "chapters/04_bone_tree/skeleton.h"
#include "chapters/08_keyframes/clip.h"

/* One source joint driving one target joint (skeleton joint indices). */
typedef struct retarget_pair {
    int source;
    int target;
} retarget_pair;

typedef struct retarget_map {
    int pair_count;
    retarget_pair *pairs; /* in the target's order (parents first) */
} retarget_map;

void retarget_map_free(retarget_map *m);

/* The naming scheme (of retarget_scheme_name's list) that names the most of
 * the skeleton's joints, and how many; -1 when none names a joint. */
int retarget_scheme_of(const skeleton *s, int *matches);
const char *retarget_scheme_name(int scheme);

/* The joint of s that its naming scheme gives a humanoid bone (VRM's name:
 * "leftFoot"), or -1. */
int retarget_bone_joint(const skeleton *s, const char *bone);

/* Pairs every humanoid bone (VRM's names: hips, spine, leftUpperArm ...) that
 * both skeletons name in their schemes. Fails when no bone pairs, or the
 * hips do not. */
bool retarget_map_by_name(const skeleton *source, const skeleton *target, retarget_map *out, sa_error *err);

/* A map file: one `source_joint target_joint` per line, `#` starts a comment,
 * blank lines are fine. The source side is a source joint's name or a
 * humanoid bone name (VRM's: hips, leftUpperArm ...), which the source's
 * naming scheme turns into its joint (a bone the source lacks pairs nothing:
 * one map serves CMU's and Biovision's files). Bad lines get "NAME:LINE: what":
 * a line without two words or with more, a target joint that is not in the
 * target, a source name that is neither, a joint paired twice. */
bool retarget_map_parse(const char *text, size_t size, const char *name, const skeleton *source, const skeleton *target,
                        retarget_map *out, sa_error *err);
bool retarget_map_load(const char *path, const skeleton *source, const skeleton *target, retarget_map *out,
                       sa_error *err);

/* What the job needs from both rest poses, computed once. Each pair's bone
 * ends at its primary child: the paired target joint below it that goes on
 * most nearly straight from the bone above (for the root, most nearly up),
 * with the source's partner of that child below the pair's source joint.
 * Where a skeleton puts that child on the joint itself (CMU's LowerBack sits
 * on Hips, its Neck on Spine1), the bone goes on to the child's own primary
 * child, on that side alone: a bone of length 0 has no direction. */
typedef struct retarget_rig {
    const skeleton *source, *target; /* not owned */
    int pair_count;
    retarget_pair *pairs;
    int *pair_of_target;          /* [target joint_count]: the pair driving it, -1 none */
    int *child;                   /* [pair_count]: the primary child pair, -1 none */
    int *source_end;              /* [pair_count]: the source joint where the bone ends, -1 none */
    int *target_end;              /* [pair_count]: the target joint where the bone ends, -1 none */
    transform *target_rest_local; /* [target joint_count]: the target's rest pose (copied) */
    versor *source_rest_model;    /* [pair_count] */
    versor *target_rest_model;    /* [pair_count] */
    versor *alignment;            /* [pair_count]: target rest bones onto the source's, model space */
    vec3 *source_rest_position;   /* [pair_count]: model space */
    vec3 *source_rest_end;        /* [pair_count]: model space, where source_end rests */
    int root;                     /* the pair nearest the target's root (the hips) */
    float source_height;          /* the root pair's joint above the lowest paired joint, at rest */
    float target_height;
    float scale; /* target_height / source_height */
} retarget_rig;

/* The rig over the map's pairs (copied), from the target's rest pose
 * target_rest_local ([target joint_count], copied; NULL: the nodes' TRS,
 * target->rest_local). Fails on a map whose joints are out of range or that
 * has no pair. */
bool retarget_rig_init(retarget_rig *r, const skeleton *source, const skeleton *target,
                       const transform *target_rest_local, const retarget_map *map, sa_error *err);
void retarget_rig_free(retarget_rig *r);

/* The target's rest pose as retargeting takes it: its bind pose (the
 * issue's words: "to the target's rest pose (its bind pose)"), the pose its
 * mesh was made in, which a file's nodes need not store. For every joint of
 * `all` (the skeleton over every node, whose pose the clip moves) that a
 * skin binds, the place chapter 05's bind_pose_from_skins rebuilds from the
 * inverse bind matrices; every other joint keeps its node's TRS, under its
 * parent as placed. skins: the skins' skeleton of the same file
 * (skeleton_from_gltf), joint_from_model_bind[skin][k] its matrices.
 * rest_local: [all->joint_count], written. *bound (may be NULL): how many
 * joints took their bind pose. Fails where a bind placement under its
 * parent is not a TRS (shear), naming the joint. */
bool retarget_bind_rest(const skeleton *all, const skeleton *skins, mat4 **joint_from_model_bind, transform *rest_local,
                        int *bound, sa_error *err);

/* One frame: the source's pose in, the target's out. Caller-owned arrays;
 * nothing is allocated. */
typedef struct retarget_job {
    const retarget_rig *rig;
    const transform *source_local; /* [source joint_count]: the capture's pose */
    mat4 *source_model;            /* [source joint_count]: written (model_from_joint) */
    transform *target_local;       /* [target joint_count]: written */
    mat4 *target_model;            /* [target joint_count]: written (model_from_joint) */
} retarget_job;

void retarget_run(const retarget_job *job);

/* Exercise ex13.2 (retarget_rotation.c): one joint's target_local from the
 * rotations named above (unit quaternions x y z w, each in the space its
 * name says):
 *
 *   target_local = inverse(target_parent_model)
 *                  * source_model * inverse(source_rest_model)
 *                  * alignment * target_rest_model
 *
 * target_parent_model is the identity for a root. out is unit length. */
void retarget_joint_rotation(const versor source_rest_model, const versor source_model, const versor alignment,
                             const versor target_rest_model, const versor target_parent_model, versor target_local);

/* The source's clip, sampled at times[frame_count], retargeted frame by frame
 * into a LINEAR clip over the target's skeleton: a rotation track for each
 * paired joint, a translation track for the root pair's joint, keys at the
 * same times (chapters 08 to 12 play it as any clip). */
bool retarget_clip(const retarget_rig *rig, const clip *source, int frame_count, const float *times, clip *out,
                   sa_error *err);

/* The largest angle in degrees, over the pairs' bones (pair to its primary
 * child), between the target's bone and the source's, in model space, for
 * the poses of one frame (source_model, target_model as the job writes them). */
double retarget_bone_error_deg(const retarget_rig *rig, mat4 *source_model, mat4 *target_model, int *worst_pair);

#endif
