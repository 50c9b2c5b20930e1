/* walk_overlay.h: the ground under the walker and the marks on it, in
 * world space, for ch10_walk_cycle's window. */
#ifndef CH10_WALK_OVERLAY_H
#define CH10_WALK_OVERLAY_H

#include "common/debug_draw.h"

/* A 1 m grid, 16 m across, around root (snapped to the grid). */
void draw_ground(debug_draw *lines, const float root[3]);

/* A footprint: a cross of 2 x size on the ground at p, just above it. */
void draw_cross(debug_draw *lines, const float p[3], float size, const vec3 color);

#endif
