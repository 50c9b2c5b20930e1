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
#include "clip_gltf.h"
#include "compress_report.h"
#include "keyframes_view.h"

#include "chapters/04_bone_tree/pose_write.h"
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
        program_state_free(&st);
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
        return run_window(&st, &spec, path, &options, clip_index, clock); /* which frees st */
    status = run_dump(&st, path, clip_index, clock);
    program_state_free(&st);
    return status;
}
