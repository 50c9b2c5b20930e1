/* ch13_motion_capture: motion capture from a BVH file, read by hand.
 *
 * Chapter 13 reads Biovision Hierarchy files (bvh.h: the skeleton as nested
 * joints, then one line of channel values per frame) into plain structs,
 * turns them into chapter 04's skeleton and chapter 08's clip (bvh_clip.h),
 * and plays the clip through clip_sample and skeleton_local_to_model,
 * unchanged: captured motion is one more clip. Then it retargets the clip
 * onto another character (retarget.h: a change of rest pose, every rotation
 * in model space).
 *
 *   ch13_motion_capture                      CMU's 01_01.bvh (Debian's assimp-testmodels)
 *   ch13_motion_capture --bvh FILE           any BVH file
 *   ch13_motion_capture --bvh FILE --dump-joints FRAME   one line per joint,
 *       'name x y z', its world position at frame FRAME (0 is the first) in
 *       the file's units, End Sites left out; no window
 *   ch13_motion_capture --check-retarget [--model M --map FILE]
 *       every frame retargeted onto M (default: the humanoid), each paired
 *       bone against the source's: max_bone_direction_error_deg; then the
 *       feet planted on the source's contacts (retarget_feet.h), measured on
 *       the skinned soles: max_foot_slide, max_foot_penetration; no window
 *       (--no-feet: the rotations alone, the feet unplanted)
 *   ch13_motion_capture --dump-pose FILE --time T   the target's pose
 *
 * The window draws the retargeted clip on the humanoid (or --model, with
 * --map), skinned on the GPU (chapter 08's animated_view), and beside it
 * the source's skeleton as chapter 04's bones, scaled to the target's size.
 * Keys (H lists them): C the next capture; SPACE pauses (the app's).
 *
 * The files: capture.h (the capture and the target every mode starts from,
 * the options), capture_modes.h (--dump-joints, --dump-pose, --export),
 * check_retarget.h (--check-retarget), capture_view.h (the window).
 */
#include "capture.h"
#include "capture_modes.h"
#include "capture_view.h"
#include "check_retarget.h"

#include "common/app.h"

#include <stdio.h>

/* The default file: where Debian's assimp-testmodels puts CMU's captures. */
#define DEFAULT_BVH SA_BVH_DIR "/01_01.bvh"

static const cli_key keys[] = {
    {"C", "the next capture (CMU's 01_01 and 01_03, Boxing_Toes; with --bvh, that file alone)"},
};
static const char *const modes[] = {"--dump-joints", "--check-retarget", "--dump-pose", "--export", "--screenshot"};

/* One mode after the command line: the capture loaded first (every mode
 * reads it), then the mode's run, which gives the exit status. */
static int run_mode(const capture_options *o, const cli_spec *spec, const app_options *options)
{
    sa_error err;
    capture c;
    if (!capture_load(&c, o->bvh ? o->bvh : DEFAULT_BVH, o->bvh != NULL, &err)) {
        capture_free(&c);
        return app_fail(&err);
    }
    int status;
    if (o->check_retarget)
        status = run_check_retarget(&c, options->model, o);
    else if (o->export_path && options->model != NULL) {
        fprintf(stderr, "error: --export writes the humanoid only (the project writes no other model)\n");
        status = 1;
    } else if (o->dump_pose || o->export_path)
        status = run_dump_pose(&c, options->model, options->fixed_time ? options->time : 0.0f, o);
    else if (o->dump_joints)
        status = run_dump_joints(&c, o->dump_joints);
    else {
        capture_free(&c); /* the window loads its own captures */
        return run_window(options->model, spec, options, o);
    }
    capture_free(&c);
    return status;
}

int main(int argc, char **argv)
{
    /* The table points into o: main's own, passed on to the modes. */
    capture_options o = {0};
    const cli_option options_extra[] = {
        {"--bvh", CLI_STRING, &o.bvh, "FILE", "the BVH file to play (default: CMU's 01_01.bvh, " SA_BVH_DIR ")"},
        {"--dump-joints", CLI_STRING, &o.dump_joints, "FRAME",
         "print 'name x y z' for every joint (file order, End Sites left out): its world position at frame FRAME "
         "(0 is the first) in the file's units, and exit (no window)"},
        {"--map", CLI_STRING, &o.map, "FILE",
         "the joint map for retargeting: 'source_joint target_joint' per line, # comments (default: by name)"},
        {"--dump-pose", CLI_STRING, &o.dump_pose, "FILE",
         "write every node's scene-space matrix of --model (default: the humanoid) playing the retargeted clip at "
         "--time (chapter 04's format) and exit ('-': standard output)"},
        {"--export", CLI_STRING, &o.export_path, "FILE",
         "write the humanoid with the capture retargeted onto it as its clip 'capture' (a .gltf, the texture beside "
         "it) and exit"},
        {"--check-retarget", CLI_FLAG, &o.check_retarget, NULL,
         "retarget every frame onto --model (default: the humanoid), print max_bone_direction_error_deg (each paired "
         "bone, parent to child, in model space, against the source's), max_foot_slide (m/s, the target's skinned "
         "sole during the source's contacts) and max_foot_penetration (m, its feet under the ground), and exit 1 over "
         "1 degree, 0.02 m/s or 0.005 m (no window)"},
        {"--no-feet", CLI_FLAG, &o.no_feet, NULL,
         "retarget without planting the feet (no contacts, no leg IK): the clip as the rotations alone give it"},
    };
    const cli_spec spec = {
        .program = "ch13_motion_capture",
        .summary = "a BVH motion capture file, read by hand into chapter 08's clip and played on its skeleton; "
                   "--dump-joints prints every joint's world position at a frame",
        .takes_model = true,
        CLI_TABLES(options_extra, keys, modes),
    };
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    return status >= 0 ? status : run_mode(&o, &spec, &options);
}
