/* bench_skinning_fast.c: the fast skinning path of bench_skinning (and of
 * chapter 09's bench_crowd), and the memory ceiling it is measured against.
 * Built with -O3 -march=native when the compiler takes it (see
 * CMakeLists.txt).
 *
 * The same maths as skin_vertex() (the book's loop), arranged for the
 * machine:
 *   - the skin matrices are first cut to their three useful rows' worth:
 *     four columns of (x, y, z, 0), 16 floats on a 64-byte line per joint, so
 *     that two 8-float registers hold a whole matrix;
 *   - the four matrices are blended once per vertex with fused multiply-adds
 *     (8 of them);
 *   - then eight vertices at once, one in each lane of the 8-float
 *     registers: the eight blended matrices are transposed (40 shuffles), as
 *     are the positions and normals going in and coming out (5 and 9 each),
 *     so that the position and the normal are fused multiply-adds alone,
 *     with no shuffle (the first version, two vertices a register, spent
 *     more shuffles on cross products than this spends on transposes: 190
 *     against 265 M vertices per second with the data in cache);
 *   - 1 / length by the reciprocal square root estimate and a Newton step;
 *   - everything is in one function the compiler sees whole (no call per
 *     vertex), with AVX2 and FMA intrinsics. Where the machine has no AVX2
 *     and FMA, skin_vertex() (the book's loop) stands in for it.
 */
#include "bench_skinning.h"

#include <string.h>

#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#define FAST_HAVE_AVX2 1
#else
#define FAST_HAVE_AVX2 0
#endif

const char *fast_path_name(void)
{
    return FAST_HAVE_AVX2 ? "AVX2 and FMA" : "none (no AVX2 and FMA: skin_vertex() stands in)";
}

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

/* Eight vertices at a time after the blend, one in each lane: every
 * component of every column in a register of its own, so that the maths is
 * fused multiply-adds alone, with no shuffle. */

/* x, y, z of eight consecutive float[3] (24 floats) spread into three
 * registers, one component each. */
static inline void load_xyz8(const float *p, __m256 *x, __m256 *y, __m256 *z)
{
    __m256 m03 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p)), _mm_loadu_ps(p + 12), 1);
    __m256 m14 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p + 4)), _mm_loadu_ps(p + 16), 1);
    __m256 m25 = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p + 8)), _mm_loadu_ps(p + 20), 1);
    __m256 xy = _mm256_shuffle_ps(m14, m25, _MM_SHUFFLE(2, 1, 3, 2));
    __m256 yz = _mm256_shuffle_ps(m03, m14, _MM_SHUFFLE(1, 0, 2, 1));
    *x = _mm256_shuffle_ps(m03, xy, _MM_SHUFFLE(2, 0, 3, 0));
    *y = _mm256_shuffle_ps(yz, xy, _MM_SHUFFLE(3, 1, 2, 0));
    *z = _mm256_shuffle_ps(yz, m25, _MM_SHUFFLE(3, 0, 3, 1));
}

/* The inverse of load_xyz8. */
static inline void store_xyz8(float *p, __m256 x, __m256 y, __m256 z)
{
    __m256 rxy = _mm256_shuffle_ps(x, y, _MM_SHUFFLE(2, 0, 2, 0));
    __m256 ryz = _mm256_shuffle_ps(y, z, _MM_SHUFFLE(3, 1, 3, 1));
    __m256 rzx = _mm256_shuffle_ps(z, x, _MM_SHUFFLE(3, 1, 2, 0));
    __m256 r03 = _mm256_shuffle_ps(rxy, rzx, _MM_SHUFFLE(2, 0, 2, 0));
    __m256 r14 = _mm256_shuffle_ps(ryz, rxy, _MM_SHUFFLE(3, 1, 2, 0));
    __m256 r25 = _mm256_shuffle_ps(rzx, ryz, _MM_SHUFFLE(3, 1, 3, 1));
    _mm256_storeu_ps(p, _mm256_permute2f128_ps(r03, r14, 0x20));
    _mm256_storeu_ps(p + 8, _mm256_permute2f128_ps(r25, r03, 0x30));
    _mm256_storeu_ps(p + 16, _mm256_permute2f128_ps(r14, r25, 0x31));
}

