/* obj_slots.c: below the steps of the load, the memory several of them
 * use: the growing arrays every step appends to (obj_grow, GROW), the slot
 * tables of the two open-addressing hash maps (the dedup map of obj_faces.c
 * and obj_finish.c, the name index of obj_materials.c), and the dedup map's
 * housekeeping: its hash, its table, growing it (the lookup itself is
 * exercise ex02.2, obj_dedup.c). It calls no step: every step's file calls
 * down to it, so the files read in one direction, as the pipeline runs.
 */
#include "obj_parser.h"

#include <stdlib.h>

/* Doubling: appending is amortised O(1). */
bool obj_grow(void **data, size_t *capacity, size_t needed, size_t element_size)
{
    if (needed <= *capacity)
        return true;
    size_t capacity_new = *capacity ? *capacity : 256;
    while (capacity_new < needed)
        capacity_new *= 2;
    if (capacity_new > SIZE_MAX / element_size)
        return false;
    void *p = realloc(*data, capacity_new * element_size);
    if (!p)
        return false;
    *data = p;
    *capacity = capacity_new;
    return true;
}

bool obj_slots_replace(uint32_t **slots, size_t *capacity, size_t capacity_new)
{
    uint32_t *fresh = calloc(capacity_new, sizeof *fresh);
    if (!fresh)
        return false;
    free(*slots);
    *slots = fresh;
    *capacity = capacity_new;
    return true;
}

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
