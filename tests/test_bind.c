/* test_bind: chapter 05's functions over plain arrays, with hand-computed
 * values: skin matrices (and their multiplication order), the T-pose
 * self-check, the inverse check, and the weight check. The whole-file checks
 * are tested by tests/bind_check.py against Python's own reading of the files. */
#include "tests/test_util.h"
#include "chapters/05_inverse_bind/bind.h"
#include "chapters/05_inverse_bind/bind_gltf.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"

static void skin_matrices_multiply_model_from_joint_first(void **state)
{
    (void)state;
    /* Skeleton joint 0 is rotated 90 degrees about Z, joint 1 moved to (0, 2, 0).
     * Skin joint 0 is skeleton joint 1, skin joint 1 is skeleton joint 0.
     * Inverse binds: skin joint 0 T(0, -2, 0), skin joint 1 T(1, 0, 0).
     *   skin 0 = T(0, 2, 0) * T(0, -2, 0) = I
     *   skin 1 = Rz90 * T(1, 0, 0): translation Rz90 (1, 0, 0) = (0, 1, 0)
     *            (the other order, T * Rz90, would give (1, 0, 0)). */
    mat4 model_from_joint[2], joint_from_model_bind[2], skin[2];
    rotation_z90(model_from_joint[0]);
    translation(model_from_joint[1], 0, 2, 0);
    translation(joint_from_model_bind[0], 0, -2, 0);
    translation(joint_from_model_bind[1], 1, 0, 0);
    const int joint_of_skin_joint[2] = {1, 0};
    skin_matrices(2, joint_of_skin_joint, model_from_joint, joint_from_model_bind, skin);
    mat4 identity = GLM_MAT4_IDENTITY_INIT, expected1;
    rotation_z90(expected1);
    expected1[3][1] = 1.0f;
    EXPECT_MAT4_NEAR(identity, skin[0], 1e-6);
    EXPECT_MAT4_NEAR(expected1, skin[1], 1e-6);
}

static void skin_matrices_validate_checks_the_map(void **state)
{
    (void)state;
    sa_error err;
    EXPECT_TRUE(skin_matrices_validate(3, (const int[]){2, 0, 1}, 3, &err));
    EXPECT_TRUE(skin_matrices_validate(0, NULL, 0, &err));
    EXPECT_TRUE(!skin_matrices_validate(2, (const int[]){0, 3}, 3, &err));
    EXPECT_STR_CONTAINS(err.message, "skin joint 1 maps to joint 3");
    EXPECT_TRUE(!skin_matrices_validate(1, (const int[]){-1}, 3, &err));
    EXPECT_TRUE(!skin_matrices_validate(-1, NULL, 3, &err));
}

static void rest_error_is_zero_when_all_equal(void **state)
{
    (void)state;
    mat4 m[3];
    for (int k = 0; k < 3; k++)
        translation(m[k], 1, 2, 3);
    EXPECT_NEAR(0.0, bind_rest_error(3, m), 0.0);
    EXPECT_NEAR(0.0, bind_rest_error(1, m), 0.0);
    EXPECT_NEAR(0.0, bind_rest_error(0, m), 0.0);
}

static void rest_error_is_the_largest_spread(void **state)
{
    (void)state;
    /* Element [3][0] (translation x) takes 1, 3, 2: spread 3 - 1 = 2 (not the
     * last minus the first, 1). Element [1][1] takes 1, 1, 1.5: spread 0.5. */
    mat4 m[3];
    translation(m[0], 1, 0, 0);
    translation(m[1], 3, 0, 0);
    translation(m[2], 2, 0, 0);
    m[2][1][1] = 1.5f;
    EXPECT_NEAR(2.0, bind_rest_error(3, m), 1e-6);
    /* The same matrices in another order: the same answer. */
    mat4 shuffled[3];
    glm_mat4_copy(m[2], shuffled[0]);
    glm_mat4_copy(m[0], shuffled[1]);
    glm_mat4_copy(m[1], shuffled[2]);
    EXPECT_NEAR(2.0, bind_rest_error(3, shuffled), 1e-6);
    /* Only the scale element differs: 0.5. */
    translation(m[1], 1, 0, 0);
    translation(m[2], 1, 0, 0);
    m[2][1][1] = 1.5f;
    EXPECT_NEAR(0.5, bind_rest_error(3, m), 1e-6);
    /* Negative values count the same way: -4 and -1 spread 3. */
    translation(m[0], 0, -4, 0);
    translation(m[1], 0, -1, 0);
    EXPECT_NEAR(3.0, bind_rest_error(2, m), 1e-6);
}

