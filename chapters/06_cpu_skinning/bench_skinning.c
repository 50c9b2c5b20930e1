/* bench_skinning: how fast CPU skinning runs on one core, and on several
 * threads (a program, not a test: speed is measured here, never by timed
 * tests).
 *
 * One million vertices (position and normal as floats, four joint indices as
 * unsigned bytes, four float weights: 44 bytes in) skinned by 64 joints,
 * positions and normals out (24 bytes). Each figure is the median of the
 * passes (21 by default) in millions of vertices per second, followed by
 * the slowest and the fastest pass (`NAME_min`, `NAME_max`):
 *
 *   plain_mverts_per_s    skinning_job_run(), the loop the book explains,
 *                         built with the project's flags
 *   fast_mverts_per_s     the fastest path of bench_skinning_fast.c (the
 *                         matrices blended once per vertex, then eight
 *                         vertices a register with AVX2/FMA, -O3
 *                         -march=native)
 *   ceiling_mverts_per_s  a plain streaming copy of the same 68 bytes per
 *                         vertex: what memory bandwidth allows on this core
 *   threads: N            then skinning_job_run() on N threads (--threads,
 *   threads_mverts_per_s  2 by default), timed by the slowest thread's CPU
 *                         time, and threads_wall_mverts_per_s by the wall
 *                         clock, which counts the time the threads wait for
 *                         a core: the two agree only on free cores.
 *
 * One-core figures are timed by the thread's CPU time, which leaves out the
 * time other work holds the core, but not what shares it unseen: on a
 * virtual machine another guest on the same physical core (or its second
 * hardware thread) slows a pass without its CPU time showing it, and memory
 * is shared with every other program. That is where the spread of the
 * figures comes from (measured for the book): the fast path is bound by
 * arithmetic for data in cache and, with 1M vertices, partly by memory; the
 * ceiling is memory alone, and it moved most (from 250 to 380 M vertices per
 * second in runs minutes apart, 450 with 2 MB pages). So every round runs
 * every kind once, one after the other, and the fast / ceiling ratio is taken
 * within a round: both see the same moment of the machine.
 * The arrays are 64-byte aligned and every one is written before the timed
 * passes (the data, the checks, a pass to warm up), so no page fault and
 * no first touch is timed.
 *
 * On stderr: the same loop as plain built with -O3 -march=native (the
 * straightforward scalar loop the fast path is compared with) and the
 * ratios, with the goals of the book.
 *
 *   bench_skinning [--vertices N] [--passes N] [--threads N]
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

/* A clock's time: a thread's CPU time (CLOCK_THREAD_CPUTIME_ID for this
 * one, pthread_getcpuclockid() for another), which on a machine shared with
 * other work leaves out the time spent waiting for the core, or the wall
 * clock (CLOCK_MONOTONIC). */
static double now_seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
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
    float (*plain_positions)[3], (*plain_normals)[3]; /* the plain loop's, to check the others by */
    /* 64-byte aligned: cglm declares mat4 32-byte aligned in code built
     * with AVX (-march=native) and 16 elsewhere, so matrices shared by the
     * two kinds of code are allocated for the stricter one. */
    mat4 *skin_matrix; /* [JOINTS] */
    fast_matrix *fast; /* [JOINTS], 64-byte aligned */
} bench_data;

enum { PLAIN, NATIVE, FAST, CEILING, THREADS, KINDS };

/* One pass of a kind; job_threads is the plain job with threads named. */
static uint32_t run_once(int kind, bench_data *d, skinning_job *job, skinning_job *job_threads)
{
    switch (kind) {
    case PLAIN:
        skinning_job_run(job);
        return 0;
    case THREADS:
        skinning_job_run(job_threads);
        return 0;
    case NATIVE:
        native_skinning_job_run(job);
        return 0;
    case FAST: /* the matrices are rearranged every frame: part of the cost */
        fast_prepare(JOINTS, d->skin_matrix, d->fast);
        fast_skin(d->fast, d->skin_matrix, d->n, (const float(*)[3])d->positions, (const float(*)[3])d->normals,
                  (const uint8_t(*)[4])d->joints, (const float(*)[4])d->weights, d->out_positions, d->out_normals);
        return 0;
    default:
        return fast_stream_copy(d->n, (const float(*)[3])d->positions, (const float(*)[3])d->normals,
                                (const uint8_t(*)[4])d->joints, (const float(*)[4])d->weights, d->out_positions,
                                d->out_normals);
    }
}

typedef struct rates {
    double median, min, max; /* M vertices per second over the passes */
} rates;

