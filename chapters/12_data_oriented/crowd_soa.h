/* crowd_soa.h: the crowd of ch12_data_oriented on the SoA stage (chapter 12).
 *
 * Chapter 09's crowd (crowd_bench.h: the model's first two clips, always in
 * a crossfade, each character with its own phase) animated as this
 * chapter's stage does it, four joints at a time:
 *
 *     crowd_soa_init(&cw, &scene, 100, &err);
 *     each frame:
 *         crowd_soa_advance_to(&cw, frame);   the fades, in steps of 1/60 s
 *         crowd_soa_animate(&cw, seconds);    sample, blend, local to model,
 *                                             skin matrices; each stage timed
 *         ... cw.skin_matrix: every character's skin matrices, one after
 *             another, for one upload ...
 *     crowd_soa_free(&cw);
 *
 * Unlike bench_crowd_soa, whose characters keep their skin matrices beside
 * their poses, the crowd's skin matrices are one array (character i's at
 * skin_matrix + i * skin_joint_count), the rows of the texture the GPU
 * reads them from (crowd_view.h). Nothing is allocated per frame; only
 * crowd_soa_resize allocates.
 */
#ifndef CH12_CROWD_SOA_H
#define CH12_CROWD_SOA_H

#include "soa_clip.h"

#include "chapters/09_crossfade/crowd_bench.h"

#include <stdint.h>

typedef struct crowd_soa_character {
    crossfade fade;
    int next_switch_frame;
    uint16_t *cursors[CROSSFADE_MAX];   /* [cursor_count] per fade slot */
    soa_transform *pose[CROSSFADE_MAX]; /* the sampled clips; pose[0] becomes the blend */
    mat4 *model_from_node;              /* [every node] */
    void *memory;                       /* all of the above in one allocation */
} crowd_soa_character;

typedef struct crowd_soa {
    const crowd_scene *s;
    soa_clip *clips;  /* [s->clip_count], packed once */
    int cursor_count; /* the largest clip's */
    int skin_joint_count;
    int count, capacity;
    int frame;                       /* steps of 1/60 s played so far */
    crowd_soa_character *characters; /* [capacity] */
    mat4 *skin_matrix;               /* [capacity * skin_joint_count], 64-byte aligned */
} crowd_soa;

/* count characters (>= 1) of the scene, at frame 0; character i starts as
 * crowd_fade_start gives it. The clips are packed (soa_clip_pack): errors
 * name the clip. */
bool crowd_soa_init(crowd_soa *cw, const crowd_scene *s, int count, sa_error *err);
/* count (>= 1) characters: the first ones keep playing as they were, a new
 * character i starts at the current frame as crowd_fade_start starts it at
 * frame 0. */
bool crowd_soa_resize(crowd_soa *cw, int count, sa_error *err);
void crowd_soa_free(crowd_soa *cw);

/* Every character's fade advanced (crowd_fade_advance) frame by frame up to
 * `frame`; nothing when frame <= cw->frame (the clock stands). */
void crowd_soa_advance_to(crowd_soa *cw, int frame);

/* The four stages over the whole crowd, one after the other, at the fades'
 * current times: seconds[CROWD_SAMPLE .. CROWD_SKIN_MATRICES] gets each
 * stage's time on sa_time_stage()'s clock. */
void crowd_soa_animate(crowd_soa *cw, double seconds[CROWD_ANIMATION_STAGES]);

/* Character i's skin matrices (skin_joint_count of them). */
static inline mat4 *crowd_soa_skin_matrices(const crowd_soa *cw, int i)
{
    return cw->skin_matrix + (size_t)i * (size_t)cw->skin_joint_count;
}

#endif
