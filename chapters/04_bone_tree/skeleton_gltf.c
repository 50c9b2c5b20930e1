/* skeleton_gltf.c: a skeleton from a loaded glTF document.
 *
 * The file gives a node graph (children lists, checked by the loader: one
 * parent per node, no cycle) and, per skin, a list of joint nodes in any
 * order. The skeleton takes those joints plus their ancestors, gives each a
 * parent index, and sorts them parents first (skeleton_from_arrays). */
#include "skeleton_gltf.h"

#include <stdlib.h>
#include <string.h>

/* A node's rest transform as TRS. The loader has split a `matrix` already,
 * or left the identity and a note when it could not; a skeleton cannot
 * animate a sheared matrix, so here that is an error. */
static bool node_rest_local(const gltf_document *doc, int node, transform *out, sa_error *err)
{
    const gltf_node *n = &doc->nodes[node];
    if (!n->has_matrix) {
        *out = n->local;
        return true;
    }
    mat4 parent_from_node;
    memcpy(parent_from_node, n->matrix, sizeof parent_from_node);
    if (!transform_from_mat4(parent_from_node, SKELETON_MATRIX_TOLERANCE, out))
        return sa_error_set(err,
                            "nodes[%d].matrix: cannot be split into translation, rotation and scale "
                            "(shear, a zero scale or a projective last row), which a skeleton needs",
                            node);
    return true;
}

/* The skeleton of the nodes list[0..count-1], which holds every ancestor of
 * each of its nodes. */
static bool build(const gltf_document *doc, int count, const int *list, skeleton *out, sa_error *err)
{
    size_t slots = (size_t)count + 1, node_slots = (size_t)doc->node_count + 1;
    int *entry_of_node = malloc(node_slots * sizeof *entry_of_node);
    int *parent = malloc(slots * sizeof *parent);
    const char **names = malloc(slots * sizeof *names);
    transform *rest = malloc(slots * sizeof *rest);
    bool ok = entry_of_node && parent && names && rest;
    if (!ok)
        sa_error_set(err, "out of memory");
    for (int n = 0; ok && n < doc->node_count; n++)
        entry_of_node[n] = -1;
    for (int i = 0; ok && i < count; i++)
        entry_of_node[list[i]] = i;
    for (int i = 0; ok && i < count; i++) {
        int node_parent = doc->nodes[list[i]].parent;
        parent[i] = node_parent < 0 ? -1 : entry_of_node[node_parent];
        names[i] = doc->nodes[list[i]].name;
        ok = node_rest_local(doc, list[i], &rest[i], err);
    }
    ok = ok && skeleton_from_arrays(count, parent, names, rest, out, err);
    free(entry_of_node);
    free(parent);
    free(names);
    free(rest);
    if (!ok)
        return false;

    /* skeleton_from_arrays numbered the input entries; the maps are to nodes. */
    free(out->joint_of_node);
    out->node_count = doc->node_count;
    out->joint_of_node = malloc(node_slots * sizeof *out->joint_of_node);
    out->skins = calloc((size_t)doc->skin_count + 1, sizeof *out->skins);
    if (!out->joint_of_node || !out->skins) {
        skeleton_free(out);
        return sa_error_set(err, "out of memory");
    }
    out->skin_count = doc->skin_count;
    for (int n = 0; n < doc->node_count; n++)
        out->joint_of_node[n] = -1;
    for (int j = 0; j < out->joint_count; j++) {
        out->node_of_joint[j] = list[out->node_of_joint[j]];
        out->joint_of_node[out->node_of_joint[j]] = j;
    }
    /* [listing skin_map] */
    for (int k = 0; k < doc->skin_count; k++) {
        const gltf_skin *skin = &doc->skins[k];
        skeleton_skin *mapped = &out->skins[k];
        mapped->joint_count = skin->joint_count;
        mapped->joint_of_skin_joint = malloc(((size_t)skin->joint_count + 1) * sizeof(int));
        if (!mapped->joint_of_skin_joint) {
            skeleton_free(out);
            return sa_error_set(err, "out of memory");
        }
        /* JOINTS_0 value i of this skin is node skin->joints[i]. */
        for (int i = 0; i < skin->joint_count; i++)
            mapped->joint_of_skin_joint[i] = out->joint_of_node[skin->joints[i]];
    }
    /* [/listing] */
    return true;
}

bool skeleton_from_gltf(const gltf_document *doc, skeleton *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    /* list: the nodes taken, in the order met (every node at most once). */
    int *list = malloc(((size_t)doc->node_count + 1) * sizeof *list);
    bool *taken = calloc((size_t)doc->node_count + 1, sizeof *taken);
    if (!list || !taken) {
        free(list);
        free(taken);
        return sa_error_set(err, "out of memory");
    }
    /* [listing collect_joints] */
    int count = 0;
    /* The joints of every skin, in the skins' order; a shared joint once. */
    for (int k = 0; k < doc->skin_count; k++)
        for (int i = 0; i < doc->skins[k].joint_count; i++) {
            int node = doc->skins[k].joints[i];
            if (!taken[node]) {
                taken[node] = true;
                list[count++] = node;
            }
        }
    /* Then every ancestor of a joint: an Armature node above the root often
     * carries a Z-up rotation or a unit scale that the joints need. */
    for (int i = 0; i < count; i++) { /* count grows: ancestors of ancestors too */
        int node_parent = doc->nodes[list[i]].parent;
        if (node_parent >= 0 && !taken[node_parent]) {
            taken[node_parent] = true;
            list[count++] = node_parent;
        }
    }
    /* [/listing] */
    bool ok = build(doc, count, list, out, err);
    free(list);
    free(taken);
    return ok;
}

bool skeleton_from_gltf_nodes(const gltf_document *doc, skeleton *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    int *list = malloc(((size_t)doc->node_count + 1) * sizeof *list);
    if (!list)
        return sa_error_set(err, "out of memory");
    for (int n = 0; n < doc->node_count; n++)
        list[n] = n;
    bool ok = build(doc, doc->node_count, list, out, err);
    free(list);
    return ok;
}
