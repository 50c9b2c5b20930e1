/* retarget_rotation.c: exercise ex13.2's reference, one joint's retargeted
 * local rotation (the contract is in retarget.h). */
#include "retarget.h"

/* [listing retarget_joint_rotation] */
void retarget_joint_rotation(const versor source_rest_model, const versor source_model, const versor alignment,
                             const versor target_rest_model, const versor target_parent_model, versor target_local)
{
    /* change: what the capture did to the joint since its rest pose, as a
     * turn in model space (applied after the rest rotation: on the left). */
    versor inverse_rest, change;
    glm_quat_inv((float *)source_rest_model, inverse_rest);
    glm_quat_mul((float *)source_model, inverse_rest, change);
    /* target_model: the target's rest rotation, first turned so that its
     * bone lies along the source's rest bone, then turned by the change. */
    versor aligned, target_model;
    glm_quat_mul((float *)alignment, (float *)target_rest_model, aligned);
    glm_quat_mul(change, aligned, target_model);
    /* target_local: the parent's model rotation taken out (on the left). */
    versor inverse_parent;
    glm_quat_inv((float *)target_parent_model, inverse_parent);
    glm_quat_mul(inverse_parent, target_model, target_local);
    glm_quat_normalize(target_local);
}
/* [/listing] */
