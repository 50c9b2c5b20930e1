/* test_gltf_morph: chapter 03's loader on morph targets (glTF 2.0, 3.7.2.2).
 *
 * A triangle written here as a GLB in memory (the JSON and the binary chunk),
 * its bytes chosen so that every delta is worked out by hand (given in the
 * comments), and Khronos's AnimatedMorphCube as Debian's assimp-testmodels
 * installs it. The bad files (a target count that differs between
 * primitives, weights of the wrong length ...) are in gltf_check_errors.py.
 *
 *     test_gltf_morph                 the hand-written triangle
 *     test_gltf_morph --cube DIR      AnimatedMorphCube.gltf in DIR (exit 77,
 *                                     skipped, when it is not there)
 */
#include "chapters/03_gltf_loader/gltf.h"
#include "test_util.h"

#include "common/files.h"

/* A GLB of json and bin: 12-byte header, JSON chunk padded with spaces, BIN
 * chunk padded with zeros (glTF 2.0, 4.4). */
static unsigned char *make_glb(const char *json, const void *bin, size_t bin_size, size_t *size)
{
    size_t json_size = (strlen(json) + 3) / 4 * 4, bin_padded = (bin_size + 3) / 4 * 4;
    *size = 12 + 8 + json_size + 8 + bin_padded;
    unsigned char *glb = calloc(1, *size);
    uint32_t header[5] = {0x46546C67u, 2, (uint32_t)*size, (uint32_t)json_size, 0x4E4F534Au};
    memcpy(glb, header, sizeof header);
    memset(glb + 20, ' ', json_size);
    memcpy(glb + 20, json, strlen(json));
    uint32_t bin_header[2] = {(uint32_t)bin_padded, 0x004E4942u};
    memcpy(glb + 20 + json_size, bin_header, sizeof bin_header);
    memcpy(glb + 28 + json_size, bin, bin_size);
    return glb;
}

static bool load_glb(const char *json, const void *bin, size_t bin_size, gltf_document *doc, sa_error *err)
{
    size_t size;
    unsigned char *glb = make_glb(json, bin, bin_size, &size);
    bool ok = gltf_load_memory(glb, size, NULL, "morph.glb", NULL, doc, err);
    free(glb);
    return ok;
}

/* The triangle's bytes (144):
 *   0..35    POSITION   (0,0,0) (1,0,0) (0,1,0)
 *   36..71   NORMAL     (0,0,1) three times
 *   72..107  targets[0].POSITION, floats: (0,0,1) (0,0,0) (0.5,-0.25,0)
 *   108..119 targets[0].NORMAL, normalized signed bytes, 4 apart:
 *            (127,0,0) (0,-127,0) (0,0,-128) -> (1,0,0) (0,-1,0) (0,0,-1)
 *            (-128/127 is clamped to -1); KHR_mesh_quantization allows them
 *   120      targets[1].POSITION's one sparse index: vertex 2
 *   124..135 its one sparse value (0,2,0): the accessor has no bufferView,
 *            so its deltas are (0,0,0) (0,0,0) (0,2,0)
 *   136..141 indices 1, 2, 0 (u16), for the primitive without normals */
static void triangle_bytes(unsigned char bin[144])
{
    memset(bin, 0, 144);
    const float positions[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0}, normals[9] = {0, 0, 1, 0, 0, 1, 0, 0, 1};
    const float deltas[9] = {0, 0, 1, 0, 0, 0, 0.5f, -0.25f, 0}, sparse_value[3] = {0, 2, 0};
    const signed char normal_deltas[12] = {127, 0, 0, 0, 0, -127, 0, 0, 0, 0, -128, 0};
    const uint16_t indices[3] = {1, 2, 0};
    memcpy(bin, positions, 36);
    memcpy(bin + 36, normals, 36);
    memcpy(bin + 72, deltas, 36);
    memcpy(bin + 108, normal_deltas, 12);
    bin[120] = 2;
    memcpy(bin + 124, sparse_value, 12);
    memcpy(bin + 136, indices, 6);
}

/* The triangle's JSON: `attributes` and `indices` of the primitive, and the
 * mesh's `extras` (with its key, or ""), as given. targets[1] also has an
 * application-specific _TEMPERATURE and a TEXCOORD_0, left out without error. */
