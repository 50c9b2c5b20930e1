/* ch07_gpu_skinning: chapter 06's skinning moved into the vertex shader, and
 * dual-quaternion skinning beside it.
 *
 * Each frame the CPU still walks the skeleton (chapter 04) and makes one skin
 * matrix per joint (chapter 05), then uploads them once: a std140 uniform
 * block, or a texture buffer for skeletons too big for one. The vertex
 * shader blends them for every vertex (shaders/skin.vert and
 * shaders/skin_vertex.glsl). A key switches to chapter 06's CPU skinning, to
 * compare; another to dual-quaternion skinning, which keeps a twisted limb's
 * volume where linear blending pinches it (the "candy wrapper").
 *
 *   ch07_gpu_skinning                                 the humanoid, moving
 *   ch07_gpu_skinning --model assets/models/tube.gltf --twist 180 --method dq
 *   ch07_gpu_skinning --model FILE --dump-obj OUT.obj the GPU's skinned rest
 *                     pose, read back with transform feedback (no window shown)
 *   ch07_gpu_skinning --model AnimatedMorphCube.gltf --morph-weights 0.5,0.5
 *                     morph targets, added in the vertex shader before the skin
 *
 * Keys: G GPU / CPU skinning, Q linear / dual quaternions, M motion (wave,
 * twist, still). The window title and the label show the frame time.
 *
 * On the web (WebGL 2 has no texture buffers) --texture-buffer keeps the
 * uniform block, and says so on stderr and under the label; a skin too big
 * for the block is an error there.
 */
#include "gpu_skinned_view.h"

