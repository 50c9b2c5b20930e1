/* gltf_decode_triangles.c: step 5 of the load (decoding) for the triangles
 * of a primitive: its index list checked, strips and fans turned into lists,
 * and flat normals, by unwelding, when the file has no NORMAL.
 *
 * Supports: unsigned byte, short and int indices (a packed u32 TRIANGLES list
 * is borrowed), primitives without indices (0, 1, 2 ...), TRIANGLES,
 * TRIANGLE_STRIP and TRIANGLE_FAN; every index below the vertex count.
 * Does not allow: the primitive restart value (all bits set), which glTF
 * does not allow either. The indices past the last whole triangle of a
 * TRIANGLES list are dropped.
 */
#include "gltf_steps.h"

#include "common/normals.h"

#include <stdlib.h>
#include <string.h>

/* [listing triangulate] */
/* Strips and fans become lists (glTF 2.0, section 3.7.2.1):
 *   strip: triangle i = (v[i], v[i + 1 + i % 2], v[i + 2 - i % 2])  (every other one flipped back to CCW)
 *   fan:   triangle i = (v[i + 1], v[i + 2], v[0])                                               */
static size_t triangulate(gltf_mode mode, const uint32_t *v, size_t n, uint32_t *out)
{
    size_t t = 0;
    if (mode == GLTF_TRIANGLES) {
        for (; t < n / 3; t++)
            out[3 * t] = v[3 * t], out[3 * t + 1] = v[3 * t + 1], out[3 * t + 2] = v[3 * t + 2];
    } else if (mode == GLTF_TRIANGLE_STRIP) {
        for (; n >= 3 && t < n - 2; t++)
            out[3 * t] = v[t], out[3 * t + 1] = v[t + 1 + t % 2], out[3 * t + 2] = v[t + 2 - t % 2];
    } else if (mode == GLTF_TRIANGLE_FAN) {
        for (; n >= 3 && t < n - 2; t++)
            out[3 * t] = v[t + 1], out[3 * t + 1] = v[t + 2], out[3 * t + 2] = v[0];
    }
    return t;
}
/* [/listing] */

/* The index list of a primitive: its indices accessor, or 0, 1, 2 ... when
 * it has none. Each index is checked: below the vertex count, and not the
 * primitive restart value (all bits set), which glTF does not allow. */
static bool decode_index_list(loader *L, gltf_primitive *prim, const char *attr, uint32_t **list, size_t *count,
                              const uint32_t **borrowed)
{
    const gltf_document *doc = L->doc;
    *list = NULL, *borrowed = NULL, *count = prim->vertex_count;
    if (prim->indices < 0) {
        if (!(*list = gltf_alloc_array(*count, sizeof **list)))
            return sa_error_set(L->err, "%s: out of memory", attr);
        for (size_t i = 0; i < *count; i++)
            (*list)[i] = (uint32_t)i;
        return true;
    }
    const gltf_accessor *a = &doc->accessors[prim->indices];
    if (a->type != GLTF_SCALAR || a->normalized ||
        !(a->component_type == GLTF_UNSIGNED_BYTE || a->component_type == GLTF_UNSIGNED_SHORT ||
          a->component_type == GLTF_UNSIGNED_INT))
        return sa_error_set(L->err, "%s: accessors[%d] must be SCALAR unsigned 8, 16 or 32-bit integers", attr,
                            prim->indices);
    *count = a->count;
    const uint32_t *indices = *borrowed = gltf_borrow(doc, prim->indices, GLTF_UNSIGNED_INT, 1);
    if (!indices) {
        if (!(*list = gltf_alloc_array(*count, sizeof **list)))
            return sa_error_set(L->err, "%s: out of memory", attr);
        if (!gltf_accessor_unpack_uints(doc, prim->indices, *list, L->err))
            return gltf_fail_accessor(L, attr);
        indices = *list;
    }
    uint32_t restart = a->component_type == GLTF_UNSIGNED_BYTE    ? 0xffu
                       : a->component_type == GLTF_UNSIGNED_SHORT ? 0xffffu
                                                                  : 0xffffffffu;
    for (size_t i = 0; i < *count; i++) {
        if (indices[i] == restart)
            return sa_error_set(L->err,
                                "%s: element %zu: %u is the primitive restart value of %s indices, not a valid "
                                "index in glTF",
                                attr, i, indices[i],
                                a->component_type == GLTF_UNSIGNED_BYTE    ? "unsigned byte"
                                : a->component_type == GLTF_UNSIGNED_SHORT ? "unsigned short"
                                                                           : "unsigned int");
        if (indices[i] >= prim->vertex_count)
            return sa_error_set(L->err, "%s: element %zu: index %u, but there are %zu vertices", attr, i, indices[i],
                                prim->vertex_count);
    }
    return true;
}

