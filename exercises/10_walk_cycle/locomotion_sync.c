/* EXERCISE ex10.2: the phase-synchronised weight and playback rate for a
 * speed between walk and run.
 *
 * Task: for a desired speed, give the run's blend weight
 * w = (speed - walk_speed) / (run_speed - walk_speed), clamped to 0 .. 1;
 * the phase rate speed / stride, where stride is the blended stride
 * (1 - w) walk_speed walk_period + w run_speed run_period; and the playback
 * rate, the phase rate over the blended cycle rate
 * (1 - w) / walk_period + w / run_period. A speed <= 0 or NaN stands still:
 * weight, phase rate and playback rate 0. Then advance the one phase by
 * dt * phase_rate (dt < 0 or NaN counts as 0), wrapped into [0, 1), and set
 * both clip times from it: walk_time = phase * walk_period,
 * run_time = phase * run_period.
 * The full contract is in chapters/10_walk_cycle/locomotion.h; see
 * exercises/10_walk_cycle/README.md and the book, chapter 10, section
 * "Locomotion".
 *
 * Check your work:   ctest --test-dir build -L ex10.2 --output-on-failure
 */
#include "chapters/10_walk_cycle/locomotion.h"
#include "exercises/stub_note.h"

void locomotion_sync(const locomotion_gaits *g, float speed, double dt, locomotion_sync_state *s)
{
    /* TODO(ex10.2): this stub ignores the speed: it always walks at the
     * walk's own rate, the run never blends in. Write the weight, the rates
     * and the phase (and delete the note). */
    SA_STUB_NOTE("ex10.2", "exercises/10_walk_cycle/locomotion_sync.c",
                 "the speed is ignored: always the walk at its own rate, never the run");
    (void)speed;
    s->weight = 0;
    s->phase_rate = 1 / g->walk_period;
    s->playback_rate = 1;
    if (dt > 0)
        s->phase += dt * s->phase_rate;
    s->phase -= (double)(long)s->phase;
    s->walk_time = s->phase * g->walk_period;
    s->run_time = s->phase * g->run_period;
}
