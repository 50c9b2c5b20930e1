/* skeleton_view.c: a skinned file, its skeleton and its overlay, as every
 * chapter program from 04 on shows them (see the header). */
#include "skeleton_view.h"

#include "skeleton_gltf.h"
#include "skeleton_overlay.h"
#include "text_lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool skeleton_view_find(skeleton_view *v, const char *model, sa_error *err)
{
    return sa_path_find(model ? model : SKELETON_VIEW_DEFAULT_MODEL, v->path, sizeof v->path, err);
}

bool skeleton_view_load_file(skeleton_view *v, const char *model, const gltf_load_options *load_options, sa_error *err)
{
    return skeleton_view_find(v, model, err) && gltf_load(v->path, load_options, &v->doc, err);
}

bool skeleton_view_load_skeleton(skeleton_view *v, sa_error *err)
{
    if (!skeleton_from_gltf(&v->doc, &v->skel, err))
        return sa_error_prefix(err, "%s", v->path);
    return skeleton_view_init_pose(v, NULL, err);
}

bool skeleton_view_init_pose(skeleton_view *v, mat4 *borrowed, sa_error *err)
{
    size_t joints = (size_t)v->skel.joint_count + 1;
    v->local = malloc(joints * sizeof *v->local);
    v->depth = malloc(joints * sizeof *v->depth);
    if (!borrowed)
        borrowed = v->own_model_from_joint = malloc(joints * sizeof *v->model_from_joint);
    v->model_from_joint = borrowed;
    if (!v->local || !v->depth || !v->model_from_joint)
        return sa_error_set(err, "out of memory");
    memcpy(v->local, v->skel.rest_local, (size_t)v->skel.joint_count * sizeof *v->local);
    skeleton_depths(&v->skel, v->depth);
    skeleton_local_to_model(&v->skel, v->local, v->model_from_joint);
    return true;
}

bool skeleton_view_require_joints(const skeleton_view *v, const char *hint, sa_error *err)
{
    if (v->skel.joint_count > 0)
        return true;
    return sa_error_set(err, "%s: the file has no skin, so no skeleton to show (%s)", v->path, hint);
}

void skeleton_view_bounds_add_joints(const skeleton_view *v, vec3 lo, vec3 hi)
{
    for (int j = 0; j < v->skel.joint_count; j++) {
        glm_vec3_minv(lo, v->model_from_joint[j][3], lo);
        glm_vec3_maxv(hi, v->model_from_joint[j][3], hi);
    }
}

bool skeleton_view_open(skeleton_view *v, app *a, vec3 lo, vec3 hi, sa_error *err)
{
    if (!debug_draw_init(&v->lines, err) || !debug_draw_init(&v->text, err))
        return false;
    orbit_camera_frame_bounds(&a->camera, lo, hi);
    v->axes_size = 0.08f * glm_vec3_distance(lo, hi);
    if (!TEXT_LINES_AVAILABLE)
        fprintf(stderr, "note: stb_easy_font.h was not found at build time: no joint names on screen\n");
    return true;
}

void skeleton_view_draw_bones(skeleton_view *v, mat4 clip_from_world, int selected, float point_size)
{
    skeleton_overlay_draw(&v->lines, &v->skel, v->model_from_joint, v->depth, selected, v->axes_size);
    debug_draw_flush(&v->lines, clip_from_world, point_size);
}

void skeleton_view_flush_text(skeleton_view *v, const app *a)
{
    mat4 clip_from_screen;
    text_clip_from_screen(a->width, a->height, clip_from_screen);
    debug_draw_flush(&v->text, clip_from_screen, 1.0f);
}

void skeleton_view_free(skeleton_view *v)
{
    debug_draw_free(&v->text);
    debug_draw_free(&v->lines);
    free(v->local);
    free(v->depth);
    free(v->own_model_from_joint);
    skeleton_free(&v->skel);
    gltf_free(&v->doc);
    memset(v, 0, sizeof *v);
}
