/* surface_nets.c: see surface_nets.h. */
#include "surface_nets.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The 12 edges of a cell as pairs of corners; corner c is at offset
 * (c & 1, (c >> 1) & 1, (c >> 2) & 1). */
static const int cell_edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                      {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};

static void gradient(sdf_function sdf, const void *user, const double p[3], double h, double out[3])
{
    for (int a = 0; a < 3; a++) {
        double hi[3] = {p[0], p[1], p[2]}, lo[3] = {p[0], p[1], p[2]};
        hi[a] += h;
        lo[a] -= h;
        out[a] = (sdf(hi, user) - sdf(lo, user)) / (2 * h);
    }
}

/* [listing surface_nets_vertex] */
/* The vertex of one cell: the mean of the points where the surface crosses
 * the cell's edges (found by linear interpolation of the corner values),
 * then a few Newton steps p -= f(p) * grad / |grad|^2 onto the surface,
 * clamped to the cell so that neighbouring vertices never swap places. */
static void cell_vertex(sdf_function sdf, const void *user, const double corner0[3], double cell,
                        const double values[8], double out[3])
{
    double sum[3] = {0, 0, 0};
    int crossings = 0;
    for (int e = 0; e < 12; e++) {
        int c0 = cell_edges[e][0], c1 = cell_edges[e][1];
        if ((values[c0] < 0) == (values[c1] < 0))
            continue;
        double t = values[c0] / (values[c0] - values[c1]);
        for (int a = 0; a < 3; a++) {
            double p0 = (c0 >> a) & 1, p1 = (c1 >> a) & 1;
            sum[a] += p0 + t * (p1 - p0);
        }
        crossings++;
    }
    double p[3];
    for (int a = 0; a < 3; a++)
        p[a] = corner0[a] + cell * sum[a] / crossings;

    for (int step = 0; step < 3; step++) {
        double g[3], f = sdf(p, user);
        gradient(sdf, user, p, cell * 0.25, g);
        double g2 = g[0] * g[0] + g[1] * g[1] + g[2] * g[2];
        if (g2 < 1e-12)
            break;
        for (int a = 0; a < 3; a++) {
            p[a] -= f * g[a] / g2;
            p[a] = fmin(fmax(p[a], corner0[a]), corner0[a] + cell);
        }
    }
    memcpy(out, p, sizeof p);
}
/* [/listing] */

