/* Grading tests for exercise ex11.1: two_bone_positions() puts the tip on
 * the ray toward the target at the clamped distance, and the middle joint
 * at the bone lengths from the root and the tip (law of cosines), on the
 * pole's side. Every expected value is worked out by hand beside it. */
#include "tests/test_util.h"
#include "chapters/11_ik/ik.h"

/* The outputs sit in arrays of six filled with a marker, so that writing
 * past three floats is caught. */
static void expect_positions(const char *what, const float root[3], float upper, float lower, const float target[3],
                             const float pole[3], const double want_mid[3], const double want_tip[3], double tol)
{
    float mid[6], tip[6];
    for (int i = 0; i < 6; i++)
        mid[i] = tip[i] = -12345.0f;
    two_bone_positions(root, upper, lower, target, pole, mid, tip);
    for (int i = 0; i < 3; i++) {
        if (!isfinite(tip[i]) || !isfinite(mid[i]))
            fail_msg("ex11.1: %s: out_%s[%d] is %g (a NaN: acos or sqrt of a value past 1, or a division by 0?)", what,
                     isfinite(tip[i]) ? "mid" : "tip", i, (double)(isfinite(tip[i]) ? mid[i] : tip[i]));
        if (!(fabs(tip[i] - want_tip[i]) <= tol))
            fail_msg("ex11.1: %s: out_tip[%d]: expected %.6g, got %.6g (upper %g, lower %g; the tip goes toward "
                     "the target at |target - root| clamped to [|upper - lower|, upper + lower])",
                     what, i, want_tip[i], (double)tip[i], (double)upper, (double)lower);
    }
    for (int i = 0; i < 3; i++)
        if (!(fabs(mid[i] - want_mid[i]) <= tol))
            fail_msg("ex11.1: %s: out_mid[%d]: expected %.6g, got %.6g (upper %g, lower %g, pole %g %g %g; the "
                     "angle at the root, on the side of the pole's part perpendicular to the axis)",
                     what, i, want_mid[i], (double)mid[i], (double)upper, (double)lower, (double)pole[0],
                     (double)pole[1], (double)pole[2]);
    for (int i = 3; i < 6; i++)
        if (mid[i] != -12345.0f || tip[i] != -12345.0f)
            fail_msg("ex11.1: %s: wrote past out_%s[2] (element %d)", what, mid[i] != -12345.0f ? "mid" : "tip", i);
}

/* Root (0.2, 1, -0.4), the target 0.7 away along u = (0.6, 0, 0.8), the
 * pole v = (0, 1, 0) (perpendicular to u). */
static const float root[3] = {0.2f, 1.0f, -0.4f};
static const float target_07[3] = {0.2f + 0.42f, 1.0f, -0.4f + 0.56f};

static void reachable_equal_bones(void **state)
{
    (void)state;
    /* upper = lower = 0.5, d = 0.7: cos = (0.25 + 0.49 - 0.25) / (2 * 0.5 * 0.7)
     * = 0.7, sin = sqrt(0.51) = 0.714143. mid = root + 0.5 * (0.7 u + 0.714143 v)
     * = root + (0.21, 0.357071, 0.28); the tip on the target. */
    expect_positions("equal bones, target at 0.7", root, 0.5f, 0.5f, target_07, (const float[]){0, 1, 0},
                     (const double[]){0.41, 1.357071, -0.12}, (const double[]){0.62, 1.0, 0.16}, 1e-5);
}

