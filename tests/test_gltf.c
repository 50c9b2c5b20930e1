/* test_gltf: the glTF loader of chapter 03, on small documents written here.
 *
 * Each test writes a glTF document by hand: the JSON as a string, the binary
 * data as bytes whose values are chosen so the expected floats can be worked
 * out by hand (given in the comments). "$B" in the JSON stands for a base64
 * data: URI of the bytes, encoded by this file's own encoder. */
#include "assets/gltf_writer.h"
#include "chapters/03_gltf_loader/gltf.h"
#include "test_util.h"

#include <time.h>

static void base64_encode(const unsigned char *in, size_t n, char *out)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0) | (i + 2 < n ? in[i + 2] : 0);
        out[o++] = alphabet[v >> 18 & 63];
        out[o++] = alphabet[v >> 12 & 63];
        out[o++] = i + 1 < n ? alphabet[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? alphabet[v & 63] : '=';
    }
    out[o] = '\0';
}

/* The JSON with every "$B" replaced by a data: URI of bin. */
static char *with_data_uri(const char *json, const void *bin, size_t bin_size)
{
    char *b64 = malloc(bin_size * 2 + 64);
    strcpy(b64, "data:application/octet-stream;base64,");
    base64_encode(bin, bin_size, b64 + strlen(b64));
    char *out = malloc(strlen(json) * 2 + strlen(b64) * 4 + 1);
    size_t o = 0;
    for (const char *p = json; *p;) {
        if (p[0] == '$' && p[1] == 'B') {
            strcpy(out + o, b64);
            o += strlen(b64);
            p += 2;
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = '\0';
    free(b64);
    return out;
}

static bool load_text(const char *json, const void *bin, size_t bin_size, gltf_document *doc, sa_error *err)
{
    char *text = with_data_uri(json, bin, bin_size);
    bool ok = gltf_load_memory(text, strlen(text), NULL, "test.gltf", NULL, doc, err);
    free(text);
    return ok;
}

static void expect_load(const char *json, const void *bin, size_t bin_size, gltf_document *doc)
{
    sa_error err;
    if (!load_text(json, bin, bin_size, doc, &err))
        fail_msg("the document should load: %s", err.message);
}

/* Loading must fail with a message that holds every one of the given parts. */
static void expect_error(const char *json, const void *bin, size_t bin_size, const char *part1, const char *part2)
{
    gltf_document doc;
    sa_error err;
    if (load_text(json, bin, bin_size, &doc, &err)) {
        gltf_free(&doc);
        fail_msg("the document should be rejected (expected \"%s\")", part1);
    }
    EXPECT_STR_CONTAINS(err.message, "test.gltf: ");
    EXPECT_STR_CONTAINS(err.message, part1);
    if (part2)
        EXPECT_STR_CONTAINS(err.message, part2);
    /* One line. */
    EXPECT_TRUE(strchr(err.message, '\n') == NULL);
}

#define ASSET "\"asset\":{\"version\":\"2.0\"}"

/* --- component types and normalization ------------------------------------ */

static void every_component_type_and_normalization(void **state)
{
    (void)state;
    unsigned char bin[64] = {0};
    /* bytes 0..3: i8 -128, -127, 0, 127 */
    bin[0] = 0x80, bin[1] = 0x81, bin[2] = 0, bin[3] = 127;
    /* bytes 4..7: u8 0, 51, 255, 5 */
    bin[4] = 0, bin[5] = 51, bin[6] = 255, bin[7] = 5;
    /* bytes 8..15: i16 -32768, -32767, 16384, 32767 */
    int16_t s16[4] = {-32768, -32767, 16384, 32767};
    memcpy(bin + 8, s16, 8);
    /* bytes 16..23: u16 0, 13107, 65535, 7 */
    uint16_t u16[4] = {0, 13107, 65535, 7};
    memcpy(bin + 16, u16, 8);
    /* bytes 24..31: u32 4000000000, 16777217 */
    uint32_t u32[2] = {4000000000u, 16777217u};
    memcpy(bin + 24, u32, 8);
    /* bytes 32..39: float 1.5, -2.25 */
    float f[2] = {1.5f, -2.25f};
    memcpy(bin + 32, f, 8);
    const char *json =
        "{" ASSET ",\"buffers\":[{\"byteLength\":40,\"uri\":\"$B\"}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":40}],\"accessors\":["
        "{\"bufferView\":0,\"byteOffset\":0,\"componentType\":5120,\"normalized\":true,\"count\":1,\"type\":\"VEC4\"},"
        "{\"bufferView\":0,\"byteOffset\":4,\"componentType\":5121,\"normalized\":true,\"count\":1,\"type\":\"VEC4\"},"
        "{\"bufferView\":0,\"byteOffset\":8,\"componentType\":5122,\"normalized\":true,\"count\":1,\"type\":\"VEC4\"},"
        "{\"bufferView\":0,\"byteOffset\":16,\"componentType\":5123,\"normalized\":true,\"count\":1,\"type\":\"VEC4\"},"
        "{\"bufferView\":0,\"byteOffset\":24,\"componentType\":5125,\"count\":2,\"type\":\"SCALAR\"},"
        "{\"bufferView\":0,\"byteOffset\":32,\"componentType\":5126,\"count\":1,\"type\":\"VEC2\"},"
        "{\"bufferView\":0,\"byteOffset\":0,\"componentType\":5120,\"count\":1,\"type\":\"VEC4\"},"
        "{\"bufferView\":0,\"byteOffset\":16,\"componentType\":5123,\"count\":1,\"type\":\"VEC4\"}]}";
    gltf_document doc;
    expect_load(json, bin, 40, &doc);
    float out[4];
    sa_error err;
    /* i8 normalized: max(c / 127, -1): -128 -> -1, -127 -> -1, 0 -> 0, 127 -> 1 */
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 0, out, &err));
    EXPECT_NEAR(-1.0, out[0], 1e-7);
    EXPECT_NEAR(-1.0, out[1], 1e-7);
    EXPECT_NEAR(0.0, out[2], 1e-7);
    EXPECT_NEAR(1.0, out[3], 1e-7);
    /* u8 normalized: c / 255: 51 -> 0.2, 255 -> 1, 5 -> 0.0196078 */
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 1, out, &err));
    EXPECT_NEAR(0.0, out[0], 1e-7);
    EXPECT_NEAR(0.2, out[1], 1e-7);
    EXPECT_NEAR(1.0, out[2], 1e-7);
    EXPECT_NEAR(5.0 / 255.0, out[3], 1e-7);
    /* i16 normalized: max(c / 32767, -1): -32768 -> -1, -32767 -> -1, 16384 -> 0.500015 */
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 2, out, &err));
    EXPECT_NEAR(-1.0, out[0], 1e-7);
    EXPECT_NEAR(-1.0, out[1], 1e-7);
    EXPECT_NEAR(16384.0 / 32767.0, out[2], 1e-7);
    EXPECT_NEAR(1.0, out[3], 1e-7);
    /* u16 normalized: c / 65535: 13107 -> 0.2 */
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 3, out, &err));
    EXPECT_NEAR(0.2, out[1], 1e-7);
    EXPECT_NEAR(1.0, out[2], 1e-7);
    /* u32 as unsigned integers: exact, even past 2^24 where floats skip values. */
    uint32_t indices[2];
    EXPECT_TRUE(gltf_accessor_unpack_uints(&doc, 4, indices, &err));
    EXPECT_INT(4000000000u, indices[0]);
    EXPECT_INT(16777217u, indices[1]);
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 5, out, &err));
    EXPECT_NEAR(1.5, out[0], 0);
    EXPECT_NEAR(-2.25, out[1], 0);
    /* Not normalized: the integer value itself. */
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 6, out, &err));
    EXPECT_NEAR(-128.0, out[0], 0);
    EXPECT_NEAR(127.0, out[3], 0);
    uint16_t joints[4];
    EXPECT_TRUE(gltf_accessor_unpack_u16(&doc, 7, joints, &err));
    EXPECT_INT(65535, joints[2]);
    EXPECT_INT(7, joints[3]);
    /* Signed data cannot be unpacked as indices. */
    EXPECT_TRUE(!gltf_accessor_unpack_uints(&doc, 6, indices, &err));
    EXPECT_STR_CONTAINS(err.message, "accessors[6]");
    gltf_free(&doc);
}

static void sizes_of_components_types_and_padded_matrices(void **state)
{
    (void)state;
    EXPECT_INT(1, gltf_component_size(GLTF_BYTE));
    EXPECT_INT(2, gltf_component_size(GLTF_UNSIGNED_SHORT));
    EXPECT_INT(4, gltf_component_size(GLTF_FLOAT));
    EXPECT_INT(0, gltf_component_size((gltf_component_type)5124));
    EXPECT_INT(16, gltf_type_components(GLTF_MAT4));
    EXPECT_INT(9, gltf_type_components(GLTF_MAT3));
    /* glTF 2.0 section 3.6.2.4: columns start on 4 bytes. */
    EXPECT_INT(8, gltf_element_size(GLTF_BYTE, GLTF_MAT2));   /* 2 x (2 + 2 padding) */
    EXPECT_INT(12, gltf_element_size(GLTF_BYTE, GLTF_MAT3));  /* 3 x (3 + 1) */
    EXPECT_INT(24, gltf_element_size(GLTF_SHORT, GLTF_MAT3)); /* 3 x (6 + 2) */
    EXPECT_INT(8, gltf_element_size(GLTF_SHORT, GLTF_MAT2));  /* 2 x 4, no padding */
    EXPECT_INT(64, gltf_element_size(GLTF_FLOAT, GLTF_MAT4));
    EXPECT_INT(6, gltf_element_size(GLTF_UNSIGNED_SHORT, GLTF_VEC3));
}

static void matrices_with_padded_columns(void **state)
{
    (void)state;
    /* MAT2 of i8: column 0 = (1, 2) + 2 padding bytes, column 1 = (3, 4) + padding.
     * MAT3 of u16 at byte 8: columns (10, 11, 12) (13, 14, 15) (16, 17, 18), each padded by 2 bytes. */
    unsigned char bin[32] = {1, 2, 0xEE, 0xEE, 3, 4, 0xEE, 0xEE};
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 4; r++) {
            uint16_t v = r < 3 ? (uint16_t)(10 + c * 3 + r) : 0xEEEE;
            memcpy(bin + 8 + c * 8 + r * 2, &v, 2);
        }
    const char *json = "{" ASSET ",\"buffers\":[{\"byteLength\":32,\"uri\":\"$B\"}],"
                       "\"bufferViews\":[{\"buffer\":0,\"byteLength\":32}],\"accessors\":["
                       "{\"bufferView\":0,\"componentType\":5120,\"count\":1,\"type\":\"MAT2\"},"
                       "{\"bufferView\":0,\"byteOffset\":8,\"componentType\":5123,\"count\":1,\"type\":\"MAT3\"}]}";
    gltf_document doc;
    expect_load(json, bin, 32, &doc);
    float m2[4], m3[9];
    sa_error err;
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 0, m2, &err));
    for (int i = 0; i < 4; i++)
        EXPECT_NEAR(i + 1, m2[i], 0);
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 1, m3, &err));
    for (int i = 0; i < 9; i++)
        EXPECT_NEAR(10 + i, m3[i], 0);
    gltf_free(&doc);
}

/* --- stride and alignment ----------------------------------------------------- */

static void interleaved_data(void **state)
{
    (void)state;
    /* A bufferView starting at byte 4, stride 20: per vertex a float VEC3
     * position at 0 and a normalized u16 VEC2 at 12, then 4 unused bytes.
     * Vertex i: position (i, 2i, -i), uv (i * 13107) / 65535 = 0.2 i. */
    unsigned char bin[64] = {0};
    for (int i = 0; i < 3; i++) {
        float p[3] = {(float)i, 2.0f * i, -(float)i};
        uint16_t uv[2] = {(uint16_t)(i * 13107), (uint16_t)(65535 - i * 13107)};
        memcpy(bin + 4 + i * 20, p, 12);
        memcpy(bin + 4 + i * 20 + 12, uv, 4);
    }
    const char *json = "{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                       "\"bufferViews\":[{\"buffer\":0,\"byteOffset\":4,\"byteLength\":60,\"byteStride\":20}],"
                       "\"accessors\":["
                       "{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"},"
                       "{\"bufferView\":0,\"byteOffset\":12,\"componentType\":5123,\"normalized\":true,\"count\":3,"
                       "\"type\":\"VEC2\"}]}";
    gltf_document doc;
    expect_load(json, bin, 64, &doc);
    float p[3][3], uv[3][2];
    sa_error err;
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 0, p[0], &err));
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 1, uv[0], &err));
    for (int i = 0; i < 3; i++) {
        EXPECT_NEAR(i, p[i][0], 0);
        EXPECT_NEAR(2 * i, p[i][1], 0);
        EXPECT_NEAR(-i, p[i][2], 0);
        EXPECT_NEAR(0.2 * i, uv[i][0], 1e-6);
        EXPECT_NEAR(1.0 - 0.2 * i, uv[i][1], 1e-6);
    }
    gltf_free(&doc);
}

