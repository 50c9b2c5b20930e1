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

#endif
