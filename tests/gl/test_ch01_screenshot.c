/* test_ch01_screenshot: runs ch01_window as a user would, headless, and
 * checks the PNG it writes (see screenshot_check.h for what is checked). */
#include "screenshot_check.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static const char *program, *out_dir;

static void cube_is_drawn_where_the_maths_says(void **state)
{
    (void)state;
    image_rgba8 img;
    gl_test_screenshot(program, "--headless --frames 3 --time 0 --size 320x240", out_dir, "ch01_window", &img);
    EXPECT_INT(320, img.width);
    EXPECT_INT(240, img.height);
    char why[512];
    bool ok = ch01_frame_is_right(&img, why, sizeof why);
    image_free(&img);
    if (!ok)
        fail_msg("%s", why);
}

/* The check itself must be able to fail: a blank frame and a frame whose
 * cube is in the wrong place are both rejected. */
static void blank_and_shifted_frames_fail_the_check(void **state)
{
    (void)state;
    char png[1024];
    snprintf(png, sizeof png, "%s/ch01_window.png", out_dir);
    image_rgba8 img;
    sa_error err;
    if (!image_decode_file(png, &img, &err))
        fail_msg("%s (the first test writes it)", err.message);
    char why[512];

    image_rgba8 blank = {img.width, img.height, malloc((size_t)img.width * img.height * 4)};
    for (int i = 0; i < img.width * img.height; i++) {
        blank.pixels[i * 4 + 0] = 46, blank.pixels[i * 4 + 1] = 51, blank.pixels[i * 4 + 2] = 61;
        blank.pixels[i * 4 + 3] = 255;
    }
    EXPECT_TRUE(!ch01_frame_is_right(&blank, why, sizeof why));
    EXPECT_STR_CONTAINS(why, "blank");

    /* The same frame moved 12 pixels to the right. */
    image_rgba8 shifted = {img.width, img.height, blank.pixels};
    for (int y = 0; y < img.height; y++)
        for (int x = 12; x < img.width; x++)
            memcpy(shifted.pixels + ((size_t)y * img.width + x) * 4, img.pixels + ((size_t)y * img.width + x - 12) * 4,
                   4);
    EXPECT_TRUE(!ch01_frame_is_right(&shifted, why, sizeof why));
    EXPECT_STR_CONTAINS(why, "the cube covers");
    free(blank.pixels);
    image_free(&img);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s PATH/TO/ch01_window OUTPUT_DIR\n", argv[0]);
        return 2;
    }
    program = argv[1];
    out_dir = argv[2];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cube_is_drawn_where_the_maths_says),
        cmocka_unit_test(blank_and_shifted_frames_fail_the_check),
    };
    return cmocka_run_group_tests_name("ch01_screenshot", tests, NULL, NULL);
}
