/* fuzz_obj: libFuzzer target for the OBJ and MTL parsers.
 *
 *   cmake -B build-fuzz -DCMAKE_C_COMPILER=clang -DSA_FUZZ=ON
 *   cmake --build build-fuzz --target fuzz_obj
 *   build-fuzz/fuzz/fuzz_obj -max_total_time=60 tests/fuzz/obj_corpus
 *
 * Every input must give a mesh or an error, never a crash, a hang, an
 * out-of-bounds read or a leak (AddressSanitizer checks the last two). The
 * first byte picks the parser and the options, the rest is the text.
 */
#include "obj.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    obj_load_options options = {.z_up = data[0] & 1, .skip_textures = true};
    const char *text = (const char *)data + 1;
    obj_mesh mesh;
    sa_error err;
    if (data[0] & 2) {
        memset(&mesh, 0, sizeof mesh);
        /* Materials parsed before an error stay in the mesh: free either way. */
        obj_parse_mtl_memory(text, size - 1, "fuzz.mtl", ".", &options, &mesh, &err);
        obj_mesh_free(&mesh);
        return 0;
    }
    if (obj_parse_memory(text, size - 1, "fuzz.obj", NULL, &options, &mesh, &err)) {
        /* Touch everything the loader promises: indices in range. */
        for (size_t i = 0; i < mesh.index_count; i++)
            if (obj_mesh_index(&mesh, i) >= mesh.vertex_count)
                __builtin_trap();
        obj_mesh_free(&mesh);
    }
    return 0;
}
