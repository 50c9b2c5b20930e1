/* two_bone_positions.c: reference solution of exercise ex11.1.
 * The stub is exercises/11_ik/two_bone_positions.c. */
#include "ik.h"

#include <math.h>

/* [listing two_bone_positions] */
void two_bone_positions(const float root[3], float upper, float lower, const float target[3], const float pole[3],
                        float out_mid[3], float out_tip[3])
{
    /* u: the unit axis from the root toward the target. */
    vec3 u;
    glm_vec3_sub((float *)target, (float *)root, u);
    float distance = glm_vec3_norm(u);
    glm_vec3_scale(u, 1.0f / distance, u);

    /* The tip can be no farther than both bones straight, and no nearer
     * than the longer one folded back onto the shorter. In double, as the
     * cosine below: near full extension a cosine off by 1e-7 (float
     * rounding) is a sine of 4.5e-4, a bend of the knee a 1e-4 test sees. */
    double d = fmin(fmax(distance, fabs((double)upper - lower)), (double)upper + lower);

    /* v: the bend direction, the part of the pole perpendicular to u. */
    vec3 v;
    glm_vec3_scale(u, glm_vec3_dot((float *)pole, u), v);
    glm_vec3_sub((float *)pole, v, v);
    glm_vec3_normalize(v);

    /* The angle at the root between the axis and the upper bone (law of
     * cosines in the triangle root, middle, tip). Rounding puts the cosine
     * a little past 1 at full extension: clamp it, or acos gives NaN. */
    double cos_root = 1.0;
    if (2.0 * upper * d > 0.0)
        cos_root = ((double)upper * upper + d * d - (double)lower * lower) / (2.0 * upper * d);
    cos_root = fmin(fmax(cos_root, -1.0), 1.0);
    double sin_root = sqrt(1.0 - cos_root * cos_root);

    for (int i = 0; i < 3; i++) {
        out_tip[i] = root[i] + (float)(d * u[i]);
        out_mid[i] = root[i] + upper * (float)(cos_root * u[i] + sin_root * v[i]);
    }
}
/* [/listing] */
