/* make_humanoid.c: the book's character.
 *
 * A 1.8 m figure standing in a T-pose with its feet on y = 0, facing +Z
 * (its left hand at +X), with 22 named joints. The body is one welded mesh:
 * tapered capsules placed along the bones are blended into a single signed
 * distance function (smooth union), and surface nets turn it into triangles.
 * Normals are area-weighted smooth normals (chapter 02), UVs a projection
 * from the front onto a small generated texture (clothes painted by height).
 * Each vertex is weighted to its 4 nearest bones by distance, normalized to
 * sum to 1. Clips "idle" (arms down, breathing, a slight sway) and "wave"
 * (right arm) are keyframes authored here. The face has four morph targets
 * (blink_left, blink_right, jaw_open, smile), smooth deformation fields over
 * the head's vertices, played by the clips "face" (LINEAR), "blink" (STEP)
 * and "smile" (CUBICSPLINE), which animate only the mesh node's weights.
 */
#include "characters.h"
#include "common/normals.h"
#include "rig.h"
#include "surface_nets.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the skeleton ------------------------------------------------------------- */

/* [listing humanoid_skeleton] */
/* Positions in metres; the character faces +Z, so its left side is +X.
 * A bone runs from its joint (head) to `tail`, usually its child joint.
 * `head_radius` and `tail_radius` are the flesh around the bone at each
 * end, used to weight the skin; two bones that meet at a joint have about
 * the same radius there, so the joint's ring of skin is shared evenly. */
typedef struct humanoid_bone {
    rig_joint_def joint;
    double head_radius, tail_radius;
} humanoid_bone;

/* clang-format off */
#define SIDE(name, parent, hx, hy, hz, tx, ty, tz, rh, rt)                                            \
    {{"left_" name, parent, {hx, hy, hz}, {tx, ty, tz}}, rh, rt},                                     \
    {{"right_" name, parent, {-(hx), hy, hz}, {-(tx), ty, tz}}, rh, rt}

static const humanoid_bone humanoid_bones[] = {
    {{"hips", -1, {0, 0.95, 0}, {0, 1.05, 0}}, 0.14, 0.135},
    {{"spine_1", 0, {0, 1.05, 0}, {0, 1.17, 0}}, 0.135, 0.145},
    {{"spine_2", 1, {0, 1.17, 0}, {0, 1.30, 0}}, 0.145, 0.155},
    {{"spine_3", 2, {0, 1.30, 0}, {0, 1.48, 0}}, 0.155, 0.05},
    {{"neck", 3, {0, 1.48, 0}, {0, 1.58, 0}}, 0.05, 0.05},
    {{"head", 4, {0, 1.58, 0}, {0, 1.80, 0}}, 0.05, 0.09},
    SIDE("shoulder", 3, 0.03, 1.43, 0, 0.17, 1.43, 0, 0.065, 0.055),     /* 6, 7 */
    SIDE("upper_arm", 6, 0.17, 1.43, 0, 0.45, 1.43, 0, 0.055, 0.045),    /* 8, 9 */
    SIDE("forearm", 8, 0.45, 1.43, 0, 0.71, 1.43, 0, 0.045, 0.035),      /* 10, 11 */
    SIDE("hand", 10, 0.71, 1.43, 0, 0.88, 1.43, 0, 0.035, 0.03),         /* 12, 13 */
    SIDE("thigh", 0, 0.105, 0.92, 0, 0.105, 0.50, 0, 0.08, 0.057),       /* 14, 15 */
    SIDE("shin", 14, 0.105, 0.50, 0, 0.105, 0.09, 0, 0.057, 0.042),      /* 16, 17 */
    SIDE("foot", 16, 0.105, 0.09, 0, 0.105, 0.03, 0.13, 0.045, 0.04),    /* 18, 19 */
    SIDE("toes", 18, 0.105, 0.03, 0.13, 0.105, 0.02, 0.21, 0.035, 0.03), /* 20, 21 */
};
/* [/listing] */
/* clang-format on */
#define HUMANOID_JOINTS ((int)(sizeof humanoid_bones / sizeof humanoid_bones[0]))

/* The SIDE pairs name their parent by the left joint's index; the right
 * joint's parent is the right one (left index + 1), except for joints whose
 * parent is on the centre line (spine_3, hips). */
static void humanoid_rig(rig *r)
{
    r->joint_count = HUMANOID_JOINTS;
    for (int i = 0; i < HUMANOID_JOINTS; i++) {
        r->joints[i] = humanoid_bones[i].joint;
        int parent = r->joints[i].parent;
        bool right = strncmp(r->joints[i].name, "right_", 6) == 0;
        if (right && parent >= 6)
            r->joints[i].parent = parent + 1;
    }
    rig_build(r);
}

/* ---- the body ----------------------------------------------------------------- */

/* A capsule from a to b whose radius tapers from ra to rb; `squash` scales
 * the offsets from a before measuring, so 1.5 on z makes the shape 1.5
 * times thinner from front to back (a torso is not round). */
