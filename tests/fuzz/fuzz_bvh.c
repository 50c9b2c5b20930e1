/* fuzz_bvh: libFuzzer target for chapter 13's BVH reader and what is built
 * on a file it accepts: the skeleton and the clip (bvh_clip.h), sampled at
 * every frame's time and between frames, with the cursor kept between calls
 * as the program keeps it, and each pose through forward kinematics. The
 * input is handed over at its exact size, not NUL-terminated, so a read past
 * the end is the sanitizer's to see. Seeds: tests/fuzz/bvh_corpus
 * (make_bvh_corpus.py). */
#include "chapters/13_motion_capture/bvh_clip.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    bvh_file b;
    sa_error err;
    bool ok = bvh_parse(text, size, "fuzz.bvh", &b, &err);
    free(text);
    if (!ok)
        return 0;
    skeleton s;
    clip c;
    memset(&s, 0, sizeof s);
    memset(&c, 0, sizeof c);
    if (bvh_skeleton(&b, &s, &err) && bvh_clip(&b, "fuzz", &c, &err)) {
        size_t n = (size_t)s.joint_count + 1;
        transform *pose = malloc(n * sizeof *pose);
        mat4 *model_from_joint = malloc(n * sizeof *model_from_joint);
        int *cursors = calloc((size_t)c.track_count + 1, sizeof *cursors);
        /* At most 64 frames of a long file: every frame would make each run slow. */
        int step = b.frame_count > 64 ? b.frame_count / 64 : 1;
        for (int f = 0; pose && model_from_joint && cursors && f < b.frame_count; f += step) {
            float t = bvh_frame_seconds(&b, f);
            clip_sample(&c, t, cursors, pose);
            skeleton_local_to_model(&s, pose, model_from_joint);
            clip_sample(&c, t + 0.5f * (float)b.frame_time, cursors, pose);
            skeleton_local_to_model(&s, pose, model_from_joint);
        }
        free(pose);
        free(model_from_joint);
        free(cursors);
    }
    clip_free(&c);
    skeleton_free(&s);
    bvh_free(&b);
    return 0;
}
