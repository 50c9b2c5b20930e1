/* test_ch13_screenshot: runs ch13_motion_capture on CMU's 01_01.bvh (a
 * capture in a playground), headless, and checks from the PNGs that the
 * captured skeleton (left) and the humanoid playing the retargeted clip
 * (right) are both drawn standing up and that both move.
 *
 * The bones are chapter 04's overlay, coloured lines and points, and the
 * humanoid is lit and skinned: both differ from the background
 * (APP_CLEAR_*). The picture is read in two halves, left and right of its
 * middle. A standing person is taller than wide on screen (the camera looks
 * from the front, a little above: Y up stays up); at two times a second
 * apart the limbs are elsewhere, so many pixels differ in each half.
 * Skipped (77) when the file is missing (Debian's assimp-testmodels). */
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static const char *program, *bvh, *out_dir;

static bool is_bone(const unsigned char *p)
{
    return abs(p[0] - APP_CLEAR_R) + abs(p[1] - APP_CLEAR_G) + abs(p[2] - APP_CLEAR_B) > 60;
}

static image_rgba8 shot(const char *name, const char *time)
{
    char arguments[1024];
    snprintf(arguments, sizeof arguments, "--bvh \"%s\" --headless --frames 2 --size 480x360 --time %s", bvh, time);
    image_rgba8 img;
    gl_test_screenshot(program, arguments, out_dir, name, &img);
    return img;
}

/* The figure in columns x0 .. x1 - 1: standing (its box taller than wide)
 * and moving (many of its pixels differ a second later). */
static void figure_stands_and_moves(const char *what, const image_rgba8 *a, const image_rgba8 *b, int x0, int x1)
{
    int lo_x = a->width, hi_x = -1, lo_y = a->height, hi_y = -1, count = 0, differ = 0;
    for (int y = 0; y < a->height; y++)
        for (int x = x0; x < x1; x++) {
            bool in_a = is_bone(a->pixels + 4 * (y * a->width + x)), in_b = is_bone(b->pixels + 4 * (y * b->width + x));
            differ += in_a != in_b;
            if (!in_a)
                continue;
            count++;
            lo_x = x < lo_x ? x : lo_x, hi_x = x > hi_x ? x : hi_x;
            lo_y = y < lo_y ? y : lo_y, hi_y = y > hi_y ? y : hi_y;
        }
    if (count < 100)
        fail_msg("%s is missing: %d pixels", what, count);
    if (!(hi_y - lo_y > hi_x - lo_x))
        fail_msg("%s is not standing: its box is %d wide and %d tall", what, hi_x - lo_x, hi_y - lo_y);
    if (differ < count / 4)
        fail_msg("%s does not move: %d of %d pixels differ a second later", what, differ, count);
}

static void the_actor_and_the_humanoid_stand_and_move(void **state)
{
    (void)state;
    image_rgba8 a = shot("ch13_capture_1s", "1"), b = shot("ch13_capture_2s", "2");
    figure_stands_and_moves("the captured skeleton (left)", &a, &b, 0, a.width / 2);
    figure_stands_and_moves("the retargeted humanoid (right)", &a, &b, a.width / 2, a.width);
    image_free(&a);
    image_free(&b);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: test_ch13_screenshot PROGRAM FILE.bvh OUT_DIR\n");
        return 2;
    }
    program = argv[1], bvh = argv[2], out_dir = argv[3];
    FILE *f = fopen(bvh, "rb");
    if (!f) {
        fprintf(stderr, "test_ch13_screenshot: %s not found (Debian's assimp-testmodels installs it): skipped\n", bvh);
        return 77;
    }
    fclose(f);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_actor_and_the_humanoid_stand_and_move),
    };
    return cmocka_run_group_tests_name("ch13 screenshot", tests, NULL, NULL);
}
