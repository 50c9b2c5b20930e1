/* locomotion_controller.c: idle, walk and run from a desired speed, the
 * wave on top (chapter 10; see locomotion_controller.h). */
#include "locomotion_controller.h"

#include <math.h>
#include <string.h>

locomotion_controller_params locomotion_controller_defaults(void)
{
    return (locomotion_controller_params){.fade_seconds = 0.4,
                                          .curve = FADE_SMOOTHSTEP,
                                          .acceleration = 2.0f,
                                          .max_speed = 6.0f,
                                          .wave_fade_seconds = 0.3};
}

static int event_named(const clip *c, const char *name)
{
    for (int i = 0; i < c->event_count; i++)
        if (strcmp(c->events[i].name, name) == 0)
            return i;
    return -1;
}

/* The crossfade's entry playing `clip`, or -1. */
static int entry_of_clip(const crossfade *fade, int clip)
{
    for (int i = 0; i < fade->count; i++)
        if (fade->entry[i].clip == clip)
            return i;
    return -1;
}

bool locomotion_controller_init(locomotion_controller *ctl, const locomotion_controller_params *params,
                                const walk_clip *walk, const walk_clip *run, const clip *idle, const clip *wave,
                                const float *wave_mask, const locomotion_controller_memory *memory, float initial_speed,
                                sa_error *err)
{
    memset(ctl, 0, sizeof *ctl);
    const locomotion_controller_params *p = params;
    if (!(p->fade_seconds >= 0 && isfinite(p->fade_seconds) && p->wave_fade_seconds >= 0 &&
          isfinite(p->wave_fade_seconds)))
        return sa_error_set(err, "locomotion controller: fade times %g and %g s are not numbers >= 0", p->fade_seconds,
                            p->wave_fade_seconds);
    if (!(p->max_speed > 0 && isfinite(p->max_speed)) || isnan(p->acceleration))
        return sa_error_set(err, "locomotion controller: max_speed %g is not > 0 (or acceleration not a number)",
                            (double)p->max_speed);
    if (!locomotion_job_init(&ctl->move, walk, run, memory->walk_cursors, memory->run_cursors, memory->walk_pose,
                             memory->run_pose, err))
        return false;
    int n = ctl->move.joint_count;
    if (idle->joint_count != n || (wave && wave->joint_count != n))
        return sa_error_set(err, "locomotion controller: the idle (%d joints) or wave clip is not over the gaits' %d",
                            idle->joint_count, n);
    if (wave && !wave_mask)
        return sa_error_set(err, "locomotion controller: a wave clip needs its mask");
    ctl->contact_event[GAIT_LEFT] = event_named(&walk->c, "left_down");
    ctl->contact_event[GAIT_RIGHT] = event_named(&walk->c, "right_down");
    if (ctl->contact_event[GAIT_LEFT] < 0 || ctl->contact_event[GAIT_RIGHT] < 0)
        return sa_error_set(err, "locomotion controller: the walk '%s' has no left_down / right_down event",
                            walk->c.name ? walk->c.name : "");
    if (!foot_lock_init(&ctl->lock, &ctl->move, err)) /* the run's events too */
        return false;
    ctl->params = *p;
    ctl->fade_clips[LOCOMOTION_CLIP_IDLE] = *idle;
    ctl->fade_clips[LOCOMOTION_CLIP_WALK] = walk->c;
    ctl->wave = wave;
    ctl->wave_mask = wave_mask;
    if (wave)
        clip_clock_init(&ctl->wave_clock, wave->duration, true);
    ctl->idle_cursors = memory->idle_cursors;
    ctl->wave_cursors = memory->wave_cursors;
    ctl->move_pose = memory->move_pose;
    ctl->model = memory->model;
    if (initial_speed > 0) { /* already walking, from its left contact */
        crossfade_start(&ctl->fade, ctl->fade_clips, LOCOMOTION_CLIP_WALK, true);
        ctl->state = LOCOMOTION_MOVING;
        ctl->speed = fminf(initial_speed, p->max_speed);
        ctl->start_contact = true;
    } else {
        crossfade_start(&ctl->fade, ctl->fade_clips, LOCOMOTION_CLIP_IDLE, true);
        ctl->state = LOCOMOTION_IDLE;
    }
    return true;
}