typedef struct body_part {
    double a[3], b[3];
    double ra, rb;
    double squash[3];
} body_part;

/* clang-format off */
#define PART(ax, ay, az, bx, by, bz, ra, rb, sx, sy, sz) {{ax, ay, az}, {bx, by, bz}, ra, rb, {sx, sy, sz}}
#define MIRRORED(ax, ay, az, bx, by, bz, ra, rb, sx, sy, sz)                                        \
    PART(ax, ay, az, bx, by, bz, ra, rb, sx, sy, sz), PART(-(ax), ay, az, -(bx), by, bz, ra, rb, sx, sy, sz)

/* [listing humanoid_body] */
static const body_part body_parts[] = {
    PART(0, 0.86, 0, 0, 1.02, 0, 0.15, 0.135, 1, 1, 1.45),        /* pelvis */
    PART(0, 1.02, 0, 0, 1.22, 0, 0.135, 0.15, 1, 1, 1.5),         /* belly */
    PART(0, 1.22, 0, 0, 1.36, 0, 0.16, 0.15, 1, 1, 1.45),         /* chest */
    PART(-0.15, 1.41, 0, 0.15, 1.41, 0, 0.065, 0.065, 1, 1, 1.1), /* shoulders */
    PART(0, 1.38, 0, 0, 1.60, 0.005, 0.05, 0.048, 1, 1, 1),       /* neck */
    PART(0, 1.62, 0.015, 0, 1.705, 0.015, 0.095, 0.095, 1.12, 1, 1), /* head, top at 1.8 */
    MIRRORED(0.16, 1.43, 0, 0.45, 1.43, 0, 0.055, 0.045, 1, 1, 1),   /* upper arm */
    MIRRORED(0.45, 1.43, 0, 0.71, 1.43, 0, 0.045, 0.035, 1, 1, 1),   /* forearm */
    MIRRORED(0.72, 1.43, 0, 0.85, 1.43, 0, 0.042, 0.036, 1, 1.8, 1), /* hand, flat */
    MIRRORED(0.105, 0.92, 0, 0.105, 0.50, 0, 0.08, 0.058, 1, 1, 1),  /* thigh */
    MIRRORED(0.105, 0.50, 0, 0.105, 0.09, 0, 0.056, 0.042, 1, 1, 1), /* shin */
    MIRRORED(0.105, 0.045, -0.05, 0.105, 0.04, 0.13, 0.048, 0.042, 1.15, 1, 1), /* foot */
    MIRRORED(0.105, 0.035, 0.13, 0.105, 0.03, 0.20, 0.036, 0.03, 1.1, 1, 1),    /* toes */
};
#define BODY_PART_COUNT (sizeof body_parts / sizeof body_parts[0])
/* clang-format on */
/* How far the smooth union blends two parts, in metres. */
#define BODY_BLEND 0.03
/* [/listing] */

/* [listing humanoid_sdf] */
static double part_distance(const body_part *part, const double p[3])
{
    double ap[3], ab[3];
    for (int i = 0; i < 3; i++) {
        ap[i] = (p[i] - part->a[i]) * part->squash[i];
        ab[i] = (part->b[i] - part->a[i]) * part->squash[i];
    }
    double t = (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / (ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2]);
    t = fmin(fmax(t, 0), 1);
    double d2 = 0;
    for (int i = 0; i < 3; i++) {
        double d = ap[i] - t * ab[i];
        d2 += d * d;
    }
    return sqrt(d2) - (part->ra + t * (part->rb - part->ra));
}

/* min(a, b) with the corner rounded over a width k: where two parts meet,
 * the surface flows from one into the other instead of creasing. */
static double smooth_min(double a, double b, double k)
{
    double h = fmax(k - fabs(a - b), 0) / k;
    return fmin(a, b) - h * h * k / 4;
}

static double body_sdf(const double p[3], const void *user)
{
    (void)user;
    double d = part_distance(&body_parts[0], p);
    for (size_t i = 1; i < BODY_PART_COUNT; i++)
        d = smooth_min(d, part_distance(&body_parts[i], p), BODY_BLEND);
    /* Cut flat at y = 0: the soles stand on the ground. */
    return fmax(d, -p[1]);
}
/* [/listing] */

/* ---- skin weights --------------------------------------------------------------- */

/* The distance from p to the segment a-b, and in *t where along it (0 at a,
 * 1 at b) the nearest point lies. */
static double segment_distance(const double p[3], const double a[3], const double b[3], double *t_out)
{
    double ap[3], ab[3];
    for (int i = 0; i < 3; i++) {
        ap[i] = p[i] - a[i];
        ab[i] = b[i] - a[i];
    }
    double t = (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / (ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2]);
    t = fmin(fmax(t, 0), 1);
    double d2 = 0;
    for (int i = 0; i < 3; i++)
        d2 += (ap[i] - t * ab[i]) * (ap[i] - t * ab[i]);
    *t_out = t;
    return sqrt(d2);
}

