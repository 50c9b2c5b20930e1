/* EXERCISE ex13.1: the rotation of one BVH joint from its channels.
 *
 * Task: write out, a unit quaternion (x y z w), the rotation that a BVH
 * joint's channels give. channels[k] names channel k and values[k] is its
 * value, for k from 0 to channel_count - 1 (anything from 0 to 6 channels).
 * Each rotation channel is a turn of values[k] degrees about its axis
 * (Xrotation about X, and so on). The rotation channels compose in the order
 * written, the first one the outermost factor: for column vectors,
 * "Zrotation Yrotation Xrotation" is Rz * Ry * Rx. Position channels,
 * wherever they stand among the others, are not part of the rotation: skip
 * them. With no rotation channel the rotation is the identity.
 * The full contract is in chapters/13_motion_capture/bvh.h; see
 * exercises/13_motion_capture/README.md and the book, chapter 13, section
 * "Euler angles".
 *
 * Check your work:   ctest --test-dir build -L ex13.1 --output-on-failure
 */
#include "chapters/13_motion_capture/bvh.h"
#include "exercises/stub_note.h"

void bvh_joint_rotation(int channel_count, const bvh_channel *channels, const float *values, versor out)
{
    /* TODO(ex13.1): this stub returns the identity, whatever the channels:
     * every joint keeps its rest pose and the capture stands still in a
     * T-pose (only the root moves). Write the rotation (and delete the note). */
    SA_STUB_NOTE("ex13.1", "exercises/13_motion_capture/bvh_rotation.c",
                 "every joint's rotation is the identity (the capture stands in its rest pose; only the root moves)");
    (void)channel_count;
    (void)channels;
    (void)values;
    out[0] = out[1] = out[2] = 0.0f;
    out[3] = 1.0f;
}
