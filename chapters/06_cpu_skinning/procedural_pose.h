/* procedural_pose.h: poses made by a formula, until chapter 08 brings
 * keyframes (chapter 07).
 *
 * Both write a caller-owned pose (`transform local[joint_count]`, parents'
 * frames, chapter 04) from the skeleton's rest pose; nothing is allocated.
 */
#ifndef CH07_PROCEDURAL_POSE_H
#define CH07_PROCEDURAL_POSE_H

#include "chapters/04_bone_tree/skeleton.h"

/* Every joint that has a parent turned away from its rest rotation by
 * amplitude * sin(2 pi time / 3 s + 0.9 j) radians about its own X, Z or Y
 * axis (j mod 3): the whole skeleton moves, each joint differently, and
 * never twists far. Roots keep their rest transform. */
void pose_procedural(const skeleton *s, float time, float amplitude, transform *out_local);

/* The rest pose with one joint turned by `angle` radians about its own Y
 * axis, the axis along the bone for the book's models (the tube's bones
 * stand on Y): a twist. joint -1 leaves the rest pose. */
void pose_twist(const skeleton *s, int joint, float angle, transform *out_local);

#endif
