/* walk_view.c: ch10_walk_cycle's window (walk_view.h): the controller's
 * step moves the root along the path, its pose is drawn GPU-skinned, the
 * keys change the desired speed. */
#include "walk_view.h"
#include "walk_overlay.h"

#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "chapters/08_keyframes/clip_gltf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PATH_RADIUS 4.0f /* metres: each circle of the figure of eight the character walks */
#define FOOTPRINTS 48
#define SPEED_STEP 0.25f      /* m/s per [ or ] */
#define LAYER_JOINT "spine_2" /* the wave's mask: from here up, as chapter 09's layer */

void program_state_free(program_state *st)
{
    locomotion_controller_memory *m = &st->memory;
    free(m->walk_cursors), free(m->run_cursors), free(m->idle_cursors), free(m->wave_cursors);
    free(m->walk_pose), free(m->run_pose), free(m->move_pose), free(m->model);
    free(st->upper_body);
    clips_free(st->clips, st->v.doc.animation_count);
    walk_clip_free(&st->gaits[0]);
    walk_clip_free(&st->gaits[1]);
    foot_mesh_free(&st->feet);
    animated_view_free(&st->v);
}

bool walk_view_load_controller(program_state *st, const char *path, float speed, sa_error *err)
{
    if (!clips_from_gltf(&st->v.doc, &st->v.all, &st->clips, err))
        return sa_error_prefix(err, "%s", path);
    int count = st->v.doc.animation_count, n = st->v.all.joint_count;
    int idle = -1, wave = -1, spine = skeleton_find(&st->v.all, LAYER_JOINT);
    for (int i = 0; i < count; i++) {
        idle = idle < 0 && st->clips[i].name && strcmp(st->clips[i].name, "idle") == 0 ? i : idle;
        wave = wave < 0 && st->clips[i].name && strcmp(st->clips[i].name, "wave") == 0 ? i : wave;
    }
    if (idle < 0)
        return sa_error_set(err, "%s: no clip called 'idle' (the window stands the character in it)", path);
    locomotion_controller_memory *m = &st->memory;
    m->walk_cursors = calloc((size_t)st->gaits[0].c.track_count + 1, sizeof(int));
    m->run_cursors = calloc((size_t)st->gaits[1].c.track_count + 1, sizeof(int));
    m->idle_cursors = calloc((size_t)clips_most_tracks(st->clips, count), sizeof(int));
    m->wave_cursors = calloc((size_t)clips_most_tracks(st->clips, count), sizeof(int));
    m->walk_pose = malloc((size_t)n * sizeof(transform));
    m->run_pose = malloc((size_t)n * sizeof(transform));
    m->move_pose = malloc((size_t)n * sizeof(transform));
    m->model = malloc((size_t)n * sizeof(mat4));
    st->upper_body = malloc((size_t)n * sizeof *st->upper_body);
    if (!m->walk_cursors || !m->run_cursors || !m->idle_cursors || !m->wave_cursors || !m->walk_pose || !m->run_pose ||
        !m->move_pose || !m->model || !st->upper_body)
        return sa_error_set(err, "out of memory");
    /* [listing controller_setup] */
    if (spine < 0)
        wave = -1; /* no upper body to put it on */
    else
        mask_from_joint(n, st->v.all.parent, spine, 2, st->upper_body);
    locomotion_controller_params p = locomotion_controller_defaults();
    if (!locomotion_controller_init(&st->ctl, &p, &st->gaits[0], &st->gaits[1], &st->clips[idle],
                                    wave >= 0 ? &st->clips[wave] : NULL, st->upper_body, m, speed, err))
        return sa_error_prefix(err, "%s", path);
    return true;
    /* [/listing] */
}

/* Where the character is: the root on the path, the footprints it left. */
typedef struct walker {
    float root[3], heading;
    float turn_sign; /* +1 turning left, -1 right: the two circles of the eight */
    float lobe_turn; /* radians turned on the current circle */
    mat4 world_from_model;
    float footprints[FOOTPRINTS][3];
    int footprint_count;
} walker;

