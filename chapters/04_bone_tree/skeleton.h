/* skeleton.h: the bone tree, as plain arrays (chapter 04).
 *
 * A skeleton is every joint of the file's skins plus every ancestor node of a
 * joint (an "Armature" node above the root often carries a Z-up to Y-up
 * rotation or a unit scale, and later chapters animate whatever node a
 * channel targets). Its entries are called joints, whatever they were in the
 * file, and are stored parents first:
 *
 *     parent[j] < j for every joint, -1 for a root (there may be several)
 *
 * so one forward loop computes every joint's model matrix (no recursion, no
 * stack): by the time joint j is reached, its parent's matrix is done.
 *
 * Spaces are in the names (the book's notation, column vectors):
 *   parent_from_joint  the joint's local transform (T * R * S of its TRS)
 *   model_from_joint   the joint's transform in the skeleton's model space,
 *                      the scene space of the file: ancestors included
 *
 * The pose is not part of the skeleton: a pose is a caller-owned array
 * `transform local[joint_count]` (parent_from_joint of every joint). The rest
 * pose (the nodes' stored TRS) is `rest_local`. Sampling (08), blending (09)
 * and IK (11) write poses; nothing else carries animation state.
 *
 * Nothing here includes the glTF loader: skeleton_gltf.h builds a skeleton
 * from a loaded document, so later chapters use a skeleton without the loader.
 */
#ifndef CH04_SKELETON_H
#define CH04_SKELETON_H

#include "common/error.h"
#include "common/transform.h"

#include <stdbool.h>

/* [listing skeleton_struct] */
/* One skin of the file, seen through the skeleton. Its JOINTS_0 values are
 * skin joint indices: joint_of_skin_joint maps them to skeleton joints, so
 * the file's vertex data stays valid whatever order the skeleton uses. */
typedef struct skeleton_skin {
    int joint_count;          /* skin.joints.length */
    int *joint_of_skin_joint; /* [joint_count]: skin joint k -> skeleton joint */
} skeleton_skin;

typedef struct skeleton {
    int joint_count;
    int *parent;           /* [joint_count]: parent[j] < j, -1 for a root */
    char **name;           /* [joint_count]: the node's name, "" when it has none */
    transform *rest_local; /* [joint_count]: parent_from_joint in the rest pose */

    /* Maps to the glTF file (filled by skeleton_gltf.c). */
    int *node_of_joint; /* [joint_count]: skeleton joint -> glTF node */
    int node_count;     /* nodes in the file */
    int *joint_of_node; /* [node_count]: glTF node -> skeleton joint, -1 when not in it */
    int skin_count;
    skeleton_skin *skins; /* [skin_count], in the file's order */
} skeleton;
/* [/listing] */

void skeleton_free(skeleton *s);

/* Builds a skeleton from plain arrays in any order: `parent_in_input[i]` is
 * the parent of entry i (an index into the same arrays, -1 for a root).
 * Entries are sorted parents first (joints_sort_parents_first); names and
 * rest_local are copied. node_of_joint[j] is the input index of joint j and
 * joint_of_node maps input indices back (node_count = count); no skins.
 * `names` may be NULL (every name ""). Fails on a bad parent or a cycle. */
bool skeleton_from_arrays(int count, const int *parent_in_input, const char *const *names, const transform *rest_local,
                          skeleton *out, sa_error *err);

/* The joint called `name`, or -1 (the first one when names repeat). */
int skeleton_find(const skeleton *s, const char *name);

/* Exercise ex04.1 (local_to_model.c): forward kinematics over a parent array
 * that is parents first (parent[j] < j, -1 for a root):
 *
 *     model_from_joint[j] = model_from_joint[parent[j]] * parent_from_joint(local[j])
 *     model_from_joint[j] = parent_from_joint(local[j])           for a root
 *
 * with parent_from_joint(t) = T * R * S (transform_to_mat4). Writes exactly
 * count matrices. */
void joints_local_to_model(int count, const int *parent, const transform *local, mat4 *model_from_joint);

/* Exercise ex04.2 (sort_parents_first.c): an order in which every entry comes
 * after its parent. parent[i] is the parent of entry i (-1 for a root) in any
 * order. Writes
 *     order[k]          the input entry placed k-th
 *     parent_sorted[k]  the parent of that entry as a position in `order`
 *                       (-1 for a root), so parent_sorted[k] < k
 * The walk: entries in input order; an entry not yet placed is placed right
 * after its ancestors that are not yet placed, the one nearest the root
 * first. So an input that is already parents first comes back unchanged, and
 * children of one parent keep their input order.
 * Returns false (message in err) when a parent is out of range (not -1 and not
 * 0..count-1) or the parents form a cycle (an entry its own ancestor). */
bool joints_sort_parents_first(int count, const int *parent, int *order, int *parent_sorted, sa_error *err);

/* Forward kinematics: model_from_joint[j] = model_from_joint[parent[j]] *
 * parent_from_joint(local[j]), one loop over the parents-first array.
 * local and model_from_joint hold joint_count entries (caller-owned; nothing
 * is allocated). */
void skeleton_local_to_model(const skeleton *s, const transform *local, mat4 *model_from_joint);

#endif
