/* track_sample_linear.c: exercise ex08.2, a LINEAR track of translations or
 * scales at a time (chapter 08). The reference solution; the stub is
 * exercises/08_keyframes/track_sample_linear.c. */
#include "clip.h"

/* [listing track_sample_linear] */
void track_sample_linear(int key_count, const float *times, const float *values, int components, float t, float *out)
{
    /* Outside the keys the nearest end holds: no extrapolation. */
    int k;
    float u;
    if (key_count == 1 || t <= times[0]) {
        k = 0;
        u = 0.0f;
    } else if (t >= times[key_count - 1]) {
        k = key_count - 1;
        u = 0.0f;
    } else {
        k = track_find_key(key_count, times, t); /* times[k] <= t < times[k + 1] */
        u = (t - times[k]) / (times[k + 1] - times[k]);
    }
    const float *v0 = values + k * components;
    for (int i = 0; i < components; i++)
        out[i] = u == 0.0f ? v0[i] : v0[i] + u * (v0[components + i] - v0[i]);
}
/* [/listing] */
