/* gltf_decode_primitive.c: step 5 of the load (decoding) for one primitive:
 * each vertex attribute checked against what the spec allows for it, then
 * decoded to the arrays of gltf_primitive, or borrowed (the buffer's own
 * bytes, when they already are that array); then its triangles
 * (gltf_decode_triangles.c). The helpers every decoding step shares (the
 * decode limit, sized arrays, borrowing and releasing) lie below the steps,
 * in gltf_decode_arrays.c.
 *
 * Supports: POSITION (finite; its box is the bounds), NORMAL, TEXCOORD_0,
 * JOINTS_n / WEIGHTS_n (n = 0..7) and TANGENT (with NORMAL only) in the
 * formats of glTF 2.0 (3.7.2.1), and in those KHR_mesh_quantization adds
 * when the file declares it; integers become floats as the accessor says
 * (normalized or not), joints uint16_t.
 * Morph targets: POSITION, NORMAL and TANGENT deltas checked against the
 * spec's table (3.7.2.2; VEC3 floats, and what KHR_mesh_quantization adds)
 * and decoded to floats, after the vertices are unwelded, so that delta i
 * is vertex i's.
 * Does not: decode points and lines (modes 0..3: kept, `skipped`, with a
 * note), other attributes (TEXCOORD_1, COLOR_0 ...), morphed TEXCOORD_n or
 * COLOR_n.
 */
#include "gltf_steps.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The ways a vertex attribute may be stored: a component type, normalized or not. */
enum {
    FORMAT_FLOAT = 1 << 0,
    FORMAT_I8 = 1 << 1,
    FORMAT_I8_NORM = 1 << 2,
    FORMAT_U8 = 1 << 3,
    FORMAT_U8_NORM = 1 << 4,
    FORMAT_I16 = 1 << 5,
    FORMAT_I16_NORM = 1 << 6,
    FORMAT_U16 = 1 << 7,
    FORMAT_U16_NORM = 1 << 8,
};
#define FORMAT_COUNT 9

static const char *const format_names[FORMAT_COUNT] = {"float",
                                                       "signed byte",
                                                       "normalized signed byte",
                                                       "unsigned byte",
                                                       "normalized unsigned byte",
                                                       "signed short",
                                                       "normalized signed short",
                                                       "unsigned short",
                                                       "normalized unsigned short"};

/* Which FORMAT_ bit an accessor's data is (its index), -1 for unsigned int. */
static int format_of(const gltf_accessor *a)
{
    int normalized = a->normalized ? 1 : 0;
    switch (a->component_type) {
    case GLTF_FLOAT:
        return 0;
    case GLTF_BYTE:
        return 1 + normalized;
    case GLTF_UNSIGNED_BYTE:
        return 3 + normalized;
    case GLTF_SHORT:
        return 5 + normalized;
    case GLTF_UNSIGNED_SHORT:
        return 7 + normalized;
    case GLTF_UNSIGNED_INT:
        break;
    }
    return -1;
}

/* [listing attribute_rules] */
/* What a decoded attribute may be in the file (glTF 2.0, section 3.7.2.1,
 * and what KHR_mesh_quantization adds), and what it is decoded to. Integers
 * become floats as the accessor says: normalized ones to 0..1 or -1..1,
 * plain ones as they are (the node's transform then scales them back). */
typedef struct attribute_rule {
    gltf_type type;
    unsigned formats;   /* FORMAT_ bits of the core spec */
    unsigned quantized; /* and those KHR_mesh_quantization allows as well */
    bool to_u16;        /* decoded to uint16_t (joints), else to floats */
} attribute_rule;

#define FORMAT_ANY_8_16                                                                                                \
    (FORMAT_I8 | FORMAT_I8_NORM | FORMAT_U8 | FORMAT_U8_NORM | FORMAT_I16 | FORMAT_I16_NORM | FORMAT_U16 |             \
     FORMAT_U16_NORM)
static const attribute_rule rule_position = {GLTF_VEC3, FORMAT_FLOAT, FORMAT_ANY_8_16, false};
static const attribute_rule rule_normal = {GLTF_VEC3, FORMAT_FLOAT, FORMAT_I8_NORM | FORMAT_I16_NORM, false};
static const attribute_rule rule_tangent = {GLTF_VEC4, FORMAT_FLOAT, FORMAT_I8_NORM | FORMAT_I16_NORM, false};
static const attribute_rule rule_texcoord = {GLTF_VEC2, FORMAT_FLOAT | FORMAT_U8_NORM | FORMAT_U16_NORM,
                                             FORMAT_ANY_8_16, false};
static const attribute_rule rule_joints = {GLTF_VEC4, FORMAT_U8 | FORMAT_U16, 0, true};
static const attribute_rule rule_weights = {GLTF_VEC4, FORMAT_FLOAT | FORMAT_U8_NORM | FORMAT_U16_NORM, 0, false};
/* Morph target deltas (3.7.2.2): VEC3 floats, TANGENT too (no handedness). */
static const attribute_rule rule_position_delta = {GLTF_VEC3, FORMAT_FLOAT,
                                                   FORMAT_I8 | FORMAT_I8_NORM | FORMAT_I16 | FORMAT_I16_NORM, false};
