/* stairs_view.c: the final demo's window (see stairs_view.h). */
#include "stairs_view.h"

#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "chapters/10_walk_cycle/walk_overlay.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The overlay's colours: none of them reddish like the character (the
 * screenshot test tells them apart). */
static const vec3 ray_color = {0.3f, 0.8f, 1.0f}, ground_color = {0.3f, 1.0f, 0.4f}, target_color = {1, 1, 1},
                  chain_color = {1.0f, 1.0f, 0.3f}, pole_color = {0.8f, 0.5f, 1.0f}, look_color = {0.95f, 0.9f, 0.3f};

/* What the feet's IK worked with, in the world: the vertical the height
 * query looks down (a query on the step description, not a ray cast, but
 * drawn as one) and the point it found, the IK target, the leg's chain
 * (hip, knee, ankle) and the pole the knee bends toward. */
static void draw_feet_debug(const stairs_walk *w, mat4 *world_from_joint, debug_draw *lines)
{
    for (int side = 0; side < 2; side++) {
        const stairs_foot_debug *f = &w->foot[side];
        const foot_leg *leg = &w->feet[side].leg;
        vec3 above = {f->ground[0], f->ground[1] + 0.6f, f->ground[2]};
        debug_draw_line(lines, above, f->ground, ray_color);
        debug_draw_point(lines, f->ground, ground_color);
        debug_draw_point(lines, f->target, target_color);
        debug_draw_line(lines, world_from_joint[leg->thigh][3], world_from_joint[leg->shin][3], chain_color);
        debug_draw_line(lines, world_from_joint[leg->shin][3], world_from_joint[leg->foot][3], chain_color);
        debug_draw_line(lines, world_from_joint[leg->shin][3], f->pole, pole_color);
    }
}

bool stairs_view_load(stairs_view *s, const char *humanoid_path, const char *stairs_path, sa_error *err)
{
    s->humanoid_path = humanoid_path;
    if (!stairs_demo_load(&s->d, humanoid_path, true, err))
        return false;
    if (!gltf_load(stairs_path, NULL, &s->stairs, err) || !scene_nodes_rest(&s->stairs, &s->stairs_nodes, err))
        return strstr(err->message, stairs_path) ? false : sa_error_prefix(err, "%s", stairs_path);
    s->show_debug = false;
    s->show_skeleton = false;
    return true;
}

bool stairs_view_open(stairs_view *s, sa_error *err)
{
    if (!animated_view_open(&s->d.v, s->humanoid_path, err))
        return false;
    return scene_gl_upload(&s->stairs_gpu, &s->stairs, NULL, err);
}

void stairs_view_frame_camera(const stairs_view *s, orbit_camera *camera)
{
    (void)s;
    orbit_camera_default(camera);
    camera->distance = 3.8f;
    camera->yaw = 1.15f; /* from +X (the character's left going up), a little in front */
    camera->pitch = 0.3f;
}

/* The walk from its start again (after its end). */
static bool restart(stairs_view *s, sa_error *err)
{
    stairs_walk_reset(&s->d.walk);
    s->d.time = 0.0;
    return stairs_demo_step(&s->d, 0.0, err);
}

