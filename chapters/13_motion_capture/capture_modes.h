/* capture_modes.h: ch13_motion_capture's modes that print or write one thing
 * and exit, no window. Each returns the program's exit status, its error
 * line printed. */
#ifndef CH13_CAPTURE_MODES_H
#define CH13_CAPTURE_MODES_H

#include "capture.h"

/* --dump-joints FRAME: one line per joint in file order, 'name x y z', its
 * world position at frame FRAME (the text as given: 0 is the first) in the
 * file's units, End Sites left out. */
int run_dump_joints(const capture *c, const char *frame_text);

/* --dump-pose: the retargeted clip on the model (NULL: the humanoid) at
 * `time`, every node's matrix written to options->dump_pose in chapter 04's
 * format; or --export: the humanoid with the clip written to
 * options->export_path (the humanoid only: main refuses --model). */
int run_dump_pose(const capture *c, const char *model, float time, const capture_options *options);

#endif
