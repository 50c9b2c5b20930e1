/* cube.h: the unit cube of chapter 01, as plain arrays.
 *
 * 24 vertices, not 8: each corner belongs to three faces with three different
 * normals, and a GPU vertex has exactly one normal. (Chapter 02 meets the same
 * problem when an OBJ file indexes positions and normals separately.)
 */
#ifndef CH01_CUBE_H
#define CH01_CUBE_H

#include <stdint.h>

typedef struct cube_vertex {
    float position[3]; /* model space, metres */
    float normal[3];
    float texcoord[2];
} cube_vertex;

enum { CUBE_VERTEX_COUNT = 24, CUBE_INDEX_COUNT = 36 };

/* Fills a cube of the given half size centred on the origin, faces wound
 * counter-clockwise when seen from outside. */
void cube_build(float half_size, cube_vertex vertices[CUBE_VERTEX_COUNT], uint16_t indices[CUBE_INDEX_COUNT]);

#endif
