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
 *
 * Keys: G GPU / CPU skinning, Q linear / dual quaternions, M motion (wave,
 * twist, still). The window title and the label show the frame time.
 */
#include "gpu_skin_gltf.h"

#include "chapters/03_gltf_loader/scene.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "chapters/06_cpu_skinning/procedural_pose.h"
#include "chapters/06_cpu_skinning/skinning_gl.h"
#include "common/app.h"
#include "common/lit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"

static const char *dump_obj_path = NULL;
static const char *method_option = NULL;
static const char *joint_option = NULL;
static bool cpu_option = false, texture_buffer_option = false;
static float twist_option = NAN;
static const cli_option options_extra[] = {
    {"--dump-obj", CLI_STRING, &dump_obj_path, "FILE",
     "write the skinned rest pose as the vertex shader computed it (transform feedback) in chapter 06's OBJ "
     "format and exit ('-': standard output)"},
    {"--method", CLI_STRING, &method_option, "NAME", "linear (default) or dq: dual-quaternion skinning"},
    {"--cpu", CLI_FLAG, &cpu_option, NULL, "start with chapter 06's CPU skinning instead of the GPU's"},
    {"--texture-buffer", CLI_FLAG, &texture_buffer_option, NULL,
     "keep the skin matrices in a texture buffer even when a uniform block would hold them"},
    {"--twist", CLI_FLOAT, &twist_option, "DEGREES",
     "no motion: the rest pose with one joint (--joint) twisted about its bone"},
    {"--joint", CLI_STRING, &joint_option, "NAME", "the joint --twist turns (default: the first skin's last joint)"},
};
static const cli_key keys[] = {
    {"G", "GPU / CPU skinning"},
    {"Q", "linear blend / dual-quaternion skinning"},
    {"M", "motion: wave, twist (one joint turning about its bone), still"},
};
static const cli_spec spec = {
    .program = "ch07_gpu_skinning",
    .summary = "skinning in the vertex shader (uniform block or texture buffer), and dual quaternions",
    .takes_model = true,
    .extra = options_extra,
    .extra_count = 6,
    .keys = keys,
    .key_count = 3,
};

enum { MOTION_WAVE, MOTION_TWIST, MOTION_STILL, MOTION_COUNT };

typedef struct program_state {
    gltf_document doc;
    skeleton skel;
    skin_scene sc;       /* chapter 06: the skinned primitives, cleaned influences, CPU skinning */
    gpu_skin_scene g;    /* this chapter: the same primitives on the GPU */
    scene_nodes nodes;   /* rest world_from_node and shown */
    bool *rigid_shown;   /* shown and not skinned: drawn by scene_gl_draw */
    transform *local;    /* [joint_count]: this frame's pose */
    lit_vertex *scratch; /* CPU path: the largest skinned primitive, interleaved */
    int twist_joint;
} program_state;

static void state_free(program_state *st)
{
    free(st->rigid_shown);
    free(st->local);
    free(st->scratch);
    gpu_skin_scene_free(&st->g);
    scene_nodes_free(&st->nodes);
    skin_scene_free(&st->sc);
    skeleton_free(&st->skel);
    gltf_free(&st->doc);
}

static bool load(program_state *st, const char *model_path, bool decode_images, sa_error *err)
{
    if (!skin_scene_load(model_path, decode_images, &st->doc, &st->skel, &st->sc, &st->nodes, err))
        return false;
    const gltf_document *doc = &st->doc;
    st->rigid_shown = calloc((size_t)doc->node_count + 1, sizeof *st->rigid_shown);
    st->local = malloc(((size_t)st->skel.joint_count + 1) * sizeof *st->local);
    st->scratch = malloc(skin_scene_max_vertex_count(&st->sc) * sizeof *st->scratch);
    if (!st->rigid_shown || !st->local || !st->scratch)
        return sa_error_set(err, "out of memory");
    skin_scene_rigid_shown(doc, st->nodes.shown, st->rigid_shown);
    st->twist_joint = -1;
    if (joint_option) {
        if ((st->twist_joint = skeleton_find(&st->skel, joint_option)) < 0)
            return sa_error_set(err, "%s: --joint: no joint is called '%s'", model_path, joint_option);
    } else if (st->skel.skin_count > 0 && st->skel.skins[0].joint_count > 0) {
        const skeleton_skin *skin = &st->skel.skins[0];
        st->twist_joint = skin->joint_of_skin_joint[skin->joint_count - 1];
    }
    return true;
}

