/* mesh.h: vertex and index arrays on the GPU.
 *
 * A loader produces plain C arrays; this file uploads them. The vertex layout
 * is a table (one row per attribute) so that the same function uploads an OBJ
 * mesh, a glTF primitive or a skinned vertex with joints and weights.
 *
 * Attribute locations are fixed for the whole book, in C here and in GLSL
 * with layout(location = N):
 *   0 position, 1 normal, 2 texcoord, 3 joints, 4 weights, 5 tangent.
 */
#ifndef SA_MESH_H
#define SA_MESH_H

#include "error.h"
#include "gl.h"

#include <stdbool.h>
#include <stddef.h>

enum {
    ATTRIB_POSITION = 0,
    ATTRIB_NORMAL = 1,
    ATTRIB_TEXCOORD = 2,
    ATTRIB_JOINTS = 3,
    ATTRIB_WEIGHTS = 4,
    ATTRIB_TANGENT = 5,
};

typedef struct vertex_attribute {
    GLuint location;  /* one of ATTRIB_* */
    GLint components; /* 1 to 4 */
    GLenum type;      /* GL_FLOAT, GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT ... */
    bool normalized;  /* integers read as 0..1 floats */
    bool integer;     /* integers read as integers (joint indices) */
    size_t offset;    /* bytes from the start of a vertex */
} vertex_attribute;

typedef struct vertex_layout {
    const vertex_attribute *attributes;
    int count;
    size_t stride; /* bytes from one vertex to the next */
} vertex_layout;

typedef struct gpu_mesh {
    GLuint vao, vertex_buffer, index_buffer;
    GLsizei vertex_count, index_count;
    GLenum index_type; /* GL_UNSIGNED_SHORT or GL_UNSIGNED_INT; 0: not indexed */
} gpu_mesh;

/* index_size is 2 or 4 bytes, or 0 with indices == NULL for a non-indexed mesh.
 * dynamic: the vertices will be rewritten every frame (CPU skinning). */
bool gpu_mesh_upload(gpu_mesh *m, const vertex_layout *layout, const void *vertices, size_t vertex_count,
                     const void *indices, size_t index_count, int index_size, bool dynamic, sa_error *err);
/* Replaces the vertex data (same size as uploaded). */
void gpu_mesh_update_vertices(gpu_mesh *m, const void *vertices, size_t bytes);
/* Draws triangles: all of them, or index_count indices from first_index. */
void gpu_mesh_draw(const gpu_mesh *m);
void gpu_mesh_draw_range(const gpu_mesh *m, size_t first_index, size_t index_count);
void gpu_mesh_unload(gpu_mesh *m);

#endif
