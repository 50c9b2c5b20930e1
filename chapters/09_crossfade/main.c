/* ch09_crossfade: clips crossfaded, layered and added (chapter 09).
 *
 * One animator (animator.h) plays the model's clips: on a switch the old clip
 * keeps playing while its weight falls to 0, the new one rises; a layer plays
 * another clip on the upper body, an additive clip goes on top. Each frame:
 * animator_advance -> animator_pose -> forward kinematics (04) -> skin
 * matrices (05) -> GPU skinning (07). The weights of the last seconds are
 * plotted at the bottom of the window.
 *
 *   ch09_crossfade                                  the humanoid's idle and wave
 *   ch09_crossfade --clip A --time T --blend B --blend-time T2 --weight W --dump-pose OUT
 *       the pose blend(A at T, B at T2, W), every node (chapter 04's format;
 *       --dump-obj OUT: the skinned mesh, chapter 06's format); no window
 *   ... --mask JOINT        B only on JOINT and its descendants (no smoothing)
 *   ch09_crossfade --clip A --time T --additive B [--blend-time T2] --weight W --dump-pose OUT
 *       A with W of B's difference from its first frame (B at T2, default T)
 *   ch09_crossfade --check-fade   switches simulated at 60 Hz: three lines, exit 1 on a defect
 * Keys (H lists them): N next clip, F / G longer / shorter fade, C curve,
 * Y phase sync, L layer, A additive, S skeleton.
 */
#include "animator.h"

#include "chapters/04_bone_tree/pose_write.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "chapters/07_gpu_skinning/gpu_skin_gltf.h"
#include "chapters/08_keyframes/clip_gltf.h"
#include "common/app.h"
#include "common/files.h"
#include "common/lit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"
#define LAYER_JOINT "spine_2" /* the humanoid's upper body, for the L key */
#define PLOT_SECONDS 6.0
#define PLOT_SAMPLES 360

static const char *clip_option = NULL, *blend_option = NULL, *additive_option = NULL, *mask_option = NULL;
static const char *weight_option = NULL, *blend_time_option = NULL, *dump_pose_path = NULL, *dump_obj_path = NULL;
static bool check_fade = false, demo = false;
static float fade_option = 0.3f;
static const cli_option options_extra[] = {
    {"--clip", CLI_STRING, &clip_option, "NAME|INDEX", "the clip to start with (with --time: A of the blend)"},
    {"--blend", CLI_STRING, &blend_option, "NAME|INDEX", "B: blend A at --time with B at --blend-time by --weight"},
    {"--blend-time", CLI_STRING, &blend_time_option, "T2", "B's clip time (default: --time)"},
    {"--weight", CLI_STRING, &weight_option, "W", "B's weight, 0 (A) .. 1 (B); default 0.5"},
    {"--mask", CLI_STRING, &mask_option, "JOINT", "with --blend: B only on JOINT and its descendants"},
    {"--additive", CLI_STRING, &additive_option, "NAME|INDEX",
     "add W of this clip's difference from its first frame to A"},
    {"--dump-pose", CLI_STRING, &dump_pose_path, "FILE",
     "write every node's scene-space matrix (chapter 04's format) and exit ('-': standard output)"},
    {"--dump-obj", CLI_STRING, &dump_obj_path, "FILE",
     "write the skinned mesh (chapter 06's OBJ format) and exit ('-': standard output)"},
    {"--check-fade", CLI_FLAG, &check_fade, NULL,
     "simulate switches at 60 Hz, print max_weight_sum_error, max_pose_jump and events_fired_twice; exit 1 on a "
     "defect"},
    {"--fade", CLI_FLOAT, &fade_option, "S", "the fade's length in seconds for the keys (default 0.3)"},
    {"--demo", CLI_FLAG, &demo, NULL,
     "fade to the next clip every 2 s; with --headless --frames N, N frames of 1/60 s (reproducible screenshots)"},
};
static const cli_key keys[] = {
    {"N", "fade to the next clip"},
    {"F / G", "fade 0.1 s longer / shorter"},
    {"C", "linear / smoothstep fade"},
    {"Y", "phase sync on / off"},
    {"L", "the layer (the next clip on " LAYER_JOINT " and up)"},
    {"A", "the additive (the next clip, half weight)"},
    {"S", "toggle the skeleton"},
};
static const cli_spec spec = {
    .program = "ch09_crossfade",
    .summary = "clips crossfaded, layered on part of the body and added, GPU-skinned, with a plot of the weights",
    .takes_model = true,
    .extra = options_extra,
    .extra_count = 11,
    .keys = keys,
    .key_count = 7,
};

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

