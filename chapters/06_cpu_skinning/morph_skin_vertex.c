/* morph_skin_vertex.c: reference solution of exercise ex06.3.
 * The stub is exercises/06_cpu_skinning/morph_skin_vertex.c. */
#include "skinning.h"

/* [listing morph_skin_vertex_body] */
void morph_skin_vertex(size_t vertex, int target_count, const float morph_weights[],
                       const float (*const *position_deltas)[3], const float (*const *normal_deltas)[3],
                       mat4 *skin_matrix, const uint16_t joints[4], const float weights[4], const float position[3],
                       const float normal[3], float out_position[3], float out_normal[3])
{
    /* The morph, in model space at bind time: the base plus each target's
     * delta times its weight. The weights are used as they are: not clamped
     * to 0..1 and not divided by their sum (they need not sum to anything). */
    vec3 p = {position[0], position[1], position[2]};
    vec3 n = {normal[0], normal[1], normal[2]};
    for (int t = 0; t < target_count; t++) {
        float w = morph_weights[t];
        if (w == 0.0f) /* most targets of a face are at rest most of the time */
            continue;
        if (position_deltas[t])
            glm_vec3_muladds((float *)position_deltas[t][vertex], w, p);
        if (normal_deltas[t])
            glm_vec3_muladds((float *)normal_deltas[t][vertex], w, n);
    }
    /* Then the skin, as for a vertex without targets; it normalizes n. */
    skin_vertex(skin_matrix, joints, weights, p, n, out_position, out_normal);
}
/* [/listing] */
