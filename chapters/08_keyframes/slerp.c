/* slerp.c: exercise ex08.1, spherical linear interpolation (chapter 08).
 * The reference solution; the stub is exercises/08_keyframes/slerp.c. */
#include "clip.h"

#include <math.h>

/* [listing slerp] */
void quat_slerp(const float a[4], const float b[4], float t, float out[4])
{
    float dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    /* q and -q are one rotation: take the b on a's side of the sphere, or
     * the joint turns the long way round (up to 360 degrees instead of 180). */
    float sign = dot < 0.0f ? -1.0f : 1.0f;
    /* The ends are the keys themselves, bit for bit: renormalizing a or b
     * moves a third of unit quaternions by one ulp. */
    if (t == 0.0f || t == 1.0f) {
        for (int i = 0; i < 4; i++)
            out[i] = t == 0.0f ? a[i] : sign * b[i];
        return;
    }
    dot *= sign;
    float wa, wb;
    if (dot > SLERP_NLERP_DOT) {
        /* Nearly equal: sin(angle) is close to 0, and dividing by it would
         * magnify rounding. A straight line between them is as good there. */
        wa = 1.0f - t;
        wb = t;
    } else {
        float angle = acosf(dot);
        float s = sinf(angle);
        wa = sinf((1.0f - t) * angle) / s;
        wb = sinf(t * angle) / s;
    }
    wb *= sign;
    float q[4], length = 0.0f;
    for (int i = 0; i < 4; i++) {
        q[i] = wa * a[i] + wb * b[i];
        length += q[i] * q[i];
    }
    /* Slerp of unit quaternions is unit already; the lerp above is not, and
     * rounding drifts: normalize either way. */
    length = sqrtf(length);
    for (int i = 0; i < 4; i++)
        out[i] = q[i] / length;
}
/* [/listing] */
