/* gpu_skinned_view.c: a skinned file, skinned on the GPU or the CPU (see the header). */
#include "gpu_skinned_view.h"

bool gpu_skinned_view_init_gpu(gpu_skinned_view *v, bool force_texture_buffer, sa_error *err)
{
    if (!gpu_skin_scene_init(&v->g, &v->view.sc, &v->view.base.doc, force_texture_buffer, err))
        return sa_error_prefix(err, "%s", v->view.base.path);
    return gpu_skin_scene_load_programs(&v->g, err);
}

/* [listing frame] */
/* One frame: pose -> local_to_model (04) -> then either the GPU path (skin
 * matrices (05) and one upload per skin; the shader skins) or the CPU path
 * (chapter 06's job, or the dual-quaternion reference). */
void gpu_skinned_view_skin(gpu_skinned_view *v, bool on_gpu, skin_method method)
{
    skin_scene *sc = &v->view.sc;
    const skeleton *s = &v->view.base.skel;
    skeleton_local_to_model(s, v->view.base.local, sc->model_from_joint);
    if (on_gpu || method == SKIN_DUAL_QUAT)
        gpu_skin_scene_update(&v->g, sc, s, method);
    if (on_gpu)
        return;
    if (method == SKIN_LINEAR) {
        skin_scene_run(sc, s);
        return;
    }
    for (int i = 0; i < sc->primitive_count; i++) {
        skinned_primitive *sp = &sc->primitives[i];
        const skinning_job *job = &sp->job;
        if (sp->skin < 0) { /* morph targets without a skin: one matrix, the linear job is exact */
            skinning_job_run(job);
            continue;
        }
        dq_skinning_run(job, v->g.skin_dq[sp->skin], sp->positions, sp->normals);
    }
}
/* [/listing] */

void gpu_skinned_view_draw(gpu_skinned_view *v, mat4 clip_from_world, bool on_gpu, skin_method method)
{
    skinned_view_draw_rigid(&v->view, clip_from_world, false);
    if (on_gpu) {
        lit_begin_frame(&v->g.programs[method].program, clip_from_world);
        gpu_skin_scene_draw(&v->g, &v->view.sc, &v->view.gpu, v->view.nodes.shown, method);
    } else {
        /* CPU path (chapter 06, or the dual-quaternion reference): the skinned
         * vertices go into each primitive's dynamic buffer, drawn where they are. */
        skinned_view_draw_skinned(&v->view, NULL);
    }
}

bool gpu_skinned_view_reload(gpu_skinned_view *v, sa_error *err)
{
    return shader_program_reload(&v->view.lit, err) && skin_program_reload(&v->g.programs[SKIN_LINEAR], err) &&
           skin_program_reload(&v->g.programs[SKIN_DUAL_QUAT], err);
}

void gpu_skinned_view_free(gpu_skinned_view *v)
{
    gpu_skin_scene_free(&v->g);
    skinned_view_free(&v->view);
}
