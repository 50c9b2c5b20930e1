/* crossfade_state.c: ch09_crossfade's file, skeletons, clips and pose (see
 * crossfade_state.h). */
#include "crossfade_state.h"

#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/04_bone_tree/skeleton_overlay.h"

#include <math.h>
#include <stdlib.h>

void state_free(program_state *st)
{
    free(st->rigid_shown), free(st->pose), free(st->other), free(st->mask), free(st->model_from_node);
    free(st->depth);
    clips_free(st->clips, st->doc.animation_count);
    scene_nodes_free(&st->nodes);
    skin_scene_free(&st->sc);
    skeleton_free(&st->all);
    skeleton_free(&st->skel);
    gltf_free(&st->doc);
}

bool state_load(program_state *st, const char *path, bool decode_images, sa_error *err)
{
    if (!skin_scene_load(path, decode_images, &st->doc, &st->skel, &st->sc, &st->nodes, err))
        return false;
    if (!skeleton_from_gltf_nodes(&st->doc, &st->all, err) ||
        !clips_from_gltf(&st->doc, &st->all, &st->clips, NULL, err))
        return sa_error_prefix(err, "%s", path);
    size_t n = (size_t)st->all.joint_count + 1;
    st->rigid_shown = calloc((size_t)st->doc.node_count + 1, sizeof *st->rigid_shown);
    st->pose = malloc(n * sizeof *st->pose);
    st->other = malloc(n * sizeof *st->other);
    st->mask = malloc(n * sizeof *st->mask);
    st->model_from_node = malloc(n * sizeof *st->model_from_node);
    st->depth = malloc(n * sizeof *st->depth);
    if (!st->rigid_shown || !st->pose || !st->other || !st->mask || !st->model_from_node || !st->depth)
        return sa_error_set(err, "out of memory");
    skin_scene_rigid_shown(&st->doc, st->nodes.shown, st->rigid_shown);
    skeleton_depths(&st->all, st->depth);
    return true;
}

/* st->pose through forward kinematics over every node; the skins' joints
 * and the shown nodes take their matrices from it. */
void place_nodes(program_state *st)
{
    skeleton_local_to_model(&st->all, st->pose, st->model_from_node);
    for (int n = 0; n < st->doc.node_count; n++)
        if (st->nodes.shown[n])
            glm_mat4_copy(st->model_from_node[st->all.joint_of_node[n]], st->nodes.world_from_node[n]);
    for (int j = 0; j < st->skel.joint_count; j++)
        glm_mat4_copy(st->model_from_node[st->all.joint_of_node[st->skel.node_of_joint[j]]],
                      st->sc.model_from_joint[j]);
}

float wrapped_time(double t, const clip *c)
{
    double d = c->duration;
    return d > 0.0 ? (float)fmod(fmod(t, d) + d, d) : 0.0f;
}
