/* walk_overlay.c: the lines ch10_walk_cycle draws on the ground (see
 * walk_overlay.h). */
#include "walk_overlay.h"

#include <math.h>

/* The ground: a 1 m grid around the character. */
void draw_ground(debug_draw *lines, const float root[3])
{
    const vec3 grey = {0.42f, 0.45f, 0.5f};
    float cx = floorf(root[0]), cz = floorf(root[2]);
    for (int i = -8; i <= 8; i++) {
        debug_draw_line(lines, (vec3){cx + (float)i, 0, cz - 8}, (vec3){cx + (float)i, 0, cz + 8}, grey);
        debug_draw_line(lines, (vec3){cx - 8, 0, cz + (float)i}, (vec3){cx + 8, 0, cz + (float)i}, grey);
    }
}

void draw_cross(debug_draw *lines, const float p[3], float size, const vec3 color)
{
    debug_draw_line(lines, (vec3){p[0] - size, p[1] + 0.002f, p[2]}, (vec3){p[0] + size, p[1] + 0.002f, p[2]}, color);
    debug_draw_line(lines, (vec3){p[0], p[1] + 0.002f, p[2] - size}, (vec3){p[0], p[1] + 0.002f, p[2] + size}, color);
}
