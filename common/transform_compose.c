/* transform_compose.c: reference solution of exercise ex01.1.
 * The stub is exercises/01_window/transform_compose.c. */
#include "transform.h"

/* [listing transform_to_mat4] */
void transform_to_mat4(const transform *t, mat4 out)
{
    /* R: the rotation matrix of the unit quaternion (x, y, z, w), the
     * products cglm's glm_quat_mat4 forms, with its 2 / |q| as 2 (|q| = 1). */
    float x = t->rotation[0], y = t->rotation[1], z = t->rotation[2], w = t->rotation[3];
    float xx = 2.0f * x * x, yy = 2.0f * y * y, zz = 2.0f * z * z;
    float xy = 2.0f * x * y, yz = 2.0f * y * z, xz = 2.0f * x * z;
    float wx = 2.0f * w * x, wy = 2.0f * w * y, wz = 2.0f * w * z;

    /* R * S: scaling first means scaling the columns of R. One column at a
     * time, top to bottom, as out[column][row] lies in memory. */
    float sx = t->scale[0], sy = t->scale[1], sz = t->scale[2];
    out[0][0] = (1.0f - yy - zz) * sx;
    out[0][1] = (xy + wz) * sx;
    out[0][2] = (xz - wy) * sx;
    out[0][3] = 0.0f;
    out[1][0] = (xy - wz) * sy;
    out[1][1] = (1.0f - xx - zz) * sy;
    out[1][2] = (yz + wx) * sy;
    out[1][3] = 0.0f;
    out[2][0] = (xz + wy) * sz;
    out[2][1] = (yz - wx) * sz;
    out[2][2] = (1.0f - xx - yy) * sz;
    out[2][3] = 0.0f;

    /* T * (R * S): the translation goes into the fourth column. */
    out[3][0] = t->translation[0];
    out[3][1] = t->translation[1];
    out[3][2] = t->translation[2];
    out[3][3] = 1.0f;
}
/* [/listing] */
