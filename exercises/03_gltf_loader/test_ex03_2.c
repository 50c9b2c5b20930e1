/* Grading tests for exercise ex03.2: gltf_base64_decode(). Expected bytes
 * are worked out by hand from the base64 alphabet (A=0 .. Z=25, a=26 .. z=51,
 * 0=52 .. 9=61, + = 62, / = 63), or come from this file's own encoder. */
#include "chapters/03_gltf_loader/gltf.h"
#include "tests/test_util.h"

static size_t decode(const char *text, unsigned char *out, size_t capacity)
{
    return gltf_base64_decode(text, strlen(text), out, capacity);
}

static void ex03_2_one_group_of_four(void **state)
{
    (void)state;
    unsigned char out[8];
    /* T=19 W=22 F=5 u=46: 010011 010110 000101 101110 = 0x4D 0x61 0x6E = "Man" */
    EXPECT_INT(3, decode("TWFu", out, sizeof out));
    EXPECT_TRUE(memcmp(out, "Man", 3) == 0);
    /* + = 62, / = 63: 111110 111111 111110 111111 = 11111011 11111111 10111111 = 0xFB 0xFF 0xBF */
    EXPECT_INT(3, decode("+/+/", out, sizeof out));
    EXPECT_INT(0xFB, out[0]);
    EXPECT_INT(0xFF, out[1]);
    EXPECT_INT(0xBF, out[2]);
}

static void ex03_2_padding(void **state)
{
    (void)state;
    unsigned char out[8];
    /* "TWE=": 3 characters carry 18 bits: 2 bytes "Ma". "TQ==": 1 byte "M". */
    EXPECT_INT(2, decode("TWE=", out, sizeof out));
    EXPECT_TRUE(memcmp(out, "Ma", 2) == 0);
    EXPECT_INT(1, decode("TQ==", out, sizeof out));
    EXPECT_INT('M', out[0]);
    /* Writers sometimes drop the padding: "TWE" is still "Ma". */
    EXPECT_INT(2, decode("TWE", out, sizeof out));
    EXPECT_TRUE(memcmp(out, "Ma", 2) == 0);
    EXPECT_INT(0, decode("", out, sizeof out));
}

static void ex03_2_invalid_text(void **state)
{
    (void)state;
    unsigned char out[8];
    EXPECT_INT((size_t)-1, decode("TW!u", out, sizeof out));  /* not in the alphabet */
    EXPECT_INT((size_t)-1, decode("TW=u", out, sizeof out));  /* '=' only at the end */
    EXPECT_INT((size_t)-1, decode("TWFuT", out, sizeof out)); /* one leftover character is 6 bits, no byte */
    EXPECT_INT((size_t)-1, decode("TW=", out, sizeof out));   /* padded, so the length must be a multiple of 4 */
    EXPECT_INT((size_t)-1, decode("TWFu", out, 2));           /* 3 bytes do not fit in 2 */
    EXPECT_INT((size_t)-1, decode("TW-u", out, sizeof out));  /* '-' and '_' are base64url, not base64 */
    EXPECT_INT((size_t)-1, decode("TW_u", out, sizeof out));
    EXPECT_INT((size_t)-1, decode("TW u", out, sizeof out)); /* no blanks inside a data: URI */
}

static void ex03_2_every_byte_value(void **state)
{
    (void)state;
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    unsigned char in[256], out[256];
    char text[400];
    for (int i = 0; i < 256; i++)
        in[i] = (unsigned char)(255 - i);
    /* Encoded here: 3 bytes -> 4 characters; 256 = 85 * 3 + 1, so the end is "xx==". */
    size_t o = 0;
    for (int i = 0; i < 256; i += 3) {
        unsigned v = (unsigned)in[i] << 16 | (i + 1 < 256 ? (unsigned)in[i + 1] << 8 : 0) |
                     (i + 2 < 256 ? in[i + 2] : 0);
        text[o++] = alphabet[v >> 18 & 63];
        text[o++] = alphabet[v >> 12 & 63];
        text[o++] = i + 1 < 256 ? alphabet[v >> 6 & 63] : '=';
        text[o++] = i + 2 < 256 ? alphabet[v & 63] : '=';
    }
    text[o] = '\0';
    EXPECT_INT(256, decode(text, out, sizeof out));
    for (int i = 0; i < 256; i++)
        if (out[i] != in[i])
            fail_msg("ex03.2: out[%d] (from the characters text[%d..%d] = \"%.4s\"): expected 0x%02X, got 0x%02X", i,
                     i / 3 * 4, i / 3 * 4 + 3, text + i / 3 * 4, in[i], out[i]);
}

/* (size_t)-1 printed as -1. */
static long long as_signed(size_t n)
{
    return n == (size_t)-1 ? -1 : (long long)n;
}

/* Decodes `text` into a buffer of out_capacity bytes followed by 4 canary
 * bytes; fails if a byte at or past out_capacity changed. Returns the count. */