static void inverse_error_of_exact_matrices_is_zero(void **state)
{
    (void)state;
    /* Scale 2 and a translation by (4, -2, 8): the inverse, scale 0.5 and a
     * move by (-2, 1, -4), is exact in floats, so the product is exactly I. */
    mat4 m[2];
    glm_mat4_identity(m[0]);
    translation(m[1], 4, -2, 8);
    m[1][0][0] = m[1][1][1] = m[1][2][2] = 2.0f;
    float error = -1.0f;
    sa_error err;
    EXPECT_TRUE(bind_inverse_error(2, m, &error, &err));
    EXPECT_NEAR(0.0, error, 0.0);
    EXPECT_TRUE(bind_inverse_error(0, m, &error, &err));
    EXPECT_NEAR(0.0, error, 0.0);
}

static void inverse_error_names_a_singular_matrix(void **state)
{
    (void)state;
    mat4 m[3];
    for (int k = 0; k < 3; k++)
        glm_mat4_identity(m[k]);
    m[2][1][1] = 0.0f; /* y squashed flat */
    float error = -1.0f;
    sa_error err;
    EXPECT_TRUE(!bind_inverse_error(3, m, &error, &err));
    EXPECT_STR_CONTAINS(err.message, "inverse bind matrix 2 is singular");
    EXPECT_TRUE(isinf(error) && error > 0.0f); /* no inverse: the error is infinite, not the others' 0 */

    glm_mat4_identity(m[2]);
    m[1][0][3] = 0.25f; /* bottom row 0.25 0 0 1 */
    EXPECT_TRUE(!bind_inverse_error(3, m, &error, &err));
    EXPECT_STR_CONTAINS(err.message, "inverse bind matrix 1 is not affine");
    EXPECT_STR_CONTAINS(err.message, "read row-major"); /* the likeliest cause, named */

    glm_mat4_identity(m[1]);
    m[0][3][0] = NAN; /* a NaN translation would make every vertex NaN */
    EXPECT_TRUE(!bind_inverse_error(3, m, &error, &err));
    EXPECT_STR_CONTAINS(err.message, "inverse bind matrix 0 has an element that is not a finite number");
}

/* One influence set: the pointer to it, as an array of one set. */
#define set_of(joints) ((const uint16_t(*const[1])[4]){(joints)})
#define wset_of(weights) ((const float(*const[1])[4]){(weights)})

/* The vertices with the given problem bit, and the first of them
 * (vertex_count when none), as check-bind counts them. */
static size_t bind_weights_bad_as(unsigned rule, size_t vertex_count, int set_count,
                                  const uint16_t (*const *joint_sets)[4], const float (*const *weight_sets)[4],
                                  int skin_joint_count, int weight_units, size_t *first_bad)
{
    size_t bad = 0;
    if (first_bad)
        *first_bad = vertex_count;
    for (size_t v = 0; v < vertex_count; v++)
        if ((bind_vertex_problems(v, set_count, joint_sets, weight_sets, skin_joint_count, weight_units) & rule) &&
            bad++ == 0 && first_bad)
            *first_bad = v;
    return bad;
}
#define bind_weights_bad(...) bind_weights_bad_as(BIND_BAD_WEIGHTS, __VA_ARGS__)

static void weights_float(void **state)
{
    (void)state;
    const uint16_t joints[][4] = {
        {0, 1, 2, 0}, /* 0: 1 0 0 0                        good */
        {0, 1, 2, 0}, /* 1: 0.5 0.5 0 0                    good */
        {0, 1, 2, 0}, /* 2: 0.5 0.4 0 0, sum 0.9           bad */
        {0, 1, 2, 0}, /* 3: sum 0.9995, within 1e-3        good */
        {0, 1, 2, 0}, /* 4: sum 1.002                      bad */
        {0, 1, 2, 0}, /* 5: 1.5 -0.5, sum 1 but negative   bad */
        {0, 1, 5, 7}, /* 6: joints 5 and 7 with weight 0   good */
        {0, 1, 5, 0}, /* 7: joint 5 (of 3) with weight 0.2 bad */
        {0, 1, 2, 0}, /* 8: NaN                            bad */
    };
    const float weights[][4] = {
        {1, 0, 0, 0},        {0.5f, 0.5f, 0, 0},   {0.5f, 0.4f, 0, 0},    {0.9995f, 0, 0, 0}, {1.002f, 0, 0, 0},
        {1.5f, -0.5f, 0, 0}, {0.75f, 0.25f, 0, 0}, {0.5f, 0.3f, 0.2f, 0}, {NAN, 0, 0, 0},
    };
    size_t first = 99;
    EXPECT_INT(5, bind_weights_bad(9, 1, set_of(joints), wset_of(weights), 3, BIND_WEIGHTS_FLOAT, &first));
    EXPECT_INT(2, first);
    EXPECT_INT(0, bind_weights_bad(2, 1, set_of(joints), wset_of(weights), 3, BIND_WEIGHTS_FLOAT, &first));
    EXPECT_INT(2, first); /* none: vertex_count */
    EXPECT_INT(1, bind_weights_bad(1, 1, set_of(joints + 7), wset_of(weights + 7), 3, BIND_WEIGHTS_FLOAT, NULL));
    EXPECT_INT(0, bind_weights_bad(1, 1, set_of(joints + 7), wset_of(weights + 7), 6, BIND_WEIGHTS_FLOAT, NULL));
}

