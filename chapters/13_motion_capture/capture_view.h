/* capture_view.h: ch13_motion_capture's window. The retargeted clip on the
 * model (NULL: the humanoid; options->map pairs the joints), skinned on the
 * GPU (chapter 08's animated_view), and beside it the source's skeleton as
 * chapter 04's bones, scaled to the target's size; C cycles through the
 * captures (options->bvh alone, or CMU's 01_01 and 01_03, Boxing_Toes).
 * Returns the program's exit status. */
#ifndef CH13_CAPTURE_VIEW_H
#define CH13_CAPTURE_VIEW_H

#include "capture.h"

#include "common/app.h"

int run_window(const char *model, const cli_spec *spec, const app_options *app_options, const capture_options *options);

#endif
