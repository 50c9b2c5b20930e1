/* test_ch08_screenshot: runs ch08_keyframes headless and checks from the PNGs
 * that the clip moves the model and that the text overlay is drawn.
 *
 * The tube (assets/models/tube.gltf) stands on the Y axis, base at y = 0 and
 * tip at y = 1. Its clip `bend` turns `base` and `middle` about their own +Z
 * axes by 2 asin(0.2955) = 34.4 degrees each at t = 0.5 s (the keys), which
 * takes +Y towards -X: the upper half of the tube leans left on screen. At
 * t = 0 both keys are the identity: the tube stands straight.
 * The default camera looks from the front (+Z), a little from the right and
 * above, so left stays left. The overlay's first line (white text) is at the
 * top left. Skinned on the GPU: this checks chapter 07's path with the
 * sampled pose, not only the dumps. */
#include "chapters/04_bone_tree/text_lines.h"
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static const char *program, *model, *out_dir;

static bool is_background(const unsigned char *p)
{
    return abs(p[0] - APP_CLEAR_R) < 6 && abs(p[1] - APP_CLEAR_G) < 6 && abs(p[2] - APP_CLEAR_B) < 6;
}

/* The mean x of the drawn pixels in the upper half of what is drawn (below
 * the overlay's three lines of text), and how many there are. */
static double upper_mean_x(const image_rgba8 *img, int *count)
{
    int top = img->height, bottom = 0;
    const int y0 = 80;
    for (int y = y0; y < img->height; y++)
        for (int x = 0; x < img->width; x++)
            if (!is_background(img->pixels + 4 * (y * img->width + x))) {
                top = y < top ? y : top;
                bottom = y > bottom ? y : bottom;
            }
    double sum = 0;
    *count = 0;
    for (int y = top; y < (top + bottom) / 2; y++)
        for (int x = 0; x < img->width; x++)
            if (!is_background(img->pixels + 4 * (y * img->width + x)))
                sum += x, (*count)++;
    return *count ? sum / *count : 0;
}

static void shot(const char *name, const char *time, image_rgba8 *img)
{
    char arguments[1024];
    snprintf(arguments, sizeof arguments, "--model \"%s\" --clip bend --time %s --headless --frames 2 --size 480x360",
             model, time);
    gl_test_screenshot(program, arguments, out_dir, name, img);
}

static void the_bend_leans_the_tube_left(void **state)
{
    (void)state;
    image_rgba8 straight, bent;
    shot("ch08_tube_t0", "0", &straight);
    shot("ch08_tube_t05", "0.5", &bent);
    int n0, n1;
    double x0 = upper_mean_x(&straight, &n0), x1 = upper_mean_x(&bent, &n1);
    if (n0 < 200 || n1 < 200)
        fail_msg("too little drawn: %d and %d pixels in the upper half", n0, n1);
    if (!(x1 < x0 - 15))
        fail_msg("the upper half at t = 0.5 (mean x %.1f) is not left of t = 0 (mean x %.1f)", x1, x0);
    /* The overlay: the clip's label in white at the top left. */
    if (TEXT_LINES_AVAILABLE) {
        int white = 0;
        for (int y = 0; y < 30; y++)
            for (int x = 0; x < bent.width / 2; x++) {
                const unsigned char *p = bent.pixels + 4 * (y * bent.width + x);
                white += p[0] > 230 && p[1] > 230 && p[2] > 230;
            }
        if (white < 50)
            fail_msg("no label at the top left (%d white pixels)", white);
    }
    image_free(&straight);
    image_free(&bent);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: test_ch08_screenshot PROGRAM MODEL OUT_DIR\n");
        return 2;
    }
    program = argv[1], model = argv[2], out_dir = argv[3];
    const struct CMUnitTest tests[] = {cmocka_unit_test(the_bend_leans_the_tube_left)};
    return cmocka_run_group_tests_name("ch08 screenshot", tests, NULL, NULL);
}
