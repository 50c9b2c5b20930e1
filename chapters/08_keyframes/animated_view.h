/* animated_view.h: a glTF file whose clips move every node, drawn with
 * chapter 07's GPU skinning: the state and wiring that the programs of
 * chapters 09 and 10 share. Unlike chapter 06's skinned_view it skins
 * nothing on the CPU at load and says nothing about a file without a skin:
 * the modes without a window only read the skeletons and pose.
 *
 *     animated_view v = {0};
 *     animated_view_load(&v, path, decode_images, &err);   no GL: the file,
 *         the skins' skeleton and skin scene, a skeleton over every node
 *     ... the chapter's clips over v.all; its modes without a window ...
 *     app_open(&a, &spec, &options, &err);
 *     animated_view_open(&v, path, &err);    GPU skin scene, programs, meshes
 *     while (app_frame_begin(&a)) {
 *         ... the chapter's pose into v.pose ...
 *         animated_view_place(&v, NULL);     FK over every node
 *         animated_view_draw(&v, clip_from_world);
 *         app_frame_end(&a, &err);
 *     }
 *     animated_view_close(&v);   the GL objects, before app_close
 *     animated_view_free(&v);
 *
 * A chapter program still does itself: its options, keys and clips, the
 * pose of each frame, the camera, the skeleton overlay and its labels
 * (v.lines in world space, v.text in pixels).
 */
#ifndef CH08_ANIMATED_VIEW_H
#define CH08_ANIMATED_VIEW_H

#include "chapters/03_gltf_loader/scene_gl.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "chapters/07_gpu_skinning/gpu_skin_gltf.h"
#include "common/debug_draw.h"

typedef struct animated_view {
    gltf_document doc;
    skeleton skel;         /* the skins' skeleton (chapter 06's skin_scene) */
    skeleton all;          /* every node: what the clips move */
    skin_scene sc;         /* chapter 06 */
    scene_nodes nodes;     /* world_from_node (animated) and shown */
    bool *rigid_shown;     /* shown and not skinned: drawn by scene_gl_draw */
    transform *pose;       /* [all.joint_count] */
    mat4 *model_from_node; /* [all.joint_count] */
    int *depth;            /* [all.joint_count]: the overlay's colours */
    /* after animated_view_open */
    gpu_skin_scene g;
    scene_gl gpu;
    shader_program lit;
    debug_draw lines, text; /* world space, pixels */
} animated_view;

/* The file at path (images decoded only when decode_images), both
 * skeletons and the pose arrays. Errors name the file. */
bool animated_view_load(animated_view *v, const char *path, bool decode_images, sa_error *err);

/* v->pose through forward kinematics over every node; the shown nodes and
 * the skins' joints take their matrices from it, with world_from_model in
 * front when it is not NULL (root motion). */
void animated_view_place(animated_view *v, mat4 world_from_model);

/* The rest pose placed and skinned on the CPU once, and the box around its
 * meshes in lo, hi: what a program's camera frames. Leaves v->pose at the
 * rest pose. */
void animated_view_rest_bounds(animated_view *v, vec3 lo, vec3 hi);

/* After app_open: the GPU skin scene and its programs, the lit program, the
 * two debug_draw buffers and the meshes. Errors name the file (path). */
bool animated_view_open(animated_view *v, const char *path, sa_error *err);

/* The skins' matrices uploaded, then the rigid meshes lit and the skinned
 * ones skinned on the GPU (linear blend). */
void animated_view_draw(animated_view *v, mat4 clip_from_world);

/* The bones over the skin (chapter 04's overlay, depth test off so they
 * show through it), each joint's axes axes_size long: v->model_from_node
 * as it stands (a caller that places the character puts its world matrix
 * in first). */
void animated_view_draw_bones(animated_view *v, mat4 clip_from_world, float axes_size);

/* The GL objects of animated_view_open (before the context goes). */
void animated_view_close(animated_view *v);

/* Frees the rest; a zeroed view, or one whose load failed, frees safely. */
void animated_view_free(animated_view *v);

#endif
