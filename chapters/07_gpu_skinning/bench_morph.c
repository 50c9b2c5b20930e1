/* bench_morph: what one morph target costs per vertex, on the CPU (chapter
 * 06's skinning job) and in the vertex shader (this chapter's); a program,
 * not a test: speed is measured here, never by timed tests.
 *
 * N vertices (--vertices, 100000 by default), each skinned by four of 64
 * joints, with T targets (--targets, 16) that all move the position and the
 * normal, every weight non-zero (none skipped). Each figure is the median of
 * the passes (--passes, 11); a target's cost is the difference between the
 * job with its T targets and the same job without, divided by N x T:
 *
 *   vertices: N
 *   targets: T
 *   cpu_skin_ns_per_vertex: X              skinning_job_run() without targets,
 *                                          one thread, by its CPU time
 *   cpu_morph_ns_per_vertex_per_target: X  what each target adds to it
 *   gpu: RENDERER                          GL_RENDERER (llvmpipe: the CPU again)
 *   gpu_skin_ns_per_vertex: X              skin_capture() without targets:
 *                                          transform feedback of the N vertices
 *                                          and their read-back, by the wall clock
 *                                          (it returns once the GPU is done)
 *   gpu_morph_ns_per_vertex_per_target: X  what each active target adds to it
 *
 * Without a GL context the gpu lines are left out, and stderr says why.
 *
 *   bench_morph [--vertices N] [--targets T (1 to 64)] [--passes N (3 to 64)]
 */
#include "gpu_skin.h"

#include "common/app.h"
#include "common/files.h"
#include "common/platform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JOINTS 64

static uint32_t rng_state = 12345u;
static float uniform(float lo, float hi) /* a small LCG: the same data on every run */
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng_state >> 8) / 16777216.0f;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct bench_data {
    size_t n;
    int target_count;
    float (*positions)[3], (*normals)[3];
    uint8_t (*joints)[4];
    float (*weights)[4];
    float (*deltas)[3];                 /* [2 target_count n]: target t's positions at 2 t n, normals at (2 t + 1) n */
    const float (**position_deltas)[3]; /* [target_count] */
    const float (**normal_deltas)[3];   /* [target_count] */
    float *morph_weights;               /* [target_count] */
    float (*out_positions)[3], (*out_normals)[3];
    mat4 skin_matrix[JOINTS];
} bench_data;

static bool make_data(bench_data *d)
{
    size_t n = d->n, t = (size_t)d->target_count;
    d->positions = malloc(n * sizeof *d->positions);
    d->normals = malloc(n * sizeof *d->normals);
    d->joints = malloc(n * sizeof *d->joints);
    d->weights = malloc(n * sizeof *d->weights);
    d->deltas = malloc(2 * t * n * sizeof *d->deltas);
    d->position_deltas = malloc(t * sizeof *d->position_deltas);
    d->normal_deltas = malloc(t * sizeof *d->normal_deltas);
    d->morph_weights = malloc(t * sizeof *d->morph_weights);
    d->out_positions = malloc(n * sizeof *d->out_positions);
    d->out_normals = malloc(n * sizeof *d->out_normals);
    if (!d->positions || !d->normals || !d->joints || !d->weights || !d->deltas || !d->position_deltas ||
        !d->normal_deltas || !d->morph_weights || !d->out_positions || !d->out_normals)
        return false;
    for (size_t v = 0; v < n; v++) {
        float sum = 0.0f;
        for (int k = 0; k < 4; k++) {
            d->positions[v][k % 3] = uniform(-1.0f, 1.0f);
            d->joints[v][k] = (uint8_t)(uniform(0.0f, (float)JOINTS - 0.01f));
            d->weights[v][k] = uniform(0.1f, 1.0f);
            sum += d->weights[v][k];
        }
        for (int k = 0; k < 4; k++)
            d->weights[v][k] /= sum;
        glm_vec3_normalize_to((vec3){uniform(-1.0f, 1.0f), uniform(-1.0f, 1.0f), 1.0f}, d->normals[v]);
    }
    for (size_t i = 0; i < 2 * t * n; i++)
        for (int c = 0; c < 3; c++)
            d->deltas[i][c] = uniform(-0.1f, 0.1f);
    for (size_t k = 0; k < t; k++) {
        d->position_deltas[k] = (const float(*)[3])d->deltas + 2 * k * n;
        d->normal_deltas[k] = (const float(*)[3])d->deltas + (2 * k + 1) * n;
        d->morph_weights[k] = uniform(0.1f, 1.0f);
    }
    for (int j = 0; j < JOINTS; j++) {
        glm_rotate_make(d->skin_matrix[j], uniform(-1.0f, 1.0f), (vec3){uniform(-1, 1), 1.0f, uniform(-1, 1)});
        glm_vec3_copy((vec3){uniform(-0.1f, 0.1f), uniform(-0.1f, 0.1f), 0.0f}, d->skin_matrix[j][3]);
    }
    return true;
}