/* The triangles of a primitive as a counter-clockwise list. A TRIANGLES list
 * of packed u32 indices is borrowed; other lists are decoded in place; strips
 * and fans are turned into a new list. */
bool gltf_decode_triangles(loader *L, gltf_primitive *prim, const char *path)
{
    char attr[160];
    snprintf(attr, sizeof attr, "%s.indices", path);
    uint32_t *list;
    size_t count;
    const uint32_t *borrowed;
    if (!decode_index_list(L, prim, attr, &list, &count, &borrowed)) {
        free(list);
        return false;
    }
    if (prim->mode == GLTF_TRIANGLES && count % 3 == 0) { /* already a list */
        prim->triangle_count = count / 3;
        prim->triangle_indices = borrowed ? borrowed : list;
        prim->borrowed |= borrowed ? BORROW_INDICES : 0;
        return true;
    }
    size_t triangles = prim->mode == GLTF_TRIANGLES ? count / 3 : count >= 3 ? count - 2 : 0;
    uint32_t *out = gltf_alloc_array(triangles, 3 * sizeof *out);
    if (!out) {
        free(list);
        return sa_error_set(L->err, "%s: out of memory", attr);
    }
    prim->triangle_count = triangulate(prim->mode, borrowed ? borrowed : list, count, out);
    prim->triangle_indices = out;
    free(list);
    return true;
}

/* Unwelding (below) for the joint and weight sets: each becomes one entry
 * per new vertex, copied from the vertex of the file it is a copy of. */
static bool unweld_influences(gltf_primitive *prim, const uint32_t *source, size_t count)
{
    for (int s = 0; s < prim->influence_set_count; s++) {
        uint16_t(*joints)[4] = prim->joint_sets[s] ? gltf_alloc_array(count, sizeof *joints) : NULL;
        float(*weights)[4] = prim->weight_sets[s] ? gltf_alloc_array(count, sizeof *weights) : NULL;
        if ((prim->joint_sets[s] && !joints) || (prim->weight_sets[s] && !weights)) {
            free(joints), free(weights);
            return false;
        }
        for (size_t c = 0; c < count; c++) {
            if (joints)
                memcpy(joints[c], prim->joint_sets[s][source[c]], sizeof joints[c]);
            if (weights)
                memcpy(weights[c], prim->weight_sets[s][source[c]], sizeof weights[c]);
        }
        gltf_release(prim, BORROW_JOINT_SET(s), prim->joint_sets[s]);
        gltf_release(prim, BORROW_WEIGHT_SET(s), prim->weight_sets[s]);
        prim->joint_sets[s] = (void *)joints, prim->weight_sets[s] = (void *)weights;
    }
    prim->joints = prim->joint_sets[0], prim->weights = prim->weight_sets[0];
    return true;
}

/* Which vertex of the file each unwelded vertex copies: corner c of the
 * triangle list copies the vertex it indexed, then every vertex that no
 * triangle uses gets one copy after them, so that each vertex of the file has
 * at least one (--dump-obj of chapter 06 writes them in the file's order).
 * Returns how many (corners + unused); *out_source stays NULL when out of
 * memory. */