static void weights_normalized_integers(void **state)
{
    (void)state;
    /* As the loader hands them over: the stored integer over 255 or 65535. */
    const uint16_t joints[][4] = {{0, 1, 0, 0}, {0, 1, 0, 0}, {0, 1, 0, 0}, {0, 1, 0, 0}};
    const float u8[][4] = {
        {128 / 255.0f, 127 / 255.0f, 0, 0}, /* 255: good */
        {128 / 255.0f, 123 / 255.0f, 0, 0}, /* 251: 4 units short, good */
        {128 / 255.0f, 122 / 255.0f, 0, 0}, /* 250: 5 units short, bad */
        {255 / 255.0f, 4 / 255.0f, 0, 0},   /* 259: 4 units over, good */
    };
    size_t first;
    EXPECT_INT(1, bind_weights_bad(4, 1, set_of(joints), wset_of(u8), 2, 255, &first));
    EXPECT_INT(2, first);
    const float u16[][4] = {
        {65535 / 65535.0f, 0, 0, 0},               /* good */
        {60000 / 65535.0f, 5531 / 65535.0f, 0, 0}, /* 65531: good */
        {60000 / 65535.0f, 5530 / 65535.0f, 0, 0}, /* 65530: bad */
        {60000 / 65535.0f, 5540 / 65535.0f, 0, 0}, /* 65540: bad */
    };
    EXPECT_INT(2, bind_weights_bad(4, 1, set_of(joints), wset_of(u16), 2, 65535, &first));
    EXPECT_INT(2, first);
    /* 65502 / 65535 = 0.9995: within 1e-3 of 1 for a float weight, but 33
     * units short for a u16 one. */
    const float close[][4] = {{65502 / 65535.0f, 0, 0, 0}};
    EXPECT_INT(0, bind_weights_bad(1, 1, set_of(joints), wset_of(close), 2, BIND_WEIGHTS_FLOAT, NULL));
    EXPECT_INT(1, bind_weights_bad(1, 1, set_of(joints), wset_of(close), 2, 65535, NULL));
}

static void weights_over_two_sets(void **state)
{
    (void)state;
    /* Eight influences: the sum is over both sets. Vertex 0: 0.5 + 0.2 in
     * set 0, 0.3 in set 1: sum 1, good (set 0 alone would be bad). Vertex 1:
     * 0.5 + 0.5 in set 0 and 0.25 more in set 1: sum 1.25, bad. Vertex 2: a
     * weight of set 1 on joint 9 of a 6-joint skin: bad. */
    const uint16_t joints0[][4] = {{0, 1, 0, 0}, {0, 1, 0, 0}, {0, 1, 0, 0}};
    const uint16_t joints1[][4] = {{4, 0, 0, 0}, {5, 0, 0, 0}, {9, 0, 0, 0}};
    const float weights0[][4] = {{0.5f, 0.2f, 0, 0}, {0.5f, 0.5f, 0, 0}, {0.5f, 0.2f, 0, 0}};
    const float weights1[][4] = {{0.3f, 0, 0, 0}, {0.25f, 0, 0, 0}, {0.3f, 0, 0, 0}};
    const uint16_t(*const joint_sets[2])[4] = {joints0, joints1};
    const float(*const weight_sets[2])[4] = {weights0, weights1};
    size_t first;
    EXPECT_INT(2, bind_weights_bad(3, 2, joint_sets, weight_sets, 6, BIND_WEIGHTS_FLOAT, &first));
    EXPECT_INT(1, first);
    EXPECT_INT(1, bind_weights_bad(3, 2, joint_sets, weight_sets, 10, BIND_WEIGHTS_FLOAT, &first));
    /* Set 0 alone: vertices 0 and 2 sum to 0.7. */
    EXPECT_INT(2, bind_weights_bad(3, 1, joint_sets, weight_sets, 10, BIND_WEIGHTS_FLOAT, &first));
    EXPECT_INT(0, first);
}

