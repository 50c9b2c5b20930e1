#include "scene.h"

#include <stdlib.h>
#include <string.h>

/* [listing world_from_node] */
/* world_from_node for every node below `root`, parents before children (the
 * loader has checked that each node has one parent and there is no cycle).
 * An explicit stack, not recursion: a file may nest nodes thousands deep.
 * Each node is pushed once, so `stack` needs room for node_count entries. */
void scene_world_from_root(const gltf_document *doc, int root, int *stack, mat4 *world_from_node, bool *shown)
{
    mat4 identity = GLM_MAT4_IDENTITY_INIT;
    int top = 0;
    stack[top++] = root;
    while (top > 0) {
        int node = stack[--top];
        int parent = doc->nodes[node].parent;
        mat4 parent_from_node;
        memcpy(parent_from_node, doc->nodes[node].matrix, sizeof parent_from_node);
        glm_mat4_mul(parent >= 0 ? world_from_node[parent] : identity, parent_from_node, world_from_node[node]);
        shown[node] = true;
        for (int k = 0; k < doc->nodes[node].child_count; k++)
            stack[top++] = doc->nodes[node].children[k];
    }
}
/* [/listing] */

bool scene_nodes_rest(const gltf_document *doc, scene_nodes *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    size_t slots = (size_t)doc->node_count + 1;
    out->world_from_node = malloc(slots * sizeof *out->world_from_node);
    out->shown = calloc(slots, sizeof *out->shown);
    int *stack = malloc(slots * sizeof *stack);
    if (!out->world_from_node || !out->shown || !stack) {
        free(stack);
        scene_nodes_free(out);
        return sa_error_set(err, "out of memory for %d nodes", doc->node_count);
    }
    out->count = doc->node_count;
    for (int n = 0; n < doc->node_count; n++)
        glm_mat4_identity(out->world_from_node[n]);
    /* (The loader has checked that a scene lists only roots.) */
    if (doc->scene >= 0) {
        const gltf_scene *scene = &doc->scenes[doc->scene];
        for (int k = 0; k < scene->node_count; k++)
            scene_world_from_root(doc, scene->nodes[k], stack, out->world_from_node, out->shown);
    } else {
        for (int n = 0; n < doc->node_count; n++)
            if (doc->nodes[n].parent < 0)
                scene_world_from_root(doc, n, stack, out->world_from_node, out->shown);
    }
    free(stack);
    return true;
}

void scene_nodes_free(scene_nodes *nodes)
{
    free(nodes->world_from_node);
    free(nodes->shown);
    memset(nodes, 0, sizeof *nodes);
}

void scene_bounds(const gltf_document *doc, mat4 *world_from_node, const bool *shown, vec3 lo_world, vec3 hi_world)
{
    glm_vec3_fill(lo_world, 1e30f);
    glm_vec3_fill(hi_world, -1e30f);
    for (int n = 0; n < doc->node_count; n++) {
        if ((shown && !shown[n]) || doc->nodes[n].mesh < 0)
            continue;
        const gltf_mesh *mesh = &doc->meshes[doc->nodes[n].mesh];
        for (int p = 0; p < mesh->primitive_count; p++) {
            const gltf_primitive *prim = &mesh->primitives[p];
            if (prim->skipped)
                continue;
            for (int c = 0; c < 8; c++) {
                vec4 corner = {c & 1 ? prim->bounds_max[0] : prim->bounds_min[0],
                               c & 2 ? prim->bounds_max[1] : prim->bounds_min[1],
                               c & 4 ? prim->bounds_max[2] : prim->bounds_min[2], 1.0f};
                vec4 world;
                glm_mat4_mulv(world_from_node[n], corner, world);
                glm_vec3_minv(lo_world, world, lo_world);
                glm_vec3_maxv(hi_world, world, hi_world);
            }
        }
    }
    if (lo_world[0] > hi_world[0]) { /* nothing to draw */
        glm_vec3_fill(lo_world, -1.0f);
        glm_vec3_fill(hi_world, 1.0f);
    }
}

bool scene_is_mirror(mat4 world_from_node)
{
    mat3 linear;
    glm_mat4_pick3(world_from_node, linear);
    return glm_mat3_det(linear) < 0.0f;
}
