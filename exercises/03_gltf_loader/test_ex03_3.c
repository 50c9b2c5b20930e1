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

/* Fails unless `got` points `offset` bytes into glb (or is NULL when offset is -1). */
static void expect_pointer(const char *what, const unsigned char *glb, const unsigned char *got, long offset)
{
    if (offset < 0 && got != NULL)
        fail_msg("ex03.3: %s: expected NULL, got a pointer %td bytes into the file", what, got - glb);
    if (offset >= 0 && got != glb + offset)
        fail_msg("ex03.3: %s: expected a pointer %ld bytes into the file, got %s%td", what, offset, got ? "" : "NULL ",
                 got ? got - glb : 0);
}

static void ex03_3_json_and_bin(void **state)
{
    (void)state;
    unsigned char glb[256];
    size_t size = build(glb, 2, (uint32_t[]){JSON, BIN}, (uint32_t[]){8, 12});
    EXPECT_INT(12 + 16 + 20, size);
    glb_chunks c;
    sa_error err = {{0}};
    if (!glb_parse(glb, size, &c, &err))
        fail_msg("ex03.3: a valid GLB (JSON 8 bytes, BIN 12) was rejected: %s", err.message);
    /* JSON data starts after the 12-byte header and its 8-byte chunk header. */
    expect_pointer("out->json (after the 12-byte header and the 8-byte chunk header)", glb, c.json, 20);
    EXPECT_INT(8, c.json_length);
    expect_pointer("out->bin (after the JSON chunk and the BIN chunk's header)", glb, c.bin, 36);
    EXPECT_INT(12, c.bin_length);
}

static void ex03_3_json_only_and_unknown_chunks(void **state)
{
    (void)state;
    unsigned char glb[256];
    glb_chunks c;
    sa_error err = {{0}};
    size_t size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){4});
    if (!glb_parse(glb, size, &c, &err))
        fail_msg("ex03.3: a GLB with a JSON chunk only was rejected: %s", err.message);
    EXPECT_INT(4, c.json_length);
    expect_pointer("out->bin of a file without BIN", glb, c.bin, -1);
    EXPECT_INT(0, c.bin_length);
    /* A chunk of an unknown type after BIN is skipped. */
    size = build(glb, 3, (uint32_t[]){JSON, BIN, OTHER}, (uint32_t[]){4, 8, 16});
    if (!glb_parse(glb, size, &c, &err))
        fail_msg("ex03.3: JSON, BIN and a chunk of unknown type 0x12345678: rejected (%s); unknown chunks are skipped",
                 err.message);
    EXPECT_INT(8, c.bin_length);
    expect_pointer("out->bin with an unknown chunk after it", glb, c.bin, 12 + 8 + 4 + 8);
}

/* glb_parse() must reject the bytes, with a message in err; `why` names
 * the case in the failure message. */
static void expect_rejected(const unsigned char *glb, size_t size, const char *why)
{
    glb_chunks c;
    sa_error err;
    memset(err.message, 0, sizeof err.message);
    if (glb_parse(glb, size, &c, &err))
        fail_msg("ex03.3: %s (%zu bytes): expected glb_parse() to return false, it accepted the file", why, size);
    if (err.message[0] == '\0')
        fail_msg("ex03.3: %s (%zu bytes): rejected, but err holds no message (say what is wrong)", why, size);
}

static void expect_accepted(const unsigned char *glb, size_t size, const char *why)
{
    glb_chunks c;
    sa_error err = {{0}};
    if (!glb_parse(glb, size, &c, &err))
        fail_msg("ex03.3: %s (%zu bytes): expected the file to be accepted, got the error \"%s\"", why, size,
                 err.message);
}

