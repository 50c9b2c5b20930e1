/* crowd_soa.c: the crowd on the SoA stage (crowd_soa.h). */
#include "crowd_soa.h"

#include "common/platform.h"

#include <stdlib.h>
#include <string.h>

static size_t round_up(size_t n)
{
    return (n + 63) / 64 * 64;
}

/* One character's poses, node matrices and cursors in one allocation. */
static bool character_init(crowd_soa *cw, int i, sa_error *err)
{
    const crowd_scene *s = cw->s;
    size_t pose_bytes = round_up((size_t)soa_group_count(s->all.joint_count) * sizeof(soa_transform));
    size_t model_bytes = round_up((size_t)s->all.joint_count * sizeof(mat4));
    size_t cursor_bytes = round_up((size_t)cw->cursor_count * sizeof(uint16_t));
    size_t bytes = CROSSFADE_MAX * (pose_bytes + cursor_bytes) + model_bytes;
    crowd_soa_character *ch = &cw->characters[i];
    memset(ch, 0, sizeof *ch);
    char *m = ch->memory = sa_aligned_alloc(64, bytes);
    if (!m)
        return sa_error_set(err, "out of memory for character %d", i);
    memset(m, 0, bytes); /* the cursors start at key 0 */
    ch->model_from_node = (mat4 *)(void *)m, m += model_bytes;
    for (int k = 0; k < CROSSFADE_MAX; k++) {
        ch->pose[k] = (soa_transform *)(void *)m, m += pose_bytes;
        ch->cursors[k] = (uint16_t *)(void *)m, m += cursor_bytes;
    }
    crowd_fade_start(s, i, &ch->fade, &ch->next_switch_frame);
    ch->next_switch_frame += cw->frame; /* its switches counted from now */
    return true;
}

bool crowd_soa_init(crowd_soa *cw, const crowd_scene *s, int count, sa_error *err)
{
    memset(cw, 0, sizeof *cw);
    cw->s = s;
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
    for (int i = count; i < cw->count; i++) /* fewer: the last ones go */
        sa_aligned_free(cw->characters[i].memory);
    if (count > cw->capacity) {
        crowd_soa_character *characters = realloc(cw->characters, (size_t)count * sizeof *characters);
        size_t matrices = (size_t)count * (size_t)cw->skin_joint_count;
        mat4 *skin_matrix = sa_aligned_alloc(64, matrices * sizeof *skin_matrix);
        if (characters)
            cw->characters = characters;
        if (!characters || !skin_matrix) {
            sa_aligned_free(skin_matrix);
            cw->count = count < cw->count ? count : cw->count;
            return sa_error_set(err, "out of memory for %d characters", count);
        }
        if (cw->skin_matrix)
            memcpy(skin_matrix, cw->skin_matrix, (size_t)cw->count * (size_t)cw->skin_joint_count * sizeof(mat4));
        sa_aligned_free(cw->skin_matrix);
        cw->skin_matrix = skin_matrix;
        cw->capacity = count;
    }
    for (int i = cw->count; i < count; i++)
        if (!character_init(cw, i, err)) {
            cw->count = i;
            return false;
        }
    cw->count = count;
    return true;
}

void crowd_soa_free(crowd_soa *cw)
{
    for (int i = 0; i < cw->count; i++)
        sa_aligned_free(cw->characters[i].memory);
    for (int c = 0; cw->clips && c < cw->s->clip_count; c++)
        soa_clip_free(&cw->clips[c]);
    free(cw->characters), free(cw->clips);
    sa_aligned_free(cw->skin_matrix);
    memset(cw, 0, sizeof *cw);
}

void crowd_soa_advance_to(crowd_soa *cw, int frame)
{
    for (; cw->frame < frame; cw->frame++)
        for (int i = 0; i < cw->count; i++)
            crowd_fade_advance(cw->s, cw->frame, &cw->characters[i].fade, &cw->characters[i].next_switch_frame);
}

/* [listing crowd_soa_animate] */
void crowd_soa_animate(crowd_soa *cw, double seconds[CROWD_ANIMATION_STAGES])
{
    const crowd_scene *s = cw->s;
    const skeleton_skin *skin = &s->all.skins[0];
    int groups = soa_group_count(s->all.joint_count);
    double t0 = sa_time_stage();
    for (int i = 0; i < cw->count; i++) { /* one pose per playing clip */
        crowd_soa_character *ch = &cw->characters[i];
        for (int k = 0; k < ch->fade.count; k++) {
            const fade_entry *e = &ch->fade.entry[k];
            soa_clip_sample(&cw->clips[e->clip], (float)e->clock.time, ch->cursors[e->slot], ch->pose[k]);
        }
    }
    double t1 = sa_time_stage();
    for (int i = 0; i < cw->count; i++) { /* into pose[0] */
        crowd_soa_character *ch = &cw->characters[i];
        float weights[CROSSFADE_MAX];
        for (int k = 0; k < ch->fade.count; k++)
            weights[k] = ch->fade.entry[k].weight;
        soa_blend(groups, ch->fade.count, (const soa_transform *const *)ch->pose, weights, ch->pose[0]);
    }
    double t2 = sa_time_stage();
    for (int i = 0; i < cw->count; i++)
        soa_local_to_model(s->all.joint_count, s->all.parent, cw->characters[i].pose[0],
                           cw->characters[i].model_from_node);
    double t3 = sa_time_stage();
    for (int i = 0; i < cw->count; i++) /* into the crowd's one array */
        soa_skin_matrices(skin->joint_count, skin->joint_of_skin_joint, cw->characters[i].model_from_node,
                          s->sc.joint_from_model_bind[0], crowd_soa_skin_matrices(cw, i));
    double t4 = sa_time_stage();
    seconds[CROWD_SAMPLE] = t1 - t0;
    seconds[CROWD_BLEND] = t2 - t1;
    seconds[CROWD_LOCAL_TO_MODEL] = t3 - t2;
    seconds[CROWD_SKIN_MATRICES] = t4 - t3;
}
/* [/listing] */
