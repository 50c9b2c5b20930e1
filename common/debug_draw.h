/* debug_draw.h: lines and points in world space, for skeletons, axes,
 * normals and IK targets. Calls during a frame collect vertices in a buffer
 * that is reused from frame to frame; debug_draw_flush() draws them all on
 * top of the scene (no depth test, so a skeleton inside a mesh is visible). */
#ifndef SA_DEBUG_DRAW_H
#define SA_DEBUG_DRAW_H

#include "error.h"
#include "gl.h"
#include "shader.h"

#include <cglm/cglm.h>

typedef struct debug_vertex {
    vec3 position_world;
    vec3 color;
} debug_vertex;

typedef struct debug_draw {
    shader_program program;
    GLuint vao, vertex_buffer;
    size_t buffer_capacity;       /* vertices the GPU buffer holds */
    debug_vertex *lines, *points; /* CPU copies, grown as needed */
    size_t line_count, point_count, line_capacity, point_capacity;
    bool depth_test; /* false (default): draw over the scene */
} debug_draw;

bool debug_draw_init(debug_draw *d, sa_error *err);
void debug_draw_line(debug_draw *d, const vec3 a_world, const vec3 b_world, const vec3 color);
void debug_draw_point(debug_draw *d, const vec3 p_world, const vec3 color);
/* The three axes of a frame (X red, Y green, Z blue), `size` metres long. */
void debug_draw_axes(debug_draw *d, mat4 world_from_local, float size);
/* The 12 edges of an axis-aligned box. */
void debug_draw_box(debug_draw *d, const vec3 lo_world, const vec3 hi_world, const vec3 color);
/* Draws everything collected since the last flush, then forgets it. */
void debug_draw_flush(debug_draw *d, mat4 clip_from_world, float point_size);
void debug_draw_free(debug_draw *d);

#endif
