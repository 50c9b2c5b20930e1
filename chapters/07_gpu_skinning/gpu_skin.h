/* gpu_skin.h: linear blend skinning in the vertex shader (chapter 07).
 *
 * The equation is chapter 06's; only where it runs changes. Each frame the
 * CPU computes the skin matrices (one per joint, chapter 05) and uploads them
 * once; the vertex shader blends them per vertex:
 *
 *     vertex buffer   position, normal, texcoord  (floats)
 *                     joints   4 x u8 or u16, read as uvec4 (glVertexAttribIPointer)
 *                     weights  4 x float, read as vec4
 *     per frame       skin_matrix[joint_count]: a std140 uniform block, or a
 *                     texture buffer when the block would be too big
 *
 * Where the matrices live (skin_storage):
 *   SKIN_UNIFORM_BLOCK   `layout(std140) uniform SkinMatrices { mat4 skin_matrix[N]; }`.
 *                        64 bytes a matrix; GL_MAX_UNIFORM_BLOCK_SIZE is at
 *                        least 16 KiB, so at least 256 joints fit everywhere.
 *   SKIN_TEXTURE_BUFFER  a GL_RGBA32F texture buffer (GL 3.1 core), four
 *                        texels a matrix, read with texelFetch: as large as
 *                        GL_MAX_TEXTURE_BUFFER_SIZE (64 Ki texels at least).
 *
 * The shader is three pieces of text compiled as one (skin_program_load):
 *   a preamble  `#version 330 core` and the #defines of this program (the
 *               storage, SKIN_MAX_JOINTS, the method)
 *   shaders/skin.vert         attributes, the matrix fetch, main()
 *   shaders/skin_vertex.glsl  skin_vertex(): exercise ex07.1 (the stub is
 *                             exercises/07_gpu_skinning/skin_vertex.glsl)
 *
 * A second method, dual-quaternion skinning (dual_quat.h), uses the same
 * storage with two vec4 per joint instead of four, and appends
 * shaders/dq_skin_vertex.glsl instead: the GLSL half of exercise ex07.2 (the
 * stub is exercises/07_gpu_skinning/dq_skin_vertex.glsl).
 *
 * Morph targets (glTF's blend shapes, chapter 06's morph_skin_vertex) are
 * added in the same shader, before the skin, as on the CPU:
 *
 *     per primitive   its position and normal deltas: one RGBA32F 2D texture
 *                     (morph_texture_upload), read with texelFetch from
 *                     gl_VertexID; nothing for a primitive without targets
 *     per draw        the targets with a non-zero weight this frame and their
 *                     weights (morph_active): uniform arrays of
 *                     MORPH_MAX_ACTIVE entries, and their count (0: no loop)
 *
 * Every program also captures what its vertex shader wrote (v_position_world,
 * v_normal_world) with transform feedback: skin_capture() reads back the
 * skinned vertices, which is how --dump-obj and the tests see the GPU's work.
 */
#ifndef CH07_GPU_SKIN_H
#define CH07_GPU_SKIN_H

#include "dual_quat.h"

#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/06_cpu_skinning/skinning.h"
#include "common/error.h"
#include "common/gl.h"
#include "common/mesh.h"
#include "common/shader.h"

#include <cglm/cglm.h>
#include <stdbool.h>
#include <stddef.h>

typedef enum skin_method {
    SKIN_LINEAR,    /* linear blend skinning: weighted sum of matrices */
    SKIN_DUAL_QUAT, /* dual-quaternion skinning: weighted sum of rigid transforms */
} skin_method;

typedef enum skin_storage {
    SKIN_UNIFORM_BLOCK,  /* std140 uniform block of mat4 */
    SKIN_TEXTURE_BUFFER, /* texture buffer of RGBA32F texels */
} skin_storage;

/* Uniform block binding point and texture unit of the joints. */
#define SKIN_BLOCK_BINDING 0
#define SKIN_TEXTURE_UNIT 1

/* How many skin matrices fit in one uniform block on this driver:
 * GL_MAX_UNIFORM_BLOCK_SIZE / 64. Needs a current GL context. */
int skin_block_max_matrices(void);

/* The storage for a skin of max_joints joints: the uniform block when it
 * fits, else the texture buffer. */
skin_storage skin_storage_for(int max_joints);

/* The storage a program gets, from what it asks for and what the context
 * has: the texture buffer where it is wanted (force_texture_buffer, or
 * max_joints past block_max) and has_texture_buffer; where it is wanted but
 * the context has none (WebGL 2: sa_gl_has(SA_GL_TEXTURE_BUFFER) is false)
 * the uniform block, *fell_back true, if max_joints fit in it (block_max,
 * skin_block_max_matrices() on the context); else false and a one-line
 * error. */
bool skin_storage_choose(int max_joints, bool force_texture_buffer, bool has_texture_buffer, int block_max,
                         skin_storage *storage, bool *fell_back, sa_error *err);

/* Texture unit of the morph deltas. */
#define MORPH_TEXTURE_UNIT 2

