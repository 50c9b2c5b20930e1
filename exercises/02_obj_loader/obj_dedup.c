/* EXERCISE ex02.2: look up or insert an index triple in the dedup hash map.
 *
 * Task: return the vertex number of `key`: the one it got when it was first
 * inserted, or a new one (d->count, then count + 1) stored in d->keys and in
 * an empty slot of d->slots found by linear probing from
 * obj_dedup_hash(key) & (d->capacity - 1). Call obj_dedup_reserve(d) first.
 * The full contract is in chapters/02_obj_loader/obj_steps.h; see
 * exercises/02_obj_loader/README.md and the book, chapter 02, section
 * "The deduplication map".
 *
 * Check your work:   ctest --test-dir build -L ex02.2 --output-on-failure
 */
#include "chapters/02_obj_loader/obj_steps.h"
#include "exercises/stub_note.h"

uint32_t obj_dedup_find_or_insert(obj_dedup *d, const uint32_t key[3])
{
    /* TODO(ex02.2): this stub never finds anything: every corner becomes a
     * new vertex, which is what a loader without deduplication does. Write
     * the lookup (and delete the note). */
    SA_STUB_NOTE("ex02.2", "exercises/02_obj_loader/obj_dedup.c",
                 "no deduplication, every face corner becomes a new vertex");
    if (!obj_dedup_reserve(d))
        return OBJ_DEDUP_FAILED;
    uint32_t v = (uint32_t)d->count++;
    d->keys[v][0] = key[0], d->keys[v][1] = key[1], d->keys[v][2] = key[2];
    return v;
}
