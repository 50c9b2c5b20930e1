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
 * Each SoA character's memory is one allocation (its poses, matrices and
 * cursors side by side), where the AoS characters have one per array.
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

/* [listing soa_character] */
typedef struct soa_character {
    crossfade fade;
    int next_switch_frame;
    uint16_t *cursors[CROSSFADE_MAX];   /* [the largest cursor_count] per fade slot */
    soa_transform *pose[CROSSFADE_MAX]; /* the sampled clips; pose[0] becomes the blend */
    mat4 *model_from_node;
    mat4 *skin_matrix;
    void *memory; /* all of the above in one allocation */
} soa_character;
/* [/listing] */

typedef struct soa_crowd {
    const crowd_scene *s;
    soa_clip *clips; /* [s->clip_count] */
    int count;
    soa_character *characters;
} soa_crowd;

static size_t round_up(size_t n) { return (n + 63) / 64 * 64; }

static bool soa_crowd_init(soa_crowd *cw, const crowd_scene *s, int count, sa_error *err)
{
    cw->s = s;
    cw->clips = calloc((size_t)s->clip_count, sizeof *cw->clips);
    cw->characters = calloc((size_t)count, sizeof *cw->characters);
    cw->count = cw->characters ? count : 0;
    if (!cw->clips || !cw->characters)
        return sa_error_set(err, "out of memory");
    int cursors = 1;
    for (int c = 0; c < s->clip_count; c++) {
        if (!soa_clip_pack(&s->clips[c], &cw->clips[c], err))
            return sa_error_set(err, "clip %d: %s", c, err->message);
        cursors = cw->clips[c].cursor_count > cursors ? cw->clips[c].cursor_count : cursors;
    }
    int groups = soa_group_count(s->all.joint_count);
    size_t pose_bytes = round_up((size_t)groups * sizeof(soa_transform));
    size_t model_bytes = round_up((size_t)s->all.joint_count * sizeof(mat4));
    size_t skin_bytes = round_up((size_t)s->all.skins[0].joint_count * sizeof(mat4));
    size_t cursor_bytes = round_up((size_t)cursors * sizeof(uint16_t));
    size_t bytes = CROSSFADE_MAX * (pose_bytes + cursor_bytes) + model_bytes + skin_bytes;
    for (int i = 0; i < count; i++) {
        soa_character *ch = &cw->characters[i];
        /* 64-byte aligned: the skin matrices are read by the fast path with AVX */
        char *m = ch->memory = sa_aligned_alloc(64, bytes);
        if (!m)
            return sa_error_set(err, "out of memory");
        memset(m, 0, bytes);
        ch->skin_matrix = (mat4 *)(void *)m, m += skin_bytes;
        ch->model_from_node = (mat4 *)(void *)m, m += model_bytes;
        for (int k = 0; k < CROSSFADE_MAX; k++) {
            ch->pose[k] = (soa_transform *)(void *)m, m += pose_bytes;
            ch->cursors[k] = (uint16_t *)(void *)m, m += cursor_bytes;
        }
        crowd_fade_start(s, i, &ch->fade, &ch->next_switch_frame);
    }
    return true;
}

static void soa_crowd_free(soa_crowd *cw)
{
    for (int i = 0; i < cw->count; i++)
        sa_aligned_free(cw->characters[i].memory);
    for (int c = 0; cw->clips && c < cw->s->clip_count; c++)
        soa_clip_free(&cw->clips[c]);
    free(cw->characters), free(cw->clips);
}

/* [listing soa_stage] */
static void soa_run_stage(void *context, int stage, int frame, size_t from, size_t to)
{
    soa_crowd *cw = context;
    const crowd_scene *s = cw->s;
    int groups = soa_group_count(s->all.joint_count);
    for (size_t i = from; i < to; i++) {
        soa_character *ch = &cw->characters[i];
        crossfade *f = &ch->fade;
        if (stage == CROWD_SAMPLE) {
            crowd_fade_advance(s, frame, f, &ch->next_switch_frame);
            for (int k = 0; k < f->count; k++)
                soa_clip_sample(&cw->clips[f->entry[k].clip], (float)f->entry[k].clock.time,
                                ch->cursors[f->entry[k].slot], ch->pose[k]);
        } else if (stage == CROWD_BLEND) {
            float weights[CROSSFADE_MAX];
            for (int k = 0; k < f->count; k++)
                weights[k] = f->entry[k].weight;
            soa_blend(groups, f->count, (const soa_transform *const *)ch->pose, weights, ch->pose[0]);
        } else if (stage == CROWD_LOCAL_TO_MODEL) {
            soa_local_to_model(s->all.joint_count, s->all.parent, ch->pose[0], ch->model_from_node);
        } else {
            soa_skin_matrices(s->all.skins[0].joint_count, s->all.skins[0].joint_of_skin_joint, ch->model_from_node,
                              s->sc.joint_from_model_bind[0], ch->skin_matrix);
        }
    }
}
/* [/listing] */

static mat4 *soa_skin_matrix(void *context, size_t i) { return ((soa_crowd *)context)->characters[i].skin_matrix; }

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
