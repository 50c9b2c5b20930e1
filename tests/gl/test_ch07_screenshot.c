/* test_ch07_screenshot: runs ch07_gpu_skinning on the tube, headless, and
 * checks the PNGs for what the chapter says must be seen (no golden image):
 *  - the tube (assets/models/tube.gltf) stands along +Y, its tip joint at
 *    y = 1; with --twist 180 that joint turns by 180 degrees about the bone;
 *  - linear blending (--method linear): the ring at the tip joint collapses
 *    onto the axis, so the tube's silhouette is pinched to almost nothing
 *    somewhere along its height (the candy wrapper);
 *  - dual quaternions (--method dq): the silhouette keeps its width all the
 *    way up;
 *  - the CPU path (--cpu, chapter 06) and the texture buffer
 *    (--texture-buffer) draw the same picture as the GPU's uniform block;
 *  - AnimatedMorphCube (the optional third argument: its folder; skipped
 *    when absent) at --morph-weights 0.5,0.5 is another picture than at 0,0
 *    (the vertex shader morphs), and the CPU's morph draws the GPU's.
 * Only the middle third of each row is measured (the label at the top left
 * is text in greys on the background, left out as background-like greys). */
#include "common/app.h"
#include "common/image.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static const char *program, *out_dir, *morph_cube_dir;

static bool is_tube(const unsigned char *p)
{
    bool background = abs(p[0] - APP_CLEAR_R) < 4 && abs(p[1] - APP_CLEAR_G) < 4 && abs(p[2] - APP_CLEAR_B) < 4;
    int hi = p[0] > p[1] ? (p[0] > p[2] ? p[0] : p[2]) : (p[1] > p[2] ? p[1] : p[2]);
    int lo = p[0] < p[1] ? (p[0] < p[2] ? p[0] : p[2]) : (p[1] < p[2] ? p[1] : p[2]);
    return !background && hi - lo >= 40; /* the tube is orange; the label is white and grey */
}

static void render(const char *name, const char *options, image_rgba8 *img)
{
    char file[128], arguments[1024];
    snprintf(file, sizeof file, "ch07_%s", name);
    snprintf(arguments, sizeof arguments,
             "--model \"%s/assets/models/tube.gltf\" --headless --frames 2 --size 300x400 %s", SA_SOURCE_DIR, options);
    gl_test_screenshot(program, arguments, out_dir, file, img);
}

/* The narrowest and the widest row of the tube's silhouette, over the rows
 * where the tube shows, leaving out the top and bottom eighth (the caps). */
static void silhouette(const image_rgba8 *img, int *narrowest, int *widest)
{
    int first = -1, last = -1, widths[4096];
    for (int y = 0; y < img->height && y < 4096; y++) {
        widths[y] = 0;
        for (int x = img->width / 3; x < 2 * img->width / 3; x++)
            widths[y] += is_tube(&img->pixels[(y * img->width + x) * 4]);
        if (widths[y] > 0) {
            first = first < 0 ? y : first;
            last = y;
        }
    }
    *narrowest = 1 << 30;
    *widest = 0;
    int margin = (last - first) / 8;
    for (int y = first + margin; first >= 0 && y <= last - margin; y++) {
        *narrowest = widths[y] < *narrowest ? widths[y] : *narrowest;
        *widest = widths[y] > *widest ? widths[y] : *widest;
    }
}

static void linear_blend_pinches_the_twisted_tube(void **state)
{
    (void)state;
    image_rgba8 img;
    render("twist_linear", "--twist 180 --method linear", &img);
    int narrowest, widest;
    silhouette(&img, &narrowest, &widest);
    image_free(&img);
    printf("linear blend, twist 180: silhouette %d to %d pixels wide\n", narrowest, widest);
    if (!(widest > 20 && narrowest < widest / 5))
        fail_msg("linear blend, tip twisted 180 deg: the silhouette should pinch to under a fifth of its width, "
                 "but it is %d to %d pixels wide",
                 narrowest, widest);
}

static void dual_quaternions_keep_the_twisted_tube_round(void **state)
{
    (void)state;
    image_rgba8 img;
    render("twist_dq", "--twist 180 --method dq", &img);
    int narrowest, widest;
    silhouette(&img, &narrowest, &widest);
    image_free(&img);
    printf("dual quaternions, twist 180: silhouette %d to %d pixels wide\n", narrowest, widest);
    if (!(widest > 20 && narrowest > widest * 7 / 10))
        fail_msg("dual quaternions, tip twisted 180 deg: the silhouette should keep its width, but it is %d to %d "
                 "pixels wide",
                 narrowest, widest);
}

