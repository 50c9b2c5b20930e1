/* bench_crowd: how many humanoids one core, and every core, animates at 60
 * Hz (a program, not a test: speed is measured here, never by timed tests).
 *
 * Every character plays the humanoid's two clips, always in a crossfade
 * (a switch every second, fades of one second), each with its own clocks
 * and phase. A frame of the crowd runs each stage over every character in
 * turn, so that each stage is timed on its own:
 *
 *   sample           the clocks, the weights (crossfade_advance) and one
 *                    clip_sample per playing clip
 *   blend            pose_blend of the two poses
 *   local_to_model   chapter 04's forward kinematics over every node
 *   skin_matrices    chapter 05's skin matrices
 *   skinning         chapter 06's fast path (fast_job_run: AVX2/FMA, -O3
 *                    -march=native) over the mesh, as a program that skins
 *                    on the CPU would
 *   skinning_plain   chapter 06's plain loop (skinning_job_run), timed for
 *                    comparison and left out of the totals
 *
 * It prints, from the median frame of several:
 *
 *   characters_at_60hz: N           the animation work alone (no skinning), one core
 *   characters_at_60hz_skinned: N   with the fast path's skinning too, one core
 *   characters_at_60hz_threads: N (T threads)   the animation work, characters
 *                                   split over T threads (wall time)
 *   characters_at_60hz_skinned_threads: N (T threads)   the same with the
 *                                   skinning, each thread skinning its own
 *                                   characters into its own buffers
 *   STAGE_ns_per_character: X       one line per stage
 *
 * The threads are chapter 06's skinning_threads (started once, every
 * frame's work handed to them by skinning_threads_run), T every core by
 * default. On stderr: the speed-up of T threads over one in the same run,
 * the share of the cores other programs held and the load (figures measured
 * beside other work are lower and noisier). Where the build has no threads
 * (the web: common/platform.h) the two _threads lines are left out, and
 * stderr says why.
 *
 *   bench_crowd [--model FILE] [--characters N] [--frames N] [--threads T]
 */
#include "blend.h"

#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/05_inverse_bind/bind.h"
#include "chapters/06_cpu_skinning/bench_skinning.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "chapters/08_keyframes/clip_gltf.h"
#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FRAME_DT (1.0 / 60.0)

enum { SAMPLE, BLEND, LOCAL_TO_MODEL, SKIN_MATRICES, SKINNING, SKINNING_PLAIN, STAGES };
static const char *const stage_names[STAGES] = {"sample",        "blend",    "local_to_model",
                                                "skin_matrices", "skinning", "skinning_plain"};

/* One character: its fade, the two poses, its matrices. */
typedef struct character {
    crossfade fade;
    int next_switch_frame;
    int *cursors[CROSSFADE_MAX];
    transform *pose[CROSSFADE_MAX]; /* the sampled clips; pose[0] becomes the blend */
    mat4 *model_from_node;
    mat4 *skin_matrix;
} character;

/* What one thread skins into: every character's mesh in turn, so one copy
 * of the largest primitive's outputs, and the fast path's matrices. */
typedef struct skin_buffers {
    float (*positions)[3], (*normals)[3], (*tangents)[4];
    fast_matrix *fast; /* [the skin's joints], 64-byte aligned */
} skin_buffers;

typedef struct crowd {
    const clip *clips;
    int clip_count;
    const skeleton *all; /* every node: what the clips move */
    skin_scene *sc;      /* the mesh and its skinning jobs (their outputs unused: see buffers) */
    int count;
    character *characters;
    skin_buffers *buffers; /* [threads]: range r of a run skins into buffers[r] */
    int buffer_count;
} crowd;

