/* animator.c: the crossfade, a layer and an additive clip as one pose per
 * frame (chapter 09). */
#include "animator.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool animator_init(animator *anim, const clip *clips, int clip_count, int first_clip, bool loop, sa_error *err)
{
    memset(anim, 0, sizeof *anim);
    if (clip_count < 1 || first_clip < 0 || first_clip >= clip_count)
        return sa_error_set(err, "animator: clip %d is not one of the %d clips", first_clip, clip_count);
    int joints = clips[0].joint_count, tracks = 1, weights = clips[0].weight_count, weight_tracks = 1;
    for (int i = 0; i < clip_count; i++) {
        if (clips[i].joint_count != joints)
            return sa_error_set(err, "animator: clip %d has %d joints, clip 0 has %d (one skeleton for all)", i,
                                clips[i].joint_count, joints);
        if (clips[i].weight_count != weights)
            return sa_error_set(err, "animator: clip %d has %d morph weights, clip 0 has %d (one scene for all)", i,
                                clips[i].weight_count, weights);
        if (clips[i].track_count > tracks)
            tracks = clips[i].track_count;
        if (clips[i].weight_track_count > weight_tracks)
            weight_tracks = clips[i].weight_track_count;
    }
    anim->clips = clips;
    anim->clip_count = clip_count;
    anim->joint_count = joints;
    anim->weight_count = weights;
    anim->layer_clip = anim->additive_clip = -1;
    size_t n = joints > 0 ? (size_t)joints : 1;
    anim->layer_mask = calloc(n, sizeof *anim->layer_mask);
    anim->additive_reference = calloc(n, sizeof *anim->additive_reference);
    anim->scratch = calloc(n, sizeof *anim->scratch);
    size_t w = (size_t)weights + 1;
    anim->layer_weight_mask = calloc(w, sizeof *anim->layer_weight_mask);
    anim->additive_reference_weights = calloc(w, sizeof *anim->additive_reference_weights);
    anim->weight_scratch = calloc(w, sizeof *anim->weight_scratch);
    bool ok = anim->layer_mask && anim->additive_reference && anim->scratch && anim->layer_weight_mask &&
              anim->additive_reference_weights && anim->weight_scratch;
    for (int s = 0; s < CROSSFADE_MAX + 2; s++) {
        ok = ok && (anim->cursors[s] = calloc((size_t)tracks, sizeof *anim->cursors[s])) != NULL;
        ok = ok && (anim->weight_cursors[s] = calloc((size_t)weight_tracks, sizeof *anim->weight_cursors[s])) != NULL;
    }
    if (!ok) {
        animator_free(anim);
        return sa_error_set(err, "animator: out of memory");
    }
    crossfade_start(&anim->fade, clips, first_clip, loop);
    return true;
}

void animator_free(animator *anim)
{
    free(anim->layer_mask);
    free(anim->additive_reference);
    free(anim->scratch);
    free(anim->layer_weight_mask);
    free(anim->additive_reference_weights);
    free(anim->weight_scratch);
    for (int s = 0; s < CROSSFADE_MAX + 2; s++) {
        free(anim->cursors[s]);
        free(anim->weight_cursors[s]);
    }
    memset(anim, 0, sizeof *anim);
    anim->layer_clip = anim->additive_clip = -1;
}

bool animator_play(animator *anim, int clip, bool loop, double fade_seconds, fade_curve curve, bool phase_sync,
                   sa_error *err)
{
    return crossfade_switch(&anim->fade, anim->clips, anim->clip_count, clip, loop, fade_seconds, curve, phase_sync,
                            err);
}

bool animator_set_speed(animator *anim, int clip, double speed, sa_error *err)
{
    if (!isfinite(speed))
        return sa_error_set(err, "animator: speed %g is not a number", speed);
    for (int i = 0; i < anim->fade.count; i++)
        if (anim->fade.entry[i].clip == clip) {
            anim->fade.entry[i].speed = speed; /* the clock's own speed follows at the next frame */
            return true;
        }
    return sa_error_set(err, "animator: clip %d is not playing", clip);
}

/* A layer's or the additive's clip (-1: none) and weight. */
static bool extra_ok(const animator *anim, int clip, float weight, const char *what, sa_error *err)
{
    if (clip < -1 || clip >= anim->clip_count)
        return sa_error_set(err, "animator: %s clip %d is not one of the %d clips", what, clip, anim->clip_count);
    if (clip >= 0 && !(weight >= 0.0f && weight <= 1.0f))
        return sa_error_set(err, "animator: %s weight %g is not within 0 .. 1", what, (double)weight);
    return true;
}

bool animator_set_layer(animator *anim, int clip, const float *mask, float weight, sa_error *err)
{
    if (!extra_ok(anim, clip, weight, "layer", err))
        return false;
    for (int j = 0; clip >= 0 && j < anim->joint_count; j++)
        if (!(mask[j] >= 0.0f && mask[j] <= 1.0f))
            return sa_error_set(err, "animator: layer mask[%d] is %g, not within 0 .. 1", j, (double)mask[j]);
    if (clip >= 0) {
        memcpy(anim->layer_mask, mask, (size_t)anim->joint_count * sizeof *mask);
        weights_mask_from_clip(&anim->clips[clip], anim->layer_weight_mask);
        if (clip != anim->layer_clip)
            clip_clock_init(&anim->layer_clock, anim->clips[clip].duration, true);
        anim->layer_weight = weight;
    }
    anim->layer_clip = clip;
    return true;
}

