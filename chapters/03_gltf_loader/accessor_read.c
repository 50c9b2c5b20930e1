/* accessor_read.c: one element of an accessor, as floats (exercise ex03.1).
 *
 * The bytes of element i start at  bytes + i * byte_stride.  Inside it the
 * components follow one another; for MAT2/MAT3 of 1- or 2-byte components
 * every column starts on a 4-byte boundary (glTF 2.0, section 3.6.2.4).
 * Each component is copied out with memcpy, so data at any address is read
 * correctly, whatever the platform's alignment rules.
 */
#include "gltf.h"

#include <string.h>

/* [listing component_to_float] */
static float component_to_float(const unsigned char *at, gltf_component_type type, bool normalized)
{
    switch (type) {
    case GLTF_BYTE: {
        int8_t c;
        memcpy(&c, at, 1);
        /* -128 and -127 both map to -1: max(c / 127, -1) */
        return normalized ? (c < -127 ? -1.0f : c / 127.0f) : (float)c;
    }
    case GLTF_UNSIGNED_BYTE: {
        uint8_t c;
        memcpy(&c, at, 1);
        return normalized ? c / 255.0f : (float)c;
    }
    case GLTF_SHORT: {
        int16_t c;
        memcpy(&c, at, 2);
        return normalized ? (c < -32767 ? -1.0f : c / 32767.0f) : (float)c;
    }
    case GLTF_UNSIGNED_SHORT: {
        uint16_t c;
        memcpy(&c, at, 2);
        return normalized ? c / 65535.0f : (float)c;
    }
    case GLTF_UNSIGNED_INT: {
        uint32_t c;
        memcpy(&c, at, 4);
        return (float)c; /* the spec allows no normalized u32 */
    }
    case GLTF_FLOAT: {
        float c;
        memcpy(&c, at, 4);
        return c;
    }
    }
    return 0.0f;
}
/* [/listing] */

/* [listing element_read_float] */
void gltf_element_read_float(const gltf_element_layout *layout, size_t index, float *out)
{
    size_t component_size = gltf_component_size(layout->component_type);
    int components = gltf_type_components(layout->type);
    /* Matrices are read column by column; vectors are one "column". */
    int rows = layout->type == GLTF_MAT2   ? 2
               : layout->type == GLTF_MAT3 ? 3
               : layout->type == GLTF_MAT4 ? 4
                                           : components;
    size_t column_bytes = (size_t)rows * component_size;
    if (layout->type >= GLTF_MAT2)
        column_bytes = (column_bytes + 3) & ~(size_t)3; /* columns start on 4 bytes */
    const unsigned char *element = layout->bytes + index * layout->byte_stride;
    for (int i = 0; i < components; i++) {
        const unsigned char *at = element + (size_t)(i / rows) * column_bytes + (size_t)(i % rows) * component_size;
        out[i] = component_to_float(at, layout->component_type, layout->normalized);
    }
}
/* [/listing] */
