/* Unit tests of chapter 04's skeleton: forward kinematics of hand-made chains
 * against matrices worked out by hand, sorting parents first, and skeletons
 * built from small glTF files (matrix ancestors, shared joints, errors). */
#include "test_util.h"
#include "chapters/04_bone_tree/skeleton.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"

#define S45 0.70710678f /* sin 45 degrees = cos 45 degrees */

/* The book's chain: a root 1 m along X turned 90 degrees about Z, a child
 * 2 m along its parent's X scaled by 2, a grandchild 1 m along its parent's
 * Y turned 90 degrees about X. */
static void three_joint_chain(transform local[3])
{
    local[0] = trs(1, 0, 0, (versor){0, 0, S45, S45}, 1);
    local[1] = trs(2, 0, 0, (versor){0, 0, 0, 1}, 2);
    local[2] = trs(0, 1, 0, (versor){S45, 0, 0, S45}, 1);
}

/* By hand (columns are the images of the joint's X, Y, Z axes, then its origin):
 *   root:       Rz90           -> X to (0,1,0), Y to (-1,0,0), Z to (0,0,1); origin (1,0,0)
 *   child:      root * [2I | (2,0,0)] -> axes (0,2,0), (-2,0,0), (0,0,2);
 *               origin = root's (1,0,0) + Rz90 (2,0,0) = (1,2,0)
 *   grandchild: child * [Rx90 | (0,1,0)] -> X: child's X = (0,2,0); Y: child's Z = (0,0,2);
 *               Z: minus child's Y = (2,0,0); origin = (1,2,0) + child's Y (-2,0,0) = (-1,2,0) */