static size_t unweld_sources(const gltf_primitive *prim, uint32_t **out_source)
{
    size_t corners = prim->triangle_count * 3, n = prim->vertex_count;
    uint32_t *source = gltf_alloc_array(corners + n, sizeof *source); /* at most n unused */
    bool *used = calloc(n ? n : 1, sizeof *used);
    if (!source || !used) {
        free(source), free(used);
        return 0;
    }
    size_t count = 0;
    for (; count < corners; count++) {
        source[count] = prim->triangle_indices[count];
        used[source[count]] = true;
    }
    for (size_t v = 0; v < n; v++)
        if (!used[v])
            source[count++] = (uint32_t)v;
    free(used);
    *out_source = source;
    return count;
}

/* [listing flat_normals] */
/* Without NORMAL the spec asks for flat normals (and TANGENT is then
 * ignored). A flat normal belongs to a triangle, not to a vertex that several
 * triangles share, so the vertices are unwelded: triangle t gets vertices
 * 3t, 3t + 1 and 3t + 2 of its own, copies of the three it indexed, and all
 * three get its face normal. The triangle list becomes 0, 1, 2, 3 ...
 * source_vertex says which vertex of the file each one copies. */
bool gltf_unweld_with_flat_normals(loader *L, gltf_primitive *prim, const char *path)
{
    /* (Not counted against max_decoded_elements: there are at most three
     * corners per index, and one copy per vertex, already counted.) */
    size_t corners = prim->triangle_count * 3;
    uint32_t *source = NULL;
    size_t count = unweld_sources(prim, &source);
    float(*positions)[3] = gltf_alloc_array(count, sizeof *positions);
    float(*normals)[3] = gltf_alloc_array(count, sizeof *normals);
    float(*texcoords)[2] = prim->texcoords ? gltf_alloc_array(count, sizeof *texcoords) : NULL;
    uint32_t *indices = gltf_alloc_array(corners, sizeof *indices);
    if (!source || !positions || !normals || (prim->texcoords && !texcoords) || !indices || count > 0xffffffffu ||
        !unweld_influences(prim, source, count)) {
        /* [elide free them all, report "out of memory"] */
        free(source), free(positions), free(normals), free(texcoords), free(indices);
        return sa_error_set(L->err, "%s: out of memory for %zu unwelded vertices", path, count);
        /* [/elide] */
    }
    for (size_t c = 0; c < count; c++) {
        memcpy(positions[c], prim->positions[source[c]], sizeof positions[c]);
        if (texcoords)
            memcpy(texcoords[c], prim->texcoords[source[c]], sizeof texcoords[c]);
    }
    for (size_t c = 0; c < corners; c++)
        indices[c] = (uint32_t)c;
    /* [/listing] */
    /* [listing flat_normals_faces] */
    for (size_t t = 0; t < prim->triangle_count; t++) {
        normals_face(positions[3 * t], positions[3 * t + 1], positions[3 * t + 2], normals[3 * t]);
        memcpy(normals[3 * t + 1], normals[3 * t], sizeof normals[0]);
        memcpy(normals[3 * t + 2], normals[3 * t], sizeof normals[0]);
    }
    for (size_t c = corners; c < count; c++) /* in no triangle: never drawn, any unit normal */
        normals[c][0] = 0.0f, normals[c][1] = 0.0f, normals[c][2] = 1.0f;
    gltf_release(prim, BORROW_POSITIONS, prim->positions);
    gltf_release(prim, BORROW_TEXCOORDS, prim->texcoords);
    gltf_release(prim, BORROW_TANGENTS, prim->tangents);
    gltf_release(prim, BORROW_INDICES, prim->triangle_indices);
    prim->positions = (void *)positions, prim->normals = (void *)normals, prim->texcoords = (void *)texcoords;
    prim->tangents = NULL; /* (joints and weights: unweld_influences) */
    prim->triangle_indices = indices;
    prim->source_vertex = source;
    prim->source_vertex_count = prim->vertex_count;
    prim->vertex_count = count;
    prim->normals_computed = true;
    return true;
}
/* [/listing] */
