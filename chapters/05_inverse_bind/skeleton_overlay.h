/* skeleton_overlay.h: chapter 04's picture of a skeleton, as a function that
 * later chapter programs call over their meshes: a point at each joint, a
 * line to its parent, coloured by depth in the tree (the palette of
 * ch04_bone_tree), the selected joint white with its own axes.
 *
 * SUPERSEDED: chapter 04 now has this picture as a library
 * (stage_skeleton_gl, chapters/04_bone_tree/skeleton_overlay.h), and
 * ch05_inverse_bind uses that. This copy stays only while chapter 06's
 * program still compiles it; delete it once nothing includes it.
 */
#ifndef CH05_SKELETON_OVERLAY_H
#define CH05_SKELETON_OVERLAY_H

#include "chapters/04_bone_tree/skeleton.h"
#include "common/debug_draw.h"

/* depth[j]: how many parents joint j has (0 for a root); parents first, so
 * one loop fills it. */
void skeleton_depths(const skeleton *s, int *depth);

/* Collects the overlay into `lines` (flush it after the scene). selected may
 * be -1 (none); axes_size is the length of the selected joint's axes. */
void skeleton_overlay_draw(debug_draw *lines, const skeleton *s, mat4 *model_from_joint, const int *depth, int selected,
                           float axes_size);

#endif
