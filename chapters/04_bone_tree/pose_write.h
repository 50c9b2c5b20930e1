/* pose_write.h: a pose as text, one line per glTF node (chapter 04).
 *
 * The format of --dump-pose (chapters 04 and 08): for each node of the file,
 * in node order,
 *
 *     INDEX M00 M10 M20 M30 M01 ... M33 NAME
 *
 * the node's scene-space matrix (model_from_joint of a skeleton over every
 * node) column by column, each element as "%.9g" (it reads back to the same
 * float), then the node's name ("-" when it has none; a control character is
 * written as '_', so a name never splits its line).
 */
#ifndef CH04_POSE_WRITE_H
#define CH04_POSE_WRITE_H

#include "skeleton.h"

#include <stdio.h>

/* Writes the pose `local` (parent_from_joint of every joint of `nodes`) of a
 * skeleton built over every node of a file (skeleton_from_gltf_nodes), one
 * line per node in node order. Allocates one array of joint_count matrices
 * for the forward kinematics (a dump, not per-frame code). Stream errors are
 * left to the caller (sa_output_close checks the stream). */
bool skeleton_write_pose(const skeleton *nodes, const transform *local, FILE *out, sa_error *err);

#endif
