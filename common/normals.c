#include "normals.h"

#include <math.h>
#include <string.h>

/* (b - a) x (c - a): normal to the triangle, length = twice its area. */
static void face_cross(const float a[3], const float b[3], const float c[3], float out[3])
{
    float e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
    float e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    out[0] = e1[1] * e2[2] - e1[2] * e2[1];
    out[1] = e1[2] * e2[0] - e1[0] * e2[2];
    out[2] = e1[0] * e2[1] - e1[1] * e2[0];
}

static void normalize_or_up(float v[3])
{
    float length = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (length > 1e-20f && isfinite(length)) {
        v[0] /= length, v[1] /= length, v[2] /= length;
    } else {
        v[0] = 0, v[1] = 1, v[2] = 0;
    }
}

void normals_face(const float a[3], const float b[3], const float c[3], float out[3])
{
    face_cross(a, b, c, out);
    normalize_or_up(out);
}

/* [listing normals_smooth] */
void normals_smooth(const float (*positions)[3], size_t vertex_count, const uint32_t *indices, size_t triangle_count,
                    float (*normals)[3])
{
    memset(normals, 0, vertex_count * sizeof normals[0]);
    for (size_t t = 0; t < triangle_count; t++) {
        const uint32_t *tri = &indices[t * 3];
        float area_weighted[3];
        face_cross(positions[tri[0]], positions[tri[1]], positions[tri[2]], area_weighted);
        for (int corner = 0; corner < 3; corner++)
            for (int i = 0; i < 3; i++)
                normals[tri[corner]][i] += area_weighted[i];
    }
    for (size_t v = 0; v < vertex_count; v++)
        normalize_or_up(normals[v]);
}
/* [/listing] */
