/* fuzz_obj: libFuzzer target for the OBJ and MTL parsers.
 *
 *   cmake -B build-fuzz -DCMAKE_C_COMPILER=clang -DSA_FUZZ=ON
 *   cmake --build build-fuzz --target fuzz_obj
 *   build-fuzz/fuzz/fuzz_obj -max_total_time=60 tests/fuzz/obj_corpus
 *
 * Every input must give a mesh or an error, never a crash, a hang, an
 * out-of-bounds read or a leak (AddressSanitizer checks the last two). The
 * first byte picks the parser and the options, the rest is the text: bit 1
 * set is MTL, else OBJ; bit 0 is --z-up. The seeds in tests/fuzz/obj_corpus
 * start with '0' (OBJ), '1' (OBJ, Z-up) or '2' (MTL) for that reason.
 */
#include "obj.h"

#include <math.h>
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
        /* Check everything the loader promises: indices in range, unit
         * normals, sub-mesh ranges inside the index buffer. */
        for (size_t i = 0; i < mesh.index_count; i++)
            if (obj_mesh_index(&mesh, i) >= mesh.vertex_count)
                __builtin_trap();
        for (size_t v = 0; v < mesh.vertex_count; v++) {
            const float *n = mesh.vertices[v].normal;
            if (!(fabsf(sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) - 1.0f) < 1e-3f))
                __builtin_trap();
        }
        size_t covered = 0;
        for (size_t s = 0; s < mesh.submesh_count; s++) {
            const obj_submesh *sub = &mesh.submeshes[s];
            if (sub->first_index != covered || sub->index_count == 0 || sub->material >= (int)mesh.material_count)
                __builtin_trap();
            covered += sub->index_count;
        }
        if (covered != mesh.index_count)
            __builtin_trap();
        obj_mesh_free(&mesh);
    }
    return 0;
}