bool animator_set_additive(animator *anim, int clip, const transform *reference, float weight, sa_error *err)
{
    if (!extra_ok(anim, clip, weight, "additive", err))
        return false;
    if (clip >= 0) {
        /* Checked in the working pose first, so that a bad reference leaves
         * the additive playing now as it was. */
        if (reference)
            memcpy(anim->scratch, reference, (size_t)anim->joint_count * sizeof *reference);
        else /* the clip's first frame: the clip then adds only how it moves from there */
            clip_sample(&anim->clips[clip], 0.0f, NULL, anim->scratch);
        for (int j = 0; j < anim->joint_count; j++)
            for (int i = 0; i < 3; i++)
                if (!(fabsf(anim->scratch[j].scale[i]) > 0.0f))
                    return sa_error_set(err, "animator: the additive reference's joint %d has scale 0 (a ratio of 0)",
                                        j);
        memcpy(anim->additive_reference, anim->scratch, (size_t)anim->joint_count * sizeof *anim->scratch);
        if (reference) /* a pose given: the weights' reference is the clip's rest */
            memcpy(anim->additive_reference_weights, anim->clips[clip].rest_weights,
                   (size_t)anim->weight_count * sizeof *anim->additive_reference_weights);
        else
            clip_sample_weights(&anim->clips[clip], 0.0f, NULL, anim->additive_reference_weights);
        if (clip != anim->additive_clip)
            clip_clock_init(&anim->additive_clock, anim->clips[clip].duration, true);
        anim->additive_weight = weight;
    }
    anim->additive_clip = clip;
    return true;
}

/* The events of a layer or the additive, after the fade's in fired[]. */
static int advance_extra(const animator *anim, clip_clock *clock, int index, float weight, double dt, int count,
                         fade_event *fired, int fired_capacity)
{
    if (index < 0)
        return count;
    const clip *c = &anim->clips[index];
    int events[16];
    int n = clip_clock_advance(clock, dt, c->events, c->event_count, events, 16);
    if (!(weight > 0.0f)) /* a clip of weight 0 plays on, silently */
        return count;
    for (int k = 0; k < n; k++, count++)
        if (k < 16 && count < fired_capacity)
            fired[count] = (fade_event){index, events[k]};
    return count;
}

/* [listing animator_frame] */
int animator_advance(animator *anim, double dt, fade_event *fired, int fired_capacity)
{
    crossfade_sync_speeds(&anim->fade);
    int count = crossfade_advance(&anim->fade, dt, anim->clips, fired, fired_capacity);
    count = advance_extra(anim, &anim->layer_clock, anim->layer_clip, anim->layer_weight, dt, count, fired,
                          fired_capacity);
    return advance_extra(anim, &anim->additive_clock, anim->additive_clip, anim->additive_weight, dt, count, fired,
                         fired_capacity);
}

void animator_pose(animator *anim, transform *pose)
{
    const crossfade *fade = &anim->fade;
    int n = anim->joint_count;
    /* The playing clips, oldest first: blending each into the running result
     * with its share of the weight so far gives every clip its own weight. */
    float so_far = 0.0f;
    for (int i = 0; i < fade->count; i++) {
        const fade_entry *e = &fade->entry[i];
        transform *into = i == 0 ? pose : anim->scratch;
        clip_sample(&anim->clips[e->clip], (float)e->clock.time, anim->cursors[e->slot], into);
        so_far += e->weight;
        if (i > 0)
            pose_blend(n, pose, anim->scratch, so_far > 0.0f ? e->weight / so_far : 0.0f, NULL, pose);
    }
    if (anim->layer_clip >= 0) {
        clip_sample(&anim->clips[anim->layer_clip], (float)anim->layer_clock.time, anim->cursors[CROSSFADE_MAX],
                    anim->scratch);
        pose_blend(n, pose, anim->scratch, anim->layer_weight, anim->layer_mask, pose);
    }
    if (anim->additive_clip >= 0) {
        clip_sample(&anim->clips[anim->additive_clip], (float)anim->additive_clock.time,
                    anim->cursors[CROSSFADE_MAX + 1], anim->scratch);
        pose_additive_delta(n, anim->additive_reference, anim->scratch, anim->scratch);
        pose_additive_apply(n, pose, anim->scratch, anim->additive_weight, pose);
    }
}
/* [/listing] */

/* [listing animator_weights] */
void animator_weights(animator *anim, float *weights)
{
    const crossfade *fade = &anim->fade;
    int n = anim->weight_count;
    float *other = anim->weight_scratch;
    /* As animator_pose, a number per weight where it has a transform per joint. */
    float so_far = 0.0f;
    for (int i = 0; i < fade->count; i++) {
        const fade_entry *e = &fade->entry[i];
        clip_sample_weights(&anim->clips[e->clip], (float)e->clock.time, anim->weight_cursors[e->slot],
                            i == 0 ? weights : other);
        so_far += e->weight;
        if (i > 0)
            weights_blend(n, weights, other, so_far > 0.0f ? e->weight / so_far : 0.0f, NULL, weights);
    }
    if (anim->layer_clip >= 0) {
        clip_sample_weights(&anim->clips[anim->layer_clip], (float)anim->layer_clock.time,
                            anim->weight_cursors[CROSSFADE_MAX], other);
        weights_blend(n, weights, other, anim->layer_weight, anim->layer_weight_mask, weights);
    }
    if (anim->additive_clip >= 0) {
        clip_sample_weights(&anim->clips[anim->additive_clip], (float)anim->additive_clock.time,
                            anim->weight_cursors[CROSSFADE_MAX + 1], other);
        weights_additive_apply(n, weights, anim->additive_reference_weights, other, anim->additive_weight, weights);
    }
}
/* [/listing] */
