/* dual_quat.c: dual quaternions from skin matrices, and the CPU reference of
 * dual-quaternion skinning over arrays (chapter 07). The blend of one vertex
 * is exercise ex07.2, alone in dq_skin_vertex.c. */
#include "dual_quat.h"

#include <string.h>

/* [listing dq_from_rigid] */
void dq_from_rigid(mat4 m, dual_quat *out)
{
    /* The rotation: each column of the upper 3x3 divided by its length, so
     * that a scaled matrix still gives a unit quaternion (the scale is lost:
     * a dual quaternion has no place for it). */
    mat4 rotation = GLM_MAT4_IDENTITY_INIT;
    for (int c = 0; c < 3; c++) {
        float length = glm_vec3_norm(m[c]);
        for (int r = 0; r < 3; r++)
            rotation[c][r] = length > 0.0f ? m[c][r] / length : (float)(c == r);
    }
    glm_mat4_quat(rotation, out->real);
    glm_quat_normalize(out->real);

    /* dual = 0.5 * t * q, with t = (m[3].xyz, 0) as a quaternion: rotate
     * first, then translate. */
    versor t = {m[3][0], m[3][1], m[3][2], 0.0f};
    glm_quat_mul(t, out->real, out->dual);
    glm_vec4_scale(out->dual, 0.5f, out->dual);
}
/* [/listing] */

void dq_translation(const dual_quat *dq, vec3 out)
{
    versor conj, t;
    glm_quat_conjugate((float *)dq->real, conj);
    glm_quat_mul((float *)dq->dual, conj, t);
    for (int i = 0; i < 3; i++)
        out[i] = 2.0f * t[i];
}

void dq_skinning_run(const skinning_job *job, const dual_quat *skin_dq, float (*out_positions)[3],
                     float (*out_normals)[3])
{
    /* The morph is the skin of one identity joint: chapter 06's
     * morph_skin_vertex with it gives the morphed vertex (its normal unit
     * length), which the dual quaternions then move. */
    mat4 identity[1];
    glm_mat4_identity(identity[0]);
    const uint16_t joint_0[4] = {0, 0, 0, 0};
    const float all_on_0[4] = {1, 0, 0, 0};
    for (size_t v = 0; v < job->vertex_count; v++) {
        uint16_t joints[4];
        for (int k = 0; k < 4; k++)
            joints[k] = job->joints_u8 ? job->joints_u8[v][k] : job->joints_u16[v][k];
        float p[3], n[3];
        if (job->target_count > 0)
            morph_skin_vertex(v, job->target_count, job->morph_weights, job->position_deltas, job->normal_deltas,
                              identity, joint_0, all_on_0, job->positions[v], job->normals[v], p, n);
        else
            memcpy(p, job->positions[v], sizeof p), memcpy(n, job->normals[v], sizeof n);
        dq_skin_vertex(skin_dq, joints, job->weights[v], p, n, out_positions[v], out_normals[v]);
    }
}