/* glTF 2.0, 3.6.2.4: an accessor's offset into its bufferView and into its
 * buffer is a multiple of its component size; a vertex attribute's offset and
 * stride are multiples of 4. Each rule at its boundary: one step off fails,
 * the next aligned value loads. */
static void offsets_and_strides_must_be_aligned(void **state)
{
    (void)state;
    unsigned char bin[64] = {0};
    char json[1024];
    gltf_document doc;
    const char *format = "{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                         "\"bufferViews\":[{\"buffer\":0,\"byteOffset\":%d,\"byteLength\":48%s}],"
                         "\"accessors\":[{\"bufferView\":0,\"byteOffset\":%d,\"componentType\":%d,\"count\":2,"
                         "\"type\":\"%s\"}]%s}";
    const char *as_texcoord = ",\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":1,\"TEXCOORD_0\":0}}]}]";
    /* Floats: the accessor's offset 2 into the view, then 4. */
    snprintf(json, sizeof json, format, 0, "", 2, 5126, "SCALAR", "");
    expect_error(json, bin, 64, "accessors[0].byteOffset", "2 is not a multiple of the component size (4 bytes)");
    snprintf(json, sizeof json, format, 0, "", 4, 5126, "SCALAR", "");
    expect_load(json, bin, 64, &doc);
    gltf_free(&doc);
    /* Floats in a view that starts at byte 2 of the buffer: byte 2 + 0. */
    snprintf(json, sizeof json, format, 2, "", 0, 5126, "SCALAR", "");
    expect_error(json, bin, 64, "accessors[0].byteOffset: bufferViews[0] starts at byte 2",
                 "starts at byte 2, not a multiple of the component size (4 bytes)");
    /* u16: byte 2 is fine for plain data, byte 1 is not. */
    snprintf(json, sizeof json, format, 2, "", 0, 5123, "SCALAR", "");
    expect_load(json, bin, 64, &doc);
    gltf_free(&doc);
    snprintf(json, sizeof json, format, 1, "", 0, 5123, "SCALAR", "");
    expect_error(json, bin, 64, "accessors[0].byteOffset", "starts at byte 1, not a multiple");

    /* The same u16 VEC2 as a vertex attribute (a second accessor, floats at
     * byte 16, is POSITION): its offset must be a multiple of 4. */
    format =
        "{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":16%s},{\"buffer\":0,\"byteOffset\":16,\"byteLength\":24}],"
        "\"accessors\":[{\"bufferView\":0,\"byteOffset\":%d,\"componentType\":%d,\"normalized\":true,"
        "\"count\":2,\"type\":\"VEC2\"},{\"bufferView\":1,\"componentType\":5126,\"count\":2,\"type\":\"VEC3\"}]%s}";
    snprintf(json, sizeof json, format, "", 2, 5123, as_texcoord);
    expect_error(json, bin, 64, "meshes[0].primitives[0].attributes.TEXCOORD_0",
                 "accessors[0].byteOffset 2 is not a multiple of 4");
    snprintf(json, sizeof json, format, "", 4, 5123, as_texcoord);
    expect_load(json, bin, 64, &doc);
    gltf_free(&doc);
    /* u8 VEC2 elements are 2 bytes: packed without a byteStride they are not
     * on 4 bytes; with byteStride 4 they are. */
    snprintf(json, sizeof json, format, "", 0, 5121, as_texcoord);
    expect_error(json, bin, 64, "meshes[0].primitives[0].attributes.TEXCOORD_0",
                 "accessors[0] packs elements of 2 bytes, not a multiple of 4; bufferViews[0] needs a byteStride");
    snprintf(json, sizeof json, format, ",\"byteStride\":4", 0, 5121, as_texcoord);
    expect_load(json, bin, 64, &doc);
    gltf_free(&doc);
    /* Not a vertex attribute: the same u8 VEC2 accessor alone loads. */
    snprintf(json, sizeof json, format, "", 0, 5121, "");
    expect_load(json, bin, 64, &doc);
    gltf_free(&doc);
}

static void accessor_and_view_ranges_are_checked(void **state)
{
    (void)state;
    unsigned char bin[64] = {0};
    /* 3 VEC3 floats 20 apart end at 2 * 20 + 12 = 52 > 48. */
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                 "\"bufferViews\":[{\"buffer\":0,\"byteLength\":48,\"byteStride\":20}],"
                 "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"}]}",
                 bin, 64, "accessors[0]", "do not fit in bufferViews[0]");
    /* byteOffset 4 + 12 * 5 = 64 > 60 */
    expect_error(
        "{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":60}],"
        "\"accessors\":[{\"bufferView\":0,\"byteOffset\":4,\"componentType\":5126,\"count\":5,\"type\":\"VEC3\"}]}",
        bin, 64, "accessors[0]", "do not fit");
    /* a view of 60 bytes from 8 ends at 68 > 64 */
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                 "\"bufferViews\":[{\"buffer\":0,\"byteOffset\":8,\"byteLength\":60}]}",
                 bin, 64, "bufferViews[0]", "past the end of buffers[0]");
    /* a stride smaller than an element (12 bytes) */
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                 "\"bufferViews\":[{\"buffer\":0,\"byteLength\":64,\"byteStride\":8}],"
                 "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,\"type\":\"VEC3\"}]}",
                 bin, 64, "accessors[0]", "smaller than one element");
    /* a buffer that claims more bytes than its data has */
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":65,\"uri\":\"$B\"}]}", bin, 64, "buffers[0].byteLength",
                 "only 64 bytes");
    /* a count whose byte size would overflow size_t */
    expect_error(
        "{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":64}],"
        "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":4000000000000000,\"type\":\"MAT4\"}]}",
        bin, 64, "accessors[0]", "do not fit");
}

/* --- sparse accessors --------------------------------------------------------- */

static void sparse_accessors(void **state)
{
    (void)state;
    /* base: floats 1, 2, 3, 4 (bytes 0..15); sparse indices u8 1, 3 (bytes 16..17);
     * values 20, 40 (bytes 20..27). Result: 1, 20, 3, 40. The second accessor
     * has no bufferView: zeros with the same substitutions: 0, 20, 0, 40. */
    unsigned char bin[28] = {0};
    float base[4] = {1, 2, 3, 4}, values[2] = {20, 40};
    memcpy(bin, base, 16);
    bin[16] = 1, bin[17] = 3;
    memcpy(bin + 20, values, 8);
    const char *sparse = "\"sparse\":{\"count\":2,\"indices\":{\"bufferView\":1,\"componentType\":5121},"
                         "\"values\":{\"bufferView\":2}}";
    char json[2048];
    snprintf(json, sizeof json,
             "{" ASSET ",\"buffers\":[{\"byteLength\":28,\"uri\":\"$B\"}],"
             "\"bufferViews\":[{\"buffer\":0,\"byteLength\":16},{\"buffer\":0,\"byteOffset\":16,\"byteLength\":2},"
             "{\"buffer\":0,\"byteOffset\":20,\"byteLength\":8}],\"accessors\":["
             "{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"SCALAR\",%s},"
             "{\"componentType\":5126,\"count\":4,\"type\":\"SCALAR\",%s}]}",
             sparse, sparse);
    gltf_document doc;
    expect_load(json, bin, 28, &doc);
    float out[4];
    sa_error err;
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 0, out, &err));
    EXPECT_NEAR(1, out[0], 0);
    EXPECT_NEAR(20, out[1], 0);
    EXPECT_NEAR(3, out[2], 0);
    EXPECT_NEAR(40, out[3], 0);
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 1, out, &err));
    EXPECT_NEAR(0, out[0], 0);
    EXPECT_NEAR(20, out[1], 0);
    EXPECT_NEAR(0, out[2], 0);
    EXPECT_NEAR(40, out[3], 0);
    gltf_free(&doc);

    /* A sparse index past count (4) is rejected when the accessor is decoded. */
    bin[17] = 4;
    snprintf(json, sizeof json,
             "{" ASSET ",\"buffers\":[{\"byteLength\":28,\"uri\":\"$B\"}],"
             "\"bufferViews\":[{\"buffer\":0,\"byteLength\":16},{\"buffer\":0,\"byteOffset\":16,\"byteLength\":2},"
             "{\"buffer\":0,\"byteOffset\":20,\"byteLength\":8}],\"accessors\":["
             "{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"SCALAR\",%s}]}",
             sparse);
    expect_load(json, bin, 28, &doc);
    EXPECT_TRUE(!gltf_accessor_unpack_floats(&doc, 0, out, &err));
    EXPECT_STR_CONTAINS(err.message, "accessors[0].sparse.indices[1]");
    gltf_free(&doc);
    /* Indices out of order (3 then 1). */
    bin[16] = 3, bin[17] = 1;
    expect_load(json, bin, 28, &doc);
    EXPECT_TRUE(!gltf_accessor_unpack_floats(&doc, 0, out, &err));
    EXPECT_STR_CONTAINS(err.message, "out of order");
    gltf_free(&doc);
    /* More sparse values than the view holds: 2 values need 8 bytes, the view has 4. */
    snprintf(json, sizeof json,
             "{" ASSET ",\"buffers\":[{\"byteLength\":28,\"uri\":\"$B\"}],"
             "\"bufferViews\":[{\"buffer\":0,\"byteLength\":16},{\"buffer\":0,\"byteOffset\":16,\"byteLength\":2},"
             "{\"buffer\":0,\"byteOffset\":20,\"byteLength\":4}],\"accessors\":["
             "{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"SCALAR\",%s}]}",
             sparse);
    expect_error(json, bin, 28, "accessors[0].sparse.values", "do not fit");
}

/* Two boundaries of sparse accessors: sparse.count may equal the accessor's
 * count (every element replaced; one more is rejected), and the indices must
 * strictly increase, so a repeated index ([1, 1]) is out of order while
 * [1, 2] is fine. */
static void sparse_count_equal_to_count_and_repeated_indices(void **state)
{
    (void)state;
    /* base floats 1, 2, 3, 4 (bytes 0..15); u8 indices 0, 1, 2, 3 (16..19);
     * values 10, 20, 30, 40 (20..35). */
    unsigned char bin[36] = {0};
    const float base[4] = {1, 2, 3, 4}, values[4] = {10, 20, 30, 40};
    memcpy(bin, base, 16);
    for (int i = 0; i < 4; i++)
        bin[16 + i] = (unsigned char)i;
    memcpy(bin + 20, values, 16);
    const char *format =
        "{" ASSET ",\"buffers\":[{\"byteLength\":36,\"uri\":\"$B\"}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":16},{\"buffer\":0,\"byteOffset\":16,\"byteLength\":4},"
        "{\"buffer\":0,\"byteOffset\":20,\"byteLength\":16}],\"accessors\":["
        "{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"SCALAR\",\"sparse\":{\"count\":%d,"
        "\"indices\":{\"bufferView\":1,\"componentType\":5121},\"values\":{\"bufferView\":2}}}]}";
    char json[1024];
    gltf_document doc;
    sa_error err;
    float out[4];
    snprintf(json, sizeof json, format, 4);
    expect_load(json, bin, 36, &doc);
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 0, out, &err));
    for (int i = 0; i < 4; i++)
        EXPECT_NEAR(values[i], out[i], 0);
    gltf_free(&doc);
    snprintf(json, sizeof json, format, 5);
    expect_error(json, bin, 36, "accessors[0].sparse.count", "5 is not in 1..4");

    /* Two sparse indices: [1, 2] replaces elements 1 and 2, [1, 1] is rejected. */
    snprintf(json, sizeof json, format, 2);
    bin[16] = 1, bin[17] = 2;
    expect_load(json, bin, 36, &doc);
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 0, out, &err));
    EXPECT_NEAR(1, out[0], 0);
    EXPECT_NEAR(10, out[1], 0);
    EXPECT_NEAR(20, out[2], 0);
    EXPECT_NEAR(4, out[3], 0);
    gltf_free(&doc);
    bin[17] = 1;
    expect_load(json, bin, 36, &doc);
    EXPECT_TRUE(!gltf_accessor_unpack_floats(&doc, 0, out, &err));
    EXPECT_STR_CONTAINS(err.message, "accessors[0].sparse.indices[1]: 1 is out of order");
    gltf_free(&doc);
}

/* --- meshes: modes, missing normals, joints and weights ---------------------------- */

static const char *mesh_json(char *out, size_t n, int mode, bool indexed)
{
    /* 4 positions in the z = 0 plane, counter-clockwise seen from +Z:
     * (0,0,0) (1,0,0) (1,1,0) (0,1,0); indices 0 1 2 3 (u16, bytes 48..55);
     * JOINTS_0 u8 (bytes 56..71), WEIGHTS_0 normalized u8 (bytes 72..87),
     * NORMAL (0, 0, 1) for each (bytes 88..135): with normals in the file the
     * vertices stay as they are (see flat_normals_when_the_file_has_none). */
    snprintf(
        out, n,
        "{" ASSET ",\"buffers\":[{\"byteLength\":136,\"uri\":\"$B\"}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":48},{\"buffer\":0,\"byteOffset\":48,\"byteLength\":8},"
        "{\"buffer\":0,\"byteOffset\":56,\"byteLength\":16},{\"buffer\":0,\"byteOffset\":72,\"byteLength\":16},"
        "{\"buffer\":0,\"byteOffset\":88,\"byteLength\":48}],"
        "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"VEC3\"},"
        "{\"bufferView\":1,\"componentType\":5123,\"count\":4,\"type\":\"SCALAR\"},"
        "{\"bufferView\":2,\"componentType\":5121,\"count\":4,\"type\":\"VEC4\"},"
        "{\"bufferView\":3,\"componentType\":5121,\"normalized\":true,\"count\":4,\"type\":\"VEC4\"},"
        "{\"bufferView\":4,\"componentType\":5126,\"count\":4,\"type\":\"VEC3\"}],"
        "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":4,\"JOINTS_0\":2,\"WEIGHTS_0\":3},"
        "\"mode\":%d%s}]}]}",
        mode, indexed ? ",\"indices\":1" : "");
    return out;
}