/* Differing pixels between two frames, outside the label's rows. */
static int differing_pixels(const image_rgba8 *a, const image_rgba8 *b)
{
    int count = 0;
    for (int y = 60; y < a->height; y++)
        for (int x = 0; x < a->width; x++) {
            const unsigned char *p = &a->pixels[(y * a->width + x) * 4], *q = &b->pixels[(y * b->width + x) * 4];
            count += abs(p[0] - q[0]) > 8 || abs(p[1] - q[1]) > 8 || abs(p[2] - q[2]) > 8;
        }
    return count;
}

static void cpu_gpu_and_texture_buffer_draw_the_same(void **state)
{
    (void)state;
    image_rgba8 gpu, cpu, tbo;
    render("wave_gpu", "--time 0.8", &gpu);
    render("wave_cpu", "--time 0.8 --cpu", &cpu);
    render("wave_tbo", "--time 0.8 --texture-buffer", &tbo);
    int cpu_diff = differing_pixels(&gpu, &cpu), tbo_diff = differing_pixels(&gpu, &tbo);
    image_free(&gpu);
    image_free(&cpu);
    image_free(&tbo);
    printf("pixels that differ from the GPU's uniform block: CPU %d, texture buffer %d\n", cpu_diff, tbo_diff);
    /* A few edge pixels may round differently; a wrong pose moves hundreds. */
    if (cpu_diff > 20)
        fail_msg("the CPU path draws another picture than the GPU's: %d pixels differ", cpu_diff);
    if (tbo_diff > 20)
        fail_msg("the texture buffer draws another picture than the uniform block: %d pixels differ", tbo_diff);
}

/* The cube's frames: its file, then options. */
static void render_cube(const char *name, const char *options, image_rgba8 *img)
{
    char file[128], arguments[1024];
    snprintf(file, sizeof file, "ch07_%s", name);
    snprintf(arguments, sizeof arguments,
             "--model \"%s/AnimatedMorphCube.gltf\" --headless --frames 2 --size 300x300 %s", morph_cube_dir, options);
    gl_test_screenshot(program, arguments, out_dir, file, img);
}

static void morph_cube_morphs_on_the_gpu_as_on_the_cpu(void **state)
{
    (void)state;
    char path[1200];
    snprintf(path, sizeof path, "%s/AnimatedMorphCube.gltf", morph_cube_dir ? morph_cube_dir : "");
    FILE *f = morph_cube_dir ? fopen(path, "rb") : NULL;
    if (!f) {
        printf("skipped: %s is absent\n", path);
        skip();
    }
    fclose(f);
    image_rgba8 base, gpu, cpu;
    render_cube("morph_cube_base", "--morph-weights 0,0", &base);
    render_cube("morph_cube_gpu", "--morph-weights 0.5,0.5", &gpu);
    render_cube("morph_cube_cpu", "--morph-weights 0.5,0.5 --cpu", &cpu);
    int morphed = differing_pixels(&base, &gpu), cpu_diff = differing_pixels(&gpu, &cpu);
    image_free(&base);
    image_free(&gpu);
    image_free(&cpu);
    printf("AnimatedMorphCube at weights 0.5, 0.5: %d pixels differ from the base shape, %d from the CPU's\n", morphed,
           cpu_diff);
    if (morphed < 2000)
        fail_msg("AnimatedMorphCube: weights 0.5, 0.5 draw nearly the base shape (%d pixels differ)", morphed);
    if (cpu_diff > 20)
        fail_msg("AnimatedMorphCube: the CPU's morph draws another picture than the GPU's: %d pixels differ", cpu_diff);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s CH07_PROGRAM OUT_DIR [MORPH_CUBE_DIR]\n", argv[0]);
        return 2;
    }
    program = argv[1];
    out_dir = argv[2];
    morph_cube_dir = argc > 3 ? argv[3] : NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(linear_blend_pinches_the_twisted_tube),
        cmocka_unit_test(dual_quaternions_keep_the_twisted_tube_round),
        cmocka_unit_test(cpu_gpu_and_texture_buffer_draw_the_same),
        cmocka_unit_test(morph_cube_morphs_on_the_gpu_as_on_the_cpu),
    };
    return cmocka_run_group_tests_name("ch07 screenshots", tests, NULL, NULL);
}
