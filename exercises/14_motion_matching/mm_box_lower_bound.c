/* EXERCISE ex14.2: the least cost a bounding box of frames can have.
 *
 * Task: return the least cost against query that any feature vector inside
 * the box can have, the box holding every vector whose component i lies in
 * [lo[i], hi[i]], for i from 0 to count - 1. Read exactly count components
 * of each array. It is the sum over i of the squared distance from
 * query[i] to the interval [lo[i], hi[i]]: (lo[i] - query[i])^2 below it,
 * (query[i] - hi[i])^2 above it, 0 inside it (ends included). A box may be
 * a single value, lo[i] = hi[i]. Sum in index order, i from 0 up, with the
 * squares computed as ex14.1 computes them, so that in floats the bound is
 * never above the cost of a frame inside the box.
 * The full contract is in chapters/14_motion_matching/motion_database.h;
 * see exercises/14_motion_matching/README.md and the book, chapter 14,
 * section "The search".
 *
 * Check your work:   ctest --test-dir build -L ex14.2 --output-on-failure
 */
#include "chapters/14_motion_matching/motion_database.h"
#include "exercises/stub_note.h"

float mm_box_lower_bound(const float *lo, const float *hi, const float *query, int count)
{
    /* TODO(ex14.2): this stub says no box can be pruned (a bound of 0), so
     * the accelerated search looks at every frame: right, but as slow as
     * brute force. Write the bound (and delete the note). */
    SA_STUB_NOTE("ex14.2", "exercises/14_motion_matching/mm_box_lower_bound.c",
                 "every box's bound is 0 (nothing is pruned: the search is as slow as brute force)");
    (void)lo;
    (void)hi;
    (void)query;
    (void)count;
    return 0.0f;
}
