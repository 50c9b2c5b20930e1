/* ch13_motion_capture: motion capture from a BVH file, read by hand.
 *
 * Chapter 13 reads Biovision Hierarchy files (bvh.h: the skeleton as nested
 * joints, then one line of channel values per frame) into plain structs,
 * turns them into chapter 04's skeleton and chapter 08's clip (bvh_clip.h),
 * and plays the clip through clip_sample and skeleton_local_to_model,
 * unchanged: captured motion is one more clip.
 *
 *   ch13_motion_capture                      CMU's 01_01.bvh (Debian's assimp-testmodels)
 *   ch13_motion_capture --bvh FILE           any BVH file
 *   ch13_motion_capture --bvh FILE --dump-joints FRAME   one line per joint,
 *       'name x y z', its world position at frame FRAME (0 is the first) in
 *       the file's units, End Sites left out; no window
 *
 * The window draws the skeleton as chapter 04's bones. Keys (H lists them):
 * K the key of joint names; SPACE pauses (the app's).
 */
#include "bvh_clip.h"

#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/skeleton_view.h"
#include "common/app.h"
#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The default file: where Debian's assimp-testmodels puts CMU's captures. */
#define DEFAULT_BVH SA_BVH_DIR "/01_01.bvh"

static const char *bvh_option = NULL, *dump_joints_option = NULL;
static const cli_option options_extra[] = {
    {"--bvh", CLI_STRING, &bvh_option, "FILE", "the BVH file to play (default: CMU's 01_01.bvh, " SA_BVH_DIR ")"},
    {"--dump-joints", CLI_STRING, &dump_joints_option, "FRAME",
     "print 'name x y z' for every joint (file order, End Sites left out): its world position at frame FRAME "
     "(0 is the first) in the file's units, and exit (no window)"},
};
static const cli_key keys[] = {
    {"K", "show or hide the key of joint names"},
};
static const char *const modes[] = {"--dump-joints", "--screenshot"};
static const cli_spec spec = {
    .program = "ch13_motion_capture",
    .summary = "a BVH motion capture file, read by hand into chapter 08's clip and played on its skeleton; "
               "--dump-joints prints every joint's world position at a frame",
    CLI_TABLES(options_extra, keys, modes),
};

/* The BVH file, its skeleton and its clip: what both modes start from. */
typedef struct capture {
    bvh_file bvh;
    skeleton skel;
    clip motion;
} capture;

static void capture_free(capture *c)
{
    clip_free(&c->motion);
    skeleton_free(&c->skel);
    bvh_free(&c->bvh);
}

static bool capture_load(capture *c, const char *path, sa_error *err)
{
    memset(c, 0, sizeof *c);
    if (!bvh_load(path, &c->bvh, err)) {
        double bytes;
        if (!bvh_option && !sa_file_size(path, &bytes, NULL))
            sa_error_set(err, "%s: not found; Debian's assimp-testmodels installs it, or give --bvh FILE", path);
        return false;
    }
    if (c->bvh.lines_past_frames > 0)
        fprintf(stderr, "note: %s: %d line%s after the %d frames of its Frames: count left unread\n", path,
                c->bvh.lines_past_frames, c->bvh.lines_past_frames == 1 ? "" : "s", c->bvh.frame_count);
    if (!bvh_skeleton(&c->bvh, &c->skel, err) || !bvh_clip(&c->bvh, path, &c->motion, err))
        return sa_error_prefix(err, "%s", path);
    return true;
}

/* --- --dump-joints ------------------------------------------------------------ */

/* [listing dump_joints] */
/* Every joint's world position at a frame, through the whole path a player
 * takes: chapter 08's clip sampled at the frame's time (a time on a key gives
 * that key), chapter 04's forward kinematics. The skeleton may order joints
 * differently from the file (parents first), so each line looks its joint up. */
static bool dump_joints(const capture *c, int frame, FILE *out, sa_error *err)
{
    size_t n = (size_t)c->skel.joint_count + 1;
    transform *pose = malloc(n * sizeof *pose);
    mat4 *model_from_joint = malloc(n * sizeof *model_from_joint);
    if (!pose || !model_from_joint) {
        free(pose);
        free(model_from_joint);
        return sa_error_set(err, "out of memory");
    }
    clip_sample(&c->motion, bvh_frame_seconds(&c->bvh, frame), NULL, pose);
    skeleton_local_to_model(&c->skel, pose, model_from_joint);
    for (int i = 0; i < c->bvh.joint_count; i++) {
        const float *world = model_from_joint[c->skel.joint_of_node[i]][3];
        fprintf(out, "%s %.9g %.9g %.9g\n", c->bvh.joints[i].name, (double)world[0], (double)world[1],
                (double)world[2]);
    }
    free(pose);
    free(model_from_joint);
    return true;
}
/* [/listing] */

