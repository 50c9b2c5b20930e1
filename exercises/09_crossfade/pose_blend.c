/* EXERCISE ex09.1: blend two poses in local TRS.
 *
 * Task: write out = blend(a, b) joint by joint, the weight of b at joint j
 * being w = weight * mask[j] (w = weight when mask is NULL): translation and
 * scale a + w (b - a), rotation slerp(a, b, w) the shortest way round
 * (chapter 08's quat_slerp); w <= 0 gives a's transform and w >= 1 b's,
 * exactly. out may be the same array as a or b.
 * The full contract is in chapters/09_crossfade/blend.h; see
 * exercises/09_crossfade/README.md and the book, chapter 09, section
 * "Blending two poses".
 *
 * Check your work:   ctest --test-dir build -L ex09.1 --output-on-failure
 */
#include "chapters/09_crossfade/blend.h"
#include "exercises/stub_note.h"

void pose_blend(int joint_count, const transform *a, const transform *b, float weight, const float *mask,
                transform *out)
{
    /* TODO(ex09.1): this stub keeps pose a whatever the weight: a fade
     * holds the old clip and cuts to the new one when it ends, and layers
     * do nothing. Write the blend (and delete the note). */
    SA_STUB_NOTE("ex09.1", "exercises/09_crossfade/pose_blend.c",
                 "blends keep the first pose whatever the weight (fades cut at their end, layers do nothing)");
    (void)b;
    (void)weight;
    (void)mask;
    for (int j = 0; j < joint_count; j++)
        out[j] = a[j];
}
