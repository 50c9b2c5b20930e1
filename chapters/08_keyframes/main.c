/* ch08_keyframes: the clips of a glTF file, played.
 *
 * Each frame: the clock advances (its own double, events crossed on the
 * way), the clip is sampled into a pose over every node (clip_sample) and
 * into the scene's morph weights (clip_sample_weights), and the pose goes
 * through chapter 04's forward kinematics, chapter 05's skin matrices and
 * chapter 07's GPU skinning unchanged (animated_view.h, which chapters 09
 * and 10 draw with too); --dump-obj morphs and skins on the CPU (chapter 06).
 * Nodes without a skin move as rigid bodies (BoxAnimated, AnimatedTriangle).
 *
 *   ch08_keyframes                                 the humanoid's idle and wave
 *   ch08_keyframes --model FILE --list-clips       index name duration channels
 *   ch08_keyframes --clip wave --time 0.5 --dump-pose OUT   every node's matrix
 *   ch08_keyframes --clip 1 --time 0.5 --dump-obj OUT       the skinned mesh
 *   ch08_keyframes --clip 1 --time 0.5 --dump-weights OUT   the morph weights
 * Keys (H lists them): N / P clip, SPACE pause, . and , one frame, ] and [ speed.
 */
#include "animated_view.h"
#include "clip_gltf.h"
#include "compress_report.h"

#include "chapters/04_bone_tree/pose_write.h"
#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "common/app.h"
#include "common/files.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"