static void triangle_json(char *json, size_t size, const char *attributes, const char *extras)
{
    snprintf(json, size,
             "{\"asset\":{\"version\":\"2.0\"},\"extensionsUsed\":[\"KHR_mesh_quantization\"],"
             "\"buffers\":[{\"byteLength\":144}],"
             "\"bufferViews\":[{\"buffer\":0,\"byteLength\":36},{\"buffer\":0,\"byteOffset\":36,\"byteLength\":36},"
             "{\"buffer\":0,\"byteOffset\":72,\"byteLength\":36},"
             "{\"buffer\":0,\"byteOffset\":108,\"byteLength\":12,\"byteStride\":4},"
             "{\"buffer\":0,\"byteOffset\":120,\"byteLength\":1},{\"buffer\":0,\"byteOffset\":124,\"byteLength\":12},"
             "{\"buffer\":0,\"byteOffset\":136,\"byteLength\":6}],"
             "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"},"
             "{\"bufferView\":1,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"},"
             "{\"bufferView\":2,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"},"
             "{\"bufferView\":3,\"componentType\":5120,\"normalized\":true,\"count\":3,\"type\":\"VEC3\"},"
             "{\"componentType\":5126,\"count\":3,\"type\":\"VEC3\",\"sparse\":{\"count\":1,"
             "\"indices\":{\"bufferView\":4,\"componentType\":5121},\"values\":{\"bufferView\":5}}},"
             "{\"bufferView\":6,\"componentType\":5123,\"count\":3,\"type\":\"SCALAR\"}],"
             "\"meshes\":[{\"primitives\":[{\"attributes\":%s,"
             "\"targets\":[{\"POSITION\":2,\"NORMAL\":3},{\"POSITION\":4,\"_TEMPERATURE\":1,\"TEXCOORD_0\":1}]}],"
             "\"weights\":[0.5,-0.25]%s}],"
             "\"nodes\":[{\"mesh\":0,\"weights\":[1,0.75]},{\"mesh\":0}]}",
             attributes, extras);
}

static void two_targets_on_a_triangle(void **state)
{
    (void)state;
    unsigned char bin[144];
    triangle_bytes(bin);
    char json[4096];
    triangle_json(json, sizeof json, "{\"POSITION\":0,\"NORMAL\":1}",
                  ",\"extras\":{\"targetNames\":[\"up\",\"pull\"]}");
    gltf_document doc;
    sa_error err;
    if (!load_glb(json, bin, sizeof bin, &doc, &err))
        fail_msg("the triangle should load: %s", err.message);
    const gltf_mesh *mesh = &doc.meshes[0];
    const gltf_primitive *prim = &mesh->primitives[0];
    EXPECT_INT(2, mesh->target_count);
    EXPECT_INT(2, prim->target_count);
    EXPECT_NEAR(0.5, mesh->weights[0], 0);
    EXPECT_NEAR(-0.25, mesh->weights[1], 0);
    EXPECT_TRUE(doc.nodes[0].weights != NULL);
    EXPECT_NEAR(1, doc.nodes[0].weights[0], 0);
    EXPECT_NEAR(0.75, doc.nodes[0].weights[1], 0);
    EXPECT_TRUE(doc.nodes[1].weights == NULL); /* the mesh's apply */
    EXPECT_TRUE(mesh->target_names != NULL);
    EXPECT_STR_CONTAINS(mesh->target_names[0], "up");
    EXPECT_INT(2, (int)strlen(mesh->target_names[0]));
    EXPECT_STR_CONTAINS(mesh->target_names[1], "pull");

    const gltf_morph_target *t0 = &prim->targets[0], *t1 = &prim->targets[1];
    EXPECT_INT(2, t0->position);
    EXPECT_INT(3, t0->normal);
    EXPECT_INT(-1, t0->tangent);
    EXPECT_VEC3(0, 0, 1, t0->position_deltas[0], 0);
    EXPECT_VEC3(0, 0, 0, t0->position_deltas[1], 0);
    EXPECT_VEC3(0.5, -0.25, 0, t0->position_deltas[2], 0);
    EXPECT_TRUE(t0->normal_deltas != NULL);
    EXPECT_VEC3(1, 0, 0, t0->normal_deltas[0], 0);
    EXPECT_VEC3(0, -1, 0, t0->normal_deltas[1], 0);
    EXPECT_VEC3(0, 0, -1, t0->normal_deltas[2], 0);
    EXPECT_TRUE(t0->tangent_deltas == NULL);
    /* the sparse target: zeros but for vertex 2 */
    EXPECT_INT(4, t1->position);
    EXPECT_VEC3(0, 0, 0, t1->position_deltas[0], 0);
    EXPECT_VEC3(0, 0, 0, t1->position_deltas[1], 0);
    EXPECT_VEC3(0, 2, 0, t1->position_deltas[2], 0);
    EXPECT_TRUE(t1->normal_deltas == NULL);
    /* the base shape is untouched: the loader reads targets, it does not apply them */
    EXPECT_VEC3(0, 1, 0, prim->positions[2], 0);
    gltf_free(&doc);
}

