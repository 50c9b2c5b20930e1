/* bench_obj: how fast is the OBJ loader, next to tinyobjloader? (Not a test.)
 *
 *   bench_obj [--triangles N] [--file PATH] [--runs K]
 *
 * 1. Writes a large OBJ (default about 1,000,000 triangles, ~110 MB) to PATH
 *    (default: obj_bench.obj in the current folder, i.e. the build tree;
 *    never commit it) unless a file of that name already exists. It is a
 *    rolling terrain with positions, texcoords and normals, cut into UV
 *    islands 64 quads wide (UV seams) and smoothing bands 16 quads high with
 *    their own normals (hard edges), so that deduplication has work to do.
 * 2. Runs each contender K times (default 3) as its own process and keeps
 *    the fastest run (sa_process_run, common/platform.h); peak memory is
 *    the child's peak resident memory:
 *      ours:     ch02_obj_loader --model PATH --check (the whole program)
 *      tinyobj:  bench_tinyobj PATH (tinyobjloader + the same dedup), when built
 *    and prints time, MB/s and peak memory, and our ratios to tinyobjloader.
 *
 *   bench_obj --load PATH   (internal) times obj_load() alone in this process
 */
#include "common/files.h"
#include "chapters/02_obj_loader/obj.h"
#include "common/platform.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef BENCH_CH02_PROGRAM
#define BENCH_CH02_PROGRAM ""
#endif
#ifndef BENCH_TINYOBJ_PROGRAM
#define BENCH_TINYOBJ_PROGRAM ""
#endif

enum { ISLAND = 64, BAND = 16 };

static double now_seconds(void)
{
    return sa_time_monotonic();
}

static double height(double x, double z)
{
    return 0.05 * sin(7.0 * x) * cos(5.0 * z);
}

/* Writes a G x G quad terrain as 2 G^2 triangles. */
static bool generate(const char *path, long triangles)
{
    int g = (int)ceil(sqrt((double)triangles / 2.0));
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "error: %s: cannot write\n", path);
        return false;
    }
    static char buffer[1 << 20];
    setvbuf(f, buffer, _IOFBF, sizeof buffer);
    int islands = (g + ISLAND - 1) / ISLAND, bands = (g + BAND - 1) / BAND;
    fprintf(f, "# obj_bench: %d x %d quads, %d triangles (written by bench_obj)\n", g, g, 2 * g * g);
    for (int j = 0; j <= g; j++)
        for (int i = 0; i <= g; i++) {
            double x = (double)i / g, z = (double)j / g;
            fprintf(f, "v %.6f %.6f %.6f\n", x, height(x, z), z);
        }
    /* Texcoords: each island has its own columns, so a boundary column has two. */
    int texcoord_row = 0;
    for (int c = 0; c < islands; c++) {
        int width = c == islands - 1 ? g - c * ISLAND : ISLAND;
        texcoord_row += width + 1;
    }
    for (int j = 0; j <= g; j++)
        for (int c = 0; c < islands; c++) {
            int width = c == islands - 1 ? g - c * ISLAND : ISLAND;
            for (int li = 0; li <= width; li++)
                fprintf(f, "vt %.6f %.6f\n", (double)li / ISLAND, (double)j / g);
        }
    /* Normals: each band has its own rows, tilted one way or the other: a crease between bands. */
    for (int r = 0; r < bands; r++) {
        int rows = r == bands - 1 ? g - r * BAND : BAND;
        for (int lj = 0; lj <= rows; lj++)
            for (int i = 0; i <= g; i++) {
                double x = (double)i / g, z = (double)(r * BAND + lj) / g;
                double nx = -0.35 * cos(7.0 * x) * cos(5.0 * z), nz = 0.25 * sin(7.0 * x) * sin(5.0 * z);
                nz += r % 2 ? 0.3 : -0.3;
                double len = sqrt(nx * nx + 1.0 + nz * nz);
                fprintf(f, "vn %.6f %.6f %.6f\n", nx / len, 1.0 / len, nz / len);
            }
    }
    for (int j = 0; j < g; j++) {
        int r = j / BAND, band_first_row = 0;
        for (int k = 0; k < r; k++)
            band_first_row += BAND + 1;
        for (int i = 0; i < g; i++) {
            int c = i / ISLAND;
            int corner_i[4] = {i, i, i + 1, i + 1}, corner_j[4] = {j, j + 1, j + 1, j};
            long p[4], t[4], n[4];
            for (int k = 0; k < 4; k++) {
                int ci = corner_i[k], cj = corner_j[k];
                p[k] = (long)cj * (g + 1) + ci + 1;
                t[k] = (long)cj * texcoord_row + (long)c * (ISLAND + 1) + (ci - c * ISLAND) + 1;
                n[k] = (long)(band_first_row + cj - r * BAND) * (g + 1) + ci + 1;
            }
            /* Two triangles, counter-clockwise seen from above (+Y). */
            fprintf(f, "f %ld/%ld/%ld %ld/%ld/%ld %ld/%ld/%ld\n", p[0], t[0], n[0], p[1], t[1], n[1], p[2], t[2], n[2]);
            fprintf(f, "f %ld/%ld/%ld %ld/%ld/%ld %ld/%ld/%ld\n", p[0], t[0], n[0], p[2], t[2], n[2], p[3], t[3], n[3]);
        }
    }
    return fclose(f) == 0;
}

