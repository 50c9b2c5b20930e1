/* bench_crowd: how many humanoids one core animates at 60 Hz (a program, not
 * a test: speed is measured here, never by timed tests).
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
 *   skinning         chapter 06's skinning job (the plain loop) over the mesh
 *
 * It prints, from the median frame of several:
 *
 *   characters_at_60hz: N           the animation work alone (no skinning), one core
 *   characters_at_60hz_skinned: N   with the CPU skinning too, one core
 *   characters_at_60hz_threads: N (T threads)   the animation work, characters
 *                                   split over T threads (wall time)
 *   STAGE_ns_per_character: X       one line per stage
 *
 * On stderr: the speed-up of T threads over one in the same run, and the
 * machine's load (figures measured beside other work are lower and noisier).
 *
 *   bench_crowd [--model FILE] [--characters N] [--frames N] [--threads T]
 */
#include "blend.h"

#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/05_inverse_bind/bind.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "chapters/08_keyframes/clip_gltf.h"
#include "common/files.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define FRAME_DT (1.0 / 60.0)

enum { SAMPLE, BLEND, LOCAL_TO_MODEL, SKIN_MATRICES, SKINNING, STAGES };
static const char *const stage_names[STAGES] = {"sample", "blend", "local_to_model", "skin_matrices", "skinning"};

/* One character: its fade, the two poses, its matrices. */
typedef struct character {
    crossfade fade;
    int next_switch_frame;
    int *cursors[CROSSFADE_MAX];
    transform *pose[CROSSFADE_MAX]; /* the sampled clips; pose[0] becomes the blend */
    mat4 *model_from_node;
    mat4 *skin_matrix;
} character;

typedef struct crowd {
    const clip *clips;
    int clip_count;
    const skeleton *all; /* every node: what the clips move */
    skin_scene *sc;      /* the mesh and the skinning job (one copy: its output is overwritten) */
    int count;
    character *characters;
} crowd;

static double cpu_seconds(void) /* this thread's CPU time: waits for the core are left out */
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double wall_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static bool crowd_init(crowd *cw, int count, sa_error *err)
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
                  (ch->skin_matrix = malloc((size_t)skin_joints * sizeof *ch->skin_matrix)) != NULL;
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
    return true;
}

static void crowd_free(crowd *cw)
{
    for (int i = 0; cw->characters && i < cw->count; i++) {
        character *ch = &cw->characters[i];
        for (int s = 0; s < CROSSFADE_MAX; s++)
            free(ch->cursors[s]), free(ch->pose[s]);
        free(ch->model_from_node), free(ch->skin_matrix);
    }
    free(cw->characters);
}

/* [listing crowd_stage] */
/* One stage over characters [from, to) of frame `frame`. */
static void run_stage(crowd *cw, int stage, int frame, int from, int to)
{
    const skeleton *all = cw->all;
    for (int i = from; i < to; i++) {
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
                skinning_job job = cw->sc->primitives[p].job;
                job.skin_matrix = ch->skin_matrix;
                skinning_job_run(&job);
            }
        }
    }
}
/* [/listing] */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct thread_part {
    crowd *cw;
    int frame, from, to;
} thread_part;

static void *run_part(void *arg)
{
    thread_part *part = arg;
    for (int stage = SAMPLE; stage < SKINNING; stage++)
        run_stage(part->cw, stage, part->frame, part->from, part->to);
    return NULL;
}