static void mesh_bin(unsigned char bin[136])
{
    float p[12] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
    uint16_t idx[4] = {0, 1, 2, 3};
    const float up[3] = {0, 0, 1};
    memset(bin, 0, 136);
    for (int v = 0; v < 4; v++)
        memcpy(bin + 88 + v * 12, up, 12);
    memcpy(bin, p, 48);
    memcpy(bin + 48, idx, 8);
    for (int v = 0; v < 4; v++) {
        bin[56 + v * 4] = (unsigned char)v; /* joint v, then joint 1 */
        bin[56 + v * 4 + 1] = 1;
        bin[72 + v * 4] = 255; /* weight 1, then 0 */
    }
}

static void strips_fans_and_lists(void **state)
{
    (void)state;
    unsigned char bin[136];
    mesh_bin(bin);
    char json[2048];
    gltf_document doc;
    /* TRIANGLES, 4 indices: one triangle (0 1 2), the 4th index is left over. */
    expect_load(mesh_json(json, sizeof json, 4, true), bin, 136, &doc);
    const gltf_primitive *p = &doc.meshes[0].primitives[0];
    EXPECT_INT(1, p->triangle_count);
    EXPECT_INT(0, p->triangle_indices[0]);
    EXPECT_INT(1, p->triangle_indices[1]);
    EXPECT_INT(2, p->triangle_indices[2]);
    gltf_free(&doc);
    /* TRIANGLE_STRIP 0 1 2 3: (0 1 2), then the second flipped back to CCW: (1 3 2). */
    expect_load(mesh_json(json, sizeof json, 5, true), bin, 136, &doc);
    p = &doc.meshes[0].primitives[0];
    EXPECT_INT(2, p->triangle_count);
    const uint32_t strip[6] = {0, 1, 2, 1, 3, 2};
    for (int i = 0; i < 6; i++)
        EXPECT_INT(strip[i], p->triangle_indices[i]);
    gltf_free(&doc);
    /* TRIANGLE_FAN 0 1 2 3, non-indexed: (1 2 0), (2 3 0). */
    expect_load(mesh_json(json, sizeof json, 6, false), bin, 136, &doc);
    p = &doc.meshes[0].primitives[0];
    EXPECT_INT(2, p->triangle_count);
    const uint32_t fan[6] = {1, 2, 0, 2, 3, 0};
    for (int i = 0; i < 6; i++)
        EXPECT_INT(fan[i], p->triangle_indices[i]);
    /* NORMAL in the file: kept, the 4 vertices stay 4. */
    EXPECT_TRUE(!p->normals_computed);
    EXPECT_INT(4, p->vertex_count);
    EXPECT_TRUE(p->source_vertex == NULL && p->source_vertex_count == 0);
    for (int v = 0; v < 4; v++) {
        EXPECT_NEAR(0, p->normals[v][0], 1e-6);
        EXPECT_NEAR(0, p->normals[v][1], 1e-6);
        EXPECT_NEAR(1, p->normals[v][2], 1e-6);
    }
    /* u8 joints widened to u16, normalized u8 weights to 0..1. */
    EXPECT_INT(3, p->joints[3][0]);
    EXPECT_INT(1, p->joints[3][1]);
    EXPECT_NEAR(1.0, p->weights[2][0], 0);
    EXPECT_NEAR(0.0, p->weights[2][1], 0);
    /* Bounds of the positions. */
    EXPECT_NEAR(0, p->bounds_min[0], 0);
    EXPECT_NEAR(1, p->bounds_max[1], 0);
    gltf_free(&doc);
    /* POINTS: kept, not decoded, with a note. */
    expect_load(mesh_json(json, sizeof json, 0, true), bin, 136, &doc);
    EXPECT_TRUE(doc.meshes[0].primitives[0].skipped);
    EXPECT_INT(0, doc.meshes[0].primitives[0].triangle_count);
    EXPECT_INT(1, doc.note_count);
    EXPECT_STR_CONTAINS(doc.note, "meshes[0].primitives[0]");
    gltf_free(&doc);
    /* An index past the 4 vertices. */
    uint16_t bad = 4;
    memcpy(bin + 50, &bad, 2);
    expect_error(mesh_json(json, sizeof json, 4, true), bin, 136, "meshes[0].primitives[0].indices",
                 "index 4, but there are 4 vertices");
}

/* No NORMAL: the spec asks for flat normals, so each triangle gets its own
 * three vertices with its face normal, and TANGENT is ignored.
 * Positions P0 (0,0,0) P1 (1,0,0) P2 (0,1,1) P3 (0,0,-1), triangles (0 1 2) and
 * (1 0 3) sharing the edge P0-P1. Face normals by hand:
 *   (P1 - P0) x (P2 - P0) = (1,0,0) x (0,1,1)   = (0,-1,1), unit (0,-h,h), h = sqrt(1/2)
 *   (P0 - P1) x (P3 - P1) = (-1,0,0) x (-1,0,-1) = (0,-1,0)
 * Smooth normals would give P0 and P1 the mean of the two instead. */
static void flat_normals_when_the_file_has_none(void **state)
{
    (void)state;
    unsigned char bin[156] = {0};
    const float positions[12] = {0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, -1};
    const uint16_t indices[6] = {0, 1, 2, 1, 0, 3};
    const float uv[8] = {0, 0, 1, 0, 0, 1, 1, 1};
    const float tangents[16] = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};
    memcpy(bin, positions, 48);
    memcpy(bin + 48, indices, 12);
    memcpy(bin + 60, uv, 32);
    memcpy(bin + 92, tangents, 64);
    const char *json =
        "{" ASSET ",\"buffers\":[{\"byteLength\":156,\"uri\":\"$B\"}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":48},{\"buffer\":0,\"byteOffset\":48,\"byteLength\":12},"
        "{\"buffer\":0,\"byteOffset\":60,\"byteLength\":32},{\"buffer\":0,\"byteOffset\":92,\"byteLength\":64}],"
        "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"VEC3\"},"
        "{\"bufferView\":1,\"componentType\":5123,\"count\":6,\"type\":\"SCALAR\"},"
        "{\"bufferView\":2,\"componentType\":5126,\"count\":4,\"type\":\"VEC2\"},"
        "{\"bufferView\":3,\"componentType\":5126,\"count\":4,\"type\":\"VEC4\"}],"
        "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"TEXCOORD_0\":2,\"TANGENT\":3},"
        "\"indices\":1}]}]}";
    gltf_document doc;
    expect_load(json, bin, sizeof bin, &doc);
    const gltf_primitive *p = &doc.meshes[0].primitives[0];
    const double h = sqrt(0.5);
    const double normal[2][3] = {{0, -h, h}, {0, -1, 0}};
    EXPECT_TRUE(p->normals_computed);
    EXPECT_INT(2, p->triangle_count);
    EXPECT_INT(6, p->vertex_count); /* unwelded: 3 per triangle */
    EXPECT_TRUE(p->tangents == NULL);
    for (int c = 0; c < 6; c++) {
        int v = indices[c]; /* corner c is a copy of vertex v */
        EXPECT_INT(c, p->triangle_indices[c]);
        for (int k = 0; k < 3; k++) {
            EXPECT_NEAR(positions[3 * v + k], p->positions[c][k], 0);
            EXPECT_NEAR(normal[c / 3][k], p->normals[c][k], 1e-6);
        }
        EXPECT_NEAR(uv[2 * v], p->texcoords[c][0], 0);
        EXPECT_NEAR(uv[2 * v + 1], p->texcoords[c][1], 0);
    }
    /* The accessor still says 4: that is what --check counts. */
    EXPECT_INT(4, doc.accessors[p->position].count);
    /* Every corner is a copy of the vertex it indexed; all four are used. */
    EXPECT_INT(4, p->source_vertex_count);
    for (int c = 0; c < 6; c++)
        EXPECT_INT(indices[c], p->source_vertex[c]);
    gltf_free(&doc);
}

/* Unwelded, a vertex that no triangle uses still gets one copy, after the
 * corners, so that source_vertex names every vertex of the file.
 * Positions P0 (0,0,0) P1 (1,0,0) P2 (5,5,5) P3 (0,1,0) P4 (0,-1,0),
 * triangles (0 1 3) and (1 0 4): P2 is in neither. TEXCOORD_0 of vertex v is
 * (v, 10 v). By hand: corners copy 0 1 3 1 0 4, then P2 is copy 6:
 * source_vertex = 0 1 3 1 0 4 2, 7 vertices, 5 in the file. Face normals:
 *   (P1 - P0) x (P3 - P0) = (1,0,0) x (0,1,0)   = (0,0,1)
 *   (P0 - P1) x (P4 - P1) = (-1,0,0) x (-1,-1,0) = (0,0,1) */
static void unwelding_keeps_a_vertex_no_triangle_uses(void **state)
{
    (void)state;
    unsigned char bin[112] = {0};
    const float positions[15] = {0, 0, 0, 1, 0, 0, 5, 5, 5, 0, 1, 0, 0, -1, 0};
    const uint16_t indices[6] = {0, 1, 3, 1, 0, 4};
    const float uv[10] = {0, 0, 1, 10, 2, 20, 3, 30, 4, 40};
    memcpy(bin, positions, 60);
    memcpy(bin + 60, indices, 12);
    memcpy(bin + 72, uv, 40);
    const char *json =
        "{" ASSET ",\"buffers\":[{\"byteLength\":112,\"uri\":\"$B\"}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":60},{\"buffer\":0,\"byteOffset\":60,\"byteLength\":12},"
        "{\"buffer\":0,\"byteOffset\":72,\"byteLength\":40}],"
        "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":5,\"type\":\"VEC3\"},"
        "{\"bufferView\":1,\"componentType\":5123,\"count\":6,\"type\":\"SCALAR\"},"
        "{\"bufferView\":2,\"componentType\":5126,\"count\":5,\"type\":\"VEC2\"}],"
        "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"TEXCOORD_0\":2},\"indices\":1}]}]}";
    gltf_document doc;
    expect_load(json, bin, sizeof bin, &doc);
    const gltf_primitive *p = &doc.meshes[0].primitives[0];
    const uint32_t source[7] = {0, 1, 3, 1, 0, 4, 2};
    EXPECT_TRUE(p->normals_computed);
    EXPECT_INT(2, p->triangle_count);
    EXPECT_INT(7, p->vertex_count);
    EXPECT_INT(5, p->source_vertex_count);
    assert_non_null(p->source_vertex);
    for (int i = 0; i < 7; i++) {
        EXPECT_INT(source[i], p->source_vertex[i]);
        for (int k = 0; k < 3; k++)
            EXPECT_NEAR(positions[3 * source[i] + k], p->positions[i][k], 0);
        EXPECT_NEAR(source[i], p->texcoords[i][0], 0);
        EXPECT_NEAR(10.0 * source[i], p->texcoords[i][1], 0);
    }
    for (int c = 0; c < 6; c++) {
        EXPECT_INT(c, p->triangle_indices[c]);
        EXPECT_NEAR(0, p->normals[c][0], 1e-6);
        EXPECT_NEAR(0, p->normals[c][1], 1e-6);
        EXPECT_NEAR(1, p->normals[c][2], 1e-6);
    }
    /* The extra copy is in no triangle; its normal need only be a unit one. */
    EXPECT_NEAR(1,
                sqrt(p->normals[6][0] * p->normals[6][0] + p->normals[6][1] * p->normals[6][1] +
                     p->normals[6][2] * p->normals[6][2]),
                1e-6);
    gltf_free(&doc);
}

/* glTF has no primitive restart: the all-ones index of each index type is
 * not a valid index. With enough vertices (positions without a bufferView:
 * zeros) that value would pass the range check, so the boundary is exact:
 * one less loads. */
