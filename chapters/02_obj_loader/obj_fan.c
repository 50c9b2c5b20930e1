/* obj_fan.c: exercise ex02.3, the reference solution. */
#include "obj_steps.h"

/* [listing obj_fan_triangulate] */
size_t obj_fan_triangulate(const uint32_t *polygon, size_t corner_count, uint32_t *triangles)
{
    if (corner_count < 3)
        return 0;
    /* Every triangle shares corner 0; consecutive corners close it, so the
     * winding of each triangle is the winding of the polygon. */
    for (size_t i = 1; i + 1 < corner_count; i++) {
        *triangles++ = polygon[0];
        *triangles++ = polygon[i];
        *triangles++ = polygon[i + 1];
    }
    return corner_count - 2;
}
/* [/listing] */
