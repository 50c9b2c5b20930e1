/* stairs_walk.c: the chapter's walk up and down the stairs (see
 * stairs_walk.h): the gait, the path laid out on the steps, the clock and
 * the root, and the feet planned for the foot placement stage. */
#include "stairs_walk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define STAIRS_PI 3.14159265358979323846f

/* [listing stairs_walk_tuning] */
#define STANCE_FADE 0.15f      /* seconds: the stance weight's ramps at toe-off and before contact (ex11.3) */
#define SWING_CLEARANCE 0.015f /* metres a swinging sole clears the higher of the two steps it goes between */

#define TOE_GAP 0.05f    /* metres the toe tips keep from the riser a foot going up stands before */
#define HOLD_ACROSS 0.3f /* of the swing's way across, the foot has taken the clip's turn (hold_toe_off) */
#define DOWN_REACH 0.7f  /* of its time, a foot going down is over where it lands (swing_progress) */
#define SWING_BEND 0.04f /* a swinging leg's reach this much less than LEG_REACH (its knee 25 degrees at most) */
#define LEG_REACH                                                                                                      \
    0.997f /* a hip at most this fraction of the leg's length from its ankle's target (knee 9 degrees)                 \
            */
/* [/listing] */
/* metres: the clip's ball this close to its heel's height, the sole is flat
 * (the clip's keys put it exactly flat from the foot-flat key on) */
#define FLAT 1e-5f

/* The stairs gait: chapter 10's walk with a stride of two treads (each foot
 * goes from step k to step k + 2), a little slower. */
