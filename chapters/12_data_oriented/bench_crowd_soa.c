/* bench_crowd_soa: chapter 09's crowd benchmark with the pose as SoA groups
 * of four joints (a program, not a test: speed is measured here, never by
 * timed tests).
 *
 * The same model, clips, fades, stages and method as bench_crowd
 * (chapters/09_crossfade/crowd_bench.h), the same lines printed, once per
 * layout, each block after a line "layout: NAME", so that the two compare
 * in one run:
 *
 *   aos   chapter 09's: clip_sample, pose_blend (slerp), chapter 04's
 *         forward kinematics, chapter 05's skin matrices
 *   soa   this chapter's: soa_clip_sample from 16-bit keys, soa_blend (a
 *         weighted sum normalized once), soa_local_to_model,
 *         soa_skin_matrices
 *
 * The SoA crowd (crowd_soa.h, the program's too) keeps each stage's data in
 * one array for the whole crowd, where the AoS characters have an
 * allocation per array.
 *
 *   bench_crowd_soa [--model FILE] [--characters N] [--frames N] [--threads T]
 *                   [--layout aos|soa|both]
 */
#include "crowd_soa.h"

#include "chapters/09_crossfade/crowd_bench.h"
#include "chapters/05_inverse_bind/bind.h"
#include "common/files.h"
#include "common/platform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the SoA layout ---------------------------------------------------------- */

/* The SoA layout: crowd_soa.h's crowd, its fades advanced in the sample
 * stage, as chapter 09's layout advances its own. */
static void soa_run_stage(void *context, int stage, int frame, size_t from, size_t to)
{
    crowd_soa *cw = context;
    if (stage == CROWD_SAMPLE)
        crowd_soa_advance(cw, frame, from, to);
    crowd_soa_run_stage(cw, stage, from, to);
}

static mat4 *soa_skin_matrix(void *context, size_t i)
{
    return crowd_soa_skin_matrices(context, i);
}

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* its lines end in "\n" on Windows too */
    static const char *const layouts[] = {"aos", "soa", NULL};
    const char *model, *layout = "both";
    crowd_options options;
    int status = crowd_parse_args(argc, argv, "bench_crowd_soa", layouts, &model, &layout, &options);
    if (status)
        return status;
    sa_error err;
    crowd_scene s;
    crowd_aos aos = {0};
    crowd_soa soa = {0};
    bool ok = crowd_scene_load(model, &s, &err);
    if (ok && strcmp(layout, "soa") != 0) {
        crowd_layout l = crowd_aos_layout(&aos);
        printf("layout: aos\n");
        ok = crowd_aos_init(&aos, &s, options.characters, &err) && crowd_bench_run(&s, &l, &options, &err);
        crowd_aos_free(&aos); /* freed before the next layout, so the two do not share the caches */
    }
    if (ok && strcmp(layout, "aos") != 0) {
        crowd_layout l = {"soa", &soa, soa_run_stage, soa_skin_matrix};
        printf("layout: soa\n");
        ok = crowd_soa_init(&soa, &s, options.characters, &err) && crowd_bench_run(&s, &l, &options, &err);
    }
    if (!ok)
        fprintf(stderr, "error: %s\n", err.message);
    crowd_soa_free(&soa);
    crowd_scene_free(&s);
    return ok ? 0 : 1;
}
