/* ik_ccd.c: cyclic coordinate descent over a chain. */
#include "ik_chain.h"

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
    ik_chain_job_report(job, &cp, iteration);
    return true;
}
/* [/listing] */
