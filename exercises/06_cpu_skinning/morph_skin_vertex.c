/* EXERCISE ex06.3: morph one vertex by its targets, then skin it.
 *
 * Task: move the vertex by each target's delta times the target's weight,
 * in model space at bind time, then skin the moved vertex with
 * skin_vertex() (ex06.1):
 *     p' = position + sum over t of morph_weights[t] * position_deltas[t][vertex]
 *     n' = normal   + sum over t of morph_weights[t] * normal_deltas[t][vertex]
 *     skin_vertex(skin_matrix, joints, weights, p', n', out_position, out_normal)
 * Every one of the target_count targets counts. A weight of 0 leaves the
 * vertex where it is; weights may be negative or above 1: use them as they
 * are. A target that does not move an attribute has NULL there (a target
 * without NORMAL): it adds nothing to it. Read the delta of this vertex
 * (index `vertex`), not of another. The morph comes before the skin.
 * The full contract is in chapters/06_cpu_skinning/skinning.h; see
 * exercises/06_cpu_skinning/README.md and the book, chapter 06, section
 * "Morph targets".
 *
 * Check your work:   ctest --test-dir build -L ex06.3 --output-on-failure
 */
#include "chapters/06_cpu_skinning/skinning.h"
#include "exercises/stub_note.h"

void morph_skin_vertex(size_t vertex, int target_count, const float *morph_weights,
                       const float (*const *position_deltas)[3], const float (*const *normal_deltas)[3],
                       mat4 *skin_matrix, const uint16_t joints[4], const float weights[4], const float position[3],
                       const float normal[3], float out_position[3], float out_normal[3])
{
    /* TODO(ex06.3): this stub skins the base shape and ignores the targets:
     * a face never blinks, a morphing cube stays a cube. Add the morph
     * before the skin (and delete the note). */
    SA_STUB_NOTE("ex06.3", "exercises/06_cpu_skinning/morph_skin_vertex.c",
                 "morph targets are ignored: every mesh keeps its base shape");
    (void)vertex;
    (void)target_count;
    (void)morph_weights;
    (void)position_deltas;
    (void)normal_deltas;
    skin_vertex(skin_matrix, joints, weights, position, normal, out_position, out_normal);
}
