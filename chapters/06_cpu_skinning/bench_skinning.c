/* bench_skinning: how fast CPU skinning runs on one core (a program, not a
 * test: speed is measured here, never by timed tests).
 *
 * One million vertices (position and normal as floats, four joint indices as
 * unsigned bytes, four float weights: 44 bytes in) skinned by 64 joints,
 * positions and normals out (24 bytes). Each figure is the median of the
 * passes (21 by default), in millions of vertices per second:
 *
 *   plain_mverts_per_s    skinning_job_run(), the loop the book explains,
 *                         built with the project's flags
 *   fast_mverts_per_s     the fastest path of bench_skinning_fast.c (the
 *                         matrices blended once per vertex with AVX2/FMA,
 *                         -O3 -march=native)
 *   ceiling_mverts_per_s  a plain streaming copy of the same 68 bytes per
 *                         vertex: what memory bandwidth allows on this core
 *
 * On stderr: the same loop as plain built with -O3 -march=native (the
 * straightforward scalar loop the fast path is compared with) and the
 * ratios, with the goals of the book.
 *
 *   bench_skinning [--vertices N] [--passes N]
 */
#include "bench_skinning.h"
#include "skinning.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* skinning_job_run() compiled from the same source with -O3 -march=native
 * (CMakeLists.txt renames it so that both can be linked). */
void native_skinning_job_run(const skinning_job *job);

#define JOINTS 64

static uint32_t rng_state = 12345u;
static float uniform(float lo, float hi) /* a small LCG: the same data on every run */
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng_state >> 8) / 16777216.0f;
}

/* The CPU time of this thread, not the wall clock: on a machine shared with
 * other work, time spent waiting for the core is left out. */
static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The machine's load (Linux: /proc/loadavg), to say how busy it was; "?"
 * elsewhere. Figures measured beside other work are lower and noisier. */
static void load_average(char *out, size_t size)
{
    snprintf(out, size, "?");
    FILE *f = fopen("/proc/loadavg", "r");
    if (!f)
        return;
    float one, five;
    if (fscanf(f, "%f %f", &one, &five) == 2)
        snprintf(out, size, "%.2f (1 min), %.2f (5 min)", (double)one, (double)five);
    fclose(f);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct bench_data {
    size_t n;
    float (*positions)[3], (*normals)[3];
    uint8_t (*joints)[4];
    float (*weights)[4];
    float (*out_positions)[3], (*out_normals)[3];
    /* 64-byte aligned: cglm declares mat4 32-byte aligned in code built
     * with AVX (-march=native) and 16 elsewhere, so matrices shared by the
     * two kinds of code are allocated for the stricter one. */
    mat4 *skin_matrix; /* [JOINTS] */
    fast_matrix *fast; /* [JOINTS], 64-byte aligned */
} bench_data;

enum { PLAIN, NATIVE, FAST, CEILING, KINDS };

static uint32_t run_once(int kind, bench_data *d, skinning_job *job)
{
    switch (kind) {
    case PLAIN:
        skinning_job_run(job);
        return 0;
    case NATIVE:
        native_skinning_job_run(job);
        return 0;
    case FAST: /* the matrices are rearranged every frame: part of the cost */
        fast_prepare(JOINTS, d->skin_matrix, d->fast);
        fast_skin(d->fast, d->n, (const float(*)[3])d->positions, (const float(*)[3])d->normals,
                  (const uint8_t(*)[4])d->joints, (const float(*)[4])d->weights, d->out_positions, d->out_normals);
        return 0;
    default:
        return fast_stream_copy(d->n, (const float(*)[3])d->positions, (const float(*)[3])d->normals,
                                (const uint8_t(*)[4])d->joints, (const float(*)[4])d->weights, d->out_positions,
                                d->out_normals);
    }
}

/* The median rate of `passes` passes, after one pass to warm up. */
static double measure(int kind, bench_data *d, skinning_job *job, int passes, uint32_t *checksum)
{
    double rates[64];
    *checksum += run_once(kind, d, job);
    for (int i = 0; i < passes; i++) {
        double start = now_seconds();
        *checksum += run_once(kind, d, job);
        rates[i] = (double)d->n / (now_seconds() - start) / 1e6;
    }
    qsort(rates, (size_t)passes, sizeof rates[0], compare_doubles);
    return rates[passes / 2];
}

static void make_data(bench_data *d)
{
    for (int j = 0; j < JOINTS; j++) {
        vec3 axis = {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};
        glm_vec3_normalize(axis);
        glm_mat4_identity(d->skin_matrix[j]);
        glm_translate(d->skin_matrix[j], (vec3){uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)});
        glm_rotate(d->skin_matrix[j], uniform(-3, 3), axis);
        glm_scale(d->skin_matrix[j], (vec3){uniform(0.8f, 1.2f), uniform(0.8f, 1.2f), uniform(0.8f, 1.2f)});
    }
    for (size_t v = 0; v < d->n; v++) {
        vec3 normal = {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1) + 0.01f};
        glm_vec3_normalize(normal);
        float sum = 0.0f;
        for (int k = 0; k < 3; k++) {
            d->positions[v][k] = uniform(-1, 1);
            d->normals[v][k] = normal[k];
        }
        for (int k = 0; k < 4; k++) {
            d->joints[v][k] = (uint8_t)(uniform(0, JOINTS - 0.01f));
            sum += d->weights[v][k] = uniform(0.01f, 1);
        }
        for (int k = 0; k < 4; k++)
            d->weights[v][k] /= sum;
    }
}

