/* make_tube.c: the first skinned model of the book (chapters 04 to 07).
 *
 * A closed cylinder standing on y = 0, skinned to a chain of three joints
 * (base, middle, tip) that stand on its axis. Each vertex has two weights:
 * across each joint the weight ramps linearly from the bone below to the
 * bone above, over the half of each segment nearest the joint, so a bend is
 * smooth. The clip "bend" swings the middle and tip joints about Z and loops.
 */
#include "characters.h"
#include "rig.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define TUBE_SEGMENT_LENGTH 0.5 /* metres between joints */
#define TUBE_RADIUS 0.15
#define TUBE_SIDES 16 /* vertices around */
#define TUBE_RINGS_PER_SEGMENT 8
#define TUBE_JOINTS 3
#define TUBE_RINGS (TUBE_JOINTS * TUBE_RINGS_PER_SEGMENT + 1)
/* Side rings (with a seam column for the texture) plus two caps. */
#define TUBE_VERTICES (TUBE_RINGS * (TUBE_SIDES + 1) + 2 * (TUBE_SIDES + 1))
#define TUBE_TRIANGLES (2 * (TUBE_RINGS - 1) * TUBE_SIDES + 2 * (TUBE_SIDES - 2))

#define BEND_PERIOD 2.0 /* seconds */
#define BEND_KEYS 17    /* one every 1/8 s, the last equal to the first */
#define BEND_ANGLE 0.6  /* radians at the extremes, about 34 degrees */

typedef struct tube_vertex_arrays {
    float position[TUBE_VERTICES][3];
    float normal[TUBE_VERTICES][3];
    float texcoord[TUBE_VERTICES][2];
    uint16_t joints[TUBE_VERTICES][4];
    float weights[TUBE_VERTICES][4];
    uint16_t indices[TUBE_TRIANGLES * 3];
} tube_vertex_arrays;

/* [listing tube_weights] */
/* Two influences for a vertex at height y: the bone of the segment it is on,
 * and across each joint a linear ramp from the segment's middle below to the
 * segment's middle above, so the joint's own ring is weighted 50/50. */
static void tube_weights(double y, uint16_t joints[4], float weights[4])
{
    double s = y / TUBE_SEGMENT_LENGTH - 0.5; /* 0 at the middle of segment 0 */
    int lower = (int)floor(s);
    double t = s - lower; /* 0..1 from the middle of `lower` to the next middle */
    memset(joints, 0, 4 * sizeof *joints);
    memset(weights, 0, 4 * sizeof *weights);
    if (lower < 0 || lower >= TUBE_JOINTS - 1 || t == 0) {
        /* Below the first middle, above the last one or right on a middle:
         * one bone only. The unused slot keeps joint 0 with weight 0, as
         * glTF asks. */
        joints[0] = (uint16_t)(lower < 0 ? 0 : lower);
        weights[0] = 1;
        return;
    }
    joints[0] = (uint16_t)lower;
    joints[1] = (uint16_t)(lower + 1);
    weights[1] = (float)t;
    weights[0] = 1 - weights[1]; /* sums to 1 exactly in float */
}
/* [/listing] */

static void tube_mesh(tube_vertex_arrays *v)
{
    int n = 0;
    double height = TUBE_JOINTS * TUBE_SEGMENT_LENGTH;
    for (int ring = 0; ring < TUBE_RINGS; ring++) {
        double y = height * ring / (TUBE_RINGS - 1);
        for (int side = 0; side <= TUBE_SIDES; side++, n++) {
            double a = 2 * RIG_PI * (side % TUBE_SIDES) / TUBE_SIDES;
            /* Counter-clockwise seen from above: x = sin, z = cos. */
            double x = sin(a), z = cos(a);
            v->position[n][0] = (float)(TUBE_RADIUS * x);
            v->position[n][1] = (float)y;
            v->position[n][2] = (float)(TUBE_RADIUS * z);
            v->normal[n][0] = (float)x;
            v->normal[n][1] = 0;
            v->normal[n][2] = (float)z;
            v->texcoord[n][0] = (float)side / TUBE_SIDES;
            v->texcoord[n][1] = (float)(1 - y / height);
            tube_weights(y, v->joints[n], v->weights[n]);
        }
    }
    /* Caps: their own vertices, for a flat normal along -Y and +Y. */
    int cap_start[2];
    for (int cap = 0; cap < 2; cap++) {
        cap_start[cap] = n;
        double y = cap ? height : 0;
        for (int side = 0; side <= TUBE_SIDES; side++, n++) {
            double a = 2 * RIG_PI * (side % TUBE_SIDES) / TUBE_SIDES;
            v->position[n][0] = (float)(TUBE_RADIUS * sin(a));
            v->position[n][1] = (float)y;
            v->position[n][2] = (float)(TUBE_RADIUS * cos(a));
            v->normal[n][0] = v->normal[n][2] = 0;
            v->normal[n][1] = cap ? 1.0f : -1.0f;
            v->texcoord[n][0] = (float)(0.5 + 0.5 * sin(a));
            v->texcoord[n][1] = (float)(0.5 + 0.5 * cos(a));
            tube_weights(y, v->joints[n], v->weights[n]);
        }
    }

    int k = 0;
    for (int ring = 0; ring + 1 < TUBE_RINGS; ring++)
        for (int side = 0; side < TUBE_SIDES; side++) {
            uint16_t a = (uint16_t)(ring * (TUBE_SIDES + 1) + side), b = (uint16_t)(a + 1);
            uint16_t c = (uint16_t)(a + TUBE_SIDES + 1), d = (uint16_t)(c + 1);
            /* counter-clockwise seen from outside */
            uint16_t quad[6] = {a, b, d, a, d, c};
            memcpy(&v->indices[k], quad, sizeof quad);
            k += 6;
        }
    /* Each cap is a fan around its first vertex, facing down or up. */
    for (int cap = 0; cap < 2; cap++)
        for (int i = 1; i + 1 < TUBE_SIDES; i++) {
            uint16_t first = (uint16_t)cap_start[cap];
            uint16_t p = (uint16_t)(first + i), q = (uint16_t)(first + i + 1);
            v->indices[k++] = first;
            v->indices[k++] = cap ? p : q;
            v->indices[k++] = cap ? q : p;
        }
}

