/* EXERCISE ex09.3: an additive clip: its difference from a reference pose,
 * and that difference put on top of another pose.
 *
 * Task: write pose_additive_delta (delta translation pose - reference,
 * delta rotation inverse(reference) * pose, or the identity exactly where
 * the pose's rotation equals the reference's, delta scale pose / reference)
 * and pose_additive_apply (translation base + w delta, rotation base *
 * slerp(identity, delta, w), the short way, scale base * (1 + w (delta -
 * 1))); out may be base or delta.
 * The full contract is in chapters/09_crossfade/blend.h; see
 * exercises/09_crossfade/README.md and the book, chapter 09, section
 * "Additive clips".
 *
 * Check your work:   ctest --test-dir build -L ex09.3 --output-on-failure
 */
#include "chapters/09_crossfade/blend.h"
#include "exercises/stub_note.h"

void pose_additive_delta(int joint_count, const transform *reference, const transform *pose, transform *delta)
{
    /* TODO(ex09.3): this stub stores no difference (every delta is the
     * identity), so an additive clip adds nothing. Write both functions
     * (and delete the notes). */
    SA_STUB_NOTE("ex09.3", "exercises/09_crossfade/additive.c",
                 "additive clips add nothing (every delta is the identity)");
    (void)reference;
    (void)pose;
    for (int j = 0; j < joint_count; j++)
        transform_identity(&delta[j]);
}

void pose_additive_apply(int joint_count, const transform *base, const transform *delta, float weight, transform *out)
{
    SA_STUB_NOTE("ex09.3", "exercises/09_crossfade/additive.c", "additive clips add nothing (the base pose is kept)");
    (void)delta;
    (void)weight;
    for (int j = 0; j < joint_count; j++)
        out[j] = base[j];
}
