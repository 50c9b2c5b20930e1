/* weights_gl.h: the skinned meshes of a document on the GPU with their skin
 * joints and weights, drawn unskinned (chapter 05's weight views,
 * shaders/skin_weights.vert and .frag).
 *
 * Each vertex carries what the lit shader reads plus JOINTS_0 and WEIGHTS_0
 * (locations 3 and 4 of common/mesh.h), so the shader can colour a vertex by
 * its dominant joint or by the weight of the selected one.
 */
#ifndef CH05_WEIGHTS_GL_H
#define CH05_WEIGHTS_GL_H

#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/04_bone_tree/skeleton.h"
#include "common/mesh.h"
#include "common/shader.h"

typedef struct weights_gl {
    gpu_mesh *meshes; /* meshes[first_slot[m] + p]: primitive p of mesh m (vao 0 unless skinned) */
    int *first_slot;  /* [mesh_count] */
    int primitive_total;
} weights_gl;

/* Uploads every primitive that has JOINTS_0 and WEIGHTS_0 (and is not skipped). */
bool weights_gl_upload(weights_gl *w, const gltf_document *doc, sa_error *err);

/* Every skinned mesh node, unskinned, placed by skin joint 0's skin matrix
 * (skin_matrix[skin][0], the rest pose), with `shader` in use; the shader's
 * u_selected_skin_joint is the skin joint that is skeleton joint `selected`
 * (-1 when that skin does not use it). */
void weights_gl_draw(const weights_gl *w, const gltf_document *doc, const skeleton *s, mat4 **skin_matrix,
                     const shader_program *shader, int selected);

/* Grows lo..hi by every skinned primitive's box, placed as weights_gl_draw
 * places it. (No GL.) */
void weights_gl_bounds_add(const gltf_document *doc, mat4 **skin_matrix, vec3 lo, vec3 hi);

void weights_gl_free(weights_gl *w);

#endif
