/* ch05_inverse_bind: inverse bind matrices, and the self-checks to run on a
 * new asset before animating it.
 *
 * Each joint of a skin comes with an inverse bind matrix,
 * joint_from_model_bind: the mesh's model space at bind time -> the joint's
 * space. With the joints where they are now (model_from_joint, chapter 04),
 *
 *     skin_matrix[k] = model_from_joint[joint_of_skin_joint[k]] * joint_from_model_bind[k]
 *
 * In the rest pose every skin matrix of a skin should be the same matrix; this
 * program checks that (--check-bind) and draws the mesh with that matrix, the
 * skeleton of chapter 04 over it, and two debug views of the skin weights.
 * It also rebuilds the bind pose from the inverse bind matrices
 * (bind_pose.h) and draws it against the rest pose, with the largest
 * distance between the two.
 *
 *   ch05_inverse_bind                                the humanoid
 *   ch05_inverse_bind --model FILE.gltf|FILE.glb     any skinned glTF 2.0 file
 *   ch05_inverse_bind --model FILE --check-bind      the checks only, no window
 *   ch05_inverse_bind --model FILE --skeleton bind   start with the bind pose
 *
 * Keys: V next view (plain, dominant joint, weight heat map), N / P next /
 * previous joint, S skeleton, B rest / bind pose skeleton, A world axes.
 */
#include "bind_gltf.h"
#include "bind_pose.h"
#include "weights_gl.h"
#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/skeleton_view.h"
#include "chapters/03_gltf_loader/scene_gl.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "common/lit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { VIEW_PLAIN, VIEW_DOMINANT_JOINT, VIEW_HEAT_MAP, VIEW_COUNT };
static const char *const view_names[VIEW_COUNT] = {"plain", "dominant", "heat"};
enum { SKELETON_REST, SKELETON_BIND, SKELETON_COUNT };
static const char *const skeleton_names[SKELETON_COUNT] = {"rest", "bind"};

