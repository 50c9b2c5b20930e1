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
 *     (8 of them), then position and normal are read off the blend;
 *   - everything is in one function the compiler sees whole (no call per
 *     vertex), with AVX2 and FMA intrinsics where the machine has them and
 *     the same steps in plain C where it does not.
 */
#include "bench_skinning.h"

#include <math.h>
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
/* a x b for the x, y, z lanes (w comes out 0 when both w are 0). */
static inline __m128 cross3(__m128 a, __m128 b)
{
    __m128 a_yzx = _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 0, 2, 1));
    __m128 b_yzx = _mm_shuffle_ps(b, b, _MM_SHUFFLE(3, 0, 2, 1));
    __m128 c = _mm_fmsub_ps(a, b_yzx, _mm_mul_ps(a_yzx, b));
    return _mm_shuffle_ps(c, c, _MM_SHUFFLE(3, 0, 2, 1));
}

/* a . b (x, y, z) in every lane; the w lanes are 0 here. */
static inline __m128 dot3_splat(__m128 a, __m128 b)
{
    __m128 p = _mm_mul_ps(a, b);
    p = _mm_add_ps(p, _mm_shuffle_ps(p, p, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_add_ps(p, _mm_shuffle_ps(p, p, _MM_SHUFFLE(1, 0, 3, 2)));
}
#endif

void fast_skin(const fast_matrix *restrict m, size_t n, const float (*restrict positions)[3],
               const float (*restrict normals)[3], const uint8_t (*restrict joints)[4],
               const float (*restrict weights)[4], float (*restrict out_positions)[3], float (*restrict out_normals)[3])
{
#if FAST_HAVE_AVX2
    /* All but the last vertex store 16 bytes for 12 (the next store covers
     * the extra float); the last one is stored exactly below. */
    size_t wide = n ? n - 1 : 0;
    for (size_t v = 0; v < n; v++) {
        const uint8_t *j = joints[v];
        __m256 w0 = _mm256_broadcast_ss(&weights[v][0]), w1 = _mm256_broadcast_ss(&weights[v][1]);
        __m256 w2 = _mm256_broadcast_ss(&weights[v][2]), w3 = _mm256_broadcast_ss(&weights[v][3]);
        /* (c0 | c1) and (c2 | c3) of the blend. */
        __m256 lo = _mm256_mul_ps(w0, _mm256_load_ps(m[j[0]].m));
        __m256 hi = _mm256_mul_ps(w0, _mm256_load_ps(m[j[0]].m + 8));
        lo = _mm256_fmadd_ps(w1, _mm256_load_ps(m[j[1]].m), lo);
        hi = _mm256_fmadd_ps(w1, _mm256_load_ps(m[j[1]].m + 8), hi);
        lo = _mm256_fmadd_ps(w2, _mm256_load_ps(m[j[2]].m), lo);
        hi = _mm256_fmadd_ps(w2, _mm256_load_ps(m[j[2]].m + 8), hi);
        lo = _mm256_fmadd_ps(w3, _mm256_load_ps(m[j[3]].m), lo);
        hi = _mm256_fmadd_ps(w3, _mm256_load_ps(m[j[3]].m + 8), hi);
        __m128 c0 = _mm256_castps256_ps128(lo), c1 = _mm256_extractf128_ps(lo, 1);
        __m128 c2 = _mm256_castps256_ps128(hi), c3 = _mm256_extractf128_ps(hi, 1);

        /* position = c0 x + c1 y + c2 z + c3 */
        const float *p = positions[v];
        __m128 pos = _mm_fmadd_ps(c0, _mm_set1_ps(p[0]), c3);
        pos = _mm_fmadd_ps(c1, _mm_set1_ps(p[1]), pos);
        pos = _mm_fmadd_ps(c2, _mm_set1_ps(p[2]), pos);

        /* normal: the columns of the inverse transpose times det, then the
         * sign of det and a unit length. */
        const float *nr = normals[v];
        __m128 k0 = cross3(c1, c2), k1 = cross3(c2, c0), k2 = cross3(c0, c1);
        __m128 nrm = _mm_mul_ps(k0, _mm_set1_ps(nr[0]));
        nrm = _mm_fmadd_ps(k1, _mm_set1_ps(nr[1]), nrm);
        nrm = _mm_fmadd_ps(k2, _mm_set1_ps(nr[2]), nrm);
        __m128 det = dot3_splat(c0, k0);
        __m128 length2 = dot3_splat(nrm, nrm);
        /* 1 / sqrt: the estimate (12 bits) and one Newton step (about 23). */
        __m128 r = _mm_rsqrt_ps(length2);
        __m128 scale = _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(0.5f), r),
                                  _mm_fnmadd_ps(_mm_mul_ps(length2, r), r, _mm_set1_ps(3.0f)));
        scale = _mm_xor_ps(scale, _mm_and_ps(det, _mm_set1_ps(-0.0f))); /* the sign of det */
        nrm = _mm_mul_ps(nrm, scale);

        if (v < wide) {
            _mm_storeu_ps(out_positions[v], pos);
            _mm_storeu_ps(out_normals[v], nrm);
        } else {
            float tmp[4];
            _mm_storeu_ps(tmp, pos);
            memcpy(out_positions[v], tmp, 12);
            _mm_storeu_ps(tmp, nrm);
            memcpy(out_normals[v], tmp, 12);
        }
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
