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
 *   ch09_crossfade --check-fade --cut   the same switches as cuts: pops, which it must report (exit 1)
 * Keys (H lists them): N next clip, F / G longer / shorter fade, C curve,
 * Y phase sync, L layer, A additive, S skeleton.
 */
#include "crossfade_modes.h"

#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "common/app.h"
#include "common/files.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"
#define LAYER_JOINT "spine_2" /* the humanoid's upper body, for the L key */
#define PLOT_SECONDS 6.0
#define PLOT_SAMPLES 360

static const char *clip_option = NULL;
static blend_request request; /* --blend ... --dump-obj, for blend_modes.c */
static bool check_fade = false, cut = false, demo = false;
static float fade_option = 0.3f;
static const cli_option options_extra[] = {
    {"--clip", CLI_STRING, &clip_option, "NAME|INDEX", "the clip to start with (with --time: A of the blend)"},
    {"--blend", CLI_STRING, &request.blend, "NAME|INDEX", "B: blend A at --time with B at --blend-time by --weight"},
    {"--blend-time", CLI_STRING, &request.blend_time, "T2", "B's clip time (default: --time)"},
    {"--weight", CLI_STRING, &request.weight, "W", "B's weight, 0 (A) .. 1 (B); default 0.5"},
    {"--mask", CLI_STRING, &request.mask, "JOINT", "with --blend: B only on JOINT and its descendants"},
    {"--additive", CLI_STRING, &request.additive, "NAME|INDEX",
     "add W of this clip's difference from its first frame to A"},
    {"--dump-pose", CLI_STRING, &request.dump_pose_path, "FILE",
     "write every node's scene-space matrix (chapter 04's format) and exit ('-': standard output)"},
    {"--dump-obj", CLI_STRING, &request.dump_obj_path, "FILE",
     "write the skinned mesh (chapter 06's OBJ format) and exit ('-': standard output)"},
    {"--check-fade", CLI_FLAG, &check_fade, NULL,
     "simulate switches at 60 Hz, print max_weight_sum_error, max_pose_jump and events_fired_twice; exit 1 on a "
     "defect"},
    {"--cut", CLI_FLAG, &cut, NULL,
     "with --check-fade: every switch at once (0 s) instead of its fade, the pops the check must report (exit 1; "
     "the check's own test)"},
    {"--fade", CLI_FLOAT, &fade_option, "S", "the fade's length in seconds for the keys (default 0.3)"},
    {"--demo", CLI_FLAG, &demo, NULL,
     "fade to the next clip every 2 s; with --headless --frames N, N frames of 1/60 s (reproducible screenshots)"},
};
static const cli_key keys[] = {
    {"N", "fade to the next clip that moves the body"},
    {"F / G", "fade 0.1 s longer / shorter"},
    {"C", "linear / smoothstep fade"},
    {"Y", "phase sync on / off"},
    {"L", "the layer (the next clip on " LAYER_JOINT " and up)"},
    {"A", "the additive (the next clip, half weight)"},
    {"S", "toggle the skeleton"},
};
static const char *const modes[] = {"--dump-pose", "--dump-obj", "--check-fade", "--screenshot"};
static const cli_spec spec = {
    .program = "ch09_crossfade",
    .summary = "clips crossfaded, layered on part of the body and added, GPU-skinned, with a plot of the weights",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

static int run_window(program_state *st, const char *path, app_options *options, int first);

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    sa_error err;
    if (!blend_request_usage_ok(&request, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 2;
    }
    if (cut && !check_fade) {
        fprintf(stderr, "error: --cut is for --check-fade\n");
        return 2;
    }
    if (!(fade_option >= 0.0f) || !isfinite(fade_option)) {
        sa_error_set(&err, "--fade: %g is not a number of seconds >= 0", (double)fade_option);
        return app_fail(&err);
    }
    bool dumping = request.dump_pose_path || request.dump_obj_path;
    char path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, path, sizeof path, &err))
        return app_fail(&err);
    program_state st;
    memset(&st, 0, sizeof st);
    int first = 0;
    /* The loader's errors name the file already; the checks below do not. */
    if (!state_load(&st, path, !dumping && !check_fade, &err)) {
        state_free(&st);
        return app_fail(&err);
    }
    bool ok = true;
    if (st.v.doc.animation_count == 0)
        ok = sa_error_set(&err, "it has no animation to blend");
    if (ok && clip_option)
        ok = (first = clip_find(st.clips, st.v.doc.animation_count, "--clip", clip_option, &err)) >= 0;
    if (ok && dumping)
        ok = pose_from_command_line(&st, &request, first, options.fixed_time ? options.time : 0.0, &err);
    if (!ok) {
        sa_error_prefix(&err, "%s", path);
        state_free(&st);
        return app_fail(&err);
    }
    status = dumping      ? run_dump(&st, &request, path)
             : check_fade ? check_fade_run(&st, path, cut)
                          : run_window(&st, path, &options, first);
    state_free(&st);
    return status;
}

/* --- the window ----------------------------------------------------------------------- */

/* The weights of the last PLOT_SECONDS, one sample a frame: clip c's weight
 * (fade, layer or additive) at plot[s * clips + c]. */