static void primitive_restart_index_is_rejected(void **state)
{
    (void)state;
    const struct {
        int component_type, size;
        uint32_t restart;
        const char *name;
    } cases[3] = {{5121, 1, 255u, "unsigned byte"},
                  {5123, 2, 65535u, "unsigned short"},
                  {5125, 4, 4294967295u, "unsigned int"}};
    for (int c = 0; c < 3; c++) {
        for (uint32_t last = cases[c].restart - 1;; last++) {
            uint32_t indices[3] = {0, 1, last};
            unsigned char bin[12] = {0};
            for (int i = 0; i < 3; i++)
                memcpy(bin + i * cases[c].size, &indices[i], (size_t)cases[c].size); /* little-endian */
            char json[1024], expected[160];
            size_t vertices = c == 2 ? 3 : (size_t)cases[c].restart + 1;
            snprintf(json, sizeof json,
                     "{" ASSET ",\"buffers\":[{\"byteLength\":12,\"uri\":\"$B\"}],"
                     "\"bufferViews\":[{\"buffer\":0,\"byteLength\":12}],"
                     "\"accessors\":[{\"componentType\":5126,\"count\":%zu,\"type\":\"VEC3\"},"
                     "{\"bufferView\":0,\"componentType\":%d,\"count\":3,\"type\":\"SCALAR\"}],"
                     "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0},\"indices\":1}]}]}",
                     vertices, cases[c].component_type);
            if (last == cases[c].restart) {
                snprintf(expected, sizeof expected, "element 2: %u is the primitive restart value of %s indices", last,
                         cases[c].name);
                expect_error(json, bin, 12, "meshes[0].primitives[0].indices", expected);
                break;
            }
            if (c < 2) { /* (4294967294 is past the 3 vertices of the u32 case) */
                gltf_document doc;
                expect_load(json, bin, 12, &doc);
                gltf_free(&doc);
            }
        }
    }
}

/* --- KHR_mesh_quantization ------------------------------------------------------- */

/* A float model: a UV sphere of radius 0.9, 7 rings x 9 columns of vertices,
 * unit normals, texture coordinates in 0..1, tangents along the columns'
 * direction of travel with w = +1 or -1 by column. */
enum { SPHERE_RINGS = 6, SPHERE_COLUMNS = 8, SPHERE_VERTICES = (SPHERE_RINGS + 1) * (SPHERE_COLUMNS + 1) };
typedef struct sphere {
    float positions[SPHERE_VERTICES][3], normals[SPHERE_VERTICES][3], texcoords[SPHERE_VERTICES][2];
    float tangents[SPHERE_VERTICES][4];
    uint16_t indices[SPHERE_RINGS * SPHERE_COLUMNS * 6];
} sphere;

static void make_sphere(sphere *m)
{
    const double pi = 3.14159265358979323846;
    int v = 0, i = 0;
    for (int r = 0; r <= SPHERE_RINGS; r++)
        for (int c = 0; c <= SPHERE_COLUMNS; c++, v++) {
            double theta = pi * r / SPHERE_RINGS, phi = 2 * pi * c / SPHERE_COLUMNS;
            double n[3] = {sin(theta) * cos(phi), cos(theta), sin(theta) * sin(phi)};
            for (int k = 0; k < 3; k++) {
                m->normals[v][k] = (float)n[k];
                m->positions[v][k] = (float)(0.9 * n[k]);
            }
            m->texcoords[v][0] = (float)c / SPHERE_COLUMNS;
            m->texcoords[v][1] = (float)r / SPHERE_RINGS;
            m->tangents[v][0] = (float)-sin(phi), m->tangents[v][1] = 0, m->tangents[v][2] = (float)cos(phi);
            m->tangents[v][3] = c % 2 ? -1.0f : 1.0f;
        }
    for (int r = 0; r < SPHERE_RINGS; r++)
        for (int c = 0; c < SPHERE_COLUMNS; c++) {
            uint16_t a = (uint16_t)(r * (SPHERE_COLUMNS + 1) + c), b = (uint16_t)(a + SPHERE_COLUMNS + 1);
            const uint16_t quad[6] = {a, b, (uint16_t)(a + 1), (uint16_t)(a + 1), b, (uint16_t)(b + 1)};
            memcpy(m->indices + i, quad, sizeof quad);
            i += 6;
        }
}

/* How one attribute is stored in the quantized copy, and how to undo it. */
typedef struct quantization {
    int component_type; /* GLTF_OUT_BYTE ... */
    bool normalized;
    double scale, offset; /* stored = round((x + offset) * scale); x = stored / scale - offset */
} quantization;

/* x rounded onto the grid of q, as the component type stores it. */
static void quantize(const float *x, size_t n, const quantization *q, void *out)
{
    for (size_t i = 0; i < n; i++) {
        long v = lrint((x[i] + q->offset) * q->scale);
        if (q->component_type == GLTF_OUT_BYTE)
            ((int8_t *)out)[i] = (int8_t)v;
        else if (q->component_type == GLTF_OUT_UNSIGNED_BYTE)
            ((uint8_t *)out)[i] = (uint8_t)v;
        else
            ((int16_t *)out)[i] = (int16_t)v;
    }
}

/* The sphere as a glTF file: floats, or each attribute quantized as `q` says
 * (q NULL: floats), with or without KHR_mesh_quantization declared. */
static char *write_sphere(const sphere *m, const quantization q[4], bool declare, size_t *size)
{
    gltf_out_document *out = calloc(1, sizeof *out);
    gltf_out_init(out, "test_gltf");
    out->mesh_quantization = declare;
    const float *arrays[4] = {m->positions[0], m->normals[0], m->texcoords[0], m->tangents[0]};
    static const char *const types[4] = {"VEC3", "VEC3", "VEC2", "VEC4"};
    static const int components[4] = {3, 3, 2, 4};
    int accessors[4];
    for (int a = 0; a < 4; a++) {
        size_t n = SPHERE_VERTICES * (size_t)components[a];
        if (!q) {
            accessors[a] = gltf_out_add_accessor(out, arrays[a], GLTF_OUT_FLOAT, types[a], SPHERE_VERTICES,
                                                 GLTF_OUT_TARGET_ARRAY_BUFFER);
            continue;
        }
        int16_t stored[SPHERE_VERTICES * 4]; /* room for shorts; bytes use the first half */
        quantize(arrays[a], n, &q[a], stored);
        accessors[a] = gltf_out_add_vertex_accessor(out, stored, q[a].component_type, q[a].normalized, types[a],
                                                    SPHERE_VERTICES);
    }
    gltf_out_primitive p = gltf_out_primitive_empty();
    p.position = accessors[0], p.normal = accessors[1], p.texcoord = accessors[2], p.tangent = accessors[3];
    p.indices = gltf_out_add_accessor(out, m->indices, GLTF_OUT_UNSIGNED_SHORT, "SCALAR",
                                      sizeof m->indices / sizeof m->indices[0], GLTF_OUT_TARGET_ELEMENT_ARRAY_BUFFER);
    int node = gltf_out_add_node(out, "sphere", -1);
    out->nodes[node].mesh = gltf_out_add_mesh(out, "sphere", p);
    unsigned char *bytes;
    sa_error err;
    if (!gltf_out_encode(out, GLTF_OUT_JSON, &bytes, size, &err))
        fail_msg("%s", err.message);
    gltf_out_free(out);
    free(out);
    return (char *)bytes;
}

static void load_sphere(const char *text, size_t size, gltf_document *doc)
{
    sa_error err;
    if (!gltf_load_memory(text, size, NULL, "sphere.gltf", NULL, doc, &err))
        fail_msg("the sphere should load: %s", err.message);
}

/* A quantized copy of a float model loads equal to the float original within
 * half a step of each attribute's grid (normalized: 1/127 or 1/32767 of the
 * range; plain integers: 1/scale after the node transform would undo it). */
