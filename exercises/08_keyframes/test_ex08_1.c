/* Grading tests for exercise ex08.1: quat_slerp() interpolates two unit
 * quaternions (x y z w) the shortest way round, falls back to a normalized
 * lerp when they are nearly equal, and returns a unit quaternion. Every
 * expected value is worked out by hand beside it: a rotation by angle A
 * about a unit axis n is (n sin(A/2), cos(A/2)). */
#include "tests/test_util.h"
#include "chapters/08_keyframes/clip.h"

/* out sits in an array of five with a marker after the fourth element. When
 * either_sign, -want is as good as want (q and -q are one rotation). */
static void expect_slerp(const char *what, const float a[4], const float b[4], float t, const double want[4],
                         bool either_sign, double tolerance)
{
    float out[5] = {-7, -7, -7, -7, -7};
    quat_slerp(a, b, t, out);
    double dot = 0, length = 0;
    for (int i = 0; i < 4; i++)
        dot += want[i] * out[i], length += (double)out[i] * out[i];
    double sign = either_sign && dot < 0 ? -1 : 1;
    for (int i = 0; i < 4; i++)
        if (!(fabs(sign * want[i] - out[i]) <= tolerance))
            fail_msg("ex08.1: %s, t = %g: out[%d]: expected %.7g, got %.7g (out = %.7g %.7g %.7g %.7g)", what,
                     (double)t, i, sign * want[i], (double)out[i], (double)out[0], (double)out[1], (double)out[2],
                     (double)out[3]);
    if (!(fabs(sqrt(length) - 1) <= 1e-6))
        fail_msg("ex08.1: %s, t = %g: out has length %.9g, not 1 (normalize the result)", what, (double)t,
                 sqrt(length));
    if (out[4] != -7)
        fail_msg("ex08.1: %s: wrote past out[3]", what);
}

static const float identity[4] = {0, 0, 0, 1};
static const float z90[4] = {0, 0, 0.70710678f, 0.70710678f}; /* 90 degrees about Z */

/* t = 0 and t = 1 give a and b themselves (or -b: the end of the short
 * way), compared with ==, not within a tolerance. These are unit
 * quaternions whose renormalization in floats moves them by an ulp (z90
 * and x160: q / |q| differs from q in its last bit, worked out in float32
 * with Python's struct module), so a slerp that normalizes the key it
 * returns fails here. */
static void expect_exactly(const char *what, const float a[4], const float b[4], float t, const float want[4],
                           const char *which)
{
    float out[5] = {-7, -7, -7, -7, -7};
    quat_slerp(a, b, t, out);
    for (int i = 0; i < 4; i++)
        if (out[i] != want[i])
            fail_msg("ex08.1: %s, t = %g: out[%d]: expected exactly %.9g (%s, bit for bit, not renormalized), got "
                     "%.9g",
                     what, (double)t, i, (double)want[i], which, (double)out[i]);
    if (out[4] != -7)
        fail_msg("ex08.1: %s: wrote past out[3]", what);
}

static void the_ends_are_a_and_b_exactly(void **state)
{
    (void)state;
    const float x160[4] = {0.98480775f, 0, 0, 0.17364818f}; /* 160 degrees about X */
    expect_exactly("identity to 90 degrees about Z", identity, z90, 0, identity, "a");
    expect_exactly("identity to 90 degrees about Z", identity, z90, 1, z90, "b");
    expect_exactly("160 degrees about X to the identity", x160, identity, 0, x160, "a");
    /* 10 degrees, then 30 degrees stored negated (a . b < 0): the short way
     * ends at -b. */
    const float z10[4] = {0, 0, 0.08715574f, 0.99619470f}, minus_z30[4] = {0, 0, -0.25881905f, -0.96592583f};
    const float z30[4] = {0, 0, 0.25881905f, 0.96592583f};
    expect_exactly("10 degrees and 30 degrees stored negated", z10, minus_z30, 0, z10, "a");
    expect_exactly("10 degrees and 30 degrees stored negated", z10, minus_z30, 1, z30, "-b, the end of the short way");
    /* In between the result is normalized as before: t = 1/2 of the first pair. */
    expect_slerp("identity to 90 degrees about Z", identity, z90, 0.5f, (const double[]){0, 0, 0.38268343, 0.92387953},
                 false, 1e-6);
}

static void the_angle_moves_at_a_constant_rate(void **state)
{
    (void)state;
    /* t = 1/2: 45 degrees (half angle 22.5); t = 1/4: 22.5 degrees (half
     * angle 11.25). A plain normalized lerp gives 21.6 degrees at t = 1/4. */
    expect_slerp("identity to 90 degrees about Z", identity, z90, 0.5f, (const double[]){0, 0, 0.38268343, 0.92387953},
                 false, 1e-6);
    expect_slerp("identity to 90 degrees about Z", identity, z90, 0.25f, (const double[]){0, 0, 0.19509032, 0.98078528},
                 false, 1e-6);
    /* 40 degrees about X to 160 degrees about X: at t = 3/4, 130 degrees (half angle 65). */
    const float x40[4] = {0.34202014f, 0, 0, 0.93969262f}, x160[4] = {0.98480775f, 0, 0, 0.17364818f};
    expect_slerp("40 to 160 degrees about X", x40, x160, 0.75f, (const double[]){0.90630779, 0, 0, 0.42261826}, false,
                 1e-6);
}

