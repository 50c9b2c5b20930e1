/* skin_vertex.c: reference solution of exercise ex06.1.
 * The stub is exercises/06_cpu_skinning/skin_vertex.c. */
#include "skinning.h"

/* [listing skin_vertex] */
void skin_vertex(mat4 *skin_matrix, const uint16_t joints[4], const float weights[4], const float position[3],
                 const float normal[3], float out_position[3], float out_normal[3])
{
    /* M = w0 * skin_matrix[j0] + ... + w3 * skin_matrix[j3], one column at a
     * time: the whole matrix, translation column included. (The bottom rows
     * blend to 0 0 0 1, since the weights sum to 1.) */
    mat4 m = GLM_MAT4_ZERO_INIT;
    for (int i = 0; i < 4; i++) {
        float(*s)[4] = skin_matrix[joints[i]];
        glm_vec4_muladds(s[0], weights[i], m[0]);
        glm_vec4_muladds(s[1], weights[i], m[1]);
        glm_vec4_muladds(s[2], weights[i], m[2]);
        glm_vec4_muladds(s[3], weights[i], m[3]);
    }

    /* position = M * (p, 1) = x * column 0 + y * column 1 + z * column 2 + column 3 */
    vec4 p;
    glm_vec4_scale(m[0], position[0], p);
    glm_vec4_muladds(m[1], position[1], p);
    glm_vec4_muladds(m[2], position[2], p);
    glm_vec4_add(p, m[3], p);
    glm_vec3_copy(p, out_position);

    /* normal = inverse(transpose(A)) * n, A the upper 3x3 (columns a0 a1 a2).
     * That matrix has the columns a1 x a2, a2 x a0, a0 x a1 divided by
     * det A = a2 . (a0 x a1); the length is normalized away, and only the
     * sign of det A is kept, so that a mirroring M still points outward.
     * Two cross products are enough, as the first two terms share a2:
     *   n0 (a1 x a2) + n1 (a2 x a0) + n2 (a0 x a1)
     *     = a2 x (n1 a0 - n0 a1) + n2 (a0 x a1) */
    vec3 k2, t, n;
    glm_vec3_cross(m[0], m[1], k2);
    float det = glm_vec3_dot(m[2], k2);
    glm_vec3_scale(m[0], normal[1], t);
    glm_vec3_muladds(m[1], -normal[0], t);
    glm_vec3_cross(m[2], t, n);
    glm_vec3_muladds(k2, normal[2], n);
    float length = glm_vec3_norm(n);
    glm_vec3_scale(n, length > 0.0f ? (det < 0.0f ? -1.0f : 1.0f) / length : 0.0f, out_normal);
}
/* [/listing] */
