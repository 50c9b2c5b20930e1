/* EXERCISE ex05.1: invert an affine matrix (an inverse bind matrix from a
 * bind pose).
 *
 * Task: m = | A t ; 0 0 0 1 | (column-major: m[column][row], the translation
 * t in m[3]). Write its inverse | A^-1  -A^-1 t ; 0 0 0 1 | to `out` and
 * return true. Return false, leaving `out` as it was, when m is not affine
 * (its bottom row is not 0 0 0 1 within AFFINE_TOLERANCE) or A is singular
 * (|det A| not above AFFINE_SINGULAR times the product of its column
 * lengths); a NaN in A or in the bottom row is refused as well. A may hold
 * a scale, so its inverse is not just its transpose.
 * The full contract is in chapters/05_inverse_bind/bind.h; see
 * exercises/05_inverse_bind/README.md and the book, chapter 05, section
 * "Inverting an affine matrix".
 *
 * Check your work:   ctest --test-dir build -L ex05.1 --output-on-failure
 */
#include "chapters/05_inverse_bind/bind.h"
#include "exercises/stub_note.h"

bool affine_inverse(mat4 m, mat4 out)
{
    /* TODO(ex05.1): this stub copies m unchanged, as if every matrix were its
     * own inverse. Write the inverse (and delete the note). */
    SA_STUB_NOTE("ex05.1", "exercises/05_inverse_bind/affine_inverse.c",
                 "every matrix counts as its own inverse, so max_inverse_error is large");
    glm_mat4_copy(m, out);
    return true;
}
