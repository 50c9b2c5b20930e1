/* gltf_parse_nodes.c: step 2 of the load (JSON -> structs) for the node
 * tree: nodes, scenes and skins.
 *
 * Supports: nodes with a matrix or translation/rotation/scale (not both), a
 * mesh, a skin (which needs a mesh on the same node), morph target weights
 * (the same: one per target of the mesh, which they override), children; scenes and
 * the default scene (scenes[0] when the file names none); skins with unique
 * joints, and inverseBindMatrices of MAT4 floats, at least one per joint.
 * Does not: check the graph (one parent per node, no cycle: that is step 4,
 * gltf_validate.c, once every node is read); read cameras (the index is
 * kept); split a sheared matrix into TRS (`local` is then the identity, and
 * a note says so; `matrix` is still right for drawing).
 */
#include "gltf_steps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool gltf_parse_nodes_and_scenes(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    const json_value *cameras = json_object_get(root, "cameras");
    int camera_count = cameras && cameras->kind == JSON_ARRAY ? (int)cameras->count : 0;
    for (int i = 0; i < doc->node_count; i++) {
        const json_value *o = gltf_item(L, root, "nodes", i);
        gltf_node *n = &doc->nodes[i];
        char path[48];
        snprintf(path, sizeof path, "nodes[%d]", i);
        transform_identity(&n->local);
        n->parent = -1;
        int got;
        if (!gltf_get_string(L, o, "name", path, &n->name) ||
            !gltf_get_index(L, o, "mesh", path, doc->mesh_count, &n->mesh) ||
            !gltf_get_index(L, o, "skin", path, doc->skin_count, &n->skin) ||
            !gltf_get_index(L, o, "camera", path, camera_count, &n->camera) ||
            !gltf_get_indices(L, o, "children", path, doc->node_count, &n->children, &n->child_count) ||
            !gltf_get_floats(L, o, "matrix", path, 16, 16, n->matrix, &got))
            return false;
        n->has_matrix = got == 16;
        if (n->skin >= 0 && n->mesh < 0)
            return sa_error_set(L->err, "%s.skin: a skin needs a mesh on the same node", path);
        if (json_object_get(o, "weights") && n->mesh < 0)
            return sa_error_set(L->err, "%s.weights: morph target weights need a mesh on the same node", path);
        if (n->mesh >= 0 &&
            !gltf_get_float_array(L, o, "weights", path, (size_t)doc->meshes[n->mesh].target_count, &n->weights))
            return false;
        if (n->has_matrix) {
            if (json_object_get(o, "translation") || json_object_get(o, "rotation") || json_object_get(o, "scale"))
                return sa_error_set(L->err, "%s: has both matrix and translation/rotation/scale", path);
            mat4 m;
            memcpy(m, n->matrix, sizeof m);
            if (!transform_from_mat4(m, 1e-3f, &n->local)) {
                transform_identity(&n->local); /* sheared: the matrix is still right for drawing */
                gltf_add_note(doc, "%s.matrix cannot be split into translation, rotation and scale", path);
            }
        } else {
            if (!gltf_get_floats(L, o, "translation", path, 3, 3, n->local.translation, NULL) ||
                !gltf_get_floats(L, o, "rotation", path, 4, 4, n->local.rotation, NULL) ||
                !gltf_get_floats(L, o, "scale", path, 3, 3, n->local.scale, NULL))
                return false;
            mat4 m;
            transform_to_mat4(&n->local, m);
            memcpy(n->matrix, m, sizeof m);
        }
    }
    for (int s = 0; s < doc->scene_count; s++) {
        char path[48];
        snprintf(path, sizeof path, "scenes[%d]", s);
        const json_value *o = gltf_item(L, root, "scenes", s);
        if (!gltf_get_string(L, o, "name", path, &doc->scenes[s].name) ||
            !gltf_get_indices(L, o, "nodes", path, doc->node_count, &doc->scenes[s].nodes, &doc->scenes[s].node_count))
            return false;
    }
    if (!gltf_get_index(L, root, "scene", "", doc->scene_count, &doc->scene))
        return false;
    if (doc->scene < 0 && doc->scene_count > 0)
        doc->scene = 0;
    return true;
}

/* skin.joints is a set (uniqueItems in the schema): a node listed twice would
 * get two skin joint indices and two inverse bind matrices. listed[] is all
 * false on entry and on return. */
static bool skin_joints_unique(loader *L, const gltf_skin *s, const char *path, bool *listed)
{
    int twice = -1;
    for (int j = 0; j < s->joint_count && twice < 0; j++) {
        if (listed[s->joints[j]])
            twice = j;
        listed[s->joints[j]] = true;
    }
    for (int j = 0; j < s->joint_count; j++)
        listed[s->joints[j]] = false;
    if (twice >= 0)
        return sa_error_set(L->err, "%s.joints[%d]: nodes[%d] is listed twice (the joints of a skin are unique)", path,
                            twice, s->joints[twice]);
    return true;
}

bool gltf_parse_skins(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    bool *listed = calloc((size_t)doc->node_count + 1, sizeof *listed);
    if (!listed)
        return sa_error_set(L->err, "skins: out of memory");
    bool ok = true;
    for (int i = 0; i < doc->skin_count && ok; i++) {
        const json_value *o = gltf_item(L, root, "skins", i);
        gltf_skin *s = &doc->skins[i];
        char path[48];
        snprintf(path, sizeof path, "skins[%d]", i);
        if (!gltf_get_string(L, o, "name", path, &s->name) ||
            !gltf_get_indices(L, o, "joints", path, doc->node_count, &s->joints, &s->joint_count) ||
            !gltf_get_index(L, o, "inverseBindMatrices", path, doc->accessor_count, &s->inverse_bind_matrices) ||
            !gltf_get_index(L, o, "skeleton", path, doc->node_count, &s->skeleton))
            ok = false;
        else if (s->joint_count == 0)
            ok = sa_error_set(L->err, "%s.joints: missing or empty", path);
        else if (!skin_joints_unique(L, s, path, listed))
            ok = false;
        else if (s->inverse_bind_matrices >= 0) {
            const gltf_accessor *a = &doc->accessors[s->inverse_bind_matrices];
            if (a->type != GLTF_MAT4 || a->component_type != GLTF_FLOAT)
                ok = sa_error_set(L->err, "%s.inverseBindMatrices: accessors[%d] must be MAT4 of floats (5126)", path,
                                  s->inverse_bind_matrices);
            else if (a->count < (size_t)s->joint_count)
                ok = sa_error_set(L->err, "%s.inverseBindMatrices: accessors[%d] has %zu matrices for %d joints", path,
                                  s->inverse_bind_matrices, a->count, s->joint_count);
        }
    }
    free(listed);
    return ok;
}
