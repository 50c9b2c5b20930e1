/* stairs_walk.c: the chapter's walk up and down the stairs (see
 * stairs_walk.h): the gait, the path laid out on the steps, the clock and
 * the root, and the feet planned for the foot placement stage. */
#include "stairs_walk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define STAIRS_PI 3.14159265358979323846f

/* The stairs gait: chapter 10's walk with a stride of two treads (each foot
 * goes from step k to step k + 2), a little slower. */
static gait_params stairs_gait(const stairs_geometry *g)
{
    gait_params p = gait_walk();
    p.stride_length = 2 * g->run;
    p.cadence = 1.6f;
    return p;
}

/* --- the path ----------------------------------------------------------------- */

/* [listing stairs_path_at] */
/* The root at `distance` along the path: up at x = -r, half a circle of
 * radius r about (0, turn_z) turning left, down at x = +r; its height the
 * stairs' slope (the line through the middles of the treads), so that the
 * clip's flat-ground feet ride up and down the flight with it. */
static void path_at(const stairs_walk *w, double distance, float position[3], float *heading)
{
    const stairs_path *p = &w->path;
    float r = p->turn_radius, up = p->turn_z - p->start_z, arc = STAIRS_PI * r;
    float s = (float)distance;
    if (s < up) {
        position[0] = -r;
        position[2] = p->start_z + s;
        *heading = 0;
    } else if (s < up + arc) {
        float h = (s - up) / r; /* heading 0 -> pi: facing +Z, +X, then -Z */
        position[0] = -r * cosf(h);
        position[2] = p->turn_z + r * sinf(h);
        *heading = h;
    } else {
        position[0] = r;
        position[2] = p->turn_z - (s - up - arc);
        *heading = STAIRS_PI;
    }
    const stairs_geometry *g = &w->stairs;
    float slope = g->rise * ((position[2] - g->start_z) / g->run + 0.5f);
    position[1] = glm_clamp(slope, 0.0f, stairs_top(g));
}
/* [/listing] */

/* [listing stairs_path_layout] */
/* The path is placed so that every foot lands in the middle of a tread. The
 * gait's left heel is `ahead` in front of the root at its contact, the
 * contacts come one tread of travel apart, and the foot (heel to toe tip)
 * is `foot` long: going up, a heel belongs `margin` = (run - foot) / 2 past
 * a step's front; going down (the toes toward -Z) run - margin past it.
 * Going up fixes where the path starts (modulo one run); coming down, after
 * the half circle of length pi r, fixes where the turn is (modulo half a
 * run): 2 turn_z = 2 start_z - pi r (mod run) whatever `ahead` and
 * `margin` are. The turn is the last such place that fits on the landing. */
static bool path_layout(stairs_walk *w, float ahead, float foot, float hip_width, sa_error *err)
{
    const stairs_geometry *g = &w->stairs;
    stairs_path *p = &w->path;
    float margin = (g->run - foot) / 2;
    if (!(margin > 0))
        return sa_error_set(err, "stairs walk: the foot (%g m) does not fit on a tread of %g m", (double)foot,
                            (double)g->run);
    p->turn_radius = g->width / 2 - hip_width - 0.1f;
    if (!(p->turn_radius >= 0.2f))
        return sa_error_set(err, "stairs walk: the stairs (%g m wide) are too narrow to turn on", (double)g->width);
    /* about a metre of floor before the first step */
    float first_heel = g->start_z + margin;
    int before = (int)ceilf((1.0f + ahead) / g->run);
    p->start_z = first_heel - ahead - (float)before * g->run;
    /* the turn: its far side, the outer foot and its toes on the landing */
    float base = g->start_z - STAIRS_PI * p->turn_radius / 2, half = g->run / 2;
    float last = stairs_landing_end(g) - p->turn_radius - hip_width - foot - 0.02f;
    p->turn_z = base + floorf((last - base) / half) * half;
    if (!(p->turn_z - ahead >= stairs_landing_start(g)))
        return sa_error_set(err, "stairs walk: the landing (%g m deep) is too small to turn on",
                            (double)g->landing_depth);
    p->length = 2 * (p->turn_z - p->start_z) + STAIRS_PI * p->turn_radius;
    return true;
}
/* [/listing] */

/* --- set-up --------------------------------------------------------------------- */

static const char *const event_names[2][2] = {{"left_down", "left_up"}, {"right_down", "right_up"}};

static int find_event(const clip *c, const char *name)
{
    for (int e = 0; e < c->event_count; e++)
        if (strcmp(c->events[e].name, name) == 0)
            return e;
    return -1;
}

void stairs_walk_free(stairs_walk *w)
{
    walk_clip_free(&w->walk);
    free(w->cursors);
    free(w->scratch_pose);
    free(w->model_from_joint);
    free(w->scratch_cursors);
    memset(w, 0, sizeof *w);
}

