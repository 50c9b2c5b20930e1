/* skeleton_view.h: what every chapter program from 04 on does around a
 * skinned glTF file before its own work: find and load the file, build its
 * skeleton, keep a pose of it, frame it with the camera, and draw the bones
 * and a few lines of text over the chapter's picture.
 *
 *     skeleton_view v = {0};
 *     skeleton_view_load_file(&v, options.model, NULL, &err);   no window yet:
 *     skeleton_view_load_skeleton(&v, &err);          the --check modes run here
 *     app_open(&a, &spec, &options, &err);
 *     skeleton_view_open(&v, &a, lo, hi, &err);   overlay buffers, camera on lo..hi
 *     while (app_frame_begin(&a)) {
 *         ... the chapter's pose into v.local ...
 *         skeleton_local_to_model(&v.skel, v.local, v.model_from_joint);
 *         ... the chapter's meshes ...
 *         skeleton_view_draw_bones(&v, clip_from_world, selected, 7.0f);
 *         text_draw(&v.text, ...);  skeleton_view_flush_text(&v, &a);
 *         app_frame_end(&a, &err);
 *     }
 *     skeleton_view_free(&v);
 *
 * A chapter program still does itself: its options and keys (its cli_spec,
 * whose `modes` the command line keeps apart: cli.h), the pose of each frame, the meshes (rest-placed in 04, weight
 * views in 05, skinned from 06 on: chapter 06's skinned_view.h builds on this one), and its labels.
 */
#ifndef CH04_SKELETON_VIEW_H
#define CH04_SKELETON_VIEW_H

#include "skeleton.h"

#include "chapters/03_gltf_loader/gltf.h"
#include "common/app.h"
#include "common/debug_draw.h"
#include "common/files.h"

/* The model of every chapter from 04 on when --model is not given. */
#define SKELETON_VIEW_DEFAULT_MODEL "assets/models/humanoid.gltf"

typedef struct skeleton_view {
    char path[SA_PATH_MAX]; /* the file, as found (sa_path_find) */
    gltf_document doc;
    skeleton skel;              /* skeleton_from_gltf(doc): the skins' joints and their ancestors */
    transform *local;           /* [joint_count]: the pose; the rest pose after loading */
    mat4 *model_from_joint;     /* [joint_count]: FK of the pose; the rest pose after loading */
    int *depth;                 /* [joint_count]: parents above each joint, for the overlay's colours */
    float axes_size;            /* the selected joint's axes: 8% of the box the camera frames */
    debug_draw lines, text;     /* after skeleton_view_open: bones (world) and text (pixels) */
    mat4 *own_model_from_joint; /* what skeleton_view_free() frees (NULL when borrowed) */
} skeleton_view;

/* Finds --model (NULL: SKELETON_VIEW_DEFAULT_MODEL) into v->path. */
bool skeleton_view_find(skeleton_view *v, const char *model, sa_error *err);

/* skeleton_view_find, then the file into v->doc (load_options NULL: the
 * loader's defaults). */
bool skeleton_view_load_file(skeleton_view *v, const char *model, const gltf_load_options *load_options, sa_error *err);

/* Then its skeleton and the pose arrays, at the rest pose. Errors name the
 * file. A file without skins gives joint_count 0: see
 * skeleton_view_require_joints. */
bool skeleton_view_load_skeleton(skeleton_view *v, sa_error *err);

/* The pose arrays for a document and skeleton loaded by another stage
 * (chapter 06's skin_scene_load): local and depth, and model_from_joint, which
 * is `borrowed` when that is not NULL (the skin scene's array, so that FK
 * writes where the skin matrices read). Both are set to the rest pose. */
bool skeleton_view_init_pose(skeleton_view *v, mat4 *borrowed, sa_error *err);

/* False, with "PATH: the file has no skin, so no skeleton to show (HINT)",
 * when the skeleton is empty: hint says what the program can still do. */
bool skeleton_view_require_joints(const skeleton_view *v, const char *hint, sa_error *err);

/* Grows lo..hi by every joint's origin in model_from_joint (a skeleton may
 * reach past its mesh). */
void skeleton_view_bounds_add_joints(const skeleton_view *v, vec3 lo, vec3 hi);

/* After app_open: the two debug_draw buffers, the camera framing lo..hi, and
 * axes_size. Says once on stderr when text cannot be drawn (no
 * stb_easy_font.h at build time). */
bool skeleton_view_open(skeleton_view *v, app *a, vec3 lo, vec3 hi, sa_error *err);

/* The bones at model_from_joint (chapter 04's overlay, `selected` white with
 * its axes; -1 for none) added to whatever v->lines holds, then all of it
 * drawn over the frame. */
void skeleton_view_draw_bones(skeleton_view *v, mat4 clip_from_world, int selected, float point_size);

/* Draws what text_draw() collected in v->text this frame, in pixels. */
void skeleton_view_flush_text(skeleton_view *v, const app *a);

/* Frees everything; a zeroed view, or one whose load or open failed, frees safely. */
void skeleton_view_free(skeleton_view *v);

#endif
