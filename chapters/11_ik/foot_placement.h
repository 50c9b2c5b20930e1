/* foot_placement.h: the feet put on uneven ground after forward kinematics
 * (chapter 11).
 *
 * A stage between chapter 10's sampled walk and chapter 04's local-to-model:
 *
 *     sample -> foot placement (pelvis down, two-bone IK per leg, feet flat) -> local_to_model
 *
 * It builds on stage_ik's two-bone job and on the stairs' height query, and
 * lives in its own library (stage_feet) so that stage_ik needs nothing but
 * the skeleton. What it is given per foot is a world-space target for the
 * ankle and a world-space rotation for the foot; where those come from (the
 * step under the foot, the lock of a planted foot, the swing over the step
 * edges, the stance weight of exercise ex11.3) is foot_plan_* below.
 */
#ifndef CH11_FOOT_PLACEMENT_H
#define CH11_FOOT_PLACEMENT_H

#include "ik.h"
#include "stairs.h"

/* One leg: its joints and its sole. */
typedef struct foot_leg {
    int thigh, shin, foot; /* hip, knee, ankle: a parent chain */
    vec3 heel_in_foot;     /* the sole under the ankle, in the foot joint's frame */
    vec3 ball_in_foot;     /* the sole under the toes joint */
    float toe_reach;       /* metres past the ball the toes reach */
    float heel_back;       /* metres behind the heel point the heel reaches */
    float ankle_height;    /* the ankle over the sole of a level foot, metres */
} foot_leg;

/* [listing foot_placement_job] */
typedef struct foot_placement_job {
    const skeleton *skeleton;
    transform *local;        /* [joint_count], in and out: the pelvis's translation, each leg's rotations */
    mat4 *model_from_joint;  /* [joint_count], scratch */
    int pelvis;              /* a root joint: lowering it lowers both hips */
    const foot_leg *legs;    /* [2], left then right */
    mat4 world_from_model;   /* the character's root this frame */
    vec3 ankle_target[2];    /* world: where each ankle goes */
    versor foot_rotation[2]; /* world: how each foot is turned (rolling on its step, or swinging) */
    vec3 pole[2];            /* world directions: the side each knee bends to (in front of it) */
    float ground[2];         /* world heights: the step each foot stands on, or is on its way to */
    float reach;             /* a hip at most this fraction of thigh + shin from its ankle target, in (0, 1) */
    float leg_reach[2];      /* each leg's own, in (0, reach]; 0: reach (a swinging leg kept more bent) */
    /* Outputs (each may be NULL). */
    float *pelvis_offset; /* metres the pelvis came down (<= 0) */
    vec3 *knee;           /* [2], world: the knees after the solve */
    float *ankle_error;   /* [2]: metres from each solved ankle to its target */
} foot_placement_job;
/* [/listing] */

/* Lowers the pelvis by as much as the lower foot's ground is under the
 * clip's ground (the root's height), and further if a hip is still out of
 * reach of its ankle's target (each eased in over a few centimetres, so
 * that the pelvis never starts down with a jump in its speed); then solves each
 * leg with ik_two_bone_run toward its target (pole in front of the knee),
 * then turns each foot joint to its world rotation. Fails (one line, the
 * pose unchanged) on joints that are not two leg chains under a root
 * pelvis, a target or rotation that is not finite, a zero pole or a reach
 * outside (0, 1). */
bool foot_placement_run(const foot_placement_job *job, sa_error *err);

/* Exercise ex11.3 (ik_stance_weight.c): the stance weight of one foot at
 * clip time t of a looping clip of `duration` (> 0) seconds whose foot
 * plants at time `down` and lifts at time `up` (both in [0, duration),
 * different). The stance runs from down to up, across the wrap when
 * up < down. Returns
 *   1 through the stance, down and up included;
 *   over the swing, with smoothstep s(x) = 3x^2 - 2x^3: 1 - s(a / f) at
 *   the time a after up while a < f (falling to 0), 1 - s(b / f) at the
 *   time b before down while b < f (rising to 1 at down), 0 in between;
 *   f = fade (> 0), or half the swing when the swing lasts less than
 *   2 fade (the two ramps then meet at its middle);
 * t outside [0, duration) is wrapped into it first. */
float ik_stance_weight(float t, float duration, float down, float up, float fade);

/* The support height under a foot: the highest ground under its
 * footprint, from the back of the heel to the tip of the toes (a foot whose
 * toes reach over a higher step stands on that step, it does not sink into
 * it). heel, ball: its sole points in world space. */
float foot_support_height(const stairs_geometry *g, const foot_leg *leg, const float heel[3], const float ball[3]);

/* [listing foot_swing] */
/* The height of one swing over the steps, planned at toe-off: from `lift`
 * (the support height it leaves) up to `step` by progress step_end, on up
 * to `top` by rise_end (each with smoothstep), then from fall_start down to
 * `land` (the one it lands on), slowing as it gets there: continuous, zero
 * vertical speed at both ends. Going up two steps, `step` clears the one in
 * between and the foot rises to the top one only as it gets there;
 * otherwise step is top and step_end rise_end (one rise). */
typedef struct foot_swing {
    float lift, land, top, step;
    float step_end, rise_end, fall_start; /* progress of the swing, 0 at toe-off .. 1 at contact */
} foot_swing;
/* [/listing] */

#define FOOT_SWING_SAMPLES 33

/* Where the swinging foot is at one of the swing's samples (world): its
 * heel, the way it faces (horizontal, unit), how far ahead of the heel its
 * ball is, horizontally (less than heel to ball while it is pitched), how
 * much higher than the heel the ball is (> 0 toes up, < 0 heel up), and the
 * toes' tip than the ball (a swinging foot's toes are not bent flat). */
typedef struct foot_print {
    vec3 heel;
    vec3 forward;
    float ball_length;
    float rise;
    float toe_rise; /* how much higher than the ball the toes' tip is (0: the toes flat, < 0 pointing down) */
} foot_print;

/* Plans a swing over the footprints prints[k] at swing progress
 * k / (FOOT_SWING_SAMPLES - 1) (FOOT_SWING_SAMPLES of them: the first at
 * the toe-off, the last at the contact), its sole clearing the highest
 * step under each on the way by `clearance` (no clearance on the flat:
 * lift, land and every step passed over at one height), and rising and
 * falling as slowly as the steps allow (a foot going up must be over the
 * riser before its toes reach it; going down, it stays up until its heel
 * is past the edge). */
void foot_swing_plan(foot_swing *sw, const stairs_geometry *g, const foot_leg *leg, const foot_print *prints,
                     float lift, float land, float clearance);

/* The sole's height at swing progress u (0..1). */
float foot_swing_height(const foot_swing *sw, float u);

#endif