/* Eight registers of (a0 a1 a2 0 | b0 b1 b2 0), one a vertex, turned into
 * six of one component a lane: out[0..2] the a's x, y, z, out[3..5] the b's. */
static inline void transpose8(const __m256 r[8], __m256 out[6])
{
    __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
    __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
    __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
    __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
    __m256 x03 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0)),
           x47 = _mm256_shuffle_ps(t4, t6, _MM_SHUFFLE(1, 0, 1, 0));
    __m256 y03 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2)),
           y47 = _mm256_shuffle_ps(t4, t6, _MM_SHUFFLE(3, 2, 3, 2));
    __m256 z03 = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0)),
           z47 = _mm256_shuffle_ps(t5, t7, _MM_SHUFFLE(1, 0, 1, 0));
    out[0] = _mm256_permute2f128_ps(x03, x47, 0x20);
    out[1] = _mm256_permute2f128_ps(y03, y47, 0x20);
    out[2] = _mm256_permute2f128_ps(z03, z47, 0x20);
    out[3] = _mm256_permute2f128_ps(x03, x47, 0x31);
    out[4] = _mm256_permute2f128_ps(y03, y47, 0x31);
    out[5] = _mm256_permute2f128_ps(z03, z47, 0x31);
}

/* Eight consecutive vertices. */
static inline void skin8(const fast_matrix *m, const float *positions, const float *normals, const uint8_t (*joints)[4],
                         const float (*weights)[4], float *out_positions, float *out_normals)
{
    __m256 lo[8], hi[8], a[6], b[6];
    for (int i = 0; i < 8; i++)
        blend(m, joints[i], weights[i], &lo[i], &hi[i]);
    transpose8(lo, a); /* a[0..2]: column 0's x y z, a[3..5]: column 1's */
    transpose8(hi, b); /* b[0..2]: column 2's, b[3..5]: column 3's, the translation */
    __m256 c0x = a[0], c0y = a[1], c0z = a[2], c1x = a[3], c1y = a[4], c1z = a[5];
    __m256 c2x = b[0], c2y = b[1], c2z = b[2];
    __m256 px, py, pz, nx, ny, nz;
    load_xyz8(positions, &px, &py, &pz);
    load_xyz8(normals, &nx, &ny, &nz);

    /* position = c0 x + c1 y + c2 z + c3 */
    __m256 ox = _mm256_fmadd_ps(c2x, pz, _mm256_fmadd_ps(c1x, py, _mm256_fmadd_ps(c0x, px, b[3])));
    __m256 oy = _mm256_fmadd_ps(c2y, pz, _mm256_fmadd_ps(c1y, py, _mm256_fmadd_ps(c0y, px, b[4])));
    __m256 oz = _mm256_fmadd_ps(c2z, pz, _mm256_fmadd_ps(c1z, py, _mm256_fmadd_ps(c0z, px, b[5])));
    store_xyz8(out_positions, ox, oy, oz);

    /* normal as skin_vertex() has it: k = c0 x c1, det = c2 . k,
     * t = n1 c0 - n0 c1, n = c2 x t + n2 k; then the sign of det and
     * 1 / length (the estimate and one Newton step, about 23 bits). */
    __m256 kx = _mm256_fmsub_ps(c0y, c1z, _mm256_mul_ps(c0z, c1y));
    __m256 ky = _mm256_fmsub_ps(c0z, c1x, _mm256_mul_ps(c0x, c1z));
    __m256 kz = _mm256_fmsub_ps(c0x, c1y, _mm256_mul_ps(c0y, c1x));
    __m256 det = _mm256_fmadd_ps(c2z, kz, _mm256_fmadd_ps(c2y, ky, _mm256_mul_ps(c2x, kx)));
    __m256 tx = _mm256_fmsub_ps(ny, c0x, _mm256_mul_ps(nx, c1x));
    __m256 ty = _mm256_fmsub_ps(ny, c0y, _mm256_mul_ps(nx, c1y));
    __m256 tz = _mm256_fmsub_ps(ny, c0z, _mm256_mul_ps(nx, c1z));
    __m256 qx = _mm256_fmadd_ps(nz, kx, _mm256_fmsub_ps(c2y, tz, _mm256_mul_ps(c2z, ty)));
    __m256 qy = _mm256_fmadd_ps(nz, ky, _mm256_fmsub_ps(c2z, tx, _mm256_mul_ps(c2x, tz)));
    __m256 qz = _mm256_fmadd_ps(nz, kz, _mm256_fmsub_ps(c2x, ty, _mm256_mul_ps(c2y, tx)));
    __m256 length2 = _mm256_fmadd_ps(qz, qz, _mm256_fmadd_ps(qy, qy, _mm256_mul_ps(qx, qx)));
    __m256 r = _mm256_rsqrt_ps(length2);
    __m256 scale = _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.5f), r),
                                 _mm256_fnmadd_ps(_mm256_mul_ps(length2, r), r, _mm256_set1_ps(3.0f)));
    scale = _mm256_xor_ps(scale, _mm256_and_ps(det, _mm256_set1_ps(-0.0f))); /* the sign of det */
    store_xyz8(out_normals, _mm256_mul_ps(qx, scale), _mm256_mul_ps(qy, scale), _mm256_mul_ps(qz, scale));
}

