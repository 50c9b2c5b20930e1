/* gpu_skin.c: skinning programs, the joints on the GPU, skinned vertex
 * buffers and transform-feedback capture (chapter 07). */
#include "gpu_skin.h"

#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The project-relative paths of skin_vertex() (exercise ex07.1) and
 * dq_skin_vertex() (the GLSL half of ex07.2): the reference in shaders/ or
 * the stub in exercises/, as SA_EXERCISES says (CMake passes them, see this
 * chapter's CMakeLists.txt). */
#ifndef SKIN_VERTEX_GLSL
#define SKIN_VERTEX_GLSL "shaders/skin_vertex.glsl"
#endif
#ifndef DQ_SKIN_VERTEX_GLSL
#define DQ_SKIN_VERTEX_GLSL "shaders/dq_skin_vertex.glsl"
#endif
#define SKIN_VERT "shaders/skin.vert"
#define SKIN_FRAG "shaders/lit.frag"

int skin_block_max_matrices(void)
{
    GLint bytes = 0;
    glGetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &bytes);
    return bytes / (int)sizeof(mat4);
}

skin_storage skin_storage_for(int max_joints)
{
    return max_joints <= skin_block_max_matrices() ? SKIN_UNIFORM_BLOCK : SKIN_TEXTURE_BUFFER;
}

bool skin_storage_choose(int max_joints, bool force_texture_buffer, bool has_texture_buffer, int block_max,
                         skin_storage *storage, bool *fell_back, sa_error *err)
{
    bool fits_block = max_joints <= block_max;
    bool wants_texture_buffer = force_texture_buffer || !fits_block;
    *fell_back = wants_texture_buffer && !has_texture_buffer;
    *storage = wants_texture_buffer && has_texture_buffer ? SKIN_TEXTURE_BUFFER : SKIN_UNIFORM_BLOCK;
    if (!fits_block && !has_texture_buffer)
        return sa_error_set(err,
                            "%d joints in the largest skin: a uniform block holds %d here, and this GL (WebGL 2) "
                            "has no texture buffers",
                            max_joints, block_max);
    return true;
}

char *skin_shader_read(const char *relative, sa_error *err)
{
    char path[SA_PATH_MAX];
    char *text;
    size_t size;
    if (!sa_path_find(relative, path, sizeof path, err) || !sa_file_read(path, &text, &size, err))
        return NULL;
    /* A stub says so, as the C stubs do (exercises/stub_note.h). */
    if (strstr(text, "SA_STUB_NOTE")) {
        bool dq = strstr(relative, "dq_skin_vertex") != NULL;
        fprintf(stderr, "note: %s is not written yet (%s): %s() leaves vertices where they are\n",
                dq ? "ex07.2" : "ex07.1", relative, dq ? "dq_skin_vertex" : "skin_vertex");
    }
    return text;
}

