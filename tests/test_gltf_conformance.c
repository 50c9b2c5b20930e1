/* test_gltf_conformance: the loader over ../shared/conformance (skipped when absent).
 *
 *  - every Khronos sample model loads, and what it decodes holds together:
 *    indices below the vertex count, unit normals, key times that never go
 *    back, one inverse bind matrix per joint;
 *  - every file of the glTF-Validator's invalid corpus is loaded without a
 *    crash (the sanitizer build runs this), and those whose INDEX.tsv
 *    suggests "reject" are rejected with a one-line error naming the file. */
#include "chapters/03_gltf_loader/gltf.h"
#include "test_util.h"

static void sample_models_load_and_hold_together(void **state)
{
    (void)state;
    char dir[1024];
    if (!sa_test_shared("gltf", dir, sizeof dir))
        skip();
    char **names;
    size_t name_count;
    sa_error list_err;
    if (!sa_dir_names(dir, &names, &name_count, &list_err))
        fail_msg("%s", list_err.message);
    int models = 0;
    for (size_t i = 0; i < name_count; i++) {
        size_t len = strlen(names[i]);
        if (len < 5 || strcmp(names[i] + len - 5, ".gltf") != 0)
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        gltf_document doc;
        sa_error err;
        if (!gltf_load(path, NULL, &doc, &err))
            fail_msg("%s", err.message);
        models++;
        for (int m = 0; m < doc.mesh_count; m++)
            for (int p = 0; p < doc.meshes[m].primitive_count; p++) {
                const gltf_primitive *prim = &doc.meshes[m].primitives[p];
                for (size_t i = 0; i < prim->triangle_count * 3; i++)
                    EXPECT_TRUE(prim->triangle_indices[i] < prim->vertex_count);
                for (size_t v = 0; v < prim->vertex_count; v++) {
                    const float *n = prim->normals[v];
                    EXPECT_NEAR(1.0, sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), 1e-2);
                }
            }
        for (int a = 0; a < doc.animation_count; a++)
            for (int s = 0; s < doc.animations[a].sampler_count; s++) {
                const gltf_animation_sampler *sm = &doc.animations[a].samplers[s];
                for (size_t k = 1; k < sm->key_count; k++)
                    EXPECT_TRUE(sm->times[k] >= sm->times[k - 1]);
            }
        for (int s = 0; s < doc.skin_count; s++)
            EXPECT_TRUE(doc.skins[s].joint_from_model_bind != NULL);
        gltf_free(&doc);
    }
    sa_dir_names_free(names, name_count);
    print_message("%d sample models loaded\n", models);
    EXPECT_TRUE(models >= 11);
}

static void invalid_files_never_crash_and_broken_ones_are_rejected(void **state)
{
    (void)state;
    char dir[1024], index_path[1200];
    if (!sa_test_shared("gltf-invalid", dir, sizeof dir))
        skip();
    snprintf(index_path, sizeof index_path, "%s/INDEX.tsv", dir);
    FILE *f = fopen(index_path, "r");
    EXPECT_TRUE(f != NULL);
    char line[2048];
    int files = 0, rejected = 0, must_reject = 0, failures = 0;
    EXPECT_TRUE(fgets(line, sizeof line, f) != NULL); /* the header */
    while (fgets(line, sizeof line, f)) {
        char file[512], errors[16], codes[1024], outcome[64];
        if (sscanf(line, "%511[^\t]\t%15[^\t]\t%1023[^\t]\t%63s", file, errors, codes, outcome) != 4)
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, file);
        gltf_document doc;
        sa_error err;
        bool loaded = gltf_load(path, NULL, &doc, &err);
        files++;
        if (loaded) {
            gltf_free(&doc);
        } else {
            rejected++;
            if (!strstr(err.message, file) || strchr(err.message, '\n')) {
                print_error("%s: the error should be one line naming the file: %s\n", file, err.message);
                failures++;
            }
        }
        if (strcmp(outcome, "reject") == 0) {
            must_reject++;
            if (loaded) {
                print_error("%s should be rejected (%s)\n", file, codes);
                failures++;
            }
        }
    }
    fclose(f);
    print_message("%d invalid files: %d rejected (%d had to be)\n", files, rejected, must_reject);
    EXPECT_INT(0, failures);
    EXPECT_INT(56, files);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sample_models_load_and_hold_together),
        cmocka_unit_test(invalid_files_never_crash_and_broken_ones_are_rejected),
    };
    return cmocka_run_group_tests_name("gltf conformance", tests, NULL, NULL);
}
