/* float4.h: four floats in one register, the one SIMD type chapter 12 uses.
 *
 * Chapter 12 lays a pose out as a structure of arrays: the x of four joints
 * in one float4, their y in the next, and so on, so that one instruction
 * does the same arithmetic for four joints. This header is that register:
 *
 *   - on x86-64 it is SSE2's __m128 (every x86-64 processor has SSE2, so
 *     the build needs no -march flag), most functions one instruction
 *     (float4_select is three, float4_from_half eight, float4_transpose
 *     eight shuffles);
 *   - on the web, WebAssembly's SIMD128 v128_t, the same;
 *   - everywhere else (other processors) it is a plain struct of four
 *     floats, the same functions as four-iteration loops, which the
 *     compiler may or may not vectorize. SA_FLOAT4_PLAIN defined picks it
 *     on any processor: the tests build chapter 12's stage a second time
 *     so (test_soa_plain), as ARM machines, Apple's included, build it.
 *
 * The three give the same results to the bit for add, sub, mul, div, sqrt,
 * min, max, the comparisons, selects and the conversions (IEEE single
 * precision, round to nearest, no fused multiply-add in either), so a test
 * passes or fails alike on both. The choice is made here, once: no chapter
 * has an #ifdef (common/platform.h says why).
 *
 * float4_load and float4_store take any address (on today's processors an
 * unaligned load of aligned data costs nothing extra), so that a cglm mat4
 * from malloc is four float4 columns whatever its alignment.
 * A comparison gives a mask: every bit of a lane set where it holds, none
 * where it does not, for float4_select, float4_and and float4_xor.
 */
#ifndef SA_FLOAT4_H
#define SA_FLOAT4_H

#include <stdint.h>
#include <string.h>

#if defined(__SSE2__) && !defined(SA_FLOAT4_PLAIN)
#include <emmintrin.h>

#define FLOAT4_BACKEND "SSE2"
typedef __m128 float4;

static inline float4 float4_load(const float *p)
{
    return _mm_loadu_ps(p);
}
static inline void float4_store(float *p, float4 a)
{
    _mm_storeu_ps(p, a);
}
static inline float4 float4_splat(float x)
{
    return _mm_set1_ps(x);
}
/* Lanes 0, 1, 2, 3 = x, y, z, w. */
static inline float4 float4_set(float x, float y, float z, float w)
{
    return _mm_setr_ps(x, y, z, w);
}
static inline float4 float4_add(float4 a, float4 b)
{
    return _mm_add_ps(a, b);
}
static inline float4 float4_sub(float4 a, float4 b)
{
    return _mm_sub_ps(a, b);
}
static inline float4 float4_mul(float4 a, float4 b)
{
    return _mm_mul_ps(a, b);
}
static inline float4 float4_div(float4 a, float4 b)
{
    return _mm_div_ps(a, b);
}
static inline float4 float4_sqrt(float4 a)
{
    return _mm_sqrt_ps(a);
}
static inline float4 float4_min(float4 a, float4 b)
{
    return _mm_min_ps(a, b);
}
static inline float4 float4_max(float4 a, float4 b)
{
    return _mm_max_ps(a, b);
}
static inline float4 float4_less(float4 a, float4 b)
{
    return _mm_cmplt_ps(a, b);
}
static inline float4 float4_equal(float4 a, float4 b)
{
    return _mm_cmpeq_ps(a, b);
}
static inline float4 float4_and(float4 a, float4 b)
{
    return _mm_and_ps(a, b);
}
static inline float4 float4_or(float4 a, float4 b)
{
    return _mm_or_ps(a, b);
}
static inline float4 float4_xor(float4 a, float4 b)
{
    return _mm_xor_ps(a, b);
}
/* mask ? a : b, lane by lane. */
static inline float4 float4_select(float4 mask, float4 a, float4 b)
{
    return _mm_or_ps(_mm_and_ps(mask, a), _mm_andnot_ps(mask, b));
}
/* One lane of a copied to all four (for a matrix times a vector). */
static inline float4 float4_lane0(float4 a)
{
    return _mm_shuffle_ps(a, a, _MM_SHUFFLE(0, 0, 0, 0));
}
static inline float4 float4_lane1(float4 a)
{
    return _mm_shuffle_ps(a, a, _MM_SHUFFLE(1, 1, 1, 1));
}
static inline float4 float4_lane2(float4 a)
{
    return _mm_shuffle_ps(a, a, _MM_SHUFFLE(2, 2, 2, 2));
}
static inline float4 float4_lane3(float4 a)
{
    return _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 3, 3, 3));
}
/* Rows become columns: r[i] lane j <-> r[j] lane i. */
static inline void float4_transpose(float4 r[4])
{
    _MM_TRANSPOSE4_PS(r[0], r[1], r[2], r[3]);
}
/* Four signed 16-bit integers (any alignment) as floats. */
static inline float4 float4_from_int16(const int16_t p[4])
{
    __m128i v = _mm_loadl_epi64((const __m128i *)(const void *)p);
    return _mm_cvtepi32_ps(_mm_srai_epi32(_mm_unpacklo_epi16(v, v), 16));
}
/* Four IEEE half floats (any alignment) as floats: the exponent and
 * mantissa moved into a float's place, then scaled by 2^112 (the two
 * exponent biases differ by 112), which also makes halves' subnormals
 * right; the sign put back. Not for infinities and NaNs (chapter 12 never
 * stores one). */