/* [listing humanoid_weights] */
/* How quickly a bone's influence fades with distance from its surface. */
#define WEIGHT_FALLOFF 0.03
/* Influences smaller than this (after normalizing) are dropped. */
#define WEIGHT_MIN 0.01

/* Up to 4 weights for a vertex at p: each bone's raw weight falls off with
 * d, the distance from p to the bone's segment minus the bone's radius there
 * (0 on or inside its flesh), as 1 / (d + WEIGHT_FALLOFF)^4. The 4 largest
 * are kept, small ones dropped, and the rest scaled to sum to 1. */
static void vertex_weights(const double p[3], uint16_t joints[4], float weights[4])
{
    double best[4] = {0, 0, 0, 0};
    int best_joint[4] = {0, 0, 0, 0};
    for (int j = 0; j < HUMANOID_JOINTS; j++) {
        const humanoid_bone *bone = &humanoid_bones[j];
        double t, axis = segment_distance(p, bone->joint.head, bone->joint.tail, &t);
        double d = fmax(axis - (bone->head_radius + t * (bone->tail_radius - bone->head_radius)), 0);
        double s = d + WEIGHT_FALLOFF;
        double w = 1 / (s * s * s * s); /* not pow(): plain products round the same everywhere */
        /* insert into the sorted top 4 (ties keep the lower joint index) */
        /* [elide] */
        for (int slot = 0; slot < 4; slot++)
            if (w > best[slot]) {
                for (int move = 3; move > slot; move--) {
                    best[move] = best[move - 1];
                    best_joint[move] = best_joint[move - 1];
                }
                best[slot] = w;
                best_joint[slot] = j;
                break;
            }
        /* [/elide] */
    }
    double sum = best[0] + best[1] + best[2] + best[3];
    double kept = 0;
    for (int slot = 0; slot < 4; slot++) {
        if (best[slot] / sum < WEIGHT_MIN)
            best[slot] = 0;
        kept += best[slot];
    }
    /* Unused slots: joint 0 with weight 0, as glTF asks. */
    float rest = 0;
    for (int slot = 3; slot >= 0; slot--) {
        joints[slot] = best[slot] > 0 ? (uint16_t)best_joint[slot] : 0;
        weights[slot] = (float)(best[slot] / kept);
        if (slot > 0)
            rest += weights[slot];
    }
    /* The largest takes what rounding left, so the float sum is 1. */
    weights[0] = 1.0f - rest;
}
/* [/listing] */

/* ---- the texture ---------------------------------------------------------------- */

#define TEXTURE_SIZE 256
/* The front projection: the texture covers x in [-0.95, 0.95] and y in
 * [0, 1.9], so it looks like a drawing of the character from the front. */
#define UV_EXTENT 1.9

static void paint(double x, double y, unsigned char rgba[4])
{
    static const double skin[3] = {0.87, 0.68, 0.55}, hair[3] = {0.28, 0.17, 0.09};
    static const double shoes[3] = {0.24, 0.16, 0.11}, trousers[3] = {0.2, 0.28, 0.45};
    static const double belt[3] = {0.12, 0.10, 0.08}, shirt[3] = {0.72, 0.24, 0.2};
    const double *c;
    double shade = 1;
    double ax = fabs(x);
    if (y < 0.085)
        c = shoes;
    else if (y < 0.93)
        c = trousers, shade = 1 - 0.08 * (ax < 0.012); /* a seam down the middle */
    else if (y < 0.99 && ax < 0.3)
        c = belt;
    else if (y > 1.72)
        c = hair;
    else if (y > 1.5)
        c = skin; /* neck and face */
    else if (ax > 0.62)
        c = skin; /* hands and wrists */
    else
        c = shirt, shade = fmod(y + 2 * ax, 0.08) < 0.04 ? 1 : 0.85; /* stripes */
    for (int i = 0; i < 3; i++)
        rgba[i] = (unsigned char)lround(255 * c[i] * shade);
    rgba[3] = 255;
}

static bool make_texture(image_rgba8 *out, sa_error *err)
{
    out->width = out->height = TEXTURE_SIZE;
    out->pixels = malloc((size_t)TEXTURE_SIZE * TEXTURE_SIZE * 4);
    if (!out->pixels)
        return sa_error_set(err, "humanoid: out of memory for the texture");
    for (int row = 0; row < TEXTURE_SIZE; row++)
        for (int col = 0; col < TEXTURE_SIZE; col++) {
            /* pixel centres; row 0 is the top of the image, v = 0 in glTF */
            double u = (col + 0.5) / TEXTURE_SIZE, v = (row + 0.5) / TEXTURE_SIZE;
            paint((u - 0.5) * UV_EXTENT, (1 - v) * UV_EXTENT, out->pixels + ((size_t)row * TEXTURE_SIZE + col) * 4);
        }
    return true;
}

/* ---- the face ------------------------------------------------------------------- */

