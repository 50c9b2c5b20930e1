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
        unsigned v = (unsigned)in[i] << 16 | (i + 1 < 256 ? (unsigned)in[i + 1] << 8 : 0) | (i + 2 < 256 ? in[i + 2] : 0);
        text[o++] = alphabet[v >> 18 & 63];
        text[o++] = alphabet[v >> 12 & 63];
        text[o++] = i + 1 < 256 ? alphabet[v >> 6 & 63] : '=';
        text[o++] = i + 2 < 256 ? alphabet[v & 63] : '=';
    }
    text[o] = '\0';
    EXPECT_INT(256, decode(text, out, sizeof out));
    for (int i = 0; i < 256; i++)
        EXPECT_INT(in[i], out[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ex03_2_one_group_of_four),
        cmocka_unit_test(ex03_2_padding),
        cmocka_unit_test(ex03_2_invalid_text),
        cmocka_unit_test(ex03_2_every_byte_value),
    };
    return cmocka_run_group_tests_name("ex03.2 gltf_base64_decode", tests, NULL, NULL);
}
