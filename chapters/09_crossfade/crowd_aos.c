/* crowd_aos.c: the crowd as chapters 04 to 09 lay a pose out: arrays of
 * transforms (AoS), sampled by clip_sample, blended by pose_blend (slerp),
 * then chapter 04's forward kinematics and chapter 05's skin matrices
 * (crowd_bench.h). */
#include "crowd_bench.h"

#include "chapters/05_inverse_bind/bind.h"
#include "common/platform.h"

#include <stdlib.h>

bool crowd_aos_init(crowd_aos *cw, const crowd_scene *s, int count, sa_error *err)
{
    int n = s->all.joint_count, tracks = 1, skin_joints = s->all.skins[0].joint_count;
    for (int c = 0; c < s->clip_count; c++)
        tracks = s->clips[c].track_count > tracks ? s->clips[c].track_count : tracks;
    cw->s = s;
    cw->count = count;
    cw->characters = calloc((size_t)count, sizeof *cw->characters);
    if (!cw->characters)
        return sa_error_set(err, "out of memory");
    for (int i = 0; i < count; i++) {
        crowd_character *ch = &cw->characters[i];
        bool ok = (ch->model_from_node = malloc((size_t)n * sizeof *ch->model_from_node)) != NULL &&
                  /* 64-byte aligned: the fast path is built with AVX, where cglm's mat4 is 32 */
                  (ch->skin_matrix = sa_aligned_alloc(64, (size_t)skin_joints * sizeof *ch->skin_matrix)) != NULL;
        for (int k = 0; ok && k < CROSSFADE_MAX; k++)
            ok = (ch->cursors[k] = calloc((size_t)tracks, sizeof *ch->cursors[k])) != NULL &&
                 (ch->pose[k] = malloc((size_t)n * sizeof *ch->pose[k])) != NULL;
        if (!ok)
            return sa_error_set(err, "out of memory");
        crowd_fade_start(s, i, &ch->fade, &ch->next_switch_frame);
    }
    return true;
}

void crowd_aos_free(crowd_aos *cw)
{
    for (int i = 0; cw->characters && i < cw->count; i++) {
        crowd_character *ch = &cw->characters[i];
        for (int k = 0; k < CROSSFADE_MAX; k++)
            free(ch->cursors[k]), free(ch->pose[k]);
        free(ch->model_from_node), sa_aligned_free(ch->skin_matrix);
    }
    free(cw->characters);
}

/* [listing crowd_stage] */
/* One stage over characters [from, to) of frame `frame`. */
static void run_stage(void *context, int stage, int frame, size_t from, size_t to)
{
    crowd_aos *cw = context;
    const crowd_scene *s = cw->s;
    for (size_t i = from; i < to; i++) {
        crowd_character *ch = &cw->characters[i];
        crossfade *f = &ch->fade;
        if (stage == CROWD_SAMPLE) {
            crowd_fade_advance(s, frame, f, &ch->next_switch_frame); /* a switch every second, the clocks */
            for (int k = 0; k < f->count; k++)
                clip_sample(&s->clips[f->entry[k].clip], (float)f->entry[k].clock.time, ch->cursors[f->entry[k].slot],
                            ch->pose[k]);
        } else if (stage == CROWD_BLEND) {
            float so_far = f->entry[0].weight;
            for (int k = 1; k < f->count; k++) {
                so_far += f->entry[k].weight;
                pose_blend(s->all.joint_count, ch->pose[0], ch->pose[k], f->entry[k].weight / so_far, NULL,
                           ch->pose[0]);
            }
        } else if (stage == CROWD_LOCAL_TO_MODEL) {
            skeleton_local_to_model(&s->all, ch->pose[0], ch->model_from_node);
        } else {
            skin_matrices(s->all.skins[0].joint_count, s->all.skins[0].joint_of_skin_joint, ch->model_from_node,
                          s->sc.joint_from_model_bind[0], ch->skin_matrix);
        }
    }
}
/* [/listing] */

static mat4 *skin_matrix(void *context, size_t i)
{
    return ((crowd_aos *)context)->characters[i].skin_matrix;
}

crowd_layout crowd_aos_layout(crowd_aos *cw)
{
    return (crowd_layout){"aos", cw, run_stage, skin_matrix};
}