/* The head has no eyes or mouth of its own: the surface nets make one smooth
 * ellipsoid. Each morph target is a deformation field, a displacement
 * defined at every point of space that is zero outside a small region of the
 * face; the target's deltas are the field at the bind vertices. Every field
 * fades in over the front of the head only (z from 4 to 7 cm: the face is at
 * z = 11 cm, the back of the head at -8 cm), so it never reaches round to
 * the back. */

/* 0 below a, 1 above b, a smooth (C1) ramp in between. */
static double smooth_ramp(double a, double b, double x)
{
    double t = fmin(fmax((x - a) / (b - a), 0), 1);
    return t * t * (3 - 2 * t);
}

/* A bump of height 1 at (cx, cy) that falls to 0 on the ellipse of radii rx,
 * ry around it, and is 0 outside: (1 - r^2)^2, smooth at its rim. */
static double bump(double x, double y, double cx, double cy, double rx, double ry)
{
    double u = (x - cx) / rx, v = (y - cy) / ry, r2 = u * u + v * v;
    return r2 < 1 ? (1 - r2) * (1 - r2) : 0;
}

static double face_front(const double p[3])
{
    return smooth_ramp(0.04, 0.07, p[2]);
}

/* [listing humanoid_face_fields] */
/* Model space at bind, metres. The eyes' centres are at half the head's
 * height, 3.2 cm either side of the middle; the mouth line 9 cm below them. */
#define EYE_X 0.032
#define EYE_Y 1.685
#define MOUTH_Y 1.595
#define JAW_HINGE_Y 1.640 /* the jaw turns about the line y = 1.64, z = 0.02 (along X) */
#define JAW_HINGE_Z 0.020
#define JAW_OPEN_DEGREES 10.0

/* blink: the lid region, an ellipse 2.2 x 1.6 cm around the eye, slides
 * down 8 mm and in 4 mm at its centre (side +1: the left eye at +X). */
static void blink_field(const double p[3], double side, double out[3])
{
    double w = bump(p[0], p[1], side * EYE_X, EYE_Y, 0.022, 0.016) * face_front(p);
    out[0] = 0, out[1] = -0.008 * w, out[2] = -0.004 * w;
}

/* jaw_open: the lower face turns 10 degrees down and back about the hinge.
 * It is all of the jaw below 1.585 m, none of the face above the mouth line
 * (1.60 m), and fades out over the chin's underside (1.53 to 1.50 m) so
 * that the neck stays where it is. */
static void jaw_field(const double p[3], double out[3])
{
    double w = (1 - smooth_ramp(MOUTH_Y - 0.010, MOUTH_Y + 0.005, p[1])) * smooth_ramp(1.50, 1.53, p[1]) *
               face_front(p);
    double a = JAW_OPEN_DEGREES * RIG_PI / 180, dy = p[1] - JAW_HINGE_Y, dz = p[2] - JAW_HINGE_Z;
    /* a turn by +a about +X takes (y, z) to (y cos a - z sin a, y sin a + z cos a) */
    out[0] = 0;
    out[1] = w * (dy * cos(a) - dz * sin(a) - dy);
    out[2] = w * (dy * sin(a) + dz * cos(a) - dz);
}

/* smile: each mouth corner, an ellipse 1.8 x 1.4 cm around (+/-2.6 cm,
 * 1.597 m), moves 6 mm up, 4 mm back and 4 mm outwards at its centre. */
static void smile_field(const double p[3], double out[3])
{
    double side = p[0] >= 0 ? 1 : -1;
    double w = bump(p[0], p[1], side * 0.026, MOUTH_Y + 0.002, 0.018, 0.014) * face_front(p);
    out[0] = side * 0.004 * w, out[1] = 0.006 * w, out[2] = -0.004 * w;
}
/* [/listing] */

enum { FACE_BLINK_LEFT, FACE_BLINK_RIGHT, FACE_JAW_OPEN, FACE_SMILE, FACE_TARGETS };
static const char *const face_target_names[FACE_TARGETS] = {"blink_left", "blink_right", "jaw_open", "smile"};

static void face_field(int target, const double p[3], double out[3])
{
    switch (target) {
    case FACE_BLINK_LEFT:
        blink_field(p, 1, out);
        break;
    case FACE_BLINK_RIGHT:
        blink_field(p, -1, out);
        break;
    case FACE_JAW_OPEN:
        jaw_field(p, out);
        break;
    default:
        smile_field(p, out);
        break;
    }
}

/* [listing humanoid_face_targets] */
/* Each target: POSITION deltas, the field at every vertex; NORMAL deltas,
 * the smooth normals of the surface with the target applied at weight 1
 * minus the base normals (so a vertex next to a moved one, which does not
 * move, still turns its normal). Both are sparse accessors: only the
 * vertices that move, or whose normal turns, are stored. */
