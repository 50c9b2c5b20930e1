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
 * The SoA crowd keeps each stage's data in one array for the whole crowd
 * (soa_crowd), where the AoS characters have an allocation per array.
 *
 *   bench_crowd_soa [--model FILE] [--characters N] [--frames N] [--threads T]
 *                   [--layout aos|soa|both]
 */
#include "soa_clip.h"

#include "chapters/09_crossfade/crowd_bench.h"
#include "chapters/05_inverse_bind/bind.h"
#include "common/files.h"
#include "common/platform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the SoA layout ---------------------------------------------------------- */

/* [listing soa_crowd] */
/* The SoA crowd keeps each stage's data in one array for the whole crowd,
 * character after character, so that a stage streams through memory in
 * order (the processor's prefetcher fetches ahead what it will read next),
 * where chapter 09's characters each have an allocation per array. */
typedef struct soa_fade {
    crossfade fade;
    int next_switch_frame;
} soa_fade;

typedef struct soa_crowd {
    const crowd_scene *s;
    soa_clip *clips; /* [s->clip_count] */
    int count, groups, cursor_count, skin_joints;
    soa_fade *fades;       /* [count] */
    uint16_t *cursors;     /* [count][CROSSFADE_MAX][cursor_count]: per fade slot */
    soa_transform *poses;  /* [CROSSFADE_MAX][count][groups]: per playing entry k, entry 0's becoming the blend */
    mat4 *model_from_node; /* [count][joint_count] */
    mat4 *skin_matrix;     /* [count][skin_joints], 64-byte aligned: the fast path reads them with AVX */
} soa_crowd;
/* [/listing] */

static bool soa_crowd_init(soa_crowd *cw, const crowd_scene *s, int count, sa_error *err)
{
    cw->s = s;
    cw->count = count;
    cw->groups = soa_group_count(s->all.joint_count);
    cw->skin_joints = s->all.skins[0].joint_count;
    cw->clips = calloc((size_t)s->clip_count, sizeof *cw->clips);
    if (!cw->clips)
        return sa_error_set(err, "out of memory");
    cw->cursor_count = 1;
    for (int c = 0; c < s->clip_count; c++) {
        if (!soa_clip_pack(&s->clips[c], &cw->clips[c], err))
            return sa_error_set(err, "clip %d: %s", c, err->message);
        cw->cursor_count = cw->clips[c].cursor_count > cw->cursor_count ? cw->clips[c].cursor_count : cw->cursor_count;
    }
    size_t n = (size_t)count;
    cw->fades = calloc(n, sizeof *cw->fades);
    cw->cursors = calloc(n * CROSSFADE_MAX * (size_t)cw->cursor_count, sizeof *cw->cursors);
    cw->poses = sa_aligned_alloc(64, n * CROSSFADE_MAX * (size_t)cw->groups * sizeof *cw->poses);
    cw->model_from_node = sa_aligned_alloc(64, n * (size_t)s->all.joint_count * sizeof *cw->model_from_node);
    cw->skin_matrix = sa_aligned_alloc(64, n * (size_t)cw->skin_joints * sizeof *cw->skin_matrix);
    if (!cw->fades || !cw->cursors || !cw->poses || !cw->model_from_node || !cw->skin_matrix)
        return sa_error_set(err, "out of memory");
    for (int i = 0; i < count; i++)
        crowd_fade_start(s, i, &cw->fades[i].fade, &cw->fades[i].next_switch_frame);
    return true;
}

static void soa_crowd_free(soa_crowd *cw)
{
    for (int c = 0; cw->clips && c < cw->s->clip_count; c++)
        soa_clip_free(&cw->clips[c]);
    free(cw->clips), free(cw->fades), free(cw->cursors);
    sa_aligned_free(cw->poses), sa_aligned_free(cw->model_from_node), sa_aligned_free(cw->skin_matrix);
}

/* [listing soa_stage] */
static void soa_run_stage(void *context, int stage, int frame, size_t from, size_t to)
{
    soa_crowd *cw = context;
    const crowd_scene *s = cw->s;
    for (size_t i = from; i < to; i++) {
        crossfade *f = &cw->fades[i].fade;
        /* entry k's pose: pose + k * entry_stride (each entry's poses are one
         * array over the crowd: two streams, one per playing clip) */
        size_t entry_stride = (size_t)cw->count * (size_t)cw->groups;
        soa_transform *pose = cw->poses + i * (size_t)cw->groups;
        mat4 *model_from_node = cw->model_from_node + i * (size_t)s->all.joint_count;
        if (stage == CROWD_SAMPLE) {
            crowd_fade_advance(s, frame, f, &cw->fades[i].next_switch_frame);
            for (int k = 0; k < f->count; k++)
                soa_clip_sample(&cw->clips[f->entry[k].clip], (float)f->entry[k].clock.time,
                                cw->cursors + (i * CROSSFADE_MAX + (size_t)f->entry[k].slot) * (size_t)cw->cursor_count,
                                pose + (size_t)k * entry_stride);
        } else if (stage == CROWD_BLEND) {
            float weights[CROSSFADE_MAX];
            const soa_transform *poses[CROSSFADE_MAX];
            for (int k = 0; k < f->count; k++)
                weights[k] = f->entry[k].weight, poses[k] = pose + (size_t)k * entry_stride;
            soa_blend(cw->groups, f->count, poses, weights, pose);
        } else if (stage == CROWD_LOCAL_TO_MODEL) {
            soa_local_to_model(s->all.joint_count, s->all.parent, pose, model_from_node);
        } else {
            soa_skin_matrices(cw->skin_joints, s->all.skins[0].joint_of_skin_joint, model_from_node,
                              s->sc.joint_from_model_bind[0], cw->skin_matrix + i * (size_t)cw->skin_joints);
        }
    }
}
/* [/listing] */

static mat4 *soa_skin_matrix(void *context, size_t i)
{
    soa_crowd *cw = context;
    return cw->skin_matrix + i * (size_t)cw->skin_joints;
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
    soa_crowd soa = {0};
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
        ok = soa_crowd_init(&soa, &s, options.characters, &err) && crowd_bench_run(&s, &l, &options, &err);
    }
    if (!ok)
        fprintf(stderr, "error: %s\n", err.message);
    soa_crowd_free(&soa);
    crowd_scene_free(&s);
    return ok ? 0 : 1;
}
