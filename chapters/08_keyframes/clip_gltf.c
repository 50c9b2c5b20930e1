/* clip_gltf.c: clips from a loaded glTF document (chapter 08). */
#include "clip_gltf.h"

#include "chapters/06_cpu_skinning/skinning_gltf.h"

#include <stdlib.h>
#include <string.h>

/* The output types the spec allows for a path (glTF 2.0, 3.11, the table of
 * animation sampler outputs): floats, and for rotations and weights
 * normalized (u)int8 / (u)int16 too (quantizing tools write those; the
 * loader has decoded them to floats). Translations and scales are floats
 * only: KHR_mesh_quantization widens mesh and morph target attributes, not
 * animation outputs, so an integer translation is refused, not read as a
 * number of metres. */
static bool output_type_allowed(const gltf_accessor *a, gltf_path path)
{
    if (a->component_type == GLTF_FLOAT)
        return true;
    bool small = a->component_type == GLTF_BYTE || a->component_type == GLTF_UNSIGNED_BYTE ||
                 a->component_type == GLTF_SHORT || a->component_type == GLTF_UNSIGNED_SHORT;
    return small && (path == GLTF_PATH_ROTATION || path == GLTF_PATH_WEIGHTS) && a->normalized;
}

/* [listing weights_channel] */
/* A `weights` channel: the output holds one weight per morph target of the
 * node's mesh for each key (three for CUBICSPLINE), which the loader could
 * not check (it reads channels before it knows which mesh a node has). */
static bool add_weights_channel(const gltf_document *doc, int index, int k, const int *weight_start, clip *out,
                                sa_error *err)
{
    const gltf_channel *ch = &doc->animations[index].channels[k];
    const gltf_animation_sampler *s = &doc->animations[index].samplers[ch->sampler];
    int node = ch->target_node, start = weight_start[node];
    if (start < 0)
        return sa_error_set(err, "animations[%d].channels[%d].target: nodes[%d] has no mesh with morph targets", index,
                            k, node);
    int targets = doc->meshes[doc->nodes[node].mesh].target_count;
    size_t per_key = s->interpolation == GLTF_CUBICSPLINE ? 3 : 1;
    if (s->value_count != s->key_count * per_key * (size_t)targets)
        return sa_error_set(err,
                            "animations[%d].samplers[%d].output: accessors[%d] has %zu values for %zu keys, but "
                            "nodes[%d]'s mesh has %d morph targets (needs %zu%s)",
                            index, ch->sampler, s->output, s->value_count, s->key_count, node, targets,
                            s->key_count * per_key * (size_t)targets, per_key == 3 ? ": 3 per key and target" : "");
    static const track_interpolation modes[] =
        {[GLTF_LINEAR] = TRACK_LINEAR, [GLTF_STEP] = TRACK_STEP, [GLTF_CUBICSPLINE] = TRACK_CUBICSPLINE};
    if (!clip_add_weight_track(out, start, targets, modes[s->interpolation], (int)s->key_count, s->times, s->values,
                               err))
        return sa_error_prefix(err, "animations[%d].channels[%d] (samplers[%d])", index, k, ch->sampler);
    return true;
}
/* [/listing] */

/* The scene's morph weights (chapter 06's layout) and their defaults, into
 * the clip; weight_start[node_count] gets the layout. */
static bool init_weights(const gltf_document *doc, int *weight_start, clip *out, sa_error *err)
{
    int count = morph_weight_layout(doc, weight_start);
    float *rest = malloc(((size_t)count + 1) * sizeof *rest);
    if (!rest)
        return sa_error_set(err, "out of memory");
    morph_weights_default(doc, weight_start, rest);
    bool ok = clip_init_weights(out, count, rest, err);
    free(rest);
    return ok;
}

