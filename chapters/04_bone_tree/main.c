/* ch04_bone_tree: the skeleton of a skinned glTF model, over its wireframe.
 *
 * Chapter 04 turns the nodes of a file's skins into a skeleton: plain arrays,
 * parents first (skeleton.h, skeleton_gltf.c), and computes every joint's
 * model-space matrix in one loop (forward kinematics):
 *
 *     model_from_joint[j] = model_from_joint[parent[j]] * parent_from_joint[j]
 *
 * The program draws a point per joint and a line per bone, coloured by depth
 * in the tree, with the joint names on a key at the left. Keys pick a joint
 * and turn it about its own axes; its children follow. The mesh stays in its
 * rest pose (it is not skinned until chapter 06).
 *
 *   ch04_bone_tree                                 the humanoid
 *   ch04_bone_tree --model FILE.gltf|FILE.glb      any skinned glTF 2.0 file
 *   ch04_bone_tree --joint left_upper_arm --turn z,60   start with that joint
 *       selected and turned 60 degrees about its own Z axis
 *   ch04_bone_tree --model FILE --dump-pose OUT    every node's scene-space
 *       matrix in the rest pose, one line per node, to OUT (- for stdout);
 *       no window
 *
 * Keys: N / P next / previous joint, U parent, C first child, X Y Z turn the
 * joint about its own axis (Shift: the other way), 0 back to the rest pose,
 * K the key of names on / off; W wireframe (common, on at start).
 */
#include "common/lit.h"
#include "chapters/03_gltf_loader/scene.h"
#include "chapters/03_gltf_loader/scene_gl.h"
#include "skeleton_gltf.h"
#include "pose_write.h"
#include "skeleton_overlay.h"
#include "skeleton_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *dump_pose_path = NULL;
static const char *start_joint = NULL;
static const char *start_turn = NULL;
static const cli_option options_extra[] = {
    {"--dump-pose", CLI_STRING, &dump_pose_path, "FILE",
     "write every node's scene-space matrix in the rest pose to FILE (- for stdout) and exit (no window)"},
    {"--joint", CLI_STRING, &start_joint, "NAME", "select the joint called NAME at the start"},
    {"--turn", CLI_STRING, &start_turn, "AXIS,DEGREES",
     "turn the selected joint about its own axis (x, y or z) at the start, e.g. z,45"},
};
static const cli_key keys[] = {
    {"N / P", "select the next / previous joint"},
    {"U", "select the parent of the selected joint"},
    {"C", "select the first child of the selected joint"},
    {"X / Y / Z", "turn the selected joint 15 degrees about its own X / Y / Z axis (Shift: the other way)"},
    {"0", "put every joint back at its rest transform"},
    {"K", "show or hide the key of joint names"},
};
/* Each of these picks what the program does: given together, one would be
 * dropped silently, so the command line refuses them (cli.h). */
