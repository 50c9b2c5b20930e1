/* ch11_ik: the chapter's final demo, IK after FK on a walking character.
 *
 * The humanoid walks up the stairs, turns on the landing and walks down
 * (chapter 10's walk, its feet placed on the steps by two-bone IK:
 * stairs_walk.h), its head turned toward a target that moves (the aim job);
 * T switches to the tube, where the three solvers bend a short chain after a
 * target (tube_view.h).
 *
 *   ch11_ik                      the stairs walk (T: the tube)
 *   ch11_ik --view tube --solver ccd   the tube: two-bone (default), ccd or fabrik
 *   ch11_ik --check-solvers      every solver on fixed targets, no window:
 *       two_bone_max_error, ccd_max_error, fabrik_max_error (metres, tip
 *       to target) and max_bone_stretch (relative); exit 1 over 1e-4, 1e-5,
 *       1e-5 (CCD's and FABRIK's tolerance) and 1e-5
 *   ch11_ik --check-ik           the stairs walk at 60 Hz, no window: max_foot_error (m),
 *       max_foot_slide (m/s), max_knee_pop (rad), max_bone_stretch, the knees (degrees); exit 1 over 0.01 m,
 *       0.01 m/s or 1e-4 (--sink 0.02: every foot 2 cm into its step, which it must report)
 *   ch11_ik --export OUT.gltf    the stairs and the whole walk baked at 30 Hz
 *   ch11_ik --time 2.5 --dump-pose OUT   the walk's pose at 2.5 s, root motion in the hips
 *   ch11_ik --time 2.5 --dump-weights OUT   the face's morph weights then (chapter 08's format)
 *
 * Keys: T stairs / tube; on the stairs I IK on / off, D the debug overlay,
 * L the look-at, S skeleton; on the tube 1 two-bone, 2 CCD, 3 FABRIK, I IK
 * on / off, M target motion on / off, S skeleton; W wireframe (common).
 */
#include "check_ik.h"
#include "stairs_export.h"
#include "stairs_view.h"
#include "tube_view.h"

#include "common/app.h"

#include <stdio.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/tube.gltf"
#define HUMANOID_MODEL "assets/models/humanoid.gltf"
#define STAIRS_MODEL "assets/models/stairs.gltf"

enum { VIEW_STAIRS, VIEW_TUBE, VIEW_COUNT };
static const char *const view_names[VIEW_COUNT] = {"stairs", "tube"};
static int view_index = VIEW_STAIRS;
static cli_choices view_choices = {&view_index, view_names, VIEW_COUNT};
static bool check_solvers = false, check_ik = false, no_ik = false, debug_on = false;
static const char *solver_option = NULL, *export_path = NULL, *dump_pose_path = NULL, *dump_weights_path = NULL;
static float sink_option = 0.0f;
static const cli_option options_extra[] = {
    {"--check-solvers", CLI_FLAG, &check_solvers, NULL,
     "run every solver on fixed targets around the chain and print the worst tip error of each and the worst "
     "bone stretch, then exit (no window): exit 1 over 1e-4 m (two-bone), 1e-5 m (CCD, FABRIK) or a stretch "
     "over 1e-5"},
    {"--check-ik", CLI_FLAG, &check_ik, NULL,
     "simulate the humanoid's walk up the stairs, round and down at 60 Hz (no window) and print max_foot_error (m), "
     "max_foot_slide (m/s), max_knee_pop (rad) and max_bone_stretch, then the knees on the landing and going up and "
     "down beside the normal ranges; exit 1 over 0.01 m, 0.01 m/s or 1e-4 or with a knee outside its range"},
    {"--sink", CLI_FLOAT, &sink_option, "M",
     "with --check-ik: the IK told each ankle is M metres lower over its sole than measured, so every planted foot "
     "stands M into its step and does not slide: a defect the check must report (exit 1 over 0.01 m; the check's "
     "own test)"},
    {"--no-ik", CLI_FLAG, &no_ik, NULL,
     "the walk without foot placement (FK only): with --check-ik, --export or --dump-pose, or in the window at "
     "the start (I toggles it)"},
    {"--export", CLI_STRING, &export_path, "FILE",
     "write the humanoid (or --model) and the stairs with the whole stairs walk baked at 30 Hz (FK + IK per "
     "joint, the root motion in the hips) and exit"},
    {"--dump-pose", CLI_STRING, &dump_pose_path, "FILE",
     "write each node's scene-space matrix of the humanoid (or --model) on the stairs walk at --time, root motion "
     "in the hips (chapter 04's format), and exit ('-': standard output)"},
    {"--dump-weights", CLI_STRING, &dump_weights_path, "FILE",
     "write the morph weights of the humanoid (or --model) on the stairs walk at --time, its face clip looped "
     "(chapter 08's format: NODE W0 W1 ...), and exit ('-': standard output)"},
    {"--view", CLI_CHOICE, &view_choices, "NAME", "the view at start: stairs (default) or tube"},
    {"--solver", CLI_STRING, &solver_option, "NAME", "the tube's solver at start: two-bone (default), ccd or fabrik"},
    {"--debug", CLI_FLAG, &debug_on, NULL, "start with the stairs' debug overlay on (D toggles it)"},
};
static const cli_key keys[] = {
    {"T", "the stairs walk / the tube"},
    {"I", "IK on / off (the feet float and sink; the tube at rest)"},
    {"D", "the debug overlay on the stairs: rays, ground points, IK targets, chains, poles"},
    {"L", "the head's look-at on / off"},
    {"1 2 3", "the tube: two-bone IK, CCD, FABRIK"},
    {"M", "the tube: toggle the target's motion"},
    {"S", "toggle the skeleton"},
};
static const char *const modes[] = {"--check-solvers", "--check-ik",     "--export",
                                    "--dump-pose",     "--dump-weights", "--screenshot"}; /* cli.h keeps them apart */
