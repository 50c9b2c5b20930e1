/* EXERCISE ex07.2 (advanced): skin one vertex with dual quaternions on the CPU.
 *
 * Task: blend the vertex's four dual quaternions by its weights,
 *     b = sum of weights[i] * s_i * skin_dq[joints[i]]
 * where s_i is -1 when the real part of skin_dq[joints[i]] has a negative
 * dot product with the real part of skin_dq[joints[0]] (q and -q are the
 * same rotation, but they do not add up the same), else +1; divide both
 * parts of b by the length of b.real; then write
 *     out_position = rotate(b.real, position) + 2 * vector part of (b.dual * conj(b.real))
 *     out_normal   = rotate(b.real, normal)
 * Quaternions are x, y, z, w (cglm's versor). rotate(q, v) for a unit q is
 * v + 2 q.xyz x (q.xyz x v + q.w v).
 * The full contract is in chapters/07_gpu_skinning/dual_quat.h; see
 * exercises/07_gpu_skinning/README.md and the book, chapter 07, section
 * "Dual quaternions".
 *
 * Check your work:   ctest --test-dir build -L ex07.2 --output-on-failure
 */
#include "chapters/07_gpu_skinning/dual_quat.h"
#include "exercises/stub_note.h"

void dq_skin_vertex(const dual_quat *skin_dq, const uint16_t joints[4], const float weights[4], const float position[3],
                    const float normal[3], float out_position[3], float out_normal[3])
{
    /* TODO(ex07.2): replace this copy with the dual-quaternion blend (and delete the note). */
    SA_STUB_NOTE("ex07.2", "exercises/07_gpu_skinning/dq_skin_vertex.c",
                 "every vertex stays where it is in the dual-quaternion path (Q in ch07_gpu_skinning)");
    (void)skin_dq;
    (void)joints;
    (void)weights;
    for (int r = 0; r < 3; r++) {
        out_position[r] = position[r];
        out_normal[r] = normal[r];
    }
}
