/* pose_blend.c: exercise ex09.1, two poses blended in local TRS (chapter 09).
 * The reference solution; the stub is exercises/09_crossfade/pose_blend.c. */
#include "blend.h"

/* [listing pose_blend] */
void pose_blend(int joint_count, const transform *a, const transform *b, float weight, const float *mask,
                transform *out)
{
    for (int j = 0; j < joint_count; j++) {
        float w = mask ? weight * mask[j] : weight;
        /* The ends are the inputs exactly: a + 1 (b - a) is not always b in
         * floats, and a mask's zeros must leave a joint untouched. */
        if (w <= 0.0f) {
            out[j] = a[j];
            continue;
        }
        if (w >= 1.0f) {
            out[j] = b[j];
            continue;
        }
        /* a + w (b - a). out[j] may be a[j] or b[j]: cglm's lerp, like
         * quat_slerp, reads its inputs before it writes each number. */
        glm_vec3_lerp((float *)a[j].translation, (float *)b[j].translation, w, out[j].translation);
        glm_vec3_lerp((float *)a[j].scale, (float *)b[j].scale, w, out[j].scale);
        /* Chapter 08's slerp takes the shortest arc: q and -q are one rotation. */
        quat_slerp(a[j].rotation, b[j].rotation, w, out[j].rotation);
    }
}
/* [/listing] */
