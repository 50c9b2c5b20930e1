/* EXERCISE ex01.1: compose a TRS transform into a matrix.
 *
 * Task: fill `out` with M = T * R * S for the transform `t` (column vectors,
 * column-major: out[column][row]). See exercises/01_window/README.md and the
 * book, chapter 01, sections "The idea" and "The transform, as a matrix".
 *
 * Check your work:   ctest --test-dir build -L ex01.1 --output-on-failure
 */
#include "common/transform.h"
#include "exercises/stub_note.h"

void transform_to_mat4(const transform *t, mat4 out)
{
    /* TODO(ex01.1): replace this identity with T * R * S (and delete the note). */
    SA_STUB_NOTE(
        "ex01.1", "exercises/01_window/transform_compose.c",
        "every transform is the identity, so nothing moves, turns or scales (the cube of ch01_window does not turn)");
    (void)t;
    glm_mat4_identity(out);
}