/* [listing skin_program_build] */
static GLuint build(const skin_program *p, sa_error *err)
{
    /* The preamble: this program's choices, as #defines read by skin.vert.
     * Each file then starts at its own line 1 (#line N S: S numbers the
     * file in the driver's messages). */
    char preamble[256];
    snprintf(preamble, sizeof preamble,
             "#version 330 core\n#define SKIN_MAX_JOINTS %d\n#define MORPH_MAX_ACTIVE %d\n%s%s#line 1 1\n",
             p->max_joints, MORPH_MAX_ACTIVE, p->storage == SKIN_TEXTURE_BUFFER ? "#define SKIN_TEXTURE_BUFFER\n" : "",
             p->method == SKIN_DUAL_QUAT ? "#define SKIN_DUAL_QUAT\n" : "");
    /* The skinning function: skin_vertex() or dq_skin_vertex(), each the
     * function of an exercise, appended to skin.vert. */
    bool dq = p->method == SKIN_DUAL_QUAT;
    char *vert = skin_shader_read(SKIN_VERT, err);
    char *function = vert ? skin_shader_read(dq ? DQ_SKIN_VERTEX_GLSL : SKIN_VERTEX_GLSL, err) : NULL;
    GLuint vs = 0, fs = 0, program = 0;
    if (function) {
        const char *vs_sources[] = {preamble, vert, "\n#line 1 2\n", function};
        vs = shader_compile_sources(GL_VERTEX_SHADER, 4, vs_sources,
                                    dq ? SKIN_VERT " (1) + " DQ_SKIN_VERTEX_GLSL " (2)"
                                       : SKIN_VERT " (1) + " SKIN_VERTEX_GLSL " (2)",
                                    err);
        fs = vs ? shader_compile_file(GL_FRAGMENT_SHADER, SKIN_FRAG, err) : 0;
    }
    /* What transform feedback captures: chosen before linking. */
    const char *captured[] = {"v_position_world", "v_normal_world"};
    if (vs && fs)
        program = shader_link(vs, fs, captured, 2, SKIN_VERT, SKIN_FRAG, err);
    /* [/listing] */
    if (vs)
        glDeleteShader(vs);
    if (fs)
        glDeleteShader(fs);
    free(vert);
    free(function);
    if (program) {
        /* The block and the texture are found by binding point and unit. */
        GLuint block = glGetUniformBlockIndex(program, p->method == SKIN_DUAL_QUAT ? "SkinDualQuats" : "SkinMatrices");
        if (block != GL_INVALID_INDEX)
            glUniformBlockBinding(program, block, SKIN_BLOCK_BINDING);
        glUseProgram(program);
        glUniform1i(glGetUniformLocation(program, "u_skin_texture"), SKIN_TEXTURE_UNIT);
        glUniform1i(glGetUniformLocation(program, "u_morph_texture"), MORPH_TEXTURE_UNIT);
        glUseProgram(0);
    }
    return program;
}

/* The morph uniforms of a freshly built program. */
static void find_morph_uniforms(skin_program *p)
{
    p->morph_count_at = glGetUniformLocation(p->program.id, "u_morph_count");
    p->morph_targets_at = glGetUniformLocation(p->program.id, "u_morph_targets");
    p->morph_weights_at = glGetUniformLocation(p->program.id, "u_morph_weights");
    p->morph_target_count_at = glGetUniformLocation(p->program.id, "u_morph_target_count");
}

bool skin_program_load(skin_program *p, skin_method method, skin_storage storage, int max_joints, sa_error *err)
{
    memset(p, 0, sizeof *p);
    if (max_joints < 1)
        max_joints = 1;
    if (storage == SKIN_UNIFORM_BLOCK && max_joints > skin_block_max_matrices())
        return sa_error_set(err,
                            "%d skin matrices do not fit in a uniform block (%d at most here): use the texture "
                            "buffer",
                            max_joints, skin_block_max_matrices());
    p->method = method;
    p->storage = storage;
    p->max_joints = max_joints;
    snprintf(p->program.vertex_path, sizeof p->program.vertex_path, "%s", SKIN_VERT);
    snprintf(p->program.fragment_path, sizeof p->program.fragment_path, "%s", SKIN_FRAG);
    p->program.id = build(p, err);
    find_morph_uniforms(p);
    return p->program.id != 0;
}

bool skin_program_reload(skin_program *p, sa_error *err)
{
    GLuint fresh = build(p, err);
    if (!fresh)
        return false;
    glDeleteProgram(p->program.id);
    p->program.id = fresh;
    find_morph_uniforms(p);
    return true;
}

void skin_program_unload(skin_program *p)
{
    if (p->program.id)
        glDeleteProgram(p->program.id);
    p->program.id = 0;
}

/* --- the joints ---------------------------------------------------------------- */

bool skin_palette_init(skin_palette *pal, skin_storage storage, int capacity, sa_error *err)
{
    memset(pal, 0, sizeof *pal);
    pal->storage = storage;
    pal->capacity = capacity < 1 ? 1 : capacity;
    GLenum target = storage == SKIN_UNIFORM_BLOCK ? GL_UNIFORM_BUFFER : GL_TEXTURE_BUFFER;
    glGenBuffers(1, &pal->buffer);
    glBindBuffer(target, pal->buffer);
    /* Zeros to start with; rewritten every frame (GL_DYNAMIC_DRAW). */
    glBufferData(target, (GLsizeiptr)pal->capacity * (GLsizeiptr)sizeof(mat4), NULL, GL_DYNAMIC_DRAW);
    glBindBuffer(target, 0);
    if (storage == SKIN_TEXTURE_BUFFER) {
        glGenTextures(1, &pal->texture);
        glBindTexture(GL_TEXTURE_BUFFER, pal->texture);
        glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, pal->buffer);
        glBindTexture(GL_TEXTURE_BUFFER, 0);
    }
    if (glGetError() != GL_NO_ERROR) {
        skin_palette_free(pal);
        return sa_error_set(err, "could not make a buffer of %d skin matrices", capacity);
    }
    return true;
}