#endif

void fast_skin(const fast_matrix *restrict m, mat4 *skin_matrix, size_t n, const float (*restrict positions)[3],
               const float (*restrict normals)[3], const uint8_t (*restrict joints)[4],
               const float (*restrict weights)[4], float (*restrict out_positions)[3], float (*restrict out_normals)[3])
{
#if FAST_HAVE_AVX2
    (void)skin_matrix;
    size_t v = 0;
    for (; v + 8 <= n; v += 8)
        skin8(m, positions[v], normals[v], joints + v, weights + v, out_positions[v], out_normals[v]);
    if (v < n) { /* the last 1 to 7: through a block of eight, the last vertex repeated */
        float p[8][3], nr[8][3], w[8][4], op[8][3], on[8][3];
        uint8_t j[8][4];
        for (size_t i = 0; i < 8; i++) {
            size_t from = v + i < n ? v + i : n - 1;
            memcpy(p[i], positions[from], sizeof p[i]);
            memcpy(nr[i], normals[from], sizeof nr[i]);
            memcpy(w[i], weights[from], sizeof w[i]);
            memcpy(j[i], joints[from], sizeof j[i]);
        }
        skin8(m, p[0], nr[0], (const uint8_t(*)[4])j, (const float(*)[4])w, op[0], on[0]);
        memcpy(out_positions[v], op, (n - v) * sizeof op[0]);
        memcpy(out_normals[v], on, (n - v) * sizeof on[0]);
    }
#else
    /* No AVX2 and FMA here: no fast path, but the book's skin_vertex() on the
     * skin matrices as they are (about the plain loop's figure). */
    (void)m;
    for (size_t v = 0; v < n; v++) {
        const uint16_t j[4] = {joints[v][0], joints[v][1], joints[v][2], joints[v][3]};
        skin_vertex(skin_matrix, j, weights[v], positions[v], normals[v], out_positions[v], out_normals[v]);
    }
#endif
}

/* The fast path over a job's vertices [begin, end): each range on its own
 * thread, all reading the same prepared matrices. */
typedef struct fast_run {
    const skinning_job *job;
    const fast_matrix *m;
} fast_run;

static void fast_range(const void *context, int range, size_t begin, size_t end)
{
    (void)range;
    const fast_run *r = context;
    const skinning_job *job = r->job;
    fast_skin(r->m, job->skin_matrix, end - begin, job->positions + begin, job->normals + begin, job->joints_u8 + begin,
              job->weights + begin, job->out_positions + begin, job->out_normals + begin);
}

void fast_job_run(const skinning_job *job, fast_matrix *scratch)
{
    if (!job->joints_u8 || job->tangents) {
        skinning_job_run(job);
        return;
    }
    /* The matrices are rearranged every frame: part of the cost. */
    fast_prepare(job->joint_count, job->skin_matrix, scratch);
    fast_run r = {job, scratch};
    if (job->threads)
        skinning_threads_run(job->threads, job->vertex_count, fast_range, &r);
    else
        fast_range(&r, 0, 0, job->vertex_count);
}

/* The ceiling over vertices [begin, end) of a job. */
typedef struct stream_run {
    const skinning_job *job;
    bool streaming;
    uint32_t *checksum; /* [SKINNING_MAX_THREADS]: one a range */
} stream_run;

/* One vertex's joints and weights as 32-bit words, XOR-ed (memcpy is how C
 * reads one type as another). */
