/* root_motion_extract.c: exercise ex10.1, the reference solution.
 * The contract is in walk.h. */
#include "walk.h"

/* [listing root_motion_extract] */
void root_motion_extract(int key_count, const float *pelvis, float *in_place, float *travel, float loop_offset[3])
{
    /* Key 0 is where the clip stays. Each key is read before it is written:
     * in_place may be pelvis itself. */
    const float x0 = pelvis[0], z0 = pelvis[2];
    for (int k = 0; k < key_count; k++) {
        float x = pelvis[3 * k], y = pelvis[3 * k + 1], z = pelvis[3 * k + 2];
        travel[3 * k] = x - x0;
        travel[3 * k + 1] = 0; /* the height is the clip's: the bob stays in it */
        travel[3 * k + 2] = z - z0;
        in_place[3 * k] = x0;
        in_place[3 * k + 1] = y;
        in_place[3 * k + 2] = z0;
    }
    /* one loop: from key 0 to the last key, which the wrap jumps back from */
    for (int i = 0; i < 3; i++)
        loop_offset[i] = travel[3 * (key_count - 1) + i];
}
/* [/listing] */
