/* ik_stance_weight.c: the stance weight of a foot over its clip (exercise
 * ex11.3; the contract is in foot_placement.h). */
#include "foot_placement.h"

#include <math.h>

static float smoothstep01(float x)
{
    return x * x * (3 - 2 * x);
}

/* [listing ik_stance_weight] */
float ik_stance_weight(float t, float duration, float down, float up, float fade)
{
    t -= duration * floorf(t / duration); /* a looping clip: into [0, duration) */
    if (!(t < duration))
        t = 0; /* floorf can round t up to the duration itself */
    /* times measured forward from the toe-off, so a stance across the wrap
     * is no special case */
    float swing = up <= down ? down - up : down + duration - up;
    float since_up = t >= up ? t - up : t + duration - up;
    if (since_up >= swing)
        return 1.0f; /* from down to up: the stance */
    float ramp = fminf(fade, swing / 2);
    float before_down = swing - since_up;
    if (since_up < ramp)
        return 1.0f - smoothstep01(since_up / ramp);
    if (before_down < ramp)
        return 1.0f - smoothstep01(before_down / ramp);
    return 0.0f;
}
/* [/listing] */
