/* soa_pose.c: the SoA pose back to AoS, the blend, local to model and the
 * skin matrices (soa_pose.h). */
#include "soa_pose.h"

#include <string.h>

void soa_to_transforms(int joint_count, const soa_transform *in, transform *out)
{
    for (int g = 0; g < soa_group_count(joint_count); g++) {
        const soa_transform *x = &in[g];
        float4 member[10] = {x->translation.x, x->translation.y, x->translation.z, x->rotation.x, x->rotation.y,
                             x->rotation.z,    x->rotation.w,    x->scale.x,       x->scale.y,    x->scale.z};
        float lanes[10][4];
        for (int m = 0; m < 10; m++)
            float4_store(lanes[m], member[m]);
        for (int i = 0; i < 4 && 4 * g + i < joint_count; i++) {
            transform *t = &out[4 * g + i];
            for (int k = 0; k < 3; k++)
                t->translation[k] = lanes[k][i], t->scale[k] = lanes[7 + k][i];
            for (int k = 0; k < 4; k++)
                t->rotation[k] = lanes[3 + k][i];
        }
    }
}

static inline float4 dot4(const soa_quat *a, const soa_quat *b)
{
    return float4_mul_add(a->x, b->x, float4_mul_add(a->y, b->y, float4_mul_add(a->z, b->z, float4_mul(a->w, b->w))));
}

/* [listing soa_blend] */
void soa_blend(int group_count, int pose_count, const soa_transform *const *poses, const float *weights,
               soa_transform *out)
{
    float total = 0;
    for (int k = 0; k < pose_count; k++)
        total += weights[k];
    float4 inverse_total = float4_splat(1.0f / total);
    for (int g = 0; g < group_count; g++) {
        float4 w = float4_splat(weights[0]);
        const soa_transform *p = &poses[0][g];
        soa_vec3 t = {float4_mul(w, p->translation.x), float4_mul(w, p->translation.y),
                      float4_mul(w, p->translation.z)};
        soa_vec3 s = {float4_mul(w, p->scale.x), float4_mul(w, p->scale.y), float4_mul(w, p->scale.z)};
        soa_quat r = {float4_mul(w, p->rotation.x), float4_mul(w, p->rotation.y), float4_mul(w, p->rotation.z),
                      float4_mul(w, p->rotation.w)};
        for (int k = 1; k < pose_count; k++) {
            p = &poses[k][g];
            w = float4_splat(weights[k]);
            t.x = float4_mul_add(w, p->translation.x, t.x), t.y = float4_mul_add(w, p->translation.y, t.y);
            t.z = float4_mul_add(w, p->translation.z, t.z);
            s.x = float4_mul_add(w, p->scale.x, s.x), s.y = float4_mul_add(w, p->scale.y, s.y);
            s.z = float4_mul_add(w, p->scale.z, s.z);
            /* The weight negated in the lanes where q_k points away from the sum so far. */
            float4 signed_w = float4_xor(w, float4_and(float4_less(dot4(&r, &p->rotation), float4_splat(0.0f)),
                                                       float4_splat(-0.0f)));
            r.x = float4_mul_add(signed_w, p->rotation.x, r.x), r.y = float4_mul_add(signed_w, p->rotation.y, r.y);
            r.z = float4_mul_add(signed_w, p->rotation.z, r.z), r.w = float4_mul_add(signed_w, p->rotation.w, r.w);
        }
        /* Normalized once, at the end. */
        float4 inverse_length = float4_div(float4_splat(1.0f), float4_sqrt(dot4(&r, &r)));
        out[g].rotation = (soa_quat){float4_mul(r.x, inverse_length), float4_mul(r.y, inverse_length),
                                     float4_mul(r.z, inverse_length), float4_mul(r.w, inverse_length)};
        out[g].translation = (soa_vec3){float4_mul(t.x, inverse_total), float4_mul(t.y, inverse_total),
                                        float4_mul(t.z, inverse_total)};
        out[g].scale = (soa_vec3){float4_mul(s.x, inverse_total), float4_mul(s.y, inverse_total),
                                  float4_mul(s.z, inverse_total)};
    }
}
/* [/listing] */

/* A 4x4 matrix as four float4 columns: out = a * b, each column of b a
 * combination of a's columns. */
