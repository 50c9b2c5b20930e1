/* bench_skinning: how fast CPU skinning runs on one core and on every core,
 * against what memory allows (a program, not a test: speed is measured here,
 * never by timed tests).
 *
 * One million vertices (position and normal as floats, four joint indices as
 * unsigned bytes, four float weights: 44 bytes in) skinned by 64 joints,
 * positions and normals out (24 bytes). Each figure is in millions of
 * vertices per second, followed by the slowest and the fastest pass
 * (`NAME_min`, `NAME_max`); the skinning figures are the median of the passes
 * (21 by default), the ceilings the best pass:
 *
 *   plain_mverts_per_s     skinning_job_run(), the loop the book explains,
 *                          built with the project's flags
 *   fast_mverts_per_s      fast_job_run() of bench_skinning_fast.c (the
 *                          matrices blended once per vertex, then eight
 *                          vertices a register with AVX2/FMA, -O3
 *                          -march=native)
 *   ceiling_mverts_per_s   the same buffers streamed with no maths: every
 *                          input byte loaded and every output byte stored in
 *                          32-byte registers (fast_stream), with ordinary and
 *                          with streaming stores, the better of the two: no
 *                          skinning on one core can beat it
 *   ceiling_memory: ...    which memory that is: the bytes a pass touches
 *                          against the caches the system reports, and whether
 *                          the whole streams as fast as a slice of it
 *   threads: N             then N threads (--threads, every core by default):
 *   threads_mverts_per_s   the fast path on them by the wall clock, what a
 *                          program gets,
 *   threads_cpu_mverts_per_s   the same passes by the slowest thread's CPU
 *                          time, which leaves out the time the threads wait
 *                          for a core (the two agree only on free cores),
 *   plain_threads_mverts_per_s  skinning_job_run() on them, wall clock,
 *   ceiling_threads_mverts_per_s  the ceiling on them, wall clock;
 *   load_average: ...      before the passes, and
 *   other_work_cores: X    the cores other programs held during them
 *                          (/proc/stat; "?" where not known).
 *
 * Where the build has no threads (the web: common/platform.h), the lines
 * from threads: to ceiling_threads_mverts_per_s are left out, and stderr
 * says why.
 *
 * One-core figures are timed by the thread's CPU time, which leaves out the
 * time other work holds the core, but not what shares it unseen: on a
 * virtual machine another guest on the same physical core slows a pass
 * without its CPU time showing it, and memory is shared with every other
 * program. So every round runs every kind once, one after the other: all see
 * the same moments of the machine. The arrays are 64-byte aligned and every
 * one is written before the timed passes (the data, the checks, a pass to
 * warm up), so no page fault and no first touch is timed.
 *
 * On stderr: the same loop as plain built with -O3 -march=native (the
 * straightforward scalar loop the fast path is compared with), the ratios
 * and the goals of the book.
 *
 *   bench_skinning [--vertices N] [--passes N] [--threads N]
 */
#include "common/files.h"
#include "bench_skinning.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* skinning_job_run() compiled from the same source with -O3 -march=native
 * (CMakeLists.txt renames it so that both can be linked). */
void native_skinning_job_run(const skinning_job *job);

#define JOINTS 64
#define BYTES_PER_VERTEX 68 /* 44 read, 24 written */

static uint32_t rng_state = 12345u;
static float uniform(float lo, float hi) /* a small LCG: the same data on every run */
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng_state >> 8) / 16777216.0f;
}

typedef struct bench_data {
    size_t n;
    float (*positions)[3], (*normals)[3];
    uint8_t (*joints)[4];
    float (*weights)[4];
    float (*out_positions)[3], (*out_normals)[3];
    float (*plain_positions)[3], (*plain_normals)[3]; /* a result to check the others by */
    /* 64-byte aligned: cglm declares mat4 32-byte aligned in code built
     * with AVX (-march=native) and 16 elsewhere, so matrices shared by the
     * two kinds of code are allocated for the stricter one. */
    mat4 *skin_matrix;             /* [JOINTS] */
    fast_matrix *fast;             /* [JOINTS], 64-byte aligned */
    skinning_job job, job_threads; /* the same job, on the threads */
    size_t slice;                  /* vertices of the slice the ceiling is compared with (0: none) */
    int kinds;                     /* the kinds a round runs: KINDS, or up to THREADS without threads */
} bench_data;

