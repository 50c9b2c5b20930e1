/* bvh_rotation.c: exercise ex13.1's reference, the rotation of one BVH joint
 * from its channels (the contract is in bvh.h). */
#include "bvh.h"

/* [listing bvh_joint_rotation] */
void bvh_joint_rotation(int channel_count, const bvh_channel *channels, const float *values, versor out)
{
    glm_quat_identity(out);
    for (int k = 0; k < channel_count; k++) {
        if (channels[k] < BVH_X_ROTATION)
            continue; /* a position channel: not part of the rotation */
        vec3 axis = {0.0f, 0.0f, 0.0f};
        axis[channels[k] - BVH_X_ROTATION] = 1.0f;
        versor turn;
        glm_quatv(turn, glm_rad(values[k]), axis);
        /* Written first, outermost: each later channel multiplies on the
         * right, so it acts on a point before the ones written before it. */
        versor product; /* not into out itself: cglm's plain C path reads p after writing dest */
        glm_quat_mul(out, turn, product);
        glm_quat_copy(product, out);
    }
    glm_quat_normalize(out);
}
/* [/listing] */
