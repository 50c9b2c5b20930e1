/* stairs_walk.h: the chapter's demo walk, up the stairs, round on the
 * landing and down again, with the feet placed on the steps (chapter 11).
 *
 * One frame of it reads as the book's pipeline:
 *
 *     clock (08, events) -> root motion along the path (10) -> sample (08)
 *         -> foot placement: pelvis, two-bone IK, feet flat (11) -> pose
 *
 * The walk clip is chapter 10's gait with a stride of two treads, so each
 * foot lands on every other step; the path is laid out (at init) so that
 * every foot lands on a tread, its toes clear of the riser going up and the
 * back of its heel going down. Without IK the
 * clip's feet stay on the flat ground of the clip, carried up the flight by
 * the root: they float over some steps and sink into others. With IK each
 * foot is put on the step under it, held still in the world while planted,
 * and lifted clear of the step edges while it swings.
 */
#ifndef CH11_STAIRS_WALK_H
#define CH11_STAIRS_WALK_H

#include "foot_placement.h"
#include "stairs.h"

#include "chapters/10_walk_cycle/walk.h"

/* [listing stairs_foot_debug] */
/* What the overlay draws for one foot (world space). */
typedef struct stairs_foot_debug {
    vec3 target;  /* where the IK puts the ankle */
    vec3 ground;  /* the ground found under the foot: x z of its heel, y its support height */
    vec3 pole;    /* a point in front of the knee: the leg bends toward it */
    vec3 knee;    /* the knee after the solve */
    float weight; /* the stance weight (ex11.3): 1 planted, 0 in mid-swing */
    bool planted; /* between this foot's down and up events */
} stairs_foot_debug;
/* [/listing] */

/* One foot's plan, kept from frame to frame (world space). */
typedef struct stairs_foot {
    foot_leg leg;
    int down_event, up_event; /* the clip's events left_down, left_up (right_...) */
    float down_time, up_time; /* their clip times */
    bool planted;             /* between the two, as the clock reports them */
    /* Planted: the foot rolls as the clip rolls it, about the point it
     * stands on, held in the world: the heel from the contact, the ball
     * from when the sole is flat (as chapter 10's foot lock holds it). */
    int pivot;           /* 0 the heel, 1 the ball */
    vec3 held;           /* where that point is held */
    versor held_heading; /* the root's heading when it landed: the foot keeps its direction on the turn */
    vec3 lock_ankle;     /* the ankle and the foot's rotation the last planted frame: the swing leaves from them */
    versor lock_rotation;
    vec3 land_ankle; /* swinging: where it will land (the next contact, foreseen) */
    versor land_rotation;
    versor land_heading; /* and the root's heading then */
    float land_height;   /* the support height it stands on (planted) or will land on */
    foot_swing swing;    /* swinging: the height of its swing over the steps */
    bool descending;     /* swinging: it lands lower than it left */
    int toes;            /* the toes joint, or -1 */
    vec3 tip;            /* the toes' tip in the toes joint's frame (without toes: in the foot's) */
} stairs_foot;

/* The path: up the flight along +Z at x = -turn_radius, half a circle on
 * the landing (turning left, toward +X), down along -Z at x = +turn_radius. */
typedef struct stairs_path {
    float start_z;     /* the root at distance 0 */
    float turn_z;      /* where the turn begins and ends */
    float turn_radius; /* metres */
    float length;      /* the whole path, metres */
} stairs_path;

typedef struct stairs_walk {
    const skeleton *skeleton;
    stairs_geometry stairs;
    stairs_path path;
    walk_clip walk; /* chapter 10's gait, a stride of two treads */
    clip_clock clock;
    int *cursors;    /* [walk.c.track_count]: the clip's sampling cursors */
    double distance; /* metres along the path the root has travelled */
    float position[3];
    float heading; /* radians about +Y, 0 facing +Z (chapter 10's convention) */
    bool ik_enabled;
    float sink;            /* metres the feet are put under the steps (0; --check-ik --sink tests the check) */
    mat4 world_from_model; /* the last frame's root */
    stairs_foot feet[2];   /* left, right */
    int pelvis;            /* the hips joint */
    /* scratch, allocated once: model_from_joint of each frame's clip pose
     * (and the foot placement's), a second pose and cursors to foresee a
     * landing with */
    transform *scratch_pose;
    mat4 *model_from_joint;
    int *scratch_cursors;
    stairs_foot_debug foot[2];
    float pelvis_offset; /* metres the IK lowered the pelvis this frame (<= 0) */
} stairs_walk;

/* The walk for skeleton s (chapter 10's humanoid joints: hips, the legs'
 * thigh, shin and foot, their toes) on the stairs g, at its start: the root
 * on the floor before the flight, clip time 0, IK on. The skeleton must
 * outlive the walk (the stairs are copied). Fails (one line) where chapter
 * 10's gait does, on stairs the path cannot fit (too narrow, a landing too
 * small to turn on, treads shorter than a foot) or a walk whose root motion
 * does not move the root. */
bool stairs_walk_init(stairs_walk *w, const skeleton *s, const stairs_geometry *g, sa_error *err);
/* The same over the soles' pivots of the skinned mesh (chapter 10's
 * foot_mesh_soles at stairs_walk_heel_strike_pitch; NULL: the joints'). */
bool stairs_walk_init_soles(stairs_walk *w, const skeleton *s, const gait_soles *soles, const stairs_geometry *g,
                            sa_error *err);
/* The heel strike's pitch of the walk on stairs g (radians): what its soles are found for. */
float stairs_walk_heel_strike_pitch(const stairs_geometry *g);
void stairs_walk_free(stairs_walk *w);

/* Back to the start (ik_enabled kept). */
void stairs_walk_reset(stairs_walk *w);

/* One frame of dt seconds: the clock and the root advance, and pose
 * (joint_count transforms) gets the local pose after FK and, when
 * ik_enabled, the foot placement. world_from_model, the root and the
 * debug data are this frame's afterwards. Past the end of the path the root
 * walks on, straight. */
void stairs_walk_step(stairs_walk *w, double dt, transform *pose);

/* Seconds the whole walk takes, up, round and down. */
double stairs_walk_duration(const stairs_walk *w);

#endif
