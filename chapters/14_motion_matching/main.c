/* ch14_motion_matching: motion matching, the humanoid's poses searched
 * from a database of its own motion.
 *
 * Chapter 14 records chapter 10's locomotion controller driven by a
 * scripted stick into a database (motion_database.h): each frame's pose,
 * the character's place, the feet's contacts and the features motion
 * matching compares (the feet, the hips, the trajectory of the next
 * second), normalized; then searches it for the frame that best continues
 * the present pose along the path asked for.
 *
 *   ch14_motion_matching --build-database FILE   build the database (seeded) and write it
 *   ch14_motion_matching --database FILE         read one back, checked against the humanoid
 *   ch14_motion_matching --check-mm              the controller on a scripted stick for 60 s, measured
 *                        [--database FILE] [--no-foot-ik] [--no-inertialize] [--no-legs-guard]
 *                        [--lock-ahead N] [--export FILE]
 */
#include "check_mm.h"
#include "mm_modes.h"
#include "mm_view.h"

#include "common/app.h"
#include "common/files.h"

#include <limits.h>
#include <stdio.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"
static const char *build_path = NULL, *database_path = NULL;
static const char *export_path = NULL, *dump_costs_path = NULL;
/* NOT_GIVEN: an option left out (any int the reader types, -1 too, is checked) */
#define NOT_GIVEN INT_MIN
static int seed_option = NOT_GIVEN, lock_ahead = NOT_GIVEN;
static bool check_mm = false, no_foot_ik = false, no_inertialize = false, no_legs_guard = false;
static const cli_option options_extra[] = {
    {"--build-database", CLI_STRING, &build_path, "FILE",
     "build the database from chapter 10's controller driven by a scripted stick (seeded), mirrored, write it to "
     "FILE, print database_frames, database_bytes and database_ranges, and exit"},
    {"--seed", CLI_INT, &seed_option, "N", "with --build-database: the stick's seed (default 14)"},
    {"--database", CLI_STRING, &database_path, "FILE",
     "read a database FILE written by --build-database (checked against the humanoid); with --check-mm: its "
     "database"},
    {"--check-mm", CLI_FLAG, &check_mm, NULL,
     "run the controller headless for 60 s on a scripted stick (a figure of eight, a sprint, stops, a 180-degree "
     "turn, side steps), print max_foot_slide, max_foot_penetration, trajectory_error_mean, trajectory_error_max, "
     "max_pose_jump (beyond the database's own step), max_pose_change (raw, not judged), searches_per_second, "
     "transitions_per_second, legs_guarded_steps; exit 1 over a limit"},
    {"--no-foot-ik", CLI_FLAG, &no_foot_ik, NULL, "with --check-mm: the feet not locked (the check should fail)"},
    {"--no-inertialize", CLI_FLAG, &no_inertialize, NULL,
     "with --check-mm: every jump at once, not inertialized (the check should fail)"},
    {"--no-legs-guard", CLI_FLAG, &no_legs_guard, NULL,
     "with --check-mm: the legs turn as the feet's IK solves them, however fast (no leg_turn_max)"},
    {"--lock-ahead", CLI_INT, &lock_ahead, "N",
     "with --check-mm: a jump (and the root's pull) keeps the held feet in reach for N frames ahead while those "
     "frames hold them down (default 30; 0: the frame itself only)"},
    {"--export", CLI_STRING, &export_path, "FILE",
     "write the --check-mm run as a glTF clip on the humanoid (the root motion in the hips), its texture beside it"},
    {"--dump-costs", CLI_STRING, &dump_costs_path, "FILE",
     "run --check-mm's stick for --time T seconds (default 8), then write the cost of every database frame against "
     "the query of the last search as 'frame cost' lines ('frame -': not searchable) and exit ('-': standard "
     "output); with --database: its database"},
};
static const cli_key keys[] = {
    {"W A S D, arrows", "the stick: away from the camera, back, left, right (as the camera looks)"},
    {"Shift", "run"},
    {"Ctrl", "strafe: side steps, the facing held"},
    {"gamepad", "left stick (dead zone 0.2), right bumper: run"},
    {"T", "toggle the trajectories: desired (green), the playing frame's (orange)"},
    {"P", "toggle --check-mm's scripted stick"},
};
static const char *const modes[] = {"--build-database", "--check-mm", "--dump-costs", "--screenshot"};
static const cli_spec spec = {
    .program = "ch14_motion_matching",
    .summary = "motion matching: the humanoid's poses searched from a database of its own motion, steered by the "
               "keys or a gamepad",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
    .keys_steer = true,
};

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    if (lock_ahead != NOT_GIVEN && lock_ahead < 0) {
        fprintf(stderr, "error: --lock-ahead takes N >= 0\n");
        return 2;
    }
    if (seed_option != NOT_GIVEN && (!build_path || seed_option < 0)) {
        fprintf(stderr, "error: --seed takes N >= 0 and is for --build-database\n");
        return 2;
    }
    sa_error err;
    char model[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, model, sizeof model, &err))
        return app_fail(&err);
    if (build_path) {
        mm_build_params p = mm_build_defaults();
        if (seed_option != NOT_GIVEN)
            p.seed = (uint32_t)seed_option;
        return mm_run_build_database(model, &p, build_path);
    }
    if (check_mm || export_path) {
        mm_check_options o = {model,
                              database_path,
                              export_path,
                              no_foot_ik,
                              no_inertialize,
                              no_legs_guard,
                              lock_ahead == NOT_GIVEN ? -1 : lock_ahead,
                              check_mm};
        return mm_check_run(&o);
    }
    if (no_foot_ik || no_inertialize || no_legs_guard || lock_ahead != NOT_GIVEN) {
        fprintf(stderr, "error: --no-foot-ik, --no-inertialize, --no-legs-guard and --lock-ahead are for --check-mm\n");
        return 2;
    }
    if (dump_costs_path) {
        mm_view_options o = {model, database_path};
        return mm_run_dump_costs(&o, options.fixed_time ? options.time : 8.0, dump_costs_path);
    }
    if (database_path)
        return mm_run_load_database(model, database_path);
    mm_view_options o = {model, NULL}; /* the window builds its database: about 2 s */
    return mm_view_run(&spec, &options, &o);
}