static void reachable_unequal_bones(void **state)
{
    (void)state;
    /* upper 0.3, lower 0.5, d = 0.7: cos = (0.09 + 0.49 - 0.25) / (2 * 0.3 * 0.7)
     * = 0.33 / 0.42 = 0.785714 (the angle at the root, not at the middle
     * joint: there cos = (0.09 + 0.25 - 0.49) / 0.3 = -0.5), sin = 0.618590.
     * mid = root + 0.3 * (0.785714 u + 0.618590 v) = root + (0.141429, 0.185577, 0.188571). */
    expect_positions("upper 0.3, lower 0.5, target at 0.7", root, 0.3f, 0.5f, target_07, (const float[]){0, 1, 0},
                     (const double[]){0.341429, 1.185577, -0.211429}, (const double[]){0.62, 1.0, 0.16}, 1e-5);
    /* upper 0.5, lower 0.3: cos = (0.25 + 0.49 - 0.09) / 0.7 = 0.928571, sin =
     * 0.371154; mid = root + 0.5 * (0.928571 u + 0.371154 v) = root + (0.278571, 0.185577, 0.371429). */
    expect_positions("upper 0.5, lower 0.3, target at 0.7", root, 0.5f, 0.3f, target_07, (const float[]){0, 1, 0},
                     (const double[]){0.478571, 1.185577, -0.028571}, (const double[]){0.62, 1.0, 0.16}, 1e-5);
}

static void pole_decides_the_side(void **state)
{
    (void)state;
    /* The same triangle as reachable_equal_bones, the pole -Y: the middle
     * joint mirrored to root + (0.21, -0.357071, 0.28). */
    expect_positions("pole -Y", root, 0.5f, 0.5f, target_07, (const float[]){0, -1, 0},
                     (const double[]){0.41, 0.642929, -0.12}, (const double[]){0.62, 1.0, 0.16}, 1e-5);
    /* The pole (0.8, 0, -0.6), perpendicular to u in the XZ plane: mid = root +
     * 0.5 * (0.7 u + 0.714143 (0.8, 0, -0.6)) = root + (0.495657, 0, 0.065757). */
    expect_positions("pole (0.8, 0, -0.6)", root, 0.5f, 0.5f, target_07, (const float[]){0.8f, 0, -0.6f},
                     (const double[]){0.695657, 1.0, -0.334243}, (const double[]){0.62, 1.0, 0.16}, 1e-5);
    /* Only the part perpendicular to the axis counts: (0.3, 1, 0.4) = 0.5 u +
     * (0, 1, 0), and (0, 5, 0) points the same way: both as the pole +Y. */
    expect_positions("pole (0.3, 1, 0.4), tilted toward the target", root, 0.5f, 0.5f, target_07,
                     (const float[]){0.3f, 1, 0.4f}, (const double[]){0.41, 1.357071, -0.12},
                     (const double[]){0.62, 1.0, 0.16}, 1e-5);
    expect_positions("pole (0, 5, 0), not unit length", root, 0.5f, 0.5f, target_07, (const float[]){0, 5, 0},
                     (const double[]){0.41, 1.357071, -0.12}, (const double[]){0.62, 1.0, 0.16}, 1e-5);
}

static void out_of_reach_is_clamped(void **state)
{
    (void)state;
    /* The target 2 away along u, the reach 0.8: the chain straight along u,
     * the middle joint at 0.3, the tip at 0.8: root + (0.18, 0, 0.24) and
     * root + (0.48, 0, 0.64). */
    const float far[3] = {0.2f + 1.2f, 1.0f, -0.4f + 1.6f};
    expect_positions("target 2 away, reach 0.8", root, 0.3f, 0.5f, far, (const float[]){0, 1, 0},
                     (const double[]){0.38, 1.0, -0.16}, (const double[]){0.68, 1.0, 0.24}, 1e-5);
}

static void too_near_is_clamped(void **state)
{
    (void)state;
    /* The target 0.1 away, the nearest reach |0.3 - 0.5| = 0.2: the tip at
     * root + 0.2 u = root + (0.12, 0, 0.16); cos = (0.09 + 0.04 - 0.25) / (2 *
     * 0.3 * 0.2) = -1: the upper bone folded back, mid = root - 0.3 u = root +
     * (-0.18, 0, -0.24). */
    const float near[3] = {0.2f + 0.06f, 1.0f, -0.4f + 0.08f};
    expect_positions("target 0.1 away, nearest reach 0.2", root, 0.3f, 0.5f, near, (const float[]){0, 1, 0},
                     (const double[]){0.02, 1.0, -0.64}, (const double[]){0.32, 1.0, -0.24}, 1e-5);
}

