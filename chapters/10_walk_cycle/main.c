/* ch10_walk_cycle: the humanoid walks and runs, its feet planted.
 *
 * The gait generator makes a walk and a run for the model's skeleton (clips
 * in chapter 08's form); each frame the clock advances (chapter 08, the
 * foot-contact events crossed on the way), the clip is sampled in place,
 * and the root motion moves the character along a circle, turned with the
 * path's heading. The pose goes through chapter 04's forward kinematics and
 * chapter 07's GPU skinning unchanged.
 *
 *   ch10_walk_cycle                          walk along a circle (G: run)
 *   ch10_walk_cycle --check-walk             10 s of walking, 10 s of running, measured
 *   ch10_walk_cycle --export OUT.gltf        the humanoid with its walk and run
 *   ch10_walk_cycle --gait run --time 0.2 --dump-pose OUT   the pose, root motion in the pelvis
 * Keys (H lists them): G walk / run, F foot contacts, S skeleton.
 *
 * Blending walk and run by speed, and idle, come with chapter 09's animator.
 */
#include "walk.h"
#include "walk_export.h"
#include "walk_modes.h"
#include "walk_overlay.h"

#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "chapters/08_keyframes/animated_view.h"
#include "common/app.h"
#include "common/files.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"
#define PATH_RADIUS 4.0f /* metres: the circle the character walks along */
#define FOOTPRINTS 48
static bool check_walk = false;
static const char *export_path = NULL, *dump_pose_path = NULL, *gait_option = "walk";
static const cli_option options_extra[] = {
    {"--check-walk", CLI_FLAG, &check_walk, NULL,
     "simulate 10 s of walking and 10 s of running at 60 Hz, print max_foot_slide (m/s), max_foot_penetration (m) "
     "and distance_travelled (m); exit 1 over 0.01 m/s or 0.005 m"},
    {"--export", CLI_STRING, &export_path, "FILE",
     "write the humanoid with its walk and run clips (root motion in the pelvis track, foot events in extras) and "
     "exit"},
    {"--gait", CLI_STRING, &gait_option, "walk|run", "the gait to play or dump (default: walk)"},
    {"--dump-pose", CLI_STRING, &dump_pose_path, "FILE",
     "write every node's scene-space matrix of the gait at --time, root motion in the pelvis (chapter 04's "
     "format), and exit ('-': standard output)"},
};
static const cli_key keys[] = {
    {"G", "walk / run"},
    {"F", "toggle the foot-contact markers"},
    {"S", "toggle the skeleton"},
};
static const char *const modes[] = {"--check-walk", "--export", "--dump-pose", "--screenshot"}; /* one at a time */
static const cli_spec spec = {
    .program = "ch10_walk_cycle",
    .summary = "a generated walk and run with root motion: the humanoid walks a circle with its feet planted",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

/* Chapter 08's animated view (the file, both skeletons, the pose, the GPU
 * drawing) and what this chapter adds: the gaits and their cursors. */
typedef struct program_state {
    animated_view v;
    walk_clip gaits[2]; /* walk, run */
    int *cursors;       /* [the most tracks of a clip] */
} program_state;

static void state_free(program_state *st)
{
    free(st->cursors);
    walk_clip_free(&st->gaits[0]);
    walk_clip_free(&st->gaits[1]);
    animated_view_free(&st->v);
}

static bool load(program_state *st, const char *path, bool decode_images, sa_error *err)
{
    if (!animated_view_load(&st->v, path, decode_images, err))
        return false;
    const gait_params params[2] = {gait_walk(), gait_run()};
    if (!walk_clip_make(&st->v.all, &params[0], "walk", &st->gaits[0], err) ||
        !walk_clip_make(&st->v.all, &params[1], "run", &st->gaits[1], err))
        return sa_error_prefix(err, "%s", path);
    int tracks = st->gaits[0].c.track_count > st->gaits[1].c.track_count ? st->gaits[0].c.track_count
                                                                         : st->gaits[1].c.track_count;
    if (!(st->cursors = calloc((size_t)tracks + 1, sizeof *st->cursors)))
        return sa_error_set(err, "out of memory");
    return true;
}

/* [listing frame] */
/* One frame: sample the gait in place (08) -> local_to_model (04) -> the
 * root's world_from_model in front of every node (root motion). */
static void pose_at(program_state *st, const walk_clip *w, float t, mat4 world_from_model)
{
    clip_sample(&w->c, t, st->cursors, st->v.pose);
    animated_view_place(&st->v, world_from_model); /* the skin follows its joints into the world */
}
/* [/listing] */

static int run_window(program_state *st, const char *path, app_options *options, int gait_index);

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    sa_error err;
    static const char *const gait_names[] = {"walk", "run"};
    int gait_index = cli_choice(gait_option, gait_names, 2);
    if (gait_index < 0) {
        fprintf(stderr, "error: --gait: '%s' is not walk or run\n", gait_option);
        return 2;
    }
    bool batch = check_walk || export_path || dump_pose_path;
    char path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, path, sizeof path, &err))
        return app_fail(&err);
    program_state st;
    memset(&st, 0, sizeof st);
    if (!load(&st, path, !batch, &err)) {
        state_free(&st);
        return app_fail(&err);
    }
    if (check_walk)
        status = run_check_walk(&st.v.all, st.gaits);
    else if (export_path)
        status = walk_export(export_path, &st.v.all, st.gaits, 2, &err) ? 0 : app_fail(&err);
    else if (dump_pose_path)
        status = run_dump_pose(&st.v.all, &st.gaits[gait_index], options.fixed_time ? options.time : 0.0, st.v.pose,
                               dump_pose_path);
    else
        status = run_window(&st, path, &options, gait_index);
    state_free(&st);
    return status;
}