bool stairs_view_frame(stairs_view *s, app *a, sa_error *err)
{
    stairs_demo *d = &s->d;
    animated_view *v = &d->v;
    if (a->reload_requested && !shader_program_reload(&v->lit, err))
        fprintf(stderr, "error: %s (keeping the old shader)\n", err->message);
    if (app_key_pressed(a, GLFW_KEY_I))
        d->walk.ik_enabled = !d->walk.ik_enabled;
    if (app_key_pressed(a, GLFW_KEY_L))
        d->look_on = !d->look_on;
    if (app_key_pressed(a, GLFW_KEY_D))
        s->show_debug = !s->show_debug;
    if (app_key_pressed(a, GLFW_KEY_S))
        s->show_skeleton = !s->show_skeleton;

    /* The walk: to --time at the first frame, then by the clock; a step of 0
     * (paused, or a fixed time) poses it again, with a toggle applied. */
    bool ok;
    if (!s->started)
        ok = a->options.fixed_time ? stairs_demo_run_to(d, a->options.time, 30.0, err) : stairs_demo_step(d, 0.0, err);
    else if (d->time + a->dt > stairs_walk_duration(&d->walk))
        ok = restart(s, err);
    else
        ok = stairs_demo_step(d, a->dt, err);
    if (!ok)
        return false;
    s->started = true;
    animated_view_place(v, d->walk.world_from_model); /* FK, the skin into the world */
    float *root = d->walk.world_from_model[3];
    glm_vec3_copy((vec3){root[0], root[1] + 0.9f, root[2]}, a->camera.target); /* the camera follows */

    mat4 clip_from_world, clip_from_screen;
    app_clip_from_world(a, clip_from_world);
    animated_view_draw(v, clip_from_world);
    lit_begin_frame(&v->lit, clip_from_world);
    scene_gl_draw(&s->stairs_gpu, &s->stairs, &v->lit, s->stairs_nodes.world_from_node, s->stairs_nodes.shown);
    v->lines.depth_test = true; /* the steps hide the grid under them */
    draw_ground(&v->lines, (float[3]){0, 0, 2});
    debug_draw_flush(&v->lines, clip_from_world, 6.0f);
    v->lines.depth_test = false;
    vec3 look;
    stairs_demo_look_target(d, look);

    glDisable(GL_DEPTH_TEST); /* the overlay shows through the skin and the steps */
    if (d->look_on || s->show_debug)
        debug_draw_point(&v->lines, look, look_color);
    if (s->show_debug || s->show_skeleton) {
        for (int j = 0; j < v->all.joint_count; j++)
            glm_mat4_mul(d->walk.world_from_model, v->model_from_node[j], v->model_from_node[j]);
        if (s->show_skeleton)
            skeleton_overlay_draw(&v->lines, &v->all, v->model_from_node, v->depth, -1, 0.05f);
        if (s->show_debug) {
            draw_feet_debug(&d->walk, v->model_from_node, &v->lines);
            if (d->look_on)
                debug_draw_line(&v->lines, v->model_from_node[d->look_joints[LOOK_JOINTS - 1]][3], look, look_color);
        }
    }
    debug_draw_flush(&v->lines, clip_from_world, 10.0f);
    glEnable(GL_DEPTH_TEST);

    /* Under 64 characters a line: text_draw cuts there. */
    char label[64], look_state[32] = "off";
    if (d->look_on && d->look_angle > 0.01f) /* the target outside the head's limit */
        snprintf(look_state, sizeof look_state, "on, %.0f deg short", (double)glm_deg(d->look_angle));
    else if (d->look_on)
        snprintf(look_state, sizeof look_state, "on");
    snprintf(label, sizeof label, "stairs %4.1f s  IK %s  look %s", d->time, d->walk.ik_enabled ? "on" : "off",
             look_state);
    text_clip_from_screen(a->width, a->height, clip_from_screen);
    text_draw(&v->text, 10.0f, 8.0f, 1.5f, label, (vec3){1, 1, 1});
    text_draw(&v->text, 10.0f, 28.0f, 1.2f, "I IK  D debug  L look  S skeleton  T tube  H keys",
              (vec3){0.85f, 0.85f, 0.85f});
    debug_draw_flush(&v->text, clip_from_screen, 1.0f);
    return true;
}

void stairs_view_close(stairs_view *s)
{
    scene_gl_free(&s->stairs_gpu);
    animated_view_close(&s->d.v);
}

void stairs_view_free(stairs_view *s)
{
    scene_nodes_free(&s->stairs_nodes);
    gltf_free(&s->stairs);
    stairs_demo_free(&s->d);
}
