/* test_ch11_screenshot: runs ch11_ik headless and checks from the PNGs that
 * the stairs demo draws the walker on the stairs, that turning the feet's
 * IK off changes the picture at the feet (and not at the head), that the
 * debug overlay draws its marks, and that the tube view still draws.
 *
 * The stairs view's camera looks at a point 0.9 m above the character's
 * root, from 3.8 m away on its left, a little in front: the figure stands in
 * the middle of the picture whatever its root's place on the stairs. The
 * steps are grey stone (make_stairs.c: base colour 0.62, 0.6, 0.56), lit:
 * pixels with r, g and b within 12 of each other and brighter than the
 * grey-blue ground grid and the background (46, 51, 61). With --time the
 * clock stands still: the pose is the walk's at that time. */
#include "chapters/04_bone_tree/text_lines.h"
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

#include <stdlib.h>

static const char *program, *out_dir;

/* On the stairs: the walker a third of the way up the flight (its hips
 * 1.36 m up, over the third step; the walk climbs at about 0.36 m/s). Going
 * up, the feet reach their steps without the pelvis coming down much, so IK
 * changes the legs and not the head (going down the pelvis drops and the
 * whole figure moves: at 18 to 21 s the head differs by 420 to 700 pixels). */
#define CLIMBING_TIME "6"

/* The character's colours: skin, shirt and shoes are reddish, the trousers
 * dark blue (as test_ch10_screenshot). The stairs' grey, the grid, the
 * background, the white text and the pale yellow look target are none of
 * these. */
static bool is_character(const unsigned char *p)
{
    int r = p[0], g = p[1], b = p[2];
    return r > g + 25 || (b > r + 20 && r < 60 && g < r + 40);
}

static bool is_stone(const unsigned char *p)
{
    int r = p[0], g = p[1], b = p[2];
    return abs(r - g) < 12 && abs(g - b) < 12 && abs(r - b) < 16 && r > 90 && !(r > 230 && g > 230 && b > 230);
}

/* The debug overlay's ray (cyan) and ground point (green): no other part
 * of the picture has a green well above its red. */
static bool is_overlay(const unsigned char *p)
{
    int r = p[0], g = p[1];
    return g > r + 80;
}

typedef struct figure {
    int count, stone, overlay;
    double mean_x, mean_y;
    int top, bottom; /* the figure's rows */
} figure;

static figure measure(const image_rgba8 *img)
{
    figure f = {0, 0, 0, 0, 0, img->height, -1};
    for (int y = 40; y < img->height; y++) /* below the overlay's two lines of text */
        for (int x = 0; x < img->width; x++) {
            const unsigned char *p = img->pixels + 4 * (y * img->width + x);
            f.stone += is_stone(p);
            f.overlay += is_overlay(p);
            if (is_character(p)) {
                f.count++, f.mean_x += x, f.mean_y += y;
                f.top = y < f.top ? y : f.top, f.bottom = y > f.bottom ? y : f.bottom;
            }
        }
    if (f.count > 0)
        f.mean_x /= f.count, f.mean_y /= f.count;
    return f;
}

/* Pixels that differ (by more than 40 in a channel) between a and b, in
 * the rows [from, to). */
static int differing(const image_rgba8 *a, const image_rgba8 *b, int from, int to)
{
    int n = 0;
    for (int y = from < 0 ? 0 : from; y < to && y < a->height; y++)
        for (int x = 0; x < a->width; x++) {
            const unsigned char *p = a->pixels + 4 * (y * a->width + x), *q = b->pixels + 4 * (y * a->width + x);
            n += abs(p[0] - q[0]) > 40 || abs(p[1] - q[1]) > 40 || abs(p[2] - q[2]) > 40;
        }
    return n;
}

static void shot(const char *name, const char *options, image_rgba8 *img)
{
    char arguments[256];
    snprintf(arguments, sizeof arguments, "%s --headless --frames 2 --size 480x360", options);
    gl_test_screenshot(program, arguments, out_dir, name, img);
}

static void the_walker_is_on_the_stairs_and_ik_moves_its_feet(void **state)
{
    (void)state;
    image_rgba8 on, off, debug;
    shot("ch11_stairs_ik_on", "--time " CLIMBING_TIME, &on);
    shot("ch11_stairs_ik_off", "--time " CLIMBING_TIME " --no-ik", &off);
    shot("ch11_stairs_debug", "--time " CLIMBING_TIME " --debug", &debug);
    figure a = measure(&on), b = measure(&off), c = measure(&debug);
    printf("IK on: %d character pixels centred on (%.0f, %.0f), rows %d..%d, %d stone; IK off: %d pixels; "
           "debug: %d overlay pixels (%d without)\n",
           a.count, a.mean_x, a.mean_y, a.top, a.bottom, a.stone, b.count, c.overlay, a.overlay);
    if (a.count < 500 || b.count < 500)
        fail_msg("the character is not in the picture: %d and %d of its pixels", a.count, b.count);
    if (!(fabs(a.mean_x - 240) < 60 && fabs(a.mean_y - 180) < 90))
        fail_msg("the character is not where the camera follows its root: its pixels centre on (%.0f, %.0f) of "
                 "480 x 360",
                 a.mean_x, a.mean_y);
    if (a.stone < 3000)
        fail_msg("the stairs are not in the picture: %d stone pixels", a.stone);
    /* The feet: the lowest fifth of the figure; the head: its top fifth. */
    int height = a.bottom - a.top, feet = differing(&on, &off, a.bottom - height / 5, a.bottom + 10);
    int head = differing(&on, &off, a.top - 5, a.top + height / 5);
    printf("IK on against off: %d pixels differ at the feet, %d at the head\n", feet, head);
    if (!(feet > 60 && feet > 3 * head))
        fail_msg("IK off should change the feet (%d pixels differ there) much more than the head (%d)", feet, head);
    if (!(c.overlay > 20 && a.overlay < 5))
        fail_msg("the debug overlay: %d of its pixels with --debug, %d without", c.overlay, a.overlay);
    if (TEXT_LINES_AVAILABLE) { /* the label, white, at the top left */
        int white = 0;
        for (int y = 0; y < 30; y++)
            for (int x = 0; x < on.width / 2; x++) {
                const unsigned char *p = on.pixels + 4 * (y * on.width + x);
                white += p[0] > 230 && p[1] > 230 && p[2] > 230;
            }
        if (white < 50)
            fail_msg("no label at the top left (%d white pixels)", white);
    }
    image_free(&on);
    image_free(&off);
    image_free(&debug);
}

/* The tube (--view tube): its skin is tan and brown, reddish like the
 * humanoid's skin; no stairs in this view. */
static void the_tube_view_still_draws(void **state)
{
    (void)state;
    image_rgba8 tube;
    shot("ch11_tube", "--view tube --time 0.8", &tube);
    figure t = measure(&tube);
    printf("tube: %d pixels centred on (%.0f, %.0f), %d stone\n", t.count, t.mean_x, t.mean_y, t.stone);
    if (t.count < 500 || t.stone > 100)
        fail_msg("the tube view: %d pixels of the tube, %d of stone (expected the tube alone)", t.count, t.stone);
    image_free(&tube);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_ch11_screenshot PROGRAM OUT_DIR\n");
        return 2;
    }
    program = argv[1], out_dir = argv[2];
    const struct CMUnitTest tests[] = {cmocka_unit_test(the_walker_is_on_the_stairs_and_ik_moves_its_feet),
                                       cmocka_unit_test(the_tube_view_still_draws)};
    return cmocka_run_group_tests_name("ch11 screenshot", tests, NULL, NULL);
}