#include "chapters/04_bone_tree/text_lines.h"
#include "chapters/06_cpu_skinning/procedural_pose.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *dump_obj_path = NULL;
static int method = SKIN_LINEAR;
static const char *const method_names[] = {[SKIN_LINEAR] = "linear", [SKIN_DUAL_QUAT] = "dq"};
static cli_choices method_choices = {&method, method_names, 2};
static const char *joint_option = NULL, *morph_weights_option = NULL;
static bool cpu_option = false, texture_buffer_option = false;
static float twist_option = NAN;
static const cli_option options_extra[] = {
    {"--dump-obj", CLI_STRING, &dump_obj_path, "FILE",
     "write the skinned rest pose as the vertex shader computed it (transform feedback) in chapter 06's OBJ "
     "format and exit ('-': standard output)"},
    {"--method", CLI_CHOICE, &method_choices, "NAME", "linear (default) or dq: dual-quaternion skinning"},
    {"--cpu", CLI_FLAG, &cpu_option, NULL, "start with chapter 06's CPU skinning instead of the GPU's"},
    {"--texture-buffer", CLI_FLAG, &texture_buffer_option, NULL,
     "keep the skin matrices in a texture buffer even when a uniform block would hold them"},
    {"--twist", CLI_FLOAT, &twist_option, "DEGREES",
     "no motion: the rest pose with one joint (--joint) twisted about its bone"},
    {"--joint", CLI_STRING, &joint_option, "NAME", "the joint --twist turns (default: the first skin's last joint)"},
    {"--morph-weights", CLI_STRING, &morph_weights_option, "W,W,...",
     "the weights of targets 0, 1, ... of every mesh with morph targets (default: the file's; targets past the "
     "list keep theirs)"},
};
static const cli_key keys[] = {
    {"G", "GPU / CPU skinning"},
    {"Q", "linear blend / dual-quaternion skinning"},
    {"M", "motion: wave, twist (one joint turning about its bone), still"},
};
static const char *const modes[] = {"--dump-obj", "--screenshot"};
static const cli_spec spec = {
    .program = "ch07_gpu_skinning",
    .summary = "skinning in the vertex shader (uniform block or texture buffer), and dual quaternions",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

enum { MOTION_WAVE, MOTION_TWIST, MOTION_STILL, MOTION_COUNT };
static const char *const motion_names[MOTION_COUNT] = {"wave", "twist", "still"};

/* The joint --twist turns: --joint, or the first skin's last joint. */
static bool find_twist_joint(const skeleton *s, const char *path, int *twist_joint, sa_error *err)
{
    *twist_joint = -1;
    if (joint_option) {
        if ((*twist_joint = skeleton_find(s, joint_option)) < 0)
            return sa_error_set(err, "%s: --joint: no joint is called '%s'", path, joint_option);
    } else if (s->skin_count > 0 && s->skins[0].joint_count > 0) {
        *twist_joint = s->skins[0].joint_of_skin_joint[s->skins[0].joint_count - 1];
    }
    return true;
}

/* --morph-weights: the numbers of the list, comma-separated, over each
 * morphed node's weights in sc->morph_weights (target t gets the t-th). */
static bool set_morph_weights(skin_scene *sc, const gltf_document *doc, const char *list, sa_error *err)
{
    float given[256];
    int count = 0;
    for (const char *c = list;; c++) {
        char *end;
        float w = strtof(c, &end);
        if (end == c || !isfinite(w) || (*end != ',' && *end != '\0') || count == 256)
            return sa_error_set(err, "--morph-weights: '%s' is not a list of up to 256 numbers (W,W,...)", list);
        given[count++] = w;
        c = end;
        if (*c == '\0')
            break;
    }
    for (int n = 0; n < doc->node_count; n++) {
        int start = sc->morph_weight_start[n];
        int targets = start >= 0 ? doc->meshes[doc->nodes[n].mesh].target_count : 0;
        for (int t = 0; t < targets && t < count; t++)
            sc->morph_weights[start + t] = given[t];
    }
    return true;
}

/* --dump-obj: the rest pose skinned by the vertex shader, read back. */
static int run_dump_obj(gpu_skinned_view *v)
{
    sa_error err;
    skin_scene *sc = &v->view.sc;
    skeleton_local_to_model(&v->view.base.skel, v->view.base.skel.rest_local, sc->model_from_joint);
    gpu_skin_scene_update(&v->g, sc, &v->view.base.skel, SKIN_LINEAR);
    if (!gpu_skin_scene_capture(&v->g, sc, SKIN_LINEAR, &err))
        return app_fail(&err);
    if (!skin_scene_write_obj_file(sc, &v->view.base.doc, v->view.nodes.world_from_node, v->view.nodes.shown,
                                   dump_obj_path, &err))
        return app_fail(&err);
    return 0;
}

static void pose_for(const skeleton *s, int motion, int twist_joint, float seconds, transform *local)
{
    if (motion == MOTION_WAVE)
        pose_procedural(s, seconds, glm_rad(30.0f), local);
    else if (motion == MOTION_TWIST)
        pose_twist(s, twist_joint, isnan(twist_option) ? GLM_PIf * sinf(seconds) : glm_rad(twist_option), local);
    else
        memcpy(local, s->rest_local, (size_t)s->joint_count * sizeof *local);
}

/* The frame time, smoothed: wall time from one frame to the next. */
typedef struct frame_clock {
    double last, frame_ms, title_at;
} frame_clock;

/* The label: what skins, how, and the frame time, also in the window title
 * twice a second. */
static void draw_label(gpu_skinned_view *v, app *a, frame_clock *c, bool on_gpu, int motion)
{
    double now = glfwGetTime();
    c->frame_ms = c->frame_ms == 0.0 ? 1000.0 * (now - c->last) : 0.95 * c->frame_ms + 0.05 * 1000.0 * (now - c->last);
    c->last = now;
    char label[128];
    snprintf(label, sizeof label, "%s, %s, %s: %.2f ms/frame", on_gpu ? "GPU" : "CPU",
             method == SKIN_LINEAR ? "linear" : "dual quat", motion_names[motion], c->frame_ms);
    if (now - c->title_at > 0.5) {
        char title[160];
        snprintf(title, sizeof title, "ch07_gpu_skinning: %s", label);
        glfwSetWindowTitle(a->window, title);
        c->title_at = now;
    }
    text_draw(&v->view.base.text, 10.0f, 8.0f, 2.0f, label, (vec3){1, 1, 1});
    text_draw(&v->view.base.text, 10.0f, 34.0f, 1.5f, "G: GPU/CPU  Q: linear/DQ  M: motion",
              (vec3){0.85f, 0.85f, 0.85f});
    if (v->g.storage_fell_back) /* --texture-buffer on the web */
        text_draw(&v->view.base.text, 10.0f, 54.0f, 1.5f, "no texture buffers in WebGL 2: a uniform block",
                  (vec3){1.0f, 0.85f, 0.4f});
    skeleton_view_flush_text(&v->view.base, a);
}

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    if (dump_obj_path)
        options.headless = true; /* a GL context, no window on screen */
    sa_error err;
    gpu_skinned_view v = {0};
    int twist_joint = -1;
    if (!skinned_view_load(&v.view, options.model, !dump_obj_path, &err) ||
        !find_twist_joint(&v.view.base.skel, v.view.base.path, &twist_joint, &err) ||
        (morph_weights_option && !set_morph_weights(&v.view.sc, &v.view.base.doc, morph_weights_option, &err))) {
        gpu_skinned_view_free(&v);
        return app_fail(&err);
    }

    app a;
    if (!app_open(&a, &spec, &options, &err)) {
        gpu_skinned_view_free(&v);
        return app_fail(&err);
    }
    bool ok = gpu_skinned_view_init_gpu(&v, texture_buffer_option, &err);
    if (ok && v.g.storage_fell_back)
        fprintf(stderr,
                "note: --texture-buffer: WebGL 2 has no texture buffers; the skin matrices are in a uniform "
                "block (%d joints, %d fit)\n",
                v.g.max_joints, skin_block_max_matrices());
    if (ok && dump_obj_path) {
        status = run_dump_obj(&v);
        gpu_skinned_view_free(&v);
        app_close(&a);
        return status;
    }
    if (ok && v.view.sc.primitive_count > 0)
        printf("skin matrices in a %s: %d joints in the largest skin, %d fit in a uniform block here\n",
               v.g.storage == SKIN_UNIFORM_BLOCK ? "uniform block" : "texture buffer", v.g.max_joints,
               skin_block_max_matrices());
    ok = ok && skinned_view_open(&v.view, &a, &err);

    bool on_gpu = !cpu_option;
    int motion = isnan(twist_option) ? MOTION_WAVE : MOTION_TWIST;
    frame_clock clock = {glfwGetTime(), 0.0, 0.0};
    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested && !gpu_skinned_view_reload(&v, &err))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        if (app_key_pressed(&a, GLFW_KEY_G))
            on_gpu = !on_gpu;
        if (app_key_pressed(&a, GLFW_KEY_Q))
            method = method == SKIN_LINEAR ? SKIN_DUAL_QUAT : SKIN_LINEAR;
        if (app_key_pressed(&a, GLFW_KEY_M))
            motion = (motion + 1) % MOTION_COUNT;

        pose_for(&v.view.base.skel, motion, twist_joint, (float)a.time, v.view.base.local);
        gpu_skinned_view_skin(&v, on_gpu, (skin_method)method);

        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        gpu_skinned_view_draw(&v, clip_from_world, on_gpu, (skin_method)method);
        draw_label(&v, &a, &clock, on_gpu, motion);
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    gpu_skinned_view_free(&v); /* its GL objects before the context goes */
    app_close(&a);
    return ok ? 0 : app_fail(&err);
}