static bool check_bind = false;
static int view = VIEW_DOMINANT_JOINT, skeleton_shown = SKELETON_REST;
static cli_choices view_choices = {&view, view_names, VIEW_COUNT};
static cli_choices skeleton_choices = {&skeleton_shown, skeleton_names, SKELETON_COUNT};
static const char *joint_option = NULL;
static const cli_option options_extra[] = {
    {"--check-bind", CLI_FLAG, &check_bind, NULL,
     "print the bind-pose self-checks (joints, max_rest_bind_error, max_inverse_error, weights_bad) and exit "
     "(no window): exit 1 on a singular inverse bind matrix or bad weights"},
    {"--view", CLI_CHOICE, &view_choices, "NAME", "the debug view at start: plain, dominant (default) or heat"},
    {"--joint", CLI_STRING, &joint_option, "NAME", "the joint selected at start (default: the first skin's first)"},
    {"--skeleton", CLI_CHOICE, &skeleton_choices, "POSE",
     "the skeleton at start: rest (default) or bind (rebuilt from the inverse bind matrices, the rest pose in grey)"},
};
static const cli_key keys[] = {
    {"V", "next view: plain, dominant joint colours, heat map of the selected joint's weight"},
    {"N / P", "select the next / previous joint (the heat map shows its weights)"},
    {"S", "toggle the skeleton"},
    {"B", "the skeleton in the rest pose / in the bind pose (from the inverse bind matrices)"},
    {"A", "toggle the world axes"},
};
static const char *const modes[] = {"--check-bind", "--screenshot"};
static const cli_spec spec = {
    .program = "ch05_inverse_bind",
    .summary = "inverse bind matrices: the T-pose self-check, the bind pose, and debug views of the skin weights",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

/* [listing check_bind] */
/* --check-bind: four lines on stdout, the findings on stderr; the exit status. */
static int print_check(const char *path, const gltf_document *doc, const skeleton *s)
{
    bind_report r;
    sa_error err;
    if (!bind_check_gltf(doc, s, &r, &err)) {
        sa_error_prefix(&err, "%s", path);
        return app_fail(&err);
    }
    return bind_report_print(&r, path, stdout, stderr);
}
/* [/listing] */

typedef struct program_state {
    skeleton_view v;              /* the file, its skeleton at rest, the overlay (chapter 04) */
    mat4 **joint_from_model_bind; /* [skin_count][skin joint count] */
    mat4 **skin_matrix;           /* [skin_count][skin joint count], the rest pose */
    mat4 *model_from_joint_bind;  /* [joint_count]: the bind pose (bind_pose.h) */
    float bind_distance;          /* the largest joint distance between bind and rest pose */
    int farthest;                 /* its joint */
    weights_gl meshes;
} program_state;

static void state_free(program_state *st)
{
    for (int i = 0; i < st->v.doc.skin_count; i++) {
        free(st->skin_matrix ? st->skin_matrix[i] : NULL);
        free(st->joint_from_model_bind ? st->joint_from_model_bind[i] : NULL);
    }
    free(st->skin_matrix);
    free(st->joint_from_model_bind);
    free(st->model_from_joint_bind);
    weights_gl_free(&st->meshes);
    skeleton_view_free(&st->v);
}

/* The rest pose's skin matrices and the bind pose. */
static bool rest_and_bind_pose(program_state *st, sa_error *err)
{
    const skeleton *s = &st->v.skel;
    size_t skins = (size_t)st->v.doc.skin_count + 1;
    st->skin_matrix = calloc(skins, sizeof *st->skin_matrix);
    st->joint_from_model_bind = calloc(skins, sizeof *st->joint_from_model_bind);
    st->model_from_joint_bind = malloc(((size_t)s->joint_count + 1) * sizeof *st->model_from_joint_bind);
    if (!st->skin_matrix || !st->joint_from_model_bind || !st->model_from_joint_bind)
        return sa_error_set(err, "out of memory");
    for (int i = 0; i < st->v.doc.skin_count; i++) {
        const skeleton_skin *skin = &s->skins[i];
        mat4 *bind = st->joint_from_model_bind[i] = malloc(((size_t)skin->joint_count + 1) * sizeof *bind);
        st->skin_matrix[i] = malloc(((size_t)skin->joint_count + 1) * sizeof *st->skin_matrix[i]);
        if (!bind || !st->skin_matrix[i])
            return sa_error_set(err, "out of memory");
        if (!skin_matrices_validate(skin->joint_count, skin->joint_of_skin_joint, s->joint_count, err))
            return sa_error_prefix(err, "skins[%d]", i);
        bind_matrices_from_gltf(&st->v.doc.skins[i], bind);
        skin_matrices(skin->joint_count, skin->joint_of_skin_joint, st->v.model_from_joint, bind, st->skin_matrix[i]);
    }
    st->bind_distance = bind_pose_from_skins(s, st->joint_from_model_bind, st->v.model_from_joint,
                                             st->model_from_joint_bind, NULL, &st->farthest);
    return true;
}

/* The label at the top left: the joint, the view, the skeleton shown. */
static void draw_label(program_state *st, int selected)
{
    /* (text_draw shows 64 characters at most.) */
    static const char *const view_help[VIEW_COUNT] = {
        "view: plain (V: next view)",
        "view: dominant joint, colour of the largest weight (V: next)",
        "view: weight of the joint, 0 blue, 0.5 green, 1 red (V: next)",
    };
    const skeleton *s = &st->v.skel;
    char label[160];
    if (selected >= 0)
        snprintf(label, sizeof label, "joint %d of %d: %s (N / P)", selected, s->joint_count,
                 s->name[selected][0] ? s->name[selected] : "(no name)");
    else
        snprintf(label, sizeof label, "no joints");
    text_draw(&st->v.text, 10.0f, 8.0f, 2.0f, label, (vec3){1, 1, 1});
    text_draw(&st->v.text, 10.0f, 34.0f, 1.5f, view_help[view], (vec3){0.85f, 0.85f, 0.85f});
    snprintf(label, sizeof label, "%s; joints up to %.3f m apart",
             skeleton_shown == SKELETON_BIND ? "bind pose, rest in grey (B)" : "rest pose (B: bind pose)",
             (double)st->bind_distance);
    text_draw(&st->v.text, 10.0f, 56.0f, 1.5f, label, (vec3){0.85f, 0.85f, 0.85f});
}

/* [listing draw_bind_pose] */
/* The bind pose over the rest pose: the rest skeleton in grey, the bind
 * skeleton in the overlay's colours. */
static void draw_bind_pose(program_state *st, int selected)
{
    skeleton_overlay_draw_plain(&st->v.lines, &st->v.skel, st->v.model_from_joint, (vec3){0.45f, 0.45f, 0.45f});
    skeleton_overlay_draw(&st->v.lines, &st->v.skel, st->model_from_joint_bind, st->v.depth, selected, st->v.axes_size);
}
/* [/listing] */

static void print_selected(const skeleton *s, int selected)
{
    if (selected >= 0)
        printf("joint %d: %s\n", selected, s->name[selected][0] ? s->name[selected] : "(no name)");
}

static bool load(program_state *st, const char *model, int *selected, sa_error *err)
{
    gltf_load_options load_options = gltf_load_options_default();
    load_options.decode_images = false; /* nothing here is textured */
    if (!skeleton_view_load_file(&st->v, model, &load_options, err) || !skeleton_view_load_skeleton(&st->v, err))
        return false;
    if (check_bind)
        return true;
    if (!skeleton_view_require_joints(&st->v, "--check-bind works on any file", err))
        return false;
    const skeleton *s = &st->v.skel;
    *selected = s->skin_count > 0 && s->skins[0].joint_count > 0 ? s->skins[0].joint_of_skin_joint[0] : -1;
    if (joint_option && (*selected = skeleton_find(s, joint_option)) < 0)
        return sa_error_set(err, "%s: --joint: no joint is called '%s'", st->v.path, joint_option);
    if (!rest_and_bind_pose(st, err))
        return sa_error_prefix(err, "%s", st->v.path);
    return true;
}

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    program_state st;
    memset(&st, 0, sizeof st);
    sa_error err;
    int selected = -1;
    if (!load(&st, options.model, &selected, &err)) {
        state_free(&st);
        return app_fail(&err);
    }
    if (check_bind) {
        status = print_check(st.v.path, &st.v.doc, &st.v.skel);
        state_free(&st);
        return status;
    }

    app a;
    if (!app_open(&a, &spec, &options, &err)) {
        state_free(&st);
        return app_fail(&err);
    }
    /* The camera frames the meshes as they are drawn, and the joints. */
    vec3 lo = {1e30f, 1e30f, 1e30f}, hi = {-1e30f, -1e30f, -1e30f};
    skeleton_view_bounds_add_joints(&st.v, lo, hi);
    weights_gl_bounds_add(&st.v.doc, st.skin_matrix, lo, hi);
    shader_program weights = {0};
    bool ok = skeleton_view_open(&st.v, &a, lo, hi, &err) &&
              shader_program_load(&weights, "shaders/skin_weights.vert", "shaders/skin_weights.frag", &err) &&
              weights_gl_upload(&st.meshes, &st.v.doc, &err);
    if (ok) /* the weight colours are drawn on the base shape */
        scene_gl_note_morph_targets(&st.v.doc);
    print_selected(&st.v.skel, selected);
    if (ok && st.farthest >= 0)
        printf("bind pose: %.6g m from the rest pose at most (joint %d: %s)\n", (double)st.bind_distance, st.farthest,
               st.v.skel.name[st.farthest][0] ? st.v.skel.name[st.farthest] : "(no name)");

    bool show_skeleton = true, show_axes = false;
    mat4 identity = GLM_MAT4_IDENTITY_INIT;
    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested && !shader_program_reload(&weights, &err))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        if (app_key_pressed(&a, GLFW_KEY_V))
            view = (view + 1) % VIEW_COUNT;
        if (app_key_pressed(&a, GLFW_KEY_S))
            show_skeleton = !show_skeleton;
        if (app_key_pressed(&a, GLFW_KEY_B))
            skeleton_shown = (skeleton_shown + 1) % SKELETON_COUNT;
        if (app_key_pressed(&a, GLFW_KEY_A))
            show_axes = !show_axes;
        if (app_key_pressed(&a, GLFW_KEY_N) || app_key_pressed(&a, GLFW_KEY_P)) {
            int step = app_key_pressed(&a, GLFW_KEY_N) ? 1 : st.v.skel.joint_count - 1;
            selected = (selected + step) % st.v.skel.joint_count;
            print_selected(&st.v.skel, selected);
        }

        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        glUseProgram(weights.id);
        shader_set_mat4(&weights, "u_clip_from_world", clip_from_world);
        vec3 light = LIT_LIGHT_DIRECTION_WORLD;
        glm_vec3_normalize(light);
        shader_set_vec3(&weights, "u_light_direction_world", light);
        shader_set_int(&weights, "u_view", view);
        weights_gl_draw(&st.meshes, &st.v.doc, &st.v.skel, st.skin_matrix, &weights, selected);

        if (show_skeleton && skeleton_shown == SKELETON_BIND)
            draw_bind_pose(&st, selected);
        else if (show_skeleton)
            skeleton_overlay_draw(&st.v.lines, &st.v.skel, st.v.model_from_joint, st.v.depth, selected, st.v.axes_size);
        if (show_axes)
            debug_draw_axes(&st.v.lines, identity, 1.0f);
        debug_draw_flush(&st.v.lines, clip_from_world, 7.0f);
        draw_label(&st, selected);
        skeleton_view_flush_text(&st.v, &a);
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    shader_program_unload(&weights);
    state_free(&st);
    app_close(&a);
    return ok ? 0 : app_fail(&err);
}