/* extras are free-form: a targetNames that is not an array of one string
 * per target is ignored (target_names NULL), not an error. */
static void malformed_target_names_are_ignored(void **state)
{
    (void)state;
    unsigned char bin[144];
    triangle_bytes(bin);
    const char *extras[] = {",\"extras\":{\"targetNames\":[\"up\"]}", ",\"extras\":{\"targetNames\":[1,\"pull\"]}",
                            ",\"extras\":{\"targetNames\":\"up\"}", ",\"extras\":5", ""};
    for (size_t i = 0; i < sizeof extras / sizeof extras[0]; i++) {
        char json[4096];
        triangle_json(json, sizeof json, "{\"POSITION\":0,\"NORMAL\":1}", extras[i]);
        gltf_document doc;
        sa_error err;
        if (!load_glb(json, bin, sizeof bin, &doc, &err))
            fail_msg("extras %s should be ignored: %s", extras[i], err.message);
        EXPECT_TRUE(doc.meshes[0].target_names == NULL);
        EXPECT_INT(2, doc.meshes[0].target_count);
        gltf_free(&doc);
    }
}

/* Without NORMAL the vertices are unwelded (flat normals): the deltas follow
 * them, vertex i taking the delta of the file's vertex source_vertex[i].
 * Triangle 0's corners are the file's vertices 1, 2, 0 (the indices), so
 * vertex 0 gets (0,0,0), vertex 1 (0.5,-0.25,0), vertex 2 (0,0,1); NORMAL
 * deltas would move normals the file does not have: they are dropped. */
static void deltas_follow_unwelded_vertices(void **state)
{
    (void)state;
    unsigned char bin[144];
    triangle_bytes(bin);
    char json[4096];
    triangle_json(json, sizeof json, "{\"POSITION\":0},\"indices\":5", "");
    gltf_document doc;
    sa_error err;
    if (!load_glb(json, bin, sizeof bin, &doc, &err))
        fail_msg("the triangle should load: %s", err.message);
    const gltf_primitive *prim = &doc.meshes[0].primitives[0];
    EXPECT_TRUE(prim->normals_computed);
    EXPECT_INT(3, prim->vertex_count);
    EXPECT_INT(1, prim->source_vertex[0]);
    EXPECT_VEC3(0, 0, 0, prim->targets[0].position_deltas[0], 0);
    EXPECT_VEC3(0.5, -0.25, 0, prim->targets[0].position_deltas[1], 0);
    EXPECT_VEC3(0, 0, 1, prim->targets[0].position_deltas[2], 0);
    EXPECT_VEC3(0, 0, 0, prim->targets[1].position_deltas[0], 0);
    EXPECT_VEC3(0, 2, 0, prim->targets[1].position_deltas[1], 0);
    EXPECT_TRUE(prim->targets[0].normal_deltas == NULL);
    gltf_free(&doc);
}

