#include "scene_gl.h"

#include "scene.h"

#include "common/texture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The GL texture of glTF texture t, with its sampler's modes, uploaded on
 * first use. A texture that shows the same image through the same sampler
 * as the image's first texture shares that one's GL texture (the common
 * case: one sampler for the whole file); other pairs get their own. */
static GLuint texture_for(scene_gl *s, const gltf_document *doc, int t, int *texture_of_image)
{
    if (s->textures[t])
        return s->textures[t];
    const gltf_texture *tex = &doc->textures[t];
    if (tex->source < 0 || !doc->images[tex->source].pixels.pixels)
        return s->white;
    int earlier = texture_of_image[tex->source];
    if (earlier >= 0 && doc->textures[earlier].sampler == tex->sampler)
        return s->textures[t] = s->textures[earlier];

    texture_sampling sampling = texture_sampling_default();
    if (tex->sampler >= 0) {
        /* glTF stores GL's enums; an absent filter (0) keeps the default. */
        const gltf_sampler *g = &doc->samplers[tex->sampler];
        sampling = (texture_sampling){g->wrap_s, g->wrap_t, g->mag_filter, g->min_filter};
    }
    s->textures[t] = texture_upload_sampled(&doc->images[tex->source].pixels, TEXTURE_SRGB, &sampling);
    s->uploaded[s->uploaded_count++] = s->textures[t];
    if (earlier < 0)
        texture_of_image[tex->source] = t;
    return s->textures[t];
}

static void set_material(scene_gl *s, const gltf_document *doc, int material, scene_gl_primitive *out,
                         int *texture_of_image)
{
    gltf_material m = material >= 0 ? doc->materials[material] : gltf_material_default();
    memcpy(out->base_color, m.base_color_factor, sizeof out->base_color);
    out->double_sided = m.double_sided;
    out->base_color_texture = m.base_color_texture >= 0 ? texture_for(s, doc, m.base_color_texture, texture_of_image)
                                                        : s->white;
}

static bool upload_primitive(const gltf_primitive *prim, bool dynamic, lit_vertex *scratch, scene_gl_primitive *out,
                             sa_error *err)
{
    out->vertex_count = prim->vertex_count;
    /* The loader's separate arrays, interleaved into the lit shader's vertex. */
    lit_vertices_interleave(scratch, prim->vertex_count, (const float *)prim->positions, (const float *)prim->normals,
                            (const float *)prim->texcoords);
    return gpu_mesh_upload(&out->mesh, &lit_vertex_layout, scratch, prim->vertex_count, prim->triangle_indices,
                           prim->triangle_count * 3, 4, dynamic, err);
}

/* Morph targets are loaded (chapter 03) but drawn from chapter 06 on: a
 * program that draws the base shape says so once, here, rather than
 * silently. */
void scene_gl_note_morph_targets(const gltf_document *doc)
{
    int meshes = 0, targets = 0;
    for (int m = 0; m < doc->mesh_count; m++)
        if (doc->meshes[m].target_count) {
            meshes++;
            targets += doc->meshes[m].target_count;
        }
    if (meshes)
        fprintf(
            stderr,
            "note: %d mesh%s with %d morph target%s: the base shape is drawn (morph targets are played from chapter 06 on)\n",
            meshes, meshes > 1 ? "es" : "", targets, targets > 1 ? "s" : "");
}

bool scene_gl_upload(scene_gl *s, const gltf_document *doc, const scene_gl_options *options, sa_error *err)
{
    memset(s, 0, sizeof *s);
    if (!options || !options->plays_morph_targets)
        scene_gl_note_morph_targets(doc);
    bool dynamic_skinned = options && options->dynamic_skinned;
    size_t most_vertices = 0;
    s->mesh_count = doc->mesh_count;
    s->first_primitive = malloc(((size_t)doc->mesh_count + 1) * sizeof *s->first_primitive);
    for (int m = 0; s->first_primitive && m < doc->mesh_count; m++) {
        s->first_primitive[m] = s->primitive_count;
        s->primitive_count += doc->meshes[m].primitive_count;
        for (int p = 0; p < doc->meshes[m].primitive_count; p++)
            if (doc->meshes[m].primitives[p].vertex_count > most_vertices)
                most_vertices = doc->meshes[m].primitives[p].vertex_count;
    }
    s->primitives = calloc((size_t)s->primitive_count + 1, sizeof *s->primitives);
    s->texture_count = doc->texture_count;
    s->textures = calloc((size_t)doc->texture_count + 1, sizeof *s->textures);
    s->uploaded = calloc((size_t)doc->texture_count + 1, sizeof *s->uploaded);
    int *texture_of_image = malloc(((size_t)doc->image_count + 1) * sizeof *texture_of_image);
    lit_vertex *scratch = malloc((most_vertices + 1) * sizeof *scratch);
    bool ok = s->first_primitive && s->primitives && s->textures && s->uploaded && texture_of_image && scratch;
    if (!ok)
        sa_error_set(err, "out of memory for %d primitives of up to %zu vertices", s->primitive_count, most_vertices);
    for (int i = 0; ok && i < doc->image_count; i++)
        texture_of_image[i] = -1;
    if (ok) {
        unsigned char white[4] = {255, 255, 255, 255};
        s->white = texture_upload(&(image_rgba8){1, 1, white}, TEXTURE_LINEAR);
    }

    for (int m = 0; ok && m < doc->mesh_count; m++)
        for (int p = 0; ok && p < doc->meshes[m].primitive_count; p++) {
            const gltf_primitive *prim = &doc->meshes[m].primitives[p];
            scene_gl_primitive *out = &s->primitives[s->first_primitive[m] + p];
            if (prim->skipped || prim->vertex_count == 0 || prim->triangle_count == 0)
                continue; /* nothing to draw: the mesh stays empty */
            bool dynamic = dynamic_skinned && prim->joints && prim->weights;
            ok = upload_primitive(prim, dynamic, scratch, out, err);
            if (ok)
                set_material(s, doc, prim->material, out, texture_of_image);
            else
                sa_error_prefix(err, "meshes[%d].primitives[%d]", m, p);
        }
    free(scratch);
    free(texture_of_image);
    if (!ok)
        scene_gl_free(s);
    return ok;
}

