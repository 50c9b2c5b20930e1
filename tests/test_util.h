/* test_util.h: what every test in the project includes.
 *
 * cmocka needs its headers in this order. The EXPECT_* macros fail the
 * current case with a message that says what was expected and what came
 * back, which is what a student reads when an exercise test fails.
 */
#ifndef SA_TEST_UTIL_H
#define SA_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "common/platform.h"
#include "common/transform.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPECT_NEAR(expected, got, tolerance)                                                                          \
    do {                                                                                                               \
        double e_ = (double)(expected), g_ = (double)(got), t_ = (double)(tolerance);                                  \
        if (!(fabs(e_ - g_) <= t_))                                                                                    \
            fail_msg("%s:%d: %s: expected %.7g, got %.7g (tolerance %.1g)", __FILE__, __LINE__, #got, e_, g_, t_);     \
    } while (0)

/* The three elements of a vec3 (or float[3]), each as EXPECT_NEAR. */
#define EXPECT_VEC3(x, y, z, got, tolerance)                                                                           \
    do {                                                                                                               \
        EXPECT_NEAR(x, (got)[0], tolerance);                                                                           \
        EXPECT_NEAR(y, (got)[1], tolerance);                                                                           \
        EXPECT_NEAR(z, (got)[2], tolerance);                                                                           \
    } while (0)

#define EXPECT_INT(expected, got)                                                                                      \
    do {                                                                                                               \
        long long e_ = (long long)(expected), g_ = (long long)(got);                                                   \
        if (e_ != g_)                                                                                                  \
            fail_msg("%s:%d: %s: expected %lld, got %lld", __FILE__, __LINE__, #got, e_, g_);                          \
    } while (0)

#define EXPECT_TRUE(cond)                                                                                              \
    do {                                                                                                               \
        if (!(cond))                                                                                                   \
            fail_msg("%s:%d: expected %s to hold", __FILE__, __LINE__, #cond);                                         \
    } while (0)

#define EXPECT_STR_CONTAINS(haystack, needle)                                                                          \
    do {                                                                                                               \
        const char *h_ = (haystack), *n_ = (needle);                                                                   \
        if (!h_ || !strstr(h_, n_))                                                                                    \
            fail_msg("%s:%d: expected \"%s\" in \"%s\"", __FILE__, __LINE__, n_, h_ ? h_ : "(null)");                  \
    } while (0)

/* Compares two 4x4 column-major matrices element by element, naming the
 * first element that differs as [column][row]. */
#define EXPECT_MAT4_NEAR(expected, got, tolerance)                                                                     \
    do {                                                                                                               \
        for (int c_ = 0; c_ < 4; c_++)                                                                                 \
            for (int r_ = 0; r_ < 4; r_++)                                                                             \
                if (!(fabs((double)(expected)[c_][r_] - (double)(got)[c_][r_]) <= (tolerance)))                        \
                    fail_msg("%s:%d: %s[%d][%d] (column %d, row %d): expected %.6g, got %.6g", __FILE__, __LINE__,     \
                             #got, c_, r_, c_, r_, (double)(expected)[c_][r_], (double)(got)[c_][r_]);                 \
    } while (0)

/* Grading tests (exercises/) register each case with SA_EXERCISE_CASE(id, f)
 * instead of cmocka_unit_test(f): before f runs, it prints
 *     ex04.1 case ex04_1_three_joint_chain:
 * on standard error. A sanitizer report, which ends the test at once, goes
 * to standard error too, so it comes right after the name of the exercise
 * and the case that called the student's code (cmocka's "[ RUN ]" line is
 * on standard output, which a grader may keep apart, and names only the
 * function). */
static inline int sa_exercise_case_setup(void **state)
{
    fprintf(stderr, "%s:\n", (const char *)*state);
    return 0;
}
#define SA_EXERCISE_CASE(id, f)                                                                                        \
    cmocka_unit_test_prestate_setup_teardown(f, sa_exercise_case_setup, NULL, id " case " #f)

/* Hand-made matrices and transforms for the tests' expected values. */

/* A translation by (x, y, z): column 3 (m[column][row]). */
static inline void translation(mat4 m, float x, float y, float z)
{
    glm_mat4_identity(m);
    m[3][0] = x, m[3][1] = y, m[3][2] = z;
}

/* 90 degrees about +Z: x -> y, y -> -x (m[column][row]). */
static inline void rotation_z90(mat4 m)
{
    glm_mat4_identity(m);
    m[0][0] = 0, m[0][1] = 1;
    m[1][0] = -1, m[1][1] = 0;
}

/* A TRS transform with a uniform scale s. */
static inline transform trs(float tx, float ty, float tz, versor q, float s)
{
    transform t;
    glm_vec3_copy((vec3){tx, ty, tz}, t.translation);
    glm_quat_copy(q, t.rotation);
    glm_vec3_fill(t.scale, s);
    return t;
}

/* A TRS transform written out: translation, rotation (x y z w), scale per axis. */
static inline transform sa_transform(float tx, float ty, float tz, float qx, float qy, float qz, float qw, float sx,
                                     float sy, float sz)
{
    transform t;
    glm_vec3_copy((vec3){tx, ty, tz}, t.translation);
    glm_vec4_copy((vec4){qx, qy, qz, qw}, t.rotation);
    glm_vec3_copy((vec3){sx, sy, sz}, t.scale);
    return t;
}

/* q and -q are one rotation: compares up to the sign, and checks unit length. */
static inline void sa_expect_rotation(const float *want, const float *got, double tolerance, const char *what)
{
    double dot = 0, length = 0;
    for (int i = 0; i < 4; i++) {
        dot += (double)want[i] * got[i];
        length += (double)got[i] * got[i];
    }
    double sign = dot < 0 ? -1 : 1;
    for (int i = 0; i < 4; i++)
        if (!(fabs(want[i] * sign - got[i]) <= tolerance))
            fail_msg("%s: component %d: expected %.7g (or the negated quaternion), got %.7g (got %.7g %.7g %.7g %.7g)",
                     what, i, want[i] * sign, (double)got[i], (double)got[0], (double)got[1], (double)got[2],
                     (double)got[3]);
    if (!(fabs(sqrt(length) - 1) <= 1e-6))
        fail_msg("%s: length %.9g, not 1", what, sqrt(length));
}

/* Writes a small text file for a test (fails the test when it cannot). */
static inline void sa_test_write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        fail_msg("cannot write the test file %s", path);
    fputs(text, f);
    fclose(f);
}

/* Writes the CRLF twin of the LF text file `from` as `to`: every "\n"
 * becomes "\r\n", as a file saved on Windows has it. Fails the test on a
 * file that already holds a CR (it is no LF file to make a twin of) or has
 * fewer than two lines (the twin would test nothing). */
static inline void sa_test_write_crlf_twin(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        fail_msg("cannot read the test file %s", from);
    FILE *out = fopen(to, "wb");
    if (!out)
        fail_msg("cannot write the test file %s", to);
    int c, lines = 0;
    while ((c = getc(in)) != EOF) {
        if (c == '\r')
            fail_msg("%s holds a CR already: a CRLF twin is made from an LF file", from);
        if (c == '\n') {
            putc('\r', out);
            lines++;
        }
        putc(c, out);
    }
    fclose(in);
    if (fclose(out) != 0)
        fail_msg("cannot write the test file %s", to);
    if (lines < 2)
        fail_msg("%s has %d line ends: too few for its CRLF twin to test anything", from, lines);
}

/* Whether a folder can be listed (it exists and is a folder). */
static inline bool sa_test_is_dir(const char *path)
{
    char **names;
    size_t count;
    sa_error err;
    if (!sa_dir_names(path, &names, &count, &err))
        return false;
    sa_dir_names_free(names, count);
    return true;
}

/* The reference data beside the checkout (../shared/conformance/<sub>), or
 * NULL when a student's clone does not have it: tests then call skip(). */
static inline const char *sa_test_shared(const char *sub, char *out, size_t out_len)
{
    const char *env = getenv("SA_SHARED_DIR");
    snprintf(out, out_len, "%s/conformance/%s", env && env[0] ? env : SA_SHARED_DIR, sub);
    return sa_test_is_dir(out) ? out : NULL;
}

/* A new empty folder in the system's temporary folder for a test's files
 * (sa_make_temp_dir), its path in out; fails the test (or the group set-up
 * that calls it) when it cannot. */
static inline void sa_test_temp_dir(const char *prefix, char *out, size_t out_len)
{
    sa_error err;
    if (!sa_make_temp_dir(prefix, out, out_len, &err))
        fail_msg("%s", err.message);
}

/* Removes a test's temporary folder and the files in it (one level: the
 * tests make no subfolders). Quietly does what it can: a cmocka teardown
 * must not fail over a file a failed test never wrote. */
static inline void sa_test_remove_dir(const char *dir)
{
    char **names;
    size_t count;
    sa_error err;
    if (sa_dir_names(dir, &names, &count, &err)) {
        for (size_t i = 0; i < count; i++) {
            char path[2048];
            snprintf(path, sizeof path, "%s/%s", dir, names[i]);
            sa_remove(path, &err);
        }
        sa_dir_names_free(names, count);
    }
    sa_remove(dir, &err);
}

/* The one place the tests ask which system they run on: Windows has no
 * FIFOs, and its null device is "NUL". */
static inline bool sa_test_on_windows(void)
{
#ifdef _WIN32
    return true;
#else
    return false;
#endif
}

/* The null device: a special file that opens, reads as empty, and is no
 * regular file. */
static inline const char *sa_test_null_device(void)
{
    return sa_test_on_windows() ? "NUL" : "/dev/null";
}

/* Finds a program on PATH (sa_process_run does not search it): its path in
 * out, or false. On Windows the entries are separated by ';' and the file
 * ends in ".exe". */
static inline bool sa_test_find_program(const char *name, char *out, size_t out_len)
{
    const char *path = getenv("PATH");
    char separator = sa_test_on_windows() ? ';' : ':';
    const char *suffix = sa_test_on_windows() ? ".exe" : "";
    while (path && *path) {
        const char *end = strchr(path, separator);
        int len = (int)(end ? (size_t)(end - path) : strlen(path));
        if (len > 0 && snprintf(out, out_len, "%.*s/%s%s", len, path, name, suffix) < (int)out_len) {
            FILE *f = fopen(out, "rb");
            if (f) {
                fclose(f);
                return true;
            }
        }
        path = end ? end + 1 : NULL;
    }
    return false;
}

/* How a child process ended, for a message: "exit code 3", "signal 11"
 * (POSIX), "exception 0xC0000005" (Windows), "no end within the timeout". */
static inline const char *sa_test_process_end(const sa_process_result *r, char *out, size_t out_len)
{
    if (r->timed_out)
        snprintf(out, out_len, "no end within the timeout");
    else if (r->crashed && sa_test_on_windows())
        snprintf(out, out_len, "exception 0x%08X", (unsigned)r->crash_code);
    else if (r->crashed)
        snprintf(out, out_len, "signal %d", r->crash_code);
    else
        snprintf(out, out_len, "exit code %d", r->exit_code);
    return out;
}

/* Runs argv[0] with the arguments argv (NULL-terminated) and waits at most
 * timeout_seconds (0: no limit). Its standard output goes to the null
 * device; its standard error stays (what it prints there is the reason it
 * gives). Fails the test when the program cannot be started. */
static inline sa_process_result sa_test_run_program(const char *const argv[], double timeout_seconds)
{
    fflush(NULL); /* what this process printed comes before what the child prints */
    sa_process_result result;
    sa_error err;
    if (!sa_process_run(argv, timeout_seconds, true, &result, &err))
        fail_msg("%s", err.message);
    return result;
}

/* The exit code of a child case (sa_test_run_self) that passed. Not 0: a
 * child whose stack the code under test overwrote has been seen to end with
 * exit code 0 (under Wine), so only this code means that the case ran to
 * its end and passed. */
#define SA_TEST_CHILD_PASSED 42

/* Runs this test program again as `<itself> args...` (args NULL-terminated),
 * as sa_test_run_program does: for a case that may hang or crash (a
 * student's endless loop, a load that blocks), so that the test reports it
 * with a message instead of ending or hanging with it. argv0 is main's
 * argv[0], used when the system cannot tell the program's path. */
static inline sa_process_result sa_test_run_self(const char *argv0, const char *const args[], double timeout_seconds)
{
    char self[2048];
    sa_executable_path(self, sizeof self);
    const char *argv[16] = {self[0] ? self : argv0};
    size_t n = 1;
    for (; args[n - 1] && n < sizeof argv / sizeof argv[0] - 1; n++)
        argv[n] = args[n - 1];
    argv[n] = NULL;
    return sa_test_run_program(argv, timeout_seconds);
}

#endif
