/* obj_faces.c: step 2 of the load for faces, and the dedup map they fill.
 * An f line's corners are parsed (obj_corner.c, ex02.1), each (position,
 * texcoord, normal) triple is looked up in the dedup map (obj_dedup.c,
 * ex02.2) and becomes a vertex number, and the polygon is appended to the
 * index array as a fan of triangles (obj_fan.c, ex02.3). Here: the face
 * line, and the dedup map's housekeeping (its hash, its table, growing it);
 * the lookup itself is the exercise.
 */
#include "obj_parser.h"

#include <stdlib.h>

/* [listing obj_dedup_hash] */
uint32_t obj_dedup_hash(const uint32_t key[3])
{
    /* Multiply each index by a different odd constant, so that (1, 2, 3) and
     * (3, 2, 1) land far apart, then fold the high bits (which the multiply
     * mixed well) into the low bits that the mask keeps. */
    uint32_t h = key[0] * 0x9E3779B1u ^ key[1] * 0x85EBCA77u ^ key[2] * 0xC2B2AE3Du;
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    return h;
}
/* [/listing] */

static bool dedup_table_alloc(obj_dedup *d, size_t capacity)
{
    if (!obj_slots_replace(&d->slots, &d->capacity, capacity))
        return false;
    uint32_t *slots = d->slots;
    /* Re-insert every key: its home slot depends on the capacity. */
    size_t mask = capacity - 1;
    for (size_t v = 0; v < d->count; v++) {
        size_t s = obj_dedup_hash(d->keys[v]) & mask;
        while (slots[s] != 0)
            s = (s + 1) & mask;
        slots[s] = (uint32_t)v + 1;
    }
    return true;
}

bool obj_dedup_init(obj_dedup *d, size_t expected)
{
    memset(d, 0, sizeof *d);
    /* Room for `expected` keys at most 3/4 full, and at least 64 slots. */
    size_t capacity = 64;
    while (capacity / 4 * 3 < expected)
        capacity *= 2;
    return dedup_table_alloc(d, capacity);
}

/* [listing obj_dedup_reserve] */
bool obj_dedup_reserve(obj_dedup *d)
{
    if (d->count >= UINT32_MAX - 1)
        return false; /* vertex numbers are 32-bit, v + 1 must fit in a slot */
    if (!GROW(d->keys, d->key_capacity, d->count + 1))
        return false;
    /* Past 3/4 full, probe runs get long: double the table. */
    if (d->count + 1 > d->capacity / 4 * 3)
        return dedup_table_alloc(d, d->capacity * 2);
    return true;
}
/* [/listing] */

void obj_dedup_free(obj_dedup *d)
{
    free(d->slots);
    free(d->keys);
    memset(d, 0, sizeof *d);
}

/* Before the first face, exporters have written (nearly) all the v, vt and
 * vn lines: a mesh has at least as many vertices as its largest attribute
 * list, and usually a little more (seams, hard edges). Sizing the map for
 * that now saves growing it step by step from a small table. */
static bool size_dedup_map(obj_parser *ps)
{
    size_t largest = ps->counts[0];
    for (int k = 1; k < 3; k++)
        if (ps->counts[k] > largest)
            largest = ps->counts[k];
    size_t expected = largest + largest / 8;
    if (expected <= ps->dedup.capacity / 4 * 3)
        return true;
    obj_dedup_free(&ps->dedup);
    return obj_dedup_init(&ps->dedup, expected);
}

/* [listing obj_parse_face] */
bool obj_parse_face(obj_parser *ps, char *p, sa_error *err)
{
    if (ps->dedup.count == 0 && !size_dedup_map(ps))
        return sa_error_set(err, "out of memory");
    size_t corners = 0;
    for (;;) {
        p = skip_blanks(p);
        if (*p == '\n')
            break;
        uint32_t key[3];
        const char *cursor = p;
        if (!obj_parse_corner(&cursor, ps->counts, key, err))
            return false;
        p = (char *)cursor;
        uint32_t vertex = obj_dedup_find_or_insert(&ps->dedup, key);
        if (vertex == OBJ_DEDUP_FAILED || !GROW(ps->polygon, ps->polygon_capacity, corners + 1))
            return sa_error_set(err, "out of memory");
        ps->polygon[corners++] = vertex;
    }
    if (corners < 3)
        return sa_error_set(err, "a face needs at least 3 corners, this one has %zu", corners);
    size_t added = 3 * (corners - 2);
    if (!GROW(ps->indices, ps->index_capacity, ps->index_count + added))
        return sa_error_set(err, "out of memory");
    ps->index_count += 3 * obj_fan_triangulate(ps->polygon, corners, ps->indices + ps->index_count);
    return true;
}
/* [/listing] */
