#include "transform.h"

#include <math.h>

void transform_identity(transform *out)
{
    glm_vec3_zero(out->translation);
    glm_quat_identity(out->rotation);
    glm_vec3_one(out->scale);
}

bool transform_from_mat4(mat4 m, float tolerance, transform *out)
{
    /* A TRS matrix has (0, 0, 0, 1) as its last row. */
    if (fabsf(m[0][3]) > tolerance || fabsf(m[1][3]) > tolerance || fabsf(m[2][3]) > tolerance ||
        fabsf(m[3][3] - 1.0f) > tolerance)
        return false;

    /* Translation is the fourth column. */
    glm_vec3_copy(m[3], out->translation);

    /* The lengths of the first three columns are the scale factors. */
    vec3 axis[3];
    for (int i = 0; i < 3; i++) {
        glm_vec3_copy(m[i], axis[i]);
        out->scale[i] = glm_vec3_norm(axis[i]);
        if (out->scale[i] < 1e-12f)
            return false;
    }
    /* A mirror (negative determinant) cannot be a rotation: give it to scale.x. */
    vec3 cross;
    glm_vec3_cross(axis[0], axis[1], cross);
    if (glm_vec3_dot(cross, axis[2]) < 0.0f)
        out->scale[0] = -out->scale[0];

    mat4 rotation;
    glm_mat4_identity(rotation);
    for (int i = 0; i < 3; i++)
        glm_vec3_scale(axis[i], 1.0f / out->scale[i], rotation[i]);
    glm_mat4_quat(rotation, out->rotation);
    glm_quat_normalize(out->rotation);

    /* Shear survives the steps above unnoticed: recompose and compare. */
    mat4 again;
    transform_to_mat4(out, again);
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++)
            if (fabsf(again[c][r] - m[c][r]) > tolerance * fmaxf(1.0f, fabsf(m[c][r])))
                return false;
    return true;
}
