/* ch06_cpu_skinning: linear blend skinning on the CPU.
 *
 * Each frame: a pose (the rest pose with a few joints swung by sines), the
 * joints' model matrices (chapter 04), the skin matrices (chapter 05), then
 * every vertex of every skinned mesh moved by the weighted sum of its joints'
 * skin matrices (skinning.h). The skinned positions and normals go to a
 * dynamic vertex buffer each frame and are drawn lit.
 *
 *   ch06_cpu_skinning                                the humanoid, moving
 *   ch06_cpu_skinning --model FILE.gltf|FILE.glb     any glTF 2.0 file
 *   ch06_cpu_skinning --model FILE --check-bind      chapter 05's checks plus
 *       max_skin_identity_error (every vertex skinned at the bind pose); no window
 *   ch06_cpu_skinning --model FILE --dump-obj OUT    the skinned mesh in the
 *       rest pose as OBJ (scene space); no window
 *
 * Keys: V next view (lit, skinned position as colour, normals as colour),
 * S skeleton, M motion on / off; W wireframe (common).
 */
#include "procedural_pose.h"
#include "skinning_gl.h"
#include "skinning_gltf.h"
#include "chapters/03_gltf_loader/scene.h"
#include "chapters/03_gltf_loader/scene_gl.h"
#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/05_inverse_bind/bind_gltf.h"
#include "common/app.h"
#include "common/debug_draw.h"
#include "common/lit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"

/* Above this fraction of the model's size, max_skin_identity_error fails. */
#define SKIN_IDENTITY_TOLERANCE 1e-4f

enum { VIEW_LIT, VIEW_POSITION, VIEW_NORMALS, VIEW_COUNT };
static const char *const view_names[VIEW_COUNT] = {"lit", "position", "normals"};

static bool check_bind = false;
static const char *dump_obj_path = NULL;
static const char *view_option = NULL;
static bool still = false;
static const cli_option options_extra[] = {
    {"--check-bind", CLI_FLAG, &check_bind, NULL,
     "print chapter 05's bind checks plus max_skin_identity_error and exit (no window): exit 1 on a singular "
     "inverse bind matrix, bad weights, or a vertex that moves at the bind pose"},
    {"--dump-obj", CLI_STRING, &dump_obj_path, "FILE",
     "write the skinned meshes in the rest pose as OBJ to FILE (- for stdout) and exit (no window)"},
    {"--view", CLI_STRING, &view_option, "NAME", "the view at start: lit (default), position or normals"},
    {"--still", CLI_FLAG, &still, NULL, "start with the procedural motion off (the rest pose)"},
};
static const cli_key keys[] = {
    {"V", "next view: lit, skinned position as colour, normals as colour"},
    {"S", "toggle the skeleton"},
    {"M", "toggle the procedural motion (joints swung by sines)"},
};
static const cli_spec spec = {
    .program = "ch06_cpu_skinning",
    .summary = "linear blend skinning on the CPU; --check-bind checks every vertex at the bind pose, "
               "--dump-obj writes the skinned mesh",
    .takes_model = true,
    .extra = options_extra,
    .extra_count = 4,
    .keys = keys,
    .key_count = 3,
};

/* [listing check_bind] */
/* --check-bind: chapter 05's four lines, then the vertex-level check. */
static int print_check(const char *path, const gltf_document *doc, const skeleton *s, skin_scene *sc)
{
    bind_report r;
    sa_error err;
    if (!bind_check_gltf(doc, s, &r, &err)) {
        sa_error_prefix(&err, "%s", path);
        return app_fail(&err);
    }
    int status = bind_report_print(&r, path, stdout, stderr);
    float diagonal;
    float moved = skin_scene_identity_error(sc, doc, &diagonal);
    printf("max_skin_identity_error: %.6g\n", (double)moved);
    if (!(moved <= SKIN_IDENTITY_TOLERANCE * diagonal)) {
        fprintf(stderr,
                "error: %s: a vertex moves %.3g at the bind pose, more than %g of the model's size (%.3g): "
                "check the weights and the inverse bind matrices\n",
                path, (double)moved, (double)SKIN_IDENTITY_TOLERANCE, (double)diagonal);
        status = 1;
    }
    return status;
}
/* [/listing] */