static void quantized_attributes_match_the_float_original(void **state)
{
    (void)state;
    sphere *m = calloc(1, sizeof *m);
    make_sphere(m);
    /* Two copies: 16-bit normalized positions and tangents, 8-bit normalized
     * normals, 16-bit normalized texcoords; then plain u8 positions (0..255
     * for -1..1), 16-bit normals, 8-bit tangents, plain i8 texcoords (x 100). */
    const quantization copies[2][4] = {
        {{GLTF_OUT_SHORT, true, 32767, 0},
         {GLTF_OUT_BYTE, true, 127, 0},
         {GLTF_OUT_SHORT, true, 32767, 0},
         {GLTF_OUT_SHORT, true, 32767, 0}},
        {{GLTF_OUT_UNSIGNED_BYTE, false, 127.5, 1},
         {GLTF_OUT_SHORT, true, 32767, 0},
         {GLTF_OUT_BYTE, false, 100, 0},
         {GLTF_OUT_BYTE, true, 127, 0}},
    };
    size_t size;
    char *text = write_sphere(m, NULL, false, &size);
    gltf_document original, quantized;
    load_sphere(text, size, &original);
    free(text);
    const gltf_primitive *f = &original.meshes[0].primitives[0];
    EXPECT_INT(SPHERE_VERTICES, f->vertex_count);
    for (int copy = 0; copy < 2; copy++) {
        text = write_sphere(m, copies[copy], true, &size);
        load_sphere(text, size, &quantized);
        free(text);
        const gltf_primitive *p = &quantized.meshes[0].primitives[0];
        EXPECT_INT(f->vertex_count, p->vertex_count);
        EXPECT_INT(f->triangle_count, p->triangle_count);
        EXPECT_TRUE(memcmp(f->triangle_indices, p->triangle_indices, f->triangle_count * 12) == 0);
        const float *expected[4] = {f->positions[0], f->normals[0], f->texcoords[0], f->tangents[0]};
        const float *got[4] = {p->positions[0], p->normals[0], p->texcoords[0], p->tangents[0]};
        static const int components[4] = {3, 3, 2, 4};
        static const char *const names[4] = {"POSITION", "NORMAL", "TEXCOORD_0", "TANGENT"};
        for (int a = 0; a < 4; a++) {
            const quantization *q = &copies[copy][a];
            /* Normalized data comes back as stored / (127 or 32767): undo only the offset. */
            double unscale = q->normalized ? 1.0 : q->scale;
            double tolerance = 0.5 / q->scale + 1e-6;
            for (size_t i = 0; i < SPHERE_VERTICES * (size_t)components[a]; i++) {
                double back = got[a][i] / unscale - q->offset;
                if (fabs(back - expected[a][i]) > tolerance)
                    fail_msg("copy %d: %s: vertex %zu component %zu: %.7f, the float original is %.7f (step %g)", copy,
                             names[a], i / (size_t)components[a], i % (size_t)components[a], back,
                             (double)expected[a][i], 1.0 / q->scale);
            }
        }
        gltf_free(&quantized);
    }
    /* The same bytes without the extension declared are not valid glTF. */
    text = write_sphere(m, copies[0], false, &size);
    gltf_document doc;
    sa_error err;
    EXPECT_TRUE(!gltf_load_memory(text, size, NULL, "sphere.gltf", NULL, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "sphere.gltf: meshes[0].primitives[0].attributes.POSITION: accessors[0] holds "
                                     "normalized signed short components");
    EXPECT_STR_CONTAINS(err.message, "KHR_mesh_quantization");
    free(text);
    gltf_free(&original);
    free(m);
}

/* More than four influences: JOINTS_1 / WEIGHTS_1 are decoded like set 0,
 * unwelded with the rest (no NORMAL here), and checked against the skin.
 * One triangle, indices 2 0 1 (so corner c is vertex index[c]); per vertex v:
 *   JOINTS_0 u8 (v, 1, 2, 0)        WEIGHTS_0 float (0.25, 0.25, 0.125, 0)
 *   JOINTS_1 u16 (2 - v, 1, 0, 0)   WEIGHTS_1 normalized u8 (51, 255, 0, 0) = (0.2, 1, 0, 0)
 * Bytes: positions 0..35, indices 36..41, JOINTS_0 44..55, WEIGHTS_0 56..103,
 * JOINTS_1 104..127, WEIGHTS_1 128..139. The skin has 3 joints. */
static void influence_bin(unsigned char bin[140], uint16_t set_1_joint_of_vertex_0)
{
    const float positions[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    const uint16_t indices[3] = {2, 0, 1};
    memset(bin, 0, 140);
    memcpy(bin, positions, 36);
    memcpy(bin + 36, indices, 6);
    for (int v = 0; v < 3; v++) {
        const unsigned char j0[4] = {(unsigned char)v, 1, 2, 0};
        const float w0[4] = {0.25f, 0.25f, 0.125f, 0};
        const uint16_t j1[4] = {(uint16_t)(v == 0 ? set_1_joint_of_vertex_0 : 2 - v), 1, 0, 0};
        const unsigned char w1[4] = {51, 255, 0, 0};
        memcpy(bin + 44 + 4 * v, j0, 4);
        memcpy(bin + 56 + 16 * v, w0, 16);
        memcpy(bin + 104 + 8 * v, j1, 8);
        memcpy(bin + 128 + 4 * v, w1, 4);
    }
}

static const char *influence_json(char *out, size_t n, const char *extra_attributes)
{
    snprintf(out, n,
             "{" ASSET ",\"buffers\":[{\"byteLength\":140,\"uri\":\"$B\"}],"
             "\"bufferViews\":[{\"buffer\":0,\"byteLength\":36},{\"buffer\":0,\"byteOffset\":36,\"byteLength\":6},"
             "{\"buffer\":0,\"byteOffset\":44,\"byteLength\":12},{\"buffer\":0,\"byteOffset\":56,\"byteLength\":48},"
             "{\"buffer\":0,\"byteOffset\":104,\"byteLength\":24},{\"buffer\":0,\"byteOffset\":128,\"byteLength\":12}],"
             "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"},"
             "{\"bufferView\":1,\"componentType\":5123,\"count\":3,\"type\":\"SCALAR\"},"
             "{\"bufferView\":2,\"componentType\":5121,\"count\":3,\"type\":\"VEC4\"},"
             "{\"bufferView\":3,\"componentType\":5126,\"count\":3,\"type\":\"VEC4\"},"
             "{\"bufferView\":4,\"componentType\":5123,\"count\":3,\"type\":\"VEC4\"},"
             "{\"bufferView\":5,\"componentType\":5121,\"normalized\":true,\"count\":3,\"type\":\"VEC4\"}],"
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"JOINTS_0\":2,\"WEIGHTS_0\":3%s},"
             "\"indices\":1}]}],"
             "\"nodes\":[{\"children\":[1,2]},{},{},{\"mesh\":0,\"skin\":0}],\"skins\":[{\"joints\":[0,1,2]}]}",
             extra_attributes);
    return out;
}

static void joints_1_and_weights_1_are_decoded(void **state)
{
    (void)state;
    unsigned char bin[140];
    char json[2048];
    gltf_document doc;
    influence_bin(bin, 2);
    expect_load(influence_json(json, sizeof json, ",\"JOINTS_1\":4,\"WEIGHTS_1\":5"), bin, 140, &doc);
    const gltf_primitive *p = &doc.meshes[0].primitives[0];
    const uint16_t index[3] = {2, 0, 1};
    EXPECT_INT(2, p->influence_set_count);
    EXPECT_INT(4, p->joint_set_accessors[1]);
    EXPECT_INT(5, p->weight_set_accessors[1]);
    EXPECT_INT(3, p->vertex_count); /* unwelded (no NORMAL): corner c is vertex index[c] */
    EXPECT_TRUE(p->joint_sets[0] == p->joints && p->weight_sets[0] == p->weights);
    for (int c = 0; c < 3; c++) {
        EXPECT_INT(index[c], p->joint_sets[0][c][0]);
        EXPECT_INT(2, p->joint_sets[0][c][2]);
        EXPECT_NEAR(0.125, p->weight_sets[0][c][2], 0);
        EXPECT_INT(2 - index[c], p->joint_sets[1][c][0]);
        EXPECT_INT(1, p->joint_sets[1][c][1]);
        EXPECT_NEAR(0.2, p->weight_sets[1][c][0], 1e-6);
        EXPECT_NEAR(1.0, p->weight_sets[1][c][1], 0);
    }
    gltf_free(&doc);

    /* Set 1 is checked against the skin like set 0: joint 3 of a 3-joint skin,
     * on file vertex 0 (weight 51 / 255), which is the unwelded copy 1. */
    influence_bin(bin, 3);
    expect_error(influence_json(json, sizeof json, ",\"JOINTS_1\":4,\"WEIGHTS_1\":5"), bin, 140,
                 "meshes[0].primitives[0].attributes.JOINTS_1: vertex 0 ",
                 "uses joint 3 (weight 0.2), but skins[0] (on nodes[3]) has 3 joints");
    /* Joint 3 on a weight of 0 (set 0's fourth influence) is refused too: the
     * spec wants every index in range, whatever its weight. On file vertices
     * 2 and 1, whose copies are 0 and 2: the file's lowest vertex is named. */
    influence_bin(bin, 2);
    bin[44 + 4 * 2 + 3] = 3, bin[44 + 4 * 1 + 3] = 3;
    expect_error(influence_json(json, sizeof json, ""), bin, 140,
                 "meshes[0].primitives[0].attributes.JOINTS_0: vertex 1 ",
                 "uses joint 3 (weight 0), but skins[0] (on nodes[3]) has 3 joints");
    /* Sets come in pairs, numbered without a gap. */
    influence_bin(bin, 2);
    expect_error(influence_json(json, sizeof json, ",\"JOINTS_1\":4"), bin, 140,
                 "meshes[0].primitives[0].attributes: JOINTS_n and WEIGHTS_n come in pairs", "JOINTS_1 or WEIGHTS_1");
    expect_error(influence_json(json, sizeof json, ",\"JOINTS_2\":4,\"WEIGHTS_2\":5"), bin, 140,
                 "meshes[0].primitives[0].attributes: JOINTS_n and WEIGHTS_n come in pairs", "JOINTS_1 or WEIGHTS_1");
    /* Set 0 too: JOINTS_0 without WEIGHTS_0, and the other way round. */
    static const char *const alone[][2] = {{"JOINTS_0", "WEIGHTS_0"}, {"WEIGHTS_0", "JOINTS_0"}};
    for (int k = 0; k < 2; k++) {
        char missing[64];
        snprintf(json, sizeof json,
                 "{" ASSET ",\"accessors\":[{\"componentType\":5126,\"count\":3,\"type\":\"VEC3\","
                 "\"min\":[0,0,0],\"max\":[0,0,0]},{\"componentType\":5126,\"count\":3,\"type\":\"VEC4\"}],"
                 "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"%s\":1}}]}]}",
                 alone[k][0]);
        snprintf(missing, sizeof missing, "%s is missing", alone[k][1]);
        expect_error(json, NULL, 0, "meshes[0].primitives[0].attributes: JOINTS_n and WEIGHTS_n come in pairs",
                     missing);
    }
}

/* --- nodes and the node graph ----------------------------------------------------- */

static void node_transforms(void **state)
{
    (void)state;
    gltf_document doc;
    /* Node 0: T = (1, 2, 3), R = 90 degrees about +Y (0, sin 45, 0, cos 45), S = 2.
     * Its matrix's column 0 is R * (2, 0, 0) = (0, 0, -2); column 3 is (1, 2, 3, 1).
     * Node 1: a matrix with translation (4, 5, 6) and scale 3: split into T and S. */
    expect_load("{" ASSET ",\"nodes\":[{\"translation\":[1,2,3],\"rotation\":[0,0.70710678,0,0.70710678],"
                "\"scale\":[2,2,2],\"children\":[1]},"
                "{\"matrix\":[3,0,0,0, 0,3,0,0, 0,0,3,0, 4,5,6,1]}],\"scenes\":[{\"nodes\":[0]}]}",
                NULL, 0, &doc);
    EXPECT_INT(2, doc.node_count);
    EXPECT_INT(0, doc.scene);
    EXPECT_INT(-1, doc.nodes[0].parent);
    EXPECT_INT(0, doc.nodes[1].parent);
    EXPECT_TRUE(!doc.nodes[0].has_matrix);
    EXPECT_NEAR(0, doc.nodes[0].matrix[0], 1e-6);
    EXPECT_NEAR(0, doc.nodes[0].matrix[1], 1e-6);
    EXPECT_NEAR(-2, doc.nodes[0].matrix[2], 1e-6);
    EXPECT_NEAR(1, doc.nodes[0].matrix[12], 0);
    EXPECT_NEAR(3, doc.nodes[0].matrix[14], 0);
    EXPECT_TRUE(doc.nodes[1].has_matrix);
    EXPECT_NEAR(4, doc.nodes[1].local.translation[0], 1e-6);
    EXPECT_NEAR(6, doc.nodes[1].local.translation[2], 1e-6);
    EXPECT_NEAR(3, doc.nodes[1].local.scale[1], 1e-5);
    EXPECT_NEAR(1, doc.nodes[1].local.rotation[3], 1e-5);
    gltf_free(&doc);
    /* Defaults: identity TRS. */
    expect_load("{" ASSET ",\"nodes\":[{}]}", NULL, 0, &doc);
    EXPECT_NEAR(1, doc.nodes[0].local.rotation[3], 0);
    EXPECT_NEAR(1, doc.nodes[0].local.scale[0], 0);
    EXPECT_NEAR(1, doc.nodes[0].matrix[15], 0);
    EXPECT_INT(-1, doc.scene);
    gltf_free(&doc);
}

static void node_graph_errors(void **state)
{
    (void)state;
    expect_error("{" ASSET ",\"nodes\":[{\"children\":[2]},{\"children\":[2]},{}]}", NULL, 0, "nodes[2]",
                 "two parents, nodes[0] and nodes[1]");
    expect_error("{" ASSET ",\"nodes\":[{\"children\":[1]},{\"children\":[2]},{\"children\":[0]}]}", NULL, 0,
                 "is part of a cycle", NULL);
    expect_error("{" ASSET ",\"nodes\":[{\"children\":[0]}]}", NULL, 0, "nodes[0].children[0]", "its own child");
    expect_error("{" ASSET ",\"nodes\":[{\"children\":[5]}]}", NULL, 0, "nodes[0].children[0]", "5 does not exist");
    expect_error("{" ASSET ",\"nodes\":[{\"children\":[1]},{}],\"scenes\":[{\"nodes\":[1]}]}", NULL, 0,
                 "scenes[0].nodes[0]", "not a root");
    expect_error("{" ASSET ",\"nodes\":[{\"matrix\":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],\"scale\":[1,1,1]}]}", NULL, 0,
                 "nodes[0]", "both matrix and");
    expect_error("{" ASSET ",\"nodes\":[{\"rotation\":[0,0,1]}]}", NULL, 0, "nodes[0].rotation", "array of 4 numbers");
    expect_error("{" ASSET ",\"nodes\":[],\"scene\":0}", NULL, 0, ".scene", "does not exist");
    expect_error("{" ASSET ",\"nodes\":[{\"translation\":[0,1e999,0]}]}", NULL, 0, "nodes[0].translation[1]",
                 "not a finite float");
    /* The joints of a skin are a set: a node listed twice is an error (the
     * same node in two skins is fine). */
    expect_error("{" ASSET ",\"nodes\":[{\"children\":[1]},{},{}],\"skins\":[{\"joints\":[0,1,2,1]}]}", NULL, 0,
                 "skins[0].joints[3]", "nodes[1] is listed twice");
    gltf_document doc;
    expect_load("{" ASSET ",\"nodes\":[{\"children\":[1]},{}],\"skins\":[{\"joints\":[0,1]},{\"joints\":[1]}]}", NULL,
                0, &doc);
    EXPECT_INT(2, doc.skin_count);
    gltf_free(&doc);
}

/* --- skins and animations --------------------------------------------------------- */

/* times 0, 1 (bytes 0..7); 6 VEC3 values (bytes 8..79); 2 MAT4 identities (bytes 80..207) */
static void anim_bin(unsigned char bin[208])
{
    float times[2] = {0, 1};
    memset(bin, 0, 208);
    memcpy(bin, times, 8);
    for (int i = 0; i < 18; i++) {
        float v = (float)i;
        memcpy(bin + 8 + i * 4, &v, 4);
    }
    for (int m = 0; m < 2; m++)
        for (int d = 0; d < 4; d++) {
            float one = 1;
            memcpy(bin + 80 + m * 64 + d * 20, &one, 4);
        }
}

static char *anim_json(char *out, size_t n, const char *interpolation, int values_count, const char *path,
                       int ibm_count, int joint_count)
{
    snprintf(out, n,
             "{" ASSET ",\"buffers\":[{\"byteLength\":208,\"uri\":\"$B\"}],"
             "\"bufferViews\":[{\"buffer\":0,\"byteLength\":8},{\"buffer\":0,\"byteOffset\":8,\"byteLength\":72},"
             "{\"buffer\":0,\"byteOffset\":80,\"byteLength\":128}],"
             "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,\"type\":\"SCALAR\"},"
             "{\"bufferView\":1,\"componentType\":5126,\"count\":%d,\"type\":\"VEC3\"},"
             "{\"bufferView\":2,\"componentType\":5126,\"count\":%d,\"type\":\"MAT4\"},"
             "{\"bufferView\":1,\"byteOffset\":36,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"}],"
             "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":3}}]}],"
             "\"nodes\":[{\"children\":[1]},{\"children\":[2]},{},{\"mesh\":0,\"skin\":0}],"
             "\"skins\":[{\"joints\":[%s],\"inverseBindMatrices\":2,\"skeleton\":0}],"
             "\"animations\":[{\"samplers\":[{\"input\":0,\"output\":1,\"interpolation\":\"%s\"}],"
             "\"channels\":[{\"sampler\":0,\"target\":{\"node\":1,\"path\":\"%s\"}}]}]}",
             values_count, ibm_count, joint_count == 2 ? "0,1" : "0,1,2", interpolation, path);
    return out;
}

