/* weights_gl.c: skinned meshes with their weights, drawn unskinned (see the header). */
#include "weights_gl.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The vertex of the weight views: what the lit shader reads, plus the skin
 * joint indices and weights (locations 3 and 4 of common/mesh.h). */
typedef struct weights_vertex {
    float position[3];
    float normal[3];
    uint16_t joints[4];
    float weights[4];
} weights_vertex;

static const vertex_attribute weights_attributes[] = {
    {ATTRIB_POSITION, 3, GL_FLOAT, false, false, offsetof(weights_vertex, position)},
    {ATTRIB_NORMAL, 3, GL_FLOAT, false, false, offsetof(weights_vertex, normal)},
    {ATTRIB_JOINTS, 4, GL_UNSIGNED_SHORT, false, true, offsetof(weights_vertex, joints)},
    {ATTRIB_WEIGHTS, 4, GL_FLOAT, false, false, offsetof(weights_vertex, weights)},
};
static const vertex_layout weights_layout = {weights_attributes, 4, sizeof(weights_vertex)};

static bool upload_primitive(const gltf_primitive *prim, gpu_mesh *out, sa_error *err)
{
    weights_vertex *v = malloc((prim->vertex_count ? prim->vertex_count : 1) * sizeof *v);
    if (!v)
        return sa_error_set(err, "out of memory");
    for (size_t i = 0; i < prim->vertex_count; i++) {
        memcpy(v[i].position, prim->positions[i], sizeof v[i].position);
        memcpy(v[i].normal, prim->normals[i], sizeof v[i].normal);
        memcpy(v[i].joints, prim->joints[i], sizeof v[i].joints);
        memcpy(v[i].weights, prim->weights[i], sizeof v[i].weights);
    }
    bool ok = gpu_mesh_upload(out, &weights_layout, v, prim->vertex_count, prim->triangle_indices,
                              prim->triangle_count * 3, 4, false, err);
    free(v);
    return ok;
}

bool weights_gl_upload(weights_gl *w, const gltf_document *doc, sa_error *err)
{
    w->first_slot = malloc(((size_t)doc->mesh_count + 1) * sizeof *w->first_slot);
    if (!w->first_slot)
        return sa_error_set(err, "out of memory");
    for (int m = 0; m < doc->mesh_count; m++) {
        w->first_slot[m] = w->primitive_total;
        w->primitive_total += doc->meshes[m].primitive_count;
    }
    w->meshes = calloc((size_t)w->primitive_total + 1, sizeof *w->meshes);
    if (!w->meshes)
        return sa_error_set(err, "out of memory");
    for (int m = 0; m < doc->mesh_count; m++)
        for (int p = 0; p < doc->meshes[m].primitive_count; p++) {
            const gltf_primitive *prim = &doc->meshes[m].primitives[p];
            if (!prim->skipped && prim->joints && prim->weights &&
                !upload_primitive(prim, &w->meshes[w->first_slot[m] + p], err))
                return false;
        }
    return true;
}

/* The skin joint of skin `skin` that is skeleton joint `joint`, or -1. */
static int skin_joint_of(const skeleton *s, int skin, int joint)
{
    for (int k = 0; k < s->skins[skin].joint_count; k++)
        if (s->skins[skin].joint_of_skin_joint[k] == joint)
            return k;
    return -1;
}

/* [listing draw_skinned] */
/* Every skinned mesh node, unskinned: its vertices are in the mesh's model
 * space at bind time, and in the rest pose every skin matrix of its skin is
 * the same matrix, so skin joint 0's matrix places the whole mesh. (The mesh
 * node's own transform is ignored for a skinned mesh, as the spec says.) */
void weights_gl_draw(const weights_gl *w, const gltf_document *doc, const skeleton *s, mat4 **skin_matrix,
                     const shader_program *shader, int selected)
{
    for (int n = 0; n < doc->node_count; n++) {
        const gltf_node *node = &doc->nodes[n];
        if (node->mesh < 0 || node->skin < 0 || doc->skins[node->skin].joint_count == 0)
            continue;
        shader_set_mat4(shader, "u_world_from_model", skin_matrix[node->skin][0]);
        shader_set_int(shader, "u_selected_skin_joint", skin_joint_of(s, node->skin, selected));
        for (int p = 0; p < doc->meshes[node->mesh].primitive_count; p++)
            if (w->meshes[w->first_slot[node->mesh] + p].vao)
                gpu_mesh_draw(&w->meshes[w->first_slot[node->mesh] + p]);
    }
}
/* [/listing] */

void weights_gl_bounds_add(const gltf_document *doc, mat4 **skin_matrix, vec3 lo, vec3 hi)
{
    for (int n = 0; n < doc->node_count; n++) {
        const gltf_node *node = &doc->nodes[n];
        if (node->mesh < 0 || node->skin < 0 || doc->skins[node->skin].joint_count == 0)
            continue;
        for (int p = 0; p < doc->meshes[node->mesh].primitive_count; p++) {
            const gltf_primitive *prim = &doc->meshes[node->mesh].primitives[p];
            for (int c = 0; !prim->skipped && c < 8; c++) {
                vec4 corner = {c & 1 ? prim->bounds_max[0] : prim->bounds_min[0],
                               c & 2 ? prim->bounds_max[1] : prim->bounds_min[1],
                               c & 4 ? prim->bounds_max[2] : prim->bounds_min[2], 1.0f};
                vec4 world;
                glm_mat4_mulv(skin_matrix[node->skin][0], corner, world);
                glm_vec3_minv(lo, world, lo);
                glm_vec3_maxv(hi, world, hi);
            }
        }
    }
}

void weights_gl_free(weights_gl *w)
{
    for (int i = 0; w->meshes && i < w->primitive_total; i++)
        gpu_mesh_unload(&w->meshes[i]);
    free(w->meshes);
    free(w->first_slot);
    memset(w, 0, sizeof *w);
}