/* --dump-obj: the rest pose skinned by the vertex shader, read back. */
static int run_dump_obj(program_state *st)
{
    sa_error err;
    skeleton_local_to_model(&st->skel, st->skel.rest_local, st->sc.model_from_joint);
    gpu_skin_scene_update(&st->g, &st->sc, &st->skel, SKIN_LINEAR);
    if (!gpu_skin_scene_capture(&st->g, &st->sc, SKIN_LINEAR, &err))
        return app_fail(&err);
    if (!skin_scene_write_obj_file(&st->sc, &st->doc, st->nodes.world_from_node, st->nodes.shown, dump_obj_path, &err))
        return app_fail(&err);
    return 0;
}

/* [listing frame] */
/* One frame: pose -> local_to_model (04) -> then either the GPU path (skin
 * matrices (05) and one upload per skin; the shader skins) or the CPU path
 * (chapter 06's job, or the dual-quaternion reference). */
static void skin_frame(program_state *st, bool on_gpu, skin_method method)
{
    skeleton_local_to_model(&st->skel, st->local, st->sc.model_from_joint);
    if (on_gpu || method == SKIN_DUAL_QUAT)
        gpu_skin_scene_update(&st->g, &st->sc, &st->skel, method);
    if (on_gpu)
        return;
    if (method == SKIN_LINEAR) {
        skin_scene_run(&st->sc, &st->skel);
        return;
    }
    for (int i = 0; i < st->sc.primitive_count; i++) {
        skinned_primitive *sp = &st->sc.primitives[i];
        const skinning_job *job = &sp->job;
        dq_skinning_run(job->vertex_count, st->g.skin_dq[sp->skin], job->joints_u8, job->joints_u16, job->weights,
                        job->positions, job->normals, sp->positions, sp->normals);
    }
}
/* [/listing] */

static void pose_for(const program_state *st, int motion, float seconds, transform *local)
{
    if (motion == MOTION_WAVE)
        pose_procedural(&st->skel, seconds, glm_rad(30.0f), local);
    else if (motion == MOTION_TWIST)
        pose_twist(&st->skel, st->twist_joint, isnan(twist_option) ? GLM_PIf * sinf(seconds) : glm_rad(twist_option),
                   local);
    else
        memcpy(local, st->skel.rest_local, (size_t)st->skel.joint_count * sizeof *local);
}

