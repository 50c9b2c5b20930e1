/* gltf_parse_accessors.c: step 2 of the load (JSON -> structs) for what
 * every other object points into: the asset, buffers, bufferViews and
 * accessors.
 *
 * Supports: asset.version 2.x; KHR_mesh_quantization in extensionsUsed or
 * extensionsRequired (it allows more attribute formats: gltf_decode_primitive.c);
 * bufferViews with byteOffset, byteLength, byteStride (4..252, a multiple of
 * 4) and target, inside their buffer's byteLength; accessors of every
 * componentType (5120..5126) and type (SCALAR..MAT4), normalized 8- and 16-bit
 * integers, min/max, sparse; offsets a multiple of the component size (glTF
 * 2.0, 3.6.2.4). The bytes themselves are range-checked later (accessor.c),
 * once the buffers are loaded.
 * Does not support: any other extension in extensionsRequired (an error;
 * optional ones are ignored); more than 2^22 elements in an accessor without
 * a bufferView.
 */
#include "gltf_steps.h"

#include <stdio.h>
#include <string.h>

/* Accessors without a bufferView have no bytes to bound their count. */
#define GLTF_MAX_ZERO_ACCESSOR_COUNT (1u << 22)

/* The accessor types by name, in the order of gltf_type (SCALAR = 1). */
const char *const gltf_type_names[7] = {"SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"};

bool gltf_parse_asset(loader *L, const json_value *root)
{
    const json_value *asset;
    if (!gltf_get_object(L, root, "asset", "", &asset))
        return false;
    if (!asset)
        return sa_error_set(L->err, "asset: missing (required)");
    const json_value *version = json_object_get(asset, "version");
    if (!version || version->kind != JSON_STRING)
        return sa_error_set(L->err, "asset.version: missing or not a string");
    if (strncmp(version->as.string, "2.", 2) != 0)
        return sa_error_set(L->err, "asset.version: \"%s\" (this loader reads glTF 2.x)", version->as.string);

    /* The one extension this loader implements: KHR_mesh_quantization, which
     * only allows more component types for vertex attributes. Any other
     * required extension is fatal; optional ones are ignored. */
    static const char *const lists[2] = {"extensionsUsed", "extensionsRequired"};
    for (int l = 0; l < 2; l++) {
        const json_value *names = json_object_get(root, lists[l]);
        if (names && names->kind != JSON_ARRAY)
            return gltf_type_error(L, lists[l], NULL, "an array", names);
        for (size_t i = 0; names && i < names->count; i++) {
            const json_value *name = &names->as.items[i];
            if (name->kind != JSON_STRING)
                return sa_error_set(L->err, "%s[%zu]: expected a string", lists[l], i);
            if (gltf_string_is(name, "KHR_mesh_quantization"))
                L->mesh_quantization = true;
            else if (l == 1)
                return sa_error_set(L->err, "extensionsRequired[%zu]: extension \"%s\" is required but not supported",
                                    i, name->as.string);
        }
    }
    return true;
}

bool gltf_parse_buffers_and_views(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    char path[64];
    for (int i = 0; i < doc->buffer_count; i++) {
        snprintf(path, sizeof path, "buffers[%d]", i);
        if (!gltf_get_size(L, gltf_item(L, root, "buffers", i), "byteLength", path, true, 0,
                           &doc->buffers[i].byte_length))
            return false;
    }
    for (int i = 0; i < doc->buffer_view_count; i++) {
        const json_value *o = gltf_item(L, root, "bufferViews", i);
        gltf_buffer_view *v = &doc->buffer_views[i];
        snprintf(path, sizeof path, "bufferViews[%d]", i);
        size_t target;
        if (!gltf_get_required_index(L, o, "buffer", path, doc->buffer_count, &v->buffer) ||
            !gltf_get_size(L, o, "byteOffset", path, false, 0, &v->byte_offset) ||
            !gltf_get_size(L, o, "byteLength", path, true, 0, &v->byte_length) ||
            !gltf_get_size(L, o, "byteStride", path, false, 0, &v->byte_stride) ||
            !gltf_get_size(L, o, "target", path, false, 0, &target))
            return false;
        v->target = (int)(target & 0xffff);
        if (json_object_get(o, "byteStride") && (v->byte_stride < 4 || v->byte_stride > 252 || v->byte_stride % 4))
            return sa_error_set(L->err, "%s.byteStride: %zu is not a multiple of 4 in 4..252", path, v->byte_stride);
        if (v->byte_length == 0)
            return sa_error_set(L->err, "%s.byteLength: must be at least 1", path);
        size_t buffer_length = doc->buffers[v->buffer].byte_length;
        if (v->byte_offset > buffer_length || v->byte_length > buffer_length - v->byte_offset)
            return sa_error_set(L->err, "%s: bytes %zu..%zu are past the end of buffers[%d] (%zu bytes)", path,
                                v->byte_offset, v->byte_offset + v->byte_length, v->buffer, buffer_length);
    }
    return true;
}

static bool parse_component_type(loader *L, const json_value *o, const char *key, const char *path, bool indices_only,
                                 gltf_component_type *out)
{
    size_t ct;
    if (!gltf_get_size(L, o, key, path, true, 0, &ct))
        return false;
    bool known = indices_only ? (ct == 5121 || ct == 5123 || ct == 5125) : (ct >= 5120 && ct <= 5126 && ct != 5124);
    if (!known)
        return sa_error_set(L->err, "%s.%s: %zu is not a valid component type", path, key, ct);
    *out = (gltf_component_type)ct;
    return true;
}