static void state_free(program_state *st)
{
    free(st->rigid_shown), free(st->pose), free(st->other), free(st->mask), free(st->model_from_node);
    free(st->depth);
    clips_free(st->clips, st->doc.animation_count);
    scene_nodes_free(&st->nodes);
    skin_scene_free(&st->sc);
    skeleton_free(&st->all);
    skeleton_free(&st->skel);
    gltf_free(&st->doc);
}

static bool load(program_state *st, const char *path, bool decode_images, sa_error *err)
{
    if (!skin_scene_load(path, decode_images, &st->doc, &st->skel, &st->sc, &st->nodes, err))
        return false;
    if (!skeleton_from_gltf_nodes(&st->doc, &st->all, err) ||
        !clips_from_gltf(&st->doc, &st->all, &st->clips, NULL, err))
        return sa_error_prefix(err, "%s", path);
    size_t n = (size_t)st->all.joint_count + 1;
    st->rigid_shown = calloc((size_t)st->doc.node_count + 1, sizeof *st->rigid_shown);
    st->pose = malloc(n * sizeof *st->pose);
    st->other = malloc(n * sizeof *st->other);
    st->mask = malloc(n * sizeof *st->mask);
    st->model_from_node = malloc(n * sizeof *st->model_from_node);
    st->depth = malloc(n * sizeof *st->depth);
    if (!st->rigid_shown || !st->pose || !st->other || !st->mask || !st->model_from_node || !st->depth)
        return sa_error_set(err, "out of memory");
    skin_scene_rigid_shown(&st->doc, st->nodes.shown, st->rigid_shown);
    skeleton_depths(&st->all, st->depth);
    return true;
}

/* st->pose through forward kinematics over every node; the skins' joints
 * and the shown nodes take their matrices from it. */
static void place_nodes(program_state *st)
{
    skeleton_local_to_model(&st->all, st->pose, st->model_from_node);
    for (int n = 0; n < st->doc.node_count; n++)
        if (st->nodes.shown[n])
            glm_mat4_copy(st->model_from_node[st->all.joint_of_node[n]], st->nodes.world_from_node[n]);
    for (int j = 0; j < st->skel.joint_count; j++)
        glm_mat4_copy(st->model_from_node[st->all.joint_of_node[st->skel.node_of_joint[j]]],
                      st->sc.model_from_joint[j]);
}

/* --- the command-line modes ---------------------------------------------------- */

/* A clip time from the command line, modulo the clip's duration (it loops). */
static float wrapped(double t, const clip *c)
{
    double d = c->duration;
    return d > 0.0 ? (float)fmod(fmod(t, d) + d, d) : 0.0f;
}

static bool parse_weight(const char *text, float *out, sa_error *err)
{
    char *end = NULL;
    double w = text ? strtod(text, &end) : 0.5;
    if (text && (end == text || *end != '\0'))
        return sa_error_set(err, "--weight: '%s' is not a number", text);
    if (!(w >= 0.0 && w <= 1.0))
        return sa_error_set(err, "--weight: %s is not within 0 .. 1", text);
    *out = (float)w;
    return true;
}

