/* test_ch09_screenshot: runs ch09_crossfade headless with --demo (a fade to
 * the next clip every 2 s, 60 Hz frames) and checks from the PNGs that the
 * crossfade changes the humanoid's pose and the weight plot.
 *
 * The humanoid's idle keeps its arms down, its wave raises the right hand
 * above the head: after the fade the highest drawn point of the model is
 * higher on screen. The plot (the bottom 100 pixels) draws each clip's
 * weight of the last 6 s, idle orange, wave blue, weight 1 at the top line
 * (y = height - 100) and 0 at the bottom (y = height - 10), one sample per
 * frame from the left (x = 10 + (width - 20) * frame / 360). Frame 60: only
 * idle plays; frame 150: the fade started at 2 s (frame 120) and lasting
 * 0.3 s ended at frame 138: wave at 1. */
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

#define W 480
#define H 360

static const char *program, *out_dir;

static bool is_background(const unsigned char *p)
{
    return abs(p[0] - APP_CLEAR_R) < 6 && abs(p[1] - APP_CLEAR_G) < 6 && abs(p[2] - APP_CLEAR_B) < 6;
}

static bool is_orange(const unsigned char *p) /* (1, 0.6, 0.2) */
{
    return p[0] > 200 && p[1] > 110 && p[1] < 200 && p[2] < 110;
}

static bool is_blue(const unsigned char *p) /* (0.3, 0.8, 1) */
{
    return p[0] < 130 && p[1] > 160 && p[2] > 210;
}

/* The topmost drawn row between the text (y < 50) and the plot. */
static int model_top(const image_rgba8 *img)
{
    for (int y = 50; y < img->height - 130; y++)
        for (int x = 0; x < img->width; x++)
            if (!is_background(img->pixels + 4 * (y * img->width + x)))
                return y;
    return img->height;
}

/* The mean row of the pixels of one colour in the plot's columns x0..x1, or -1. */
static double plot_row(const image_rgba8 *img, int x0, int x1, bool (*colour)(const unsigned char *))
{
    double sum = 0;
    int count = 0;
    for (int y = img->height - 105; y < img->height; y++)
        for (int x = x0; x <= x1; x++)
            if (colour(img->pixels + 4 * (y * img->width + x)))
                sum += y, count++;
    return count ? sum / count : -1;
}

static void shot(const char *name, int frames, image_rgba8 *img)
{
    char arguments[256];
    snprintf(arguments, sizeof arguments, "--demo --headless --frames %d --size %dx%d", frames, W, H);
    gl_test_screenshot(program, arguments, out_dir, name, img);
}

static void expect_row(const char *what, double got, double want)
{
    if (!(fabs(got - want) <= 4))
        fail_msg("%s: the plot's line is at row %.1f, expected about %.0f", what, got, want);
}

static void the_fade_raises_the_hand_and_the_plot_follows(void **state)
{
    (void)state;
    image_rgba8 idle, wave;
    shot("ch09_idle", 60, &idle);
    shot("ch09_after_fade", 150, &wave);
    int top_idle = model_top(&idle), top_wave = model_top(&wave);
    if (!(top_wave < top_idle - 15))
        fail_msg("the waving hand (top row %d) is not above the idle pose's top (row %d)", top_wave, top_idle);
    /* Frame 60: samples up to x = 10 + 460 * 60 / 360 = 86; look at 60..80. */
    expect_row("idle, frame 60, idle's weight 1", plot_row(&idle, 60, 80, is_orange), H - 100);
    expect_row("idle, frame 60, wave's weight 0", plot_row(&idle, 60, 80, is_blue), H - 10);
    /* Frame 150: x 190..200 (samples 140..146) are after the fade. */
    expect_row("frame 150, wave's weight 1", plot_row(&wave, 190, 200, is_blue), H - 100);
    expect_row("frame 150, idle's weight 0", plot_row(&wave, 190, 200, is_orange), H - 10);
    image_free(&idle);
    image_free(&wave);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_ch09_screenshot PROGRAM OUT_DIR\n");
        return 2;
    }
    program = argv[1], out_dir = argv[2];
    const struct CMUnitTest tests[] = {cmocka_unit_test(the_fade_raises_the_hand_and_the_plot_follows)};
    return cmocka_run_group_tests_name("ch09 screenshot", tests, NULL, NULL);
}
