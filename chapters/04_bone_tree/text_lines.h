/* text_lines.h: short text on screen (joint names), drawn as debug lines.
 *
 * stb_easy_font (from the stb package, like stb_image) turns text into small
 * axis-aligned bars; each bar is drawn here as a few one-pixel lines in
 * screen space, so text needs no font texture and no new shader: collect it
 * into a debug_draw and flush that with text_clip_from_screen().
 * Without stb_easy_font.h the calls draw nothing (TEXT_LINES_AVAILABLE is 0).
 */
#ifndef CH04_TEXT_LINES_H
#define CH04_TEXT_LINES_H

#include "common/debug_draw.h"

#include <cglm/cglm.h>

#ifdef SA_HAVE_STB_EASY_FONT
#define TEXT_LINES_AVAILABLE 1
#else
#define TEXT_LINES_AVAILABLE 0
#endif

/* Pixel height of one line of text at scale 1. */
#define TEXT_LINE_HEIGHT 10.0f

/* Draws `text` with its top-left corner at (x, y) pixels from the top-left
 * of the frame, `scale` pixels per font unit. Returns its width in pixels. */
float text_draw(debug_draw *d, float x_px, float y_px, float scale, const char *text, const vec3 color);

/* The matrix that maps pixels (origin top-left, y down) to clip space. */
void text_clip_from_screen(int width, int height, mat4 clip_from_screen);

#endif
