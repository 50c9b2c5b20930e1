/* check_fade.c: ch09_crossfade --check-fade, switches between clips
 * simulated at 60 Hz with no window: the weights' sum, pops at a switch and
 * events fired twice (see crossfade_modes.h). */
#include "crossfade_modes.h"

#include "common/app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_DT (1.0 / 60.0)
#define CHECK_FRAMES 600

/* The switches of the check: (frame, clip, seconds, curve, phase sync); a
 * switch inside a fade, back to a clip still fading out, and a phase-synced
 * fade to a clip of another length (the humanoid's idle lasts 4 s, its
 * wave 2 s). */
typedef struct check_switch {
    int frame, clip;
    double seconds;
    fade_curve curve;
    bool sync;
} check_switch;

/* What a run saw: the weights' sum error, the largest move of any node
 * between two frames (over all frames, and over the frames without a switch
 * just before them), events fired twice. */
typedef struct fade_stats {
    double max_sum_error, max_jump, max_jump_without_switch;
    int fired_twice;
} fade_stats;

static void model_positions(program_state *st, vec3 *out)
{
    animated_view_place(&st->v, NULL);
    for (int j = 0; j < st->v.all.joint_count; j++)
        glm_vec3_copy(st->v.model_from_node[j][3], out[j]);
}

/* The clock time of clip c's entry in the fade, or NAN when it is not playing. */
static double clip_time(const crossfade *fade, int c)
{
    for (int i = 0; i < fade->count; i++)
        if (fade->entry[i].clip == c)
            return fade->entry[i].clock.time;
    return NAN;
}

/* cut: every switch at once (0 s) instead of its fade, --cut's pops. */
static bool simulate(program_state *st, const clip *list, int clips, const check_switch *switches, int switch_count,
                     bool cut, fade_stats *stats, sa_error *err)
{
    int n = st->v.all.joint_count, events = 1;
    for (int c = 0; c < clips; c++)
        events = list[c].event_count > events ? list[c].event_count : events;
    animator anim = {0};
    vec3 *last = malloc((size_t)(n + 1) * sizeof *last), *now = malloc((size_t)(n + 1) * sizeof *now);
    /* since[c * events + e]: the clip seconds clip c played since its event e
     * last fired, and step[...] how far its clock went in that frame (frames
     * are steps: the next lap's crossing may end up to that much sooner);
     * before[c], moved[c]: its clock at the frame's start, how far it went. */
    double *since = malloc((size_t)(clips * events) * sizeof *since),
           *step = malloc((size_t)(clips * events) * sizeof *step);
    double *before = malloc((size_t)clips * sizeof *before), *moved = malloc((size_t)clips * sizeof *moved);
    bool allocated = last && now && since && step && before && moved;
    bool ok = allocated && animator_init(&anim, list, clips, switches[0].clip, true, err);
    *stats = (fade_stats){0};
    for (int i = 0; ok && i < clips * events; i++)
        since[i] = INFINITY, step[i] = 0.0;
    for (int frame = 0, next = 1; ok && frame < CHECK_FRAMES; frame++) {
        bool switched = next < switch_count && switches[next].frame == frame;
        for (; ok && next < switch_count && switches[next].frame == frame; next++) {
            int c = switches[next].clip;
            for (int e = 0; isnan(clip_time(&anim.fade, c)) && e < events; e++)
                since[c * events + e] = INFINITY; /* a new play of the clip */
            double seconds = cut ? 0.0 : switches[next].seconds;
            ok = animator_play(&anim, c, true, seconds, switches[next].curve, switches[next].sync, err);
        }
        for (int c = 0; c < clips; c++)
            before[c] = clip_time(&anim.fade, c);
        fade_event fired[32];
        int count = animator_advance(&anim, CHECK_DT, fired, 32);
        for (int c = 0; c < clips; c++) { /* how far its clock went, forward across the wrap */
            double d = list[c].duration, after = clip_time(&anim.fade, c);
            moved[c] = d > 0.0 && !isnan(before[c]) && !isnan(after) ? fmod(after - before[c] + d, d) : 0.0;
            for (int e = 0; e < events; e++)
                since[c * events + e] += moved[c];
        }
        for (int k = 0; k < count && k < 32; k++) {
            int c = fired[k].clip, at = c * events + fired[k].event;
            if (since[at] < list[c].duration - step[at] - 1e-9) /* again before a whole lap of its clip */
                stats->fired_twice++;
            since[at] = 0.0;
            step[at] = moved[c];
        }
        float sum = 0.0f;
        for (int i = 0; i < anim.fade.count; i++)
            sum += anim.fade.entry[i].weight;
        stats->max_sum_error = fmax(stats->max_sum_error, fabs(sum - 1.0));
        animator_pose(&anim, st->v.pose);
        model_positions(st, now);
        double jump = 0.0;
        for (int j = 0; frame > 0 && j < n; j++)
            jump = fmax(jump, glm_vec3_distance(last[j], now[j]));
        stats->max_jump = fmax(stats->max_jump, jump);
        if (!switched)
            stats->max_jump_without_switch = fmax(stats->max_jump_without_switch, jump);
        memcpy(last, now, (size_t)n * sizeof *now);
    }
    animator_free(&anim); /* safe after a failed or skipped init: it was zeroed */
    free(last), free(now), free(since), free(step), free(before), free(moved);
    return allocated ? ok : sa_error_set(err, "out of memory");
}

