/* make_stairs.c: a static flight of steps and a landing, for chapter 11.
 *
 * Eight steps of 0.17 m rise and 0.28 m run climb along +Z from z = 0.6 (the
 * numbers are in stairs_shape.h, which chapter 11's height query reads too), so
 * a character at the origin facing +Z walks straight up them, and end at a
 * 1.2 m deep landing. Each step is a solid box from the ground up, with its
 * own flat-shaded faces. No skin, no animation.
 */
#include "characters.h"
#include "stairs_shape.h"

#include <stdint.h>
#include <string.h>

#define BOX_COUNT (STAIRS_STEP_COUNT + 1)

typedef struct stairs_arrays {
    float position[BOX_COUNT * 24][3];
    float normal[BOX_COUNT * 24][3];
    float texcoord[BOX_COUNT * 24][2];
    uint16_t indices[BOX_COUNT * 36];
    int vertex_count, index_count;
} stairs_arrays;

/* Six faces of four vertices each, counter-clockwise seen from outside.
 * For the face whose normal is +/- axis a, the other two axes u = a+1 and
 * v = a+2 (cyclic) satisfy u x v = a, which fixes the corner order. */
static void add_box(stairs_arrays *s, const double lo[3], const double hi[3])
{
    for (int a = 0; a < 3; a++)
        for (int sign = -1; sign <= 1; sign += 2) {
            int u = (a + 1) % 3, v = (a + 2) % 3;
            /* corners in the (u, v) plane, counter-clockwise about +a */
            static const int corners[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
            uint16_t first = (uint16_t)s->vertex_count;
            for (int c = 0; c < 4; c++) {
                int k = sign > 0 ? c : (4 - c) % 4; /* reversed for the -a face */
                double p[3];
                p[a] = sign > 0 ? hi[a] : lo[a];
                p[u] = corners[k][0] ? hi[u] : lo[u];
                p[v] = corners[k][1] ? hi[v] : lo[v];
                int n = s->vertex_count++;
                for (int i = 0; i < 3; i++) {
                    s->position[n][i] = (float)p[i];
                    s->normal[n][i] = i == a ? (float)sign : 0.0f;
                }
                /* metres on the face: a texture would tile once per metre */
                s->texcoord[n][0] = (float)p[u];
                s->texcoord[n][1] = (float)p[v];
            }
            static const int quad[6] = {0, 1, 2, 0, 2, 3};
            for (int i = 0; i < 6; i++)
                s->indices[s->index_count++] = (uint16_t)(first + quad[i]);
        }
}

bool make_stairs(gltf_out_document *doc, sa_error *err)
{
    static stairs_arrays s; /* the generator is single-threaded and runs once */
    memset(&s, 0, sizeof s);
    double half = STAIRS_WIDTH / 2;
    for (int i = 0; i < STAIRS_STEP_COUNT; i++) {
        double lo[3] = {-half, 0, STAIRS_START_Z + i * STAIRS_STEP_RUN};
        double hi[3] = {half, (i + 1) * STAIRS_STEP_RISE, STAIRS_START_Z + (i + 1) * STAIRS_STEP_RUN};
        add_box(&s, lo, hi);
    }
    double landing_z = STAIRS_START_Z + STAIRS_STEP_COUNT * STAIRS_STEP_RUN;
    double lo[3] = {-half, 0, landing_z},
           hi[3] = {half, STAIRS_STEP_COUNT * STAIRS_STEP_RISE, landing_z + STAIRS_LANDING_DEPTH};
    add_box(&s, lo, hi);

    gltf_out_primitive p = gltf_out_primitive_empty();
    size_t n = (size_t)s.vertex_count;
    p.position = gltf_out_add_accessor(doc, s.position, GLTF_OUT_FLOAT, "VEC3", n, GLTF_OUT_TARGET_ARRAY_BUFFER);
    p.normal = gltf_out_add_accessor(doc, s.normal, GLTF_OUT_FLOAT, "VEC3", n, GLTF_OUT_TARGET_ARRAY_BUFFER);
    p.texcoord = gltf_out_add_accessor(doc, s.texcoord, GLTF_OUT_FLOAT, "VEC2", n, GLTF_OUT_TARGET_ARRAY_BUFFER);
    p.indices = gltf_out_add_accessor(doc, s.indices, GLTF_OUT_UNSIGNED_SHORT, "SCALAR", (size_t)s.index_count,
                                      GLTF_OUT_TARGET_ELEMENT_ARRAY_BUFFER);
    static const float stone[4] = {0.62f, 0.6f, 0.56f, 1};
    p.material = gltf_out_add_material(doc, "stone", stone, 0, 0.9f, -1);
    int node = gltf_out_add_node(doc, "stairs", -1);
    if (node >= 0)
        doc->nodes[node].mesh = gltf_out_add_mesh(doc, "stairs", p);
    if (doc->failure[0])
        return sa_error_set(err, "stairs: %s", doc->failure);
    return true;
}
