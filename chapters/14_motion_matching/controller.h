/* controller.h: the motion matching controller (chapter 14).
 *
 * Two characters move at once. The SIMULATED one (spring.h) is a point and
 * a heading that the stick steers through springs: it goes exactly where
 * the player asks. The ANIMATED one plays frames of the database, moved by
 * their own root motion (mm_root_delta). Every step of 1/60 s:
 *
 *   1. the simulation steps toward the stick's velocity and heading;
 *   2. the playing frame advances by one; at its range's end a search is
 *      forced;
 *   3. every search_interval seconds (or when the stick moved by more than
 *      stick_change, or at a range's end) the query is built: the playing
 *      frame's own stored features for the pose part, and the simulation's
 *      trajectory predicted at 20, 40, 60 frames, in the animated
 *      character's frame (mm_query_trajectory); then mm_search_accelerated;
 *   4. the rule: jump to the best frame when its cost is below the playing
 *      frame's and it is not the playing frame or one of its near_frames
 *      neighbours in the same range (those are the same motion a few frames
 *      off: jumping there would only stutter), and, while a foot is held,
 *      when the best frame keeps that foot within reach of its hip (the hips
 *      lowered at most MM_HIPS_DOWN_PLAN) and within jump_lock_radius of
 *      where the frame has it (else the planted foot would be dragged or let
 *      go: the jump waits for the next search), and keeps it within reach
 *      in the frames after it, played on by their root motion, for as long
 *      as they hold that foot down (at most lock_ahead_frames: a frame
 *      whose own foot is planted a little off the held one lands in reach,
 *      then carries the hips away from it). Only the feet the new frame
 *      holds down count: one it lifts is let go, not dragged, and counting
 *      it kept a character standing on both feet from ever stepping off. A
 *      forced search always jumps;
 *   5. a jump is inertialized (inertialize_pose.h): the pose on screen is
 *      carried as offsets decaying over blend_time, a joint's made longer
 *      (up to blend_time_max) where its offset would turn it faster than
 *      blend_rate, the legs' left at blend_time (the feet's IK solves them);
 *   6. the animated root moves by the frame's root motion, then is pulled
 *      toward the simulated one: a fraction k = 1 - 2^(-dt / adjust_half_life)
 *      of the gap each step (position and heading), halved until the held
 *      feet stay within reach, now and in the frames ahead as in 4 (down to
 *      none), and never farther than max_drift metres from it (clamped, the
 *      feet then or not);
 *   7. the feet: while a foot is planted (mm_planted_find: the database's
 *      contact where its own ankle is down and still) it stays where it was
 *      shown when the contact began (ankle and turn, the toes' too), the leg
 *      solved by chapter 11's two-bone IK (the thigh keeping the twist it
 *      had the step before, by the hold's weight: the animation's twist,
 *      an offset decaying after a jump, would otherwise turn the shin under
 *      a foot the world holds still, and the foot's local rotation with
 *      it), the hips lowered as far as the farther held foot needs (at
 *      once; back up at MM_HIPS_RISE); when the contact ends (or the hold
 *      is over unlock_radius from where the animation has the foot) it is
 *      let go over release_frames, smoothstep. A foot whose mesh goes under
 *      the ground (y = 0) is lifted onto it, held or not (chapter 13's
 *      three tries);
 *   8. the legs' guard: a leg joint turns in one step at most what its
 *      motion's own step turns it (the database's frame before to the
 *      playing one) plus leg_turn_max; past that it is turned that far
 *      toward the solved pose and catches up over the next steps. It acts
 *      where the feet's corrections come and go faster than the motion (a
 *      foot let go while its leg's offset decays; a straight leg bent to
 *      lift its foot a centimetre), and never on a leg whose foot is held
 *      with all its weight: held back, that foot would slide.
 *
 * Plain struct over caller-owned data (the database, its index, the
 * skeleton, the feet's mesh); mm_controller_init allocates its arrays once,
 * a step allocates nothing.
 */
#ifndef CH14_CONTROLLER_H
#define CH14_CONTROLLER_H

#include "inertialize_pose.h"
#include "motion_database.h"
#include "spring.h"

#include "chapters/10_walk_cycle/foot_mesh.h"

/* The hips come down for a locked foot out of reach at most this far (m),
 * and go back up at most this fast (m/s; chapter 13's pelvis speed). */
#define MM_HIPS_DOWN_MAX 0.15f
#define MM_HIPS_RISE 0.25f
/* A jump, and the root's pull, may plan on at most this drop for the held
 * feet (m): the rest of MM_HIPS_DOWN_MAX is left to the motion after them
 * (the look ahead stops at lock_ahead_frames, the pull comes every step). */
#define MM_HIPS_DOWN_PLAN 0.075f

