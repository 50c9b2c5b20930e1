/* crossfade_state.c: ch09_crossfade's file, skeletons, clips and pose (see
 * crossfade_state.h). */
#include "crossfade_state.h"

#include <math.h>
#include <stdlib.h>

void state_free(program_state *st)
{
    free(st->other), free(st->mask), free(st->other_weights);
    clips_free(st->clips, st->v.doc.animation_count);
    animated_view_free(&st->v);
}

bool state_load(program_state *st, const char *path, bool decode_images, sa_error *err)
{
    if (!animated_view_load(&st->v, path, decode_images, err))
        return false;
    if (!clips_from_gltf(&st->v.doc, &st->v.all, &st->clips, err))
        return sa_error_prefix(err, "%s", path);
    size_t n = (size_t)st->v.all.joint_count + 1;
    st->other = malloc(n * sizeof *st->other);
    st->mask = malloc(n * sizeof *st->mask);
    st->other_weights = malloc(((size_t)st->v.sc.morph_weight_count + 1) * sizeof *st->other_weights);
    if (!st->other || !st->mask || !st->other_weights)
        return sa_error_set(err, "out of memory");
    return true;
}

float wrapped_time(double t, const clip *c)
{
    double d = c->duration;
    return d > 0.0 ? (float)fmod(fmod(t, d) + d, d) : 0.0f;
}
