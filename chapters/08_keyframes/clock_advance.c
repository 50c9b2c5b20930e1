/* clock_advance.c: exercise ex08.3, advance the clock and report the events
 * crossed (chapter 08). The reference solution; the stub is
 * exercises/08_keyframes/clock_advance.c. */
#include "clip.h"

#include <limits.h>
#include <math.h>
#include <stdbool.h>

static void report(int event, int *count, int *fired, int fired_capacity)
{
    if (*count < fired_capacity)
        fired[*count] = event;
    if (*count < INT_MAX) /* a count of laps counted at once may have reached it */
        (*count)++;
}

/* [listing clock_advance] */
int clip_clock_advance(clip_clock *clock, double dt, const clip_event *events, int event_count, int *fired,
                       int fired_capacity)
{
    /* A long frame (a breakpoint, a window drag) is clamped, not played. */
    if (!(dt > 0.0))
        dt = 0.0;
    if (dt > clock->max_step)
        dt = clock->max_step;
    double step = dt * clock->speed, duration = clock->duration;
    int count = 0;
    if (step == 0.0 || !(duration > 0.0))
        return 0;

    if (!clock->loop) {
        /* Once: stop at the end played towards; events there fire on arrival. */
        double from = clock->time, to = fmin(fmax(from + step, 0.0), duration);
        if (step > 0.0) {
            for (int i = 0; i < event_count; i++)
                if (from < events[i].time && events[i].time <= to)
                    report(i, &count, fired, fired_capacity);
        } else {
            for (int i = event_count - 1; i >= 0; i--)
                if (to <= events[i].time && events[i].time < from)
                    report(i, &count, fired, fired_capacity);
        }
        clock->time = to;
        clock->finished = step > 0.0 ? to >= duration : to <= 0.0;
        return count;
    }
    /* [/listing] */

    /* [listing clock_loop] */
    /* Looping: walk lap by lap up to the wrap, so that a step longer than
     * the clip crosses every event once per lap. Time 0 and time duration
     * are the same instant: an event there is met at the wrap. */
    double t = fmod(clock->time, duration), left = fabs(step);
    if (t < 0.0)
        t += duration;
    /* Events at 0 come first in the list but last in a forward lap (they are
     * at its end); events at duration likewise in a backward lap. */
    int at_start = 0, at_end = 0;
    while (at_start < event_count && events[at_start].time <= 0.0)
        at_start++;
    while (at_end < event_count && events[event_count - 1 - at_end].time >= duration)
        at_end++;
    int per_lap = 0; /* the crossings of one whole lap: the events in [0, duration] */
    for (int i = 0; i < event_count; i++)
        per_lap += events[i].time >= 0.0 && events[i].time <= duration;
    while (left > 0.0) {
        /* [elide whole laps counted at once, once fired[] is full] */
        /* At the start of a lap, once fired[] is full (or a lap reports
         * nothing), the whole laps left add per_lap crossings each: counted at once,
         * not walked, so that a hostile clip of 1e-30 s cannot hang a frame
         * (2.5e29 laps; fuzz_clip found it). */
        bool lap_start = step > 0.0 ? t == 0.0 : t == duration;
        if (lap_start && left >= duration && (count >= fired_capacity || per_lap == 0)) {
            double total = (double)count + floor(left / duration) * per_lap;
            count = total >= INT_MAX ? INT_MAX : (int)total;
            left = fmod(left, duration);
            if (!(left > 0.0))
                break;
        }
        /* [/elide] */
        if (step > 0.0) {
            double room = duration - t; /* > 0: t < duration */
            double end = left < room ? t + left : duration;
            for (int k = 0; k < event_count; k++) {
                int i = (k + at_start) % event_count;
                double at = events[i].time <= 0.0 ? duration : events[i].time;
                if (t < at && at <= end)
                    report(i, &count, fired, fired_capacity);
            }
            left -= room;
            t = end >= duration ? 0.0 : end;
        } else {
            /* [elide the backward lap, its mirror image: [end, t), down to 0, then on from duration] */
            double room = t; /* may be 0: then the first lap only wraps */
            double end = left < room ? t - left : 0.0;
            for (int k = 0; k < event_count; k++) {
                int i = ((event_count - 1 - at_end - k) % event_count + event_count) % event_count;
                double at = events[i].time >= duration ? 0.0 : events[i].time;
                if (end <= at && at < t)
                    report(i, &count, fired, fired_capacity);
            }
            left -= room;
            t = end <= 0.0 && left > 0.0 ? duration : end;
            /* [/elide] */
        }
    }
    clock->time = t >= duration ? 0.0 : t;
    clock->finished = false;
    return count;
}
/* [/listing] */
