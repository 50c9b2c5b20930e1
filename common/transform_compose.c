/* transform_compose.c: reference solution of exercise ex01.1.
 * The stub is exercises/01_window/transform_compose.c. */
#include "transform.h"

/* [listing transform_to_mat4] */
void transform_to_mat4(const transform *t, mat4 out)
{
    /* R: the rotation matrix of the unit quaternion. */
    mat4 rotation;
    versor q;
    glm_quat_copy((float *)t->rotation, q);
    glm_quat_mat4(q, rotation);

    /* R * S: scaling first means scaling the columns of R. */
    glm_mat4_copy(rotation, out);
    glm_vec4_scale(out[0], t->scale[0], out[0]);
    glm_vec4_scale(out[1], t->scale[1], out[1]);
    glm_vec4_scale(out[2], t->scale[2], out[2]);

    /* T * (R * S): the translation goes into the fourth column. */
    out[3][0] = t->translation[0];
    out[3][1] = t->translation[1];
    out[3][2] = t->translation[2];
    out[3][3] = 1.0f;
}
/* [/listing] */
