/* bind_pose.c: the bind pose from the inverse bind matrices (see the header). */
#include "bind_pose.h"

#include <string.h>

/* [listing bind_pose] */
float bind_pose_from_skins(const skeleton *s, mat4 **joint_from_model_bind, mat4 *model_from_joint,
                           mat4 *model_from_joint_bind, bool *from_bind, int *farthest)
{
    /* Every joint starts at its rest placement; the skins overwrite theirs,
     * the last skin first so that the first skin's matrix wins. */
    memcpy(model_from_joint_bind, model_from_joint, (size_t)s->joint_count * sizeof *model_from_joint);
    if (from_bind)
        memset(from_bind, 0, (size_t)s->joint_count * sizeof *from_bind);
    for (int i = s->skin_count - 1; i >= 0; i--) {
        const skeleton_skin *skin = &s->skins[i];
        if (skin->joint_count == 0)
            continue;
        mat4 mesh_placement;
        glm_mat4_mul(model_from_joint[skin->joint_of_skin_joint[0]], joint_from_model_bind[i][0], mesh_placement);
        for (int k = 0; k < skin->joint_count; k++) {
            int j = skin->joint_of_skin_joint[k];
            mat4 model_from_joint_at_bind;
            if (!affine_inverse(joint_from_model_bind[i][k], model_from_joint_at_bind))
                continue; /* no inverse: the joint stays where it is */
            glm_mat4_mul(mesh_placement, model_from_joint_at_bind, model_from_joint_bind[j]);
            if (from_bind)
                from_bind[j] = true;
        }
    }
    /* Joints left at rest are 0 away. */
    float largest = 0.0f;
    if (farthest)
        *farthest = s->joint_count > 0 ? 0 : -1;
    for (int j = 0; j < s->joint_count; j++) {
        float d = glm_vec3_distance(model_from_joint_bind[j][3], model_from_joint[j][3]);
        if (d > largest) {
            largest = d;
            if (farthest)
                *farthest = j;
        }
    }
    return largest;
}
/* [/listing] */
