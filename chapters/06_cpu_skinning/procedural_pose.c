/* procedural_pose.c: poses made by a formula (chapters 06 and 07). */
#include "procedural_pose.h"

#include <math.h>
#include <string.h>

/* [listing motion] */
/* local.rotation = local.rotation * (turn of angle about axis): the turn is
 * about the joint's own axis, in its rest frame. */
static void turn_local(transform *local, const vec3 axis, float angle)
{
    versor turn, turned;
    glm_quatv(turn, angle, (float *)axis);
    glm_quat_mul(local->rotation, turn, turned);
    glm_quat_normalize(turned);
    glm_quat_copy(turned, local->rotation);
}

/* The chosen joints turn about their own Z axis by up to 25 degrees, each
 * 0.7 radians of the sine later than the one before. */
void pose_swing(const skeleton *s, const bool *swings, float seconds, transform *out_local)
{
    memcpy(out_local, s->rest_local, (size_t)s->joint_count * sizeof *out_local);
    for (int j = 0; j < s->joint_count; j++)
        if (swings[j])
            turn_local(&out_local[j], (vec3){0, 0, 1},
                       glm_rad(25.0f) * sinf(2.0f * GLM_PIf * 0.5f * seconds - 0.7f * (float)j));
}
/* [/listing] */

void pose_procedural(const skeleton *s, float time, float amplitude, transform *out_local)
{
    static const vec3 axes[3] = {{1, 0, 0}, {0, 0, 1}, {0, 1, 0}};
    memcpy(out_local, s->rest_local, (size_t)s->joint_count * sizeof *out_local);
    for (int j = 0; j < s->joint_count; j++)
        if (s->parent[j] >= 0)
            turn_local(&out_local[j], axes[j % 3], amplitude * sinf(2.0f * GLM_PIf * time / 3.0f + 0.9f * (float)j));
}

void pose_twist(const skeleton *s, int joint, float angle, transform *out_local)
{
    memcpy(out_local, s->rest_local, (size_t)s->joint_count * sizeof *out_local);
    if (joint >= 0 && joint < s->joint_count)
        turn_local(&out_local[joint], (vec3){0, 1, 0}, angle);
}
