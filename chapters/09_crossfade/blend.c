/* blend.c: the blend job's checks, masks and the crossfade's switch
 * (chapter 09). The blend itself, the additive pair and one frame of the
 * fade are exercises, each alone in a file (pose_blend.c, additive.c,
 * crossfade_advance.c). */
#include "blend.h"

#include <math.h>
#include <stdint.h>

/* --- the blend job ------------------------------------------------------------ */

static bool overlaps(const transform *x, const transform *y, int count)
{
    uintptr_t a = (uintptr_t)x, b = (uintptr_t)y, size = (uintptr_t)count * sizeof *x;
    return a < b + size && b < a + size;
}

static bool unit_rotation(const float *q)
{
    float length = sqrtf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    return fabsf(length - 1.0f) <= 1e-3f; /* false for NaN too */
}

bool blend_job_validate(const blend_job *job, sa_error *err)
{
    if (job->joint_count < 0)
        return sa_error_set(err, "blend: joint_count is %d, not >= 0", job->joint_count);
    if (job->joint_count > 0 && (!job->a || !job->b || !job->out))
        return sa_error_set(err, "blend: a pose array is missing (a, b and out are needed)");
    if (!(job->weight >= 0.0f && job->weight <= 1.0f))
        return sa_error_set(err, "blend: weight %g is not within 0 .. 1", (double)job->weight);
    for (int j = 0; j < job->joint_count; j++) {
        if (job->mask && !(job->mask[j] >= 0.0f && job->mask[j] <= 1.0f))
            return sa_error_set(err, "blend: mask[%d] is %g, not within 0 .. 1", j, (double)job->mask[j]);
        if (!unit_rotation(job->a[j].rotation) || !unit_rotation(job->b[j].rotation))
            return sa_error_set(err, "blend: joint %d: a rotation is not a unit quaternion", j);
    }
    /* The blend reads joint j of a and b before writing joint j of out, so
     * out may be a or b exactly; any other overlap reads a written joint. */
    if (job->out != job->a && overlaps(job->out, job->a, job->joint_count))
        return sa_error_set(err, "blend: out overlaps a without being a");
    if (job->out != job->b && overlaps(job->out, job->b, job->joint_count))
        return sa_error_set(err, "blend: out overlaps b without being b");
    return true;
}

bool blend_job_run(const blend_job *job, sa_error *err)
{
    if (!blend_job_validate(job, err))
        return false;
    pose_blend(job->joint_count, job->a, job->b, job->weight, job->mask, job->out);
    return true;
}

/* --- masks -------------------------------------------------------------------- */

/* [listing mask_from_joint] */
void mask_from_joint(int count, const int *parent, int joint, int smooth, float *mask)
{
    float step = 1.0f / (float)(smooth > 0 ? smooth + 1 : 1);
    /* Parents first: a joint's parent is done before it, so one loop finds
     * the subtree (a parent with a mask above 0) and climbs the ramp. */
    for (int j = 0; j < count; j++) {
        if (j == joint)
            mask[j] = step;
        else if (parent[j] >= 0 && mask[parent[j]] > 0.0f)
            mask[j] = fminf(1.0f, mask[parent[j]] + step);
        else
            mask[j] = 0.0f;
    }
}
/* [/listing] */

/* --- morph target weights ------------------------------------------------------ */

/* [listing weights_blend] */
void weights_blend(int count, const float *a, const float *b, float weight, const float *mask, float *out)
{
    for (int i = 0; i < count; i++) {
        float w = mask ? weight * mask[i] : weight;
        out[i] = w <= 0.0f ? a[i] : w >= 1.0f ? b[i] : a[i] + w * (b[i] - a[i]);
    }
}

void weights_additive_apply(int count, const float *base, const float *reference, const float *weights, float weight,
                            float *out)
{
    for (int i = 0; i < count; i++)
        out[i] = base[i] + weight * (weights[i] - reference[i]);
}
/* [/listing] */

void weights_mask_from_clip(const clip *c, float *mask)
{
    for (int i = 0; i < c->weight_count; i++)
        mask[i] = 0.0f;
    for (int t = 0; t < c->weight_track_count; t++)
        for (int i = 0; i < c->weight_tracks[t].keys.components; i++)
            mask[c->weight_tracks[t].start + i] = 1.0f;
}

/* --- the crossfade ------------------------------------------------------------ */

double fade_curve_value(fade_curve curve, double p)
{
    p = p < 0.0 ? 0.0 : p > 1.0 ? 1.0 : p;
    return curve == FADE_SMOOTHSTEP ? p * p * (3.0 - 2.0 * p) : p;
}