static bool add_face_targets(gltf_out_document *doc, int mesh, const surface_mesh *body, const float (*normals)[3])
{
    size_t n = body->vertex_count;
    float(*deltas)[3] = malloc(n * sizeof *deltas);
    float(*moved)[3] = malloc(n * sizeof *moved);
    float(*turned)[3] = malloc(n * sizeof *turned);
    bool ok = deltas && moved && turned;
    for (int t = 0; ok && t < FACE_TARGETS; t++) {
        for (size_t v = 0; v < n; v++) {
            const float *p = body->positions[v];
            double pd[3] = {p[0], p[1], p[2]}, d[3];
            face_field(t, pd, d);
            for (int c = 0; c < 3; c++) {
                deltas[v][c] = (float)d[c];
                moved[v][c] = p[c] + deltas[v][c]; /* as a reader applies it: base + 1 x delta */
            }
        }
        normals_smooth((const float(*)[3])moved, n, body->indices, body->triangle_count, turned);
        for (size_t v = 0; v < n; v++)
            for (int c = 0; c < 3; c++)
                turned[v][c] -= normals[v][c];
        int position = gltf_out_add_sparse_accessor(doc, &deltas[0][0], "VEC3", n);
        int normal = gltf_out_add_sparse_accessor(doc, &turned[0][0], "VEC3", n);
        ok = position >= 0 && normal >= 0 &&
             gltf_out_add_morph_target(doc, mesh, face_target_names[t], position, normal) >= 0;
    }
    free(deltas), free(moved), free(turned);
    return ok;
}
/* [/listing] */

/* ---- the clips ------------------------------------------------------------------ */

#define JOINT(name) rig_find(r, name)

typedef struct clip_builder {
    gltf_out_document *doc;
    const rig *r;
    int animation;
    int key_count;
    float times[64];
    bool keyed[RIG_MAX_JOINTS];
    float keys[RIG_MAX_JOINTS][64][4]; /* each keyed joint's local rotations, for clip_height */
} clip_builder;

/* One rotation track: key k turns the joint by angle(k) radians about a
 * model-space axis (see rig_local_rotation_about). */
static void clip_rotation(clip_builder *c, const char *joint, const double axis[3], const double *angles)
{
    int j = rig_find(c->r, joint);
    float keys[64][4];
    for (int k = 0; k < c->key_count; k++) {
        float q[4];
        rig_local_rotation_about(c->r, j, axis, angles[k], q);
        track_push_rotation(keys, k, q);
        memcpy(c->keys[j][k], keys[k], sizeof keys[k]);
    }
    c->keyed[j] = true;
    gltf_out_add_channel(c->doc, c->animation, c->r->node[j], "rotation", c->times, &keys[0][0], (size_t)c->key_count);
}

/* The model-space height of a joint's origin at key k: forward kinematics
 * over the rig's local transforms, the keyed joints at their key k. */
static double clip_height(const clip_builder *c, const char *joint, int k)
{
    int chain[RIG_MAX_JOINTS], n = 0;
    for (int j = rig_find(c->r, joint); j >= 0; j = c->r->joints[j].parent)
        chain[n++] = j;
    double rotation[4] = {0, 0, 0, 1}, position[3] = {0, 0, 0};
    for (int i = n - 1; i >= 0; i--) { /* from the root down */
        int j = chain[i];
        const float *local = c->keyed[j] ? c->keys[j][k] : c->r->local_rotation[j];
        double t[3] = {c->r->local_translation[j][0], c->r->local_translation[j][1], c->r->local_translation[j][2]};
        double q[4] = {local[0], local[1], local[2], local[3]}, moved[3], next[4];
        quat_rotate(rotation, t, moved);
        for (int a = 0; a < 3; a++)
            position[a] += moved[a];
        quat_multiply(rotation, q, next);
        memcpy(rotation, next, sizeof rotation);
    }
    return position[1];
}

/* An event at every key where the joint is higher than at the keys on either
 * side (the clip loops: its last key is its first, so not counted). */
static void clip_events_at_highest(clip_builder *c, const char *event, const char *joint)
{
    int n = c->key_count - 1;
    for (int k = 0; k < n; k++) {
        double here = clip_height(c, joint, k);
        if (here > clip_height(c, joint, (k + n - 1) % n) && here > clip_height(c, joint, (k + 1) % n))
            gltf_out_add_event(c->doc, c->animation, event, c->times[k]);
    }
}

static double radians(double degrees)
{
    return degrees * RIG_PI / 180;
}

/* [listing humanoid_idle] */
/* idle: 4 s, a key every 0.25 s. The arms hang 70 degrees down from the
 * T-pose, the chest rises and falls once, the upper body sways. Every track
 * is a whole number of sine periods, so the last key equals the first. */
