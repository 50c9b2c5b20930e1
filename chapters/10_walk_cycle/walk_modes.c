/* walk_modes.c: ch10_walk_cycle's modes without a window, --check-walk and
 * --dump-pose (see walk_modes.h). */
#include "walk_modes.h"

#include "foot_mesh.h"
#include "locomotion.h"

#include "chapters/04_bone_tree/pose_write.h"
#include "common/app.h"
#include "common/files.h"

#include <math.h>
#include <stdio.h>

/* --check-walk's limits (issue 17): a planted foot moving faster than this
 * slides visibly; a sole this far under the ground shows through it. */
#define MAX_FOOT_SLIDE 0.01
#define MAX_FOOT_PENETRATION 0.005
/* ... and on the mesh (issue 35): a foot vertex this far under the ground
 * shows through it; a foot moving backwards this fast kicks back. */
#define MAX_MESH_PENETRATION 0.005
#define MIN_FOOT_FORWARD_SPEED (-0.05)

/* Lowers the clip's pelvis (its translation track, every key) by `sink`
 * metres: the whole body, so the planted feet go under the ground and stay
 * still. */
static void sink_pelvis(walk_clip *w, float sink)
{
    for (int i = 0; i < w->c.track_count; i++) {
        track *t = &w->c.tracks[i];
        if (t->joint != w->g.hips || t->path != TRACK_TRANSLATION)
            continue;
        /* CUBICSPLINE keys are (in-tangent, value, out-tangent): the value only */
        int per_key = t->interpolation == TRACK_CUBICSPLINE ? 3 : 1, value = per_key == 3 ? 1 : 0;
        for (int k = 0; k < t->key_count; k++)
            t->values[(k * per_key + value) * 3 + 1] -= sink;
    }
}

/* --check-walk: 10 s of the walk, 10 of the run, then 10 of speed changes
 * between them through the locomotion blend and the foot lock; the three
 * lines, exit 1 over the limits. */
int run_check_walk(const skeleton *all, walk_clip *gaits, foot_mesh *feet, float sink)
{
    walk_check_result r, changes;
    sa_error err;
    for (int i = 0; sink > 0 && i < 2; i++)
        sink_pelvis(&gaits[i], sink);
    if (!walk_check(all, gaits, 2, 10.0, 60.0, feet, &r, &err) ||
        !locomotion_check(&gaits[0], &gaits[1], 10.0, 60.0, &changes, &err))
        return app_fail(&err);
    r.max_foot_slide = fmax(r.max_foot_slide, changes.max_foot_slide);
    r.max_foot_penetration = fmax(r.max_foot_penetration, changes.max_foot_penetration);
    r.distance_travelled += changes.distance_travelled;
    printf("max_foot_slide: %.6f\nmax_foot_penetration: %.6f\ndistance_travelled: %.6f\n", r.max_foot_slide,
           r.max_foot_penetration, r.distance_travelled);
    /* the gait of each clip beside the normal ranges */
    int outside = 0;
    for (int i = 0; i < 2; i++) {
        gait_measures m;
        if (!gait_measure(all, &gaits[i], &m, &err))
            return app_fail(&err);
        outside += gait_measures_print(gaits[i].c.name, &m, i == 1, stdout);
    }
    /* the skinned mesh's feet, after the lines above */
    printf("max_mesh_penetration: %.6f\nmin_foot_forward_speed: %.6f\n", r.max_mesh_penetration,
           r.min_foot_forward_speed);
    /* One line for each limit broken, after the lines above. */
    fflush(stdout);
    int status = 0;
    if (r.max_foot_slide > MAX_FOOT_SLIDE) {
        fprintf(stderr, "error: a planted foot slides at %g m/s (at most %g)\n", r.max_foot_slide, MAX_FOOT_SLIDE);
        status = 1;
    }
    if (r.max_foot_penetration > MAX_FOOT_PENETRATION) {
        fprintf(stderr, "error: a sole goes %g m under the ground (at most %g)\n", r.max_foot_penetration,
                MAX_FOOT_PENETRATION);
        status = 1;
    }
    if (r.max_mesh_penetration > MAX_MESH_PENETRATION) {
        fprintf(stderr, "error: a foot vertex goes %g m under the ground (at most %g)\n", r.max_mesh_penetration,
                MAX_MESH_PENETRATION);
        status = 1;
    }
    if (r.min_foot_forward_speed < MIN_FOOT_FORWARD_SPEED) {
        fprintf(stderr, "error: a foot moves backwards at %g m/s (at most %g)\n", -r.min_foot_forward_speed,
                -MIN_FOOT_FORWARD_SPEED);
        status = 1;
    }
    if (outside > 0) {
        fprintf(stderr, "error: %d gait measures are outside the normal ranges\n", outside);
        status = 1;
    }
    return status;
}

/* --dump-pose: the gait's pose at clip time t (modulo its duration) with the
 * root motion put back into the pelvis: the pose of the exported clip. */
int run_dump_pose(const skeleton *all, const walk_clip *w, double time, transform *pose, const char *out_path)
{
    sa_error err;
    double d = w->c.duration, t = fmod(fmod(time, d) + d, d);
    clip_sample(&w->c, (float)t, NULL, pose);
    float travel[3];
    root_motion_at(&w->rm, (float)t, travel);
    glm_vec3_add(pose[w->g.hips].translation, travel, pose[w->g.hips].translation);
    FILE *out = sa_output_open(out_path, &err);
    if (!out)
        return app_fail(&err);
    bool ok = skeleton_write_pose(all, pose, out, &err);
    return sa_output_close(out, out_path, ok, &err) ? 0 : app_fail(&err);
}
