/* gl_test_util.h: the GL context of the GL tests (and of exercise ex07.1's
 * grading test): a hidden 64 x 64 window, Xvfb + llvmpipe in CI, opened once
 * before a group of cmocka tests and closed after it.
 *
 *     static app the_app;
 *     static int open_app(void **state) { (void)state; return gl_test_open(&the_app, "test_x"); }
 *     ...cmocka_run_group_tests_name("x", tests, open_app, close_app) with app_close(&the_app)
 */
#ifndef SA_GL_TEST_UTIL_H
#define SA_GL_TEST_UTIL_H

#include "common/app.h"

/* Opens `a` as `--headless --size 64x64` would. Returns 0, or prints
 * "<who>: cannot open a GL context: <why>" and returns -1 (what a cmocka
 * group set-up returns). */
int gl_test_open(app *a, const char *who);

#endif