/* [listing blend_modes] */
/* --blend / --mask / --additive: the pose the command line asks for. */
static bool pose_from_command_line(program_state *st, int a, double t, sa_error *err)
{
    int count = st->doc.animation_count, n = st->all.joint_count;
    clip_sample(&st->clips[a], wrapped(t, &st->clips[a]), NULL, st->pose);
    if (!blend_option && !additive_option)
        return true;
    float weight = 0.5f;
    double t2 = t;
    char *end = NULL;
    if (blend_time_option && ((t2 = strtod(blend_time_option, &end)), end == blend_time_option || *end))
        return sa_error_set(err, "--blend-time: '%s' is not a number", blend_time_option);
    int b = clip_find(st->clips, count, blend_option ? blend_option : additive_option, err);
    if (b < 0 || !parse_weight(weight_option, &weight, err))
        return false;
    clip_sample(&st->clips[b], wrapped(t2, &st->clips[b]), NULL, st->other);
    if (additive_option) { /* B's difference from its own first frame, on top of A */
        transform *first = malloc((size_t)(n > 0 ? n : 1) * sizeof *first);
        if (!first)
            return sa_error_set(err, "out of memory");
        clip_sample(&st->clips[b], 0.0f, NULL, first);
        pose_additive_delta(n, first, st->other, st->other);
        pose_additive_apply(n, st->pose, st->other, weight, st->pose);
        free(first);
        return true;
    }
    const float *mask = NULL;
    if (mask_option) {
        int joint = skeleton_find(&st->all, mask_option);
        if (joint < 0)
            return sa_error_set(err, "--mask: no joint is called '%s'", mask_option);
        mask_from_joint(n, st->all.parent, joint, 0, st->mask);
        mask = st->mask;
    }
    blend_job job = {.joint_count = n, .a = st->pose, .b = st->other, .weight = weight, .mask = mask, .out = st->pose};
    return blend_job_run(&job, err);
}
/* [/listing] */

static int run_dump(program_state *st, const char *path)
{
    sa_error err;
    const char *out_path = dump_pose_path ? dump_pose_path : dump_obj_path;
    FILE *out = sa_output_open(out_path, &err);
    if (!out)
        return app_fail(&err);
    place_nodes(st);
    bool ok;
    if (dump_pose_path) {
        ok = skeleton_write_pose(&st->all, st->pose, out, &err);
    } else {
        skin_scene_run(&st->sc, &st->skel);
        ok = skin_scene_write_obj(&st->sc, &st->doc, st->nodes.world_from_node, st->nodes.shown, out, &err);
    }
    if (!ok)
        sa_error_prefix(&err, "%s", path);
    return sa_output_close(out, out_path, ok, &err) ? 0 : app_fail(&err);
}

static int check_fade_run(program_state *st, const char *path);
static int run_window(program_state *st, const char *path, app_options *options, int first);

/* Usage errors (exit 2): options that make no sense together or alone. */
static bool usage_ok(const app_options *options, sa_error *err)
{
    static const char *const modes[] = {"--dump-pose", "--dump-obj", "--check-fade", "--screenshot"};
    const bool given[] = {dump_pose_path != NULL, dump_obj_path != NULL, check_fade, options->screenshot != NULL};
    if (!cli_exclusive(4, modes, given, err))
        return false;
    static const char *const mixes[] = {"--blend", "--additive"};
    const bool mixed[] = {blend_option != NULL, additive_option != NULL};
    if (!cli_exclusive(2, mixes, mixed, err))
        return false;
    bool dumping = dump_pose_path || dump_obj_path;
    const char *needs_dump = blend_option ? "--blend" : additive_option ? "--additive" : NULL;
    if (needs_dump && !dumping)
        return sa_error_set(err, "%s needs --dump-pose or --dump-obj", needs_dump);
    if (mask_option && !blend_option)
        return sa_error_set(err, "--mask needs --blend");
    if ((weight_option || blend_time_option) && !blend_option && !additive_option)
        return sa_error_set(err, "%s needs --blend or --additive", weight_option ? "--weight" : "--blend-time");
    return true;
}

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    sa_error err;
    if (!usage_ok(&options, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 2;
    }
    if (!(fade_option >= 0.0f) || !isfinite(fade_option)) {
        sa_error_set(&err, "--fade: %g is not a number of seconds >= 0", (double)fade_option);
        return app_fail(&err);
    }
    bool dumping = dump_pose_path || dump_obj_path;
    char path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, path, sizeof path, &err))
        return app_fail(&err);
    program_state st;
    memset(&st, 0, sizeof st);
    int first = 0;
    bool ok = load(&st, path, !dumping && !check_fade, &err);
    if (ok && st.doc.animation_count == 0)
        ok = sa_error_set(&err, "it has no animation to blend");
    if (ok && clip_option)
        ok = (first = clip_find(st.clips, st.doc.animation_count, clip_option, &err)) >= 0;
    if (ok && dumping)
        ok = pose_from_command_line(&st, first, options.fixed_time ? options.time : 0.0, &err);
    if (!ok) {
        sa_error_prefix(&err, "%s", path);
        state_free(&st);
        return app_fail(&err);
    }
    status = dumping      ? run_dump(&st, path)
             : check_fade ? check_fade_run(&st, path)
                          : run_window(&st, path, &options, first);
    state_free(&st);
    return status;
}

