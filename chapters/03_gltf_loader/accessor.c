/* accessor.c: buffer -> bufferView -> accessor, checked and unpacked.
 *
 * An accessor says "count elements of this type and component type, starting
 * byte_offset bytes into a bufferView, byte_stride apart". Before any byte is
 * read, the last element's end is compared with the bufferView's length, and
 * the bufferView's end with the buffer's length. After that, reading is a
 * loop of memcpy calls (gltf_element_read_float, exercise ex03.1), with a
 * single memcpy of the whole block when the data already has the layout the
 * caller wants (tightly packed floats into floats).
 */
#include "gltf.h"

#include <stdlib.h>
#include <string.h>

size_t gltf_component_size(gltf_component_type component_type)
{
    switch (component_type) {
    case GLTF_BYTE:
    case GLTF_UNSIGNED_BYTE:
        return 1;
    case GLTF_SHORT:
    case GLTF_UNSIGNED_SHORT:
        return 2;
    case GLTF_UNSIGNED_INT:
    case GLTF_FLOAT:
        return 4;
    }
    return 0;
}

int gltf_type_components(gltf_type type)
{
    switch (type) {
    case GLTF_SCALAR:
    case GLTF_VEC2:
    case GLTF_VEC3:
    case GLTF_VEC4:
        return (int)type;
    case GLTF_MAT2:
        return 4;
    case GLTF_MAT3:
        return 9;
    case GLTF_MAT4:
        return 16;
    }
    return 0;
}

/* [listing element_size] */
size_t gltf_element_size(gltf_component_type component_type, gltf_type type)
{
    size_t c = gltf_component_size(component_type);
    switch (type) {
    case GLTF_MAT2: /* 2 columns of 2; a column of 1-byte components is padded to 4 bytes */
        return c == 1 ? 8 : 4 * c;
    case GLTF_MAT3: /* 3 columns of 3: 1-byte columns pad 3 -> 4, 2-byte columns pad 6 -> 8 */
        return c == 1 ? 12 : c == 2 ? 24 : 9 * c;
    default:
        return (size_t)gltf_type_components(type) * c;
    }
}
/* [/listing] */

/* Is [offset, offset + length) inside `size` bytes? Written so that it cannot overflow. */
static bool range_fits(size_t offset, size_t length, size_t size)
{
    return offset <= size && length <= size - offset;
}

/* Bytes from the first byte of element 0 to the end of element count - 1. */
static bool span_of(size_t count, size_t stride, size_t element_size, size_t *span)
{
    if (count == 0) {
        *span = 0;
        return true;
    }
    if (stride && count - 1 > ((size_t)-1 - element_size) / stride)
        return false;
    *span = (count - 1) * stride + element_size;
    return true;
}

bool gltf_accessor_fits_view(const gltf_document *doc, int accessor_index)
{
    const gltf_accessor *a = &doc->accessors[accessor_index];
    if (a->buffer_view < 0)
        return true;
    const gltf_buffer_view *v = &doc->buffer_views[a->buffer_view];
    size_t element_size = gltf_element_size(a->component_type, a->type);
    size_t stride = v->byte_stride ? v->byte_stride : element_size, span;
    return element_size && stride >= element_size && span_of(a->count, stride, element_size, &span) &&
           range_fits(a->byte_offset, span, v->byte_length);
}

/* The bytes of a bufferView after checking it lies inside its buffer. */
static bool view_bytes(const gltf_document *doc, int view_index, const unsigned char **bytes, size_t *length,
                       const char *path, sa_error *err)
{
    if (view_index < 0 || view_index >= doc->buffer_view_count)
        return sa_error_set(err, "%s: bufferView %d does not exist (there are %d)", path, view_index,
                            doc->buffer_view_count);
    const gltf_buffer_view *v = &doc->buffer_views[view_index];
    if (v->buffer < 0 || v->buffer >= doc->buffer_count || !doc->buffers[v->buffer].data)
        return sa_error_set(err, "%s: bufferViews[%d] has no buffer data", path, view_index);
    const gltf_buffer *b = &doc->buffers[v->buffer];
    if (!range_fits(v->byte_offset, v->byte_length, b->byte_length))
        return sa_error_set(err, "bufferViews[%d]: bytes %zu..%zu are past the end of buffers[%d] (%zu bytes)",
                            view_index, v->byte_offset, v->byte_offset + v->byte_length, v->buffer, b->byte_length);
    *bytes = b->data + v->byte_offset;
    *length = v->byte_length;
    return true;
}

