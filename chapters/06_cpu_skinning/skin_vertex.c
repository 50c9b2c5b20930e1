/* skin_vertex.c: reference solution of exercise ex06.1.
 * The stub is exercises/06_cpu_skinning/skin_vertex.c. */
#include "skinning.h"

#include <math.h>

/* [listing skin_vertex] */
void skin_vertex(mat4 *skin_matrix, const uint16_t joints[4], const float weights[4], const float position[3],
                 const float normal[3], float out_position[3], float out_normal[3])
{
    /* M = sum of w * skin_matrix[j]: the whole matrix, translation column
     * included. Only rows 0-2: the bottom row of every skin matrix is
     * 0 0 0 1 and the weights sum to 1, so the blend's is too. */
    mat4 m = GLM_MAT4_ZERO_INIT;
    for (int i = 0; i < 4; i++)
        for (int c = 0; c < 4; c++)
            for (int r = 0; r < 3; r++)
                m[c][r] += weights[i] * skin_matrix[joints[i]][c][r];

    /* position = M * (p, 1): the columns weighted by x, y, z, plus column 3. */
    for (int r = 0; r < 3; r++)
        out_position[r] = m[0][r] * position[0] + m[1][r] * position[1] + m[2][r] * position[2] + m[3][r];

    /* normal = inverse(transpose(A)) * n. The inverse transpose of A (columns
     * a0 a1 a2) has the columns a1 x a2, a2 x a0, a0 x a1, divided by
     * det A = a0 . (a1 x a2). The length is normalized away; only the sign of
     * det A is kept, so that a mirroring M still gives an outward normal. */
    vec3 c0, c1, c2;
    glm_vec3_cross(m[1], m[2], c0);
    glm_vec3_cross(m[2], m[0], c1);
    glm_vec3_cross(m[0], m[1], c2);
    float det = glm_vec3_dot(m[0], c0);
    vec3 n;
    for (int r = 0; r < 3; r++)
        n[r] = c0[r] * normal[0] + c1[r] * normal[1] + c2[r] * normal[2];
    float length = glm_vec3_norm(n);
    float scale = length > 0.0f ? (det < 0.0f ? -1.0f : 1.0f) / length : 0.0f;
    for (int r = 0; r < 3; r++)
        out_normal[r] = n[r] * scale;
}
/* [/listing] */
