/* skeleton_gltf.h: a skeleton from a loaded glTF document (chapter 04).
 *
 * The one place where the skeleton meets the loader: later chapters that
 * only animate a skeleton include skeleton.h alone.
 */
#ifndef CH04_SKELETON_GLTF_H
#define CH04_SKELETON_GLTF_H

#include "chapters/03_gltf_loader/gltf.h"
#include "skeleton.h"

/* How far a node's `matrix` may be from T * R * S of its split (relative to
 * the element's size) before it counts as sheared: the loader's tolerance. */
#define SKELETON_MATRIX_TOLERANCE 1e-3f

/* The skeleton of the file's skins: every joint of every skin plus every
 * ancestor node of a joint, each node once (skins may share joints), sorted
 * parents first. Names are the nodes' names ("" when absent), rest_local the
 * nodes' stored TRS (a `matrix` is split into TRS). skins[k] maps skin k's
 * joint indices (the values of JOINTS_0) to skeleton joints.
 * A file without skins gives an empty skeleton (joint_count 0).
 * Errors name the node, e.g. "nodes[3].matrix: cannot be split ..."; the
 * caller puts the file name in front. */
bool skeleton_from_gltf(const gltf_document *doc, skeleton *out, sa_error *err);

/* Every node of the file as one skeleton, in node order sorted parents first,
 * skins mapped as above. Its forward kinematics gives every node's
 * scene-space matrix with every node at its stored transform (--dump-pose,
 * and the mesh nodes' placement in the program). */
bool skeleton_from_gltf_nodes(const gltf_document *doc, skeleton *out, sa_error *err);

#endif
