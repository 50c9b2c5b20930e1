/* EXERCISE ex11.3: the stance weight of a foot over its clip.
 *
 * Task: the weight at clip time t of a looping clip of `duration` seconds
 * whose foot plants at time `down` and lifts at time `up` (the stance runs
 * from down to up, across the wrap when up < down). It is 1 through the
 * stance, down and up included. Over the swing, with smoothstep
 * s(x) = 3x^2 - 2x^3, it is 1 - s(a / f) at the time a after up while a < f
 * (falling to 0), 1 - s(b / f) at the time b before down while b < f (rising
 * to 1 at down), and 0 in between; f is `fade`, or half the swing when the
 * swing lasts less than 2 fade (the two ramps then meet at its middle). A t
 * outside [0, duration) is wrapped into it first.
 * The contract is in chapters/11_ik/foot_placement.h; see
 * exercises/11_ik/README.md.
 *
 * Check your work:   ctest --test-dir build -L ex11.3 --output-on-failure
 */
#include "chapters/11_ik/foot_placement.h"
#include "exercises/stub_note.h"

float ik_stance_weight(float t, float duration, float down, float up, float fade)
{
    /* TODO(ex11.3): this stub says 1 all the time, so a swinging foot is
     * held like a planted one. Write the weight (and delete the note). */
    SA_STUB_NOTE("ex11.3", "exercises/11_ik/ik_stance_weight.c", "the weight is always 1 (the feet never swing free)");
    (void)t;
    (void)duration;
    (void)down;
    (void)up;
    (void)fade;
    return 1.0f;
}
