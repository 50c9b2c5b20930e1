/* test_skinning: chapter 06's skinning over plain arrays, with hand-computed
 * values: one joint moves a vertex by exactly its transform, two joints at
 * 0.5 / 0.5, normals under a non-uniform scale (the inverse transpose, not
 * the plain matrix), the bind pose leaves every vertex in place; the
 * influences cleaned once at load (more than four, unnormalized, all zero,
 * bad entries, the index width); the job's validation; and a skinned glTF
 * file built in memory (scene space, the mesh node's transform ignored, the
 * --dump-obj text, JOINTS_1 / WEIGHTS_1). The Khronos models are checked
 * against Python's own reading of the files by tests/skinning_check.py. */
#include "tests/test_util.h"
#include "chapters/05_inverse_bind/bind.h"
#include "chapters/06_cpu_skinning/skinning.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"

/* Skins one vertex through the job (u8 joints), as the program does. */
static void skin_one(mat4 *skin, int joint_count, const uint8_t joints[4], const float weights[4], const float p[3],
                     const float n[3], float out_p[3], float out_n[3])
{
    float out_positions[1][3], out_normals[1][3];
    skinning_job job = {
        .vertex_count = 1,
        .joint_count = joint_count,
        .skin_matrix = skin,
        .joints_u8 = (const uint8_t(*)[4])joints,
        .weights = (const float(*)[4])weights,
        .positions = (const float(*)[3])p,
        .normals = (const float(*)[3])n,
        .out_positions = out_positions,
        .out_normals = out_normals,
    };
    sa_error err;
    if (!skinning_job_validate(&job, &err))
        fail_msg("skinning_job_validate: %s", err.message);
    skinning_job_run(&job);
    memcpy(out_p, out_positions[0], sizeof out_positions[0]);
    memcpy(out_n, out_normals[0], sizeof out_normals[0]);
}

static void one_joint_moves_the_vertex_by_its_transform(void **state)
{
    (void)state;
    /* skin 1 = T(1, 2, 3) * Rz90: (1, 0, 0) -> (0, 1, 0) + (1, 2, 3) = (1, 3, 3);
     * the normal (1, 0, 0) turns to (0, 1, 0) and is not moved. */
    mat4 skin[2], r;
    translation(skin[0], 9, 9, 9);
    translation(skin[1], 1, 2, 3);
    rotation_z90(r);
    glm_mat4_mul(skin[1], r, skin[1]);
    float p[3], n[3];
    skin_one(skin, 2, (const uint8_t[]){1, 0, 0, 0}, (const float[]){1, 0, 0, 0}, (const float[]){1, 0, 0},
             (const float[]){1, 0, 0}, p, n);
    EXPECT_VEC3(1, 3, 3, p, 1e-6);
    EXPECT_VEC3(0, 1, 0, n, 1e-6);
}

static void two_joints_half_and_half(void **state)
{
    (void)state;
    /* skin 0 = I, skin 1 = T(2, 0, 0): (0, 1, 0) -> (1, 1, 0), normal kept. */
    mat4 skin[2];
    glm_mat4_identity(skin[0]);
    translation(skin[1], 2, 0, 0);
    float p[3], n[3];
    skin_one(skin, 2, (const uint8_t[]){0, 1, 0, 0}, (const float[]){0.5f, 0.5f, 0, 0}, (const float[]){0, 1, 0},
             (const float[]){0, 1, 0}, p, n);
    EXPECT_VEC3(1, 1, 0, p, 1e-6);
    EXPECT_VEC3(0, 1, 0, n, 1e-6);
    /* skin 1 = Rz90 instead: the blend 0.5 (I + Rz90) takes (1, 0, 0) to
     * (0.5, 0.5, 0), inside the circle (linear blending shrinks a twist),
     * and the normal (1, 0, 0) to (1, 1, 0) / sqrt 2. */
    rotation_z90(skin[1]);
    skin_one(skin, 2, (const uint8_t[]){0, 1, 0, 0}, (const float[]){0.5f, 0.5f, 0, 0}, (const float[]){1, 0, 0},
             (const float[]){1, 0, 0}, p, n);
    EXPECT_VEC3(0.5, 0.5, 0, p, 1e-6);
    EXPECT_VEC3(0.70710678, 0.70710678, 0, n, 1e-6);
}

static void weights_apply_to_the_translation(void **state)
{
    (void)state;
    /* 0.25 of T(4, 0, 0) and 0.75 of I: the origin moves by 1, not 4. */
    mat4 skin[2];
    translation(skin[0], 4, 0, 0);
    glm_mat4_identity(skin[1]);
    float p[3], n[3];
    skin_one(skin, 2, (const uint8_t[]){0, 1, 0, 0}, (const float[]){0.25f, 0.75f, 0, 0}, (const float[]){0, 0, 0},
             (const float[]){0, 0, 1}, p, n);
    EXPECT_VEC3(1, 0, 0, p, 1e-6);
    EXPECT_VEC3(0, 0, 1, n, 1e-6);
}

static void non_uniform_scale_needs_the_inverse_transpose(void **state)
{
    (void)state;
    /* The plane x + y = 1 (normal (1, 1, 0) / sqrt 2) stretched by 2 along x
     * becomes x / 2 + y = 1, whose normal is (1, 2, 0) / sqrt 5. The plain
     * matrix would give (2, 1, 0) / sqrt 5: no longer perpendicular. */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    skin[0][0][0] = 2.0f;
    float p[3], n[3];
    skin_one(skin, 1, (const uint8_t[]){0, 0, 0, 0}, (const float[]){1, 0, 0, 0}, (const float[]){0.5f, 0.5f, 0},
             (const float[]){0.70710678f, 0.70710678f, 0}, p, n);
    EXPECT_VEC3(1, 0.5, 0, p, 1e-6);
    EXPECT_VEC3(1 / sqrt(5.0), 2 / sqrt(5.0), 0, n, 1e-6);
    /* The surface's edge direction (1, -1, 0) becomes (2, -1, 0): the
     * normal is perpendicular to it. */
    EXPECT_NEAR(0.0, 2 * n[0] - n[1], 1e-6);
}

static void a_mirror_keeps_the_normal_outward(void **state)
{
    (void)state;
    /* scale(-1, 1, 1): the face at x = 1 facing +x lands at x = -1 facing -x. */
    mat4 skin[1];
    glm_mat4_identity(skin[0]);
    skin[0][0][0] = -1.0f;
    float p[3], n[3];
    skin_one(skin, 1, (const uint8_t[]){0, 0, 0, 0}, (const float[]){1, 0, 0, 0}, (const float[]){1, 0, 0},
             (const float[]){1, 0, 0}, p, n);
    EXPECT_VEC3(-1, 0, 0, p, 1e-6);
    EXPECT_VEC3(-1, 0, 0, n, 1e-6);
}

