/* ch08_keyframes: the clips of a glTF file, played.
 *
 * Each frame: the clock advances (its own double, events crossed on the
 * way), the clip is sampled into a pose over every node (clip_sample), and
 * the pose goes through chapter 04's forward kinematics, chapter 05's skin
 * matrices and chapter 07's GPU skinning unchanged (gpu_skinned_view.h).
 * Nodes without a skin move as rigid bodies (BoxAnimated, AnimatedTriangle).
 *
 *   ch08_keyframes                                 the humanoid's idle and wave
 *   ch08_keyframes --model FILE --list-clips       index name duration channels
 *   ch08_keyframes --clip wave --time 0.5 --dump-pose OUT   every node's matrix
 *   ch08_keyframes --clip 1 --time 0.5 --dump-obj OUT       the skinned mesh
 * Keys (H lists them): N / P clip, SPACE pause, . and , one frame, ] and [ speed.
 */
#include "clip_gltf.h"
#include "compress_report.h"

#include "chapters/04_bone_tree/pose_write.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "chapters/07_gpu_skinning/gpu_skinned_view.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool list_clips = false, once = false, compress_report_option = false, events_option = false;
static float tolerance_option = 1e-3f, resample_option = 0.0f, speed_option = 1.0f; /* tolerance: the goal */
static const char *clip_option = NULL, *dump_pose_path = NULL, *dump_obj_path = NULL;
static const cli_option options_extra[] = {
    {"--list-clips", CLI_FLAG, &list_clips, NULL, "print 'index name duration channels' for each clip and exit"},
    {"--events", CLI_FLAG, &events_option, NULL,
     "play the clip for a loop and a frame in 60 Hz steps from --time and print 'event NAME time T frame F' "
     "for each event crossed, and exit"},
    {"--clip", CLI_STRING, &clip_option, "NAME|INDEX", "the clip to play (default: the first)"},
    {"--dump-pose", CLI_STRING, &dump_pose_path, "FILE",
     "write every node's scene-space matrix at --time (chapter 04's format) and exit ('-': standard output)"},
    {"--dump-obj", CLI_STRING, &dump_obj_path, "FILE",
     "write the skinned mesh at --time (chapter 06's OBJ format) and exit ('-': standard output)"},
    {"--speed", CLI_FLOAT, &speed_option, "S", "playback speed (negative: backwards; default 1)"},
    {"--once", CLI_FLAG, &once, NULL, "play the clip once and stop at its end (default: loop)"},
    {"--compress-report", CLI_FLAG, &compress_report_option, NULL,
     "print each clip's float and compressed sizes and the largest vertex error between them, and exit"},
    {"--tolerance", CLI_FLOAT, &tolerance_option, "M", "the compression's tolerance in metres (default 0.001)"},
    {"--resample", CLI_FLOAT, &resample_option, "HZ",
     "with --compress-report: each clip resampled at HZ keys per second before it is packed (a capture's form)"},
};
static const cli_key keys[] = {
    {"N / P", "next / previous clip"},
    {". / ,", "one frame forward / back"},
    {"] / [", "faster / slower"},
    {"B", "backwards / forwards"},
    {"L", "loop / once"},
    {"S", "toggle the skeleton"},
};
static const char *const modes[] = {"--list-clips", "--events",          "--dump-pose",
                                    "--dump-obj",   "--compress-report", "--screenshot"};
