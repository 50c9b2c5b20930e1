/* normals.h: vertex normals for meshes that come without them.
 *
 * Used by the OBJ loader (chapter 02), the glTF loader (chapter 03) and the
 * asset generator, so it lives in common/ (sa_core): no stage links another
 * stage for it.
 *
 * The smooth normal of a vertex is the sum of the face normals of the
 * triangles around it, each weighted by the triangle's area: the cross
 * product of two edges is a vector normal to the triangle whose length is
 * twice its area, so summing the raw cross products weights by area for free.
 */
#ifndef SA_NORMALS_H
#define SA_NORMALS_H

#include <stddef.h>
#include <stdint.h>

/* Writes one unit normal per vertex. Triangles are counter-clockwise seen
 * from the front (the glTF and OBJ convention). A vertex used by no triangle,
 * or only by degenerate ones, gets (0, 1, 0). Indices must be < vertex_count
 * (the loaders check them before calling). */
void normals_smooth(const float (*positions)[3], size_t vertex_count, const uint32_t *indices, size_t triangle_count,
                    float (*normals)[3]);

/* The unit normal of one triangle, (0, 1, 0) when it is degenerate. A flat
 * normal: every corner of the triangle gets this one. */
void normals_face(const float a[3], const float b[3], const float c[3], float out[3]);

#endif
