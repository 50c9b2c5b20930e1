/* crossfade_state.h: what ch09_crossfade holds while it runs: the file and
 * its skin scene (chapter 06), a skeleton over every node and the clips that
 * move it (chapter 08), and the pose of one frame. The modes without a
 * window (crossfade_modes.h) and the window (main.c) share it.
 */
#ifndef CH09_CROSSFADE_STATE_H
#define CH09_CROSSFADE_STATE_H

#include "animator.h"

#include "chapters/03_gltf_loader/scene.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "chapters/08_keyframes/clip_gltf.h"

typedef struct program_state {
    gltf_document doc;
    skeleton skel;           /* the skins' skeleton (chapter 06's skin_scene) */
    skeleton all;            /* every node: what the clips move */
    skin_scene sc;           /* chapter 06 */
    scene_nodes nodes;       /* world_from_node and shown */
    bool *rigid_shown;       /* shown and not skinned: drawn by scene_gl_draw */
    clip *clips;             /* [doc.animation_count] */
    transform *pose, *other; /* [all.joint_count] */
    float *mask;             /* [all.joint_count] */
    mat4 *model_from_node;   /* [all.joint_count] */
    int *depth;              /* [all.joint_count]: the overlay's colours */
} program_state;

/* The file (images decoded only when decode_images), both skeletons, the
 * clips and the pose arrays. Errors name the file. */
bool state_load(program_state *st, const char *path, bool decode_images, sa_error *err);

/* st->pose through forward kinematics over every node; the skins' joints
 * and the shown nodes take their matrices from it. */
void place_nodes(program_state *st);

/* A clip time from the command line, modulo the clip's duration (it loops). */
float wrapped_time(double t, const clip *c);

/* Frees everything; a zeroed state, or one whose load failed, frees safely. */
void state_free(program_state *st);

#endif