static void cosine_past_one_is_clamped(void **state)
{
    (void)state;
    /* upper 0.05, lower 0.96, the target 3 away along -Y from the origin:
     * d = 1.01 and (0.05^2 + 1.01^2 - 0.96^2) / (2 * 0.05 * 1.01) comes out
     * 1.0000007 in float and 1 + 2e-15 in double (0.05, 0.96 are not exact
     * in binary): acos or sqrt(1 - cos^2) of it is NaN. Clamped to 1: the
     * chain straight, mid (0, -0.05, 0), tip (0, -1.01, 0). */
    expect_positions("full extension, upper 0.05, lower 0.96", (const float[]){0, 0, 0}, 0.05f, 0.96f,
                     (const float[]){0, -3, 0}, (const float[]){1, 0, 0}, (const double[]){0, -0.05, 0},
                     (const double[]){0, -1.01, 0}, 1e-5);
}

static void cosine_just_under_one_in_float(void **state)
{
    (void)state;
    /* upper 0.3, lower 0.35, the target 2 away along -Y: d = 0.65 and the
     * cosine at the root is exactly 1 (0.3^2 + 0.65^2 - 0.35^2 = 0.39 =
     * 2 * 0.3 * 0.65), the chain straight: mid (0, -0.3, 0), tip (0, -0.65, 0).
     * Worked in float, (u * u + d * d - l * l) / (2 * u * d) comes out
     * 1 - 2.4e-7: a sine of 7e-4 and the middle joint 2.1e-4 off the line
     * (a "straight" knee bent). */
    expect_positions("full extension, upper 0.3, lower 0.35", (const float[]){0, 0, 0}, 0.3f, 0.35f,
                     (const float[]){0, -2, 0}, (const float[]){1, 0, 0}, (const double[]){0, -0.3, 0},
                     (const double[]){0, -0.65, 0}, 1e-5);
}

static void zero_length_bones(void **state)
{
    (void)state;
    /* upper 0: 2 * upper * d is 0, the middle joint on the root; the tip at
     * d = clamp(0.7, 0.5, 0.5) = 0.5 along u: root + (0.3, 0, 0.4). */
    expect_positions("upper 0", root, 0.0f, 0.5f, target_07, (const float[]){0, 1, 0}, (const double[]){0.2, 1.0, -0.4},
                     (const double[]){0.5, 1.0, 0.0}, 1e-5);
    /* lower 0: d = 0.5, cos = (0.25 + 0.25 - 0) / 0.5 = 1: the middle joint on
     * the tip, root + (0.3, 0, 0.4). */
    expect_positions("lower 0", root, 0.5f, 0.0f, target_07, (const float[]){0, 1, 0}, (const double[]){0.5, 1.0, 0.0},
                     (const double[]){0.5, 1.0, 0.0}, 1e-5);
    /* Both 0: everything on the root. */
    expect_positions("both bones 0", root, 0.0f, 0.0f, target_07, (const float[]){0, 1, 0},
                     (const double[]){0.2, 1.0, -0.4}, (const double[]){0.2, 1.0, -0.4}, 1e-5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex11.1", reachable_equal_bones),
        SA_EXERCISE_CASE("ex11.1", reachable_unequal_bones),
        SA_EXERCISE_CASE("ex11.1", pole_decides_the_side),
        SA_EXERCISE_CASE("ex11.1", out_of_reach_is_clamped),
        SA_EXERCISE_CASE("ex11.1", too_near_is_clamped),
        SA_EXERCISE_CASE("ex11.1", cosine_past_one_is_clamped),
        SA_EXERCISE_CASE("ex11.1", cosine_just_under_one_in_float),
        SA_EXERCISE_CASE("ex11.1", zero_length_bones),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
