/* crowd_bench.c: the crowd benchmark's method (crowd_bench.h). */
#include "crowd_bench.h"

#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/05_inverse_bind/bind.h"
#include "chapters/06_cpu_skinning/bench_skinning.h"
#include "chapters/08_keyframes/clip_gltf.h"
#include "common/files.h"
#include "common/platform.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FRAME_DT (1.0 / 60.0)

static const char *const stage_names[CROWD_STAGES] = {"sample",        "blend",    "local_to_model",
                                                      "skin_matrices", "skinning", "skinning_plain"};

bool crowd_scene_load(const char *model, crowd_scene *s, sa_error *err)
{
    memset(s, 0, sizeof *s);
    char path[SA_PATH_MAX];
    if (!sa_path_find(model, path, sizeof path, err) ||
        !skin_scene_load(path, false, &s->doc, &s->skel, &s->sc, &s->nodes, err))
        return false;
    if (!skeleton_from_gltf_nodes(&s->doc, &s->all, err) || !clips_from_gltf(&s->doc, &s->all, &s->clips, err))
        return false;
    s->all_clip_count = s->doc.animation_count;
    /* The clips that move joints first, in file order (a stable partition). */
    for (int c = 0; c < s->all_clip_count; c++)
        if (clip_moves_joints(&s->clips[c])) {
            clip keep = s->clips[c];
            memmove(&s->clips[s->clip_count + 1], &s->clips[s->clip_count],
                    (size_t)(c - s->clip_count) * sizeof *s->clips);
            s->clips[s->clip_count++] = keep;
        }
    if (s->clip_count < 1 || s->all.skin_count < 1)
        return sa_error_set(err, "%s: needs a skin and a clip that moves joints (it has %d skins, %d such clips)", path,
                            s->all.skin_count, s->clip_count);
    if (s->clip_count < s->all_clip_count)
        fprintf(stderr, "note: %s: %d clips of morph target weights alone are not played by the crowd\n", path,
                s->all_clip_count - s->clip_count);
    return true;
}

void crowd_scene_free(crowd_scene *s)
{
    clips_free(s->clips, s->all_clip_count), skeleton_free(&s->all);
    scene_nodes_free(&s->nodes), skin_scene_free(&s->sc), skeleton_free(&s->skel), gltf_free(&s->doc);
    memset(s, 0, sizeof *s);
}

void crowd_fade_start(const crowd_scene *s, int i, crossfade *fade, int *next_switch_frame)
{
    crossfade_start(fade, s->clips, i % s->clip_count, true);
    double duration = fade->entry[0].clock.duration;
    fade->entry[0].clock.time = duration > 0 ? fmod(0.37 * i, duration) : 0;
    if (s->clip_count == 1) { /* one clip: the crowd plays it at spread phases */
        *next_switch_frame = -1;
        return;
    }
    crossfade_switch(fade, s->clips, s->clip_count, (i + 1) % s->clip_count, true, 1.0, FADE_SMOOTHSTEP, false, NULL);
    for (int k = 0; k < i % 60; k++)
        crossfade_advance(fade, FRAME_DT, s->clips, NULL, 0);
    *next_switch_frame = 60 - i % 60;
}

void crowd_fade_advance(const crowd_scene *s, int frame, crossfade *fade, int *next_switch_frame)
{
    if (frame == *next_switch_frame) { /* the other clip, over a second: always two playing */
        int next = (fade->entry[fade->count - 1].clip + 1) % s->clip_count;
        crossfade_switch(fade, s->clips, s->clip_count, next, true, 1.0, FADE_SMOOTHSTEP, false, NULL);
        *next_switch_frame += 60;
    }
    crossfade_advance(fade, FRAME_DT, s->clips, NULL, 0);
}

/* What one thread skins into: every character's mesh in turn, so one copy
 * of the largest primitive's outputs, and the fast path's matrices. */
typedef struct skin_buffers {
    float (*positions)[3], (*normals)[3], (*tangents)[4];
    fast_matrix *fast; /* [the skin's joints], 64-byte aligned */
} skin_buffers;

typedef struct bench {
    const crowd_scene *s;
    const crowd_layout *layout;
    skin_buffers *buffers; /* [threads]: range r of a run skins into buffers[r] */
    int buffer_count;
} bench;

