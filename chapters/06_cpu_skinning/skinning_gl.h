/* skinning_gl.h: drawing what skin_scene_run() skinned on the CPU (chapter
 * 06's program, and chapter 07's CPU path to compare with the GPU's).
 *
 * The meshes are uploaded by chapter 03's scene_gl with dynamic vertex
 * buffers for the skinned primitives (scene_gl_options.dynamic_skinned);
 * each frame rewrites them and draws them here.
 */
#ifndef CH06_SKINNING_GL_H
#define CH06_SKINNING_GL_H

#include "skinning_gltf.h"
#include "chapters/03_gltf_loader/scene_gl.h"

/* Every skinned primitive of a shown node (shown[node]), with this frame's
 * skinned positions and normals. `scratch` holds the largest primitive's
 * vertices (skin_scene_max_vertex_count). lit: drawn as scene_gl draws a mesh
 * with the lit program (its material); otherwise the meshes alone, with
 * `shader` already in use and its uniforms set. */
void skin_scene_draw(const skin_scene *sc, const gltf_document *doc, const bool *shown, lit_vertex *scratch,
                     scene_gl *gpu, const shader_program *shader, bool lit);

#endif