static const attribute_rule rule_direction_delta = {GLTF_VEC3, FORMAT_FLOAT, FORMAT_I8_NORM | FORMAT_I16_NORM, false};
/* [/listing] */

/* "float, normalized unsigned byte or normalized unsigned short" */
static void describe_formats(unsigned formats, char *out, size_t size)
{
    int total = 0, written = 0;
    for (int f = 0; f < FORMAT_COUNT; f++)
        total += (formats >> f) & 1;
    out[0] = '\0';
    for (int f = 0; f < FORMAT_COUNT; f++) {
        if (!((formats >> f) & 1))
            continue;
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s%s",
                 written == 0           ? ""
                 : written == total - 1 ? " or "
                                        : ", ",
                 format_names[f]);
        written++;
    }
}

/* An accessor checked against the rule of the attribute at `attr` (its JSON path). */
static bool check_format(loader *L, const char *attr, int accessor, const attribute_rule *rule)
{
    const gltf_accessor *a = &L->doc->accessors[accessor];
    if (a->type != rule->type)
        return sa_error_set(L->err, "%s: accessors[%d] is %s, this attribute must be %s", attr, accessor,
                            gltf_type_names[a->type - 1], gltf_type_names[rule->type - 1]);
    int format = format_of(a);
    unsigned formats = rule->formats | (L->mesh_quantization ? rule->quantized : 0);
    if (format < 0 || !((formats >> format) & 1)) {
        char allowed[256];
        describe_formats(formats, allowed, sizeof allowed);
        bool with_extension = format >= 0 && ((rule->quantized >> format) & 1);
        return sa_error_set(L->err, "%s: accessors[%d] holds %s components, this attribute must be %s%s", attr,
                            accessor, format < 0 ? "unsigned int" : format_names[format], allowed,
                            with_extension ? " (or what KHR_mesh_quantization allows, which the file does not declare)"
                                           : "");
    }
    return true;
}

/* One attribute of a primitive: its accessor checked against the rule, then
 * decoded to `components` floats (or u16) per vertex: the buffer's own bytes
 * when they already are that array (borrow), else a new array. */
static bool decode_attribute(loader *L, gltf_primitive *prim, const char *path, const char *semantic, int accessor,
                             const attribute_rule *rule, unsigned borrow_bit, void **out)
{
    const gltf_document *doc = L->doc;
    const gltf_accessor *a = &doc->accessors[accessor];
    char attr[160];
    snprintf(attr, sizeof attr, "%s.attributes.%s", path, semantic);
    *out = NULL;
    if (!check_format(L, attr, accessor, rule))
        return false;
    int components = gltf_type_components(rule->type);
    if ((*out = gltf_borrow(doc, accessor, rule->to_u16 ? GLTF_UNSIGNED_SHORT : GLTF_FLOAT, components))) {
        prim->borrowed |= borrow_bit;
        return true;
    }
    void *copy = gltf_alloc_array(a->count, (size_t)components * (rule->to_u16 ? sizeof(uint16_t) : sizeof(float)));
    if (!copy)
        return sa_error_set(L->err, "%s: out of memory", attr);
    if (!(rule->to_u16 ? gltf_accessor_unpack_u16(doc, accessor, copy, L->err)
                       : gltf_accessor_unpack_floats(doc, accessor, copy, L->err))) {
        free(copy);
        return gltf_fail_accessor(L, attr);
    }
    *out = copy;
    return true;
}

/* Positions must be finite; their box is the primitive's bounds. */
static bool check_positions_and_bound(loader *L, gltf_primitive *prim, const char *path)
{
    for (int k = 0; k < 3; k++)
        prim->bounds_min[k] = prim->bounds_max[k] = prim->positions[0][k];
    for (size_t i = 0; i < prim->vertex_count; i++)
        for (int k = 0; k < 3; k++) {
            float x = prim->positions[i][k];
            if (!isfinite(x))
                return sa_error_set(L->err, "%s.attributes.POSITION: element %zu is not a finite number", path, i);
            prim->bounds_min[k] = x < prim->bounds_min[k] ? x : prim->bounds_min[k];
            prim->bounds_max[k] = x > prim->bounds_max[k] ? x : prim->bounds_max[k];
        }
    return true;
}

/* One attribute of a morph target: checked, then (when `keep`) decoded to
 * floats, one delta per vertex of the primitive's arrays: the file's own
 * order, or a copy per unwelded vertex. Never borrowed. */
