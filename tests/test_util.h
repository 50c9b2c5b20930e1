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

#include "common/transform.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
            fail_msg("%s: component %d: expected %.7g, got %.7g (got %.7g %.7g %.7g %.7g)", what, i, want[i] * sign,
                     (double)got[i], (double)got[0], (double)got[1], (double)got[2], (double)got[3]);
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

/* The reference data beside the checkout (../shared/conformance/<sub>), or
 * NULL when a student's clone does not have it: tests then call skip(). */
static inline const char *sa_test_shared(const char *sub, char *out, size_t out_len)
{
    const char *env = getenv("SA_SHARED_DIR");
    snprintf(out, out_len, "%s/conformance/%s", env && env[0] ? env : SA_SHARED_DIR, sub);
    struct stat st;
    return stat(out, &st) == 0 && S_ISDIR(st.st_mode) ? out : NULL;
}

#endif
