/* clip.c: clips, key search with a cursor, sampling, the clock (chapter 08). */
#include "clip.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *out = malloc(n);
    if (out)
        memcpy(out, s, n);
    return out;
}

/* Normalizes q in place; false when it has no direction (length 0, or not finite). */
static bool normalize_quat(float *q)
{
    double length = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3]);
    if (!(length > 1e-6) || !isfinite(length))
        return false;
    for (int i = 0; i < 4; i++)
        q[i] = (float)(q[i] / length);
    return true;
}

bool clip_init(clip *c, const char *name, int joint_count, const transform *rest_local, sa_error *err)
{
    memset(c, 0, sizeof *c);
    c->joint_count = joint_count;
    if (!(c->name = copy_string(name ? name : "")) ||
        !(c->rest_local = malloc(((size_t)joint_count + 1) * sizeof *c->rest_local)))
        return sa_error_set(err, "out of memory");
    for (int j = 0; j < joint_count; j++) {
        c->rest_local[j] = rest_local[j];
        if (!normalize_quat(c->rest_local[j].rotation))
            glm_quat_identity(c->rest_local[j].rotation); /* the skeleton has checked it; keep a rotation */
    }
    return true;
}

void clip_free(clip *c)
{
    for (int i = 0; i < c->track_count; i++) {
        free(c->tracks[i].times);
        free(c->tracks[i].values);
    }
    for (int i = 0; i < c->event_count; i++)
        free(c->events[i].name);
    for (int i = 0; i < c->weight_track_count; i++) {
        free(c->weight_tracks[i].keys.times);
        free(c->weight_tracks[i].keys.values);
    }
    free(c->weight_tracks);
    free(c->rest_weights);
    free(c->tracks);
    free(c->by_kind);
    free(c->events);
    free(c->rest_local);
    free(c->name);
    memset(c, 0, sizeof *c);
}

/* What a track's keys must be, joint or weights: at least one key (two for
 * CUBICSPLINE), times finite, >= 0 and strictly increasing, values finite. */
static bool check_keys(track_interpolation interpolation, int key_count, const float *times, int components,
                       const float *values, sa_error *err)
{
    int minimum = interpolation == TRACK_CUBICSPLINE ? 2 : 1;
    if (key_count < minimum)
        return sa_error_set(err, "%d keys: %s needs at least %d", key_count,
                            interpolation == TRACK_CUBICSPLINE ? "CUBICSPLINE" : "a track", minimum);
    /* The key search relies on this, and interpolating between two keys at
     * one time would divide by zero. */
    for (int k = 0; k < key_count; k++)
        if (!isfinite(times[k]) || times[k] < 0.0f || (k > 0 && !(times[k] > times[k - 1])))
            return sa_error_set(err, "key %d: time %g is not finite, negative or not after the key before", k,
                                (double)times[k]);
    size_t per_key = interpolation == TRACK_CUBICSPLINE ? 3 : 1;
    size_t value_count = (size_t)key_count * per_key * (size_t)components;
    for (size_t v = 0; v < value_count; v++)
        if (!isfinite(values[v]))
            return sa_error_set(err, "key %zu: value %g is not a finite number", v / per_key / (size_t)components,
                                (double)values[v]);
    return true;
}

