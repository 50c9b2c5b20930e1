/* crossfade_state.h: what ch09_crossfade holds while it runs: chapter 08's
 * animated view (the file, its skin scene, a skeleton over every node, the
 * pose and its GPU drawing), the clips that move it, and this chapter's
 * second pose and mask. The modes without a window (crossfade_modes.h) and
 * the window (main.c) share it.
 */
#ifndef CH09_CROSSFADE_STATE_H
#define CH09_CROSSFADE_STATE_H

#include "animator.h"

#include "chapters/08_keyframes/animated_view.h"
#include "chapters/08_keyframes/clip_gltf.h"

typedef struct program_state {
    animated_view v;  /* chapter 08 */
    clip *clips;      /* [v.doc.animation_count] */
    transform *other; /* [v.all.joint_count] */
    float *mask;      /* [v.all.joint_count] */
    /* The second clip's morph weights ([v.sc.morph_weight_count]); the
     * first's go into v.sc.morph_weights, where chapter 06 reads them. */
    float *other_weights;
} program_state;

/* The file (images decoded only when decode_images), both skeletons, the
 * clips and the pose arrays. Errors name the file. */
bool state_load(program_state *st, const char *path, bool decode_images, sa_error *err);

/* A clip time from the command line, modulo the clip's duration (it loops). */
float wrapped_time(double t, const clip *c);

/* Frees everything; a zeroed state, or one whose load failed, frees safely. */
void state_free(program_state *st);

#endif