static uint32_t stream_words(const uint8_t joints[4], const float weights[4])
{
    uint32_t words[5];
    memcpy(&words[0], joints, 4);
    memcpy(&words[1], weights, 16);
    return words[0] ^ words[1] ^ words[2] ^ words[3] ^ words[4];
}

static void stream_range(const void *context, int range, size_t begin, size_t end)
{
    const stream_run *r = context;
    const skinning_job *job = r->job;
    const float(*positions)[3] = job->positions, (*normals)[3] = job->normals, (*weights)[4] = job->weights;
    const uint8_t(*joints)[4] = job->joints_u8;
    float(*out_positions)[3] = job->out_positions, (*out_normals)[3] = job->out_normals;
    uint32_t sum = 0;
    size_t v = begin;
#if FAST_HAVE_AVX2
    /* Vertex by vertex up to a multiple of eight: then the eight vertices'
     * outputs are three whole 32-byte registers each, aligned when the
     * arrays are (a streaming store needs it). */
    for (; v < end && v % 8 != 0; v++) {
        memcpy(out_positions[v], positions[v], sizeof positions[v]);
        memcpy(out_normals[v], normals[v], sizeof normals[v]);
        sum ^= stream_words(joints[v], weights[v]);
    }
    bool streaming = r->streaming && v + 8 <= end &&
                     ((uintptr_t)out_positions[v] | (uintptr_t)out_normals[v]) % 32 == 0;
    __m256i words = _mm256_setzero_si256();
    for (; v + 8 <= end; v += 8) {
        const float *p = positions[v], *n = normals[v], *w = weights[v];
        __m256 p0 = _mm256_loadu_ps(p), p1 = _mm256_loadu_ps(p + 8), p2 = _mm256_loadu_ps(p + 16);
        __m256 n0 = _mm256_loadu_ps(n), n1 = _mm256_loadu_ps(n + 8), n2 = _mm256_loadu_ps(n + 16);
        __m256 w01 = _mm256_xor_ps(_mm256_loadu_ps(w), _mm256_loadu_ps(w + 8));
        __m256 w23 = _mm256_xor_ps(_mm256_loadu_ps(w + 16), _mm256_loadu_ps(w + 24));
        __m256i j = _mm256_loadu_si256((const __m256i *)(const void *)joints[v]);
        words = _mm256_xor_si256(words, _mm256_xor_si256(j, _mm256_castps_si256(_mm256_xor_ps(w01, w23))));
        float *op = out_positions[v], *on = out_normals[v];
        if (streaming) {
            _mm256_stream_ps(op, p0), _mm256_stream_ps(op + 8, p1), _mm256_stream_ps(op + 16, p2);
            _mm256_stream_ps(on, n0), _mm256_stream_ps(on + 8, n1), _mm256_stream_ps(on + 16, n2);
        } else {
            _mm256_storeu_ps(op, p0), _mm256_storeu_ps(op + 8, p1), _mm256_storeu_ps(op + 16, p2);
            _mm256_storeu_ps(on, n0), _mm256_storeu_ps(on + 8, n1), _mm256_storeu_ps(on + 16, n2);
        }
    }
    if (streaming)
        _mm_sfence(); /* streaming stores are ordered by nothing else */
    uint32_t lanes[8];
    _mm256_storeu_si256((__m256i *)(void *)lanes, words);
    for (int k = 0; k < 8; k++)
        sum ^= lanes[k];
#endif
    for (; v < end; v++) { /* the last few (or every vertex, without AVX2) */
        memcpy(out_positions[v], positions[v], sizeof positions[v]);
        memcpy(out_normals[v], normals[v], sizeof normals[v]);
        sum ^= stream_words(joints[v], weights[v]);
    }
    r->checksum[range] = sum;
}

uint32_t fast_stream(const skinning_job *job, size_t vertex_count, bool streaming)
{
    uint32_t checksum[SKINNING_MAX_THREADS] = {0};
    stream_run r = {job, streaming, checksum};
    size_t n = vertex_count < job->vertex_count ? vertex_count : job->vertex_count;
    if (job->threads)
        skinning_threads_run(job->threads, n, stream_range, &r);
    else
        stream_range(&r, 0, 0, n);
    uint32_t sum = 0;
    for (int k = 0; k < SKINNING_MAX_THREADS; k++)
        sum ^= checksum[k];
    return sum;
}
