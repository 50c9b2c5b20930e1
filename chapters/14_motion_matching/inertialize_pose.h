/* inertialize_pose.h: chapter 09's inertialization for the whole pose
 * (chapter 14).
 *
 * Motion matching jumps from the playing frame to another one of the
 * database several times a second; a crossfade would sample both for the
 * fade, and the next jump would come before it ends. Inertialization plays
 * only the new frames (the target) and carries what the old motion left as
 * offsets that decay to nothing over the blend time (Bollo, GDC 2018):
 *
 *   rotations   every joint's offset, chapter 09's inertial_rotation (one
 *               per joint, its init, quintic and update reused as they are);
 *   the hips    the translation's offset, source - target, decays along the
 *               same quintic: its length in metres is handed to chapter 09's
 *               init as an angle in radians (a turn about +Y of that many
 *               radians, the previous frame's offset projected on the same
 *               direction as the previous turn), so that the guard on the
 *               rate and the quintic are chapter 09's, not a second copy.
 *               Hips offsets are well under pi metres (both poses stand over
 *               the character's origin); longer ones are cut to 3 m.
 *
 * Other joints' translations and every scale are the target's. A new
 * transition while one is decaying starts from what is on screen (the
 * source passed in is the previous output moved on one frame), so offsets
 * never pile up.
 *
 * A large offset decaying over the blend time turns its joint faster than
 * the motion does (an arm swung 1.2 rad back at a walk's start, 0.15 rad a
 * frame over 0.25 s): with max_rate set, each joint takes the blend time
 * that keeps its offset's steepest decay at max_rate (at most
 * blend_time_max, never under the time asked for).
 */
#ifndef CH14_INERTIALIZE_POSE_H
#define CH14_INERTIALIZE_POSE_H

#include "chapters/04_bone_tree/skeleton.h"
#include "chapters/09_crossfade/inertialize.h"
#include "common/error.h"
#include "common/transform.h"

#include <stdbool.h>

/* [listing pose_inertializer] */
typedef struct pose_inertializer {
    int joint_count;
    int hips;                       /* the joint whose translation is inertialized (-1: none) */
    inertial_rotation *rotation;    /* [joint_count]: each joint's offset, chapter 09 */
    inertial_rotation translation;  /* the hips': the offset's length as the "angle" (1 rad per metre) */
    float translation_direction[3]; /* unit: the hips' offset's direction, in its parent's frame */
    float max_rate;                 /* rad/s: the fastest a joint's offset may decay (0: no bound) */
    float blend_time_max;           /* s: the longest blend max_rate may ask for */
    const bool *keep_blend;         /* [joint_count] or NULL: joints max_rate leaves alone */
} pose_inertializer;
/* [/listing] */

bool pose_inertializer_init(pose_inertializer *pi, int joint_count, int hips, sa_error *err);
void pose_inertializer_free(pose_inertializer *pi);

/* [listing pose_inertialize_decl] */
/* At a switch: the source's pose this frame and last frame (dt seconds
 * apart) and the target's this frame ([joint_count] each), the blend time
 * in seconds (<= 0: the target at once). */
void pose_inertialize_transition(pose_inertializer *pi, const transform *source_previous, const transform *source,
                                 const transform *target, float dt, float blend_time);

/* One frame: the offsets decay by dt, then out = target with the offsets
 * on it. dt = 0 on the switch's frame gives the source; once the blend
 * time has passed, the target exactly. out may not be target. */
void pose_inertialize_update(pose_inertializer *pi, float dt, const transform *target, transform *out);
/* [/listing] */

#endif