void locomotion_controller_set_wave(locomotion_controller *ctl, bool on)
{
    if (on && ctl->wave && !(ctl->wave_weight > 0)) /* from the start of the wave, not where it was left */
        clip_clock_init(&ctl->wave_clock, ctl->wave->duration, true);
    ctl->wave_on = on && ctl->wave;
}

float locomotion_controller_moving_weight(const locomotion_controller *ctl)
{
    int walk = entry_of_clip(&ctl->fade, LOCOMOTION_CLIP_WALK);
    return walk >= 0 ? ctl->fade.entry[walk].weight : 0.0f;
}

/* [listing locomotion_controller_gait] */
/* The desired speed decides where the controller goes; contacts decide when. */
static void follow_the_speed(locomotion_controller *ctl, float want, double dt)
{
    bool go = want > 0;
    switch (ctl->state) {
    case LOCOMOTION_IDLE:
        if (go) { /* the walk starts at its left contact: phase 0, its clock at 0 */
            crossfade_switch(&ctl->fade, ctl->fade_clips, 2, LOCOMOTION_CLIP_WALK, true, ctl->params.fade_seconds,
                             ctl->params.curve, false, NULL);
            ctl->move.sync = (locomotion_sync_state){0};
            ctl->speed = want;
            ctl->start_contact = true;
            ctl->state = LOCOMOTION_MOVING;
        }
        return;
    case LOCOMOTION_SETTLING:
        if (!go)
            return;
        /* the walk still plays under the fade: back to it from where it is */
        crossfade_switch(&ctl->fade, ctl->fade_clips, 2, LOCOMOTION_CLIP_WALK, true, ctl->params.fade_seconds,
                         ctl->params.curve, false, NULL);
        ctl->state = LOCOMOTION_MOVING;
        break;
    case LOCOMOTION_STOPPING:
        if (go)
            ctl->state = LOCOMOTION_MOVING;
        break;
    case LOCOMOTION_MOVING:
        if (!go) /* the speed is held: a frozen phase would never reach a contact */
            ctl->state = LOCOMOTION_STOPPING;
        break;
    }
    if (ctl->state == LOCOMOTION_MOVING) { /* towards the desired speed at the acceleration */
        float a = ctl->params.acceleration, most = a * (float)dt, change = want - ctl->speed;
        ctl->speed = a > 0 ? ctl->speed + fmaxf(-most, fminf(most, change)) : want;
    }
}
/* [/listing] */

