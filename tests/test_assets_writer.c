/* test_assets_writer.c: the glTF writer of assets/ (gltf_writer.h).
 *
 * Base64 against the test vectors of RFC 4648, accessor min/max and
 * alignment against hand-made data, the number format against hand-worked
 * float values, the GLB layout against the spec (header, chunk types,
 * 4-byte padding), determinism, and a round trip through chapter 03's loader.
 */
#include "test_util.h"

#include "assets/characters.h"
#include "chapters/03_gltf_loader/gltf.h"
#include "assets/gltf_writer.h"

static gltf_out_document *new_document(void)
{
    gltf_out_document *doc = calloc(1, sizeof *doc);
    assert_non_null(doc);
    gltf_out_init(doc, "test");
    return doc;
}

static void delete_document(gltf_out_document *doc)
{
    gltf_out_free(doc);
    free(doc);
}

static char *encode_json(const gltf_out_document *doc)
{
    unsigned char *bytes;
    size_t size;
    sa_error err = {{0}};
    if (!gltf_out_encode(doc, GLTF_OUT_JSON, &bytes, &size, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(strlen((char *)bytes), size); /* NUL-terminated text */
    return (char *)bytes;
}

/* A triangle with one node: the smallest useful document. */
static void add_triangle(gltf_out_document *doc)
{
    static const float positions[3][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    static const uint16_t indices[3] = {0, 1, 2};
    gltf_out_primitive p = gltf_out_primitive_empty();
    p.position = gltf_out_add_accessor(doc, positions, GLTF_OUT_FLOAT, "VEC3", 3, GLTF_OUT_TARGET_ARRAY_BUFFER);
    p.indices = gltf_out_add_accessor(doc, indices, GLTF_OUT_UNSIGNED_SHORT, "SCALAR", 3,
                                      GLTF_OUT_TARGET_ELEMENT_ARRAY_BUFFER);
    int node = gltf_out_add_node(doc, "triangle", -1);
    doc->nodes[node].mesh = gltf_out_add_mesh(doc, "triangle", p);
    doc->nodes[node].translation[1] = 0.95f;
}

static void base64_matches_rfc4648_vectors(void **state)
{
    (void)state;
    static const char *plain[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar"};
    static const char *encoded[] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"};
    for (int i = 0; i < 7; i++) {
        char out[16];
        size_t n = gltf_out_base64_encode((const unsigned char *)plain[i], strlen(plain[i]), out);
        EXPECT_INT(strlen(encoded[i]), n);
        EXPECT_STR_CONTAINS(out, encoded[i]);
    }
    /* 0xFB 0xFF 0xBF are the 6-bit groups 62 63 62 63: the two symbols after
     * the letters and digits. */
    static const unsigned char high[3] = {0xFB, 0xFF, 0xBF};
    char out[8];
    gltf_out_base64_encode(high, 3, out);
    EXPECT_STR_CONTAINS(out, "+/+/");
}

static void accessor_min_max_are_exact(void **state)
{
    (void)state;
    gltf_out_document *doc = new_document();
    static const float v[2][3] = {{1, -2, 3}, {-4, 5, 0.5f}};
    int a = gltf_out_add_accessor(doc, v, GLTF_OUT_FLOAT, "VEC3", 2, GLTF_OUT_TARGET_ARRAY_BUFFER);
    EXPECT_INT(0, a);
    EXPECT_NEAR(-4, doc->accessors[a].min[0], 0);
    EXPECT_NEAR(-2, doc->accessors[a].min[1], 0);
    EXPECT_NEAR(0.5, doc->accessors[a].min[2], 0);
    EXPECT_NEAR(1, doc->accessors[a].max[0], 0);
    EXPECT_NEAR(5, doc->accessors[a].max[1], 0);
    EXPECT_NEAR(3, doc->accessors[a].max[2], 0);
    static const uint16_t s[3] = {7, 3, 9};
    int b = gltf_out_add_accessor(doc, s, GLTF_OUT_UNSIGNED_SHORT, "SCALAR", 3, GLTF_OUT_TARGET_NONE);
    EXPECT_NEAR(3, doc->accessors[b].min[0], 0);
    EXPECT_NEAR(9, doc->accessors[b].max[0], 0);
    delete_document(doc);
}

/* 3 bytes of u8 then floats: the floats' view must start at 4, not 3. */
static void buffer_views_are_aligned(void **state)
{
    (void)state;
    gltf_out_document *doc = new_document();
    static const uint8_t bytes[3] = {1, 2, 3};
    static const float f[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    gltf_out_add_accessor(doc, bytes, GLTF_OUT_UNSIGNED_BYTE, "SCALAR", 3, GLTF_OUT_TARGET_NONE);
    int m = gltf_out_add_accessor(doc, f, GLTF_OUT_FLOAT, "MAT4", 1, GLTF_OUT_TARGET_NONE);
    EXPECT_INT(4, doc->views[doc->accessors[m].buffer_view].byte_offset);
    EXPECT_INT(64, doc->views[doc->accessors[m].buffer_view].byte_length);
    EXPECT_INT(68, doc->bin_size);
    EXPECT_INT(0, doc->bin[3]); /* the padding byte is zero */
    delete_document(doc);
}

/* Floats print with the fewest digits that read back exactly:
 * 0.95f is 0.949999988079071044921875 and prints "0.95"; 1/3f is
 * 0.3333333432674407958984375, and "0.333333" and "0.3333333" read back
 * as other floats, so it needs 8 digits: "0.33333334". */
static void numbers_print_shortest_round_trip(void **state)
{
    (void)state;
    gltf_out_document *doc = new_document();
    add_triangle(doc);
    doc->nodes[0].rotation[0] = 1.0f / 3.0f;
    doc->nodes[0].scale[2] = -0.0f; /* not the default 1: printed, as 0 */
    char *json = encode_json(doc);
    EXPECT_STR_CONTAINS(json, "\"translation\": [0, 0.95, 0]");
    EXPECT_STR_CONTAINS(json, "\"rotation\": [0.33333334, 0, 0, 1]");
    EXPECT_STR_CONTAINS(json, "\"scale\": [1, 1, 0]");
    EXPECT_STR_CONTAINS(json, "\"min\": [0, 0, 0], \"max\": [1, 1, 0]");
    EXPECT_STR_CONTAINS(json, "\"uri\": \"data:application/octet-stream;base64,");
    EXPECT_STR_CONTAINS(json, "\"asset\": {\"version\": \"2.0\"");
    free(json);
    delete_document(doc);
}

static uint32_t u32_at(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void glb_layout_follows_the_spec(void **state)
{
    (void)state;
    gltf_out_document *doc = new_document();
    add_triangle(doc); /* 36 bytes of positions, 6 of indices: 42, BIN padded to 44 */
    unsigned char *bytes;
    size_t size;
    sa_error err = {{0}};
    assert_true(gltf_out_encode(doc, GLTF_OUT_GLB, &bytes, &size, &err));
    EXPECT_INT(0x46546C67, u32_at(bytes)); /* "glTF" */
    EXPECT_INT(2, u32_at(bytes + 4));
    EXPECT_INT(size, u32_at(bytes + 8));
    size_t json_length = u32_at(bytes + 12);
    EXPECT_INT(0x4E4F534A, u32_at(bytes + 16)); /* "JSON" */
    EXPECT_INT(0, json_length % 4);
    const unsigned char *bin = bytes + 20 + json_length;
    EXPECT_INT(44, u32_at(bin));
    EXPECT_INT(0x004E4942, u32_at(bin + 4)); /* "BIN\0" */
    EXPECT_INT(size, 20 + json_length + 8 + 44);
    EXPECT_TRUE(memcmp(bin + 8, doc->bin, 42) == 0);
    EXPECT_INT(0, bin[8 + 42]);
    EXPECT_INT(0, bin[8 + 43]);
    /* The JSON is padded with spaces and has no buffer uri. */
    char *json = calloc(json_length + 1, 1);
    memcpy(json, bytes + 20, json_length);
    EXPECT_TRUE(json[json_length - 1] == ' ' || json[json_length - 1] == '\n');
    EXPECT_STR_CONTAINS(json, "\"buffers\": [{\"byteLength\": 42}]");
    free(json);
    free(bytes);
    delete_document(doc);
}

static void errors_are_reported_once_at_encode(void **state)
{
    (void)state;
    gltf_out_document *doc = new_document();
    sa_error err = {{0}};
    unsigned char *bytes;
    size_t size;
    assert_false(gltf_out_encode(doc, GLTF_OUT_JSON, &bytes, &size, &err));
    EXPECT_STR_CONTAINS(err.message, "empty");
    static const float f[2] = {0, 1};
    EXPECT_INT(-1, gltf_out_add_accessor(doc, f, GLTF_OUT_FLOAT, "VEC5", 1, GLTF_OUT_TARGET_NONE));
    add_triangle(doc);
    assert_false(gltf_out_encode(doc, GLTF_OUT_JSON, &bytes, &size, &err));
    EXPECT_STR_CONTAINS(err.message, "bad type");
    EXPECT_TRUE(bytes == NULL);
    delete_document(doc);

    /* An animation channel may only target translation, rotation, scale or
     * weights, and weights only on a node whose mesh has morph targets. */
    doc = new_document();
    add_triangle(doc);
    static const float times[2] = {0, 1}, values[6] = {0, 0, 0, 1, 1, 1};
    int animation = gltf_out_add_animation(doc, "clip");
    assert_false(gltf_out_add_channel(doc, animation, 0, "skew", times, values, 2));
    assert_true(gltf_out_add_channel(doc, animation, 0, "scale", times, values, 2)); /* fine, but ... */
    assert_false(gltf_out_encode(doc, GLTF_OUT_JSON, &bytes, &size, &err));
    EXPECT_STR_CONTAINS(err.message, "path must be translation, rotation, scale or weights");
    delete_document(doc);
    doc = new_document();
    add_triangle(doc); /* no morph targets */
    animation = gltf_out_add_animation(doc, "clip");
    assert_false(gltf_out_add_channel(doc, animation, 0, "weights", times, values, 2));
    assert_false(gltf_out_encode(doc, GLTF_OUT_JSON, &bytes, &size, &err));
    EXPECT_STR_CONTAINS(err.message, "a weights channel needs a node whose mesh has morph targets");
    delete_document(doc);
}

/* The same model built twice gives the same bytes: nothing depends on
 * uninitialized memory, addresses or time. */
static void the_humanoid_is_deterministic(void **state)
{
    (void)state;
    unsigned char *bytes[2];
    size_t size[2];
    for (int i = 0; i < 2; i++) {
        gltf_out_document *doc = new_document();
        image_rgba8 texture = {0};
        sa_error err = {{0}};
        if (!make_humanoid(doc, &texture, &err) || !gltf_out_encode(doc, GLTF_OUT_JSON, &bytes[i], &size[i], &err))
            fail_msg("%s", err.message);
        image_free(&texture);
        delete_document(doc);
    }
    EXPECT_INT(size[0], size[1]);
    EXPECT_TRUE(memcmp(bytes[0], bytes[1], size[0]) == 0);
    free(bytes[0]);
    free(bytes[1]);
}

/* What the writer writes, chapter 03's loader reads back unchanged, in both
 * containers. */
static void round_trip_through_the_loader(void **state)
{
    (void)state;
    gltf_out_document *doc = new_document();
    add_triangle(doc);
    for (int c = 0; c < 2; c++) {
        unsigned char *bytes;
        size_t size;
        sa_error err = {{0}};
        assert_true(gltf_out_encode(doc, c ? GLTF_OUT_GLB : GLTF_OUT_JSON, &bytes, &size, &err));
        gltf_document back = {0};
        if (!gltf_load_memory(bytes, size, NULL, "round_trip", NULL, &back, &err))
            fail_msg("%s", err.message);
        EXPECT_INT(1, back.node_count);
        EXPECT_STR_CONTAINS(back.nodes[0].name, "triangle");
        EXPECT_NEAR(0.95f, back.nodes[0].local.translation[1], 0);
        const gltf_primitive *p = &back.meshes[0].primitives[0];
        EXPECT_INT(3, p->vertex_count);
        EXPECT_INT(1, p->triangle_count);
        EXPECT_NEAR(1, p->positions[1][0], 0);
        EXPECT_INT(2, p->triangle_indices[2]);
        EXPECT_INT(3, back.accessors[0].max_count);
        EXPECT_NEAR(1, back.accessors[0].max[1], 0);
        gltf_free(&back);
        free(bytes);
    }
    delete_document(doc);
}

/* Morph targets, by hand: the triangle's target "lift" moves vertex 2 by
 * (0, 2, 0), so its sparse accessor stores one index (2) and one value, and
 * min / max count the two zeros: (0, 0, 0) .. (0, 2, 0). Target "still"
 * moves nothing: an accessor with neither bufferView nor sparse, all zeros.
 * A STEP clip of 2 keys holds 2 x 2 weights; a CUBICSPLINE one 3 x that. */
static void morph_targets_round_trip(void **state)
{
    (void)state;
    gltf_out_document *doc = new_document();
    add_triangle(doc);
    static const float lift[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 2, 0}}, still[3][3] = {{0}};
    int a = gltf_out_add_sparse_accessor(doc, &lift[0][0], "VEC3", 3);
    int b = gltf_out_add_sparse_accessor(doc, &still[0][0], "VEC3", 3);
    EXPECT_INT(0, gltf_out_add_morph_target(doc, 0, "lift", a, -1));
    EXPECT_INT(1, gltf_out_add_morph_target(doc, 0, "still", b, -1));
    static const float times[2] = {0, 1}, steps[4] = {0, 0, 1, 0};
    static const float cubic[12] = {0, 0, 0, 0, 0.5f, 0, /* key 0: in, value, out (2 targets each) */
                                    0, 0, 1, 0, 0,    0};
    int step = gltf_out_add_animation(doc, "step"), spline = gltf_out_add_animation(doc, "spline");
    assert_true(gltf_out_add_channel_interpolated(doc, step, 0, "weights", GLTF_OUT_STEP, times, steps, 2));
    assert_true(gltf_out_add_channel_interpolated(doc, spline, 0, "weights", GLTF_OUT_CUBICSPLINE, times, cubic, 2));
    char *json = encode_json(doc);
    EXPECT_STR_CONTAINS(json, "\"sparse\": {\"count\": 1, \"indices\": {\"bufferView\": ");
    EXPECT_STR_CONTAINS(json, "\"weights\": [0, 0], \"extras\": {\"targetNames\": [\"lift\", \"still\"]}");
    EXPECT_STR_CONTAINS(json, "\"targets\": [{\"POSITION\": 2}, {\"POSITION\": 3}]");
    EXPECT_STR_CONTAINS(json, "\"interpolation\": \"STEP\"");
    EXPECT_STR_CONTAINS(json, "\"interpolation\": \"CUBICSPLINE\"");
    gltf_document back = {0};
    sa_error err = {{0}};
    if (!gltf_load_memory(json, strlen(json), NULL, "morph", NULL, &back, &err))
        fail_msg("%s", err.message);
    const gltf_mesh *mesh = &back.meshes[0];
    EXPECT_INT(2, mesh->target_count);
    EXPECT_STR_CONTAINS(mesh->target_names[0], "lift");
    EXPECT_NEAR(0, mesh->weights[0], 0);
    const gltf_morph_target *t = mesh->primitives[0].targets;
    EXPECT_VEC3(0, 0, 0, t[0].position_deltas[0], 0);
    EXPECT_VEC3(0, 2, 0, t[0].position_deltas[2], 0);
    EXPECT_VEC3(0, 0, 0, t[1].position_deltas[2], 0);
    const gltf_accessor *lifted = &back.accessors[t[0].position], *zero = &back.accessors[t[1].position];
    EXPECT_INT(-1, lifted->buffer_view);
    EXPECT_INT(1, lifted->sparse.count);
    EXPECT_VEC3(0, 0, 0, lifted->min, 0);
    EXPECT_VEC3(0, 2, 0, lifted->max, 0);
    EXPECT_INT(-1, zero->buffer_view);
    EXPECT_INT(0, zero->sparse.count);
    EXPECT_INT(GLTF_PATH_WEIGHTS, back.animations[0].channels[0].target_path);
    EXPECT_INT(GLTF_STEP, back.animations[0].samplers[0].interpolation);
    EXPECT_INT(4, back.animations[0].samplers[0].value_count);
    EXPECT_INT(GLTF_CUBICSPLINE, back.animations[1].samplers[0].interpolation);
    EXPECT_INT(12, back.animations[1].samplers[0].value_count);
    EXPECT_NEAR(1, back.animations[1].samplers[0].values[8], 0); /* key 1's value of "lift" */
    gltf_free(&back);
    free(json);
    delete_document(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(base64_matches_rfc4648_vectors), cmocka_unit_test(accessor_min_max_are_exact),
        cmocka_unit_test(buffer_views_are_aligned),       cmocka_unit_test(numbers_print_shortest_round_trip),
        cmocka_unit_test(glb_layout_follows_the_spec),    cmocka_unit_test(errors_are_reported_once_at_encode),
        cmocka_unit_test(the_humanoid_is_deterministic),  cmocka_unit_test(round_trip_through_the_loader),
        cmocka_unit_test(morph_targets_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
