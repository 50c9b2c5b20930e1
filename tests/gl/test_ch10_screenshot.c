/* test_ch10_screenshot: runs ch10_walk_cycle headless and checks from the
 * PNGs that the walking humanoid is drawn where the root motion put it and
 * that its legs take the key poses.
 *
 * The camera follows the character's root from its left, a little in front
 * (about 30 degrees), 4.5 m away: the figure is in the middle of the
 * picture. At the left contact (--time 0) both feet are down a stride
 * apart along the walk (the left foot 0.36 m ahead of the hips, the right
 * 0.36 m behind: the stance feet span 60% of the 1.2 m stride); at the
 * passing pose of that step (0.3 of the 1.053 s cycle) the right foot swings
 * past the left: the feet are side by side. So the lowest part of the figure
 * is much wider at the contact than at passing. --time T simulates the
 * first T seconds at 60 Hz (the walk starting at its left contact), then
 * the picture stands still; the footprints left on the way are pale yellow
 * crosses, which is_character does not count. Skinned on the GPU (chapter
 * 07) with the skin in world space: a skin left at the origin would be out
 * of the picture.
 *
 * Between walk and run (--speed 1.92: the blend weight 0.5), with and
 * without the wave layer at the same moment: the wave moves only the joints
 * from spine_2 up, so the legs (the lowest 20% of the figure's rows, below
 * the hands, which the wave moves: the left one hangs straight instead of
 * swinging) are the same pixels, and the raised hand puts the figure's top
 * higher. */
#include "chapters/04_bone_tree/text_lines.h"
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static const char *program, *out_dir;

/* The character's colours: skin, shirt and shoes are reddish, the trousers
 * dark blue. The background (46, 51, 61), the grey-blue grid, the white text
 * and the green contact markers are none of these. */
static bool is_character(const unsigned char *p)
{
    int r = p[0], g = p[1], b = p[2];
    return r > g + 25 || (b > r + 20 && r < 60 && g < r + 40);
}

typedef struct figure {
    int count;
    double mean_x, mean_y;
    int feet_width;  /* the horizontal extent of the lowest 15% of the figure's rows */
    int top, bottom; /* the figure's first and last rows */
} figure;

static figure measure(const image_rgba8 *img)
{
    figure f = {0, 0, 0, 0, 0, 0};
    int top = img->height, bottom = -1;
    for (int y = 40; y < img->height; y++) /* below the overlay's two lines of text */
        for (int x = 0; x < img->width; x++)
            if (is_character(img->pixels + 4 * (y * img->width + x))) {
                f.count++, f.mean_x += x, f.mean_y += y;
                top = y < top ? y : top, bottom = y > bottom ? y : bottom;
            }
    if (f.count == 0)
        return f;
    f.mean_x /= f.count, f.mean_y /= f.count;
    int low = bottom - (bottom - top) * 15 / 100, left = img->width, right = -1;
    for (int y = low; y <= bottom; y++)
        for (int x = 0; x < img->width; x++)
            if (is_character(img->pixels + 4 * (y * img->width + x)))
                left = x < left ? x : left, right = x > right ? x : right;
    f.feet_width = right - left;
    f.top = top, f.bottom = bottom;
    return f;
}

static void shot_with(const char *name, const char *options, const char *time, image_rgba8 *img)
{
    char arguments[256];
    snprintf(arguments, sizeof arguments, "%s --time %s --headless --frames 2 --size 480x360", options, time);
    gl_test_screenshot(program, arguments, out_dir, name, img);
}

static void shot(const char *name, const char *time, image_rgba8 *img)
{
    shot_with(name, "--gait walk", time, img);
}

static void the_walker_is_in_view_with_its_feet_apart_then_together(void **state)
{
    (void)state;
    image_rgba8 contact, passing;
    shot("ch10_walk_contact", "0", &contact);
    shot("ch10_walk_passing", "0.31578947", &passing); /* 0.3 * 2 / 1.9 s */
    figure a = measure(&contact), b = measure(&passing);
    if (a.count < 500 || b.count < 500)
        fail_msg("the character is not in the picture: %d and %d of its pixels", a.count, b.count);
    if (!(fabs(a.mean_x - 240) < 120 && fabs(a.mean_y - 180) < 120))
        fail_msg("the character is not in the middle: its pixels centre on (%.0f, %.0f) of 480 x 360", a.mean_x,
                 a.mean_y);
    if (!(a.feet_width > b.feet_width + 15))
        fail_msg("the feet are %d px apart at the contact, %d px at passing: expected clearly wider at the contact",
                 a.feet_width, b.feet_width);
    if (TEXT_LINES_AVAILABLE) { /* the label, white, at the top left */
        int white = 0;
        for (int y = 0; y < 30; y++)
            for (int x = 0; x < contact.width / 2; x++) {
                const unsigned char *p = contact.pixels + 4 * (y * contact.width + x);
                white += p[0] > 230 && p[1] > 230 && p[2] > 230;
            }
        if (white < 50)
            fail_msg("no label at the top left (%d white pixels)", white);
    }
    printf("contact: %d pixels, feet %d px wide; passing: %d pixels, feet %d px wide\n", a.count, a.feet_width, b.count,
           b.feet_width);
    image_free(&contact);
    image_free(&passing);
}

static void between_walk_and_run_the_wave_moves_only_the_upper_body(void **state)
{
    (void)state;
    image_rgba8 plain, waving;
    shot_with("ch10_blend", "--speed 1.92", "2.5", &plain);
    shot_with("ch10_blend_wave", "--speed 1.92 --wave", "2.5", &waving);
    figure a = measure(&plain), b = measure(&waving);
    if (a.count < 500 || b.count < 500 || !(fabs(a.mean_x - 240) < 120 && fabs(a.mean_y - 180) < 120))
        fail_msg("the blended walker is not in the middle of the picture: %d / %d pixels around (%.0f, %.0f)", a.count,
                 b.count, a.mean_x, a.mean_y);
    if (!(b.top < a.top - 10))
        fail_msg("the figure's top is at row %d waving, %d not: expected the raised hand clearly higher", b.top, a.top);
    int legs = a.bottom - (a.bottom - a.top) * 20 / 100, differ = 0;
    for (int y = legs; y < plain.height; y++)
        for (int x = 0; x < plain.width; x++)
            differ += is_character(plain.pixels + 4 * (y * plain.width + x)) !=
                      is_character(waving.pixels + 4 * (y * waving.width + x));
    if (differ != 0)
        fail_msg("%d pixels of the legs (rows %d and below) changed with the wave", differ, legs);
    printf("blend: top row %d, waving %d; legs from row %d identical\n", a.top, b.top, legs);
    image_free(&plain);
    image_free(&waving);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_ch10_screenshot PROGRAM OUT_DIR\n");
        return 2;
    }
    program = argv[1], out_dir = argv[2];
    const struct CMUnitTest tests[] = {cmocka_unit_test(the_walker_is_in_view_with_its_feet_apart_then_together),
                                       cmocka_unit_test(between_walk_and_run_the_wave_moves_only_the_upper_body)};
    return cmocka_run_group_tests_name("ch10 screenshot", tests, NULL, NULL);
}
