/* stairs_view.h: ch11_ik's stairs view, the chapter's final demo: the
 * stairs (assets/models/stairs.gltf, drawn by chapter 03's scene_gl) and
 * the humanoid walking up them, turning and walking down (stairs_demo.h),
 * GPU-skinned by chapter 08's animated view; the camera follows it. The
 * debug overlay shows what the foot placement works with: each foot's ray
 * down to the step, the ground point, the IK target, the leg's chain and
 * its pole; and the head's target.
 */
#ifndef CH11_STAIRS_VIEW_H
#define CH11_STAIRS_VIEW_H

#include "stairs_demo.h"

#include "chapters/03_gltf_loader/scene.h"
#include "common/app.h"

typedef struct stairs_view {
    stairs_demo d;
    const char *humanoid_path;
    gltf_document stairs;
    scene_nodes stairs_nodes;
    bool show_debug, show_skeleton;
    bool started; /* the first frame has walked to --time */
    /* after stairs_view_open */
    scene_gl stairs_gpu;
} stairs_view;

/* The humanoid and its walk (stairs_demo_load), the stairs file. Errors
 * name the file. */
bool stairs_view_load(stairs_view *s, const char *humanoid_path, const char *stairs_path, sa_error *err);

/* After app_open: the humanoid's GL objects and the stairs' meshes. */
bool stairs_view_open(stairs_view *s, sa_error *err);

/* The camera at the start: from the character's left, a little in front. */
void stairs_view_frame_camera(const stairs_view *s, orbit_camera *camera);

/* One frame: the keys (I, D, L, S), the walk advanced by the app's clock
 * (started again at its end), the camera's target on the character, the
 * draw. */
bool stairs_view_frame(stairs_view *s, app *a, sa_error *err);

void stairs_view_close(stairs_view *s);
/* Frees the rest; a zeroed view, or one whose load failed, frees safely. */
void stairs_view_free(stairs_view *s);

#endif