bool clip_add_track(clip *c, int joint, track_path path, track_interpolation interpolation, int key_count,
                    const float *times, const float *values, sa_error *err)
{
    static const char *const path_names[] = {"translation", "rotation", "scale"};
    if (joint < 0 || joint >= c->joint_count)
        return sa_error_set(err, "joint %d does not exist (there are %d)", joint, c->joint_count);
    for (int i = 0; i < c->track_count; i++)
        if (c->tracks[i].joint == joint && c->tracks[i].path == path)
            return sa_error_set(err, "joint %d already has a %s track", joint, path_names[path]);
    int components = path == TRACK_ROTATION ? 4 : 3;
    if (!check_keys(interpolation, key_count, times, components, values, err))
        return false;
    size_t per_key = interpolation == TRACK_CUBICSPLINE ? 3 : 1;
    size_t value_count = (size_t)key_count * per_key * (size_t)components;
    track *grown = realloc(c->tracks, ((size_t)c->track_count + 1) * sizeof *grown);
    if (!grown)
        return sa_error_set(err, "out of memory");
    c->tracks = grown;
    int *grown_order = realloc(c->by_kind, ((size_t)c->track_count + 1) * sizeof *grown_order);
    if (!grown_order)
        return sa_error_set(err, "out of memory");
    c->by_kind = grown_order;
    track *tr = &c->tracks[c->track_count];
    *tr = (track){.joint = joint,
                  .path = path,
                  .interpolation = interpolation,
                  .key_count = key_count,
                  .components = components};
    tr->times = malloc((size_t)key_count * sizeof *tr->times);
    tr->values = malloc(value_count * sizeof *tr->values);
    if (!tr->times || !tr->values) {
        free(tr->times);
        free(tr->values);
        return sa_error_set(err, "out of memory");
    }
    memcpy(tr->times, times, (size_t)key_count * sizeof *tr->times);
    memcpy(tr->values, values, value_count * sizeof *tr->values);
    /* Exporters store rotations a little off unit length, and normalized
     * integers (bytes, shorts) decode to near-unit vectors: normalize once
     * here so that sampling can rely on unit quaternions. CUBICSPLINE
     * tangents are derivatives, not rotations: they stay as they are. */
    if (path == TRACK_ROTATION)
        for (int k = 0; k < key_count; k++) {
            float *q = tr->values + ((size_t)k * per_key + (per_key == 3 ? 1 : 0)) * 4;
            if (!normalize_quat(q)) {
                sa_error_set(err, "key %d: the rotation (%g, %g, %g, %g) has no direction (length 0)", k, (double)q[0],
                             (double)q[1], (double)q[2], (double)q[3]);
                free(tr->times);
                free(tr->values);
                return false;
            }
        }
    /* Its index goes at the end of its kind's group. */
    track_kind kind = interpolation == TRACK_LINEAR && key_count >= 2 ? (track_kind)path : TRACK_KIND_OTHER;
    int at = c->kind_start[kind + 1];
    memmove(&c->by_kind[at + 1], &c->by_kind[at], (size_t)(c->track_count - at) * sizeof *c->by_kind);
    c->by_kind[at] = c->track_count;
    for (int k = kind + 1; k <= TRACK_KINDS; k++)
        c->kind_start[k]++;
    c->track_count++;
    if (times[key_count - 1] > c->duration)
        c->duration = times[key_count - 1];
    return true;
}

bool clip_init_weights(clip *c, int weight_count, const float *rest_weights, sa_error *err)
{
    if (weight_count < 0 || c->rest_weights || c->weight_track_count > 0)
        return sa_error_set(err, "the clip's morph weights are already set, or %d is negative", weight_count);
    if (!(c->rest_weights = malloc(((size_t)weight_count + 1) * sizeof *c->rest_weights)))
        return sa_error_set(err, "out of memory");
    memcpy(c->rest_weights, rest_weights, (size_t)weight_count * sizeof *c->rest_weights);
    c->weight_count = weight_count;
    return true;
}

bool clip_add_weight_track(clip *c, int start, int count, track_interpolation interpolation, int key_count,
                           const float *times, const float *values, sa_error *err)
{
    if (count < 1 || start < 0 || start > c->weight_count - count)
        return sa_error_set(err, "weights %d .. %d are not within the clip's %d morph weights", start,
                            start + count - 1, c->weight_count);
    for (int i = 0; i < c->weight_track_count; i++) {
        const weight_track *w = &c->weight_tracks[i];
        if (start < w->start + w->keys.components && w->start < start + count)
            return sa_error_set(err, "weights %d .. %d already have a track", start, start + count - 1);
    }
    if (!check_keys(interpolation, key_count, times, count, values, err))
        return false;
    size_t value_count = (size_t)key_count * (interpolation == TRACK_CUBICSPLINE ? 3 : 1) * (size_t)count;
    weight_track *grown = realloc(c->weight_tracks, ((size_t)c->weight_track_count + 1) * sizeof *grown);
    if (!grown)
        return sa_error_set(err, "out of memory");
    c->weight_tracks = grown;
    weight_track *w = &c->weight_tracks[c->weight_track_count];
    w->start = start;
    w->keys = (track){.joint = -1,
                      .path = TRACK_WEIGHTS,
                      .interpolation = interpolation,
                      .key_count = key_count,
                      .components = count};
    w->keys.times = malloc((size_t)key_count * sizeof *w->keys.times);
    w->keys.values = malloc(value_count * sizeof *w->keys.values);
    if (!w->keys.times || !w->keys.values) {
        free(w->keys.times);
        free(w->keys.values);
        return sa_error_set(err, "out of memory");
    }
    memcpy(w->keys.times, times, (size_t)key_count * sizeof *w->keys.times);
    memcpy(w->keys.values, values, value_count * sizeof *w->keys.values);
    c->weight_track_count++;
    if (times[key_count - 1] > c->duration)
        c->duration = times[key_count - 1];
    return true;
}