static fade_entry entry_of(const clip *clips, int clip, int slot, bool loop)
{
    fade_entry e = {.clip = clip, .speed = 1.0, .weight = 0.0f, .start_weight = 0.0f, .slot = slot};
    clip_clock_init(&e.clock, clips[clip].duration, loop);
    return e;
}

void crossfade_start(crossfade *fade, const clip *clips, int clip, bool loop)
{
    *fade = (crossfade){.count = 1, .elapsed = 0.0, .duration = 0.0, .curve = FADE_LINEAR};
    fade->entry[0] = entry_of(clips, clip, 0, loop);
    fade->entry[0].weight = fade->entry[0].start_weight = 1.0f;
}

static void remove_entry(crossfade *fade, int i)
{
    for (int k = i; k + 1 < fade->count; k++)
        fade->entry[k] = fade->entry[k + 1];
    fade->count--;
}

static bool slot_in_use(const crossfade *fade, int slot)
{
    for (int i = 0; i < fade->count; i++)
        if (fade->entry[i].slot == slot)
            return true;
    return false;
}

/* [listing crossfade_switch] */
bool crossfade_switch(crossfade *fade, const clip *clips, int clip_count, int clip, bool loop, double duration,
                      fade_curve curve, bool phase_sync, sa_error *err)
{
    /* [elide the checks: a clip playing, the clip in range, the length >= 0] */
    if (fade->count < 1)
        return sa_error_set(err, "crossfade: no clip is playing (crossfade_start first)");
    if (clip < 0 || clip >= clip_count)
        return sa_error_set(err, "crossfade: clip %d is not one of the %d clips", clip, clip_count);
    if (!(duration >= 0.0) || !isfinite(duration))
        return sa_error_set(err, "crossfade: fade length %g is not a number of seconds >= 0", duration);
    /* [/elide] */
    const fade_entry *top = &fade->entry[fade->count - 1];
    double phase = top->clock.duration > 0.0 ? top->clock.time / top->clock.duration : 0.0;

    int at = -1;
    for (int i = 0; i < fade->count; i++)
        if (fade->entry[i].clip == clip)
            at = i;
    fade_entry e;
    if (at >= 0) {
        /* Already playing: the same clock and weight go on top. A second copy
         * would fire the clip's events twice, a restart would pop. */
        e = fade->entry[at];
        remove_entry(fade, at);
    } else {
        /* [elide a full stack: drop the entry of smallest weight, share its weight out] */
        if (fade->count == CROSSFADE_MAX) {
            int smallest = 0;
            for (int i = 1; i < fade->count; i++)
                if (fade->entry[i].weight < fade->entry[smallest].weight)
                    smallest = i;
            float left = 1.0f - fade->entry[smallest].weight;
            remove_entry(fade, smallest);
            for (int i = 0; i < fade->count; i++)
                fade->entry[i].weight = left > 0.0f ? fade->entry[i].weight / left : 1.0f / (float)fade->count;
        }
        /* [/elide] */
        int slot = 0; /* the first cursor array no playing clip uses */
        while (slot_in_use(fade, slot))
            slot++;
        e = entry_of(clips, clip, slot, loop);
        if (phase_sync) /* the same point of the cycle: a left foot down meets a left foot down */
            e.clock.time = phase * e.clock.duration;
    }
    fade->entry[fade->count++] = e;
    /* Every weight starts this fade from where it is now. */
    for (int i = 0; i < fade->count; i++)
        fade->entry[i].start_weight = fade->entry[i].weight;
    fade->elapsed = 0.0;
    fade->duration = duration;
    fade->curve = curve;
    fade->phase_sync = phase_sync;
    if (duration == 0.0) /* at once: the weights as at the end of a fade, no clock moved */
        crossfade_advance(fade, 0.0, clips, NULL, 0);
    return true;
}
/* [/listing] */

void crossfade_sync_speeds(crossfade *fade)
{
    double rate = 0.0; /* normalized time per second */
    if (fade->phase_sync)
        for (int i = 0; i < fade->count; i++)
            if (fade->entry[i].clock.duration > 0.0)
                rate += fade->entry[i].weight * fade->entry[i].speed / fade->entry[i].clock.duration;
    for (int i = 0; i < fade->count; i++) {
        fade_entry *e = &fade->entry[i];
        e->clock.speed = fade->phase_sync && fade->count > 1 ? rate * e->clock.duration : e->speed;
    }
}
