/* gpu_skin_gltf.c: GPU skinning of the skinned meshes of a glTF document. */
#include "gpu_skin_gltf.h"

#include "chapters/05_inverse_bind/bind.h"
#include "common/lit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gpu_skin_scene_free(gpu_skin_scene *g)
{
    for (int i = 0; g->meshes && i < g->primitive_count; i++)
        gpu_mesh_unload(&g->meshes[i]);
    for (int i = 0; g->palettes && i < g->skin_count + g->primitive_count; i++)
        skin_palette_free(&g->palettes[i]);
    for (int i = 0; g->skin_dq && i < g->skin_count; i++)
        free(g->skin_dq[i]);
    for (int i = 0; g->morph_textures && i < g->primitive_count; i++)
        if (g->morph_textures[i])
            glDeleteTextures(1, &g->morph_textures[i]);
    for (int m = 0; m < 2; m++)
        skin_program_unload(&g->programs[m]);
    free(g->morph_textures);
    free(g->morph_active);
    free(g->meshes);
    free(g->palettes);
    free(g->skin_dq);
    memset(g, 0, sizeof *g);
}

bool gpu_skin_scene_init(gpu_skin_scene *g, const skin_scene *sc, const gltf_document *doc, bool force_texture_buffer,
                         sa_error *err)
{
    memset(g, 0, sizeof *g);
    g->primitive_count = sc->primitive_count;
    g->skin_count = sc->skin_count;
    g->max_joints = 1;
    for (int i = 0; i < doc->skin_count; i++)
        g->max_joints = doc->skins[i].joint_count > g->max_joints ? doc->skins[i].joint_count : g->max_joints;
    if (!skin_storage_choose(g->max_joints, force_texture_buffer, sa_gl_has(SA_GL_TEXTURE_BUFFER),
                             skin_block_max_matrices(), &g->storage, &g->storage_fell_back, err)) {
        memset(g, 0, sizeof *g);
        return false;
    }
    g->meshes = calloc((size_t)g->primitive_count + 1, sizeof *g->meshes);
    /* A palette per skin, then one per primitive with morph targets and no
     * skin (skin -1: its node's matrix alone), at skin_count + its index. */
    g->palettes = calloc((size_t)g->skin_count + (size_t)g->primitive_count + 1, sizeof *g->palettes);
    g->skin_dq = calloc((size_t)g->skin_count + 1, sizeof *g->skin_dq);
    g->morph_textures = calloc((size_t)g->primitive_count + 1, sizeof *g->morph_textures);
    g->morph_active = calloc((size_t)g->primitive_count + 1, sizeof *g->morph_active);
    bool ok = g->meshes && g->palettes && g->skin_dq && g->morph_textures && g->morph_active;
    for (int i = 0; ok && i < g->skin_count; i++)
        ok = (g->skin_dq[i] = calloc((size_t)doc->skins[i].joint_count + 1, sizeof(dual_quat))) != NULL;
    if (!ok) {
        gpu_skin_scene_free(g);
        return sa_error_set(err, "out of memory");
    }
    for (int i = 0; ok && i < g->primitive_count; i++) {
        const skinned_primitive *sp = &sc->primitives[i];
        ok = skin_mesh_upload(&g->meshes[i], &doc->meshes[sp->mesh].primitives[sp->primitive], &sp->influences, err) &&
             morph_texture_upload(&g->morph_textures[i], sp->job.vertex_count, sp->target_count, sp->position_deltas,
                                  sp->normal_deltas, err);
        if (!ok)
            sa_error_prefix(err, "meshes[%d].primitives[%d]", sp->mesh, sp->primitive);
    }
    for (int i = 0; ok && i < g->skin_count; i++)
        ok = skin_palette_init(&g->palettes[i], g->storage, g->max_joints, err);
    for (int i = 0; ok && i < g->primitive_count; i++)
        if (sc->primitives[i].skin < 0)
            ok = skin_palette_init(&g->palettes[g->skin_count + i], g->storage, g->max_joints, err);
    if (!ok)
        gpu_skin_scene_free(g);
    return ok;
}

bool gpu_skin_scene_load_programs(gpu_skin_scene *g, sa_error *err)
{
    return skin_program_load(&g->programs[SKIN_LINEAR], SKIN_LINEAR, g->storage, g->max_joints, err) &&
           skin_program_load(&g->programs[SKIN_DUAL_QUAT], SKIN_DUAL_QUAT, g->storage, g->max_joints, err);
}

