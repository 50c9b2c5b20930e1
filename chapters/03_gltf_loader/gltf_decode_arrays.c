/* gltf_decode_arrays.c: below the decoding steps (step 5 of the load), what
 * they all use: the decode limit, arrays sized without overflow, borrowing
 * an accessor's bytes as the decoded array and releasing what was decoded.
 * gltf_decode_primitive.c, gltf_decode_triangles.c and
 * gltf_decode_skins_animations.c call down to it, and it calls none of
 * them, so each step's file reads in one direction, as the load runs.
 */
#include "gltf_steps.h"

#include <stdlib.h>

bool gltf_fail_accessor(loader *L, const char *path)
{
    return sa_error_prefix(L->err, "%s", path);
}

/* Counts `elements` against options.max_decoded_elements. Primitives,
 * samplers and skins may all share one accessor, so a small file can ask for
 * a lot of decoded memory: every decoded accessor counts. */
bool gltf_within_decode_limit(loader *L, size_t elements, const char *path)
{
    L->decoded_elements += elements;
    if (L->options.max_decoded_elements && L->decoded_elements > L->options.max_decoded_elements)
        return sa_error_set(L->err, "%s: more than %zu elements to decode in all (the limit set)", path,
                            L->options.max_decoded_elements);
    return true;
}

/* count elements of `size` bytes, or NULL (also when the size overflows).
 * One byte at least, so that an empty array is not mistaken for a failure. */
void *gltf_alloc_array(size_t count, size_t size)
{
    if (size && count > ((size_t)-1) / size)
        return NULL;
    size_t bytes = count * size;
    return malloc(bytes ? bytes : 1);
}

/* Frees one decoded array of a primitive, unless it points into a buffer. */
void gltf_release(gltf_primitive *prim, unsigned bit, const void *array)
{
    if (!(prim->borrowed & bit))
        free((void *)array);
    prim->borrowed &= ~bit;
}

/* [listing borrow] */
/* The accessor's bytes themselves, when they already are the decoded array:
 * `components` packed components of `type`, not normalized, not sparse, at an
 * address aligned for the type. The fastest copy is the one not made. */
void *gltf_borrow(const gltf_document *doc, int accessor, gltf_component_type type, int components)
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
