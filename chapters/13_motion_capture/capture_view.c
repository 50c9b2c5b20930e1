/* capture_view.c: ch13_motion_capture's window (capture_view.h): the
 * captures it cycles through, each retargeted onto the target, and one
 * frame drawn. */
#include "capture_view.h"

#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/skeleton_view.h"
#include "common/files.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The captures the window cycles through (C): --bvh FILE alone, or CMU's two
 * files and Boxing_Toes. */
#define CAPTURES 3
static const char *const default_captures[CAPTURES] = {SA_BVH_DIR "/01_01.bvh", SA_BVH_DIR "/01_03.bvh",
                                                       SA_BVH_DIR "/Boxing_Toes.bvh"};

/* One capture in the window: the file, its rig onto the target, the
 * retargeted clip, and the source's pose and overlay arrays. */
typedef struct shown_capture {
    capture c;
    retarget_map map;
    retarget_rig rig;
    clip retargeted;
    transform *local;       /* [source joints] */
    mat4 *model_from_joint; /* [source joints]: world space, beside the target */
    int *depth;
} shown_capture;

static void shown_capture_free(shown_capture *s)
{
    free(s->local);
    free(s->model_from_joint);
    free(s->depth);
    clip_free(&s->retargeted);
    retarget_rig_free(&s->rig);
    retarget_map_free(&s->map);
    capture_free(&s->c);
}

static bool shown_capture_load(shown_capture *s, const char *path, const animated_view *v,
                               const capture_options *options, sa_error *err)
{
    const skeleton *target = &v->all;
    memset(s, 0, sizeof *s);
    if (!capture_load(&s->c, path, options->bvh != NULL, err))
        return false;
    bool mapped = options->map ? retarget_map_load(options->map, &s->c.skel, target, &s->map, err)
                               : retarget_map_by_name(&s->c.skel, target, &s->map, err);
    if (!mapped || !retarget_target_rig(&s->rig, &s->c.skel, v, &s->map, err))
        return sa_error_prefix(err, "%s", path);
    size_t n = (size_t)s->c.skel.joint_count + 1, frames = (size_t)s->c.bvh.frame_count;
    float *times = malloc(frames * sizeof *times);
    s->local = malloc(n * sizeof *s->local);
    s->model_from_joint = malloc(n * sizeof *s->model_from_joint);
    s->depth = malloc(n * sizeof *s->depth);
    if (!times || !s->local || !s->model_from_joint || !s->depth) {
        free(times);
        return sa_error_set(err, "out of memory");
    }
    for (size_t f = 0; f < frames; f++)
        times[f] = bvh_frame_seconds(&s->c.bvh, (int)f);
    retarget_contacts contacts;
    foot_mesh mesh;
    bool ok = retarget_with_feet(&s->rig, v, &s->c, times, !options->no_feet, &s->retargeted, &contacts, &mesh, err);
    retarget_contacts_free(&contacts);
    foot_mesh_free(&mesh);
    free(times);
    skeleton_depths(&s->c.skel, s->depth);
    return ok;
}

/* [listing window_frame] */
/* One frame: the capture's clip and the retargeted clip sampled at the same
 * time; the source's bones drawn as lines, scaled to the target's size (the
 * rig's hip-height ratio) and set beside it; the target skinned on the GPU. */
static void draw_frame(shown_capture *s, animated_view *v, float t, float beside, mat4 clip_from_world)
{
    clip_sample(&s->c.motion, t, NULL, s->local);
    clip_sample(&s->retargeted, t, NULL, v->pose);
    animated_view_place(v, NULL);
    animated_view_draw(v, clip_from_world);
    mat4 world_from_source = GLM_MAT4_IDENTITY_INIT;
    glm_translate(world_from_source, (vec3){beside, 0.0f, 0.0f});
    glm_scale_uni(world_from_source, s->rig.scale);
    skeleton_local_to_model(&s->c.skel, s->local, s->model_from_joint);
    for (int j = 0; j < s->c.skel.joint_count; j++) {
        mat4 world;
        glm_mat4_mul(world_from_source, s->model_from_joint[j], world);
        glm_mat4_copy(world, s->model_from_joint[j]);
    }
    skeleton_overlay_draw(&v->lines, &s->c.skel, s->model_from_joint, s->depth, -1, 0.0f);
    debug_draw_flush(&v->lines, clip_from_world, 5.0f);
}
/* [/listing] */

int run_window(const char *model, const cli_spec *spec, const app_options *app_options, const capture_options *options)
{
    sa_error err;
    animated_view v = {0};
    shown_capture shown[CAPTURES];
    memset(shown, 0, sizeof shown);
    int count = 0;
    char path[SA_PATH_MAX];
    bool ok = sa_path_find(model ? model : HUMANOID_MODEL, path, sizeof path, &err) &&
              animated_view_load(&v, path, true, &err);
    for (int k = 0; ok && k < (options->bvh ? 1 : CAPTURES); k++)
        ok = shown_capture_load(&shown[count++], options->bvh ? options->bvh : default_captures[k], &v, options, &err);
    app a;
    bool opened = ok && app_open(&a, spec, app_options, &err);
    ok = opened && animated_view_open(&v, path, &err);
    vec3 lo, hi;
    float beside = 0.0f;
    if (ok) {
        animated_view_rest_bounds(&v, lo, hi);
        beside = -0.7f * (hi[1] - lo[1]); /* the source's bones to the target's right (screen left) */
        lo[0] += beside;
        orbit_camera_frame_bounds(&a.camera, lo, hi);
    }
    vec3 target_from_hips = {0.0f, 0.0f, 0.0f};
    if (ok)
        glm_vec3_copy(a.camera.target, target_from_hips);
    int current = 0;
    while (ok && app_frame_begin(&a)) {
        if (app_key_pressed(&a, GLFW_KEY_C))
            current = (current + 1) % count;
        shown_capture *s = &shown[current];
        float t = (float)fmod(a.time, (double)s->c.motion.duration + s->c.bvh.frame_time);
        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        draw_frame(s, &v, t, beside, clip_from_world);
        /* The camera follows the target's hips over the floor. */
        int hips = s->rig.pairs[s->rig.root].target;
        glm_vec3_add((vec3){v.model_from_node[hips][3][0], 0.0f, v.model_from_node[hips][3][2]}, target_from_hips,
                     a.camera.target);
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    if (opened)
        animated_view_close(&v);
    for (int k = 0; k < count; k++)
        shown_capture_free(&shown[k]);
    animated_view_free(&v);
    if (opened)
        app_close(&a);
    return ok ? 0 : app_fail(&err);
}