bool make_tube(gltf_out_document *doc, sa_error *err)
{
    rig r = {.joint_count = TUBE_JOINTS};
    static const char *names[TUBE_JOINTS] = {"base", "middle", "tip"};
    for (int j = 0; j < TUBE_JOINTS; j++)
        r.joints[j] =
            (rig_joint_def){names[j], j - 1, {0, j * TUBE_SEGMENT_LENGTH, 0}, {0, (j + 1) * TUBE_SEGMENT_LENGTH, 0}};
    rig_build(&r);

    tube_vertex_arrays *v = calloc(1, sizeof *v);
    if (!v)
        return sa_error_set(err, "tube: out of memory");
    tube_mesh(v);

    gltf_out_primitive p = gltf_out_primitive_empty();
    const int vertex = GLTF_OUT_TARGET_ARRAY_BUFFER;
    p.position = gltf_out_add_accessor(doc, v->position, GLTF_OUT_FLOAT, "VEC3", TUBE_VERTICES, vertex);
    p.normal = gltf_out_add_accessor(doc, v->normal, GLTF_OUT_FLOAT, "VEC3", TUBE_VERTICES, vertex);
    p.texcoord = gltf_out_add_accessor(doc, v->texcoord, GLTF_OUT_FLOAT, "VEC2", TUBE_VERTICES, vertex);
    p.joints = gltf_out_add_accessor(doc, v->joints, GLTF_OUT_UNSIGNED_SHORT, "VEC4", TUBE_VERTICES, vertex);
    p.weights = gltf_out_add_accessor(doc, v->weights, GLTF_OUT_FLOAT, "VEC4", TUBE_VERTICES, vertex);
    p.indices = gltf_out_add_accessor(doc, v->indices, GLTF_OUT_UNSIGNED_SHORT, "SCALAR", TUBE_TRIANGLES * 3,
                                      GLTF_OUT_TARGET_ELEMENT_ARRAY_BUFFER);
    free(v);
    static const float orange[4] = {0.9f, 0.45f, 0.15f, 1};
    p.material = gltf_out_add_material(doc, "tube", orange, 0, 0.6f, -1);

    /* The mesh node and the skeleton are both roots of the scene: glTF
     * ignores a skinned mesh node's own transform, so it should have none. */
    int mesh_node = gltf_out_add_node(doc, "tube", -1);
    if (mesh_node < 0 || !rig_add_to_document(&r, doc, -1, "tube_skeleton"))
        return sa_error_set(err, "tube: %s", doc->failure);
    doc->nodes[mesh_node].mesh = gltf_out_add_mesh(doc, "tube", p);
    doc->nodes[mesh_node].skin = 0;

    /* [listing tube_bend_clip] */
    float times[BEND_KEYS], middle[BEND_KEYS][4], tip[BEND_KEYS][4];
    const double z_axis[3] = {0, 0, 1};
    for (int k = 0; k < BEND_KEYS; k++) {
        times[k] = (float)(BEND_PERIOD * k / (BEND_KEYS - 1));
        /* k % 16 makes the last key exactly the first: a seamless loop. */
        double angle = BEND_ANGLE * sin(2 * RIG_PI * (k % (BEND_KEYS - 1)) / (BEND_KEYS - 1));
        float q[4];
        rig_local_rotation_about(&r, 1, z_axis, angle, q);
        track_push_rotation(middle, k, q);
        rig_local_rotation_about(&r, 2, z_axis, angle, q);
        track_push_rotation(tip, k, q);
    }
    int bend = gltf_out_add_animation(doc, "bend");
    /* [/listing] */
    if (bend < 0 || !gltf_out_add_channel(doc, bend, r.node[1], "rotation", times, &middle[0][0], BEND_KEYS) ||
        !gltf_out_add_channel(doc, bend, r.node[2], "rotation", times, &tip[0][0], BEND_KEYS))
        return sa_error_set(err, "tube: %s", doc->failure);
    if (doc->failure[0])
        return sa_error_set(err, "tube: %s", doc->failure);
    return true;
}
