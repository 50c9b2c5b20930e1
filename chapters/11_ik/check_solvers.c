/* check_solvers.c: ch11_ik --check-solvers, every solver on fixed targets
 * with no window (see ik_demo.h). */
#include "ik_demo.h"

#include "common/app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* [listing check_solvers] */
/* --check-solvers: targets on three rings around the chain's root, inside
 * its reach (for two-bone, the reach of the first two bones); each solver
 * from the rest pose; errors through chapter 04's forward kinematics. */
int run_check_solvers(const char *path, const skeleton *s, const int *chain, int count)
{
    transform *local = malloc(sizeof *local * (size_t)s->joint_count);
    mat4 *model = malloc(sizeof *model * (size_t)s->joint_count);
    mat4 *rest = malloc(sizeof *rest * (size_t)s->joint_count);
    if (!local || !model || !rest) {
        free(local), free(model), free(rest);
        fprintf(stderr, "error: out of memory\n");
        return 1;
    }
    skeleton_local_to_model(s, s->rest_local, rest);
    float worst[SOLVER_COUNT] = {0}, stretch = 0.0f;
    sa_error err;
    int status = 0;
    for (int solver = 0; solver < SOLVER_COUNT && status == 0; solver++)
        for (int i = 0; i < 36 && status == 0; i++) {
            /* The reach of the bones this solver moves (two-bone: the first two). */
            float reach = 0.0f, longest = 0.0f;
            for (int k = 0; k + 1 < (solver == SOLVER_TWO_BONE ? 3 : count); k++) {
                float bone = glm_vec3_distance(rest[chain[k]][3], rest[chain[k + 1]][3]);
                reach += bone;
                longest = fmaxf(longest, bone);
            }
            /* No nearer than the longest bone folded back over the others. */
            float nearest = fmaxf(0.0f, 2.0f * longest - reach);
            /* 12 directions a ring, three rings (rising 0.2, 0.5, 0.8 for
             * each 1 across), from 0.1 to 0.9 of the way from the nearest
             * reach to the farthest. */
            float angle = 2.0f * GLM_PIf * (float)(i % 12) / 12.0f, height = 0.2f + 0.3f * (float)(i / 12);
            float away = nearest + (0.1f + 0.8f * (float)(i % 5) / 4.0f) * (reach - nearest);
            vec3 dir = {cosf(angle), height, sinf(angle)}, target;
            glm_vec3_normalize(dir);
            glm_vec3_copy(rest[chain[0]][3], target);
            glm_vec3_muladds(dir, away, target);
            if (!solve(solver, s, chain, count, target, local, &err)) {
                sa_error_prefix(&err, "%s", path);
                status = app_fail(&err);
                break;
            }
            skeleton_local_to_model(s, local, model);
            int tip = chain[solver == SOLVER_TWO_BONE ? 2 : count - 1];
            worst[solver] = fmaxf(worst[solver], glm_vec3_distance(model[tip][3], target));
            for (int k = 0; k + 1 < count; k++) {
                float was = glm_vec3_distance(rest[chain[k]][3], rest[chain[k + 1]][3]);
                float now = glm_vec3_distance(model[chain[k]][3], model[chain[k + 1]][3]);
                stretch = fmaxf(stretch, fabsf(now - was) / fmaxf(was, 1e-6f));
            }
        }
    if (status == 0) {
        printf("two_bone_max_error: %.3g\nccd_max_error: %.3g\nfabrik_max_error: %.3g\nmax_bone_stretch: %.3g\n",
               (double)worst[0], (double)worst[1], (double)worst[2], (double)stretch);
        /* Two-bone: within 1e-4 m (the tests). CCD and FABRIK stop once the tip
         * is within their tolerance: a worst error over it means a target
         * they did not reach inside the iteration cap. */
        for (int solver = 0; solver < SOLVER_COUNT; solver++) {
            float bound = solver == SOLVER_TWO_BONE ? 1e-4f : IK_DEMO_TOLERANCE;
            if (!(worst[solver] <= bound)) {
                fprintf(stderr, "error: %s: %s leaves the tip %.3g m from a reachable target (over %.3g%s)\n", path,
                        solver_names[solver], (double)worst[solver], (double)bound,
                        solver == SOLVER_TWO_BONE ? "" : ", its tolerance: not reached within the iteration cap");
                status = 1;
            }
        }
        if (!(stretch <= 1e-5f)) {
            fprintf(stderr, "error: %s: a bone changed length by %.3g of itself (over 1e-5)\n", path, (double)stretch);
            status = 1;
        }
    }
    free(local), free(model), free(rest);
    return status;
}
/* [/listing] */
