/* walk_view.h: ch10_walk_cycle's window: the locomotion controller drives
 * the humanoid round a figure of eight, with footprints, contact markers and
 * the speed keys; and the state the program shares with its modes that open
 * no window (walk_modes.h). */
#ifndef CH10_WALK_VIEW_H
#define CH10_WALK_VIEW_H

#include "foot_mesh.h"
#include "locomotion_controller.h"
#include "walk.h"

#include "chapters/08_keyframes/animated_view.h"
#include "common/app.h"

#define MAX_PREROLL 600.0 /* seconds of walking --time may simulate */

/* Chapter 08's animated view (the file, both skeletons, the pose, the GPU
 * drawing) and what this chapter adds: the gaits, and for the window the
 * file's clips, the wave's mask and the controller with its arrays. */
typedef struct program_state {
    animated_view v;
    walk_clip gaits[2]; /* walk, run */
    foot_mesh feet;     /* the skinned mesh's feet (foot_mesh.h) */
    clip *clips;        /* [v.doc.animation_count]: idle, wave */
    float *upper_body;  /* [v.all.joint_count] */
    locomotion_controller ctl;
    locomotion_controller_memory memory;
} program_state;

void program_state_free(program_state *st);

/* The window's part: the file's idle (needed) and wave (if it has one and a
 * spine_2 to mask it from), the controller's arrays, the controller
 * starting at `speed`. */
bool walk_view_load_controller(program_state *st, const char *path, float speed, sa_error *err);

/* The window: the character starts at (R, 0, 0) facing -Z and walks a
 * figure of eight of two circles of PATH_RADIUS (left round the origin,
 * then right round (2R, 0, 0)); the camera follows. With --time T the
 * first T seconds are simulated at 60 Hz before the first frame, and the
 * picture then stands still: screenshots of any moment. `wave`: the wave
 * layer on from the start. Returns the exit status. */
int walk_view_run(program_state *st, const cli_spec *spec, const char *path, app_options *options, float speed,
                  bool wave);

#endif
