/* EXERCISE ex02.1: parse one face corner into its three indices.
 *
 * Task: read "v", "v/vt", "v//vn" or "v/vt/vn" at *cursor into corner[] as
 * 1-based absolute indices (0 for a missing part), turning negative indices
 * into absolute ones with counts[], rejecting 0 and out-of-range indices.
 * The full contract is in chapters/02_obj_loader/obj_steps.h; see
 * exercises/02_obj_loader/README.md and the book, chapter 02, section
 * "One face corner".
 *
 * Check your work:   ctest --test-dir build -L ex02.1 --output-on-failure
 */
#include "chapters/02_obj_loader/obj_steps.h"

bool obj_parse_corner(const char **cursor, const uint32_t counts[3], uint32_t corner[3], sa_error *err)
{
    (void)counts;
    /* TODO(ex02.1): parse the corner. This stub claims every corner is
     * vertex 1 with nothing else, consumes nothing, and fails. */
    corner[0] = 1, corner[1] = 0, corner[2] = 0;
    (void)cursor;
    return sa_error_set(err, "face corner: ex02.1 is not written yet (exercises/02_obj_loader/obj_corner.c)");
}
