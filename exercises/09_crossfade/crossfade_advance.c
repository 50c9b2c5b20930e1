/* EXERCISE ex09.2: one frame of a crossfade: clocks, weights, events.
 *
 * Task: advance every playing clip's clock by dt (clip_clock_advance,
 * reporting its events as {clip, event}), then set every weight from the
 * fade's progress c = curve(elapsed / duration): weight_i = start_weight_i
 * (1 - c), plus c for the top entry; then remove the entries below the top
 * whose weight is 0. A frame of dt = 0 moves no clock and fires nothing,
 * but sets the weights all the same (a fade of length 0 ends in it: the
 * cut).
 * The full contract is in chapters/09_crossfade/blend.h; see
 * exercises/09_crossfade/README.md and the book, chapter 09, section
 * "The crossfade".
 *
 * Check your work:   ctest --test-dir build -L ex09.2 --output-on-failure
 */
#include "chapters/09_crossfade/blend.h"
#include "exercises/stub_note.h"

int crossfade_advance(crossfade *fade, double dt, const clip *clips, fade_event *fired, int fired_capacity)
{
    /* TODO(ex09.2): this stub cuts: the top clip gets weight 1 at once, the
     * others leave, and no clock moves (the character stands still, no
     * events fire). Write the frame (and delete the note). */
    SA_STUB_NOTE("ex09.2", "exercises/09_crossfade/crossfade_advance.c",
                 "fades cut at once and the clocks stand still (no motion, no events)");
    (void)dt;
    (void)clips;
    (void)fired;
    (void)fired_capacity;
    fade->entry[0] = fade->entry[fade->count - 1];
    fade->entry[0].weight = 1.0f;
    fade->count = 1;
    return 0;
}