void skin_palette_free(skin_palette *pal)
{
    if (pal->texture)
        glDeleteTextures(1, &pal->texture);
    if (pal->buffer)
        glDeleteBuffers(1, &pal->buffer);
    memset(pal, 0, sizeof *pal);
}

/* [listing palette_upload] */
/* One call replaces the frame's elements (matrices or dual quaternions),
 * laid out in memory as the shader reads them. */
static void palette_upload(skin_palette *pal, int count, size_t element_size, const void *elements)
{
    GLenum target = pal->storage == SKIN_UNIFORM_BLOCK ? GL_UNIFORM_BUFFER : GL_TEXTURE_BUFFER;
    if (count > pal->capacity)
        count = pal->capacity;
    glBindBuffer(target, pal->buffer);
    glBufferSubData(target, 0, (GLsizeiptr)count * (GLsizeiptr)element_size, elements);
    glBindBuffer(target, 0);
}

/* mat4 in cglm is 16 floats, column after column: exactly std140's layout
 * of a mat4 (four vec4 columns, 16 bytes each, no padding) and four RGBA32F
 * texels. */
void skin_palette_upload_matrices(skin_palette *pal, int count, mat4 *skin_matrix)
{
    palette_upload(pal, count, sizeof(mat4), skin_matrix);
}
/* [/listing] */

void skin_palette_upload_dual_quats(skin_palette *pal, int count, const dual_quat *skin_dq)
{
    _Static_assert(sizeof(dual_quat) == 8 * sizeof(float), "dual_quat is two vec4, as std140 lays them out");
    palette_upload(pal, count, sizeof(dual_quat), skin_dq);
}

void skin_palette_bind(const skin_palette *pal)
{
    if (pal->storage == SKIN_UNIFORM_BLOCK) {
        glBindBufferBase(GL_UNIFORM_BUFFER, SKIN_BLOCK_BINDING, pal->buffer);
    } else {
        glActiveTexture(GL_TEXTURE0 + SKIN_TEXTURE_UNIT);
        glBindTexture(GL_TEXTURE_BUFFER, pal->texture);
        glActiveTexture(GL_TEXTURE0);
    }
}

/* --- morph targets ------------------------------------------------------------ */

/* [listing morph_active_choose] */
bool morph_active_choose(int target_count, const float *weights, morph_active *out)
{
    int nonzero = 0;
    for (int t = 0; t < target_count; t++)
        nonzero += weights[t] != 0.0f;
    out->count = 0;
    for (int t = 0; t < target_count; t++) {
        if (weights[t] == 0.0f) /* adds nothing: not worth a loop turn */
            continue;
        if (nonzero > MORPH_MAX_ACTIVE) {
            /* Too many: t is kept when fewer than MORPH_MAX_ACTIVE weigh
             * more (of equal ones, the earlier counts as more). Quadratic,
             * but only on a frame past the limit. */
            int heavier = 0;
            for (int u = 0; u < target_count; u++)
                heavier += fabsf(weights[u]) > fabsf(weights[t]) || (u < t && fabsf(weights[u]) == fabsf(weights[t]));
            if (heavier >= MORPH_MAX_ACTIVE)
                continue;
        }
        out->target[out->count] = t;
        out->weight[out->count] = weights[t];
        out->count++;
    }
    return nonzero <= MORPH_MAX_ACTIVE;
}
/* [/listing] */

