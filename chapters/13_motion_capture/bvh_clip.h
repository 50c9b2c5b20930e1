/* bvh_clip.h: a BVH file as chapter 04's skeleton and chapter 08's clip
 * (chapter 13), so that everything from chapter 08 on plays captured motion
 * as it plays a glTF clip: clip_sample, skeleton_local_to_model, blending.
 *
 * The skeleton has one joint per BVH joint, in file order (the file nests
 * them, so parents already come first), named as in the file; its rest pose
 * is the BVH's zero pose: each joint at its OFFSET, not rotated.
 *
 * End Sites are not joints of the skeleton. A joint is something a track
 * moves (an End Site has no channels) and, from chapter 05 on, something a
 * skin can bind vertices to; an End Site only says where the last bone of a
 * chain ends, which the reader keeps (bvh_file.end_sites) for drawing.
 *
 * The clip has, for every joint with rotation channels, a LINEAR rotation
 * track (bvh_joint_rotation of each frame: a quaternion), and for every joint
 * with position channels (the root, in most files) a LINEAR translation
 * track (offset + position channels), one key per frame at
 * bvh_frame_seconds(frame). Sampled at a frame's time, the clip gives that
 * frame's values exactly (chapter 08: a time on a key gives the key).
 */
#ifndef CH13_BVH_CLIP_H
#define CH13_BVH_CLIP_H

#include "bvh.h"

#include "chapters/04_bone_tree/skeleton.h"
#include "chapters/08_keyframes/clip.h"

bool bvh_skeleton(const bvh_file *b, skeleton *out, sa_error *err);

/* The clip over bvh_skeleton's joints; `name` is copied ("" for none). */
bool bvh_clip(const bvh_file *b, const char *name, clip *out, sa_error *err);

/* The bytes the clip's arrays take: keys, values, the rest pose and the
 * track table (what a program keeps in memory to play it). */
size_t bvh_clip_bytes(const clip *c);

#endif
