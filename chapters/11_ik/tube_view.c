/* tube_view.c: the solvers on the tube (see tube_view.h). Each frame: the
 * rest pose, one IK job on the chain base-middle-tip toward a target that
 * moves on a loop, then chapter 04's local-to-model, chapter 05's skin
 * matrices and chapter 06's skinning, unchanged. */
#include "tube_view.h"

#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "chapters/06_cpu_skinning/skinning_gl.h"
#include "common/lit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool tube_view_load(tube_view *t, const char *path, bool decode_images, int solver, sa_error *err)
{
    if (!skin_scene_load(path, decode_images, &t->doc, &t->skel, &t->sc, &t->nodes, err) ||
        !find_chain(&t->skel, t->chain, &t->count, err)) {
        if (!strstr(err->message, path))
            sa_error_prefix(err, "%s", path);
        return false;
    }
    t->local = malloc(sizeof *t->local * (size_t)t->skel.joint_count);
    t->depth = malloc(sizeof *t->depth * (size_t)t->skel.joint_count);
    t->rigid_shown = calloc((size_t)t->doc.node_count + 1, sizeof *t->rigid_shown);
    t->scratch = malloc(skin_scene_max_vertex_count(&t->sc) * sizeof *t->scratch);
    if (!t->local || !t->depth || !t->rigid_shown || !t->scratch)
        return sa_error_set(err, "out of memory");
    skin_scene_rigid_shown(&t->doc, t->nodes.shown, t->rigid_shown);
    skeleton_depths(&t->skel, t->depth);
    skeleton_local_to_model(&t->skel, t->skel.rest_local, t->sc.model_from_joint);
    glm_vec3_copy(t->sc.model_from_joint[t->chain[0]][3], t->root);
    t->reach = 0.0f;
    for (int k = 0; k + 1 < t->count; k++)
        t->reach += glm_vec3_distance(t->sc.model_from_joint[t->chain[k]][3],
                                      t->sc.model_from_joint[t->chain[k + 1]][3]);
    t->solver = solver;
    t->ik_on = t->motion = t->show_skeleton = true;
    return true;
}

bool tube_view_open(tube_view *t, sa_error *err)
{
    scene_gl_options gl_options = {.dynamic_skinned = true};
    return lit_load(&t->lit, err) && scene_gl_upload(&t->gpu, &t->doc, &gl_options, err);
}

void tube_view_frame_camera(const tube_view *t, orbit_camera *camera)
{
    orbit_camera_default(camera);
    vec3 box_lo, box_hi; /* room for the tube bent to either side */
    glm_vec3_sub((float *)t->root, (vec3){t->reach, 0, t->reach}, box_lo);
    glm_vec3_add((float *)t->root, (vec3){t->reach, t->reach, t->reach}, box_hi);
    orbit_camera_frame_bounds(camera, box_lo, box_hi);
}

bool tube_view_frame(tube_view *t, app *a, debug_draw *lines, debug_draw *text, sa_error *err)
{
    if (a->reload_requested && !shader_program_reload(&t->lit, err))
        fprintf(stderr, "error: %s (keeping the old shader)\n", err->message);
    for (int k = 0; k < SOLVER_COUNT; k++)
        if (app_key_pressed(a, GLFW_KEY_1 + k))
            t->solver = k;
    if (app_key_pressed(a, GLFW_KEY_I))
        t->ik_on = !t->ik_on;
    if (app_key_pressed(a, GLFW_KEY_M))
        t->motion = !t->motion;
    if (app_key_pressed(a, GLFW_KEY_S))
        t->show_skeleton = !t->show_skeleton;

    /* The target loops round the tube, in and out of its reach. */
    float time = t->motion ? (float)a->time : 0.0f;
    vec3 target = {0.55f * sinf(time), 0.6f + 0.3f * cosf(0.7f * time), 0.45f * cosf(time)};
    glm_vec3_scale(target, t->reach, target);
    glm_vec3_add(t->root, target, target);

    /* [listing frame] */
    /* One frame: pose (the rest pose) -> IK -> local_to_model (04)
     * -> skin matrices (05) -> skin (06). */
    if (t->ik_on && !solve(t->solver, &t->skel, t->chain, t->count, target, t->local, err))
        return false;
    skeleton_local_to_model(&t->skel, t->ik_on ? t->local : t->skel.rest_local, t->sc.model_from_joint);
    skin_scene_run(&t->sc, &t->skel);
    /* [/listing] */

    mat4 clip_from_world, clip_from_screen;
    app_clip_from_world(a, clip_from_world);
    lit_begin_frame(&t->lit, clip_from_world);
    scene_gl_draw(&t->gpu, &t->doc, &t->lit, t->nodes.world_from_node, t->rigid_shown);
    skin_scene_draw(&t->sc, &t->doc, t->nodes.shown, t->scratch, &t->gpu, &t->lit, true);
    glDisable(GL_DEPTH_TEST); /* the bones and the target show through the skin */
    if (t->show_skeleton)
        skeleton_overlay_draw(lines, &t->skel, t->sc.model_from_joint, t->depth, -1, 0.05f * t->reach);
    debug_draw_point(lines, target, (vec3){0.9f, 0.2f, 0.1f});
    debug_draw_line(lines, t->sc.model_from_joint[t->chain[t->count - 1]][3], target, (vec3){0.9f, 0.2f, 0.1f});
    debug_draw_flush(lines, clip_from_world, 10.0f);
    glEnable(GL_DEPTH_TEST);
    char label[64];
    snprintf(label, sizeof label, "tube: %s, IK %s", solver_names[t->solver], t->ik_on ? "on" : "off");
    text_clip_from_screen(a->width, a->height, clip_from_screen);
    text_draw(text, 10.0f, 8.0f, 1.5f, label, (vec3){1, 1, 1});
    text_draw(text, 10.0f, 28.0f, 1.2f, "1 2 3 solver  I IK  M motion  S skeleton  T stairs",
              (vec3){0.85f, 0.85f, 0.85f});
    debug_draw_flush(text, clip_from_screen, 1.0f);
    return true;
}

void tube_view_close(tube_view *t)
{
    shader_program_unload(&t->lit);
    scene_gl_free(&t->gpu);
}

void tube_view_free(tube_view *t)
{
    free(t->local);
    free(t->depth);
    free(t->rigid_shown);
    free(t->scratch);
    scene_nodes_free(&t->nodes);
    skin_scene_free(&t->sc);
    skeleton_free(&t->skel);
    gltf_free(&t->doc);
}