static void the_bind_pose_leaves_every_vertex_in_place(void **state)
{
    (void)state;
    /* Three joints with inverse binds of a rotation, a scale and a
     * translation; at the bind pose model_from_joint = inverse(joint_from_model_bind),
     * so every skin matrix is the identity and nothing moves (1e-5). */
    mat4 joint_from_model_bind[3], skin[3];
    glm_mat4_identity(joint_from_model_bind[0]);
    glm_rotate(joint_from_model_bind[0], 0.7f, (vec3){0.3f, 0.5f, 0.8f});
    joint_from_model_bind[0][3][0] = -0.4f;
    glm_mat4_identity(joint_from_model_bind[1]);
    glm_scale(joint_from_model_bind[1], (vec3){100.0f, 100.0f, 100.0f}); /* centimetres */
    translation(joint_from_model_bind[2], 0.1f, -1.5f, 0.25f);
    for (int k = 0; k < 3; k++) {
        mat4 model_from_joint;
        assert_true(affine_inverse(joint_from_model_bind[k], model_from_joint));
        glm_mat4_mul(model_from_joint, joint_from_model_bind[k], skin[k]);
    }
    const float vertices[4][3] = {{0, 0, 0}, {0.3f, 1.7f, -0.2f}, {-0.5f, 0.9f, 0.1f}, {0.05f, 0.02f, 0.4f}};
    const float weights[4][4] = {{1, 0, 0, 0}, {0.2f, 0.3f, 0.5f, 0}, {0.6f, 0.4f, 0, 0}, {0.25f, 0.25f, 0.25f, 0.25f}};
    const uint8_t joints[4][4] = {{0, 0, 0, 0}, {0, 1, 2, 0}, {2, 1, 0, 0}, {0, 1, 2, 1}};
    for (int v = 0; v < 4; v++) {
        float p[3], n[3];
        skin_one(skin, 3, joints[v], weights[v], vertices[v], (const float[]){0, 1, 0}, p, n);
        EXPECT_VEC3(vertices[v][0], vertices[v][1], vertices[v][2], p, 1e-5);
        EXPECT_VEC3(0, 1, 0, n, 1e-5);
    }
}

static void u16_joints_and_tangents(void **state)
{
    (void)state;
    /* 300 joints need u16 indices; joint 299 is Rz90 * scale(1, 3, 1). The
     * tangent (1, 0, 0, -1) goes through the plain matrix to (0, 1, 0), w kept. */
    static mat4 skin[300];
    for (int k = 0; k < 300; k++)
        translation(skin[k], 5, 5, 5);
    rotation_z90(skin[299]);
    glm_scale(skin[299], (vec3){1, 3, 1});
    const uint16_t joints[1][4] = {{299, 0, 0, 0}};
    const float weights[1][4] = {{1, 0, 0, 0}}, positions[1][3] = {{0, 1, 0}}, normals[1][3] = {{0, 1, 0}};
    const float tangents[1][4] = {{1, 0, 0, -1}};
    float out_p[1][3], out_n[1][3], out_t[1][4];
    skinning_job job = {1,     300,   skin,  NULL, joints, weights, positions, normals, tangents,
                        out_p, out_n, out_t, NULL, 0,      NULL,    NULL,      NULL};
    sa_error err;
    assert_true(skinning_job_validate(&job, &err));
    skinning_job_run(&job);
    EXPECT_VEC3(-3, 0, 0, out_p[0], 1e-6);
    EXPECT_VEC3(-1, 0, 0, out_n[0], 1e-6);
    EXPECT_VEC3(0, 1, 0, out_t[0], 1e-6);
    EXPECT_NEAR(-1, out_t[0][3], 0);
}

static void job_validation(void **state)
{
    (void)state;
    mat4 skin[2];
    glm_mat4_identity(skin[0]);
    glm_mat4_identity(skin[1]);
    const uint8_t joints[2][4] = {{0, 1, 0, 0}, {1, 2, 0, 0}};
    const float weights[2][4] = {{0.5f, 0.5f, 0, 0}, {1, 0, 0, 0}}, p[2][3] = {{0}}, n[2][3] = {{0}};
    float out_p[2][3], out_n[2][3];
    skinning_job job = {2, 2, skin, joints, NULL, weights, p, n, NULL, out_p, out_n, NULL, NULL, 0, NULL, NULL, NULL};
    sa_error err;
    /* Vertex 1 names joint 2 of 2, even with a zero weight: refused once, here. */
    EXPECT_TRUE(!skinning_job_validate(&job, &err));
    EXPECT_STR_CONTAINS(err.message, "vertex 1 uses joint 2 of 2");
    job.vertex_count = 1;
    EXPECT_TRUE(skinning_job_validate(&job, &err));
    skinning_job bad = job;
    bad.joints_u16 = (const uint16_t(*)[4])joints;
    EXPECT_TRUE(!skinning_job_validate(&bad, &err));
    EXPECT_STR_CONTAINS(err.message, "exactly one of joints_u8 and joints_u16");
    bad = job;
    bad.out_positions = (float(*)[3])p;
    EXPECT_TRUE(!skinning_job_validate(&bad, &err));
    EXPECT_STR_CONTAINS(err.message, "an output is also an input");
    bad = job;
    bad.normals = NULL;
    EXPECT_TRUE(!skinning_job_validate(&bad, &err));
    bad = job;
    bad.joint_count = 0;
    EXPECT_TRUE(!skinning_job_validate(&bad, &err));
    bad = job;
    bad.out_tangents = (float(*)[4])out_n;
    EXPECT_TRUE(!skinning_job_validate(&bad, &err));
    EXPECT_STR_CONTAINS(err.message, "tangents and out_tangents go together");
}

/* --- cleaning ----------------------------------------------------------------- */

static void clean(int set_count, const uint16_t (*const *joints)[4], const float (*const *weights)[4], size_t count,
                  int joint_count, int root, skin_influences *out)
{
    skin_influence_sets sets = {count, set_count, joints, weights};
    sa_error err;
    if (!skin_influences_clean(&sets, joint_count, root, out, &err))
        fail_msg("skin_influences_clean: %s", err.message);
}

static void clean_keeps_the_four_largest_of_two_sets(void **state)
{
    (void)state;
    /* JOINTS_0 1 2 3 4 / WEIGHTS_0 0.1 0.3 0.05 0.05, JOINTS_1 5 6 7 8 /
     * WEIGHTS_1 0.2 0.25 0.05 0: kept 0.3 (2), 0.25 (6), 0.2 (5), 0.1 (1),
     * sum 0.85, each divided by it. */
    const uint16_t j0[1][4] = {{1, 2, 3, 4}}, j1[1][4] = {{5, 6, 7, 8}};
    const float w0[1][4] = {{0.1f, 0.3f, 0.05f, 0.05f}}, w1[1][4] = {{0.2f, 0.25f, 0.05f, 0}};
    const uint16_t(*joints[2])[4] = {j0, j1};
    const float(*weights[2])[4] = {w0, w1};
    skin_influences inf;
    clean(2, joints, weights, 1, 9, 0, &inf);
    assert_non_null(inf.joints_u8);
    assert_null(inf.joints_u16);
    const int expected_joints[4] = {2, 6, 5, 1};
    const double expected_weights[4] = {0.3 / 0.85, 0.25 / 0.85, 0.2 / 0.85, 0.1 / 0.85};
    for (int k = 0; k < 4; k++) {
        EXPECT_INT(expected_joints[k], inf.joints_u8[0][k]);
        EXPECT_NEAR(expected_weights[k], inf.weights[0][k], 1e-6);
    }
    EXPECT_INT(1, inf.reduced_vertices);
    EXPECT_INT(0, inf.zero_weight_vertices);
    skin_influences_free(&inf);
}