/* Every kind a round runs. The ceilings twice, with ordinary and with
 * streaming stores; SLICE* stream the first d->slice vertices over and over,
 * as many bytes as a whole pass. */
enum {
    PLAIN,
    NATIVE,
    FAST,
    CEILING,
    CEILING_STREAMING,
    SLICE,
    SLICE_STREAMING,
    THREADS,
    PLAIN_THREADS,
    CEILING_THREADS,
    CEILING_THREADS_STREAMING,
    KINDS
};

static bool on_threads(int kind)
{
    return kind >= THREADS;
}

/* One pass of a kind; returns what the ceilings read (their checksum). */
static uint32_t run_once(int kind, bench_data *d)
{
    const skinning_job *job = on_threads(kind) ? &d->job_threads : &d->job;
    uint32_t sum = 0;
    switch (kind) {
    case PLAIN:
    case PLAIN_THREADS:
        skinning_job_run(job);
        break;
    case NATIVE:
        native_skinning_job_run(job);
        break;
    case FAST:
    case THREADS:
        fast_job_run(job, d->fast);
        break;
    case SLICE:
    case SLICE_STREAMING:
        for (size_t done = 0; d->slice && done + d->slice <= d->n; done += d->slice)
            sum += fast_stream(job, d->slice, kind == SLICE_STREAMING);
        break;
    default:
        sum = fast_stream(job, d->n, kind == CEILING_STREAMING || kind == CEILING_THREADS_STREAMING);
    }
    return sum;
}

/* The vertices a pass of a kind handles (a slice pass: whole slices). */
static size_t vertices_of(int kind, const bench_data *d)
{
    return kind == SLICE || kind == SLICE_STREAMING ? (d->slice ? d->n / d->slice * d->slice : 0) : d->n;
}

typedef struct rates {
    double median, min, max; /* M vertices per second over the passes */
} rates;

static rates rates_of(const double *rate, int passes)
{
    double sorted[64];
    memcpy(sorted, rate, (size_t)passes * sizeof sorted[0]);
    qsort(sorted, (size_t)passes, sizeof sorted[0], bench_compare_doubles);
    return (rates){sorted[passes / 2], sorted[0], sorted[passes - 1]};
}

/* A ceiling: per round the better of its two kinds of stores, and the best
 * round as its figure (median = max). */
static rates ceiling_of(const double *ordinary, const double *streaming, int passes)
{
    double best[64];
    for (int i = 0; i < passes; i++)
        best[i] = fmax(ordinary[i], streaming[i]);
    rates r = rates_of(best, passes);
    r.median = r.max;
    return r;
}

/* What each pass of each kind gave, by two clocks: cpu (one core: the
 * thread's CPU time; on threads the slowest thread's) and wall. */
typedef struct measured {
    double cpu[KINDS][64], wall[KINDS][64];
} measured;

/* Thread k's CPU seconds (0: the calling thread's, 1..: the workers'), by
 * common/platform.h; where a worker's clock is not known the caller's
 * stands in. */
static double thread_seconds(const skinning_threads *t, int k)
{
    double seconds;
    if (k > 0 && sa_thread_cpu_time(t->workers[k - 1].thread, &seconds))
        return seconds;
    return sa_time_thread_cpu();
}

/* `passes` rounds after one to warm up, each round one pass of every kind
 * in turn, so that every kind sees the same moments of a shared machine
 * (the load of other work comes and goes in seconds). */