bool clip_add_event(clip *c, const char *name, float time, sa_error *err)
{
    if (!isfinite(time) || time < 0.0f || time > c->duration)
        return sa_error_set(err, "event '%s': time %g is not within the clip (0 .. %g)", name, (double)time,
                            (double)c->duration);
    clip_event *grown = realloc(c->events, ((size_t)c->event_count + 1) * sizeof *grown);
    if (!grown)
        return sa_error_set(err, "out of memory");
    c->events = grown;
    char *copy = copy_string(name);
    if (!copy)
        return sa_error_set(err, "out of memory");
    int at = c->event_count; /* after every event at or before its time */
    while (at > 0 && c->events[at - 1].time > time)
        at--;
    memmove(&c->events[at + 1], &c->events[at], (size_t)(c->event_count - at) * sizeof *c->events);
    c->events[at] = (clip_event){.name = copy, .time = time};
    c->event_count++;
    return true;
}

bool clip_moves_joints(const clip *c)
{
    for (int i = 0; i < c->track_count; i++)
        if (c->tracks[i].path == TRACK_TRANSLATION || c->tracks[i].path == TRACK_ROTATION ||
            c->tracks[i].path == TRACK_SCALE)
            return true;
    return false;
}

/* [listing sample_linear] */
/* The key interval of t: from the cursor, or by binary search without one. */
static inline int find_key(const track *tr, float t, int *cursor)
{
    return cursor ? track_find_key_from(tr->key_count, tr->times, t, cursor)
                  : track_find_key(tr->key_count, tr->times, t);
}

/* A LINEAR translation or scale in key interval k: exercise ex08.2 over the
 * two keys around t, as a track of their own (it holds the first value
 * before the first key and the last after the last). */
static inline void sample_linear_vec3(const track *tr, int k, float t, float *out)
{
    track_sample_linear(2, tr->times + k, tr->values + 3 * k, 3, t, out);
}

/* A LINEAR rotation in key interval k: exercise ex08.1, u clamped to 0 .. 1
 * so that the first and the last key hold. */
static inline void sample_linear_rotation(const track *tr, int k, float t, float *out)
{
    float u = (t - tr->times[k]) / (tr->times[k + 1] - tr->times[k]);
    quat_slerp(tr->values + 4 * k, tr->values + 4 * k + 4, u < 0.0f ? 0.0f : u > 1.0f ? 1.0f : u, out);
}
/* [/listing] */

/* [listing track_sample] */
void track_sample(const track *tr, float t, int *cursor, float *out)
{
    int n = tr->key_count, c = tr->components;
    bool cubic = tr->interpolation == TRACK_CUBICSPLINE;
    int per_key = cubic ? 3 : 1, middle = cubic ? 1 : 0;
    if (n == 1) {
        memcpy(out, tr->values + middle * c, (size_t)c * sizeof *out);
        return;
    }
    int k = find_key(tr, t, cursor);
    if (tr->interpolation == TRACK_LINEAR) {
        if (tr->path == TRACK_ROTATION)
            sample_linear_rotation(tr, k, t, out);
        else /* translation, scale, morph weights: a lerp of each number (ex08.2) */
            track_sample_linear(2, tr->times + k, tr->values + (size_t)k * c, c, t, out);
        return;
    }
    float t0 = tr->times[k], t1 = tr->times[k + 1], interval = t1 - t0;
    /* Before the first key the first value holds, after the last the last
     * (the search has clamped k to the first or last interval). */
    int hold = k == 0 && t <= t0 ? 0 : k == n - 2 && t >= t1 ? n - 1 : -1;
    if (hold >= 0) {
        memcpy(out, tr->values + ((size_t)hold * per_key + middle) * c, (size_t)c * sizeof *out);
        return;
    }
    float u = (t - t0) / interval;
    const float *v = tr->values + (size_t)k * per_key * c;
    if (tr->interpolation == TRACK_STEP) {
        memcpy(out, v, (size_t)c * sizeof *out);
    } else {
        /* [/listing] */
        /* [listing cubic] */
        /* The spec's Hermite spline (glTF 2.0, appendix C): value v_k, out-tangent
         * b_k of key k, in-tangent a_k+1 and value v_k+1 of the next key; the
         * tangents are per second, so they are scaled by the interval. */
        const float *value0 = v + c, *out_tangent0 = v + 2 * c;
        const float *in_tangent1 = v + 3 * c, *value1 = v + 4 * c;
        float u2 = u * u, u3 = u2 * u;
        float h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
        for (int i = 0; i < c; i++)
            out[i] = h00 * value0[i] + h10 * interval * out_tangent0[i] + h01 * value1[i] +
                     h11 * interval * in_tangent1[i];
        if (tr->path == TRACK_ROTATION && !normalize_quat(out))
            memcpy(out, value0, 4 * sizeof *out); /* a spline through 0: keep the key's rotation */
    }
}
/* [/listing] */