/* [listing accessor_layout] */
bool gltf_accessor_layout(const gltf_document *doc, int accessor_index, gltf_element_layout *layout, sa_error *err)
{
    char path[48];
    snprintf(path, sizeof path, "accessors[%d]", accessor_index);
    if (accessor_index < 0 || accessor_index >= doc->accessor_count)
        return sa_error_set(err, "%s: no such accessor (there are %d)", path, doc->accessor_count);
    const gltf_accessor *a = &doc->accessors[accessor_index];
    size_t element_size = gltf_element_size(a->component_type, a->type);
    if (element_size == 0)
        return sa_error_set(err, "%s: unknown componentType or type", path);
    memset(layout, 0, sizeof *layout);
    layout->component_type = a->component_type;
    layout->type = a->type;
    layout->normalized = a->normalized;
    layout->byte_stride = element_size;
    if (a->buffer_view >= 0) {
        const unsigned char *bytes;
        size_t length, span;
        if (!view_bytes(doc, a->buffer_view, &bytes, &length, path, err))
            return false;
        size_t stride = doc->buffer_views[a->buffer_view].byte_stride;
        if (stride == 0)
            stride = element_size; /* tightly packed */
        else if (stride < element_size)
            return sa_error_set(err, "%s: byteStride %zu of bufferViews[%d] is smaller than one element (%zu bytes)",
                                path, stride, a->buffer_view, element_size);
        if (!span_of(a->count, stride, element_size, &span) || !range_fits(a->byte_offset, span, length))
            return sa_error_set(err,
                                "%s: %zu elements of %zu bytes, %zu apart, from byte %zu do not fit in "
                                "bufferViews[%d] (%zu bytes)",
                                path, a->count, element_size, stride, a->byte_offset, a->buffer_view, length);
        layout->bytes = bytes + a->byte_offset;
        layout->byte_stride = stride;
    }
    /* [/listing] */
    /* [listing accessor_layout_sparse] */
    const gltf_accessor_sparse *s = &a->sparse;
    if (s->count > 0) {
        const unsigned char *bytes;
        size_t length, span;
        size_t index_size = gltf_component_size(s->indices_component_type);
        if (s->count > a->count)
            return sa_error_set(err, "%s.sparse.count: %zu is more than the accessor's count %zu", path, s->count,
                                a->count);
        if (!view_bytes(doc, s->indices_buffer_view, &bytes, &length, path, err))
            return false;
        if (!span_of(s->count, index_size, index_size, &span) || !range_fits(s->indices_byte_offset, span, length))
            return sa_error_set(err, "%s.sparse.indices: %zu indices do not fit in bufferViews[%d]", path, s->count,
                                s->indices_buffer_view);
        if (!view_bytes(doc, s->values_buffer_view, &bytes, &length, path, err))
            return false;
        if (!span_of(s->count, element_size, element_size, &span) || !range_fits(s->values_byte_offset, span, length))
            return sa_error_set(err, "%s.sparse.values: %zu values do not fit in bufferViews[%d]", path, s->count,
                                s->values_buffer_view);
    }
    return true;
}
/* [/listing] */

/* What unpack() writes: floats, or unsigned integers of 16 or 32 bits. */
typedef enum unpack_kind { UNPACK_FLOAT, UNPACK_U16, UNPACK_U32 } unpack_kind;

static size_t unpack_size(unpack_kind kind)
{
    return kind == UNPACK_U16 ? 2 : 4;
}

/* One element into out (components values of kind). Integers are checked:
 * no floats, no normalized data, no negative or (for u16) too large values. */
