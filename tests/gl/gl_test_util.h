/* gl_test_util.h: what the GL tests share. The GL context of the tests that
 * draw themselves (and of exercise ex07.1's grading test): a hidden 64 x 64
 * window, Xvfb + llvmpipe in CI, opened once before a group of cmocka tests
 * and closed after it. And the screenshot of a chapter program, for the
 * tests that check what a program draws.
 *
 *     static app the_app;
 *     static int open_app(void **state) { (void)state; return gl_test_open(&the_app, "test_x"); }
 *     ...cmocka_run_group_tests_name("x", tests, open_app, close_app) with app_close(&the_app)
 */
#ifndef SA_GL_TEST_UTIL_H
#define SA_GL_TEST_UTIL_H

#include "common/app.h"
#include "common/image.h"

/* Opens `a` as `--headless --size 64x64` would. Returns 0, or prints
 * "<who>: cannot open a GL context: <why>" and returns -1 (what a cmocka
 * group set-up returns). */
int gl_test_open(app *a, const char *who);

/* Runs `"program" ARGUMENTS --screenshot "OUT_DIR/NAME.png"` (standard
 * output discarded, the file removed first) and decodes the PNG into img
 * (free with image_free). ARGUMENTS are words separated by spaces; a word in
 * double quotes may hold spaces. Fails the test when the program does not
 * exit 0 or the file cannot be read. */
void gl_test_screenshot(const char *program, const char *arguments, const char *out_dir, const char *name,
                        image_rgba8 *img);

#endif
