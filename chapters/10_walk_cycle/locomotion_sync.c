/* locomotion_sync.c: exercise ex10.2, the reference solution.
 * The contract is in locomotion.h. */
#include "locomotion.h"

#include <math.h>

/* [listing locomotion_sync] */
void locomotion_sync(const locomotion_gaits *g, float speed, double dt, locomotion_sync_state *s)
{
    if (!(speed > 0)) { /* standing (or NaN): the phase holds, the blend is the walk's */
        s->weight = 0, s->phase_rate = 0, s->playback_rate = 0;
    } else {
        float w = (speed - g->walk_speed) / (g->run_speed - g->walk_speed);
        w = w < 0 ? 0 : w > 1 ? 1 : w; /* slower than a walk is a slow walk, faster than a run a fast run */
        /* the blended pose's root moves the blended stride each cycle */
        float stride = (1 - w) * g->walk_speed * g->walk_period + w * g->run_speed * g->run_period;
        float cycle_rate = (1 - w) / g->walk_period + w / g->run_period;
        s->weight = w;
        s->phase_rate = speed / stride;
        s->playback_rate = s->phase_rate / cycle_rate;
    }
    if (!(dt > 0))
        dt = 0;
    /* one phase for both clips: their times come from it, never on their own */
    s->phase += dt * s->phase_rate;
    s->phase -= floor(s->phase);
    if (s->phase >= 1) /* floor of 0.99999999... rounding up */
        s->phase = 0;
    s->walk_time = s->phase * g->walk_period;
    s->run_time = s->phase * g->run_period;
}
/* [/listing] */