/* [listing frame] */
/* One frame: the controller's step -> the root moved by it, turned with the
 * heading -> the controller's pose with the planted feet held in the world
 * -> local_to_model (04) with the root's world_from_model in front of every
 * node. A contact leaves a footprint; the heading then turns along the
 * path. Returns how far it turned. */
static float walker_frame(program_state *st, walker *w, float desired_speed, double dt)
{
    locomotion_step step;
    locomotion_controller_advance(&st->ctl, desired_speed, dt, &step);
    float world_step[3];
    root_motion_turn(step.root_delta, w->heading, world_step);
    glm_vec3_add(w->root, world_step, w->root);
    root_world_from_model(w->root, w->heading, w->world_from_model);
    locomotion_controller_pose(&st->ctl, w->world_from_model, st->v.pose);
    animated_view_place(&st->v, w->world_from_model); /* the skin follows its joints into the world */
    const gait *g = &st->gaits[0].g;
    for (int side = 0; side < 2; side++)
        if (step.contact[side]) {
            float heel[3], ball[3], *print = w->footprints[w->footprint_count++ % FOOTPRINTS];
            gait_sole_points(g, (gait_side)side, st->v.model_from_node[g->leg[side].foot], heel, ball);
            glm_vec3_lerp(heel, ball, 0.5f, print);
            glm_mat4_mulv3(w->world_from_model, print, 1, print);
        }
    float turn = w->turn_sign * glm_vec3_norm(world_step) / PATH_RADIUS;
    w->heading += turn;
    if ((w->lobe_turn += fabsf(turn)) >= 2 * (float)GLM_PI) /* a circle done: the other way round */
        w->lobe_turn -= 2 * (float)GLM_PI, w->turn_sign = -w->turn_sign;
    return turn;
}
/* [/listing] */

/* Whether `side`'s foot is down now: standing, both; moving, as the foot
 * lock holds it (the blended stance of the walk and the run). */
static bool foot_down(const program_state *st, int side)
{
    const locomotion_controller *c = &st->ctl;
    return locomotion_controller_moving_weight(c) < 0.5f || c->lock.foot[side].planted;
}

/* The overlay's first two lines (text_draw cuts at 64 characters). */
static void status_lines(const program_state *st, float desired, char *one, char *two, size_t size)
{
    static const char *const states[] = {"idle", "moving", "stopping at a contact", "to idle"};
    const locomotion_controller *c = &st->ctl;
    float moving = locomotion_controller_moving_weight(c), w = c->move.sync.weight;
    char gait_text[24];
    if (moving <= 0)
        snprintf(gait_text, sizeof gait_text, "idle");
    else if (w <= 0 || w >= 1)
        snprintf(gait_text, sizeof gait_text, "%s", w <= 0 ? "walk" : "run");
    else
        snprintf(gait_text, sizeof gait_text, "walk/run %.2f", (double)w);
    snprintf(one, size, "%s  %.2f m/s  phase %.2f  %s%s", gait_text, (double)c->speed, c->move.sync.phase,
             foot_down(st, GAIT_LEFT) ? "L" : "-", foot_down(st, GAIT_RIGHT) ? "R" : "-");
    snprintf(two, size, "ask %.2f m/s  moving %.2f  %s  wave %s", (double)desired, (double)moving, states[c->state],
             c->wave_on ? "on" : "off");
}

