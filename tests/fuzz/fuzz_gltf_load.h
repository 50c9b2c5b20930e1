/* fuzz_gltf_load.h: how every glTF fuzz target loads its input.
 *
 * The input is copied into a buffer of exactly its size, so AddressSanitizer
 * sees a read one byte past the end; loaded from memory (no external files),
 * images not decoded (stb_image is not ours to fuzz), and a decode limit so a
 * small file cannot ask for gigabytes. The loader does not keep the bytes. */
#ifndef FUZZ_GLTF_LOAD_H
#define FUZZ_GLTF_LOAD_H

#include "chapters/03_gltf_loader/gltf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline bool fuzz_gltf_load(const uint8_t *data, size_t size, gltf_document *doc, sa_error *err)
{
    unsigned char *copy = malloc(size ? size : 1);
    if (!copy)
        return false;
    memcpy(copy, data, size);
    gltf_load_options options = gltf_load_options_default();
    options.decode_images = false;
    options.max_decoded_elements = 1u << 20;
    bool ok = gltf_load_memory(copy, size, NULL, "fuzz", &options, doc, err);
    free(copy);
    return ok;
}

#endif
