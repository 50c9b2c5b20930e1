/* EXERCISE ex08.1: spherical linear interpolation of two unit quaternions.
 *
 * Task: write out = slerp(a, b, t), quaternions x y z w: the shortest way
 * round (when a . b < 0, use -b: q and -q are the same rotation), a
 * normalized lerp instead when the two are nearly equal (a . b, after that
 * sign change, above SLERP_NLERP_DOT), and out of unit length; t = 0 gives
 * a and t = 1 gives b (or -b) exactly, as they are, not renormalized.
 * The full contract is in chapters/08_keyframes/clip.h; see
 * exercises/08_keyframes/README.md and the book, chapter 08, section
 * "Slerp".
 *
 * Check your work:   ctest --test-dir build -L ex08.1 --output-on-failure
 */
#include "chapters/08_keyframes/clip.h"
#include "exercises/stub_note.h"

void quat_slerp(const float a[4], const float b[4], float t, float out[4])
{
    /* TODO(ex08.1): this stub jumps from a to b halfway: no interpolation,
     * the joints snap from key to key. Write slerp (and delete the note). */
    SA_STUB_NOTE("ex08.1", "exercises/08_keyframes/slerp.c",
                 "rotations snap from key to key halfway between them (no interpolation)");
    const float *from = t < 0.5f ? a : b;
    for (int i = 0; i < 4; i++)
        out[i] = from[i];
}