int main(int argc, char **argv)
{
    long vertices = 1000000, passes = 21;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--vertices") == 0)
            vertices = strtol(argv[++i], NULL, 10);
        else if (i + 1 < argc && strcmp(argv[i], "--passes") == 0)
            passes = strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: bench_skinning [--vertices N] [--passes N (10 to 64)]\n");
            return 2;
        }
    }
    if (vertices < 1 || vertices > 100000000 || passes < 10 || passes > 64) {
        fprintf(stderr, "error: --vertices 1..100000000 and --passes 10..64\n");
        return 2;
    }
    bench_data d = {.n = (size_t)vertices};
    d.positions = malloc(d.n * sizeof *d.positions);
    d.normals = malloc(d.n * sizeof *d.normals);
    d.joints = malloc(d.n * sizeof *d.joints);
    d.weights = malloc(d.n * sizeof *d.weights);
    d.out_positions = malloc(d.n * sizeof *d.out_positions);
    d.out_normals = malloc(d.n * sizeof *d.out_normals);
    d.fast = aligned_alloc(64, JOINTS * sizeof *d.fast);
    d.skin_matrix = aligned_alloc(64, JOINTS * sizeof *d.skin_matrix);
    int status = 0;
    if (!d.positions || !d.normals || !d.joints || !d.weights || !d.out_positions || !d.out_normals || !d.fast ||
        !d.skin_matrix) {
        fprintf(stderr, "error: out of memory for %ld vertices\n", vertices);
        status = 1;
    }
    skinning_job job = {0};
    sa_error err;
    if (!status) {
        make_data(&d);
        job = (skinning_job){.vertex_count = d.n,
                             .joint_count = JOINTS,
                             .skin_matrix = d.skin_matrix,
                             .joints_u8 = (const uint8_t(*)[4])d.joints,
                             .weights = (const float(*)[4])d.weights,
                             .positions = (const float(*)[3])d.positions,
                             .normals = (const float(*)[3])d.normals,
                             .out_positions = d.out_positions,
                             .out_normals = d.out_normals};
        if (!skinning_job_validate(&job, &err)) {
            fprintf(stderr, "error: %s\n", err.message);
            status = 1;
        }
    }
    if (!status) {
        /* The fast path must give the plain path's answer (1e-4: rsqrt-free
         * float maths in another order). */
        skinning_job_run(&job);
        float check_p[4][3], check_n[4][3];
        size_t probe[4] = {0, d.n / 3, d.n / 2, d.n - 1};
        for (int i = 0; i < 4; i++) {
            memcpy(check_p[i], d.out_positions[probe[i]], sizeof check_p[i]);
            memcpy(check_n[i], d.out_normals[probe[i]], sizeof check_n[i]);
        }
        run_once(FAST, &d, &job);
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 3; k++)
                if (!(fabsf(check_p[i][k] - d.out_positions[probe[i]][k]) < 1e-4f &&
                      fabsf(check_n[i][k] - d.out_normals[probe[i]][k]) < 1e-4f)) {
                    fprintf(stderr, "error: the fast path disagrees with the plain one at vertex %zu\n", probe[i]);
                    status = 1;
                }
    }
    if (!status) {
        double rate[KINDS];
        uint32_t checksum = 0;
        char load[64];
        load_average(load, sizeof load);
        for (int kind = 0; kind < KINDS; kind++)
            rate[kind] = measure(kind, &d, &job, (int)passes, &checksum);
        printf("plain_mverts_per_s: %.1f\nfast_mverts_per_s: %.1f\nceiling_mverts_per_s: %.1f\n", rate[PLAIN],
               rate[FAST], rate[CEILING]);
        fprintf(stderr,
                "scalar loop at -O3 -march=native: %.1f Mverts/s\n"
                "fast / scalar -O3 -march=native: %.2f (goal >= 1.1)\n"
                "fast / ceiling: %.2f (goal >= 0.45)\n"
                "plain / fast: %.2f (goal >= 0.6)\n"
                "(%ld vertices, %d joints, median of %ld passes, one core; load average %s; checksum %08x)\n",
                rate[NATIVE], rate[FAST] / rate[NATIVE], rate[FAST] / rate[CEILING], rate[PLAIN] / rate[FAST], vertices,
                JOINTS, passes, load, checksum);
    }
    free(d.positions);
    free(d.normals);
    free(d.joints);
    free(d.weights);
    free(d.out_positions);
    free(d.out_normals);
    free(d.fast);
    free(d.skin_matrix);
    return status;
}
