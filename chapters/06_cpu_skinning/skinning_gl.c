/* skinning_gl.c: see skinning_gl.h. */
#include "skinning_gl.h"

/* [listing upload] */
/* The skinned vertices of this frame to the GPU: interleaved into the
 * lit_vertex layout (one scratch array, allocated once), then copied into the
 * primitive's dynamic buffer with glBufferSubData, and drawn where they are:
 * skinned positions are already in scene space, so the mesh is drawn with
 * the identity. A mesh used by two skinned nodes is rewritten before each. */
void skin_scene_draw(const skin_scene *sc, const gltf_document *doc, const bool *shown, lit_vertex *scratch,
                     scene_gl *gpu, const shader_program *shader, bool lit)
{
    mat4 identity = GLM_MAT4_IDENTITY_INIT;
    for (int i = 0; i < sc->primitive_count; i++) {
        const skinned_primitive *sp = &sc->primitives[i];
        if (!shown[sp->node])
            continue;
        const gltf_primitive *prim = &doc->meshes[sp->mesh].primitives[sp->primitive];
        lit_vertices_interleave(scratch, prim->vertex_count, &sp->positions[0][0], &sp->normals[0][0],
                                prim->texcoords ? &prim->texcoords[0][0] : NULL);
        scene_gl_update_vertices(gpu, sp->mesh, sp->primitive, scratch);
        bool last_of_node = i + 1 == sc->primitive_count || sc->primitives[i + 1].node != sp->node;
        if (last_of_node && lit)
            scene_gl_draw_mesh(gpu, shader, sp->mesh, identity);
        else if (last_of_node)
            for (int p = 0; p < doc->meshes[sp->mesh].primitive_count; p++)
                gpu_mesh_draw(&scene_gl_primitive_at(gpu, sp->mesh, p)->mesh);
    }
}
/* [/listing] */
