/* ik_two_bone.c: two-bone IK by the law of cosines (the job around
 * two_bone_positions, exercise ex11.1). */
#include "ik_chain.h"

#include <math.h>

static bool validate(const ik_two_bone_job *job, sa_error *err)
{
    if (!job)
        return sa_error_set(err, "ik_two_bone: no job");
    if (!ik_chain_check("ik_two_bone", job->skeleton, job->local, job->joints, 3, 3, err))
        return false;
    if (!ik_vec3_is_finite(job->target))
        return sa_error_set(err, "ik_two_bone: the target (%g, %g, %g) is not finite", (double)job->target[0],
                            (double)job->target[1], (double)job->target[2]);
    if (!ik_vec3_is_finite(job->pole) || glm_vec3_norm((float *)job->pole) < 1e-9f)
        return sa_error_set(err, "ik_two_bone: the pole (%g, %g, %g) is not a direction (zero length or not finite)",
                            (double)job->pole[0], (double)job->pole[1], (double)job->pole[2]);
    if (!(job->weight >= 0.0f && job->weight <= 1.0f))
        return sa_error_set(err, "ik_two_bone: the weight is %g, not in [0, 1]", (double)job->weight);
    if (!(job->soft >= 0.0f && job->soft < 1.0f))
        return sa_error_set(err, "ik_two_bone: soft is %g, not in [0, 1) (0 is off)", (double)job->soft);
    return true;
}

/* A unit vector perpendicular to the unit vector u. */
static void any_perpendicular(const vec3 u, vec3 out)
{
    glm_vec3_cross((float *)u, (vec3){1, 0, 0}, out);
    if (glm_vec3_norm(out) < 0.1f)
        glm_vec3_cross((float *)u, (vec3){0, 1, 0}, out);
    glm_vec3_normalize(out);
}

/* The part of v perpendicular to the unit vector u. */
static void perpendicular_part(const vec3 v, const vec3 u, vec3 out)
{
    vec3 along;
    glm_vec3_scale((float *)u, glm_vec3_dot((float *)v, (float *)u), along);
    glm_vec3_sub((float *)v, along, out);
}

/* [listing ik_two_bone_run] */
bool ik_two_bone_run(const ik_two_bone_job *job, sa_error *err)
{
    if (!validate(job, err))
        return false;
    transform *local = job->local;
    const int *joints = job->joints;
    ik_chain_pose cp;
    ik_chain_pose_compute(job->skeleton, local, joints, 3, &cp);
    vec3 root, mid, tip;
    ik_chain_position(&cp, 0, root);
    ik_chain_position(&cp, 1, mid);
    ik_chain_position(&cp, 2, tip);
    float upper = glm_vec3_distance(root, mid), lower = glm_vec3_distance(mid, tip);

    /* The axis from the root to the target. A target on the root has none:
     * keep the direction the chain points in now (root to tip, else root to
     * middle, else any). */
    vec3 target, axis;
    glm_vec3_copy((float *)job->target, target);
    glm_vec3_sub(target, root, axis);
    float distance = glm_vec3_norm(axis);
    if (distance < 1e-6f) {
        /* [elide the chain's own direction as the axis, the target just off the root] */
        glm_vec3_sub(tip, root, axis);
        if (glm_vec3_norm(axis) < 1e-6f)
            glm_vec3_sub(mid, root, axis);
        if (glm_vec3_norm(axis) < 1e-6f)
            glm_vec3_copy((vec3){0, 1, 0}, axis);
        glm_vec3_normalize(axis);
        distance = 1e-6f;
        glm_vec3_copy(root, target);
        glm_vec3_muladds(axis, distance, target);
        /* [/elide] */
    } else {
        glm_vec3_scale(axis, 1.0f / distance, axis);
    }

    /* Soft reach: past soft * (upper + lower) the reach approaches full
     * extension exponentially, so the middle joint straightens smoothly. */
    float reach = upper + lower;
    if (job->soft > 0.0f && distance > job->soft * reach) {
        float start = job->soft * reach, band = reach - start;
        float softened = start + band * (1.0f - expf(-(distance - start) / band));
        glm_vec3_copy(root, target);
        glm_vec3_muladds(axis, softened, target);
    }
    /* [/listing] */
    /* [listing ik_two_bone_bend] */
    /* The bend side: the pole's part perpendicular to the axis; a pole
     * along the axis says nothing, so keep the bend the chain has now, and
     * a straight chain along it bends to any side. */
    vec3 bend, now;
    perpendicular_part(job->pole, axis, bend);
    if (glm_vec3_norm(bend) < 1e-4f * glm_vec3_norm((float *)job->pole)) {
        glm_vec3_sub(mid, root, now);
        perpendicular_part(now, axis, bend);
        if (glm_vec3_norm(bend) < 1e-6f)
            any_perpendicular(axis, bend);
    }

    vec3 want_mid, want_tip;
    two_bone_positions(root, upper, lower, target, bend, want_mid, want_tip);

    /* Turn the root so that the upper bone points at the new middle joint,
     * then the middle joint so that the lower bone points at the new tip. */
    ik_chain_aim(&cp, job->skeleton, local, joints, 0, 1, want_mid, job->weight, NULL);
    ik_chain_aim(&cp, job->skeleton, local, joints, 1, 2, want_tip, job->weight, NULL);

    ik_chain_position(&cp, 2, tip);
    float left = glm_vec3_distance(tip, (float *)job->target);
    if (job->tip_to_target)
        *job->tip_to_target = left;
    if (job->reached)
        *job->reached = left <= 1e-4f;
    return true;
}
/* [/listing] */
