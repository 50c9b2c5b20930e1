/* animator.h: one struct that plays a character's clips (chapter 09).
 *
 * The clips it fades between, a layer on part of the body, an additive clip
 * on top, and one pose out per frame:
 *
 *     animator_advance(&anim, dt, fired, n);   clocks, weights, events
 *     animator_pose(&anim, pose);              sample, blend, layer, additive
 *     animator_weights(&anim, weights);        the same for the morph weights
 *
 * Chapter 10's locomotion controller drives the same crossfade and layer
 * around its walk / run blend. It is deliberately not a
 * node graph: a blend tree would replace the fixed `fade -> layer ->
 * additive` order by nodes, and a state machine would call animator_play
 * on its transitions. Everything is allocated by animator_init; a frame
 * allocates nothing.
 */
#ifndef CH09_ANIMATOR_H
#define CH09_ANIMATOR_H

#include "blend.h"

/* [listing animator_struct] */
typedef struct animator {
    const clip *clips; /* [clip_count], caller-owned, all over one skeleton */
    int clip_count;
    int joint_count;
    crossfade fade; /* the clips playing, their clocks and weights */

    int layer_clip; /* -1: no layer */
    clip_clock layer_clock;
    float layer_weight; /* 0 .. 1, times layer_mask per joint */
    float *layer_mask;  /* [joint_count] */

    int additive_clip; /* -1: none */
    clip_clock additive_clock;
    float additive_weight;         /* 0 .. 1 */
    transform *additive_reference; /* [joint_count]: the pose the clip is a difference from */

    /* Working memory, allocated once. */
    transform *scratch;              /* [joint_count] */
    int *cursors[CROSSFADE_MAX + 2]; /* a cursor array per fade slot, the layer's, the additive's */

    /* Morph target weights, blended the same way (animator_weights). */
    int weight_count;                       /* the clips' morph weights (0: none) */
    float *layer_weight_mask;               /* [weight_count]: 1 where the layer's clip has a weight track */
    float *additive_reference_weights;      /* [weight_count] */
    float *weight_scratch;                  /* [weight_count] */
    int *weight_cursors[CROSSFADE_MAX + 2]; /* as cursors, for the clips' weight tracks */
} animator;
/* [/listing] */

/* Checks that the clips share one skeleton (the same joint_count) and one
 * array of morph weights (the same weight_count), allocates
 * the working memory and starts clips[first_clip] at weight 1. */
bool animator_init(animator *anim, const clip *clips, int clip_count, int first_clip, bool loop, sa_error *err);
void animator_free(animator *anim);

/* A fade to `clip` (crossfade_switch: the clip keeps playing if it already
 * is; phase_sync starts it at the same normalized time). */
bool animator_play(animator *anim, int clip, bool loop, double fade_seconds, fade_curve curve, bool phase_sync,
                   sa_error *err);

/* The playback speed of `clip` (1 normal, 0 still, < 0 backwards) while it
 * plays, e.g. a walk's rate following the character's speed; with phase
 * sync the playing clips share one normalized rate made of their speeds.
 * Error: the clip is not playing in the fade. */
bool animator_set_speed(animator *anim, int clip, double speed, sa_error *err);

/* Plays `clip` (looping, from 0) on the joints of `mask` ([joint_count] of
 * 0 .. 1, copied; mask_from_joint makes one) and on the morph weights its
 * clip has tracks for (a blink over a walk), with `weight`; clip -1
 * removes the layer. */
bool animator_set_layer(animator *anim, int clip, const float *mask, float weight, sa_error *err);

/* Plays `clip` (looping, from 0) as an additive clip: its pose minus
 * `reference` ([joint_count]; NULL: the clip's own first frame), added with
 * `weight`; clip -1 removes it. The reference's scales must not be 0. Its
 * morph weights add their difference from the clip's first frame (NULL)
 * or from the clip's rest weights (a reference pose given). */
bool animator_set_additive(animator *anim, int clip, const transform *reference, float weight, sa_error *err);

/* One frame: dt wall seconds for every clock (phase sync applied), the fade's
 * weights, and the events of every clip that still has weight (fired[], at
 * most fired_capacity; returns how many). */
int animator_advance(animator *anim, double dt, fade_event *fired, int fired_capacity);

/* The frame's pose, [joint_count]: the playing clips blended by their
 * weights, then the layer, then the additive. Allocates nothing. */
void animator_pose(animator *anim, transform *pose);

/* The frame's morph weights, [weight_count]: the playing clips' weights
 * blended by the same weights (weights_blend), then the layer on the
 * weights its clip animates, then the additive's differences. Allocates
 * nothing. */
void animator_weights(animator *anim, float *weights);

#endif