static mat4 chain_expected[3] = {
    {{0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {1, 0, 0, 1}},
    {{0, 2, 0, 0}, {-2, 0, 0, 0}, {0, 0, 2, 0}, {1, 2, 0, 1}},
    {{0, 2, 0, 0}, {0, 0, 2, 0}, {2, 0, 0, 0}, {-1, 2, 0, 1}},
};

static void fk_of_a_three_joint_chain(void **state)
{
    (void)state;
    transform local[3];
    three_joint_chain(local);
    const int parent[3] = {-1, 0, 1};
    mat4 model_from_joint[3];
    joints_local_to_model(3, parent, local, model_from_joint);
    for (int j = 0; j < 3; j++)
        EXPECT_MAT4_NEAR(chain_expected[j], model_from_joint[j], 1e-5);
}

static void skeleton_fk_matches_the_parent_array_fk(void **state)
{
    (void)state;
    transform local[3];
    three_joint_chain(local);
    skeleton s;
    sa_error err;
    const char *names[3] = {"root", "child", NULL};
    if (!skeleton_from_arrays(3, (const int[]){-1, 0, 1}, names, local, &s, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(3, s.joint_count);
    EXPECT_TRUE(strcmp(s.name[0], "root") == 0 && strcmp(s.name[2], "") == 0);
    EXPECT_INT(1, skeleton_find(&s, "child"));
    EXPECT_INT(-1, skeleton_find(&s, "nobody"));
    mat4 model_from_joint[3];
    skeleton_local_to_model(&s, s.rest_local, model_from_joint);
    for (int j = 0; j < 3; j++)
        EXPECT_MAT4_NEAR(chain_expected[j], model_from_joint[j], 1e-5);
    skeleton_free(&s);
}

/* The same bones in a shuffled order (children before parents, a second
 * root with its own child): sorted parents first, every bone ends up with
 * the same matrix as before. */
static void shuffled_order_gives_the_same_matrices(void **state)
{
    (void)state;
    transform chain[3];
    three_joint_chain(chain);
    /* Input entries: 0 grandchild, 1 other root's child, 2 child, 3 other root, 4 root. */
    transform local[5] = {chain[2], trs(0, 0, 3, (versor){0, 0, 0, 1}, 1), chain[1],
                          trs(5, 0, 0, (versor){0, S45, 0, S45}, 1), chain[0]};
    const int parent[5] = {2, 3, 4, -1, -1};
    skeleton s;
    sa_error err;
    if (!skeleton_from_arrays(5, parent, NULL, local, &s, &err))
        fail_msg("%s", err.message);
    for (int j = 0; j < 5; j++) {
        EXPECT_TRUE(s.parent[j] < j);
        EXPECT_INT(j, s.joint_of_node[s.node_of_joint[j]]);
        int input_parent = parent[s.node_of_joint[j]];
        EXPECT_INT(input_parent < 0 ? -1 : s.joint_of_node[input_parent], s.parent[j]);
    }
    mat4 model_from_joint[5];
    skeleton_local_to_model(&s, s.rest_local, model_from_joint);
    EXPECT_MAT4_NEAR(chain_expected[0], model_from_joint[s.joint_of_node[4]], 1e-5);
    EXPECT_MAT4_NEAR(chain_expected[1], model_from_joint[s.joint_of_node[2]], 1e-5);
    EXPECT_MAT4_NEAR(chain_expected[2], model_from_joint[s.joint_of_node[0]], 1e-5);
    /* The other root: 90 degrees about Y at (5,0,0); its child 3 m along its Z,
     * which the rotation turns into +X: origin (8,0,0). */
    mat4 other_root = {{0, 0, -1, 0}, {0, 1, 0, 0}, {1, 0, 0, 0}, {5, 0, 0, 1}};
    mat4 other_child = {{0, 0, -1, 0}, {0, 1, 0, 0}, {1, 0, 0, 0}, {8, 0, 0, 1}};
    EXPECT_MAT4_NEAR(other_root, model_from_joint[s.joint_of_node[3]], 1e-5);
    EXPECT_MAT4_NEAR(other_child, model_from_joint[s.joint_of_node[1]], 1e-5);
    skeleton_free(&s);
}

static void bad_parent_arrays_are_errors(void **state)
{
    (void)state;
    transform local[3];
    three_joint_chain(local);
    skeleton s;
    sa_error err;
    EXPECT_TRUE(!skeleton_from_arrays(3, (const int[]){-1, 3, 0}, NULL, local, &s, &err));
    EXPECT_STR_CONTAINS(err.message, "entry 1: parent 3 is out of range");
    EXPECT_TRUE(!skeleton_from_arrays(3, (const int[]){-1, 2, 1}, NULL, local, &s, &err));
    EXPECT_STR_CONTAINS(err.message, "cycle");
    EXPECT_TRUE(!skeleton_from_arrays(3, (const int[]){-1, 1, 0}, NULL, local, &s, &err));
    EXPECT_STR_CONTAINS(err.message, "cycle");
    EXPECT_TRUE(!skeleton_from_arrays(-1, NULL, NULL, local, &s, &err));
    /* Nothing to free after a failure, and freeing twice is harmless. */
    skeleton_free(&s);
    skeleton_free(&s);
}

/* --- skeletons from glTF files ------------------------------------------- */

static void load(const char *json, gltf_document *doc)
{
    sa_error err;
    if (!gltf_load_memory(json, strlen(json), NULL, "test.gltf", NULL, doc, &err))
        fail_msg("loading the test file: %s", err.message);
}

/* An Armature node with a `matrix` (Z up to Y up: -90 degrees about X, and
 * centimetres to metres: 0.01, then 1 m up) above a two-joint Z-up chain
 * whose skin lists the child first. A mesh node beside it is in no skin. */
static const char *armature_json = "{\"asset\":{\"version\":\"2.0\"},"
                                   "\"nodes\":[{\"name\":\"Armature\",\"children\":[1],"
                                   "\"matrix\":[0.01,0,0,0, 0,0,-0.01,0, 0,0.01,0,0, 0,1,0,1]},"
                                   "{\"name\":\"hips\",\"translation\":[0,0,100],\"children\":[2]},"
                                   "{\"name\":\"spine\",\"translation\":[0,0,50]},"
                                   "{\"name\":\"prop\",\"matrix\":[1,0,0,0, 0.5,1,0,0, 0,0,1,0, 0,0,0,1]}],"
                                   "\"skins\":[{\"joints\":[2,1]}]}";

static void matrix_ancestor_above_the_root(void **state)
{
    (void)state;
    gltf_document doc;
    load(armature_json, &doc);
    skeleton s;
    sa_error err;
    if (!skeleton_from_gltf(&doc, &s, &err))
        fail_msg("%s", err.message);
    /* Armature, hips, spine: the ancestor is in, parents first. */
    EXPECT_INT(3, s.joint_count);
    EXPECT_INT(0, s.node_of_joint[0]);
    EXPECT_INT(1, s.node_of_joint[1]);
    EXPECT_INT(2, s.node_of_joint[2]);
    EXPECT_INT(-1, s.parent[0]);
    EXPECT_INT(0, s.parent[1]);
    EXPECT_INT(1, s.parent[2]);
    EXPECT_INT(-1, s.joint_of_node[3]);
    EXPECT_TRUE(strcmp(s.name[0], "Armature") == 0);
    /* The skin's joint 0 is spine, joint 1 hips: JOINTS_0 values stay valid. */
    EXPECT_INT(1, s.skin_count);
    EXPECT_INT(2, s.skins[0].joint_count);
    EXPECT_INT(2, s.skins[0].joint_of_skin_joint[0]);
    EXPECT_INT(1, s.skins[0].joint_of_skin_joint[1]);
    /* The matrix was split: scale 0.01, -90 degrees about X. */
    for (int i = 0; i < 3; i++)
        EXPECT_NEAR(0.01, s.rest_local[0].scale[i], 1e-7);
    float sign = s.rest_local[0].rotation[3] < 0 ? -1.0f : 1.0f;
    EXPECT_NEAR(-S45, sign * s.rest_local[0].rotation[0], 1e-6);
    EXPECT_NEAR(S45, sign * s.rest_local[0].rotation[3], 1e-6);
    EXPECT_NEAR(1, s.rest_local[0].translation[1], 1e-7);

    /* By hand: hips at Armature * (0,0,100) = 0.01 * 100 along Z-up-turned-Y
     * plus 1 m: (0,2,0); spine 0.5 m above. Axes: 0.01 * (X, -Z, Y). */
    mat4 model_from_joint[3];
    skeleton_local_to_model(&s, s.rest_local, model_from_joint);
    mat4 hips = {{0.01f, 0, 0, 0}, {0, 0, -0.01f, 0}, {0, 0.01f, 0, 0}, {0, 2, 0, 1}};
    mat4 spine = {{0.01f, 0, 0, 0}, {0, 0, -0.01f, 0}, {0, 0.01f, 0, 0}, {0, 2.5f, 0, 1}};
    EXPECT_MAT4_NEAR(hips, model_from_joint[1], 1e-6);
    EXPECT_MAT4_NEAR(spine, model_from_joint[2], 1e-6);
    skeleton_free(&s);

    /* Over all nodes, the sheared "prop" matrix cannot be a joint. */
    EXPECT_TRUE(!skeleton_from_gltf_nodes(&doc, &s, &err));
    EXPECT_STR_CONTAINS(err.message, "nodes[3].matrix: cannot be split");
    gltf_free(&doc);
}

static void sheared_joint_matrix_is_an_error(void **state)
{
    (void)state;
    gltf_document doc;
    load("{\"asset\":{\"version\":\"2.0\"},"
         "\"nodes\":[{\"children\":[1]},{\"matrix\":[1,0,0,0, 0.5,1,0,0, 0,0,1,0, 0,0,0,1]}],"
         "\"skins\":[{\"joints\":[0,1]}]}",
         &doc);
    skeleton s;
    sa_error err;
    EXPECT_TRUE(!skeleton_from_gltf(&doc, &s, &err));
    EXPECT_STR_CONTAINS(err.message, "nodes[1].matrix: cannot be split into translation, rotation and scale");
    skeleton_free(&s);
    gltf_free(&doc);
}

/* Two skins that share joints (a body and a jacket): one skeleton, each skin
 * mapped to it, and nodes outside every skin left out. */
static void two_skins_share_joints(void **state)
{
    (void)state;
    gltf_document doc;
    load("{\"asset\":{\"version\":\"2.0\"},"
         "\"nodes\":[{\"name\":\"root\",\"children\":[1,2]},{\"name\":\"arm\",\"children\":[3],"
         "\"translation\":[1,0,0]},{\"name\":\"leg\",\"translation\":[0,-1,0]},"
         "{\"name\":\"hand\",\"translation\":[1,0,0]},{\"name\":\"loose\"}],"
         "\"skins\":[{\"joints\":[0,1,3]},{\"joints\":[3,0,2]}]}",
         &doc);
    skeleton s;
    sa_error err;
    if (!skeleton_from_gltf(&doc, &s, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(4, s.joint_count);
    EXPECT_INT(-1, s.joint_of_node[4]);
    EXPECT_INT(2, s.skin_count);
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 3; i++)
            EXPECT_INT(doc.skins[k].joints[i], s.node_of_joint[s.skins[k].joint_of_skin_joint[i]]);
    /* The shared hand is one joint for both skins. */
    EXPECT_INT(s.skins[0].joint_of_skin_joint[2], s.skins[1].joint_of_skin_joint[0]);
    mat4 model_from_joint[4];
    skeleton_local_to_model(&s, s.rest_local, model_from_joint);
    int hand = s.joint_of_node[3];
    EXPECT_NEAR(2, model_from_joint[hand][3][0], 1e-6);
    EXPECT_NEAR(-1, model_from_joint[s.joint_of_node[2]][3][1], 1e-6);
    skeleton_free(&s);

    /* Every node: 5 entries, the loose root included, and the same matrices. */
    if (!skeleton_from_gltf_nodes(&doc, &s, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(5, s.joint_count);
    EXPECT_INT(5, s.node_count);
    mat4 model_from_node[5];
    skeleton_local_to_model(&s, s.rest_local, model_from_node);
    EXPECT_NEAR(2, model_from_node[s.joint_of_node[3]][3][0], 1e-6);
    EXPECT_INT(-1, s.parent[s.joint_of_node[4]]);
    skeleton_free(&s);
    gltf_free(&doc);
}

static void a_file_without_skins_gives_an_empty_skeleton(void **state)
{
    (void)state;
    gltf_document doc;
    load("{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{\"name\":\"a\"}]}", &doc);
    skeleton s;
    sa_error err;
    if (!skeleton_from_gltf(&doc, &s, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(0, s.joint_count);
    EXPECT_INT(0, s.skin_count);
    skeleton_free(&s);
    gltf_free(&doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fk_of_a_three_joint_chain),
        cmocka_unit_test(skeleton_fk_matches_the_parent_array_fk),
        cmocka_unit_test(shuffled_order_gives_the_same_matrices),
        cmocka_unit_test(bad_parent_arrays_are_errors),
        cmocka_unit_test(matrix_ancestor_above_the_root),
        cmocka_unit_test(sheared_joint_matrix_is_an_error),
        cmocka_unit_test(two_skins_share_joints),
        cmocka_unit_test(a_file_without_skins_gives_an_empty_skeleton),
    };
    return cmocka_run_group_tests_name("chapter 04 skeleton", tests, NULL, NULL);
}
