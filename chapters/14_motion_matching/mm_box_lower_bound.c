/* mm_box_lower_bound.c: the least cost a box of frames can have against a
 * query (exercise ex14.2; motion_database.h). The stub is
 * exercises/14_motion_matching/mm_box_lower_bound.c. */
#include "motion_database.h"

/* [listing mm_box_lower_bound] */
float mm_box_lower_bound(const float *lo, const float *hi, const float *query, int count)
{
    /* per component, the distance from the query to the nearest point of
     * [lo, hi]: 0 inside. For any frame f in the box, lo <= f <= hi, so each
     * term is at most (f - q)^2, in floats too (rounding is monotonic), and
     * summed in mm_frame_cost's order the bound never exceeds f's cost. */
    float bound = 0;
    for (int i = 0; i < count; i++) {
        /* below lo, above hi or inside: at most one of the two is above 0
         * (lo <= hi), so the sum is that one exactly, and no branch is taken */
        float below = lo[i] - query[i], above = query[i] - hi[i];
        float d = (below > 0 ? below : 0.0f) + (above > 0 ? above : 0.0f);
        bound += d * d;
    }
    return bound;
}
/* [/listing] */
