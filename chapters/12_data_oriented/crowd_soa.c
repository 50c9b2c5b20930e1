/* crowd_soa.c: a crowd on the SoA stage (crowd_soa.h). */
#include "crowd_soa.h"

#include "common/platform.h"

#include <stdlib.h>
#include <string.h>

bool crowd_soa_init(crowd_soa *cw, const crowd_scene *s, int count, sa_error *err)
{
    memset(cw, 0, sizeof *cw);
    cw->s = s;
    cw->joint_count = s->all.joint_count;
    cw->groups = soa_group_count(s->all.joint_count);
    cw->skin_joint_count = s->all.skins[0].joint_count;
    cw->clips = calloc((size_t)s->clip_count, sizeof *cw->clips);
    if (!cw->clips)
        return sa_error_set(err, "out of memory");
    cw->cursor_count = 1;
    for (int c = 0; c < s->clip_count; c++) {
        if (!soa_clip_pack(&s->clips[c], &cw->clips[c], err))
            return sa_error_prefix(err, "clip %d (%s)", c, s->clips[c].name);
        if (cw->clips[c].cursor_count > cw->cursor_count)
            cw->cursor_count = cw->clips[c].cursor_count;
    }
    return crowd_soa_resize(cw, count, err);
}

bool crowd_soa_resize(crowd_soa *cw, int count, sa_error *err)
{
    if (count < 1)
        return sa_error_set(err, "%d characters: at least 1", count);
    if (count > cw->capacity) {
        /* The state the frames carry (fades, cursors) keeps its first
         * characters; what every frame writes again (poses, matrices) is
         * allocated anew. */
        size_t n = (size_t)count, slots = CROSSFADE_MAX * (size_t)cw->cursor_count;
        crowd_soa_fade *fades = realloc(cw->fades, n * sizeof *fades);
        if (fades)
            cw->fades = fades;
        uint16_t *cursors = realloc(cw->cursors, n * slots * sizeof *cursors);
        if (cursors)
            cw->cursors = cursors;
        sa_aligned_free(cw->poses), sa_aligned_free(cw->model_from_node), sa_aligned_free(cw->skin_matrix);
        cw->poses = sa_aligned_alloc(64, CROSSFADE_MAX * n * (size_t)cw->groups * sizeof *cw->poses);
        cw->model_from_node = sa_aligned_alloc(64, n * (size_t)cw->joint_count * sizeof *cw->model_from_node);
        cw->skin_matrix = sa_aligned_alloc(64, n * (size_t)cw->skin_joint_count * sizeof *cw->skin_matrix);
        if (!fades || !cursors || !cw->poses || !cw->model_from_node || !cw->skin_matrix) {
            cw->count = cw->capacity = 0;
            return sa_error_set(err, "out of memory for %d characters", count);
        }
        cw->capacity = count;
    }
    for (int i = cw->count; i < count; i++) {
        memset(cw->cursors + (size_t)i * CROSSFADE_MAX * (size_t)cw->cursor_count, 0,
               CROSSFADE_MAX * (size_t)cw->cursor_count * sizeof *cw->cursors); /* at key 0 */
        crowd_fade_start(cw->s, i, &cw->fades[i].fade, &cw->fades[i].next_switch_frame);
        if (cw->fades[i].next_switch_frame >= 0)         /* (-1: one clip, never) */
            cw->fades[i].next_switch_frame += cw->frame; /* its switches counted from now */
    }
    cw->count = count;
    return true;
}

void crowd_soa_free(crowd_soa *cw)
{
    for (int c = 0; cw->clips && c < cw->s->clip_count; c++)
        soa_clip_free(&cw->clips[c]);
    free(cw->clips), free(cw->fades), free(cw->cursors);
    sa_aligned_free(cw->poses), sa_aligned_free(cw->model_from_node), sa_aligned_free(cw->skin_matrix);
    memset(cw, 0, sizeof *cw);
}

void crowd_soa_advance(crowd_soa *cw, int frame, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        crowd_fade_advance(cw->s, frame, &cw->fades[i].fade, &cw->fades[i].next_switch_frame);
}

void crowd_soa_advance_to(crowd_soa *cw, int frame)
{
    for (; cw->frame < frame; cw->frame++)
        crowd_soa_advance(cw, cw->frame, 0, (size_t)cw->count);
}

/* [listing soa_stage] */
void crowd_soa_run_stage(crowd_soa *cw, int stage, size_t from, size_t to)
{
    const crowd_scene *s = cw->s;
    /* entry k's pose of character i: poses + k * entry_stride + i * groups
     * (each entry's poses one array over the crowd: two streams, one per
     * playing clip) */
    size_t groups = (size_t)cw->groups, entry_stride = (size_t)cw->capacity * groups;
    for (size_t i = from; i < to; i++) {
        const crossfade *f = &cw->fades[i].fade;
        soa_transform *pose = cw->poses + i * groups;
        mat4 *model_from_node = cw->model_from_node + i * (size_t)cw->joint_count;
        if (stage == CROWD_SAMPLE) {
            for (int k = 0; k < f->count; k++) {
                const fade_entry *e = &f->entry[k];
                uint16_t *cursors = cw->cursors + (i * CROSSFADE_MAX + (size_t)e->slot) * (size_t)cw->cursor_count;
                soa_clip_sample(&cw->clips[e->clip], (float)e->clock.time, cursors, pose + (size_t)k * entry_stride);
            }
        } else if (stage == CROWD_BLEND) {
            float weights[CROSSFADE_MAX];
            const soa_transform *poses[CROSSFADE_MAX];
            for (int k = 0; k < f->count; k++)
                weights[k] = f->entry[k].weight, poses[k] = pose + (size_t)k * entry_stride;
            soa_blend(cw->groups, f->count, poses, weights, pose);
        } else if (stage == CROWD_LOCAL_TO_MODEL) {
            soa_local_to_model(cw->joint_count, s->all.parent, pose, model_from_node);
        } else {
            soa_skin_matrices(cw->skin_joint_count, s->all.skins[0].joint_of_skin_joint, model_from_node,
                              s->sc.joint_from_model_bind[0], crowd_soa_skin_matrices(cw, i));
        }
    }
}
/* [/listing] */

void crowd_soa_animate(crowd_soa *cw, double seconds[CROWD_ANIMATION_STAGES])
{
    for (int stage = CROWD_SAMPLE; stage < CROWD_ANIMATION_STAGES; stage++) {
        double t0 = sa_time_stage();
        crowd_soa_run_stage(cw, stage, 0, (size_t)cw->count);
        seconds[stage] = sa_time_stage() - t0;
    }
}
