/* ch11_ik: the IK solvers on the tube (the stairs demo of the chapter needs
 * chapter 10's walk and comes later).
 *
 * Each frame: the rest pose, one IK job on the chain base-middle-tip toward
 * a target that moves on a loop, then chapter 04's local-to-model, chapter
 * 05's skin matrices and chapter 06's skinning, unchanged.
 *
 *   ch11_ik                      the tube bending after the target
 *   ch11_ik --solver ccd         two-bone (default), ccd or fabrik
 *   ch11_ik --check-solvers      every solver on fixed targets, no window:
 *       two_bone_max_error, ccd_max_error, fabrik_max_error (metres, tip
 *       to target) and max_bone_stretch (relative); exit 1 over 1e-4, 1e-5,
 *       1e-5 (CCD's and FABRIK's tolerance) and 1e-5
 *
 * Keys: 1 two-bone, 2 CCD, 3 FABRIK, I IK on / off, M target motion on /
 * off, S skeleton; W wireframe (common).
 */
#include "check_ik.h"
#include "ik_demo.h"

#include "chapters/03_gltf_loader/scene.h"
#include "chapters/03_gltf_loader/scene_gl.h"
#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/06_cpu_skinning/skinning_gl.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "common/app.h"
#include "common/debug_draw.h"
#include "common/lit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/tube.gltf"

