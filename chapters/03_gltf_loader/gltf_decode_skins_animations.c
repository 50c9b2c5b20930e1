/* gltf_decode_skins_animations.c: step 5 of the load (decoding) for what
 * moves a mesh: each skin's inverse bind matrices (joint_from_model_bind)
 * and each animation sampler's key times and values.
 *
 * Supports: a skin without inverseBindMatrices (identities); every matrix and
 * value finite; key times finite, >= 0 and strictly increasing (the spec's
 * rule), so that a key search can rely on them. Values are decoded to floats
 * as the accessor says.
 * Does not: check that a matrix is invertible or affine (chapter 05 does);
 * normalize rotations.
 */
#include "gltf_steps.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool gltf_decode_skins_and_animations(loader *L)
{
    gltf_document *doc = L->doc;
    char path[96];
    for (int i = 0; i < doc->skin_count; i++) {
        gltf_skin *s = &doc->skins[i];
        snprintf(path, sizeof path, "skins[%d].inverseBindMatrices", i);
        if (!(s->joint_from_model_bind = malloc((size_t)s->joint_count * sizeof *s->joint_from_model_bind)))
            return sa_error_set(L->err, "%s: out of memory", path);
        if (s->inverse_bind_matrices < 0) {
            for (int j = 0; j < s->joint_count; j++) {
                memset(s->joint_from_model_bind[j], 0, sizeof s->joint_from_model_bind[j]);
                for (int d = 0; d < 4; d++)
                    s->joint_from_model_bind[j][d * 5] = 1.0f;
            }
            continue;
        }
        size_t count = L->doc->accessors[s->inverse_bind_matrices].count;
        if (!gltf_within_decode_limit(L, count, path))
            return false;
        float *all = malloc(count * 16 * sizeof(float));
        if (!all)
            return sa_error_set(L->err, "%s: out of memory", path);
        if (!gltf_accessor_unpack_floats(doc, s->inverse_bind_matrices, all, L->err)) {
            free(all);
            return gltf_fail_accessor(L, path);
        }
        memcpy(s->joint_from_model_bind, all, (size_t)s->joint_count * 16 * sizeof(float));
        free(all);
        for (size_t v = 0; v < (size_t)s->joint_count * 16; v++)
            if (!isfinite(s->joint_from_model_bind[v / 16][v % 16]))
                return sa_error_set(L->err, "%s: matrix %zu is not finite", path, v / 16);
    }
    for (int i = 0; i < doc->animation_count; i++) {
        gltf_animation *anim = &doc->animations[i];
        for (int k = 0; k < anim->sampler_count; k++) {
            gltf_animation_sampler *s = &anim->samplers[k];
            snprintf(path, sizeof path, "animations[%d].samplers[%d]", i, k);
            if (!gltf_within_decode_limit(L, s->key_count + s->value_count, path))
                return false;
            if (!(s->times = malloc(s->key_count * sizeof(float))) ||
                !(s->values = malloc(s->value_count * (size_t)s->components * sizeof(float))))
                return sa_error_set(L->err, "%s: out of memory", path);
            if (!gltf_accessor_unpack_floats(doc, s->input, s->times, L->err))
                return sa_error_prefix(L->err, "%s.input", path);
            if (!gltf_accessor_unpack_floats(doc, s->output, s->values, L->err))
                return sa_error_prefix(L->err, "%s.output", path);
            for (size_t v = 0; v < s->value_count * (size_t)s->components; v++)
                if (!isfinite(s->values[v]))
                    return sa_error_set(L->err, "%s.output: value %zu is not a finite number", path,
                                        v / (size_t)s->components);
            /* The spec asks for time[0] >= 0 and time[n + 1] > time[n]: the
             * key search needs times that never go back, and interpolating
             * between two keys at the same time would divide by zero. */
            for (size_t t = 0; t < s->key_count; t++)
                if (!isfinite(s->times[t]) || s->times[t] < 0 || (t > 0 && s->times[t] <= s->times[t - 1]))
                    return sa_error_set(L->err,
                                        "%s.input: key %zu: time %g is not finite, negative or not after the "
                                        "key before",
                                        path, t, (double)s->times[t]);
        }
    }
    return true;
}