static void clean_renormalizes_and_falls_back_to_the_root(void **state)
{
    (void)state;
    /* Vertex 0: 2 2 0 0, unnormalized -> 0.5 0.5. Vertex 1: all zero -> the
     * root (skin joint 3) with weight 1. Vertex 2: a negative weight, a NaN,
     * and a weight on joint 9 of a 4-joint skin count as none: what is left
     * is joint 2 alone. */
    const uint16_t j0[3][4] = {{1, 2, 0, 0}, {0, 1, 2, 3}, {0, 1, 9, 2}};
    const float w0[3][4] = {{2, 2, 0, 0}, {0, 0, 0, 0}, {-0.5f, NAN, 0.7f, 0.3f}};
    const uint16_t(*joints[1])[4] = {j0};
    const float(*weights[1])[4] = {w0};
    skin_influences inf;
    clean(1, joints, weights, 3, 4, 3, &inf);
    EXPECT_INT(1, inf.joints_u8[0][0]);
    EXPECT_INT(2, inf.joints_u8[0][1]);
    EXPECT_NEAR(0.5, inf.weights[0][0], 1e-7);
    EXPECT_NEAR(0.5, inf.weights[0][1], 1e-7);
    EXPECT_NEAR(0.0, inf.weights[0][2], 0);
    EXPECT_INT(3, inf.joints_u8[1][0]);
    EXPECT_NEAR(1.0, inf.weights[1][0], 0);
    EXPECT_NEAR(0.0, inf.weights[1][1] + inf.weights[1][2] + inf.weights[1][3], 0);
    EXPECT_INT(2, inf.joints_u8[2][0]);
    EXPECT_NEAR(1.0, inf.weights[2][0], 1e-7);
    for (int k = 1; k < 4; k++) {
        EXPECT_INT(0, inf.joints_u8[2][k]);
        EXPECT_NEAR(0.0, inf.weights[2][k], 0);
    }
    EXPECT_INT(1, inf.zero_weight_vertices);
    skin_influences_free(&inf);
}

static void clean_picks_the_index_width(void **state)
{
    (void)state;
    const uint16_t j0[1][4] = {{255, 0, 0, 0}};
    const uint16_t j1[1][4] = {{256, 0, 0, 0}};
    const float w0[1][4] = {{1, 0, 0, 0}};
    const float(*weights[1])[4] = {w0};
    skin_influences inf;
    const uint16_t(*joints[1])[4] = {j0};
    clean(1, joints, weights, 1, 256, 0, &inf); /* 256 joints: 0..255 fit a byte */
    assert_non_null(inf.joints_u8);
    EXPECT_INT(255, inf.joints_u8[0][0]);
    skin_influences_free(&inf);
    joints[0] = j1;
    clean(1, joints, weights, 1, 257, 0, &inf);
    assert_non_null(inf.joints_u16);
    assert_null(inf.joints_u8);
    EXPECT_INT(256, inf.joints_u16[0][0]);
    skin_influences_free(&inf);
    /* A root outside the skin, or no sets, is refused. */
    skin_influence_sets sets = {1, 1, joints, weights};
    sa_error err;
    EXPECT_TRUE(!skin_influences_clean(&sets, 257, 257, &inf, &err));
    sets.set_count = 0;
    EXPECT_TRUE(!skin_influences_clean(&sets, 257, 0, &inf, &err));
}

/* --- a skinned glTF file ---------------------------------------------------------- */

/* Two joints along +Y under an "Armature" node moved by (10, 0, 0); one
 * triangle, vertex 0 on joint 0, vertex 1 on joint 1, vertex 2 half on
 * each; joint 1's rest transform is T(0, 1, 0) and its inverse bind
 * T(0, -1, 0). The mesh node has its own translation (100, 0, 0), which
 * skinning ignores. */
static const char skinned_gltf[] =
    "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0,3]}],"
    "\"nodes\":[{\"name\":\"Armature\",\"translation\":[10,0,0],\"children\":[1]},"
    "{\"name\":\"root\",\"children\":[2]},{\"name\":\"tip\",\"translation\":[0,1,0]},"
    "{\"name\":\"mesh\",\"mesh\":0,\"skin\":0,\"translation\":[100,0,0]}],"
    "\"skins\":[{\"joints\":[1,2],\"inverseBindMatrices\":4}],"
    "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1,\"JOINTS_0\":2,\"WEIGHTS_0\":3}}]}],"
    "\"accessors\":["
    "{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\",\"min\":[0,0,0],\"max\":[1,1,0]},"
    "{\"bufferView\":1,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"},"
    "{\"bufferView\":2,\"componentType\":5121,\"count\":3,\"type\":\"VEC4\"},"
    "{\"bufferView\":3,\"componentType\":5126,\"count\":3,\"type\":\"VEC4\"},"
    "{\"bufferView\":4,\"componentType\":5126,\"count\":2,\"type\":\"MAT4\"},"
    "{\"bufferView\":5,\"componentType\":5121,\"count\":3,\"type\":\"VEC4\"},"
    "{\"bufferView\":6,\"componentType\":5126,\"count\":3,\"type\":\"VEC4\"}],"
    "\"bufferViews\":[{\"buffer\":0,\"byteOffset\":0,\"byteLength\":36},"
    "{\"buffer\":0,\"byteOffset\":36,\"byteLength\":36},{\"buffer\":0,\"byteOffset\":72,\"byteLength\":12},"
    "{\"buffer\":0,\"byteOffset\":84,\"byteLength\":48},{\"buffer\":0,\"byteOffset\":132,\"byteLength\":128},"
    "{\"buffer\":0,\"byteOffset\":260,\"byteLength\":12},{\"buffer\":0,\"byteOffset\":272,\"byteLength\":48}],"
    "\"buffers\":[{\"byteLength\":320}]}";

/* with_set_1: the primitive also has JOINTS_1 / WEIGHTS_1 (accessors 5 and
 * 6), which give vertex 2 four more influences: joints 1 0 1 0 with weights
 * 1, 0.1, 0.2, 0.05. */
