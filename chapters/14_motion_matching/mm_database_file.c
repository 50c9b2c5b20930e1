/* mm_database_file.c: the database's file (motion_database.h; described
 * in book 14, "The file").
 *
 * Little-endian, every value at its own size, no padding:
 *
 *     offset  bytes            what
 *     0       8                the magic "SAMMDB\r\n" (the \r\n: a text-mode
 *                              copy that changed line ends is caught)
 *     8       4 x u32          version (1), joint_count, frame_count, range_count
 *     24      4 x u32          feature_count (27), rate (60), trajectory horizons
 *                              packed as 20 | 40 << 8 | 60 << 16, 0 (reserved)
 *     40      27 x f32         mean
 *             27 x f32         scale
 *             ranges x 2 i32   first frame, one past the last
 *             frames x 3 f32   root position
 *             frames x f32     root heading
 *             frames x 2 u8    contacts (0 or 1)
 *             frames x joints x 10 f32   pose: translation, rotation (x y z w), scale
 *             frames x 27 f32  features
 *
 * Loading reads the whole file, then checks before it allocates anything
 * that the counts give exactly the file's size (computed in 64 bits, so
 * that no count can wrap it), and before it accepts anything that every
 * number is finite, every scale > 0, every rotation a unit quaternion,
 * every contact 0 or 1, and the ranges cover the frames in order. Every
 * error is one line, "FILE: what".
 */
#include "mm_internal.h"

#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MM_MAGIC "SAMMDB\r\n"
#define MM_VERSION 1u
#define MM_HEADER_BYTES 40u
#define MM_MAX_JOINTS 1024u
#define MM_HORIZONS (20u | 40u << 8 | 60u << 16)

/* --- writing, a value at a time, in little-endian order ------------------- */

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void put_f32(unsigned char *p, float f)
{
    uint32_t v;
    memcpy(&v, &f, sizeof v); /* IEEE 754 single on every platform the book builds on */
    put_u32(p, v);
}

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static float get_f32(const unsigned char *p)
{
    uint32_t v = get_u32(p);
    float f;
    memcpy(&f, &v, sizeof f);
    return f;
}

static uint64_t file_bytes(uint64_t joints, uint64_t frames, uint64_t ranges)
{
    return MM_HEADER_BYTES + 2 * MM_FEATURE_COUNT * 4 + ranges * 8 + frames * (3 * 4 + 4 + 2 + joints * 10 * 4) +
           frames * MM_FEATURE_COUNT * 4;
}

uint64_t mm_database_file_bytes(const mm_database *db)
{
    return file_bytes((uint64_t)db->joint_count, (uint64_t)db->frame_count, (uint64_t)db->range_count);
}

/* A writer into a buffer of the file's size. */
typedef struct out_buffer {
    unsigned char *p;
} out_buffer;

static void out_f32s(out_buffer *o, const float *v, size_t count)
{
    for (size_t i = 0; i < count; i++, o->p += 4)
        put_f32(o->p, v[i]);
}

bool mm_database_save(const mm_database *db, const char *path, sa_error *err)
{
    uint64_t size = mm_database_file_bytes(db);
    if (size > SIZE_MAX / 2)
        return sa_error_set(err, "%s: a database of %d frames is too big to write here", path, db->frame_count);
    unsigned char *buffer = malloc((size_t)size);
    if (!buffer)
        return sa_error_set(err, "%s: out of memory (%.0f bytes)", path, (double)size);
    out_buffer o = {buffer};
    memcpy(o.p, MM_MAGIC, 8), o.p += 8;
    const uint32_t header[8] = {MM_VERSION,
                                (uint32_t)db->joint_count,
                                (uint32_t)db->frame_count,
                                (uint32_t)db->range_count,
                                MM_FEATURE_COUNT,
                                MM_RATE,
                                MM_HORIZONS,
                                0};
    for (int i = 0; i < 8; i++, o.p += 4)
        put_u32(o.p, header[i]);
    out_f32s(&o, db->mean, MM_FEATURE_COUNT);
    out_f32s(&o, db->scale, MM_FEATURE_COUNT);
    for (int r = 0; r < db->range_count; r++)
        for (int k = 0; k < 2; k++, o.p += 4)
            put_u32(o.p, (uint32_t)db->range[r][k]);
    size_t frames = (size_t)db->frame_count;
    out_f32s(&o, &db->root_position[0][0], frames * 3);
    out_f32s(&o, db->root_heading, frames);
    for (size_t f = 0; f < frames; f++)
        *o.p++ = db->contact[f][0], *o.p++ = db->contact[f][1];
    for (size_t k = 0; k < frames * (size_t)db->joint_count; k++) {
        out_f32s(&o, db->pose[k].translation, 3);
        out_f32s(&o, db->pose[k].rotation, 4);
        out_f32s(&o, db->pose[k].scale, 3);
    }
    out_f32s(&o, db->features, frames * MM_FEATURE_COUNT);
    FILE *f = sa_output_open(path, err);
    if (!f) {
        free(buffer);
        return false;
    }
    bool ok = fwrite(buffer, 1, (size_t)size, f) == (size_t)size;
    free(buffer);
    return sa_output_close(f, path, ok, err);
}

