/* bench_sampling: how fast clip_sample() runs on one core (a program, not a
 * test: speed is measured here, never by timed tests).
 *
 * 100 joints, each with a translation (LINEAR), a rotation (LINEAR: slerp)
 * and a scale (LINEAR) track of 200 keys 1/30 s apart, played forward at
 * 60 Hz over the whole clip. Each figure is the median of the passes (21 by
 * default), in nanoseconds per joint sampled (three tracks):
 *
 *   cursor_ns_per_joint_sample      clip_sample() with a cursor per track
 *   bsearch_ns_per_joint_sample     clip_sample() with a binary search each time
 *   compressed_ns_per_joint_sample  packed_clip_sample() (compress.h, 0.1 mm
 *                                   tolerance: the random keys all stay), cursors
 *
 * On stderr: a straightforward C loop doing the same work (a walking index
 * per track, lerp or quat_slerp written out over the same keys), the
 * ratios, the machine's load, and quat_slerp against a normalized lerp
 * (nlerp) alone, over the rotation tracks' neighbouring keys (book 08).
 *
 *   bench_sampling [--joints N] [--keys N] [--passes N] [--only KIND]
 *
 * --only cursor|bsearch|compressed|plain times that kind alone and prints its
 * line only (plain: plain_loop_ns_per_joint_sample, on stdout): for counting
 * instructions, e.g. valgrind --tool=callgrind --toggle-collect=clip_sample
 * bench_sampling --passes 1 --only cursor (clip_sample runs (passes + 1) x
 * 399 times, each sampling 100 joints).
 */
#include "common/files.h"
#include "compress.h"

#include "common/platform.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rng_state = 8u;
static float uniform(float lo, float hi) /* a small LCG: the same data on every run */
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng_state >> 8) / 16777216.0f;
}

/* This thread's CPU time: time spent waiting for a shared core is left out
 * (common/platform.h's stage clock: on Windows, whose thread times are too
 * coarse for this, the monotonic clock). */
static double cpu_seconds(void)
{
    return sa_time_stage();
}

/* The plain loop's data: per track, its keys and a walking index. */
typedef struct plain_track {
    const float *times, *values;
    float *out;
    int key;
} plain_track;

/* Each track's index walks forward (back to 0 when a pass starts again),
 * then a lerp, or quat_slerp for the rotations (the second track of each
 * joint's three). */
static void plain_sample(plain_track *tracks, int track_count, int key_count, float t)
{
    for (int i = 0; i < track_count; i++) {
        plain_track *p = &tracks[i];
        if (t < p->times[p->key])
            p->key = 0;
        while (p->key < key_count - 2 && p->times[p->key + 1] <= t)
            p->key++;
        int k = p->key;
        float u = (t - p->times[k]) / (p->times[k + 1] - p->times[k]);
        u = u < 0.0f ? 0.0f : u > 1.0f ? 1.0f : u;
        if (i % 3 == TRACK_ROTATION) {
            quat_slerp(p->values + 4 * k, p->values + 4 * k + 4, u, p->out);
            continue;
        }
        const float *v = p->values + 3 * k;
        for (int c = 0; c < 3; c++)
            p->out[c] = v[c] + u * (v[3 + c] - v[c]);
    }
}

/* The normalized lerp, for the comparison with slerp: the chord from a to
 * b (or -b, the nearer one), normalized. */
static void quat_nlerp(const float a[4], const float b[4], float t, float out[4])
{
    float dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3], sign = dot < 0.0f ? -1.0f : 1.0f, length = 0;
    for (int i = 0; i < 4; i++) {
        out[i] = a[i] + t * (sign * b[i] - a[i]);
        length += out[i] * out[i];
    }
    float inverse = 1.0f / sqrtf(length);
    for (int i = 0; i < 4; i++)
        out[i] *= inverse;
}

/* Nanoseconds per call of interpolate over every rotation track's key pairs
 * at 7 values of t (median of `passes`). */
static double ns_per_rotation(const clip *c, void (*interpolate)(const float *, const float *, float, float *),
                              int passes, double *checksum)
{
    double ns[101];
    long calls = 0;
    for (int pass = -1; pass < passes; pass++) {
        double start = cpu_seconds();
        calls = 0;
        for (int i = TRACK_ROTATION; i < c->track_count; i += 3)
            for (int k = 0; k + 1 < c->tracks[i].key_count; k++)
                for (int step = 1; step <= 7; step++, calls++) {
                    float out[4];
                    interpolate(c->tracks[i].values + 4 * k, c->tracks[i].values + 4 * k + 4, step / 8.0f, out);
                    *checksum += out[0];
                }
        if (pass >= 0)
            ns[pass] = 1e9 * (cpu_seconds() - start) / (double)calls;
    }
    for (int a = 1; a < passes; a++)
        for (int b = a; b > 0 && ns[b - 1] > ns[b]; b--) {
            double swap = ns[b];
            ns[b] = ns[b - 1], ns[b - 1] = swap;
        }
    return ns[passes / 2];
}

enum { CURSOR, BSEARCH, COMPRESSED, PLAIN, KINDS };
static const char *const kind_names[KINDS] = {"cursor", "bsearch", "compressed", "plain"};

/* The three lines, then on stderr the plain loop, the ratios, the load and
 * slerp against nlerp. */
