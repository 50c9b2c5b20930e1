/* track_sample_linear.c: exercise ex08.2, a LINEAR track of translations or
 * scales at a time (chapter 08). The reference solution; the stub is
 * exercises/08_keyframes/track_sample_linear.c. */
#include "clip.h"

/* [listing track_sample_linear] */
void track_sample_linear(int key_count, const float *times, const float *values, int components, float t, float *out)
{
    /* Outside the keys the nearest end holds (no extrapolation): that key
     * mixed with itself. */
    const float *v0 = values, *v1 = values;
    float u = 0.0f;
    if (key_count > 1 && t >= times[key_count - 1]) {
        v0 = v1 = values + (key_count - 1) * components;
    } else if (key_count > 1 && t > times[0]) {
        int k = track_find_key(key_count, times, t); /* times[k] <= t < times[k + 1] */
        v0 = values + k * components;
        v1 = v0 + components;
        u = (t - times[k]) / (times[k + 1] - times[k]); /* 0 exactly on key k */
    }
    for (int i = 0; i < components; i++)
        out[i] = v0[i] + u * (v1[i] - v0[i]);
}
/* [/listing] */
