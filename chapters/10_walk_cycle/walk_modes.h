/* walk_modes.h: ch10_walk_cycle's modes without a window. Each returns the
 * program's exit status. */
#ifndef CH10_WALK_MODES_H
#define CH10_WALK_MODES_H

#include "walk.h"

/* --check-walk: 10 s of each gait at 60 Hz (walk_check), then 10 s of
 * speed changes between them (locomotion_check), the three lines, 1 over the
 * limits (issue 17). gaits is the walk and the run. sink (--sink, metres,
 * >= 0; 0 for the real check) lowers both clips' pelvis first, so that the
 * feet stand that far under the ground without sliding: the check's own
 * test, a defect it must report. feet: the skinned mesh's (foot_mesh.h),
 * measured after the gait lines (max_mesh_penetration, min_foot_forward_speed;
 * 1 over 0.005 m or under -0.05 m/s). */
int run_check_walk(const skeleton *all, walk_clip *gaits, foot_mesh *feet, float sink);

/* --dump-pose: w's pose at clip time `time` (modulo its duration) with the
 * root motion put back into the pelvis, the exported clip's pose, written
 * to out_path in chapter 04's format; pose is [all->joint_count] scratch. */
int run_dump_pose(const skeleton *all, const walk_clip *w, double time, transform *pose, const char *out_path);

#endif