static bool buffers_init(bench *b, int threads, sa_error *err)
{
    const skin_scene *sc = &b->s->sc;
    size_t vertices = skin_scene_max_vertex_count(sc), joints = 1;
    for (int p = 0; p < sc->primitive_count; p++)
        joints = (size_t)sc->primitives[p].job.joint_count > joints ? (size_t)sc->primitives[p].job.joint_count
                                                                    : joints;
    b->buffers = calloc((size_t)threads, sizeof *b->buffers);
    b->buffer_count = b->buffers ? threads : 0;
    for (int t = 0; t < b->buffer_count; t++) {
        skin_buffers *o = &b->buffers[t];
        o->positions = malloc(vertices * sizeof *o->positions);
        o->normals = malloc(vertices * sizeof *o->normals);
        o->tangents = malloc(vertices * sizeof *o->tangents);
        o->fast = sa_aligned_alloc(64, joints * sizeof *o->fast);
        if (!o->positions || !o->normals || !o->tangents || !o->fast)
            return sa_error_set(err, "out of memory");
    }
    return b->buffers ? true : sa_error_set(err, "out of memory");
}

static void buffers_free(bench *b)
{
    for (int t = 0; t < b->buffer_count; t++)
        free(b->buffers[t].positions), free(b->buffers[t].normals), free(b->buffers[t].tangents),
            sa_aligned_free(b->buffers[t].fast);
    free(b->buffers);
}

/* Primitive p's skinning job for character i, into buffers[range]. */
static skinning_job character_job(const bench *b, int p, size_t i, int range)
{
    const skin_buffers *out = &b->buffers[range];
    skinning_job job = b->s->sc.primitives[p].job;
    job.skin_matrix = b->layout->skin_matrix(b->layout->crowd, i);
    job.out_positions = out->positions;
    job.out_normals = out->normals;
    job.out_tangents = job.tangents ? out->tangents : NULL;
    return job;
}

/* One stage over characters [from, to) of frame `frame`: the layout's
 * animation stages, or the mesh skinned into buffers[range]. */
static void run_stage(const bench *b, int stage, int frame, size_t from, size_t to, int range)
{
    if (stage < CROWD_ANIMATION_STAGES) {
        b->layout->run_stage(b->layout->crowd, stage, frame, from, to);
        return;
    }
    for (size_t i = from; i < to; i++)
        for (int p = 0; p < b->s->sc.primitive_count; p++) {
            skinning_job job = character_job(b, p, i, range);
            if (stage == CROWD_SKINNING)
                fast_job_run(&job, b->buffers[range].fast);
            else
                skinning_job_run(&job);
        }
}

/* One stage of one frame on the threads: each thread a range of characters. */
typedef struct stage_part {
    const bench *b;
    int stage, frame;
} stage_part;

static void run_part(const void *context, int range, size_t from, size_t to)
{
    const stage_part *part = context;
    run_stage(part->b, part->stage, part->frame, from, to, range);
}

/* The fast path gives the plain loop's answer (1e-4, as bench_skinning
 * checks it) for the last character, posed by the frame just run. */
static bool fast_path_agrees(const bench *b, size_t last, sa_error *err)
{
    const skin_buffers *out = &b->buffers[0];
    for (int p = 0; p < b->s->sc.primitive_count; p++) {
        skinning_job job = character_job(b, p, last, 0);
        size_t n = job.vertex_count;
        float(*plain)[3] = malloc(2 * n * sizeof *plain); /* positions, then normals */
        if (!plain)
            return sa_error_set(err, "out of memory");
        skinning_job_run(&job);
        memcpy(plain, out->positions, n * sizeof *plain);
        memcpy(plain + n, out->normals, n * sizeof *plain);
        fast_job_run(&job, out->fast);
        size_t bad = n;
        for (size_t v = 0; v < n && bad == n; v++)
            for (int k = 0; k < 3; k++)
                if (!(fabsf(plain[v][k] - out->positions[v][k]) < 1e-4f &&
                      fabsf(plain[n + v][k] - out->normals[v][k]) < 1e-4f))
                    bad = v;
        free(plain);
        if (bad < n)
            return sa_error_set(err, "the fast path disagrees with the plain loop at vertex %zu of primitive %d", bad,
                                p);
    }
    return true;
}

/* Frames of every stage over the crowd, each stage timed: on this thread
 * (pool NULL: its CPU clock) or on the threads (the wall clock). median
 * gets each stage's median seconds per character. */
static void time_frames(const bench *b, skinning_threads *pool, int count, int frames, int *frame_number,
                        double *seconds, double median[CROWD_STAGES])
{
    for (int frame = 0; frame < frames; frame++, (*frame_number)++)
        for (int stage = 0; stage < CROWD_STAGES; stage++) {
            double t0 = pool ? sa_time_monotonic() : sa_time_stage();
            if (pool) {
                stage_part part = {b, stage, *frame_number};
                skinning_threads_run(pool, (size_t)count, run_part, &part);
            } else {
                run_stage(b, stage, *frame_number, 0, (size_t)count, 0);
            }
            seconds[stage * frames + frame] = (pool ? sa_time_monotonic() : sa_time_stage()) - t0;
        }
    for (int stage = 0; stage < CROWD_STAGES; stage++) {
        qsort(seconds + stage * frames, (size_t)frames, sizeof *seconds, bench_compare_doubles);
        median[stage] = seconds[stage * frames + frames / 2] / count;
    }
}

