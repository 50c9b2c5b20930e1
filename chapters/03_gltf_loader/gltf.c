/* gltf.c: from a .gltf/.glb file to the plain structs of gltf.h.
 *
 * The load runs in steps, each finishing before the next starts:
 *   1. container: GLB chunks (glb.c) or the whole file as JSON;
 *   2. JSON -> structs: every property type-checked, every index range-checked,
 *      errors name the JSON path ("meshes[0].primitives[1].indices");
 *   3. buffers: external .bin files, base64 data: URIs, the GLB BIN chunk;
 *   4. the node graph: one parent per node, no cycles, scene roots are roots;
 *   5. decoding: primitives, skins, animation samplers and images, each
 *      accessor checked (accessor.c) before it is read.
 * See gltf.h for what is supported.
 */
#include "gltf.h"

#include "common/files.h"
#include "json.h"
#include "common/normals.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Accessors without a bufferView have no bytes to bound their count. */
#define GLTF_MAX_ZERO_ACCESSOR_COUNT (1u << 22)

typedef struct loader {
    gltf_document *doc;
    const char *base_dir; /* NULL: external files are not allowed */
    const unsigned char *glb_bin;
    size_t glb_bin_length;
    bool is_glb;
    gltf_load_options options;
    sa_error *err;
    size_t decoded_elements; /* against options.max_decoded_elements */
    bool mesh_quantization;  /* KHR_mesh_quantization is declared: more attribute formats */
    const char *item_key;    /* item(): the top-level array last looked up */
    const json_value *item_array;
} loader;

static char *dup_string(const char *s, size_t n)
{
    char *out = malloc(n + 1);
    if (out) {
        memcpy(out, s, n);
        out[n] = '\0';
    }
    return out;
}

/* The accessor types by name, in the order of gltf_type (SCALAR = 1). */
static const char *const type_names[] = {"SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"};

/* --- typed getters: each one names the JSON path when it fails ------------- */

static bool type_error(loader *L, const char *path, const char *key, const char *expected, const json_value *v)
{
    return sa_error_set(L->err, "%s%s%s: expected %s, got %s", path, key ? "." : "", key ? key : "", expected,
                        json_kind_name(v->kind));
}

/* Is v exactly the string `s`? A JSON string may hold "\u0000", so "VEC3\u0000x"
 * must not pass for "VEC3": the lengths are compared too. */
static bool string_is(const json_value *v, const char *s)
{
    return v && v->kind == JSON_STRING && v->count == strlen(s) && memcmp(v->as.string, s, v->count) == 0;
}

static bool is_integer(const json_value *v, double max)
{
    return v->kind == JSON_NUMBER && v->number >= 0 && v->number <= max && v->number == floor(v->number);
}

/* An optional index into an array of `count` entries; -1 when missing. */
static bool get_index(loader *L, const json_value *obj, const char *key, const char *path, int count, int *out)
{
    const json_value *v = json_object_get(obj, key);
    *out = -1;
    if (!v)
        return true;
    if (!is_integer(v, 2147483647.0))
        return type_error(L, path, key, "an index (an integer >= 0)", v);
    if (v->number >= count)
        return sa_error_set(L->err, "%s.%s: %d does not exist (there are %d)", path, key, (int)v->number, count);
    *out = (int)v->number;
    return true;
}

static bool get_required_index(loader *L, const json_value *obj, const char *key, const char *path, int count, int *out)
{
    if (!get_index(L, obj, key, path, count, out))
        return false;
    if (*out < 0)
        return sa_error_set(L->err, "%s.%s: missing (required)", path, key);
    return true;
}

static bool get_size(loader *L, const json_value *obj, const char *key, const char *path, bool required,
                     size_t fallback, size_t *out)
{
    const json_value *v = json_object_get(obj, key);
    *out = fallback;
    if (!v)
        return required ? sa_error_set(L->err, "%s.%s: missing (required)", path, key) : true;
    if (!is_integer(v, 9007199254740992.0)) /* 2^53: beyond it doubles skip integers */
        return type_error(L, path, key, "an integer >= 0", v);
    *out = (size_t)v->number;
    return true;
}

static bool get_bool(loader *L, const json_value *obj, const char *key, const char *path, bool *out)
{
    const json_value *v = json_object_get(obj, key);
    *out = false;
    if (!v)
        return true;
    if (v->kind != JSON_TRUE && v->kind != JSON_FALSE)
        return type_error(L, path, key, "true or false", v);
    *out = v->kind == JSON_TRUE;
    return true;
}

/* A string as a new heap copy (NULL when missing). */
static bool get_string(loader *L, const json_value *obj, const char *key, const char *path, char **out)
{
    const json_value *v = json_object_get(obj, key);
    *out = NULL;
    if (!v)
        return true;
    if (v->kind != JSON_STRING)
        return type_error(L, path, key, "a string", v);
    if (!(*out = dup_string(v->as.string, v->count)))
        return sa_error_set(L->err, "%s.%s: out of memory", path, key);
    return true;
}

static bool get_object(loader *L, const json_value *obj, const char *key, const char *path, const json_value **out)
{
    *out = json_object_get(obj, key);
    if (*out && (*out)->kind != JSON_OBJECT)
        return type_error(L, path, key, "an object", *out);
    return true;
}

/* Exactly n numbers (translation, rotation, matrix ...); false when missing. */
static bool get_floats(loader *L, const json_value *obj, const char *key, const char *path, size_t min_n, size_t max_n,
                       float *out, int *got)
{
    const json_value *v = json_object_get(obj, key);
    if (got)
        *got = 0;
    if (!v)
        return true;
    if (v->kind != JSON_ARRAY || v->count < min_n || v->count > max_n) {
        if (min_n == max_n)
            return sa_error_set(L->err, "%s.%s: expected an array of %zu numbers", path, key, min_n);
        return sa_error_set(L->err, "%s.%s: expected an array of %zu to %zu numbers", path, key, min_n, max_n);
    }
    for (size_t i = 0; i < v->count; i++) {
        if (v->as.items[i].kind != JSON_NUMBER)
            return sa_error_set(L->err, "%s.%s[%zu]: expected a number, got %s", path, key, i,
                                json_kind_name(v->as.items[i].kind));
        out[i] = (float)v->as.items[i].number;
        if (!isfinite(out[i])) /* 1e999 parses, as infinity; no transform or bound may be that */
            return sa_error_set(L->err, "%s.%s[%zu]: %g is not a finite float", path, key, i, v->as.items[i].number);
    }
    if (got)
        *got = (int)v->count;
    return true;
}

/* An array of indices into an array of `count` entries. */
static bool get_indices(loader *L, const json_value *obj, const char *key, const char *path, int count, int **out,
                        int *out_count)
{
    const json_value *v = json_object_get(obj, key);
    *out = NULL, *out_count = 0;
    if (!v)
        return true;
    if (v->kind != JSON_ARRAY)
        return type_error(L, path, key, "an array of indices", v);
    if (v->count == 0)
        return true;
    if (!(*out = malloc(v->count * sizeof(int))))
        return sa_error_set(L->err, "%s.%s: out of memory", path, key);
    for (size_t i = 0; i < v->count; i++) {
        const json_value *item = &v->as.items[i];
        if (!is_integer(item, 2147483647.0))
            return sa_error_set(L->err, "%s.%s[%zu]: expected an index, got %s", path, key, i,
                                json_kind_name(item->kind));
        if (item->number >= count)
            return sa_error_set(L->err, "%s.%s[%zu]: %d does not exist (there are %d)", path, key, i, (int)item->number,
                                count);
        (*out)[i] = (int)item->number;
        (*out_count)++;
    }
    return true;
}

/* A top-level array of objects: allocates `count` zeroed structs of `size`. */
static bool get_top_array(loader *L, const json_value *root, const char *key, size_t size, void **out, int *count)
{
    const json_value *v = json_object_get(root, key);
    *out = NULL, *count = 0;
    if (!v)
        return true;
    if (v->kind != JSON_ARRAY)
        return type_error(L, key, NULL, "an array", v);
    for (size_t i = 0; i < v->count; i++)
        if (v->as.items[i].kind != JSON_OBJECT)
            return sa_error_set(L->err, "%s[%zu]: expected an object, got %s", key, i,
                                json_kind_name(v->as.items[i].kind));
    if (v->count > 1000000)
        return sa_error_set(L->err, "%s: %zu entries is more than this loader accepts", key, v->count);
    if (v->count && !(*out = calloc(v->count, size)))
        return sa_error_set(L->err, "%s: out of memory", key);
    *count = (int)v->count;
    return true;
}