int main(int argc, char **argv)
{
    const char *model = "assets/models/humanoid.gltf";
    int count = 2000, frames = 31, threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
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
    if (count < 1 || frames < 1 || threads < 1) {
        fprintf(stderr, "error: --characters, --frames and --threads must be at least 1\n");
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
    bool ok = skeleton_from_gltf_nodes(&doc, &all, &err) && clips_from_gltf(&doc, &all, &clips, NULL, &err);
    if (ok && (doc.animation_count < 2 || all.skin_count < 1))
        ok = sa_error_set(&err, "%s: needs a skin and two clips", path);
    if (ok) {
        cw = (crowd){.clips = clips, .clip_count = doc.animation_count, .all = &all, .sc = &sc};
        ok = crowd_init(&cw, count, &err);
    }
    if (!ok) {
        fprintf(stderr, "error: %s\n", err.message);
        crowd_free(&cw), clips_free(clips, doc.animation_count), skeleton_free(&all);
        scene_nodes_free(&nodes), skin_scene_free(&sc), skeleton_free(&skel), gltf_free(&doc);
        return 1;
    }
    /* One core: each stage over the whole crowd, timed, frame after frame. */
    double *seconds = malloc((size_t)frames * STAGES * sizeof *seconds), median[STAGES];
    double *walls = malloc((size_t)frames * sizeof *walls);
    for (int frame = 0; seconds && frame < frames; frame++)
        for (int stage = 0; stage < STAGES; stage++) {
            double t0 = cpu_seconds();
            run_stage(&cw, stage, frame, 0, count);
            seconds[stage * frames + frame] = cpu_seconds() - t0;
        }
    for (int stage = 0; seconds && stage < STAGES; stage++) {
        qsort(seconds + stage * frames, (size_t)frames, sizeof *seconds, compare_doubles);
        median[stage] = seconds[stage * frames + frames / 2] / count;
    }
    /* Threads: the characters split into equal parts, wall time per frame;
     * once with one thread too, for the speed-up measured in the same run. */
    pthread_t *ids = malloc((size_t)threads * sizeof *ids);
    thread_part *parts = malloc((size_t)threads * sizeof *parts);
    bool *running = malloc((size_t)threads * sizeof *running);
    double wall[2] = {0, 0}; /* median seconds a frame: [0] threads, [1] one thread */
    for (int pass = 0; pass < 2; pass++) {
        int used = pass == 0 ? threads : 1;
        for (int frame = 0; walls && ids && parts && running && frame < frames; frame++) {
            double t0 = wall_seconds();
            for (int t = 0; t < used; t++) {
                parts[t] = (thread_part){&cw, (pass + 1) * frames + frame, count * t / used, count * (t + 1) / used};
                running[t] = pthread_create(&ids[t], NULL, run_part, &parts[t]) == 0;
                if (!running[t]) /* no thread: its part is done here */
                    run_part(&parts[t]);
            }
            for (int t = 0; t < used; t++)
                if (running[t])
                    pthread_join(ids[t], NULL);
            walls[frame] = wall_seconds() - t0;
        }
        if (walls) {
            qsort(walls, (size_t)frames, sizeof *walls, compare_doubles);
            wall[pass] = walls[frames / 2];
        }
    }
    if (seconds && walls && ids && parts && running) {
        double animation = median[SAMPLE] + median[BLEND] + median[LOCAL_TO_MODEL] + median[SKIN_MATRICES];
        printf("characters_at_60hz: %.0f\n", FRAME_DT / animation);
        printf("characters_at_60hz_skinned: %.0f\n", FRAME_DT / (animation + median[SKINNING]));
        printf("characters_at_60hz_threads: %.0f (%d threads)\n", FRAME_DT / (wall[0] / count), threads);
        for (int stage = 0; stage < STAGES; stage++)
            printf("%s_ns_per_character: %.0f\n", stage_names[stage], 1e9 * median[stage]);
        /* How busy the machine was: threads wait for cores that other work holds. */
        float load = -1.0f;
        FILE *f = fopen("/proc/loadavg", "r");
        if (f && fscanf(f, "%f", &load) != 1)
            load = -1.0f;
        if (f)
            fclose(f);
        fprintf(stderr, "%d characters; %d threads over 1 thread (wall time, this run): %.2fx; load average %.2f\n",
                count, threads, wall[1] / wall[0], (double)load);
    } else {
        ok = sa_error_set(&err, "out of memory");
        fprintf(stderr, "error: %s\n", err.message);
    }
    free(ids), free(parts), free(running), free(walls), free(seconds);
    crowd_free(&cw), clips_free(clips, doc.animation_count), skeleton_free(&all);
    scene_nodes_free(&nodes), skin_scene_free(&sc), skeleton_free(&skel), gltf_free(&doc);
    return ok ? 0 : 1;
}
