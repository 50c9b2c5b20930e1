/* EXERCISE ex12.2: four quaternion nlerps at once, the shortest way round.
 *
 * Task: for each lane i (0..3) of the four float4s of a, b and t, write
 * out = normalize(a + t (b' - a)), where b' = -b when that lane's dot(a, b)
 * (over x y z w of the lane) is negative, else b. Dot products and lengths
 * are per lane, never across lanes. out may be a or b.
 * The full contract is in chapters/12_data_oriented/soa_pose.h; see
 * exercises/12_data_oriented/README.md and the book, chapter 12, section
 * "Normalized lerp".
 *
 * Check your work:   ctest --test-dir build -L ex12.2 --output-on-failure
 */
#include "chapters/12_data_oriented/soa_pose.h"
#include "exercises/stub_note.h"

void soa_quat_nlerp(const soa_quat *a, const soa_quat *b, float4 t, soa_quat *out)
{
    /* TODO(ex12.2): this stub holds a, whatever t: sampled rotations stay
     * at the key before, so the SoA crowd moves in steps. Write the nlerp
     * (and delete the note). */
    SA_STUB_NOTE("ex12.2", "exercises/12_data_oriented/soa_nlerp.c",
                 "rotations hold the key before whatever t (the crowd moves in steps)");
    (void)b;
    (void)t;
    *out = *a;
}
