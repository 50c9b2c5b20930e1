/* test_ch14_screenshot: runs ch14_motion_matching headless and checks from
 * the PNGs that the humanoid the controller plays is drawn, that it moves,
 * and that both trajectories lie on the ground: together while the stick
 * turns steadily, apart in a sudden turn.
 *
 * --time T simulates the first T seconds of --check-mm's scripted stick at
 * 60 Hz before the first frame (mm_view.h). The camera follows the
 * character from behind (it starts facing +Z, the camera on its -Z side),
 * 40 degrees above, 6 m away: the figure is in the middle of the picture.
 * At 9 s and 9.5 s it walks round the first loop of the figure of eight: a
 * step apart, its limbs are elsewhere. On the loop the stick turns steadily
 * and the database has such turns: the desired trajectory (green) and the
 * playing frame's own (orange) lie on each other. At 38 s the stick turns
 * back (the 180-degree turn), and half a second later the desired
 * trajectory already points back past the camera while the playing
 * frame's still curves on its way: their pixels are far apart.
 *
 * The character's colours: skin, shirt and shoes are reddish, the trousers
 * dark blue (as test_ch10_screenshot counts them); the paths are pure
 * green (0.3, 1, 0.4) and orange (1, 0.6, 0.15), neither of which the
 * character has, the grid grey-blue, the label white. */
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static const char *program, *out_dir;

static bool is_green(const unsigned char *p)
{
    return p[1] > 200 && p[0] < 130 && p[2] < 160;
}

static bool is_orange(const unsigned char *p)
{
    return p[0] > 220 && p[1] > 110 && p[1] < 190 && p[2] < 90;
}

static bool is_character(const unsigned char *p)
{
    int r = p[0], g = p[1], b = p[2];
    return !is_orange(p) && (r > g + 25 || (b > r + 20 && r < 60 && g < r + 40));
}

typedef struct colour_blob {
    int count;
    double mean_x, mean_y;
    int left, right, top, bottom;
} colour_blob;

/* The pixels of one colour below the label's three lines (y >= 60). */
static colour_blob measure(const image_rgba8 *img, bool (*is)(const unsigned char *))
{
    colour_blob b = {0, 0, 0, img->width, -1, img->height, -1};
    for (int y = 60; y < img->height; y++)
        for (int x = 0; x < img->width; x++)
            if (is(img->pixels + 4 * (y * img->width + x))) {
                b.count++, b.mean_x += x, b.mean_y += y;
                b.left = x < b.left ? x : b.left, b.right = x > b.right ? x : b.right;
                b.top = y < b.top ? y : b.top, b.bottom = y > b.bottom ? y : b.bottom;
            }
    if (b.count > 0)
        b.mean_x /= b.count, b.mean_y /= b.count;
    return b;
}

static void shot(const char *name, const char *time, image_rgba8 *img)
{
    char arguments[256];
    snprintf(arguments, sizeof arguments, "--time %s --headless --frames 2 --size 480x360", time);
    gl_test_screenshot(program, arguments, out_dir, name, img);
}

static void the_character_stands_in_the_middle_and_moves(void **state)
{
    (void)state;
    image_rgba8 a, b;
    shot("ch14_walk_9s", "9", &a);
    shot("ch14_walk_9.5s", "9.5", &b);
    colour_blob fa = measure(&a, is_character), fb = measure(&b, is_character);
    if (fa.count < 300 || fb.count < 300)
        fail_msg("the character is not in the picture: %d and %d of its pixels", fa.count, fb.count);
    if (!(fabs(fa.mean_x - 240) < 80 && fabs(fa.mean_y - 180) < 100))
        fail_msg("the character is not in the middle: its pixels centre on (%.0f, %.0f) of 480 x 360", fa.mean_x,
                 fa.mean_y);
    if (!(fa.bottom - fa.top > fa.right - fa.left))
        fail_msg("the character is not standing: its box is %d wide and %d tall", fa.right - fa.left,
                 fa.bottom - fa.top);
    int differ = 0;
    for (int y = 60; y < a.height; y++)
        for (int x = 0; x < a.width; x++)
            differ += is_character(a.pixels + 4 * (y * a.width + x)) != is_character(b.pixels + 4 * (y * b.width + x));
    if (differ < fa.count / 4)
        fail_msg("the character does not move: %d of its %d pixels differ half a second later", differ, fa.count);
    printf("9 s: %d pixels around (%.0f, %.0f), box %d x %d; 9.5 s: %d differ\n", fa.count, fa.mean_x, fa.mean_y,
           fa.right - fa.left, fa.bottom - fa.top, differ);
    image_free(&a);
    image_free(&b);
}

static void the_trajectories_run_together_then_part_in_the_turn(void **state)
{
    (void)state;
    image_rgba8 straight, turn;
    shot("ch14_loop_9s", "9", &straight);
    shot("ch14_turn_38.5s", "38.5", &turn);
    colour_blob g[2] = {measure(&straight, is_green), measure(&turn, is_green)};
    colour_blob o[2] = {measure(&straight, is_orange), measure(&turn, is_orange)};
    colour_blob body = measure(&straight, is_character);
    for (int i = 0; i < 2; i++)
        if (g[i].count < 20 || o[i].count < 20)
            fail_msg("at %s s: %d green and %d orange pixels: the trajectories are not drawn", i ? "38.5" : "9",
                     g[i].count, o[i].count);
    /* on the ground: the paths' pixels centre below the figure's middle */
    if (!(g[0].mean_y > (body.top + body.bottom) / 2.0 && o[0].mean_y > (body.top + body.bottom) / 2.0))
        fail_msg("the trajectories centre on rows %.0f and %.0f, above the figure's middle (%d): not on the ground",
                 g[0].mean_y, o[0].mean_y, (body.top + body.bottom) / 2);
    double apart[2];
    for (int i = 0; i < 2; i++)
        apart[i] = hypot(g[i].mean_x - o[i].mean_x, g[i].mean_y - o[i].mean_y);
    if (!(apart[0] < 25))
        fail_msg("walking the loop, the green and orange paths centre %.0f px apart: expected together", apart[0]);
    if (!(apart[1] > 50))
        fail_msg("in the turn, the green and orange paths centre %.0f px apart: expected apart", apart[1]);
    printf("9 s: green %d, orange %d pixels, %.0f px apart; 38.5 s: green %d, orange %d, %.0f px apart\n", g[0].count,
           o[0].count, apart[0], g[1].count, o[1].count, apart[1]);
    image_free(&straight);
    image_free(&turn);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_ch14_screenshot PROGRAM OUT_DIR\n");
        return 2;
    }
    program = argv[1], out_dir = argv[2];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_character_stands_in_the_middle_and_moves),
        cmocka_unit_test(the_trajectories_run_together_then_part_in_the_turn),
    };
    return cmocka_run_group_tests_name("ch14 screenshot", tests, NULL, NULL);
}