static void measure(bench_data *d, int passes, measured *m, uint32_t *checksum)
{
    /* Every thread's CPU clock: the slowest thread's CPU time in a pass is
     * what the wall clock shows on cores with nothing else to do (less the
     * few microseconds of waking the threads), as one thread's CPU time is
     * for the one-core figures. */
    const skinning_threads *t = d->job_threads.threads;
    for (int kind = 0; kind < d->kinds; kind++)
        *checksum += run_once(kind, d);
    for (int i = 0; i < passes; i++)
        for (int kind = 0; kind < d->kinds; kind++) {
            int clocks = on_threads(kind) ? t->thread_count : 1;
            double start[SKINNING_MAX_THREADS], wall_start = sa_time_monotonic();
            for (int k = 0; k < clocks; k++)
                start[k] = thread_seconds(t, k);
            *checksum += run_once(kind, d);
            double wall = sa_time_monotonic() - wall_start, slowest = 0.0;
            for (int k = 0; k < clocks; k++)
                slowest = fmax(slowest, thread_seconds(t, k) - start[k]);
            double mverts = (double)vertices_of(kind, d) / 1e6;
            m->cpu[kind][i] = slowest > 0.0 ? mverts / slowest : 0.0;
            m->wall[kind][i] = wall > 0.0 ? mverts / wall : 0.0;
        }
}

/* A figure as three lines: the median (a ceiling: the best), then the
 * slowest and fastest pass. */
static void print_rates(const char *name, rates r)
{
    printf("%s: %.1f\n%s_min: %.1f\n%s_max: %.1f\n", name, r.median, name, r.min, name, r.max);
}

/* The slice the ceiling is compared with, to tell a cache from DRAM: past
 * twice the L2 (so that it too streams from the last-level cache) and an
 * eighth of the data at least; none when that is more than half of it. */
static size_t slice_vertices(size_t n)
{
    size_t bytes = n * BYTES_PER_VERTEX, l2 = bench_cache_bytes(2), l3 = bench_cache_bytes(3);
    size_t slice = bytes / 8 > 2 * l2 ? bytes / 8 : 2 * l2;
    if (!l2 || !l3 || bytes <= l2 || bytes > l3 || slice > bytes / 2)
        return 0;
    return (slice + BYTES_PER_VERTEX - 1) / BYTES_PER_VERTEX;
}

/* Which memory the one-core ceiling streams from, in words: its bytes
 * against the caches the system reports, and, between the L2 and the
 * last-level cache, whether the whole streams about as fast as a slice (the
 * same level) or not (part of it from DRAM: one core has less cache than the
 * system reports, as on a virtual machine that reports the whole socket's). */
static void memory_level(const bench_data *d, double whole, double slice, char *out, size_t size)
{
    double mb = 1e-6 * (double)(d->n * BYTES_PER_VERTEX), l2 = 1e-6 * (double)bench_cache_bytes(2);
    double l3 = 1e-6 * (double)bench_cache_bytes(3);
    if (l3 <= 0.0)
        snprintf(out, size, "not known (%.1f MB a pass; the system reports no cache sizes)", mb);
    else if (mb <= l2)
        snprintf(out, size, "cache-resident (%.1f MB a pass, within the L2 of %.1f MB)", mb, l2);
    else if (mb > l3)
        snprintf(out, size, "DRAM (%.1f MB a pass, more than the last-level cache of %.1f MB)", mb, l3);
    else if (!d->slice || whole <= 0.0)
        snprintf(out, size, "last-level cache by size (%.1f MB a pass, within its %.1f MB)", mb, l3);
    else if (whole >= 0.8 * slice)
        snprintf(out, size,
                 "cache-resident (%.1f MB a pass, within the last-level cache of %.1f MB; a slice of %.1f MB "
                 "streams %.2fx as fast)",
                 mb, l3, 1e-6 * (double)(d->slice * BYTES_PER_VERTEX), slice / whole);
    else
        snprintf(out, size,
                 "DRAM in part (%.1f MB a pass, within the last-level cache of %.1f MB as reported, but a "
                 "slice of %.1f MB streams %.2fx as fast: this core has less cache than that)",
                 mb, l3, 1e-6 * (double)(d->slice * BYTES_PER_VERTEX), slice / whole);
}

