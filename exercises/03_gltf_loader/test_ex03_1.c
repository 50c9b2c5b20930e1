/* Grading tests for exercise ex03.1: gltf_element_read_float() reads element
 * i of an accessor as floats. The bytes are written here; each expected value
 * is worked out by hand in the comment beside it. */
#include "chapters/03_gltf_loader/gltf.h"
#include "tests/test_util.h"

/* out has room for 17 floats; the 17th must stay untouched. */
#define SENTINEL 12345.0f

/* Element `index` through gltf_element_read_float(). (Not named read: the
 * Windows C library declares a read() of its own, as POSIX does.) */
static void read_element(const unsigned char *bytes, size_t stride, gltf_component_type ct, gltf_type type,
                         bool normalized, size_t index, float out[17])
{
    gltf_element_layout layout = {bytes, stride, ct, type, normalized};
    for (int i = 0; i < 17; i++)
        out[i] = SENTINEL;
    gltf_element_read_float(&layout, index, out);
    int n = gltf_type_components(type);
    if (out[n] != SENTINEL)
        fail_msg("ex03.1: out[%d] was written, past the %d components of one element", n, n);
}

/* Compares out[0..n-1] with expected[], naming the first component that
 * differs and the case (`what`). */
static void expect_components(const char *what, const float *expected, const float *out, int n, double tolerance)
{
    for (int i = 0; i < n; i++)
        if (!(fabs((double)expected[i] - (double)out[i]) <= tolerance))
            fail_msg("ex03.1: %s: out[%d]: expected %.7g, got %.7g", what, i, (double)expected[i], (double)out[i]);
}