/* --- --check-fade ---------------------------------------------------------------- */

#define CHECK_DT (1.0 / 60.0)
#define CHECK_FRAMES 600

/* The switches of the check: (frame, clip, seconds, curve, phase sync); a
 * switch inside a fade, back to a clip still fading out, and a phase-synced
 * fade to a clip of another length (the humanoid's idle lasts 4 s, its
 * wave 2 s). */
typedef struct check_switch {
    int frame, clip;
    double seconds;
    fade_curve curve;
    bool sync;
} check_switch;

/* What a run saw: the weights' sum error, the largest move of any node
 * between two frames (over all frames, and over the frames without a switch
 * just before them), events fired twice. */
typedef struct fade_stats {
    double max_sum_error, max_jump, max_jump_without_switch;
    int fired_twice;
} fade_stats;

static void model_positions(program_state *st, vec3 *out)
{
    place_nodes(st);
    for (int j = 0; j < st->all.joint_count; j++)
        glm_vec3_copy(st->model_from_node[j][3], out[j]);
}

/* The clock time of clip c's entry in the fade, or NAN when it is not playing. */
static double clip_time(const crossfade *fade, int c)
{
    for (int i = 0; i < fade->count; i++)
        if (fade->entry[i].clip == c)
            return fade->entry[i].clock.time;
    return NAN;
}

static bool simulate(program_state *st, const clip *list, int clips, const check_switch *switches, int switch_count,
                     fade_stats *stats, sa_error *err)
{
    int n = st->all.joint_count, events = 1;
    for (int c = 0; c < clips; c++)
        events = list[c].event_count > events ? list[c].event_count : events;
    animator anim = {0};
    vec3 *last = malloc((size_t)(n + 1) * sizeof *last), *now = malloc((size_t)(n + 1) * sizeof *now);
    /* since[c * events + e]: the clip seconds clip c played since its event e
     * last fired, and step[...] how far its clock went in that frame (frames
     * are steps: the next lap's crossing may end up to that much sooner);
     * before[c], moved[c]: its clock at the frame's start, how far it went. */
    double *since = malloc((size_t)(clips * events) * sizeof *since),
           *step = malloc((size_t)(clips * events) * sizeof *step);
    double *before = malloc((size_t)clips * sizeof *before), *moved = malloc((size_t)clips * sizeof *moved);
    bool allocated = last && now && since && step && before && moved;
    bool ok = allocated && animator_init(&anim, list, clips, switches[0].clip, true, err);
    *stats = (fade_stats){0};
    for (int i = 0; ok && i < clips * events; i++)
        since[i] = INFINITY, step[i] = 0.0;
    for (int frame = 0, next = 1; ok && frame < CHECK_FRAMES; frame++) {
        bool switched = next < switch_count && switches[next].frame == frame;
        for (; ok && next < switch_count && switches[next].frame == frame; next++) {
            int c = switches[next].clip;
            for (int e = 0; isnan(clip_time(&anim.fade, c)) && e < events; e++)
                since[c * events + e] = INFINITY; /* a new play of the clip */
            ok = animator_play(&anim, c, true, switches[next].seconds, switches[next].curve, switches[next].sync, err);
        }
        for (int c = 0; c < clips; c++)
            before[c] = clip_time(&anim.fade, c);
        fade_event fired[32];
        int count = animator_advance(&anim, CHECK_DT, fired, 32);
        for (int c = 0; c < clips; c++) { /* how far its clock went, forward across the wrap */
            double d = list[c].duration, after = clip_time(&anim.fade, c);
            moved[c] = d > 0.0 && !isnan(before[c]) && !isnan(after) ? fmod(after - before[c] + d, d) : 0.0;
            for (int e = 0; e < events; e++)
                since[c * events + e] += moved[c];
        }
        for (int k = 0; k < count && k < 32; k++) {
            int c = fired[k].clip, at = c * events + fired[k].event;
            if (since[at] < list[c].duration - step[at] - 1e-9) /* again before a whole lap of its clip */
                stats->fired_twice++;
            since[at] = 0.0;
            step[at] = moved[c];
        }
        float sum = 0.0f;
        for (int i = 0; i < anim.fade.count; i++)
            sum += anim.fade.entry[i].weight;
        stats->max_sum_error = fmax(stats->max_sum_error, fabs(sum - 1.0));
        animator_pose(&anim, st->pose);
        model_positions(st, now);
        double jump = 0.0;
        for (int j = 0; frame > 0 && j < n; j++)
            jump = fmax(jump, glm_vec3_distance(last[j], now[j]));
        stats->max_jump = fmax(stats->max_jump, jump);
        if (!switched)
            stats->max_jump_without_switch = fmax(stats->max_jump_without_switch, jump);
        memcpy(last, now, (size_t)n * sizeof *now);
    }
    animator_free(&anim); /* safe after a failed or skipped init: it was zeroed */
    free(last), free(now), free(since), free(step), free(before), free(moved);
    return allocated ? ok : sa_error_set(err, "out of memory");
}