static bool bench_data_alloc(bench_data *d)
{
    size_t r = 64;
    d->positions = sa_aligned_alloc(64, (d->n * sizeof *d->positions + r - 1) / r * r);
    d->normals = sa_aligned_alloc(64, (d->n * sizeof *d->normals + r - 1) / r * r);
    d->joints = sa_aligned_alloc(64, (d->n * sizeof *d->joints + r - 1) / r * r);
    d->weights = sa_aligned_alloc(64, (d->n * sizeof *d->weights + r - 1) / r * r);
    d->out_positions = sa_aligned_alloc(64, (d->n * sizeof *d->out_positions + r - 1) / r * r);
    d->out_normals = sa_aligned_alloc(64, (d->n * sizeof *d->out_normals + r - 1) / r * r);
    d->plain_positions = malloc(d->n * sizeof *d->plain_positions);
    d->plain_normals = malloc(d->n * sizeof *d->plain_normals);
    d->fast = sa_aligned_alloc(64, JOINTS * sizeof *d->fast);
    d->skin_matrix = sa_aligned_alloc(64, JOINTS * sizeof *d->skin_matrix);
    return d->positions && d->normals && d->joints && d->weights && d->out_positions && d->out_normals &&
           d->plain_positions && d->plain_normals && d->fast && d->skin_matrix;
}

