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
#include "shader.h"

#include <cglm/cglm.h>

/* Towards the light, before normalisation: from above, right and front. */
#define LIT_LIGHT_DIRECTION_WORLD {0.4f, 0.8f, 0.45f}

bool lit_load(shader_program *lit, sa_error *err);

/* Once per frame: uses the program, sets the camera, the light, and the
 * base colour texture to unit 0. */
void lit_begin_frame(const shader_program *lit, mat4 clip_from_world);

/* Per object: its world_from_model matrix and the matching normal matrix. */
void lit_set_model(const shader_program *lit, mat4 world_from_model);

/* Per material: base colour (linear RGBA) and an sRGB colour texture
 * (texture_cache_white() when the material has none). */
void lit_set_material(const shader_program *lit, const float base_color[4], GLuint base_color_texture);

#endif
