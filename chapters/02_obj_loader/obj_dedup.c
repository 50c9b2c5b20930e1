/* obj_dedup.c: exercise ex02.2, the reference solution. */
#include "obj_steps.h"

/* [listing obj_dedup_find_or_insert] */
uint32_t obj_dedup_find_or_insert(obj_dedup *d, const uint32_t key[3])
{
    if (!obj_dedup_reserve(d)) /* before probing: growing moves every slot */
        return OBJ_DEDUP_FAILED;
    size_t mask = d->capacity - 1;
    size_t s = obj_dedup_hash(key) & mask;
    /* Linear probing: walk from the home slot to the key or to a hole. The
     * map is never full, so a hole is always found. */
    while (d->slots[s] != 0) {
        uint32_t v = d->slots[s] - 1;
        if (d->keys[v][0] == key[0] && d->keys[v][1] == key[1] && d->keys[v][2] == key[2])
            return v;
        s = (s + 1) & mask;
    }
    uint32_t v = (uint32_t)d->count++;
    d->keys[v][0] = key[0], d->keys[v][1] = key[1], d->keys[v][2] = key[2];
    d->slots[s] = v + 1;
    return v;
}
/* [/listing] */