bool stairs_walk_init(stairs_walk *w, const skeleton *s, const stairs_geometry *g, sa_error *err)
{
    memset(w, 0, sizeof *w);
    w->skeleton = s;
    w->stairs = *g;
    w->ik_enabled = true;
    if (!(g->step_count >= 1 && g->rise > 0 && g->run > 0 && g->width > 0 && g->landing_depth > 0))
        return sa_error_set(err, "stairs walk: the stairs need at least one step and a rise, run, width and landing "
                                 "above 0");
    gait_params p = stairs_gait(g);
    if (!walk_clip_make(s, &p, "stairs_walk", &w->walk, err))
        return false;
    int n = s->joint_count;
    w->cursors = calloc((size_t)w->walk.c.track_count + 1, sizeof *w->cursors);
    w->scratch_cursors = calloc((size_t)w->walk.c.track_count + 1, sizeof *w->scratch_cursors);
    w->scratch_pose = malloc((size_t)n * sizeof *w->scratch_pose);
    w->model_from_joint = malloc((size_t)n * sizeof *w->model_from_joint);
    if (!w->cursors || !w->scratch_cursors || !w->scratch_pose || !w->model_from_joint) {
        stairs_walk_free(w);
        return sa_error_set(err, "stairs walk: out of memory");
    }
    const gait *gt = &w->walk.g;
    w->pelvis = gt->hips;
    /* The legs, measured on the clip's first pose (the left contact). */
    clip_sample(&w->walk.c, 0.0f, w->scratch_cursors, w->scratch_pose);
    skeleton_local_to_model(s, w->scratch_pose, w->model_from_joint);
    float ahead = 0, foot = 0, hip_width = 0;
    for (int side = 0; side < 2; side++) {
        stairs_foot *f = &w->feet[side];
        const gait_leg *gl = &gt->leg[side];
        f->leg.thigh = gl->thigh;
        f->leg.shin = gl->shin;
        f->leg.foot = gl->foot;
        f->leg.thigh_length = gl->thigh_length;
        f->leg.shin_length = gl->shin_length;
        glm_vec3_copy((float *)gl->heel_in_foot, f->leg.heel_in_foot);
        glm_vec3_copy((float *)gl->ball_in_foot, f->leg.ball_in_foot);
        f->leg.toe_reach = 0.5f * glm_vec3_distance(f->leg.heel_in_foot, f->leg.ball_in_foot);
        f->down_event = find_event(&w->walk.c, event_names[side][0]);
        f->up_event = find_event(&w->walk.c, event_names[side][1]);
        f->down_time = w->walk.c.events[f->down_event].time;
        f->up_time = w->walk.c.events[f->up_event].time;
        float heel[3], ball[3];
        gait_sole_points(gt, (gait_side)side, w->model_from_joint[gl->foot], heel, ball);
        if (side == GAIT_LEFT)
            ahead = heel[2];
        foot = fmaxf(foot, ball[2] - heel[2] + f->leg.toe_reach);
        hip_width = fmaxf(hip_width, fabsf(w->model_from_joint[gl->thigh][3][0]));
    }
    if (!path_layout(w, ahead, foot, hip_width, err)) {
        stairs_walk_free(w);
        return false;
    }
    stairs_walk_reset(w);
    return true;
}

/* --- the feet's plan ------------------------------------------------------------ */

/* Whether `side` is planted at clip time t (its stance from down to up,
 * across the wrap when up < down). */
static bool planted_at(const stairs_foot *f, double t)
{
    return f->down_time <= f->up_time ? t >= f->down_time && t < f->up_time : t >= f->down_time || t < f->up_time;
}

void stairs_walk_reset(stairs_walk *w)
{
    clip_clock_init(&w->clock, w->walk.c.duration, true);
    memset(w->cursors, 0, (size_t)w->walk.c.track_count * sizeof *w->cursors);
    w->distance = 0;
    path_at(w, 0, w->position, &w->heading);
    root_world_from_model(w->position, w->heading, w->world_from_model);
    for (int side = 0; side < 2; side++) {
        w->feet[side].planted = planted_at(&w->feet[side], 0);
        memset(&w->foot[side], 0, sizeof w->foot[side]);
        w->foot[side].planted = w->feet[side].planted;
    }
    w->pelvis_offset = 0;
}

/* --- one frame -------------------------------------------------------------------- */

/* [listing stairs_walk_step] */
void stairs_walk_step(stairs_walk *w, double dt, transform *pose)
{
    /* the clock (chapter 08), the feet's contact events on the way */
    double before = w->clock.time;
    int fired[16];
    int crossed = clip_clock_advance(&w->clock, dt, w->walk.c.events, w->walk.c.event_count, fired, 16);
    for (int e = 0; e < crossed && e < 16; e++)
        for (int side = 0; side < 2; side++) {
            if (fired[e] == w->feet[side].down_event)
                w->feet[side].planted = true;
            if (fired[e] == w->feet[side].up_event)
                w->feet[side].planted = false;
        }
    /* root motion (chapter 10): the clip's travel, forward along the path */
    float travel[3];
    root_motion_advance(&w->walk.rm, before, dt * w->clock.speed, travel);
    w->distance += travel[2];
    path_at(w, w->distance, w->position, &w->heading);
    root_world_from_model(w->position, w->heading, w->world_from_model);
    /* the pose: FK as the clip has it */
    clip_sample(&w->walk.c, (float)w->clock.time, w->cursors, pose);
    for (int side = 0; side < 2; side++)
        w->foot[side].planted = w->feet[side].planted;
}
/* [/listing] */

double stairs_walk_duration(const stairs_walk *w)
{
    double speed = w->walk.rm.loop_offset[2] / w->walk.rm.duration;
    return w->path.length / speed;
}
