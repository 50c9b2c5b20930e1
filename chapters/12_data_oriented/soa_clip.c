/* soa_clip.c: packing a chapter 08 clip into 16-bit keys, and sampling it
 * four joints at a time (soa_clip.h). */
#include "soa_clip.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const path_names[SOA_PATHS] = {"translation", "rotation", "scale"};

/* --- half floats ------------------------------------------------------------ */

uint16_t soa_half_from_float(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    uint32_t sign = (u >> 16) & 0x8000u, magnitude = u & 0x7fffffffu;
    if (magnitude >= 0x477ff000u) /* 65520 and up round to infinity (the packer refuses them) */
        return (uint16_t)(sign | 0x7c00u);
    if (magnitude < 0x38800000u) /* under 2^-14: a half subnormal, in steps of 2^-24 */
        return (uint16_t)(sign | (uint32_t)lrintf(fabsf(x) * 0x1p24f));
    /* A normal half: the exponent rebased (127 - 15 = 112), the mantissa cut
     * to 10 bits, rounded to nearest, ties to even. */
    uint32_t rebased = magnitude - (112u << 23);
    rebased += 0x0fffu + ((rebased >> 13) & 1u);
    return (uint16_t)(sign | (rebased >> 13));
}

float soa_float_from_half(uint16_t h)
{
    uint16_t four[4] = {h, 0, 0, 0};
    return float4_get(float4_from_half(four), 0);
}

/* --- decoding four keys ------------------------------------------------------ */

/* [listing soa_decode] */
/* Four lanes' rotation keys (8 bytes each) as one soa_quat: the three kept
 * components of each lane become columns (the transpose), the left-out one
 * is sqrt(1 - a^2 - b^2 - c^2), and a select per component puts it back in
 * its place: no branch on the lanes' indices. */
static inline void decode_rotations(const uint16_t *const key[4], soa_quat *q)
{
    float4 r[4];
    for (int i = 0; i < 4; i++)
        r[i] = float4_from_int16((const int16_t *)key[i]);
    float4_transpose(r); /* r[0..2]: the kept components of the four lanes, r[3]: the index left out */
    float4 unit = float4_splat(1.0f / (32767.0f * 1.41421356f));
    float4 a = float4_mul(r[0], unit), b = float4_mul(r[1], unit), c = float4_mul(r[2], unit);
    float4 rest = float4_mul_add(a, a, float4_mul_add(b, b, float4_mul(c, c)));
    float4 largest = float4_sqrt(float4_max(float4_sub(float4_splat(1.0f), rest), float4_splat(0.0f)));
    float4 at0 = float4_equal(r[3], float4_splat(0.0f)), at1 = float4_equal(r[3], float4_splat(1.0f));
    float4 at2 = float4_equal(r[3], float4_splat(2.0f)), at3 = float4_equal(r[3], float4_splat(3.0f));
    q->x = float4_select(at0, largest, a);
    q->y = float4_select(at0, a, float4_select(at1, largest, b));
    q->z = float4_select(at2, largest, float4_select(at3, c, b));
    q->w = float4_select(at3, largest, c);
}

/* Four lanes' translation or scale keys: three half floats each. */
static inline void decode_vectors(const uint16_t *const key[4], soa_vec3 *v)
{
    float4 r[4];
    for (int i = 0; i < 4; i++)
        r[i] = float4_from_half(key[i]);
    float4_transpose(r);
    v->x = r[0], v->y = r[1], v->z = r[2];
}
/* [/listing] */

/* A time in 16-bit units: t / duration of the way through, 0 .. 65535,
 * rounded (half up). The packer stores key times this way and the sampler
 * turns t into the same units the same way, so that a t on a key lands on
 * it exactly (a STEP key starts there, a LINEAR key is its own value). */
static inline float quantize_time(float t, float duration)
{
    float x = t > duration ? 65535.0f : t > 0 ? t / duration * 65535.0f : 0.0f;
    return (float)(int)(x + 0.5f);
}

/* --- packing ----------------------------------------------------------------- */

static void encode_rotation(const float q_in[4], uint16_t out[4])
{
    float q[4] = {q_in[0], q_in[1], q_in[2], q_in[3]};
    int largest = 0;
    for (int i = 1; i < 4; i++)
        if (fabsf(q[i]) > fabsf(q[largest]))
            largest = i;
    if (q[largest] < 0) /* q and -q are one rotation: make the left-out component positive */
        for (int i = 0; i < 4; i++)
            q[i] = -q[i];
    for (int i = 0, k = 0; i < 4; i++) {
        if (i == largest)
            continue;
        long v = lrintf(q[i] * 1.41421356f * 32767.0f);
        v = v > 32767 ? 32767 : v < -32767 ? -32767 : v;
        out[k++] = (uint16_t)(int16_t)v;
    }
    out[3] = (uint16_t)largest;
}

