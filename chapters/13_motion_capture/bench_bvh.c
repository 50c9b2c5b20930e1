/* bench_bvh: how long reading a BVH file takes, and how many bytes its clip
 * takes against the file's (a program, not a test: speed is measured here,
 * never by timed tests). Book 13 quotes its lines for CMU's 01_03.bvh.
 *
 *   bench_bvh [FILE] [--passes N]      default: 01_03.bvh of SA_BVH_DIR, 11 passes
 *
 * Each time is the median of the passes, in milliseconds of the thread's CPU
 * time (sa_time_stage: other programs' load left out; the file is in the
 * system's cache after the first pass):
 *   read_ms     the file read into memory (common/files.h) and parsed (bvh_parse)
 *   parse_ms    bvh_parse alone, on the text already in memory
 *   clip_ms     the skeleton and the clip built from the parsed file
 * and the sizes, in bytes: the file, the parsed frame values (4 bytes each),
 * the clip (bvh_clip_bytes: keys, values, rest pose, track table).
 */
#include "bvh_clip.h"

#include "common/files.h"
#include "common/platform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PASSES 101

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_ms(double *seconds, int n)
{
    qsort(seconds, (size_t)n, sizeof *seconds, compare_doubles);
    return 1000.0 * seconds[n / 2];
}

int main(int argc, char **argv)
{
    const char *path = SA_BVH_DIR "/01_03.bvh";
    int passes = 11;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--passes") == 0 && i + 1 < argc)
            passes = atoi(argv[++i]);
        else if (argv[i][0] != '-')
            path = argv[i];
        else
            passes = 0;
    }
    if (passes < 1 || passes > MAX_PASSES) {
        fprintf(stderr, "usage: bench_bvh [FILE.bvh] [--passes 1..%d]\n", MAX_PASSES);
        return 2;
    }
    double read_s[MAX_PASSES], parse_s[MAX_PASSES], clip_s[MAX_PASSES];
    size_t file_bytes = 0, clip_bytes = 0, value_bytes = 0;
    int joints = 0, frames = 0;
    sa_error err;
    for (int p = 0; p < passes; p++) {
        bvh_file b;
        double t0 = sa_time_stage();
        if (!bvh_load(path, &b, &err)) {
            fprintf(stderr, "error: %s\n", err.message);
            return 1;
        }
        double t1 = sa_time_stage();
        bvh_free(&b);
        char *text;
        if (!sa_file_read(path, &text, &file_bytes, &err)) {
            fprintf(stderr, "error: %s\n", err.message);
            return 1;
        }
        double t2 = sa_time_stage();
        bool ok = bvh_parse(text, file_bytes, path, &b, &err);
        double t3 = sa_time_stage();
        free(text);
        skeleton s;
        clip c;
        ok = ok && bvh_skeleton(&b, &s, &err) && bvh_clip(&b, path, &c, &err);
        double t4 = sa_time_stage();
        if (!ok) {
            fprintf(stderr, "error: %s\n", err.message);
            return 1;
        }
        read_s[p] = t1 - t0, parse_s[p] = t3 - t2, clip_s[p] = t4 - t3;
        clip_bytes = bvh_clip_bytes(&c);
        value_bytes = (size_t)b.frame_count * (size_t)b.channel_count * sizeof *b.values;
        joints = b.joint_count, frames = b.frame_count;
        clip_free(&c);
        skeleton_free(&s);
        bvh_free(&b);
    }
    printf("file: %s\n", path);
    printf("joints: %d\nframes: %d\n", joints, frames);
    printf("read_ms: %.2f\nparse_ms: %.2f\nclip_ms: %.2f\n", median_ms(read_s, passes), median_ms(parse_s, passes),
           median_ms(clip_s, passes));
    printf("file_bytes: %zu\nvalue_bytes: %zu\nclip_bytes: %zu\n", file_bytes, value_bytes, clip_bytes);
    return 0;
}