static void the_shortest_way_round(void **state)
{
    (void)state;
    /* 170 degrees about Z, then 190 degrees stored as -q (the same rotation
     * as -170): 20 degrees apart the short way, through 180 = (0, 0, 1, 0);
     * the long way (not negating) passes through the identity. */
    const float z170[4] = {0, 0, 0.99619470f, 0.08715574f}, minus_z190[4] = {0, 0, -0.99619470f, 0.08715574f};
    expect_slerp("170 degrees and 190 degrees stored negated", z170, minus_z190, 0.5f, (const double[]){0, 0, 1, 0},
                 true, 1e-6);
    /* t = 1/4: 175 degrees (half angle 87.5). */
    expect_slerp("170 degrees and 190 degrees stored negated", z170, minus_z190, 0.25f,
                 (const double[]){0, 0, 0.99904822, 0.04361939}, true, 1e-6);
    /* 10 degrees, then 30 degrees stored negated: midway 20 degrees. */
    const float z10[4] = {0, 0, 0.08715574f, 0.99619470f}, minus_z30[4] = {0, 0, -0.25881905f, -0.96592583f};
    expect_slerp("10 degrees and 30 degrees stored negated", z10, minus_z30, 0.5f,
                 (const double[]){0, 0, 0.17364818, 0.98480775}, true, 1e-6);
}

static void nearly_equal_rotations(void **state)
{
    (void)state;
    /* 0.01 degrees apart about X: in floats their dot product is exactly 1,
     * acos gives 0, and sin(0) = 0 is no divisor (0 / 0 is NaN). Half-way is
     * 0.005 degrees: (sin 0.0025 degrees, 0, 0, cos) = (4.3633e-5, 0, 0, 1). */
    const float x001[4] = {8.7266463e-5f, 0, 0, 1};
    expect_slerp("0.01 degrees apart", identity, x001, 0.5f, (const double[]){4.3633231e-5, 0, 0, 1}, false, 1e-7);
    /* dot 0.9996, inside the lerp's range: the raw lerp at t = 1/2 is
     * cos(angle / 2) = 0.9999 long, so it must be normalized. The rotation:
     * (sin, 0, 0, cos) of half of acos(0.9996) = 0.0141421. */
    const float near[4] = {0.02828144f, 0, 0, 0.9996f};
    expect_slerp("dot 0.9996", identity, near, 0.5f, (const double[]){0.01414213, 0, 0, 0.99990000}, false, 2e-6);
}

static void nearly_equal_away_from_the_middle(void **state)
{
    (void)state;
    /* At t = 1/2 the weights 1 - t and t are equal: a lerp with the two
     * swapped passes there, so t = 1/4. 0.01 degrees apart, a quarter of the
     * way is 0.0025 degrees: (sin 0.00125 degrees, 0, 0, cos) = (2.1816616e-5,
     * 0, 0, 1); swapped, 3/4 of the way, 6.5e-5. */
    const float x001[4] = {8.7266463e-5f, 0, 0, 1};
    expect_slerp("0.01 degrees apart", identity, x001, 0.25f, (const double[]){2.1816616e-5, 0, 0, 1}, false, 1e-7);
    /* dot 0.9996, t = 1/4: (3/4 (0 0 0 1) + 1/4 near) normalized, worked out in
     * double by a Python script: (0.0070708901, 0, 0, 0.99997500); the slerp
     * itself is 3.5e-7 from it, within the tolerance; swapped, 0.0212127. */
    const float near[4] = {0.02828144f, 0, 0, 0.9996f};
    expect_slerp("dot 0.9996", identity, near, 0.25f, (const double[]){0.0070708901, 0, 0, 0.99997500}, false, 1e-6);
}

static void nearly_equal_and_stored_negated(void **state)
{
    (void)state;
    /* The identity and minus a turn of 0.01 degrees about X: a . b = -1,
     * after the sign change +1, in the lerp's range. Tested for nearness
     * before the sign change, -1 is not near, and the slerp divides by
     * sin(acos(1)) = 0: NaN. Half-way is 0.005 degrees about X, (4.3633231e-5,
     * 0, 0, 1), or its negative. */
    const float minus_x001[4] = {-8.7266463e-5f, 0, 0, -1};
    expect_slerp("the identity and 0.01 degrees stored negated", identity, minus_x001, 0.5f,
                 (const double[]){4.3633231e-5, 0, 0, 1}, true, 1e-7);
    expect_slerp("the identity and 0.01 degrees stored negated", identity, minus_x001, 0.25f,
                 (const double[]){2.1816616e-5, 0, 0, 1}, true, 1e-7);
}

static void out_may_be_a(void **state)
{
    (void)state;
    /* The sampler writes into the pose it reads from: out == a. */
    float q[4] = {0, 0, 0, 1};
    quat_slerp(q, z90, 0.5f, q);
    const double want[4] = {0, 0, 0.38268343, 0.92387953};
    for (int i = 0; i < 4; i++)
        if (!(fabs(want[i] - q[i]) <= 1e-6))
            fail_msg("ex08.1: out == a (identity to 90 degrees about Z, t = 0.5): out[%d]: expected %.7g, got %.7g "
                     "(read a before writing out)",
                     i, want[i], (double)q[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex08.1", the_ends_are_a_and_b_exactly),
        SA_EXERCISE_CASE("ex08.1", the_angle_moves_at_a_constant_rate),
        SA_EXERCISE_CASE("ex08.1", the_shortest_way_round),
        SA_EXERCISE_CASE("ex08.1", nearly_equal_rotations),
        SA_EXERCISE_CASE("ex08.1", nearly_equal_away_from_the_middle),
        SA_EXERCISE_CASE("ex08.1", nearly_equal_and_stored_negated),
        SA_EXERCISE_CASE("ex08.1", out_may_be_a),
    };
    return cmocka_run_group_tests_name("ex08.1 slerp", tests, NULL, NULL);
}