static bool decode_delta(loader *L, const gltf_primitive *prim, const char *target_path, const char *semantic,
                         int accessor, const attribute_rule *rule, bool keep, float (**out)[3])
{
    *out = NULL;
    if (accessor < 0)
        return true;
    char attr[192];
    snprintf(attr, sizeof attr, "%s.%s", target_path, semantic);
    if (!check_format(L, attr, accessor, rule))
        return false;
    size_t count = L->doc->accessors[accessor].count;
    if (!keep)
        return true;
    if (!gltf_within_decode_limit(L, count, attr))
        return false;
    float(*file)[3] = gltf_alloc_array(count, sizeof *file);
    if (!file)
        return sa_error_set(L->err, "%s: out of memory", attr);
    if (!gltf_accessor_unpack_floats(L->doc, accessor, &file[0][0], L->err)) {
        free(file);
        return gltf_fail_accessor(L, attr);
    }
    if (!prim->source_vertex) {
        *out = file;
        return true;
    }
    float(*copies)[3] = gltf_alloc_array(prim->vertex_count, sizeof *copies);
    if (copies)
        for (size_t i = 0; i < prim->vertex_count; i++)
            memcpy(copies[i], file[prim->source_vertex[i]], sizeof copies[i]);
    free(file);
    *out = copies;
    return copies || sa_error_set(L->err, "%s: out of memory", attr);
}

/* Every morph target: POSITION deltas always, NORMAL deltas unless the
 * normals are flat ones of our own, TANGENT deltas when there are tangents;
 * the others are checked all the same. */
static bool decode_targets(loader *L, gltf_primitive *prim, const char *path)
{
    for (int t = 0; t < prim->target_count; t++) {
        gltf_morph_target *target = &prim->targets[t];
        char target_path[160];
        snprintf(target_path, sizeof target_path, "%s.targets[%d]", path, t);
        if (!decode_delta(L, prim, target_path, "POSITION", target->position, &rule_position_delta, true,
                          &target->position_deltas) ||
            !decode_delta(L, prim, target_path, "NORMAL", target->normal, &rule_direction_delta,
                          !prim->normals_computed, &target->normal_deltas) ||
            !decode_delta(L, prim, target_path, "TANGENT", target->tangent, &rule_direction_delta,
                          prim->tangents != NULL, &target->tangent_deltas))
            return false;
    }
    return true;
}

/* One primitive: each attribute decoded, then the triangles, then flat
 * normals when the file has none. */
bool gltf_decode_primitive(loader *L, gltf_primitive *prim, const char *path)
{
    gltf_document *doc = L->doc;
    if (prim->mode < GLTF_TRIANGLES) {
        prim->skipped = true;
        gltf_add_note(doc, "%s: mode %d (points or lines) is skipped", path, (int)prim->mode);
        return true;
    }
    size_t n = doc->accessors[prim->position].count;
    size_t index_total = prim->indices >= 0 ? doc->accessors[prim->indices].count : n;
    if (!gltf_within_decode_limit(L, n + index_total, path))
        return false;
    if (n > 0xffffffffu)
        return sa_error_set(L->err, "%s: %zu vertices do not fit 32-bit indices", path, n);
    prim->vertex_count = n;

    void *array;
    if (!decode_attribute(L, prim, path, "POSITION", prim->position, &rule_position, BORROW_POSITIONS, &array))
        return false;
    prim->positions = array;
    if (!check_positions_and_bound(L, prim, path))
        return false;
    if (prim->normal >= 0) {
        if (!decode_attribute(L, prim, path, "NORMAL", prim->normal, &rule_normal, BORROW_NORMALS, &array))
            return false;
        prim->normals = array;
    }
    if (prim->texcoord_0 >= 0) {
        if (!decode_attribute(L, prim, path, "TEXCOORD_0", prim->texcoord_0, &rule_texcoord, BORROW_TEXCOORDS, &array))
            return false;
        prim->texcoords = array;
    }
    for (int s = 0; s < prim->influence_set_count; s++) {
        char joints[24], weights[24];
        snprintf(joints, sizeof joints, "JOINTS_%d", s);
        snprintf(weights, sizeof weights, "WEIGHTS_%d", s);
        if (prim->joint_set_accessors[s] >= 0) {
            if (!decode_attribute(L, prim, path, joints, prim->joint_set_accessors[s], &rule_joints,
                                  BORROW_JOINT_SET(s), &array))
                return false;
            prim->joint_sets[s] = array;
        }
        if (prim->weight_set_accessors[s] >= 0) {
            if (!decode_attribute(L, prim, path, weights, prim->weight_set_accessors[s], &rule_weights,
                                  BORROW_WEIGHT_SET(s), &array))
                return false;
            prim->weight_sets[s] = array;
        }
    }
    prim->joints = prim->joint_sets[0], prim->weights = prim->weight_sets[0];
    if (prim->tangent >= 0 && prim->normal >= 0) { /* without NORMAL, TANGENT is ignored (see below) */
        if (!decode_attribute(L, prim, path, "TANGENT", prim->tangent, &rule_tangent, BORROW_TANGENTS, &array))
            return false;
        prim->tangents = array;
    }
    if (!gltf_decode_triangles(L, prim, path))
        return false;
    if (!prim->normals && !gltf_unweld_with_flat_normals(L, prim, path))
        return false;
    return decode_targets(L, prim, path);
}
