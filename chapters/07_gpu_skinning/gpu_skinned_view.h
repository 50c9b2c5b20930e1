/* gpu_skinned_view.h: chapter 06's skinned_view with the GPU path beside
 * the CPU one: each frame skins on the GPU (linear or dual quaternions in the
 * vertex shader) or on the CPU (chapter 06's job, or the dual-quaternion
 * reference), and draws what it skinned. The wiring of the programs from
 * chapter 07 on:
 *
 *     gpu_skinned_view v = {0};
 *     skinned_view_load(&v.view, options.model, true, &err);      no GL (chapter 06)
 *     app_open(&a, &spec, &options, &err);
 *     gpu_skinned_view_init_gpu(&v, false, &err);   GPU buffers, palettes, programs
 *     skinned_view_open(&v.view, &a, &err);         lit program, meshes, camera, overlay
 *     while (app_frame_begin(&a)) {
 *         ... the chapter's pose into v.view.base.local ...
 *         gpu_skinned_view_skin(&v, on_gpu, method);
 *         gpu_skinned_view_draw(&v, clip_from_world, on_gpu, method);
 *         app_frame_end(&a, &err);
 *     }
 *     gpu_skinned_view_free(&v);
 *
 * A chapter program still does itself: its options, keys, pose and labels.
 */
#ifndef CH07_GPU_SKINNED_VIEW_H
#define CH07_GPU_SKINNED_VIEW_H

#include "gpu_skin_gltf.h"

#include "chapters/06_cpu_skinning/skinned_view.h"

typedef struct gpu_skinned_view {
    skinned_view view; /* chapter 06: the file, skeleton, CPU skin scene, meshes, overlay */
    gpu_skin_scene g;  /* this chapter: the same primitives on the GPU */
} gpu_skinned_view;

/* After app_open (and skinned_view_load): gpu_skin_scene_init (the uniform
 * block, or the texture buffer when the largest skin needs it or
 * force_texture_buffer), then both programs. Errors of the upload name the
 * file. */
bool gpu_skinned_view_init_gpu(gpu_skinned_view *v, bool force_texture_buffer, sa_error *err);

/* One frame's skinning of the pose in v->view.base.local: FK, then on the
 * GPU (skin matrices and one upload per skin) or on the CPU. */
void gpu_skinned_view_skin(gpu_skinned_view *v, bool on_gpu, skin_method method);

/* The rigid meshes lit, then the skinned ones as gpu_skinned_view_skin()
 * skinned them. */
void gpu_skinned_view_draw(gpu_skinned_view *v, mat4 clip_from_world, bool on_gpu, skin_method method);

/* R: the lit program and both skinning programs again. */
bool gpu_skinned_view_reload(gpu_skinned_view *v, sa_error *err);

void gpu_skinned_view_free(gpu_skinned_view *v);

#endif
