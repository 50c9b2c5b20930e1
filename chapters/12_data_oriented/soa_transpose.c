/* Exercise ex12.1: an AoS pose as SoA groups of four (soa_pose.h). */
#include "soa_pose.h"

/* [listing soa_from_transforms] */
void soa_from_transforms(int joint_count, const transform *in, soa_transform *out)
{
    int groups = soa_group_count(joint_count);
    for (int g = 0; g < groups; g++) {
        /* Each member of the group as four floats, lane i from joint 4 g + i. */
        float t[3][4], r[4][4], s[3][4];
        for (int i = 0; i < 4; i++) {
            int j = 4 * g + i;
            transform identity = {{0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1}};
            const transform *x = j < joint_count ? &in[j] : &identity;
            for (int k = 0; k < 3; k++)
                t[k][i] = x->translation[k], s[k][i] = x->scale[k];
            for (int k = 0; k < 4; k++)
                r[k][i] = x->rotation[k];
        }
        out[g].translation = (soa_vec3){float4_load(t[0]), float4_load(t[1]), float4_load(t[2])};
        out[g].rotation = (soa_quat){float4_load(r[0]), float4_load(r[1]), float4_load(r[2]), float4_load(r[3])};
        out[g].scale = (soa_vec3){float4_load(s[0]), float4_load(s[1]), float4_load(s[2])};
    }
}
/* [/listing] */
