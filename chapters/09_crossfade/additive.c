/* additive.c: exercise ex09.3, an additive clip's difference from a
 * reference pose and its application on top of another pose (chapter 09).
 * The reference solution; the stub is exercises/09_crossfade/additive.c. */
#include "blend.h"

/* [listing additive] */
void pose_additive_delta(int joint_count, const transform *reference, const transform *pose, transform *delta)
{
    for (int j = 0; j < joint_count; j++) {
        transform d;
        for (int i = 0; i < 3; i++) {
            d.translation[i] = pose[j].translation[i] - reference[j].translation[i];
            d.scale[i] = pose[j].scale[i] / reference[j].scale[i];
        }
        /* The rotation that takes the reference's to the pose's: reference *
         * delta = pose. The inverse of a unit quaternion is its conjugate. */
        versor inverse_reference; /* cglm takes non-const versors; it only reads them */
        glm_quat_conjugate((float *)reference[j].rotation, inverse_reference);
        glm_quat_mul(inverse_reference, (float *)pose[j].rotation, d.rotation);
        /* The reference's own rotation: the identity exactly, so that it adds
         * nothing, bit for bit (the product is an ulp off it for most q). */
        if (glm_vec4_eqv((float *)reference[j].rotation, (float *)pose[j].rotation))
            glm_quat_identity(d.rotation);
        delta[j] = d;
    }
}

void pose_additive_apply(int joint_count, const transform *base, const transform *delta, float weight, transform *out)
{
    static const float identity[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    for (int j = 0; j < joint_count; j++) {
        transform r;
        for (int i = 0; i < 3; i++) {
            r.translation[i] = base[j].translation[i] + weight * delta[j].translation[i];
            r.scale[i] = base[j].scale[i] * (1.0f + weight * (delta[j].scale[i] - 1.0f));
        }
        /* w of the delta rotation, applied in the joint's own frame (on the
         * right), as the delta was taken. */
        versor part;
        quat_slerp(identity, delta[j].rotation, weight, part);
        glm_quat_mul((float *)base[j].rotation, part, r.rotation);
        out[j] = r;
    }
}
/* [/listing] */
