/* bvh_clip.c: a BVH file as a skeleton and a clip (bvh_clip.h). */
#include "bvh_clip.h"

#include <stdlib.h>
#include <string.h>

bool bvh_skeleton(const bvh_file *b, skeleton *out, sa_error *err)
{
    size_t n = (size_t)b->joint_count + 1;
    int *parent = malloc(n * sizeof *parent);
    const char **names = malloc(n * sizeof *names);
    transform *rest = malloc(n * sizeof *rest);
    bool ok = parent && names && rest;
    for (int j = 0; ok && j < b->joint_count; j++) {
        parent[j] = b->joints[j].parent;
        names[j] = b->joints[j].name;
        transform_identity(&rest[j]);
        glm_vec3_copy((float *)b->joints[j].offset, rest[j].translation);
    }
    ok = ok ? skeleton_from_arrays(b->joint_count, parent, names, rest, out, err) : sa_error_set(err, "out of memory");
    free(parent);
    free(names);
    free(rest);
    return ok;
}

/* [listing bvh_clip] */
bool bvh_clip(const bvh_file *b, const char *name, clip *out, sa_error *err)
{
    size_t frames = (size_t)b->frame_count;
    transform *rest = malloc(((size_t)b->joint_count + 1) * sizeof *rest);
    float *times = malloc(frames * sizeof *times);
    float *values = malloc(frames * 4 * sizeof *values);
    bool ok = rest && times && values;
    /* [elide free them, report "out of memory"] */
    if (!ok) {
        free(rest);
        free(times);
        free(values);
        return sa_error_set(err, "out of memory");
    }
    /* [/elide] */
    for (int j = 0; j < b->joint_count; j++) {
        transform_identity(&rest[j]);
        glm_vec3_copy((float *)b->joints[j].offset, rest[j].translation);
    }
    for (int f = 0; f < b->frame_count; f++)
        times[f] = bvh_frame_seconds(b, f);
    ok = clip_init(out, name, b->joint_count, rest, err);
    for (int j = 0; ok && j < b->joint_count; j++) {
        const bvh_joint *joint = &b->joints[j];
        bool moves = false, turns = false;
        for (int k = 0; k < joint->channel_count; k++) {
            moves |= joint->channels[k] <= BVH_Z_POSITION;
            turns |= joint->channels[k] >= BVH_X_ROTATION;
        }
        if (turns) {
            for (int f = 0; f < b->frame_count; f++)
                bvh_joint_rotation(joint->channel_count, joint->channels, bvh_joint_values(b, j, f), &values[f * 4]);
            ok = clip_add_track(out, j, TRACK_ROTATION, TRACK_LINEAR, b->frame_count, times, values, err);
        }
        if (ok && moves) {
            for (int f = 0; f < b->frame_count; f++)
                bvh_joint_translation(joint, bvh_joint_values(b, j, f), &values[f * 3]);
            ok = clip_add_track(out, j, TRACK_TRANSLATION, TRACK_LINEAR, b->frame_count, times, values, err);
        }
        if (!ok)
            sa_error_prefix(err, "joint %s", joint->name);
    }
    /* [elide free the scratch arrays, and the clip when a track was refused] */
    free(rest);
    free(times);
    free(values);
    if (!ok)
        clip_free(out);
    /* [/elide] */
    return ok;
}
/* [/listing] */

size_t bvh_clip_bytes(const clip *c)
{
    size_t bytes = sizeof *c + (size_t)c->joint_count * sizeof *c->rest_local +
                   (size_t)c->track_count * (sizeof *c->tracks + sizeof *c->by_kind);
    for (int t = 0; t < c->track_count; t++)
        bytes += (size_t)c->tracks[t].key_count * (1 + (size_t)c->tracks[t].components) * sizeof(float);
    return bytes;
}
