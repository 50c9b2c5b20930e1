/* ch10_walk_cycle: the humanoid stands, walks and runs at the speed you ask,
 * its feet planted.
 *
 * The gait generator makes a walk and a run for the model's skeleton (clips
 * in chapter 08's form). The locomotion controller (locomotion_controller.h)
 * turns a desired speed into a pose each frame: the file's idle, the walk
 * and the run blended on one phase, a crossfade between idle and walking
 * that starts on a foot contact, and the file's wave as an upper-body
 * layer. Its root motion moves the character along a figure of eight,
 * turned with the path's heading. The pose goes through chapter 04's
 * forward kinematics and chapter 07's GPU skinning unchanged.
 *
 *   ch10_walk_cycle                          walk a figure of eight (keys: speed)
 *   ch10_walk_cycle --speed 1.9 --wave       between walk and run, waving
 *   ch10_walk_cycle --speed 1.9 --time 3 --screenshot OUT.png   3 s of it, simulated at 60 Hz
 *   ch10_walk_cycle --check-walk             10 s walking, 10 s running, 10 s of speed changes, measured;
 *                                            the walk's and the run's gait beside the normal ranges,
 *                                            the skinned feet (foot_mesh.h) under the ground, backwards
 *   ch10_walk_cycle --check-walk --sink 0.007   the same, the feet 7 mm under the ground: it must fail
 *   ch10_walk_cycle --export OUT.gltf        the humanoid with its walk and run
 *   ch10_walk_cycle --gait run --time 0.2 --dump-pose OUT   the pose, root motion in the pelvis
 * Keys (H lists them): 0 stand, 1 walk, 2 run, [ ] speed -/+ 0.25 m/s,
 * V wave, F foot contacts, S skeleton.
 */
#include "walk.h"
#include "walk_export.h"
#include "walk_modes.h"
#include "walk_view.h"

