/* walk_check.c: a gait's clip ready to play, and --check-walk's simulation
 * (chapter 10): the feet measured in the world, root motion applied, the
 * stance known from the clip's own events. */
#include "walk.h"

#include "foot_mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool walk_clip_make(const skeleton *s, const gait_params *p, const char *name, walk_clip *out, sa_error *err)
{
    return walk_clip_make_soles(s, NULL, p, name, out, err);
}

bool walk_clip_make_soles(const skeleton *s, const gait_soles *soles, const gait_params *p, const char *name,
                          walk_clip *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    if (!gait_init_soles(&out->g, s, soles, p, err))
        return false;
    if (!gait_make_clip(&out->g, name, &out->c, &out->rm, err)) {
        gait_free(&out->g);
        return false;
    }
    return true;
}

void walk_clip_free(walk_clip *w)
{
    clip_free(&w->c);
    root_motion_free(&w->rm);
    gait_free(&w->g);
}

/* [listing gait_sole_slide] */
double gait_sole_slide(const float now[3], const float before[3], double dt)
{
    /* a rolling foot has one point down at a time (the heel, then the
     * ball): only a point on the ground at both ends can slide */
    if (fabsf(now[1]) > GAIT_ON_GROUND || fabsf(before[1]) > GAIT_ON_GROUND)
        return 0;
    return hypot(now[0] - before[0], now[2] - before[2]) / dt;
}
/* [/listing] */

static int find_event(const clip *c, const char *name, sa_error *err)
{
    for (int e = 0; e < c->event_count; e++)
        if (strcmp(c->events[e].name, name) == 0)
            return e;
    sa_error_set(err, "walk check: clip '%s' has no event '%s'", c->name, name);
    return -1;
}

bool gait_clip_stance(const clip *c, gait_side side, float *down, float *length, sa_error *err)
{
    static const char *const names[2][2] = {{"left_down", "left_up"}, {"right_down", "right_up"}};
    int d = find_event(c, names[side][0], err), u = d < 0 ? -1 : find_event(c, names[side][1], err);
    if (u < 0)
        return false;
    *down = c->events[d].time / c->duration;
    *length = (c->events[u].time - c->events[d].time) / c->duration;
    *length -= floorf(*length);
    return true;
}

/* One clip's part of the check: the events of each foot, and whether it
 * is planted at time 0 (the latest of its two events at or before 0, or,
 * when neither is, the latest of the loop, is its `down`). */
typedef struct foot_events {
    int down, up;
    bool planted;
} foot_events;

static bool foot_events_find(const clip *c, foot_events feet[2], sa_error *err)
{
    static const char *const names[2][2] = {{"left_down", "left_up"}, {"right_down", "right_up"}};
    for (int s = 0; s < 2; s++) {
        feet[s].down = find_event(c, names[s][0], err);
        feet[s].up = find_event(c, names[s][1], err);
        if (feet[s].down < 0 || feet[s].up < 0)
            return false;
        float down = c->events[feet[s].down].time, up = c->events[feet[s].up].time;
        bool down_by_0 = down <= 0, up_by_0 = up <= 0;
        feet[s].planted = down_by_0 || up_by_0 ? down_by_0 && (!up_by_0 || down >= up) : down > up;
    }
    return true;
}

/* chapter 10's ground: level, where the rest pose's lowest foot vertex is */
static double level_ground(const void *context, const float p[3])
{
    return *(const float *)context - p[1];
}