/* --- drawing ------------------------------------------------------------------- */

typedef struct program_state {
    gltf_document doc;
    skeleton skel;
    skin_scene sc;
    scene_nodes nodes;   /* rest world_from_node and shown, for meshes without a skin */
    bool *rigid_shown;   /* shown and not skinned: drawn by scene_gl_draw */
    bool *swings;        /* [joint_count]: moved by the procedural motion */
    transform *local;    /* [joint_count]: this frame's pose */
    int *depth;          /* [joint_count]: for the overlay's colours */
    lit_vertex *scratch; /* the largest skinned primitive's vertices, interleaved */
} program_state;

static void state_free(program_state *st)
{
    free(st->rigid_shown);
    free(st->swings);
    free(st->local);
    free(st->depth);
    free(st->scratch);
    scene_nodes_free(&st->nodes);
    skin_scene_free(&st->sc);
    skeleton_free(&st->skel);
    gltf_free(&st->doc);
}

static bool state_init(program_state *st, sa_error *err)
{
    const gltf_document *doc = &st->doc;
    const skeleton *s = &st->skel;
    size_t joints = (size_t)s->joint_count + 1;
    st->rigid_shown = calloc((size_t)doc->node_count + 1, sizeof *st->rigid_shown);
    st->swings = calloc(joints, sizeof *st->swings);
    st->local = malloc(joints * sizeof *st->local);
    st->depth = malloc(joints * sizeof *st->depth);
    st->scratch = malloc(skin_scene_max_vertex_count(&st->sc) * sizeof *st->scratch);
    if (!st->rigid_shown || !st->swings || !st->local || !st->depth || !st->scratch)
        return sa_error_set(err, "out of memory");
    skin_scene_rigid_shown(doc, st->nodes.shown, st->rigid_shown);
    /* The joints that swing: the limbs, not the trunk. A joint with at most
     * three joints below it (a shoulder, an elbow, a knee ...), except a
     * skin's root. depth[] counts the joints below each one first
     * (children come after their parents, so one backward loop). */
    int *below = st->depth;
    memset(below, 0, joints * sizeof *below);
    for (int j = s->joint_count - 1; j >= 0; j--)
        if (s->parent[j] >= 0)
            below[s->parent[j]] += below[j] + 1;
    for (int k = 0; k < s->skin_count; k++)
        for (int i = 0; i < s->skins[k].joint_count; i++) {
            int j = s->skins[k].joint_of_skin_joint[i];
            st->swings[j] = i != skin_root_joint(s, k) && below[j] <= 3;
        }
    skeleton_depths(s, st->depth);
    return true;
}

/* --- main ---------------------------------------------------------------------- */

static int run_dump_obj(program_state *st)
{
    sa_error err;
    if (!skin_scene_write_obj_file(&st->sc, &st->doc, st->nodes.world_from_node, st->nodes.shown, dump_obj_path, &err))
        return app_fail(&err);
    return 0;
}