static void ex03_1_packed_floats(void **state)
{
    (void)state;
    float data[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    float out[17];
    /* VEC3, tightly packed (stride 12): element 1 is (4, 5, 6). */
    read_element((const unsigned char *)data, 12, GLTF_FLOAT, GLTF_VEC3, false, 1, out);
    expect_components("VEC3 float, stride 12, element 1", (const float[]){4, 5, 6}, out, 3, 0);
}

static void ex03_1_stride_and_misaligned_start(void **state)
{
    (void)state;
    /* Elements 20 bytes apart, starting at byte 1 of the array (misaligned):
     * element i is the VEC3 (10 i, 10 i + 1, 10 i + 2); bytes 12..19 of each are junk. */
    unsigned char bytes[1 + 3 * 20];
    memset(bytes, 0xAB, sizeof bytes);
    for (int i = 0; i < 3; i++) {
        float v[3] = {10.0f * i, 10.0f * i + 1, 10.0f * i + 2};
        memcpy(bytes + 1 + i * 20, v, 12);
    }
    float out[17];
    read_element(bytes + 1, 20, GLTF_FLOAT, GLTF_VEC3, false, 2, out);
    expect_components("VEC3 float, stride 20, misaligned, element 2", (const float[]){20, 21, 22}, out, 3, 0);
}

static void ex03_1_unsigned_normalized(void **state)
{
    (void)state;
    float out[17];
    /* u8: c / 255. 0 -> 0, 51 -> 0.2, 255 -> 1. */
    const unsigned char u8[4] = {0, 51, 255, 0};
    read_element(u8, 4, GLTF_UNSIGNED_BYTE, GLTF_VEC3, true, 0, out);
    expect_components("normalized u8 (0, 51, 255)", (const float[]){0.0f, 0.2f, 1.0f}, out, 3, 1e-7);
    /* u16: c / 65535. Element 1 of a VEC2 with stride 4: (13107, 65535) -> (0.2, 1). */
    const uint16_t u16[4] = {7, 7, 13107, 65535};
    read_element((const unsigned char *)u16, 4, GLTF_UNSIGNED_SHORT, GLTF_VEC2, true, 1, out);
    expect_components("normalized u16 (13107, 65535)", (const float[]){0.2f, 1.0f}, out, 2, 1e-7);
}

static void ex03_1_signed_normalized_clamps_at_minus_one(void **state)
{
    (void)state;
    float out[17];
    /* i8: max(c / 127, -1). -128 -> -1 (not -1.0079), -127 -> -1, 64 -> 0.503937, 127 -> 1. */
    const signed char i8[4] = {-128, -127, 64, 127};
    read_element((const unsigned char *)i8, 4, GLTF_BYTE, GLTF_VEC4, true, 0, out);
    expect_components("normalized i8 (-128, -127, 64, 127)", (const float[]){-1.0f, -1.0f, 64.0f / 127.0f, 1.0f}, out,
                      4, 1e-7);
    /* i16: max(c / 32767, -1). -32768 -> -1, -16384 -> -0.500015. */
    const int16_t i16[2] = {-32768, -16384};
    read_element((const unsigned char *)i16, 4, GLTF_SHORT, GLTF_VEC2, true, 0, out);
    expect_components("normalized i16 (-32768, -16384)", (const float[]){-1.0f, -16384.0f / 32767.0f}, out, 2, 1e-7);
}

static void ex03_1_integers_that_are_not_normalized(void **state)
{
    (void)state;
    float out[17];
    /* Not normalized: the value itself. */
    const uint16_t u16[1] = {1000};
    read_element((const unsigned char *)u16, 2, GLTF_UNSIGNED_SHORT, GLTF_SCALAR, false, 0, out);
    expect_components("u16 1000, not normalized", (const float[]){1000}, out, 1, 0);
    const signed char i8[2] = {-5, 9};
    read_element((const unsigned char *)i8, 1, GLTF_BYTE, GLTF_SCALAR, false, 1, out);
    expect_components("i8 (-5, 9), stride 1, element 1", (const float[]){9}, out, 1, 0);
    read_element((const unsigned char *)i8, 1, GLTF_BYTE, GLTF_SCALAR, false, 0, out);
    expect_components("i8 (-5, 9), stride 1, element 0", (const float[]){-5}, out, 1, 0);
    const uint32_t u32[2] = {70000, 123456};
    read_element((const unsigned char *)u32, 4, GLTF_UNSIGNED_INT, GLTF_SCALAR, false, 1, out);
    expect_components("u32 (70000, 123456), element 1", (const float[]){123456}, out, 1, 0);
}

static void ex03_1_matrix_columns_start_on_4_bytes(void **state)
{
    (void)state;
    float out[17];
    /* MAT2 of u8: each column is 2 bytes + 2 padding: 1 2 _ _ 3 4 _ _. */
    const unsigned char m2[8] = {1, 2, 0xEE, 0xEE, 3, 4, 0xEE, 0xEE};
    read_element(m2, 8, GLTF_UNSIGNED_BYTE, GLTF_MAT2, false, 0, out);
    expect_components("MAT2 of u8, columns padded to 4 bytes", (const float[]){1, 2, 3, 4}, out, 4, 0);
    /* MAT3 of i16: each column 6 bytes + 2 padding; values -1 .. -9, column by column. */
    int16_t m3[12];
    for (int c = 0; c < 3; c++) {
        for (int r = 0; r < 3; r++)
            m3[c * 4 + r] = (int16_t)(-(c * 3 + r + 1));
        m3[c * 4 + 3] = 0x7777; /* padding */
    }
    read_element((const unsigned char *)m3, 24, GLTF_SHORT, GLTF_MAT3, false, 0, out);
    expect_components("MAT3 of i16, columns of 6 bytes padded to 8",
                      (const float[]){-1, -2, -3, -4, -5, -6, -7, -8, -9}, out, 9, 0);
    /* MAT4 of floats: no padding, 16 values in a row. Element 1 of two. */
    float m4[32];
    for (int i = 0; i < 32; i++)
        m4[i] = (float)i;
    read_element((const unsigned char *)m4, 64, GLTF_FLOAT, GLTF_MAT4, false, 1, out);
    float expected[16];
    for (int i = 0; i < 16; i++)
        expected[i] = (float)(16 + i);
    expect_components("MAT4 float, element 1", expected, out, 16, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex03.1", ex03_1_packed_floats),
        SA_EXERCISE_CASE("ex03.1", ex03_1_stride_and_misaligned_start),
        SA_EXERCISE_CASE("ex03.1", ex03_1_unsigned_normalized),
        SA_EXERCISE_CASE("ex03.1", ex03_1_signed_normalized_clamps_at_minus_one),
        SA_EXERCISE_CASE("ex03.1", ex03_1_integers_that_are_not_normalized),
        SA_EXERCISE_CASE("ex03.1", ex03_1_matrix_columns_start_on_4_bytes),
    };
    return cmocka_run_group_tests_name("ex03.1 gltf_element_read_float", tests, NULL, NULL);
}