static bool crowd_init(crowd *cw, int count, int threads, sa_error *err)
{
    int n = cw->all->joint_count, tracks = 1, skin_joints = cw->all->skins[0].joint_count;
    for (int c = 0; c < cw->clip_count; c++)
        tracks = cw->clips[c].track_count > tracks ? cw->clips[c].track_count : tracks;
    cw->count = count;
    cw->characters = calloc((size_t)count, sizeof *cw->characters);
    if (!cw->characters)
        return sa_error_set(err, "out of memory");
    for (int i = 0; i < count; i++) {
        character *ch = &cw->characters[i];
        bool ok = (ch->model_from_node = malloc((size_t)n * sizeof *ch->model_from_node)) != NULL &&
                  /* 64-byte aligned: the fast path is built with AVX, where cglm's mat4 is 32 */
                  (ch->skin_matrix = sa_aligned_alloc(64, (size_t)skin_joints * sizeof *ch->skin_matrix)) != NULL;
        for (int s = 0; ok && s < CROSSFADE_MAX; s++)
            ok = (ch->cursors[s] = calloc((size_t)tracks, sizeof *ch->cursors[s])) != NULL &&
                 (ch->pose[s] = malloc((size_t)n * sizeof *ch->pose[s])) != NULL;
        if (!ok)
            return sa_error_set(err, "out of memory");
        /* Each its own clip, phase and point in its fade, so the crowd is not in step. */
        crossfade_start(&ch->fade, cw->clips, i % cw->clip_count, true);
        ch->fade.entry[0].clock.time = fmod(0.37 * i, ch->fade.entry[0].clock.duration);
        crossfade_switch(&ch->fade, cw->clips, cw->clip_count, (i + 1) % cw->clip_count, true, 1.0, FADE_SMOOTHSTEP,
                         false, NULL);
        for (int k = 0; k < i % 60; k++)
            crossfade_advance(&ch->fade, FRAME_DT, cw->clips, NULL, 0);
        ch->next_switch_frame = 60 - i % 60;
    }
    size_t vertices = skin_scene_max_vertex_count(cw->sc), joints = 1;
    for (int p = 0; p < cw->sc->primitive_count; p++)
        joints = (size_t)cw->sc->primitives[p].job.joint_count > joints ? (size_t)cw->sc->primitives[p].job.joint_count
                                                                        : joints;
    cw->buffers = calloc((size_t)threads, sizeof *cw->buffers);
    cw->buffer_count = cw->buffers ? threads : 0;
    for (int t = 0; t < cw->buffer_count; t++) {
        skin_buffers *b = &cw->buffers[t];
        b->positions = malloc(vertices * sizeof *b->positions);
        b->normals = malloc(vertices * sizeof *b->normals);
        b->tangents = malloc(vertices * sizeof *b->tangents);
        b->fast = sa_aligned_alloc(64, joints * sizeof *b->fast);
        if (!b->positions || !b->normals || !b->tangents || !b->fast)
            return sa_error_set(err, "out of memory");
    }
    return cw->buffers ? true : sa_error_set(err, "out of memory");
}

static void crowd_free(crowd *cw)
{
    for (int i = 0; cw->characters && i < cw->count; i++) {
        character *ch = &cw->characters[i];
        for (int s = 0; s < CROSSFADE_MAX; s++)
            free(ch->cursors[s]), free(ch->pose[s]);
        free(ch->model_from_node), sa_aligned_free(ch->skin_matrix);
    }
    free(cw->characters);
    for (int t = 0; t < cw->buffer_count; t++)
        free(cw->buffers[t].positions), free(cw->buffers[t].normals), free(cw->buffers[t].tangents),
            sa_aligned_free(cw->buffers[t].fast);
    free(cw->buffers);
}

/* Primitive p's skinning job for character ch, into buffers[range]. */
static skinning_job character_job(const crowd *cw, int p, const character *ch, int range)
{
    const skin_buffers *out = &cw->buffers[range];
    skinning_job job = cw->sc->primitives[p].job;
    job.skin_matrix = ch->skin_matrix;
    job.out_positions = out->positions;
    job.out_normals = out->normals;
    job.out_tangents = job.tangents ? out->tangents : NULL;
    return job;
}

/* [listing crowd_stage] */
/* One stage over characters [from, to) of frame `frame`, skinning into
 * buffers[range]. */