/* --- reading -------------------------------------------------------------- */

/* Reads count floats, false at the first one not finite. */
static bool in_f32s(const unsigned char **p, float *v, size_t count)
{
    for (size_t i = 0; i < count; i++, *p += 4)
        if (!isfinite(v[i] = get_f32(*p)))
            return false;
    return true;
}

bool mm_database_parse(mm_database *db, const unsigned char *data, size_t size, const char *name, sa_error *err)
{
    memset(db, 0, sizeof *db);
    if (size < MM_HEADER_BYTES)
        return sa_error_set(err, "%s: truncated: %zu bytes, the header alone has %u", name, size, MM_HEADER_BYTES);
    if (memcmp(data, MM_MAGIC, 8) != 0)
        return sa_error_set(err, "%s: not a motion database (no SAMMDB magic)", name);
    uint32_t h[8];
    for (int i = 0; i < 8; i++)
        h[i] = get_u32(data + 8 + 4 * i);
    if (h[0] != MM_VERSION)
        return sa_error_set(err, "%s: version %u, this program reads version %u", name, h[0], MM_VERSION);
    uint32_t joints = h[1], frames = h[2], ranges = h[3];
    if (h[4] != MM_FEATURE_COUNT || h[5] != MM_RATE || h[6] != MM_HORIZONS)
        return sa_error_set(err, "%s: %u features at %u Hz (horizons %#x), this program's are %d at %d Hz", name, h[4],
                            h[5], h[6], MM_FEATURE_COUNT, MM_RATE);
    if (joints < 1 || joints > MM_MAX_JOINTS || frames < 1 || frames > INT32_MAX || ranges < 1 || ranges > frames)
        return sa_error_set(err,
                            "%s: counts out of range: %u joints (1 .. %u), %u frames (>= 1), %u ranges (1 .. frames)",
                            name, joints, MM_MAX_JOINTS, frames, ranges);
    uint64_t want = file_bytes(joints, frames, ranges);
    if ((uint64_t)size != want)
        return sa_error_set(err, "%s: %zu bytes, but %u joints, %u frames and %u ranges take %llu", name, size, joints,
                            frames, ranges, (unsigned long long)want);
    if (!mm_database_alloc(db, (int)joints, (int)frames, (int)ranges, err))
        return sa_error_prefix(err, "%s", name);
    const unsigned char *p = data + MM_HEADER_BYTES;
    const char *bad = NULL;
    if (!in_f32s(&p, db->mean, MM_FEATURE_COUNT) || !in_f32s(&p, db->scale, MM_FEATURE_COUNT))
        bad = "a mean or scale is not finite";
    for (int i = 0; !bad && i < MM_FEATURE_COUNT; i++)
        if (!(db->scale[i] > 0))
            bad = "a feature's scale is not > 0";
    for (uint32_t r = 0; !bad && r < ranges; r++, p += 8) {
        uint32_t first = get_u32(p), end = get_u32(p + 4);
        uint32_t expected = r == 0 ? 0 : (uint32_t)db->range[r - 1][1];
        if (first != expected || end <= first || end > frames || (r == ranges - 1 && end != frames))
            bad = "the ranges do not cover the frames in order";
        db->range[r][0] = (int)first, db->range[r][1] = (int)end;
    }
    if (!bad && (!in_f32s(&p, &db->root_position[0][0], (size_t)frames * 3) || !in_f32s(&p, db->root_heading, frames)))
        bad = "a root position or heading is not finite";
    for (uint32_t f = 0; !bad && f < frames; f++, p += 2) {
        if (p[0] > 1 || p[1] > 1)
            bad = "a contact is not 0 or 1";
        db->contact[f][0] = p[0], db->contact[f][1] = p[1];
    }
    for (size_t k = 0; !bad && k < (size_t)frames * joints; k++) {
        transform *t = &db->pose[k];
        if (!in_f32s(&p, t->translation, 3) || !in_f32s(&p, t->rotation, 4) || !in_f32s(&p, t->scale, 3))
            bad = "a pose value is not finite";
        else if (fabsf(glm_vec4_norm(t->rotation) - 1.0f) > 1e-3f)
            bad = "a pose rotation is not a unit quaternion";
    }
    if (!bad && !in_f32s(&p, db->features, (size_t)frames * MM_FEATURE_COUNT))
        bad = "a feature is not finite";
    if (bad) {
        mm_database_free(db);
        return sa_error_set(err, "%s: %s", name, bad);
    }
    return true;
}

bool mm_database_load(mm_database *db, const char *path, sa_error *err)
{
    memset(db, 0, sizeof *db);
    char *data;
    size_t size;
    if (!sa_file_read(path, &data, &size, err))
        return false;
    bool ok = mm_database_parse(db, (const unsigned char *)data, size, path, err);
    free(data);
    return ok;
}

bool mm_database_fits(const mm_database *db, const skeleton *s, const char *path, sa_error *err)
{
    if (db->joint_count != s->joint_count)
        return sa_error_set(err, "%s: %d joints, the skeleton has %d", path, db->joint_count, s->joint_count);
    return true;
}
