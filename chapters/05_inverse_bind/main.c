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
 *
 *   ch05_inverse_bind                                the humanoid
 *   ch05_inverse_bind --model FILE.gltf|FILE.glb     any skinned glTF 2.0 file
 *   ch05_inverse_bind --model FILE --check-bind      the checks only, no window
 *
 * Keys: V next view (plain, dominant joint, weight heat map), N / P next /
 * previous joint, S skeleton, A world axes.
 */
#include "bind_gltf.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/text_lines.h"
#include "common/app.h"
#include "common/debug_draw.h"
#include "common/lit.h"
#include "common/mesh.h"
#include "common/shader.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"

enum { VIEW_PLAIN, VIEW_DOMINANT_JOINT, VIEW_HEAT_MAP, VIEW_COUNT };
static const char *const view_names[VIEW_COUNT] = {"plain", "dominant", "heat"};

static bool check_bind = false;
static const char *view_option = NULL;
static const char *joint_option = NULL;
static const cli_option options_extra[] = {
    {"--check-bind", CLI_FLAG, &check_bind, NULL,
     "print the bind-pose self-checks (joints, max_rest_bind_error, max_inverse_error, weights_bad) and exit "
     "(no window): exit 1 on a singular inverse bind matrix or bad weights"},
    {"--view", CLI_STRING, &view_option, "NAME", "the debug view at start: plain, dominant (default) or heat"},
    {"--joint", CLI_STRING, &joint_option, "NAME", "the joint selected at start (default: the first skin's first)"},
};
static const cli_key keys[] = {
    {"V", "next view: plain, dominant joint colours, heat map of the selected joint's weight"},
    {"N / P", "select the next / previous joint"},
    {"S", "toggle the skeleton"},
    {"A", "toggle the world axes"},
};
static const cli_spec spec = {
    .program = "ch05_inverse_bind",
    .summary = "inverse bind matrices: the T-pose self-check and debug views of the skin weights",
    .takes_model = true,
    .extra = options_extra,
    .extra_count = 3,
    .keys = keys,
    .key_count = 4,
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

/* The vertex of the weight views: what the lit shader reads, plus the skin
 * joint indices and weights (locations 3 and 4 of common/mesh.h). */
typedef struct weights_vertex {
    float position[3];
    float normal[3];
    uint16_t joints[4];
    float weights[4];
} weights_vertex;

static const vertex_attribute weights_attributes[] = {
    {ATTRIB_POSITION, 3, GL_FLOAT, false, false, offsetof(weights_vertex, position)},
    {ATTRIB_NORMAL, 3, GL_FLOAT, false, false, offsetof(weights_vertex, normal)},
    {ATTRIB_JOINTS, 4, GL_UNSIGNED_SHORT, false, true, offsetof(weights_vertex, joints)},
    {ATTRIB_WEIGHTS, 4, GL_FLOAT, false, false, offsetof(weights_vertex, weights)},
};
static const vertex_layout weights_layout = {weights_attributes, 4, sizeof(weights_vertex)};

static bool upload_primitive(const gltf_primitive *prim, gpu_mesh *out, sa_error *err)
{
    weights_vertex *v = malloc((prim->vertex_count ? prim->vertex_count : 1) * sizeof *v);
    if (!v)
        return sa_error_set(err, "out of memory");
    for (size_t i = 0; i < prim->vertex_count; i++) {
        memcpy(v[i].position, prim->positions[i], sizeof v[i].position);
        memcpy(v[i].normal, prim->normals[i], sizeof v[i].normal);
        memcpy(v[i].joints, prim->joints[i], sizeof v[i].joints);
        memcpy(v[i].weights, prim->weights[i], sizeof v[i].weights);
    }
    bool ok = gpu_mesh_upload(out, &weights_layout, v, prim->vertex_count, prim->triangle_indices,
                              prim->triangle_count * 3, 4, false, err);
    free(v);
    return ok;
}

/* The skin joint of skin `skin` that is skeleton joint `joint`, or -1. */
static int skin_joint_of(const skeleton *s, int skin, int joint)
{
    for (int k = 0; k < s->skins[skin].joint_count; k++)
        if (s->skins[skin].joint_of_skin_joint[k] == joint)
            return k;
    return -1;
}

/* The label at the top left: the joint, the view, how to read it. */
static void draw_label(debug_draw *text, const skeleton *s, int selected, int view)
{
    /* (text_draw shows 64 characters at most.) */
    static const char *const view_help[VIEW_COUNT] = {
        "view: plain (V: next view)",
        "view: dominant joint, colour of the largest weight (V: next)",
        "view: weight of the joint, 0 blue, 0.5 green, 1 red (V: next)",
    };
    char label[160];
    if (selected >= 0)
        snprintf(label, sizeof label, "joint %d of %d: %s (N / P)", selected, s->joint_count,
                 s->name[selected][0] ? s->name[selected] : "(no name)");
    else
        snprintf(label, sizeof label, "no joints");
    text_draw(text, 10.0f, 8.0f, 2.0f, label, (vec3){1, 1, 1});
    text_draw(text, 10.0f, 34.0f, 1.5f, view_help[view], (vec3){0.85f, 0.85f, 0.85f});
}

typedef struct program_state {
    gltf_document doc;
    skeleton skel;
    int *depth;             /* [skel.joint_count], for the overlay's colours */
    mat4 *model_from_joint; /* [skel.joint_count], the rest pose */
    mat4 **skin_matrix;     /* [skin_count][skin joint count], the rest pose */
    gpu_mesh *gpu;          /* gpu[first_slot[m] + p]: primitive p of mesh m (skinned ones only) */
    int *first_slot;
    int primitive_total;
} program_state;

static void state_free(program_state *st)
{
    for (int i = 0; st->gpu && i < st->primitive_total; i++)
        gpu_mesh_unload(&st->gpu[i]);
    for (int i = 0; st->skin_matrix && i < st->doc.skin_count; i++)
        free(st->skin_matrix[i]);
    free(st->skin_matrix);
    free(st->gpu);
    free(st->first_slot);
    free(st->model_from_joint);
    free(st->depth);
    skeleton_free(&st->skel);
    gltf_free(&st->doc);
}

/* The rest pose's model_from_joint and skin matrices, and the bounds of
 * what is drawn (the camera frames them). */
static bool rest_pose(program_state *st, vec3 lo, vec3 hi, sa_error *err)
{
    const skeleton *s = &st->skel;
    st->model_from_joint = malloc(((size_t)s->joint_count + 1) * sizeof *st->model_from_joint);
    st->skin_matrix = calloc((size_t)st->doc.skin_count + 1, sizeof *st->skin_matrix);
    st->depth = malloc(((size_t)s->joint_count + 1) * sizeof *st->depth);
    if (!st->model_from_joint || !st->skin_matrix || !st->depth)
        return sa_error_set(err, "out of memory");
    skeleton_local_to_model(s, s->rest_local, st->model_from_joint);
    skeleton_depths(s, st->depth);
    for (int i = 0; i < st->doc.skin_count; i++) {
        const skeleton_skin *skin = &s->skins[i];
        mat4 *bind = malloc(((size_t)skin->joint_count + 1) * sizeof *bind);
        st->skin_matrix[i] = malloc(((size_t)skin->joint_count + 1) * sizeof *st->skin_matrix[i]);
        if (!bind || !st->skin_matrix[i]) {
            free(bind);
            return sa_error_set(err, "out of memory");
        }
        if (!skin_matrices_validate(skin->joint_count, skin->joint_of_skin_joint, s->joint_count, err)) {
            free(bind);
            return sa_error_prefix(err, "skins[%d]", i);
        }
        bind_matrices_from_gltf(&st->doc.skins[i], bind);
        skin_matrices(skin->joint_count, skin->joint_of_skin_joint, st->model_from_joint, bind, st->skin_matrix[i]);
        free(bind);
    }
    /* The bounds of the joints and of each skinned primitive's box, placed
     * as it is drawn (draw_skinned_meshes). */
    glm_vec3_fill(lo, 1e30f);
    glm_vec3_fill(hi, -1e30f);
    for (int j = 0; j < s->joint_count; j++) {
        glm_vec3_minv(lo, st->model_from_joint[j][3], lo);
        glm_vec3_maxv(hi, st->model_from_joint[j][3], hi);
    }
    for (int n = 0; n < st->doc.node_count; n++) {
        const gltf_node *node = &st->doc.nodes[n];
        if (node->mesh < 0 || node->skin < 0 || st->doc.skins[node->skin].joint_count == 0)
            continue;
        for (int p = 0; p < st->doc.meshes[node->mesh].primitive_count; p++) {
            const gltf_primitive *prim = &st->doc.meshes[node->mesh].primitives[p];
            for (int c = 0; !prim->skipped && c < 8; c++) {
                vec4 corner = {c & 1 ? prim->bounds_max[0] : prim->bounds_min[0],
                               c & 2 ? prim->bounds_max[1] : prim->bounds_min[1],
                               c & 4 ? prim->bounds_max[2] : prim->bounds_min[2], 1.0f};
                vec4 world;
                glm_mat4_mulv(st->skin_matrix[node->skin][0], corner, world);
                glm_vec3_minv(lo, world, lo);
                glm_vec3_maxv(hi, world, hi);
            }
        }
    }
    if (lo[0] > hi[0]) {
        glm_vec3_fill(lo, -1.0f);
        glm_vec3_fill(hi, 1.0f);
    }
    return true;
}

static bool upload_skinned_meshes(program_state *st, sa_error *err)
{
    const gltf_document *doc = &st->doc;
    st->first_slot = malloc(((size_t)doc->mesh_count + 1) * sizeof *st->first_slot);
    if (!st->first_slot)
        return sa_error_set(err, "out of memory");
    for (int m = 0; m < doc->mesh_count; m++) {
        st->first_slot[m] = st->primitive_total;
        st->primitive_total += doc->meshes[m].primitive_count;
    }
    st->gpu = calloc((size_t)st->primitive_total + 1, sizeof *st->gpu);
    if (!st->gpu)
        return sa_error_set(err, "out of memory");
    for (int m = 0; m < doc->mesh_count; m++)
        for (int p = 0; p < doc->meshes[m].primitive_count; p++) {
            const gltf_primitive *prim = &doc->meshes[m].primitives[p];
            if (!prim->skipped && prim->joints && prim->weights &&
                !upload_primitive(prim, &st->gpu[st->first_slot[m] + p], err))
                return false;
        }
    return true;
}

/* [listing draw_skinned] */
/* Every skinned mesh node, unskinned: its vertices are in the mesh's model
 * space at bind time, and in the rest pose every skin matrix of its skin is
 * the same matrix, so skin joint 0's matrix places the whole mesh. (The mesh
 * node's own transform is ignored for a skinned mesh, as the spec says.) */
static void draw_skinned_meshes(const program_state *st, const shader_program *shader, int selected)
{
    const gltf_document *doc = &st->doc;
    for (int n = 0; n < doc->node_count; n++) {
        const gltf_node *node = &doc->nodes[n];
        if (node->mesh < 0 || node->skin < 0 || doc->skins[node->skin].joint_count == 0)
            continue;
        shader_set_mat4(shader, "u_world_from_model", st->skin_matrix[node->skin][0]);
        shader_set_int(shader, "u_selected_skin_joint", skin_joint_of(&st->skel, node->skin, selected));
        for (int p = 0; p < doc->meshes[node->mesh].primitive_count; p++)
            if (st->gpu[st->first_slot[node->mesh] + p].vao)
                gpu_mesh_draw(&st->gpu[st->first_slot[node->mesh] + p]);
    }
}
/* [/listing] */

static void print_selected(const skeleton *s, int selected)
{
    if (selected >= 0)
        printf("joint %d: %s\n", selected, s->name[selected][0] ? s->name[selected] : "(no name)");
}

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    /* Each mode runs alone: given together, one would be dropped silently. */
    static const char *const modes[] = {"--check-bind", "--screenshot"};
    const bool given[] = {check_bind, options.screenshot != NULL};
    sa_error err;
    if (!cli_exclusive(2, modes, given, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 2;
    }
    int view = view_option ? cli_choice(view_option, view_names, VIEW_COUNT) : VIEW_DOMINANT_JOINT;
    if (view < 0) {
        fprintf(stderr, "error: --view: '%s' is not plain, dominant or heat\n", view_option);
        return 2;
    }

    char model_path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, model_path, sizeof model_path, &err))
        return app_fail(&err);
    program_state st;
    memset(&st, 0, sizeof st);
    gltf_load_options load_options = gltf_load_options_default();
    load_options.decode_images = false; /* nothing here is textured */
    if (!gltf_load(model_path, &load_options, &st.doc, &err))
        return app_fail(&err);
    if (!skeleton_from_gltf(&st.doc, &st.skel, &err)) {
        sa_error_prefix(&err, "%s", model_path);
        state_free(&st);
        return app_fail(&err);
    }
    if (check_bind) {
        status = print_check(model_path, &st.doc, &st.skel);
        state_free(&st);
        return status;
    }

    if (st.skel.joint_count == 0) {
        sa_error_set(&err, "%s: the file has no skin, so nothing to show (--check-bind works on any file)", model_path);
        state_free(&st);
        return app_fail(&err);
    }
    int selected = st.skel.skin_count > 0 && st.skel.skins[0].joint_count > 0 ? st.skel.skins[0].joint_of_skin_joint[0]
                                                                              : -1;
    if (joint_option && (selected = skeleton_find(&st.skel, joint_option)) < 0) {
        sa_error_set(&err, "%s: --joint: no joint is called '%s'", model_path, joint_option);
        state_free(&st);
        return app_fail(&err);
    }
    vec3 lo, hi;
    if (!rest_pose(&st, lo, hi, &err)) {
        sa_error_prefix(&err, "%s", model_path);
        state_free(&st);
        return app_fail(&err);
    }

    app a;
    if (!app_open(&a, &spec, &options, &err)) {
        state_free(&st);
        return app_fail(&err);
    }
    orbit_camera_frame_bounds(&a.camera, lo, hi);

    float axes_size = 0.08f * glm_vec3_distance(lo, hi);

    shader_program weights = {0};
    debug_draw lines = {0}, text = {0};
    bool ok = shader_program_load(&weights, "shaders/skin_weights.vert", "shaders/skin_weights.frag", &err) &&
              debug_draw_init(&lines, &err) && debug_draw_init(&text, &err) && upload_skinned_meshes(&st, &err);
    print_selected(&st.skel, selected);
    if (ok && !TEXT_LINES_AVAILABLE)
        fprintf(stderr, "note: stb_easy_font.h was not found at build time: no joint names on screen\n");

    bool show_skeleton = true, show_axes = false;
    mat4 identity = GLM_MAT4_IDENTITY_INIT;
    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested && !shader_program_reload(&weights, &err))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        if (app_key_pressed(&a, GLFW_KEY_V))
            view = (view + 1) % VIEW_COUNT;
        if (app_key_pressed(&a, GLFW_KEY_S))
            show_skeleton = !show_skeleton;
        if (app_key_pressed(&a, GLFW_KEY_A))
            show_axes = !show_axes;
        if (st.skel.joint_count > 0 && (app_key_pressed(&a, GLFW_KEY_N) || app_key_pressed(&a, GLFW_KEY_P))) {
            int step = app_key_pressed(&a, GLFW_KEY_N) ? 1 : st.skel.joint_count - 1;
            selected = (selected + step) % st.skel.joint_count;
            print_selected(&st.skel, selected);
        }

        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        glUseProgram(weights.id);
        shader_set_mat4(&weights, "u_clip_from_world", clip_from_world);
        vec3 light = LIT_LIGHT_DIRECTION_WORLD;
        glm_vec3_normalize(light);
        shader_set_vec3(&weights, "u_light_direction_world", light);
        shader_set_int(&weights, "u_view", view);
        draw_skinned_meshes(&st, &weights, selected);

        if (show_skeleton)
            skeleton_overlay_draw(&lines, &st.skel, st.model_from_joint, st.depth, selected, axes_size);
        if (show_axes)
            debug_draw_axes(&lines, identity, 1.0f);
        debug_draw_flush(&lines, clip_from_world, 7.0f);
        mat4 clip_from_screen;
        text_clip_from_screen(a.width, a.height, clip_from_screen);
        draw_label(&text, &st.skel, selected, view);
        debug_draw_flush(&text, clip_from_screen, 1.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    debug_draw_free(&text);
    debug_draw_free(&lines);
    shader_program_unload(&weights);
    state_free(&st);
    app_close(&a);
    return ok ? 0 : app_fail(&err);
}
