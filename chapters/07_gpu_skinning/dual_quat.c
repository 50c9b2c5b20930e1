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

void dq_skinning_run(size_t vertex_count, const dual_quat *skin_dq, const uint8_t (*joints_u8)[4],
                     const uint16_t (*joints_u16)[4], const float (*weights)[4], const float (*positions)[3],
                     const float (*normals)[3], float (*out_positions)[3], float (*out_normals)[3])
{
    for (size_t v = 0; v < vertex_count; v++) {
        uint16_t joints[4];
        for (int k = 0; k < 4; k++)
            joints[k] = joints_u8 ? joints_u8[v][k] : joints_u16[v][k];
        dq_skin_vertex(skin_dq, joints, weights[v], positions[v], normals[v], out_positions[v], out_normals[v]);
    }
}
