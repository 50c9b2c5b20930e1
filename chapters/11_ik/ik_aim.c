/* ik_aim.c: aim (look-at) spread over a chain, root first (ozz-animation's
 * look-at sample spreads its aim job head first). */
#include "ik_chain.h"

#include <math.h>

static bool validate(const ik_aim_job *job, sa_error *err)
{
    if (!job)
        return sa_error_set(err, "ik_aim: no job");
    if (!ik_chain_check("ik_aim", job->skeleton, job->local, job->joints, job->count, 1, err))
        return false;
    if (!job->weights)
        return sa_error_set(err, "ik_aim: no weights");
    for (int k = 0; k < job->count; k++)
        if (!(job->weights[k] >= 0.0f && job->weights[k] <= 1.0f))
            return sa_error_set(err, "ik_aim: weights[%d] is %g, not in [0, 1]", k, (double)job->weights[k]);
    if (!ik_vec3_is_finite(job->forward) || glm_vec3_norm((float *)job->forward) < 1e-9f)
        return sa_error_set(err, "ik_aim: the forward axis (%g, %g, %g) is not a direction (zero length or not finite)",
                            (double)job->forward[0], (double)job->forward[1], (double)job->forward[2]);
    if (!ik_vec3_is_finite(job->target))
        return sa_error_set(err, "ik_aim: the target (%g, %g, %g) is not finite", (double)job->target[0],
                            (double)job->target[1], (double)job->target[2]);
    if (!(job->max_angle >= 0.0f && job->max_angle <= GLM_PIf))
        return sa_error_set(err, "ik_aim: max_angle is %g, not an angle in [0, pi]", (double)job->max_angle);
    return true;
}

/* The angle between two non-zero vectors (atan2: accurate near 0 and pi). */
static float angle_between(const vec3 a, const vec3 b)
{
    vec3 c;
    glm_vec3_cross((float *)a, (float *)b, c);
    return atan2f(glm_vec3_norm(c), glm_vec3_dot((float *)a, (float *)b));
}

/* The direction `want` if it is within max_angle of `from`, else `from`
 * turned toward it by max_angle. */
static void direction_within(const vec3 from, const vec3 want, float max_angle, vec3 out)
{
    float angle = angle_between(from, want);
    if (angle <= max_angle) {
        glm_vec3_copy((float *)want, out);
        return;
    }
    versor turn;
    ik_rotation_between(from, want, turn);
    ik_rotation_part(turn, max_angle / angle, turn);
    glm_quat_rotatev(turn, (float *)from, out);
}

/* The head's forward axis in model space. */
static void forward_in_model(const ik_chain_pose *cp, const vec3 forward, vec3 out)
{
    vec3 f;
    glm_vec3_normalize_to((float *)forward, f);
    glm_quat_rotatev((float *)cp->rotation[cp->count - 1], f, out);
}

/* [listing ik_aim_run] */
bool ik_aim_run(const ik_aim_job *job, sa_error *err)
{
    if (!validate(job, err))
        return false;
    const int n = job->count, head = n - 1;
    ik_chain_pose cp;
    ik_chain_pose_compute(job->skeleton, job->local, job->joints, n, &cp);

    vec3 forward_before, head_position, to_target, aim_point;
    forward_in_model(&cp, job->forward, forward_before);
    ik_chain_position(&cp, head, head_position);
    glm_vec3_sub((float *)job->target, head_position, to_target);
    float distance = glm_vec3_norm(to_target);
    if (distance < 1e-6f) { /* a target on the head: no direction to look in */
        /* [elide] */
        if (job->angle_to_target)
            *job->angle_to_target = 0.0f;
        return true;
        /* [/elide] */
    }
    /* The point aimed at: the target, or the point as far away in the
     * direction the limit lets the head reach. */
    vec3 direction;
    direction_within(forward_before, to_target, job->max_angle, direction);
    glm_vec3_normalize(direction);
    glm_vec3_copy(head_position, aim_point);
    glm_vec3_muladds(direction, distance, aim_point);
    /* [/listing] */

    /* [listing ik_aim_loop] */
    /* Root first: each joint turns the forward axis toward the aim point
     * (as seen from itself) by its weight of what is left to turn. */
    vec3 forward, joint, want;
    for (int k = 0; k < n; k++) {
        forward_in_model(&cp, job->forward, forward);
        ik_chain_position(&cp, k, joint);
        if (k < head) {
            glm_vec3_sub(aim_point, joint, want);
        } else {
            /* The head itself: at the target from where it is now, but never
             * past the limit. */
            glm_vec3_sub((float *)job->target, joint, want);
            direction_within(forward_before, want, job->max_angle, want);
        }
        versor turn;
        ik_rotation_between(forward, want, turn);
        ik_rotation_part(turn, job->weights[k], turn);
        ik_chain_turn(&cp, job->skeleton, job->local, job->joints, k, turn, NULL);
    }
    /* [elide the output: the angle left to the target] */
    if (job->angle_to_target) {
        forward_in_model(&cp, job->forward, forward);
        ik_chain_position(&cp, head, head_position);
        glm_vec3_sub((float *)job->target, head_position, to_target);
        *job->angle_to_target = angle_between(forward, to_target);
    }
    /* [/elide] */
    return true;
}
/* [/listing] */
