#include "mesh.h"

#include <stdint.h>
#include <string.h>

bool gpu_mesh_upload(gpu_mesh *m, const vertex_layout *layout, const void *vertices, size_t vertex_count,
                     const void *indices, size_t index_count, int index_size, bool dynamic, sa_error *err)
{
    memset(m, 0, sizeof *m);
    if (vertex_count == 0 || vertex_count > INT32_MAX || index_count > INT32_MAX)
        return sa_error_set(err, "mesh upload: %zu vertices, %zu indices is not a drawable size", vertex_count,
                            index_count);
    if (indices && index_size != 2 && index_size != 4)
        return sa_error_set(err, "mesh upload: index size must be 2 or 4 bytes, not %d", index_size);

    glGenVertexArrays(1, &m->vao);
    glBindVertexArray(m->vao);

    glGenBuffers(1, &m->vertex_buffer);
    glBindBuffer(GL_ARRAY_BUFFER, m->vertex_buffer);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(vertex_count * layout->stride), vertices,
                 dynamic ? GL_DYNAMIC_DRAW : GL_STATIC_DRAW);

    for (int i = 0; i < layout->count; i++) {
        const vertex_attribute *a = &layout->attributes[i];
        glEnableVertexAttribArray(a->location);
        /* Joint indices must reach the shader as integers (uvec4), so they go
         * through glVertexAttribIPointer; everything else is a float input. */
        if (a->integer)
            glVertexAttribIPointer(a->location, a->components, a->type, (GLsizei)layout->stride,
                                   (const void *)(uintptr_t)a->offset);
        else
            glVertexAttribPointer(a->location, a->components, a->type, a->normalized ? GL_TRUE : GL_FALSE,
                                  (GLsizei)layout->stride, (const void *)(uintptr_t)a->offset);
    }
    m->vertex_count = (GLsizei)vertex_count;

    if (indices) {
        glGenBuffers(1, &m->index_buffer);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m->index_buffer);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(index_count * (size_t)index_size), indices, GL_STATIC_DRAW);
        m->index_count = (GLsizei)index_count;
        m->index_type = index_size == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
    }
    glBindVertexArray(0);
    return true;
}

void gpu_mesh_update_vertices(gpu_mesh *m, const void *vertices, size_t bytes)
{
    glBindBuffer(GL_ARRAY_BUFFER, m->vertex_buffer);
    glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)bytes, vertices);
}

void gpu_mesh_draw_range(const gpu_mesh *m, size_t first_index, size_t index_count)
{
    glBindVertexArray(m->vao);
    if (m->index_type) {
        size_t index_size = m->index_type == GL_UNSIGNED_SHORT ? 2 : 4;
        glDrawElements(GL_TRIANGLES, (GLsizei)index_count, m->index_type,
                       (const void *)(uintptr_t)(first_index * index_size));
    } else {
        glDrawArrays(GL_TRIANGLES, (GLint)first_index, (GLsizei)index_count);
    }
    glBindVertexArray(0);
}

void gpu_mesh_draw(const gpu_mesh *m)
{
    gpu_mesh_draw_range(m, 0, m->index_type ? (size_t)m->index_count : (size_t)m->vertex_count);
}

void gpu_mesh_unload(gpu_mesh *m)
{
    if (m->index_buffer)
        glDeleteBuffers(1, &m->index_buffer);
    if (m->vertex_buffer)
        glDeleteBuffers(1, &m->vertex_buffer);
    if (m->vao)
        glDeleteVertexArrays(1, &m->vao);
    memset(m, 0, sizeof *m);
}
