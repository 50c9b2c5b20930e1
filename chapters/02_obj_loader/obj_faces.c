/* obj_faces.c: step 2 of the load for faces, and the dedup map they fill.
 * An f line's corners are parsed (obj_corner.c, ex02.1), each (position,
 * texcoord, normal) triple is looked up in the dedup map (obj_dedup.c,
 * ex02.2) and becomes a vertex number, and the polygon is appended to the
 * index array as a fan of triangles (obj_fan.c, ex02.3). Here: the face
 * line, and the map sized for the file before the first face; the map's
 * housekeeping (its hash, its table, growing it) is below the steps, in
 * obj_slots.c, since step 3 fills a map too; the lookup itself is the
 * exercise.
 */
#include "obj_parser.h"

#include <stdlib.h>

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
