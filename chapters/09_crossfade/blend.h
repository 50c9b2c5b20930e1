/* blend.h: poses combined: blending, masks, additive clips and the
 * crossfade (chapter 09).
 *
 * Every operation works on poses (chapter 04: `transform local[joint_count]`,
 * parent_from_joint of every joint as translation, rotation, scale), joint
 * by joint, in local TRS. Never on matrices: a weighted sum of two rotation
 * matrices is not a rotation (the limb shrinks and shears half way), while
 * lerp of translations and scales and slerp of rotations stay what they are.
 *
 * One frame of the crossfade, top to bottom:
 *
 *     crossfade_advance(&fade, dt, clips, fired, n);  clocks, weights, events
 *     clip_sample(...) per playing clip               chapter 08
 *     pose_blend(...) into one pose                   weights of the fade
 *     pose_blend(..., mask, ...)                      a layer (wave on the arms)
 *     pose_additive_apply(...)                        an additive clip on top
 *
 * animator.h packs these into one struct; everything here allocates nothing
 * and works on caller-owned arrays.
 */
#ifndef CH09_BLEND_H
#define CH09_BLEND_H

#include "chapters/08_keyframes/clip.h"
#include "common/error.h"
#include "common/transform.h"

#include <stdbool.h>

/* --- blending two poses ------------------------------------------------------ */

/* [listing pose_blend_decl] */
/* Exercise ex09.1 (pose_blend.c): out = blend(a, b) joint by joint, with the
 * weight of b at joint j
 *
 *     w = weight * mask[j]      (w = weight when mask is NULL)
 *
 * translation and scale: a + w (b - a); rotation: slerp(a, b, w), the
 * shortest way round (quat_slerp, chapter 08). w <= 0 gives a's transform
 * and w >= 1 b's, bit for bit. out may be the same array as a or as b
 * (each joint is read before it is written), but no other overlap. */
void pose_blend(int joint_count, const transform *a, const transform *b, float weight, const float *mask,
                transform *out);
/* [/listing] */

/* The blend as a job: the inputs checked once, then pose_blend. */
typedef struct blend_job {
    int joint_count;
    const transform *a; /* [joint_count]: the pose at weight 0 */
    const transform *b; /* [joint_count]: the pose at weight 1 */
    float weight;       /* 0 .. 1 */
    const float *mask;  /* [joint_count] of 0 .. 1, or NULL: every joint 1 */
    transform *out;     /* [joint_count]: a, b or an array of its own */
} blend_job;

/* Checks every field: arrays present, joint_count >= 0, weight and mask
 * values finite in 0 .. 1, rotations of a and b unit length within 1e-3,
 * out the same as a or b or not overlapping either. One line in err. */
bool blend_job_validate(const blend_job *job, sa_error *err);

/* blend_job_validate, then pose_blend. */
bool blend_job_run(const blend_job *job, sa_error *err);

/* --- masks ---------------------------------------------------------------- */

/* [listing mask_decl] */
/* A layer's mask over a parents-first skeleton (parent[j] < j, -1 for a
 * root): 0 outside the subtree of `joint`, and inside it a ramp over
 * `smooth` joints below the boundary, so that the spine does not kink:
 *
 *     mask[joint] = 1 / (smooth + 1), each child one step more, up to 1
 *
 * smooth = 0 gives 1 on the joint and every descendant (a plain mask);
 * smooth = 2: 1/3, 2/3, then 1. Writes count floats. */
void mask_from_joint(int count, const int *parent, int joint, int smooth, float *mask);
/* [/listing] */

/* --- additive clips ---------------------------------------------------------- */

/* [listing additive_decl] */
/* Exercise ex09.3 (additive.c): an additive clip is a pose stored as its
 * difference from a reference pose (the clip's first frame, or the rest
 * pose), so that it can be put on top of any other pose:
 *
 *     delta.translation = pose.translation - reference.translation
 *     delta.rotation    = inverse(reference.rotation) * pose.rotation
 *     delta.scale       = pose.scale / reference.scale   (per axis)
 *
 * A rotation equal to the reference's (==, component by component) has the
 * identity (0 0 0 1) as its delta exactly: inverse(q) * q is only within
 * rounding of it. The reference's scales must not be 0
 * (animator_set_additive checks). delta may be the same array as pose or
 * reference. */
void pose_additive_delta(int joint_count, const transform *reference, const transform *pose, transform *delta);

/* out = base with w (0 .. 1) of the delta on top:
 *
 *     translation = base + w delta
 *     rotation    = base * slerp(identity, delta, w)   (the short way: a
 *                   delta stored as -q, real part < 0, turns as q does)
 *     scale       = base * (1 + w (delta - 1))      (per axis)
 *
 * So the reference pose itself as the clip's pose gives back the base
 * exactly, and w = 1 with the reference as base gives back the clip's pose
 * (within rounding). out may be the same array as base or delta. */
void pose_additive_apply(int joint_count, const transform *base, const transform *delta, float weight, transform *out);
/* [/listing] */

/* --- morph target weights ------------------------------------------------------ */

/* [listing weights_blend_decl] */
/* Morph target weights (chapter 08's clip_sample_weights) are numbers, as
 * translations are: blended by a lerp, added as differences. A weight i of
 * b weighs w = weight * mask[i] (w = weight when mask is NULL):
 *
 *     out[i] = a[i] + w (b[i] - a[i])
 *
 * w <= 0 gives a[i] and w >= 1 b[i], bit for bit, as pose_blend does. out
 * may be a or b. */