static bool build_clip(const gltf_document *doc, int index, const skeleton *nodes, clip *out, int *weight_start,
                       sa_error *err)
{
    const gltf_animation *anim = &doc->animations[index];
    if (!clip_init(out, anim->name, nodes->joint_count, nodes->rest_local, err) ||
        !init_weights(doc, weight_start, out, err))
        return sa_error_prefix(err, "animations[%d]", index);
    /* The duration counts every sampler, also those of ignored channels. */
    for (int k = 0; k < anim->sampler_count; k++) {
        const gltf_animation_sampler *s = &anim->samplers[k];
        if (s->key_count > 0 && s->times[s->key_count - 1] > out->duration)
            out->duration = s->times[s->key_count - 1];
    }
    for (int k = 0; k < anim->channel_count; k++) {
        const gltf_channel *ch = &anim->channels[k];
        if (ch->target_node < 0)
            continue;
        const gltf_animation_sampler *s = &anim->samplers[ch->sampler];
        const gltf_accessor *output = &doc->accessors[s->output];
        if (s->key_count > 2147483647u / 3)
            return sa_error_set(err, "animations[%d].samplers[%d]: too many keys", index, ch->sampler);
        if (ch->target_path == GLTF_PATH_WEIGHTS && output_type_allowed(output, ch->target_path)) {
            if (!add_weights_channel(doc, index, k, weight_start, out, err))
                return false;
            continue;
        }
        if (!output_type_allowed(output, ch->target_path))
            return sa_error_set(err,
                                "animations[%d].samplers[%d].output: accessors[%d]: componentType %d%s is not "
                                "allowed for %s",
                                index, ch->sampler, s->output, (int)output->component_type,
                                output->normalized ? " (normalized)" : "",
                                ch->target_path == GLTF_PATH_ROTATION      ? "a rotation (float or normalized integers)"
                                : ch->target_path == GLTF_PATH_WEIGHTS     ? "weights (float or normalized integers)"
                                : ch->target_path == GLTF_PATH_TRANSLATION ? "a translation (float only)"
                                                                           : "a scale (float only)");
        static const track_path paths[] = {TRACK_TRANSLATION, TRACK_ROTATION, TRACK_SCALE};
        static const track_interpolation modes[] =
            {[GLTF_LINEAR] = TRACK_LINEAR, [GLTF_STEP] = TRACK_STEP, [GLTF_CUBICSPLINE] = TRACK_CUBICSPLINE};
        int joint = nodes->joint_of_node[ch->target_node];
        if (!clip_add_track(out, joint, paths[ch->target_path], modes[s->interpolation], (int)s->key_count, s->times,
                            s->values, err))
            return sa_error_prefix(err, "animations[%d].channels[%d] (samplers[%d])", index, k, ch->sampler);
    }
    for (int e = 0; e < anim->event_count; e++)
        if (!clip_add_event(out, anim->events[e].name, anim->events[e].time, err))
            return sa_error_prefix(err, "animations[%d].extras.events[%d]", index, e);
    return true;
}

/* A clip that fails half-way is freed here, so that an error leaves
 * nothing for the caller to clean up (found by fuzz_clip). */
bool clip_from_gltf(const gltf_document *doc, int index, const skeleton *nodes, clip *out, sa_error *err)
{
    int *weight_start = malloc(((size_t)doc->node_count + 1) * sizeof *weight_start); /* the layout */
    if (!weight_start) {
        memset(out, 0, sizeof *out);
        return sa_error_set(err, "out of memory");
    }
    bool ok = build_clip(doc, index, nodes, out, weight_start, err);
    free(weight_start);
    if (!ok)
        clip_free(out);
    return ok;
}

bool clips_from_gltf(const gltf_document *doc, const skeleton *nodes, clip **out, sa_error *err)
{
    *out = calloc((size_t)doc->animation_count + 1, sizeof **out);
    if (!*out)
        return sa_error_set(err, "out of memory");
    for (int i = 0; i < doc->animation_count; i++)
        if (!clip_from_gltf(doc, i, nodes, &(*out)[i], err)) {
            clips_free(*out, i);
            *out = NULL;
            return false;
        }
    return true;
}

void clips_free(clip *clips, int count)
{
    if (!clips)
        return;
    for (int i = 0; i < count; i++)
        clip_free(&clips[i]);
    free(clips);
}

int clip_find(const clip *clips, int count, const char *option, const char *name_or_index, sa_error *err)
{
    if (count == 0)
        return sa_error_set(err, "%s: the file has no animation", option), -1;
    for (int i = 0; i < count; i++)
        if (strcmp(clips[i].name, name_or_index) == 0)
            return i;
    char *end;
    long index = strtol(name_or_index, &end, 10);
    bool number = name_or_index[0] && *end == '\0';
    if (number && index >= 0 && index < count)
        return (int)index;
    if (number)
        return sa_error_set(err, "%s: %s is out of range (%d clips)", option, name_or_index, count), -1;
    return sa_error_set(err, "%s: no clip is called '%s' (--list-clips lists them)", option, name_or_index), -1;
}

void clips_write_list(const gltf_document *doc, const clip *clips, FILE *out)
{
    for (int i = 0; i < doc->animation_count; i++) {
        fprintf(out, "%d ", i);
        clip_write_name(&clips[i], out);
        fprintf(out, " %.9g %d\n", (double)clips[i].duration, doc->animations[i].channel_count);
    }
}

void clip_write_name(const clip *c, FILE *out)
{
    for (const char *s = c->name[0] ? c->name : "-"; *s; s++)
        fputc((unsigned char)*s <= ' ' || *s == 0x7f ? '_' : *s, out);
}

int clips_most_tracks(const clip *clips, int count)
{
    int most = 1;
    for (int i = 0; i < count; i++)
        most = clips[i].track_count > most ? clips[i].track_count : most;
    return most;
}

int clips_most_weight_tracks(const clip *clips, int count)
{
    int most = 1;
    for (int i = 0; i < count; i++)
        most = clips[i].weight_track_count > most ? clips[i].weight_track_count : most;
    return most;
}

void skeleton_locals_from_nodes(const skeleton *skel, const skeleton *all, const transform *node_local,
                                transform *joint_local)
{
    for (int j = 0; j < skel->joint_count; j++)
        joint_local[j] = node_local[all->joint_of_node[skel->node_of_joint[j]]];
}
