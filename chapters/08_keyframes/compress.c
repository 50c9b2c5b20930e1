/* compress.c: key reduction and quantization of a clip (chapter 08). */
#include "compress.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UNITS 65535.0f
#define SMALLEST_THREE_RANGE 0.70710678f /* a component other than the largest is within +-1/sqrt(2) */

/* The angle between two unit quaternions from the chord between them,
 * |q - p| = 2 sin(angle / 4) (the nearer of q and -q): acos of their dot
 * product loses the small angles that matter here to rounding. */
static float quat_angle_between(const float *a, const float *b)
{
    float minus = 0.0f, plus = 0.0f;
    for (int k = 0; k < 4; k++)
        minus += (a[k] - b[k]) * (a[k] - b[k]), plus += (a[k] + b[k]) * (a[k] + b[k]);
    return 4.0f * asinf(fminf(0.5f * sqrtf(fminf(minus, plus)), 1.0f));
}

/* How far the interpolation of keys a and b, at key i's time, is from key i
 * (metres for vec3, radians for rotations). */
static float key_error(const track *tr, int a, int b, int i)
{
    int c = tr->components;
    float u = (tr->times[i] - tr->times[a]) / (tr->times[b] - tr->times[a]), got[4];
    const float *va = tr->values + a * c, *vb = tr->values + b * c, *vi = tr->values + i * c;
    if (c == 4) {
        quat_slerp(va, vb, u, got);
        return quat_angle_between(got, vi);
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

/* v in lo .. lo + span as an integer 0 .. units. */
static uint32_t quantize(float v, float lo, float span, uint32_t units)
{
    float q = span > 0.0f ? (v - lo) / span * (float)units + 0.5f : 0.0f;
    return (uint32_t)(q < 0.0f ? 0.0f : q > (float)units ? (float)units : q);
}

/* n <= 16 bits of a stream at bit `at`, least significant bit first: they
 * lie within 3 bytes (streams are allocated 2 bytes past their end). */
static uint32_t bits_get(const uint8_t *stream, size_t at, int n)
{
    const uint8_t *b = stream + (at >> 3);
    uint32_t window = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16;
    return window >> (at & 7) & ((1u << n) - 1u);
}

static void bits_put(uint8_t *stream, size_t at, int n, uint32_t v)
{
    for (int i = 0; i < n; i++, at++)
        stream[at >> 3] |= (uint8_t)((v >> i & 1u) << (at & 7));
}

/* [listing smallest_three] */
/* q as "smallest three" in bits per component, at bit `at` of a stream:
 * the index of the largest component (2 bits), then the other three. */
static void pack_rotation(const float *q, int bits, uint8_t *stream, size_t at)
{
    int big = 0;
    for (int i = 1; i < 4; i++)
        if (fabsf(q[i]) > fabsf(q[big]))
            big = i;
    float sign = q[big] < 0.0f ? -1.0f : 1.0f; /* -q is the same rotation: make the dropped one positive */
    bits_put(stream, at, 2, (uint32_t)big);
    at += 2;
    for (int i = 0; i < 4; i++)
        if (i != big) {
            uint32_t v = quantize(sign * q[i], -SMALLEST_THREE_RANGE, 2.0f * SMALLEST_THREE_RANGE, (1u << bits) - 1u);
            bits_put(stream, at, bits, v);
            at += (size_t)bits;
        }
}

static void unpack_rotation(const uint8_t *stream, size_t at, int bits, float *q)
{
    int largest = (int)bits_get(stream, at, 2);
    float sum = 0.0f, units = (float)((1u << bits) - 1u);
    at += 2;
    for (int i = 0; i < 4; i++)
        if (i != largest) {
            q[i] = -SMALLEST_THREE_RANGE + (float)bits_get(stream, at, bits) / units * 2.0f * SMALLEST_THREE_RANGE;
            sum += q[i] * q[i];
            at += (size_t)bits;
        }
    q[largest] = sqrtf(fmaxf(0.0f, 1.0f - sum)); /* unit length gives back the dropped one */
}
/* [/listing] */

/* The fewest bits per component (9 .. 16) that keep every kept rotation of
 * the track within `limit` radians. */
static int rotation_bits(const track *tr, const int *kept, int n, float limit)
{
    uint8_t stream[10];
    for (int bits = 9; bits < 16; bits++) {
        bool ok = true;
        for (int j = 0; ok && j < n; j++) {
            float q[4];
            memset(stream, 0, sizeof stream);
            pack_rotation(tr->values + (size_t)kept[j] * 4, bits, stream, 0);
            unpack_rotation(stream, 0, bits, q);
            ok = quat_angle_between(q, tr->values + (size_t)kept[j] * 4) <= limit;
        }
        if (ok)
            return bits;
    }
    return 16;
}

static int compare_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

static bool pack_failed(packed_clip *p, int *kept, uint16_t *kept_times, sa_error *err)
{
    free(kept), free(kept_times);
    packed_clip_free(p);
    return sa_error_set(err, "out of memory");
}

bool clip_pack(const clip *c, float tolerance, float lever, packed_clip *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    out->source = c;
    size_t all_keys = 1;
    for (int i = 0; i < c->track_count; i++)
        all_keys += (size_t)c->tracks[i].key_count;
    /* kept[first[i] ..]: track i's kept keys; kept_times: their 16-bit times. */
    int *kept = malloc(all_keys * sizeof *kept);
    uint16_t *kept_times = malloc(all_keys * sizeof *kept_times);
    out->tracks = calloc((size_t)c->track_count + 1, sizeof *out->tracks);
    out->times = malloc(all_keys * sizeof *out->times);
    if (!kept || !kept_times || !out->tracks || !out->times)
        return pack_failed(out, kept, kept_times, err);
    out->track_count = c->track_count;
    float duration = c->duration > 0.0f ? c->duration : 1.0f;
    size_t used = 0;
    for (int i = 0; i < c->track_count; i++) { /* 1: the keys each track keeps, and the times */
        const track *tr = &c->tracks[i];
        packed_track *p = &out->tracks[i];
        p->joint = tr->joint, p->path = tr->path;
        if (tr->interpolation != TRACK_LINEAR) {
            p->as_float = tr;
            continue;
        }
        float limit = 0.5f * (tr->path == TRACK_TRANSLATION ? tolerance : tolerance / lever);
        p->key_count = reduce_keys(tr, limit, kept + used);
        for (int j = 0; j < p->key_count; j++) {
            /* Times stay strictly increasing: a collision moves a key one unit on. */
            uint16_t q = (uint16_t)quantize(tr->times[kept[used + j]], 0.0f, duration, (uint32_t)UNITS);
            kept_times[used + j] = j > 0 && q <= kept_times[used + j - 1] ? (uint16_t)(kept_times[used + j - 1] + 1)
                                                                          : q;
        }
        used += (size_t)p->key_count;
    }
    /* The clip's times: every kept time once, in order. */
    memcpy(out->times, kept_times, used * sizeof *out->times);
    qsort(out->times, used, sizeof *out->times, compare_u16);
    for (size_t k = 0; k < used; k++)
        if (out->time_count == 0 || out->times[k] != out->times[out->time_count - 1])
            out->times[out->time_count++] = out->times[k];
    while (out->time_count > (1 << out->time_bits))
        out->time_bits++;
    used = 0;
    for (int i = 0; i < c->track_count; i++) { /* 2: each track's records */
        const track *tr = &c->tracks[i];
        packed_track *p = &out->tracks[i];
        if (p->as_float)
            continue;
        int n = p->key_count, *k = kept + used;
        bool rotation = tr->path == TRACK_ROTATION;
        p->value_bits = rotation ? rotation_bits(tr, k, n, 0.5f * tolerance / lever) : 16;
        p->key_bits = out->time_bits + (rotation ? 2 : 0) + 3 * p->value_bits;
        if (!(p->keys = calloc(((size_t)n * (size_t)p->key_bits + 7) / 8 + 2, 1)))
            return pack_failed(out, kept, kept_times, err);
        for (int d = 0; d < 3; d++) { /* the range of the kept values */
            float lo = INFINITY, hi = -INFINITY;
            for (int j = 0; j < n && !rotation; j++)
                lo = fminf(lo, tr->values[k[j] * 3 + d]), hi = fmaxf(hi, tr->values[k[j] * 3 + d]);
            p->lo[d] = rotation ? 0.0f : lo;
            p->span[d] = rotation ? 0.0f : hi - lo;
        }
        for (int j = 0; j < n; j++) {
            size_t at = (size_t)j * (size_t)p->key_bits;
            const uint16_t *time = bsearch(&kept_times[used + j], out->times, (size_t)out->time_count,
                                           sizeof *out->times, compare_u16);
            bits_put(p->keys, at, out->time_bits, (uint32_t)(time - out->times));
            at += (size_t)out->time_bits;
            const float *v = tr->values + (size_t)k[j] * (size_t)tr->components;
            if (rotation)
                pack_rotation(v, p->value_bits, p->keys, at);
            else
                for (int d = 0; d < 3; d++)
                    bits_put(p->keys, at + 16 * (size_t)d, 16, quantize(v[d], p->lo[d], p->span[d], (uint32_t)UNITS));
        }
        used += (size_t)n;
    }
    free(kept), free(kept_times);
    return true;
}

void packed_clip_free(packed_clip *p)
{
    for (int i = 0; i < p->track_count; i++)
        free(p->tracks[i].keys);
    free(p->tracks);
    free(p->times);
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
    size_t bytes = (size_t)p->time_count * sizeof *p->times;
    for (int i = 0; i < p->track_count; i++) {
        const packed_track *t = &p->tracks[i];
        if (t->as_float) {
            clip one = {.track_count = 1, .tracks = (track *)t->as_float};
            bytes += clip_bytes(&one);
        } else {
            bytes += ((size_t)t->key_count * (size_t)t->key_bits + 7) / 8 +
                     (t->path == TRACK_ROTATION ? 1 : 6 * sizeof(float)); /* the bit count, or the range */
        }
    }
    return bytes;
}

/* Key k's time, in the clip's 16-bit units. */
static float key_time(const packed_clip *p, const packed_track *tr, int k)
{
    return (float)p->times[bits_get(tr->keys, (size_t)k * (size_t)tr->key_bits, p->time_bits)];
}

/* The interval of tq (a time in the clip's 16-bit units): from the cursor
 * forward, else a binary search; times[k] <= tq < times[k + 1], clamped. */
static int packed_find_key(const packed_clip *p, const packed_track *tr, float tq, int *cursor)
{
    int n = tr->key_count;
    int k = cursor && *cursor >= 0 && *cursor <= n - 2 && key_time(p, tr, *cursor) <= tq ? *cursor : -1;
    for (int steps = 0; k >= 0 && k < n - 2 && key_time(p, tr, k + 1) <= tq; steps++, k++)
        if (steps == 4)
            k = -2; /* too far: search */
    if (k < 0) {
        int lo = 0, hi = n - 1;
        while (hi - lo > 1) {
            int mid = lo + (hi - lo) / 2;
            if (key_time(p, tr, mid) <= tq)
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

static void decode(const packed_clip *p, const packed_track *tr, int k, float *out)
{
    size_t at = (size_t)k * (size_t)tr->key_bits + (size_t)p->time_bits;
    if (tr->path == TRACK_ROTATION)
        unpack_rotation(tr->keys, at, tr->value_bits, out);
    else
        for (int i = 0; i < 3; i++)
            out[i] = tr->lo[i] + (float)bits_get(tr->keys, at + 16 * (size_t)i, 16) / UNITS * tr->span[i];
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
        int n = tr->key_count, k = n == 1 ? 0 : packed_find_key(p, tr, tq, cursor);
        float first = key_time(p, tr, 0), last = key_time(p, tr, n - 1);
        if (n == 1 || tq <= first || tq >= last) {
            decode(p, tr, n == 1 || tq <= first ? 0 : n - 1, out); /* the ends hold */
            continue;
        }
        /* The two keys around t, decoded, through the float sampler's own functions. */
        float times[2] = {key_time(p, tr, k) / UNITS * duration, key_time(p, tr, k + 1) / UNITS * duration};
        float values[8];
        decode(p, tr, k, values);
        decode(p, tr, k + 1, values + (tr->path == TRACK_ROTATION ? 4 : 3));
        float u = (t - times[0]) / (times[1] - times[0]);
        if (tr->path == TRACK_ROTATION)
            quat_slerp(values, values + 4, u < 0.0f ? 0.0f : u > 1.0f ? 1.0f : u, out);
        else
            track_sample_linear(2, times, values, 3, t, out);
    }
}

bool clip_resample(const clip *c, float rate, clip *out, sa_error *err)
{
    if (!clip_init(out, c->name, c->joint_count, c->rest_local, err))
        return false;
    /* Keys at k / rate, the last one at the duration (not 1 ms past a frame). */
    int n = c->duration > 0.0f ? (int)ceilf(c->duration * rate - 1e-3f) + 1 : 1;
    float *times = malloc((size_t)n * sizeof *times), *values = malloc((size_t)n * 4 * sizeof *values);
    bool ok = times && values;
    if (!ok)
        sa_error_set(err, "out of memory");
    for (int k = 0; ok && k < n; k++)
        times[k] = k == n - 1 ? c->duration : (float)k / rate;
    for (int i = 0; ok && i < c->track_count; i++) {
        const track *tr = &c->tracks[i];
        for (int k = 0; k < n; k++)
            track_sample(tr, times[k], NULL, values + (size_t)k * (size_t)tr->components);
        ok = clip_add_track(out, tr->joint, tr->path, TRACK_LINEAR, n, times, values, err);
    }
    for (int e = 0; ok && e < c->event_count; e++)
        ok = clip_add_event(out, c->events[e].name, c->events[e].time, err);
    free(times), free(values);
    if (!ok)
        clip_free(out);
    return ok;
}