static bool read_element(const gltf_element_layout *layout, size_t index, unpack_kind kind, void *out, int components,
                         const char *path, sa_error *err)
{
    float f[16];
    gltf_element_read_float(layout, index, f);
    if (kind == UNPACK_FLOAT) {
        memcpy(out, f, (size_t)components * sizeof(float));
        return true;
    }
    if (layout->component_type == GLTF_FLOAT || layout->normalized)
        return sa_error_set(err, "%s: expected unsigned integers, the data is %s", path,
                            layout->normalized ? "normalized" : "float");
    for (int i = 0; i < components; i++) {
        if (layout->component_type == GLTF_UNSIGNED_INT) { /* floats lose bits above 2^24: read it again */
            uint32_t v;
            memcpy(&v, layout->bytes + index * layout->byte_stride + (size_t)i * 4, 4);
            f[i] = 0;
            if (kind == UNPACK_U32) {
                ((uint32_t *)out)[i] = v;
                continue;
            }
            if (v > 65535)
                return sa_error_set(err, "%s: element %zu: %u does not fit in 16 bits", path, index, v);
            ((uint16_t *)out)[i] = (uint16_t)v;
            continue;
        }
        if (f[i] < 0)
            return sa_error_set(err, "%s: element %zu: negative value %g where an index is expected", path, index,
                                (double)f[i]);
        if (kind == UNPACK_U16)
            ((uint16_t *)out)[i] = (uint16_t)f[i];
        else
            ((uint32_t *)out)[i] = (uint32_t)f[i];
    }
    return true;
}

/* [listing unpack] */
static bool unpack(const gltf_document *doc, int accessor_index, unpack_kind kind, void *out_void, sa_error *err)
{
    gltf_element_layout layout;
    if (!gltf_accessor_layout(doc, accessor_index, &layout, err))
        return false;
    const gltf_accessor *a = &doc->accessors[accessor_index];
    char path[48];
    snprintf(path, sizeof path, "accessors[%d]", accessor_index);
    int components = gltf_type_components(a->type);
    size_t out_element = (size_t)components * unpack_size(kind);
    unsigned char *out = out_void;
    size_t element_size = gltf_element_size(a->component_type, a->type);

    if (!layout.bytes) {
        memset(out, 0, a->count * out_element); /* no bufferView: zeros, then sparse values */
    } else if (layout.byte_stride == element_size && element_size == out_element && !a->normalized &&
               ((kind == UNPACK_FLOAT && a->component_type == GLTF_FLOAT) ||
                (kind == UNPACK_U16 && a->component_type == GLTF_UNSIGNED_SHORT) ||
                (kind == UNPACK_U32 && a->component_type == GLTF_UNSIGNED_INT))) {
        memcpy(out, layout.bytes, a->count * out_element); /* already the layout we want */
    } else {
        for (size_t i = 0; i < a->count; i++)
            if (!read_element(&layout, i, kind, out + i * out_element, components, path, err))
                return false;
    }
    /* [/listing] */

    /* [listing unpack_sparse] */
    /* Sparse: replace the listed elements. Indices must rise and stay < count. */
    const gltf_accessor_sparse *s = &a->sparse;
    if (s->count > 0) {
        const gltf_buffer_view *iv = &doc->buffer_views[s->indices_buffer_view];
        const gltf_buffer_view *vv = &doc->buffer_views[s->values_buffer_view];
        gltf_element_layout indices = {doc->buffers[iv->buffer].data + iv->byte_offset + s->indices_byte_offset,
                                       gltf_component_size(s->indices_component_type), s->indices_component_type,
                                       GLTF_SCALAR, false};
        gltf_element_layout values = {doc->buffers[vv->buffer].data + vv->byte_offset + s->values_byte_offset,
                                      element_size, a->component_type, a->type, a->normalized};
        uint32_t previous = 0;
        for (size_t k = 0; k < s->count; k++) {
            uint32_t target;
            if (!read_element(&indices, k, UNPACK_U32, &target, 1, path, err))
                return false;
            if (target >= a->count || (k > 0 && target <= previous))
                return sa_error_set(err, "%s.sparse.indices[%zu]: %u is out of order or not below count %zu", path, k,
                                    target, a->count);
            previous = target;
            if (!read_element(&values, k, kind, out + target * out_element, components, path, err))
                return false;
        }
    }
    return true;
}
/* [/listing] */

bool gltf_accessor_unpack_floats(const gltf_document *doc, int accessor_index, float *out, sa_error *err)
{
    return unpack(doc, accessor_index, UNPACK_FLOAT, out, err);
}

bool gltf_accessor_unpack_uints(const gltf_document *doc, int accessor_index, uint32_t *out, sa_error *err)
{
    return unpack(doc, accessor_index, UNPACK_U32, out, err);
}

bool gltf_accessor_unpack_u16(const gltf_document *doc, int accessor_index, uint16_t *out, sa_error *err)
{
    return unpack(doc, accessor_index, UNPACK_U16, out, err);
}