static rates rates_of(double *rate, int passes)
{
    qsort(rate, (size_t)passes, sizeof rate[0], compare_doubles);
    return (rates){rate[passes / 2], rate[0], rate[passes - 1]};
}

/* `passes` rounds after one to warm up, each round one pass of every kind
 * in turn, so that every kind sees the same moments of a shared machine
 * (the load of other work comes and goes in seconds) and a ratio of two
 * kinds is taken within a round. */
static void measure(bench_data *d, skinning_job *job, skinning_job *job_threads, int passes, rates out[KINDS],
                    rates *fast_of_ceiling, rates *threads_wall, uint32_t *checksum)
{
    double rate[KINDS][64], ratio[64], wall[64];
    /* Every thread's CPU clock: the slowest thread's CPU time in a pass is
     * what the wall clock shows on cores with nothing else to do (less the
     * few microseconds of waking the threads), as one thread's CPU time is
     * for the one-core figures. */
    const skinning_threads *t = job_threads->threads;
    clockid_t cpu[SKINNING_MAX_THREADS];
    cpu[0] = CLOCK_THREAD_CPUTIME_ID;
    for (int k = 1; k < t->thread_count; k++)
        if (pthread_getcpuclockid(t->workers[k - 1].thread, &cpu[k]) != 0)
            cpu[k] = CLOCK_THREAD_CPUTIME_ID; /* not known: the caller's stands in */
    for (int kind = 0; kind < KINDS; kind++)
        *checksum += run_once(kind, d, job, job_threads);
    for (int i = 0; i < passes; i++)
        for (int kind = 0; kind < KINDS; kind++) {
            int clocks = kind == THREADS ? t->thread_count : 1;
            double start[SKINNING_MAX_THREADS], wall_start = now_seconds(CLOCK_MONOTONIC);
            for (int k = 0; k < clocks; k++)
                start[k] = now_seconds(cpu[k]);
            *checksum += run_once(kind, d, job, job_threads);
            double slowest = 0.0;
            for (int k = 0; k < clocks; k++)
                slowest = fmax(slowest, now_seconds(cpu[k]) - start[k]);
            rate[kind][i] = (double)d->n / slowest / 1e6;
            if (kind == THREADS)
                wall[i] = (double)d->n / (now_seconds(CLOCK_MONOTONIC) - wall_start) / 1e6;
        }
    for (int i = 0; i < passes; i++)
        ratio[i] = rate[FAST][i] / rate[CEILING][i];
    *fast_of_ceiling = rates_of(ratio, passes);
    *threads_wall = rates_of(wall, passes);
    for (int kind = 0; kind < KINDS; kind++)
        out[kind] = rates_of(rate[kind], passes);
}

/* A figure as three lines: the median, then the slowest and fastest pass. */
static void print_rates(const char *name, rates r)
{
    printf("%s: %.1f\n%s_min: %.1f\n%s_max: %.1f\n", name, r.median, name, r.min, name, r.max);
}

static bool bench_data_alloc(bench_data *d)
{
    size_t r = 64;
    d->positions = aligned_alloc(64, (d->n * sizeof *d->positions + r - 1) / r * r);
    d->normals = aligned_alloc(64, (d->n * sizeof *d->normals + r - 1) / r * r);
    d->joints = aligned_alloc(64, (d->n * sizeof *d->joints + r - 1) / r * r);
    d->weights = aligned_alloc(64, (d->n * sizeof *d->weights + r - 1) / r * r);
    d->out_positions = aligned_alloc(64, (d->n * sizeof *d->out_positions + r - 1) / r * r);
    d->out_normals = aligned_alloc(64, (d->n * sizeof *d->out_normals + r - 1) / r * r);
    d->plain_positions = malloc(d->n * sizeof *d->plain_positions);
    d->plain_normals = malloc(d->n * sizeof *d->plain_normals);
    d->fast = aligned_alloc(64, JOINTS * sizeof *d->fast);
    d->skin_matrix = aligned_alloc(64, JOINTS * sizeof *d->skin_matrix);
    return d->positions && d->normals && d->joints && d->weights && d->out_positions && d->out_normals &&
           d->plain_positions && d->plain_normals && d->fast && d->skin_matrix;
}