static const cli_spec spec = {
    .program = "ch08_keyframes",
    .summary = "keyframed clips (STEP, LINEAR with slerp, CUBICSPLINE) played on a skinned or rigid model",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

/* Chapter 07's view (the file, the skins' skeleton and the meshes) and what
 * this chapter adds: the skeleton of every node, which the clips move. */
typedef struct program_state {
    gpu_skinned_view v;
    skeleton all;
    clip *clips;           /* [doc.animation_count] */
    int *cursors;          /* [the most tracks of a clip] */
    transform *pose;       /* [all.joint_count] */
    mat4 *model_from_node; /* [all.joint_count] */
    int *depth;            /* [all.joint_count]: the overlay's colours */
} program_state;

static void state_free(program_state *st)
{
    free(st->cursors), free(st->pose), free(st->model_from_node), free(st->depth);
    clips_free(st->clips, st->v.view.base.doc.animation_count);
    skeleton_free(&st->all);
    gpu_skinned_view_free(&st->v);
}

static bool load(program_state *st, const char *model, bool decode_images, sa_error *err)
{
    int weights_skipped = 0;
    const skeleton_view *b = &st->v.view.base;
    if (!skinned_view_load(&st->v.view, model, decode_images, err))
        return false;
    if (!skeleton_from_gltf_nodes(&b->doc, &st->all, err) ||
        !clips_from_gltf(&b->doc, &st->all, &st->clips, &weights_skipped, err))
        return sa_error_prefix(err, "%s", b->path);
    size_t n = (size_t)st->all.joint_count + 1, tracks = (size_t)clips_most_tracks(st->clips, b->doc.animation_count);
    st->cursors = calloc(tracks, sizeof *st->cursors);
    st->pose = malloc(n * sizeof *st->pose);
    st->model_from_node = malloc(n * sizeof *st->model_from_node);
    st->depth = malloc(n * sizeof *st->depth);
    if (!st->cursors || !st->pose || !st->model_from_node || !st->depth)
        return sa_error_set(err, "out of memory");
    skeleton_depths(&st->all, st->depth);
    if (weights_skipped)
        fprintf(stderr, "note: %s: %d morph target weights channels skipped (morph targets are not drawn)\n", b->path,
                weights_skipped);
    return true;
}

/* [listing frame] */
/* One frame: sample (08) -> local_to_model over every node (04), which
 * places the rigid nodes; the skins' skeleton takes its joints' local
 * transforms from the same pose, for chapter 07's view to skin. */
static void pose_at(program_state *st, int clip_index, float t)
{
    skinned_view *view = &st->v.view;
    if (clip_index >= 0)
        clip_sample(&st->clips[clip_index], t, st->cursors, st->pose);
    else
        memcpy(st->pose, st->all.rest_local, (size_t)st->all.joint_count * sizeof *st->pose);
    skeleton_local_to_model(&st->all, st->pose, st->model_from_node);
    for (int n = 0; n < view->base.doc.node_count; n++)
        if (view->nodes.shown[n])
            glm_mat4_copy(st->model_from_node[st->all.joint_of_node[n]], view->nodes.world_from_node[n]);
    skeleton_locals_from_nodes(&view->base.skel, &st->all, st->pose, view->base.local);
}
/* [/listing] */

/* --events: the clock in 60 Hz frames for a loop and one frame more (60 Hz
 * steps in floating point reach the loop's end, where an event at 0 lies,
 * just after the frame that ought to land on it), each crossing. */
static void print_events(const clip *c, clip_clock clock)
{
    for (int f = 1; f <= (int)ceil(c->duration * 60.0 - 1e-6) + 1; f++) {
        int fired[16], n = clip_clock_advance(&clock, 1.0 / 60.0, c->events, c->event_count, fired, 16);
        for (int i = 0; i < n && i < 16; i++)
            printf("event %s time %.6g frame %d\n", c->events[fired[i]].name, (double)c->events[fired[i]].time, f);
    }
}

/* The modes that print and exit: --list-clips, --events, --compress-report,
 * --dump-pose, --dump-obj. */
static int run_dump(program_state *st, int clip_index, clip_clock clock)
{
    sa_error err;
    skinned_view *view = &st->v.view;
    const char *path = view->base.path;
    if (list_clips)
        clips_write_list(&view->base.doc, st->clips, stdout);
    else if (events_option && clip_index >= 0)
        print_events(&st->clips[clip_index], clock);
    else if (compress_report_option && !compress_report(&view->base.doc, &st->all, &view->base.skel, &view->sc,
                                                        st->clips, tolerance_option, resample_option, stdout, &err))
        return app_fail(&err);
    if (list_clips || events_option || compress_report_option)
        return 0;
    bool ok;
    if (dump_pose_path) {
        FILE *out = sa_output_open(dump_pose_path, &err);
        if (!out)
            return app_fail(&err);
        if (!(ok = skeleton_write_pose(&st->all, st->pose, out, &err)))
            sa_error_prefix(&err, "%s", path);
        ok = sa_output_close(out, dump_pose_path, ok, &err);
    } else {
        skeleton_local_to_model(&view->base.skel, view->base.local, view->sc.model_from_joint);
        skin_scene_run(&view->sc, &view->base.skel);
        ok = skin_scene_write_obj_file(&view->sc, &view->base.doc, view->nodes.world_from_node, view->nodes.shown,
                                       dump_obj_path, &err);
    }
    return ok ? 0 : app_fail(&err);
}

static int run_window(program_state *st, app_options *options, int clip_index, clip_clock clock);

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    bool dumping = list_clips || events_option || dump_pose_path || dump_obj_path || compress_report_option;
    sa_error err;
    program_state st;
    memset(&st, 0, sizeof st);
    int clip_index = 0;
    bool loaded = load(&st, options.model, !dumping, &err);
    const char *path = st.v.view.base.path;
    int count = st.v.view.base.doc.animation_count;
    if (loaded && clip_option && (clip_index = clip_find(st.clips, count, clip_option, &err)) < 0)
        loaded = sa_error_prefix(&err, "%s", path);
    if (!loaded) {
        state_free(&st);
        return app_fail(&err);
    }
    if (count == 0) {
        clip_index = -1;
        if (!list_clips)
            fprintf(dumping ? stderr : stdout, "%s has no animation: showing its rest pose\n", path);
    }
    /* --time T: clip time T, modulo the duration (clamped with --once). */
    clip_clock clock;
    clip_clock_init(&clock, clip_index >= 0 ? st.clips[clip_index].duration : 0.0, !once);
    clock.speed = speed_option;
    if (options.fixed_time && clock.duration > 0.0) {
        double d = clock.duration, t = options.time;
        clock.time = once ? fmin(fmax(t, 0.0), d) : fmod(fmod(t, d) + d, d);
    }
    pose_at(&st, clip_index, (float)clock.time);
    if (!dumping)
        return run_window(&st, &options, clip_index, clock); /* which frees st */
    status = run_dump(&st, clip_index, clock);
    state_free(&st);
    return status;
}