static double peak_mb(size_t bytes)
{
    return (double)bytes / (1024.0 * 1024.0); /* (the kilobytes of ru_maxrss / 1024 on Linux) */
}

/* Runs argv as a child; wall time and its peak memory. */
static bool run_child(const char *const argv[], double *seconds, double *peak, bool quiet)
{
    fflush(stdout); /* what this process printed comes before the child's lines */
    sa_process_result child;
    sa_error err;
    if (!sa_process_run(argv, 0, quiet, &child, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return false;
    }
    *seconds = child.seconds;
    *peak = peak_mb(child.peak_memory);
    return child.exited && child.exit_code == 0;
}

static int load_in_process(const char *path)
{
    double bytes;
    sa_error size_err;
    if (!sa_file_size(path, &bytes, &size_err)) {
        fprintf(stderr, "error: %s\n", size_err.message);
        return 1;
    }
    double start = now_seconds();
    obj_mesh mesh;
    sa_error err;
    if (!obj_load(path, &mesh, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 1;
    }
    double seconds = now_seconds() - start;
    double mb = bytes / 1e6;
    printf("obj_load: %.3f s, %.0f MB/s, peak %.1f MB; %zu vertices, %zu triangles, %d-bit indices\n", seconds,
           mb / seconds, peak_mb(sa_peak_memory_bytes()), mesh.vertex_count, mesh.triangle_count, mesh.index_size * 8);
    obj_mesh_free(&mesh);
    return 0;
}

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* its lines end in "\n" on Windows too */
    long triangles = 1000000;
    const char *path = "obj_bench.obj";
    int runs = 3;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--load") == 0 && i + 1 < argc)
            return load_in_process(argv[i + 1]);
        else if (strcmp(argv[i], "--triangles") == 0 && i + 1 < argc)
            triangles = atol(argv[++i]);
        else if (strcmp(argv[i], "--file") == 0 && i + 1 < argc)
            path = argv[++i];
        else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: bench_obj [--triangles N] [--file PATH] [--runs K] | --load PATH\n");
            return 2;
        }
    }
    if (triangles < 2 || runs < 1) {
        fprintf(stderr, "error: --triangles must be >= 2 and --runs >= 1\n");
        return 2;
    }
    double bytes;
    sa_error size_err;
    if (!sa_file_size(path, &bytes, &size_err)) {
        printf("writing %s (%ld triangles) ...\n", path, triangles);
        double t0 = now_seconds();
        if (!generate(path, triangles))
            return 1;
        printf("  written in %.1f s\n", now_seconds() - t0);
        if (!sa_file_size(path, &bytes, &size_err)) {
            fprintf(stderr, "error: %s\n", size_err.message);
            return 1;
        }
    }
    double mb = bytes / 1e6;
    printf("file: %s, %.1f MB\n", path, mb);

    /* Read it once so that every contender finds it in the page cache. */
    FILE *warm = fopen(path, "rb");
    static char chunk[1 << 16];
    while (warm && fread(chunk, 1, sizeof chunk, warm) > 0) {
    }
    if (warm)
        fclose(warm);

    char self[4096];
    sa_executable_path(self, sizeof self);
    struct {
        const char *name;
        const char *argv[6];
    } contenders[3] = {
        {"ours: ch02_obj_loader --check", {BENCH_CH02_PROGRAM, "--model", path, "--check", NULL}},
        {"ours: obj_load() alone", {self, "--load", path, NULL}},
        {"tinyobjloader + dedup", {BENCH_TINYOBJ_PROGRAM, path, NULL}},
    };
    double best_time[3] = {0, 0, 0}, best_peak[3] = {0, 0, 0};
    for (int c = 0; c < 3; c++) {
        double program_bytes;
        if (!contenders[c].argv[0][0] || !sa_file_size(contenders[c].argv[0], &program_bytes, &size_err)) {
            printf("%-32s not built\n", contenders[c].name);
            continue;
        }
        for (int r = 0; r < runs; r++) {
            double seconds, peak;
            if (!run_child(contenders[c].argv, &seconds, &peak, c == 0)) {
                fprintf(stderr, "error: %s failed\n", contenders[c].name);
                return 1;
            }
            if (r == 0 || seconds < best_time[c])
                best_time[c] = seconds;
            if (r == 0 || peak > best_peak[c])
                best_peak[c] = peak;
        }
        printf("%-32s %7.3f s  %6.0f MB/s  peak %7.1f MB\n", contenders[c].name, best_time[c], mb / best_time[c],
               best_peak[c]);
    }
    if (best_time[0] > 0 && best_time[2] > 0)
        printf("ours / tinyobjloader: time %.2fx (goal <= 0.45x), peak memory %.2fx (goal <= 0.9x)\n",
               best_time[0] / best_time[2], best_peak[0] / best_peak[2]);
    return 0;
}