bool gltf_parse_accessors(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    for (int i = 0; i < doc->accessor_count; i++) {
        const json_value *o = gltf_item(L, root, "accessors", i);
        gltf_accessor *a = &doc->accessors[i];
        char path[64];
        snprintf(path, sizeof path, "accessors[%d]", i);
        if (!gltf_get_index(L, o, "bufferView", path, doc->buffer_view_count, &a->buffer_view) ||
            !gltf_get_size(L, o, "byteOffset", path, false, 0, &a->byte_offset) ||
            !parse_component_type(L, o, "componentType", path, false, &a->component_type) ||
            !gltf_get_bool(L, o, "normalized", path, &a->normalized) ||
            !gltf_get_size(L, o, "count", path, true, 0, &a->count))
            return false;
        if (a->count == 0)
            return sa_error_set(L->err, "%s.count: must be at least 1", path);
        if (a->buffer_view < 0 && json_object_get(o, "byteOffset"))
            return sa_error_set(L->err, "%s.byteOffset: given without a bufferView", path);
        if (a->buffer_view < 0 && a->count > GLTF_MAX_ZERO_ACCESSOR_COUNT)
            return sa_error_set(L->err, "%s.count: %zu elements without a bufferView is too many", path, a->count);
        /* glTF 2.0 (3.6.2.4): the offset into the bufferView, and so into the
         * buffer, is a multiple of the component size. */
        size_t component_size = gltf_component_size(a->component_type);
        if (a->buffer_view >= 0) {
            size_t view_offset = doc->buffer_views[a->buffer_view].byte_offset;
            if (a->byte_offset % component_size)
                return sa_error_set(L->err, "%s.byteOffset: %zu is not a multiple of the component size (%zu bytes)",
                                    path, a->byte_offset, component_size);
            if ((view_offset + a->byte_offset) % component_size)
                return sa_error_set(L->err,
                                    "%s.byteOffset: bufferViews[%d] starts at byte %zu of its buffer, so this "
                                    "accessor starts at byte %zu, not a multiple of the component size (%zu bytes)",
                                    path, a->buffer_view, view_offset, view_offset + a->byte_offset, component_size);
        }
        const json_value *type = json_object_get(o, "type");
        if (!type || type->kind != JSON_STRING)
            return sa_error_set(L->err, "%s.type: missing or not a string", path);
        a->type = 0;
        for (int t = 0; t < 7; t++)
            if (gltf_string_is(type, gltf_type_names[t]))
                a->type = (gltf_type)(t + 1);
        if (!a->type)
            return sa_error_set(L->err, "%s.type: \"%s\" is not SCALAR, VEC2..4 or MAT2..4", path, type->as.string);
        if (a->normalized && (a->component_type == GLTF_FLOAT || a->component_type == GLTF_UNSIGNED_INT))
            return sa_error_set(L->err, "%s.normalized: only 8- and 16-bit integers can be normalized", path);
        int n = gltf_type_components(a->type);
        if (!gltf_get_floats(L, o, "min", path, (size_t)n, (size_t)n, a->min, &a->min_count) ||
            !gltf_get_floats(L, o, "max", path, (size_t)n, (size_t)n, a->max, &a->max_count))
            return false;

        const json_value *sparse;
        if (!gltf_get_object(L, o, "sparse", path, &sparse))
            return false;
        if (sparse) {
            char sparse_path[96];
            const json_value *indices, *values;
            gltf_accessor_sparse *s = &a->sparse;
            snprintf(sparse_path, sizeof sparse_path, "%s.sparse", path);
            if (!gltf_get_size(L, sparse, "count", sparse_path, true, 0, &s->count) ||
                !gltf_get_object(L, sparse, "indices", sparse_path, &indices) ||
                !gltf_get_object(L, sparse, "values", sparse_path, &values))
                return false;
            if (s->count == 0 || s->count > a->count)
                return sa_error_set(L->err, "%s.count: %zu is not in 1..%zu (the accessor's count)", sparse_path,
                                    s->count, a->count);
            if (!indices || !values)
                return sa_error_set(L->err, "%s: needs both indices and values", sparse_path);
            snprintf(sparse_path, sizeof sparse_path, "%s.sparse.indices", path);
            if (!gltf_get_required_index(L, indices, "bufferView", sparse_path, doc->buffer_view_count,
                                         &s->indices_buffer_view) ||
                !gltf_get_size(L, indices, "byteOffset", sparse_path, false, 0, &s->indices_byte_offset) ||
                !parse_component_type(L, indices, "componentType", sparse_path, true, &s->indices_component_type))
                return false;
            snprintf(sparse_path, sizeof sparse_path, "%s.sparse.values", path);
            if (!gltf_get_required_index(L, values, "bufferView", sparse_path, doc->buffer_view_count,
                                         &s->values_buffer_view) ||
                !gltf_get_size(L, values, "byteOffset", sparse_path, false, 0, &s->values_byte_offset))
                return false;
            if (doc->buffer_views[s->indices_buffer_view].byte_stride ||
                doc->buffer_views[s->values_buffer_view].byte_stride)
                return sa_error_set(L->err, "%s.sparse: its bufferViews must not have a byteStride", path);
        }
    }
    return true;
}