static inline void mat4_mul_columns(const float4 a[4], const float4 b[4], float4 out[4])
{
    for (int c = 0; c < 4; c++)
        out[c] = float4_mul_add(a[0], float4_lane0(b[c]),
                                float4_mul_add(a[1], float4_lane1(b[c]),
                                               float4_mul_add(a[2], float4_lane2(b[c]),
                                                              float4_mul(a[3], float4_lane3(b[c])))));
}

/* A cglm mat4 (column-major, 16 floats from m) as four float4 columns. */
static inline void mat4_load(const float *m, float4 out[4])
{
    for (int c = 0; c < 4; c++)
        out[c] = float4_load(m + 4 * c);
}

static inline void mat4_store(const float4 in[4], float *m)
{
    for (int c = 0; c < 4; c++)
        float4_store(m + 4 * c, in[c]);
}

/* [listing soa_local_to_model] */
void soa_local_to_model(int joint_count, const int *parent, const soa_transform *local, mat4 *model_from_joint)
{
    for (int g = 0; g < soa_group_count(joint_count); g++) {
        const soa_transform *x = &local[g];
        const soa_quat *q = &x->rotation;
        /* T R S of four joints at once: every entry of the 3x4 part is a float4. */
        float4 two = float4_splat(2.0f), one = float4_splat(1.0f), zero = float4_splat(0.0f);
        float4 xx = float4_mul(q->x, q->x), yy = float4_mul(q->y, q->y), zz = float4_mul(q->z, q->z);
        float4 xy = float4_mul(q->x, q->y), xz = float4_mul(q->x, q->z), yz = float4_mul(q->y, q->z);
        float4 wx = float4_mul(q->w, q->x), wy = float4_mul(q->w, q->y), wz = float4_mul(q->w, q->z);
        /* column[c][r]: row r of column c, for the four joints; then one
         * transpose per column gives each joint's column. */
        float4 column[4][4] = {
            {float4_mul(x->scale.x, float4_sub(one, float4_mul(two, float4_add(yy, zz)))),
             float4_mul(x->scale.x, float4_mul(two, float4_add(xy, wz))),
             float4_mul(x->scale.x, float4_mul(two, float4_sub(xz, wy))), zero},
            {float4_mul(x->scale.y, float4_mul(two, float4_sub(xy, wz))),
             float4_mul(x->scale.y, float4_sub(one, float4_mul(two, float4_add(xx, zz)))),
             float4_mul(x->scale.y, float4_mul(two, float4_add(yz, wx))), zero},
            {float4_mul(x->scale.z, float4_mul(two, float4_add(xz, wy))),
             float4_mul(x->scale.z, float4_mul(two, float4_sub(yz, wx))),
             float4_mul(x->scale.z, float4_sub(one, float4_mul(two, float4_add(xx, yy)))), zero},
            {x->translation.x, x->translation.y, x->translation.z, one},
        };
        for (int c = 0; c < 4; c++)
            float4_transpose(column[c]); /* column[c][i]: column c of joint 4 g + i */
        for (int i = 0; i < 4 && 4 * g + i < joint_count; i++) {
            int j = 4 * g + i;
            float4 parent_from_joint[4] = {column[0][i], column[1][i], column[2][i], column[3][i]}, model[4];
            if (parent[j] < 0) {
                mat4_store(parent_from_joint, model_from_joint[j][0]);
                continue;
            }
            float4 model_from_parent[4];
            mat4_load(model_from_joint[parent[j]][0], model_from_parent);
            mat4_mul_columns(model_from_parent, parent_from_joint, model);
            mat4_store(model, model_from_joint[j][0]);
        }
    }
}
/* [/listing] */

void soa_skin_matrices(int skin_joint_count, const int *joint_of_skin_joint, mat4 *model_from_joint,
                       mat4 *joint_from_model_bind, mat4 *skin_matrix)
{
    for (int k = 0; k < skin_joint_count; k++) {
        float4 model[4], bind[4], skin[4];
        mat4_load(model_from_joint[joint_of_skin_joint[k]][0], model);
        mat4_load(joint_from_model_bind[k][0], bind);
        mat4_mul_columns(model, bind, skin);
        mat4_store(skin, skin_matrix[k][0]);
    }
}