/* AnimatedMorphCube (Khronos glTF-Sample-Models): one mesh "Cube", one
 * primitive of 24 vertices with NORMAL and TANGENT, two targets (accessors
 * named "thin" and "angle"), mesh.weights [0, 0], no extras. The expected
 * deltas were read from AnimatedMorphCube.bin by an independent reader,
 * Python's struct on the accessors' bufferViews (not this loader):
 *   def read(i, k):  # accessor i, element k, as three little-endian floats
 *       a = d["accessors"][i]; v = d["bufferViews"][a["bufferView"]]
 *       return struct.unpack_from("<3f", b, v.get("byteOffset", 0) + a.get("byteOffset", 0) + 12 * k)
 * It gave: targets[0].POSITION (accessor 4) nonzero at vertices 2, 3, 5, 6,
 * 9, 10, 12..16, 19, e.g. read(4, 2) = (0, 0.018932530656456947, -0);
 * targets[1].POSITION (7) nonzero at 5, 6, 10, 14, 15, 19, e.g. read(7, 5) =
 * (0, 0.019890835508704185, -0); targets[1].NORMAL (6) nonzero at 12..15,
 * read(6, 12) = (0, 0.29096078872680664, -0.7051690816879272); both targets'
 * TANGENT (5, 8) and targets[0].NORMAL (3) all zeros. */
static const char *cube_dir;

static int nonzero_deltas(float (*deltas)[3], size_t n, int *first)
{
    int count = 0;
    *first = -1;
    for (size_t i = 0; i < n; i++)
        if (deltas[i][0] != 0 || deltas[i][1] != 0 || deltas[i][2] != 0) {
            if (*first < 0)
                *first = (int)i;
            count++;
        }
    return count;
}

static void animated_morph_cube(void **state)
{
    (void)state;
    char path[SA_PATH_MAX];
    snprintf(path, sizeof path, "%s/AnimatedMorphCube.gltf", cube_dir);
    gltf_document doc;
    sa_error err;
    if (!gltf_load(path, NULL, &doc, &err))
        fail_msg("AnimatedMorphCube should load: %s", err.message);
    EXPECT_INT(1, doc.mesh_count);
    const gltf_mesh *mesh = &doc.meshes[0];
    const gltf_primitive *prim = &mesh->primitives[0];
    EXPECT_INT(2, mesh->target_count);
    EXPECT_INT(24, prim->vertex_count);
    EXPECT_NEAR(0, mesh->weights[0], 0);
    EXPECT_NEAR(0, mesh->weights[1], 0);
    EXPECT_TRUE(mesh->target_names == NULL);
    EXPECT_TRUE(doc.nodes[0].weights == NULL);
    const gltf_morph_target *thin = &prim->targets[0], *angle = &prim->targets[1];
    EXPECT_INT(4, thin->position);
    EXPECT_INT(3, thin->normal);
    EXPECT_INT(5, thin->tangent);
    int first;
    EXPECT_INT(12, nonzero_deltas(thin->position_deltas, 24, &first));
    EXPECT_INT(2, first);
    EXPECT_VEC3(0, 0.018932530656456947, 0, thin->position_deltas[2], 0);
    EXPECT_INT(6, nonzero_deltas(angle->position_deltas, 24, &first));
    EXPECT_INT(5, first);
    EXPECT_VEC3(0, 0.019890835508704185, 0, angle->position_deltas[5], 0);
    EXPECT_VEC3(0, 0.019890835508704185, 0, angle->position_deltas[19], 0);
    EXPECT_INT(4, nonzero_deltas(angle->normal_deltas, 24, &first));
    EXPECT_INT(12, first);
    EXPECT_VEC3(0, 0.29096078872680664, -0.7051690816879272, angle->normal_deltas[12], 0);
    EXPECT_INT(0, nonzero_deltas(thin->normal_deltas, 24, &first));
    EXPECT_TRUE(thin->tangent_deltas != NULL && angle->tangent_deltas != NULL);
    EXPECT_INT(0, nonzero_deltas(thin->tangent_deltas, 24, &first));
    EXPECT_INT(0, nonzero_deltas(angle->tangent_deltas, 24, &first));
    gltf_free(&doc);
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--cube") == 0) {
        cube_dir = argv[2];
        char path[SA_PATH_MAX];
        snprintf(path, sizeof path, "%s/AnimatedMorphCube.gltf", cube_dir);
        FILE *f = fopen(path, "rb");
        if (!f) {
            fprintf(stderr, "test_gltf_morph: %s not found (Debian's assimp-testmodels installs it): skipped\n", path);
            return 77;
        }
        fclose(f);
        const struct CMUnitTest cube[] = {cmocka_unit_test(animated_morph_cube)};
        return cmocka_run_group_tests(cube, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_targets_on_a_triangle),
        cmocka_unit_test(malformed_target_names_are_ignored),
        cmocka_unit_test(deltas_follow_unwelded_vertices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