static void run_stage(const crowd *cw, int stage, int frame, size_t from, size_t to, int range)
{
    const skeleton *all = cw->all;
    for (size_t i = from; i < to; i++) {
        character *ch = &cw->characters[i];
        crossfade *f = &ch->fade;
        if (stage == SAMPLE) {
            if (frame == ch->next_switch_frame) { /* the other clip, over a second: always two playing */
                int next = (f->entry[f->count - 1].clip + 1) % cw->clip_count;
                crossfade_switch(f, cw->clips, cw->clip_count, next, true, 1.0, FADE_SMOOTHSTEP, false, NULL);
                ch->next_switch_frame += 60;
            }
            crossfade_advance(f, FRAME_DT, cw->clips, NULL, 0);
            for (int k = 0; k < f->count; k++)
                clip_sample(&cw->clips[f->entry[k].clip], (float)f->entry[k].clock.time, ch->cursors[f->entry[k].slot],
                            ch->pose[k]);
        } else if (stage == BLEND) {
            float so_far = f->entry[0].weight;
            for (int k = 1; k < f->count; k++) {
                so_far += f->entry[k].weight;
                pose_blend(all->joint_count, ch->pose[0], ch->pose[k], f->entry[k].weight / so_far, NULL, ch->pose[0]);
            }
        } else if (stage == LOCAL_TO_MODEL) {
            skeleton_local_to_model(all, ch->pose[0], ch->model_from_node);
        } else if (stage == SKIN_MATRICES) {
            skin_matrices(all->skins[0].joint_count, all->skins[0].joint_of_skin_joint, ch->model_from_node,
                          cw->sc->joint_from_model_bind[0], ch->skin_matrix);
        } else {
            for (int p = 0; p < cw->sc->primitive_count; p++) {
                skinning_job job = character_job(cw, p, ch, range);
                if (stage == SKINNING)
                    fast_job_run(&job, cw->buffers[range].fast);
                else
                    skinning_job_run(&job);
            }
        }
    }
}
/* [/listing] */

/* One frame of the crowd on the threads: each range of characters runs
 * every stage of animation (and the fast path's skinning when `skinned`). */
typedef struct frame_part {
    const crowd *cw;
    int frame;
    bool skinned;
} frame_part;

static void run_part(const void *context, int range, size_t from, size_t to)
{
    const frame_part *part = context;
    for (int stage = SAMPLE; stage <= (part->skinned ? SKINNING : SKIN_MATRICES); stage++)
        run_stage(part->cw, stage, part->frame, from, to, range);
}

/* The fast path gives the plain loop's answer (1e-4, as bench_skinning
 * checks it) for the last character, posed by the frame just run. */
