/* Exercise ex12.2: four normalized lerps at once, the shortest way round
 * (soa_pose.h). */
#include "soa_pose.h"

/* [listing soa_quat_nlerp] */
void soa_quat_nlerp(const soa_quat *a, const soa_quat *b, float4 t, soa_quat *out)
{
    /* Each lane's dot product: the four components multiplied lane by lane and summed. */
    float4 dot = float4_mul_add(a->x, b->x,
                                float4_mul_add(a->y, b->y, float4_mul_add(a->z, b->z, float4_mul(a->w, b->w))));
    /* Where it is negative, b's sign bits flipped: -b, the short way round. */
    float4 flip = float4_and(float4_less(dot, float4_splat(0.0f)), float4_splat(-0.0f));
    float4 bx = float4_xor(b->x, flip), by = float4_xor(b->y, flip);
    float4 bz = float4_xor(b->z, flip), bw = float4_xor(b->w, flip);
    float4 x = float4_mul_add(t, float4_sub(bx, a->x), a->x), y = float4_mul_add(t, float4_sub(by, a->y), a->y);
    float4 z = float4_mul_add(t, float4_sub(bz, a->z), a->z), w = float4_mul_add(t, float4_sub(bw, a->w), a->w);
    float4 length = float4_sqrt(float4_mul_add(x, x, float4_mul_add(y, y, float4_mul_add(z, z, float4_mul(w, w)))));
    float4 inverse = float4_div(float4_splat(1.0f), length);
    out->x = float4_mul(x, inverse), out->y = float4_mul(y, inverse);
    out->z = float4_mul(z, inverse), out->w = float4_mul(w, inverse);
}
/* [/listing] */