static bool load_skinned(gltf_document *doc, bool with_set_1, sa_error *err)
{
    unsigned char bin[320] = {0};
    const float positions[9] = {0, 0, 0, 0, 1, 0, 1, 0.5f, 0}, normals[9] = {0, 0, 1, 0, 0, 1, 0, 0, 1};
    const uint8_t joints[12] = {0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0};
    const float weights[12] = {1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0};
    const float ibm[32] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0,  0, 1,
                           1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1};
    memcpy(bin, positions, 36);
    memcpy(bin + 36, normals, 36);
    memcpy(bin + 72, joints, 12);
    memcpy(bin + 84, weights, 48);
    memcpy(bin + 132, ibm, 128);
    const uint8_t joints_1[12] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0};
    const float weights_1[12] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 0.1f, 0.2f, 0.05f};
    memcpy(bin + 260, joints_1, 12);
    memcpy(bin + 272, weights_1, 48);
    /* The buffer as a data: URI would need base64; a .bin beside the JSON is simpler. */
    char dir[512];
    if (!sa_make_temp_dir("sa_skin_", dir, sizeof dir, err))
        return false;
    char path[600], bin_path[600];
    snprintf(path, sizeof path, "%s/skin.gltf", dir);
    snprintf(bin_path, sizeof bin_path, "%s/skin.bin", dir);
    FILE *f = fopen(bin_path, "wb");
    if (!f)
        return sa_error_set(err, "cannot write %s", bin_path);
    fwrite(bin, 1, sizeof bin, f);
    fclose(f);
    char json[sizeof skinned_gltf + 128];
    const char *at = strstr(skinned_gltf, "\"buffers\":[{");
    snprintf(json, sizeof json, "%.*s\"buffers\":[{\"uri\":\"skin.bin\",%s", (int)(at - skinned_gltf), skinned_gltf,
             at + strlen("\"buffers\":[{"));
    if (with_set_1) { /* the attributes gain the second set */
        char *weights_0 = strstr(json, "\"WEIGHTS_0\":3}");
        char rest[sizeof json];
        snprintf(rest, sizeof rest, "%s", weights_0 + strlen("\"WEIGHTS_0\":3"));
        snprintf(weights_0, sizeof json - (size_t)(weights_0 - json),
                 "\"WEIGHTS_0\":3,\"JOINTS_1\":5,\"WEIGHTS_1\":6%s", rest);
    }
    sa_test_write_text(path, json);
    bool ok = gltf_load(path, NULL, doc, err);
    sa_test_remove_dir(dir);
    return ok;
}

static void gltf_scene_skins_in_scene_space(void **state)
{
    (void)state;
    gltf_document doc;
    skeleton s;
    skin_scene sc;
    sa_error err;
    if (!load_skinned(&doc, false, &err))
        fail_msg("%s", err.message);
    assert_true(skeleton_from_gltf(&doc, &s, &err));
    assert_true(skin_scene_init(&sc, &doc, &s, &err));
    EXPECT_INT(1, sc.primitive_count);
    EXPECT_INT(3, sc.primitives[0].node);

    /* The rest pose is the bind pose: skin matrices are T(10, 0, 0), the
     * Armature's; the mesh node's own (100, 0, 0) is ignored. */
    skeleton_local_to_model(&s, s.rest_local, sc.model_from_joint);
    skin_scene_run(&sc, &s);
    EXPECT_VEC3(10, 0, 0, sc.primitives[0].positions[0], 1e-6);
    EXPECT_VEC3(10, 1, 0, sc.primitives[0].positions[1], 1e-6);
    EXPECT_VEC3(11, 0.5, 0, sc.primitives[0].positions[2], 1e-6);

    /* Turn "tip" 90 degrees about Z: vertex 1 (at the tip's origin) stays,
     * vertex 2 goes half way: tip's skin matrix is T(10,1,0) Rz90 T(0,-1,0),
     * which takes (1, 0.5, 0) to (10.5, 2, 0); the blend gives (10.75, 1.25, 0). */
    transform pose[8];
    memcpy(pose, s.rest_local, (size_t)s.joint_count * sizeof *pose);
    int tip = skeleton_find(&s, "tip");
    glm_quat(pose[tip].rotation, GLM_PI_2f, 0, 0, 1);
    skeleton_local_to_model(&s, pose, sc.model_from_joint);
    skin_scene_run(&sc, &s);
    EXPECT_VEC3(10, 1, 0, sc.primitives[0].positions[1], 1e-6);
    EXPECT_VEC3(10.75, 1.25, 0, sc.primitives[0].positions[2], 1e-6);

    float diagonal;
    EXPECT_NEAR(0.0, skin_scene_identity_error(&sc, &doc, &diagonal), 1e-6);
    EXPECT_NEAR(sqrt(2.0), diagonal, 1e-6); /* the box (0, 0, 0)..(1, 1, 0) */

    skin_scene_free(&sc);
    skeleton_free(&s);
    gltf_free(&doc);
}

static void gltf_dump_obj_format(void **state)
{
    (void)state;
    /* The rest pose of the file above as --dump-obj writes it: one object for
     * node 3's primitive 0, its three skinned vertices in scene space (the
     * Armature's (10, 0, 0) in, the mesh node's (100, 0, 0) not), then its
     * triangle, 1-based. The "%.9g" numbers of these values print exactly. */
    gltf_document doc;
    skeleton s;
    skin_scene sc;
    sa_error err;
    if (!load_skinned(&doc, false, &err))
        fail_msg("%s", err.message);
    assert_true(skeleton_from_gltf(&doc, &s, &err));
    assert_true(skin_scene_init(&sc, &doc, &s, &err));
    skeleton_local_to_model(&s, s.rest_local, sc.model_from_joint);
    skin_scene_run(&sc, &s);
    mat4 world_from_node[4];
    bool shown[4] = {true, true, true, true};
    for (int n = 0; n < 4; n++)
        glm_mat4_identity(world_from_node[n]);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(skin_scene_write_obj(&sc, &doc, world_from_node, shown, f, &err));
    char text[256] = {0};
    rewind(f);
    size_t got = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[got] = 0;
    const char *want = "o node_3_primitive_0\nv 10 0 0\nv 10 1 0\nv 11 0.5 0\nf 1 2 3\n";
    if (strcmp(text, want) != 0)
        fail_msg("--dump-obj wrote\n%s\nexpected\n%s", text, want);
    /* A node not shown writes nothing. */
    shown[3] = false;
    f = tmpfile();
    assert_non_null(f);
    assert_true(skin_scene_write_obj(&sc, &doc, world_from_node, shown, f, &err));
    EXPECT_INT(0, ftell(f));
    fclose(f);
    skin_scene_free(&sc);
    skeleton_free(&s);
    gltf_free(&doc);
}

/* A primitive the loader unwelded (no NORMAL) is written in the file's
 * order all the same. By hand, file vertices A (0,0,0) B (1,0,0) C (0,1,0)
 * D (0,0,1) E (7,7,7), triangles (2 0 1) and (1 0 3), E in none: the loader's
 * copies are C A B, B A D, then E (source_vertex 2 0 1 1 0 3 4). The second
 * copies of A and B are moved here (the loader never does that) to show that
 * each file vertex is written from its first copy. Expected: A B C D E, then
 * the triangles as file vertices, 1-based: 3 1 2 and 2 1 4. */
