/* mm_frame_cost.c: one frame's cost against a query (exercise ex14.1;
 * motion_database.h). The stub is exercises/14_motion_matching/mm_frame_cost.c. */
#include "motion_database.h"

/* [listing mm_frame_cost] */
float mm_frame_cost(const float *features, const float *query, int count)
{
    /* the features are normalized and weighted already: the cost is the
     * plain squared distance, summed in index order (mm_box_lower_bound
     * sums in the same order, so that rounding cannot make a bound exceed
     * a cost inside its box) */
    float cost = 0;
    for (int i = 0; i < count; i++) {
        float d = features[i] - query[i];
        cost += d * d;
    }
    return cost;
}
/* [/listing] */
