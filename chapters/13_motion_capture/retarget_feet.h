/* retarget_feet.h: the target's feet planted where the actor's were (chapter 13).
 *
 * Retargeting copies rotations; the target's legs are not the actor's (their
 * lengths and their ratio differ, and the root's path is scaled by the hip
 * heights alone), so a foot the actor holds still moves on the target, and
 * one that touches the floor floats over it or sinks into it. Two steps fix
 * what the reader sees:
 *
 *   contacts   from the source: a foot is down when its ankle is near the
 *              capture's floor (its lowest over the clip) and slow, held for
 *              a few frames at least (retarget_contacts_find);
 *   the lock   on the target: through each contact the foot keeps where it
 *              was and how it was turned at the contact's start, its sole's
 *              lowest vertex on the ground (y = 0), the leg solved by
 *              chapter 11's two-bone IK, the pelvis lowered when a hip cannot
 *              reach; eased in before the contact and out after it, and any
 *              swinging sole under the ground lifted onto it
 *              (retarget_feet_apply);
 *   the sole   held as skinned, not the foot joint alone: linear blend
 *              skinning moves a sole vertex bound partly to the shin with the
 *              shin, so through a contact the shin's twist is kept, the held
 *              foot's hip follows a smoothed path, and the foot's position
 *              and turn are fitted to the sole's vertices where they were at
 *              the contact's first frame (hold_sole in retarget_feet.c).
 *
 * The pass rewrites the retargeted clip's keys (the legs' rotations and the
 * root's translation), so everything that plays the clip, --export included,
 * has the planted feet.
 */
#ifndef CH13_RETARGET_FEET_H
#define CH13_RETARGET_FEET_H

#include "retarget.h"

#include "chapters/10_walk_cycle/foot_mesh.h"

/* A foot is in contact when its ankle is at most RETARGET_CONTACT_HEIGHT
 * over the capture's floor and moves at most RETARGET_CONTACT_SPEED
 * horizontally (both in the target's metres: the source's scaled by the rig's
 * hip ratio); runs shorter than RETARGET_CONTACT_MIN_FRAMES are dropped and
 * gaps shorter than RETARGET_CONTACT_GAP_FRAMES between two runs filled, so
 * that one noisy frame neither starts nor breaks a contact. */
#define RETARGET_CONTACT_HEIGHT 0.04f
#define RETARGET_CONTACT_SPEED 0.25f
#define RETARGET_CONTACT_MIN_FRAMES 6
#define RETARGET_CONTACT_GAP_FRAMES 4
/* s: how far on either side of a frame a held foot's hip path is smoothed
 * (the capture's shake, retarget_feet.c's smooth_hips). */
#define RETARGET_HIP_SMOOTH 0.05f
/* Frames over which the lock eases in before a contact and out after it. */
#define RETARGET_FEET_BLEND_FRAMES 8
/* m/s: the fastest the pelvis comes down or goes back up where a leg is too
 * short for its locked foot. */
#define RETARGET_PELVIS_SPEED 0.25f

typedef struct retarget_contacts {
    int frame_count;
    int foot[2];                  /* the source's ankles (left, right), -1 none */
    unsigned char *in_contact[2]; /* [frame_count] */
    int runs[2];                  /* contacts per foot */
    int frames[2];                /* frames in contact per foot */
    float floor;                  /* the source's lowest ankle over the clip, its units */
} retarget_contacts;

/* The source clip sampled at times[frame_count] (as retarget_clip). Fails
 * when the source has no feet its scheme names. */
bool retarget_contacts_find(retarget_contacts *c, const retarget_rig *rig, const clip *source, int frame_count,
                            const float *times, sa_error *err);
void retarget_contacts_free(retarget_contacts *c);

/* The target's legs: thigh, shin, foot (the target's partners of the
 * source's legs) and toes (-1 none), per side. */
typedef struct retarget_legs {
    int joints[2][4];
} retarget_legs;

bool retarget_legs_find(const retarget_rig *rig, retarget_legs *out, sa_error *err);

/* [listing retarget_feet_job] */
typedef struct retarget_feet_job {
    const retarget_rig *rig;
    const retarget_contacts *contacts;
    const retarget_legs *legs;
    foot_mesh *mesh; /* the target's feet (chapter 10); empty: the ankles' rest height stands in */
    clip *motion;    /* in and out: retarget_clip's, keys at times[] */
    int frame_count;
    const float *times; /* [frame_count] */
} retarget_feet_job;
/* [/listing] */

bool retarget_feet_apply(const retarget_feet_job *job, sa_error *err);

#endif
