/* skeleton_overlay.h: the picture of a skeleton (chapter 04), for every
 * chapter program that draws one over its mesh.
 *
 * A point at each joint's origin and a line to its parent's, coloured by
 * depth in the tree; the selected joint white, with its own axes; and a key
 * of joint names at the left of the frame (text_lines.h). Everything is
 * collected into debug_draw buffers: flush `lines` with clip_from_world
 * after the scene, and `text` with text_clip_from_screen().
 */
#ifndef CH04_SKELETON_OVERLAY_H
#define CH04_SKELETON_OVERLAY_H

#include "skeleton.h"

#include "common/debug_draw.h"

/* depth[j]: how many parents joint j has (0 for a root). Parents first, so
 * one loop fills it. */
void skeleton_depths(const skeleton *s, int *depth);

/* The colour of depth d (a palette of six, repeating). */
void skeleton_depth_color(int depth, vec3 out);

/* Collects the joints and bones into `lines`. selected may be -1 (none);
 * axes_size is the length of the selected joint's axes in metres, whatever
 * the joint's scale. */
void skeleton_overlay_draw(debug_draw *lines, const skeleton *s, mat4 *model_from_joint, const int *depth, int selected,
                           float axes_size);

/* The joints and bones alone, all in one colour: a second skeleton behind
 * the first (chapter 05's rest pose under its bind pose). */
void skeleton_overlay_draw_plain(debug_draw *lines, const skeleton *s, mat4 *model_from_joint, const vec3 color);

/* Collects the key into `text`: a title line with the selected joint, then
 * every joint name indented and coloured by depth, as many as fit in
 * `height` pixels (scrolled to keep the selected one in view). Draws
 * nothing when stb_easy_font.h was not found (TEXT_LINES_AVAILABLE). */
void skeleton_overlay_key(debug_draw *text, const skeleton *s, const int *depth, int selected, int height);

#endif
