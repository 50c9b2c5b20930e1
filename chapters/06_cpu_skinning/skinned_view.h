/* skinned_view.h: a skinned glTF file drawn with its meshes skinned on the
 * CPU, with its skeleton over them: the wiring that the programs of chapter
 * 06 on share, built on chapter 04's skeleton_view.
 *
 *     skinned_view v = {0};
 *     skinned_view_load(&v, options.model, true, &err);   no GL: file, skeleton,
 *         skin scene, the rest pose skinned (--check-bind, --dump-obj run here)
 *     app_open(&a, &spec, &options, &err);
 *     skinned_view_open(&v, &a, &err);       lit program, meshes, camera, overlay
 *     while (app_frame_begin(&a)) {
 *         ... the chapter's pose into v.base.local ...
 *         skeleton_local_to_model(&v.base.skel, v.base.local, v.sc.model_from_joint);
 *         skin_scene_run(&v.sc, &v.base.skel);
 *         skinned_view_draw_rigid(&v, clip_from_world, false);
 *         skinned_view_draw_skinned(&v, NULL);
 *         app_frame_end(&a, &err);
 *     }
 *     skinned_view_free(&v);
 *
 * v.base.model_from_joint is v.sc.model_from_joint: the FK of the pose is
 * what the skin matrices read and what the overlay draws. A chapter program
 * still does itself: its options, keys and pose, its debug views and labels.
 * Chapter 07's gpu_skinned_view.h adds the GPU path.
 */
#ifndef CH06_SKINNED_VIEW_H
#define CH06_SKINNED_VIEW_H

#include "skinning_gltf.h"

#include "chapters/03_gltf_loader/scene_gl.h"
#include "chapters/04_bone_tree/skeleton_view.h"

typedef struct skinned_view {
    skeleton_view base;  /* chapter 04: the file, its skeleton, the pose, the overlay */
    skin_scene sc;       /* the skinned primitives, skinned on the CPU */
    scene_nodes nodes;   /* rest world_from_node and shown, for the meshes without a skin */
    bool *rigid_shown;   /* [node_count]: shown and not skinned, drawn by scene_gl_draw */
    lit_vertex *scratch; /* the largest skinned primitive's vertices, interleaved */
    vec3 lo, hi;         /* the box around the skinned rest pose and the rigid meshes */
    scene_gl gpu;        /* after skinned_view_open: the meshes (skinned ones in dynamic buffers) */
    shader_program lit;
} skinned_view;

/* Finds and loads --model (NULL: the humanoid; images decoded only when
 * decode_images) with chapter 06's skin_scene_load, then the pose at rest,
 * skinned, and the box around it. Errors name the file. */
bool skinned_view_load(skinned_view *v, const char *model, bool decode_images, sa_error *err);

/* After app_open: the lit program, the meshes uploaded, the camera framing
 * lo..hi and the overlay (skeleton_view_open). Says on stdout when nothing
 * in the file is skinned. */
bool skinned_view_open(skinned_view *v, app *a, sa_error *err);

/* The meshes without a skin, lit, at their rest placement (normal_colors: the
 * lit program's normals-as-colours view). Begins the lit program's frame. */
void skinned_view_draw_rigid(skinned_view *v, mat4 clip_from_world, bool normal_colors);

/* The skinned meshes with what skin_scene_run() last wrote: lit with their
 * materials when shader is NULL (after skinned_view_draw_rigid), or with
 * `shader`, already in use with its uniforms set. */
void skinned_view_draw_skinned(skinned_view *v, const shader_program *shader);

void skinned_view_free(skinned_view *v);

#endif
