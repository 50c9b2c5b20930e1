/* test_ch04_screenshot: runs ch04_bone_tree on the tube, headless, and checks
 * from the PNGs that the skeleton is drawn and that children follow a turned
 * joint, the right way round.
 *
 * The tube (assets/models/tube.gltf) is a chain of three joints straight up
 * the Y axis: base at y = 0, middle at 0.5, tip at 1. The program selects
 * `middle` (--joint middle): its point is drawn white. The tip is at depth 2
 * in the tree and is drawn pink (the chapter's palette: depth 2 is
 * (0.95, 0.3, 0.6)), as is the bone from middle to tip.
 *  - rest pose: the pink pixel farthest from the white point (the tip's
 *    point) is straight above it on screen;
 *  - --turn z,90: turning middle 90 degrees about its own Z axis takes its
 *    +Y (where the tip is) to -X, so the tip is to the left of it. The
 *    default camera looks from the front (+Z), 30 degrees to the right and
 *    20 degrees above, so -X also leads a little away from the camera and
 *    shows slightly upwards: mostly left, never mostly up or right.
 * Only the region right of the key of names and below the title is read. */
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static const char *program, *model, *out_dir;

typedef struct found {
    int white_count;
    double white_x, white_y; /* centroid of the selected joint's white point */
    int pink_count;
    int tip_x, tip_y; /* the pink pixel farthest from the white centroid */
} found;

static bool is_white(const unsigned char *p)
{
    return p[0] > 230 && p[1] > 230 && p[2] > 230;
}

static bool is_pink(const unsigned char *p)
{
    return p[0] > 200 && p[1] < 150 && p[2] > 120 && p[2] < 230 && p[0] > p[2] + 30;
}

static found look(const image_rgba8 *img)
{
    found f = {0};
    const int x0 = img->width / 3, y0 = 32; /* right of the key, below the title */
    for (int y = y0; y < img->height; y++)
        for (int x = x0; x < img->width; x++)
            if (is_white(img->pixels + 4 * (y * img->width + x)))
                f.white_count++, f.white_x += x, f.white_y += y;
    if (f.white_count)
        f.white_x /= f.white_count, f.white_y /= f.white_count;
    double best = -1;
    for (int y = y0; y < img->height; y++)
        for (int x = x0; x < img->width; x++)
            if (is_pink(img->pixels + 4 * (y * img->width + x))) {
                double d = (x - f.white_x) * (x - f.white_x) + (y - f.white_y) * (y - f.white_y);
                f.pink_count++;
                if (d > best)
                    best = d, f.tip_x = x, f.tip_y = y;
            }
    return f;
}

static found run(const char *name, const char *extra)
{
    char arguments[1024];
    snprintf(arguments, sizeof arguments, "--model \"%s\" --headless --frames 3 --size 320x240 --joint middle %s",
             model, extra);
    image_rgba8 img;
    gl_test_screenshot(program, arguments, out_dir, name, &img);
    found f = look(&img);
    image_free(&img);
    if (f.white_count < 9)
        fail_msg("%s: the selected joint's white point is missing (%d white pixels)", name, f.white_count);
    if (f.pink_count < 20)
        fail_msg("%s: the tip (depth 2, pink) is missing (%d pink pixels)", name, f.pink_count);
    return f;
}

static void rest_pose_tip_is_above_the_middle(void **state)
{
    (void)state;
    found f = run("ch04_tube_rest", "");
    double dx = f.tip_x - f.white_x, dy = f.tip_y - f.white_y;
    if (!(dy < -20 && fabs(dx) < 0.3 * -dy))
        fail_msg("rest pose: the tip should be straight above the middle joint on screen; it is %.0f px right and "
                 "%.0f px down of it",
                 dx, dy);
}

static void turned_middle_carries_the_tip_to_the_left(void **state)
{
    (void)state;
    found f = run("ch04_tube_turned", "--turn z,90");
    double dx = f.tip_x - f.white_x, dy = f.tip_y - f.white_y;
    if (!(dx < -20 && fabs(dy) < 0.8 * -dx))
        fail_msg("middle turned 90 degrees about Z: the tip should be left of the middle joint, about level; "
                 "it is %.0f px right and %.0f px down of it",
                 dx, dy);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: test_ch04_screenshot PROGRAM TUBE.gltf OUT_DIR\n");
        return 2;
    }
    program = argv[1], model = argv[2], out_dir = argv[3];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rest_pose_tip_is_above_the_middle),
        cmocka_unit_test(turned_middle_carries_the_tip_to_the_left),
    };
    return cmocka_run_group_tests_name("ch04 screenshot", tests, NULL, NULL);
}
