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
#include "skinned_view.h"
#include "chapters/05_inverse_bind/bind_gltf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Above this fraction of the model's size, max_skin_identity_error fails. */
#define SKIN_IDENTITY_TOLERANCE 1e-4f

enum { VIEW_LIT, VIEW_POSITION, VIEW_NORMALS, VIEW_COUNT };
static const char *const view_names[VIEW_COUNT] = {"lit", "position", "normals"};

static bool check_bind = false;
static const char *dump_obj_path = NULL;
static int view = VIEW_LIT;
static cli_choices view_choices = {&view, view_names, VIEW_COUNT};
static bool still = false;
static const cli_option options_extra[] = {
    {"--check-bind", CLI_FLAG, &check_bind, NULL,
     "print chapter 05's bind checks plus max_skin_identity_error and exit (no window): exit 1 on a singular "
     "inverse bind matrix, bad weights, or a vertex that moves at the bind pose"},
    {"--dump-obj", CLI_STRING, &dump_obj_path, "FILE",
     "write the skinned meshes in the rest pose as OBJ to FILE (- for stdout) and exit (no window)"},
    {"--view", CLI_CHOICE, &view_choices, "NAME", "the view at start: lit (default), position or normals"},
    {"--still", CLI_FLAG, &still, NULL, "start with the procedural motion off (the rest pose)"},
};
static const cli_key keys[] = {
    {"V", "next view: lit, skinned position as colour, normals as colour"},
    {"S", "toggle the skeleton"},
    {"M", "toggle the procedural motion (joints swung by sines)"},
};
static const char *const modes[] = {"--check-bind", "--dump-obj", "--screenshot"};
static const cli_spec spec = {
    .program = "ch06_cpu_skinning",
    .summary = "linear blend skinning on the CPU; --check-bind checks every vertex at the bind pose, "
               "--dump-obj writes the skinned mesh",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
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

/* The joints that swing: the limbs, not the trunk. A joint with at most
 * three joints below it (a shoulder, an elbow, a knee ...), except a skin's
 * root. `below` counts the joints below each one first (children come after
 * their parents, so one backward loop). */
static bool *swinging_joints(const skeleton *s)
{
    size_t joints = (size_t)s->joint_count + 1;
    bool *swings = calloc(joints, sizeof *swings);
    int *below = calloc(joints, sizeof *below);
    if (!swings || !below) {
        free(below);
        free(swings);
        return NULL;
    }
    for (int j = s->joint_count - 1; j >= 0; j--)
        if (s->parent[j] >= 0)
            below[s->parent[j]] += below[j] + 1;
    for (int k = 0; k < s->skin_count; k++)
        for (int i = 0; i < s->skins[k].joint_count; i++) {
            int j = s->skins[k].joint_of_skin_joint[i];
            swings[j] = i != skin_root_joint(s, k) && below[j] <= 3;
        }
    free(below);
    return swings;
}

static int run_dump_obj(skinned_view *v)
{
    sa_error err;
    if (!skin_scene_write_obj_file(&v->sc, &v->base.doc, v->nodes.world_from_node, v->nodes.shown, dump_obj_path, &err))
        return app_fail(&err);
    return 0;
}

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    skinned_view v = {0};
    sa_error err;
    bool decode_images = !check_bind && !dump_obj_path; /* pictures only for the window */
    bool *swings = NULL;
    bool loaded = skinned_view_load(&v, options.model, decode_images, &err);
    if (loaded && !(swings = swinging_joints(&v.base.skel)))
        loaded = sa_error_set(&err, "out of memory");
    if (!loaded) {
        skinned_view_free(&v);
        return app_fail(&err);
    }
    if (check_bind || dump_obj_path) {
        status = check_bind ? print_check(v.base.path, &v.base.doc, &v.base.skel, &v.sc) : run_dump_obj(&v);
        free(swings);
        skinned_view_free(&v);
        return status;
    }

    app a;
    shader_program position_colors = {0};
    bool opened = app_open(&a, &spec, &options, &err);
    bool ok = opened && skinned_view_open(&v, &a, &err) &&
              shader_program_load(&position_colors, "shaders/skin_position.vert", "shaders/skin_position.frag", &err);

    bool show_skeleton = true, motion = !still;
    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested &&
            !(shader_program_reload(&v.lit, &err) && shader_program_reload(&position_colors, &err)))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        if (app_key_pressed(&a, GLFW_KEY_V))
            view = (view + 1) % VIEW_COUNT;
        if (app_key_pressed(&a, GLFW_KEY_S))
            show_skeleton = !show_skeleton;
        if (app_key_pressed(&a, GLFW_KEY_M))
            motion = !motion;

        /* [listing frame] */
        /* One frame: pose -> local_to_model (04) -> skin matrices (05) -> skin (06). */
        pose_swing(&v.base.skel, swings, motion ? (float)a.time : 0.0f, v.base.local);
        skeleton_local_to_model(&v.base.skel, v.base.local, v.sc.model_from_joint);
        skin_scene_run(&v.sc, &v.base.skel);
        /* [/listing] */

        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        skinned_view_draw_rigid(&v, clip_from_world, view == VIEW_NORMALS);
        if (view == VIEW_POSITION) {
            /* The box around the rest pose, mapped to colours. */
            glUseProgram(position_colors.id);
            shader_set_mat4(&position_colors, "u_clip_from_world", clip_from_world);
            shader_set_vec3(&position_colors, "u_box_min", v.lo);
            vec3 size;
            glm_vec3_sub(v.hi, v.lo, size);
            shader_set_vec3(&position_colors, "u_box_size", size);
            skinned_view_draw_skinned(&v, &position_colors);
        } else {
            skinned_view_draw_skinned(&v, NULL);
        }
        if (show_skeleton) {
            glDisable(GL_DEPTH_TEST); /* the bones show through the skin */
            skeleton_view_draw_bones(&v.base, clip_from_world, -1, 6.0f);
            glEnable(GL_DEPTH_TEST);
        }
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    shader_program_unload(&position_colors);
    free(swings);
    skinned_view_free(&v); /* its GL objects before the context goes */
    if (opened)
        app_close(&a);
    return ok ? 0 : app_fail(&err);
}
