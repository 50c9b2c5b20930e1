#include "cube.h"

/* [listing cube_build] */
void cube_build(float half_size, cube_vertex vertices[CUBE_VERTEX_COUNT], uint16_t indices[CUBE_INDEX_COUNT])
{
    /* Each face: its outward normal n and two axes u, v with u x v = n, so
     * that corners listed as (-u-v, +u-v, +u+v, -u+v) go counter-clockwise
     * when seen from outside. */
    static const float faces[6][3][3] = {
        /*  normal         u             v          */
        {{+1, 0, 0}, {0, 0, -1}, {0, 1, 0}}, /* +x */
        {{-1, 0, 0}, {0, 0, +1}, {0, 1, 0}}, /* -x */
        {{0, +1, 0}, {1, 0, 0}, {0, 0, -1}}, /* +y */
        {{0, -1, 0}, {1, 0, 0}, {0, 0, +1}}, /* -y */
        {{0, 0, +1}, {1, 0, 0}, {0, 1, 0}},  /* +z */
        {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}}, /* -z */
    };
    static const float corner[4][2] = {{-1, -1}, {+1, -1}, {+1, +1}, {-1, +1}};

    for (int f = 0; f < 6; f++) {
        const float *n = faces[f][0], *u = faces[f][1], *v = faces[f][2];
        for (int c = 0; c < 4; c++) {
            cube_vertex *out = &vertices[f * 4 + c];
            for (int i = 0; i < 3; i++) {
                out->position[i] = half_size * (n[i] + corner[c][0] * u[i] + corner[c][1] * v[i]);
                out->normal[i] = n[i];
            }
            out->texcoord[0] = 0.5f + 0.5f * corner[c][0];
            out->texcoord[1] = 0.5f - 0.5f * corner[c][1]; /* glTF-style: v grows down the image (OBJ's grows up) */
        }
        /* Two triangles per face: 0 1 2 and 0 2 3. */
        uint16_t base = (uint16_t)(f * 4);
        uint16_t *tri = &indices[f * 6];
        tri[0] = base, tri[1] = base + 1, tri[2] = base + 2;
        tri[3] = base, tri[4] = base + 2, tri[5] = base + 3;
    }
}
/* [/listing] */
