/* crowd_view.h: the crowd drawn GPU-skinned and instanced (chapter 12).
 *
 * Chapter 07 uploads one skin's matrices per draw, into a uniform block or
 * a texture buffer, and draws each character with its own call. Here the
 * whole crowd is one draw call per primitive (glDrawElementsInstanced), and
 * every character's skin matrices are one 2D RGBA32F texture uploaded once
 * a frame:
 *
 *     row i              character i (gl_InstanceID)
 *     texels 4k .. 4k+3  the four columns of its skin matrix k
 *
 * A 2D texture works on GL 3.3 core and on WebGL 2 (which has no texture
 * buffers), and holds GL_MAX_TEXTURE_SIZE characters (16384 on most GPUs,
 * 2048 at least on WebGL 2, 1024 on GL 3.3) of up to a quarter of that many
 * joints. The vertex shader (shaders/crowd_skin.vert) reads the matrices
 * with texelFetch, blends them with chapter 07's skin_vertex() (exercise
 * ex07.1) and puts character i on its square of the grid (crowd_grid).
 *
 *     crowd_view_open(&v, &scene, &err);     after app_open: meshes, program, texture
 *     each frame:
 *         crowd_view_upload(&v, count, skin_matrix);   one glTexSubImage2D
 *         crowd_view_draw(&v, &scene, count, &grid, clip_from_world);
 *     crowd_view_close(&v);                  before app_close
 */
#ifndef CH12_CROWD_VIEW_H
#define CH12_CROWD_VIEW_H

#include "chapters/03_gltf_loader/scene_gl.h"
#include "chapters/09_crossfade/crowd_bench.h"
#include "common/gl.h"
#include "common/mesh.h"
#include "common/shader.h"

/* Where the characters stand: i at origin + (i % columns, i / columns) *
 * spacing on the ground (x, z); y is up. */
typedef struct crowd_grid {
    int columns;
    float spacing[2];
    vec3 origin;
} crowd_grid;

/* A square grid (columns = ceil(sqrt(count))) of count characters, each
 * square `spacing` metres, centred on the origin. */
crowd_grid crowd_grid_square(int count, float spacing);

/* The texture unit of the skin matrices (lit.frag's base colour is on 0). */
#define CROWD_SKIN_TEXTURE_UNIT 1

typedef struct crowd_view {
    int primitive_count;
    gpu_mesh *meshes;   /* [primitive_count]: s->sc.primitives[i], chapter 07's vertex layout */
    scene_gl materials; /* the primitives' base colours and textures */
    shader_program program;
    int joint_count;    /* the skin's: a row is 4 * joint_count texels */
    int rows;           /* rows of the texture now */
    int max_characters; /* GL_MAX_TEXTURE_SIZE: rows at most */
    GLuint skin_texture;
} crowd_view;

/* The skinned primitives of the scene's first skin, the program and a
 * texture of one row. Errors name the shader or the primitive. */
bool crowd_view_open(crowd_view *v, const crowd_scene *s, sa_error *err);
void crowd_view_close(crowd_view *v);

/* count (1 .. max_characters) characters' skin matrices, character i's
 * joint_count matrices at skin_matrix + i * joint_count: one upload (the
 * texture grows to count rows when it has fewer). */
bool crowd_view_upload(crowd_view *v, int count, mat4 *skin_matrix, sa_error *err);

/* The last upload's first count characters, lit, one instanced draw per
 * primitive. */
void crowd_view_draw(const crowd_view *v, const crowd_scene *s, int count, const crowd_grid *grid,
                     mat4 clip_from_world);

/* The box around one character's mesh at its bind pose (model space): what
 * a grid square is sized from. */
void crowd_view_character_bounds(const crowd_scene *s, vec3 lo, vec3 hi);

#endif
