/* check_mm.h: --check-mm, the controller run headless on a scripted stick
 * (chapter 14).
 *
 * 60 s at MM_RATE: a figure of eight at walking speed, a sprint, stops, a
 * 180-degree turn and side steps (the stick sideways, the facing held),
 * measured every step and printed as chapter 13's --check-retarget prints
 * (name: value):
 *
 *   max_foot_slide          m/s: the fastest a foot's own sole vertex moves
 *                           (horizontally, skinned on the humanoid's mesh,
 *                           weight on the foot and toes >= 0.999 as chapter
 *                           13 counts them) while that foot is planted this
 *                           step and the last: the database's contact kept
 *                           where its own ankle is down and still
 *                           (mm_planted_find, chapter 13's rule)
 *   max_foot_penetration    m: the deepest any foot vertex goes under y = 0
 *   trajectory_error_mean   m: the animated root from the simulated one,
 *   trajectory_error_max       over the steps
 *   max_pose_jump           rad: the most any joint's local rotation turns
 *                           in one step beyond what the database's own
 *                           frames turn there (the frame played last step to
 *                           the one after it): the motion's own speed is not
 *                           a jump (the database's run at 3.5 m/s turns a
 *                           shin 0.50 rad in one frame at its toe-off)
 *   max_pose_change         rad: the most any joint's local rotation turns
 *                           in one step, raw (printed, not judged)
 *   searches_per_second, transitions_per_second
 *   legs_guarded_steps      the steps in which the legs' guard (controller.h,
 *                           step 8) turned a leg joint less than the feet's
 *                           solve asked (printed, not judged)
 *
 * and fails (exit 1, a line on stderr each) over 0.02 m/s, 0.005 m, a mean
 * trajectory error of 0.25 m or a pose jump of 0.15 rad. --export alone
 * writes the run and prints the lines without judging them.
 */
#ifndef CH14_CHECK_MM_H
#define CH14_CHECK_MM_H

#include <stdbool.h>

#define MM_CHECK_SECONDS 60.0

typedef struct mm_check_options {
    const char *model;       /* the humanoid's glTF (NULL: assets/models/humanoid.gltf) */
    const char *database;    /* a file of --build-database (NULL: built here, mm_build_defaults) */
    const char *export_path; /* --export: the run as a glTF clip on the humanoid (NULL: none) */
    bool no_foot_ik;         /* --no-foot-ik: the feet as the frames have them */
    bool no_inertialize;     /* --no-inertialize: every jump at once */
    bool no_legs_guard;      /* --no-legs-guard: no leg_turn_max (controller.h, step 8) */
    int lock_ahead;          /* --lock-ahead N: lock_ahead_frames (controller.h, step 4); -1: the default */
    bool judge;              /* --check-mm: exit 1 over a limit (--export alone: 0 once written) */
} mm_check_options;

/* The stick at time t of the script: world (x, z), length 0..1, and
 * whether it runs and strafes (the facing held). */
void mm_check_stick(double t, float stick[2], bool *run, bool *strafe);

/* The whole check; returns the exit status (0 pass, 1 over a limit or an error). */
int mm_check_run(const mm_check_options *o);

#endif