static void bench_data_free(bench_data *d)
{
    free(d->positions);
    free(d->normals);
    free(d->joints);
    free(d->weights);
    free(d->out_positions);
    free(d->out_normals);
    free(d->plain_positions);
    free(d->plain_normals);
    free(d->fast);
    free(d->skin_matrix);
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
    long vertices = 1000000, passes = 21, thread_count = 2;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--vertices") == 0)
            vertices = strtol(argv[++i], NULL, 10);
        else if (i + 1 < argc && strcmp(argv[i], "--passes") == 0)
            passes = strtol(argv[++i], NULL, 10);
        else if (i + 1 < argc && strcmp(argv[i], "--threads") == 0)
            thread_count = strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: bench_skinning [--vertices N] [--passes N (10 to 64)] [--threads N (1 to %d)]\n",
                    SKINNING_MAX_THREADS);
            return 2;
        }
    }
    if (vertices < 1 || vertices > 100000000 || passes < 10 || passes > 64 || thread_count < 1 ||
        thread_count > SKINNING_MAX_THREADS) {
        fprintf(stderr, "error: --vertices 1..100000000, --passes 10..64 and --threads 1..%d\n", SKINNING_MAX_THREADS);
        return 2;
    }
    bench_data d = {.n = (size_t)vertices};
    int status = 0;
    if (!bench_data_alloc(&d)) {
        fprintf(stderr, "error: out of memory for %ld vertices\n", vertices);
        status = 1;
    }
    skinning_job job = {0}, job_threads = {0};
    skinning_threads threads = {0};
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
        job_threads = job;
        job_threads.threads = &threads;
        if (!skinning_threads_start(&threads, (int)thread_count, &err) || !skinning_job_validate(&job_threads, &err)) {
            fprintf(stderr, "error: %s\n", err.message);
            status = 1;
        }
    }
    if (!status) {
        /* The fast path must give the plain path's answer at every vertex
         * (1e-4: the same float maths in another order, 1 / length by an
         * estimate), and the threads exactly it. */
        skinning_job_run(&job);
        memcpy(d.plain_positions, d.out_positions, d.n * sizeof *d.out_positions);
        memcpy(d.plain_normals, d.out_normals, d.n * sizeof *d.out_normals);
        run_once(FAST, &d, &job, &job_threads);
        for (size_t v = 0; v < d.n && !status; v++)
            for (int k = 0; k < 3; k++)
                if (!(fabsf(d.plain_positions[v][k] - d.out_positions[v][k]) < 1e-4f &&
                      fabsf(d.plain_normals[v][k] - d.out_normals[v][k]) < 1e-4f)) {
                    fprintf(stderr, "error: the fast path disagrees with the plain one at vertex %zu\n", v);
                    status = 1;
                    break;
                }
        run_once(THREADS, &d, &job, &job_threads);
        if (!status && (memcmp(d.plain_positions, d.out_positions, d.n * sizeof *d.out_positions) != 0 ||
                        memcmp(d.plain_normals, d.out_normals, d.n * sizeof *d.out_normals) != 0)) {
            fprintf(stderr, "error: %ld threads disagree with one\n", thread_count);
            status = 1;
        }
    }
    if (!status) {
        rates rate[KINDS], fast_of_ceiling, threads_wall;
        uint32_t checksum = 0;
        char load[64];
        load_average(load, sizeof load);
        measure(&d, &job, &job_threads, (int)passes, rate, &fast_of_ceiling, &threads_wall, &checksum);
        print_rates("plain_mverts_per_s", rate[PLAIN]);
        print_rates("fast_mverts_per_s", rate[FAST]);
        print_rates("ceiling_mverts_per_s", rate[CEILING]);
        printf("threads: %ld\n", thread_count);
        print_rates("threads_mverts_per_s", rate[THREADS]);
        print_rates("threads_wall_mverts_per_s", threads_wall);
        fprintf(stderr,
                "scalar loop at -O3 -march=native: %.1f Mverts/s (%.1f to %.1f)\n"
                "fast / scalar -O3 -march=native: %.2f (goal >= 1.1; fast path: %s)\n"
                "fast / ceiling: %.2f (%.2f to %.2f over the rounds; goal >= 0.6)\n"
                "plain / fast: %.2f\n"
                "threads / plain: %.2f with %ld threads (goal >= 1.8 with 2 threads on 2 cores)\n"
                "threads by the wall clock: %.2f of plain (the same as above only when the cores are free)\n"
                "(%ld vertices, %d joints, median of %ld passes, one core but threads; load average %s; checksum "
                "%08x)\n",
                rate[NATIVE].median, rate[NATIVE].min, rate[NATIVE].max, rate[FAST].median / rate[NATIVE].median,
                fast_path_name(), fast_of_ceiling.median, fast_of_ceiling.min, fast_of_ceiling.max,
                rate[PLAIN].median / rate[FAST].median, rate[THREADS].median / rate[PLAIN].median, thread_count,
                threads_wall.median / rate[PLAIN].median, vertices, JOINTS, passes, load, checksum);
    }
    skinning_threads_stop(&threads);
    bench_data_free(&d);
    return status;
}