/* [listing scene_update] */
void gpu_skin_scene_update(gpu_skin_scene *g, skin_scene *sc, const skeleton *s, skin_method method)
{
    for (int i = 0; i < g->skin_count; i++) {
        int count = s->skins[i].joint_count;
        skin_matrices(count, s->skins[i].joint_of_skin_joint, sc->model_from_joint, sc->joint_from_model_bind[i],
                      sc->skin_matrix[i]);
        if (method == SKIN_LINEAR) {
            skin_palette_upload_matrices(&g->palettes[i], count, sc->skin_matrix[i]);
        } else {
            for (int k = 0; k < count; k++)
                dq_from_rigid(sc->skin_matrix[i][k], &g->skin_dq[i][k]);
            skin_palette_upload_dual_quats(&g->palettes[i], count, g->skin_dq[i]);
        }
    }
    /* Morph targets: each primitive's targets with a weight this frame. */
    for (int i = 0; i < g->primitive_count; i++) {
        const skinned_primitive *sp = &sc->primitives[i];
        if (sp->target_count == 0)
            continue;
        bool all = morph_active_choose(sp->target_count, sc->morph_weights + sp->weight_start, &g->morph_active[i]);
        /* [elide past MORPH_MAX_ACTIVE: a note on stderr, once] */
        if (!all && !g->morph_limit_noted) {
            fprintf(stderr,
                    "note: meshes[%d] has more than %d morph targets with a weight at once: the GPU draws the %d "
                    "largest (the CPU path, G, draws them all)\n",
                    sp->mesh, MORPH_MAX_ACTIVE, MORPH_MAX_ACTIVE);
            g->morph_limit_noted = true;
        }
        /* [/elide] */
    }
    /* Morph targets without a skin: the node's matrix, a palette of one. */
    skin_scene_node_matrices(sc, s);
    for (int i = 0; i < g->primitive_count; i++) {
        skinned_primitive *sp = &sc->primitives[i];
        if (sp->skin >= 0)
            continue;
        if (method == SKIN_LINEAR) {
            skin_palette_upload_matrices(&g->palettes[g->skin_count + i], 1, sp->node_matrix);
        } else {
            dual_quat dq;
            dq_from_rigid(sp->node_matrix[0], &dq);
            skin_palette_upload_dual_quats(&g->palettes[g->skin_count + i], 1, &dq);
        }
    }
}
/* [/listing] */

/* Before drawing primitive i: its palette (its skin's, or its node's
 * matrix), its morph texture and this frame's targets. */
static void bind_primitive(const gpu_skin_scene *g, const skin_scene *sc, int i, skin_method method)
{
    const skinned_primitive *sp = &sc->primitives[i];
    skin_palette_bind(&g->palettes[sp->skin >= 0 ? sp->skin : g->skin_count + i]);
    morph_bind(&g->programs[method], g->morph_textures[i], sp->target_count, &g->morph_active[i]);
}

void gpu_skin_scene_draw(const gpu_skin_scene *g, const skin_scene *sc, const scene_gl *materials, const bool *shown,
                         skin_method method)
{
    const shader_program *program = &g->programs[method].program;
    static const float white[4] = {1, 1, 1, 1};
    for (int i = 0; i < g->primitive_count; i++) {
        const skinned_primitive *sp = &sc->primitives[i];
        if (shown && !shown[sp->node])
            continue;
        const scene_gl_primitive *look = materials ? scene_gl_primitive_at(materials, sp->mesh, sp->primitive) : NULL;
        if (look && look->mesh.vao)
            lit_set_material(program, look->base_color, look->base_color_texture);
        else if (materials)
            lit_set_material(program, white, materials->white);
        bool two_sided = look && look->double_sided;
        if (two_sided)
            glDisable(GL_CULL_FACE);
        bind_primitive(g, sc, i, method);
        gpu_mesh_draw(&g->meshes[i]);
        if (two_sided)
            glEnable(GL_CULL_FACE);
    }
}

bool gpu_skin_scene_capture(const gpu_skin_scene *g, skin_scene *sc, skin_method method, sa_error *err)
{
    glUseProgram(g->programs[method].program.id);
    for (int i = 0; i < g->primitive_count; i++) {
        skinned_primitive *sp = &sc->primitives[i];
        bind_primitive(g, sc, i, method);
        if (!skin_capture(&g->meshes[i], sp->job.vertex_count, sp->positions, sp->normals, err))
            return sa_error_prefix(err, "meshes[%d].primitives[%d]", sp->mesh, sp->primitive);
    }
    return true;
}