/* [listing check_fade] */
static int check_fade_run(program_state *st, const char *path)
{
    sa_error err;
    int clips = st->doc.animation_count, a = 0, b = clips > 1 ? 1 : 0, still = clips;
    /* Markers for the events check where the file has none: a quarter apart. */
    for (int c = 0; c < clips; c++)
        for (int k = 0; st->clips[c].event_count == 0 && st->clips[c].duration > 0.0f && k < 4; k++)
            if (!clip_add_event(&st->clips[c], "mark", (0.1f + 0.25f * (float)k) * st->clips[c].duration, &err))
                return app_fail(&err);
    /* The file's clips plus one more, the rest pose standing still, so that
     * a fade can be interrupted by a third clip. */
    clip *list = malloc((size_t)(clips + 1) * sizeof *list);
    if (!list || !clip_init(&list[still], "rest", st->all.joint_count, st->all.rest_local, &err)) {
        free(list);
        return app_fail(&err);
    }
    memcpy(list, st->clips, (size_t)clips * sizeof *list);
    /* Switches in and out of fades, back to clips still fading out, a third
     * clip in the middle, and phase-synced fades between clips of other
     * lengths (the humanoid's idle lasts 4 s, its wave 2 s). */
    const check_switch switches[] = {
        {0, a, 0, FADE_LINEAR, false},         {60, b, 0.5, FADE_LINEAR, false},
        {75, a, 0.4, FADE_SMOOTHSTEP, false},  {84, still, 0.3, FADE_LINEAR, false},
        {90, b, 0.5, FADE_LINEAR, false},      {200, a, 0.6, FADE_SMOOTHSTEP, true},
        {330, b, 0.5, FADE_LINEAR, true},      {345, a, 0.5, FADE_SMOOTHSTEP, true},
        {450, b, 0.4, FADE_LINEAR, false},     {455, still, 0.4, FADE_LINEAR, false},
        {460, a, 0.4, FADE_SMOOTHSTEP, false},
    };
    fade_stats with;
    bool ok = simulate(st, list, clips + 1, switches, (int)(sizeof switches / sizeof *switches), &with, &err);
    clip_free(&list[still]);
    free(list);
    if (!ok) {
        sa_error_prefix(&err, "%s", path);
        return app_fail(&err);
    }
    /* A pop is a move at the frame of a switch larger than any move between
     * frames without one (the fades themselves included: a fade of 0.3 s
     * from idle to wave moves the arm faster than either clip does). */
    double without = with.max_jump_without_switch;
    double ratio = without > 0.0 ? with.max_jump / without : with.max_jump > 0.0 ? INFINITY : 1.0;
    printf("max_weight_sum_error: %.3g\nmax_pose_jump: %.3f\nevents_fired_twice: %d\n", with.max_sum_error, ratio,
           with.fired_twice);
    return with.max_sum_error > 1e-6 || ratio > 1.5 || with.fired_twice > 0 ? 1 : 0;
}
/* [/listing] */

/* --- the window ----------------------------------------------------------------------- */

/* The weights of the last PLOT_SECONDS, one sample a frame: clip c's weight
 * (fade, layer or additive) at plot[s * clips + c]. */