static gait_params stairs_gait(const stairs_geometry *g)
{
    gait_params p = gait_walk();
    p.stride_length = 2 * g->run;
    p.cadence = 1.3f;
    /* the thigh swings forward only as far as the short step lands it: a
     * walk's 30 degrees would carry the foot past its tread and back */
    p.hip_swing_peak = 0;
    /* the foot is put down flat on a step, not on its heel: going up, the
     * heel overhangs the nosing (the tread is shorter than the foot), and a
     * heel struck there would be struck on nothing */
    p.heel_strike_pitch = 0;
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
/* The path is placed so that every foot lands on a tread. The gait's left
 * heel is `ahead` in front of the root at its contact, and the contacts
 * come one tread of travel apart. A heel belongs `up` past a step's front
 * going up, `down` past it going down (foot_layout). Going up fixes where
 * the path starts (modulo one run); coming down, after the half circle of
 * length pi r, fixes where the turn is (modulo half a run):
 * 2 turn_z = 2 start_z + up + down - pi r (mod run), whatever `ahead` is.
 * The turn is the last such place where the outer foot still fits on the
 * landing. */
static bool path_layout(stairs_walk *w, float ahead, float up, float down, float hip_width, float toes, sa_error *err)
{
    const stairs_geometry *g = &w->stairs;
    stairs_path *p = &w->path;
    p->turn_radius = g->width / 2 - hip_width - 0.1f;
    if (!(p->turn_radius >= 0.2f))
        return sa_error_set(err, "stairs walk: the stairs (%g m wide) are too narrow to turn on", (double)g->width);
    /* about a metre of floor before the first step */
    int before = (int)ceilf((1.0f + ahead) / g->run);
    p->start_z = g->start_z + up - ahead - (float)before * g->run;
    float base = g->start_z + (up + down - STAIRS_PI * p->turn_radius) / 2, half = g->run / 2;
    float last = stairs_landing_end(g) - p->turn_radius - hip_width - toes - 0.02f;
    p->turn_z = base + floorf((last - base) / half) * half;
    if (!(p->turn_z - ahead >= stairs_landing_start(g)))
        return sa_error_set(err, "stairs walk: the landing (%g m deep) is too small to turn on",
                            (double)g->landing_depth);
    p->length = 2 * (p->turn_z - p->start_z) + STAIRS_PI * p->turn_radius;
    return true;
}
/* [/listing] */

/* [listing foot_layout] */
/* Where a heel goes on a tread, from the step's front edge. Going up, the
 * toes must not reach the riser behind the tread: the heel point and the
 * toe tips keep the same gap to the two edges, the toe tips at least
 * TOE_GAP (the top of the toes sweeps forward as the heel rises about the
 * ball); a foot longer than that overhangs the front edge with its heel, as
 * a person's does going up stairs (it is put down flat, the ball carrying
 * it). Going down (the toes toward the front edge, which they may
 * overhang) the back of the heel must not reach the riser and the ball must
 * be on the tread: half way between. The humanoid's mesh foot (0.33 m from
 * the back of the heel to the toe tips) is longer than a tread (0.28 m). */
static bool foot_layout(const stairs_geometry *g, const foot_leg *leg, float *up, float *down, sa_error *err)
{
    float ball = glm_vec3_distance((float *)leg->heel_in_foot, (float *)leg->ball_in_foot);
    float spare = g->run - ball - leg->toe_reach;
    *up = fminf(spare / 2, spare - TOE_GAP);
    *down = (ball + g->run - leg->heel_back) / 2;
    if (!(*up + ball > 0.02f) || !(ball + leg->heel_back < g->run))
        return sa_error_set(err, "stairs walk: the foot (%g m heel to ball) does not fit on a tread of %g m",
                            (double)ball, (double)g->run);
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
    return stairs_walk_init_soles(w, s, NULL, g, err);
}

float stairs_walk_heel_strike_pitch(const stairs_geometry *g)
{
    return stairs_gait(g).heel_strike_pitch;
}

/* The toes' tip, toe_reach past the toes joint on the sole in the rest
 * pose (model space, `rest`), into the toes joint's frame (the foot's
 * without toes), where the swing finds it as the clip bends the toes. */
static void toe_tip(const gait_leg *gl, mat4 *rest, stairs_foot *f)
{
    f->toes = gl->toes;
    int joint = gl->toes >= 0 ? gl->toes : gl->foot;
    vec3 tip = {rest[joint][3][0], gl->ankle_rest[1] + gl->ball_offset[1], rest[joint][3][2] + gl->toe_reach};
    if (gl->toes < 0)
        tip[2] = gl->ankle_rest[2] + gl->ball_offset[2] + gl->toe_reach;
    mat4 from_model;
    glm_mat4_inv(rest[joint], from_model);
    glm_mat4_mulv3(from_model, tip, 1, f->tip);
}

bool stairs_walk_init_soles(stairs_walk *w, const skeleton *s, const gait_soles *soles, const stairs_geometry *g,
                            sa_error *err)
{
    memset(w, 0, sizeof *w);
    w->skeleton = s;
    w->stairs = *g;
    w->ik_enabled = true;
    if (!(g->step_count >= 1 && g->rise > 0 && g->run > 0 && g->width > 0 && g->landing_depth > 0))
        return sa_error_set(err, "stairs walk: the stairs need at least one step and a rise, run, width and landing "
                                 "above 0");
    gait_params p = stairs_gait(g);
    if (!walk_clip_make_soles(s, soles, &p, "stairs_walk", &w->walk, err))
        return false;
    /* the root must move forward along the path: the clip's root motion */
    if (!(w->walk.rm.loop_offset[2] > 0)) {
        walk_clip_free(&w->walk);
        return sa_error_set(err,
                            "stairs walk: the walk's root motion does not carry the root forward (one loop "
                            "moves it %g m along +Z)",
                            (double)w->walk.rm.loop_offset[2]);
    }
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
    mat4 *rest = malloc((size_t)n * sizeof *rest);
    if (!rest) {
        stairs_walk_free(w);
        return sa_error_set(err, "stairs walk: out of memory");
    }
    skeleton_local_to_model(s, s->rest_local, rest);
    clip_sample(&w->walk.c, 0.0f, w->scratch_cursors, w->scratch_pose);
    skeleton_local_to_model(s, w->scratch_pose, w->model_from_joint);
    float ahead = 0, toes = 0, hip_width = 0;
    for (int side = 0; side < 2; side++) {
        stairs_foot *f = &w->feet[side];
        const gait_leg *gl = &gt->leg[side];
        f->leg.thigh = gl->thigh;
        f->leg.shin = gl->shin;
        f->leg.foot = gl->foot;
        f->leg.ankle_height = gl->ankle_rest[1];
        glm_vec3_copy((float *)gl->heel_in_foot, f->leg.heel_in_foot);
        glm_vec3_copy((float *)gl->ball_in_foot, f->leg.ball_in_foot);
        /* the toes reach as chapter 10 has them past the toes joint (the
         * mesh's tip, or three quarters of heel-to-ball), the ball being
         * ball_ahead past the joint; the heel reaches behind its pivot as
         * far as the mesh's heel does, or, without a mesh, 0.4 of
         * heel-to-ball (the humanoid's: 5 cm at the sole, 10 at the ankle's
         * height) */
        f->leg.toe_reach = gl->toe_reach - gl->ball_ahead;
        f->leg.heel_back = gl->heel_back > 0 ? gl->heel_back
                                             : 0.4f * glm_vec3_distance(f->leg.heel_in_foot, f->leg.ball_in_foot);
        toe_tip(gl, rest, f);
        f->down_event = find_event(&w->walk.c, event_names[side][0]);
        f->up_event = find_event(&w->walk.c, event_names[side][1]);
        f->down_time = w->walk.c.events[f->down_event].time;
        f->up_time = w->walk.c.events[f->up_event].time;
        float heel[3], ball[3];
        gait_sole_points(gt, (gait_side)side, w->model_from_joint[gl->foot], heel, ball);
        if (side == GAIT_LEFT)
            ahead = heel[2];
        toes = fmaxf(toes, ball[2] - heel[2] + f->leg.toe_reach);
        hip_width = fmaxf(hip_width, fabsf(w->model_from_joint[gl->thigh][3][0]));
    }
    free(rest);
    float up, down;
    if (!foot_layout(g, &w->feet[0].leg, &up, &down, err) || !path_layout(w, ahead, up, down, hip_width, toes, err)) {
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

/* Clip seconds from `from` forward to `to`, through the wrap. */
static double ahead_of(double from, double to, double duration)
{
    double d = to - from;
    return d < 0 ? d + duration : d;
}

/* A foot as the clip has it, in the world. */
typedef struct foot_world {
    vec3 ankle, heel, ball, forward; /* forward: heel to ball, horizontal, unit */
    versor rotation;
} foot_world;

static void foot_in_world(const stairs_foot *f, mat4 world_from_model, mat4 *model_from_joint, foot_world *out)
{
    mat4 world_from_foot;
    glm_mat4_mul(world_from_model, model_from_joint[f->leg.foot], world_from_foot);
    glm_vec3_copy(world_from_foot[3], out->ankle);
    glm_mat4_mulv3(world_from_foot, (float *)f->leg.heel_in_foot, 1, out->heel);
    glm_mat4_mulv3(world_from_foot, (float *)f->leg.ball_in_foot, 1, out->ball);
    glm_vec3_sub(out->ball, out->heel, out->forward);
    out->forward[1] = 0;
    glm_vec3_normalize(out->forward);
    mat3 r;
    glm_mat4_pick3(world_from_foot, r);
    glm_mat3_quat(r, out->rotation);
    glm_quat_normalize(out->rotation);
}

/* [listing foot_on_ground] */
/* The foot as the clip has it, put on the ground under it: the same x z
 * and rotation, moved up or down so that its lowest sole point (the heel
 * at a heel strike, the ball at a toe-off) stands on the support height
 * (foot_support_height: the highest step under the footprint). */
static float foot_on_ground(const stairs_walk *w, const stairs_foot *f, const foot_world *fw, vec3 ankle)
{
    float support = foot_support_height(&w->stairs, &f->leg, fw->heel, fw->ball);
    glm_vec3_copy((float *)fw->ankle, ankle);
    ankle[1] += support - w->sink - fminf(fw->heel[1], fw->ball[1]);
    return support;
}
/* [/listing] */

/* The rotation part of a matrix, as a unit quaternion. */
static void rotation_of(mat4 m, versor q)
{
    mat3 r;
    glm_mat4_pick3(m, r);
    glm_mat3_quat(r, q);
    glm_quat_normalize(q);
}

/* The point a planted foot stands on (0 the heel, 1 the ball) where the
 * ankle is at `ankle`, the foot turned by `rotation`. */
static void sole_point_at(const stairs_foot *f, int pivot, const float ankle[3], const versor rotation, vec3 out)
{
    glm_quat_rotatev((float *)rotation, pivot ? (float *)f->leg.ball_in_foot : (float *)f->leg.heel_in_foot, out);
    glm_vec3_add(out, (float *)ankle, out);
}

/* The toes' tip where the ankle is at `ankle`, the foot turned by
 * `rotation`, the toes bent on the foot as the clip (model_from_joint)
 * bends them. */
static void toe_tip_at(const stairs_foot *f, mat4 *model_from_joint, const float ankle[3], const versor rotation,
                       vec3 out)
{
    vec3 in_foot;
    if (f->toes >= 0) {
        mat4 foot_from_model;
        glm_mat4_inv(model_from_joint[f->leg.foot], foot_from_model);
        glm_mat4_mulv3(model_from_joint[f->toes], (float *)f->tip, 1, in_foot);
        glm_mat4_mulv3(foot_from_model, in_foot, 1, in_foot);
    } else {
        glm_vec3_copy((float *)f->tip, in_foot);
    }
    glm_quat_rotatev((float *)rotation, in_foot, out);
    glm_vec3_add(out, (float *)ankle, out);
}

/* The lowest of the heel, the ball and the toes' tip under the ankle (< 0). */
static float lowest_under_ankle(const stairs_foot *f, mat4 *model_from_joint, const versor rotation)
{
    vec3 heel, ball, tip, zero = {0, 0, 0};
    sole_point_at(f, 0, zero, rotation, heel);
    sole_point_at(f, 1, zero, rotation, ball);
    toe_tip_at(f, model_from_joint, zero, rotation, tip);
    return fminf(fminf(heel[1], ball[1]), tip[1]);
}

/* A heel point where the ankle is at `ankle`, the foot turned by `rotation`. */
static void heel_at(const stairs_foot *f, const float ankle[3], const versor rotation, vec3 heel)
{
    glm_quat_rotatev((float *)rotation, (float *)f->leg.heel_in_foot, heel);
    glm_vec3_add(heel, (float *)ankle, heel);
}

/* The swing's progress u (0 .. 1) as the way across takes it: a foot going
 * down gets over the step it lands on by DOWN_REACH of the swing, so that
 * it comes down onto it over the rest (not onto its edge in the last
 * frames: its heel reaches to within a centimetre or two of the riser
 * behind it, and the knee would straighten in a few frames). */
static float swing_progress(const stairs_foot *f, float u)
{
    return f->descending ? fminf(1, u / DOWN_REACH) : u;
}

/* How far across (0 .. 1) a swing of `swing` seconds is at u (0 at the
 * toe-off, 1 at the contact): a cycloid, blended with the held and landing
 * points by the stance weight (ex11.3) so that it starts and ends still. */
static float swing_across(const stairs_foot *f, float u, float swing, float duration)
{
    float x = swing_progress(f, u);
    float across = x - sinf(2 * STAIRS_PI * x) / (2 * STAIRS_PI);
    float weight = ik_stance_weight(f->up_time + u * swing, duration, f->down_time, f->up_time, STANCE_FADE);
    return u < 0.5f ? (1 - weight) * across : weight + (1 - weight) * across;
}

/* Early in the swing the foot keeps the turn it left the ground with,
 * taking the clip's only as fast as it moves across. */
static void hold_toe_off(const stairs_foot *f, float across, float u, versor rotation)
{
    if (u >= 0.5f)
        return;
    float x = glm_clamp(across / HOLD_ACROSS, 0.0f, 1.0f);
    glm_quat_slerp((float *)f->lock_rotation, rotation, x * x * (3 - 2 * x), rotation);
}

/* [listing swing_ankle_across] */
/* The swinging ankle across the swing: what moves along the plan's path is
 * a point of the sole, the ball as the foot leaves (about which it was
 * turning) becoming the heel it lands on, and the ankle hangs off it as the
 * foot is turned (`rotation`). So at the toe-off the foot goes on turning
 * about its ball, and no sole point is carried backwards as it would be by a
 * foot turning about a still ankle. */
static void swing_ankle_across(const stairs_foot *f, float across, float u, const versor rotation, vec3 ankle)
{
    u = swing_progress(f, u);
    float s = u * u * (3 - 2 * u);
    vec3 ref, from, to, point, turned;
    glm_vec3_lerp((float *)f->leg.ball_in_foot, (float *)f->leg.heel_in_foot, s, ref);
    glm_quat_rotatev((float *)f->lock_rotation, (float *)f->leg.ball_in_foot, from);
    glm_vec3_add(from, (float *)f->lock_ankle, from);
    glm_quat_rotatev((float *)f->land_rotation, (float *)f->leg.heel_in_foot, to);
    glm_vec3_add(to, (float *)f->land_ankle, to);
    glm_vec3_lerp(from, to, across, point);
    glm_quat_rotatev((float *)rotation, ref, turned);
    glm_vec3_sub(point, turned, ankle);
}
/* [/listing] */

/* [listing plan_swing] */
/* The swing from where the foot is held to where it will land: at each
 * sample, how far across it is (swing_across, as foot_target has it) and
 * how the clip turns it then (pitched heel up at the toe-off, level in
 * mid-swing, toes up for the strike): its footprint there; then its
 * heights over the steps under those footprints (foot_swing_plan). */
static void plan_swing(stairs_walk *w, stairs_foot *f, float lift)
{
    double d = w->walk.c.duration;
    float swing = (float)ahead_of(f->up_time, f->down_time, d);
    foot_print prints[FOOT_SWING_SAMPLES];
    for (int k = 0; k < FOOT_SWING_SAMPLES; k++) {
        float u = (float)k / (FOOT_SWING_SAMPLES - 1);
        double t = fmod(f->up_time + u * swing, d);
        clip_sample(&w->walk.c, (float)t, NULL, w->scratch_pose);
        skeleton_local_to_model(w->skeleton, w->scratch_pose, w->model_from_joint);
        versor model_rotation, rotation;
        rotation_of(w->model_from_joint[f->leg.foot], model_rotation);
        glm_quat_mul(u < 0.5f ? f->held_heading : f->land_heading, model_rotation, rotation);
        vec3 ankle, ball;
        float across = swing_across(f, u, swing, (float)d);
        hold_toe_off(f, across, u, rotation);
        swing_ankle_across(f, across, u, rotation, ankle);
        foot_print *fp = &prints[k];
        sole_point_at(f, 0, ankle, rotation, fp->heel);
        sole_point_at(f, 1, ankle, rotation, ball);
        vec3 tip;
        toe_tip_at(f, w->model_from_joint, ankle, rotation, tip);
        fp->toe_rise = tip[1] - ball[1];
        glm_vec3_sub(ball, fp->heel, fp->forward);
        fp->rise = fp->forward[1];
        fp->forward[1] = 0;
        fp->ball_length = glm_vec3_norm(fp->forward);
        glm_vec3_scale(fp->forward, 1 / fmaxf(fp->ball_length, 1e-6f), fp->forward);
    }
    foot_swing_plan(&f->swing, &w->stairs, &f->leg, prints, lift, f->land_height, SWING_CLEARANCE);
}
/* [/listing] */

/* [listing foresee_landing] */
/* At toe-off: where the swinging foot will land. The walk is known ahead:
 * the clip at the foot's next `down`, the root where the path will have
 * carried it by then (the root motion between now and that time). */
static void foresee_landing(stairs_walk *w, int side)
{
    stairs_foot *f = &w->feet[side];
    double ahead = ahead_of(w->clock.time, f->down_time, w->walk.c.duration);
    float travel[3], position[3], heading;
    root_motion_advance(&w->walk.rm, w->clock.time, ahead, travel);
    path_at(w, w->distance + travel[2], position, &heading);
    mat4 world_from_model;
    root_world_from_model(position, heading, world_from_model);
    clip_sample(&w->walk.c, f->down_time, w->scratch_cursors, w->scratch_pose);
    skeleton_local_to_model(w->skeleton, w->scratch_pose, w->model_from_joint);
    foot_world fw;
    foot_in_world(f, world_from_model, w->model_from_joint, &fw);
    float lift = f->land_height;
    f->land_height = foot_on_ground(w, f, &fw, f->land_ankle);
    f->descending = f->land_height < lift - 0.01f;
    glm_quat_copy(fw.rotation, f->land_rotation);
    rotation_of(world_from_model, f->land_heading);
    plan_swing(w, f, lift);
}
/* [/listing] */

void stairs_walk_reset(stairs_walk *w)
{
    clip_clock_init(&w->clock, w->walk.c.duration, true);
    memset(w->cursors, 0, (size_t)w->walk.c.track_count * sizeof *w->cursors);
    w->distance = 0;
    path_at(w, 0, w->position, &w->heading);
    root_world_from_model(w->position, w->heading, w->world_from_model);
    /* Each foot where the clip has it at time 0, on the ground: held there
     * if planted; a swinging foot leaves from there and lands where
     * foreseen. */
    clip_sample(&w->walk.c, 0.0f, w->scratch_cursors, w->scratch_pose);
    skeleton_local_to_model(w->skeleton, w->scratch_pose, w->model_from_joint);
    for (int side = 0; side < 2; side++) {
        stairs_foot *f = &w->feet[side];
        foot_world fw;
        foot_in_world(f, w->world_from_model, w->model_from_joint, &fw);
        f->land_height = foot_on_ground(w, f, &fw, f->lock_ankle);
        glm_quat_copy(fw.rotation, f->lock_rotation);
        glm_vec3_copy(f->lock_ankle, f->land_ankle);
        glm_quat_copy(fw.rotation, f->land_rotation);
        rotation_of(w->world_from_model, f->land_heading);
        glm_quat_copy(f->land_heading, f->held_heading);
        /* held on the point it stands on: the ball once the sole is flat */
        f->pivot = fw.ball[1] <= fw.heel[1] + FLAT;
        sole_point_at(f, f->pivot, f->lock_ankle, f->lock_rotation, f->held);
        f->planted = planted_at(f, 0);
        memset(&w->foot[side], 0, sizeof w->foot[side]);
        w->foot[side].planted = f->planted;
    }
    for (int side = 0; side < 2; side++)
        if (!w->feet[side].planted)
            foresee_landing(w, side);
    w->pelvis_offset = 0;
}

/* [listing foot_events] */
/* The contact events (chapter 10) as the clock reports them: at `down` the
 * foot is held where its landing was foreseen; at `up` it leaves the
 * height it stood on and the next landing is foreseen. */
static void foot_events(stairs_walk *w, const int *fired, int crossed)
{
    for (int e = 0; e < crossed && e < 16; e++)
        for (int side = 0; side < 2; side++) {
            stairs_foot *f = &w->feet[side];
            if (fired[e] == f->down_event) { /* held on its heel where it lands */
                f->planted = true;
                f->pivot = 0;
                sole_point_at(f, 0, f->land_ankle, f->land_rotation, f->held);
                glm_quat_copy(f->land_heading, f->held_heading);
            }
            if (fired[e] == f->up_event) {
                f->planted = false;
                foresee_landing(w, side);
            }
        }
}
/* [/listing] */

/* [listing foot_target] */
/* Where the IK puts one foot this frame. Planted: turned as the clip turns
 * it (its roll: heel strike, flat, heel-off) but facing where it faced when
 * it landed (held_heading), and placed so that the point it stands on stays
 * where it is held: the heel, then, once the clip's sole is flat, the ball.
 * Swinging: the clip's path across, blended by the stance weight (ex11.3)
 * with where it was held (over the first half of the swing) or where it
 * will land (over the second), so it leaves and arrives without a jump even
 * on the turn, where the clip's foot has drifted from the held one; its
 * height the higher of the clip's own swing and the plan's over the steps
 * (foot_swing_height). */
static void foot_target(stairs_walk *w, int side, const foot_world *fw, float weight, vec3 ankle, versor rotation,
                        float *ground)
{
    stairs_foot *f = &w->feet[side];
    const float clip_ankle_height = fw->ankle[1] - w->world_from_model[3][1];
    if (f->planted) {
        versor model_rotation;
        rotation_of(w->model_from_joint[f->leg.foot], model_rotation);
        glm_quat_mul(f->held_heading, model_rotation, rotation);
        glm_quat_normalize(rotation);
        if (f->pivot == 0 && fw->ball[1] <= fw->heel[1] + FLAT) {
            /* the sole is flat: the ball, down now, is held until the toe-off */
            vec3 heel_ankle;
            sole_point_at(f, 0, (float[3]){0, 0, 0}, rotation, heel_ankle);
            glm_vec3_sub(f->held, heel_ankle, heel_ankle); /* the ankle the held heel gives */
            sole_point_at(f, 1, heel_ankle, rotation, f->held);
            f->pivot = 1;
        }
        vec3 offset;
        sole_point_at(f, f->pivot, (float[3]){0, 0, 0}, rotation, offset);
        glm_vec3_sub(f->held, offset, ankle);
        glm_vec3_copy(ankle, f->lock_ankle);
        glm_quat_copy(rotation, f->lock_rotation);
        *ground = f->land_height;
        return;
    }
    /* [/listing] */
    /* [listing foot_target_swing] */
    double d = w->walk.c.duration;
    float swing = (float)ahead_of(f->up_time, f->down_time, d);
    float u = glm_clamp((float)ahead_of(f->up_time, w->clock.time, d) / swing, 0.0f, 1.0f);
    /* across on the plan's own path (the steps' heights were planned along
     * it), turned as the clip turns the foot: near the ends facing as it
     * faced when it left (or will when it lands) */
    versor model_rotation, held_rotation;
    rotation_of(w->model_from_joint[f->leg.foot], model_rotation);
    glm_quat_mul(u < 0.5f ? f->held_heading : f->land_heading, model_rotation, held_rotation);
    glm_quat_slerp((float *)fw->rotation, held_rotation, weight, rotation);
    float across = swing_across(f, u, swing, (float)d);
    hold_toe_off(f, across, u, rotation);
    swing_ankle_across(f, across, u, rotation, ankle);
    /* its height: the clip's own swing over the ground it is on its way to
     * (on the flat: the clip's swing), or the plan's over the step edges
     * (foot_swing_height), whichever is higher, for its lowest sole point;
     * not both, or a foot going up would rise by the clip's lift on top of
     * the plan's */
    float s = u * u * (3 - 2 * u), eased_ground = f->swing.lift + (f->land_height - f->swing.lift) * s;
    /* the clip's lowest sole point over its ground, and this foot's under its ankle */
    float clip_sole = clip_ankle_height + lowest_under_ankle(f, w->model_from_joint, fw->rotation);
    float sole = fmaxf(foot_swing_height(&f->swing, u), eased_ground + clip_sole);
    ankle[1] = sole - w->sink - lowest_under_ankle(f, w->model_from_joint, rotation);
    /* the ground it is on its way to, for the pelvis: eased over the whole
     * swing, so the pelvis goes down a flight as smoothly as the feet;
     * going up, over the swing's rise, so the pelvis is not kept down while
     * the foot is already over the higher step */
    float e = f->swing.land > f->swing.lift ? glm_clamp(u / f->swing.rise_end, 0.0f, 1.0f) : u;
    *ground = f->swing.lift + (f->land_height - f->swing.lift) * e * e * (3 - 2 * e);
}
/* [/listing] */

/* The knee's pole: in front of the knee, between where the body faces and
 * where the foot does (on the turn a held foot faces where the body faced
 * when it landed). */
static void knee_pole(const stairs_walk *w, const stairs_foot *f, const versor foot_rotation, vec3 pole)
{
    vec3 body_forward = {sinf(w->heading), 0, cosf(w->heading)}, heel, foot_forward;
    glm_quat_rotatev((float *)foot_rotation, (float *)f->leg.ball_in_foot, foot_forward);
    glm_quat_rotatev((float *)foot_rotation, (float *)f->leg.heel_in_foot, heel);
    glm_vec3_sub(foot_forward, heel, foot_forward);
    foot_forward[1] = 0;
    glm_vec3_normalize(foot_forward);
    glm_vec3_add(body_forward, foot_forward, pole);
    if (glm_vec3_norm(pole) < 1e-3f)
        glm_vec3_copy(body_forward, pole);
    glm_vec3_normalize(pole);
}

/* [listing plan_foot] */
/* One foot's part of the job: the stance weight from the clock and the
 * foot's events (ex11.3), its target, its leg's reach, its knee's pole; and
 * the overlay's copy of them. */
static void plan_foot(stairs_walk *w, int side, foot_placement_job *job)
{
    stairs_foot *f = &w->feet[side];
    stairs_foot_debug *dbg = &w->foot[side];
    foot_world fw;
    foot_in_world(f, w->world_from_model, w->model_from_joint, &fw);
    dbg->planted = f->planted;
    dbg->weight = ik_stance_weight((float)w->clock.time, w->walk.c.duration, f->down_time, f->up_time, STANCE_FADE);
    foot_target(w, side, &fw, dbg->weight, job->ankle_target[side], job->foot_rotation[side], &job->ground[side]);
    /* a swinging leg kept a little bent, straightening as it comes down */
    job->leg_reach[side] = LEG_REACH - SWING_BEND * (1 - dbg->weight);
    knee_pole(w, f, job->foot_rotation[side], job->pole[side]);
    /* [elide the overlay's copy] */
    vec3 heel;
    heel_at(f, job->ankle_target[side], job->foot_rotation[side], heel);
    glm_vec3_copy(job->ankle_target[side], dbg->target);
    glm_vec3_copy(heel, dbg->ground);
    dbg->ground[1] = job->ground[side];
    /* [/elide] */
}
/* [/listing] */

/* [listing stairs_walk_step] */
void stairs_walk_step(stairs_walk *w, double dt, transform *pose)
{
    /* the clock (chapter 08), the feet's contact events on the way */
    double before = w->clock.time;
    int fired[16];
    int crossed = clip_clock_advance(&w->clock, dt, w->walk.c.events, w->walk.c.event_count, fired, 16);
    /* root motion (chapter 10): the clip's travel over the clock's own step
     * (a long frame is clamped to max_step; forward, through the wrap),
     * forward along the path */
    double advance = w->clock.time - before + (w->clock.time < before ? w->clock.duration : 0);
    float travel[3];
    root_motion_advance(&w->walk.rm, before, advance, travel);
    w->distance += travel[2];
    path_at(w, w->distance, w->position, &w->heading);
    root_world_from_model(w->position, w->heading, w->world_from_model);
    foot_events(w, fired, crossed);
    /* the pose as the clip has it (FK) */
    clip_sample(&w->walk.c, (float)w->clock.time, w->cursors, pose);
    skeleton_local_to_model(w->skeleton, pose, w->model_from_joint);
    /* the feet put on the steps */
    vec3 knee[2];
    foot_placement_job job = {
        .skeleton = w->skeleton,
        .local = pose,
        .model_from_joint = w->model_from_joint,
        .pelvis = w->pelvis,
        .legs = (foot_leg[2]){w->feet[0].leg, w->feet[1].leg},
        .reach = LEG_REACH,
        .pelvis_offset = &w->pelvis_offset,
        .knee = knee,
    };
    glm_mat4_copy(w->world_from_model, job.world_from_model);
    plan_foot(w, GAIT_LEFT, &job);
    plan_foot(w, GAIT_RIGHT, &job);
    /* the inputs are made here and valid; were the job to refuse them,
     * the frame would keep the clip's pose */
    sa_error err;
    bool placed = w->ik_enabled && foot_placement_run(&job, &err);
    /* [elide the overlay's knees and poles] */
    if (!placed) {
        w->pelvis_offset = 0;
        for (int side = 0; side < 2; side++)
            glm_mat4_mulv3(w->world_from_model, w->model_from_joint[w->feet[side].leg.shin][3], 1, knee[side]);
    }
    for (int side = 0; side < 2; side++) {
        glm_vec3_copy(knee[side], w->foot[side].knee);
        glm_vec3_copy(knee[side], w->foot[side].pole);
        glm_vec3_muladds(job.pole[side], 0.3f, w->foot[side].pole);
    }
    /* [/elide] */
}
/* [/listing] */

double stairs_walk_duration(const stairs_walk *w)
{
    double speed = w->walk.rm.loop_offset[2] / w->walk.rm.duration;
    return w->path.length / speed;
}
