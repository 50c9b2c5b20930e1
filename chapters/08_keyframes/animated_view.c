/* animated_view.c: the file, skeletons, pose and GPU drawing shared by the
 * animated programs (see animated_view.h). */
#include "animated_view.h"

#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "common/lit.h"

#include <stdlib.h>
#include <string.h>

bool animated_view_load(animated_view *v, const char *path, bool decode_images, sa_error *err)
{
    if (!skin_scene_load(path, decode_images, &v->doc, &v->skel, &v->sc, &v->nodes, err))
        return false;
    if (!skeleton_from_gltf_nodes(&v->doc, &v->all, err))
        return sa_error_prefix(err, "%s", path);
    size_t n = (size_t)v->all.joint_count + 1;
    v->rigid_shown = calloc((size_t)v->doc.node_count + 1, sizeof *v->rigid_shown);
    v->pose = malloc(n * sizeof *v->pose);
    v->model_from_node = malloc(n * sizeof *v->model_from_node);
    v->depth = malloc(n * sizeof *v->depth);
    if (!v->rigid_shown || !v->pose || !v->model_from_node || !v->depth)
        return sa_error_set(err, "out of memory");
    skin_scene_rigid_shown(&v->doc, v->nodes.shown, v->rigid_shown);
    skeleton_depths(&v->all, v->depth);
    return true;
}

/* [listing place] */
void animated_view_place(animated_view *v, mat4 world_from_model)
{
    skeleton_local_to_model(&v->all, v->pose, v->model_from_node);
    for (int n = 0; n < v->doc.node_count; n++)
        if (v->nodes.shown[n]) {
            mat4 *model_from_node = &v->model_from_node[v->all.joint_of_node[n]];
            if (world_from_model)
                glm_mat4_mul(world_from_model, *model_from_node, v->nodes.world_from_node[n]);
            else
                glm_mat4_copy(*model_from_node, v->nodes.world_from_node[n]);
        }
    for (int j = 0; j < v->skel.joint_count; j++) { /* the skin follows its joints */
        mat4 *model_from_node = &v->model_from_node[v->all.joint_of_node[v->skel.node_of_joint[j]]];
        if (world_from_model)
            glm_mat4_mul(world_from_model, *model_from_node, v->sc.model_from_joint[j]);
        else
            glm_mat4_copy(*model_from_node, v->sc.model_from_joint[j]);
    }
}
/* [/listing] */

void animated_view_rest_bounds(animated_view *v, vec3 lo, vec3 hi)
{
    memcpy(v->pose, v->all.rest_local, (size_t)v->all.joint_count * sizeof *v->pose);
    animated_view_place(v, NULL);
    skin_scene_run(&v->sc, &v->skel);
    skin_scene_bounds(&v->sc, &v->doc, v->nodes.world_from_node, v->rigid_shown, lo, hi);
}

bool animated_view_open(animated_view *v, const char *path, sa_error *err)
{
    /* The morphed primitives are chapter 07's (gpu_skin_scene, with the
     * weights in sc.morph_weights that a clip writes): no note. */
    scene_gl_options gl_options = {.dynamic_skinned = true, .plays_morph_targets = true};
    bool ok = gpu_skin_scene_init(&v->g, &v->sc, &v->doc, false, err) && gpu_skin_scene_load_programs(&v->g, err) &&
              lit_load(&v->lit, err) && debug_draw_init(&v->lines, err) && debug_draw_init(&v->text, err) &&
              scene_gl_upload(&v->gpu, &v->doc, &gl_options, err);
    if (!ok)
        sa_error_prefix(err, "%s", path);
    return ok;
}

void animated_view_draw(animated_view *v, mat4 clip_from_world)
{
    gpu_skin_scene_update(&v->g, &v->sc, &v->skel, SKIN_LINEAR);
    lit_begin_frame(&v->lit, clip_from_world);
    scene_gl_draw(&v->gpu, &v->doc, &v->lit, v->nodes.world_from_node, v->rigid_shown);
    lit_begin_frame(&v->g.programs[SKIN_LINEAR].program, clip_from_world);
    gpu_skin_scene_draw(&v->g, &v->sc, &v->gpu, v->nodes.shown, SKIN_LINEAR);
}

void animated_view_draw_bones(animated_view *v, mat4 clip_from_world, float axes_size)
{
    glDisable(GL_DEPTH_TEST); /* the bones show through the skin */
    skeleton_overlay_draw(&v->lines, &v->all, v->model_from_node, v->depth, -1, axes_size);
    debug_draw_flush(&v->lines, clip_from_world, 6.0f);
    glEnable(GL_DEPTH_TEST);
}

void animated_view_close(animated_view *v)
{
    debug_draw_free(&v->text);
    debug_draw_free(&v->lines);
    shader_program_unload(&v->lit);
    scene_gl_free(&v->gpu);
    gpu_skin_scene_free(&v->g);
}

void animated_view_free(animated_view *v)
{
    free(v->rigid_shown), free(v->pose), free(v->model_from_node), free(v->depth);
    scene_nodes_free(&v->nodes);
    skin_scene_free(&v->sc);
    skeleton_free(&v->all);
    skeleton_free(&v->skel);
    gltf_free(&v->doc);
}