float *transform_path(transform *joint, track_path path)
{
    return path == TRACK_TRANSLATION ? joint->translation : path == TRACK_ROTATION ? joint->rotation : joint->scale;
}

/* [listing clip_sample] */
/* The LINEAR translations or scales (kind): one loop, one call of ex08.2 per track. */
static void sample_linear_vec3_tracks(const clip *c, track_kind kind, float t, int *cursors, transform *pose)
{
    track_path path = (track_path)kind;
    for (int i = c->kind_start[kind]; i < c->kind_start[kind + 1]; i++) {
        int n = c->by_kind[i];
        const track *tr = &c->tracks[n];
        int k = find_key(tr, t, cursors ? &cursors[n] : NULL);
        sample_linear_vec3(tr, k, t, transform_path(&pose[tr->joint], path));
    }
}

/* The LINEAR rotations: one loop, one slerp (ex08.1) per track. */
static void sample_linear_rotation_tracks(const clip *c, float t, int *cursors, transform *pose)
{
    for (int i = c->kind_start[TRACK_KIND_LINEAR_ROTATION]; i < c->kind_start[TRACK_KIND_LINEAR_ROTATION + 1]; i++) {
        int n = c->by_kind[i];
        const track *tr = &c->tracks[n];
        int k = find_key(tr, t, cursors ? &cursors[n] : NULL);
        sample_linear_rotation(tr, k, t, pose[tr->joint].rotation);
    }
}

void clip_sample(const clip *c, float t, int *cursors, transform *pose)
{
    memcpy(pose, c->rest_local, (size_t)c->joint_count * sizeof *pose);
    /* One loop per kind of track, each doing one thing (the bulk of a clip
     * is LINEAR), then the rest through the general track_sample. */
    sample_linear_vec3_tracks(c, TRACK_KIND_LINEAR_TRANSLATION, t, cursors, pose);
    sample_linear_rotation_tracks(c, t, cursors, pose);
    sample_linear_vec3_tracks(c, TRACK_KIND_LINEAR_SCALE, t, cursors, pose);
    for (int i = c->kind_start[TRACK_KIND_OTHER]; i < c->kind_start[TRACK_KIND_OTHER + 1]; i++) {
        int n = c->by_kind[i];
        const track *tr = &c->tracks[n];
        track_sample(tr, t, cursors ? &cursors[n] : NULL, transform_path(&pose[tr->joint], tr->path));
    }
}
/* [/listing] */

/* [listing sample_weights] */
void clip_sample_weights(const clip *c, float t, int *cursors, float *weights)
{
    if (c->weight_count > 0) /* (a clip without morph weights may have no arrays) */
        memcpy(weights, c->rest_weights, (size_t)c->weight_count * sizeof *weights);
    /* Each track writes its node's weights, all of them in one call: a
     * weight is a number like a coordinate, so track_sample's STEP, lerp and
     * spline hold as they are (no slerp, no normalizing: weights need not
     * add up to anything). */
    for (int i = 0; i < c->weight_track_count; i++) {
        const weight_track *w = &c->weight_tracks[i];
        track_sample(&w->keys, t, cursors ? &cursors[i] : NULL, weights + w->start);
    }
}
/* [/listing] */

void clip_clock_init(clip_clock *clock, double duration, bool loop)
{
    *clock =
        (clip_clock){.time = 0.0, .duration = duration, .speed = 1.0, .max_step = CLIP_CLOCK_MAX_STEP, .loop = loop};
}
