/* root_motion.c: root motion taken out of a clip and put on the character's
 * root (chapter 10). The extraction itself is exercise ex10.1
 * (root_motion_extract.c). */
#include "walk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void root_motion_free(root_motion *rm)
{
    free(rm->times);
    free(rm->travel);
    memset(rm, 0, sizeof *rm);
}

bool root_motion_from_clip(clip *c, int pelvis, root_motion *rm, sa_error *err)
{
    memset(rm, 0, sizeof *rm);
    track *tr = NULL;
    for (int t = 0; t < c->track_count; t++)
        if (c->tracks[t].joint == pelvis && c->tracks[t].path == TRACK_TRANSLATION)
            tr = &c->tracks[t];
    if (!tr)
        return sa_error_set(err, "root motion: clip '%s' has no translation track for joint %d", c->name, pelvis);
    if (tr->interpolation != TRACK_LINEAR)
        return sa_error_set(err, "root motion: clip '%s': the pelvis translation track must be LINEAR", c->name);
    /* A whole loop: the travel from the first key to the last is what one
     * wrap adds, so the track must span the clip. */
    float last = tr->times[tr->key_count - 1];
    if (tr->times[0] != 0 || fabsf(last - c->duration) > 1e-6f * fmaxf(1, c->duration))
        return sa_error_set(err,
                            "root motion: clip '%s': the pelvis track runs from %g s to %g s, not over the whole "
                            "clip (0 to %g s)",
                            c->name, (double)tr->times[0], (double)last, (double)c->duration);
    rm->key_count = tr->key_count;
    rm->duration = c->duration;
    rm->times = malloc((size_t)tr->key_count * sizeof *rm->times);
    rm->travel = malloc((size_t)tr->key_count * 3 * sizeof *rm->travel);
    if (!rm->times || !rm->travel) {
        root_motion_free(rm);
        return sa_error_set(err, "root motion: out of memory");
    }
    memcpy(rm->times, tr->times, (size_t)tr->key_count * sizeof *rm->times);
    root_motion_extract(tr->key_count, tr->values, tr->values, rm->travel, rm->loop_offset);
    return true;
}

void root_motion_at(const root_motion *rm, float t, float out[3])
{
    if (rm->key_count == 1) {
        glm_vec3_copy(rm->travel, out);
        return;
    }
    int k = track_find_key(rm->key_count, rm->times, t);
    float u = (t - rm->times[k]) / (rm->times[k + 1] - rm->times[k]);
    u = glm_clamp(u, 0, 1);
    for (int i = 0; i < 3; i++)
        out[i] = rm->travel[3 * k + i] + u * (rm->travel[3 * (k + 1) + i] - rm->travel[3 * k + i]);
}

/* [listing root_motion_advance] */
void root_motion_advance(const root_motion *rm, double from, double advance, float out[3])
{
    double d = rm->duration;
    if (!(d > 0)) {
        out[0] = out[1] = out[2] = 0;
        return;
    }
    /* laps counted from the start of the clip: one loop offset per wrap
     * forward, minus one per wrap backward */
    double to = from + advance, from_laps = floor(from / d), to_laps = floor(to / d);
    float a[3], b[3];
    root_motion_at(rm, (float)(from - from_laps * d), a);
    root_motion_at(rm, (float)(to - to_laps * d), b);
    float wraps = (float)(to_laps - from_laps);
    for (int i = 0; i < 3; i++)
        out[i] = b[i] - a[i] + wraps * rm->loop_offset[i];
}
/* [/listing] */

void root_motion_turn(const float clip_delta[3], float heading, float world_delta[3])
{
    /* about +Y: heading 0 leaves +Z as it is, pi / 2 turns it to +X */
    float c = cosf(heading), s = sinf(heading), x = clip_delta[0], z = clip_delta[2];
    world_delta[0] = c * x + s * z;
    world_delta[1] = clip_delta[1];
    world_delta[2] = -s * x + c * z;
}

void root_world_from_model(const float position[3], float heading, mat4 out)
{
    float c = cosf(heading), s = sinf(heading);
    glm_mat4_identity(out);
    out[0][0] = c; /* the model's +X */
    out[0][2] = -s;
    out[2][0] = s; /* the model's +Z, its forward */
    out[2][2] = c;
    out[3][0] = position[0];
    out[3][1] = position[1];
    out[3][2] = position[2];
}
