/* EXERCISE ex12.1: a pose from AoS to SoA groups of four joints.
 *
 * Task: write the pose in[joint_count] as soa_group_count(joint_count)
 * groups: joint j goes to out[j / 4], lane j % 4, of every member
 * (translation x y z, rotation x y z w, scale x y z). The lanes past the
 * last joint get the identity transform (translation 0, rotation 0 0 0 1,
 * scale 1), and in is read only at 0 .. joint_count - 1.
 * The full contract is in chapters/12_data_oriented/soa_pose.h; see
 * exercises/12_data_oriented/README.md and the book, chapter 12, section
 * "Structure of arrays".
 *
 * Check your work:   ctest --test-dir build -L ex12.1 --output-on-failure
 */
#include "chapters/12_data_oriented/soa_pose.h"
#include "exercises/stub_note.h"

void soa_from_transforms(int joint_count, const transform *in, soa_transform *out)
{
    /* TODO(ex12.1): this stub gives every group the identity, whatever the
     * pose: every joint at its parent's origin. Write the transpose (and
     * delete the note). */
    SA_STUB_NOTE("ex12.1", "exercises/12_data_oriented/soa_transpose.c",
                 "every SoA group is the identity (the pose is not transposed)");
    (void)in;
    for (int g = 0; g < soa_group_count(joint_count); g++)
        out[g] = (soa_transform){{float4_splat(0), float4_splat(0), float4_splat(0)},
                                 {float4_splat(0), float4_splat(0), float4_splat(0), float4_splat(1)},
                                 {float4_splat(1), float4_splat(1), float4_splat(1)}};
}