static const cli_spec spec = {
    .program = "ch11_ik",
    .summary = "IK after FK: the humanoid's feet on the stairs, its head on a target; the solvers on the tube (T)",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

static int run_window(const char *tube_path, app_options *options, int solver);

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    if (!(sink_option >= 0.0f && sink_option <= 1.0f)) {
        fprintf(stderr, "error: --sink: %g is not a depth of 0 .. 1 m\n", (double)sink_option);
        return 2;
    }
    if (sink_option > 0.0f && !check_ik) {
        fprintf(stderr, "error: --sink is for --check-ik\n");
        return 2;
    }
    if (check_ik)
        return run_check_ik(options.model, !no_ik, sink_option);
    sa_error err;
    int solver = solver_option ? cli_choice(solver_option, solver_names, SOLVER_COUNT) : SOLVER_TWO_BONE;
    if (solver < 0) {
        fprintf(stderr, "error: --solver: '%s' is not two-bone, ccd or fabrik\n", solver_option);
        return 2;
    }
    char tube_path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, tube_path, sizeof tube_path, &err))
        return app_fail(&err);
    if (check_solvers) {
        tube_view t;
        memset(&t, 0, sizeof t);
        status = tube_view_load(&t, tube_path, false, solver, &err)
                     ? run_check_solvers(tube_path, &t.skel, t.chain, t.count)
                     : app_fail(&err);
        tube_view_free(&t);
        return status;
    }
    if (export_path || dump_pose_path || dump_weights_path) {
        char path[SA_PATH_MAX];
        stairs_demo d;
        memset(&d, 0, sizeof d);
        /* --model names the walker here, as for --check-ik (the window's --model is the tube) */
        bool loaded = sa_path_find(options.model ? options.model : HUMANOID_MODEL, path, sizeof path, &err) &&
                      stairs_demo_load(&d, path, false, &err);
        d.walk.ik_enabled = !no_ik; /* --no-ik: the walk's own feet, for comparison */
        if (!loaded)
            status = app_fail(&err);
        else if (export_path)
            status = stairs_export(export_path, &d, &err) ? 0 : app_fail(&err);
        else
            status = stairs_dump(&d, options.fixed_time ? options.time : 0.0, dump_pose_path, dump_weights_path);
        stairs_demo_free(&d);
        return status;
    }
    return run_window(tube_path, &options, solver);
}

/* The window: both views loaded, T switches between them. */
static int run_window(const char *tube_path, app_options *options, int solver)
{
    sa_error err;
    char humanoid_path[SA_PATH_MAX], stairs_path[SA_PATH_MAX];
    stairs_view s;
    tube_view t;
    memset(&s, 0, sizeof s);
    memset(&t, 0, sizeof t);
    bool ok = sa_path_find(HUMANOID_MODEL, humanoid_path, sizeof humanoid_path, &err) &&
              sa_path_find(STAIRS_MODEL, stairs_path, sizeof stairs_path, &err) &&
              stairs_view_load(&s, humanoid_path, stairs_path, &err) &&
              tube_view_load(&t, tube_path, true, solver, &err);
    app a;
    bool opened = ok && app_open(&a, &spec, options, &err);
    ok = opened && stairs_view_open(&s, &err) && tube_view_open(&t, &err);
    s.d.walk.ik_enabled = !no_ik;
    s.show_debug = debug_on;
    int view = view_index;
    if (ok && view == VIEW_STAIRS)
        stairs_view_frame_camera(&s, &a.camera);
    else if (ok)
        tube_view_frame_camera(&t, &a.camera);
    while (ok && app_frame_begin(&a)) {
        if (app_key_pressed(&a, GLFW_KEY_T)) {
            view = view == VIEW_STAIRS ? VIEW_TUBE : VIEW_STAIRS;
            if (view == VIEW_STAIRS)
                stairs_view_frame_camera(&s, &a.camera);
            else
                tube_view_frame_camera(&t, &a.camera);
        }
        bool drawn = view == VIEW_STAIRS ? stairs_view_frame(&s, &a, &err)
                                         : tube_view_frame(&t, &a, &s.d.v.lines, &s.d.v.text, &err);
        if (!drawn || !app_frame_end(&a, &err))
            ok = false;
    }
    if (opened) {
        tube_view_close(&t);
        stairs_view_close(&s);
        app_close(&a);
    }
    tube_view_free(&t);
    stairs_view_free(&s);
    return ok ? 0 : app_fail(&err);
}