static const char *const modes[] = {"--dump-pose", "--screenshot"};
static const cli_spec spec = {
    .program = "ch04_bone_tree",
    .summary = "the skeleton of a skinned glTF model (joints, bones, names) over its wireframe; "
               "--dump-pose writes every node's rest matrix",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

/* --- --dump-pose ------------------------------------------------------------ */

/* [listing dump_pose] */
/* The rest pose of a skeleton over every node of the file: the format is
 * pose_write.h's, the one chapter 08 writes animated poses in. */
static bool dump_pose(const gltf_document *doc, FILE *out, sa_error *err)
{
    skeleton all;
    if (!skeleton_from_gltf_nodes(doc, &all, err))
        return false;
    bool ok = skeleton_write_pose(&all, all.rest_local, out, err);
    skeleton_free(&all);
    return ok;
}
/* [/listing] */

static int run_dump_pose(const gltf_document *doc, const char *model_path)
{
    sa_error err;
    FILE *out = sa_output_open(dump_pose_path, &err);
    if (!out)
        return app_fail(&err);
    bool ok = dump_pose(doc, out, &err);
    if (!ok)
        sa_error_prefix(&err, "%s", model_path);
    return sa_output_close(out, dump_pose_path, ok, &err) ? 0 : app_fail(&err);
}

/* --- picking and turning joints ---------------------------------------------- */

/* [listing pick_joint] */
/* The keys walk the tree with the parent array alone: the parent is one
 * look-up, the first child the first later joint whose parent is this one
 * (children come after their parent). */
static int first_child(const skeleton *s, int joint)
{
    for (int j = joint + 1; j < s->joint_count; j++)
        if (s->parent[j] == joint)
            return j;
    return -1;
}

static int pick_joint(const app *a, const skeleton *s, int selected)
{
    if (app_key_pressed(a, GLFW_KEY_N))
        return (selected + 1) % s->joint_count;
    if (app_key_pressed(a, GLFW_KEY_P))
        return (selected + s->joint_count - 1) % s->joint_count;
    if (app_key_pressed(a, GLFW_KEY_U) && s->parent[selected] >= 0)
        return s->parent[selected];
    if (app_key_pressed(a, GLFW_KEY_C) && first_child(s, selected) >= 0)
        return first_child(s, selected);
    return selected;
}
/* [/listing] */

/* [listing turn_joint] */
/* Turning a joint about its own axis changes its local rotation only:
 * R' = R * turn (the turn acts first, in the joint's own frame). Nothing
 * else is written; FK carries the change down to every descendant. */
static void turn_joint(transform *local, int axis, float radians)
{
    vec3 axis_joint = {0, 0, 0};
    axis_joint[axis] = 1.0f;
    versor turn;
    glm_quatv(turn, radians, axis_joint);
    glm_quat_mul(local->rotation, turn, local->rotation);
    glm_quat_normalize(local->rotation);
}
/* [/listing] */

/* --- main ---------------------------------------------------------------------- */

/* Where a skinned mesh is drawn before skinning: its vertices are in the
 * space the inverse bind matrices start from, so in the rest pose they sit at
 * model_from_joint * joint_from_model_bind of any joint of the skin (chapter
 * 05 checks that all joints agree). The skinned node's own transform is
 * ignored, as the glTF spec says. */
static void place_skinned_meshes(const gltf_document *doc, const skeleton *s, mat4 *model_from_joint,
                                 mat4 *world_from_node)
{
    for (int n = 0; n < doc->node_count; n++) {
        int k = doc->nodes[n].skin;
        if (k < 0 || doc->skins[k].joint_count == 0)
            continue;
        mat4 joint_from_model_bind;
        memcpy(joint_from_model_bind, doc->skins[k].joint_from_model_bind[0], sizeof joint_from_model_bind);
        glm_mat4_mul(model_from_joint[s->skins[k].joint_of_skin_joint[0]], joint_from_model_bind, world_from_node[n]);
    }
}

/* Where every mesh is in the rest pose: every node's matrix from a skeleton
 * of all the nodes, then the skinned meshes placed by their skin. */
static bool rest_placement(const skeleton_view *v, skeleton *all, mat4 **world_from_node, sa_error *err)
{
    if (!skeleton_from_gltf_nodes(&v->doc, all, err))
        return sa_error_prefix(err, "%s", v->path);
    size_t entries = (size_t)all->joint_count + 1;
    mat4 *model_from_entry = malloc(entries * sizeof *model_from_entry);
    *world_from_node = malloc(entries * sizeof **world_from_node);
    if (!model_from_entry || !*world_from_node) {
        free(model_from_entry);
        return sa_error_set(err, "out of memory");
    }
    skeleton_local_to_model(all, all->rest_local, model_from_entry);
    for (int n = 0; n < v->doc.node_count; n++)
        glm_mat4_copy(model_from_entry[all->joint_of_node[n]], (*world_from_node)[n]);
    place_skinned_meshes(&v->doc, &v->skel, v->model_from_joint, *world_from_node);
    free(model_from_entry);
    return true;
}

/* The joint picked at the start, and its first turn (for screenshots). */
static bool start_pose(skeleton_view *v, int *selected, sa_error *err)
{
    if (start_joint && (*selected = skeleton_find(&v->skel, start_joint)) < 0)
        return sa_error_set(err, "--joint: %s has no joint called '%s'", v->path, start_joint);
    if (!start_turn)
        return true;
    char axis_name;
    float degrees;
    char end;
    if (sscanf(start_turn, " %c , %f %c", &axis_name, &degrees, &end) != 2 || axis_name < 'x' || axis_name > 'z')
        return sa_error_set(err, "--turn: expected AXIS,DEGREES with AXIS x, y or z (e.g. z,45), not '%s'", start_turn);
    turn_joint(&v->local[*selected], axis_name - 'x', glm_rad(degrees));
    return true;
}

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    skeleton_view v = {0};
    sa_error err;
    if (!skeleton_view_load_file(&v, options.model, NULL, &err))
        return app_fail(&err);
    if (dump_pose_path) {
        status = run_dump_pose(&v.doc, v.path);
        skeleton_view_free(&v);
        return status;
    }

    /* Two skeletons from the same nodes: the skins' (v.skel: joints and their
     * ancestors, what is drawn and turned) and every node's (where the meshes
     * are, in the rest pose). */
    skeleton all = {0};
    mat4 *world_from_node = NULL;
    int selected = 0;
    bool ok = skeleton_view_load_skeleton(&v, &err) &&
              skeleton_view_require_joints(&v, "--dump-pose works on any file", &err) &&
              rest_placement(&v, &all, &world_from_node, &err) && start_pose(&v, &selected, &err);
    app a;
    scene_gl gpu = {0};
    shader_program lit = {0};
    bool opened = ok && app_open(&a, &spec, &options, &err);
    ok = opened && lit_load(&lit, &err) && scene_gl_upload(&gpu, &v.doc, NULL, &err);
    if (ok) {
        vec3 lo, hi;
        scene_bounds(&v.doc, world_from_node, NULL, lo, hi);
        skeleton_view_bounds_add_joints(&v, lo, hi);
        ok = skeleton_view_open(&v, &a, lo, hi, &err);
        a.wireframe = true;
    }

    bool show_key = true;
    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested && !shader_program_reload(&lit, &err))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        selected = pick_joint(&a, &v.skel, selected);
        bool shift = glfwGetKey(a.window, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS ||
                     glfwGetKey(a.window, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS;
        const int axis_keys[3] = {GLFW_KEY_X, GLFW_KEY_Y, GLFW_KEY_Z};
        for (int axis = 0; axis < 3; axis++)
            if (app_key_pressed(&a, axis_keys[axis]))
                turn_joint(&v.local[selected], axis, glm_rad(shift ? -15.0f : 15.0f));
        if (app_key_pressed(&a, GLFW_KEY_0))
            memcpy(v.local, v.skel.rest_local, (size_t)v.skel.joint_count * sizeof *v.local);
        if (app_key_pressed(&a, GLFW_KEY_K))
            show_key = !show_key;

        /* One frame of chapter 04: the pose through FK, then draw. */
        skeleton_local_to_model(&v.skel, v.local, v.model_from_joint);

        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        lit_begin_frame(&lit, clip_from_world);
        scene_gl_draw(&gpu, &v.doc, &lit, world_from_node, NULL);
        skeleton_view_draw_bones(&v, clip_from_world, selected, 7.0f);
        if (show_key) {
            skeleton_overlay_key(&v.text, &v.skel, v.depth, selected, a.height);
            skeleton_view_flush_text(&v, &a);
        }
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    scene_gl_free(&gpu);
    shader_program_unload(&lit);
    free(world_from_node);
    skeleton_free(&all);
    skeleton_view_free(&v); /* its GL objects before the context goes */
    if (opened)
        app_close(&a);
    return ok ? 0 : app_fail(&err);
}