static const char *const motion_names[MOTION_COUNT] = {"wave", "twist", "still"};

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    /* Each mode runs alone: given together, one would be dropped silently. */
    static const char *const modes[] = {"--dump-obj", "--screenshot"};
    const bool given[] = {dump_obj_path != NULL, options.screenshot != NULL};
    sa_error err;
    if (!cli_exclusive(2, modes, given, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 2;
    }
    static const char *const method_names[] = {[SKIN_LINEAR] = "linear", [SKIN_DUAL_QUAT] = "dq"};
    int method_index = method_option ? cli_choice(method_option, method_names, 2) : SKIN_LINEAR;
    if (method_index < 0) {
        fprintf(stderr, "error: --method: '%s' is not linear or dq\n", method_option);
        return 2;
    }
    skin_method method = (skin_method)method_index;
    if (dump_obj_path)
        options.headless = true; /* a GL context, no window on screen */

    char model_path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, model_path, sizeof model_path, &err))
        return app_fail(&err);
    program_state st;
    memset(&st, 0, sizeof st);
    if (!load(&st, model_path, !dump_obj_path, &err)) {
        state_free(&st);
        return app_fail(&err);
    }
    /* The box around the skinned rest pose and the rigid meshes: the camera frames it. */
    vec3 lo, hi;
    skeleton_local_to_model(&st.skel, st.skel.rest_local, st.sc.model_from_joint);
    skin_scene_run(&st.sc, &st.skel);
    skin_scene_bounds(&st.sc, &st.doc, st.nodes.world_from_node, st.rigid_shown, lo, hi);

    app a;
    if (!app_open(&a, &spec, &options, &err)) {
        state_free(&st);
        return app_fail(&err);
    }
    bool uploaded = gpu_skin_scene_init(&st.g, &st.sc, &st.doc, texture_buffer_option, &err);
    if (!uploaded)
        sa_error_prefix(&err, "%s", model_path);
    if (!uploaded || !gpu_skin_scene_load_programs(&st.g, &err)) {
        state_free(&st);
        app_close(&a);
        return app_fail(&err);
    }
    if (dump_obj_path) {
        status = run_dump_obj(&st);
        state_free(&st);
        app_close(&a);
        return status;
    }
    if (st.sc.primitive_count == 0)
        printf("nothing skinned in %s: the meshes are drawn where their nodes put them\n", model_path);
    else
        printf("skin matrices in a %s: %d joints in the largest skin, %d fit in a uniform block here\n",
               st.g.storage == SKIN_UNIFORM_BLOCK ? "uniform block" : "texture buffer", st.g.max_joints,
               skin_block_max_matrices());

    scene_gl gpu = {0};
    shader_program lit = {0};
    debug_draw text = {0};
    scene_gl_options gl_options = {.dynamic_skinned = true};
    bool ok = lit_load(&lit, &err) && debug_draw_init(&text, &err) && scene_gl_upload(&gpu, &st.doc, &gl_options, &err);
    if (ok)
        orbit_camera_frame_bounds(&a.camera, lo, hi);

    bool on_gpu = !cpu_option;
    int motion = isnan(twist_option) ? MOTION_WAVE : MOTION_TWIST;
    double last = glfwGetTime(), frame_ms = 0.0, title_at = 0.0;
    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested &&
            !(shader_program_reload(&lit, &err) && skin_program_reload(&st.g.programs[SKIN_LINEAR], &err) &&
              skin_program_reload(&st.g.programs[SKIN_DUAL_QUAT], &err)))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        if (app_key_pressed(&a, GLFW_KEY_G))
            on_gpu = !on_gpu;
        if (app_key_pressed(&a, GLFW_KEY_Q))
            method = method == SKIN_LINEAR ? SKIN_DUAL_QUAT : SKIN_LINEAR;
        if (app_key_pressed(&a, GLFW_KEY_M))
            motion = (motion + 1) % MOTION_COUNT;

        pose_for(&st, motion, (float)a.time, st.local);
        skin_frame(&st, on_gpu, method);

        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        lit_begin_frame(&lit, clip_from_world);
        scene_gl_draw(&gpu, &st.doc, &lit, st.nodes.world_from_node, st.rigid_shown);
        if (on_gpu) {
            lit_begin_frame(&st.g.programs[method].program, clip_from_world);
            gpu_skin_scene_draw(&st.g, &st.sc, &gpu, st.nodes.shown, method);
        } else {
            /* CPU path (chapter 06, or the dual-quaternion reference): the skinned
             * vertices go into each primitive's dynamic buffer, drawn where they are. */
            skin_scene_draw(&st.sc, &st.doc, st.nodes.shown, st.scratch, &gpu, &lit, true);
        }

        /* The frame time, smoothed: wall time from one frame to the next. */
        double now = glfwGetTime();
        frame_ms = frame_ms == 0.0 ? 1000.0 * (now - last) : 0.95 * frame_ms + 0.05 * 1000.0 * (now - last);
        last = now;
        char label[128];
        snprintf(label, sizeof label, "%s, %s, %s: %.2f ms/frame", on_gpu ? "GPU" : "CPU",
                 method == SKIN_LINEAR ? "linear" : "dual quat", motion_names[motion], frame_ms);
        if (now - title_at > 0.5) {
            char title[160];
            snprintf(title, sizeof title, "ch07_gpu_skinning: %s", label);
            glfwSetWindowTitle(a.window, title);
            title_at = now;
        }
        mat4 clip_from_screen;
        text_clip_from_screen(a.width, a.height, clip_from_screen);
        text_draw(&text, 10.0f, 8.0f, 2.0f, label, (vec3){1, 1, 1});
        text_draw(&text, 10.0f, 34.0f, 1.5f, "G: GPU/CPU  Q: linear/DQ  M: motion", (vec3){0.85f, 0.85f, 0.85f});
        debug_draw_flush(&text, clip_from_screen, 1.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    debug_draw_free(&text);
    shader_program_unload(&lit);
    scene_gl_free(&gpu);
    state_free(&st);
    app_close(&a);
    return ok ? 0 : app_fail(&err);
}
