/* fabrik_iteration.c: reference solution of exercise ex11.2.
 * The stub is exercises/11_ik/fabrik_iteration.c. */
#include "ik.h"

/* Puts `point` at `length` from `placed`, on the line from `placed` to
 * where `point` is; `before` is the bone's direction before the pass
 * (point - placed then), used when the two coincide. */
static void place(const float placed[3], float point[3], float length, const float before[3])
{
    vec3 direction;
    glm_vec3_sub(point, (float *)placed, direction);
    if (glm_vec3_norm(direction) == 0.0f)
        glm_vec3_copy((float *)before, direction);
    glm_vec3_normalize(direction); /* cglm leaves a zero vector zero */
    for (int i = 0; i < 3; i++)
        point[i] = placed[i] + length * direction[i];
}

/* [listing fabrik_iteration] */
void fabrik_iteration(int count, float (*positions)[3], const float *lengths, const float target[3])
{
    vec3 root, old, before;
    glm_vec3_copy(positions[0], root);

    /* Forward reaching: the tip on the target, then each point toward the
     * root pulled after the one placed before it. `old` keeps where the
     * point just placed was, for the direction its bone had. */
    glm_vec3_copy(positions[count - 1], old);
    glm_vec3_copy((float *)target, positions[count - 1]);
    for (int k = count - 2; k >= 0; k--) {
        glm_vec3_sub(positions[k], old, before);
        glm_vec3_copy(positions[k], old);
        place(positions[k + 1], positions[k], lengths[k], before);
    }

    /* Backward reaching: the root back where it was, then each point toward
     * the tip pulled after the one before it. */
    glm_vec3_copy(positions[0], old);
    glm_vec3_copy(root, positions[0]);
    for (int k = 1; k < count; k++) {
        glm_vec3_sub(positions[k], old, before);
        glm_vec3_copy(positions[k], old);
        place(positions[k - 1], positions[k], lengths[k - 1], before);
    }
}
/* [/listing] */
