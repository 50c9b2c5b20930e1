/* test_cpu_skinning_screenshot: runs ch06_cpu_skinning on the tube, headless,
 * and checks the PNGs for what skinning must show (no golden image):
 *  - the tube (assets/models/tube.gltf) stands along +Y in its rest pose;
 *    the position view colours a vertex by where it is in the rest pose's
 *    box, green growing with y: with the motion stopped (--still) the top of
 *    the tube is greener than its bottom;
 *  - with the motion on (--time 0.5: the middle joint turned by about 19
 *    degrees about Z), the upper part of the tube leans sideways: the
 *    centre of its top rows moves across the screen. That is only seen when
 *    the skinned vertices reach the GPU every frame (the dynamic buffer);
 *  - the lit view draws the tube too, with as many pixels within a third.
 * The skeleton's points and lines are thin and few; they stay in the counts. */
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static const char *program, *out_dir;

static bool is_background(const unsigned char *p)
{
    return abs(p[0] - APP_CLEAR_R) < 4 && abs(p[1] - APP_CLEAR_G) < 4 && abs(p[2] - APP_CLEAR_B) < 4;
}

typedef struct tube_pixels {
    int count, top, bottom;        /* pixels not background; first and last such row */
    double top_x, top_green;       /* mean column and green of the top fifth of the tube's rows */
    double bottom_x, bottom_green; /* the same for the bottom fifth */
} tube_pixels;

static tube_pixels measure(const image_rgba8 *img)
{
    tube_pixels t = {0, img->height, -1, 0, 0, 0, 0};
    for (int y = 0; y < img->height; y++)
        for (int x = 0; x < img->width; x++)
            if (!is_background(&img->pixels[(y * img->width + x) * 4])) {
                t.count++;
                t.top = y < t.top ? y : t.top;
                t.bottom = y > t.bottom ? y : t.bottom;
            }
    int fifth = (t.bottom - t.top + 1) / 5, n_top = 0, n_bottom = 0;
    for (int y = t.top; fifth > 0 && y <= t.bottom; y++)
        for (int x = 0; x < img->width; x++) {
            const unsigned char *p = &img->pixels[(y * img->width + x) * 4];
            if (is_background(p))
                continue;
            if (y < t.top + fifth)
                n_top++, t.top_x += x, t.top_green += p[1];
            else if (y > t.bottom - fifth)
                n_bottom++, t.bottom_x += x, t.bottom_green += p[1];
        }
    if (n_top)
        t.top_x /= n_top, t.top_green /= n_top;
    if (n_bottom)
        t.bottom_x /= n_bottom, t.bottom_green /= n_bottom;
    return t;
}

static tube_pixels render(const char *name, const char *options)
{
    char file[128], arguments[1024];
    snprintf(file, sizeof file, "ch06_%s", name);
    snprintf(arguments, sizeof arguments,
             "--model \"%s/assets/models/tube.gltf\" --headless --frames 2 --size 320x240 %s", SA_SOURCE_DIR, options);
    image_rgba8 img;
    gl_test_screenshot(program, arguments, out_dir, file, &img);
    tube_pixels t = measure(&img);
    image_free(&img);
    if (t.count < 320 * 240 / 50)
        fail_msg("ch06 %s: the tube is missing (%d pixels that are not background)", name, t.count);
    return t;
}

static void position_view_greens_upwards(void **state)
{
    (void)state;
    tube_pixels t = render("still_position", "--still --view position");
    if (!(t.top_green > t.bottom_green + 40))
        fail_msg("ch06 position view: the top of the tube (green %.0f) should be greener than its bottom (%.0f)",
                 t.top_green, t.bottom_green);
}

static void motion_bends_the_tube_on_screen(void **state)
{
    (void)state;
    tube_pixels still = render("still", "--still --view position --time 0.5");
    tube_pixels moving = render("moving", "--view position --time 0.5");
    double height = still.bottom - still.top + 1;
    /* The bottom stays (its joint is the root); the top leans. */
    double top_shift = fabs(moving.top_x - still.top_x), bottom_shift = fabs(moving.bottom_x - still.bottom_x);
    if (!(top_shift > 0.05 * height))
        fail_msg("ch06: with the motion on, the top of the tube moved %.1f pixels across, expected more than %.1f "
                 "(are the skinned vertices uploaded each frame?)",
                 top_shift, 0.05 * height);
    if (!(bottom_shift < top_shift / 2))
        fail_msg("ch06: the bottom of the tube moved %.1f pixels, the top %.1f: the root should stay", bottom_shift,
                 top_shift);
}

static void lit_view_draws_the_tube(void **state)
{
    (void)state;
    tube_pixels position = render("position", "--still --view position");
    tube_pixels lit = render("lit", "--still");
    if (!(lit.count > position.count * 2 / 3 && lit.count < position.count * 3 / 2))
        fail_msg("ch06: the lit view covers %d pixels, the position view %d: they should draw the same tube", lit.count,
                 position.count);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_cpu_skinning_screenshot CH06_PROGRAM OUT_DIR\n");
        return 2;
    }
    program = argv[1];
    out_dir = argv[2];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(position_view_greens_upwards),
        cmocka_unit_test(motion_bends_the_tube_on_screen),
        cmocka_unit_test(lit_view_draws_the_tube),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