static bool list_clips = false, once = false, compress_report_option = false, events_option = false;
static float tolerance_option = 1e-3f, resample_option = 0.0f, speed_option = 1.0f; /* tolerance: the goal */
static const char *clip_option = NULL, *dump_pose_path = NULL, *dump_obj_path = NULL, *dump_weights_path = NULL;
static const cli_option options_extra[] = {
    {"--list-clips", CLI_FLAG, &list_clips, NULL, "print 'index name duration channels' for each clip and exit"},
    {"--events", CLI_FLAG, &events_option, NULL,
     "play the clip for a loop and a frame in 60 Hz steps from --time and print 'event NAME time T frame F' "
     "for each event crossed, and exit"},
    {"--clip", CLI_STRING, &clip_option, "NAME|INDEX", "the clip to play (default: the first)"},
    {"--dump-pose", CLI_STRING, &dump_pose_path, "FILE",
     "write every node's scene-space matrix at --time (chapter 04's format) and exit ('-': standard output)"},
    {"--dump-obj", CLI_STRING, &dump_obj_path, "FILE",
     "write the morphed and skinned mesh at --time (chapter 06's OBJ format) and exit ('-': standard output)"},
    {"--dump-weights", CLI_STRING, &dump_weights_path, "FILE",
     "write the morph target weights at --time, 'NODE W0 W1 ...' for each node with morph targets, and exit "
     "('-': standard output)"},
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
static const char *const modes[] = {"--list-clips",   "--events",          "--dump-pose", "--dump-obj",
                                    "--dump-weights", "--compress-report", "--screenshot"};
static const cli_spec spec = {
    .program = "ch08_keyframes",
    .summary = "keyframed clips (STEP, LINEAR with slerp, CUBICSPLINE) played on a skinned or rigid model",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

/* The animated view (the file, the skeleton of every node, which the clips
 * move, the pose and the GPU drawing) and this chapter's clips. */
typedef struct program_state {
    animated_view v;
    clip *clips;         /* [v.doc.animation_count] */
    int *cursors;        /* [the most tracks of a clip] */
    int *weight_cursors; /* [the most weight tracks of a clip] */
} program_state;

static void state_free(program_state *st)
{
    free(st->cursors);
    free(st->weight_cursors);
    clips_free(st->clips, st->v.doc.animation_count);
    animated_view_free(&st->v);
}

static bool load(program_state *st, const char *path, bool decode_images, sa_error *err)
{
    animated_view *v = &st->v;
    if (!animated_view_load(v, path, decode_images, err))
        return false;
    if (!clips_from_gltf(&v->doc, &v->all, &st->clips, err))
        return sa_error_prefix(err, "%s", path);
    int count = v->doc.animation_count;
    st->cursors = calloc((size_t)clips_most_tracks(st->clips, count) + 1, sizeof *st->cursors);
    st->weight_cursors = calloc((size_t)clips_most_weight_tracks(st->clips, count) + 1, sizeof *st->weight_cursors);
    if (!st->cursors || !st->weight_cursors)
        return sa_error_set(err, "out of memory");
    return true;
}

/* [listing frame] */
/* One frame: sample (08) -> local_to_model over every node (04), which
 * places the rigid nodes and the skins' joints, for chapter 07's GPU
 * skinning to draw (animated_view.h). The morph weights go where chapter
 * 06's skinning reads them: the clip's layout is the skin scene's, both
 * from morph_weight_layout over the same file. */
static void pose_at(program_state *st, int clip_index, float t)
{
    animated_view *v = &st->v;
    if (clip_index >= 0) {
        clip_sample(&st->clips[clip_index], t, st->cursors, v->pose);
        clip_sample_weights(&st->clips[clip_index], t, st->weight_cursors, v->sc.morph_weights);
    } else
        memcpy(v->pose, v->all.rest_local, (size_t)v->all.joint_count * sizeof *v->pose);
    animated_view_place(v, NULL);
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
 * --dump-pose, --dump-weights, --dump-obj. */
static int run_dump(program_state *st, const char *path, int clip_index, clip_clock clock)
{
    sa_error err;
    animated_view *v = &st->v;
    if (list_clips)
        clips_write_list(&v->doc, st->clips, stdout);
    else if (events_option && clip_index >= 0)
        print_events(&st->clips[clip_index], clock);
    else if (compress_report_option && !compress_report(&v->doc, &v->all, &v->skel, &v->sc, st->clips, tolerance_option,
                                                        resample_option, stdout, &err))
        return app_fail(&err);
    if (list_clips || events_option || compress_report_option)
        return 0;
    bool ok;
    if (dump_pose_path) {
        FILE *out = sa_output_open(dump_pose_path, &err);
        if (!out)
            return app_fail(&err);
        if (!(ok = skeleton_write_pose(&v->all, v->pose, out, &err)))
            sa_error_prefix(&err, "%s", path);
        ok = sa_output_close(out, dump_pose_path, ok, &err);
    } else if (dump_weights_path) {
        FILE *out = sa_output_open(dump_weights_path, &err);
        if (!out)
            return app_fail(&err);
        morph_weights_write(&v->doc, v->sc.morph_weight_start, v->sc.morph_weights, out);
        ok = sa_output_close(out, dump_weights_path, true, &err);
    } else { /* chapter 06's CPU skinning of the placed pose, and its writer */
        skin_scene_run(&v->sc, &v->skel);
        ok = skin_scene_write_obj_file(&v->sc, &v->doc, v->nodes.world_from_node, v->nodes.shown, dump_obj_path, &err);
    }
    return ok ? 0 : app_fail(&err);
}

static int run_window(program_state *st, const char *path, app_options *options, int clip_index, clip_clock clock);

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    bool dumping = list_clips || events_option || dump_pose_path || dump_obj_path || dump_weights_path ||
                   compress_report_option;
    sa_error err;
    char path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, path, sizeof path, &err))
        return app_fail(&err);
    program_state st;
    memset(&st, 0, sizeof st);
    int clip_index = 0;
    bool loaded = load(&st, path, !dumping, &err);
    int count = st.v.doc.animation_count;
    if (loaded && clip_option && (clip_index = clip_find(st.clips, count, "--clip", clip_option, &err)) < 0)
        loaded = sa_error_prefix(&err, "%s", path);
    if (!loaded) {
        state_free(&st);
        return app_fail(&err);
    }
    if (count == 0) { /* said on stderr when printing, so that the output stays what was asked for (exit 0) */
        clip_index = -1;
        fprintf(dumping ? stderr : stdout, "%s has no animation: %s\n", path,
                list_clips ? "no clips to list" : "showing its rest pose");
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
        return run_window(&st, path, &options, clip_index, clock); /* which frees st */
    status = run_dump(&st, path, clip_index, clock);
    state_free(&st);
    return status;
}

/* The overlay's text: the clip and its clock, the last events fired. */
static void draw_label(debug_draw *text, const app *a, const clip *c, int clip_index, int count,
                       const clip_clock *clock, const char *last_events)
{
    char label[160];
    snprintf(label, sizeof label, "clip %d/%d %s  %.2f / %.2f s  speed %.2f  %s%s", clip_index + 1, count,
             c && c->name[0] ? c->name : "-", clock->time, clock->duration, clock->speed, clock->loop ? "loop" : "once",
             clock->finished ? " (finished)" : "");
    text_draw(text, 10.0f, 8.0f, 1.5f, label, (vec3){1, 1, 1});
    text_draw(text, 10.0f, 28.0f, 1.5f, last_events[0] ? last_events : "(no event yet)", (vec3){1, 0.85f, 0.4f});
    text_draw(text, 10.0f, 48.0f, 1.2f, "N/P clip SPACE pause ./, step ]/[ speed B back L loop S bones",
              (vec3){0.85f, 0.85f, 0.85f});
    mat4 clip_from_screen;
    text_clip_from_screen(a->width, a->height, clip_from_screen);
    debug_draw_flush(text, clip_from_screen, 1.0f);
}

/* The window: chapter 07's GPU skinning, every node's bones, the text. */
static int run_window(program_state *st, const char *path, app_options *options, int clip_index, clip_clock clock)
{
    sa_error err;
    animated_view *v = &st->v;
    vec3 lo, hi; /* the camera frames the rest pose */
    animated_view_rest_bounds(v, lo, hi);
    app a;
    if (!app_open(&a, &spec, options, &err)) {
        state_free(st);
        return app_fail(&err);
    }
    if (v->sc.primitive_count == 0)
        printf("nothing skinned in %s: the meshes are drawn where their nodes put them\n", path);
    bool ok = animated_view_open(v, path, &err);
    orbit_camera_frame_bounds(&a.camera, lo, hi);
    float axes_size = 0.08f * glm_vec3_distance(lo, hi);
    if (!TEXT_LINES_AVAILABLE)
        fprintf(stderr, "note: stb_easy_font.h was not found at build time: no joint names on screen\n");
    bool show_skeleton = true;
    char last_events[96] = "";
    int count = v->doc.animation_count;
    while (ok && app_frame_begin(&a)) {
        int step = app_key_pressed(&a, GLFW_KEY_PERIOD) - app_key_pressed(&a, GLFW_KEY_COMMA);
        int next = app_key_pressed(&a, GLFW_KEY_N) - app_key_pressed(&a, GLFW_KEY_P);
        if (next && count > 0) { /* a new clip starts at 0 with fresh cursors */
            clip_index = (clip_index + next + count) % count;
            clock.duration = st->clips[clip_index].duration, clock.time = 0.0, clock.finished = false;
            memset(st->cursors, 0, (size_t)st->clips[clip_index].track_count * sizeof *st->cursors);
            memset(st->weight_cursors, 0,
                   (size_t)st->clips[clip_index].weight_track_count * sizeof *st->weight_cursors);
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
        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        animated_view_draw(v, clip_from_world);
        if (show_skeleton) {
            glDisable(GL_DEPTH_TEST); /* the bones show through the skin */
            skeleton_overlay_draw(&v->lines, &v->all, v->model_from_node, v->depth, -1, axes_size);
            debug_draw_flush(&v->lines, clip_from_world, 6.0f);
            glEnable(GL_DEPTH_TEST);
        }
        draw_label(&v->text, &a, c, clip_index, count, &clock, last_events);
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    animated_view_close(v); /* its GL objects before the context goes */
    state_free(st);
    app_close(&a);
    return ok ? 0 : app_fail(&err);
}
