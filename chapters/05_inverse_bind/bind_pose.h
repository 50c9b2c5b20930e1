/* bind_pose.h: the bind pose rebuilt from the inverse bind matrices
 * (chapter 05), to draw beside the rest pose.
 *
 * An inverse bind matrix is the inverse of where its joint was when the mesh
 * was bound, so inverting it again gives that place back:
 *
 *     model_from_joint_bind[k] = affine_inverse(joint_from_model_bind[k])
 *
 * in the mesh's model space at bind time. A file whose rest pose is its bind
 * pose puts every joint there in the rest pose too; a file whose rest pose
 * differs (an A-pose rest over a T-pose bind, stale matrices) shows where
 * and by how much.
 */
#ifndef CH05_BIND_POSE_H
#define CH05_BIND_POSE_H

#include "bind.h"

#include "chapters/04_bone_tree/skeleton.h"

/* For every joint j of s, where it was at bind time, placed in the scene the
 * way chapter 05 draws the unskinned mesh, by skin joint 0's skin matrix:
 *
 *     mesh_placement = model_from_joint[joint_of_skin_joint[0]] * joint_from_model_bind[0]
 *     model_from_joint_bind[joint_of_skin_joint[k]] = mesh_placement * affine_inverse(joint_from_model_bind[k])
 *
 * so that the bind skeleton sits in the mesh, and on the rest skeleton when
 * rest and bind agree (then mesh_placement * affine_inverse(...) is
 * model_from_joint itself). joint_from_model_bind[skin][k] holds each skin's
 * matrices, model_from_joint the rest pose ([joint_count]). A joint of
 * several skins takes the first skin's. A joint in no skin (an "Armature"
 * node above the root) and a joint whose inverse bind matrix has no inverse
 * keep their rest placement: model_from_joint_bind[j] = model_from_joint[j],
 * from_bind[j] false (from_bind may be NULL).
 * Returns the largest distance between a joint's origin in the two poses
 * (the joints left at rest count 0); *farthest (may be NULL) gets that joint
 * (the first when several tie, -1 for no joints). Allocates nothing. */
float bind_pose_from_skins(const skeleton *s, mat4 **joint_from_model_bind, mat4 *model_from_joint,
                           mat4 *model_from_joint_bind, bool *from_bind, int *farthest);

#endif
