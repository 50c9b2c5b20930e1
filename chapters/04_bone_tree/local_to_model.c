/* local_to_model.c: reference solution of exercise ex04.1.
 * The stub is exercises/04_bone_tree/local_to_model.c. */
#include "skeleton.h"

/* [listing local_to_model] */
void joints_local_to_model(int count, const int *parent, const transform *local, mat4 *model_from_joint)
{
    for (int j = 0; j < count; j++) {
        mat4 parent_from_joint;
        transform_to_mat4(&local[j], parent_from_joint);
        if (parent[j] < 0) {
            /* A root: its parent space is the model space itself. */
            glm_mat4_copy(parent_from_joint, model_from_joint[j]);
        } else {
            /* Parents first, so model_from_joint[parent[j]] is already done.
             * Read right to left: joint -> parent -> model. glm_mul is
             * glm_mat4_mul for a right side whose bottom row is 0 0 0 1,
             * as every T * R * S is: it skips the products with those 0s. */
            glm_mul(model_from_joint[parent[j]], parent_from_joint, model_from_joint[j]);
        }
    }
}
/* [/listing] */
