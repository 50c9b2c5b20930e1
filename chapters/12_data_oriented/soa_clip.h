/* soa_clip.h: a clip quantized for sampling straight into SoA (chapter 12).
 *
 * Chapter 08's clip keeps float keys per track, and only for the joints it
 * animates; clip_sample then writes the rest pose and the tracks over it,
 * one joint at a time. The SoA clip is built from it (soa_clip_pack) so that
 * sampling works on four joints at once:
 *
 *   - every joint has a track for each path (translation, rotation, scale),
 *     a joint the clip does not move a track of one key, its rest value;
 *     the padding lanes of the last group one key of the identity;
 *   - every key is 8 bytes: a 16-bit time (the fraction of the duration,
 *     0 .. 65535) apart, and four 16-bit numbers:
 *       rotation: "smallest three": the component largest in size left
 *       out (the quaternion negated first if it is negative, so the
 *       decoder knows its sign), the other three, each within +-1/sqrt 2,
 *       as round(c sqrt 2 32767) in int16, the left-out index 0..3 fourth;
 *       the decoder puts back sqrt(1 - a^2 - b^2 - c^2);
 *       translation and scale: three IEEE half floats and a zero;
 *   - a group of four lanes whose tracks all have one key is stored once as
 *     floats (constant) and copied, not sampled.
 *
 * Sampling keeps chapter 08's idea of a cursor per track (the key interval
 * it used last, so that playing forward moves it a key or none), for the
 * tracks with more than one key only (16 bits each). The four lanes'
 * keys are decoded four at a time (float4_from_int16, float4_from_half),
 * and the rotations are mixed by soa_quat_nlerp (ex12.2) instead of slerp:
 * the difference grows with the cube of the turn between two keys, 4e-6
 * rad for keys 0.1 rad apart (a joint turning 3 rad/s, 30 keys a second),
 * 1.2e-4 rad for the humanoid's wave (its keys 0.31 rad apart). Book 12
 * derives the bound; ch12_data_oriented --check-soa measures it, with the
 * quantization's.
 *
 * LINEAR and STEP tracks are packed; a clip with a CUBICSPLINE track is
 * refused (resample it first: chapter 08's clip_resample). Only the joint
 * tracks are packed: a clip's morph weight tracks (chapter 08's
 * weight_tracks) are left out, and the programs say so once
 * (soa_note_morph_weights).
 */
#ifndef CH12_SOA_CLIP_H
#define CH12_SOA_CLIP_H

#include "soa_pose.h"

#include "chapters/08_keyframes/clip.h"

#include <stddef.h>
#include <stdint.h>

enum { SOA_TRANSLATION, SOA_ROTATION, SOA_SCALE, SOA_PATHS };

/* [listing soa_track] */
typedef struct soa_track {
    int key_count;          /* >= 1 */
    bool step;              /* STEP: the key before t holds until the next */
    int cursor;             /* index into the sampler's cursors; -1 when key_count is 1 */
    const uint16_t *times;  /* [key_count]: time / duration * 65535, rounded, increasing */
    const uint16_t *values; /* [key_count * 4]: the keys, 8 bytes each */
} soa_track;

typedef struct soa_clip {
    float duration; /* seconds, as chapter 08's */
    int joint_count;
    int group_count;
    /* tracks[path][lane]: lane = joint for joint < joint_count, then the padding. */
    soa_track *tracks[SOA_PATHS];
    /* For each group and path: true when all four lanes have one key. */
    bool *group_constant[SOA_PATHS];
    /* Every group's first keys decoded: a constant group's values, and
     * where sampling starts (a sampled group's are overwritten). */
    soa_transform *constant;
    /* The (group, path) pairs with a lane of more than one key, which
     * sampling decodes: SOA_PATHS * group + path each. */
    int sampled_count;
    int *sampled;
    int cursor_count;  /* tracks with more than one key */
    uint16_t *storage; /* every track's times and values */
    size_t storage_count;
} soa_clip;
/* [/listing] */

/* Packs c (its tracks LINEAR or STEP; a CUBICSPLINE track fails with its
 * index; its weight tracks are left out). A translation or scale beyond a
 * half float's 65504 fails; so do two keys of a track closer than duration
 * / 65535 (they would share a 16-bit time). c may be freed after. */
bool soa_clip_pack(const clip *c, soa_clip *out, sa_error *err);
void soa_clip_free(soa_clip *c);

/* Bytes of key data (times and values; the constant groups' floats). */
size_t soa_clip_bytes(const soa_clip *c);

/* The one stderr note of a program on the SoA path, when any of the clips
 * has morph weight tracks: "note: PATH: N morph target weights channels are
 * not played by the SoA path (joint tracks only)". Nothing otherwise. */
void soa_note_morph_weights(const char *path, const clip *clips, int count);

/* The pose at time t (clamped to 0 .. duration) into out[group_count].
 * cursors: [cursor_count], zeroed at the start, kept between calls. */
void soa_clip_sample(const soa_clip *c, float t, uint16_t *cursors, soa_transform *out);

/* A float as the nearest half float (round to nearest even) and back: what
 * the packer stores and the sampler reads (float4_from_half), for tests. */
uint16_t soa_half_from_float(float x);
float soa_float_from_half(uint16_t h);

#endif