static size_t decode_with_canary(const char *text, size_t out_capacity)
{
    unsigned char buffer[64 + 4];
    if (out_capacity > 64)
        fail_msg("test setup: out_capacity %zu is too large", out_capacity);
    memset(buffer, 0xA5, sizeof buffer);
    size_t got = gltf_base64_decode(text, strlen(text), buffer, out_capacity);
    for (size_t i = out_capacity; i < out_capacity + 4; i++)
        if (buffer[i] != 0xA5)
            fail_msg("ex03.2: \"%s\" with out_capacity %zu: out[%zu] was written (0x%02X), past the end of out "
                     "(check out_capacity before every byte you write)",
                     text, out_capacity, i, buffer[i]);
    return got;
}

static void ex03_2_never_writes_past_out_capacity(void **state)
{
    (void)state;
    /* Too small: an error, and nothing written past the end. */
    for (size_t capacity = 0; capacity < 3; capacity++) {
        size_t got = decode_with_canary("TWFu", capacity);
        if (got != (size_t)-1)
            fail_msg("ex03.2: \"TWFu\" (3 bytes) with out_capacity %zu: expected (size_t)-1, got %zu", capacity, got);
    }
    size_t got = decode_with_canary("TWFuTWFuTWFu", 8);
    if (got != (size_t)-1)
        fail_msg("ex03.2: \"TWFuTWFuTWFu\" (9 bytes) with out_capacity 8: expected (size_t)-1, got %zu", got);
    /* Exactly big enough: a short last group writes only its own bytes. */
    EXPECT_INT(3, decode_with_canary("TWFu", 3));
    EXPECT_INT(2, decode_with_canary("TWE=", 2));
    EXPECT_INT(2, decode_with_canary("TWE", 2));
    EXPECT_INT(1, decode_with_canary("TQ==", 1));
    EXPECT_INT(4, decode_with_canary("TWFuTQ==", 4));
    /* The same on the heap, in buffers of exactly out_capacity bytes: a
     * sanitizer build (-DSA_SANITIZE=ON) stops at the first byte written
     * past the end and prints where. */
    static const struct {
        const char *text;
        size_t capacity, expected;
    } heap_cases[] = {
        {"TWFu", 2, (size_t)-1},
        {"TWE=", 2, 2},
        {"TQ==", 1, 1},
        {"TWFuTWE", 5, 5},
    };
    for (size_t c = 0; c < sizeof heap_cases / sizeof heap_cases[0]; c++) {
        unsigned char *out = malloc(heap_cases[c].capacity);
        EXPECT_TRUE(out != NULL);
        got = gltf_base64_decode(heap_cases[c].text, strlen(heap_cases[c].text), out, heap_cases[c].capacity);
        free(out);
        if (got != heap_cases[c].expected)
            fail_msg("ex03.2: \"%s\" with out_capacity %zu: expected %lld, got %lld (-1 is (size_t)-1)",
                     heap_cases[c].text, heap_cases[c].capacity, as_signed(heap_cases[c].expected), as_signed(got));
    }
}

static void ex03_2_rejects_bytes_above_0x7f(void **state)
{
    (void)state;
    /* A char of 0x80 or above is not base64, even when its low 7 bits are
     * (0xC1 masked to 7 bits is 'A'). char may be signed: compare it as the
     * character it is, or convert to unsigned char before using it as an
     * index into a table. */
    unsigned char out[8];
    for (int byte = 0x80; byte <= 0xFF; byte++) {
        char text[5] = {'T', 'W', (char)byte, 'u', '\0'};
        size_t got = decode(text, out, sizeof out);
        if (got != (size_t)-1)
            fail_msg("ex03.2: \"TW\\x%02X\" \"u\": text[2] = 0x%02X is not in the alphabet (masked to 7 bits it "
                     "would be 0x%02X): expected (size_t)-1, got %zu",
                     byte, byte, byte & 0x7F, got);
    }
}

static void ex03_2_reads_only_text_length(void **state)
{
    (void)state;
    /* The text of a data: URI is not NUL-terminated where it ends: only the
     * first text_length characters are base64. */
    unsigned char out[16];
    const char *text = "TWFuTWFu\"}],\"next\": 1}";
    EXPECT_INT(3, gltf_base64_decode(text, 4, out, sizeof out));
    EXPECT_TRUE(memcmp(out, "Man", 3) == 0);
    EXPECT_INT(6, gltf_base64_decode(text, 8, out, sizeof out));
    EXPECT_INT(0, gltf_base64_decode(text, 0, out, sizeof out));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex03.2", ex03_2_one_group_of_four),
        SA_EXERCISE_CASE("ex03.2", ex03_2_padding),
        SA_EXERCISE_CASE("ex03.2", ex03_2_invalid_text),
        SA_EXERCISE_CASE("ex03.2", ex03_2_every_byte_value),
        SA_EXERCISE_CASE("ex03.2", ex03_2_never_writes_past_out_capacity),
        SA_EXERCISE_CASE("ex03.2", ex03_2_rejects_bytes_above_0x7f),
        SA_EXERCISE_CASE("ex03.2", ex03_2_reads_only_text_length),
    };
    return cmocka_run_group_tests_name("ex03.2 gltf_base64_decode", tests, NULL, NULL);
}
