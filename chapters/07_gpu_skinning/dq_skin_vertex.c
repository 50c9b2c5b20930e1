/* dq_skin_vertex.c: reference solution of exercise ex07.2.
 * The stub is exercises/07_gpu_skinning/dq_skin_vertex.c. */
#include "dual_quat.h"

#include <math.h>

/* [listing dq_blend] */
void dq_skin_vertex(const dual_quat *skin_dq, const uint16_t joints[4], const float weights[4], const float position[3],
                    const float normal[3], float out_position[3], float out_normal[3])
{
    /* The blend. q and -q are the same rotation, but their sum is not: each
     * real part is taken on the side of the first influence's (dot >= 0),
     * and its dual part changes sign with it. */
    const float *pivot = skin_dq[joints[0]].real;
    float r[4] = {0, 0, 0, 0}, d[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++) {
        const dual_quat *q = &skin_dq[joints[i]];
        float dot = q->real[0] * pivot[0] + q->real[1] * pivot[1] + q->real[2] * pivot[2] + q->real[3] * pivot[3];
        float w = dot < 0.0f ? -weights[i] : weights[i];
        for (int c = 0; c < 4; c++) {
            r[c] += w * q->real[c];
            d[c] += w * q->dual[c];
        }
    }
    /* Back to a unit dual quaternion: both parts divided by |real|. */
    float length = sqrtf(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
    float inv = length > 0.0f ? 1.0f / length : 0.0f;
    for (int c = 0; c < 4; c++) {
        r[c] *= inv;
        d[c] *= inv;
    }
    /* [/listing] */

    /* [listing dq_apply] */
    /* Rotate by r (a = r.xyz, s = r.w):  v + 2 a x (a x v + s v), for the
     * point and for the normal. Then add the translation the blend carries,
     * 2 (s d.xyz - d.w a + a x d.xyz), the vector part of 2 d conj(r). */
    const float *a = r, s = r[3];
    const float *in[2] = {position, normal};
    float *out[2] = {out_position, out_normal};
    for (int k = 0; k < 2; k++) {
        const float *v = in[k];
        float u[3] = {a[1] * v[2] - a[2] * v[1] + s * v[0], a[2] * v[0] - a[0] * v[2] + s * v[1],
                      a[0] * v[1] - a[1] * v[0] + s * v[2]};
        out[k][0] = v[0] + 2.0f * (a[1] * u[2] - a[2] * u[1]);
        out[k][1] = v[1] + 2.0f * (a[2] * u[0] - a[0] * u[2]);
        out[k][2] = v[2] + 2.0f * (a[0] * u[1] - a[1] * u[0]);
    }
    out_position[0] += 2.0f * (s * d[0] - d[3] * a[0] + a[1] * d[2] - a[2] * d[1]);
    out_position[1] += 2.0f * (s * d[1] - d[3] * a[1] + a[2] * d[0] - a[0] * d[2]);
    out_position[2] += 2.0f * (s * d[2] - d[3] * a[2] + a[0] * d[1] - a[1] * d[0]);
}
/* [/listing] */