static bool encode_vector(const float v[3], uint16_t out[4])
{
    for (int i = 0; i < 3; i++) {
        if (!(fabsf(v[i]) <= 65504.0f))
            return false;
        out[i] = soa_half_from_float(v[i]);
    }
    out[3] = 0;
    return true;
}

/* The clip's track for (joint, path), or NULL. */
static const track *find_track(const clip *c, int joint, int path)
{
    for (int i = 0; i < c->track_count; i++)
        if (c->tracks[i].joint == joint && (int)c->tracks[i].path == path)
            return &c->tracks[i];
    return NULL;
}

static void rest_value(const clip *c, int lane, int path, float out[4])
{
    static const float identity[SOA_PATHS][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 0}};
    memcpy(out, identity[path], sizeof identity[path]);
    if (lane < c->joint_count) {
        const transform *r = &c->rest_local[lane];
        memcpy(out,
               path == SOA_TRANSLATION ? r->translation
               : path == SOA_ROTATION  ? r->rotation
                                       : r->scale,
               (path == SOA_ROTATION ? 4 : 3) * sizeof(float));
    }
}

static bool encode_key(int path, const float *value, uint16_t out[4])
{
    if (path == SOA_ROTATION) {
        encode_rotation(value, out);
        return true;
    }
    return encode_vector(value, out);
}

void soa_note_morph_weights(const char *path, const clip *clips, int count)
{
    int channels = 0;
    for (int i = 0; i < count; i++)
        channels += clips[i].weight_track_count;
    if (channels > 0)
        fprintf(stderr,
                "note: %s: %d morph target weights channels are not played by the SoA path (joint tracks only)\n", path,
                channels);
}

bool soa_clip_pack(const clip *c, soa_clip *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < c->track_count; i++)
        if (c->tracks[i].interpolation == TRACK_CUBICSPLINE)
            return sa_error_set(err, "track %d (joint %d, %s): CUBICSPLINE is not packed; resample the clip first", i,
                                c->tracks[i].joint, path_names[c->tracks[i].path]);
    out->duration = c->duration;
    out->joint_count = c->joint_count;
    out->group_count = soa_group_count(c->joint_count);
    int lanes = 4 * out->group_count;
    /* The storage: per lane and path, key_count times and 4 key_count values. */
    size_t count = 0;
    for (int path = 0; path < SOA_PATHS; path++)
        for (int lane = 0; lane < lanes; lane++) {
            const track *t = lane < c->joint_count ? find_track(c, lane, path) : NULL;
            count += 5 * (size_t)(t && c->duration > 0 ? t->key_count : 1);
        }
    out->storage = malloc(count * sizeof *out->storage);
    out->storage_count = count;
    out->constant = calloc((size_t)out->group_count, sizeof *out->constant);
    out->sampled = calloc((size_t)out->group_count * SOA_PATHS, sizeof *out->sampled);
    bool ok = out->storage && out->constant && out->sampled;
    for (int path = 0; ok && path < SOA_PATHS; path++)
        ok = (out->tracks[path] = calloc((size_t)lanes, sizeof *out->tracks[path])) != NULL &&
             (out->group_constant[path] = calloc((size_t)out->group_count, sizeof(bool))) != NULL;
    if (!ok) {
        soa_clip_free(out);
        return sa_error_set(err, "out of memory");
    }
    uint16_t *next = out->storage;
    for (int path = 0; path < SOA_PATHS; path++)
        for (int lane = 0; lane < lanes; lane++) {
            const track *t = lane < c->joint_count ? find_track(c, lane, path) : NULL;
            soa_track *st = &out->tracks[path][lane];
            /* A still clip (duration 0) samples its first key. */
            int keys = t && c->duration > 0 ? t->key_count : 1;
            uint16_t *times = next, *values = next + keys;
            next += 5 * (size_t)keys;
            *st = (soa_track){.key_count = keys,
                              .step = t && t->interpolation == TRACK_STEP,
                              .cursor = -1,
                              .times = times,
                              .values = values};
            for (int k = 0; k < keys; k++) {
                float value[4];
                if (t)
                    memcpy(value, t->values + (size_t)k * (size_t)t->components, (size_t)t->components * sizeof(float));
                else
                    rest_value(c, lane, path, value);
                times[k] = (uint16_t)(t && c->duration > 0 ? quantize_time(t->times[k], c->duration) : 0);
                if (k > 0 && times[k] <= times[k - 1]) {
                    soa_clip_free(out);
                    return sa_error_set(err,
                                        "joint %d %s: keys %d and %d are closer than the clip's duration / 65535 "
                                        "(they would share a 16-bit time)",
                                        lane, path_names[path], k - 1, k);
                }
                if (!encode_key(path, value, values + 4 * k)) {
                    soa_clip_free(out);
                    return sa_error_set(err, "joint %d %s: key %d is beyond a half float's 65504", lane,
                                        path_names[path], k);
                }
            }
            if (keys > 1)
                st->cursor = out->cursor_count++;
        }
    /* The groups whose four lanes all hold one key: decoded once, here, by
     * the sampler's own decoder, so that copying them gives what sampling
     * would. */
    for (int g = 0; g < out->group_count; g++)
        for (int path = 0; path < SOA_PATHS; path++) {
            const uint16_t *key[4];
            bool constant = true;
            for (int i = 0; i < 4; i++) {
                constant = constant && out->tracks[path][4 * g + i].key_count == 1;
                key[i] = out->tracks[path][4 * g + i].values;
            }
            out->group_constant[path][g] = constant;
            if (!constant)
                out->sampled[out->sampled_count++] = SOA_PATHS * g + path;
            if (path == SOA_ROTATION)
                decode_rotations(key, &out->constant[g].rotation);
            else
                decode_vectors(key, path == SOA_TRANSLATION ? &out->constant[g].translation : &out->constant[g].scale);
        }
    return true;
}