void weights_blend(int count, const float *a, const float *b, float weight, const float *mask, float *out);

/* An additive clip's weights on top of base, w (0 .. 1) of their difference
 * from the reference weights:
 *
 *     out[i] = base[i] + w (weights[i] - reference[i])
 *
 * So a clip at its reference adds nothing. out may be any of the arrays. */
void weights_additive_apply(int count, const float *base, const float *reference, const float *weights, float weight,
                            float *out);
/* [/listing] */

/* A layer's mask over the morph weights: 1 for the weights that clip c has
 * a track for, 0 for the others (which hold c's rest weights, not a
 * motion). A mask of joints says nothing about weights: a layer plays what
 * its clip animates, a wave on the arms or a blink over a walk. Writes
 * c->weight_count floats. */
void weights_mask_from_clip(const clip *c, float *mask);

/* --- the crossfade ----------------------------------------------------------- */

/* [listing crossfade_struct] */
typedef enum fade_curve {
    FADE_LINEAR,     /* c(p) = p */
    FADE_SMOOTHSTEP, /* c(p) = 3p^2 - 2p^3: starts and ends gently */
} fade_curve;

/* A switch in the middle of a fade must not pop. Two ways are common: keep
 * the blended pose of the switch as a frozen source, or keep the clips
 * fading out playing. This chapter keeps a small stack of playing clips:
 * a frozen pose stops moving (a walking character glides on a statue of its
 * last step while it fades), and the clips' clocks must run on anyway for
 * their events. Four entries cover three switches inside one fade; a fourth
 * drops the clip of smallest weight (a pop of at most that weight). */
#define CROSSFADE_MAX 4

typedef struct fade_entry {
    int clip;           /* index into the caller's clips */
    clip_clock clock;   /* runs on while the clip fades out */
    double speed;       /* the clip's own playback speed (the clock's, unless phase sync sets it) */
    float weight;       /* now; the weights of all entries sum to 1 */
    float start_weight; /* when the current fade began */
    int slot;           /* 0 .. CROSSFADE_MAX - 1: which of the caller's cursor arrays is this clip's */
} fade_entry;

typedef struct crossfade {
    int count;                       /* entries playing, 1 .. CROSSFADE_MAX */
    fade_entry entry[CROSSFADE_MAX]; /* oldest first; entry[count - 1] is fading in (or fully in) */
    double elapsed;                  /* wall seconds since the switch */
    double duration;                 /* the fade's length, wall seconds (not clip seconds) */
    fade_curve curve;
    bool phase_sync; /* the playing clips advance at one normalized rate */
} crossfade;

/* An event fired by one of the playing clips: clips[clip].events[event]. */
typedef struct fade_event {
    int clip;
    int event;
} fade_event;
/* [/listing] */

/* c(p) of the curve, p clamped to 0 .. 1. */
double fade_curve_value(fade_curve curve, double p);

/* The fade with one clip playing at weight 1 from time 0 (slot 0). */
void crossfade_start(crossfade *fade, const clip *clips, int clip, bool loop);

/* Starts a fade to `clip` (looping or once) over `duration` wall seconds
 * (0: at once). The weights now become the fade's starting weights, so an
 * interrupted fade carries on from where it is. A clip already playing keeps its entry (its
 * clock and weight: no restart, no second copy whose events would fire
 * twice) and moves to the top; a new one starts at weight 0 at time 0, or
 * with phase_sync at the normalized time of the clip that was on top. A
 * full stack first drops the entry of smallest weight, its weight shared
 * out by the others in proportion. A clip already playing keeps its loop
 * setting. Errors: no clip playing yet, clip out of range, duration
 * negative or not finite. */
bool crossfade_switch(crossfade *fade, const clip *clips, int clip_count, int clip, bool loop, double duration,
                      fade_curve curve, bool phase_sync, sa_error *err);

/* [listing crossfade_advance_decl] */
/* Exercise ex09.2 (crossfade_advance.c): one frame of the fade, dt wall
 * seconds (dt < 0 or NaN counts as 0):
 *  - every entry's clock advances (clip_clock_advance over its clip's events,
 *    each fired event reported as {entry's clip, event index}), the clips
 *    fading out included: their clocks run on, one-shot clips hold their end;
 *  - elapsed grows by dt, p = elapsed / duration (1 for a fade of length 0),
 *    clamped to 1, c = fade_curve_value(curve, p), and every entry i gets
 *
 *        weight_i = start_weight_i (1 - c) + (i is the top entry ? c : 0)
 *
 *    so the top entry rises from its starting weight to 1, the others fall
 *    to 0 in proportion, and the weights always sum to 1;
 *  - entries below the top whose weight is now 0 leave the stack (order
 *    kept), so their clocks stop and their events no longer fire.
 * Events go into fired[] in entry order, at most fired_capacity; returns how
 * many fired (more than fired_capacity when they did not all fit). */
int crossfade_advance(crossfade *fade, double dt, const clip *clips, fade_event *fired, int fired_capacity);
/* [/listing] */

/* With phase_sync and more than one clip playing, sets each entry's clock
 * speed so that all advance at one normalized rate (a clip started in sync
 * stays at the same normalized time as the others): the phase advances at
 * sum(weight_i speed_i / duration_i) and clip i plays at that rate times
 * its duration. Otherwise each clock plays at its entry's own speed. Call
 * before crossfade_advance. */
void crossfade_sync_speeds(crossfade *fade);

#endif
