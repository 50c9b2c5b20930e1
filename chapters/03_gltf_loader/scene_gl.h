/* scene_gl.h: a loaded glTF document on the GPU, and drawing it.
 *
 * The one place where chapters 03 to 11 turn a gltf_document into draws:
 *
 *     scene_gl gpu;
 *     scene_gl_upload(&gpu, &doc, NULL, &err);        once, after gltf_load()
 *     ...each frame:
 *     lit_begin_frame(&lit, clip_from_world);          camera and light
 *     scene_gl_draw(&gpu, &doc, &lit, world_from_node, shown);
 *     ...
 *     scene_gl_free(&gpu);
 *
 * Upload makes one gpu_mesh per primitive (positions, normals and texcoords
 * interleaved into lit_vertex) and one texture per glTF texture that a
 * material uses, with its sampler's wrap and filter modes (sRGB: base
 * colour). Each primitive keeps its material (base colour, texture,
 * doubleSided) so that a draw is one call.
 *
 * Drawing takes the caller's world_from_node array: the rest pose from
 * scene.h in chapter 03, animated nodes from chapter 04 on. A node whose
 * matrix mirrors space is drawn with clockwise front faces (glTF 2.0,
 * "Transformations": a negative determinant flips the winding), and a
 * doubleSided material is drawn without back-face culling; both are put back
 * after the draw.
 *
 * Morph targets are not drawn here: a model with some is drawn in its base
 * shape, and upload says so on stderr, once ("note: 1 mesh with 2 morph
 * targets: the base shape is drawn (morph targets are played from chapter 06
 * on)"), unless the program morphs the vertices itself and says so
 * (`plays_morph_targets`).
 *
 * Skinning (chapter 06) replaces vertex positions every frame: upload with
 * `dynamic_skinned` set, then scene_gl_update_vertices() for each skinned
 * primitive, and draw the mesh with scene_gl_draw_mesh().
 */
#ifndef CH03_SCENE_GL_H
#define CH03_SCENE_GL_H

#include "gltf.h"

#include "common/debug_draw.h"
#include "common/error.h"
#include "common/gl.h"
#include "common/lit.h"
#include "common/mesh.h"
#include "common/shader.h"

#include <cglm/cglm.h>
#include <stdbool.h>

typedef struct scene_gl_primitive {
    gpu_mesh mesh;             /* all zero (vao 0) when the primitive is not drawn */
    size_t vertex_count;       /* lit_vertex elements in mesh's vertex buffer */
    float base_color[4];       /* the material's baseColorFactor (linear) */
    GLuint base_color_texture; /* the material's texture, or the white one */
    bool double_sided;         /* the material's doubleSided: no culling */
} scene_gl_primitive;

typedef struct scene_gl {
    scene_gl_primitive *primitives; /* primitive p of mesh m: primitives[first_primitive[m] + p] */
    int *first_primitive;           /* [mesh_count] */
    int mesh_count, primitive_count;
    GLuint *textures; /* [texture_count of the document]: 0 when no material uses it */
    int texture_count;
    GLuint *uploaded; /* the distinct texture names, for scene_gl_free() */
    int uploaded_count;
    GLuint white; /* 1x1 white, for materials without a texture */
} scene_gl;

typedef struct scene_gl_options {
    /* Primitives with JOINTS_0 and WEIGHTS_0 go into GL_DYNAMIC_DRAW buffers,
     * to be rewritten each frame with scene_gl_update_vertices() (chapter 06). */
    bool dynamic_skinned;
    /* The program morphs the vertices it draws (chapter 06 on): no note. */
    bool plays_morph_targets;
} scene_gl_options;

/* Uploads every primitive that is not `skipped`, and the textures its
 * material uses. options may be NULL (all static). On failure everything is
 * released and err says why. */
bool scene_gl_upload(scene_gl *s, const gltf_document *doc, const scene_gl_options *options, sa_error *err);

/* The note upload prints, for a program that draws the meshes another way
 * (chapter 05's weight colours): nothing when the file has no morph targets. */
void scene_gl_note_morph_targets(const gltf_document *doc);
void scene_gl_free(scene_gl *s);

/* Draws every node with a mesh for which shown[node] is true (shown NULL:
 * every node), at world_from_node[node] ([doc->node_count], read only).
 * The caller has called lit_begin_frame(). */
void scene_gl_draw(const scene_gl *s, const gltf_document *doc, const shader_program *lit, mat4 *world_from_node,
                   const bool *shown);

/* Draws the primitives of one mesh at one matrix (mirrors handled). */
void scene_gl_draw_mesh(const scene_gl *s, const shader_program *lit, int mesh, mat4 world_from_mesh);

/* Primitive p of mesh m, or NULL when out of range. */
scene_gl_primitive *scene_gl_primitive_at(const scene_gl *s, int mesh, int primitive);

/* Replaces the vertices of primitive p of mesh m (vertex_count lit_vertex,
 * the count it was uploaded with); build them with lit_vertices_interleave().
 * The primitive should have been uploaded dynamic. */
void scene_gl_update_vertices(scene_gl *s, int mesh, int primitive, const lit_vertex *vertices);

/* Debug view: each vertex normal of the shown nodes as a line `length`
 * metres long, from the vertex along the world-space normal (the normal
 * matrix of world_from_node). Collected into `lines`, drawn at its flush. */
void scene_gl_draw_normals(const gltf_document *doc, mat4 *world_from_node, const bool *shown, float length,
                           const vec3 color, debug_draw *lines);

#endif