static void gltf_dump_obj_unwelded_in_file_order(void **state)
{
    (void)state;
    const float positions[7][3] = {{0, 1, 0}, {0, 0, 0}, {1, 0, 0}, {9, 9, 9}, {9, 9, 9}, {0, 0, 1}, {7, 7, 7}};
    const uint32_t source[7] = {2, 0, 1, 1, 0, 3, 4}, corners[6] = {0, 1, 2, 3, 4, 5};
    gltf_primitive prim = {0};
    prim.vertex_count = 7, prim.positions = positions;
    prim.triangle_count = 2, prim.triangle_indices = corners;
    prim.normals_computed = true, prim.source_vertex = source, prim.source_vertex_count = 5;
    gltf_mesh mesh = {.primitives = &prim, .primitive_count = 1};
    gltf_node node = {0};
    node.mesh = 0, node.skin = -1;
    gltf_document doc = {0};
    doc.meshes = &mesh, doc.mesh_count = 1, doc.nodes = &node, doc.node_count = 1;
    skin_scene sc = {0}; /* nothing skinned: the node's world matrix */
    mat4 world_from_node[1];
    glm_mat4_identity(world_from_node[0]);
    bool shown[1] = {true};
    sa_error err;
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(skin_scene_write_obj(&sc, &doc, world_from_node, shown, f, &err));
    char text[256] = {0};
    rewind(f);
    size_t got = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[got] = 0;
    const char *want = "o node_0_primitive_0\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 7 7 7\nf 3 1 2\nf 2 1 4\n";
    if (strcmp(text, want) != 0)
        fail_msg("--dump-obj wrote\n%s\nexpected\n%s", text, want);
}

/* The warning counts vertices of the file, not the loader's unwelded copies:
 * the primitive of gltf_dump_obj_unwelded_in_file_order (7 copies of 5 file
 * vertices, no NORMAL) on a one-joint skin, with file vertices 0 and 4 given
 * all-zero weights. Copies 1 and 4 are file vertex 0, copy 6 file vertex 4:
 * three copies, two vertices. */
