/* EXERCISE ex06.1: skin one vertex on the CPU (linear blend skinning).
 *
 * Task: blend the vertex's four skin matrices by its weights,
 *     M = weights[0] * skin_matrix[joints[0]] + ... + weights[3] * skin_matrix[joints[3]]
 * then write out_position = M * (position, 1) and out_normal = the unit
 * vector along inverse(transpose(A)) * normal, A the upper 3x3 of M (keep
 * it pointing out of the surface when A mirrors, det A < 0). Matrices are
 * column-major: m[column][row], the translation in m[3].
 * The full contract is in chapters/06_cpu_skinning/skinning.h; see
 * exercises/06_cpu_skinning/README.md and the book, chapter 06, section
 * "Skinning one vertex".
 *
 * Check your work:   ctest --test-dir build -L ex06.1 --output-on-failure
 */
#include "chapters/06_cpu_skinning/skinning.h"
#include "exercises/stub_note.h"

void skin_vertex(mat4 *skin_matrix, const uint16_t joints[4], const float weights[4], const float position[3],
                 const float normal[3], float out_position[3], float out_normal[3])
{
    /* TODO(ex06.1): this stub copies the vertex unskinned: the mesh stays
     * where it was bound, whatever the joints do. Write the blend (and delete
     * the note). */
    SA_STUB_NOTE("ex06.1", "exercises/06_cpu_skinning/skin_vertex.c",
                 "every vertex stays where it was bound: the mesh ignores its skeleton");
    (void)skin_matrix;
    (void)joints;
    (void)weights;
    for (int r = 0; r < 3; r++) {
        out_position[r] = position[r];
        out_normal[r] = normal[r];
    }
}