bool surface_nets(sdf_function sdf, const void *user, const surface_grid *grid, surface_mesh *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    const int nx = grid->points[0], ny = grid->points[1], nz = grid->points[2];
    if (nx < 3 || ny < 3 || nz < 3)
        return sa_error_set(err, "surface nets: the grid needs at least 3 points along each axis");
    size_t point_count = (size_t)nx * (size_t)ny * (size_t)nz;
    double *values = malloc(point_count * sizeof *values);
    int32_t *cell_vertex_index = malloc(point_count * sizeof *cell_vertex_index);
    /* At most one vertex per cell and two triangles per crossing edge. */
    out->positions = malloc(point_count * sizeof *out->positions);
    out->indices = malloc(point_count * 3 * 6 * sizeof *out->indices);
    if (!values || !cell_vertex_index || !out->positions || !out->indices) {
        free(values);
        free(cell_vertex_index);
        surface_mesh_free(out);
        return sa_error_set(err, "surface nets: out of memory for %zu grid points", point_count);
    }
#define AT(i, j, k) (((size_t)(k) * (size_t)ny + (size_t)(j)) * (size_t)nx + (size_t)(i))

    for (int k = 0; k < nz; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                double p[3] = {grid->origin[0] + i * grid->cell, grid->origin[1] + j * grid->cell,
                               grid->origin[2] + k * grid->cell};
                values[AT(i, j, k)] = sdf(p, user);
            }

    /* One vertex in every cell that the surface passes through. Cell
     * (i, j, k) spans grid points i..i+1, j..j+1, k..k+1. */
    bool touches_border = false;
    for (int k = 0; k < nz; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                cell_vertex_index[AT(i, j, k)] = -1;
                if (i == nx - 1 || j == ny - 1 || k == nz - 1)
                    continue;
                double v[8];
                int inside = 0;
                for (int c = 0; c < 8; c++) {
                    v[c] = values[AT(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1))];
                    inside += v[c] < 0;
                }
                if (inside == 0 || inside == 8)
                    continue;
                if (i == 0 || j == 0 || k == 0 || i == nx - 2 || j == ny - 2 || k == nz - 2)
                    touches_border = true;
                double corner0[3] = {grid->origin[0] + i * grid->cell, grid->origin[1] + j * grid->cell,
                                     grid->origin[2] + k * grid->cell};
                double p[3];
                cell_vertex(sdf, user, corner0, grid->cell, v, p);
                size_t n = out->vertex_count++;
                for (int a = 0; a < 3; a++)
                    out->positions[n][a] = (float)p[a];
                cell_vertex_index[AT(i, j, k)] = (int32_t)n;
            }
    if (touches_border) {
        free(values);
        free(cell_vertex_index);
        surface_mesh_free(out);
        return sa_error_set(err, "surface nets: the shape reaches the border of the grid; make the grid larger");
    }

    /* [listing surface_nets_quads] */
    /* A grid edge from point P to P + axis a whose ends differ in sign is
     * crossed by the surface; the four cells around it, walked counter-
     * clockwise about +a, make a quad that faces +a when the inside is at P
     * (its normal points from inside to outside), else faces -a. */
    for (int k = 1; k < nz - 1; k++)
        for (int j = 1; j < ny - 1; j++)
            for (int i = 1; i < nx - 1; i++) {
                int p[3] = {i, j, k};
                for (int a = 0; a < 3; a++) {
                    int q[3] = {i, j, k};
                    q[a]++;
                    bool inside0 = values[AT(p[0], p[1], p[2])] < 0;
                    bool inside1 = values[AT(q[0], q[1], q[2])] < 0;
                    if (inside0 == inside1)
                        continue;
                    int u = (a + 1) % 3, v = (a + 2) % 3; /* u x v = a */
                    static const int around[4][2] = {{-1, -1}, {0, -1}, {0, 0}, {-1, 0}};
                    uint32_t quad[4];
                    for (int c = 0; c < 4; c++) {
                        int cell[3] = {i, j, k};
                        cell[u] += around[c][0];
                        cell[v] += around[c][1];
                        quad[c] = (uint32_t)cell_vertex_index[AT(cell[0], cell[1], cell[2])];
                    }
                    if (!inside0) { /* the outside is at P: face -a */
                        /* [elide swap quad[1] and quad[3]: the other winding] */
                        uint32_t t = quad[1];
                        quad[1] = quad[3];
                        quad[3] = t;
                        /* [/elide] */
                    }
                    /* Split along the shorter diagonal: flatter triangles. */
                    const float *q0 = out->positions[quad[0]], *q1 = out->positions[quad[1]];
                    const float *q2 = out->positions[quad[2]], *q3 = out->positions[quad[3]];
                    /* [elide d02, d13 = the squared lengths of the diagonals q0-q2 and q1-q3] */
                    double d02 = 0, d13 = 0;
                    for (int c = 0; c < 3; c++) {
                        d02 += (double)(q0[c] - q2[c]) * (q0[c] - q2[c]);
                        d13 += (double)(q1[c] - q3[c]) * (q1[c] - q3[c]);
                    }
                    /* [/elide] */
                    uint32_t tri[6] = {quad[0], quad[1], quad[2], quad[0], quad[2], quad[3]};
                    if (d13 < d02) {
                        uint32_t other[6] = {quad[0], quad[1], quad[3], quad[1], quad[2], quad[3]};
                        memcpy(tri, other, sizeof tri);
                    }
                    memcpy(&out->indices[out->triangle_count * 3], tri, sizeof tri);
                    out->triangle_count += 2;
                }
            }
            /* [/listing] */
#undef AT
    free(values);
    free(cell_vertex_index);
    return true;
}

void surface_mesh_free(surface_mesh *mesh)
{
    free(mesh->positions);
    free(mesh->indices);
    mesh->positions = NULL;
    mesh->indices = NULL;
    mesh->vertex_count = mesh->triangle_count = 0;
}