static void ex03_3_bad_headers(void **state)
{
    (void)state;
    unsigned char glb[256];
    size_t size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){12});
    expect_rejected(glb, 11, "shorter than the 12-byte header");
    expect_rejected(glb, 0, "an empty file");
    glb[0] = 'X';
    expect_rejected(glb, size, "the magic is \"XlTF\", not \"glTF\"");
    glb[0] = 'g';
    put_u32(glb + 4, 1);
    expect_rejected(glb, size, "version 1");
    put_u32(glb + 4, 2 << 24);
    expect_rejected(glb, size, "version 0x02000000 (2 read big-endian)");
    put_u32(glb + 4, 2);
    put_u32(glb + 8, (uint32_t)size + 4);
    expect_rejected(glb, size, "the header's length is 4 more than the file");
    put_u32(glb + 8, (uint32_t)size - 4);
    expect_rejected(glb, size, "the header's length is 4 less than the file");
    put_u32(glb + 8, (uint32_t)size);
    expect_accepted(glb, size, "the same file repaired");
}

static void ex03_3_bad_chunks(void **state)
{
    (void)state;
    unsigned char glb[256];
    /* A chunk header cut off: the header says 16 bytes, 4 bytes after it. */
    size_t size = build(glb, 0, NULL, NULL);
    put_u32(glb + 8, 16);
    put_u32(glb + 12, 0);
    expect_rejected(glb, 16, "a chunk header cut off after 4 of its 8 bytes");
    /* The same after a valid JSON chunk: 4 stray bytes are no chunk header. */
    size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){4});
    memset(glb + size, 0, 4);
    put_u32(glb + 8, (uint32_t)size + 4);
    expect_rejected(glb, size + 4, "4 stray bytes after the JSON chunk");
    /* Chunk data longer than the file. */
    size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){8});
    put_u32(glb + 12, 12);
    expect_rejected(glb, size, "a JSON chunk of 12 bytes with 8 in the file");
    /* A length so large that `offset + length` wraps around in 32 bits. */
    put_u32(glb + 12, 0xFFFFFFF0u);
    expect_rejected(glb, size, "a chunk length of 0xFFFFFFF0 (offset + length overflows 32 bits)");
    /* Chunk length not a multiple of 4. */
    size = build(glb, 1, (uint32_t[]){JSON}, (uint32_t[]){7});
    expect_rejected(glb, size, "a JSON chunk of 7 bytes (not a multiple of 4)");
    size = build(glb, 2, (uint32_t[]){JSON, BIN}, (uint32_t[]){4, 6});
    expect_rejected(glb, size, "a BIN chunk of 6 bytes (not a multiple of 4)");
    size = build(glb, 2, (uint32_t[]){BIN, JSON}, (uint32_t[]){4, 4});
    expect_rejected(glb, size, "BIN first, JSON second");
    size = build(glb, 2, (uint32_t[]){OTHER, JSON}, (uint32_t[]){4, 4});
    expect_rejected(glb, size, "an unknown chunk first, JSON second (the first chunk must be JSON)");
    size = build(glb, 3, (uint32_t[]){JSON, OTHER, BIN}, (uint32_t[]){4, 4, 4});
    expect_rejected(glb, size, "BIN as chunk 2, not right after JSON");
    size = build(glb, 2, (uint32_t[]){JSON, JSON}, (uint32_t[]){4, 4});
    expect_rejected(glb, size, "two JSON chunks");
    size = build(glb, 3, (uint32_t[]){JSON, BIN, BIN}, (uint32_t[]){4, 4, 4});
    expect_rejected(glb, size, "two BIN chunks");
    size = build(glb, 0, NULL, NULL);
    expect_rejected(glb, size, "a header and no chunk at all");
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
        SA_EXERCISE_CASE("ex03.3", ex03_3_json_and_bin),
        SA_EXERCISE_CASE("ex03.3", ex03_3_json_only_and_unknown_chunks),
        SA_EXERCISE_CASE("ex03.3", ex03_3_bad_headers),
        SA_EXERCISE_CASE("ex03.3", ex03_3_bad_chunks),
        SA_EXERCISE_CASE("ex03.3", ex03_3_errors_say_what_is_wrong),
    };
    return cmocka_run_group_tests_name("ex03.3 glb_parse", tests, NULL, NULL);
}
