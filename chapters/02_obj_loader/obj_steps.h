/* obj_steps.h: the three steps of the OBJ loader that are also exercises.
 *
 *   ex02.1  obj_parse_corner()          one face corner "v/vt/vn" -> three indices
 *   ex02.2  obj_dedup_find_or_insert()  the deduplication hash map
 *   ex02.3  obj_fan_triangulate()       a polygon -> triangles
 *
 * Each lives alone in its own file (obj_corner.c, obj_dedup.c, obj_fan.c),
 * which is the reference solution; exercises/02_obj_loader/ holds the stubs.
 */
#ifndef CH02_OBJ_STEPS_H
#define CH02_OBJ_STEPS_H

#include "common/error.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* --- ex02.1: one face corner ------------------------------------------------ */

/* Which attribute each of the three numbers of a corner names. */
enum { OBJ_POSITION = 0, OBJ_TEXCOORD = 1, OBJ_NORMAL = 2 };

/* Parses one face corner starting at *cursor: "v", "v/vt", "v//vn" or
 * "v/vt/vn", each index a non-zero integer, negative meaning "counted back
 * from the last one defined so far" (-1 is the latest).
 *
 * counts[k] is how many elements of attribute k (OBJ_POSITION ...) the file
 * has defined so far. On success corner[k] is the 1-based absolute index, or
 * 0 when the corner has no such attribute, and *cursor points just past the
 * corner (at the space or line end that follows it). On failure err says
 * what is wrong (index 0, out of range, not a number, more than three parts)
 * and *cursor is unchanged.
 *
 * The text always ends with '\n' somewhere after the corner, so the parser
 * can stop at the first character that is not part of a corner without
 * knowing the length. */
bool obj_parse_corner(const char **cursor, const uint32_t counts[3], uint32_t corner[3], sa_error *err);

/* --- ex02.2: deduplication ------------------------------------------------- */

/* An open-addressing hash map from an index triple to a vertex number.
 * keys[v] is the triple of vertex v, in order of first appearance; slots[s]
 * is 0 for an empty slot or v + 1 for vertex v. capacity is a power of two
 * and the map keeps count <= capacity * 3 / 4 (obj_dedup_reserve). */
typedef struct obj_dedup {
    uint32_t *slots;
    size_t capacity;
    uint32_t (*keys)[3];
    size_t count, key_capacity;
} obj_dedup;

/* An empty map with room for about `expected` keys without growing. */
bool obj_dedup_init(obj_dedup *d, size_t expected);
void obj_dedup_free(obj_dedup *d);
/* Makes room for one more key: grows keys[] and, past 3/4 full, doubles the
 * slot table and re-inserts every key. False when memory runs out. */
bool obj_dedup_reserve(obj_dedup *d);
/* The hash of a triple (32 bits, well mixed in the low bits). */
uint32_t obj_dedup_hash(const uint32_t key[3]);

#define OBJ_DEDUP_FAILED UINT32_MAX

/* The vertex number of `key`: the existing one if the triple was seen
 * before, else a new one (count before the call), with the key stored.
 * OBJ_DEDUP_FAILED when memory runs out. */
uint32_t obj_dedup_find_or_insert(obj_dedup *d, const uint32_t key[3]);

/* --- ex02.3: fan triangulation -------------------------------------------- */

/* Splits a convex polygon of corner_count corners into a fan of triangles
 * around its first corner: (0, 1, 2), (0, 2, 3) ... keeping the winding.
 * Writes 3 * (corner_count - 2) values into triangles and returns the number
 * of triangles; 0 (and nothing written) when corner_count < 3. */
size_t obj_fan_triangulate(const uint32_t *polygon, size_t corner_count, uint32_t *triangles);

#endif