void scene_gl_free(scene_gl *s)
{
    for (int i = 0; s->primitives && i < s->primitive_count; i++)
        gpu_mesh_unload(&s->primitives[i].mesh);
    for (int i = 0; i < s->uploaded_count; i++)
        glDeleteTextures(1, &s->uploaded[i]);
    if (s->white)
        glDeleteTextures(1, &s->white);
    free(s->primitives);
    free(s->first_primitive);
    free(s->textures);
    free(s->uploaded);
    memset(s, 0, sizeof *s);
}

/* The slots of mesh m's primitives: first .. end - 1. */
static int primitives_end(const scene_gl *s, int mesh)
{
    return mesh + 1 < s->mesh_count ? s->first_primitive[mesh + 1] : s->primitive_count;
}

scene_gl_primitive *scene_gl_primitive_at(const scene_gl *s, int mesh, int primitive)
{
    if (mesh < 0 || mesh >= s->mesh_count || primitive < 0)
        return NULL;
    int slot = s->first_primitive[mesh] + primitive;
    return slot < primitives_end(s, mesh) ? &s->primitives[slot] : NULL;
}

void scene_gl_update_vertices(scene_gl *s, int mesh, int primitive, const lit_vertex *vertices)
{
    scene_gl_primitive *p = scene_gl_primitive_at(s, mesh, primitive);
    if (p && p->mesh.vao)
        gpu_mesh_update_vertices(&p->mesh, vertices, p->vertex_count * sizeof *vertices);
}

/* [listing draw_nodes] */
void scene_gl_draw_mesh(const scene_gl *s, const shader_program *lit, int mesh, mat4 world_from_mesh)
{
    lit_set_model(lit, world_from_mesh);
    /* A mirror turns every triangle clockwise on screen: its outside is then
     * the clockwise side (glTF 2.0: a negative determinant flips winding). */
    bool mirror = scene_is_mirror(world_from_mesh);
    bool culling = glIsEnabled(GL_CULL_FACE);
    if (mirror)
        glFrontFace(GL_CW);
    for (int slot = s->first_primitive[mesh]; slot < primitives_end(s, mesh); slot++) {
        const scene_gl_primitive *p = &s->primitives[slot];
        if (!p->mesh.vao)
            continue;
        if (p->double_sided && culling)
            glDisable(GL_CULL_FACE); /* both sides are surfaces (a leaf, a flag) */
        lit_set_material(lit, p->base_color, p->base_color_texture);
        gpu_mesh_draw(&p->mesh);
        if (p->double_sided && culling)
            glEnable(GL_CULL_FACE);
    }
    if (mirror)
        glFrontFace(GL_CCW);
}

void scene_gl_draw(const scene_gl *s, const gltf_document *doc, const shader_program *lit, mat4 *world_from_node,
                   const bool *shown)
{
    for (int n = 0; n < doc->node_count; n++) {
        if ((shown && !shown[n]) || doc->nodes[n].mesh < 0)
            continue;
        scene_gl_draw_mesh(s, lit, doc->nodes[n].mesh, world_from_node[n]);
    }
}
/* [/listing] */

void scene_gl_draw_normals(const gltf_document *doc, mat4 *world_from_node, const bool *shown, float length,
                           const vec3 color, debug_draw *lines)
{
    for (int n = 0; n < doc->node_count; n++) {
        if ((shown && !shown[n]) || doc->nodes[n].mesh < 0)
            continue;
        /* Normals go through the inverse transpose (as in lit_set_model). */
        mat3 normal_world_from_node;
        glm_mat4_pick3(world_from_node[n], normal_world_from_node);
        glm_mat3_inv(normal_world_from_node, normal_world_from_node);
        glm_mat3_transpose(normal_world_from_node);
        const gltf_mesh *mesh = &doc->meshes[doc->nodes[n].mesh];
        for (int p = 0; p < mesh->primitive_count; p++) {
            const gltf_primitive *prim = &mesh->primitives[p];
            if (prim->skipped || !prim->normals)
                continue;
            for (size_t v = 0; v < prim->vertex_count; v++) {
                vec4 position = {prim->positions[v][0], prim->positions[v][1], prim->positions[v][2], 1.0f};
                vec3 normal = {prim->normals[v][0], prim->normals[v][1], prim->normals[v][2]};
                vec4 position_world;
                vec3 normal_world, tip_world;
                glm_mat4_mulv(world_from_node[n], position, position_world);
                glm_mat3_mulv(normal_world_from_node, normal, normal_world);
                glm_vec3_normalize(normal_world);
                glm_vec3_copy(position_world, tip_world);
                glm_vec3_muladds(normal_world, length, tip_world); /* tip += normal * length */
                debug_draw_line(lines, position_world, tip_world, color);
            }
        }
    }
}
