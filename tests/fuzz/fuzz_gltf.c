/* fuzz_gltf: libFuzzer target for chapter 03's glTF loader, .gltf and .glb
 * (told apart by the GLB magic). Loaded from memory: no external files; images
 * are not decoded (stb_image is not ours to fuzz). Every accessor is also
 * unpacked through the public API. */
#include "tests/fuzz/fuzz_gltf_load.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gltf_document doc;
    sa_error err;
    if (fuzz_gltf_load(data, size, &doc, &err)) {
        for (int i = 0; i < doc.accessor_count; i++) {
            size_t n = doc.accessors[i].count * (size_t)gltf_type_components(doc.accessors[i].type);
            if (n > (1u << 24))
                continue;
            float *out = malloc(n * sizeof(float) + 1);
            if (out && !gltf_accessor_unpack_floats(&doc, i, out, &err)) {
                /* a sparse index out of order is found only when unpacking: fine */
            }
            free(out);
        }
        gltf_free(&doc);
    }
    return 0;
}
