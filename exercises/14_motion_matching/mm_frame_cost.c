/* EXERCISE ex14.1: one database frame's cost against a query.
 *
 * Task: return the cost of a frame against a query: the sum, over the
 * components i from 0 to count - 1, of the squared difference
 * (features[i] - query[i])^2. Read exactly count components of each array,
 * no more. The features and the query are already normalized and weighted
 * (each component's mean taken off, divided by its scale), so no weight
 * enters here. Sum in index order, i from 0 up: the search's pruning
 * (ex14.2) sums its bound in the same order.
 * The full contract is in chapters/14_motion_matching/motion_database.h;
 * see exercises/14_motion_matching/README.md and the book, chapter 14,
 * section "The cost".
 *
 * Check your work:   ctest --test-dir build -L ex14.1 --output-on-failure
 */
#include "chapters/14_motion_matching/motion_database.h"
#include "exercises/stub_note.h"

float mm_frame_cost(const float *features, const float *query, int count)
{
    /* TODO(ex14.1): this stub says every frame costs 0, so every search
     * returns the first searchable frame. Write the cost (and delete the
     * note). */
    SA_STUB_NOTE("ex14.1", "exercises/14_motion_matching/mm_frame_cost.c",
                 "every frame costs 0 (every search returns the database's first frame)");
    (void)features;
    (void)query;
    (void)count;
    return 0.0f;
}
