/* locomotion_check.c: --check-walk's third part, ten seconds of speed
 * changes between the walk and the run through the locomotion blend and the
 * foot lock (chapter 10). The contract is in locomotion.h. */
#include "locomotion.h"

#include <math.h>
#include <stdlib.h>

static const float speed_knots[][2] = {
    {0, 2.7f},  {1, 2.7f},     {3, 1.14f},    {4, 1.14f},    {4, 2.7f},    {5, 2.7f},  {5, 1.53f},
    {6, 1.53f}, {6.5f, 2.31f}, {6.5f, 1.14f}, {7.5f, 1.14f}, {9.5f, 2.7f}, {10, 2.7f},
};

float locomotion_check_speed(double t)
{
    const int count = (int)(sizeof speed_knots / sizeof speed_knots[0]);
    if (!(t > speed_knots[0][0]))
        return speed_knots[0][1];
    for (int k = 1; k < count; k++)
        if (t < speed_knots[k][0]) {
            const float *a = speed_knots[k - 1], *b = speed_knots[k];
            return a[1] + (b[1] - a[1]) * (float)((t - a[0]) / (b[0] - a[0]));
        }
    return speed_knots[count - 1][1];
}

bool locomotion_check(const walk_clip *walk, const walk_clip *run, double seconds, double rate, walk_check_result *out,
                      sa_error *err)
{
    *out = (walk_check_result){0};
    if (!(rate > 0) || !(seconds >= 0))
        return sa_error_set(err, "locomotion check: the rate (%g Hz) must be above 0 and the time (%g s) at least 0",
                            rate, seconds);
    int n = walk->c.joint_count;
    transform *walk_pose = malloc((size_t)n * sizeof *walk_pose), *run_pose = malloc((size_t)n * sizeof *run_pose),
              *pose = malloc((size_t)n * sizeof *pose);
    mat4 *model = malloc((size_t)n * sizeof *model);
    int *walk_cursors = calloc((size_t)walk->c.track_count + 1, sizeof *walk_cursors),
        *run_cursors = calloc((size_t)run->c.track_count + 1, sizeof *run_cursors);
    locomotion_job job;
    foot_lock lock;
    bool ok = walk_pose && run_pose && pose && model && walk_cursors && run_cursors;
    if (!ok)
        sa_error_set(err, "locomotion check: out of memory");
    ok = ok && locomotion_job_init(&job, walk, run, walk_cursors, run_cursors, walk_pose, run_pose, err) &&
         foot_lock_init(&lock, &job, err);
    const double dt = 1 / rate;
    const int frames = (int)lround(seconds * rate);
    float root[3] = {0, 0, 0}, last[2][2][3];
    /* the stance kept here, from the events as the lock keeps its own: a
     * lock that held no foot would not hide a slide */
    bool planted[2] = {false, false}, was_planted[2];
    double since_contact[2] = {1, 1};
    for (int f = 0; ok && f <= frames; f++) {
        float delta[3] = {0, 0, 0};
        /* frame 0 is the pose at phase 0; each step after it at the profile's mid-step speed */
        locomotion_frame(&job, locomotion_check_speed((f - 0.5) * dt), f > 0 ? dt : 0, pose, delta);
        root_motion_turn(delta, 0, delta);
        glm_vec3_add(root, delta, root);
        out->distance_travelled += glm_vec3_norm(delta);
        mat4 world_from_model;
        root_world_from_model(root, 0, world_from_model);
        foot_lock_apply(&lock, &job, world_from_model, pose, model);
        for (int side = 0; side < 2; side++) {
            float sole[2][3];
            gait_sole_points(&walk->g, (gait_side)side, model[walk->g.leg[side].foot], sole[0], sole[1]);
            was_planted[side] = planted[side];
            planted[side] = foot_lock_step_stance(&lock, (gait_side)side, &job.sync, &since_contact[side],
                                                  planted[side]);
            for (int p = 0; p < 2; p++) {
                glm_mat4_mulv3(world_from_model, sole[p], 1, sole[p]);
                out->max_foot_penetration = fmax(out->max_foot_penetration, -(double)sole[p][1]);
                if (f > 0 && was_planted[side] && planted[side])
                    out->max_foot_slide = fmax(out->max_foot_slide, gait_sole_slide(sole[p], last[side][p], dt));
                glm_vec3_copy(sole[p], last[side][p]);
            }
        }
    }
    free(walk_cursors);
    free(run_cursors);
    free(model);
    free(pose);
    free(walk_pose);
    free(run_pose);
    return ok;
}