/* --- the spec's joint rules, and the file's vertices (issue 14) --------------- */

static void joint_rules(void **state)
{
    (void)state;
    /* A 3-joint skin. By the spec: every index in range, even with weight 0;
     * at most one non-zero weight per joint (zero weights may repeat one). */
    const uint16_t joints[][4] = {
        {0, 1, 2, 0}, /* 0: 1 0 0 0: joint 0 twice, once with weight 0   none */
        {0, 3, 0, 0}, /* 1: 1 0 0 0: joint 3 = joint_count, weight 0     outside */
        {0, 2, 0, 0}, /* 2: 1 0 0 0: joint 2, the last one                none */
        {1, 1, 0, 0}, /* 3: 0.5 0.5: joint 1 twice, both non-zero        twice */
        {0, 4, 0, 0}, /* 4: 0.5 0.5 on joint 4: bad weights and outside */
        {2, 0, 0, 2}, /* 5: 0.25 0 0 0.75: joint 2 twice across the four  twice */
    };
    const float weights[][4] = {
        {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {0.5f, 0.5f, 0, 0}, {0.5f, 0.5f, 0, 0}, {0.25f, 0, 0, 0.75f},
    };
    const unsigned want[] =
        {0, BIND_JOINT_OUTSIDE, 0, BIND_JOINT_TWICE, BIND_BAD_WEIGHTS | BIND_JOINT_OUTSIDE, BIND_JOINT_TWICE};
    for (size_t v = 0; v < 6; v++)
        EXPECT_INT(want[v], bind_vertex_problems(v, 1, set_of(joints), wset_of(weights), 3, BIND_WEIGHTS_FLOAT));
    /* Across two sets: joint 1 with a non-zero weight in each. */
    const uint16_t j0[1][4] = {{1, 0, 0, 0}}, j1[1][4] = {{1, 0, 0, 0}};
    const float w0[1][4] = {{0.5f, 0, 0, 0}}, w1[1][4] = {{0.5f, 0, 0, 0}};
    const uint16_t(*const joint_sets[2])[4] = {j0, j1};
    const float(*const weight_sets[2])[4] = {w0, w1};
    EXPECT_INT(BIND_JOINT_TWICE, bind_vertex_problems(0, 2, joint_sets, weight_sets, 3, BIND_WEIGHTS_FLOAT));
}

/* A primitive without NORMAL, as the loader hands it over (chapter 03
 * unwelds it): file vertices 0..4, triangles (2 3 0), (2 0 1), (3 1 0),
 * vertex 4 in none; the copies are 2 3 0, 2 0 1, 3 1 0, then 4 (ten copies).
 * On a 1-joint skin: file vertices 3 and 1 have weights summing to 0.5 (two
 * copies each; 3's copy comes first, but 1 is the first file vertex), 0 has
 * a weight 0 on joint 1 (three copies), 2 has 0.5 0.5 on joint 0 (two
 * copies), 4 is good. By hand: 4 bad file vertices (9 bad copies), 2 with
 * bad weights (the first: vertex 1), 1 outside (vertex 0), 1 twice (vertex 2). */
static void check_gltf_counts_file_vertices(void **state)
{
    (void)state;
    const float file_weights[5][4] = {{1, 0, 0, 0}, {0.5f, 0, 0, 0}, {0.5f, 0.5f, 0, 0}, {0.5f, 0, 0, 0}, {1, 0, 0, 0}};
    const uint16_t file_joints[5][4] = {{0, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}};
    const uint32_t source[10] = {2, 3, 0, 2, 0, 1, 3, 1, 0, 4}, corners[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    float positions[10][3] = {{0}}, normals[10][3] = {{0}};
    float weights[10][4];
    uint16_t joints[10][4];
    for (int i = 0; i < 10; i++) {
        memcpy(weights[i], file_weights[source[i]], sizeof weights[i]);
        memcpy(joints[i], file_joints[source[i]], sizeof joints[i]);
        normals[i][2] = 1.0f;
    }
    gltf_primitive prim = {0};
    prim.vertex_count = 10, prim.positions = (const float(*)[3])positions, prim.normals = (const float(*)[3])normals;
    prim.joints = (const uint16_t(*)[4])joints, prim.weights = (const float(*)[4])weights;
    prim.influence_set_count = 1, prim.joint_sets[0] = prim.joints, prim.weight_sets[0] = prim.weights;
    prim.weight_set_accessors[0] = 0;
    prim.triangle_count = 3, prim.triangle_indices = corners;
    prim.normals_computed = true, prim.source_vertex = source, prim.source_vertex_count = 5;
    gltf_accessor accessor = {0};
    accessor.component_type = GLTF_FLOAT;
    gltf_mesh mesh = {.primitives = &prim, .primitive_count = 1};
    gltf_node nodes[2] = {{0}, {0}};
    nodes[0].mesh = -1, nodes[0].skin = -1, nodes[0].camera = -1, nodes[0].parent = -1;
    nodes[1].mesh = 0, nodes[1].skin = 0, nodes[1].camera = -1, nodes[1].parent = -1;
    mat4 identity = GLM_MAT4_IDENTITY_INIT;
    for (int n = 0; n < 2; n++) {
        glm_quat_identity(nodes[n].local.rotation);
        glm_vec3_one(nodes[n].local.scale);
        memcpy(nodes[n].matrix, identity, sizeof nodes[n].matrix);
    }
    int skin_joints[1] = {0};
    float ibm[1][16] = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
    gltf_skin skin = {NULL, skin_joints, 1, -1, -1, ibm};
    gltf_document doc = {0};
    doc.meshes = &mesh, doc.mesh_count = 1, doc.nodes = nodes, doc.node_count = 2;
    doc.skins = &skin, doc.skin_count = 1, doc.scene = -1;
    doc.accessors = &accessor, doc.accessor_count = 1;
    skeleton s;
    bind_report r;
    sa_error err;
    if (!skeleton_from_gltf(&doc, &s, &err) || !bind_check_gltf(&doc, &s, &r, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(4, r.weights_bad);
    EXPECT_INT(2, r.rule_vertices[0]);
    EXPECT_INT(1, r.rule_vertices[1]);
    EXPECT_INT(1, r.rule_vertices[2]);
    EXPECT_STR_CONTAINS(r.rule_first[0], "): vertex 1: weights 0.5 0 0 0 (sum 0.5)");
    EXPECT_STR_CONTAINS(r.rule_first[1], "): vertex 0: weights 1 0 0 0 (sum 1) on joints 0 1 0 0");
    EXPECT_STR_CONTAINS(r.rule_first[2], "): vertex 2: weights 0.5 0.5 0 0");
    /* And the error lines name each rule with its count. */
    FILE *out = tmpfile(), *diagnostics = tmpfile();
    assert_non_null(out);
    assert_non_null(diagnostics);
    EXPECT_INT(1, bind_report_print(&r, "f.gltf", out, diagnostics));
    char text[2048] = {0};
    rewind(diagnostics);
    text[fread(text, 1, sizeof text - 1, diagnostics)] = 0;
    EXPECT_STR_CONTAINS(text, "error: f.gltf: 2 vertices with bad weights; the first: meshes[0].primitives[0]");
    EXPECT_STR_CONTAINS(text, "error: f.gltf: 1 vertices with a joint index outside their skin");
    EXPECT_STR_CONTAINS(text, "error: f.gltf: 1 vertices with two non-zero weights on one joint");
    rewind(out);
    text[fread(text, 1, sizeof text - 1, out)] = 0;
    EXPECT_STR_CONTAINS(text, "\nweights_bad: 4\n");
    fclose(out);
    fclose(diagnostics);
    skeleton_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(skin_matrices_multiply_model_from_joint_first),
        cmocka_unit_test(skin_matrices_validate_checks_the_map),
        cmocka_unit_test(rest_error_is_zero_when_all_equal),
        cmocka_unit_test(rest_error_is_the_largest_spread),
        cmocka_unit_test(inverse_error_of_exact_matrices_is_zero),
        cmocka_unit_test(inverse_error_names_a_singular_matrix),
        cmocka_unit_test(weights_float),
        cmocka_unit_test(weights_normalized_integers),
        cmocka_unit_test(weights_over_two_sets),
        cmocka_unit_test(joint_rules),
        cmocka_unit_test(check_gltf_counts_file_vertices),
    };
    return cmocka_run_group_tests_name("test_bind", tests, NULL, NULL);
}