/* [listing check_fade] */
int check_fade_run(program_state *st, const char *path, bool cut)
{
    sa_error err;
    int clips = st->v.doc.animation_count, a = 0, b = clips > 1 ? 1 : 0, still = clips;
    /* Markers for the events check where the file has none: a quarter apart. */
    for (int c = 0; c < clips; c++)
        for (int k = 0; st->clips[c].event_count == 0 && st->clips[c].duration > 0.0f && k < 4; k++)
            if (!clip_add_event(&st->clips[c], "mark", (0.1f + 0.25f * (float)k) * st->clips[c].duration, &err))
                return app_fail(&err);
    /* The file's clips plus one more, the rest pose standing still (and the
     * file's rest morph weights, so that it shares the scene's weights with
     * the others: animator_init), so that a fade can be interrupted by a
     * third clip. */
    clip *list = malloc((size_t)(clips + 1) * sizeof *list);
    morph_weights_default(&st->v.doc, st->v.sc.morph_weight_start, st->other_weights);
    if (!list || !clip_init(&list[still], "rest", st->v.all.joint_count, st->v.all.rest_local, &err) ||
        !clip_init_weights(&list[still], st->v.sc.morph_weight_count, st->other_weights, &err)) {
        if (list)
            clip_free(&list[still]);
        free(list);
        return app_fail(&err);
    }
    memcpy(list, st->clips, (size_t)clips * sizeof *list);
    /* Switches in and out of fades, back to clips still fading out, a third
     * clip in the middle, and phase-synced fades between clips of other
     * lengths (the humanoid's idle lasts 4 s, its wave 2 s). */
    const check_switch switches[] = {
        {0, a, 0, FADE_LINEAR, false},         {60, b, 0.5, FADE_LINEAR, false},
        {75, a, 0.4, FADE_SMOOTHSTEP, false},  {84, still, 0.3, FADE_LINEAR, false},
        {90, b, 0.5, FADE_LINEAR, false},      {200, a, 0.6, FADE_SMOOTHSTEP, true},
        {330, b, 0.5, FADE_LINEAR, true},      {345, a, 0.5, FADE_SMOOTHSTEP, true},
        {450, b, 0.4, FADE_LINEAR, false},     {455, still, 0.4, FADE_LINEAR, false},
        {460, a, 0.4, FADE_SMOOTHSTEP, false},
    };
    fade_stats with;
    bool ok = simulate(st, list, clips + 1, switches, (int)(sizeof switches / sizeof *switches), cut, &with, &err);
    clip_free(&list[still]);
    free(list);
    if (!ok) {
        sa_error_prefix(&err, "%s", path);
        return app_fail(&err);
    }
    /* A pop is a move at the frame of a switch larger than any move between
     * frames without one (the fades themselves included: a fade of 0.3 s
     * from idle to wave moves the arm faster than either clip does). */
    double without = with.max_jump_without_switch;
    double ratio = without > 0.0 ? with.max_jump / without : with.max_jump > 0.0 ? INFINITY : 1.0;
    printf("max_weight_sum_error: %.3g\nmax_pose_jump: %.3f\nevents_fired_twice: %d\n", with.max_sum_error, ratio,
           with.fired_twice);
    /* Each defect also as one line on stderr, saying which limit it broke
     * (after the three lines, also where stdout is a pipe). */
    fflush(stdout);
    if (with.max_sum_error > 1e-6)
        fprintf(stderr, "error: %s: the weights' sum is off 1 by %.3g (over 1e-6)\n", path, with.max_sum_error);
    if (ratio > 1.5)
        fprintf(stderr,
                "error: %s: a switch moves a joint %.3f times as far as any frame without one: a pop (over "
                "1.5)\n",
                path, ratio);
    if (with.fired_twice > 0)
        fprintf(stderr, "error: %s: %d events fired again before a whole lap of their clip\n", path, with.fired_twice);
    return with.max_sum_error > 1e-6 || ratio > 1.5 || with.fired_twice > 0 ? 1 : 0;
}
/* [/listing] */