static void make_idle(gltf_out_document *doc, const rig *r)
{
    enum { KEYS = 17 };
    const double period = 4, x_axis[3] = {1, 0, 0}, y_axis[3] = {0, 1, 0}, z_axis[3] = {0, 0, 1};
    clip_builder c = {.doc = doc, .r = r, .animation = gltf_out_add_animation(doc, "idle"), .key_count = KEYS};
    double breathe[KEYS], sway[KEYS], arm_left[KEYS], arm_right[KEYS], elbow_left[KEYS], elbow_right[KEYS];
    double head[KEYS];
    for (int k = 0; k < KEYS; k++) {
        c.times[k] = (float)(period * k / (KEYS - 1));
        double phase = 2 * RIG_PI * (k % (KEYS - 1)) / (KEYS - 1);
        breathe[k] = radians(1.5) * sin(phase);
        sway[k] = radians(1.2) * sin(phase + 1);
        head[k] = -0.8 * sway[k];
        /* left arm at +X turns down about -Z, right arm about +Z */
        arm_left[k] = -radians(70) - radians(2) * sin(phase);
        arm_right[k] = radians(70) + radians(2) * sin(phase);
        /* elbows bent 15 degrees forward (towards +Z) */
        elbow_left[k] = -radians(15);
        elbow_right[k] = radians(15);
    }
    clip_rotation(&c, "spine_1", z_axis, sway);
    clip_rotation(&c, "spine_3", x_axis, breathe);
    clip_rotation(&c, "head", z_axis, head);
    clip_rotation(&c, "left_upper_arm", z_axis, arm_left);
    clip_rotation(&c, "right_upper_arm", z_axis, arm_right);
    clip_rotation(&c, "left_forearm", y_axis, elbow_left);
    clip_rotation(&c, "right_forearm", y_axis, elbow_right);
    int top = 0; /* the breath's top: the key where the chest is turned up most */
    for (int k = 1; k < KEYS - 1; k++)
        top = breathe[k] > breathe[top] ? k : top;
    gltf_out_add_event(doc, c.animation, "breath", c.times[top]);
}
/* [/listing] */

/* [listing humanoid_wave] */
/* wave: 2 s, a key every 1/12 s. The right upper arm is raised 50 degrees
 * above horizontal; the forearm bends up and swings +/- 25 degrees three
 * times; the left arm hangs as in idle; the head turns towards the hand. */
static void make_wave(gltf_out_document *doc, const rig *r)
{
    enum { KEYS = 25 };
    const double period = 2, y_axis[3] = {0, 1, 0}, z_axis[3] = {0, 0, 1};
    clip_builder c = {.doc = doc, .r = r, .animation = gltf_out_add_animation(doc, "wave"), .key_count = KEYS};
    double upper[KEYS], forearm[KEYS], hand[KEYS], left[KEYS], head[KEYS];
    for (int k = 0; k < KEYS; k++) {
        c.times[k] = (float)(period * k / (KEYS - 1));
        double phase = 2 * RIG_PI * (k % (KEYS - 1)) / (KEYS - 1);
        /* the right arm at -X rises with a negative turn about Z */
        upper[k] = -radians(50) - radians(3) * sin(phase);
        forearm[k] = -radians(50) - radians(25) * sin(3 * phase);
        hand[k] = -radians(10) * sin(3 * phase - 0.6);
        left[k] = -radians(70);
        head[k] = -radians(12);
    }
    clip_rotation(&c, "right_upper_arm", z_axis, upper);
    clip_rotation(&c, "right_forearm", z_axis, forearm);
    clip_rotation(&c, "right_hand", z_axis, hand);
    clip_rotation(&c, "left_upper_arm", z_axis, left);
    clip_rotation(&c, "head", y_axis, head);
    clip_events_at_highest(&c, "wave_peak", "right_hand"); /* the forearm passing over the elbow */
}
/* [/listing] */

/* ---- the face clips ----------------------------------------------------------------- */

/* The weights channel of a mesh node carries every target of the mesh at
 * each key, with one interpolation (one channel per node and path in an
 * animation), so each of the three face clips shows one: "face" LINEAR,
 * "blink" STEP, "smile" CUBICSPLINE. Each loops: its last key is its first. */

/* One target's curve in "face": (time, weight) breakpoints, joined linearly. */
typedef struct face_key {
    float time, weight;
} face_key;

static double face_curve_at(const face_key *keys, int count, float t)
{
    if (t <= keys[0].time)
        return keys[0].weight;
    for (int k = 1; k < count; k++)
        if (t <= keys[k].time) {
            double s = (t - keys[k - 1].time) / (keys[k].time - keys[k - 1].time);
            return keys[k - 1].weight + s * (keys[k].weight - keys[k - 1].weight);
        }
    return keys[count - 1].weight;
}

/* [listing humanoid_face_clip] */
/* face: 6 s, LINEAR. Both eyes blink at 0.8 s and at 4.1 s, closing in
 * 0.075 s and opening in 0.075 s; from 1.5 s to 3.5 s the character says a
 * few words (the jaw opens once per syllable, by 0.3 to 0.9) and smiles
 * while it talks (up to 0.6). Each target has its own breakpoints; the
 * channel's keys are all of them, so that linear interpolation between the
 * keys gives back every target's curve exactly. */