static void free_data(bench_data *d)
{
    free(d->positions);
    free(d->normals);
    free(d->joints);
    free(d->weights);
    free(d->deltas);
    free(d->position_deltas);
    free(d->normal_deltas);
    free(d->morph_weights);
    free(d->out_positions);
    free(d->out_normals);
}

/* The medians of `passes` passes without targets and with them, in
 * seconds; the two alternate, so that both see the same moments of the
 * machine. */
typedef struct timing {
    double without, with;
} timing;

static timing cpu_timing(bench_data *d, int passes)
{
    skinning_job job = {.vertex_count = d->n,
                        .joint_count = JOINTS,
                        .skin_matrix = d->skin_matrix,
                        .joints_u8 = (const uint8_t(*)[4])d->joints,
                        .weights = (const float(*)[4])d->weights,
                        .positions = (const float(*)[3])d->positions,
                        .normals = (const float(*)[3])d->normals,
                        .out_positions = d->out_positions,
                        .out_normals = d->out_normals};
    skinning_job morphed = job;
    morphed.target_count = d->target_count;
    morphed.morph_weights = d->morph_weights;
    morphed.position_deltas = d->position_deltas;
    morphed.normal_deltas = d->normal_deltas;
    double times[2][64];
    skinning_job_run(&morphed); /* a pass to warm up: every page touched */
    for (int p = 0; p < passes; p++)
        for (int k = 0; k < 2; k++) {
            double start = sa_time_thread_cpu();
            skinning_job_run(k ? &morphed : &job);
            times[k][p] = sa_time_thread_cpu() - start;
        }
    qsort(times[0], (size_t)passes, sizeof(double), compare_doubles);
    qsort(times[1], (size_t)passes, sizeof(double), compare_doubles);
    return (timing){times[0][passes / 2], times[1][passes / 2]};
}

/* The same vertices and targets through the vertex shader (skin.vert),
 * read back by transform feedback. */
