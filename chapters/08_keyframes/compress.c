/* compress.c: key reduction and quantization of a clip (chapter 08). */
#include "compress.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UNITS 65535.0f
#define SMALLEST_THREE_RANGE 0.70710678f /* a component other than the largest is within +-1/sqrt(2) */

/* How far the interpolation of keys a and b, at key i's time, is from key i
 * (metres for vec3, radians for rotations). */
static float key_error(const track *tr, int a, int b, int i)
{
    int c = tr->components;
    float u = (tr->times[i] - tr->times[a]) / (tr->times[b] - tr->times[a]), got[4];
    const float *va = tr->values + a * c, *vb = tr->values + b * c, *vi = tr->values + i * c;
    if (c == 4) {
        /* The angle between two unit quaternions from the chord between
         * them, |q - p| = 2 sin(angle / 4): acos of their dot product loses
         * the small angles that matter here to rounding. */
        quat_slerp(va, vb, u, got);
        float minus = 0.0f, plus = 0.0f;
        for (int k = 0; k < 4; k++)
            minus += (got[k] - vi[k]) * (got[k] - vi[k]), plus += (got[k] + vi[k]) * (got[k] + vi[k]);
        return 4.0f * asinf(fminf(0.5f * sqrtf(fminf(minus, plus)), 1.0f));
    }
    float error = 0.0f;
    for (int k = 0; k < 3; k++)
        error = fmaxf(error, fabsf(va[k] + u * (vb[k] - va[k]) - vi[k]));
    return error;
}

/* The keys kept (kept[k] = index into tr): greedy, from the first key, each
 * stretch as long as every key inside it is reproduced within tolerance. */
static int reduce_keys(const track *tr, float tolerance, int *kept)
{
    int n = tr->key_count, count = 0, a = 0;
    kept[count++] = 0;
    while (a < n - 1) {
        int b = a + 1;
        for (bool ok = true; ok && b + 1 < n;) {
            for (int i = a + 1; ok && i <= b; i++)
                ok = key_error(tr, a, b + 1, i) <= tolerance;
            if (ok)
                b++;
        }
        kept[count++] = b;
        a = b;
    }
    return count;
}

static uint16_t quantize(float v, float lo, float span)
{
    float q = span > 0.0f ? (v - lo) / span * UNITS + 0.5f : 0.0f;
    return (uint16_t)(q < 0.0f ? 0.0f : q > UNITS ? UNITS : q);
}

/* [listing smallest_three] */
static void pack_rotation(const float *q, uint16_t *out, uint8_t *largest)
{
    int big = 0;
    for (int i = 1; i < 4; i++)
        if (fabsf(q[i]) > fabsf(q[big]))
            big = i;
    float sign = q[big] < 0.0f ? -1.0f : 1.0f; /* -q is the same rotation: make the dropped one positive */
    for (int i = 0, o = 0; i < 4; i++)
        if (i != big)
            out[o++] = quantize(sign * q[i], -SMALLEST_THREE_RANGE, 2.0f * SMALLEST_THREE_RANGE);
    *largest = (uint8_t)big;
}

static void unpack_rotation(const uint16_t *in, uint8_t largest, float *q)
{
    float sum = 0.0f;
    for (int i = 0, o = 0; i < 4; i++)
        if (i != largest) {
            q[i] = -SMALLEST_THREE_RANGE + (float)in[o++] / UNITS * 2.0f * SMALLEST_THREE_RANGE;
            sum += q[i] * q[i];
        }
    q[largest] = sqrtf(fmaxf(0.0f, 1.0f - sum)); /* unit length gives back the dropped one */
}
/* [/listing] */

bool clip_pack(const clip *c, float tolerance, float lever, packed_clip *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    out->source = c;
    if (!(out->tracks = calloc((size_t)c->track_count + 1, sizeof *out->tracks)))
        return sa_error_set(err, "out of memory");
    out->track_count = c->track_count;
    float duration = c->duration > 0.0f ? c->duration : 1.0f;
    for (int i = 0; i < c->track_count; i++) {
        const track *tr = &c->tracks[i];
        packed_track *p = &out->tracks[i];
        p->joint = tr->joint, p->path = tr->path;
        if (tr->interpolation != TRACK_LINEAR) {
            p->as_float = tr;
            continue;
        }
        float limit = 0.5f * (tr->path == TRACK_TRANSLATION ? tolerance : tolerance / lever);
        int *kept = malloc((size_t)tr->key_count * sizeof *kept);
        if (!kept)
            return sa_error_set(err, "out of memory");
        int n = p->key_count = reduce_keys(tr, limit, kept);
        p->times = malloc((size_t)n * sizeof *p->times);
        p->values = malloc((size_t)n * 3 * sizeof *p->values);
        p->largest = tr->path == TRACK_ROTATION ? malloc((size_t)n) : NULL;
        if (!p->times || !p->values || (tr->path == TRACK_ROTATION && !p->largest)) {
            free(kept);
            return sa_error_set(err, "out of memory");
        }
        for (int k = 0; k < 3; k++) { /* the range of the kept values */
            float lo = INFINITY, hi = -INFINITY;
            for (int j = 0; j < n && tr->path != TRACK_ROTATION; j++)
                lo = fminf(lo, tr->values[kept[j] * 3 + k]), hi = fmaxf(hi, tr->values[kept[j] * 3 + k]);
            p->lo[k] = tr->path == TRACK_ROTATION ? 0.0f : lo;
            p->span[k] = tr->path == TRACK_ROTATION ? 0.0f : hi - lo;
        }
        for (int j = 0; j < n; j++) {
            /* Times stay strictly increasing: a collision moves a key one unit on. */
            uint16_t q = quantize(tr->times[kept[j]], 0.0f, duration);
            p->times[j] = j > 0 && q <= p->times[j - 1] ? (uint16_t)(p->times[j - 1] + 1) : q;
            const float *v = tr->values + (size_t)kept[j] * (size_t)tr->components;
            if (tr->path == TRACK_ROTATION)
                pack_rotation(v, p->values + 3 * j, &p->largest[j]);
            else
                for (int k = 0; k < 3; k++)
                    p->values[3 * j + k] = quantize(v[k], p->lo[k], p->span[k]);
        }
        free(kept);
    }
    return true;
}

