/* bench_skinning_fast.c: the fast skinning path of bench_skinning, and the
 * memory-bandwidth ceiling it is measured against. Built with -O3
 * -march=native when the compiler takes it (see CMakeLists.txt).
 *
 * The same maths as skin_vertex() (the book's loop), arranged for the
 * machine:
 *   - the skin matrices are first cut to their three useful rows' worth:
 *     four columns of (x, y, z, 0), 16 floats on a 64-byte line per joint, so
 *     that two 8-float registers hold a whole matrix;
 *   - the four matrices are blended once per vertex with fused multiply-adds
 *     (8 of them), then position and normal are read off the blend, for two
 *     vertices at once (one in each 128-bit half of the 8-float registers),
 *     whose positions and normals are loaded together and spread by permutes;
 *   - 1 / length by the reciprocal square root estimate and a Newton step;
 *   - everything is in one function the compiler sees whole (no call per
 *     vertex), with AVX2 and FMA intrinsics where the machine has them and
 *     the same steps in plain C where it does not.
 */
#include "bench_skinning.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#define FAST_HAVE_AVX2 1
#else
#define FAST_HAVE_AVX2 0
#endif

void fast_prepare(int joint_count, mat4 *skin_matrix, fast_matrix *out)
{
    for (int j = 0; j < joint_count; j++)
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 3; r++)
                out[j].m[4 * c + r] = skin_matrix[j][c][r];
            out[j].m[4 * c + 3] = 0.0f;
        }
}

#if FAST_HAVE_AVX2
/* Two vertices at a time after the blend: vertex A in the low 128 bits of
 * each register, vertex B in the high 128 bits. */

/* a x b for the x, y, z lanes of both halves (w comes out 0 when both w are 0). */
static inline __m256 cross3(__m256 a, __m256 b)
{
    __m256 a_yzx = _mm256_permute_ps(a, _MM_SHUFFLE(3, 0, 2, 1));
    __m256 b_yzx = _mm256_permute_ps(b, _MM_SHUFFLE(3, 0, 2, 1));
    __m256 c = _mm256_fmsub_ps(a, b_yzx, _mm256_mul_ps(a_yzx, b));
    return _mm256_permute_ps(c, _MM_SHUFFLE(3, 0, 2, 1));
}

/* a . b (x, y, z) in every lane of each half; the w lanes are 0 here. */
static inline __m256 dot3_splat(__m256 a, __m256 b)
{
    __m256 p = _mm256_mul_ps(a, b);
    p = _mm256_add_ps(p, _mm256_permute_ps(p, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm256_add_ps(p, _mm256_permute_ps(p, _MM_SHUFFLE(1, 0, 3, 2)));
}

/* (c0 | c1) and (c2 | c3) of one vertex's blended matrix. */
static inline void blend(const fast_matrix *m, const uint8_t j[4], const float w[4], __m256 *lo, __m256 *hi)
{
    __m256 w0 = _mm256_broadcast_ss(&w[0]), w1 = _mm256_broadcast_ss(&w[1]);
    __m256 w2 = _mm256_broadcast_ss(&w[2]), w3 = _mm256_broadcast_ss(&w[3]);
    __m256 l = _mm256_mul_ps(w0, _mm256_load_ps(m[j[0]].m));
    __m256 h = _mm256_mul_ps(w0, _mm256_load_ps(m[j[0]].m + 8));
    l = _mm256_fmadd_ps(w1, _mm256_load_ps(m[j[1]].m), l);
    h = _mm256_fmadd_ps(w1, _mm256_load_ps(m[j[1]].m + 8), h);
    l = _mm256_fmadd_ps(w2, _mm256_load_ps(m[j[2]].m), l);
    h = _mm256_fmadd_ps(w2, _mm256_load_ps(m[j[2]].m + 8), h);
    *lo = _mm256_fmadd_ps(w3, _mm256_load_ps(m[j[3]].m), l);
    *hi = _mm256_fmadd_ps(w3, _mm256_load_ps(m[j[3]].m + 8), h);
}

/* x, y and z of two vectors (a's in every lane of the low half, b's in the
 * high half). Where b follows a in memory and two more floats may be read,
 * one load and three permutes do it; else six broadcasts. */
static inline void pair_xyz(const float *a, const float *b, bool adjacent, __m256 xyz[3])
{
    if (adjacent) {
        __m256 v = _mm256_loadu_ps(a); /* ax ay az bx by bz and two floats after */
        xyz[0] = _mm256_permutevar8x32_ps(v, _mm256_setr_epi32(0, 0, 0, 0, 3, 3, 3, 3));
        xyz[1] = _mm256_permutevar8x32_ps(v, _mm256_setr_epi32(1, 1, 1, 1, 4, 4, 4, 4));
        xyz[2] = _mm256_permutevar8x32_ps(v, _mm256_setr_epi32(2, 2, 2, 2, 5, 5, 5, 5));
        return;
    }
    for (int k = 0; k < 3; k++)
        xyz[k] = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_set1_ps(a[k])), _mm_set1_ps(b[k]), 1);
}
#endif