static bool fast_path_agrees(const crowd *cw, sa_error *err)
{
    const character *last = &cw->characters[cw->count - 1];
    const skin_buffers *out = &cw->buffers[0];
    for (int p = 0; p < cw->sc->primitive_count; p++) {
        skinning_job job = character_job(cw, p, last, 0);
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

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* its lines end in "\n" on Windows too */
    const char *model = "assets/models/humanoid.gltf";
    int count = 2000, frames = 31, threads = bench_online_cores();
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "--model"))
            model = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--characters"))
            count = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--frames"))
            frames = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--threads"))
            threads = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: bench_crowd [--model FILE] [--characters N] [--frames N] [--threads T]\n");
            return 2;
        }
    }
    if (count < 1 || frames < 1 || threads < 1 || threads > SKINNING_MAX_THREADS) {
        fprintf(stderr, "error: --characters and --frames must be at least 1, --threads 1 to %d\n",
                SKINNING_MAX_THREADS);
        return 2;
    }
    char path[SA_PATH_MAX];
    sa_error err;
    gltf_document doc;
    skeleton skel, all;
    skin_scene sc;
    scene_nodes nodes;
    clip *clips = NULL;
    memset(&all, 0, sizeof all);
    if (!sa_path_find(model, path, sizeof path, &err) ||
        !skin_scene_load(path, false, &doc, &skel, &sc, &nodes, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 1;
    }
    crowd cw = {0};
    skinning_threads pool = {0};
    sa_error no_threads = {""};
    bool threaded = sa_threads_available(&no_threads);
    double *seconds = malloc((size_t)frames * STAGES * sizeof *seconds), median[STAGES];
    double *walls = malloc((size_t)frames * sizeof *walls);
    bool ok = skeleton_from_gltf_nodes(&doc, &all, &err) && clips_from_gltf(&doc, &all, &clips, NULL, &err);
    if (ok && (doc.animation_count < 2 || all.skin_count < 1))
        ok = sa_error_set(&err, "%s: needs a skin and two clips", path);
    if (ok && (!seconds || !walls))
        ok = sa_error_set(&err, "out of memory");
    if (ok) {
        cw = (crowd){.clips = clips, .clip_count = doc.animation_count, .all = &all, .sc = &sc};
        ok = crowd_init(&cw, count, threads, &err) && (!threaded || skinning_threads_start(&pool, threads, &err));
    }
    /* A frame to warm up (every buffer written once), then the fast path
     * checked; the frames are numbered on through every pass below, so that
     * the crowd keeps switching clips. */
    int frame_number = 0;
    for (int stage = 0; ok && stage < STAGES; stage++)
        run_stage(&cw, stage, frame_number, 0, (size_t)count, 0);
    ok = ok && fast_path_agrees(&cw, &err);
    frame_number++;
    char load[64];
    bench_load_average(load, sizeof load);
    bench_other_work other;
    bench_other_work_start(&other);
    /* One core: each stage over the whole crowd, timed, frame after frame. */
    for (int frame = 0; ok && frame < frames; frame++, frame_number++)
        for (int stage = 0; stage < STAGES; stage++) {
            double t0 = sa_time_stage();
            run_stage(&cw, stage, frame_number, 0, (size_t)count, 0);
            seconds[stage * frames + frame] = sa_time_stage() - t0;
        }
    for (int stage = 0; ok && stage < STAGES; stage++) {
        qsort(seconds + stage * frames, (size_t)frames, sizeof *seconds, bench_compare_doubles);
        median[stage] = seconds[stage * frames + frames / 2] / count;
    }
    /* Threads: the characters cut into `threads` ranges, wall time per frame,
     * without and with the skinning; each once on one thread too, for the
     * speed-up measured in the same run. */
    double wall[2][2] = {{0, 0}, {0, 0}}; /* median seconds a frame: [skinned][0: threads, 1: one thread] */
    for (int skinned = 0; ok && threaded && skinned < 2; skinned++)
        for (int one = 0; one < 2; one++) {
            for (int frame = 0; frame < frames; frame++, frame_number++) {
                frame_part part = {&cw, frame_number, skinned};
                double t0 = sa_time_monotonic();
                if (one)
                    run_part(&part, 0, 0, (size_t)count);
                else
                    skinning_threads_run(&pool, (size_t)count, run_part, &part);
                walls[frame] = sa_time_monotonic() - t0;
            }
            qsort(walls, (size_t)frames, sizeof *walls, bench_compare_doubles);
            wall[skinned][one] = walls[frames / 2];
        }
    if (ok) {
        double animation = median[SAMPLE] + median[BLEND] + median[LOCAL_TO_MODEL] + median[SKIN_MATRICES];
        printf("characters_at_60hz: %.0f\n", FRAME_DT / animation);
        printf("characters_at_60hz_skinned: %.0f\n", FRAME_DT / (animation + median[SKINNING]));
        if (threaded) {
            printf("characters_at_60hz_threads: %.0f (%d threads)\n", FRAME_DT / (wall[0][0] / count), threads);
            printf("characters_at_60hz_skinned_threads: %.0f (%d threads)\n", FRAME_DT / (wall[1][0] / count), threads);
        }
        for (int stage = 0; stage < STAGES; stage++)
            printf("%s_ns_per_character: %.0f\n", stage_names[stage], 1e9 * median[stage]);
        /* How busy the machine was: threads wait for cores that other work holds. */
        if (threaded)
            fprintf(stderr, "%d characters; %d threads over 1 thread (wall time, this run): %.2fx, skinned %.2fx; ",
                    count, threads, wall[0][1] / wall[0][0], wall[1][1] / wall[1][0]);
        else
            fprintf(stderr, "%d characters; no threaded figures: %s; ", count, no_threads.message);
        fprintf(stderr,
                "other programs held %.2f of the %d cores (/proc/stat; < 0: not known); load average %s before the "
                "frames\n",
                bench_other_work_cores(&other), bench_online_cores(), load);
    } else {
        fprintf(stderr, "error: %s\n", err.message);
    }
    skinning_threads_stop(&pool);
    free(walls), free(seconds);
    crowd_free(&cw), clips_free(clips, doc.animation_count), skeleton_free(&all);
    scene_nodes_free(&nodes), skin_scene_free(&sc), skeleton_free(&skel), gltf_free(&doc);
    return ok ? 0 : 1;
}
