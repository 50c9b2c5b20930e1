/* bench_gltf: how fast, and with how much memory, a large glTF loads.
 *
 * Generates (once) a large skinned grid: about a million vertices with
 * POSITION, NORMAL, TEXCOORD_0, JOINTS_0 (u8) and WEIGHTS_0 (float), u32
 * indices, a 64-joint skin and a 64-channel animation, as .gltf + .bin and as
 * .glb. Then loads each file with gltf_load() (what `ch03_gltf_loader --check`
 * does: every accessor decoded into the arrays the later chapters use) and,
 * when the build found it, with assimp's aiImportFile() (no post-processing),
 * and prints the best time of several runs and the peak memory.
 *
 * Each load runs in a child process (this program again, started by
 * common/platform.h's sa_process_run), so that its peak resident memory is
 * its own. The child times its load and writes the seconds to a file the
 * parent reads. The "baseline" line is a child that loads nothing: subtract
 * it to compare the loaders alone.
 *
 *   bench_gltf [--out DIR] [--grid N] [--runs K]
 *   bench_gltf --child nothing|ours|assimp FILE TIME_FILE   (what the parent runs)
 *
 * Not a test: CI does not run it. The numbers go into the chapter's report.
 */
#include "common/files.h"
#include "common/platform.h"
#include "gltf.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SA_HAVE_ASSIMP
#include <assimp/cimport.h>
#include <assimp/scene.h>
#endif

#define JOINTS 64
#define KEYS 30

static double now_seconds(void)
{
    return sa_time_monotonic();
}

typedef struct blob {
    unsigned char *data;
    size_t size, capacity;
} blob;

static size_t blob_add(blob *b, const void *data, size_t size)
{
    size_t padded = (size + 3) & ~(size_t)3;
    if (b->size + padded > b->capacity) {
        b->capacity = (b->size + padded) * 2;
        b->data = realloc(b->data, b->capacity);
        if (!b->data) {
            fprintf(stderr, "error: out of memory\n");
            exit(1);
        }
    }
    size_t at = b->size;
    memcpy(b->data + at, data, size);
    memset(b->data + at + size, 0, padded - size);
    b->size += padded;
    return at;
}

/* The grid: n x n vertices in the XZ plane, bent into a column of 64 joints
 * along Y; each vertex weighs two neighbouring joints. */