void fast_skin(const fast_matrix *restrict m, size_t n, const float (*restrict positions)[3],
               const float (*restrict normals)[3], const uint8_t (*restrict joints)[4],
               const float (*restrict weights)[4], float (*restrict out_positions)[3], float (*restrict out_normals)[3])
{
#if FAST_HAVE_AVX2
    for (size_t v = 0; v < n; v += 2) {
        size_t a = v, b = v + 1 < n ? v + 1 : v; /* an odd count: the last vertex pairs with itself */
        __m256 lo_a, hi_a, lo_b, hi_b;
        blend(m, joints[a], weights[a], &lo_a, &hi_a);
        blend(m, joints[b], weights[b], &lo_b, &hi_b);
        /* Column k of both vertices: (a's | b's). */
        __m256 c0 = _mm256_permute2f128_ps(lo_a, lo_b, 0x20), c1 = _mm256_permute2f128_ps(lo_a, lo_b, 0x31);
        __m256 c2 = _mm256_permute2f128_ps(hi_a, hi_b, 0x20), c3 = _mm256_permute2f128_ps(hi_a, hi_b, 0x31);

        /* position = c0 x + c1 y + c2 z + c3 */
        bool adjacent = v + 3 <= n; /* vertices a, b and one more: 8 floats may be read */
        __m256 p[3], q[3];
        pair_xyz(positions[a], positions[b], adjacent, p);
        pair_xyz(normals[a], normals[b], adjacent, q);
        __m256 pos = _mm256_fmadd_ps(c0, p[0], c3);
        pos = _mm256_fmadd_ps(c1, p[1], pos);
        pos = _mm256_fmadd_ps(c2, p[2], pos);

        /* normal: the columns of the inverse transpose times det, then the
         * sign of det and a unit length (1 / sqrt: the estimate and one
         * Newton step, about 23 bits). */
        __m256 k0 = cross3(c1, c2), k1 = cross3(c2, c0), k2 = cross3(c0, c1);
        __m256 nrm = _mm256_mul_ps(k0, q[0]);
        nrm = _mm256_fmadd_ps(k1, q[1], nrm);
        nrm = _mm256_fmadd_ps(k2, q[2], nrm);
        __m256 det = dot3_splat(c0, k0);
        __m256 length2 = dot3_splat(nrm, nrm);
        __m256 r = _mm256_rsqrt_ps(length2);
        __m256 scale = _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.5f), r),
                                     _mm256_fnmadd_ps(_mm256_mul_ps(length2, r), r, _mm256_set1_ps(3.0f)));
        scale = _mm256_xor_ps(scale, _mm256_and_ps(det, _mm256_set1_ps(-0.0f))); /* the sign of det */
        nrm = _mm256_mul_ps(nrm, scale);

        /* Vertex b stores exactly 12 bytes; vertex a 16 (b's store covers
         * the extra float), except when it is b. */
        if (a != b) {
            _mm_storeu_ps(out_positions[a], _mm256_castps256_ps128(pos));
            _mm_storeu_ps(out_normals[a], _mm256_castps256_ps128(nrm));
        }
        __m128 pos_b = _mm256_extractf128_ps(pos, 1), nrm_b = _mm256_extractf128_ps(nrm, 1);
        _mm_storel_pi((__m64 *)(void *)out_positions[b], pos_b);
        _mm_store_ss(&out_positions[b][2], _mm_movehl_ps(pos_b, pos_b));
        _mm_storel_pi((__m64 *)(void *)out_normals[b], nrm_b);
        _mm_store_ss(&out_normals[b][2], _mm_movehl_ps(nrm_b, nrm_b));
    }
#else
    for (size_t v = 0; v < n; v++) {
        float b[16];
        const float *m0 = m[joints[v][0]].m, *m1 = m[joints[v][1]].m;
        const float *m2 = m[joints[v][2]].m, *m3 = m[joints[v][3]].m;
        const float w0 = weights[v][0], w1 = weights[v][1], w2 = weights[v][2], w3 = weights[v][3];
        for (int e = 0; e < 16; e++)
            b[e] = w0 * m0[e] + w1 * m1[e] + w2 * m2[e] + w3 * m3[e];
        const float *p = positions[v], *nr = normals[v];
        for (int r = 0; r < 3; r++)
            out_positions[v][r] = b[r] * p[0] + b[4 + r] * p[1] + b[8 + r] * p[2] + b[12 + r];
        const float *a0 = b, *a1 = b + 4, *a2 = b + 8;
        float k0[3] = {a1[1] * a2[2] - a1[2] * a2[1], a1[2] * a2[0] - a1[0] * a2[2], a1[0] * a2[1] - a1[1] * a2[0]};
        float k1[3] = {a2[1] * a0[2] - a2[2] * a0[1], a2[2] * a0[0] - a2[0] * a0[2], a2[0] * a0[1] - a2[1] * a0[0]};
        float k2[3] = {a0[1] * a1[2] - a0[2] * a1[1], a0[2] * a1[0] - a0[0] * a1[2], a0[0] * a1[1] - a0[1] * a1[0]};
        float det = a0[0] * k0[0] + a0[1] * k0[1] + a0[2] * k0[2];
        float q[3];
        for (int r = 0; r < 3; r++)
            q[r] = k0[r] * nr[0] + k1[r] * nr[1] + k2[r] * nr[2];
        float s = 1.0f / sqrtf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
        s = det < 0.0f ? -s : s;
        for (int r = 0; r < 3; r++)
            out_normals[v][r] = q[r] * s;
    }
#endif
}

/* The ceiling: the same 68 bytes per vertex moved with no maths at all:
 * positions and normals copied to the outputs (24 bytes written), joints and
 * weights read (20 bytes) and folded into a checksum so that the reads stay. */
uint32_t fast_stream_copy(size_t n, const float (*restrict positions)[3], const float (*restrict normals)[3],
                          const uint8_t (*restrict joints)[4], const float (*restrict weights)[4],
                          float (*restrict out_positions)[3], float (*restrict out_normals)[3])
{
    memcpy(out_positions, positions, n * sizeof *positions);
    memcpy(out_normals, normals, n * sizeof *normals);
    uint32_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t words[5]; /* the bytes as words: memcpy is how C reads one type as another */
        memcpy(&words[0], joints[i], 4);
        memcpy(&words[1], weights[i], 16);
        sum ^= words[0] ^ words[1] ^ words[2] ^ words[3] ^ words[4];
    }
    return sum;
}