/* [listing morph_active] */
/* The most morph targets one draw adds: uniform arrays of this many target
 * numbers and weights (16 ivec4 and 16 vec4, 32 of the 256 vec4 uniforms GL
 * 3.3 guarantees a vertex shader). Only targets with a non-zero weight
 * count, so a face of a hundred targets of which a few move at once fits.
 * Past it, the MORPH_MAX_ACTIVE largest weights (by magnitude) are drawn and
 * the rest dropped: chapter 06's CPU path stays exact. */
#define MORPH_MAX_ACTIVE 64

/* One primitive's targets this frame, as the shader reads them: target[k]
 * with weight[k] for k < count, in target order. */
typedef struct morph_active {
    int count;
    int target[MORPH_MAX_ACTIVE];
    float weight[MORPH_MAX_ACTIVE];
} morph_active;

/* From one primitive's target_count weights: the targets whose weight is not
 * 0, in target order; when more than MORPH_MAX_ACTIVE are, the
 * MORPH_MAX_ACTIVE largest in magnitude (of equal ones, the earlier target),
 * still in target order, and returns false (something was dropped). */
bool morph_active_choose(int target_count, const float *weights, morph_active *out);
/* [/listing] */

/* A primitive's deltas as a texture (GL_TEXTURE_2D, RGBA32F, no filtering:
 * texelFetch only): texel i = 2 (vertex target_count + target) + attribute
 * (0 position, 1 normal; w unused) at (i % width, i / width), width
 * min(GL_MAX_TEXTURE_SIZE, 4096) (the shader asks textureSize). A NULL delta
 * array is zeros. *texture 0 when target_count is 0. Fails, with a one-line
 * error, when the texels need more rows than GL_MAX_TEXTURE_SIZE. */
bool morph_texture_upload(GLuint *texture, size_t vertex_count, int target_count,
                          const float (*const *position_deltas)[3], const float (*const *normal_deltas)[3],
                          sa_error *err);

/* A skinning program: skin.vert + skin_vertex.glsl, and lit.frag. */
typedef struct skin_program {
    shader_program program; /* id, and the paths for messages; lit_*() take it */
    skin_method method;
    skin_storage storage;
    int max_joints; /* SKIN_MAX_JOINTS of the uniform block */
    /* Where the morph uniforms are (u_morph_count, u_morph_targets,
     * u_morph_weights, u_morph_target_count): found once after linking. */
    GLint morph_count_at, morph_targets_at, morph_weights_at, morph_target_count_at;
} skin_program;

bool skin_program_load(skin_program *p, skin_method method, skin_storage storage, int max_joints, sa_error *err);
/* Rebuilds from the same files (the R key); on failure the old one stays. */
bool skin_program_reload(skin_program *p, sa_error *err);
/* A shader file of the project (found as every program finds its files),
 * malloc'd, or NULL and an error naming it. When the file is an exercise's
 * stub (it holds SA_STUB_NOTE), prints the note that names the exercise
 * (ex07.2 for a dq_skin_vertex file, else ex07.1), as the C stubs do.
 * Chapter 12's crowd shader reads skin_vertex() through it too. */
char *skin_shader_read(const char *relative, sa_error *err);
void skin_program_unload(skin_program *p);

/* The joints of one skin on the GPU: a buffer of capacity joints (the
 * program's max_joints, so that a uniform block is always whole), and for
 * SKIN_TEXTURE_BUFFER the texture that reads it. */
typedef struct skin_palette {
    skin_storage storage;
    int capacity;
    GLuint buffer, texture;
} skin_palette;

bool skin_palette_init(skin_palette *pal, skin_storage storage, int capacity, sa_error *err);
void skin_palette_free(skin_palette *pal);
/* Once per frame: count (<= capacity) skin matrices, or dual quaternions. */
void skin_palette_upload_matrices(skin_palette *pal, int count, mat4 *skin_matrix);
void skin_palette_upload_dual_quats(skin_palette *pal, int count, const dual_quat *skin_dq);
/* Before drawing with it: binds the buffer (block binding SKIN_BLOCK_BINDING)
 * or the texture (unit SKIN_TEXTURE_UNIT). */
void skin_palette_bind(const skin_palette *pal);

/* Before drawing one primitive with p (in use): its deltas' texture on unit
 * MORPH_TEXTURE_UNIT and this frame's active targets; active NULL or
 * target_count 0 (no morph targets): a count of 0, the shader adds nothing. */
void morph_bind(const skin_program *p, GLuint texture, int target_count, const morph_active *active);

/* One skinned primitive's vertex buffer (and the primitive's triangles):
 * the attributes above, joints as u8 when the skin has at most 256 joints,
 * else u16, as chapter 06 cleaned them. */
bool skin_mesh_upload(gpu_mesh *mesh, const gltf_primitive *prim, const skin_influences *inf, sa_error *err);

/* Runs the program (in use, palette bound) over the mesh's vertex_count
 * vertices as points, rasterizer off, and reads back what the vertex shader
 * wrote, in vertex order: positions and normals in world (scene) space.
 * out_normals may be NULL. Allocates a GL buffer for the capture: for dumps
 * and tests, not for every frame. */
bool skin_capture(const gpu_mesh *mesh, size_t vertex_count, float (*out_positions)[3], float (*out_normals)[3],
                  sa_error *err);

#endif
