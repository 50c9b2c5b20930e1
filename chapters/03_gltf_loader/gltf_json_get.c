/* gltf_json_get.c: the typed getters that step 2 of the load (JSON ->
 * structs, gltf_parse_*.c) reads every property through.
 *
 * Each getter checks the JSON type (an index is an integer >= 0 below the
 * count of the array it points into, a size an integer up to 2^53, a float
 * finite), leaves the default when an optional property is missing, and
 * names the JSON path when it fails ("nodes[4].mesh: 7 does not exist (there
 * are 2)"). Also here: the top-level arrays, all allocated before any is
 * read, and the note (the first remark of a load that is not an error).
 * Unknown properties are never looked at, as the spec asks.
 */
#include "gltf_steps.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_string(const char *s, size_t n)
{
    char *out = malloc(n + 1);
    if (out) {
        memcpy(out, s, n);
        out[n] = '\0';
    }
    return out;
}

/* --- typed getters: each one names the JSON path when it fails ------------- */

bool gltf_type_error(loader *L, const char *path, const char *key, const char *expected, const json_value *v)
{
    return sa_error_set(L->err, "%s%s%s: expected %s, got %s", path, key ? "." : "", key ? key : "", expected,
                        json_kind_name(v->kind));
}

/* Is v exactly the string `s`? A JSON string may hold "\u0000", so "VEC3\u0000x"
 * must not pass for "VEC3": the lengths are compared too. */
bool gltf_string_is(const json_value *v, const char *s)
{
    return v && v->kind == JSON_STRING && v->count == strlen(s) && memcmp(v->as.string, s, v->count) == 0;
}

bool gltf_is_integer(const json_value *v, double max)
{
    return v->kind == JSON_NUMBER && v->number >= 0 && v->number <= max && v->number == floor(v->number);
}

/* An optional index into an array of `count` entries; -1 when missing. */
bool gltf_get_index(loader *L, const json_value *obj, const char *key, const char *path, int count, int *out)
{
    const json_value *v = json_object_get(obj, key);
    *out = -1;
    if (!v)
        return true;
    if (!gltf_is_integer(v, 2147483647.0))
        return gltf_type_error(L, path, key, "an index (an integer >= 0)", v);
    if (v->number >= count)
        return sa_error_set(L->err, "%s.%s: %d does not exist (there are %d)", path, key, (int)v->number, count);
    *out = (int)v->number;
    return true;
}

bool gltf_get_required_index(loader *L, const json_value *obj, const char *key, const char *path, int count, int *out)
{
    if (!gltf_get_index(L, obj, key, path, count, out))
        return false;
    if (*out < 0)
        return sa_error_set(L->err, "%s.%s: missing (required)", path, key);
    return true;
}

bool gltf_get_size(loader *L, const json_value *obj, const char *key, const char *path, bool required, size_t fallback,
                   size_t *out)
{
    const json_value *v = json_object_get(obj, key);
    *out = fallback;
    if (!v)
        return required ? sa_error_set(L->err, "%s.%s: missing (required)", path, key) : true;
    if (!gltf_is_integer(v, 9007199254740992.0)) /* 2^53: beyond it doubles skip integers */
        return gltf_type_error(L, path, key, "an integer >= 0", v);
    *out = (size_t)v->number;
    return true;
}

bool gltf_get_bool(loader *L, const json_value *obj, const char *key, const char *path, bool *out)
{
    const json_value *v = json_object_get(obj, key);
    *out = false;
    if (!v)
        return true;
    if (v->kind != JSON_TRUE && v->kind != JSON_FALSE)
        return gltf_type_error(L, path, key, "true or false", v);
    *out = v->kind == JSON_TRUE;
    return true;
}

/* A string as a new heap copy (NULL when missing). */
bool gltf_get_string(loader *L, const json_value *obj, const char *key, const char *path, char **out)
{
    const json_value *v = json_object_get(obj, key);
    *out = NULL;
    if (!v)
        return true;
    if (v->kind != JSON_STRING)
        return gltf_type_error(L, path, key, "a string", v);
    if (!(*out = dup_string(v->as.string, v->count)))
        return sa_error_set(L->err, "%s.%s: out of memory", path, key);
    return true;
}

bool gltf_get_object(loader *L, const json_value *obj, const char *key, const char *path, const json_value **out)
{
    *out = json_object_get(obj, key);
    if (*out && (*out)->kind != JSON_OBJECT)
        return gltf_type_error(L, path, key, "an object", *out);
    return true;
}

/* Exactly n numbers (translation, rotation, matrix ...); false when missing. */
bool gltf_get_floats(loader *L, const json_value *obj, const char *key, const char *path, size_t min_n, size_t max_n,
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

/* An array of exactly `n` finite numbers (morph target weights), allocated;
 * *out stays NULL when the key is missing, or when n is 0. */
bool gltf_get_float_array(loader *L, const json_value *obj, const char *key, const char *path, size_t n, float **out)
{
    const json_value *v = json_object_get(obj, key);
    *out = NULL;
    if (!v)
        return true;
    if (v->kind != JSON_ARRAY)
        return gltf_type_error(L, path, key, "an array of numbers", v);
    if (v->count != n)
        return sa_error_set(L->err, "%s.%s: %zu weights, but the mesh has %zu morph targets (one weight each)", path,
                            key, v->count, n);
    if (n == 0)
        return true;
    if (!(*out = malloc(n * sizeof(float))))
        return sa_error_set(L->err, "%s.%s: out of memory", path, key);
    return gltf_get_floats(L, obj, key, path, n, n, *out, NULL);
}

/* An array of indices into an array of `count` entries. */
bool gltf_get_indices(loader *L, const json_value *obj, const char *key, const char *path, int count, int **out,
                      int *out_count)
{
    const json_value *v = json_object_get(obj, key);
    *out = NULL, *out_count = 0;
    if (!v)
        return true;
    if (v->kind != JSON_ARRAY)
        return gltf_type_error(L, path, key, "an array of indices", v);
    if (v->count == 0)
        return true;
    if (!(*out = malloc(v->count * sizeof(int))))
        return sa_error_set(L->err, "%s.%s: out of memory", path, key);
    for (size_t i = 0; i < v->count; i++) {
        const json_value *item = &v->as.items[i];
        if (!gltf_is_integer(item, 2147483647.0))
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
        return gltf_type_error(L, key, NULL, "an array", v);
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
bool gltf_allocate_top_arrays(loader *L, const json_value *root)
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
const json_value *gltf_item(loader *L, const json_value *root, const char *key, int i)
{
    if (!L->item_key || strcmp(L->item_key, key) != 0) {
        L->item_key = key;
        L->item_array = json_object_get(root, key);
    }
    return &L->item_array->as.items[i];
}

void gltf_add_note(gltf_document *doc, const char *fmt, ...)
{
    if (doc->note_count++ == 0) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(doc->note, sizeof doc->note, fmt, args);
        va_end(args);
    }
}
