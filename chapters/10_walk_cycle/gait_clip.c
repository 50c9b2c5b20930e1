/* gait_clip.c: the gait as a clip in chapter 08's form (chapter 10): its
 * keys at the key poses and evenly between, its contact events, its root
 * motion taken out (gait.c poses it). */
#include "walk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int compare_floats(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The clip's key phases, sorted: keys_per_cycle + 1 even steps (0 and 1
 * included), the eight key poses, the two toe-offs and the two heel-offs; an even step closer
 * than a thousandth of the cycle to a key pose gives way to it. Returns the
 * count (at most keys_per_cycle + 13). */
static int key_phases(const gait *g, float *out)
{
    int n = 0, even = g->params.keys_per_cycle;
    float special[12];
    for (int k = 0; k < 8; k++)
        special[k] = g->key_phase[k];
    for (int s = 0; s < 2; s++) {
        special[8 + s] = g->lift_phase[s];
        special[10 + s] = g->heel_off_phase[s];
    }
    for (int k = 0; k < 12; k++)
        out[n++] = special[k];
    for (int k = 0; k <= even; k++) {
        float phase = (float)k / (float)even;
        bool near = false;
        for (int s = 0; s < 12; s++)
            near = near || fabsf(phase - special[s]) < 1e-3f;
        if (!near || k == even)
            out[n++] = phase;
    }
    qsort(out, (size_t)n, sizeof *out, compare_floats);
    int unique = 0;
    for (int k = 0; k < n; k++)
        if (unique == 0 || out[k] > out[unique - 1])
            out[unique++] = out[k];
    return unique;
}

bool gait_make_clip(const gait *g, const char *name, clip *out, root_motion *rm, sa_error *err)
{
    memset(out, 0, sizeof *out);
    memset(rm, 0, sizeof *rm);
    float phases[1024 + 13], times[1024 + 13];
    int keys = key_phases(g, phases), n = g->joint_count;
    for (int k = 0; k < keys; k++)
        times[k] = phases[k] * g->period;
    times[keys - 1] = g->period; /* the loop's last key at the duration exactly */

    /* The joints that move, each with a rotation track; the pelvis also
     * with a translation track. */
    int moved[16] = {g->hips, g->spine_1, g->spine_3, g->neck}, moved_count = 4;
    for (int s = 0; s < 2; s++) {
        moved[moved_count++] = g->leg[s].toes;
        moved[moved_count++] = g->upper_arm[s];
        moved[moved_count++] = g->forearm[s];
        moved[moved_count++] = g->leg[s].thigh;
        moved[moved_count++] = g->leg[s].shin;
        moved[moved_count++] = g->leg[s].foot;
    }
    transform *poses = malloc((size_t)keys * (size_t)n * sizeof *poses);
    float *values = malloc((size_t)keys * 4 * sizeof *values);
    bool ok = poses && values;
    if (!ok)
        sa_error_set(err, "gait: out of memory");
    for (int k = 0; ok && k < keys; k++)
        gait_pose(g, phases[k], poses + (size_t)k * (size_t)n);
    ok = ok && clip_init(out, name, n, g->rest_local, err);
    for (int k = 0; ok && k < keys; k++)
        glm_vec3_copy(poses[(size_t)k * (size_t)n + (size_t)g->hips].translation, &values[3 * k]);
    ok = ok && clip_add_track(out, g->hips, TRACK_TRANSLATION, TRACK_LINEAR, keys, times, values, err);
    for (int m = 0; ok && m < moved_count; m++) {
        int j = moved[m];
        if (j < 0)
            continue;
        for (int k = 0; k < keys; k++) {
            const float *q = poses[(size_t)k * (size_t)n + (size_t)j].rotation;
            /* the same hemisphere as the key before: slerp never takes the long way */
            float sign = 1;
            if (k > 0) {
                const float *prev = &values[4 * (k - 1)];
                if (prev[0] * q[0] + prev[1] * q[1] + prev[2] * q[2] + prev[3] * q[3] < 0)
                    sign = -1;
            }
            for (int i = 0; i < 4; i++)
                values[4 * k + i] = sign * q[i];
        }
        ok = clip_add_track(out, j, TRACK_ROTATION, TRACK_LINEAR, keys, times, values, err);
    }
    free(poses);
    free(values);
    /* [listing contact_events] */
    /* Each foot's stance, from its contact key to its toe-off key, as events
     * that chapter 08's clock reports. */
    ok = ok && clip_add_event(out, "left_down", 0, err) &&
         clip_add_event(out, "left_up", g->lift_phase[GAIT_LEFT] * g->period, err) &&
         clip_add_event(out, "right_down", 0.5f * g->period, err) &&
         clip_add_event(out, "right_up", g->lift_phase[GAIT_RIGHT] * g->period, err) &&
         clip_add_event(out, "left_heel_off", g->heel_off_phase[GAIT_LEFT] * g->period, err) &&
         clip_add_event(out, "right_heel_off", g->heel_off_phase[GAIT_RIGHT] * g->period, err);
    /* [/listing] */
    ok = ok && root_motion_from_clip(out, g->hips, rm, err);
    if (!ok) {
        clip_free(out);
        root_motion_free(rm);
    }
    return ok;
}
