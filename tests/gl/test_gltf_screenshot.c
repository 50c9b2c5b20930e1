/* test_gltf_screenshot: runs ch03_gltf_loader on its sample scene, headless,
 * and checks the PNG it writes for what the scene file says must be seen:
 *  - the floor, material "floor": baseColorFactor (0.35, 0.45, 0.55), no
 *    texture, so a bluish grey with blue > red;
 *  - the cubes, material "checker": baseColorFactor (1, 0.75, 0.45) times the
 *    checker texture, so orange squares (red > green > blue) AND the
 *    texture's dark squares. Without the texture (a white 1x1 instead) the
 *    dark squares are missing, so this also checks that images load and bind.
 * The classification is by colour only; no golden image. */
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static const char *program, *out_dir;

typedef struct counts {
    int background, floor, orange, dark_square, total;
} counts;

static counts classify(const image_rgba8 *img)
{
    counts c = {0};
    for (int i = 0; i < img->width * img->height; i++) {
        int r = img->pixels[i * 4], g = img->pixels[i * 4 + 1], b = img->pixels[i * 4 + 2];
        int hi = r > g ? (r > b ? r : b) : (g > b ? g : b), lo = r < g ? (r < b ? r : b) : (g < b ? g : b);
        c.total++;
        if (abs(r - APP_CLEAR_R) < 4 && abs(g - APP_CLEAR_G) < 4 && abs(b - APP_CLEAR_B) < 4)
            c.background++;
        else if (b > r + 20 && lo > 110)
            c.floor++;
        else if (r > g && g > b && r > 120 && r - b > 60)
            c.orange++;
        else if (b > r + 30 && hi < 130)
            c.dark_square++;
    }
    return c;
}

static bool frame_is_right(const image_rgba8 *img, char *why, size_t why_len)
{
    counts c = classify(img);
    if (c.background > c.total * 95 / 100)
        return snprintf(why, why_len, "the frame is blank (%d of %d pixels are background)", c.background, c.total),
               false;
    /* At 320x240 the floor covers about 7% of the frame, each cube colour about 1%. */
    if (c.floor < c.total / 50)
        return snprintf(why, why_len, "too few floor pixels: %d", c.floor), false;
    if (c.orange < c.total / 200)
        return snprintf(why, why_len, "too few orange (lit checker) pixels: %d", c.orange), false;
    if (c.dark_square < c.total / 200)
        return snprintf(why, why_len, "too few dark checker squares: %d (is the texture bound?)", c.dark_square), false;
    return true;
}

static void sample_scene_is_drawn_textured(void **state)
{
    (void)state;
    image_rgba8 img;
    gl_test_screenshot(program, "--headless --frames 3 --size 320x240", out_dir, "ch03_gltf_loader", &img);
    char why[256];
    bool ok = frame_is_right(&img, why, sizeof why);
    image_free(&img);
    if (!ok)
        fail_msg("%s", why);
}

/* The check must be able to fail: a blank frame, and the frame with every
 * dark checker pixel painted orange (as if the texture were missing). */
static void blank_and_untextured_frames_fail_the_check(void **state)
{
    (void)state;
    char png[1024], why[256];
    snprintf(png, sizeof png, "%s/ch03_gltf_loader.png", out_dir);
    image_rgba8 img;
    sa_error err;
    if (!image_decode_file(png, &img, &err))
        fail_msg("%s (the first test writes it)", err.message);
    image_rgba8 copy = {img.width, img.height, malloc((size_t)img.width * img.height * 4)};
    for (int i = 0; i < img.width * img.height; i++)
        copy.pixels[i * 4] = APP_CLEAR_R, copy.pixels[i * 4 + 1] = APP_CLEAR_G, copy.pixels[i * 4 + 2] = APP_CLEAR_B,
                        copy.pixels[i * 4 + 3] = 255;
    EXPECT_TRUE(!frame_is_right(&copy, why, sizeof why));
    EXPECT_STR_CONTAINS(why, "blank");
    memcpy(copy.pixels, img.pixels, (size_t)img.width * img.height * 4);
    for (int i = 0; i < img.width * img.height; i++) {
        unsigned char *p = copy.pixels + i * 4;
        int hi = p[0] > p[1] ? (p[0] > p[2] ? p[0] : p[2]) : (p[1] > p[2] ? p[1] : p[2]);
        if (p[2] > p[0] + 30 && hi < 130)
            p[0] = 188, p[1] = 144, p[2] = 67;
    }
    EXPECT_TRUE(!frame_is_right(&copy, why, sizeof why));
    EXPECT_STR_CONTAINS(why, "dark checker");
    free(copy.pixels);
    image_free(&img);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_gltf_screenshot PROGRAM OUT_DIR\n");
        return 2;
    }
    program = argv[1], out_dir = argv[2];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sample_scene_is_drawn_textured),
        cmocka_unit_test(blank_and_untextured_frames_fail_the_check),
    };
    return cmocka_run_group_tests_name("ch03 screenshot", tests, NULL, NULL);
}
