/* locomotion.h: walk and run blended by a desired speed (chapter 10).
 *
 * Between the walk's speed and the run's, the character plays both clips at
 * once, blended by a weight that follows the speed. Two clips of different
 * lengths played at their own rates drift apart: the walk's left foot lands
 * while the run's is in the air, and the blend stutters. So both are driven
 * by one normalized phase (0 .. 1 of a cycle, chapter 09's phase sync): each
 * clip is sampled at phase * its own duration, and the phase advances at a
 * rate that makes the blended stride cover the desired speed, so the feet
 * do not slide.
 *
 *     locomotion_sync(&gaits, speed, dt, &sync);   weight, rates, phase (ex10.2)
 *     locomotion_frame(&job, speed, dt, ...);      both poses sampled and blended,
 *                                                  the root motion blended the same way
 */
#ifndef CH10_LOCOMOTION_H
#define CH10_LOCOMOTION_H

#include "walk.h"

/* [listing locomotion_sync_decl] */
/* The two gaits as the blend sees them. */
typedef struct locomotion_gaits {
    float walk_speed, walk_period; /* m/s, seconds a cycle (the walk clip's duration) */
    float run_speed, run_period;   /* run_speed > walk_speed > 0, periods > 0 */
} locomotion_gaits;

typedef struct locomotion_sync_state {
    double phase;               /* 0 <= phase < 1: the normalized time of both clips */
    float weight;               /* of the run: 0 all walk, 1 all run */
    float phase_rate;           /* cycles per second the phase advances */
    float playback_rate;        /* phase_rate over the blended cycle rate: 1 at either gait's own speed */
    double walk_time, run_time; /* clip seconds: phase * walk_period, phase * run_period */
} locomotion_sync_state;

/* Exercise ex10.2 (locomotion_sync.c): one frame of the walk / run blend at
 * `speed` m/s, dt seconds:
 *
 *     w          = (speed - walk_speed) / (run_speed - walk_speed), clamped to 0 .. 1
 *     stride     = (1 - w) walk_speed walk_period + w run_speed run_period
 *     phase_rate = speed / stride                      (the blended stride covers the speed)
 *     cycle_rate = (1 - w) / walk_period + w / run_period
 *     playback   = phase_rate / cycle_rate
 *
 * A speed <= 0 (or NaN) stands still: w = 0, phase_rate = playback = 0.
 * Then the one phase advances, phase += dt * phase_rate, wrapped into
 * [0, 1), and both clip times follow from it (never advanced on their own,
 * so they cannot drift apart). dt < 0 or NaN counts as 0. */
void locomotion_sync(const locomotion_gaits *g, float speed, double dt, locomotion_sync_state *s);
/* [/listing] */

/* The gaits of a walk clip and a run clip (their gaits' speed and period). */
locomotion_gaits locomotion_gaits_of(const walk_clip *walk, const walk_clip *run);

/* [listing locomotion_job] */
/* The blend as a job over caller-owned data: both clips sampled at the
 * synced times, blended by the weight (chapter 09's pose_blend), and the
 * root's displacement of the frame blended the same way. */
typedef struct locomotion_job {
    const walk_clip *walk, *run; /* over one skeleton */
    locomotion_gaits gaits;
    locomotion_sync_state sync;
    int joint_count;
    int *walk_cursors, *run_cursors; /* [clip track count] each, or NULL */
    transform *walk_pose, *run_pose; /* [joint_count] each: scratch */
} locomotion_job;
/* [/listing] */

/* Sets the job up (phase 0, no allocation: the arrays are the caller's).
 * Fails (one line) when the clips' joint counts differ or the gaits are not
 * run_speed > walk_speed > 0 with positive periods. */
bool locomotion_job_init(locomotion_job *job, const walk_clip *walk, const walk_clip *run, int *walk_cursors,
                         int *run_cursors, transform *walk_pose, transform *run_pose, sa_error *err);

/* One frame at `speed`: locomotion_sync, then pose ([joint_count]) is the
 * blend at the new phase and root_delta the clip-space displacement of the
 * root over the frame (the two clips' root_motion_advance blended by w). */
void locomotion_frame(locomotion_job *job, float speed, double dt, transform *pose, float root_delta[3]);

/* --- the planted feet held in the world (foot_lock.c) ----------------------- */

/* Blending the walk's joint rotations with the run's does not plant the
 * blend's feet: between the two speeds a stance foot slides (0.03 m/s at
 * w = 0.5) and sinks (up to 24 mm), and once the run's shorter stance is
 * over its foot swings forward while the walk's is still down. So the foot
 * is held.
 *
 * The blended stance comes from the clips' events: each foot lands at the
 * phase of its `_down` event (the same in both clips, which the phase sync
 * relies on) and leaves where the blend of the two toe-offs is: after the
 * stance lengths of the two clips averaged by weight times stride,
 *
 *     L(w) = ((1 - w) L_walk S_walk + w L_run S_run) / ((1 - w) S_walk + w S_run)
 *
 * (L: up - down as a fraction of the cycle, S: the stride), the time the
 * blended stride takes to carry the hip from over the blend of the two
 * landings to over the blend of the two toe-offs. A foot is planted from
 * the frame its phase crosses the contact to the frame it reaches L(w) (w
 * of that frame), so a weight that changes in the air never plants it
 * again before the next contact.
 *
 * While planted, the foot keeps the blend's rotation (it rolls as both
 * clips roll it) and the point it stands on is held in the world: the heel
 * where it strikes the ground, then, once the sole is flat (the ball down
 * within FOOT_LOCK_FLAT of the heel's height), the ball where it came down,
 * through the heel-off to the toe-off. The ankle target is the animated
 * ankle moved by what brings the animated point back onto the held one,
 * and the leg is re-solved onto it by the generator's own solve
 * (gait_leg_solve). When the hip would be
 * further from that ankle than FOOT_LOCK_REACH of the leg (a sudden
 * slow-down in mid-stance leaves the hip further ahead than either clip
 * does), the pelvis comes down just enough. After the toe-off that move of
 * the ankle (and any lowering of the pelvis) eases to 0 over
 * FOOT_LOCK_RELEASE of the cycle (smoothstep), so
 * nothing pops. */