static bool gpu_timing(bench_data *d, int passes, timing *out, sa_error *err)
{
    gltf_primitive prim = {.vertex_count = d->n,
                           .positions = (const float(*)[3])d->positions,
                           .normals = (const float(*)[3])d->normals};
    skin_influences inf = {.vertex_count = d->n, .joint_count = JOINTS, .joints_u8 = d->joints, .weights = d->weights};
    gpu_mesh mesh = {0};
    skin_program program = {0};
    skin_palette palette = {0};
    GLuint texture = 0;
    morph_active active;
    bool ok = skin_mesh_upload(&mesh, &prim, &inf, err) &&
              skin_program_load(&program, SKIN_LINEAR, SKIN_UNIFORM_BLOCK, JOINTS, err) &&
              skin_palette_init(&palette, SKIN_UNIFORM_BLOCK, JOINTS, err) &&
              morph_texture_upload(&texture, d->n, d->target_count, d->position_deltas, d->normal_deltas, err);
    if (ok) {
        skin_palette_upload_matrices(&palette, JOINTS, d->skin_matrix);
        morph_active_choose(d->target_count, d->morph_weights, &active);
        glUseProgram(program.program.id);
        skin_palette_bind(&palette);
        double times[2][64];
        for (int p = -1; ok && p < passes; p++) /* pass -1 warms up */
            for (int k = 0; ok && k < 2; k++) {
                morph_bind(&program, texture, k ? d->target_count : 0, &active);
                double start = sa_time_monotonic();
                ok = skin_capture(&mesh, d->n, d->out_positions, d->out_normals, err);
                if (p >= 0)
                    times[k][p] = sa_time_monotonic() - start;
            }
        qsort(times[0], (size_t)passes, sizeof(double), compare_doubles);
        qsort(times[1], (size_t)passes, sizeof(double), compare_doubles);
        *out = (timing){times[0][passes / 2], times[1][passes / 2]};
    }
    if (texture)
        glDeleteTextures(1, &texture);
    skin_palette_free(&palette);
    skin_program_unload(&program);
    gpu_mesh_unload(&mesh);
    return ok;
}

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* its lines end in "\n" on Windows too */
    long vertices = 100000, targets = 16, passes = 11;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--vertices") == 0)
            vertices = strtol(argv[++i], NULL, 10);
        else if (i + 1 < argc && strcmp(argv[i], "--targets") == 0)
            targets = strtol(argv[++i], NULL, 10);
        else if (i + 1 < argc && strcmp(argv[i], "--passes") == 0)
            passes = strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: bench_morph [--vertices N] [--targets T (1 to %d)] [--passes N (3 to 64)]\n",
                    MORPH_MAX_ACTIVE);
            return 2;
        }
    }
    if (vertices < 1 || vertices > 10000000 || targets < 1 || targets > MORPH_MAX_ACTIVE || passes < 3 || passes > 64) {
        fprintf(stderr, "error: --vertices 1..10000000, --targets 1..%d and --passes 3..64\n", MORPH_MAX_ACTIVE);
        return 2;
    }
    bench_data d = {.n = (size_t)vertices, .target_count = (int)targets};
    if (!make_data(&d)) {
        free_data(&d);
        fprintf(stderr, "error: out of memory for %ld vertices and %ld targets\n", vertices, targets);
        return 1;
    }
    double per = 1e9 / ((double)vertices * (double)targets);
    timing cpu = cpu_timing(&d, (int)passes);
    printf("vertices: %ld\ntargets: %ld\n", vertices, targets);
    printf("cpu_skin_ns_per_vertex: %.3f\n", 1e9 * cpu.without / (double)vertices);
    printf("cpu_morph_ns_per_vertex_per_target: %.3f\n", (cpu.with - cpu.without) * per);
    fflush(stdout);

    static const cli_spec spec = {"bench_morph", "morph targets' cost", false, NULL, 0, NULL, 0, NULL, 0, false};
    const char *gl_argv[] = {"bench_morph", "--headless", "--size", "64x64"};
    app_options options;
    app a;
    sa_error err;
    if (!cli_parse(&spec, 4, (char **)gl_argv, &options, &err) || !app_open(&a, &spec, &options, &err)) {
        fprintf(stderr, "note: no GL context (%s): the GPU is not measured\n", err.message);
        free_data(&d);
        return 0;
    }
    timing gpu;
    bool ok = gpu_timing(&d, (int)passes, &gpu, &err);
    if (ok) {
        printf("gpu: %s\n", (const char *)glGetString(GL_RENDERER));
        printf("gpu_skin_ns_per_vertex: %.3f\n", 1e9 * gpu.without / (double)vertices);
        printf("gpu_morph_ns_per_vertex_per_target: %.3f\n", (gpu.with - gpu.without) * per);
    }
    app_close(&a);
    free_data(&d);
    return ok ? 0 : app_fail(&err);
}