static bool parse_frame(const char *text, const bvh_file *b, int *frame, sa_error *err)
{
    long f = 0;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9' || f > b->frame_count)
            return sa_error_set(err, "--dump-joints: '%s' is not a frame of the file (0 to %d)", text,
                                b->frame_count - 1);
        f = f * 10 + (*c - '0');
    }
    if (!*text || f >= b->frame_count)
        return sa_error_set(err, "--dump-joints: '%s' is not a frame of the file (0 to %d)", text, b->frame_count - 1);
    *frame = (int)f;
    return true;
}

/* --- the window ------------------------------------------------------------------ */

/* The root's place on the ground (x and z of joint 0; the height stays). */
static void root_ground(const skeleton_view *v, vec3 out)
{
    glm_vec3_copy(v->model_from_joint[0][3], out);
    out[1] = 0.0f;
}

/* The box the camera frames: every joint at every tenth frame, relative to
 * the root's place on the ground (a capture walks far; the camera follows
 * the root, so the figure stays the size of the frame). */
static void motion_bounds(const capture *c, skeleton_view *v, vec3 lo, vec3 hi)
{
    glm_vec3_broadcast(INFINITY, lo);
    glm_vec3_broadcast(-INFINITY, hi);
    for (int f = 0; f < c->bvh.frame_count; f += 10) {
        clip_sample(&c->motion, bvh_frame_seconds(&c->bvh, f), NULL, v->local);
        skeleton_local_to_model(&v->skel, v->local, v->model_from_joint);
        vec3 ground;
        root_ground(v, ground);
        for (int j = 0; j < v->skel.joint_count; j++) {
            vec3 p;
            glm_vec3_sub(v->model_from_joint[j][3], ground, p);
            glm_vec3_minv(lo, p, lo);
            glm_vec3_maxv(hi, p, hi);
        }
    }
}

static int run_window(capture *c, const app_options *options)
{
    sa_error err;
    skeleton_view v = {0};
    v.skel = c->skel; /* the view frees it */
    memset(&c->skel, 0, sizeof c->skel);
    snprintf(v.path, sizeof v.path, "%s", bvh_option ? bvh_option : DEFAULT_BVH);
    app a;
    vec3 target_from_root = {0.0f, 0.0f, 0.0f}; /* where the camera looks, from the root's ground point */
    bool ok = skeleton_view_init_pose(&v, NULL, &err);
    bool opened = ok && app_open(&a, &spec, options, &err);
    ok = opened;
    if (ok) {
        vec3 lo, hi;
        motion_bounds(c, &v, lo, hi);
        ok = skeleton_view_open(&v, &a, lo, hi, &err);
        glm_vec3_copy(a.camera.target, target_from_root);
    }
    bool show_key = true;
    int *cursors = calloc((size_t)c->motion.track_count + 1, sizeof *cursors);
    ok = ok && (cursors || sa_error_set(&err, "out of memory"));
    while (ok && app_frame_begin(&a)) {
        if (app_key_pressed(&a, GLFW_KEY_K))
            show_key = !show_key;
        /* One frame of chapter 08 on captured motion: sample, then FK. */
        float t = (float)fmod(a.time, (double)c->motion.duration + c->bvh.frame_time);
        clip_sample(&c->motion, t, cursors, v.local);
        skeleton_local_to_model(&v.skel, v.local, v.model_from_joint);
        root_ground(&v, a.camera.target);
        glm_vec3_add(a.camera.target, target_from_root, a.camera.target);
        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        skeleton_view_draw_bones(&v, clip_from_world, -1, 5.0f);
        if (show_key) {
            skeleton_overlay_key(&v.text, &v.skel, v.depth, -1, a.height);
            skeleton_view_flush_text(&v, &a);
        }
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    free(cursors);
    skeleton_view_free(&v);
    if (opened)
        app_close(&a);
    return ok ? 0 : app_fail(&err);
}

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    sa_error err;
    capture c;
    if (!capture_load(&c, bvh_option ? bvh_option : DEFAULT_BVH, &err)) {
        capture_free(&c);
        return app_fail(&err);
    }
    if (dump_joints_option) {
        int frame = 0;
        bool ok = parse_frame(dump_joints_option, &c.bvh, &frame, &err) && dump_joints(&c, frame, stdout, &err);
        capture_free(&c);
        return ok ? 0 : app_fail(&err);
    }
    status = run_window(&c, &options);
    capture_free(&c);
    return status;
}