static void gltf_zero_weights_count_file_vertices(void **state)
{
    (void)state;
    const float positions[7][3] = {{0, 1, 0}, {0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {0, 0, 0}, {0, 0, 1}, {7, 7, 7}};
    const float normals[7][3] = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    const uint16_t joints[7][4] = {{0}};
    const float weights[7][4] = {{1}, {0}, {1}, {1}, {0}, {1}, {0}};
    const uint32_t source[7] = {2, 0, 1, 1, 0, 3, 4}, corners[6] = {0, 1, 2, 3, 4, 5};
    gltf_primitive prim = {0};
    prim.vertex_count = 7, prim.positions = positions, prim.normals = normals;
    prim.joints = joints, prim.weights = weights;
    prim.influence_set_count = 1, prim.joint_sets[0] = joints, prim.weight_sets[0] = weights;
    prim.triangle_count = 2, prim.triangle_indices = corners;
    prim.normals_computed = true, prim.source_vertex = source, prim.source_vertex_count = 5;
    gltf_mesh mesh = {.primitives = &prim, .primitive_count = 1};
    gltf_node nodes[2] = {{0}, {0}};
    nodes[0].mesh = -1, nodes[0].skin = -1, nodes[0].camera = -1, nodes[0].parent = -1;
    nodes[1].mesh = 0, nodes[1].skin = 0, nodes[1].camera = -1, nodes[1].parent = -1;
    mat4 identity = GLM_MAT4_IDENTITY_INIT; /* copied: node.matrix is a float[16], not 16-byte aligned */
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
    skeleton s;
    skin_scene sc;
    sa_error err;
    if (!skeleton_from_gltf(&doc, &s, &err))
        fail_msg("%s", err.message);
    if (!skin_scene_init(&sc, &doc, &s, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(3, sc.primitives[0].influences.zero_weight_vertices); /* the cleaning sees copies */
    EXPECT_INT(2, sc.zero_weight_vertices);                          /* the warning counts the file's */
    skin_scene_free(&sc);
    skeleton_free(&s);
}

static void gltf_more_than_four_influences(void **state)
{
    (void)state;
    /* Vertex 2: JOINTS_0 / WEIGHTS_0 give root 0.5 and tip 0.5, JOINTS_1 /
     * WEIGHTS_1 tip 1, root 0.1, tip 0.2, root 0.05: six influences. The four
     * largest: tip 1, root 0.5, tip 0.5, tip 0.2 (sum 2.2), so tip 17/22 and
     * root 5/22. With tip turned 90 degrees about Z, tip's skin matrix takes
     * (1, 0.5, 0) to (10.5, 2, 0) and root's to (11, 0.5, 0):
     * (17 (10.5, 2, 0) + 5 (11, 0.5, 0)) / 22 = (233.5, 36.5, 0) / 22. */
    gltf_document doc;
    skeleton s;
    skin_scene sc;
    sa_error err;
    if (!load_skinned(&doc, true, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(2, doc.meshes[0].primitives[0].influence_set_count);
    assert_true(skeleton_from_gltf(&doc, &s, &err));
    assert_true(skin_scene_init(&sc, &doc, &s, &err));
    const skin_influences *inf = &sc.primitives[0].influences;
    EXPECT_INT(1, inf->reduced_vertices);
    const int joints[4] = {1, 0, 1, 1};
    const double weights[4] = {1 / 2.2, 0.5 / 2.2, 0.5 / 2.2, 0.2 / 2.2};
    for (int k = 0; k < 4; k++) {
        EXPECT_INT(joints[k], inf->joints_u8[2][k]);
        EXPECT_NEAR(weights[k], inf->weights[2][k], 1e-7);
    }
    transform pose[8];
    memcpy(pose, s.rest_local, (size_t)s.joint_count * sizeof *pose);
    glm_quat(pose[skeleton_find(&s, "tip")].rotation, GLM_PI_2f, 0, 0, 1);
    skeleton_local_to_model(&s, pose, sc.model_from_joint);
    skin_scene_run(&sc, &s);
    EXPECT_VEC3(233.5 / 22, 36.5 / 22, 0, sc.primitives[0].positions[2], 1e-5);
    skin_scene_free(&sc);
    skeleton_free(&s);
    gltf_free(&doc);
}

/* --- tests a mutation run found missing (issue 14) ---------------------------- */

static void clean_reduces_only_past_four(void **state)
{
    (void)state;
    /* Vertex 0: exactly four non-zero weights (set 1 all zero): nothing is
     * dropped, not reduced. Vertex 1: five (one in set 1): reduced. Vertex
     * 2: four non-zero plus a fifth on a joint the skin lacks (counts as 0):
     * not reduced. */
    const uint16_t j0[3][4] = {{0, 1, 2, 3}, {0, 1, 2, 3}, {0, 1, 2, 3}};
    const uint16_t j1[3][4] = {{4, 5, 6, 7}, {4, 5, 6, 7}, {8, 5, 6, 7}};
    const float w0[3][4] = {{0.4f, 0.3f, 0.2f, 0.1f}, {0.4f, 0.2f, 0.2f, 0.1f}, {0.4f, 0.3f, 0.2f, 0.1f}};
    const float w1[3][4] = {{0, 0, 0, 0}, {0.1f, 0, 0, 0}, {0.5f, 0, 0, 0}};
    const uint16_t(*joints[2])[4] = {j0, j1};
    const float(*weights[2])[4] = {w0, w1};
    skin_influences inf;
    clean(2, joints, weights, 1, 8, 0, &inf);
    EXPECT_INT(0, inf.reduced_vertices);
    skin_influences_free(&inf);
    joints[0] = j0 + 1, joints[1] = j1 + 1, weights[0] = w0 + 1, weights[1] = w1 + 1;
    clean(2, joints, weights, 1, 8, 0, &inf);
    EXPECT_INT(1, inf.reduced_vertices);
    skin_influences_free(&inf);
    joints[0] = j0, joints[1] = j1, weights[0] = w0, weights[1] = w1;
    clean(2, joints, weights, 3, 8, 0, &inf);
    EXPECT_INT(1, inf.reduced_vertices);
    skin_influences_free(&inf);
}

static void clean_drops_the_joint_index_equal_to_the_count(void **state)
{
    (void)state;
    /* A 4-joint skin: joint 4 is the first index past it (its weight 0.6 is
     * dropped, joint 1 keeps 0.4 / 0.4 = 1); joint 3, the last one, stays. */
    const uint16_t j0[2][4] = {{4, 1, 0, 0}, {3, 1, 0, 0}};
    const float w0[2][4] = {{0.6f, 0.4f, 0, 0}, {0.6f, 0.4f, 0, 0}};
    const uint16_t(*joints[1])[4] = {j0};
    const float(*weights[1])[4] = {w0};
    skin_influences inf;
    clean(1, joints, weights, 2, 4, 0, &inf);
    EXPECT_INT(1, inf.joints_u8[0][0]);
    EXPECT_NEAR(1.0, inf.weights[0][0], 1e-7);
    EXPECT_NEAR(0.0, inf.weights[0][1], 0);
    EXPECT_INT(3, inf.joints_u8[1][0]);
    EXPECT_NEAR(0.6, inf.weights[1][0], 1e-7);
    EXPECT_INT(1, inf.joints_u8[1][1]);
    EXPECT_NEAR(0.4, inf.weights[1][1], 1e-7);
    EXPECT_INT(0, inf.zero_weight_vertices);
    skin_influences_free(&inf);
    EXPECT_NEAR(0.0, skin_weight_cleaned(0.5f, 4, 4), 0);
    EXPECT_NEAR(0.5, skin_weight_cleaned(0.5f, 3, 4), 0);
}

/* A document built in memory: joints a (a root), b under a at (0, 1, 0), c
 * under b at (0, 1, 0); skins[0] = [a, b], skins[1] = [b, a, c] (one joint
 * more, and its root a is skin joint 1, not 0), each with the inverse of its
 * joints' rest transforms; mesh 0 on node 3 with skins[0], mesh 1 on node 4
 * with skins[1] (mesh nodes at the origin). */
typedef struct two_skins {
    gltf_node nodes[5];
    int children_a[1], children_b[1];
    int joints_0[2], joints_1[3];
    float ibm_0[2][16], ibm_1[3][16];
    gltf_skin skins[2];
    float positions[2][3][3], normals[3][3];
    uint16_t joints[2][3][4];
    float weights[2][3][4];
    gltf_primitive prims[2];
    gltf_mesh meshes[2];
    gltf_document doc;
} two_skins;

static void translation_16(float m[16], float y)
{
    memset(m, 0, 16 * sizeof *m);
    m[0] = m[5] = m[10] = m[15] = 1.0f;
    m[13] = y;
}

static void two_skins_build(two_skins *t)
{
    memset(t, 0, sizeof *t);
    const int parents[5] = {-1, 0, 1, -1, -1};
    mat4 identity = GLM_MAT4_IDENTITY_INIT;
    for (int n = 0; n < 5; n++) {
        gltf_node *node = &t->nodes[n];
        node->mesh = n >= 3 ? n - 3 : -1, node->skin = n >= 3 ? n - 3 : -1, node->camera = -1;
        node->parent = parents[n];
        glm_quat_identity(node->local.rotation);
        glm_vec3_one(node->local.scale);
        if (n == 1 || n == 2)
            node->local.translation[1] = 1.0f;
        memcpy(node->matrix, identity, sizeof node->matrix);
        node->matrix[13] = node->local.translation[1];
    }
    t->children_a[0] = 1, t->children_b[0] = 2;
    t->nodes[0].children = t->children_a, t->nodes[0].child_count = 1;
    t->nodes[1].children = t->children_b, t->nodes[1].child_count = 1;
    t->joints_0[0] = 0, t->joints_0[1] = 1;
    t->joints_1[0] = 1, t->joints_1[1] = 0, t->joints_1[2] = 2;
    translation_16(t->ibm_0[0], 0), translation_16(t->ibm_0[1], -1);
    translation_16(t->ibm_1[0], -1), translation_16(t->ibm_1[1], 0), translation_16(t->ibm_1[2], -2);
    t->skins[0] = (gltf_skin){NULL, t->joints_0, 2, -1, -1, t->ibm_0};
    t->skins[1] = (gltf_skin){NULL, t->joints_1, 3, -1, -1, t->ibm_1};
    /* Mesh 0: its vertex 0 at (1, 1, 0) on skin joint 1 (b).
     * Mesh 1: vertex 0 at (1, 1, 0) on skin joint 0 (b), vertex 1 at
     * (1, 2, 0) on skin joint 2 (c), vertex 2 at (1, 0, 0) with all-zero
     * weights (the root, a). The other vertices of mesh 0 on a. */
    const float p[2][3][3] = {{{1, 1, 0}, {1, 0, 0}, {1, 0, 0}}, {{1, 1, 0}, {1, 2, 0}, {1, 0, 0}}};
    const uint16_t j[2][3][4] = {{{1}, {0}, {0}}, {{0}, {2}, {0}}};
    const float w[2][3][4] = {{{1}, {1}, {1}}, {{1}, {1}, {0}}};
    memcpy(t->positions, p, sizeof p);
    memcpy(t->joints, j, sizeof j);
    memcpy(t->weights, w, sizeof w);
    for (int v = 0; v < 3; v++)
        t->normals[v][2] = 1.0f;
    for (int m = 0; m < 2; m++) {
        gltf_primitive *prim = &t->prims[m];
        prim->vertex_count = 3, prim->positions = (const float(*)[3])t->positions[m];
        prim->normals = (const float(*)[3])t->normals;
        prim->joints = (const uint16_t(*)[4])t->joints[m], prim->weights = (const float(*)[4])t->weights[m];
        prim->influence_set_count = 1, prim->joint_sets[0] = prim->joints, prim->weight_sets[0] = prim->weights;
        t->meshes[m] = (gltf_mesh){.primitives = prim, .primitive_count = 1};
    }
    t->doc.nodes = t->nodes, t->doc.node_count = 5, t->doc.meshes = t->meshes, t->doc.mesh_count = 2;
    t->doc.skins = t->skins, t->doc.skin_count = 2, t->doc.scene = -1;
}

/* Each mesh skinned with its own skin, and a vertex with all-zero weights
 * follows its skin's root. Pose: a turned 90 degrees about z, b another 90
 * degrees about z (c as it rests). By hand (Rz90: (x, y) -> (-y, x)):
 *   a's skin matrix  Rz90                          (1, 0, 0) -> (0, 1, 0)
 *   b's  Rz90 T(0,1,0) Rz90 T(0,-1,0)              (1, 1, 0) -> (-2, 0, 0)
 *   c's  Rz90 T(0,1,0) Rz90 T(0,1,0) T(0,-2,0)     (1, 2, 0) -> (-2, -1, 0)
 * Mesh 0 vertex 0 (b): (-2, 0, 0). Mesh 1: vertex 0 (b) (-2, 0, 0), vertex 1
 * (c) (-2, -1, 0), vertex 2 (no weight: a) (0, 1, 0). With skins[0]'s
 * matrices mesh 1's vertex 0 would follow a: (-1, 1, 0); with skins[0]'s
 * joint count its vertex 1 would lose its joint and follow the root:
 * (-2, 1, 0); with skins[0]'s root (skin joint 0), vertex 2 would follow b:
 * (-2, 1, 0). */
static void gltf_two_skins_each_mesh_its_own_skin(void **state)
{
    (void)state;
    two_skins *t = calloc(1, sizeof *t);
    assert_non_null(t);
    two_skins_build(t);
    skeleton s;
    skin_scene sc;
    sa_error err;
    if (!skeleton_from_gltf(&t->doc, &s, &err) || !skin_scene_init(&sc, &t->doc, &s, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(2, sc.primitive_count);
    EXPECT_INT(0, skin_root_joint(&s, 0));
    EXPECT_INT(1, skin_root_joint(&s, 1));
    EXPECT_INT(1, sc.zero_weight_vertices);
    transform pose[3];
    memcpy(pose, s.rest_local, sizeof pose);
    glm_quat(pose[s.joint_of_node[0]].rotation, GLM_PI_2f, 0, 0, 1);
    glm_quat(pose[s.joint_of_node[1]].rotation, GLM_PI_2f, 0, 0, 1);
    skeleton_local_to_model(&s, pose, sc.model_from_joint);
    skin_scene_run(&sc, &s);
    EXPECT_INT(0, sc.primitives[0].skin);
    EXPECT_INT(1, sc.primitives[1].skin);
    EXPECT_VEC3(-2, 0, 0, sc.primitives[0].positions[0], 1e-6);
    EXPECT_VEC3(0, 1, 0, sc.primitives[0].positions[1], 1e-6);
    EXPECT_VEC3(-2, 0, 0, sc.primitives[1].positions[0], 1e-6);
    EXPECT_VEC3(-2, -1, 0, sc.primitives[1].positions[1], 1e-6);
    EXPECT_VEC3(0, 1, 0, sc.primitives[1].positions[2], 1e-6);
    skin_scene_free(&sc);
    skeleton_free(&s);
    free(t);
}

/* --- the job over several threads ------------------------------------------- */

/* A job of vertex_count vertices of every kind the loop takes (tangents
 * included), skinned by 5 joints that turn, move and stretch unevenly; the
 * outputs start as NaN (all bits set), so a vertex that no thread skins
 * differs from the one-thread result. */
enum { THREADED_JOINTS = 5, THREADED_MAX_VERTICES = 1003 };
typedef struct threaded_case {
    mat4 skin[THREADED_JOINTS];
    uint16_t joints[THREADED_MAX_VERTICES][4];
    float weights[THREADED_MAX_VERTICES][4], positions[THREADED_MAX_VERTICES][3], normals[THREADED_MAX_VERTICES][3];
    float tangents[THREADED_MAX_VERTICES][4];
    float out_p[THREADED_MAX_VERTICES][3], out_n[THREADED_MAX_VERTICES][3], out_t[THREADED_MAX_VERTICES][4];
} threaded_case;

static void threaded_case_pose(threaded_case *c, float angle)
{
    for (int k = 0; k < THREADED_JOINTS; k++) {
        glm_mat4_identity(c->skin[k]);
        glm_translate(c->skin[k], (vec3){0.1f * (float)k, -0.2f, 0.3f * angle});
        glm_rotate(c->skin[k], angle + 0.7f * (float)k, (vec3){0.6f, 0.0f, 0.8f});
        glm_scale(c->skin[k], (vec3){1.0f + 0.1f * (float)k, 0.9f, 1.3f});
    }
}

static skinning_job threaded_case_job(threaded_case *c, size_t vertex_count)
{
    for (size_t v = 0; v < vertex_count; v++) {
        float sum = 0.0f;
        for (int k = 0; k < 4; k++) {
            c->joints[v][k] = (uint16_t)((v * 7 + (size_t)k * 3) % THREADED_JOINTS);
            sum += c->weights[v][k] = 1.0f + (float)((v + (size_t)k) % 5);
        }
        for (int k = 0; k < 4; k++) {
            c->weights[v][k] /= sum;
            c->tangents[v][k] = k == 3 ? -1.0f : 0.01f * (float)(v % 13) + (float)k;
        }
        for (int k = 0; k < 3; k++) {
            c->positions[v][k] = 0.001f * (float)v - (float)k;
            c->normals[v][k] = k == 1 ? 1.0f : 0.003f * (float)(v % 17);
        }
    }
    threaded_case_pose(c, 0.4f);
    return (skinning_job){.vertex_count = vertex_count,
                          .joint_count = THREADED_JOINTS,
                          .skin_matrix = c->skin,
                          .joints_u16 = (const uint16_t(*)[4])c->joints,
                          .weights = (const float(*)[4])c->weights,
                          .positions = (const float(*)[3])c->positions,
                          .normals = (const float(*)[3])c->normals,
                          .tangents = (const float(*)[4])c->tangents,
                          .out_positions = c->out_p,
                          .out_normals = c->out_n,
                          .out_tangents = c->out_t};
}

/* The job run on `thread_count` threads, three frames of different poses on
 * the same threads, equals the job on one thread bit for bit. */
static void expect_threads_match_one_thread(size_t vertex_count, int thread_count)
{
    static threaded_case one, many;
    skinning_job job_one = threaded_case_job(&one, vertex_count);
    skinning_job job_many = threaded_case_job(&many, vertex_count);
    skinning_threads threads;
    sa_error err;
    if (!skinning_threads_start(&threads, thread_count, &err))
        fail_msg("skinning_threads_start(%d): %s", thread_count, err.message);
    assert_int_equal(threads.thread_count, thread_count);
    job_many.threads = &threads;
    assert_true(skinning_job_validate(&job_many, &err));
    for (int frame = 0; frame < 3; frame++) {
        threaded_case_pose(&one, 0.4f + (float)frame);
        threaded_case_pose(&many, 0.4f + (float)frame);
        memset(one.out_p, 0xff, sizeof one.out_p);
        memset(one.out_n, 0xff, sizeof one.out_n);
        memset(one.out_t, 0xff, sizeof one.out_t);
        memset(many.out_p, 0xff, sizeof many.out_p);
        memset(many.out_n, 0xff, sizeof many.out_n);
        memset(many.out_t, 0xff, sizeof many.out_t);
        skinning_job_run(&job_one);
        skinning_job_run(&job_many);
        for (size_t v = 0; v < vertex_count; v++)
            if (memcmp(one.out_p[v], many.out_p[v], sizeof one.out_p[v]) != 0 ||
                memcmp(one.out_n[v], many.out_n[v], sizeof one.out_n[v]) != 0 ||
                memcmp(one.out_t[v], many.out_t[v], sizeof one.out_t[v]) != 0 || isnan(one.out_p[v][0]))
                fail_msg("%zu vertices on %d threads, frame %d: vertex %zu differs from one thread's", vertex_count,
                         thread_count, frame, v);
        /* Past the vertices nothing is written (still all bits set). */
        if (vertex_count < THREADED_MAX_VERTICES)
            assert_true(isnan(many.out_p[vertex_count][0]) && isnan(many.out_t[vertex_count][3]));
    }
    skinning_threads_stop(&threads);
    assert_int_equal(threads.thread_count, 0);
}

static void threads_give_the_one_thread_result(void **state)
{
    (void)state;
    /* 1003 = 17 * 59: no thread count here divides it. */
    const int counts[] = {1, 2, 3, 7};
    for (int i = 0; i < 4; i++)
        expect_threads_match_one_thread(1003, counts[i]);
    /* Fewer vertices than threads: some ranges are empty. */
    expect_threads_match_one_thread(5, 7);
    expect_threads_match_one_thread(1, 2);
    expect_threads_match_one_thread(0, 3);
    expect_threads_match_one_thread(1003, SKINNING_MAX_THREADS);
}

/* skinning_threads_run() on its own: every item is visited once, by the
 * range that owns it, and the ranges are thread_count contiguous runs in
 * order whose sizes differ by at most one item (worked out here: item i of n
 * belongs to the range r with floor(n r / T) <= i < floor(n (r + 1) / T)). */
enum { VISITS_MAX = 1003 };
typedef struct visits {
    int range_of[VISITS_MAX]; /* which range visited each item; -1: none */
    int times[VISITS_MAX];    /* how often */
} visits;

static void visit_range(const void *context, int range, size_t begin, size_t end)
{
    visits *const *v = context; /* the pointer is shared; each range writes only its own items */
    for (size_t i = begin; i < end; i++) {
        (*v)->range_of[i] = range;
        (*v)->times[i]++;
    }
}

static void expect_ranges(size_t n, int thread_count)
{
    static visits seen;
    visits *v = &seen;
    skinning_threads threads;
    sa_error err;
    if (!skinning_threads_start(&threads, thread_count, &err))
        fail_msg("skinning_threads_start(%d): %s", thread_count, err.message);
    for (int run = 0; run < 2; run++) { /* twice on the same threads */
        for (size_t i = 0; i < VISITS_MAX; i++)
            seen.range_of[i] = -1, seen.times[i] = 0;
        skinning_threads_run(&threads, n, visit_range, &v);
        for (size_t i = 0; i < n; i++) {
            int want = 0;
            while ((size_t)((unsigned long long)n * (unsigned)(want + 1) / (unsigned)thread_count) <= i)
                want++;
            if (seen.times[i] != 1 || seen.range_of[i] != want)
                fail_msg("skinning_threads_run of %zu items on %d threads, run %d: item %zu visited %d times, by range "
                         "%d (expected once, by range %d)",
                         n, thread_count, run, i, seen.times[i], seen.range_of[i], want);
        }
        for (size_t i = n; i < VISITS_MAX; i++)
            if (seen.times[i] != 0)
                fail_msg("skinning_threads_run of %zu items on %d threads: item %zu past the end visited", n,
                         thread_count, i);
    }
    skinning_threads_stop(&threads);
}

static void threads_run_every_item_once(void **state)
{
    (void)state;
    const int counts[] = {1, 2, 3, 7, SKINNING_MAX_THREADS};
    for (int i = 0; i < 5; i++) {
        expect_ranges(1003, counts[i]);
        expect_ranges(5, counts[i]);
        expect_ranges(0, counts[i]);
    }
}

static void threads_are_checked(void **state)
{
    (void)state;
    skinning_threads threads;
    sa_error err;
    EXPECT_TRUE(!skinning_threads_start(&threads, 0, &err));
    EXPECT_STR_CONTAINS(err.message, "0 skinning threads (1 to 64)");
    EXPECT_TRUE(!skinning_threads_start(&threads, SKINNING_MAX_THREADS + 1, &err));
    skinning_threads_stop(&threads); /* a failed start leaves nothing to stop */
    /* A job that names threads not started (or stopped) is refused once, by
     * the validation, not run. */
    static threaded_case c;
    skinning_job job = threaded_case_job(&c, 10);
    job.threads = &threads;
    EXPECT_TRUE(!skinning_job_validate(&job, &err));
    EXPECT_STR_CONTAINS(err.message, "threads are not started");
    assert_true(skinning_threads_start(&threads, 2, &err));
    EXPECT_TRUE(skinning_job_validate(&job, &err));
    skinning_threads_stop(&threads);
    EXPECT_TRUE(!skinning_job_validate(&job, &err));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_joint_moves_the_vertex_by_its_transform),
        cmocka_unit_test(two_joints_half_and_half),
        cmocka_unit_test(weights_apply_to_the_translation),
        cmocka_unit_test(non_uniform_scale_needs_the_inverse_transpose),
        cmocka_unit_test(a_mirror_keeps_the_normal_outward),
        cmocka_unit_test(the_bind_pose_leaves_every_vertex_in_place),
        cmocka_unit_test(u16_joints_and_tangents),
        cmocka_unit_test(job_validation),
        cmocka_unit_test(clean_keeps_the_four_largest_of_two_sets),
        cmocka_unit_test(clean_renormalizes_and_falls_back_to_the_root),
        cmocka_unit_test(clean_picks_the_index_width),
        cmocka_unit_test(gltf_scene_skins_in_scene_space),
        cmocka_unit_test(gltf_dump_obj_format),
        cmocka_unit_test(gltf_dump_obj_unwelded_in_file_order),
        cmocka_unit_test(gltf_zero_weights_count_file_vertices),
        cmocka_unit_test(gltf_more_than_four_influences),
        cmocka_unit_test(clean_reduces_only_past_four),
        cmocka_unit_test(clean_drops_the_joint_index_equal_to_the_count),
        cmocka_unit_test(gltf_two_skins_each_mesh_its_own_skin),
        /* the job over several threads */
        cmocka_unit_test(threads_give_the_one_thread_result),
        cmocka_unit_test(threads_are_checked),
        cmocka_unit_test(threads_run_every_item_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