static bool generate(const char *dir, int n, sa_error *err)
{
    size_t vertex_count = (size_t)n * (size_t)n, quad_count = (size_t)(n - 1) * (size_t)(n - 1);
    float(*pos)[3] = malloc(vertex_count * sizeof *pos), (*nrm)[3] = malloc(vertex_count * sizeof *nrm);
    float(*uv)[2] = malloc(vertex_count * sizeof *uv), (*wgt)[4] = malloc(vertex_count * sizeof *wgt);
    unsigned char(*jnt)[4] = malloc(vertex_count * sizeof *jnt);
    uint32_t *idx = malloc(quad_count * 6 * sizeof *idx);
    if (!pos || !nrm || !uv || !wgt || !jnt || !idx)
        return sa_error_set(err, "out of memory generating the benchmark model");
    for (int z = 0; z < n; z++)
        for (int x = 0; x < n; x++) {
            size_t v = (size_t)z * (size_t)n + (size_t)x;
            float fx = (float)x / (float)(n - 1), fz = (float)z / (float)(n - 1);
            pos[v][0] = fx - 0.5f, pos[v][1] = 2.0f * fz, pos[v][2] = 0.1f * fx * fz;
            nrm[v][0] = 0, nrm[v][1] = 0, nrm[v][2] = 1;
            uv[v][0] = fx, uv[v][1] = fz;
            float j = fz * (JOINTS - 1);
            int j0 = (int)j;
            int j1 = j0 + 1 < JOINTS ? j0 + 1 : j0;
            float t = j - (float)j0;
            jnt[v][0] = (unsigned char)j0, jnt[v][1] = (unsigned char)j1, jnt[v][2] = 0, jnt[v][3] = 0;
            wgt[v][0] = 1.0f - t, wgt[v][1] = t, wgt[v][2] = 0, wgt[v][3] = 0;
        }
    size_t q = 0;
    for (int z = 0; z + 1 < n; z++)
        for (int x = 0; x + 1 < n; x++) {
            uint32_t a = (uint32_t)(z * n + x), b = a + 1, c = a + (uint32_t)n, d = c + 1;
            idx[q++] = a, idx[q++] = c, idx[q++] = b;
            idx[q++] = b, idx[q++] = c, idx[q++] = d;
        }
    float ibm[JOINTS][16], times[KEYS], rot[KEYS][4];
    for (int j = 0; j < JOINTS; j++) {
        memset(ibm[j], 0, sizeof ibm[j]);
        ibm[j][0] = ibm[j][5] = ibm[j][10] = ibm[j][15] = 1;
        ibm[j][13] = -2.0f * (float)j / (JOINTS - 1);
    }
    for (int k = 0; k < KEYS; k++) {
        times[k] = (float)k / 30.0f;
        float angle = 0.1f * sinf((float)k / KEYS * 6.2831853f);
        rot[k][0] = sinf(angle / 2), rot[k][1] = 0, rot[k][2] = 0, rot[k][3] = cosf(angle / 2);
    }

    blob bin = {0};
    size_t o_pos = blob_add(&bin, pos, vertex_count * sizeof *pos);
    size_t o_nrm = blob_add(&bin, nrm, vertex_count * sizeof *nrm);
    size_t o_uv = blob_add(&bin, uv, vertex_count * sizeof *uv);
    size_t o_jnt = blob_add(&bin, jnt, vertex_count * sizeof *jnt);
    size_t o_wgt = blob_add(&bin, wgt, vertex_count * sizeof *wgt);
    size_t o_idx = blob_add(&bin, idx, quad_count * 6 * sizeof *idx);
    size_t o_ibm = blob_add(&bin, ibm, sizeof ibm);
    size_t o_time = blob_add(&bin, times, sizeof times);
    size_t o_rot = blob_add(&bin, rot, sizeof rot);
    free(pos), free(nrm), free(uv), free(wgt), free(jnt), free(idx);

    /* The JSON: nodes 0..63 are the joint chain, node 64 the skinned mesh. */
    size_t json_capacity = 64 * 1024;
    char *json = malloc(json_capacity);
    size_t at = 0;
#define PUT(...) (at += (size_t)snprintf(json + at, json_capacity - at, __VA_ARGS__))
    PUT("{\"asset\":{\"version\":\"2.0\",\"generator\":\"bench_gltf\"},\"scene\":0,"
        "\"scenes\":[{\"nodes\":[0,%d]}],\"nodes\":[",
        JOINTS);
    for (int j = 0; j < JOINTS; j++) {
        PUT("{\"name\":\"joint%d\",\"translation\":[0,%g,0]", j, j == 0 ? 0.0 : 2.0 / (JOINTS - 1));
        if (j + 1 < JOINTS)
            PUT(",\"children\":[%d]", j + 1);
        PUT("},");
    }
    PUT("{\"name\":\"grid\",\"mesh\":0,\"skin\":0}],");
    PUT("\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1,\"TEXCOORD_0\":2,"
        "\"JOINTS_0\":3,\"WEIGHTS_0\":4},\"indices\":5}]}],");
    PUT("\"skins\":[{\"joints\":[");
    for (int j = 0; j < JOINTS; j++)
        PUT("%s%d", j ? "," : "", j);
    PUT("],\"inverseBindMatrices\":6,\"skeleton\":0}],");
    PUT("\"animations\":[{\"name\":\"wave\",\"samplers\":[{\"input\":7,\"output\":8}],\"channels\":[");
    for (int j = 0; j < JOINTS; j++)
        PUT("%s{\"sampler\":0,\"target\":{\"node\":%d,\"path\":\"rotation\"}}", j ? "," : "", j);
    PUT("]}],");
    PUT("\"buffers\":[{\"byteLength\":%zu%%s}],", bin.size); /* %s: the uri, or nothing in the GLB */
    PUT("\"bufferViews\":[{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu},{\"buffer\":0,\"byteOffset\":%zu,"
        "\"byteLength\":%zu},{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu},{\"buffer\":0,\"byteOffset\":%zu,"
        "\"byteLength\":%zu},{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu},{\"buffer\":0,\"byteOffset\":%zu,"
        "\"byteLength\":%zu},{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu},{\"buffer\":0,\"byteOffset\":%zu,"
        "\"byteLength\":%zu},{\"buffer\":0,\"byteOffset\":%zu,\"byteLength\":%zu}],",
        o_pos, vertex_count * 12, o_nrm, vertex_count * 12, o_uv, vertex_count * 8, o_jnt, vertex_count * 4, o_wgt,
        vertex_count * 16, o_idx, quad_count * 24, o_ibm, sizeof ibm, o_time, sizeof times, o_rot, sizeof rot);
    PUT("\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":%zu,\"type\":\"VEC3\","
        "\"min\":[-0.5,0,0],\"max\":[0.5,2,0.1]},"
        "{\"bufferView\":1,\"componentType\":5126,\"count\":%zu,\"type\":\"VEC3\"},"
        "{\"bufferView\":2,\"componentType\":5126,\"count\":%zu,\"type\":\"VEC2\"},"
        "{\"bufferView\":3,\"componentType\":5121,\"count\":%zu,\"type\":\"VEC4\"},"
        "{\"bufferView\":4,\"componentType\":5126,\"count\":%zu,\"type\":\"VEC4\"},"
        "{\"bufferView\":5,\"componentType\":5125,\"count\":%zu,\"type\":\"SCALAR\"},"
        "{\"bufferView\":6,\"componentType\":5126,\"count\":%d,\"type\":\"MAT4\"},"
        "{\"bufferView\":7,\"componentType\":5126,\"count\":%d,\"type\":\"SCALAR\",\"min\":[0],\"max\":[%g]},"
        "{\"bufferView\":8,\"componentType\":5126,\"count\":%d,\"type\":\"VEC4\"}]}",
        vertex_count, vertex_count, vertex_count, vertex_count, vertex_count, quad_count * 6, JOINTS, KEYS,
        (double)times[KEYS - 1], KEYS);
#undef PUT

    char path[SA_PATH_MAX], text[64 * 1024 + 256];
    /* .gltf + .bin */
    snprintf(path, sizeof path, "%s/bench.bin", dir);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(bin.data, 1, bin.size, f) != bin.size || fclose(f) != 0)
        return sa_error_set(err, "%s: cannot write: %s", path, strerror(errno));
    snprintf(text, sizeof text, json, ",\"uri\":\"bench.bin\"");
    snprintf(path, sizeof path, "%s/bench.gltf", dir);
    f = fopen(path, "wb");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0)
        return sa_error_set(err, "%s: cannot write: %s", path, strerror(errno));
    /* .glb: header, JSON chunk (padded with spaces), BIN chunk */
    snprintf(text, sizeof text, json, "");
    size_t json_length = strlen(text);
    while (json_length % 4)
        text[json_length++] = ' ';
    uint32_t header[5] = {GLB_MAGIC, 2, (uint32_t)(12 + 8 + json_length + 8 + bin.size), (uint32_t)json_length,
                          GLB_CHUNK_JSON};
    uint32_t bin_header[2] = {(uint32_t)bin.size, GLB_CHUNK_BIN};
    snprintf(path, sizeof path, "%s/bench.glb", dir);
    f = fopen(path, "wb");
    if (!f || fwrite(header, 4, 5, f) != 5 || fwrite(text, 1, json_length, f) != json_length ||
        fwrite(bin_header, 4, 2, f) != 2 || fwrite(bin.data, 1, bin.size, f) != bin.size || fclose(f) != 0)
        return sa_error_set(err, "%s: cannot write: %s", path, strerror(errno));
    free(json);
    free(bin.data);
    return true;
}