bool walk_check(const skeleton *s, const walk_clip *clips, int count, double seconds, double rate, foot_mesh *mesh,
                walk_check_result *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    if (!(rate > 0) || !(seconds >= 0))
        return sa_error_set(err, "walk check: the rate (%g Hz) must be above 0 and the time (%g s) at least 0", rate,
                            seconds);
    int n = s->joint_count;
    transform *pose = malloc((size_t)n * sizeof *pose);
    mat4 *model = malloc((size_t)n * sizeof *model);
    int *cursors = NULL;
    bool has_mesh = mesh && foot_mesh_has_feet(mesh);
    size_t points = has_mesh ? (mesh->side[0].vertex_count > mesh->side[1].vertex_count ? mesh->side[0].vertex_count
                                                                                        : mesh->side[1].vertex_count)
                             : 2;
    const float ground = has_mesh ? mesh->ground : 0, forward[3] = {0, 0, 1}; /* heading 0: +Z */
    foot_meter meter;
    memset(&meter, 0, sizeof meter);
    bool ok = pose && model;
    if (!ok)
        sa_error_set(err, "walk check: out of memory");
    else
        ok = foot_meter_init(&meter, points, err);
    const double dt = 1 / rate;
    const int frames = (int)lround(seconds * rate);
    float root[3] = {0, 0, 0};
    for (int i = 0; ok && i < count; i++) {
        const walk_clip *w = &clips[i];
        foot_events feet[2];
        free(cursors);
        cursors = calloc((size_t)w->c.track_count + 1, sizeof *cursors);
        if (!cursors || !foot_events_find(&w->c, feet, err)) {
            ok = cursors ? false : sa_error_set(err, "walk check: out of memory");
            break;
        }
        clip_clock clock;
        clip_clock_init(&clock, w->c.duration, true);
        float last[2][2][3]; /* side, heel / ball, xyz: the frame before */
        /* [listing walk_check_events] */
        for (int f = 0; f <= frames; f++) {
            bool was_planted[2] = {feet[0].planted, feet[1].planted};
            if (f > 0) {
                double before = clock.time;
                int fired[16];
                int crossed = clip_clock_advance(&clock, dt, w->c.events, w->c.event_count, fired, 16);
                for (int e = 0; e < crossed && e < 16; e++)
                    for (int side = 0; side < 2; side++) {
                        if (fired[e] == feet[side].down)
                            feet[side].planted = true;
                        if (fired[e] == feet[side].up)
                            feet[side].planted = false;
                    }
                float step[3];
                root_motion_advance(&w->rm, before, dt * clock.speed, step);
                root_motion_turn(step, 0, step);
                glm_vec3_add(root, step, root);
                out->distance_travelled += glm_vec3_norm(step);
            }
            /* [/listing] */
            /* [listing walk_check_slide] */
            clip_sample(&w->c, (float)clock.time, cursors, pose);
            skeleton_local_to_model(s, pose, model);
            for (int side = 0; side < 2; side++) {
                float sole[2][3];
                gait_sole_points(&w->g, (gait_side)side, model[w->g.leg[side].foot], sole[0], sole[1]);
                for (int p = 0; p < 2; p++) {
                    glm_vec3_add(sole[p], root, sole[p]); /* world = root + model (heading 0) */
                    out->max_foot_penetration = fmax(out->max_foot_penetration, -(double)sole[p][1]);
                    /* planted at both ends of the step: on the ground it should not have moved */
                    if (f > 0 && was_planted[side] && feet[side].planted)
                        out->max_foot_slide = fmax(out->max_foot_slide, gait_sole_slide(sole[p], last[side][p], dt));
                    glm_vec3_copy(sole[p], last[side][p]);
                }
            }
            /* [/listing] */
            /* [listing walk_check_mesh] */
            /* the skinned feet: every vertex, world = root + model */
            if (has_mesh)
                foot_mesh_skin(mesh, model);
            mat4 world_from_model;
            glm_translate_make(world_from_model, root); /* heading 0 */
            for (int side = 0; side < 2; side++) {
                size_t sole, n = foot_mesh_world_points(has_mesh ? mesh : NULL, &w->g, (gait_side)side,
                                                        world_from_model, model[w->g.leg[side].foot], &meter, &sole);
                foot_meter_add(&meter, (gait_side)side, (const float(*)[3])meter.world, n, sole, forward,
                               f > 0 ? dt : 0, level_ground, &ground);
            }
            /* [/listing] */
        }
    }
    out->max_mesh_penetration = meter.max_penetration;
    out->min_foot_forward_speed = isfinite(meter.min_forward_speed) ? meter.min_forward_speed : 0;
    foot_meter_free(&meter);
    free(cursors);
    free(model);
    free(pose);
    return ok;
}
