/* influences_keep_largest.c: reference solution of exercise ex06.2.
 * The stub is exercises/06_cpu_skinning/influences_keep_largest.c. */
#include "skinning.h"

/* [listing keep_largest] */
float influences_keep_largest(int count, const uint16_t *joints, const float *weights, uint16_t out_joints[4],
                              float out_weights[4])
{
    for (int k = 0; k < 4; k++) {
        out_joints[k] = 0;
        out_weights[k] = 0.0f;
    }
    /* Insertion into a sorted list of four, largest first. A weight goes in
     * only when strictly larger than the one it passes, so of equal weights
     * the earlier one stays ahead (and stays in when only one fits). */
    for (int i = 0; i < count; i++) {
        if (!(weights[i] > out_weights[3]))
            continue; /* not larger than the smallest kept: zeros never enter */
        int k = 3;
        while (k > 0 && weights[i] > out_weights[k - 1]) {
            out_weights[k] = out_weights[k - 1]; /* shift the smaller one down */
            out_joints[k] = out_joints[k - 1];
            k--;
        }
        out_weights[k] = weights[i];
        out_joints[k] = joints[i];
    }
    /* Renormalize: what was dropped is shared out in proportion. */
    float sum = out_weights[0] + out_weights[1] + out_weights[2] + out_weights[3];
    if (sum > 0.0f)
        for (int k = 0; k < 4; k++)
            out_weights[k] /= sum;
    return sum;
}
/* [/listing] */