/* [listing mm_controller_params] */
typedef struct mm_controller_params {
    sim_params sim;
    float search_interval;  /* s between searches */
    float stick_change;     /* a stick moved by more than this (length of the difference) searches at once */
    int near_frames;        /* the playing frame's neighbours (same range) a jump is not made to */
    float blend_time;       /* s of the inertialization */
    float blend_rate;       /* rad/s: an offset decays no faster (its joint's blend made longer), legs aside */
    float blend_time_max;   /* s: the longest blend blend_rate may ask for */
    bool inertialize;       /* false: jump to the new frame's pose at once (--no-inertialize) */
    float adjust_half_life; /* s: the animated root's gap to the simulated one halves in this */
    float max_drift;        /* m: the farthest the animated root may be from the simulated */
    bool foot_ik;           /* false: no lock, no lift (--no-foot-ik) */
    int release_frames;     /* frames a released foot takes back to the animation */
    float unlock_radius;    /* m: a lock this far from the animation's foot is released */
    float jump_lock_radius; /* m: no jump to a frame whose foot is this far from a locked one (horizontally) */
    int lock_ahead_frames;  /* frames a jump (or the pull) keeps the held feet in reach for (0: its own only) */
    float leg_turn_max;     /* rad a step a leg joint may turn beyond its motion's own step (0: no bound) */
} mm_controller_params;
/* [/listing] */

mm_controller_params mm_controller_defaults(void);

/* The legs the lock holds: thigh, shin, foot, toes (-1: none), per side. */
typedef struct mm_legs {
    int joints[2][4];
} mm_legs;

/* left_thigh .. left_toes, right_... by name in s. */
bool mm_legs_find(const skeleton *s, mm_legs *legs, sa_error *err);

typedef struct mm_foot_lock {
    bool locked;    /* the contact holds it */
    float weight;   /* 0..1 of the lock in the pose */
    int release;    /* frames left of a release (0: none) */
    vec3 ankle;     /* world: where the ankle is held (or was, while released) */
    versor turn[2]; /* world: the foot's and the toes' rotations held */
} mm_foot_lock;

/* Whether the database can side-step: at least 1% of its moving frames
 * (0.5 m or more to the last horizon) travel more than 60 degrees off the
 * way they will face there. A database that cannot (chapter 10's walk and
 * run turn, they never strafe) gets no strafe from the controller: the
 * stick's direction becomes the facing, as without strafe, and the
 * character turns and walks that way. */
bool mm_database_strafes(const mm_database *db);

/* The frames whose feet the lock holds: the database's contacts (chapter
 * 10's rule, the stance of the gait: heel strike to toe-off) kept where the
 * database's own ankle is down and still by chapter 13's rule (at most
 * RETARGET_CONTACT_HEIGHT over its lowest in the database, at most
 * RETARGET_CONTACT_SPEED horizontally; runs shorter than
 * RETARGET_CONTACT_MIN_FRAMES dropped): a foot rolling onto its toes, or
 * still coming down, is not held. planted[frame_count][2]; s is the
 * poses' skeleton. */
void mm_planted_find(const mm_database *db, const skeleton *s, const mm_legs *legs, uint8_t (*planted)[2]);

/* [listing mm_controller] */
typedef struct mm_controller {
    mm_controller_params params;
    const mm_database *db;
    const mm_search_index *index;
    const skeleton *skeleton; /* the poses' (db->joint_count joints) */
    foot_mesh *feet;          /* the skinned soles for the lift (NULL: the ankles alone) */
    mm_legs legs;
    int hips;
    uint8_t (*planted)[2]; /* [frame_count]: mm_planted_find's */
    vec3 knee_forward[2];  /* the way each knee bends, in its thigh's frame */
    bool strafes;          /* mm_database_strafes: else a strafe turns to the stick as a walk does */

    int frame;                 /* the playing frame of the database */
    float since_search;        /* s */
    float searched_stick[2];   /* the stick at the last search */
    sim_character sim;         /* the simulated character */
    float desired_velocity[2]; /* this step's, and the heading, from the stick */
    float desired_heading;
    float root_position[2]; /* the animated character on the ground (x, z) */
    float root_heading;
    pose_inertializer inertializer;
    mm_foot_lock lock[2];
    float hips_down;     /* m the hips are lowered for the locked feet to be reached */
    bool *legs_joint;    /* [joint_count]: the legs' joints (the feet's IK solves them) */
    transform *pose;     /* [joint_count]: this step's output, the feet solved */
    transform *previous; /* [joint_count]: the last step's output before the feet */
    transform *scratch;  /* [joint_count] */
    transform *shown;    /* [joint_count]: the last step's output (for the legs' guard) */
    bool has_shown;      /* a step has been shown: the guard has a pose to start from */
    mat4 *model;         /* [joint_count] */
    float query[MM_FEATURE_COUNT];
    float trajectory[MM_TRAJECTORY_POINTS][2]; /* the simulation's predicted positions, world (x, z) */
    /* counts, for --check-mm */
    long searches, transitions;
    long legs_guarded; /* steps in which the legs' guard turned a joint less than the solve asked */
    bool transitioned; /* this step jumped */
} mm_controller;
/* [/listing] */

/* Starts at `frame` (the root at the origin, facing +Z, the simulation
 * with it). db, index, s and feet stay the caller's. */
bool mm_controller_init(mm_controller *c, const mm_controller_params *p, const mm_database *db,
                        const mm_search_index *index, const skeleton *s, foot_mesh *feet, int frame, sa_error *err);
void mm_controller_free(mm_controller *c);

/* One step of 1 / MM_RATE s: stick (world x, z; length 0..1), run (Shift),
 * strafe (the facing held, where the database strafes). Writes c->pose and the root. */
void mm_controller_step(mm_controller *c, const float stick[2], bool run, bool strafe);

/* One past the last frame of the range that holds frame. */
int mm_range_end(const mm_database *db, int frame);

/* The animated character's world_from_model: translate(root) * rotateY(heading). */
void mm_controller_world_from_model(const mm_controller *c, mat4 out);

#endif
