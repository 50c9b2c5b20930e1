/* gltf_validate.c: the checks that need more than one object read in full:
 * step 4 of the load (the node graph), and, once the meshes are decoded, the
 * joints each skinned mesh uses against its skin.
 *
 * Supports: one parent per node, no cycle of children, scenes that list only
 * roots; every joint index below the skin's joint count, whatever its weight
 * (the spec's MUST), in every influence set, the first vertex of the file
 * that breaks it named.
 * Every check of one object alone is made while it is read (gltf_parse_*.c).
 * Does not check: the weights themselves (their sum: chapter 05).
 */
#include "gltf_steps.h"

#include <stdlib.h>

/* [listing node_graph] */
/* Every node has at most one parent, the parent links have no cycle, and a
 * scene lists only roots. A cycle is found by walking up from each node:
 * state 1 marks the nodes of the current walk, 2 those known to reach a root,
 * so each node is visited once. */
bool gltf_validate_node_graph(loader *L)
{
    gltf_document *doc = L->doc;
    for (int p = 0; p < doc->node_count; p++) {
        for (int k = 0; k < doc->nodes[p].child_count; k++) {
            int c = doc->nodes[p].children[k];
            if (c == p)
                return sa_error_set(L->err, "nodes[%d].children[%d]: a node cannot be its own child", p, k);
            if (doc->nodes[c].parent >= 0)
                return sa_error_set(L->err, "nodes[%d]: has two parents, nodes[%d] and nodes[%d]", c,
                                    doc->nodes[c].parent, p);
            doc->nodes[c].parent = p;
        }
    }
    /* [/listing] */
    /* [listing node_graph_cycles] */
    unsigned char *state = calloc((size_t)doc->node_count + 1, 1);
    if (!state)
        return sa_error_set(L->err, "nodes: out of memory");
    for (int i = 0; i < doc->node_count; i++) {
        int n = i;
        while (n >= 0 && state[n] == 0) {
            state[n] = 1;
            n = doc->nodes[n].parent;
        }
        if (n >= 0 && state[n] == 1) {
            free(state);
            return sa_error_set(L->err, "nodes[%d]: is part of a cycle of children", n);
        }
        for (n = i; n >= 0 && state[n] == 1; n = doc->nodes[n].parent)
            state[n] = 2;
    }
    free(state);
    for (int s = 0; s < doc->scene_count; s++)
        for (int k = 0; k < doc->scenes[s].node_count; k++) {
            int n = doc->scenes[s].nodes[k];
            if (doc->nodes[n].parent >= 0)
                return sa_error_set(L->err, "scenes[%d].nodes[%d]: nodes[%d] is not a root (its parent is nodes[%d])",
                                    s, k, n, doc->nodes[n].parent);
        }
    return true;
}
/* [/listing] */

/* A skinned mesh's joint indices must name joints of its skin, whatever
 * their weight (a MUST of glTF 2.0): chapter 05 indexes a palette
 * with them, and a program that skips weight-0 influences today may not
 * tomorrow. The highest joint each mesh uses is found once, so many nodes
 * sharing one big mesh cost one pass over its vertices, not one per node. */
static int highest_joint_used(const gltf_mesh *mesh)
{
    int highest = -1;
    for (int p = 0; p < mesh->primitive_count; p++) {
        const gltf_primitive *prim = &mesh->primitives[p];
        for (int s = 0; s < prim->influence_set_count; s++) {
            const uint16_t(*joints)[4] = prim->joint_sets[s];
            for (size_t v = 0; joints && v < prim->vertex_count; v++)
                for (int k = 0; k < 4; k++)
                    if (joints[v][k] > highest)
                        highest = joints[v][k];
        }
    }
    return highest;
}

/* The error for a mesh that uses a joint past its skin: the first
 * primitive that does, and in it the lowest vertex of the file (an unwelded
 * primitive's copies lead back to it through source_vertex), the first set
 * and influence of that vertex that does. */
static bool joint_outside_error(loader *L, int node_index, int joint_count)
{
    const gltf_node *node = &L->doc->nodes[node_index];
    const gltf_mesh *mesh = &L->doc->meshes[node->mesh];
    for (int p = 0; p < mesh->primitive_count; p++) {
        const gltf_primitive *prim = &mesh->primitives[p];
        size_t first = (size_t)-1;
        int set = 0, joint = 0;
        float weight = 0.0f;
        for (int s = 0; s < prim->influence_set_count; s++) {
            const uint16_t(*joints)[4] = prim->joint_sets[s];
            const float(*weights)[4] = prim->weight_sets[s];
            for (size_t v = 0; joints && v < prim->vertex_count; v++) {
                size_t file_vertex = prim->source_vertex ? prim->source_vertex[v] : v;
                for (int k = 0; k < 4 && file_vertex < first; k++)
                    if (joints[v][k] >= joint_count) {
                        first = file_vertex, set = s, joint = joints[v][k];
                        weight = weights ? weights[v][k] : 0.0f;
                    }
            }
        }
        if (first != (size_t)-1)
            return sa_error_set(L->err,
                                "meshes[%d].primitives[%d].attributes.JOINTS_%d: vertex %zu uses joint %d (weight "
                                "%g), but skins[%d] (on nodes[%d]) has %d joints (glTF: every index MUST be one of "
                                "them, whatever its weight)",
                                node->mesh, p, set, first, joint, (double)weight, node->skin, node_index, joint_count);
    }
    return sa_error_set(L->err, "nodes[%d]: its mesh uses joints past skins[%d]", node_index, node->skin);
}

bool gltf_check_skinned_meshes(loader *L)
{
    gltf_document *doc = L->doc;
    int *highest = malloc(((size_t)doc->mesh_count + 1) * sizeof *highest);
    if (!highest)
        return sa_error_set(L->err, "meshes: out of memory");
    for (int m = 0; m < doc->mesh_count; m++)
        highest[m] = -2; /* not computed yet */
    for (int i = 0; i < doc->node_count; i++) {
        const gltf_node *node = &doc->nodes[i];
        if (node->skin < 0)
            continue;
        int joint_count = doc->skins[node->skin].joint_count;
        if (highest[node->mesh] == -2)
            highest[node->mesh] = highest_joint_used(&doc->meshes[node->mesh]);
        if (highest[node->mesh] < joint_count)
            continue;
        free(highest);
        return joint_outside_error(L, i, joint_count);
    }
    free(highest);
    return true;
}
