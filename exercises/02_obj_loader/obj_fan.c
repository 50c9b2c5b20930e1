/* EXERCISE ex02.3: split a polygon into a triangle fan.
 *
 * Task: write the triangles (0, 1, 2), (0, 2, 3) ... of the polygon's
 * corners into triangles[] and return how many there are (0 when the
 * polygon has fewer than 3 corners). The full contract is in
 * chapters/02_obj_loader/obj_steps.h; see exercises/02_obj_loader/README.md
 * and the book, chapter 02, section "Fan triangulation".
 *
 * Check your work:   ctest --test-dir build -L ex02.3 --output-on-failure
 */
#include "chapters/02_obj_loader/obj_steps.h"
#include "exercises/stub_note.h"

size_t obj_fan_triangulate(const uint32_t *polygon, size_t corner_count, uint32_t *triangles)
{
    /* TODO(ex02.3): this stub keeps only the first triangle. Write the fan
     * (and delete the note). */
    SA_STUB_NOTE("ex02.3", "exercises/02_obj_loader/obj_fan.c",
                 "each polygon keeps only its first triangle, so quads lose half their area");
    if (corner_count < 3)
        return 0;
    triangles[0] = polygon[0], triangles[1] = polygon[1], triangles[2] = polygon[2];
    return 1;
}
