/* compress.h: a clip in less memory (chapter 08, going further).
 *
 * Two steps, each measured by ch08_keyframes --compress-report:
 *   - keys reduced: in a LINEAR track, a key that interpolating its kept
 *     neighbours reproduces within the tolerance is dropped (greedily, from
 *     the first key on, as ozz-animation's optimizer does per track);
 *   - values quantized: key times as 16-bit fractions of the clip's
 *     duration, stored once per clip (the times any track keeps), each key
 *     naming its time by index; translations and scales as 16-bit fractions
 *     of the track's range; rotations as "smallest three": the largest
 *     component (by size) dropped, the sign made positive, the other three
 *     (each within +-1/sqrt(2)) in as few bits as the tolerance allows
 *     (9 to 16 each), the dropped one's index in 2 bits.
 * Each track's keys are one bit stream of fixed-size records (time index,
 * then the value). STEP and CUBICSPLINE tracks are kept as they are (floats).
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
    int value_bits;        /* bits per value component: 16 for vec3, 9..16 for rotations */
    int key_bits;          /* one key's record: time index bits + value bits */
    uint8_t *keys;         /* [(key_count * key_bits + 7) / 8]: the records, least significant bit first */
    float lo[3], span[3];  /* translations and scales: value = lo + v / 65535 * span */
} packed_track;

typedef struct packed_clip {
    const clip *source; /* rest pose, joint count, duration */
    int time_count;     /* the times any track keeps, once each */
    int time_bits;      /* bits of a time index: enough for time_count */
    uint16_t *times;    /* [time_count], increasing: time = times[i] / 65535 * duration */
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
 * track's range, and a byte per rotation track for its bit count). */
size_t clip_bytes(const clip *c);
size_t packed_clip_bytes(const packed_clip *p);

/* As clip_sample: the rest pose, then every track at time t. cursors:
 * [track_count] ints (zeroed at the start; NULL: binary search). */
void packed_clip_sample(const packed_clip *p, float t, int *cursors, transform *pose);

/* c resampled at `rate` keys per second (a capture's form: every track LINEAR,
 * keys at 0, 1 / rate, ... and at the duration), through track_sample; the
 * events copied. out: free with clip_free. */
bool clip_resample(const clip *c, float rate, clip *out, sa_error *err);

#endif
