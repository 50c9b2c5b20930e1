/* EXERCISE ex08.3: advance the animation clock and report the events crossed.
 *
 * Task: move clock->time by dt (clamped to 0 .. clock->max_step) times
 * clock->speed. Looping: wrap into [0, duration), and a step that moves the
 * clock sets clock->finished to false. Once: stop at 0 or at duration and
 * set clock->finished when it gets there. Report each event the clock
 * crosses, once per crossing, in the order crossed: forward from a to b the
 * events with a < time <= b, backward those with b <= time < a; an event at
 * 0 or at duration is crossed at the loop wrap (forward those at duration
 * first, then those at 0; backward the other way round); a step longer than
 * the clip crosses each event once per lap. Write at most fired_capacity event
 * indices to fired[]; return how many events were crossed.
 * The full contract is in chapters/08_keyframes/clip.h; see
 * exercises/08_keyframes/README.md and the book, chapter 08, section
 * "Clocks, loops and events".
 *
 * Check your work:   ctest --test-dir build -L ex08.3 --output-on-failure
 */
#include "chapters/08_keyframes/clip.h"
#include "exercises/stub_note.h"

int clip_clock_advance(clip_clock *clock, double dt, const clip_event *events, int event_count, int *fired,
                       int fired_capacity)
{
    /* TODO(ex08.3): this stub never moves the clock and reports no event:
     * the clip stands still on its first frame. Write the clock (and delete
     * the note). */
    SA_STUB_NOTE("ex08.3", "exercises/08_keyframes/clock_advance.c",
                 "the clock never moves and no event fires: the clip stands on its first frame");
    (void)clock;
    (void)dt;
    (void)events;
    (void)event_count;
    (void)fired;
    (void)fired_capacity;
    return 0;
}