void packed_clip_free(packed_clip *p)
{
    for (int i = 0; i < p->track_count; i++) {
        free(p->tracks[i].times);
        free(p->tracks[i].values);
        free(p->tracks[i].largest);
    }
    free(p->tracks);
    memset(p, 0, sizeof *p);
}

size_t clip_bytes(const clip *c)
{
    size_t bytes = 0;
    for (int i = 0; i < c->track_count; i++) {
        const track *tr = &c->tracks[i];
        size_t per_key = tr->interpolation == TRACK_CUBICSPLINE ? 3 : 1;
        bytes += (size_t)tr->key_count * (sizeof(float) + per_key * (size_t)tr->components * sizeof(float));
    }
    return bytes;
}

size_t packed_clip_bytes(const packed_clip *p)
{
    size_t bytes = 0;
    for (int i = 0; i < p->track_count; i++) {
        const packed_track *t = &p->tracks[i];
        if (t->as_float) {
            clip one = {.track_count = 1, .tracks = (track *)t->as_float};
            bytes += clip_bytes(&one);
        } else {
            bytes += (size_t)t->key_count * (2 + 3 * 2 + (t->largest ? 1 : 0)) + (t->largest ? 0 : 6 * sizeof(float));
        }
    }
    return bytes;
}

/* The interval of tq (a time in the clip's 16-bit units): from the cursor
 * forward, else a binary search; times[k] <= tq < times[k + 1], clamped. */
static int packed_find_key(int n, const uint16_t *times, float tq, int *cursor)
{
    int k = cursor && *cursor >= 0 && *cursor <= n - 2 && (float)times[*cursor] <= tq ? *cursor : -1;
    for (int steps = 0; k >= 0 && k < n - 2 && (float)times[k + 1] <= tq; steps++, k++)
        if (steps == 4)
            k = -2; /* too far: search */
    if (k < 0) {
        int lo = 0, hi = n - 1;
        while (hi - lo > 1) {
            int mid = lo + (hi - lo) / 2;
            if ((float)times[mid] <= tq)
                lo = mid;
            else
                hi = mid;
        }
        k = lo;
    }
    if (cursor)
        *cursor = k;
    return k;
}

static void decode(const packed_track *p, int k, float *out)
{
    if (p->path == TRACK_ROTATION)
        unpack_rotation(p->values + 3 * k, p->largest[k], out);
    else
        for (int i = 0; i < 3; i++)
            out[i] = p->lo[i] + (float)p->values[3 * k + i] / UNITS * p->span[i];
}

void packed_clip_sample(const packed_clip *p, float t, int *cursors, transform *pose)
{
    const clip *c = p->source;
    float duration = c->duration > 0.0f ? c->duration : 1.0f;
    memcpy(pose, c->rest_local, (size_t)c->joint_count * sizeof *pose);
    for (int i = 0; i < p->track_count; i++) {
        const packed_track *tr = &p->tracks[i];
        float *out = transform_path(&pose[tr->joint], tr->path);
        int *cursor = cursors ? &cursors[i] : NULL;
        if (tr->as_float) {
            track_sample(tr->as_float, t, cursor, out);
            continue;
        }
        float tq = t / duration * UNITS;
        int n = tr->key_count, k = n == 1 ? 0 : packed_find_key(n, tr->times, tq, cursor);
        if (n == 1 || tq <= (float)tr->times[0] || tq >= (float)tr->times[n - 1]) {
            decode(tr, n == 1 || tq <= (float)tr->times[0] ? 0 : n - 1, out); /* the ends hold */
            continue;
        }
        /* The two keys around t, decoded, through the float sampler's own functions. */
        float times[2] = {tr->times[k] / UNITS * duration, tr->times[k + 1] / UNITS * duration}, values[8];
        decode(tr, k, values);
        decode(tr, k + 1, values + (tr->path == TRACK_ROTATION ? 4 : 3));
        float u = (t - times[0]) / (times[1] - times[0]);
        if (tr->path == TRACK_ROTATION)
            quat_slerp(values, values + 4, u < 0.0f ? 0.0f : u > 1.0f ? 1.0f : u, out);
        else
            track_sample_linear(2, times, values, 3, t, out);
    }
}
