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
 *       to target) and max_bone_stretch (relative); exit 1 over 1e-4, 1e-4,
 *       1e-4 and 1e-5
 *
 * Keys: 1 two-bone, 2 CCD, 3 FABRIK, I IK on / off, M target motion on /
 * off, S skeleton; W wireframe (common).
 */
#include "ik.h"
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

enum { SOLVER_TWO_BONE, SOLVER_CCD, SOLVER_FABRIK, SOLVER_COUNT };
static const char *const solver_names[SOLVER_COUNT] = {"two-bone", "ccd", "fabrik"};

static bool check_solvers = false;
static const char *solver_option = NULL;
static const cli_option options_extra[] = {
    {"--check-solvers", CLI_FLAG, &check_solvers, NULL,
     "run every solver on fixed targets around the chain and print the worst tip error of each and the worst "
     "bone stretch, then exit (no window): exit 1 over 1e-4 m or a stretch over 1e-5"},
    {"--solver", CLI_STRING, &solver_option, "NAME", "the solver at start: two-bone (default), ccd or fabrik"},
};
static const cli_key keys[] = {
    {"1 2 3", "two-bone IK, CCD, FABRIK"},
    {"I", "IK on / off (the tube at rest)"},
    {"M", "toggle the target's motion"},
    {"S", "toggle the skeleton"},
};
static const cli_spec spec = {
    .program = "ch11_ik",
    .summary = "IK on the tube: two-bone, CCD and FABRIK after a moving target; --check-solvers checks them",
    .takes_model = true,
    .extra = options_extra,
    .extra_count = 2,
    .keys = keys,
    .key_count = 4,
};

/* The chain: the joints of the model's first skin, in its order, for as
 * long as each is the child of the one before (base, middle, tip on the
 * tube; hips to head on the humanoid). */
static bool find_chain(const skeleton *s, int *chain, int *count, sa_error *err)
{
    *count = 0;
    for (int k = 0; s->skin_count > 0 && k < s->skins[0].joint_count && k < IK_MAX_CHAIN; k++) {
        int j = s->skins[0].joint_of_skin_joint[k];
        if (k > 0 && s->parent[j] != chain[k - 1])
            break;
        chain[(*count)++] = j;
    }
    if (*count < 3)
        return sa_error_set(err, "the IK demo needs a skin whose first three joints or more are a parent chain "
                                 "(the tube: base, middle, tip)");
    return true;
}

/* One solve of the chain toward target, from the rest pose. */
static bool solve(int solver, const skeleton *s, const int *chain, int count, const vec3 target, transform *local,
                  sa_error *err)
{
    memcpy(local, s->rest_local, sizeof *local * (size_t)s->joint_count);
    if (solver == SOLVER_TWO_BONE) {
        ik_two_bone_job job = {.skeleton = s,
                               .local = local,
                               .joints = {chain[0], chain[1], chain[2]},
                               .pole = {0, 0, 1},
                               .weight = 1.0f};
        glm_vec3_copy((float *)target, job.target);
        return ik_two_bone_run(&job, err);
    }
    ik_chain_job job =
        {.skeleton = s, .local = local, .joints = chain, .count = count, .max_iterations = 200, .tolerance = 1e-5f};
    glm_vec3_copy((float *)target, job.target);
    return solver == SOLVER_CCD ? ik_ccd_run(&job, err) : ik_fabrik_run(&job, err);
}

/* [listing check_solvers] */
/* --check-solvers: targets on three rings around the chain's root, inside
 * its reach (for two-bone, the reach of the first two bones); each solver
 * from the rest pose; errors through chapter 04's forward kinematics. */
static int run_check_solvers(const char *path, const skeleton *s, const int *chain, int count)
{
    transform *local = malloc(sizeof *local * (size_t)s->joint_count);
    mat4 *model = malloc(sizeof *model * (size_t)s->joint_count);
    mat4 *rest = malloc(sizeof *rest * (size_t)s->joint_count);
    if (!local || !model || !rest) {
        free(local), free(model), free(rest);
        fprintf(stderr, "error: out of memory\n");
        return 1;
    }
    skeleton_local_to_model(s, s->rest_local, rest);
    float worst[SOLVER_COUNT] = {0}, stretch = 0.0f;
    sa_error err;
    int status = 0;
    for (int solver = 0; solver < SOLVER_COUNT && status == 0; solver++)
        for (int i = 0; i < 36 && status == 0; i++) {
            /* The reach of the bones this solver moves (two-bone: the first two). */
            float reach = 0.0f, longest = 0.0f;
            for (int k = 0; k + 1 < (solver == SOLVER_TWO_BONE ? 3 : count); k++) {
                float bone = glm_vec3_distance(rest[chain[k]][3], rest[chain[k + 1]][3]);
                reach += bone;
                longest = fmaxf(longest, bone);
            }
            /* No nearer than the longest bone folded back over the others. */
            float nearest = fmaxf(0.0f, 2.0f * longest - reach);
            /* 12 directions a ring, three rings (rising 0.2, 0.5, 0.8 for
             * each 1 across), from 0.1 to 0.9 of the way from the nearest
             * reach to the farthest. */
            float angle = 2.0f * GLM_PIf * (float)(i % 12) / 12.0f, height = 0.2f + 0.3f * (float)(i / 12);
            float away = nearest + (0.1f + 0.8f * (float)(i % 5) / 4.0f) * (reach - nearest);
            vec3 dir = {cosf(angle), height, sinf(angle)}, target;
            glm_vec3_normalize(dir);
            glm_vec3_copy(rest[chain[0]][3], target);
            glm_vec3_muladds(dir, away, target);
            if (!solve(solver, s, chain, count, target, local, &err)) {
                sa_error_prefix(&err, "%s", path);
                status = app_fail(&err);
                break;
            }
            skeleton_local_to_model(s, local, model);
            int tip = chain[solver == SOLVER_TWO_BONE ? 2 : count - 1];
            worst[solver] = fmaxf(worst[solver], glm_vec3_distance(model[tip][3], target));
            for (int k = 0; k + 1 < count; k++) {
                float was = glm_vec3_distance(rest[chain[k]][3], rest[chain[k + 1]][3]);
                float now = glm_vec3_distance(model[chain[k]][3], model[chain[k + 1]][3]);
                stretch = fmaxf(stretch, fabsf(now - was) / fmaxf(was, 1e-6f));
            }
        }
    if (status == 0) {
        printf("two_bone_max_error: %.3g\nccd_max_error: %.3g\nfabrik_max_error: %.3g\nmax_bone_stretch: %.3g\n",
               (double)worst[0], (double)worst[1], (double)worst[2], (double)stretch);
        for (int solver = 0; solver < SOLVER_COUNT; solver++)
            if (!(worst[solver] <= 1e-4f)) {
                fprintf(stderr, "error: %s: %s leaves the tip %.3g m from a reachable target (over 1e-4)\n", path,
                        solver_names[solver], (double)worst[solver]);
                status = 1;
            }
        if (!(stretch <= 1e-5f)) {
            fprintf(stderr, "error: %s: a bone changed length by %.3g of itself (over 1e-5)\n", path, (double)stretch);
            status = 1;
        }
    }
    free(local), free(model), free(rest);
    return status;
}
/* [/listing] */

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    static const char *const modes[] = {"--check-solvers", "--screenshot"};
    const bool given[] = {check_solvers, options.screenshot != NULL};
    sa_error err;
    if (!cli_exclusive(2, modes, given, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 2;
    }
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
