/* fuzz_json: libFuzzer target for chapter 03's JSON reader.
 * Any input must be parsed or rejected: no crash, hang, leak or read past the end. */
#include "chapters/03_gltf_loader/json.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A copy of exactly `size` bytes, so ASan sees any read past the end. */
    char *copy = malloc(size ? size : 1);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    json_document doc;
    sa_error err;
    if (json_parse(copy, size, &doc, &err)) {
        (void)json_object_get(&doc.root, "asset");
        json_free(&doc);
    }
    free(copy);
    return 0;
}