/* [listing locomotion_controller_advance] */
void locomotion_controller_advance(locomotion_controller *ctl, float desired_speed, double dt, locomotion_step *step)
{
    *step = (locomotion_step){{0, 0, 0}, {false, false}};
    /* dt clamped as the clocks clamp it; a speed <= 0 or NaN is a stop */
    dt = dt > 0 ? fmin(dt, CLIP_CLOCK_MAX_STEP) : 0;
    float want = desired_speed > 0 ? fminf(desired_speed, ctl->params.max_speed) : 0;
    follow_the_speed(ctl, want, dt);

    /* Walk and run on their phase (ex10.2), and the walk's clock in the
     * crossfade kept on that phase, so that its events are the contacts. */
    float move_delta[3] = {0, 0, 0};
    int walk = entry_of_clip(&ctl->fade, LOCOMOTION_CLIP_WALK); /* playing unless idle */
    if (ctl->state != LOCOMOTION_IDLE && walk >= 0) {
        locomotion_frame(&ctl->move, ctl->speed, dt, ctl->move_pose, move_delta);
        ctl->fade.entry[walk].speed = ctl->move.sync.phase_rate * ctl->move.gaits.walk_period;
    }
    crossfade_sync_speeds(&ctl->fade);
    fade_event fired[8];
    int n = crossfade_advance(&ctl->fade, dt, ctl->fade_clips, fired, 8);
    for (int i = 0; i < n && i < 8; i++)
        for (int side = 0; side < 2; side++)
            if (fired[i].clip == LOCOMOTION_CLIP_WALK && fired[i].event == ctl->contact_event[side])
                step->contact[side] = true;
    if (ctl->start_contact)
        step->contact[GAIT_LEFT] = true, ctl->start_contact = false;
    if ((walk = entry_of_clip(&ctl->fade, LOCOMOTION_CLIP_WALK)) >= 0)
        ctl->fade.entry[walk].clock.time = ctl->move.sync.walk_time; /* the same instant, without rounding drift */
    /* [/listing] */

    /* [listing locomotion_controller_stop] */
    /* A stop fades from the contact; the fade over, the controller is idle. */
    if (ctl->state == LOCOMOTION_STOPPING && (step->contact[GAIT_LEFT] || step->contact[GAIT_RIGHT])) {
        crossfade_switch(&ctl->fade, ctl->fade_clips, 2, LOCOMOTION_CLIP_IDLE, true, ctl->params.fade_seconds,
                         ctl->params.curve, false, NULL);
        ctl->state = LOCOMOTION_SETTLING;
    } else if (ctl->state == LOCOMOTION_SETTLING && walk < 0) {
        ctl->state = LOCOMOTION_IDLE, ctl->speed = 0;
    }
    float w = walk >= 0 ? ctl->fade.entry[walk].weight : 0.0f;
    for (int i = 0; i < 3; i++) /* the root moves as much as the walk weighs */
        step->root_delta[i] = w * move_delta[i];
    if (ctl->wave) { /* the layer's weight and clock */
        float rate = ctl->params.wave_fade_seconds > 0 ? (float)(dt / ctl->params.wave_fade_seconds) : 1.0f;
        ctl->wave_weight += fmaxf(-rate, fminf(rate, (ctl->wave_on ? 1.0f : 0.0f) - ctl->wave_weight));
        clip_clock_advance(&ctl->wave_clock, dt, NULL, 0, NULL, 0);
    }
}
/* [/listing] */

/* [listing locomotion_controller_pose] */
void locomotion_controller_pose(locomotion_controller *ctl, mat4 world_from_model, transform *pose)
{
    /* The planted feet held where they landed (foot_lock.c), on the
     * walk / run pose; while idle there is nothing to hold. */
    if (ctl->state == LOCOMOTION_IDLE)
        ctl->lock.started = false; /* a start plants the feet afresh */
    else if (world_from_model && ctl->model)
        foot_lock_apply(&ctl->lock, &ctl->move, world_from_model, ctl->move_pose, ctl->model);
    /* The fade as chapter 09 blends it. */
    int walk = entry_of_clip(&ctl->fade, LOCOMOTION_CLIP_WALK), idle = entry_of_clip(&ctl->fade, LOCOMOTION_CLIP_IDLE);
    float w = walk >= 0 ? ctl->fade.entry[walk].weight : 0.0f;
    int joints = ctl->move.joint_count;
    if (w < 1 && idle >= 0) {
        clip_sample(&ctl->fade_clips[LOCOMOTION_CLIP_IDLE], (float)ctl->fade.entry[idle].clock.time, ctl->idle_cursors,
                    pose);
        if (w > 0)
            pose_blend(joints, pose, ctl->move_pose, w, NULL, pose);
    } else {
        memcpy(pose, ctl->move_pose, (size_t)joints * sizeof *pose);
    }

    /* The wave: chapter 09's layer, the mask keeping it above the spine. */
    if (ctl->wave && ctl->wave_weight > 0) {
        clip_sample(ctl->wave, (float)ctl->wave_clock.time, ctl->wave_cursors, ctl->move_pose);
        pose_blend(joints, pose, ctl->move_pose, ctl->wave_weight, ctl->wave_mask, pose);
    }
}
/* [/listing] */
