/* procedural_pose.h: poses made by a formula, until chapter 08 brings
 * keyframes (chapters 06 and 07).
 *
 * Each writes a caller-owned pose (`transform local[joint_count]`, parents'
 * frames, chapter 04) from the skeleton's rest pose; nothing is allocated.
 * Three motions for three uses: the swing (chapter 06's program) looks like
 * limbs moving; the wave turns every joint about all three axes, a pose for
 * comparing two skinning paths (chapter 07's program and tests); the twist
 * turns one joint along its bone (the candy wrapper).
 */
#ifndef CH06_PROCEDURAL_POSE_H
#define CH06_PROCEDURAL_POSE_H

#include "chapters/04_bone_tree/skeleton.h"

#include <stdbool.h>

/* The joints with swings[j] set (the caller picks them: chapter 06 takes the
 * limbs) swing about their own Z axis by up to 25 degrees at 0.5 Hz, each a
 * little later than the one before, so that a chain bends like a wave. */
void pose_swing(const skeleton *s, const bool *swings, float seconds, transform *out_local);

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