/* The overlay's text: the clip and its clock, the last events fired. */
static void draw_label(skeleton_view *b, const app *a, const clip *c, int clip_index, int count,
                       const clip_clock *clock, const char *last_events)
{
    char label[160];
    snprintf(label, sizeof label, "clip %d/%d %s  %.2f / %.2f s  speed %.2f  %s%s", clip_index + 1, count,
             c && c->name[0] ? c->name : "-", clock->time, clock->duration, clock->speed, clock->loop ? "loop" : "once",
             clock->finished ? " (finished)" : "");
    text_draw(&b->text, 10.0f, 8.0f, 1.5f, label, (vec3){1, 1, 1});
    text_draw(&b->text, 10.0f, 28.0f, 1.5f, last_events[0] ? last_events : "(no event yet)", (vec3){1, 0.85f, 0.4f});
    text_draw(&b->text, 10.0f, 48.0f, 1.2f, "N/P clip SPACE pause ./, step ]/[ speed B back L loop S bones",
              (vec3){0.85f, 0.85f, 0.85f});
    skeleton_view_flush_text(b, a);
}

/* The window: chapter 07's GPU skinning, every node's bones, the text. */
static int run_window(program_state *st, app_options *options, int clip_index, clip_clock clock)
{
    sa_error err;
    skeleton_view *b = &st->v.view.base;
    app a;
    if (!app_open(&a, &spec, options, &err)) {
        state_free(st);
        return app_fail(&err);
    }
    bool ok = gpu_skinned_view_init_gpu(&st->v, false, &err) && skinned_view_open(&st->v.view, &a, &err);
    bool show_skeleton = true;
    char last_events[96] = "";
    int count = b->doc.animation_count;
    while (ok && app_frame_begin(&a)) {
        int step = app_key_pressed(&a, GLFW_KEY_PERIOD) - app_key_pressed(&a, GLFW_KEY_COMMA);
        int next = app_key_pressed(&a, GLFW_KEY_N) - app_key_pressed(&a, GLFW_KEY_P);
        if (next && count > 0) { /* a new clip starts at 0 with fresh cursors */
            clip_index = (clip_index + next + count) % count;
            clock.duration = st->clips[clip_index].duration, clock.time = 0.0, clock.finished = false;
            memset(st->cursors, 0, (size_t)st->clips[clip_index].track_count * sizeof *st->cursors);
        }
        clock.speed *= app_key_pressed(&a, GLFW_KEY_RIGHT_BRACKET)  ? 2.0
                       : app_key_pressed(&a, GLFW_KEY_LEFT_BRACKET) ? 0.5
                                                                    : 1.0;
        if (app_key_pressed(&a, GLFW_KEY_B))
            clock.speed = -clock.speed;
        if (app_key_pressed(&a, GLFW_KEY_L))
            clock.loop = !clock.loop, clock.finished = false;
        if (app_key_pressed(&a, GLFW_KEY_S))
            show_skeleton = !show_skeleton;
        /* The clock: the frame's delta (0 when paused or --time), or one
         * 60 Hz frame either way when stepping (which pauses). */
        double dt = a.dt, speed = clock.speed;
        if (step) {
            a.paused = true;
            dt = 1.0 / 60.0, clock.speed = step * fabs(speed);
        }
        const clip *c = clip_index >= 0 ? &st->clips[clip_index] : NULL;
        int fired[8], n = c ? clip_clock_advance(&clock, dt, c->events, c->event_count, fired, 8) : 0;
        clock.speed = speed;
        for (int i = 0; i < n && i < 8; i++) { /* the newest first */
            char older[sizeof last_events];
            memcpy(older, last_events, sizeof older);
            snprintf(last_events, sizeof last_events, "%.24s@%.2f %.60s", c->events[fired[i]].name,
                     (double)c->events[fired[i]].time, older);
        }
        pose_at(st, clip_index, (float)clock.time);
        gpu_skinned_view_skin(&st->v, true, SKIN_LINEAR);
        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        gpu_skinned_view_draw(&st->v, clip_from_world, true, SKIN_LINEAR);
        if (show_skeleton) {
            glDisable(GL_DEPTH_TEST); /* the bones show through the skin */
            skeleton_overlay_draw(&b->lines, &st->all, st->model_from_node, st->depth, -1, b->axes_size);
            debug_draw_flush(&b->lines, clip_from_world, 6.0f);
            glEnable(GL_DEPTH_TEST);
        }
        draw_label(b, &a, c, clip_index, count, &clock, last_events);
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    state_free(st); /* its GL objects before the context goes */
    app_close(&a);
    return ok ? 0 : app_fail(&err);
}