int walk_view_run(program_state *st, const cli_spec *spec, const char *path, app_options *options, float speed,
                  bool wave)
{
    sa_error err;
    app a;
    if (!app_open(&a, spec, options, &err))
        return app_fail(&err);
    animated_view *v = &st->v;
    bool ok = animated_view_open(v, path, &err);
    bool show_skeleton = false, show_contacts = true;
    float desired = speed;
    walker w = {.root = {PATH_RADIUS, 0, 0}, .heading = (float)GLM_PI, .turn_sign = 1}; /* facing -Z */
    locomotion_controller_set_wave(&st->ctl, wave);
    /* the camera from the character's left, a little in front (the left
     * is heading + pi / 2 in the camera's yaw), turning with it */
    a.camera.distance = 4.5f;
    a.camera.yaw = w.heading + (float)GLM_PI / 3;
    for (double t = 0; options->fixed_time && t < options->time - 1e-9; t += 1.0 / 60)
        a.camera.yaw += walker_frame(st, &w, desired, fmin(1.0 / 60, options->time - t));
    const float max_speed = st->ctl.params.max_speed;
    while (ok && app_frame_begin(&a)) {
        if (app_key_pressed(&a, GLFW_KEY_0))
            desired = 0;
        if (app_key_pressed(&a, GLFW_KEY_1))
            desired = st->gaits[0].g.speed;
        if (app_key_pressed(&a, GLFW_KEY_2))
            desired = st->gaits[1].g.speed;
        if (app_key_pressed(&a, GLFW_KEY_LEFT_BRACKET))
            desired = fmaxf(0, desired - SPEED_STEP);
        if (app_key_pressed(&a, GLFW_KEY_RIGHT_BRACKET))
            desired = fminf(max_speed, desired + SPEED_STEP);
        if (app_key_pressed(&a, GLFW_KEY_V))
            locomotion_controller_set_wave(&st->ctl, !st->ctl.wave_on);
        if (app_key_pressed(&a, GLFW_KEY_F))
            show_contacts = !show_contacts;
        if (app_key_pressed(&a, GLFW_KEY_S))
            show_skeleton = !show_skeleton;
        a.camera.yaw += walker_frame(st, &w, desired, a.dt);
        glm_vec3_copy((vec3){w.root[0], 0.9f, w.root[2]}, a.camera.target); /* the camera follows */

        mat4 clip_from_world, clip_from_screen, world_from_joint;
        app_clip_from_world(&a, clip_from_world);
        animated_view_draw(v, clip_from_world);
        draw_ground(&v->lines, w.root);
        for (int i = 0; i < w.footprint_count && i < FOOTPRINTS; i++)
            draw_cross(&v->lines, w.footprints[i], 0.06f, (vec3){0.95f, 0.9f, 0.55f});
        const gait *g = &st->gaits[0].g;
        for (int side = 0; show_contacts && side < 2; side++)
            if (foot_down(st, side)) {
                float heel[3], ball[3];
                glm_mat4_mul(w.world_from_model, v->model_from_node[g->leg[side].foot], world_from_joint);
                gait_sole_points(g, (gait_side)side, world_from_joint, heel, ball);
                debug_draw_line(&v->lines, heel, ball, (vec3){0.2f, 1, 0.3f});
            }
        debug_draw_flush(&v->lines, clip_from_world, 6.0f);
        if (show_skeleton) {
            for (int j = 0; j < v->all.joint_count; j++)
                glm_mat4_mul(w.world_from_model, v->model_from_node[j], v->model_from_node[j]);
            animated_view_draw_bones(v, clip_from_world, 0.05f);
        }
        char one[96], two[96];
        status_lines(st, desired, one, two, sizeof one);
        text_clip_from_screen(a.width, a.height, clip_from_screen);
        text_draw(&v->text, 10.0f, 8.0f, 1.5f, one, (vec3){1, 1, 1});
        text_draw(&v->text, 10.0f, 30.0f, 1.2f, two, (vec3){0.85f, 0.85f, 0.85f});
        text_draw(&v->text, 10.0f, 48.0f, 1.2f, "0 1 2 [ ] speed  V wave  F contacts  S skeleton",
                  (vec3){0.85f, 0.85f, 0.85f});
        debug_draw_flush(&v->text, clip_from_screen, 1.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    animated_view_close(v);
    app_close(&a);
    return ok ? 0 : app_fail(&err);
}