static bool check_solvers = false, check_ik = false, no_ik = false;
static const char *solver_option = NULL;
static const cli_option options_extra[] = {
    {"--check-solvers", CLI_FLAG, &check_solvers, NULL,
     "run every solver on fixed targets around the chain and print the worst tip error of each and the worst "
     "bone stretch, then exit (no window): exit 1 over 1e-4 m (two-bone), 1e-5 m (CCD, FABRIK) or a stretch "
     "over 1e-5"},
    {"--check-ik", CLI_FLAG, &check_ik, NULL,
     "simulate the humanoid's walk up the stairs, round and down at 60 Hz (no window) and print max_foot_error (m), "
     "max_foot_slide (m/s), max_knee_pop (rad) and max_bone_stretch; exit 1 over 0.01 m, 0.01 m/s or 1e-4"},
    {"--no-ik", CLI_FLAG, &no_ik, NULL, "with --check-ik: measure the walk without foot placement (FK only)"},
    {"--solver", CLI_STRING, &solver_option, "NAME", "the solver at start: two-bone (default), ccd or fabrik"},
};
static const cli_key keys[] = {
    {"1 2 3", "two-bone IK, CCD, FABRIK"},
    {"I", "IK on / off (the tube at rest)"},
    {"M", "toggle the target's motion"},
    {"S", "toggle the skeleton"},
};
static const char *const modes[] = {"--check-solvers", "--check-ik", "--screenshot"}; /* cli.h keeps them apart */
static const cli_spec spec = {
    .program = "ch11_ik",
    .summary = "IK on the tube: two-bone, CCD and FABRIK after a moving target; --check-solvers checks them",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    if (check_ik)
        return run_check_ik(options.model, !no_ik);
    sa_error err;
    int solver = solver_option ? cli_choice(solver_option, solver_names, SOLVER_COUNT) : SOLVER_TWO_BONE;
    if (solver < 0) {
        fprintf(stderr, "error: --solver: '%s' is not two-bone, ccd or fabrik\n", solver_option);
        return 2;
    }

    char model_path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, model_path, sizeof model_path, &err))
        return app_fail(&err);
    gltf_document doc;
    skeleton skel;
    skin_scene sc;
    scene_nodes nodes;
    memset(&doc, 0, sizeof doc);
    memset(&skel, 0, sizeof skel);
    memset(&sc, 0, sizeof sc);
    memset(&nodes, 0, sizeof nodes);
    int chain[IK_MAX_CHAIN], count = 0;
    if (!skin_scene_load(model_path, !check_solvers, &doc, &skel, &sc, &nodes, &err) ||
        !find_chain(&skel, chain, &count, &err)) {
        if (!strstr(err.message, model_path))
            sa_error_prefix(&err, "%s", model_path);
        scene_nodes_free(&nodes);
        skin_scene_free(&sc);
        skeleton_free(&skel);
        gltf_free(&doc);
        return app_fail(&err);
    }
    transform *local = malloc(sizeof *local * (size_t)skel.joint_count);
    int *depth = malloc(sizeof *depth * (size_t)skel.joint_count);
    bool *rigid_shown = calloc((size_t)doc.node_count + 1, sizeof *rigid_shown);
    lit_vertex *scratch = malloc(skin_scene_max_vertex_count(&sc) * sizeof *scratch);
    bool ok = local && depth && rigid_shown && scratch;
    if (!ok)
        sa_error_set(&err, "out of memory");
    if (ok && check_solvers) {
        status = run_check_solvers(model_path, &skel, chain, count);
    } else if (ok) {
        skin_scene_rigid_shown(&doc, nodes.shown, rigid_shown);
        skeleton_depths(&skel, depth);
        skeleton_local_to_model(&skel, skel.rest_local, sc.model_from_joint);
        skin_scene_run(&sc, &skel);
        vec3 root;
        glm_vec3_copy(sc.model_from_joint[chain[0]][3], root);
        float reach = 0.0f; /* the chain's length */
        for (int k = 0; k + 1 < count; k++)
            reach += glm_vec3_distance(sc.model_from_joint[chain[k]][3], sc.model_from_joint[chain[k + 1]][3]);
        app a;
        scene_gl gpu = {0};
        shader_program lit = {0};
        debug_draw lines = {0};
        scene_gl_options gl_options = {.dynamic_skinned = true};
        bool opened = app_open(&a, &spec, &options, &err);
        ok = opened && lit_load(&lit, &err) && debug_draw_init(&lines, &err) &&
             scene_gl_upload(&gpu, &doc, &gl_options, &err);
        if (ok) {
            /* Room for the tube bent to either side. */
            vec3 box_lo, box_hi;
            glm_vec3_sub(root, (vec3){reach, 0, reach}, box_lo);
            glm_vec3_add(root, (vec3){reach, reach, reach}, box_hi);
            orbit_camera_frame_bounds(&a.camera, box_lo, box_hi);
        }
        bool ik_on = true, motion = true, show_skeleton = true;
        while (ok && app_frame_begin(&a)) {
            if (a.reload_requested && !shader_program_reload(&lit, &err))
                fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
            for (int k = 0; k < SOLVER_COUNT; k++)
                if (app_key_pressed(&a, GLFW_KEY_1 + k))
                    solver = k;
            if (app_key_pressed(&a, GLFW_KEY_I))
                ik_on = !ik_on;
            if (app_key_pressed(&a, GLFW_KEY_M))
                motion = !motion;
            if (app_key_pressed(&a, GLFW_KEY_S))
                show_skeleton = !show_skeleton;

            /* The target loops round the tube, in and out of its reach. */
            float t = motion ? (float)a.time : 0.0f;
            vec3 target = {0.55f * sinf(t), 0.6f + 0.3f * cosf(0.7f * t), 0.45f * cosf(t)};
            glm_vec3_scale(target, reach, target);
            glm_vec3_add(root, target, target);

            /* [listing frame] */
            /* One frame: pose (the rest pose) -> IK -> local_to_model (04)
             * -> skin matrices (05) -> skin (06). */
            if (ik_on && !solve(solver, &skel, chain, count, target, local, &err)) {
                ok = false;
                break;
            }
            skeleton_local_to_model(&skel, ik_on ? local : skel.rest_local, sc.model_from_joint);
            skin_scene_run(&sc, &skel);
            /* [/listing] */

            mat4 clip_from_world;
            app_clip_from_world(&a, clip_from_world);
            lit_begin_frame(&lit, clip_from_world);
            scene_gl_draw(&gpu, &doc, &lit, nodes.world_from_node, rigid_shown);
            skin_scene_draw(&sc, &doc, nodes.shown, scratch, &gpu, &lit, true);
            glDisable(GL_DEPTH_TEST); /* the bones and the target show through the skin */
            if (show_skeleton)
                skeleton_overlay_draw(&lines, &skel, sc.model_from_joint, depth, -1, 0.05f * reach);
            debug_draw_point(&lines, target, (vec3){0.9f, 0.2f, 0.1f});
            debug_draw_line(&lines, sc.model_from_joint[chain[count - 1]][3], target, (vec3){0.9f, 0.2f, 0.1f});
            debug_draw_flush(&lines, clip_from_world, 10.0f);
            glEnable(GL_DEPTH_TEST);
            if (!app_frame_end(&a, &err))
                ok = false;
        }
        debug_draw_free(&lines);
        shader_program_unload(&lit);
        scene_gl_free(&gpu);
        if (opened)
            app_close(&a);
        status = ok ? 0 : 1;
    }
    free(local);
    free(depth);
    free(rigid_shown);
    free(scratch);
    scene_nodes_free(&nodes);
    skin_scene_free(&sc);
    skeleton_free(&skel);
    gltf_free(&doc);
    return ok ? status : app_fail(&err);
}