static bool load(program_state *st, const char *model_path, sa_error *err)
{
    bool decode_images = !check_bind && !dump_obj_path; /* pictures only for the window */
    return skin_scene_load(model_path, decode_images, &st->doc, &st->skel, &st->sc, &st->nodes, err) &&
           state_init(st, err);
}

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    /* Each mode runs alone: given together, one would be dropped silently. */
    static const char *const modes[] = {"--check-bind", "--dump-obj", "--screenshot"};
    const bool given[] = {check_bind, dump_obj_path != NULL, options.screenshot != NULL};
    sa_error err;
    if (!cli_exclusive(3, modes, given, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 2;
    }

    int view = view_option ? cli_choice(view_option, view_names, VIEW_COUNT) : VIEW_LIT;
    if (view < 0) {
        fprintf(stderr, "error: --view: '%s' is not lit, position or normals\n", view_option);
        return 2;
    }

    char model_path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, model_path, sizeof model_path, &err))
        return app_fail(&err);
    program_state st;
    memset(&st, 0, sizeof st);
    if (!load(&st, model_path, &err)) {
        state_free(&st);
        return app_fail(&err);
    }
    /* The rest pose: every node at its stored transform (not the bind pose). */
    skeleton_local_to_model(&st.skel, st.skel.rest_local, st.sc.model_from_joint);
    skin_scene_run(&st.sc, &st.skel);
    if (check_bind || dump_obj_path) {
        status = check_bind ? print_check(model_path, &st.doc, &st.skel, &st.sc) : run_dump_obj(&st);
        state_free(&st);
        return status;
    }
    if (st.sc.primitive_count == 0)
        printf("nothing skinned in %s: the meshes are drawn where their nodes put them\n", model_path);

    /* The box around the rest pose: the camera frames it and the position
     * view maps it to colours. */
    vec3 lo, hi;
    skin_scene_bounds(&st.sc, &st.doc, st.nodes.world_from_node, st.rigid_shown, lo, hi);
    app a;
    scene_gl gpu = {0};
    shader_program lit = {0}, position_colors = {0};
    debug_draw lines = {0};
    scene_gl_options gl_options = {.dynamic_skinned = true};
    bool opened = app_open(&a, &spec, &options, &err);
    bool ok = opened && lit_load(&lit, &err) &&
              shader_program_load(&position_colors, "shaders/skin_position.vert", "shaders/skin_position.frag", &err) &&
              debug_draw_init(&lines, &err) && scene_gl_upload(&gpu, &st.doc, &gl_options, &err);
    if (ok)
        orbit_camera_frame_bounds(&a.camera, lo, hi);
    float axes_size = 0.08f * glm_vec3_distance(lo, hi);

    bool show_skeleton = true, motion = !still;
    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested && !(shader_program_reload(&lit, &err) && shader_program_reload(&position_colors, &err)))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        if (app_key_pressed(&a, GLFW_KEY_V))
            view = (view + 1) % VIEW_COUNT;
        if (app_key_pressed(&a, GLFW_KEY_S))
            show_skeleton = !show_skeleton;
        if (app_key_pressed(&a, GLFW_KEY_M))
            motion = !motion;

        /* [listing frame] */
        /* One frame: pose -> local_to_model (04) -> skin matrices (05) -> skin (06). */
        pose_swing(&st.skel, st.swings, motion ? (float)a.time : 0.0f, st.local);
        skeleton_local_to_model(&st.skel, st.local, st.sc.model_from_joint);
        skin_scene_run(&st.sc, &st.skel);
        /* [/listing] */

        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        lit_begin_frame(&lit, clip_from_world);
        lit_set_normal_colors(&lit, view == VIEW_NORMALS);
        scene_gl_draw(&gpu, &st.doc, &lit, st.nodes.world_from_node, st.rigid_shown);
        if (view == VIEW_POSITION) {
            glUseProgram(position_colors.id);
            shader_set_mat4(&position_colors, "u_clip_from_world", clip_from_world);
            shader_set_vec3(&position_colors, "u_box_min", lo);
            vec3 size;
            glm_vec3_sub(hi, lo, size);
            shader_set_vec3(&position_colors, "u_box_size", size);
            skin_scene_draw(&st.sc, &st.doc, st.nodes.shown, st.scratch, &gpu, &position_colors, false);
        } else {
            skin_scene_draw(&st.sc, &st.doc, st.nodes.shown, st.scratch, &gpu, &lit, true);
        }
        if (show_skeleton) {
            glDisable(GL_DEPTH_TEST); /* the bones show through the skin */
            skeleton_overlay_draw(&lines, &st.skel, st.sc.model_from_joint, st.depth, -1, axes_size);
            debug_draw_flush(&lines, clip_from_world, 6.0f);
            glEnable(GL_DEPTH_TEST);
        }
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    debug_draw_free(&lines);
    shader_program_unload(&position_colors);
    shader_program_unload(&lit);
    scene_gl_free(&gpu);
    if (opened)
        app_close(&a);
    state_free(&st);
    return ok ? 0 : app_fail(&err);
}
