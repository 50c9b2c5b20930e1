/* ik_ccd.c: cyclic coordinate descent over a chain. */
#include "ik_chain.h"

#include <math.h>

/* The checks CCD and FABRIK share (ik_fabrik.c calls it too). */
bool ik_chain_job_check(const char *name, const ik_chain_job *job, sa_error *err)
{
    if (!job)
        return sa_error_set(err, "%s: no job", name);
    if (!ik_chain_check(name, job->skeleton, job->local, job->joints, job->count, 2, err))
        return false;
    if (!ik_vec3_is_finite(job->target))
        return sa_error_set(err, "%s: the target (%g, %g, %g) is not finite", name, (double)job->target[0],
                            (double)job->target[1], (double)job->target[2]);
    if (job->max_iterations < 1)
        return sa_error_set(err, "%s: max_iterations is %d, at least 1 is needed", name, job->max_iterations);
    if (!(job->tolerance >= 0.0f) || !isfinite(job->tolerance))
        return sa_error_set(err, "%s: the tolerance is %g, not a distance >= 0", name, (double)job->tolerance);
    return ik_limits_check(name, job->limits, job->count, err);
}

/* [listing ik_ccd_run] */
bool ik_ccd_run(const ik_chain_job *job, sa_error *err)
{
    if (!ik_chain_job_check("ik_ccd", job, err))
        return false;
    const int n = job->count;
    ik_chain_pose cp;
    ik_chain_pose_compute(job->skeleton, job->local, job->joints, n, &cp);
    vec3 tip;
    int iteration = 0;
    for (; iteration < job->max_iterations; iteration++) {
        ik_chain_position(&cp, n - 1, tip);
        if (glm_vec3_distance(tip, (float *)job->target) <= job->tolerance)
            break;
        /* From the joint nearest the tip back to the root: each turns so
         * that its line to the tip goes through the target. */
        for (int k = n - 2; k >= 0; k--)
            ik_chain_aim(&cp, job->skeleton, job->local, job->joints, k, n - 1, job->target, 1.0f,
                         job->limits ? &job->limits[k] : NULL);
    }
    ik_chain_position(&cp, n - 1, tip);
    if (job->iterations)
        *job->iterations = iteration;
    if (job->tip_to_target)
        *job->tip_to_target = glm_vec3_distance(tip, (float *)job->target);
    return true;
}
/* [/listing] */
