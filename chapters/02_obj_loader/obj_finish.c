/* obj_finish.c: step 3 of the load, once every line is read. The unique
 * triples of the dedup map become interleaved vertices; normals the file
 * does not give are computed (area-weighted, common/normals.c), split by
 * smoothing group first; file normals are scaled to unit length; indices
 * shrink to 16 bits when every vertex number fits; and the bounds. (The
 * materials' half of finishing, runs to submeshes, is in obj_materials.c.)
 */
#include "obj_parser.h"

#include "common/normals.h"

#include <math.h>
#include <stdlib.h>

/* Splits vertices that have no normal from the file by smoothing group: a
 * vertex used in two groups becomes two vertices, and under "s off" every
 * triangle gets its own three (so that its normal is the face's). */
static bool split_by_smoothing(obj_parser *ps, const bool *needs_normal, uint32_t **vertex_of_new, size_t *new_count)
{
    obj_dedup split;
    if (!obj_dedup_init(&split, ps->dedup.count))
        return false;
    size_t run = 0;
    uint32_t group = 1; /* before any "s": one smooth group */
    for (size_t i = 0; i < ps->index_count; i++) {
        size_t t = i / 3;
        while (run < ps->smoothing_count && ps->smoothing[run].first_triangle <= t)
            group = ps->smoothing[run++].group;
        uint32_t v = ps->indices[i];
        uint32_t key[3] = {v, 0, 0};
        if (needs_normal[v]) {
            key[1] = group == 0 ? 1 : 2;               /* flat, or smooth */
            key[2] = group == 0 ? (uint32_t)t : group; /* which triangle, or which group */
        }
        uint32_t new_vertex = obj_dedup_find_or_insert(&split, key);
        if (new_vertex == OBJ_DEDUP_FAILED) {
            obj_dedup_free(&split);
            return false;
        }
        ps->indices[i] = new_vertex;
    }
    uint32_t *map = malloc((split.count ? split.count : 1) * sizeof *map);
    if (!map) {
        obj_dedup_free(&split);
        return false;
    }
    for (size_t v = 0; v < split.count; v++)
        map[v] = split.keys[v][0];
    *new_count = split.count;
    *vertex_of_new = map;
    obj_dedup_free(&split);
    return true;
}

static bool compute_missing_normals(obj_mesh *mesh, const bool *needs_normal)
{
    float(*positions)[3] = malloc(mesh->vertex_count * sizeof *positions);
    float(*normals)[3] = malloc(mesh->vertex_count * sizeof *normals);
    if (!positions || !normals) {
        free(positions);
        free(normals);
        return false;
    }
    for (size_t v = 0; v < mesh->vertex_count; v++)
        memcpy(positions[v], mesh->vertices[v].position, sizeof positions[v]);
    normals_smooth((const float(*)[3])positions, mesh->vertex_count, mesh->indices, mesh->index_count / 3, normals);
    for (size_t v = 0; v < mesh->vertex_count; v++)
        if (needs_normal[v])
            memcpy(mesh->vertices[v].normal, normals[v], sizeof normals[v]);
    free(positions);
    free(normals);
    return true;
}

/* Files write normals of any length ("vn 0 0 2"), and some write zeros
 * where they had none. Scale every "vn" to unit length (in double: 1e30
 * squared does not fit a float); one too short to have a direction becomes
 * (0, 0, 0), which has_file_normal() treats as no normal. */
static void unit_file_normals(obj_parser *ps)
{
    for (uint32_t i = 0; i < ps->counts[OBJ_NORMAL]; i++) {
        float *n = ps->normals[i];
        double x = n[0], y = n[1], z = n[2], length = sqrt(x * x + y * y + z * z);
        if (length > 1e-30 && isfinite(length))
            n[0] = (float)(x / length), n[1] = (float)(y / length), n[2] = (float)(z / length);
        else
            n[0] = n[1] = n[2] = 0.0f;
    }
}

static bool has_file_normal(const obj_parser *ps, const uint32_t key[3])
{
    if (key[OBJ_NORMAL] == 0)
        return false;
    const float *n = ps->normals[key[OBJ_NORMAL] - 1];
    return n[0] != 0.0f || n[1] != 0.0f || n[2] != 0.0f;
}

