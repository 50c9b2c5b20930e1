/* screenshot_check.h: checks what chapter 01 draws, from first principles.
 *
 * The expected picture is not a stored "golden" image made by the program
 * under test. It is worked out here, independently of common/ and cglm, from
 * the documented scene: a cube of half size 0.5 at the origin, unrotated at
 * --time 0, seen by the default orbit camera (yaw 30, pitch 20, distance 3,
 * vertical fov 45 degrees), lit by the chapter's light and base colour.
 */
#ifndef SA_SCREENSHOT_CHECK_H
#define SA_SCREENSHOT_CHECK_H

#include "common/image.h"

#include <stdbool.h>
#include <stddef.h>

/* Returns true when the frame shows the chapter 01 cube where and how it
 * should; otherwise false with the reason in `why`. */
bool ch01_frame_is_right(const image_rgba8 *img, char *why, size_t why_len);

#endif