static void make_face_clip(gltf_out_document *doc, int mesh_node)
{
    static const face_key blink[] = {{0, 0},    {0.8f, 0},   {0.875f, 1}, {0.95f, 0},
                                     {4.1f, 0}, {4.175f, 1}, {4.25f, 0},  {6, 0}};
    static const face_key jaw[] = {{0, 0},         {1.5f, 0},      {1.625f, 0.6f}, {1.75f, 0.1f},
                                   {1.875f, 0.8f}, {2.0f, 0},      {2.25f, 0},     {2.375f, 0.5f},
                                   {2.5f, 0.3f},   {2.625f, 0.9f}, {2.875f, 0},    {3.0f, 0.4f},
                                   {3.125f, 0.1f}, {3.25f, 0.7f},  {3.5f, 0},      {6, 0}};
    static const face_key smile[] = {{0, 0}, {1.2f, 0}, {2.0f, 0.6f}, {3.6f, 0.6f}, {4.6f, 0}, {6, 0}};
    const struct {
        const face_key *keys;
        int count;
    } curves[FACE_TARGETS] = {{blink, sizeof blink / sizeof blink[0]},
                              {blink, sizeof blink / sizeof blink[0]},
                              {jaw, sizeof jaw / sizeof jaw[0]},
                              {smile, sizeof smile / sizeof smile[0]}};
    enum { MAX_KEYS = 64 };
    float times[MAX_KEYS], weights[MAX_KEYS * FACE_TARGETS];
    int key_count = 0;
    /* [elide the union of every target's breakpoint times, in order, into times[key_count]] */
    for (int t = 0; t < FACE_TARGETS; t++) /* the union of the breakpoints, in order */
        for (int k = 0; k < curves[t].count; k++) {
            float time = curves[t].keys[k].time;
            int at = 0;
            while (at < key_count && times[at] < time)
                at++;
            if (at < key_count && times[at] == time)
                continue;
            memmove(times + at + 1, times + at, (size_t)(key_count - at) * sizeof *times);
            times[at] = time;
            key_count++;
        }
    /* [/elide] */
    for (int k = 0; k < key_count; k++)
        for (int t = 0; t < FACE_TARGETS; t++)
            weights[k * FACE_TARGETS + t] = (float)face_curve_at(curves[t].keys, curves[t].count, times[k]);
    int animation = gltf_out_add_animation(doc, "face");
    gltf_out_add_channel_interpolated(doc, animation, mesh_node, "weights", GLTF_OUT_LINEAR, times, weights,
                                      (size_t)key_count);
}
/* [/listing] */

/* [listing humanoid_blink_clip] */
/* blink: 2 s, STEP: each key holds until the next, so the eyes snap shut in
 * stages as in stop-motion: half closed at 1 s, closed at 1.04 s, half
 * open at 1.12 s, open at 1.16 s. */
static void make_blink_clip(gltf_out_document *doc, int mesh_node)
{
    static const float times[] = {0, 1.0f, 1.04f, 1.12f, 1.16f, 2.0f};
    static const float lids[] = {0, 0.5f, 1, 0.5f, 0, 0};
    enum { KEYS = sizeof times / sizeof times[0] };
    float weights[KEYS * FACE_TARGETS] = {0};
    for (int k = 0; k < KEYS; k++)
        weights[k * FACE_TARGETS + FACE_BLINK_LEFT] = weights[k * FACE_TARGETS + FACE_BLINK_RIGHT] = lids[k];
    int animation = gltf_out_add_animation(doc, "blink");
    gltf_out_add_channel_interpolated(doc, animation, mesh_node, "weights", GLTF_OUT_STEP, times, weights, KEYS);
}
/* [/listing] */

/* [listing humanoid_smile_clip] */
/* smile: 2 s, CUBICSPLINE, keys at 0, 0.5, 1.5 and 2 s. The smile eases in
 * to 0.8, keeps growing to 1 and eases out; the mouth opens a little (jaw
 * 0.2) with it. Each key stores, per target, an in-tangent, the value and an
 * out-tangent, in weight per second: the smile's are 0.2/s where it keeps
 * growing (out of 0.5 s, into 1.5 s) and 0 elsewhere, so it eases. */
static void make_smile_clip(gltf_out_document *doc, int mesh_node)
{
    enum { KEYS = 4 };
    static const float times[KEYS] = {0, 0.5f, 1.5f, 2.0f};
    static const float smile[KEYS] = {0, 0.8f, 1, 0}, jaw[KEYS] = {0, 0.2f, 0.2f, 0};
    static const float smile_in[KEYS] = {0, 0.2f, 0.2f, 0}, smile_out[KEYS] = {0, 0.2f, 0, 0};
    float values[KEYS * 3 * FACE_TARGETS] = {0}; /* per key: in-tangents, values, out-tangents */
    for (int k = 0; k < KEYS; k++) {
        float *in = values + k * 3 * FACE_TARGETS, *value = in + FACE_TARGETS, *out = value + FACE_TARGETS;
        in[FACE_SMILE] = smile_in[k];
        value[FACE_SMILE] = smile[k];
        value[FACE_JAW_OPEN] = jaw[k];
        out[FACE_SMILE] = smile_out[k];
    }
    int animation = gltf_out_add_animation(doc, "smile");
    gltf_out_add_channel_interpolated(doc, animation, mesh_node, "weights", GLTF_OUT_CUBICSPLINE, times, values, KEYS);
}
/* [/listing] */

