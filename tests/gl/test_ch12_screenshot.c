/* test_ch12_screenshot: runs ch12_data_oriented headless with a crowd of
 * four (a 2 x 2 grid) at two times, and checks from the PNGs that it draws
 * four separate, upright figures that move.
 *
 * Every character is drawn by one instanced call; each must get its own
 * square of the grid (the instance's offset from gl_InstanceID) and its own
 * row of skin matrices. A figure is a group of drawn pixels that survives
 * an erosion (a pixel is kept when its 3 x 3 neighbourhood is all drawn),
 * which removes the one-pixel lines of the ground's grid; the groups of at
 * least MIN_AREA pixels below the overlay are counted:
 *   - four: one group means every instance drew in one place (the offset
 *     not read from gl_InstanceID); none, that the skin matrices did not
 *     reach the shader (zero matrices put every vertex at the origin);
 *   - each taller than wide (a humanoid, its arms out or not, stands);
 *   - between --time 1 and 1.7 every figure's pixels change (each plays
 *     the crowd's fades: always a crossfade between idle and wave), so
 *     none is frozen (its row of the texture not updated). */
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

#include <stdlib.h>
#include <string.h>

#define W 640
#define H 480
#define OVERLAY_ROWS 90 /* the text: five lines from y = 8 */
#define MIN_AREA 150
#define MAX_FIGURES 16

static const char *program, *out_dir;

typedef struct figure {
    int area, x0, y0, x1, y1;
} figure;

static bool drawn(const image_rgba8 *img, int x, int y)
{
    const unsigned char *p = img->pixels + 4 * (y * img->width + x);
    return abs(p[0] - APP_CLEAR_R) > 6 || abs(p[1] - APP_CLEAR_G) > 6 || abs(p[2] - APP_CLEAR_B) > 6;
}

/* mask[y * W + x]: drawn with its 3 x 3 neighbourhood, below the overlay. */
static unsigned char *eroded(const image_rgba8 *img)
{
    unsigned char *mask = calloc((size_t)W * H, 1);
    assert_non_null(mask);
    for (int y = OVERLAY_ROWS + 1; y < H - 1; y++)
        for (int x = 1; x < W - 1; x++) {
            bool all = true;
            for (int dy = -1; dy <= 1 && all; dy++)
                for (int dx = -1; dx <= 1 && all; dx++)
                    all = drawn(img, x + dx, y + dy);
            mask[y * W + x] = all;
        }
    return mask;
}

/* The 4-connected groups of the mask of at least MIN_AREA pixels. */
static int figures(unsigned char *mask, figure *out)
{
    int count = 0;
    int *stack = malloc(sizeof(int) * W * H);
    assert_non_null(stack);
    for (int start = 0; start < W * H; start++) {
        if (mask[start] != 1)
            continue;
        figure f = {0, W, H, -1, -1};
        int top = 0;
        stack[top++] = start;
        mask[start] = 2;
        while (top) {
            int i = stack[--top], x = i % W, y = i / W;
            f.area++;
            f.x0 = x < f.x0 ? x : f.x0, f.x1 = x > f.x1 ? x : f.x1;
            f.y0 = y < f.y0 ? y : f.y0, f.y1 = y > f.y1 ? y : f.y1;
            const int next[4] = {i - 1, i + 1, i - W, i + W};
            for (int k = 0; k < 4; k++)
                if (next[k] >= 0 && next[k] < W * H && mask[next[k]] == 1)
                    mask[next[k]] = 2, stack[top++] = next[k];
        }
        if (f.area >= MIN_AREA && count < MAX_FIGURES)
            out[count++] = f;
    }
    free(stack);
    return count;
}

static void shot(const char *name, const char *time, image_rgba8 *img)
{
    char arguments[256];
    snprintf(arguments, sizeof arguments, "--characters 4 --time %s --headless --frames 2 --size %dx%d", time, W, H);
    gl_test_screenshot(program, arguments, out_dir, name, img);
    assert_int_equal(img->width, W);
    assert_int_equal(img->height, H);
}

static void four_upright_figures_that_move(void **state)
{
    (void)state;
    image_rgba8 a, b;
    shot("ch12_crowd_t1", "1", &a);
    shot("ch12_crowd_t1.7", "1.7", &b);
    unsigned char *mask_a = eroded(&a), *mask_b = eroded(&b);
    figure fa[MAX_FIGURES], fb[MAX_FIGURES];
    int na = figures(mask_a, fa), nb = figures(mask_b, fb);
    if (na != 4 || nb != 4)
        fail_msg("%d and %d figures at --time 1 and 1.7 (ch12_crowd_t1.png, ch12_crowd_t1.7.png), expected 4", na, nb);
    for (int i = 0; i < na; i++) {
        const figure *f = &fa[i];
        int w = f->x1 - f->x0 + 1, h = f->y1 - f->y0 + 1;
        if (!(h > w + w / 4))
            fail_msg("figure %d at x %d..%d, y %d..%d is not upright (%d wide, %d high)", i, f->x0, f->x1, f->y0, f->y1,
                     w, h);
        /* Its box at time 1, a little wider: the pixels drawn at one time and not the other. */
        int changed = 0;
        for (int y = f->y0 - 8; y <= f->y1 + 8; y++)
            for (int x = f->x0 - 8; x <= f->x1 + 8; x++)
                if (y > OVERLAY_ROWS && y < H && x >= 0 && x < W)
                    changed += (mask_a[y * W + x] != 0) != (mask_b[y * W + x] != 0);
        if (changed < 40)
            fail_msg("figure %d at x %d..%d, y %d..%d: %d pixels changed from --time 1 to 1.7 (at least 40)", i, f->x0,
                     f->x1, f->y0, f->y1, changed);
    }
    free(mask_a), free(mask_b);
    image_free(&a), image_free(&b);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_ch12_screenshot PROGRAM OUT_DIR\n");
        return 2;
    }
    program = argv[1], out_dir = argv[2];
    const struct CMUnitTest tests[] = {cmocka_unit_test(four_upright_figures_that_move)};
    return cmocka_run_group_tests_name("ch12 screenshot", tests, NULL, NULL);
}