static void bench_data_free(bench_data *d)
{
    sa_aligned_free(d->positions);
    sa_aligned_free(d->normals);
    sa_aligned_free(d->joints);
    sa_aligned_free(d->weights);
    sa_aligned_free(d->out_positions);
    sa_aligned_free(d->out_normals);
    free(d->plain_positions);
    free(d->plain_normals);
    sa_aligned_free(d->fast);
    sa_aligned_free(d->skin_matrix);
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

/* The checks before any pass is timed: the fast path gives the plain path's
 * answer at every vertex (1e-4: the same float maths in another order, 1 /
 * length by an estimate); on threads each gives its one-thread answer
 * exactly; the ceilings copy every position and normal and read every
 * joint and weight (their checksum against a plain loop's). */
static bool bench_check(bench_data *d, long thread_count)
{
    size_t n = d->n;
    skinning_job_run(&d->job);
    memcpy(d->plain_positions, d->out_positions, n * sizeof *d->out_positions);
    memcpy(d->plain_normals, d->out_normals, n * sizeof *d->out_normals);
    run_once(FAST, d);
    for (size_t v = 0; v < n; v++)
        for (int k = 0; k < 3; k++)
            if (!(fabsf(d->plain_positions[v][k] - d->out_positions[v][k]) < 1e-4f &&
                  fabsf(d->plain_normals[v][k] - d->out_normals[v][k]) < 1e-4f)) {
                fprintf(stderr, "error: the fast path disagrees with the plain one at vertex %zu\n", v);
                return false;
            }
    bool same = true;
    if (on_threads(d->kinds - 1)) {
        run_once(PLAIN_THREADS, d);
        same = memcmp(d->plain_positions, d->out_positions, n * sizeof *d->out_positions) == 0 &&
               memcmp(d->plain_normals, d->out_normals, n * sizeof *d->out_normals) == 0;
        run_once(FAST, d);
        memcpy(d->plain_positions, d->out_positions, n * sizeof *d->out_positions);
        memcpy(d->plain_normals, d->out_normals, n * sizeof *d->out_normals);
        run_once(THREADS, d);
        same = same && memcmp(d->plain_positions, d->out_positions, n * sizeof *d->out_positions) == 0 &&
               memcmp(d->plain_normals, d->out_normals, n * sizeof *d->out_normals) == 0;
    }
    if (!same) {
        fprintf(stderr, "error: %ld threads disagree with one\n", thread_count);
        return false;
    }
    uint32_t words = 0;
    for (size_t v = 0; v < n; v++) {
        uint32_t w[5];
        memcpy(&w[0], d->joints[v], 4);
        memcpy(&w[1], d->weights[v], 16);
        words ^= w[0] ^ w[1] ^ w[2] ^ w[3] ^ w[4];
    }
    const int ceilings[] = {CEILING, CEILING_STREAMING, CEILING_THREADS, CEILING_THREADS_STREAMING};
    const char *const names[] = {"ordinary stores, one core", "streaming stores, one core", "ordinary stores, threads",
                                 "streaming stores, threads"};
    for (int i = 0; i < 4 && ceilings[i] < d->kinds; i++) {
        memset(d->out_positions, 0xff, n * sizeof *d->out_positions);
        memset(d->out_normals, 0xff, n * sizeof *d->out_normals);
        if (run_once(ceilings[i], d) != words ||
            memcmp(d->positions, d->out_positions, n * sizeof *d->out_positions) != 0 ||
            memcmp(d->normals, d->out_normals, n * sizeof *d->out_normals) != 0) {
            fprintf(stderr, "error: the ceiling (%s) leaves out bytes it must read or write\n", names[i]);
            return false;
        }
    }
    return true;
}

/* The figures on stdout, the ratios and goals on stderr; no_threads: why
 * there are no threaded figures (NULL: there are). */
static void bench_report(const bench_data *d, const measured *m, int passes, int thread_count, const char *load,
                         double other_cores, uint32_t checksum, const char *no_threads)
{
    rates plain = rates_of(m->cpu[PLAIN], passes), native = rates_of(m->cpu[NATIVE], passes);
    rates fast = rates_of(m->cpu[FAST], passes), fast_wall = rates_of(m->wall[FAST], passes);
    rates ceiling = ceiling_of(m->cpu[CEILING], m->cpu[CEILING_STREAMING], passes);
    rates slice = ceiling_of(m->cpu[SLICE], m->cpu[SLICE_STREAMING], passes);
    rates threads = {0}, threads_cpu = {0}, plain_threads = {0}, ceiling_threads = {0};
    if (!no_threads) {
        threads = rates_of(m->wall[THREADS], passes), threads_cpu = rates_of(m->cpu[THREADS], passes);
        plain_threads = rates_of(m->wall[PLAIN_THREADS], passes);
        ceiling_threads = ceiling_of(m->wall[CEILING_THREADS], m->wall[CEILING_THREADS_STREAMING], passes);
    }
    char level[320];
    memory_level(d, ceiling.median, slice.median, level, sizeof level);
    print_rates("plain_mverts_per_s", plain);
    print_rates("fast_mverts_per_s", fast);
    print_rates("ceiling_mverts_per_s", ceiling);
    printf("ceiling_memory: %s\n", level);
    if (!no_threads) {
        printf("threads: %d\n", thread_count);
        print_rates("threads_mverts_per_s", threads);
        print_rates("threads_cpu_mverts_per_s", threads_cpu);
        print_rates("plain_threads_mverts_per_s", plain_threads);
        print_rates("ceiling_threads_mverts_per_s", ceiling_threads);
    }
    printf("load_average: %s\n", load);
    if (other_cores >= 0.0)
        printf("other_work_cores: %.2f\n", other_cores);
    else
        printf("other_work_cores: ?\n");

    fprintf(stderr,
            "scalar loop at -O3 -march=native: %.1f Mverts/s (%.1f to %.1f)\n"
            "fast / scalar -O3 -march=native: %.2f (goal >= 1.1; fast path: %s)\n"
            "fast / ceiling: %.2f by the median, %.2f by the best pass (under 1: no skinning beats the ceiling)%s\n"
            "ceiling at best: ordinary stores %.1f, streaming stores %.1f Mverts/s",
            native.median, native.min, native.max, fast.median / native.median, fast_path_name(),
            fast.median / ceiling.median, fast.max / ceiling.median,
            fast.max > ceiling.median ? "; ABOVE THE CEILING: the ceiling is not what memory allows" : "",
            rates_of(m->cpu[CEILING], passes).max, rates_of(m->cpu[CEILING_STREAMING], passes).max);
    if (no_threads) {
        fprintf(stderr, "\nplain / fast: %.2f\nno threaded figures: %s\n", plain.median / fast.median, no_threads);
    } else {
        /* The goal of the threads: 0.9 of N times one core, or the N-core
         * ceiling where memory allows less. */
        double goal = fmin(0.9 * thread_count * fast.median, ceiling_threads.median);
        fprintf(stderr,
                "; on %d threads %.1f and %.1f\n"
                "plain / fast: %.2f\n"
                "threads / fast: %.2f by the wall clock with %d threads (%.2f of fast's own wall clock in the same "
                "rounds), %.2f by the slowest thread's CPU time\n"
                "threads goal: >= %.1f Mverts/s (the lower of 0.9 x %d x fast and the %d-thread ceiling): %s\n"
                "plain threads / plain: %.2f by the wall clock\n",
                thread_count, rates_of(m->wall[CEILING_THREADS], passes).max,
                rates_of(m->wall[CEILING_THREADS_STREAMING], passes).max, plain.median / fast.median,
                threads.median / fast.median, thread_count, threads.median / fast_wall.median,
                threads_cpu.median / fast.median, goal, thread_count, thread_count,
                threads.median >= goal ? "met" : "not met", plain_threads.median / plain.median);
    }
    fprintf(stderr,
            "other programs held %.2f of the %d cores during the passes (/proc/stat; < 0: not known); load average "
            "%s before them\n"
            "(%zu vertices, %d joints, median of %d passes, one core but threads; checksum %08x)\n",
            other_cores, bench_online_cores(), load, d->n, JOINTS, passes, checksum);
}

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* its lines end in "\n" on Windows too */
    long vertices = 1000000, passes = 21, thread_count = bench_online_cores();
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
    skinning_threads threads = {0};
    sa_error err, no_threads = {""};
    bool threaded = true;
    if (!status) {
        make_data(&d);
        d.job = (skinning_job){.vertex_count = d.n,
                               .joint_count = JOINTS,
                               .skin_matrix = d.skin_matrix,
                               .joints_u8 = (const uint8_t(*)[4])d.joints,
                               .weights = (const float(*)[4])d.weights,
                               .positions = (const float(*)[3])d.positions,
                               .normals = (const float(*)[3])d.normals,
                               .out_positions = d.out_positions,
                               .out_normals = d.out_normals};
        d.job_threads = d.job;
        d.job_threads.threads = &threads;
        d.slice = slice_vertices(d.n);
        /* No threads in this build (the web): the one-core kinds alone. */
        threaded = sa_threads_available(&no_threads);
        d.kinds = threaded ? KINDS : THREADS;
        if ((threaded && !skinning_threads_start(&threads, (int)thread_count, &err)) ||
            !skinning_job_validate(threaded ? &d.job_threads : &d.job, &err)) {
            fprintf(stderr, "error: %s\n", err.message);
            status = 1;
        }
    }
    if (!status && !bench_check(&d, thread_count))
        status = 1;
    if (!status) {
        measured *m = malloc(sizeof *m);
        uint32_t checksum = 0;
        char load[64];
        bench_load_average(load, sizeof load);
        bench_other_work other;
        bench_other_work_start(&other);
        if (m) {
            measure(&d, (int)passes, m, &checksum);
            bench_report(&d, m, (int)passes, (int)thread_count, load, bench_other_work_cores(&other), checksum,
                         threaded ? NULL : no_threads.message);
        } else {
            fprintf(stderr, "error: out of memory\n");
            status = 1;
        }
        free(m);
    }
    skinning_threads_stop(&threads);
    bench_data_free(&d);
    return status;
}
