/* capture.h: what ch13_motion_capture's modes start from: the program's own
 * options, the BVH file as chapter 04's skeleton and chapter 08's clip, and
 * the target it is retargeted onto (the model, the joint map, the rig),
 * with the retargeted clip's feet planted (retarget_feet.h).
 *
 *     capture c;
 *     capture_load(&c, path, given, &err);   c.bvh, c.skel, c.motion
 *     retarget_target t;
 *     retarget_target_load(&t, &c, model, options.map, false, &err);   t.view, t.map, t.rig
 *     retarget_with_feet(&t.rig, &t.view, &c, times, !options.no_feet, &motion, &contacts, &mesh, &err);
 *     retarget_target_free(&t), capture_free(&c);
 */
#ifndef CH13_CAPTURE_H
#define CH13_CAPTURE_H

#include "bvh_clip.h"
#include "retarget.h"
#include "retarget_feet.h"

#include "chapters/08_keyframes/animated_view.h"

/* The default target of retargeting: the project's humanoid. */
#define HUMANOID_MODEL "assets/models/humanoid.gltf"

/* The program's own options, as main.c's table fills them (NULL or false:
 * not given), passed to the modes that read them. */
typedef struct capture_options {
    const char *bvh;         /* --bvh FILE (NULL: CMU's 01_01.bvh; the window: CMU's three captures) */
    const char *dump_joints; /* --dump-joints FRAME, as written */
    const char *map;         /* --map FILE (NULL: the joints paired by name) */
    const char *dump_pose;   /* --dump-pose FILE ('-': standard output) */
    const char *export_path; /* --export FILE */
    bool check_retarget;     /* --check-retarget */
    bool no_feet;            /* --no-feet: the rotations alone, the feet not planted */
} capture_options;

/* The BVH file, its skeleton and its clip: what every mode starts from. */
typedef struct capture {
    bvh_file bvh;
    skeleton skel;
    clip motion;
} capture;

/* given: the path came from --bvh (a default file that is missing gets a
 * line naming the package that installs it). Free c on failure too. */
bool capture_load(capture *c, const char *path, bool given, sa_error *err);
void capture_free(capture *c);

/* The target model (every node a joint: chapter 08's skeleton over all
 * nodes), the joint map and the rig over both. */
typedef struct retarget_target {
    animated_view view;
    retarget_map map;
    retarget_rig rig;
} retarget_target;

/* model NULL: the humanoid; map_path NULL: the joints paired by name. Free t
 * on failure too. */
bool retarget_target_load(retarget_target *t, const capture *c, const char *model, const char *map_path,
                          bool decode_images, sa_error *err);
void retarget_target_free(retarget_target *t);

/* The rig from the source's skeleton onto v's (v->all), the target's rest
 * pose its bind pose (retarget_bind_rest: the skins' joints; the other
 * nodes their TRS). */
bool retarget_target_rig(retarget_rig *rig, const skeleton *source, const animated_view *v, const retarget_map *map,
                         sa_error *err);

/* The retargeted clip at the capture's frames (times: [frame_count]
 * seconds), and its feet planted on the source's contacts (retarget_feet.h)
 * when plant_feet; mesh: the target's feet (chapter 10), which the check
 * measures too. The caller frees motion, contacts and mesh, on failure too. */
bool retarget_with_feet(const retarget_rig *rig, const animated_view *v, const capture *c, const float *times,
                        bool plant_feet, clip *motion, retarget_contacts *contacts, foot_mesh *mesh, sa_error *err);

#endif
