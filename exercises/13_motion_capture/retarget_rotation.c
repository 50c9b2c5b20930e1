/* EXERCISE ex13.2: one joint's retargeted local rotation.
 *
 * Task: write target_local, a unit quaternion (x y z w), the rotation a
 * target joint gets under its parent when the source joint it is paired
 * with moves. Every input is a rotation in model space. The source's change
 * is the turn from its rest rotation to its current one, taken in model
 * space: change = source_model * inverse(source_rest_model), not the turn in
 * the joint's own frame. The target's rest rotation is first turned by the
 * alignment (which lays its rest bone along the source's rest bone: a T-pose
 * onto an A-pose), then by the change: target_model = change * alignment *
 * target_rest_model, in that order. A pose stores rotations under the
 * parent: take the parent's model rotation out, target_local =
 * inverse(target_parent_model) * target_model.
 * The full contract is in chapters/13_motion_capture/retarget.h; see
 * exercises/13_motion_capture/README.md and the book, chapter 13, section
 * "Retargeting".
 *
 * Check your work:   ctest --test-dir build -L ex13.2 --output-on-failure
 */
#include "chapters/13_motion_capture/retarget.h"
#include "exercises/stub_note.h"

void retarget_joint_rotation(const versor source_rest_model, const versor source_model, const versor alignment,
                             const versor target_rest_model, const versor target_parent_model, versor target_local)
{
    /* TODO(ex13.2): this stub gives every paired joint its rest rotation
     * under its parent, whatever the source does: the target stands still in
     * its rest pose (only the root moves). Write the rotation (and delete
     * the note). */
    SA_STUB_NOTE(
        "ex13.2", "exercises/13_motion_capture/retarget_rotation.c",
        "every paired joint keeps its rest rotation (the target stands in its rest pose; only the root moves)");
    (void)source_rest_model;
    (void)source_model;
    (void)alignment;
    versor inverse_parent;
    glm_quat_inv((float *)target_parent_model, inverse_parent);
    glm_quat_mul(inverse_parent, (float *)target_rest_model, target_local);
}
