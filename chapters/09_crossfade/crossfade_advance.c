/* crossfade_advance.c: exercise ex09.2, one frame of a crossfade: the
 * clocks, the weights and the events (chapter 09). The reference solution;
 * the stub is exercises/09_crossfade/crossfade_advance.c. */
#include "blend.h"

/* [listing crossfade_advance] */
int crossfade_advance(crossfade *fade, double dt, const clip *clips, fade_event *fired, int fired_capacity)
{
    if (!(dt > 0.0)) /* a negative or NaN frame time moves nothing */
        dt = 0.0;
    /* Every playing clip runs on, the ones fading out too: a walk that fades
     * into a run keeps walking, and its footsteps still fire. */
    int count = 0;
    for (int i = 0; i < fade->count; i++) {
        fade_entry *e = &fade->entry[i];
        const clip *c = &clips[e->clip];
        int events[16];
        int n = clip_clock_advance(&e->clock, dt, c->events, c->event_count, events, 16);
        for (int k = 0; k < n; k++) {
            /* More than 16 in one frame only with absurd steps: the rest are counted. */
            if (k < 16 && count < fired_capacity)
                fired[count] = (fade_event){e->clip, events[k]};
            count++;
        }
    }
    /* Progress in wall seconds, whatever the clips' speeds. */
    fade->elapsed += dt;
    double p = fade->duration > 0.0 ? fade->elapsed / fade->duration : 1.0;
    double c = fade_curve_value(fade->curve, p);
    /* Each weight moves from where the fade found it towards 0, the top one
     * towards 1: an interrupted fade carries on from the weights it had. */
    int top = fade->count - 1;
    for (int i = 0; i < fade->count; i++) {
        fade_entry *e = &fade->entry[i];
        e->weight = (float)(e->start_weight * (1.0 - c) + (i == top ? c : 0.0));
    }
    /* A clip whose weight reached 0 leaves: its clock stops, its events end. */
    int kept = 0;
    for (int i = 0; i < fade->count; i++)
        if (i == top || fade->entry[i].weight > 0.0f)
            fade->entry[kept++] = fade->entry[i];
    fade->count = kept;
    return count;
}
/* [/listing] */
