/* EXERCISE ex11.2: one FABRIK iteration.
 *
 * Task: positions[0 .. count-1] (count >= 2) are the points of a chain, root
 * first; lengths[k] = |positions[k+1] - positions[k]| (>= 0). Forward
 * reaching: put the tip on the target; then, from the tip back to the root,
 * move each point onto the line from the point just placed to where it is,
 * at its bone's length. Backward reaching: put the root back where it was
 * when the call began; then, from the root to the tip, move each point onto
 * the line from the point just placed to where it is, at its bone's length.
 * Where a point lies on the point just placed (no direction), the bone keeps
 * the direction it had before the pass: the point being moved minus the
 * point just placed, both where they were before the pass (point k minus
 * point k + 1 going forward, point k minus point k - 1 going backward).
 * Write exactly count points.
 * The contract is in chapters/11_ik/ik.h; see exercises/11_ik/README.md.
 *
 * Check your work:   ctest --test-dir build -L ex11.2 --output-on-failure
 */
#include "chapters/11_ik/ik.h"
#include "exercises/stub_note.h"

void fabrik_iteration(int count, float (*positions)[3], const float *lengths, const float target[3])
{
    /* TODO(ex11.2): this stub leaves every point where it is, so FABRIK
     * never moves the chain. Write the two passes (and delete the note). */
    SA_STUB_NOTE("ex11.2", "exercises/11_ik/fabrik_iteration.c",
                 "the points stay where they are (FABRIK does nothing)");
    (void)count;
    (void)positions;
    (void)lengths;
    (void)target;
}
