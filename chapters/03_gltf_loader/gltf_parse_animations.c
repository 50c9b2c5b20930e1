/* gltf_parse_animations.c: step 2 of the load (JSON -> structs) for
 * animations, in one function: their samplers and channels, each checked
 * against the accessors it names.
 *
 * Supports: interpolation LINEAR (the default), STEP and CUBICSPLINE (three
 * values a key, at least two keys); target paths translation, rotation,
 * scale and weights; inputs of SCALAR floats; outputs whose type fits the
 * path and whose count fits the keys. The key times and values are decoded
 * later (gltf_decode_skins_animations.c).
 * extras.events ([{"name", "time"}], chapter 08's clip events) are read;
 * other extras are ignored.
 * Does not: decode `weights` (morph target) channels any further than that.
 */
#include "gltf_steps.h"

#include <stdio.h>
#include <stdlib.h>

bool gltf_parse_animations(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    static const char *const interpolations[] = {"LINEAR", "STEP", "CUBICSPLINE"};
    static const char *const paths[] = {"translation", "rotation", "scale", "weights"};
    for (int i = 0; i < doc->animation_count; i++) {
        const json_value *o = gltf_item(L, root, "animations", i);
        gltf_animation *anim = &doc->animations[i];
        char path[96];
        snprintf(path, sizeof path, "animations[%d]", i);
        if (!gltf_get_string(L, o, "name", path, &anim->name))
            return false;
        const json_value *samplers = json_object_get(o, "samplers"), *channels = json_object_get(o, "channels");
        if (!samplers || samplers->kind != JSON_ARRAY || !channels || channels->kind != JSON_ARRAY)
            return sa_error_set(L->err, "%s: needs the arrays samplers and channels", path);
        if ((samplers->count && !(anim->samplers = calloc(samplers->count, sizeof *anim->samplers))) ||
            (channels->count && !(anim->channels = calloc(channels->count, sizeof *anim->channels))))
            return sa_error_set(L->err, "%s: out of memory", path);
        anim->sampler_count = (int)samplers->count;
        anim->channel_count = (int)channels->count;
        /* extras.events (chapter 08): extras is free-form, but events that
         * are there must be [{"name": string, "time": number >= 0}]. */
        const json_value *extras = json_object_get(o, "extras");
        const json_value *events = extras ? json_object_get(extras, "events") : NULL;
        if (events && events->kind != JSON_ARRAY)
            return gltf_type_error(L, path, "extras.events", "an array", events);
        if (events && events->count) {
            if (!(anim->events = calloc(events->count, sizeof *anim->events)))
                return sa_error_set(L->err, "%s.extras.events: out of memory", path);
            anim->event_count = (int)events->count;
            for (int e = 0; e < anim->event_count; e++) {
                const json_value *eo = &events->as.items[e], *time;
                char event_path[128];
                snprintf(event_path, sizeof event_path, "%s.extras.events[%d]", path, e);
                if (eo->kind != JSON_OBJECT)
                    return gltf_type_error(L, event_path, NULL, "an object", eo);
                if (!gltf_get_string(L, eo, "name", event_path, &anim->events[e].name))
                    return false;
                if (!anim->events[e].name)
                    return sa_error_set(L->err, "%s.name: missing (required)", event_path);
                if (!(time = json_object_get(eo, "time")) || time->kind != JSON_NUMBER || !(time->number >= 0) ||
                    time->number > 3.4e38)
                    return sa_error_set(L->err, "%s.time: missing or not a number >= 0", event_path);
                anim->events[e].time = (float)time->number;
            }
        }
        for (int k = 0; k < anim->sampler_count; k++) {
            const json_value *so = &samplers->as.items[k];
            gltf_animation_sampler *s = &anim->samplers[k];
            snprintf(path, sizeof path, "animations[%d].samplers[%d]", i, k);
            if (so->kind != JSON_OBJECT)
                return gltf_type_error(L, path, NULL, "an object", so);
            if (!gltf_get_required_index(L, so, "input", path, doc->accessor_count, &s->input) ||
                !gltf_get_required_index(L, so, "output", path, doc->accessor_count, &s->output))
                return false;
            const json_value *interp = json_object_get(so, "interpolation");
            s->interpolation = GLTF_LINEAR;
            if (interp) {
                int found = -1;
                for (int t = 0; t < 3; t++)
                    if (gltf_string_is(interp, interpolations[t]))
                        found = t;
                if (found < 0)
                    return sa_error_set(L->err, "%s.interpolation: not LINEAR, STEP or CUBICSPLINE", path);
                s->interpolation = (gltf_interpolation)found;
            }
            const gltf_accessor *in = &doc->accessors[s->input], *out = &doc->accessors[s->output];
            if (in->type != GLTF_SCALAR || in->component_type != GLTF_FLOAT)
                return sa_error_set(L->err, "%s.input: accessors[%d] must be SCALAR floats (key times)", path,
                                    s->input);
            size_t per_key = s->interpolation == GLTF_CUBICSPLINE ? 3 : 1;
            if (s->interpolation == GLTF_CUBICSPLINE && in->count < 2)
                return sa_error_set(L->err, "%s.input: CUBICSPLINE needs at least 2 keys, accessors[%d] has %zu", path,
                                    s->input, in->count);
            if (out->count % (in->count * per_key) != 0 || out->count < in->count * per_key)
                return sa_error_set(L->err, "%s.output: accessors[%d] has %zu values for %zu keys%s", path, s->output,
                                    out->count, in->count, per_key == 3 ? " (CUBICSPLINE needs 3 per key)" : "");
            s->key_count = in->count;
            s->value_count = out->count;
            s->components = gltf_type_components(out->type);
        }
        for (int k = 0; k < anim->channel_count; k++) {
            const json_value *co = &channels->as.items[k], *target;
            gltf_channel *c = &anim->channels[k];
            snprintf(path, sizeof path, "animations[%d].channels[%d]", i, k);
            if (co->kind != JSON_OBJECT)
                return gltf_type_error(L, path, NULL, "an object", co);
            if (!gltf_get_required_index(L, co, "sampler", path, anim->sampler_count, &c->sampler) ||
                !gltf_get_object(L, co, "target", path, &target))
                return false;
            if (!target)
                return sa_error_set(L->err, "%s.target: missing (required)", path);
            snprintf(path, sizeof path, "animations[%d].channels[%d].target", i, k);
            if (!gltf_get_index(L, target, "node", path, doc->node_count, &c->target_node))
                return false;
            const json_value *p = json_object_get(target, "path");
            int found = -1;
            for (int t = 0; t < 4; t++)
                if (gltf_string_is(p, paths[t]))
                    found = t;
            if (found < 0)
                return sa_error_set(L->err, "%s.path: missing or not translation, rotation, scale or weights", path);
            c->target_path = (gltf_path)found;
            const gltf_animation_sampler *s = &anim->samplers[c->sampler];
            size_t per_key = s->interpolation == GLTF_CUBICSPLINE ? 3 : 1;
            int want = c->target_path == GLTF_PATH_ROTATION ? 4 : c->target_path == GLTF_PATH_WEIGHTS ? 1 : 3;
            if (s->components != want)
                return sa_error_set(L->err, "%s.path: %s needs %s output, samplers[%d] has %d components", path,
                                    paths[found],
                                    want == 4   ? "VEC4"
                                    : want == 3 ? "VEC3"
                                                : "SCALAR",
                                    c->sampler, s->components);
            if (want != 1 && s->value_count != s->key_count * per_key)
                return sa_error_set(L->err, "%s: samplers[%d] has %zu values for %zu keys (needs %zu)", path,
                                    c->sampler, s->value_count, s->key_count, s->key_count * per_key);
        }
    }
    return true;
}