/* Every top-level array of objects is allocated here, before any is read:
 * then every index, wherever it appears, is range-checked against a count
 * that is already known. */
static bool allocate_top_arrays(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    return get_top_array(L, root, "buffers", sizeof *doc->buffers, (void **)&doc->buffers, &doc->buffer_count) &&
           get_top_array(L, root, "bufferViews", sizeof *doc->buffer_views, (void **)&doc->buffer_views,
                         &doc->buffer_view_count) &&
           get_top_array(L, root, "accessors", sizeof *doc->accessors, (void **)&doc->accessors,
                         &doc->accessor_count) &&
           get_top_array(L, root, "meshes", sizeof *doc->meshes, (void **)&doc->meshes, &doc->mesh_count) &&
           get_top_array(L, root, "nodes", sizeof *doc->nodes, (void **)&doc->nodes, &doc->node_count) &&
           get_top_array(L, root, "scenes", sizeof *doc->scenes, (void **)&doc->scenes, &doc->scene_count) &&
           get_top_array(L, root, "skins", sizeof *doc->skins, (void **)&doc->skins, &doc->skin_count) &&
           get_top_array(L, root, "animations", sizeof *doc->animations, (void **)&doc->animations,
                         &doc->animation_count) &&
           get_top_array(L, root, "materials", sizeof *doc->materials, (void **)&doc->materials,
                         &doc->material_count) &&
           get_top_array(L, root, "textures", sizeof *doc->textures, (void **)&doc->textures, &doc->texture_count) &&
           get_top_array(L, root, "images", sizeof *doc->images, (void **)&doc->images, &doc->image_count) &&
           get_top_array(L, root, "samplers", sizeof *doc->samplers, (void **)&doc->samplers, &doc->sampler_count);
}

/* Entry i of a top-level array that get_top_array() has checked. The array
 * is looked up once per key, not once per entry: json_object_get() walks the
 * root's members, and a file with 100 000 nodes and 100 000 unknown keys
 * would otherwise take 10^10 steps. */
static const json_value *item(loader *L, const json_value *root, const char *key, int i)
{
    if (!L->item_key || strcmp(L->item_key, key) != 0) {
        L->item_key = key;
        L->item_array = json_object_get(root, key);
    }
    return &L->item_array->as.items[i];
}

static void add_note(gltf_document *doc, const char *fmt, ...)
{
    if (doc->note_count++ == 0) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(doc->note, sizeof doc->note, fmt, args);
        va_end(args);
    }
}

/* --- step 2: JSON -> structs ----------------------------------------------- */

static bool parse_asset(loader *L, const json_value *root)
{
    const json_value *asset;
    if (!get_object(L, root, "asset", "", &asset))
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
            return type_error(L, lists[l], NULL, "an array", names);
        for (size_t i = 0; names && i < names->count; i++) {
            const json_value *name = &names->as.items[i];
            if (name->kind != JSON_STRING)
                return sa_error_set(L->err, "%s[%zu]: expected a string", lists[l], i);
            if (string_is(name, "KHR_mesh_quantization"))
                L->mesh_quantization = true;
            else if (l == 1)
                return sa_error_set(L->err, "extensionsRequired[%zu]: extension \"%s\" is required but not supported",
                                    i, name->as.string);
        }
    }
    return true;
}

