/* EXERCISE ex11.1: where the middle joint and the tip of a two-bone chain go.
 *
 * Task: root is where the chain starts; upper and lower (>= 0) are the
 * lengths root-middle and middle-tip. Write out_tip on the ray from root
 * through target, at the distance |target - root| clamped to
 * [|upper - lower|, upper + lower]. Write out_mid at upper from root and at
 * lower from out_tip, on the side of the part of pole perpendicular to the
 * root-target axis: the angle at the root comes from the law of cosines, its
 * cosine clamped to [-1, 1]; out_mid is root when 2 * upper * d is 0.
 * The caller guarantees target != root and a pole with a part perpendicular
 * to the axis. Write exactly three floats to each output.
 * The contract is in chapters/11_ik/ik.h; see exercises/11_ik/README.md.
 *
 * Check your work:   ctest --test-dir build -L ex11.1 --output-on-failure
 */
#include "chapters/11_ik/ik.h"
#include "exercises/stub_note.h"

void two_bone_positions(const float root[3], float upper, float lower, const float target[3], const float pole[3],
                        float out_mid[3], float out_tip[3])
{
    /* TODO(ex11.1): this stub lays the chain out straight toward the
     * target, both bones at full length: no bend, no pole, the tip past a
     * near target. Write the law of cosines (and delete the note). */
    SA_STUB_NOTE("ex11.1", "exercises/11_ik/two_bone_positions.c",
                 "the chain is laid straight toward the target (no bend, the pole ignored)");
    (void)pole;
    vec3 u;
    glm_vec3_sub((float *)target, (float *)root, u);
    glm_vec3_normalize(u);
    for (int i = 0; i < 3; i++) {
        out_mid[i] = root[i] + upper * u[i];
        out_tip[i] = root[i] + (upper + lower) * u[i];
    }
}
