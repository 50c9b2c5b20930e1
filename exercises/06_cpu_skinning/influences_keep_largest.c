/* EXERCISE ex06.2: reduce one vertex's influences to the four largest and
 * renormalize them.
 *
 * Task: of the `count` influences (joints[i], weights[i]), all weights >= 0,
 * write the four largest to out_joints / out_weights, largest first; of equal
 * weights the earlier one in the input comes first (and is the one kept when
 * only one fits). Divide the kept weights by their sum so that they sum to 1,
 * and return that sum (before dividing). Slots past the non-zero weights get
 * joint 0 and weight 0; all weights 0: every output 0, return 0. Write
 * exactly four entries of each output, never more.
 * The full contract is in chapters/06_cpu_skinning/skinning.h; see
 * exercises/06_cpu_skinning/README.md and the book, chapter 06, section
 * "More than four influences".
 *
 * Check your work:   ctest --test-dir build -L ex06.2 --output-on-failure
 */
#include "chapters/06_cpu_skinning/skinning.h"
#include "exercises/stub_note.h"

float influences_keep_largest(int count, const uint16_t *joints, const float *weights, uint16_t out_joints[4],
                              float out_weights[4])
{
    /* TODO(ex06.2): this stub keeps the first four as they are, unsorted and
     * not renormalized, and never reports a vertex without weights. Write the
     * selection (and delete the note). */
    SA_STUB_NOTE("ex06.2", "exercises/06_cpu_skinning/influences_keep_largest.c",
                 "the first four influences are kept as they are (not the largest, not renormalized)");
    for (int k = 0; k < 4; k++) {
        out_joints[k] = k < count ? joints[k] : 0;
        out_weights[k] = k < count ? weights[k] : 0.0f;
    }
    return 1.0f;
}