static bool parse_buffers_and_views(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    char path[64];
    for (int i = 0; i < doc->buffer_count; i++) {
        snprintf(path, sizeof path, "buffers[%d]", i);
        if (!get_size(L, item(L, root, "buffers", i), "byteLength", path, true, 0, &doc->buffers[i].byte_length))
            return false;
    }
    for (int i = 0; i < doc->buffer_view_count; i++) {
        const json_value *o = item(L, root, "bufferViews", i);
        gltf_buffer_view *v = &doc->buffer_views[i];
        snprintf(path, sizeof path, "bufferViews[%d]", i);
        size_t target;
        if (!get_required_index(L, o, "buffer", path, doc->buffer_count, &v->buffer) ||
            !get_size(L, o, "byteOffset", path, false, 0, &v->byte_offset) ||
            !get_size(L, o, "byteLength", path, true, 0, &v->byte_length) ||
            !get_size(L, o, "byteStride", path, false, 0, &v->byte_stride) ||
            !get_size(L, o, "target", path, false, 0, &target))
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
    if (!get_size(L, o, key, path, true, 0, &ct))
        return false;
    bool known = indices_only ? (ct == 5121 || ct == 5123 || ct == 5125) : (ct >= 5120 && ct <= 5126 && ct != 5124);
    if (!known)
        return sa_error_set(L->err, "%s.%s: %zu is not a valid component type", path, key, ct);
    *out = (gltf_component_type)ct;
    return true;
}

static bool parse_accessors(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    for (int i = 0; i < doc->accessor_count; i++) {
        const json_value *o = item(L, root, "accessors", i);
        gltf_accessor *a = &doc->accessors[i];
        char path[64];
        snprintf(path, sizeof path, "accessors[%d]", i);
        if (!get_index(L, o, "bufferView", path, doc->buffer_view_count, &a->buffer_view) ||
            !get_size(L, o, "byteOffset", path, false, 0, &a->byte_offset) ||
            !parse_component_type(L, o, "componentType", path, false, &a->component_type) ||
            !get_bool(L, o, "normalized", path, &a->normalized) || !get_size(L, o, "count", path, true, 0, &a->count))
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
            if (string_is(type, type_names[t]))
                a->type = (gltf_type)(t + 1);
        if (!a->type)
            return sa_error_set(L->err, "%s.type: \"%s\" is not SCALAR, VEC2..4 or MAT2..4", path, type->as.string);
        if (a->normalized && (a->component_type == GLTF_FLOAT || a->component_type == GLTF_UNSIGNED_INT))
            return sa_error_set(L->err, "%s.normalized: only 8- and 16-bit integers can be normalized", path);
        int n = gltf_type_components(a->type);
        if (!get_floats(L, o, "min", path, (size_t)n, (size_t)n, a->min, &a->min_count) ||
            !get_floats(L, o, "max", path, (size_t)n, (size_t)n, a->max, &a->max_count))
            return false;

        const json_value *sparse;
        if (!get_object(L, o, "sparse", path, &sparse))
            return false;
        if (sparse) {
            char sparse_path[96];
            const json_value *indices, *values;
            gltf_accessor_sparse *s = &a->sparse;
            snprintf(sparse_path, sizeof sparse_path, "%s.sparse", path);
            if (!get_size(L, sparse, "count", sparse_path, true, 0, &s->count) ||
                !get_object(L, sparse, "indices", sparse_path, &indices) ||
                !get_object(L, sparse, "values", sparse_path, &values))
                return false;
            if (s->count == 0 || s->count > a->count)
                return sa_error_set(L->err, "%s.count: %zu is not in 1..%zu (the accessor's count)", sparse_path,
                                    s->count, a->count);
            if (!indices || !values)
                return sa_error_set(L->err, "%s: needs both indices and values", sparse_path);
            snprintf(sparse_path, sizeof sparse_path, "%s.sparse.indices", path);
            if (!get_required_index(L, indices, "bufferView", sparse_path, doc->buffer_view_count,
                                    &s->indices_buffer_view) ||
                !get_size(L, indices, "byteOffset", sparse_path, false, 0, &s->indices_byte_offset) ||
                !parse_component_type(L, indices, "componentType", sparse_path, true, &s->indices_component_type))
                return false;
            snprintf(sparse_path, sizeof sparse_path, "%s.sparse.values", path);
            if (!get_required_index(L, values, "bufferView", sparse_path, doc->buffer_view_count,
                                    &s->values_buffer_view) ||
                !get_size(L, values, "byteOffset", sparse_path, false, 0, &s->values_byte_offset))
                return false;
            if (doc->buffer_views[s->indices_buffer_view].byte_stride ||
                doc->buffer_views[s->values_buffer_view].byte_stride)
                return sa_error_set(L->err, "%s.sparse: its bufferViews must not have a byteStride", path);
        }
    }
    return true;
}

/* JOINTS_n / WEIGHTS_n, set 0 and beyond: in pairs, numbered from 0 without gaps
 * (glTF 2.0, 3.7.2.1), at most GLTF_MAX_INFLUENCE_SETS sets. */
static bool parse_influence_sets(loader *L, const json_value *attributes, const char *attr_path, gltf_primitive *prim)
{
    const gltf_document *doc = L->doc;
    for (int s = 0; s < GLTF_MAX_INFLUENCE_SETS; s++)
        prim->joint_set_accessors[s] = prim->weight_set_accessors[s] = -1;
    prim->joint_set_accessors[0] = prim->joints_0, prim->weight_set_accessors[0] = prim->weights_0;
    prim->influence_set_count = prim->joints_0 >= 0 || prim->weights_0 >= 0;
    int named = 0; /* attributes whose name starts with JOINTS_ or WEIGHTS_ */
    for (size_t k = 0; k < attributes->count; k++)
        named += strncmp(attributes->as.members[k].key, "JOINTS_", 7) == 0 ||
                 strncmp(attributes->as.members[k].key, "WEIGHTS_", 8) == 0;
    int found = (prim->joints_0 >= 0) + (prim->weights_0 >= 0);
    if (found == 1)
        return sa_error_set(L->err, "%s: JOINTS_n and WEIGHTS_n come in pairs; %s is missing", attr_path,
                            prim->joints_0 < 0 ? "JOINTS_0" : "WEIGHTS_0");
    for (int s = 1; found < named; s++) {
        char joints[24], weights[24];
        snprintf(joints, sizeof joints, "JOINTS_%d", s);
        snprintf(weights, sizeof weights, "WEIGHTS_%d", s);
        int joint_accessor, weight_accessor;
        if (!get_index(L, attributes, joints, attr_path, doc->accessor_count, &joint_accessor) ||
            !get_index(L, attributes, weights, attr_path, doc->accessor_count, &weight_accessor))
            return false;
        if (joint_accessor < 0 || weight_accessor < 0 || prim->joints_0 < 0 || prim->weights_0 < 0)
            return sa_error_set(L->err,
                                "%s: JOINTS_n and WEIGHTS_n come in pairs numbered from 0 without a gap; %s or %s "
                                "is missing, or a set before it",
                                attr_path, joints, weights);
        if (s == GLTF_MAX_INFLUENCE_SETS)
            return sa_error_set(L->err,
                                "%s.%s: more than %d sets of joints (%d influences a vertex) is more than "
                                "this loader reads",
                                attr_path, joints, GLTF_MAX_INFLUENCE_SETS, 4 * GLTF_MAX_INFLUENCE_SETS);
        prim->joint_set_accessors[s] = joint_accessor, prim->weight_set_accessors[s] = weight_accessor;
        prim->influence_set_count = s + 1;
        found += 2;
    }
    return true;
}

static bool parse_meshes(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    for (int m = 0; m < doc->mesh_count; m++) {
        const json_value *o = item(L, root, "meshes", m);
        gltf_mesh *mesh = &doc->meshes[m];
        char path[96];
        snprintf(path, sizeof path, "meshes[%d]", m);
        if (!get_string(L, o, "name", path, &mesh->name))
            return false;
        const json_value *primitives = json_object_get(o, "primitives");
        if (!primitives || primitives->kind != JSON_ARRAY || primitives->count == 0)
            return sa_error_set(L->err, "%s.primitives: missing, empty or not an array", path);
        if (!(mesh->primitives = calloc(primitives->count, sizeof(gltf_primitive))))
            return sa_error_set(L->err, "%s: out of memory", path);
        mesh->primitive_count = (int)primitives->count;
        for (int p = 0; p < mesh->primitive_count; p++) {
            const json_value *po = &primitives->as.items[p];
            gltf_primitive *prim = &mesh->primitives[p];
            snprintf(path, sizeof path, "meshes[%d].primitives[%d]", m, p);
            prim->position = prim->normal = prim->texcoord_0 = prim->joints_0 = prim->weights_0 = prim->tangent = -1;
            if (po->kind != JSON_OBJECT)
                return type_error(L, path, NULL, "an object", po);
            const json_value *attributes;
            size_t mode;
            if (!get_object(L, po, "attributes", path, &attributes) ||
                !get_index(L, po, "indices", path, doc->accessor_count, &prim->indices) ||
                !get_index(L, po, "material", path, doc->material_count, &prim->material) ||
                !get_size(L, po, "mode", path, false, GLTF_TRIANGLES, &mode))
                return false;
            if (mode > GLTF_TRIANGLE_FAN)
                return sa_error_set(L->err, "%s.mode: %zu is not a primitive mode (0..6)", path, mode);
            prim->mode = (gltf_mode)mode;
            if (!attributes)
                return sa_error_set(L->err, "%s.attributes: missing (required)", path);
            char attr_path[128];
            snprintf(attr_path, sizeof attr_path, "%s.attributes", path);
            if (!get_index(L, attributes, "POSITION", attr_path, doc->accessor_count, &prim->position) ||
                !get_index(L, attributes, "NORMAL", attr_path, doc->accessor_count, &prim->normal) ||
                !get_index(L, attributes, "TEXCOORD_0", attr_path, doc->accessor_count, &prim->texcoord_0) ||
                !get_index(L, attributes, "JOINTS_0", attr_path, doc->accessor_count, &prim->joints_0) ||
                !get_index(L, attributes, "WEIGHTS_0", attr_path, doc->accessor_count, &prim->weights_0) ||
                !get_index(L, attributes, "TANGENT", attr_path, doc->accessor_count, &prim->tangent) ||
                !parse_influence_sets(L, attributes, attr_path, prim))
                return false;
            for (size_t k = 0; k < attributes->count; k++) /* every attribute must name an accessor */
                if (!is_integer(&attributes->as.members[k].value, 2147483647.0) ||
                    attributes->as.members[k].value.number >= doc->accessor_count)
                    return sa_error_set(L->err, "%s.%s: not an existing accessor", attr_path,
                                        attributes->as.members[k].key);
            if (prim->position < 0)
                return sa_error_set(L->err, "%s.POSITION: missing (this loader needs positions)", attr_path);
            size_t vertex_count = doc->accessors[prim->position].count;
            for (size_t k = 0; k < attributes->count; k++) { /* all attributes, known or not */
                const char *semantic = attributes->as.members[k].key;
                int index = (int)attributes->as.members[k].value.number;
                const gltf_accessor *a = &doc->accessors[index];
                if (a->count != vertex_count)
                    return sa_error_set(L->err, "%s.%s: %zu elements, but POSITION has %zu", attr_path, semantic,
                                        a->count, vertex_count);
                /* Vertex data is aligned to 4 bytes (3.6.2.4): the offset and
                 * the stride (the element size, without a byteStride) are
                 * multiples of 4, so a GPU can read every element as is. */
                if (a->buffer_view >= 0 && a->byte_offset % 4)
                    return sa_error_set(L->err, "%s.%s: accessors[%d].byteOffset %zu is not a multiple of 4", attr_path,
                                        semantic, index, a->byte_offset);
                size_t element = gltf_element_size(a->component_type, a->type);
                if (a->buffer_view >= 0 && !doc->buffer_views[a->buffer_view].byte_stride && element % 4)
                    return sa_error_set(L->err,
                                        "%s.%s: accessors[%d] packs elements of %zu bytes, not a multiple of 4; "
                                        "bufferViews[%d] needs a byteStride",
                                        attr_path, semantic, index, element, a->buffer_view);
            }
        }
    }
    return true;
}

static bool parse_nodes_and_scenes(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    const json_value *cameras = json_object_get(root, "cameras");
    int camera_count = cameras && cameras->kind == JSON_ARRAY ? (int)cameras->count : 0;
    for (int i = 0; i < doc->node_count; i++) {
        const json_value *o = item(L, root, "nodes", i);
        gltf_node *n = &doc->nodes[i];
        char path[48];
        snprintf(path, sizeof path, "nodes[%d]", i);
        transform_identity(&n->local);
        n->parent = -1;
        int got;
        if (!get_string(L, o, "name", path, &n->name) || !get_index(L, o, "mesh", path, doc->mesh_count, &n->mesh) ||
            !get_index(L, o, "skin", path, doc->skin_count, &n->skin) ||
            !get_index(L, o, "camera", path, camera_count, &n->camera) ||
            !get_indices(L, o, "children", path, doc->node_count, &n->children, &n->child_count) ||
            !get_floats(L, o, "matrix", path, 16, 16, n->matrix, &got))
            return false;
        n->has_matrix = got == 16;
        if (n->skin >= 0 && n->mesh < 0)
            return sa_error_set(L->err, "%s.skin: a skin needs a mesh on the same node", path);
        if (n->has_matrix) {
            if (json_object_get(o, "translation") || json_object_get(o, "rotation") || json_object_get(o, "scale"))
                return sa_error_set(L->err, "%s: has both matrix and translation/rotation/scale", path);
            mat4 m;
            memcpy(m, n->matrix, sizeof m);
            if (!transform_from_mat4(m, 1e-3f, &n->local)) {
                transform_identity(&n->local); /* sheared: the matrix is still right for drawing */
                add_note(doc, "%s.matrix cannot be split into translation, rotation and scale", path);
            }
        } else {
            if (!get_floats(L, o, "translation", path, 3, 3, n->local.translation, NULL) ||
                !get_floats(L, o, "rotation", path, 4, 4, n->local.rotation, NULL) ||
                !get_floats(L, o, "scale", path, 3, 3, n->local.scale, NULL))
                return false;
            mat4 m;
            transform_to_mat4(&n->local, m);
            memcpy(n->matrix, m, sizeof m);
        }
    }
    for (int s = 0; s < doc->scene_count; s++) {
        char path[48];
        snprintf(path, sizeof path, "scenes[%d]", s);
        const json_value *o = item(L, root, "scenes", s);
        if (!get_string(L, o, "name", path, &doc->scenes[s].name) ||
            !get_indices(L, o, "nodes", path, doc->node_count, &doc->scenes[s].nodes, &doc->scenes[s].node_count))
            return false;
    }
    if (!get_index(L, root, "scene", "", doc->scene_count, &doc->scene))
        return false;
    if (doc->scene < 0 && doc->scene_count > 0)
        doc->scene = 0;
    return true;
}

/* [listing node_graph] */
/* Every node has at most one parent, the parent links have no cycle, and a
 * scene lists only roots. A cycle is found by walking up from each node:
 * state 1 marks the nodes of the current walk, 2 those known to reach a root,
 * so each node is visited once. */
static bool validate_node_graph(loader *L)
{
    gltf_document *doc = L->doc;
    for (int p = 0; p < doc->node_count; p++) {
        for (int k = 0; k < doc->nodes[p].child_count; k++) {
            int c = doc->nodes[p].children[k];
            if (c == p)
                return sa_error_set(L->err, "nodes[%d].children[%d]: a node cannot be its own child", p, k);
            if (doc->nodes[c].parent >= 0)
                return sa_error_set(L->err, "nodes[%d]: has two parents, nodes[%d] and nodes[%d]", c,
                                    doc->nodes[c].parent, p);
            doc->nodes[c].parent = p;
        }
    }
    /* [/listing] */
    /* [listing node_graph_cycles] */
    unsigned char *state = calloc((size_t)doc->node_count + 1, 1);
    if (!state)
        return sa_error_set(L->err, "nodes: out of memory");
    for (int i = 0; i < doc->node_count; i++) {
        int n = i;
        while (n >= 0 && state[n] == 0) {
            state[n] = 1;
            n = doc->nodes[n].parent;
        }
        if (n >= 0 && state[n] == 1) {
            free(state);
            return sa_error_set(L->err, "nodes[%d]: is part of a cycle of children", n);
        }
        for (n = i; n >= 0 && state[n] == 1; n = doc->nodes[n].parent)
            state[n] = 2;
    }
    free(state);
    for (int s = 0; s < doc->scene_count; s++)
        for (int k = 0; k < doc->scenes[s].node_count; k++) {
            int n = doc->scenes[s].nodes[k];
            if (doc->nodes[n].parent >= 0)
                return sa_error_set(L->err, "scenes[%d].nodes[%d]: nodes[%d] is not a root (its parent is nodes[%d])",
                                    s, k, n, doc->nodes[n].parent);
        }
    return true;
}
/* [/listing] */

/* skin.joints is a set (uniqueItems in the schema): a node listed twice would
 * get two skin joint indices and two inverse bind matrices. listed[] is all
 * false on entry and on return. */
static bool skin_joints_unique(loader *L, const gltf_skin *s, const char *path, bool *listed)
{
    int twice = -1;
    for (int j = 0; j < s->joint_count && twice < 0; j++) {
        if (listed[s->joints[j]])
            twice = j;
        listed[s->joints[j]] = true;
    }
    for (int j = 0; j < s->joint_count; j++)
        listed[s->joints[j]] = false;
    if (twice >= 0)
        return sa_error_set(L->err, "%s.joints[%d]: nodes[%d] is listed twice (the joints of a skin are unique)", path,
                            twice, s->joints[twice]);
    return true;
}

static bool parse_skins(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    bool *listed = calloc((size_t)doc->node_count + 1, sizeof *listed);
    if (!listed)
        return sa_error_set(L->err, "skins: out of memory");
    bool ok = true;
    for (int i = 0; i < doc->skin_count && ok; i++) {
        const json_value *o = item(L, root, "skins", i);
        gltf_skin *s = &doc->skins[i];
        char path[48];
        snprintf(path, sizeof path, "skins[%d]", i);
        if (!get_string(L, o, "name", path, &s->name) ||
            !get_indices(L, o, "joints", path, doc->node_count, &s->joints, &s->joint_count) ||
            !get_index(L, o, "inverseBindMatrices", path, doc->accessor_count, &s->inverse_bind_matrices) ||
            !get_index(L, o, "skeleton", path, doc->node_count, &s->skeleton))
            ok = false;
        else if (s->joint_count == 0)
            ok = sa_error_set(L->err, "%s.joints: missing or empty", path);
        else if (!skin_joints_unique(L, s, path, listed))
            ok = false;
        else if (s->inverse_bind_matrices >= 0) {
            const gltf_accessor *a = &doc->accessors[s->inverse_bind_matrices];
            if (a->type != GLTF_MAT4 || a->component_type != GLTF_FLOAT)
                ok = sa_error_set(L->err, "%s.inverseBindMatrices: accessors[%d] must be MAT4 of floats (5126)", path,
                                  s->inverse_bind_matrices);
            else if (a->count < (size_t)s->joint_count)
                ok = sa_error_set(L->err, "%s.inverseBindMatrices: accessors[%d] has %zu matrices for %d joints", path,
                                  s->inverse_bind_matrices, a->count, s->joint_count);
        }
    }
    free(listed);
    return ok;
}

static bool parse_animations(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    static const char *const interpolations[] = {"LINEAR", "STEP", "CUBICSPLINE"};
    static const char *const paths[] = {"translation", "rotation", "scale", "weights"};
    for (int i = 0; i < doc->animation_count; i++) {
        const json_value *o = item(L, root, "animations", i);
        gltf_animation *anim = &doc->animations[i];
        char path[96];
        snprintf(path, sizeof path, "animations[%d]", i);
        if (!get_string(L, o, "name", path, &anim->name))
            return false;
        const json_value *samplers = json_object_get(o, "samplers"), *channels = json_object_get(o, "channels");
        if (!samplers || samplers->kind != JSON_ARRAY || !channels || channels->kind != JSON_ARRAY)
            return sa_error_set(L->err, "%s: needs the arrays samplers and channels", path);
        if ((samplers->count && !(anim->samplers = calloc(samplers->count, sizeof *anim->samplers))) ||
            (channels->count && !(anim->channels = calloc(channels->count, sizeof *anim->channels))))
            return sa_error_set(L->err, "%s: out of memory", path);
        anim->sampler_count = (int)samplers->count;
        anim->channel_count = (int)channels->count;
        /* extras.events (chapter 08): extras is free-form, but events that
         * are there must be [{"name": string, "time": number >= 0}]. */
        const json_value *extras = json_object_get(o, "extras");
        const json_value *events = extras ? json_object_get(extras, "events") : NULL;
        if (events && events->kind != JSON_ARRAY)
            return type_error(L, path, "extras.events", "an array", events);
        if (events && events->count) {
            if (!(anim->events = calloc(events->count, sizeof *anim->events)))
                return sa_error_set(L->err, "%s.extras.events: out of memory", path);
            anim->event_count = (int)events->count;
            for (int e = 0; e < anim->event_count; e++) {
                const json_value *eo = &events->as.items[e], *time;
                char event_path[128];
                snprintf(event_path, sizeof event_path, "%s.extras.events[%d]", path, e);
                if (eo->kind != JSON_OBJECT)
                    return type_error(L, event_path, NULL, "an object", eo);
                if (!get_string(L, eo, "name", event_path, &anim->events[e].name))
                    return false;
                if (!anim->events[e].name)
                    return sa_error_set(L->err, "%s.name: missing (required)", event_path);
                if (!(time = json_object_get(eo, "time")) || time->kind != JSON_NUMBER || !(time->number >= 0) ||
                    time->number > 3.4e38)
                    return sa_error_set(L->err, "%s.time: missing or not a number >= 0", event_path);
                anim->events[e].time = (float)time->number;
            }
        }
        for (int k = 0; k < anim->sampler_count; k++) {
            const json_value *so = &samplers->as.items[k];
            gltf_animation_sampler *s = &anim->samplers[k];
            snprintf(path, sizeof path, "animations[%d].samplers[%d]", i, k);
            if (so->kind != JSON_OBJECT)
                return type_error(L, path, NULL, "an object", so);
            if (!get_required_index(L, so, "input", path, doc->accessor_count, &s->input) ||
                !get_required_index(L, so, "output", path, doc->accessor_count, &s->output))
                return false;
            const json_value *interp = json_object_get(so, "interpolation");
            s->interpolation = GLTF_LINEAR;
            if (interp) {
                int found = -1;
                for (int t = 0; t < 3; t++)
                    if (string_is(interp, interpolations[t]))
                        found = t;
                if (found < 0)
                    return sa_error_set(L->err, "%s.interpolation: not LINEAR, STEP or CUBICSPLINE", path);
                s->interpolation = (gltf_interpolation)found;
            }
            const gltf_accessor *in = &doc->accessors[s->input], *out = &doc->accessors[s->output];
            if (in->type != GLTF_SCALAR || in->component_type != GLTF_FLOAT)
                return sa_error_set(L->err, "%s.input: accessors[%d] must be SCALAR floats (key times)", path,
                                    s->input);
            size_t per_key = s->interpolation == GLTF_CUBICSPLINE ? 3 : 1;
            if (s->interpolation == GLTF_CUBICSPLINE && in->count < 2)
                return sa_error_set(L->err, "%s.input: CUBICSPLINE needs at least 2 keys, accessors[%d] has %zu", path,
                                    s->input, in->count);
            if (out->count % (in->count * per_key) != 0 || out->count < in->count * per_key)
                return sa_error_set(L->err, "%s.output: accessors[%d] has %zu values for %zu keys%s", path, s->output,
                                    out->count, in->count, per_key == 3 ? " (CUBICSPLINE needs 3 per key)" : "");
            s->key_count = in->count;
            s->value_count = out->count;
            s->components = gltf_type_components(out->type);
        }
        for (int k = 0; k < anim->channel_count; k++) {
            const json_value *co = &channels->as.items[k], *target;
            gltf_channel *c = &anim->channels[k];
            snprintf(path, sizeof path, "animations[%d].channels[%d]", i, k);
            if (co->kind != JSON_OBJECT)
                return type_error(L, path, NULL, "an object", co);
            if (!get_required_index(L, co, "sampler", path, anim->sampler_count, &c->sampler) ||
                !get_object(L, co, "target", path, &target))
                return false;
            if (!target)
                return sa_error_set(L->err, "%s.target: missing (required)", path);
            snprintf(path, sizeof path, "animations[%d].channels[%d].target", i, k);
            if (!get_index(L, target, "node", path, doc->node_count, &c->target_node))
                return false;
            const json_value *p = json_object_get(target, "path");
            int found = -1;
            for (int t = 0; t < 4; t++)
                if (string_is(p, paths[t]))
                    found = t;
            if (found < 0)
                return sa_error_set(L->err, "%s.path: missing or not translation, rotation, scale or weights", path);
            c->target_path = (gltf_path)found;
            const gltf_animation_sampler *s = &anim->samplers[c->sampler];
            size_t per_key = s->interpolation == GLTF_CUBICSPLINE ? 3 : 1;
            int want = c->target_path == GLTF_PATH_ROTATION ? 4 : c->target_path == GLTF_PATH_WEIGHTS ? 1 : 3;
            if (s->components != want)
                return sa_error_set(L->err, "%s.path: %s needs %s output, samplers[%d] has %d components", path,
                                    paths[found],
                                    want == 4   ? "VEC4"
                                    : want == 3 ? "VEC3"
                                                : "SCALAR",
                                    c->sampler, s->components);
            if (want != 1 && s->value_count != s->key_count * per_key)
                return sa_error_set(L->err, "%s: samplers[%d] has %zu values for %zu keys (needs %zu)", path,
                                    c->sampler, s->value_count, s->key_count, s->key_count * per_key);
        }
    }
    return true;
}

static bool parse_materials(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    for (int i = 0; i < doc->image_count; i++) {
        const json_value *o = item(L, root, "images", i);
        gltf_image *img = &doc->images[i];
        char path[48];
        snprintf(path, sizeof path, "images[%d]", i);
        if (!get_string(L, o, "name", path, &img->name) || !get_string(L, o, "uri", path, &img->uri) ||
            !get_string(L, o, "mimeType", path, &img->mime_type) ||
            !get_index(L, o, "bufferView", path, doc->buffer_view_count, &img->buffer_view))
            return false;
        if ((img->uri != NULL) == (img->buffer_view >= 0))
            return sa_error_set(L->err, "%s: needs exactly one of uri and bufferView", path);
    }
    for (int i = 0; i < doc->sampler_count; i++) {
        const json_value *o = item(L, root, "samplers", i);
        gltf_sampler *s = &doc->samplers[i];
        char path[48];
        size_t mag, min, ws, wt;
        snprintf(path, sizeof path, "samplers[%d]", i);
        if (!get_size(L, o, "magFilter", path, false, 0, &mag) || !get_size(L, o, "minFilter", path, false, 0, &min) ||
            !get_size(L, o, "wrapS", path, false, 10497, &ws) || !get_size(L, o, "wrapT", path, false, 10497, &wt))
            return false;
        s->mag_filter = (int)(mag & 0xffff), s->min_filter = (int)(min & 0xffff);
        s->wrap_s = (int)(ws & 0xffff), s->wrap_t = (int)(wt & 0xffff);
    }
    for (int i = 0; i < doc->texture_count; i++) {
        const json_value *o = item(L, root, "textures", i);
        char path[48];
        snprintf(path, sizeof path, "textures[%d]", i);
        if (!get_index(L, o, "sampler", path, doc->sampler_count, &doc->textures[i].sampler) ||
            !get_index(L, o, "source", path, doc->image_count, &doc->textures[i].source))
            return false;
    }
    for (int i = 0; i < doc->material_count; i++) {
        const json_value *o = item(L, root, "materials", i), *pbr, *tex = NULL;
        gltf_material *m = &doc->materials[i];
        char path[96];
        snprintf(path, sizeof path, "materials[%d]", i);
        *m = gltf_material_default();
        if (!get_string(L, o, "name", path, &m->name) || !get_bool(L, o, "doubleSided", path, &m->double_sided) ||
            !get_object(L, o, "pbrMetallicRoughness", path, &pbr))
            return false;
        snprintf(path, sizeof path, "materials[%d].pbrMetallicRoughness", i);
        if (pbr && (!get_floats(L, pbr, "baseColorFactor", path, 4, 4, m->base_color_factor, NULL) ||
                    !get_object(L, pbr, "baseColorTexture", path, &tex)))
            return false;
        if (tex) {
            size_t texcoord;
            snprintf(path, sizeof path, "materials[%d].pbrMetallicRoughness.baseColorTexture", i);
            if (!get_required_index(L, tex, "index", path, doc->texture_count, &m->base_color_texture) ||
                !get_size(L, tex, "texCoord", path, false, 0, &texcoord))
                return false;
            m->base_color_texcoord = (int)(texcoord & 0xff);
            if (texcoord != 0)
                add_note(doc, "%s.texCoord: only TEXCOORD_0 is loaded", path);
        }
    }
    return true;
}

/* --- step 3: buffer bytes ---------------------------------------------------- */

size_t gltf_base64_decoded_size(const char *text, size_t text_length)
{
    for (int pad = 0; pad < 2 && text_length > 0 && text[text_length - 1] == '='; pad++)
        text_length--;
    return text_length / 4 * 3 + (text_length % 4 == 3 ? 2 : text_length % 4 == 2 ? 1 : 0);
}

/* "%20" -> ' ' in URIs of external files. */
static void percent_decode(const char *in, char *out, size_t out_len)
{
    size_t n = 0;
    for (; *in && n + 1 < out_len; in++) {
        int hi, lo;
        if (in[0] == '%' && (hi = in[1]) && (lo = in[2]) && strchr("0123456789abcdefABCDEF", hi) &&
            strchr("0123456789abcdefABCDEF", lo)) {
            char hex[3] = {(char)hi, (char)lo, 0};
            out[n++] = (char)strtol(hex, NULL, 16);
            in += 2;
        } else {
            out[n++] = *in;
        }
    }
    out[n] = '\0';
}

/* The file an external URI names: percent-decoded, next to the .gltf. A URI
 * or path too long for the buffer is an error, not a silently cut path that
 * could name another file. */
static bool external_file(loader *L, const char *uri, const char *path, char file[SA_PATH_MAX])
{
    if (!L->base_dir)
        return sa_error_set(L->err, "%s.uri: external file \"%s\" (not allowed when loading from memory)", path, uri);
    char decoded[SA_PATH_MAX];
    if (strlen(uri) >= sizeof decoded)
        return sa_error_set(L->err, "%s.uri: %zu bytes long (at most %d)", path, strlen(uri), SA_PATH_MAX - 1);
    if (strstr(uri, "%00"))
        return sa_error_set(L->err, "%s.uri: \"%s\" holds %%00, which would cut the file name short", path, uri);
    percent_decode(uri, decoded, sizeof decoded);
    if (strlen(L->base_dir) + 1 + strlen(decoded) >= SA_PATH_MAX)
        return sa_error_set(L->err, "%s.uri: the path of \"%s\" is longer than %d bytes", path, decoded,
                            SA_PATH_MAX - 1);
    sa_path_join(L->base_dir, decoded, file, SA_PATH_MAX);
    return true;
}

/* The bytes of a data: URI or an external file; *size is what was decoded. */
static bool load_uri(loader *L, const char *uri, const char *path, unsigned char **bytes, size_t *size)
{
    *bytes = NULL, *size = 0;
    if (strncmp(uri, "data:", 5) == 0) {
        const char *comma = strchr(uri, ',');
        if (!comma || comma - uri < 12 || strncmp(comma - 7, ";base64", 7) != 0)
            return sa_error_set(L->err, "%s.uri: only base64 data: URIs are supported", path);
        /* data:[<type/subtype>][;param=value]*;base64,<data> (RFC 2397): no empty parameter. */
        for (const char *c = uri + 5; c < comma - 7; c++)
            if (*c == ';' && (c[1] == ';' || c + 1 == comma - 7))
                return sa_error_set(L->err, "%s.uri: malformed data: URI (an empty ';' parameter)", path);
        size_t text_length = strlen(comma + 1);
        size_t capacity = gltf_base64_decoded_size(comma + 1, text_length);
        if (!(*bytes = malloc(capacity ? capacity : 1)))
            return sa_error_set(L->err, "%s.uri: out of memory", path);
        *size = gltf_base64_decode(comma + 1, text_length, *bytes, capacity);
        if (*size == (size_t)-1) {
            free(*bytes), *bytes = NULL, *size = 0;
            return sa_error_set(L->err, "%s.uri: the base64 data is not valid", path);
        }
        return true;
    }
    char file[SA_PATH_MAX];
    if (!external_file(L, uri, path, file))
        return false;
    char *data;
    if (!sa_file_read(file, &data, size, L->err))
        return sa_error_prefix(L->err, "%s.uri", path);
    *bytes = (unsigned char *)data;
    return true;
}

static bool load_buffers(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    for (int i = 0; i < doc->buffer_count; i++) {
        gltf_buffer *b = &doc->buffers[i];
        char path[48];
        snprintf(path, sizeof path, "buffers[%d]", i);
        const json_value *uri = json_object_get(item(L, root, "buffers", i), "uri");
        size_t size;
        if (uri && uri->kind != JSON_STRING)
            return type_error(L, path, "uri", "a string", uri);
        if (uri) {
            if (!load_uri(L, uri->as.string, path, &b->data, &size))
                return false;
        } else if (i == 0 && L->is_glb && L->glb_bin) {
            b->data = (unsigned char *)L->glb_bin; /* points into doc->file_bytes, or copied below */
            size = L->glb_bin_length;
            doc->buffer_0_in_file = doc->file_bytes != NULL;
            if (!doc->file_bytes) {
                if (!(b->data = malloc(size ? size : 1)))
                    return sa_error_set(L->err, "%s: out of memory", path);
                memcpy(b->data, L->glb_bin, size);
            }
        } else {
            return sa_error_set(L->err, "%s: no uri, and %s", path,
                                L->is_glb ? (i == 0 ? "the GLB file has no BIN chunk"
                                                    : "only buffers[0] can be the BIN chunk")
                                          : "this is not a GLB file");
        }
        if (size < b->byte_length)
            return sa_error_set(L->err, "%s.byteLength: %zu, but the data has only %zu bytes", path, b->byte_length,
                                size);
    }
    return true;
}

/* --- step 5: decoding ---------------------------------------------------------- */

static bool fail_accessor(loader *L, const char *path)
{
    return sa_error_prefix(L->err, "%s", path);
}

/* Counts `elements` against options.max_decoded_elements. Primitives,
 * samplers and skins may all share one accessor, so a small file can ask for
 * a lot of decoded memory: every decoded accessor counts. */
static bool within_decode_limit(loader *L, size_t elements, const char *path)
{
    L->decoded_elements += elements;
    if (L->options.max_decoded_elements && L->decoded_elements > L->options.max_decoded_elements)
        return sa_error_set(L->err, "%s: more than %zu elements to decode in all (the limit set)", path,
                            L->options.max_decoded_elements);
    return true;
}

/* count elements of `size` bytes, or NULL (also when the size overflows).
 * One byte at least, so that an empty array is not mistaken for a failure. */
static void *alloc_array(size_t count, size_t size)
{
    if (size && count > ((size_t)-1) / size)
        return NULL;
    size_t bytes = count * size;
    return malloc(bytes ? bytes : 1);
}

/* The bits of gltf_primitive.borrowed: one per array; joint and weight
 * sets take two bits each from bit 5 on (set 0 is joints and weights). */
enum { BORROW_POSITIONS = 1, BORROW_NORMALS = 2, BORROW_TEXCOORDS = 4, BORROW_TANGENTS = 8, BORROW_INDICES = 16 };
#define BORROW_JOINT_SET(s) (32u << (2 * (s)))
#define BORROW_WEIGHT_SET(s) (64u << (2 * (s)))

/* Frees one decoded array of a primitive, unless it points into a buffer. */
static void release(gltf_primitive *prim, unsigned bit, const void *array)
{
    if (!(prim->borrowed & bit))
        free((void *)array);
    prim->borrowed &= ~bit;
}

/* [listing borrow] */
/* The accessor's bytes themselves, when they already are the decoded array:
 * `components` packed components of `type`, not normalized, not sparse, at an
 * address aligned for the type. The fastest copy is the one not made. */
static void *borrow(const gltf_document *doc, int accessor, gltf_component_type type, int components)
{
    const gltf_accessor *a = &doc->accessors[accessor];
    gltf_element_layout layout;
    size_t size = gltf_component_size(type);
    if (a->component_type != type || a->normalized || a->sparse.count || gltf_type_components(a->type) != components ||
        !gltf_accessor_layout(doc, accessor, &layout, NULL) || !layout.bytes ||
        layout.byte_stride != size * (size_t)components || (uintptr_t)layout.bytes % size != 0)
        return NULL;
    return (void *)layout.bytes;
}
/* [/listing] */

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
    if (a->type != rule->type)
        return sa_error_set(L->err, "%s: accessors[%d] is %s, this attribute must be %s", attr, accessor,
                            type_names[a->type - 1], type_names[rule->type - 1]);
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
    int components = gltf_type_components(rule->type);
    if ((*out = borrow(doc, accessor, rule->to_u16 ? GLTF_UNSIGNED_SHORT : GLTF_FLOAT, components))) {
        prim->borrowed |= borrow_bit;
        return true;
    }
    void *copy = alloc_array(a->count, (size_t)components * (rule->to_u16 ? sizeof(uint16_t) : sizeof(float)));
    if (!copy)
        return sa_error_set(L->err, "%s: out of memory", attr);
    if (!(rule->to_u16 ? gltf_accessor_unpack_u16(doc, accessor, copy, L->err)
                       : gltf_accessor_unpack_floats(doc, accessor, copy, L->err))) {
        free(copy);
        return fail_accessor(L, attr);
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
        if (!(*list = alloc_array(*count, sizeof **list)))
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
    const uint32_t *indices = *borrowed = borrow(doc, prim->indices, GLTF_UNSIGNED_INT, 1);
    if (!indices) {
        if (!(*list = alloc_array(*count, sizeof **list)))
            return sa_error_set(L->err, "%s: out of memory", attr);
        if (!gltf_accessor_unpack_uints(doc, prim->indices, *list, L->err))
            return fail_accessor(L, attr);
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
static bool decode_triangles(loader *L, gltf_primitive *prim, const char *path)
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
    uint32_t *out = alloc_array(triangles, 3 * sizeof *out);
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
        uint16_t(*joints)[4] = prim->joint_sets[s] ? alloc_array(count, sizeof *joints) : NULL;
        float(*weights)[4] = prim->weight_sets[s] ? alloc_array(count, sizeof *weights) : NULL;
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
        release(prim, BORROW_JOINT_SET(s), prim->joint_sets[s]);
        release(prim, BORROW_WEIGHT_SET(s), prim->weight_sets[s]);
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
    uint32_t *source = alloc_array(corners + n, sizeof *source); /* at most n unused */
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
static bool unweld_with_flat_normals(loader *L, gltf_primitive *prim, const char *path)
{
    /* (Not counted against max_decoded_elements: there are at most three
     * corners per index, and one copy per vertex, already counted.) */
    size_t corners = prim->triangle_count * 3;
    uint32_t *source = NULL;
    size_t count = unweld_sources(prim, &source);
    float(*positions)[3] = alloc_array(count, sizeof *positions);
    float(*normals)[3] = alloc_array(count, sizeof *normals);
    float(*texcoords)[2] = prim->texcoords ? alloc_array(count, sizeof *texcoords) : NULL;
    uint32_t *indices = alloc_array(corners, sizeof *indices);
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
    release(prim, BORROW_POSITIONS, prim->positions);
    release(prim, BORROW_TEXCOORDS, prim->texcoords);
    release(prim, BORROW_TANGENTS, prim->tangents);
    release(prim, BORROW_INDICES, prim->triangle_indices);
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

/* One primitive: each attribute decoded, then the triangles, then flat
 * normals when the file has none. */
static bool decode_primitive(loader *L, gltf_primitive *prim, const char *path)
{
    gltf_document *doc = L->doc;
    if (prim->mode < GLTF_TRIANGLES) {
        prim->skipped = true;
        add_note(doc, "%s: mode %d (points or lines) is skipped", path, (int)prim->mode);
        return true;
    }
    size_t n = doc->accessors[prim->position].count;
    size_t index_total = prim->indices >= 0 ? doc->accessors[prim->indices].count : n;
    if (!within_decode_limit(L, n + index_total, path))
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
    if (!decode_triangles(L, prim, path))
        return false;
    return prim->normals || unweld_with_flat_normals(L, prim, path);
}

/* A skinned mesh's joint indices must name joints of its skin (where the
 * weight is not zero): chapter 05 indexes a palette with them. The highest
 * joint each mesh uses is found once, so many nodes sharing one big mesh cost
 * one pass over its vertices, not one per node. */
static int highest_joint_used(const gltf_mesh *mesh)
{
    int highest = -1;
    for (int p = 0; p < mesh->primitive_count; p++) {
        const gltf_primitive *prim = &mesh->primitives[p];
        for (int s = 0; s < prim->influence_set_count; s++) {
            const uint16_t(*joints)[4] = prim->joint_sets[s];
            const float(*weights)[4] = prim->weight_sets[s];
            for (size_t v = 0; joints && v < prim->vertex_count; v++)
                for (int k = 0; k < 4; k++)
                    if (joints[v][k] > highest && (!weights || weights[v][k] != 0.0f))
                        highest = joints[v][k];
        }
    }
    return highest;
}

static bool check_skinned_meshes(loader *L)
{
    gltf_document *doc = L->doc;
    int *highest = malloc(((size_t)doc->mesh_count + 1) * sizeof *highest);
    if (!highest)
        return sa_error_set(L->err, "meshes: out of memory");
    for (int m = 0; m < doc->mesh_count; m++)
        highest[m] = -2; /* not computed yet */
    for (int i = 0; i < doc->node_count; i++) {
        const gltf_node *node = &doc->nodes[i];
        if (node->skin < 0)
            continue;
        int joint_count = doc->skins[node->skin].joint_count;
        const gltf_mesh *mesh = &doc->meshes[node->mesh];
        if (highest[node->mesh] == -2)
            highest[node->mesh] = highest_joint_used(mesh);
        if (highest[node->mesh] < joint_count)
            continue;
        free(highest);
        for (int p = 0; p < mesh->primitive_count; p++) { /* find the first culprit, to name it */
            const gltf_primitive *prim = &mesh->primitives[p];
            for (int s = 0; s < prim->influence_set_count; s++) {
                const uint16_t(*joints)[4] = prim->joint_sets[s];
                const float(*weights)[4] = prim->weight_sets[s];
                for (size_t v = 0; joints && v < prim->vertex_count; v++)
                    for (int k = 0; k < 4; k++)
                        if (joints[v][k] >= joint_count && (!weights || weights[v][k] != 0.0f))
                            return sa_error_set(L->err,
                                                "meshes[%d].primitives[%d].attributes.JOINTS_%d: vertex %zu uses "
                                                "joint %d, but skins[%d] (on nodes[%d]) has %d joints",
                                                node->mesh, p, s, v, joints[v][k], node->skin, i, joint_count);
            }
        }
        return sa_error_set(L->err, "nodes[%d]: its mesh uses joints past skins[%d]", i, node->skin);
    }
    free(highest);
    return true;
}

static bool decode_skins_and_animations(loader *L)
{
    gltf_document *doc = L->doc;
    char path[96];
    for (int i = 0; i < doc->skin_count; i++) {
        gltf_skin *s = &doc->skins[i];
        snprintf(path, sizeof path, "skins[%d].inverseBindMatrices", i);
        if (!(s->joint_from_model_bind = malloc((size_t)s->joint_count * sizeof *s->joint_from_model_bind)))
            return sa_error_set(L->err, "%s: out of memory", path);
        if (s->inverse_bind_matrices < 0) {
            for (int j = 0; j < s->joint_count; j++) {
                memset(s->joint_from_model_bind[j], 0, sizeof s->joint_from_model_bind[j]);
                for (int d = 0; d < 4; d++)
                    s->joint_from_model_bind[j][d * 5] = 1.0f;
            }
            continue;
        }
        size_t count = L->doc->accessors[s->inverse_bind_matrices].count;
        if (!within_decode_limit(L, count, path))
            return false;
        float *all = malloc(count * 16 * sizeof(float));
        if (!all)
            return sa_error_set(L->err, "%s: out of memory", path);
        if (!gltf_accessor_unpack_floats(doc, s->inverse_bind_matrices, all, L->err)) {
            free(all);
            return fail_accessor(L, path);
        }
        memcpy(s->joint_from_model_bind, all, (size_t)s->joint_count * 16 * sizeof(float));
        free(all);
        for (size_t v = 0; v < (size_t)s->joint_count * 16; v++)
            if (!isfinite(s->joint_from_model_bind[v / 16][v % 16]))
                return sa_error_set(L->err, "%s: matrix %zu is not finite", path, v / 16);
    }
    for (int i = 0; i < doc->animation_count; i++) {
        gltf_animation *anim = &doc->animations[i];
        for (int k = 0; k < anim->sampler_count; k++) {
            gltf_animation_sampler *s = &anim->samplers[k];
            snprintf(path, sizeof path, "animations[%d].samplers[%d]", i, k);
            if (!within_decode_limit(L, s->key_count + s->value_count, path))
                return false;
            if (!(s->times = malloc(s->key_count * sizeof(float))) ||
                !(s->values = malloc(s->value_count * (size_t)s->components * sizeof(float))))
                return sa_error_set(L->err, "%s: out of memory", path);
            if (!gltf_accessor_unpack_floats(doc, s->input, s->times, L->err))
                return sa_error_prefix(L->err, "%s.input", path);
            if (!gltf_accessor_unpack_floats(doc, s->output, s->values, L->err))
                return sa_error_prefix(L->err, "%s.output", path);
            for (size_t v = 0; v < s->value_count * (size_t)s->components; v++)
                if (!isfinite(s->values[v]))
                    return sa_error_set(L->err, "%s.output: value %zu is not a finite number", path,
                                        v / (size_t)s->components);
            /* The spec asks for time[0] >= 0 and time[n + 1] > time[n]: the
             * key search needs times that never go back, and interpolating
             * between two keys at the same time would divide by zero. */
            for (size_t t = 0; t < s->key_count; t++)
                if (!isfinite(s->times[t]) || s->times[t] < 0 || (t > 0 && s->times[t] <= s->times[t - 1]))
                    return sa_error_set(L->err,
                                        "%s.input: key %zu: time %g is not finite, negative or not after the "
                                        "key before",
                                        path, t, (double)s->times[t]);
        }
    }
    return true;
}

static bool decode_images(loader *L)
{
    gltf_document *doc = L->doc;
    for (int i = 0; i < doc->image_count; i++) {
        gltf_image *img = &doc->images[i];
        char path[48];
        snprintf(path, sizeof path, "images[%d]", i);
        unsigned char *bytes = NULL;
        size_t size = 0;
        bool ok;
        /* Errors about the URI already name "images[i].uri"; decoding errors get "images[i]: ".
         * The size in the image's header is checked against the limit before
         * the pixels are decoded (common/image.h). */
        if (img->buffer_view >= 0) {
            const gltf_buffer_view *v = &doc->buffer_views[img->buffer_view];
            ok = image_decode_memory_limited(doc->buffers[v->buffer].data + v->byte_offset, v->byte_length,
                                             L->options.max_image_bytes, &img->pixels, L->err);
        } else {
            if (!load_uri(L, img->uri, path, &bytes, &size)) /* a data: URI or a file next to the .gltf */
                return false;
            ok = image_decode_memory_limited(bytes, size, L->options.max_image_bytes, &img->pixels, L->err);
            if (!ok && strncmp(img->uri, "data:", 5) != 0)
                sa_error_prefix(L->err, "%s", img->uri);
        }
        free(bytes);
        if (!ok)
            return sa_error_prefix(L->err, "%s", path);
    }
    return true;
}

/* --- the steps in order -------------------------------------------------------- */

gltf_load_options gltf_load_options_default(void)
{
    gltf_load_options o = {.decode_images = true, .decode_meshes = true, .max_image_bytes = IMAGE_MAX_BYTES};
    return o;
}

gltf_material gltf_material_default(void)
{
    gltf_material m = {.base_color_factor = {1, 1, 1, 1}, .base_color_texture = -1};
    return m;
}

/* [listing load_steps] */
static bool load_document(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    if (root->kind != JSON_OBJECT)
        return sa_error_set(L->err, "the top level must be an object, not %s", json_kind_name(root->kind));
    /* Every array is allocated first, so every index can be range-checked
     * while its owner is read. */
    if (!parse_asset(L, root) || !allocate_top_arrays(L, root) || !parse_buffers_and_views(L, root) ||
        !parse_accessors(L, root) || !parse_materials(L, root) || !parse_meshes(L, root) ||
        !parse_nodes_and_scenes(L, root) || !parse_skins(L, root) || !parse_animations(L, root))
        return false;
    if (!load_buffers(L, root) || !validate_node_graph(L))
        return false;
    /* Every accessor is range-checked, used or not. */
    for (int i = 0; i < doc->accessor_count; i++) {
        gltf_element_layout layout;
        if (!gltf_accessor_layout(doc, i, &layout, L->err))
            return false;
    }
    if (L->options.decode_meshes) {
        for (int m = 0; m < doc->mesh_count; m++)
            for (int p = 0; p < doc->meshes[m].primitive_count; p++) {
                char path[64];
                snprintf(path, sizeof path, "meshes[%d].primitives[%d]", m, p);
                if (!decode_primitive(L, &doc->meshes[m].primitives[p], path))
                    return false;
            }
        if (!check_skinned_meshes(L))
            return false;
    }
    if (!decode_skins_and_animations(L))
        return false;
    return !L->options.decode_images || decode_images(L);
}
/* [/listing] */

/* Error messages quote the file's own strings (a URI, a type name, an
 * extension name), and a JSON string may hold "\n": the message must stay one
 * line, so control characters become '?'. */
static bool fail_one_line(sa_error *err)
{
    if (err)
        for (char *c = err->message; *c; c++)
            if ((unsigned char)*c < 0x20 || *c == 0x7f)
                *c = '?';
    return false;
}

static bool load(const unsigned char *bytes, size_t size, const char *base_dir, const char *name,
                 const gltf_load_options *options, gltf_document *doc, void *owned_file, sa_error *err)
{
    memset(doc, 0, sizeof *doc);
    doc->scene = -1;
    doc->file_bytes = owned_file;
    loader L = {.doc = doc,
                .base_dir = base_dir,
                .options = options ? *options : gltf_load_options_default(),
                .err = err};
    const unsigned char *json_text = bytes;
    size_t json_length = size;
    if (size >= 4 && memcmp(bytes, "glTF", 4) == 0) {
        glb_chunks chunks;
        if (!glb_parse(bytes, size, &chunks, err)) {
            gltf_free(doc);
            return sa_error_prefix(err, "%s", name);
        }
        L.is_glb = true;
        L.glb_bin = chunks.bin, L.glb_bin_length = chunks.bin_length;
        json_text = chunks.json, json_length = chunks.json_length;
        if (json_length >= 3 && memcmp(json_text, "\xEF\xBB\xBF", 3) == 0) {
            gltf_free(doc);
            return sa_error_set(err, "%s: GLB: the JSON chunk must not start with a byte order mark", name);
        }
    }
    json_document json;
    bool ok = json_parse((const char *)json_text, json_length, &json, err);
    if (ok) {
        ok = load_document(&L, &json.root);
        json_free(&json);
    }
    if (!ok) {
        gltf_free(doc);
        sa_error_prefix(err, "%s", name);
        return fail_one_line(err);
    }
    return true;
}

bool gltf_load_memory(const void *bytes, size_t size, const char *base_dir, const char *name,
                      const gltf_load_options *options, gltf_document *doc, sa_error *err)
{
    return load(bytes, size, base_dir, name ? name : "(memory)", options, doc, NULL, err);
}

bool gltf_load(const char *path, const gltf_load_options *options, gltf_document *doc, sa_error *err)
{
    memset(doc, 0, sizeof *doc);
    char *bytes;
    size_t size;
    if (!sa_file_read(path, &bytes, &size, err))
        return false;
    char dir[SA_PATH_MAX];
    sa_path_dirname(path, dir, sizeof dir);
    bool glb = size >= 4 && memcmp(bytes, "glTF", 4) == 0;
    /* A GLB file is kept: buffers[0] points into its BIN chunk (no copy).
     * The document owns it from here on, and gltf_free() releases it. */
    bool ok = load((unsigned char *)bytes, size, dir, path, options, doc, glb ? bytes : NULL, err);
    if (!glb)
        free(bytes);
    return ok;
}

void gltf_free(gltf_document *doc)
{
    for (int i = 0; i < doc->buffer_count; i++)
        if (!(i == 0 && doc->buffer_0_in_file))
            free(doc->buffers[i].data);
    free(doc->buffers);
    free(doc->buffer_views);
    free(doc->accessors);
    for (int m = 0; m < doc->mesh_count; m++) {
        for (int p = 0; p < doc->meshes[m].primitive_count; p++) {
            gltf_primitive *prim = &doc->meshes[m].primitives[p];
            release(prim, BORROW_POSITIONS, prim->positions);
            release(prim, BORROW_NORMALS, prim->normals);
            release(prim, BORROW_TEXCOORDS, prim->texcoords);
            for (int s = 0; s < prim->influence_set_count; s++) {
                release(prim, BORROW_JOINT_SET(s), prim->joint_sets[s]);
                release(prim, BORROW_WEIGHT_SET(s), prim->weight_sets[s]);
            }
            release(prim, BORROW_TANGENTS, prim->tangents);
            release(prim, BORROW_INDICES, prim->triangle_indices);
            free((void *)prim->source_vertex); /* never borrowed */
        }
        free(doc->meshes[m].primitives);
        free(doc->meshes[m].name);
    }
    free(doc->meshes);
    for (int i = 0; i < doc->node_count; i++) {
        free(doc->nodes[i].name);
        free(doc->nodes[i].children);
    }
    free(doc->nodes);
    for (int i = 0; i < doc->scene_count; i++) {
        free(doc->scenes[i].name);
        free(doc->scenes[i].nodes);
    }
    free(doc->scenes);
    for (int i = 0; i < doc->skin_count; i++) {
        free(doc->skins[i].name);
        free(doc->skins[i].joints);
        free(doc->skins[i].joint_from_model_bind);
    }
    free(doc->skins);
    for (int i = 0; i < doc->animation_count; i++) {
        for (int k = 0; k < doc->animations[i].sampler_count; k++) {
            free(doc->animations[i].samplers[k].times);
            free(doc->animations[i].samplers[k].values);
        }
        for (int e = 0; e < doc->animations[i].event_count; e++)
            free(doc->animations[i].events[e].name);
        free(doc->animations[i].events);
        free(doc->animations[i].samplers);
        free(doc->animations[i].channels);
        free(doc->animations[i].name);
    }
    free(doc->animations);
    for (int i = 0; i < doc->material_count; i++)
        free(doc->materials[i].name);
    free(doc->materials);
    free(doc->textures);
    for (int i = 0; i < doc->image_count; i++) {
        free(doc->images[i].name);
        free(doc->images[i].uri);
        free(doc->images[i].mime_type);
        image_free(&doc->images[i].pixels);
    }
    free(doc->images);
    free(doc->samplers);
    free(doc->file_bytes);
    memset(doc, 0, sizeof *doc);
    doc->scene = -1;
}
