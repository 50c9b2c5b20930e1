/* surface_nets.h: a welded triangle mesh from a signed distance function.
 *
 * A signed distance function (SDF) is negative inside a shape and positive
 * outside. Surface nets sample it on a grid; each cell whose corners do not
 * all agree in sign holds one vertex, and each grid edge that crosses the
 * surface makes a quad from the four cells around it. Neighbouring quads
 * share their vertices, so the mesh is welded by construction: one skin, no
 * seams, however many shapes the SDF blends together.
 */
#ifndef ASSETS_SURFACE_NETS_H
#define ASSETS_SURFACE_NETS_H

#include "common/error.h"

#include <stddef.h>
#include <stdint.h>

typedef double (*sdf_function)(const double p[3], const void *user);

typedef struct surface_grid {
    double origin[3]; /* the corner of the grid with the smallest x, y, z */
    double cell;      /* the edge of a cubic cell, in metres */
    int points[3];    /* grid points along x, y, z; the shape must not touch the border */
} surface_grid;

typedef struct surface_mesh {
    float (*positions)[3];
    size_t vertex_count;
    uint32_t *indices; /* counter-clockwise seen from outside */
    size_t triangle_count;
} surface_mesh;

/* Builds the mesh. Each vertex starts at the mean of its cell's edge
 * crossings, then is pulled onto the surface along the SDF's gradient
 * (without leaving its cell). */
bool surface_nets(sdf_function sdf, const void *user, const surface_grid *grid, surface_mesh *out, sa_error *err);
void surface_mesh_free(surface_mesh *mesh);

#endif
