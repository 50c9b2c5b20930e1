/* stairs.c: the height query on the stairs' description (chapter 11). */
#include "stairs.h"

#include "assets/stairs_shape.h"

#include <math.h>

/* Metres: a point this close to an edge is on it (z = 0.88 computed in
 * float lands a few micrometres either side of the front of step 1). */
#define STAIRS_EDGE 1e-5f

stairs_geometry stairs_default(void)
{
    return (stairs_geometry){
        .step_count = STAIRS_STEP_COUNT,
        .rise = (float)STAIRS_STEP_RISE,
        .run = (float)STAIRS_STEP_RUN,
        .width = (float)STAIRS_WIDTH,
        .start_z = (float)STAIRS_START_Z,
        .landing_depth = (float)STAIRS_LANDING_DEPTH,
    };
}

float stairs_landing_start(const stairs_geometry *g)
{
    return g->start_z + (float)g->step_count * g->run;
}

float stairs_landing_end(const stairs_geometry *g)
{
    return stairs_landing_start(g) + g->landing_depth;
}

float stairs_top(const stairs_geometry *g)
{
    return (float)g->step_count * g->rise;
}

/* [listing stairs_height_at] */
float stairs_height_at(const stairs_geometry *g, float x, float z)
{
    /* beside the flight, in front of it or behind the landing: the floor */
    if (!(fabsf(x) <= g->width / 2 + STAIRS_EDGE) || !(z >= g->start_z - STAIRS_EDGE) ||
        !(z <= stairs_landing_end(g) + STAIRS_EDGE))
        return 0.0f;
    /* step k covers start_z + k run <= z < start_z + (k + 1) run; its top is
     * (k + 1) rise high; a point on a front edge belongs to the step it
     * fronts (the higher one) */
    int k = (int)floorf((z - g->start_z + STAIRS_EDGE) / g->run);
    if (k >= g->step_count)
        return stairs_top(g); /* the landing */
    return (float)(k + 1) * g->rise;
}
/* [/listing] */