typedef enum loader_kind { LOAD_NOTHING, LOAD_OURS, LOAD_ASSIMP } loader_kind;

static const char *const loader_names[] = {"nothing", "ours", "assimp"};

/* The child: one load of `path`, its seconds (the load, not the free)
 * written to time_path. Exit 0 when it loaded. */
static int child_main(loader_kind kind, const char *path, const char *time_path)
{
    double t0 = now_seconds();
    bool ok = true;
    if (kind == LOAD_OURS) {
        gltf_document doc;
        sa_error err;
        ok = gltf_load(path, NULL, &doc, &err);
        if (!ok)
            fprintf(stderr, "error: %s\n", err.message);
        else if (doc.meshes[0].primitives[0].vertex_count == 0)
            ok = false;
        double t = now_seconds() - t0;
        if (ok)
            gltf_free(&doc);
        t0 = now_seconds() - t; /* report the load, not the free */
    }
#ifdef SA_HAVE_ASSIMP
    if (kind == LOAD_ASSIMP) {
        const struct aiScene *scene = aiImportFile(path, 0);
        ok = scene && scene->mNumMeshes > 0;
        if (!ok)
            fprintf(stderr, "error: assimp: %s\n", aiGetErrorString());
        double t = now_seconds() - t0;
        if (scene)
            aiReleaseImport(scene);
        t0 = now_seconds() - t;
    }
#endif
    double t = now_seconds() - t0;
    FILE *f = fopen(time_path, "w");
    bool written = f && fprintf(f, "%.17g\n", t) > 0;
    if (f && fclose(f) != 0)
        written = false;
    return ok && written ? 0 : 1;
}