#define FOOT_LOCK_RELEASE 0.1f
/* 0.999 of thigh + shin: a knee bent about 5 degrees with thigh and shin
 * alike. The walk's stance knee straightens to 2 (knee_contact): at 0.99
 * (16 degrees) the lock lowered the pelvis at every contact, and the
 * controller's walk had a least knee flexion of 4.7 degrees (the clip's:
 * 2.0); at 0.999 it is 2.1. */
#define FOOT_LOCK_REACH 0.999f
/* metres: the ball this close to the heel's height, the sole is flat */
#define FOOT_LOCK_FLAT 0.0005f

typedef struct foot_lock_foot {
    bool planted;
    double since_contact; /* phase since this foot's contact, 0 .. 1: the frame before */
    int pivot;            /* planted: the point held, 0 the heel, 1 the ball */
    float held[3];        /* planted: where that point is held, in the world */
    double toe_off;       /* since_contact at the toe-off: the release starts there */
    float offset[3];      /* at the toe-off: the ankle's move off the animation, model space */
} foot_lock_foot;

typedef struct foot_lock {
    float down[2];      /* each side's contact, fraction of the cycle (both clips) */
    float stance[2][2]; /* [walk, run][side]: up - down, fraction of the cycle */
    float stride[2];    /* walk, run: metres a cycle */
    bool started;       /* false: the next frame plants the feet in their stance where they are */
    foot_lock_foot foot[2];
    double phase;      /* the phase the frame before */
    float drop;        /* metres the pelvis is lowered this frame */
    float drop_from;   /* the lowering the ease back starts from */
    double drop_since; /* phase since that ease began */
} foot_lock;

/* Reads both clips' foot events. Fails (one line) on a clip without them or
 * when the walk and the run put a contact at different phases. */
bool foot_lock_init(foot_lock *lock, const locomotion_job *job, sa_error *err);

/* The blended stance length L(w) of side, fraction of the cycle. */
float foot_lock_stance(const foot_lock *lock, gait_side side, float weight);

/* One frame of side's blended stance at the job's phase and weight: whether
 * the foot is planted now, given `planted` the frame before. since_contact
 * (the phase since the contact, the frame before) is updated; set it to 1
 * and planted to false for a fresh start (a foot in its stance is then
 * planted at once). */
bool foot_lock_step_stance(const foot_lock *lock, gait_side side, const locomotion_sync_state *sync,
                           double *since_contact, bool planted);

/* After locomotion_frame and the root's move: pose ([joint_count], the
 * blended pose) gets its legs re-solved (and the pelvis lowered where a leg
 * must reach) so that a planted foot stays where it landed;
 * world_from_model places the character (root_world_from_model of the root
 * after this frame's root_delta). model ([joint_count], caller-owned) is the
 * final pose's model matrices on return. No allocation; after a cut or a
 * teleport set lock->started = false. */
void foot_lock_apply(foot_lock *lock, const locomotion_job *job, mat4 world_from_model, transform *pose, mat4 *model);

/* --- --check-walk's speed changes (locomotion_check.c) ---------------------- */

/* [listing locomotion_check_profile] */
/* The desired speed at t seconds of --check-walk's third part (m/s):
 * linear between the knots (seconds, m/s), two knots at one time a sudden
 * change; the walk is 1.14 m/s, the run 2.7:
 *
 *     0     2.7   held, the run the second part ended on
 *     1 - 3       down to 1.14, a ramp of 2 s
 *     3 - 4 1.14  held; at 4 straight to 2.7
 *     4 - 5 2.7   held; at 5 straight to 1.53 (w = 1/4)
 *     5 - 6 1.53  held, then up to 2.31 (w = 3/4) in 0.5 s
 *     6.5   2.31  straight to 1.14, held to 7.5
 *     7.5 - 9.5   up to 2.7, held to 10
 *
 * 19.2 m in the 10 s. */
float locomotion_check_speed(double t);
/* [/listing] */

/* The third part of --check-walk: `seconds` of locomotion_check_speed at
 * `rate` Hz through locomotion_frame and foot_lock_apply, the speed of each
 * frame the profile's at the middle of its step (so the root travels the
 * profile's integral). The root starts at the origin, heading 0; the soles
 * (heel and ball) are measured in the world as walk_check does, a foot
 * counting as planted while the blended stance from both clips' events
 * says so (foot_lock_step_stance, kept by the check itself). Fails (one line) as locomotion_job_init and
 * foot_lock_init do, or on a rate <= 0. */
bool locomotion_check(const walk_clip *walk, const walk_clip *run, double seconds, double rate, walk_check_result *out,
                      sa_error *err);

#endif
