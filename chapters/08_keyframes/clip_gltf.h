/* clip_gltf.h: clips from a loaded glTF document (chapter 08).
 *
 * The one place where chapter 08 meets the loader: clip.h works on plain
 * arrays. A clip is bound to the skeleton of every node of the file
 * (skeleton_from_gltf_nodes, chapter 04), because a channel may move any
 * node: a joint, an armature above the root, a socket, a rigid prop.
 */
#ifndef CH08_CLIP_GLTF_H
#define CH08_CLIP_GLTF_H

#include "clip.h"

#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/04_bone_tree/skeleton.h"

#include <stdio.h>

/* animations[index] as a clip over `nodes` (a skeleton built by
 * skeleton_from_gltf_nodes(doc)): one track per channel, the duration the
 * largest key time of the animation's samplers, the events of its
 * extras.events. A channel without a target node is ignored, as the spec
 * says. A morph `weights` channel becomes a weight track over the scene's
 * morph weights (chapter 06's morph_weight_layout and defaults); its output
 * must hold the target count of the node's mesh per key (three times that
 * for CUBICSPLINE). Errors name the JSON path ("animations[0].samplers[2].
 * input: key 3: ..."); the caller puts the file name in front. On an error
 * nothing is left allocated (out is zeroed). */
bool clip_from_gltf(const gltf_document *doc, int index, const skeleton *nodes, clip *out, sa_error *err);

/* Every animation of the file as clips ([doc->animation_count], allocated;
 * free with clips_free). On an error nothing is left allocated (*out is
 * NULL). */
bool clips_from_gltf(const gltf_document *doc, const skeleton *nodes, clip **out, sa_error *err);
void clips_free(clip *clips, int count);

/* The most tracks of any of the clips (at least 1): the size of one cursor
 * array that fits any of them. */
int clips_most_tracks(const clip *clips, int count);
/* The same for their weight tracks (at least 1). */
int clips_most_weight_tracks(const clip *clips, int count);

/* A skeleton of a file's skins (skel: skeleton_from_gltf, the joints and
 * their ancestors) takes its joints' local transforms from a pose of the
 * skeleton of every node (all): the same nodes, so the same FK. */
void skeleton_locals_from_nodes(const skeleton *skel, const skeleton *all, const transform *node_local,
                                transform *joint_local);

/* --clip NAME|INDEX (or any option that names a clip, `option`): the clip
 * called `name_or_index`, else the clip of that index; -1 with "--clip: no
 * clip is called 'x' ..." or "--clip: 5 is out of range (2 clips)" in err,
 * the option's own name first, so a bad --blend says --blend. */
int clip_find(const clip *clips, int count, const char *option, const char *name_or_index, sa_error *err);

/* --list-clips: one line per clip, "index name duration channels" (the
 * name "-" when it has none, a space or control character in it written as
 * '_', so that it stays one field; channels as the file lists them). */
void clips_write_list(const gltf_document *doc, const clip *clips, FILE *out);
/* The clip's name as one field of such a line ("-", '_' for spaces ...). */
void clip_write_name(const clip *c, FILE *out);

#endif
