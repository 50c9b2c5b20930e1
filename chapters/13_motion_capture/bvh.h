/* bvh.h: Biovision Hierarchy (BVH) motion capture files, read by hand
 * (chapter 13). No GL, nothing from the glTF loader.
 *
 * A BVH file is two parts, both text:
 *
 *     HIERARCHY                       the skeleton, nested by braces
 *     ROOT Hips
 *     {
 *         OFFSET 0 0 0                the joint's origin in its parent's frame
 *         CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation
 *         JOINT Chest { OFFSET ...  CHANNELS 3 ...  End Site { OFFSET ... } }
 *     }
 *     MOTION                          the motion: one line per frame
 *     Frames: 2
 *     Frame Time: 0.0083333
 *     0 17.8 0 0 0 0 5 0 0            every joint's channels, in file order
 *     ...
 *
 * Supported: ROOT (one or more), JOINT, End Site, OFFSET, CHANNELS with any
 * count (0 to 6) and order of the six channel names, each name at most once
 * per joint; names of one word; LF or CRLF line ends; tabs or spaces.
 * Not supported: names with spaces in them, several channel sets per joint,
 * anything after the last frame line but blank lines.
 *
 * What the numbers mean (bvh_joint_rotation, bvh_clip.h): positions are in
 * the file's own units (CMU's files: inches scaled by 1/0.45, about 5.6 cm);
 * rotations are in degrees, and compose in the order written, the first
 * channel the outermost factor (column vectors): "Zrotation Yrotation
 * Xrotation" is Rz * Ry * Rx. A joint's local transform at a frame is
 *
 *     parent_from_joint = T(offset + position channels) * R(rotation channels)
 *
 * Every error is one line "NAME:LINE: what is wrong", and the reader never
 * allocates more than a few times the size of the text (bvh_parse says how).
 */
#ifndef CH13_BVH_H
#define CH13_BVH_H

#include "common/error.h"

#include <cglm/cglm.h>
#include <stdbool.h>
#include <stddef.h>

/* [listing bvh_struct] */
typedef enum bvh_channel {
    BVH_X_POSITION,
    BVH_Y_POSITION,
    BVH_Z_POSITION,
    BVH_X_ROTATION,
    BVH_Y_ROTATION,
    BVH_Z_ROTATION,
} bvh_channel;

#define BVH_MAX_CHANNELS 6 /* per joint: each of the six at most once */

typedef struct bvh_joint {
    char *name;
    int parent;      /* an earlier joint (the file nests them), -1 for a ROOT */
    float offset[3]; /* OFFSET: the joint's origin in its parent's frame */
    int channel_count;
    bvh_channel channels[BVH_MAX_CHANNELS]; /* in the order written */
    int first_value;                        /* where its channels start in each frame's values */
} bvh_joint;

/* An End Site: where the last bone of a chain ends (a toe tip, the top of
 * the head). No channels, so nothing moves it but its parent. */
typedef struct bvh_end_site {
    int parent; /* the joint it ends */
    float offset[3];
} bvh_end_site;

typedef struct bvh_file {
    int joint_count;
    bvh_joint *joints; /* in file order, so parents come first */
    int end_site_count;
    bvh_end_site *end_sites;
    int channel_count; /* values per frame: every joint's channel_count summed */
    int frame_count;   /* at least 1 */
    double frame_time; /* seconds between frames (> 0) */
    float *values;     /* [frame_count * channel_count]: frame f starts at f * channel_count */
    /* [elide int lines_past_frames: lines past the Frames: count, counted, not read] */
    /* Lines after the Frames: count's last frame line that are not blank,
     * read as nothing. Exporters get the count wrong by one (Boxing_Toes.bvh
     * has 3,070 frame lines under "Frames: 3069"); three.js and assimp read
     * the first Frames: lines, and so does this reader, but it says so (the
     * program prints a note). Fewer lines than the count is an error. */
    int lines_past_frames;
    /* [/elide] */
} bvh_file;
/* [/listing] */

/* Limits that keep a broken or hostile file from asking for absurd memory
 * or a deep stack (the reader does not recurse: the nesting is a counter). */
#define BVH_MAX_JOINTS 4096
#define BVH_MAX_DEPTH 256
#define BVH_MAX_NAME 256

/* Reads the text[size] (not NUL-terminated; a NUL byte is an error) into
 * *out. `name` (the file's path) begins every error line. The frame values
 * are allocated once, after `Frames:` is checked against what is left of the
 * text (each value takes two bytes at least), so memory stays within a few
 * times size. On failure *out is empty (bvh_free is safe). */
bool bvh_parse(const char *text, size_t size, const char *name, bvh_file *out, sa_error *err);

/* Reads the file at path (common/files.h) and parses it. */
bool bvh_load(const char *path, bvh_file *out, sa_error *err);

void bvh_free(bvh_file *b);

/* The time of frame f in seconds, as every key and sample of the clip uses it. */
float bvh_frame_seconds(const bvh_file *b, int frame);

/* The joint's channel values at a frame: values + frame * channel_count + first_value. */
const float *bvh_joint_values(const bvh_file *b, int joint, int frame);

/* The joint's translation at a frame: its offset plus its position channels
 * (a joint without them stays at its offset). */
void bvh_joint_translation(const bvh_joint *joint, const float *values, vec3 out);

/* Exercise ex13.1 (bvh_rotation.c): the joint's rotation as a unit
 * quaternion (x y z w) from its channels: the rotation channels in the order
 * written, each a turn of `value` degrees about its axis, the first one the
 * outermost factor (for column vectors, "Zrotation Yrotation Xrotation" is
 * Rz * Ry * Rx, so X acts on a point first). The position channels, wherever
 * they stand among them, are not rotations and are skipped. values[k] is the
 * value of channels[k]; channel_count may be anything from 0 to 6 (no
 * rotation channel: the identity). */
void bvh_joint_rotation(int channel_count, const bvh_channel *channels, const float *values, versor out);

#endif