/* Runs one load in a child; returns its time (seconds) and peak RSS (KiB). */
static bool measure(loader_kind kind, const char *path, const char *time_path, double *seconds, long *peak_kib)
{
    char self[SA_PATH_MAX];
    sa_executable_path(self, sizeof self);
    const char *argv[] = {self, "--child", loader_names[kind], path, time_path, NULL};
    sa_process_result child;
    sa_error err;
    if (!self[0] || !sa_process_run(argv, 0, false, &child, &err) || !child.exited || child.exit_code != 0)
        return false;
    FILE *f = fopen(time_path, "r");
    double t = -1;
    bool read = f && fscanf(f, "%lf", &t) == 1;
    if (f)
        fclose(f);
    remove(time_path);
    if (!read)
        return false;
    *seconds = t;
    *peak_kib = (long)(child.peak_memory / 1024);
    return true;
}

static void report(const char *name, loader_kind kind, const char *path, const char *time_path, int runs, double *best,
                   long *peak)
{
    *best = 1e30, *peak = 0;
    for (int r = 0; r < runs; r++) {
        double t;
        long kib;
        if (!measure(kind, path, time_path, &t, &kib)) {
            printf("%-26s failed\n", name);
            *best = -1;
            return;
        }
        *best = t < *best ? t : *best;
        *peak = kib > *peak ? kib : *peak;
    }
    printf("%-26s %8.1f ms   peak %8.1f MiB\n", name, *best * 1e3, (double)*peak / 1024.0);
}

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* its lines end in "\n" on Windows too */
    if (argc == 5 && strcmp(argv[1], "--child") == 0) {
        for (int kind = LOAD_NOTHING; kind <= LOAD_ASSIMP; kind++)
            if (strcmp(argv[2], loader_names[kind]) == 0)
                return child_main((loader_kind)kind, argv[3], argv[4]);
        fprintf(stderr, "error: --child %s: not a loader (nothing, ours, assimp)\n", argv[2]);
        return 2;
    }
    const char *out = ".";
    int grid = 1000, runs = 5;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "--grid") == 0 && i + 1 < argc)
            grid = atoi(argv[++i]);
        else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: bench_gltf [--out DIR] [--grid N (vertices = N*N)] [--runs K]\n");
            return 2;
        }
    }
    if (grid < 2 || grid > 4000 || runs < 1) {
        fprintf(stderr, "error: --grid must be 2..4000 and --runs at least 1\n");
        return 2;
    }
    sa_error err;
    char glb[SA_PATH_MAX], gltf[SA_PATH_MAX];
    snprintf(glb, sizeof glb, "%s/bench.glb", out);
    snprintf(gltf, sizeof gltf, "%s/bench.gltf", out);
    char time_path[SA_PATH_MAX];
    snprintf(time_path, sizeof time_path, "%s/bench_child_time.txt", out);
    double t0 = now_seconds();
    if (!generate(out, grid, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 1;
    }
    double glb_bytes = 0;
    if (!sa_file_size(glb, &glb_bytes, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 1;
    }
    printf("model: %s (%d x %d = %d vertices, %d joints, %d keys; %.1f MiB; written in %.0f ms)\n", glb, grid, grid,
           grid * grid, JOINTS, KEYS, glb_bytes / 1048576.0, (now_seconds() - t0) * 1e3);
    printf("best of %d runs; peak = maximum resident memory of the child process\n", runs);

    double t_base, t_ours_glb, t_ours_gltf, t_assimp = -1;
    long m_base, m_ours_glb, m_ours_gltf, m_assimp = 0;
    report("baseline (no load)", LOAD_NOTHING, glb, time_path, 1, &t_base, &m_base);
    report("ours .gltf + .bin", LOAD_OURS, gltf, time_path, runs, &t_ours_gltf, &m_ours_gltf);
    report("ours .glb", LOAD_OURS, glb, time_path, runs, &t_ours_glb, &m_ours_glb);
#ifdef SA_HAVE_ASSIMP
    double t_assimp_gltf;
    long m_assimp_gltf;
    report("assimp .gltf + .bin", LOAD_ASSIMP, gltf, time_path, runs, &t_assimp_gltf, &m_assimp_gltf);
    report("assimp .glb", LOAD_ASSIMP, glb, time_path, runs, &t_assimp, &m_assimp);
#else
    printf("assimp: not found at configure time (install libassimp-dev to compare)\n");
#endif
    if (t_assimp > 0 && t_ours_glb > 0) {
        double time_ratio = t_ours_glb / t_assimp;
        double memory_ratio = (double)(m_ours_glb - m_base) / (double)(m_assimp - m_base);
        printf("ours / assimp on .glb: time %.2fx (goal <= 0.45x), peak memory above baseline %.2fx (goal <= 0.6x)\n",
               time_ratio, memory_ratio);
    }
    return t_ours_glb > 0 && t_ours_gltf > 0 ? 0 : 1;
}
