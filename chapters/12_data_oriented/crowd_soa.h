/* crowd_soa.h: a crowd on the SoA stage (chapter 12), for the program and
 * bench_crowd_soa alike.
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
 * bench_crowd_soa runs the same stages (crowd_soa_run_stage) on ranges of
 * characters, the fades advanced in its sample stage. Nothing is allocated
 * per frame; only crowd_soa_init and crowd_soa_resize allocate.
 */
#ifndef CH12_CROWD_SOA_H
#define CH12_CROWD_SOA_H

#include "soa_clip.h"

#include "chapters/09_crossfade/crowd_bench.h"

#include <stdint.h>

/* [listing soa_crowd] */
/* The SoA crowd keeps each stage's data in one array for the whole crowd,
 * character after character, so that a stage streams through memory in
 * order (the processor's prefetcher fetches ahead what it will read next),
 * where chapter 09's characters each have an allocation per array. */
typedef struct crowd_soa_fade {
    crossfade fade;
    int next_switch_frame;
} crowd_soa_fade;

typedef struct crowd_soa {
    const crowd_scene *s;
    soa_clip *clips;  /* [s->clip_count], packed once */
    int cursor_count; /* the largest clip's */
    int groups, joint_count, skin_joint_count;
    int count, capacity;
    int frame;             /* steps of 1/60 s played so far (crowd_soa_advance_to) */
    crowd_soa_fade *fades; /* [capacity] */
    uint16_t *cursors;     /* [capacity][CROSSFADE_MAX][cursor_count]: per fade slot */
    soa_transform *poses;  /* [CROSSFADE_MAX][capacity][groups]: per playing entry k, entry 0's becoming the blend */
    mat4 *model_from_node; /* [capacity][joint_count] */
    mat4 *skin_matrix;     /* [capacity][skin_joint_count], 64-byte aligned (the fast path reads them with AVX) */
} crowd_soa;
/* [/listing] */

/* count characters (>= 1) of the scene, at frame 0; character i starts as
 * crowd_fade_start gives it. The clips are packed (soa_clip_pack): errors
 * name the clip. */
bool crowd_soa_init(crowd_soa *cw, const crowd_scene *s, int count, sa_error *err);
/* count (>= 1) characters: the first ones keep playing as they were, a new
 * character i starts at the current frame as crowd_fade_start starts it at
 * frame 0. The poses and matrices are made again by the next frame's
 * stages. */
bool crowd_soa_resize(crowd_soa *cw, int count, sa_error *err);
void crowd_soa_free(crowd_soa *cw);

/* One frame's step (crowd_fade_advance at frame `frame`) for characters
 * [from, to); crowd_soa_advance_to steps the whole crowd frame by frame up
 * to `frame` (nothing when frame <= cw->frame: the clock stands). */
void crowd_soa_advance(crowd_soa *cw, int frame, size_t from, size_t to);
void crowd_soa_advance_to(crowd_soa *cw, int frame);

/* Stage `stage` (CROWD_SAMPLE .. CROWD_SKIN_MATRICES) for characters [from,
 * to), at the fades' current times. */
void crowd_soa_run_stage(crowd_soa *cw, int stage, size_t from, size_t to);

/* The four stages over the whole crowd, one after the other:
 * seconds[CROWD_SAMPLE .. CROWD_SKIN_MATRICES] gets each stage's time on
 * sa_time_stage()'s clock. */
void crowd_soa_animate(crowd_soa *cw, double seconds[CROWD_ANIMATION_STAGES]);

/* Character i's skin matrices (skin_joint_count of them). */
static inline mat4 *crowd_soa_skin_matrices(const crowd_soa *cw, size_t i)
{
    return cw->skin_matrix + i * (size_t)cw->skin_joint_count;
}

#endif