/* ---- the whole model ------------------------------------------------------------ */

/* The grid the body is sampled on: it must enclose the body with a margin. */
static const surface_grid body_grid = {
    .origin = {-0.95, -0.035, -0.17},
    .cell = 0.0125,
    .points = {153, 150, 37},
};

bool make_humanoid(gltf_out_document *doc, image_rgba8 *texture, sa_error *err)
{
    static rig r; /* large; the generator runs once, single-threaded */
    memset(&r, 0, sizeof r);
    humanoid_rig(&r);

    surface_mesh body;
    if (!surface_nets(body_sdf, NULL, &body_grid, &body, err))
        return sa_error_prefix(err, "humanoid");
    size_t n = body.vertex_count;
    if (n > 65535) {
        surface_mesh_free(&body);
        return sa_error_set(err, "humanoid: %zu vertices do not fit 16-bit indices; use a coarser grid", n);
    }
    float(*normals)[3] = malloc(n * sizeof *normals);
    float(*texcoords)[2] = malloc(n * sizeof *texcoords);
    uint16_t(*joints)[4] = malloc(n * sizeof *joints);
    float(*weights)[4] = malloc(n * sizeof *weights);
    uint16_t *indices = malloc(body.triangle_count * 3 * sizeof *indices);
    bool ok = normals && texcoords && joints && weights && indices && make_texture(texture, err);
    if (ok) {
        for (size_t i = 0; i < n; i++) {
            float *p = body.positions[i];
            if (fabsf(p[1]) < 1e-6f)
                p[1] = 0; /* the soles: exactly on the ground */
            double pd[3] = {p[0], p[1], p[2]};
            texcoords[i][0] = (float)(0.5 + p[0] / UV_EXTENT);
            texcoords[i][1] = (float)(1 - p[1] / UV_EXTENT);
            vertex_weights(pd, joints[i], weights[i]);
        }
        for (size_t i = 0; i < body.triangle_count * 3; i++)
            indices[i] = (uint16_t)body.indices[i];
        normals_smooth((const float(*)[3])body.positions, n, body.indices, body.triangle_count, normals);

        gltf_out_primitive p = gltf_out_primitive_empty();
        const int vertex = GLTF_OUT_TARGET_ARRAY_BUFFER;
        p.position = gltf_out_add_accessor(doc, body.positions, GLTF_OUT_FLOAT, "VEC3", n, vertex);
        p.normal = gltf_out_add_accessor(doc, normals, GLTF_OUT_FLOAT, "VEC3", n, vertex);
        p.texcoord = gltf_out_add_accessor(doc, texcoords, GLTF_OUT_FLOAT, "VEC2", n, vertex);
        p.joints = gltf_out_add_accessor(doc, joints, GLTF_OUT_UNSIGNED_SHORT, "VEC4", n, vertex);
        p.weights = gltf_out_add_accessor(doc, weights, GLTF_OUT_FLOAT, "VEC4", n, vertex);
        p.indices = gltf_out_add_accessor(doc, indices, GLTF_OUT_UNSIGNED_SHORT, "SCALAR", body.triangle_count * 3,
                                          GLTF_OUT_TARGET_ELEMENT_ARRAY_BUFFER);
        static const float white[4] = {1, 1, 1, 1};
        int image = gltf_out_add_image_file(doc, HUMANOID_TEXTURE_FILE);
        p.material = gltf_out_add_material(doc, "clothes", white, 0, 0.8f, image);

        int mesh_node = gltf_out_add_node(doc, "humanoid", -1);
        if (mesh_node >= 0 && rig_add_to_document(&r, doc, -1, "humanoid_skeleton")) {
            int mesh = gltf_out_add_mesh(doc, "body", p);
            doc->nodes[mesh_node].mesh = mesh;
            doc->nodes[mesh_node].skin = 0;
            if (!add_face_targets(doc, mesh, &body, (const float(*)[3])normals))
                ok = sa_error_set(err, "humanoid: out of memory for the face");
            make_idle(doc, &r);
            make_wave(doc, &r);
            /* after idle and wave, so that their indices (0 and 1) stay */
            make_face_clip(doc, mesh_node);
            make_blink_clip(doc, mesh_node);
            make_smile_clip(doc, mesh_node);
        }
        if (ok && doc->failure[0])
            ok = sa_error_set(err, "humanoid: %s", doc->failure);
    } else if (!texture->pixels) {
        sa_error_set(err, "humanoid: out of memory");
    }
    free(normals);
    free(texcoords);
    free(joints);
    free(weights);
    free(indices);
    surface_mesh_free(&body);
    if (!ok)
        image_free(texture);
    return ok;
}