static const vec3 plot_colours[4] = {{1, 0.6f, 0.2f}, {0.3f, 0.8f, 1}, {0.5f, 1, 0.4f}, {1, 0.4f, 0.8f}};

static void plot_weights(debug_draw *lines, const float *plot, int samples, int clips, int width, int height)
{
    float x0 = 10.0f, y0 = (float)height - 10.0f, w = (float)width - 20.0f, h = 90.0f;
    debug_draw_line(lines, (vec3){x0, y0, 0}, (vec3){x0 + w, y0, 0}, (vec3){0.5f, 0.5f, 0.5f});
    debug_draw_line(lines, (vec3){x0, y0 - h, 0}, (vec3){x0 + w, y0 - h, 0}, (vec3){0.3f, 0.3f, 0.3f});
    for (int s = 1; s < samples; s++)
        for (int c = 0; c < clips; c++) {
            vec3 p = {x0 + w * (float)(s - 1) / PLOT_SAMPLES, y0 - h * plot[(s - 1) * clips + c], 0};
            vec3 q = {x0 + w * (float)s / PLOT_SAMPLES, y0 - h * plot[s * clips + c], 0};
            debug_draw_line(lines, p, q, plot_colours[c % 4]);
        }
}

static int run_window(program_state *st, const char *path, app_options *options, int first)
{
    sa_error err;
    vec3 lo, hi; /* the camera frames the rest pose */
    memcpy(st->pose, st->all.rest_local, (size_t)st->all.joint_count * sizeof *st->pose);
    place_nodes(st);
    skin_scene_run(&st->sc, &st->skel);
    skin_scene_bounds(&st->sc, &st->doc, st->nodes.world_from_node, st->rigid_shown, lo, hi);
    int clips = st->doc.animation_count, top = first, layer = -1, additive = -1;
    float *plot = calloc((size_t)(PLOT_SAMPLES + 1) * (size_t)clips, sizeof *plot);
    animator anim;
    if (!plot || !animator_init(&anim, st->clips, clips, first, true, &err)) {
        free(plot);
        return app_fail(&err);
    }
    if (options->fixed_time) /* --time T: the first clip's time (the clock then stands still) */
        anim.fade.entry[0].clock.time = wrapped(options->time, &st->clips[first]);
    int layer_joint = skeleton_find(&st->all, LAYER_JOINT);
    mask_from_joint(st->all.joint_count, st->all.parent, layer_joint >= 0 ? layer_joint : 0, 2, st->mask);
    app a;
    if (!app_open(&a, &spec, options, &err)) {
        animator_free(&anim), free(plot);
        return app_fail(&err);
    }
    gpu_skin_scene g = {0};
    scene_gl gpu = {0};
    shader_program lit = {0};
    debug_draw lines = {0}, text = {0};
    scene_gl_options gl_options = {.dynamic_skinned = true};
    bool ok = gpu_skin_scene_init(&g, &st->sc, &st->doc, false, &err) && gpu_skin_scene_load_programs(&g, &err) &&
              lit_load(&lit, &err) && debug_draw_init(&lines, &err) && debug_draw_init(&text, &err) &&
              scene_gl_upload(&gpu, &st->doc, &gl_options, &err);
    if (!ok)
        sa_error_prefix(&err, "%s", path);
    orbit_camera_frame_bounds(&a.camera, lo, hi);
    float axes_size = 0.05f * glm_vec3_distance(lo, hi);
    bool show_skeleton = false, sync = false;
    fade_curve curve = FADE_SMOOTHSTEP;
    double fade = fade_option, plot_clock = 0.0;
    int samples = 0;
    double demo_clock = 0.0;
    while (ok && app_frame_begin(&a)) {
        double dt = demo && options->headless && options->frames > 0 ? 1.0 / 60.0 : a.dt;
        bool demo_switch = demo && floor((demo_clock + dt) / 2.0) > floor(demo_clock / 2.0);
        demo_clock += dt;
        if (app_key_pressed(&a, GLFW_KEY_N) || demo_switch)
            ok = animator_play(&anim, top = (top + 1) % clips, true, fade, curve, sync, &err);
        if (app_key_pressed(&a, GLFW_KEY_F))
            fade += 0.1;
        if (app_key_pressed(&a, GLFW_KEY_G))
            fade = fmax(0.0, fade - 0.1);
        if (app_key_pressed(&a, GLFW_KEY_C))
            curve = curve == FADE_LINEAR ? FADE_SMOOTHSTEP : FADE_LINEAR;
        if (app_key_pressed(&a, GLFW_KEY_Y))
            sync = !sync;
        if (app_key_pressed(&a, GLFW_KEY_L))
            ok = animator_set_layer(&anim, layer = layer < 0 ? (top + 1) % clips : -1, st->mask, 1.0f, &err);
        if (app_key_pressed(&a, GLFW_KEY_A))
            ok = animator_set_additive(&anim, additive = additive < 0 ? (top + 1) % clips : -1, NULL, 0.5f, &err);
        if (app_key_pressed(&a, GLFW_KEY_S))
            show_skeleton = !show_skeleton;
        animator_advance(&anim, dt, NULL, 0);
        animator_pose(&anim, st->pose);
        place_nodes(st);
        gpu_skin_scene_update(&g, &st->sc, &st->skel, SKIN_LINEAR);

        /* One plot sample per 1/60 s of play: the newest at the right. */
        for (plot_clock += dt; plot_clock >= PLOT_SECONDS / PLOT_SAMPLES; plot_clock -= PLOT_SECONDS / PLOT_SAMPLES) {
            if (samples == PLOT_SAMPLES + 1)
                memmove(plot, plot + clips, (size_t)PLOT_SAMPLES * (size_t)clips * sizeof *plot), samples--;
            float *row = plot + (size_t)samples++ * (size_t)clips;
            for (int c = 0; c < clips; c++)
                row[c] = 0.0f;
            for (int i = 0; i < anim.fade.count; i++)
                row[anim.fade.entry[i].clip] += anim.fade.entry[i].weight;
        }
        mat4 clip_from_world, clip_from_screen;
        app_clip_from_world(&a, clip_from_world);
        lit_begin_frame(&lit, clip_from_world);
        scene_gl_draw(&gpu, &st->doc, &lit, st->nodes.world_from_node, st->rigid_shown);
        lit_begin_frame(&g.programs[SKIN_LINEAR].program, clip_from_world);
        gpu_skin_scene_draw(&g, &st->sc, &gpu, st->nodes.shown, SKIN_LINEAR);
        if (show_skeleton) {
            glDisable(GL_DEPTH_TEST); /* the bones show through the skin */
            skeleton_overlay_draw(&lines, &st->all, st->model_from_node, st->depth, -1, axes_size);
            debug_draw_flush(&lines, clip_from_world, 6.0f);
            glEnable(GL_DEPTH_TEST);
        }
        text_clip_from_screen(a.width, a.height, clip_from_screen);
        char label[200];
        int at = snprintf(label, sizeof label, "fade %.1f s %s%s  layer %s  additive %s |", fade,
                          curve == FADE_LINEAR ? "linear" : "smoothstep", sync ? " sync" : "",
                          layer >= 0 ? st->clips[layer].name : "off", additive >= 0 ? st->clips[additive].name : "off");
        for (int i = 0; i < anim.fade.count && at < (int)sizeof label; i++)
            at += snprintf(label + at, sizeof label - (size_t)at, " %s %.2f", st->clips[anim.fade.entry[i].clip].name,
                           (double)anim.fade.entry[i].weight);
        text_draw(&text, 10.0f, 8.0f, 1.5f, label, (vec3){1, 1, 1});
        text_draw(&text, 10.0f, 28.0f, 1.2f, "N clip  F/G fade  C curve  Y sync  L layer  A additive  S skeleton",
                  (vec3){0.85f, 0.85f, 0.85f});
        for (int c = 0; c < clips && c < 4; c++) /* the legend of the plot */
            text_draw(&text, 10.0f + 120.0f * (float)c, (float)a.height - 120.0f, 1.2f, st->clips[c].name,
                      plot_colours[c]);
        plot_weights(&text, plot, samples, clips, a.width, a.height);
        debug_draw_flush(&text, clip_from_screen, 1.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    debug_draw_free(&text);
    debug_draw_free(&lines);
    shader_program_unload(&lit);
    scene_gl_free(&gpu);
    gpu_skin_scene_free(&g);
    app_close(&a);
    animator_free(&anim);
    free(plot);
    return ok ? 0 : app_fail(&err);
}