/* [listing obj_finish] */
bool obj_finish(obj_parser *ps, sa_error *err)
{
    obj_mesh *mesh = ps->mesh;
    if (ps->index_count == 0)
        return sa_error_set(err, "%s: no faces", ps->name);
    mesh->position_count = ps->counts[OBJ_POSITION];
    mesh->texcoord_count = ps->counts[OBJ_TEXCOORD];
    mesh->normal_count = ps->counts[OBJ_NORMAL];
    mesh->unique_triple_count = ps->dedup.count;
    mesh->triangle_count = ps->index_count / 3;

    /* Which vertices lack a normal in the file? */
    unit_file_normals(ps);
    size_t missing = 0;
    bool *needs_normal = malloc(ps->dedup.count);
    if (!needs_normal)
        return sa_error_set(err, "out of memory");
    for (size_t v = 0; v < ps->dedup.count; v++) {
        needs_normal[v] = !has_file_normal(ps, ps->dedup.keys[v]);
        missing += needs_normal[v];
    }

    /* Smoothing groups matter only to computed normals. */
    uint32_t *vertex_of = NULL; /* new vertex -> dedup vertex, after a split */
    size_t vertex_count = ps->dedup.count;
    if (missing > 0 && ps->smoothing_count > 0 && !split_by_smoothing(ps, needs_normal, &vertex_of, &vertex_count)) {
        free(needs_normal);
        return sa_error_set(err, "out of memory");
    }

    /* [/listing] */
    /* [listing obj_finish_vertices] */
    mesh->vertices = malloc(vertex_count * sizeof *mesh->vertices);
    bool *needs = vertex_of ? malloc(vertex_count) : needs_normal;
    if (!mesh->vertices || !needs) {
        /* [elide free what was allocated, report "out of memory"] */
        free(vertex_of);
        if (needs != needs_normal)
            free(needs);
        free(needs_normal);
        return sa_error_set(err, "out of memory");
        /* [/elide] */
    }
    mesh->vertex_count = vertex_count;
    for (size_t i = 0; i < vertex_count; i++) {
        uint32_t v = vertex_of ? vertex_of[i] : (uint32_t)i;
        const uint32_t *key = ps->dedup.keys[v];
        obj_vertex *out = &mesh->vertices[i];
        memcpy(out->position, ps->positions[key[OBJ_POSITION] - 1], sizeof out->position);
        if (key[OBJ_TEXCOORD]) {
            const float *uv = ps->texcoords[key[OBJ_TEXCOORD] - 1];
            out->texcoord[0] = uv[0];
            out->texcoord[1] = 1.0f - uv[1]; /* OBJ's v grows up the image, GL rows go down */
        } else {
            out->texcoord[0] = out->texcoord[1] = 0.0f;
        }
        if (has_file_normal(ps, key))
            memcpy(out->normal, ps->normals[key[OBJ_NORMAL] - 1], sizeof out->normal);
        else
            out->normal[0] = 0, out->normal[1] = 1, out->normal[2] = 0;
        if (vertex_of)
            needs[i] = needs_normal[v];
    }
    free(vertex_of);
    mesh->indices = ps->indices; /* 32-bit for now */
    mesh->index_count = ps->index_count;
    mesh->index_size = 4;
    ps->indices = NULL;
    bool ok = missing == 0 || compute_missing_normals(mesh, needs);
    mesh->normals_computed = missing > 0;
    if (needs != needs_normal)
        free(needs);
    free(needs_normal);
    if (!ok)
        return sa_error_set(err, "out of memory");

    /* [/listing] */
    /* [listing obj_finish_indices] */
    /* 16-bit indices when every vertex number fits: half the index memory. */
    if (mesh->vertex_count <= 65536) {
        const uint32_t *wide = mesh->indices;
        uint16_t *narrow = mesh->indices;
        for (size_t i = 0; i < mesh->index_count; i++)
            narrow[i] = (uint16_t)wide[i]; /* in place: narrow[i] never overtakes wide[i] */
        mesh->index_size = 2;
        void *smaller = realloc(mesh->indices, mesh->index_count * 2);
        if (smaller)
            mesh->indices = smaller;
    }
    return true;
}
/* [/listing] */

void obj_compute_bounds(obj_mesh *mesh)
{
    for (int i = 0; i < 3; i++)
        mesh->bounds_min[i] = INFINITY, mesh->bounds_max[i] = -INFINITY;
    for (size_t v = 0; v < mesh->vertex_count; v++)
        for (int i = 0; i < 3; i++) {
            float x = mesh->vertices[v].position[i];
            mesh->bounds_min[i] = fminf(mesh->bounds_min[i], x);
            mesh->bounds_max[i] = fmaxf(mesh->bounds_max[i], x);
        }
}
