#include "debug_draw.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

bool debug_draw_init(debug_draw *d, sa_error *err)
{
    memset(d, 0, sizeof *d);
    if (!shader_program_load(&d->program, "shaders/debug_line.vert", "shaders/debug_line.frag", err))
        return false;
    glGenVertexArrays(1, &d->vao);
    glGenBuffers(1, &d->vertex_buffer);
    glBindVertexArray(d->vao);
    glBindBuffer(GL_ARRAY_BUFFER, d->vertex_buffer);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(debug_vertex),
                          (const void *)offsetof(debug_vertex, position_world));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(debug_vertex), (const void *)offsetof(debug_vertex, color));
    glBindVertexArray(0);
    return true;
}

/* Appends one vertex, doubling the array when full (amortised: no allocation
 * once the array has reached the size a scene needs). */
static void push(debug_vertex **array, size_t *count, size_t *capacity, const vec3 p, const vec3 color)
{
    if (*count == *capacity) {
        size_t grown_capacity = *capacity ? *capacity * 2 : 1024;
        debug_vertex *grown = realloc(*array, grown_capacity * sizeof *grown);
        if (!grown)
            return; /* drop debug geometry rather than crash */
        *array = grown;
        *capacity = grown_capacity;
    }
    debug_vertex *v = &(*array)[(*count)++];
    glm_vec3_copy((float *)p, v->position_world);
    glm_vec3_copy((float *)color, v->color);
}

void debug_draw_line(debug_draw *d, const vec3 a_world, const vec3 b_world, const vec3 color)
{
    push(&d->lines, &d->line_count, &d->line_capacity, a_world, color);
    push(&d->lines, &d->line_count, &d->line_capacity, b_world, color);
    if (d->line_count % 2)
        d->line_count--; /* the second push failed: drop the half line */
}

void debug_draw_point(debug_draw *d, const vec3 p_world, const vec3 color)
{
    push(&d->points, &d->point_count, &d->point_capacity, p_world, color);
}

void debug_draw_axes(debug_draw *d, mat4 world_from_local, float size)
{
    static const vec3 colors[3] = {{1, 0.2f, 0.2f}, {0.2f, 1, 0.2f}, {0.3f, 0.4f, 1}};
    vec3 origin, tip;
    glm_vec3_copy(world_from_local[3], origin);
    for (int axis = 0; axis < 3; axis++) {
        vec4 local = {0, 0, 0, 1};
        local[axis] = size;
        vec4 world;
        glm_mat4_mulv(world_from_local, local, world);
        glm_vec3_copy(world, tip);
        debug_draw_line(d, origin, tip, colors[axis]);
    }
}

void debug_draw_box(debug_draw *d, const vec3 lo_world, const vec3 hi_world, const vec3 color)
{
    /* Corner i takes hi on the axes whose bit is set in i; an edge joins two
     * corners that differ in one bit. */
    for (int a = 0; a < 8; a++)
        for (int axis = 0; axis < 3; axis++) {
            int b = a | (1 << axis);
            if (b == a)
                continue;
            vec3 pa = {a & 1 ? hi_world[0] : lo_world[0], a & 2 ? hi_world[1] : lo_world[1],
                       a & 4 ? hi_world[2] : lo_world[2]};
            vec3 pb = {b & 1 ? hi_world[0] : lo_world[0], b & 2 ? hi_world[1] : lo_world[1],
                       b & 4 ? hi_world[2] : lo_world[2]};
            debug_draw_line(d, pa, pb, color);
        }
}

static void draw_array(debug_draw *d, const debug_vertex *v, size_t count, GLenum mode)
{
    if (count == 0)
        return;
    glBindBuffer(GL_ARRAY_BUFFER, d->vertex_buffer);
    if (count > d->buffer_capacity) {
        d->buffer_capacity = count;
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(count * sizeof *v), NULL, GL_STREAM_DRAW);
    }
    glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)(count * sizeof *v), v);
    glDrawArrays(mode, 0, (GLsizei)count);
}

/* Cuts each line at the near plane of clip_from_world (z + w = 0 in clip
 * space), keeping the part in front of the eye, and drops lines wholly
 * behind it. GL clips lines there itself, so natively this changes nothing
 * (to rounding); WebGL 2 under ANGLE on SwiftShader dropped every line with an
 * end behind the eye instead (chapter 10's ground grid lost all its lines
 * that run towards the camera), so the web got a different picture. The clip
 * transform is linear in homogeneous coordinates, so a point at parameter t
 * of the world-space segment is at the same t in clip space. */
static size_t clip_lines_to_near_plane(debug_vertex *lines, size_t count, mat4 clip_from_world)
{
    const float margin = 1e-5f; /* just inside the plane, so that rounding keeps the new end */
    size_t kept = 0;
    for (size_t i = 0; i + 1 < count; i += 2) {
        debug_vertex a = lines[i], b = lines[i + 1];
        vec4 a_clip, b_clip;
        glm_mat4_mulv(clip_from_world, (vec4){a.position_world[0], a.position_world[1], a.position_world[2], 1},
                      a_clip);
        glm_mat4_mulv(clip_from_world, (vec4){b.position_world[0], b.position_world[1], b.position_world[2], 1},
                      b_clip);
        float da = a_clip[2] + a_clip[3] - margin, db = b_clip[2] + b_clip[3] - margin;
        if (da < 0 && db < 0)
            continue;
        if (da < 0 || db < 0) {
            float t = da / (da - db); /* where the signed distance crosses 0 */
            vec3 cut;
            glm_vec3_lerp(a.position_world, b.position_world, t, cut);
            glm_vec3_copy(cut, da < 0 ? a.position_world : b.position_world);
        }
        lines[kept++] = a;
        lines[kept++] = b;
    }
    return kept;
}

void debug_draw_flush(debug_draw *d, mat4 clip_from_world, float point_size)
{
    d->line_count = clip_lines_to_near_plane(d->lines, d->line_count, clip_from_world);
    if (d->depth_test)
        glEnable(GL_DEPTH_TEST);
    else
        glDisable(GL_DEPTH_TEST);
    if (sa_gl_has(SA_GL_PROGRAM_POINT_SIZE))
        glEnable(GL_PROGRAM_POINT_SIZE); /* GLES 3 and WebGL 2: always on */
    glUseProgram(d->program.id);
    shader_set_mat4(&d->program, "u_clip_from_world", clip_from_world);
    shader_set_float(&d->program, "u_point_size", point_size);
    glBindVertexArray(d->vao);
    draw_array(d, d->lines, d->line_count, GL_LINES);
    draw_array(d, d->points, d->point_count, GL_POINTS);
    glBindVertexArray(0);
    glEnable(GL_DEPTH_TEST);
    d->line_count = d->point_count = 0;
}

void debug_draw_free(debug_draw *d)
{
    shader_program_unload(&d->program);
    if (d->vertex_buffer)
        glDeleteBuffers(1, &d->vertex_buffer);
    if (d->vao)
        glDeleteVertexArrays(1, &d->vao);
    free(d->lines);
    free(d->points);
    memset(d, 0, sizeof *d);
}
