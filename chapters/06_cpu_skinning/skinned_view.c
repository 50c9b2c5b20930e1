/* skinned_view.c: a skinned file, skinned on the CPU and drawn (see the header). */
#include "skinned_view.h"

#include "skinning_gl.h"

#include <stdio.h>
#include <stdlib.h>

bool skinned_view_load(skinned_view *v, const char *model, bool decode_images, sa_error *err)
{
    skeleton_view *b = &v->base;
    if (!skeleton_view_find(b, model, err) ||
        !skin_scene_load(b->path, decode_images, &b->doc, &b->skel, &v->sc, &v->nodes, err) ||
        !skeleton_view_init_pose(b, v->sc.model_from_joint, err))
        return false;
    v->rigid_shown = calloc((size_t)b->doc.node_count + 1, sizeof *v->rigid_shown);
    v->scratch = malloc(skin_scene_max_vertex_count(&v->sc) * sizeof *v->scratch);
    if (!v->rigid_shown || !v->scratch)
        return sa_error_set(err, "out of memory");
    skin_scene_rigid_shown(&b->doc, v->nodes.shown, v->rigid_shown);
    /* The rest pose: every node at its stored transform (not the bind pose). */
    skin_scene_run(&v->sc, &b->skel);
    skin_scene_bounds(&v->sc, &b->doc, v->nodes.world_from_node, v->rigid_shown, v->lo, v->hi);
    return true;
}

bool skinned_view_open(skinned_view *v, app *a, sa_error *err)
{
    if (v->sc.primitive_count == 0)
        printf("nothing skinned in %s: the meshes are drawn where their nodes put them\n", v->base.path);
    /* The skinning job morphs before it skins: the vertices drawn are morphed. */
    scene_gl_options gl_options = {.dynamic_skinned = true, .plays_morph_targets = true};
    return lit_load(&v->lit, err) && scene_gl_upload(&v->gpu, &v->base.doc, &gl_options, err) &&
           skeleton_view_open(&v->base, a, v->lo, v->hi, err);
}

void skinned_view_draw_rigid(skinned_view *v, mat4 clip_from_world, bool normal_colors)
{
    lit_begin_frame(&v->lit, clip_from_world);
    lit_set_normal_colors(&v->lit, normal_colors);
    scene_gl_draw(&v->gpu, &v->base.doc, &v->lit, v->nodes.world_from_node, v->rigid_shown);
}

void skinned_view_draw_skinned(skinned_view *v, const shader_program *shader)
{
    skin_scene_draw(&v->sc, &v->base.doc, v->nodes.shown, v->scratch, &v->gpu, shader ? shader : &v->lit, !shader);
}

void skinned_view_free(skinned_view *v)
{
    scene_gl_free(&v->gpu);
    shader_program_unload(&v->lit);
    free(v->rigid_shown);
    free(v->scratch);
    scene_nodes_free(&v->nodes);
    skin_scene_free(&v->sc); /* frees base.model_from_joint, which it lent */
    skeleton_view_free(&v->base);
}
