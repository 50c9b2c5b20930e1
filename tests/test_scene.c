/* test_scene: chapter 03's scene.c (no GL): which nodes a scene shows, their
 * world_from_node in the rest pose, the scene's bounds, mirrors.
 *
 * The file is written here. Expected values are worked out by hand:
 *   node 0  mesh (one triangle (0,0,0) (1,0,0) (0,2,0)), translation
 *           (10,0,0), rotation 90 degrees about +Z: (x, y) -> (-y, x), so
 *           the triangle lands on (10,0,0) (10,1,0) (8,0,0)
 *   node 1  mesh, translation (100,0,0), in no scene's list (a root)
 *   node 2  translation (0,1,0), child 3
 *   node 3  translation (1,0,0), scale 2, child 4
 *   node 4  translation (0,0,1): world = T(0,1,0) T(1,0,0) S(2) T(0,0,1),
 *           a scale 2 with translation (1,1,0) + 2 (0,0,1) = (1,1,2)
 *   scene 0 lists nodes 0 and 2.
 */
#include "chapters/03_gltf_loader/scene.h"
#include "tests/test_util.h"

static char dir[512];

static const char *gltf_with_scene =
    "{\"asset\": {\"version\": \"2.0\"},\n"
    "\"buffers\": [{\"uri\": \"triangle.bin\", \"byteLength\": 36}],\n"
    "\"bufferViews\": [{\"buffer\": 0, \"byteLength\": 36}],\n"
    "\"accessors\": [{\"bufferView\": 0, \"componentType\": 5126, \"count\": 3, \"type\": \"VEC3\",\n"
    "  \"min\": [0, 0, 0], \"max\": [1, 2, 0]}],\n"
    "\"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 0}}]}],\n"
    "\"nodes\": [{\"mesh\": 0, \"translation\": [10, 0, 0], \"rotation\": [0, 0, 0.70710678, 0.70710678]},\n"
    "  {\"mesh\": 0, \"translation\": [100, 0, 0]},\n"
    "  {\"translation\": [0, 1, 0], \"children\": [3]},\n"
    "  {\"translation\": [1, 0, 0], \"scale\": [2, 2, 2], \"children\": [4]},\n"
    "  {\"translation\": [0, 0, 1]}]%s}\n";

static void load(const char *scenes, gltf_document *doc)
{
    char path[600], json[4096];
    snprintf(path, sizeof path, "%s/scene.gltf", dir);
    snprintf(json, sizeof json, gltf_with_scene, scenes);
    sa_test_write_text(path, json);
    sa_error err;
    if (!gltf_load(path, NULL, doc, &err))
        fail_msg("%s", err.message);
}

static int make_files(void **state)
{
    (void)state;
    sa_test_temp_dir("sa_scene_", dir, sizeof dir);
    char path[600];
    snprintf(path, sizeof path, "%s/triangle.bin", dir);
    float positions[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}};
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    fwrite(positions, sizeof positions, 1, f);
    fclose(f);
    return 0;
}

static int remove_files(void **state)
{
    (void)state;
    sa_test_remove_dir(dir);
    return 0;
}