void soa_clip_free(soa_clip *c)
{
    for (int path = 0; path < SOA_PATHS; path++)
        free(c->tracks[path]), free(c->group_constant[path]);
    free(c->storage), free(c->constant), free(c->sampled);
    memset(c, 0, sizeof *c);
}

size_t soa_clip_bytes(const soa_clip *c)
{
    size_t constant_groups = 0;
    for (int path = 0; path < SOA_PATHS; path++)
        for (int g = 0; g < c->group_count; g++)
            constant_groups += c->group_constant[path][g];
    return c->storage_count * sizeof *c->storage + constant_groups * 4 * sizeof(float4);
}

/* --- sampling ---------------------------------------------------------------- */

/* [listing soa_sample_group] */
/* One group's path: each lane's cursor moved to the key interval around tq
 * (the time in 16-bit units), its two keys found and its mix u computed;
 * then the four decoded at once and mixed at once. */
static void sample_group(const soa_track *tracks, int path, float tq, uint16_t *cursors, soa_transform *out)
{
    const uint16_t *key_a[4], *key_b[4];
    float time_a[4], time_b[4];
    for (int i = 0; i < 4; i++) {
        const soa_track *t = &tracks[i];
        if (t->key_count == 1) {
            key_a[i] = key_b[i] = t->values;
            time_a[i] = 0, time_b[i] = 1;
            continue;
        }
        int k = cursors[t->cursor];
        /* A cursor past this track's intervals (its slot played another
         * clip) or after tq (the clock looped): walk from the start. */
        if (k > t->key_count - 2 || t->times[k] > tq)
            k = 0;
        while (k + 2 < t->key_count && t->times[k + 1] <= tq)
            k++;
        cursors[t->cursor] = (uint16_t)k;
        key_a[i] = t->values + 4 * k, key_b[i] = key_a[i] + 4;
        time_a[i] = t->times[k], time_b[i] = t->times[k + 1];
        if (t->step) /* the key at or before tq, held */
            key_a[i] = key_b[i] = tq >= time_b[i] ? key_b[i] : key_a[i];
    }
    float4 ta = float4_load(time_a),
           u = float4_div(float4_sub(float4_splat(tq), ta), float4_sub(float4_load(time_b), ta));
    u = float4_min(float4_max(u, float4_splat(0.0f)), float4_splat(1.0f));
    if (path == SOA_ROTATION) {
        soa_quat a, b;
        decode_rotations(key_a, &a);
        decode_rotations(key_b, &b);
        soa_quat_nlerp(&a, &b, u, &out->rotation);
    } else { /* translation or scale: decode_vectors, then a lerp */
        /* [elide] */
        soa_vec3 a, b, *v = path == SOA_TRANSLATION ? &out->translation : &out->scale;
        decode_vectors(key_a, &a);
        decode_vectors(key_b, &b);
        v->x = float4_mul_add(u, float4_sub(b.x, a.x), a.x);
        v->y = float4_mul_add(u, float4_sub(b.y, a.y), a.y);
        v->z = float4_mul_add(u, float4_sub(b.z, a.z), a.z);
        /* [/elide] */
    }
}
/* [/listing] */

/* [listing soa_sample] */
void soa_clip_sample(const soa_clip *c, float t, uint16_t *cursors, soa_transform *out)
{
    float tq = c->duration > 0 ? quantize_time(t, c->duration) : 0;
    /* Every group's constant values at once (one copy of the whole pose),
     * then only the group paths that move, decoded over them. */
    memcpy(out, c->constant, (size_t)c->group_count * sizeof *out);
    for (int i = 0; i < c->sampled_count; i++) {
        int g = c->sampled[i] / SOA_PATHS, path = c->sampled[i] % SOA_PATHS;
        sample_group(c->tracks[path] + 4 * g, path, tq, cursors, &out[g]);
    }
}
/* [/listing] */
