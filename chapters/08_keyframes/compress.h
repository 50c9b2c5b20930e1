/* compress.h: a clip in less memory (chapter 08, going further).
 *
 * Two steps, each measured by ch08_keyframes --compress-report:
 *   - keys reduced: in a LINEAR track, a key that interpolating its kept
 *     neighbours reproduces within the tolerance is dropped (greedily, from
 *     the first key on, as ozz-animation's optimizer does per track);
 *   - values quantized: key times as 16-bit fractions of the clip's
 *     duration; translations and scales as 16-bit fractions of the track's
 *     range; rotations as "smallest three": the largest component (by size)
 *     dropped, the sign made positive, the other three (each within
 *     +-1/sqrt(2)) in 16 bits each, the dropped one's index in a byte.
 * STEP and CUBICSPLINE tracks are kept as they are (floats).
 *
 * The packed clip samples like a clip (packed_clip_sample: decode the two
 * keys around t, then the same track_sample_linear / quat_slerp), with a
 * cursor per track, and allocates nothing.
 */
#ifndef CH08_COMPRESS_H
#define CH08_COMPRESS_H

#include "clip.h"

#include <stddef.h>
#include <stdint.h>

typedef struct packed_track {
    int joint;
    track_path path;
    const track *as_float; /* STEP and CUBICSPLINE: the clip's own track; else NULL */
    int key_count;         /* kept keys */
    uint16_t *times;       /* [key_count]: time = times[k] / 65535 * duration */
    uint16_t *values;      /* [key_count * 3]: vec3: lo + v / 65535 * span; rotation: smallest three */
    uint8_t *largest;      /* [key_count], rotations: the index of the dropped component */
    float lo[3], span[3];  /* translations and scales */
} packed_track;

typedef struct packed_clip {
    const clip *source; /* rest pose, joint count, duration */
    int track_count;
    packed_track *tracks;
} packed_clip;

/* Packs c. tolerance: metres for translations; for rotations the angle
 * tolerance / lever (radians: a point `lever` metres from the joint moves at
 * most about `tolerance`); for scales tolerance / lever (a relative
 * change). Keys are dropped while the interpolation of the kept ones stays
 * within half of that; quantization takes less than the other half for
 * tracks of ordinary size. c must outlive the packed clip. */
bool clip_pack(const clip *c, float tolerance, float lever, packed_clip *out, sa_error *err);
void packed_clip_free(packed_clip *p);

/* Bytes of key data: times and values (for the packed clip, plus each
 * track's range). */
size_t clip_bytes(const clip *c);
size_t packed_clip_bytes(const packed_clip *p);

/* As clip_sample: the rest pose, then every track at time t. cursors:
 * [track_count] ints (zeroed at the start; NULL: binary search). */
void packed_clip_sample(const packed_clip *p, float t, int *cursors, transform *pose);

#endif
