/* retarget_bind.c: the target's rest pose for retargeting, its bind pose
 * where a skin gives one (retarget.h, retarget_bind_rest). */
#include "retarget.h"

#include "chapters/05_inverse_bind/bind_pose.h"

#include <stdlib.h>

/* A bind placement under its parent, split into T, R and S: allows the
 * float error of a matrix inverted and multiplied, not a shear. */
#define BIND_SHEAR_TOLERANCE 1e-4f

/* [listing retarget_bind_rest] */
bool retarget_bind_rest(const skeleton *all, const skeleton *skins, mat4 **joint_from_model_bind, transform *rest_local,
                        int *bound, sa_error *err)
{
    size_t ns = (size_t)skins->joint_count + 1;
    mat4 *skin_rest = malloc(ns * sizeof *skin_rest), *skin_bind = malloc(ns * sizeof *skin_bind);
    mat4 *model = malloc(((size_t)all->joint_count + 1) * sizeof *model);
    bool *from_bind = malloc(ns * sizeof *from_bind);
    bool ok = skin_rest && skin_bind && model && from_bind;
    if (!ok)
        sa_error_set(err, "out of memory");
    else {
        /* Chapter 05: each skin joint where it was at bind time, in the
         * scene's space (where the skin's first joint stands at rest). */
        skeleton_local_to_model(skins, skins->rest_local, skin_rest);
        bind_pose_from_skins(skins, joint_from_model_bind, skin_rest, skin_bind, from_bind, NULL);
    }
    int count = 0;
    for (int j = 0; ok && j < all->joint_count; j++) { /* parents first */
        int p = all->parent[j], node = all->node_of_joint[j];
        int s = node >= 0 && node < skins->node_count ? skins->joint_of_node[node] : -1;
        mat4 parent_from_joint;
        if (s >= 0 && from_bind[s]) {
            /* bound: its bind placement, taken under its parent's */
            mat4 parent_from_model = GLM_MAT4_IDENTITY_INIT;
            glm_mat4_copy(skin_bind[s], model[j]);
            if (p >= 0)
                glm_mat4_inv(model[p], parent_from_model);
            glm_mat4_mul(parent_from_model, model[j], parent_from_joint);
            if (!transform_from_mat4(parent_from_joint, BIND_SHEAR_TOLERANCE, &rest_local[j]))
                ok = sa_error_set(err,
                                  "joint '%s': its bind pose under its parent's is not a translation, rotation "
                                  "and scale (a shear)",
                                  all->name[j]);
            count++;
        } else {
            /* in no skin: its node's TRS, under its parent as placed */
            rest_local[j] = all->rest_local[j];
            transform_to_mat4(&rest_local[j], parent_from_joint);
            if (p >= 0)
                glm_mat4_mul(model[p], parent_from_joint, model[j]);
            else
                glm_mat4_copy(parent_from_joint, model[j]);
        }
    }
    if (bound)
        *bound = count;
    free(skin_rest), free(skin_bind), free(model), free(from_bind);
    return ok;
}
/* [/listing] */
