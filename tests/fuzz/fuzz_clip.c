/* fuzz_clip: libFuzzer target for what chapter 08 builds on a loaded glTF
 * file: the skeleton of every node (skeleton_from_gltf_nodes), its clips
 * (clips_from_gltf: every check a sampler's keys get), and for each clip a
 * pose sampled at times before, inside and after its keys, with the cursor
 * kept between calls as the program keeps it, the clock advanced over its
 * events, and the compressed form packed and sampled the same way. Loaded
 * from memory, images not decoded, as in fuzz_gltf. */
#include "tests/fuzz/fuzz_gltf_load.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/08_keyframes/clip.h"
#include "chapters/08_keyframes/clip_gltf.h"
#include "chapters/08_keyframes/compress.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Times around and inside the clip, forward, then a jump back (a loop
 * wrap), so that the cursor is moved both ways. */
static void sample_around(const clip *c, const packed_clip *p, int *cursors, transform *pose)
{
    static const float fractions[] = {-0.5f, 0.0f, 0.25f, 0.5f, 0.999f, 1.0f, 1.5f, 0.1f};
    for (size_t i = 0; i < sizeof fractions / sizeof fractions[0]; i++) {
        float t = fractions[i] * c->duration;
        clip_sample(c, t, cursors, pose);
        if (p)
            packed_clip_sample(p, t, cursors, pose);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gltf_document doc;
    sa_error err;
    if (!fuzz_gltf_load(data, size, &doc, &err))
        return 0;
    skeleton all;
    memset(&all, 0, sizeof all);
    clip *clips = NULL;
    if (skeleton_from_gltf_nodes(&doc, &all, &err) && clips_from_gltf(&doc, &all, &clips, &err)) {
        int tracks = clips_most_tracks(clips, doc.animation_count);
        int *cursors = calloc((size_t)tracks, sizeof *cursors);
        transform *pose = malloc(((size_t)all.joint_count + 1) * sizeof *pose);
        int fired[8];
        for (int k = 0; cursors && pose && k < doc.animation_count; k++) {
            const clip *c = &clips[k];
            packed_clip packed;
            bool have_packed = clip_pack(c, 0.001f, 1.0f, &packed, &err);
            memset(cursors, 0, (size_t)tracks * sizeof *cursors);
            sample_around(c, have_packed ? &packed : NULL, cursors, pose);
            clip_clock clock;
            clip_clock_init(&clock, c->duration, true);
            for (int frame = 0; frame < 4; frame++)
                (void)clip_clock_advance(&clock, frame == 2 ? 10.0 : 1.0 / 60.0, c->events, c->event_count, fired, 8);
            /* The morph weights, with cursors and without, around the clip. */
            float *weights = malloc(((size_t)c->weight_count + 1) * sizeof *weights);
            int *weight_cursors = calloc((size_t)c->weight_track_count + 1, sizeof *weight_cursors);
            for (int s = -1; weights && weight_cursors && s <= 5; s++) {
                float t = c->duration * (float)s / 4.0f;
                clip_sample_weights(c, t, weight_cursors, weights);
                clip_sample_weights(c, t, NULL, weights);
            }
            free(weights);
            free(weight_cursors);
            if (have_packed)
                packed_clip_free(&packed);
        }
        free(pose);
        free(cursors);
        clips_free(clips, doc.animation_count);
    }
    skeleton_free(&all);
    gltf_free(&doc);
    return 0;
}
