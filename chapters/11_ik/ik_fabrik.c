/* ik_fabrik.c: FABRIK over a chain (its iteration is exercise ex11.2,
 * fabrik_iteration.c), the points turned back into rotations. */
#include "ik_chain.h"

/* [listing ik_fabrik_run] */
bool ik_fabrik_run(const ik_chain_job *job, sa_error *err)
{
    if (!ik_chain_job_check("ik_fabrik", job, err))
        return false;
    const int n = job->count;
    ik_chain_pose cp;
    ik_chain_pose_compute(job->skeleton, job->local, job->joints, n, &cp);

    float points[IK_MAX_CHAIN][3], lengths[IK_MAX_CHAIN];
    float reach = 0.0f;
    for (int k = 0; k < n; k++)
        ik_chain_position(&cp, k, points[k]);
    for (int k = 0; k + 1 < n; k++) {
        lengths[k] = glm_vec3_distance(points[k], points[k + 1]);
        reach += lengths[k];
    }
    /* [/listing] */
    /* [listing ik_fabrik_loop] */
    vec3 tip;
    int iteration = 0;
    for (; iteration < job->max_iterations; iteration++) {
        ik_chain_position(&cp, n - 1, tip);
        if (glm_vec3_distance(tip, (float *)job->target) <= job->tolerance)
            break;
        /* Out of reach: the best the chain can do is point straight at the
         * target, which needs no iterating. */
        bool out_of_reach = glm_vec3_distance(points[0], (float *)job->target) >= reach;
        if (out_of_reach) {
            vec3 axis;
            glm_vec3_sub((float *)job->target, points[0], axis);
            glm_vec3_normalize(axis);
            for (int k = 0; k + 1 < n; k++)
                for (int i = 0; i < 3; i++)
                    points[k + 1][i] = points[k][i] + lengths[k] * axis[i];
        } else {
            fabrik_iteration(n, points, lengths, job->target);
        }
        /* Points to rotations: root first, each joint turns its bone toward
         * the next point (the limits may keep it from getting there). Then the
         * points are where the rotations put them. */
        for (int k = 0; k + 1 < n; k++)
            ik_chain_aim(&cp, job->skeleton, job->local, job->joints, k, k + 1, points[k + 1], 1.0f,
                         job->limits ? &job->limits[k] : NULL);
        for (int k = 0; k < n; k++)
            ik_chain_position(&cp, k, points[k]);
        if (out_of_reach) {
            iteration++;
            break;
        }
    }
    ik_chain_job_report(job, &cp, iteration);
    return true;
}
/* [/listing] */
