/* locomotion.c: the walk / run blend as a job (chapter 10). The weight and
 * the phase are exercise ex10.2 (locomotion_sync.c). */
#include "locomotion.h"

#include "chapters/09_crossfade/blend.h"

#include <math.h>

locomotion_gaits locomotion_gaits_of(const walk_clip *walk, const walk_clip *run)
{
    return (locomotion_gaits){walk->g.speed, walk->g.period, run->g.speed, run->g.period};
}

bool locomotion_job_init(locomotion_job *job, const walk_clip *walk, const walk_clip *run, int *walk_cursors,
                         int *run_cursors, transform *walk_pose, transform *run_pose, sa_error *err)
{
    if (walk->c.joint_count != run->c.joint_count)
        return sa_error_set(err, "locomotion: the walk has %d joints, the run %d", walk->c.joint_count,
                            run->c.joint_count);
    locomotion_gaits g = locomotion_gaits_of(walk, run);
    if (!(g.walk_speed > 0 && g.run_speed > g.walk_speed && g.walk_period > 0 && g.run_period > 0))
        return sa_error_set(err, "locomotion: the run (%g m/s) must be faster than the walk (%g m/s)",
                            (double)g.run_speed, (double)g.walk_speed);
    *job = (locomotion_job){.walk = walk,
                            .run = run,
                            .gaits = g,
                            .joint_count = walk->c.joint_count,
                            .walk_cursors = walk_cursors,
                            .run_cursors = run_cursors,
                            .walk_pose = walk_pose,
                            .run_pose = run_pose};
    return true;
}

/* [listing locomotion_frame] */
void locomotion_frame(locomotion_job *job, float speed, double dt, transform *pose, float root_delta[3])
{
    locomotion_sync_state *s = &job->sync;
    double walk_before = s->walk_time, run_before = s->run_time, phase_before = s->phase;
    locomotion_sync(&job->gaits, speed, dt, s);
    /* how far the phase went, through the wrap: each clip moves that much
     * of its own cycle, so the two root motions cover the same part of a step */
    double advance = s->phase - phase_before;
    if (advance < 0)
        advance += 1;
    float walk_delta[3], run_delta[3];
    root_motion_advance(&job->walk->rm, walk_before, advance * job->gaits.walk_period, walk_delta);
    root_motion_advance(&job->run->rm, run_before, advance * job->gaits.run_period, run_delta);
    for (int i = 0; i < 3; i++) /* blended as the poses are: the stance foot stays put */
        root_delta[i] = (1 - s->weight) * walk_delta[i] + s->weight * run_delta[i];
    clip_sample(&job->walk->c, (float)s->walk_time, job->walk_cursors, job->walk_pose);
    clip_sample(&job->run->c, (float)s->run_time, job->run_cursors, job->run_pose);
    pose_blend(job->joint_count, job->walk_pose, job->run_pose, s->weight, NULL, pose);
}
/* [/listing] */
