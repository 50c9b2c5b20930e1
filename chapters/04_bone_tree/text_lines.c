/* text_lines.c: stb_easy_font's bars as one-pixel debug lines. */
#include "text_lines.h"

#include <string.h>

#ifdef SA_HAVE_STB_EASY_FONT
#include <stb_easy_font.h>
#endif

float text_draw(debug_draw *d, float x_px, float y_px, float scale, const char *text, const vec3 color)
{
#ifdef SA_HAVE_STB_EASY_FONT
    /* stb_easy_font writes 4 vertices of 16 bytes per bar; 64 characters
     * take well under 64 * 20 bars. Longer text is cut. */
    static const size_t max_chars = 64;
    char copy[65];
    size_t length = strlen(text);
    if (length > max_chars)
        length = max_chars;
    memcpy(copy, text, length);
    copy[length] = '\0';
    struct {
        float x, y, z;
        unsigned char rgba[4];
    } quads[64 * 20 * 4];
    int count = stb_easy_font_print(0, 0, copy, NULL, quads, (int)sizeof quads);
    for (int q = 0; q < count; q++) {
        /* Corners 0 and 2 are opposite: the bar spans x0..x1, y0..y1 (font units). */
        float x0 = quads[4 * q].x, y0 = quads[4 * q].y, x1 = quads[4 * q + 2].x, y1 = quads[4 * q + 2].y;
        x0 = x_px + scale * x0, x1 = x_px + scale * x1, y0 = y_px + scale * y0, y1 = y_px + scale * y1;
        /* Fill the bar with lines one pixel apart, along its long side. */
        if (x1 - x0 >= y1 - y0) {
            for (float y = y0 + 0.5f; y < y1; y += 1.0f)
                debug_draw_line(d, (vec3){x0, y, 0}, (vec3){x1, y, 0}, color);
        } else {
            for (float x = x0 + 0.5f; x < x1; x += 1.0f)
                debug_draw_line(d, (vec3){x, y0, 0}, (vec3){x, y1, 0}, color);
        }
    }
    return scale * (float)stb_easy_font_width(copy);
#else
    (void)d, (void)x_px, (void)y_px, (void)scale, (void)text, (void)color;
    return 0.0f;
#endif
}

void text_clip_from_screen(int width, int height, mat4 clip_from_screen)
{
    /* x 0..width to -1..1, y 0..height (down) to 1..-1. */
    glm_ortho(0.0f, (float)width, (float)height, 0.0f, -1.0f, 1.0f, clip_from_screen);
}
