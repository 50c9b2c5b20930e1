/* check_retarget.h: ch13_motion_capture --check-retarget, no window. Every
 * frame of the capture retargeted onto the model (NULL: the humanoid; with
 * options->map, options->no_feet), each paired bone against the source's
 * (max_bone_direction_error_deg), then the skinned feet on the source's
 * contacts (max_foot_slide, max_foot_penetration, the shin-bound soles'
 * slide, the contacts and their frames). Returns the exit status: 1 over
 * 1 degree, 0.02 m/s or 0.005 m, or on an error (its line printed). */
#ifndef CH13_CHECK_RETARGET_H
#define CH13_CHECK_RETARGET_H

#include "capture.h"

int run_check_retarget(const capture *c, const char *model, const capture_options *options);

#endif
