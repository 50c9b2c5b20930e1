/* fuzz_skin: libFuzzer target for what chapters 04-06 build on a loaded glTF
 * file, which is hostile input as much as the file itself: the skeleton
 * (skeleton_from_gltf), the bind checks (bind_check_gltf), the skinning set-up
 * (skin_scene_init), one frame of skinning in the rest pose, the vertex-level
 * bind check and the --dump-obj writer. Loaded from memory, images not
 * decoded, as in fuzz_gltf. */
#include "tests/fuzz/fuzz_gltf_load.h"
#include "chapters/03_gltf_loader/scene.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/05_inverse_bind/bind_gltf.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gltf_document doc;
    sa_error err;
    if (!fuzz_gltf_load(data, size, &doc, &err))
        return 0;
    skeleton skel;
    memset(&skel, 0, sizeof skel);
    skin_scene sc;
    memset(&sc, 0, sizeof sc);
    scene_nodes nodes;
    memset(&nodes, 0, sizeof nodes);
    if (skeleton_from_gltf(&doc, &skel, &err)) {
        bind_report report;
        (void)bind_check_gltf(&doc, &skel, &report, &err);
        if (skin_scene_init(&sc, &doc, &skel, &err) && scene_nodes_rest(&doc, &nodes, &err)) {
            skeleton_local_to_model(&skel, skel.rest_local, sc.model_from_joint);
            skin_scene_run(&sc, &skel);
            FILE *sink = fopen("/dev/null", "wb");
            if (sink) {
                (void)skin_scene_write_obj(&sc, &doc, nodes.world_from_node, nodes.shown, sink, &err);
                fclose(sink);
            }
            float diagonal;
            (void)skin_scene_identity_error(&sc, &doc, &diagonal);
        }
    }
    scene_nodes_free(&nodes);
    skin_scene_free(&sc);
    skeleton_free(&skel);
    gltf_free(&doc);
    return 0;
}
