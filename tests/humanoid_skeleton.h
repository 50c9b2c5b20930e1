/* humanoid_skeleton.h: the humanoid's skeleton of all nodes (chapter 04's
 * --dump-pose skeleton), loaded from assets/models/humanoid.gltf for the tests
 * of chapters 10 and 11. Prints the loader's one-line error on failure. */
#ifndef SA_TESTS_HUMANOID_SKELETON_H
#define SA_TESTS_HUMANOID_SKELETON_H

#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"

#include <stdbool.h>
#include <stdio.h>

static inline bool test_load_humanoid_skeleton(skeleton *out)
{
    gltf_document doc;
    sa_error err;
    if (!gltf_load(SA_SOURCE_DIR "/assets/models/humanoid.gltf", NULL, &doc, &err)) {
        fprintf(stderr, "%s\n", err.message);
        return false;
    }
    bool ok = skeleton_from_gltf_nodes(&doc, out, &err);
    gltf_free(&doc);
    if (!ok)
        fprintf(stderr, "%s\n", err.message);
    return ok;
}

#endif
