/* crossfade_modes.h: ch09_crossfade's modes without a window. The program
 * loads its state (crossfade_state.h) and hands it to one of these, which
 * return the exit status (or, for the pose, a status and an error).
 */
#ifndef CH09_CROSSFADE_MODES_H
#define CH09_CROSSFADE_MODES_H

#include "crossfade_state.h"

/* The blend the command line asks for: each option's text, NULL when not given. */
typedef struct blend_request {
    const char *blend, *additive, *mask, *weight, *blend_time;
    const char *dump_pose_path, *dump_obj_path;
} blend_request;

/* Usage errors (exit 2): options that make no sense together or alone
 * (two modes at once are cli.h's: the spec's `modes`). */
bool blend_request_usage_ok(const blend_request *rq, sa_error *err);

/* Into st->v.pose and the morph weights st->v.sc.morph_weights: clip a at
 * time t, then blended, masked or added as rq asks (a mask covers joints:
 * the morph weights blend with the weight alone). */
bool pose_from_command_line(program_state *st, const blend_request *rq, int a, double t, sa_error *err);

/* --dump-pose or --dump-obj of st->v.pose. */
int run_dump(program_state *st, const blend_request *rq, const char *path);

/* --check-fade: the three lines; 1 on a defect. cut (--cut): every switch
 * of the check at once (0 s) instead of its fade, the pops a working check
 * must report (the check's own test). */
int check_fade_run(program_state *st, const char *path, bool cut);

#endif
