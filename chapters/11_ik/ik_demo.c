/* ik_demo.c: the chain ch11_ik bends and its three solvers behind one
 * call (see ik_demo.h); the window and --check-solvers both solve through
 * solve(), so the check measures what the window shows. */
#include "ik_demo.h"

#include <string.h>

const char *const solver_names[SOLVER_COUNT] = {"two-bone", "ccd", "fabrik"};

/* The chain: the joints of the model's first skin, in its order, for as
 * long as each is the child of the one before (base, middle, tip on the
 * tube; hips to head on the humanoid). */
bool find_chain(const skeleton *s, int *chain, int *count, sa_error *err)
{
    *count = 0;
    for (int k = 0; s->skin_count > 0 && k < s->skins[0].joint_count && k < IK_MAX_CHAIN; k++) {
        int j = s->skins[0].joint_of_skin_joint[k];
        if (k > 0 && s->parent[j] != chain[k - 1])
            break;
        chain[(*count)++] = j;
    }
    if (*count < 3)
        return sa_error_set(err, "the IK demo needs a skin whose first three joints or more are a parent chain "
                                 "(the tube: base, middle, tip)");
    return true;
}

/* One solve of the chain toward target, from the rest pose. */
bool solve(int solver, const skeleton *s, const int *chain, int count, const vec3 target, transform *local,
           sa_error *err)
{
    memcpy(local, s->rest_local, sizeof *local * (size_t)s->joint_count);
    if (solver == SOLVER_TWO_BONE) {
        ik_two_bone_job job = {.skeleton = s,
                               .local = local,
                               .joints = {chain[0], chain[1], chain[2]},
                               .pole = {0, 0, 1},
                               .weight = 1.0f};
        glm_vec3_copy((float *)target, job.target);
        return ik_two_bone_run(&job, err);
    }
    ik_chain_job job = {.skeleton = s,
                        .local = local,
                        .joints = chain,
                        .count = count,
                        .max_iterations = IK_DEMO_MAX_ITERATIONS,
                        .tolerance = IK_DEMO_TOLERANCE};
    glm_vec3_copy((float *)target, job.target);
    return solver == SOLVER_CCD ? ik_ccd_run(&job, err) : ik_fabrik_run(&job, err);
}