#include "common/files.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"
static bool check_walk = false, wave_option = false;
static float speed_option = NAN; /* not given (the option takes finite numbers only): the --gait's speed */
static float sink_option = 0.0f;
static const char *export_path = NULL, *dump_pose_path = NULL, *gait_option = "walk";
static const cli_option options_extra[] = {
    {"--check-walk", CLI_FLAG, &check_walk, NULL,
     "simulate 10 s of walking, 10 s of running and 10 s of speed changes between them at 60 Hz, print max_foot_slide (m/s), max_foot_penetration (m) "
     "and distance_travelled (m), then the walk's and the run's gait (knee, hip and ankle angles, heel rise, toe "
     "clearance) beside the normal ranges, then the skinned mesh's feet: max_mesh_penetration (m, the deepest foot "
     "vertex under the ground) and min_foot_forward_speed (m/s, the slowest a sole moves forward); exit 1 over 0.01 "
     "m/s or 0.005 m, under -0.05 m/s or with a gait measure outside its range"},
    {"--sink", CLI_FLOAT, &sink_option, "M",
     "with --check-walk: the gaits' pelvis M metres lower, the feet M under the ground and not sliding: a defect the "
     "check must report (exit 1 over 0.005 m; the check's own test)"},
    {"--export", CLI_STRING, &export_path, "FILE",
     "write the humanoid with its walk and run clips (root motion in the pelvis track, foot events in extras) and "
     "exit"},
    {"--gait", CLI_STRING, &gait_option, "walk|run",
     "the gait to dump, or whose speed the window starts at (default: walk)"},
    {"--speed", CLI_FLOAT, &speed_option, "M/S",
     "the window's desired speed to start at (0: stand; default: the --gait's, 1.14 or 2.7)"},
    {"--wave", CLI_FLAG, &wave_option, NULL, "start with the wave layer on"},
    {"--dump-pose", CLI_STRING, &dump_pose_path, "FILE",
     "write every node's scene-space matrix of the gait at --time, root motion in the pelvis (chapter 04's "
     "format), and exit ('-': standard output)"},
};
static const cli_key keys[] = {
    {"0 1 2", "stand, walk (1.14 m/s), run (2.7 m/s)"},
    {"[ ]", "desired speed down / up by 0.25 m/s"},
    {"V", "toggle the wave (an upper-body layer)"},
    {"F", "toggle the foot-contact markers"},
    {"S", "toggle the skeleton"},
};
static const char *const modes[] = {"--check-walk", "--export", "--dump-pose", "--screenshot"}; /* one at a time */
static const cli_spec spec = {
    .program = "ch10_walk_cycle",
    .summary = "generated walk and run with root motion and a locomotion controller: the humanoid walks a figure "
               "of eight at the speed asked, its feet planted",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

static bool load(program_state *st, const char *path, bool decode_images, sa_error *err)
{
    if (!animated_view_load(&st->v, path, decode_images, err) ||
        !foot_mesh_init(&st->feet, &st->v.sc, &st->v.skel, &st->v.all, err))
        return false;
    const gait_params params[2] = {gait_walk(), gait_run()};
    /* the soles' pivots from the mesh, each gait's own heel strike (none without a mesh: the joints') */
    gait_soles soles[2];
    bool mesh[2] = {foot_mesh_soles(&st->feet, &st->v.all, params[0].heel_strike_pitch, &soles[0]),
                    foot_mesh_soles(&st->feet, &st->v.all, params[1].heel_strike_pitch, &soles[1])};
    if (!walk_clip_make_soles(&st->v.all, mesh[0] ? &soles[0] : NULL, &params[0], "walk", &st->gaits[0], err) ||
        !walk_clip_make_soles(&st->v.all, mesh[1] ? &soles[1] : NULL, &params[1], "run", &st->gaits[1], err))
        return sa_error_prefix(err, "%s", path);
    return true;
}

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    sa_error err;
    static const char *const gait_names[] = {"walk", "run"};
    int gait_index = cli_choice(gait_option, gait_names, 2);
    if (gait_index < 0) {
        fprintf(stderr, "error: --gait: '%s' is not walk or run\n", gait_option);
        return 2;
    }
    bool batch = check_walk || export_path || dump_pose_path;
    if (!isnan(speed_option) && !(speed_option >= 0)) {
        fprintf(stderr, "error: --speed: %g is not a speed >= 0 (m/s)\n", (double)speed_option);
        return 2;
    }
    if (!(sink_option >= 0.0f && sink_option <= 1.0f)) {
        fprintf(stderr, "error: --sink: %g is not a depth of 0 .. 1 m\n", (double)sink_option);
        return 2;
    }
    if (sink_option > 0.0f && !check_walk) {
        fprintf(stderr, "error: --sink is for --check-walk\n");
        return 2;
    }
    if (batch && (!isnan(speed_option) || wave_option)) {
        fprintf(stderr, "error: --speed and --wave are for the window, not --check-walk, --export or --dump-pose\n");
        return 2;
    }
    if (!batch && options.fixed_time && !(options.time <= MAX_PREROLL)) {
        fprintf(stderr, "error: --time: %g s; the window simulates at most %g s of walking\n", (double)options.time,
                MAX_PREROLL);
        return 2;
    }
    char path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, path, sizeof path, &err))
        return app_fail(&err);
    program_state st;
    memset(&st, 0, sizeof st);
    if (!load(&st, path, !batch, &err)) {
        program_state_free(&st);
        return app_fail(&err);
    }
    if (check_walk)
        status = run_check_walk(&st.v.all, st.gaits, &st.feet, sink_option);
    else if (export_path)
        status = walk_export(export_path, &st.v.all, st.gaits, 2, &err) ? 0 : app_fail(&err);
    else if (dump_pose_path)
        status = run_dump_pose(&st.v.all, &st.gaits[gait_index], options.fixed_time ? options.time : 0.0, st.v.pose,
                               dump_pose_path);
    else {
        float speed = !isnan(speed_option) ? speed_option : st.gaits[gait_index].g.speed;
        status = walk_view_load_controller(&st, path, speed, &err)
                     ? walk_view_run(&st, &spec, path, &options, speed, wave_option)
                     : app_fail(&err);
    }
    program_state_free(&st);
    return status;
}