/* [listing morph_texture_upload] */
bool morph_texture_upload(GLuint *texture, size_t vertex_count, int target_count,
                          const float (*const *position_deltas)[3], const float (*const *normal_deltas)[3],
                          sa_error *err)
{
    *texture = 0;
    if (target_count <= 0 || vertex_count == 0)
        return true;
    /* Two texels per vertex and target, a vertex's targets side by side:
     * the shader's loop over one vertex's targets reads neighbours. */
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    size_t width = max_size < 4096 ? (size_t)max_size : 4096;
    size_t texels = 2 * vertex_count * (size_t)target_count;
    size_t rows = (texels + width - 1) / width;
    if (rows > (size_t)max_size)
        return sa_error_set(err, "%zu vertices x %d morph targets need %zu texels: a texture holds %zu x %d here",
                            vertex_count, target_count, texels, width, max_size);
    float(*deltas)[4] = calloc(rows * width, sizeof *deltas);
    /* [elide report "out of memory"] */
    if (!deltas)
        return sa_error_set(err, "out of memory for %zu morph texels", texels);
    /* [/elide] */
    for (size_t v = 0; v < vertex_count; v++)
        for (int t = 0; t < target_count; t++) {
            size_t i = 2 * (v * (size_t)target_count + (size_t)t);
            if (position_deltas[t])
                memcpy(deltas[i], position_deltas[t][v], 3 * sizeof(float));
            if (normal_deltas[t])
                memcpy(deltas[i + 1], normal_deltas[t][v], 3 * sizeof(float));
        }
    glGenTextures(1, texture);
    glBindTexture(GL_TEXTURE_2D, *texture);
    /* texelFetch ignores filtering, but a texture whose filter wants mipmaps
     * it lacks is incomplete, and reads zeros. */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei)width, (GLsizei)rows, 0, GL_RGBA, GL_FLOAT, deltas);
    glBindTexture(GL_TEXTURE_2D, 0);
    free(deltas);
    /* [elide a GL error: the texture deleted, reported] */
    GLenum gl_error = glGetError();
    if (gl_error != GL_NO_ERROR) {
        glDeleteTextures(1, texture);
        *texture = 0;
        return sa_error_set(err, "could not make a %zu x %zu morph texture (GL error 0x%x)", width, rows, gl_error);
    }
    /* [/elide] */
    return true;
}
/* [/listing] */

void morph_bind(const skin_program *p, GLuint texture, int target_count, const morph_active *active)
{
    int count = active && target_count > 0 ? active->count : 0;
    glUniform1i(p->morph_count_at, count);
    if (count == 0)
        return;
    /* Whole vec4s (the arrays are ivec4 and vec4, see skin.vert): the
     * entries past count are read by no one. */
    glUniform4iv(p->morph_targets_at, (count + 3) / 4, active->target);
    glUniform4fv(p->morph_weights_at, (count + 3) / 4, active->weight);
    glUniform1i(p->morph_target_count_at, target_count);
    glActiveTexture(GL_TEXTURE0 + MORPH_TEXTURE_UNIT);
    glBindTexture(GL_TEXTURE_2D, texture);
    glActiveTexture(GL_TEXTURE0);
}

/* --- vertices ---------------------------------------------------------------- */

/* [listing skinned_vertex] */
/* The vertex of a skinned primitive: lit_vertex's three attributes, then the
 * four weights and the four joint indices (u8: up to 256 joints, else u16). */
typedef struct skinned_vertex_u8 {
    float position[3], normal[3], texcoord[2];
    float weights[4];
    uint8_t joints[4];
} skinned_vertex_u8;

typedef struct skinned_vertex_u16 {
    float position[3], normal[3], texcoord[2];
    float weights[4];
    uint16_t joints[4];
} skinned_vertex_u16;

#define SKINNED_ATTRIBUTES(type, joint_type)                                                                           \
    {                                                                                                                  \
        {ATTRIB_POSITION, 3, GL_FLOAT, false, false, offsetof(type, position)},                                        \
            {ATTRIB_NORMAL, 3, GL_FLOAT, false, false, offsetof(type, normal)},                                        \
            {ATTRIB_TEXCOORD, 2, GL_FLOAT, false, false, offsetof(type, texcoord)},                                    \
            {ATTRIB_WEIGHTS, 4, GL_FLOAT, false, false, offsetof(type, weights)},                                      \
            {ATTRIB_JOINTS, 4, joint_type, false, true, offsetof(type, joints)}, /* integer = true: a uvec4 */         \
    }
