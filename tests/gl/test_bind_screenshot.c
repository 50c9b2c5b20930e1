/* test_bind_screenshot: runs ch05_inverse_bind on the tube, headless, in its
 * three views, and checks the PNGs for what the tube's file and the views'
 * documented colours say must be seen (no golden image):
 *  - the tube (assets/models/tube.gltf) stands along +Y, skinned to three
 *    joints "base", "middle" and "tip", bottom to top; each vertex's weight
 *    goes mostly to the joint whose bone it lies on;
 *  - heat view: weight 1 of the selected joint red, 0 blue. Red must be
 *    there, and blue (the rest of the tube); the red band of "base" lies
 *    lower on screen than the red band of "middle";
 *  - dominant view: one colour per joint, so at least three clearly
 *    different colours, each on a good share of the tube;
 *  - plain view: grey, neither red nor blue bands.
 * Pixels in greys (the label at the top) are left out of the counts. */
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static const char *program, *out_dir;

typedef struct heat_counts {
    int tube, red, blue;
    double red_mean_row; /* rows from the top */
} heat_counts;

static bool is_background(const unsigned char *p)
{
    return abs(p[0] - APP_CLEAR_R) < 4 && abs(p[1] - APP_CLEAR_G) < 4 && abs(p[2] - APP_CLEAR_B) < 4;
}

static heat_counts classify_heat(const image_rgba8 *img)
{
    heat_counts c = {0};
    double rows = 0;
    for (int y = 0; y < img->height; y++)
        for (int x = 0; x < img->width; x++) {
            const unsigned char *p = &img->pixels[(y * img->width + x) * 4];
            int hi = p[0] > p[1] ? (p[0] > p[2] ? p[0] : p[2]) : (p[1] > p[2] ? p[1] : p[2]);
            int lo = p[0] < p[1] ? (p[0] < p[2] ? p[0] : p[2]) : (p[1] < p[2] ? p[1] : p[2]);
            if (is_background(p) || hi - lo < 40) /* the label's grey and white text */
                continue;
            c.tube++;
            if (p[0] > 120 && p[1] < p[0] / 3 && p[2] < p[0] / 3)
                c.red++, rows += y;
            else if (p[2] > 100 && p[0] < p[2] / 3 && p[1] < p[2] / 2)
                c.blue++;
        }
    c.red_mean_row = c.red ? rows / c.red : -1;
    return c;
}

static bool heat_is_right(const image_rgba8 *img, heat_counts *out, char *why, size_t why_len)
{
    heat_counts c = classify_heat(img);
    *out = c;
    if (c.tube < img->width * img->height / 50)
        return snprintf(why, why_len, "the tube is missing (%d pixels that are not background)", c.tube), false;
    if (c.red < c.tube / 40)
        return snprintf(why, why_len, "too few red (weight 1) pixels: %d of %d", c.red, c.tube), false;
    if (c.blue < c.tube / 10)
        return snprintf(why, why_len, "too few blue (weight 0) pixels: %d of %d", c.blue, c.tube), false;
    return true;
}

static bool render(const char *name, const char *view, const char *joint, image_rgba8 *img)
{
    char file[128], arguments[1024];
    snprintf(file, sizeof file, "ch05_%s", name);
    snprintf(arguments, sizeof arguments,
             "--model \"%s/assets/models/tube.gltf\" --headless --frames 2 --size 320x240 --view %s --joint %s",
             SA_SOURCE_DIR, view, joint);
    gl_test_screenshot(program, arguments, out_dir, file, img);
    return true;
}

static void heat_map_follows_the_selected_joint(void **state)
{
    (void)state;
    image_rgba8 img;
    char why[256];
    heat_counts base, middle;
    render("heat_base", "heat", "base", &img);
    bool ok = heat_is_right(&img, &base, why, sizeof why);
    image_free(&img);
    if (!ok)
        fail_msg("heat view of joint 'base': %s", why);
    render("heat_middle", "heat", "middle", &img);
    ok = heat_is_right(&img, &middle, why, sizeof why);
    image_free(&img);
    if (!ok)
        fail_msg("heat view of joint 'middle': %s", why);
    if (!(base.red_mean_row > middle.red_mean_row + 10))
        fail_msg("the red band of 'base' (mean row %.1f) should lie below that of 'middle' (mean row %.1f)",
                 base.red_mean_row, middle.red_mean_row);
}

static void dominant_view_has_a_colour_per_joint(void **state)
{
    (void)state;
    image_rgba8 img;
    render("dominant", "dominant", "base", &img);
    /* Colour buckets of 64 levels per channel, over saturated pixels only. */
    int buckets[64] = {0}, tube = 0;
    for (int i = 0; i < img.width * img.height; i++) {
        const unsigned char *p = &img.pixels[i * 4];
        if (is_background(p))
            continue;
        tube++;
        int hi = p[0] > p[1] ? (p[0] > p[2] ? p[0] : p[2]) : (p[1] > p[2] ? p[1] : p[2]);
        int lo = p[0] < p[1] ? (p[0] < p[2] ? p[0] : p[2]) : (p[1] < p[2] ? p[1] : p[2]);
        if (hi - lo > 60)
            buckets[(p[0] / 64) * 16 + (p[1] / 64) * 4 + p[2] / 64]++;
    }
    image_free(&img);
    int big = 0;
    for (int b = 0; b < 64; b++)
        big += buckets[b] > tube / 12;
    if (big < 3)
        fail_msg("dominant view: %d clearly different colours cover a twelfth of the tube each; expected 3 "
                 "(one per joint)",
                 big);
}

static void plain_view_fails_the_heat_check(void **state)
{
    (void)state;
    /* The check must be able to fail: the plain view has no heat bands. */
    image_rgba8 img;
    render("plain", "plain", "middle", &img);
    char why[256];
    heat_counts c;
    bool ok = heat_is_right(&img, &c, why, sizeof why);
    image_free(&img);
    if (ok)
        fail_msg("the plain view passed the heat check (red %d, blue %d of %d)", c.red, c.blue, c.tube);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_bind_screenshot PROGRAM OUT_DIR\n");
        return 2;
    }
    program = argv[1];
    out_dir = argv[2];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(heat_map_follows_the_selected_joint),
        cmocka_unit_test(dominant_view_has_a_colour_per_joint),
        cmocka_unit_test(plain_view_fails_the_heat_check),
    };
    return cmocka_run_group_tests_name("test_bind_screenshot", tests, NULL, NULL);
}