static void print_all(const double *median, const clip *c, const packed_clip *packed, int joints, int keys, int frames,
                      int passes, double checksum)
{
    printf("cursor_ns_per_joint_sample: %.2f\n", median[CURSOR]);
    printf("bsearch_ns_per_joint_sample: %.2f\n", median[BSEARCH]);
    printf("compressed_ns_per_joint_sample: %.2f\n", median[COMPRESSED]);
    double load = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f && fscanf(f, "%lf", &load) != 1)
        load = -1;
    if (f)
        fclose(f);
    fprintf(stderr,
            "plain_loop_ns_per_joint_sample: %.2f\n"
            "cursor / plain loop: %.2f (goal: about 1)\nbsearch / cursor: %.2f (goal: >= 1.3)\n"
            "(%d joints x 3 tracks of %d keys, %d frames at 60 Hz, median of %d passes, one core; load %.2f; "
            "checksum %.3f; compressed: %zu of %zu bytes)\n",
            median[PLAIN], median[CURSOR] / median[PLAIN], median[BSEARCH] / median[CURSOR], joints, keys, frames + 1,
            passes, load, checksum, packed_clip_bytes(packed), clip_bytes(c));
    double slerp_ns = ns_per_rotation(c, quat_slerp, passes, &checksum);
    double nlerp_ns = ns_per_rotation(c, quat_nlerp, passes, &checksum);
    fprintf(stderr, "slerp_ns_per_call: %.2f\nnlerp_ns_per_call: %.2f\nslerp / nlerp: %.2f (checksum %.3f)\n", slerp_ns,
            nlerp_ns, slerp_ns / nlerp_ns, checksum);
}

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* its lines end in "\n" on Windows too */
    int joints = 100, keys = 200, passes = 21, only = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            for (int kind = 0; kind < KINDS; kind++)
                if (!strcmp(argv[i + 1], kind_names[kind]))
                    only = kind;
            if (only >= 0) {
                i++;
                continue;
            }
        }
        int *target = !strcmp(argv[i], "--joints")   ? &joints
                      : !strcmp(argv[i], "--keys")   ? &keys
                      : !strcmp(argv[i], "--passes") ? &passes
                                                     : NULL;
        if (!target || i + 1 >= argc || (*target = atoi(argv[++i])) < 1 || (target == &keys && keys < 2)) {
            fprintf(stderr, "usage: bench_sampling [--joints N] [--keys N >= 2] [--passes N] "
                            "[--only cursor|bsearch|compressed|plain]\n");
            return 2;
        }
    }
    if (passes > 101)
        passes = 101;
    float *times = malloc((size_t)keys * sizeof *times);
    float *values = malloc((size_t)keys * 4 * sizeof *values);
    transform *rest = malloc((size_t)joints * sizeof *rest), *pose = malloc((size_t)joints * sizeof *pose);
    plain_track *plain = malloc((size_t)joints * 3 * sizeof *plain);
    int *cursors = calloc((size_t)joints * 3, sizeof *cursors);
    if (!times || !values || !rest || !pose || !plain || !cursors)
        return fprintf(stderr, "error: out of memory\n"), 1;
    for (int k = 0; k < keys; k++)
        times[k] = (float)k / 30.0f;
    for (int j = 0; j < joints; j++)
        transform_identity(&rest[j]);
    clip c;
    sa_error err;
    bool ok = clip_init(&c, "bench", joints, rest, &err);
    for (int j = 0; ok && j < joints; j++)
        for (int path = TRACK_TRANSLATION; ok && path <= TRACK_SCALE; path++) {
            int n = path == TRACK_ROTATION ? 4 : 3;
            for (int v = 0; v < keys * n; v++)
                values[v] = path == TRACK_SCALE ? uniform(0.8f, 1.2f) : uniform(-1, 1);
            ok = clip_add_track(&c, j, (track_path)path, TRACK_LINEAR, keys, times, values, &err);
        }
    if (!ok)
        return fprintf(stderr, "error: %s\n", err.message), 1;
    /* The plain loop reads the clip's own (normalized) keys, writes the same pose. */
    for (int i = 0; i < c.track_count; i++) {
        float *out = transform_path(&pose[c.tracks[i].joint], c.tracks[i].path);
        plain[i] = (plain_track){c.tracks[i].times, c.tracks[i].values, out, 0};
    }

    packed_clip packed;
    if (!clip_pack(&c, 1e-4f, 1.0f, &packed, &err))
        return fprintf(stderr, "error: %s\n", err.message), 1;
    int frames = (int)(c.duration * 60.0f);
    double median[KINDS], checksum = 0;
    for (int kind = 0; kind < KINDS; kind++) {
        if (only >= 0 && kind != only)
            continue;
        double ns[101];
        for (int pass = -1; pass < passes; pass++) { /* pass -1 warms up */
            double start = cpu_seconds();
            for (int f = 0; f <= frames; f++) {
                float t = (float)f / 60.0f;
                if (kind == PLAIN)
                    plain_sample(plain, c.track_count, keys, t);
                else if (kind == COMPRESSED)
                    packed_clip_sample(&packed, t, cursors, pose);
                else
                    clip_sample(&c, t, kind == CURSOR ? cursors : NULL, pose);
                checksum += pose[f % joints].rotation[0];
            }
            if (pass >= 0)
                ns[pass] = 1e9 * (cpu_seconds() - start) / ((double)(frames + 1) * joints);
        }
        for (int a = 1; a < passes; a++) /* insertion sort: a few dozen figures */
            for (int b = a; b > 0 && ns[b - 1] > ns[b]; b--) {
                double swap = ns[b];
                ns[b] = ns[b - 1], ns[b - 1] = swap;
            }
        median[kind] = ns[passes / 2];
    }
    if (only >= 0)
        printf("%s_ns_per_joint_sample: %.2f\n", only == PLAIN ? "plain_loop" : kind_names[only], median[only]);
    else
        print_all(median, &c, &packed, joints, keys, frames, passes, checksum);
    packed_clip_free(&packed);
    clip_free(&c);
    free(times), free(values), free(rest), free(pose), free(plain), free(cursors);
    return 0;
}