static void default_scene_places_its_nodes(void **state)
{
    (void)state;
    gltf_document doc;
    load(",\n\"scenes\": [{\"nodes\": [0, 2]}], \"scene\": 0", &doc);
    scene_nodes nodes;
    sa_error err;
    if (!scene_nodes_rest(&doc, &nodes, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(5, nodes.count);
    const bool shown[5] = {true, false, true, true, true};
    for (int n = 0; n < 5; n++)
        if (nodes.shown[n] != shown[n])
            fail_msg("shown[%d]: expected %s", n, shown[n] ? "true" : "false");
    mat4 node_4 = {{2, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 2, 0}, {1, 1, 2, 1}};
    EXPECT_MAT4_NEAR(node_4, nodes.world_from_node[4], 1e-6);
    mat4 identity = GLM_MAT4_IDENTITY_INIT;
    EXPECT_MAT4_NEAR(identity, nodes.world_from_node[1], 0); /* not shown: left at the identity */

    vec3 lo, hi;
    scene_bounds(&doc, nodes.world_from_node, nodes.shown, lo, hi);
    EXPECT_VEC3(8, 0, 0, lo, 1e-5);
    EXPECT_VEC3(10, 1, 0, hi, 1e-5);
    scene_nodes_free(&nodes);
    gltf_free(&doc);
}

/* Without a scene, every root is drawn: node 1 too. */
static void no_scene_shows_every_root(void **state)
{
    (void)state;
    gltf_document doc;
    load("", &doc);
    scene_nodes nodes;
    sa_error err;
    if (!scene_nodes_rest(&doc, &nodes, &err))
        fail_msg("%s", err.message);
    for (int n = 0; n < 5; n++)
        if (!nodes.shown[n])
            fail_msg("shown[%d]: expected true (the file has no scene)", n);
    mat4 node_1 = GLM_MAT4_IDENTITY_INIT;
    node_1[3][0] = 100;
    EXPECT_MAT4_NEAR(node_1, nodes.world_from_node[1], 1e-6);
    vec3 lo, hi;
    scene_bounds(&doc, nodes.world_from_node, nodes.shown, lo, hi);
    EXPECT_NEAR(8, lo[0], 1e-5);
    EXPECT_NEAR(101, hi[0], 1e-5);
    EXPECT_NEAR(2, hi[1], 1e-5);
    scene_nodes_free(&nodes);
    gltf_free(&doc);
}

/* shown == NULL means every node with a mesh; nothing to draw gives -1..1. */
static void bounds_of_all_nodes_and_of_none(void **state)
{
    (void)state;
    gltf_document doc;
    load(",\n\"scenes\": [{\"nodes\": [2]}]", &doc);
    scene_nodes nodes;
    sa_error err;
    if (!scene_nodes_rest(&doc, &nodes, &err))
        fail_msg("%s", err.message);
    vec3 lo, hi;
    scene_bounds(&doc, nodes.world_from_node, nodes.shown, lo, hi); /* nodes 2..4 have no mesh */
    for (int i = 0; i < 3; i++) {
        EXPECT_NEAR(-1, lo[i], 0);
        EXPECT_NEAR(1, hi[i], 0);
    }
    /* Every node with a mesh, at the matrices given (here node 0 and 1 at
     * the identity: scene 0 does not show them). */
    scene_bounds(&doc, nodes.world_from_node, NULL, lo, hi);
    EXPECT_NEAR(0, lo[0], 1e-6);
    EXPECT_NEAR(1, hi[0], 1e-6);
    EXPECT_NEAR(2, hi[1], 1e-6);
    scene_nodes_free(&nodes);
    gltf_free(&doc);
}

static void mirrors_have_a_negative_determinant(void **state)
{
    (void)state;
    mat4 m = GLM_MAT4_IDENTITY_INIT;
    EXPECT_TRUE(!scene_is_mirror(m));
    m[0][0] = -1; /* scale (-1, 1, 1) */
    EXPECT_TRUE(scene_is_mirror(m));
    m[1][1] = -1; /* (-1, -1, 1): a turn of 180 degrees about Z, not a mirror */
    EXPECT_TRUE(!scene_is_mirror(m));
    m[2][2] = -0.001f; /* all three flipped: a mirror, however small */
    m[3][0] = -50;     /* translation does not matter */
    EXPECT_TRUE(scene_is_mirror(m));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(default_scene_places_its_nodes),
        cmocka_unit_test(no_scene_shows_every_root),
        cmocka_unit_test(bounds_of_all_nodes_and_of_none),
        cmocka_unit_test(mirrors_have_a_negative_determinant),
    };
    return cmocka_run_group_tests_name("scene", tests, make_files, remove_files);
}
