/* EXERCISE ex04.1: forward kinematics over a parent array.
 *
 * Task: fill model_from_joint[0..count-1] with every joint's matrix in model
 * space: a root's is its local matrix T * R * S (transform_to_mat4), any
 * other joint's is model_from_joint[parent[j]] times its local matrix. The
 * array is parents first (parent[j] < j), so one loop from j = 0 up does it.
 * See exercises/04_bone_tree/README.md and the book, chapter 04, sections
 * "Local and model space" and "Forward kinematics in one loop".
 *
 * Check your work:   ctest --test-dir build -L ex04.1 --output-on-failure
 */
#include "chapters/04_bone_tree/skeleton.h"
#include "exercises/stub_note.h"

void joints_local_to_model(int count, const int *parent, const transform *local, mat4 *model_from_joint)
{
    /* TODO(ex04.1): this gives each joint its local matrix alone, as if every
     * joint were a root: the parents are ignored, so the skeleton falls apart.
     * Write the loop (and delete the note). */
    SA_STUB_NOTE("ex04.1", "exercises/04_bone_tree/local_to_model.c",
                 "every joint sits at its local transform as if it were a root: the skeleton falls into a heap");
    (void)parent;
    for (int j = 0; j < count; j++)
        transform_to_mat4(&local[j], model_from_joint[j]);
}