static const vertex_attribute attributes_u8[] = SKINNED_ATTRIBUTES(skinned_vertex_u8, GL_UNSIGNED_BYTE);
static const vertex_attribute attributes_u16[] = SKINNED_ATTRIBUTES(skinned_vertex_u16, GL_UNSIGNED_SHORT);
/* [/listing] */
static const vertex_layout layout_u8 = {attributes_u8, 5, sizeof(skinned_vertex_u8)};
static const vertex_layout layout_u16 = {attributes_u16, 5, sizeof(skinned_vertex_u16)};

bool skin_mesh_upload(gpu_mesh *mesh, const gltf_primitive *prim, const skin_influences *inf, sa_error *err)
{
    size_t n = prim->vertex_count;
    if (inf->vertex_count != n)
        return sa_error_set(err, "%zu influences for %zu vertices", inf->vertex_count, n);
    bool small = inf->joints_u8 != NULL;
    size_t stride = small ? sizeof(skinned_vertex_u8) : sizeof(skinned_vertex_u16);
    unsigned char *bytes = calloc(n ? n : 1, stride);
    if (!bytes)
        return sa_error_set(err, "out of memory for %zu skinned vertices", n);
    for (size_t i = 0; i < n; i++) {
        /* Both structs begin alike; only the joints differ. */
        skinned_vertex_u8 *v = (skinned_vertex_u8 *)(bytes + i * stride);
        memcpy(v->position, prim->positions[i], sizeof v->position);
        memcpy(v->normal, prim->normals[i], sizeof v->normal);
        if (prim->texcoords)
            memcpy(v->texcoord, prim->texcoords[i], sizeof v->texcoord);
        memcpy(v->weights, inf->weights[i], sizeof v->weights);
        if (small)
            memcpy(v->joints, inf->joints_u8[i], sizeof v->joints);
        else
            memcpy(((skinned_vertex_u16 *)v)->joints, inf->joints_u16[i], sizeof inf->joints_u16[i]);
    }
    bool ok = gpu_mesh_upload(mesh, small ? &layout_u8 : &layout_u16, bytes, n, prim->triangle_indices,
                              prim->triangle_count * 3, 4, false, err);
    free(bytes);
    return ok;
}

/* [listing capture] */
bool skin_capture(const gpu_mesh *mesh, size_t vertex_count, float (*out_positions)[3], float (*out_normals)[3],
                  sa_error *err)
{
    /* What the vertex shader writes goes into this buffer, 6 floats a
     * vertex (v_position_world, v_normal_world: see build()). Points, one a
     * vertex, in the order of the vertex buffer; nothing is rasterized. */
    size_t bytes = vertex_count * 6 * sizeof(float);
    float *captured = malloc(bytes ? bytes : 1);
    if (!captured)
        return sa_error_set(err, "out of memory for %zu captured vertices", vertex_count);
    GLuint feedback;
    glGenBuffers(1, &feedback);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, feedback);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, (GLsizeiptr)bytes, NULL, GL_STREAM_READ);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, feedback);
    glEnable(GL_RASTERIZER_DISCARD);
    glBindVertexArray(mesh->vao);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, (GLsizei)vertex_count);
    glEndTransformFeedback();
    glBindVertexArray(0);
    glDisable(GL_RASTERIZER_DISCARD);
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, (GLsizeiptr)bytes, captured);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    glDeleteBuffers(1, &feedback);
    for (size_t i = 0; i < vertex_count; i++) {
        memcpy(out_positions[i], captured + 6 * i, 3 * sizeof(float));
        if (out_normals)
            memcpy(out_normals[i], captured + 6 * i + 3, 3 * sizeof(float));
    }
    free(captured);
    GLenum gl_error = glGetError();
    return gl_error == GL_NO_ERROR ? true : sa_error_set(err, "transform feedback failed (GL error 0x%x)", gl_error);
}
/* [/listing] */
