/* EXERCISE ex10.1: extract root motion from the pelvis track.
 *
 * Task: take the horizontal travel out of the pelvis's translation keys
 * (key_count keys of x y z in pelvis[], y up), so that the clip plays in
 * place and the travel moves the character's root instead. For every key k
 * write in_place[k] = (x[0], y[k], z[0]) (the height stays in the clip) and
 * travel[k] = (x[k] - x[0], 0, z[k] - z[0]); then loop_offset =
 * travel[key_count - 1], how far one loop of the clip carries the root.
 * in_place may be the same array as pelvis.
 * The full contract is in chapters/10_walk_cycle/walk.h; see
 * exercises/10_walk_cycle/README.md and the book, chapter 10, section
 * "Root motion".
 *
 * Check your work:   ctest --test-dir build -L ex10.1 --output-on-failure
 */
#include "chapters/10_walk_cycle/walk.h"
#include "exercises/stub_note.h"

void root_motion_extract(int key_count, const float *pelvis, float *in_place, float *travel, float loop_offset[3])
{
    /* TODO(ex10.1): this stub leaves the travel in the clip: the pelvis keys
     * are copied as they are, the root never moves and the character jumps
     * back at every loop. Write the extraction (and delete the note). */
    SA_STUB_NOTE("ex10.1", "exercises/10_walk_cycle/root_motion_extract.c",
                 "the travel stays in the clip: the root never moves, the character jumps back at each loop");
    for (int k = 0; k < 3 * key_count; k++) {
        in_place[k] = pelvis[k];
        travel[k] = 0;
    }
    for (int i = 0; i < 3; i++)
        loop_offset[i] = 0;
}