static void skins_and_animations(void **state)
{
    (void)state;
    unsigned char bin[208];
    anim_bin(bin);
    char json[4096];
    gltf_document doc;
    expect_load(anim_json(json, sizeof json, "LINEAR", 2, "translation", 2, 2), bin, 208, &doc);
    EXPECT_INT(1, doc.skin_count);
    EXPECT_INT(2, doc.skins[0].joint_count);
    EXPECT_INT(0, doc.skins[0].skeleton);
    EXPECT_NEAR(1, doc.skins[0].joint_from_model_bind[1][15], 0);
    EXPECT_NEAR(0, doc.skins[0].joint_from_model_bind[1][1], 0);
    const gltf_animation_sampler *s = &doc.animations[0].samplers[0];
    EXPECT_INT(2, s->key_count);
    EXPECT_INT(2, s->value_count);
    EXPECT_INT(3, s->components);
    EXPECT_NEAR(1, s->times[1], 0);
    EXPECT_NEAR(5, s->values[5], 0); /* value 1 = (3, 4, 5) */
    EXPECT_INT(GLTF_PATH_TRANSLATION, doc.animations[0].channels[0].target_path);
    EXPECT_INT(1, doc.animations[0].channels[0].target_node);
    gltf_free(&doc);
    /* CUBICSPLINE: 3 values per key: 2 keys need 6. */
    expect_load(anim_json(json, sizeof json, "CUBICSPLINE", 6, "scale", 2, 2), bin, 208, &doc);
    EXPECT_INT(6, doc.animations[0].samplers[0].value_count);
    EXPECT_INT(GLTF_CUBICSPLINE, doc.animations[0].samplers[0].interpolation);
    gltf_free(&doc);
    expect_error(anim_json(json, sizeof json, "CUBICSPLINE", 2, "scale", 2, 2), bin, 208,
                 "animations[0].samplers[0].output", "CUBICSPLINE needs 3 per key");
    expect_error(anim_json(json, sizeof json, "LINEAR", 3, "translation", 2, 2), bin, 208,
                 "animations[0].samplers[0].output", "3 values for 2 keys");
    expect_error(anim_json(json, sizeof json, "SMOOTH", 2, "translation", 2, 2), bin, 208,
                 "animations[0].samplers[0].interpolation", NULL);
    expect_error(anim_json(json, sizeof json, "LINEAR", 2, "colour", 2, 2), bin, 208,
                 "animations[0].channels[0].target.path", NULL);
    expect_error(anim_json(json, sizeof json, "LINEAR", 2, "rotation", 2, 2), bin, 208,
                 "animations[0].channels[0].target.path", "VEC4");
    /* 2 inverse bind matrices for 3 joints. */
    expect_error(anim_json(json, sizeof json, "LINEAR", 2, "translation", 2, 3), bin, 208,
                 "skins[0].inverseBindMatrices", "2 matrices for 3 joints");
    /* A value that is not finite: value 1 = (3, inf, 5). */
    float inf = INFINITY, four = 4;
    memcpy(bin + 8 + 4 * 4, &inf, 4);
    expect_error(anim_json(json, sizeof json, "LINEAR", 2, "translation", 2, 2), bin, 208,
                 "animations[0].samplers[0].output", "value 1 is not a finite number");
    memcpy(bin + 8 + 4 * 4, &four, 4);
    /* Key times must start at 0 or later and strictly increase (glTF 2.0,
     * animation.sampler.input). Times 1 then 0.5 go back: */
    float times[2] = {1, 0.5f};
    memcpy(bin, times, 8);
    expect_error(anim_json(json, sizeof json, "LINEAR", 2, "translation", 2, 2), bin, 208,
                 "animations[0].samplers[0].input: key 1", "not after the key before");
    /* 1 then 1: two keys at one time (interpolating between them divides by 0). */
    times[1] = 1;
    memcpy(bin, times, 8);
    expect_error(anim_json(json, sizeof json, "LINEAR", 2, "translation", 2, 2), bin, 208,
                 "animations[0].samplers[0].input: key 1", "not after the key before");
    /* -1 then 0: increasing, but the first is negative. */
    times[0] = -1, times[1] = 0;
    memcpy(bin, times, 8);
    expect_error(anim_json(json, sizeof json, "LINEAR", 2, "translation", 2, 2), bin, 208,
                 "animations[0].samplers[0].input: key 0", "negative");
}

static void joints_past_the_skin_are_rejected(void **state)
{
    (void)state;
    unsigned char bin[136];
    mesh_bin(bin);
    /* Vertex 3 uses joint 3 with weight 1, but the skin has 2 joints. */
    const char *json =
        "{" ASSET ",\"buffers\":[{\"byteLength\":88,\"uri\":\"$B\"}],"
        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":48},{\"buffer\":0,\"byteOffset\":48,\"byteLength\":8},"
        "{\"buffer\":0,\"byteOffset\":56,\"byteLength\":16},{\"buffer\":0,\"byteOffset\":72,\"byteLength\":16}],"
        "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"VEC3\"},"
        "{\"bufferView\":1,\"componentType\":5123,\"count\":4,\"type\":\"SCALAR\"},"
        "{\"bufferView\":2,\"componentType\":5121,\"count\":4,\"type\":\"VEC4\"},"
        "{\"bufferView\":3,\"componentType\":5121,\"normalized\":true,\"count\":4,\"type\":\"VEC4\"}],"
        "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"JOINTS_0\":2,\"WEIGHTS_0\":3},\"indices\":1}]}],"
        "\"nodes\":[{\"children\":[1]},{},{\"mesh\":0,\"skin\":0}],\"skins\":[{\"joints\":[0,1]}]}";
    expect_error(json, bin, 88, "JOINTS_0", "vertex 2 uses joint 2");
}

/* --- the file level: asset, extensions, data URIs, GLB, external files ----------------- */

static void document_level_errors(void **state)
{
    (void)state;
    expect_error("[]", NULL, 0, "top level must be an object", NULL);
    expect_error("{}", NULL, 0, "asset: missing", NULL);
    expect_error("{\"asset\":{\"version\":\"1.0\"}}", NULL, 0, "asset.version", "glTF 2.x");
    expect_error("{" ASSET ",\"extensionsRequired\":[\"KHR_draco_mesh_compression\"]}", NULL, 0,
                 "extensionsRequired[0]", "KHR_draco_mesh_compression");
    expect_error("{" ASSET ",\"accessors\":[{\"componentType\":5124,\"count\":1,\"type\":\"SCALAR\"}]}", NULL, 0,
                 "accessors[0].componentType", "5124");
    expect_error("{" ASSET ",\"accessors\":[{\"componentType\":5126,\"count\":1,\"type\":\"VEC5\"}]}", NULL, 0,
                 "accessors[0].type", "VEC5");
    expect_error("{" ASSET ",\"accessors\":[{\"componentType\":5126,\"count\":0,\"type\":\"SCALAR\"}]}", NULL, 0,
                 "accessors[0].count", "at least 1");
    expect_error("{" ASSET ",\"accessors\":[{\"componentType\":5126,\"count\":-1,\"type\":\"SCALAR\"}]}", NULL, 0,
                 "accessors[0].count", "integer");
    expect_error("{" ASSET ",\"meshes\":[{\"primitives\":[{\"attributes\":{}}]}]}", NULL, 0,
                 "meshes[0].primitives[0].attributes.POSITION", "missing");
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":4,\"uri\":\"data:application/octet-stream;base64,A!==\"}]}",
                 NULL, 0, "buffers[0].uri", "base64");
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":4,\"uri\":\"data:text/plain,abcd\"}]}", NULL, 0,
                 "buffers[0].uri", "base64");
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":4,\"uri\":\"file.bin\"}]}", NULL, 0, "buffers[0].uri",
                 "file.bin");
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":4}]}", NULL, 0, "buffers[0]", "not a GLB");
    expect_error("{" ASSET ",\"meshes\":{}}", NULL, 0, "meshes", "expected an array");
    expect_error("{" ASSET ",\"nodes\":[1]}", NULL, 0, "nodes[0]", "expected an object");
    expect_error("{" ASSET ",\"nodes\":[{\"mesh\":\"0\"}]}", NULL, 0, "nodes[0].mesh", "got a string");
    expect_error("{" ASSET "", NULL, 0, "JSON byte", NULL);
}

static void optional_extensions_and_unknown_properties_are_ignored(void **state)
{
    (void)state;
    gltf_document doc;
    expect_load("{" ASSET ",\"extensionsUsed\":[\"KHR_materials_unlit\"],\"whatever\":{\"x\":[1]},"
                "\"materials\":[{\"extensions\":{\"KHR_materials_unlit\":{}},\"pbrMetallicRoughness\":"
                "{\"baseColorFactor\":[0.5,0.25,1,1]}}]}",
                NULL, 0, &doc);
    EXPECT_INT(1, doc.material_count);
    EXPECT_NEAR(0.25, doc.materials[0].base_color_factor[1], 0);
    EXPECT_INT(-1, doc.materials[0].base_color_texture);
    gltf_free(&doc);
    gltf_material m = gltf_material_default();
    EXPECT_NEAR(1, m.base_color_factor[0], 0);
    EXPECT_INT(-1, m.base_color_texture);
}

static void put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8), p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

/* A GLB: header, JSON chunk padded with spaces, BIN chunk. Returns its size. */
static size_t make_glb(unsigned char *out, const char *json, const void *bin, size_t bin_size)
{
    size_t json_size = strlen(json), json_padded = (json_size + 3) & ~(size_t)3;
    size_t bin_padded = (bin_size + 3) & ~(size_t)3;
    size_t total = 12 + 8 + json_padded + (bin ? 8 + bin_padded : 0);
    memcpy(out, "glTF", 4);
    put_u32(out + 4, 2);
    put_u32(out + 8, (uint32_t)total);
    put_u32(out + 12, (uint32_t)json_padded);
    memcpy(out + 16, "JSON", 4);
    memset(out + 20, ' ', json_padded);
    memcpy(out + 20, json, json_size);
    if (bin) {
        unsigned char *b = out + 20 + json_padded;
        put_u32(b, (uint32_t)bin_padded);
        memcpy(b + 4, "BIN", 4);
        memset(b + 8, 0, bin_padded);
        memcpy(b + 8, bin, bin_size);
    }
    return total;
}

static const char glb_json[] =
    "{" ASSET ",\"buffers\":[{\"byteLength\":6}],"
    "\"bufferViews\":[{\"buffer\":0,\"byteLength\":6}],"
    "\"accessors\":[{\"bufferView\":0,\"componentType\":5123,\"count\":3,\"type\":\"SCALAR\"}]}";

