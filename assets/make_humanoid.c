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
 * (right arm) are keyframes authored here.
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
            doc->nodes[mesh_node].mesh = gltf_out_add_mesh(doc, "body", p);
            doc->nodes[mesh_node].skin = 0;
            make_idle(doc, &r);
            make_wave(doc, &r);
        }
        if (doc->failure[0])
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
