/* Grading tests for exercise ex03.3: glb_parse() walks the GLB header and
 * chunks. Each test writes a GLB byte by byte (little-endian). */
#include "chapters/03_gltf_loader/gltf.h"
#include "tests/test_util.h"

static void put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8), p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

/* header + chunks given as (type, length) with `length` bytes of data each
 * (filled with the chunk's number); returns the size, header length correct. */
static size_t build(unsigned char *out, int chunk_count, const uint32_t *types, const uint32_t *lengths)
{
    size_t at = 12;
    for (int c = 0; c < chunk_count; c++) {
        put_u32(out + at, lengths[c]);
        put_u32(out + at + 4, types[c]);
        memset(out + at + 8, 'a' + c, lengths[c]);
        at += 8 + lengths[c];
    }
    memcpy(out, "glTF", 4);
    put_u32(out + 4, 2);
    put_u32(out + 8, (uint32_t)at);
    return at;
}

static const uint32_t JSON = GLB_CHUNK_JSON, BIN = GLB_CHUNK_BIN, OTHER = 0x12345678u;

static void ex03_3_json_and_bin(void **state)
{
    (void)state;
    unsigned char glb[256];
    size_t size = build(glb, 2, (uint32_t[]){JSON, BIN}, (uint32_t[]){8, 12});
    EXPECT_INT(12 + 16 + 20, size);
    glb_chunks c;
    sa_error err;
    if (!glb_parse(glb, size, &c, &err))
        fail_msg("a valid GLB was rejected: %s", err.message);
    /* JSON data starts after the 12-byte header and its 8-byte chunk header. */
    EXPECT_TRUE(c.json == glb + 20);
    EXPECT_INT(8, c.json_length);
    EXPECT_TRUE(c.bin == glb + 36);
    EXPECT_INT(12, c.bin_length);
}

static void ex03_3_json_only_and_unknown_chunks(void **state)
{
    (void)state;
    unsigned char glb[256];
    glb_chunks c;
    sa_error err;
    size_t size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){4});
    EXPECT_TRUE(glb_parse(glb, size, &c, &err));
    EXPECT_INT(4, c.json_length);
    EXPECT_TRUE(c.bin == NULL);
    EXPECT_INT(0, c.bin_length);
    /* A chunk of an unknown type after BIN is skipped. */
    size = build(glb, 3, (uint32_t[]){JSON, BIN, OTHER}, (uint32_t[]){4, 8, 16});
    EXPECT_TRUE(glb_parse(glb, size, &c, &err));
    EXPECT_INT(8, c.bin_length);
    EXPECT_INT('b', c.bin[0]);
}

static void ex03_3_bad_headers(void **state)
{
    (void)state;
    unsigned char glb[256];
    glb_chunks c;
    sa_error err;
    size_t size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){12});
    EXPECT_TRUE(!glb_parse(glb, 11, &c, &err)); /* shorter than the header */
    glb[0] = 'X';
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err)); /* magic */
    glb[0] = 'g';
    put_u32(glb + 4, 1);
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err)); /* version 1 */
    put_u32(glb + 4, 2);
    put_u32(glb + 8, (uint32_t)size + 4);
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err)); /* header length larger than the file */
    put_u32(glb + 8, (uint32_t)size - 4);
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err)); /* ... or smaller */
    put_u32(glb + 8, (uint32_t)size);
    EXPECT_TRUE(glb_parse(glb, size, &c, &err)); /* repaired: accepted again */
}

static void ex03_3_bad_chunks(void **state)
{
    (void)state;
    unsigned char glb[256];
    glb_chunks c;
    sa_error err;
    /* A chunk header cut off: the header says 16 bytes, 4 bytes after it. */
    size_t size = build(glb, 0, NULL, NULL);
    put_u32(glb + 8, 16);
    put_u32(glb + 12, 0);
    EXPECT_TRUE(!glb_parse(glb, 16, &c, &err));
    /* The same after a valid JSON chunk: 4 stray bytes are no chunk header. */
    size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){4});
    memset(glb + size, 0, 4);
    put_u32(glb + 8, (uint32_t)size + 4);
    EXPECT_TRUE(!glb_parse(glb, size + 4, &c, &err));
    /* Chunk data longer than the file. */
    size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){8});
    put_u32(glb + 12, 12);
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err));
    /* Chunk length not a multiple of 4. */
    size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){7});
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err));
    /* BIN first. */
    size = build(glb, 2, (uint32_t[]){BIN, JSON}, (uint32_t[]){4, 4});
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err));
    /* BIN not right after JSON. */
    size = build(glb, 3, (uint32_t[]){JSON, OTHER, BIN}, (uint32_t[]){4, 4, 4});
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err));
    /* Two JSON chunks. */
    size = build(glb, 2, (uint32_t[]){JSON, JSON}, (uint32_t[]){4, 4});
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err));
    /* No chunk at all. */
    size = build(glb, 0, NULL, NULL);
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err));
}

static void ex03_3_errors_say_what_is_wrong(void **state)
{
    (void)state;
    unsigned char glb[64];
    glb_chunks c;
    sa_error err = {{0}};
    size_t size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){4});
    put_u32(glb + 4, 3);
    EXPECT_TRUE(!glb_parse(glb, size, &c, &err));
    EXPECT_STR_CONTAINS(err.message, "3"); /* names the version it found */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ex03_3_json_and_bin),
        cmocka_unit_test(ex03_3_json_only_and_unknown_chunks),
        cmocka_unit_test(ex03_3_bad_headers),
        cmocka_unit_test(ex03_3_bad_chunks),
        cmocka_unit_test(ex03_3_errors_say_what_is_wrong),
    };
    return cmocka_run_group_tests_name("ex03.3 glb_parse", tests, NULL, NULL);
}