bool crowd_bench_run(const crowd_scene *s, const crowd_layout *layout, const crowd_options *options, sa_error *err)
{
    int count = options->characters, frames = options->frames, threads = options->threads;
    bench b = {.s = s, .layout = layout};
    skinning_threads pool = {0};
    sa_error no_threads = {""};
    bool threaded = sa_threads_available(&no_threads);
    double *seconds = malloc((size_t)frames * CROWD_STAGES * sizeof *seconds);
    double one[CROWD_STAGES], many[CROWD_STAGES];
    bool ok = seconds ? buffers_init(&b, threads, err) : sa_error_set(err, "out of memory");
    ok = ok && (!threaded || skinning_threads_start(&pool, threads, err));
    /* A frame to warm up (every buffer written once), then the fast path
     * checked; the frames are numbered on through every pass below, so that
     * the crowd keeps switching clips. */
    int frame_number = 0;
    for (int stage = 0; ok && stage < CROWD_STAGES; stage++)
        run_stage(&b, stage, frame_number, 0, (size_t)count, 0);
    ok = ok && fast_path_agrees(&b, (size_t)count - 1, err);
    frame_number++;
    char load[64];
    bench_load_average(load, sizeof load);
    bench_other_work other;
    bench_other_work_start(&other);
    if (ok)
        time_frames(&b, NULL, count, frames, &frame_number, seconds, one);
    if (ok && threaded)
        time_frames(&b, &pool, count, frames, &frame_number, seconds, many);
    if (ok) {
        double animation[2] = {0, 0}; /* seconds a character: one core, threads */
        for (int stage = 0; stage < CROWD_ANIMATION_STAGES; stage++)
            animation[0] += one[stage], animation[1] += many[stage];
        printf("characters_at_60hz: %.0f\n", FRAME_DT / animation[0]);
        printf("characters_at_60hz_skinned: %.0f\n", FRAME_DT / (animation[0] + one[CROWD_SKINNING]));
        if (threaded) {
            printf("characters_at_60hz_threads: %.0f (%d threads)\n", FRAME_DT / animation[1], threads);
            printf("characters_at_60hz_skinned_threads: %.0f (%d threads)\n",
                   FRAME_DT / (animation[1] + many[CROWD_SKINNING]), threads);
        }
        for (int stage = 0; stage < CROWD_STAGES; stage++)
            printf("%s_ns_per_character: %.0f\n", stage_names[stage], 1e9 * one[stage]);
        fflush(stdout);
        /* How busy the machine was: threads wait for cores that other work holds. */
        if (threaded)
            fprintf(stderr,
                    "%s: %d characters; %d threads over one core (the same per-stage method): %.2fx, skinned %.2fx; ",
                    layout->name, count, threads, animation[0] / animation[1],
                    (animation[0] + one[CROWD_SKINNING]) / (animation[1] + many[CROWD_SKINNING]));
        else
            fprintf(stderr, "%s: %d characters; no threaded figures: %s; ", layout->name, count, no_threads.message);
        fprintf(stderr,
                "other programs held %.2f of the %d cores (/proc/stat; < 0: not known); load average %s before the "
                "frames\n",
                bench_other_work_cores(&other), bench_online_cores(), load);
    }
    skinning_threads_stop(&pool);
    buffers_free(&b);
    free(seconds);
    return ok;
}

int crowd_parse_args(int argc, char **argv, const char *program, const char *const *layouts, const char **model,
                     const char **layout, crowd_options *options)
{
    *model = "assets/models/humanoid.gltf";
    *options = (crowd_options){.characters = 2000, .frames = 31, .threads = bench_online_cores()};
    bool bad = false;
    for (int i = 1; i < argc && !bad; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "--model"))
            *model = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--characters"))
            options->characters = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--frames"))
            options->frames = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--threads"))
            options->threads = atoi(argv[++i]);
        else if (layouts && i + 1 < argc && !strcmp(argv[i], "--layout")) {
            *layout = argv[++i];
            bad = strcmp(*layout, "both") != 0;
            for (int k = 0; layouts[k]; k++)
                bad = bad && strcmp(*layout, layouts[k]) != 0;
        } else
            bad = true;
    }
    if (bad) {
        fprintf(stderr, "usage: %s [--model FILE] [--characters N] [--frames N] [--threads T]%s\n", program,
                layouts ? " [--layout aos|soa|both]" : "");
        return 2;
    }
    if (options->characters < 1 || options->frames < 1 || options->threads < 1 ||
        options->threads > SKINNING_MAX_THREADS) {
        fprintf(stderr, "error: --characters and --frames must be at least 1, --threads 1 to %d\n",
                SKINNING_MAX_THREADS);
        return 2;
    }
    return 0;
}