/* The window: the character walks a circle of PATH_RADIUS around the origin,
 * starting at (R, 0, 0) facing -Z and turning left; the camera follows. */
static int run_window(program_state *st, const char *path, app_options *options, int gait_index)
{
    sa_error err;
    app a;
    if (!app_open(&a, &spec, options, &err))
        return app_fail(&err);
    animated_view *v = &st->v;
    bool ok = animated_view_open(v, path, &err);
    bool show_skeleton = false, show_contacts = true;
    float root[3] = {PATH_RADIUS, 0, 0}, heading = (float)GLM_PI; /* facing -Z: the circle turns left */
    float footprints[FOOTPRINTS][3];
    int footprint_count = 0;
    const walk_clip *w = &st->gaits[gait_index];
    clip_clock clock;
    clip_clock_init(&clock, w->c.duration, true);
    if (options->fixed_time)
        clock.time = fmod(fmod(options->time, clock.duration) + clock.duration, clock.duration);
    /* the camera from the character's left, a little in front (the
     * left is heading + pi / 2 in the camera's yaw), turning with it */
    a.camera.distance = 4.5f;
    a.camera.yaw = heading + (float)GLM_PI / 3;
    while (ok && app_frame_begin(&a)) {
        if (app_key_pressed(&a, GLFW_KEY_G)) { /* switch gait: a cut; chapter 09 blends them */
            gait_index = 1 - gait_index;
            w = &st->gaits[gait_index];
            double phase = clock.time / clock.duration; /* keep the phase: the same foot stays down */
            clip_clock_init(&clock, w->c.duration, true);
            clock.time = phase * clock.duration;
            memset(st->cursors, 0, (size_t)w->c.track_count * sizeof *st->cursors);
        }
        if (app_key_pressed(&a, GLFW_KEY_F))
            show_contacts = !show_contacts;
        if (app_key_pressed(&a, GLFW_KEY_S))
            show_skeleton = !show_skeleton;
        /* the clock and the root: root motion turned by the heading, the
         * heading turned by the distance along the circle */
        double before = clock.time;
        int fired[8];
        int n = clip_clock_advance(&clock, a.dt, w->c.events, w->c.event_count, fired, 8);
        float step[3];
        root_motion_advance(&w->rm, before, fmin(a.dt, clock.max_step) * clock.speed, step);
        root_motion_turn(step, heading, step);
        glm_vec3_add(root, step, root);
        float turn = glm_vec3_norm(step) / PATH_RADIUS;
        heading += turn;
        a.camera.yaw += turn;
        mat4 world_from_model;
        root_world_from_model(root, heading, world_from_model);
        pose_at(st, w, (float)clock.time, world_from_model);
        for (int i = 0; i < n && i < 8; i++) { /* a contact leaves a footprint */
            const char *name = w->c.events[fired[i]].name;
            int side = strncmp(name, "left", 4) == 0 ? GAIT_LEFT : GAIT_RIGHT;
            if (strstr(name, "_down")) {
                float heel[3], ball[3], *print = footprints[footprint_count++ % FOOTPRINTS];
                gait_sole_points(&w->g, (gait_side)side, v->model_from_node[w->g.leg[side].foot], heel, ball);
                glm_vec3_lerp(heel, ball, 0.5f, print);
                glm_mat4_mulv3(world_from_model, print, 1, print);
            }
        }
        glm_vec3_copy((vec3){root[0], 0.9f, root[2]}, a.camera.target); /* the camera follows */

        mat4 clip_from_world, clip_from_screen, world_from_joint;
        app_clip_from_world(&a, clip_from_world);
        animated_view_draw(v, clip_from_world);
        draw_ground(&v->lines, root);
        for (int i = 0; i < footprint_count && i < FOOTPRINTS; i++)
            draw_cross(&v->lines, footprints[i], 0.06f, (vec3){0.9f, 0.75f, 0.3f});
        double phase = clock.time / clock.duration;
        for (int side = 0; show_contacts && side < 2; side++)
            if (gait_foot_planted(&w->g, (gait_side)side, (float)phase)) {
                float heel[3], ball[3];
                glm_mat4_mul(world_from_model, v->model_from_node[w->g.leg[side].foot], world_from_joint);
                gait_sole_points(&w->g, (gait_side)side, world_from_joint, heel, ball);
                debug_draw_line(&v->lines, heel, ball, (vec3){0.2f, 1, 0.3f});
            }
        debug_draw_flush(&v->lines, clip_from_world, 6.0f);
        if (show_skeleton) {
            glDisable(GL_DEPTH_TEST); /* the bones show through the skin */
            for (int j = 0; j < v->all.joint_count; j++)
                glm_mat4_mul(world_from_model, v->model_from_node[j], v->model_from_node[j]);
            skeleton_overlay_draw(&v->lines, &v->all, v->model_from_node, v->depth, -1, 0.05f);
            debug_draw_flush(&v->lines, clip_from_world, 6.0f);
            glEnable(GL_DEPTH_TEST);
        }
        char label[160];
        snprintf(label, sizeof label, "%s  %.2f m/s  phase %.2f  %s%s", w->c.name, (double)w->g.speed, phase,
                 gait_foot_planted(&w->g, GAIT_LEFT, (float)phase) ? "L" : "-",
                 gait_foot_planted(&w->g, GAIT_RIGHT, (float)phase) ? "R" : "-");
        text_clip_from_screen(a.width, a.height, clip_from_screen);
        text_draw(&v->text, 10.0f, 8.0f, 1.5f, label, (vec3){1, 1, 1});
        text_draw(&v->text, 10.0f, 28.0f, 1.2f, "G walk / run  F contacts  S skeleton  SPACE pause",
                  (vec3){0.85f, 0.85f, 0.85f});
        debug_draw_flush(&v->text, clip_from_screen, 1.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    animated_view_close(v);
    app_close(&a);
    return ok ? 0 : app_fail(&err);
}
