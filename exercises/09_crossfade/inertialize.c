/* EXERCISE ex09.4 (optional): inertialization of one joint's rotation: the
 * offset the source left at the switch, decayed to the identity by Bollo's
 * quintic over the blend time, applied as target * offset.
 *
 * Task: write inertial_rotation_init (offset = inverse(target) * source,
 * the short way; its angle x0 and axis; the rate v0 from last frame's
 * offset; the guard; a0), inertial_offset_angle (the quintic, x0 for
 * t <= 0, exactly 0 for t >= T, t = T included; 0 where both apply) and
 * inertial_rotation_update (elapsed += dt, then this frame's target *
 * offset, the offset on the right however the target moves). The full
 * contract is in chapters/09_crossfade/inertialize.h; see
 * exercises/09_crossfade/README.md and the book, chapter 09, section
 * "Going further".
 *
 * Check your work:   ctest --test-dir build -L ex09.4 --output-on-failure
 */
#include "chapters/09_crossfade/inertialize.h"
#include "exercises/stub_note.h"

void inertial_rotation_init(inertial_rotation *state, const float source_previous[4], const float source[4],
                            const float target[4], float dt, float blend_time)
{
    /* TODO(ex09.4): this stub keeps no offset, so a switch cuts to the
     * target at once. Write the three functions (and delete the note). */
    SA_STUB_NOTE("ex09.4", "exercises/09_crossfade/inertialize.c", "a switch cuts to the target (no offset is kept)");
    (void)source_previous;
    (void)source;
    (void)target;
    (void)dt;
    (void)blend_time;
    *state = (inertial_rotation){.axis = {1.0f, 0.0f, 0.0f}};
}

float inertial_offset_angle(const inertial_rotation *state, float t)
{
    (void)state;
    (void)t;
    return 0.0f;
}

void inertial_rotation_update(inertial_rotation *state, float dt, const float target[4], float out[4])
{
    (void)state;
    (void)dt;
    for (int i = 0; i < 4; i++)
        out[i] = target[i];
}