static inline float4 float4_from_half(const uint16_t p[4])
{
    __m128i v = _mm_unpacklo_epi16(_mm_loadl_epi64((const __m128i *)(const void *)p), _mm_setzero_si128());
    __m128i magnitude = _mm_slli_epi32(_mm_and_si128(v, _mm_set1_epi32(0x7fff)), 13);
    __m128i sign = _mm_slli_epi32(_mm_and_si128(v, _mm_set1_epi32(0x8000)), 16);
    __m128 scaled = _mm_mul_ps(_mm_castsi128_ps(magnitude), _mm_castsi128_ps(_mm_set1_epi32(0x77800000))); /* 2^112 */
    return _mm_or_ps(scaled, _mm_castsi128_ps(sign));
}

#elif defined(__wasm_simd128__) && !defined(SA_FLOAT4_PLAIN)
#include <wasm_simd128.h>

/* WebAssembly's 128-bit SIMD (the web build compiles the float4 users with
 * -msimd128: common/CMakeLists.txt's sa_float4), most functions one
 * instruction as with SSE2 (float4_select is one here, bitselect). */
#define FLOAT4_BACKEND "WebAssembly SIMD128"
typedef v128_t float4;

static inline float4 float4_load(const float *p)
{
    return wasm_v128_load(p);
}
static inline void float4_store(float *p, float4 a)
{
    wasm_v128_store(p, a);
}
static inline float4 float4_splat(float x)
{
    return wasm_f32x4_splat(x);
}
static inline float4 float4_set(float x, float y, float z, float w)
{
    return wasm_f32x4_make(x, y, z, w);
}
static inline float4 float4_add(float4 a, float4 b)
{
    return wasm_f32x4_add(a, b);
}
static inline float4 float4_sub(float4 a, float4 b)
{
    return wasm_f32x4_sub(a, b);
}
static inline float4 float4_mul(float4 a, float4 b)
{
    return wasm_f32x4_mul(a, b);
}
static inline float4 float4_div(float4 a, float4 b)
{
    return wasm_f32x4_div(a, b);
}
static inline float4 float4_sqrt(float4 a)
{
    return wasm_f32x4_sqrt(a);
}
/* pmin(b, a) is b < a ? b : a... as minps(a, b): a < b ? a : b. */
static inline float4 float4_min(float4 a, float4 b)
{
    return wasm_f32x4_pmin(b, a);
}
static inline float4 float4_max(float4 a, float4 b)
{
    return wasm_f32x4_pmax(b, a);
}
static inline float4 float4_less(float4 a, float4 b)
{
    return wasm_f32x4_lt(a, b);
}
static inline float4 float4_equal(float4 a, float4 b)
{
    return wasm_f32x4_eq(a, b);
}
static inline float4 float4_and(float4 a, float4 b)
{
    return wasm_v128_and(a, b);
}
static inline float4 float4_or(float4 a, float4 b)
{
    return wasm_v128_or(a, b);
}
static inline float4 float4_xor(float4 a, float4 b)
{
    return wasm_v128_xor(a, b);
}
static inline float4 float4_select(float4 mask, float4 a, float4 b)
{
    return wasm_v128_bitselect(a, b, mask);
}
static inline float4 float4_lane0(float4 a)
{
    return wasm_i32x4_shuffle(a, a, 0, 0, 0, 0);
}
static inline float4 float4_lane1(float4 a)
{
    return wasm_i32x4_shuffle(a, a, 1, 1, 1, 1);
}
static inline float4 float4_lane2(float4 a)
{
    return wasm_i32x4_shuffle(a, a, 2, 2, 2, 2);
}
static inline float4 float4_lane3(float4 a)
{
    return wasm_i32x4_shuffle(a, a, 3, 3, 3, 3);
}
static inline void float4_transpose(float4 r[4])
{
    float4 t0 = wasm_i32x4_shuffle(r[0], r[1], 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(r[2], r[3], 0, 4, 1, 5);
    float4 t2 = wasm_i32x4_shuffle(r[0], r[1], 2, 6, 3, 7), t3 = wasm_i32x4_shuffle(r[2], r[3], 2, 6, 3, 7);
    r[0] = wasm_i64x2_shuffle(t0, t1, 0, 2), r[1] = wasm_i64x2_shuffle(t0, t1, 1, 3);
    r[2] = wasm_i64x2_shuffle(t2, t3, 0, 2), r[3] = wasm_i64x2_shuffle(t2, t3, 1, 3);
}
static inline float4 float4_from_int16(const int16_t p[4])
{
    return wasm_f32x4_convert_i32x4(wasm_i32x4_load16x4(p));
}
static inline float4 float4_from_half(const uint16_t p[4])
{
    v128_t v = wasm_u32x4_load16x4(p);
    v128_t magnitude = wasm_i32x4_shl(wasm_v128_and(v, wasm_i32x4_splat(0x7fff)), 13);
    v128_t sign = wasm_i32x4_shl(wasm_v128_and(v, wasm_i32x4_splat(0x8000)), 16);
    return wasm_v128_or(wasm_f32x4_mul(magnitude, wasm_f32x4_splat(0x1p112f)), sign);
}

#else /* the plain C path: the same functions, lane by lane */

#include <math.h>

#define FLOAT4_BACKEND "plain C"
typedef struct float4 {
    float v[4];
} float4;

#define FLOAT4_LANES(expr)                                                                                             \
    float4 r;                                                                                                          \
    for (int i = 0; i < 4; i++)                                                                                        \
        r.v[i] = (expr);                                                                                               \
    return r

static inline uint32_t float4_bits_(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}
static inline float float4_float_(uint32_t u)
{
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}
static inline float4 float4_load(const float *p)
{
    FLOAT4_LANES(p[i]);
}
static inline void float4_store(float *p, float4 a)
{
    for (int i = 0; i < 4; i++)
        p[i] = a.v[i];
}
static inline float4 float4_splat(float x)
{
    FLOAT4_LANES(x);
}
static inline float4 float4_set(float x, float y, float z, float w)
{
    return (float4){{x, y, z, w}};
}
static inline float4 float4_add(float4 a, float4 b)
{
    FLOAT4_LANES(a.v[i] + b.v[i]);
}
static inline float4 float4_sub(float4 a, float4 b)
{
    FLOAT4_LANES(a.v[i] - b.v[i]);
}
static inline float4 float4_mul(float4 a, float4 b)
{
    FLOAT4_LANES(a.v[i] * b.v[i]);
}
static inline float4 float4_div(float4 a, float4 b)
{
    FLOAT4_LANES(a.v[i] / b.v[i]);
}
static inline float4 float4_sqrt(float4 a)
{
    FLOAT4_LANES(sqrtf(a.v[i]));
}
/* As SSE's minps and maxps: the second operand when either is NaN. */
static inline float4 float4_min(float4 a, float4 b)
{
    FLOAT4_LANES(a.v[i] < b.v[i] ? a.v[i] : b.v[i]);
}
static inline float4 float4_max(float4 a, float4 b)
{
    FLOAT4_LANES(a.v[i] > b.v[i] ? a.v[i] : b.v[i]);
}
static inline float4 float4_less(float4 a, float4 b)
{
    FLOAT4_LANES(float4_float_(a.v[i] < b.v[i] ? ~0u : 0u));
}
static inline float4 float4_equal(float4 a, float4 b)
{
    FLOAT4_LANES(float4_float_(a.v[i] == b.v[i] ? ~0u : 0u));
}
static inline float4 float4_and(float4 a, float4 b)
{
    FLOAT4_LANES(float4_float_(float4_bits_(a.v[i]) & float4_bits_(b.v[i])));
}
static inline float4 float4_or(float4 a, float4 b)
{
    FLOAT4_LANES(float4_float_(float4_bits_(a.v[i]) | float4_bits_(b.v[i])));
}
static inline float4 float4_xor(float4 a, float4 b)
{
    FLOAT4_LANES(float4_float_(float4_bits_(a.v[i]) ^ float4_bits_(b.v[i])));
}
static inline float4 float4_select(float4 mask, float4 a, float4 b)
{
    FLOAT4_LANES(float4_bits_(mask.v[i]) ? a.v[i] : b.v[i]);
}
static inline float4 float4_lane0(float4 a)
{
    FLOAT4_LANES(a.v[0]);
}
static inline float4 float4_lane1(float4 a)
{
    FLOAT4_LANES(a.v[1]);
}
static inline float4 float4_lane2(float4 a)
{
    FLOAT4_LANES(a.v[2]);
}
static inline float4 float4_lane3(float4 a)
{
    FLOAT4_LANES(a.v[3]);
}
static inline void float4_transpose(float4 r[4])
{
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            float t = r[i].v[j];
            r[i].v[j] = r[j].v[i];
            r[j].v[i] = t;
        }
}
static inline float4 float4_from_int16(const int16_t p[4])
{
    FLOAT4_LANES((float)p[i]);
}
static inline float4 float4_from_half(const uint16_t p[4])
{
    FLOAT4_LANES(float4_float_(float4_bits_(float4_float_((uint32_t)(p[i] & 0x7fffu) << 13) * 0x1p112f) |
                               (uint32_t)(p[i] & 0x8000u) << 16));
}
#undef FLOAT4_LANES

#endif

/* --- the same on both paths, written with the functions above ------------ */

/* a * b + c (a multiply and an add: rounded twice on both paths). */
static inline float4 float4_mul_add(float4 a, float4 b, float4 c)
{
    return float4_add(float4_mul(a, b), c);
}
/* The sign bit of each lane (-0.0f's bits), for flipping signs with xor. */
static inline float4 float4_sign_bits(float4 a)
{
    return float4_and(a, float4_splat(-0.0f));
}
/* One lane, for printing and tests (not for loops that want speed). */
static inline float float4_get(float4 a, int lane)
{
    float out[4];
    memcpy(out, &a, sizeof out);
    return out[lane & 3];
}

#endif
