/* crowd_bench.h: the crowd benchmark's method, for any layout of the pose
 * (chapter 09's bench_crowd, chapter 12's bench_crowd_soa).
 *
 * Every character plays the model's clips in turn, always in a crossfade
 * (a switch every second, fades of one second, smoothstep), each with its
 * own clocks and phase; a model of one clip plays it alone, each character
 * at its own phase (no fades). A layout animates characters in four stages:
 *
 *   sample           the clocks, the weights (crossfade_advance) and one
 *                    sample per playing clip
 *   blend            the playing clips' poses into one
 *   local_to_model   forward kinematics over every node
 *   skin_matrices    the skin's matrices
 *
 * and the benchmark adds two of its own, after them, from each character's
 * skin matrices:
 *
 *   skinning         chapter 06's fast path (fast_job_run) over the mesh, as
 *                    a program that skins on the CPU would
 *   skinning_plain   chapter 06's plain loop (skinning_job_run), timed for
 *                    comparison and left out of every total
 *
 * One method for every figure: a frame runs each stage over the whole crowd
 * in turn and times it, the two skinning stages included, so that each
 * frame's animation starts with the caches holding what the skinning left
 * there, as in a program's frame. A figure is a sum of per-stage medians
 * over the frames: on one core (each stage timed on the calling thread's
 * CPU clock), and on T threads (each stage split into T ranges of
 * characters, timed on the wall clock from handing the ranges out to the
 * last one done). It prints
 *
 *   characters_at_60hz: N           the four animation stages, one core
 *   characters_at_60hz_skinned: N   with the fast path's skinning, one core
 *   characters_at_60hz_threads: N (T threads)           the same two on T
 *   characters_at_60hz_skinned_threads: N (T threads)   threads
 *   STAGE_ns_per_character: X       one line per stage, one core
 *
 * and on stderr the speed-up of the threads over one core by that method,
 * the share of the cores other programs held and the load. Where the build
 * has no threads (the web) the _threads lines are left out, and stderr says
 * why.
 */
#ifndef CH09_CROWD_BENCH_H
#define CH09_CROWD_BENCH_H

#include "blend.h"

#include "chapters/04_bone_tree/skeleton.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "chapters/03_gltf_loader/gltf.h"

#include <stddef.h>

enum {
    CROWD_SAMPLE,
    CROWD_BLEND,
    CROWD_LOCAL_TO_MODEL,
    CROWD_SKIN_MATRICES,
    CROWD_ANIMATION_STAGES,
    CROWD_SKINNING = CROWD_ANIMATION_STAGES,
    CROWD_SKINNING_PLAIN,
    CROWD_STAGES,
};

/* The model a crowd is made of: its skinned mesh, every node as one
 * skeleton (what the clips move), the clips. */
typedef struct crowd_scene {
    gltf_document doc;
    skeleton skel; /* the skin's skeleton (skin_scene_load's) */
    skeleton all;  /* every node */
    skin_scene sc;
    scene_nodes nodes;
    clip *clips;
    int clip_count;     /* the clips that move joints, first: the crowd plays these */
    int all_clip_count; /* and after them those of morph weights alone (a blink) */
} crowd_scene;

/* Loads the model (found like every program's --model); it needs a skin and
 * a clip that moves joints. Clips of morph weights alone are left out of the
 * crowd (moved after clip_count), and stderr says so once. */
bool crowd_scene_load(const char *model, crowd_scene *s, sa_error *err);
void crowd_scene_free(crowd_scene *s);

/* Character i's fade as the benchmark starts it (its own clip, phase and
 * point in a fade, so that the crowd is not in step), and one frame of it
 * (a switch to the next clip at *next_switch_frame, then every 60 frames;
 * then crossfade_advance). With one clip: that clip at phase 0.37 i s
 * (modulo its duration), never switched (*next_switch_frame -1). */
void crowd_fade_start(const crowd_scene *s, int i, crossfade *fade, int *next_switch_frame);
void crowd_fade_advance(const crowd_scene *s, int frame, crossfade *fade, int *next_switch_frame);

/* A layout: stage `stage` (CROWD_SAMPLE .. CROWD_SKIN_MATRICES) of frame
 * `frame` for characters [from, to); the skin matrices of character i
 * (the skin's joint count, 64-byte aligned: the fast path reads them with
 * AVX). Threads call run_stage on disjoint ranges at once. */
typedef struct crowd_layout {
    const char *name;
    void *crowd;
    void (*run_stage)(void *crowd, int stage, int frame, size_t from, size_t to);
    mat4 *(*skin_matrix)(void *crowd, size_t i);
} crowd_layout;

typedef struct crowd_options {
    int characters, frames, threads;
} crowd_options;

/* Runs the benchmark and prints its lines (above). false: a setup failure
 * or the fast path disagreeing with the plain loop, in err. */
bool crowd_bench_run(const crowd_scene *s, const crowd_layout *layout, const crowd_options *options, sa_error *err);

/* One character: its fade, the two poses, its matrices. */
typedef struct crowd_character {
    crossfade fade;
    int next_switch_frame;
    int *cursors[CROSSFADE_MAX];
    transform *pose[CROSSFADE_MAX]; /* the sampled clips; pose[0] becomes the blend */
    mat4 *model_from_node;
    mat4 *skin_matrix;
} crowd_character;

/* The AoS layout (crowd_aos.c): count characters of the scene. */
typedef struct crowd_aos {
    const crowd_scene *s;
    int count;
    crowd_character *characters;
} crowd_aos;

bool crowd_aos_init(crowd_aos *cw, const crowd_scene *s, int count, sa_error *err);
void crowd_aos_free(crowd_aos *cw);
crowd_layout crowd_aos_layout(crowd_aos *cw);

/* bench_crowd's command line: [--model FILE] [--characters N] [--frames N]
 * [--threads T] and, when layouts is not NULL, [--layout NAME] (one of
 * layouts, or "both"). Returns 0 when parsed, else the exit status
 * (usage on stderr). */
int crowd_parse_args(int argc, char **argv, const char *program, const char *const *layouts, const char **model,
                     const char **layout, crowd_options *options);

#endif