static void glb_files(void **state)
{
    (void)state;
    unsigned char glb[1024];
    uint16_t values[3] = {7, 8, 65535};
    size_t size = make_glb(glb, glb_json, values, 6);
    gltf_document doc;
    sa_error err;
    if (!gltf_load_memory(glb, size, NULL, "test.glb", NULL, &doc, &err))
        fail_msg("%s", err.message);
    uint32_t out[3];
    EXPECT_TRUE(gltf_accessor_unpack_uints(&doc, 0, out, &err));
    EXPECT_INT(7, out[0]);
    EXPECT_INT(65535, out[2]);
    gltf_free(&doc);

    /* Each framing error, named. */
    unsigned char bad[1024];
    memcpy(bad, glb, size);
    put_u32(bad + 8, (uint32_t)size + 4);
    EXPECT_TRUE(!gltf_load_memory(bad, size, NULL, "test.glb", NULL, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "test.glb: GLB: the header says");
    memcpy(bad, glb, size);
    put_u32(bad + 4, 1);
    EXPECT_TRUE(!gltf_load_memory(bad, size, NULL, "test.glb", NULL, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "version 1");
    /* The JSON chunk's length not a multiple of 4 (and the file length to match). */
    memcpy(bad, glb, size);
    put_u32(bad + 12, 1 + (uint32_t)(size - 20));
    EXPECT_TRUE(!gltf_load_memory(bad, size, NULL, "test.glb", NULL, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "GLB: chunk 0");
    /* Cut in the middle of the BIN chunk. */
    memcpy(bad, glb, size);
    put_u32(bad + 8, (uint32_t)size - 4);
    EXPECT_TRUE(!gltf_load_memory(bad, size - 4, NULL, "test.glb", NULL, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "chunk 1");
    /* No BIN chunk for a buffer without uri. */
    size_t no_bin = make_glb(bad, glb_json, NULL, 0);
    EXPECT_TRUE(!gltf_load_memory(bad, no_bin, NULL, "test.glb", NULL, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "buffers[0]: no uri, and the GLB file has no BIN chunk");
    /* Every truncation of a valid file is rejected, without reading past its end
     * (the sanitizer build would catch that). */
    for (size_t n = 0; n < size; n++) {
        unsigned char *cut = malloc(n ? n : 1);
        memcpy(cut, glb, n);
        bool accepted = gltf_load_memory(cut, n, NULL, "test.glb", NULL, &doc, &err);
        if (accepted)
            gltf_free(&doc);
        free(cut);
        if (accepted)
            fail_msg("a GLB cut to %zu of %zu bytes was accepted", n, size);
    }
}

/* Attributes already stored in the decoded form are not copied: the arrays
 * point into the buffer. Whether copied or not, they must hold the values the
 * accessor unpacks to, and free must not free the borrowed ones (ASan checks). */
static void packed_attributes_are_borrowed_not_copied(void **state)
{
    (void)state;
    unsigned char bin[136];
    mesh_bin(bin);
    char json[2048];
    gltf_document doc;
    /* mesh_json's POSITION is packed floats (borrowed); its u16 indices and
     * u8 joints must be widened (copied). */
    expect_load(mesh_json(json, sizeof json, 4, true), bin, 136, &doc);
    const gltf_primitive *p = &doc.meshes[0].primitives[0];
    const gltf_buffer_view *v = &doc.buffer_views[0];
    EXPECT_TRUE((const unsigned char *)p->positions == doc.buffers[0].data + v->byte_offset);
    EXPECT_TRUE((const void *)p->joints < (const void *)doc.buffers[0].data ||
                (const void *)p->joints >= (const void *)(doc.buffers[0].data + doc.buffers[0].byte_length));
    float unpacked[12];
    sa_error err;
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 0, unpacked, &err));
    for (int i = 0; i < 12; i++)
        EXPECT_NEAR(unpacked[i], p->positions[i / 3][i % 3], 0);
    gltf_free(&doc);
}

static void external_files_next_to_the_gltf(void **state)
{
    (void)state;
    char dir[512];
    sa_test_temp_dir("sa_test_gltf_", dir, sizeof dir);
    char gltf_path[600], bin_path[600], glb_path[600];
    snprintf(gltf_path, sizeof gltf_path, "%s/scene.gltf", dir);
    snprintf(bin_path, sizeof bin_path, "%s/my data.bin", dir);
    snprintf(glb_path, sizeof glb_path, "%s/scene.glb", dir);
    float values[2] = {0.5f, -4.0f};
    FILE *f = fopen(bin_path, "wb");
    fwrite(values, 1, 8, f);
    fclose(f);
    f = fopen(gltf_path, "wb");
    /* The URI is percent-encoded: "my%20data.bin" is the file "my data.bin". */
    fputs("{" ASSET ",\"buffers\":[{\"byteLength\":8,\"uri\":\"my%20data.bin\"}],"
          "\"bufferViews\":[{\"buffer\":0,\"byteLength\":8}],"
          "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,\"type\":\"SCALAR\"}]}",
          f);
    fclose(f);
    gltf_document doc;
    sa_error err;
    if (!gltf_load(gltf_path, NULL, &doc, &err))
        fail_msg("%s", err.message);
    float out[2];
    EXPECT_TRUE(gltf_accessor_unpack_floats(&doc, 0, out, &err));
    EXPECT_NEAR(0.5, out[0], 0);
    EXPECT_NEAR(-4.0, out[1], 0);
    gltf_free(&doc);

    /* The same through a .glb file on disk (buffers[0] points into the kept file). */
    unsigned char glb[1024];
    uint16_t u[3] = {1, 2, 3};
    size_t size = make_glb(glb, glb_json, u, 6);
    f = fopen(glb_path, "wb");
    fwrite(glb, 1, size, f);
    fclose(f);
    if (!gltf_load(glb_path, NULL, &doc, &err))
        fail_msg("%s", err.message);
    uint32_t idx[3];
    EXPECT_TRUE(gltf_accessor_unpack_uints(&doc, 0, idx, &err));
    EXPECT_INT(3, idx[2]);
    gltf_free(&doc);

    /* An error names the file first: "<file>: <JSON path>: <what>". */
    sa_test_write_text(gltf_path, "{" ASSET ",\"accessors\":[{\"componentType\":5126,\"type\":\"SCALAR\"}]}");
    EXPECT_TRUE(!gltf_load(gltf_path, NULL, &doc, &err));
    char expected[300];
    snprintf(expected, sizeof expected, "%s: accessors[0].count: missing", gltf_path);
    EXPECT_STR_CONTAINS(err.message, expected);
    EXPECT_TRUE(strncmp(err.message, gltf_path, strlen(gltf_path)) == 0);
    /* A missing .bin names the path it tried. */
    remove(bin_path);
    sa_test_write_text(gltf_path, "{" ASSET ",\"buffers\":[{\"byteLength\":8,\"uri\":\"my%20data.bin\"}]}");
    EXPECT_TRUE(!gltf_load(gltf_path, NULL, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "buffers[0].uri");
    EXPECT_STR_CONTAINS(err.message, "my data.bin");
    sa_test_remove_dir(dir);
}

/* --- regressions found by the adversarial review ------------------------------------------ */

/* glTF 2.0: bufferView.byteStride is a multiple of 4 in 4..252. */
static void byte_stride_must_be_a_multiple_of_4(void **state)
{
    (void)state;
    unsigned char bin[64] = {0};
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                 "\"bufferViews\":[{\"buffer\":0,\"byteLength\":64,\"byteStride\":6}]}",
                 bin, 64, "bufferViews[0].byteStride", "6 is not a multiple of 4");
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                 "\"bufferViews\":[{\"buffer\":0,\"byteLength\":64,\"byteStride\":3}]}",
                 bin, 64, "bufferViews[0].byteStride", "3 is not");
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                 "\"bufferViews\":[{\"buffer\":0,\"byteLength\":64,\"byteStride\":256}]}",
                 bin, 64, "bufferViews[0].byteStride", "256 is not");
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                 "\"bufferViews\":[{\"buffer\":0,\"byteLength\":64,\"byteStride\":0}]}",
                 bin, 64, "bufferViews[0].byteStride", "0 is not a multiple of 4 in 4..252");
    gltf_document doc; /* 4, 8 and 252 are fine: the ends of 4..252 */
    const int fine[3] = {4, 8, 252};
    for (int i = 0; i < 3; i++) {
        char json[256];
        snprintf(json, sizeof json,
                 "{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                 "\"bufferViews\":[{\"buffer\":0,\"byteLength\":64,\"byteStride\":%d}]}",
                 fine[i]);
        expect_load(json, bin, 64, &doc);
        EXPECT_INT(fine[i], doc.buffer_views[0].byte_stride);
        gltf_free(&doc);
    }
}

/* glTF 2.0: inverseBindMatrices is MAT4 of FLOAT; a matrix that is not
 * finite would turn every skinned vertex into NaN in chapter 06. */
static void inverse_bind_matrices_must_be_finite_floats(void **state)
{
    (void)state;
    unsigned char bin[64] = {0};
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":64,\"uri\":\"$B\"}],"
                 "\"bufferViews\":[{\"buffer\":0,\"byteLength\":64}],"
                 "\"accessors\":[{\"bufferView\":0,\"componentType\":5121,\"count\":1,\"type\":\"MAT4\"}],"
                 "\"nodes\":[{}],\"skins\":[{\"joints\":[0],\"inverseBindMatrices\":0}]}",
                 bin, 64, "skins[0].inverseBindMatrices", "MAT4 of floats");
    unsigned char abin[208];
    anim_bin(abin);
    char json[4096];
    float nan = NAN;
    memcpy(abin + 80 + 64 + 4 * 4, &nan, 4); /* matrix 1, column 1, row 0 */
    expect_error(anim_json(json, sizeof json, "LINEAR", 2, "translation", 2, 2), abin, 208,
                 "skins[0].inverseBindMatrices", "matrix 1 is not finite");
}

/* glTF 2.0: an animation sampler's input is SCALAR FLOAT. */
static void animation_input_must_be_float(void **state)
{
    (void)state;
    unsigned char bin[208];
    anim_bin(bin);
    char json[4096];
    anim_json(json, sizeof json, "LINEAR", 2, "translation", 2, 2);
    /* accessors[0] (the key times) as unsigned bytes instead of floats */
    char *at = strstr(json, "\"componentType\":5126,\"count\":2,\"type\":\"SCALAR\"");
    EXPECT_TRUE(at != NULL);
    memcpy(at + strlen("\"componentType\":"), "5121", 4);
    expect_error(json, bin, 208, "animations[0].samplers[0].input", "SCALAR floats");
}

/* "VEC3\u0000x" is a string of 6 bytes, not "VEC3"; the same for interpolation and path. */
static void enum_strings_holding_a_nul_are_rejected(void **state)
{
    (void)state;
    expect_error("{" ASSET ",\"accessors\":[{\"componentType\":5126,\"count\":1,\"type\":\"VEC3\\u0000x\"}]}", NULL, 0,
                 "accessors[0].type", "is not SCALAR");
    unsigned char bin[208];
    anim_bin(bin);
    char json[4096];
    expect_error(anim_json(json, sizeof json, "STEP\\u0000", 2, "translation", 2, 2), bin, 208,
                 "animations[0].samplers[0].interpolation", NULL);
    expect_error(anim_json(json, sizeof json, "LINEAR", 2, "translation\\u0000", 2, 2), bin, 208,
                 "animations[0].channels[0].target.path", NULL);
}

/* The limit of the fuzz targets counts every decoded accessor: a few hundred
 * samplers sharing one big accessor asked for gigabytes while only primitives
 * were counted. Here (anim_json): POSITION 3 vertices + 3 implicit indices = 6,
 * skins[0] 2 matrices = 2, the sampler 2 times + 2 values = 4; 12 in all. */
