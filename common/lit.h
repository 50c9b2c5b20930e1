/* lit.h: the lighting every chapter draws with.
 *
 * shaders/lit.vert and lit.frag: one directional light plus a hemisphere
 * ambient term, computed in linear space, written out as sRGB (book,
 * chapter 01, "Colour: linear light, sRGB pixels"). The light and the
 * uniform names live here once; the screenshot tests rely on the light.
 */
#ifndef SA_LIT_H
#define SA_LIT_H

#include "error.h"
#include "gl.h"
#include "mesh.h"
#include "shader.h"

#include <cglm/cglm.h>
#include <stddef.h>

/* The vertex the lit shader reads, for every chapter: whatever a loader
 * stores, its arrays are interleaved into this once, at upload. */
typedef struct lit_vertex {
    float position[3]; /* model space */
    float normal[3];   /* unit length */
    float texcoord[2]; /* (0, 0) at the image's first pixel */
} lit_vertex;

/* Its layout table (attribute locations 0, 1, 2 of common/mesh.h). */
extern const vertex_layout lit_vertex_layout;

/* A loader's own vertex type (obj_vertex) can be uploaded with
 * lit_vertex_layout when it is lit_vertex under another name; this makes
 * the compiler check that it is (same size, same offsets). */
#define LIT_VERTEX_SAME_LAYOUT(type)                                                                                   \
    _Static_assert(sizeof(type) == sizeof(lit_vertex) && offsetof(type, position) == offsetof(lit_vertex, position) && \
                       offsetof(type, normal) == offsetof(lit_vertex, normal) &&                                       \
                       offsetof(type, texcoord) == offsetof(lit_vertex, texcoord),                                     \
                   #type " is not laid out as lit_vertex")

/* Interleaves separate arrays into lit_vertex (normals and texcoords may be
 * NULL: then (0, 0, 0) and (0, 0)). No allocation: chapters that rewrite
 * positions every frame pass the same `out` each time. Each input holds
 * count elements of 3, 3 and 2 floats. */
void lit_vertices_interleave(lit_vertex *out, size_t count, const float *positions, const float *normals,
                             const float *texcoords);

/* Towards the light, before normalisation: from above, right and front. */
#define LIT_LIGHT_DIRECTION_WORLD                                                                                      \
    {                                                                                                                  \
        0.4f, 0.8f, 0.45f                                                                                              \
    }

bool lit_load(shader_program *lit, sa_error *err);

/* Once per frame: uses the program, sets the camera, the light, and the
 * base colour texture to unit 0. */
void lit_begin_frame(const shader_program *lit, mat4 clip_from_world);

/* Per object: its world_from_model matrix and the matching normal matrix. */
void lit_set_model(const shader_program *lit, mat4 world_from_model);

/* Per material: base colour (linear RGBA) and an sRGB colour texture
 * (texture_cache_white() when the material has none). */
void lit_set_material(const shader_program *lit, const float base_color[4], GLuint base_color_texture);

/* A debug view: surfaces coloured by their world-space normal, (n + 1) / 2
 * as RGB (+X red, +Y green, +Z blue), instead of lit. Call after
 * lit_begin_frame(), every frame (a shader reload resets it to off). */
void lit_set_normal_colors(const shader_program *lit, bool on);

#endif