#define PLOT_COLOURS 6
static const vec3 plot_colours[PLOT_COLOURS] = {{1, 0.6f, 0.2f}, {0.3f, 0.8f, 1}, {0.5f, 1, 0.4f},
                                                {1, 0.4f, 0.8f}, {1, 1, 0.4f},    {0.7f, 0.5f, 1}};

static void plot_weights(debug_draw *lines, const float *plot, int samples, const clip *clip_list, int clips, int width,
                         int height)
{
    float x0 = 10.0f, y0 = (float)height - 10.0f, w = (float)width - 20.0f, h = 90.0f;
    debug_draw_line(lines, (vec3){x0, y0, 0}, (vec3){x0 + w, y0, 0}, (vec3){0.5f, 0.5f, 0.5f});
    debug_draw_line(lines, (vec3){x0, y0 - h, 0}, (vec3){x0 + w, y0 - h, 0}, (vec3){0.3f, 0.3f, 0.3f});
    for (int s = 1; s < samples; s++)
        for (int c = 0; c < clips; c++) {
            if (!clip_moves_joints(&clip_list[c])) /* never faded to (next_body_clip) */
                continue;
            vec3 p = {x0 + w * (float)(s - 1) / PLOT_SAMPLES, y0 - h * plot[(s - 1) * clips + c], 0};
            vec3 q = {x0 + w * (float)s / PLOT_SAMPLES, y0 - h * plot[s * clips + c], 0};
            debug_draw_line(lines, p, q, plot_colours[c % PLOT_COLOURS]);
        }
}

/* The clip after `from` that moves the body: N and --demo pass by clips of
 * morph weights alone (a blink), which would fade the body to its rest pose. */
static int next_body_clip(const clip *clips, int count, int from)
{
    for (int step = 1; step <= count; step++)
        if (clip_moves_joints(&clips[(from + step) % count]))
            return (from + step) % count;
    return from;
}

static int run_window(program_state *st, const char *path, app_options *options, int first)
{
    sa_error err;
    vec3 lo, hi; /* the camera frames the rest pose */
    animated_view *v = &st->v;
    animated_view_rest_bounds(v, lo, hi);
    int clips = v->doc.animation_count, top = first, layer = -1, additive = -1;
    float *plot = calloc((size_t)(PLOT_SAMPLES + 1) * (size_t)clips, sizeof *plot);
    animator anim;
    if (!plot || !animator_init(&anim, st->clips, clips, first, true, &err)) {
        free(plot);
        return app_fail(&err);
    }
    if (options->fixed_time) /* --time T: the first clip's time (the clock then stands still) */
        anim.fade.entry[0].clock.time = wrapped_time(options->time, &st->clips[first]);
    int layer_joint = skeleton_find(&v->all, LAYER_JOINT);
    mask_from_joint(v->all.joint_count, v->all.parent, layer_joint >= 0 ? layer_joint : 0, 2, st->mask);
    app a;
    if (!app_open(&a, &spec, options, &err)) {
        animator_free(&anim), free(plot);
        return app_fail(&err);
    }
    bool ok = animated_view_open(v, path, &err);
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
            ok = animator_play(&anim, top = next_body_clip(st->clips, clips, top), true, fade, curve, sync, &err);
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
        animator_pose(&anim, v->pose);
        animator_weights(&anim, v->sc.morph_weights);
        animated_view_place(v, NULL);

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
        animated_view_draw(v, clip_from_world);
        if (show_skeleton)
            animated_view_draw_bones(v, clip_from_world, axes_size);
        text_clip_from_screen(a.width, a.height, clip_from_screen);
        char label[200];
        int at = snprintf(label, sizeof label, "fade %.1f s %s%s  layer %s  additive %s |", fade,
                          curve == FADE_LINEAR ? "linear" : "smoothstep", sync ? " sync" : "",
                          layer >= 0 ? st->clips[layer].name : "off", additive >= 0 ? st->clips[additive].name : "off");
        for (int i = 0; i < anim.fade.count && at < (int)sizeof label; i++)
            at += snprintf(label + at, sizeof label - (size_t)at, " %s %.2f", st->clips[anim.fade.entry[i].clip].name,
                           (double)anim.fade.entry[i].weight);
        text_draw(&v->text, 10.0f, 8.0f, 1.5f, label, (vec3){1, 1, 1});
        text_draw(&v->text, 10.0f, 28.0f, 1.2f, "N clip  F/G fade  C curve  Y sync  L layer  A additive  S skeleton",
                  (vec3){0.85f, 0.85f, 0.85f});
        for (int c = 0, at_x = 0; c < clips; c++) /* the legend of the plot */
            if (clip_moves_joints(&st->clips[c]))
                text_draw(&v->text, 10.0f + 120.0f * (float)at_x++, (float)a.height - 120.0f, 1.2f, st->clips[c].name,
                          plot_colours[c % PLOT_COLOURS]);
        plot_weights(&v->text, plot, samples, st->clips, clips, a.width, a.height);
        debug_draw_flush(&v->text, clip_from_screen, 1.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    animated_view_close(v);
    app_close(&a);
    animator_free(&anim);
    free(plot);
    return ok ? 0 : app_fail(&err);
}