static void decode_limit_counts_samplers_and_skins(void **state)
{
    (void)state;
    unsigned char bin[208];
    anim_bin(bin);
    char json[4096];
    char *text = with_data_uri(anim_json(json, sizeof json, "LINEAR", 2, "translation", 2, 2), bin, 208);
    gltf_load_options options = gltf_load_options_default();
    gltf_document doc;
    sa_error err;
    options.max_decoded_elements = 12;
    if (!gltf_load_memory(text, strlen(text), NULL, "test.gltf", &options, &doc, &err))
        fail_msg("12 elements should fit: %s", err.message);
    gltf_free(&doc);
    options.max_decoded_elements = 11;
    EXPECT_TRUE(!gltf_load_memory(text, strlen(text), NULL, "test.gltf", &options, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "animations[0].samplers[0]: more than 11 elements");
    options.max_decoded_elements = 7;
    EXPECT_TRUE(!gltf_load_memory(text, strlen(text), NULL, "test.gltf", &options, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "skins[0].inverseBindMatrices: more than 7 elements");
    options.max_decoded_elements = 5;
    EXPECT_TRUE(!gltf_load_memory(text, strlen(text), NULL, "test.gltf", &options, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "meshes[0].primitives[0]: more than 5 elements");
    free(text);
}

/* An image's URI error names "images[0].uri" once (it was "images[0]: images[0].uri: ..."). */
static void image_uri_errors_name_the_uri_once(void **state)
{
    (void)state;
    expect_error("{" ASSET ",\"images\":[{\"uri\":\"data:image/png;base64,@@@@\"}]}", NULL, 0,
                 "test.gltf: images[0].uri: the base64 data is not valid", NULL);
    expect_error("{" ASSET ",\"images\":[{\"uri\":\"data:image/png,abc\"}]}", NULL, 0,
                 "test.gltf: images[0].uri: only base64", NULL);
    expect_error("{" ASSET ",\"images\":[{\"uri\":\"a.png\"}]}", NULL, 0, "test.gltf: images[0].uri: external file",
                 "\"a.png\"");
    /* the bytes are there but are no image: the decoder's error, prefixed once */
    expect_error("{" ASSET ",\"images\":[{\"uri\":\"data:image/png;base64,AAAA\"}]}", NULL, 0,
                 "test.gltf: images[0]: cannot decode image", NULL);
}

/* The first 33 bytes of a PNG: the signature and an IHDR chunk for 8-bit
 * RGBA of the given size (big-endian), no pixels. stb_image does not check
 * the CRC, so this is enough for it to report the size. */
static void png_header(uint32_t width, uint32_t height, unsigned char out[33])
{
    static const unsigned char start[16] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n',
                                            0,    0,   0,   13,  'I',  'H',  'D',  'R'};
    memcpy(out, start, 16);
    for (int i = 0; i < 4; i++) {
        out[16 + i] = (unsigned char)(width >> (24 - 8 * i));
        out[20 + i] = (unsigned char)(height >> (24 - 8 * i));
    }
    out[24] = 8, out[25] = 6, out[26] = 0, out[27] = 0, out[28] = 0; /* depth, RGBA, methods */
    memset(out + 29, 0, 4);                                          /* CRC */
}

/* The message of image_decode_memory_limited() on a header of that size. */
static const char *decode_header(uint32_t width, uint32_t height, size_t max_bytes, sa_error *err)
{
    unsigned char png[33];
    image_rgba8 img;
    png_header(width, height, png);
    EXPECT_TRUE(!image_decode_memory_limited(png, sizeof png, max_bytes, &img, err)); /* no pixels: never decodes */
    EXPECT_TRUE(img.pixels == NULL);
    return err->message;
}

/* An image's size is read from its header and checked before any pixel is
 * decoded: at most 16384 pixels a side and 256 MiB of RGBA8. Under the limit
 * these headers fail later, for want of pixels ("cannot decode image").
 * (Headers past 1 GiB, e.g. 20000 x 20000, stb_image refuses by itself.) */
static void oversized_images_are_refused_before_decoding(void **state)
{
    (void)state;
    sa_error err;
    EXPECT_STR_CONTAINS(decode_header(100000, 1, 0, &err), "image of 100000 x 1 pixels is over the limit");
    EXPECT_STR_CONTAINS(decode_header(16385, 1, 0, &err), "16385 x 1 pixels is over the limit");
    EXPECT_STR_CONTAINS(decode_header(1, 16385, 0, &err), "1 x 16385 pixels is over the limit");
    EXPECT_STR_CONTAINS(decode_header(16384, 1, 0, &err), "cannot decode image");
    /* 16384 x 4096 x 4 bytes is 256 MiB exactly; one more row is over. */
    EXPECT_STR_CONTAINS(decode_header(16384, 4096, 0, &err), "cannot decode image");
    EXPECT_STR_CONTAINS(decode_header(16384, 4097, 0, &err), "16384 x 4097 pixels is over the limit");
    /* A lower limit: 2 x 2 is 16 bytes. Above IMAGE_MAX_BYTES is IMAGE_MAX_BYTES. */
    EXPECT_STR_CONTAINS(decode_header(2, 2, 15, &err), "2 x 2 pixels is over the limit");
    EXPECT_STR_CONTAINS(decode_header(2, 2, 16, &err), "cannot decode image");
    EXPECT_STR_CONTAINS(decode_header(16384, 4097, IMAGE_MAX_BYTES * 2, &err), "over the limit");

    /* Through the loader, from a data: URI, with its default options, then a lower limit. */
    unsigned char png[33];
    char b64[64], json[256];
    png_header(16384, 8192, png); /* 512 MiB */
    base64_encode(png, sizeof png, b64);
    snprintf(json, sizeof json, "{" ASSET ",\"images\":[{\"uri\":\"data:image/png;base64,%s\"}]}", b64);
    expect_error(json, NULL, 0, "test.gltf: images[0]: image of 16384 x 8192 pixels is over the limit", NULL);
    png_header(2, 2, png);
    base64_encode(png, sizeof png, b64);
    snprintf(json, sizeof json, "{" ASSET ",\"images\":[{\"uri\":\"data:image/png;base64,%s\"}]}", b64);
    gltf_load_options options = gltf_load_options_default();
    EXPECT_INT(IMAGE_MAX_BYTES, options.max_image_bytes);
    options.max_image_bytes = 15;
    gltf_document doc;
    EXPECT_TRUE(!gltf_load_memory(json, strlen(json), NULL, "test.gltf", &options, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "test.gltf: images[0]: image of 2 x 2 pixels is over the limit");

    /* From a file: the message names it. */
    char dir[512], path[600];
    sa_test_temp_dir("sa_test_huge_", dir, sizeof dir);
    snprintf(path, sizeof path, "%s/huge.png", dir);
    png_header(100000, 2, png);
    FILE *f = fopen(path, "wb");
    EXPECT_TRUE(f != NULL);
    EXPECT_TRUE(fwrite(png, 1, sizeof png, f) == sizeof png);
    fclose(f);
    image_rgba8 img;
    EXPECT_TRUE(!image_decode_file(path, &img, &err));
    sa_test_remove_dir(dir);
    EXPECT_STR_CONTAINS(err.message, path);
    EXPECT_STR_CONTAINS(err.message, "100000 x 2 pixels is over the limit");
}

/* A URI longer than a path buffer was cut short silently (and could then name
 * another file); %00 cut the decoded name at the NUL. Both are errors now. */
static void long_uris_and_percent_00_are_rejected(void **state)
{
    (void)state;
    char dir[512];
    sa_test_temp_dir("sa_test_gltf_uri_", dir, sizeof dir);
    char gltf_path[600], short_path[600];
    snprintf(gltf_path, sizeof gltf_path, "%s/scene.gltf", dir);
    snprintf(short_path, sizeof short_path, "%s/a", dir);
    /* "a" exists: the old code loaded it for "a%00.bin". */
    sa_test_write_text(short_path, "12345678");
    sa_test_write_text(gltf_path, "{" ASSET ",\"buffers\":[{\"byteLength\":8,\"uri\":\"a%00.bin\"}]}");
    gltf_document doc;
    sa_error err;
    EXPECT_TRUE(!gltf_load(gltf_path, NULL, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "buffers[0].uri");
    EXPECT_STR_CONTAINS(err.message, "%00");
    /* 1100 bytes of URI: more than SA_PATH_MAX (1024) - 1. */
    char uri[1101];
    memset(uri, 'a', 1100);
    uri[1100] = '\0';
    char json[1200];
    snprintf(json, sizeof json, "{" ASSET ",\"buffers\":[{\"byteLength\":8,\"uri\":\"%s\"}]}", uri);
    sa_test_write_text(gltf_path, json);
    EXPECT_TRUE(!gltf_load(gltf_path, NULL, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "buffers[0].uri: 1100 bytes long");
    sa_test_remove_dir(dir);
}

/* Two loops were quadratic: every top-level entry looked its array up again
 * among the root's members (100 000 nodes next to 100 000 unknown keys took
 * 46 s of CPU in the sanitizer build), and every skinned node scanned its
 * mesh's vertices again (20 000 nodes sharing one mesh of 60 000 vertices:
 * 4.8 * 10^9 steps). Both are linear now. These tests check that such files
 * load correctly; they time nothing (speed is measured by bench_gltf, never
 * by a test), so a return of the quadratic loops shows up as a slow suite. */
static void many_nodes_beside_many_unknown_keys_load(void **state)
{
    (void)state;
    enum { N = 100000 };
    char *json = malloc(64 + N * 20);
    size_t o = (size_t)sprintf(json, "{" ASSET ",\"nodes\":[");
    for (int i = 0; i < N; i++)
        o += (size_t)sprintf(json + o, "%s{}", i ? "," : "");
    o += (size_t)sprintf(json + o, "]");
    for (int i = 0; i < N; i++)
        o += (size_t)sprintf(json + o, ",\"k%d\":0", i);
    sprintf(json + o, "}");
    gltf_document doc;
    sa_error err;
    if (!gltf_load_memory(json, strlen(json), NULL, "test.gltf", NULL, &doc, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(N, doc.node_count);
    gltf_free(&doc);
    free(json);
}

static void many_skinned_nodes_sharing_a_mesh_load(void **state)
{
    (void)state;
    gltf_document doc;
    sa_error err;
    size_t o;

    /* One mesh of V vertices (positions zero, joints 0, weights zero from an
     * accessor without a bufferView, no indices), and M nodes that each skin
     * it with a one-joint skin. */
    enum { V = 60000, M = 20000 };
    unsigned char *bin = calloc(V * 16, 1); /* V * 12 position bytes, then V * 4 joint bytes */
    char *text = malloc(128 + M * 40 + V * 16 * 2);
    char *b64 = malloc(V * 16 * 2 + 64);
    strcpy(b64, "data:application/octet-stream;base64,");
    base64_encode(bin, V * 16, b64 + strlen(b64));
    o = (size_t)sprintf(text,
                        "{" ASSET ",\"buffers\":[{\"byteLength\":%d,\"uri\":\"%s\"}],"
                        "\"bufferViews\":[{\"buffer\":0,\"byteLength\":%d},"
                        "{\"buffer\":0,\"byteOffset\":%d,\"byteLength\":%d}],"
                        "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":%d,\"type\":\"VEC3\"},"
                        "{\"bufferView\":1,\"componentType\":5121,\"count\":%d,\"type\":\"VEC4\"},"
                        "{\"componentType\":5126,\"count\":%d,\"type\":\"VEC4\"}],"
                        "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"JOINTS_0\":1,"
                        "\"WEIGHTS_0\":2}}]}],"
                        "\"skins\":[{\"joints\":[0]}],\"nodes\":[{}",
                        V * 16, b64, V * 12, V * 12, V * 4, V, V, V);
    for (int i = 0; i < M; i++)
        o += (size_t)sprintf(text + o, ",{\"mesh\":0,\"skin\":0}");
    sprintf(text + o, "]}");
    if (!gltf_load_memory(text, strlen(text), NULL, "test.gltf", NULL, &doc, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(M + 1, doc.node_count);
    EXPECT_INT(0, doc.nodes[M].mesh); /* the last node still carries its mesh and skin */
    EXPECT_INT(0, doc.nodes[M].skin);
    gltf_free(&doc);
    free(bin);
    free(b64);
    free(text);
}

/* TEXCOORD_0: floats, or normalized u8/u16 (glTF 2.0, 3.7.2.1); plain integers
 * were read as 0..255 texture coordinates. Bytes 0..35: 3 positions (zeros);
 * 36..41: u8 pairs (0, 255), (51, 102), (255, 0) -> (0, 1), (0.2, 0.4), (1, 0). */
static void texcoords_are_floats_or_normalized_integers(void **state)
{
    (void)state;
    /* u8 VEC2 texture coordinates, 4 bytes apart (vertex data is aligned to 4). */
    unsigned char bin[48] = {0};
    const unsigned char uv[6] = {0, 255, 51, 102, 255, 0};
    for (int v = 0; v < 3; v++)
        memcpy(bin + 36 + 4 * v, uv + 2 * v, 2);
    const char *json = "{" ASSET ",\"buffers\":[{\"byteLength\":48,\"uri\":\"$B\"}],"
                       "\"bufferViews\":[{\"buffer\":0,\"byteLength\":36},"
                       "{\"buffer\":0,\"byteOffset\":36,\"byteLength\":10,\"byteStride\":4}],"
                       "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\"},"
                       "{\"bufferView\":1,\"componentType\":5121,%s\"count\":3,\"type\":\"VEC2\"}],"
                       "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"TEXCOORD_0\":1}}]}]}";
    char text[1024];
    snprintf(text, sizeof text, json, "\"normalized\":true,");
    gltf_document doc;
    expect_load(text, bin, 48, &doc);
    const gltf_primitive *prim = &doc.meshes[0].primitives[0];
    EXPECT_TRUE(prim->texcoords != NULL);
    EXPECT_NEAR(0.0, prim->texcoords[0][0], 0);
    EXPECT_NEAR(1.0, prim->texcoords[0][1], 0);
    EXPECT_NEAR(0.2, prim->texcoords[1][0], 1e-6);
    EXPECT_NEAR(0.4, prim->texcoords[1][1], 1e-6);
    EXPECT_NEAR(1.0, prim->texcoords[2][0], 0);
    gltf_free(&doc);
    snprintf(text, sizeof text, json, "");
    expect_error(text, bin, 48, "meshes[0].primitives[0].attributes.TEXCOORD_0",
                 "holds unsigned byte components, this attribute must be float, normalized unsigned byte or "
                 "normalized unsigned short");
}

/* Messages quote the file's strings; "\n" in a JSON string made a message of
 * two lines (the second could even pass for another "error: " line). Control
 * characters become '?'; expect_error() checks there is no '\n' left. */
static void quoted_strings_keep_the_error_on_one_line(void **state)
{
    (void)state;
    expect_error("{" ASSET ",\"extensionsRequired\":[\"EXT_a\\nerror: fake\"]}", NULL, 0, "extensionsRequired[0]",
                 "\"EXT_a?error: fake\"");
    expect_error("{" ASSET ",\"accessors\":[{\"componentType\":5126,\"count\":1,\"type\":\"VEC3\\r\\nX\"}]}", NULL, 0,
                 "accessors[0].type", "\"VEC3??X\"");
    expect_error("{" ASSET ",\"buffers\":[{\"byteLength\":1,\"uri\":\"a\\tb\\u001b.bin\"}]}", NULL, 0, "buffers[0].uri",
                 "\"a?b?.bin\"");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_component_type_and_normalization),
        cmocka_unit_test(sizes_of_components_types_and_padded_matrices),
        cmocka_unit_test(matrices_with_padded_columns),
        cmocka_unit_test(interleaved_data),
        cmocka_unit_test(offsets_and_strides_must_be_aligned),
        cmocka_unit_test(accessor_and_view_ranges_are_checked),
        cmocka_unit_test(sparse_accessors),
        cmocka_unit_test(sparse_count_equal_to_count_and_repeated_indices),
        cmocka_unit_test(strips_fans_and_lists),
        cmocka_unit_test(flat_normals_when_the_file_has_none),
        cmocka_unit_test(unwelding_keeps_a_vertex_no_triangle_uses),
        cmocka_unit_test(primitive_restart_index_is_rejected),
        cmocka_unit_test(joints_1_and_weights_1_are_decoded),
        cmocka_unit_test(quantized_attributes_match_the_float_original),
        cmocka_unit_test(node_transforms),
        cmocka_unit_test(node_graph_errors),
        cmocka_unit_test(skins_and_animations),
        cmocka_unit_test(joints_past_the_skin_are_rejected),
        cmocka_unit_test(document_level_errors),
        cmocka_unit_test(optional_extensions_and_unknown_properties_are_ignored),
        cmocka_unit_test(glb_files),
        cmocka_unit_test(packed_attributes_are_borrowed_not_copied),
        cmocka_unit_test(external_files_next_to_the_gltf),
        cmocka_unit_test(byte_stride_must_be_a_multiple_of_4),
        cmocka_unit_test(inverse_bind_matrices_must_be_finite_floats),
        cmocka_unit_test(animation_input_must_be_float),
        cmocka_unit_test(enum_strings_holding_a_nul_are_rejected),
        cmocka_unit_test(decode_limit_counts_samplers_and_skins),
        cmocka_unit_test(image_uri_errors_name_the_uri_once),
        cmocka_unit_test(oversized_images_are_refused_before_decoding),
        cmocka_unit_test(long_uris_and_percent_00_are_rejected),
        cmocka_unit_test(many_nodes_beside_many_unknown_keys_load),
        cmocka_unit_test(many_skinned_nodes_sharing_a_mesh_load),
        cmocka_unit_test(texcoords_are_floats_or_normalized_integers),
        cmocka_unit_test(quoted_strings_keep_the_error_on_one_line),
    };
    return cmocka_run_group_tests_name("gltf", tests, NULL, NULL);
}
