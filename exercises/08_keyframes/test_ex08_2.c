/* Grading tests for exercise ex08.2: track_sample_linear() gives the value of
 * a LINEAR track of translations or scales at time t: the first value before
 * the first key, the last after the last, a constant for one key, and in
 * between the two keys around t mixed by u = (t - t_k) / (t_k+1 - t_k).
 * Every expected value is worked out by hand beside it.
 *
 * The keys sit in heap arrays of the exact size followed by NaN markers, so
 * that reading past the last key (times[k + 1] at the end) gives NaN here
 * and an error under -DSA_SANITIZE=ON; out has a marker after its last
 * component. */
#include "tests/test_util.h"
#include "chapters/08_keyframes/clip.h"

/* Copies n floats into an array with one NaN after them. */
static float *with_marker(const float *v, int n)
{
    float *out = malloc(((size_t)n + 4) * sizeof *out);
    memcpy(out, v, (size_t)n * sizeof *out);
    for (int i = n; i < n + 4; i++)
        out[i] = NAN;
    return out;
}

static void expect_sample(const char *what, int key_count, const float *times_in, const float *values_in,
                          int components, float t, const double *want)
{
    float *times = with_marker(times_in, key_count);
    float *values = with_marker(values_in, key_count * components);
    float out[4] = {-7, -7, -7, -7};
    track_sample_linear(key_count, times, values, components, t, out);
    for (int i = 0; i < components; i++)
        if (!(fabs(want[i] - out[i]) <= 1e-5 * fmax(1, fabs(want[i]))))
            fail_msg("ex08.2: %s, t = %g: out[%d]: expected %.7g, got %.7g", what, (double)t, i, want[i],
                     (double)out[i]);
    for (int i = components; i < 4; i++)
        if (out[i] != -7)
            fail_msg("ex08.2: %s: wrote out[%d], past the %d components", what, i, components);
    free(times);
    free(values);
}

/* Keys at 1, 2 and 4 s (intervals of 1 and 2 s): (0, 0, 0), (10, 20, 30), (30, 20, -10). */
static const float times3[] = {1, 2, 4};
static const float values3[] = {0, 0, 0, 10, 20, 30, 30, 20, -10};
#define TRACK3 "keys at 1, 2, 4", 3, times3, values3, 3

static void between_keys(void **state)
{
    (void)state;
    /* 1.5: u = 1/2 of the first interval. */
    expect_sample(TRACK3, 1.5f, (const double[]){5, 10, 15});
    /* 1.25: u = 1/4. */
    expect_sample(TRACK3, 1.25f, (const double[]){2.5, 5, 7.5});
    /* 3: u = (3 - 2) / (4 - 2) = 1/2 of the second interval (2 s long). */
    expect_sample(TRACK3, 3, (const double[]){20, 20, 10});
    /* 3.5: u = 3/4: 10 + 3/4 20, 20, 30 - 3/4 40. */
    expect_sample(TRACK3, 3.5f, (const double[]){25, 20, 0});
}

static void exactly_on_a_key(void **state)
{
    (void)state;
    expect_sample(TRACK3, 1, (const double[]){0, 0, 0});
    expect_sample(TRACK3, 2, (const double[]){10, 20, 30});
    /* The last key: its value, without reading a key after it. */
    expect_sample(TRACK3, 4, (const double[]){30, 20, -10});
}

/* On a key the key's value comes back exactly (==, no tolerance), however
 * far apart the keys are. Keys at 0, 1, 2 s with values 1e8, 1.5, 3: at
 * t = 1, k = 1 and u = 0 give 1.5. Mixed from the key before with u = 1,
 * 1e8 + 1 (1.5 - 1e8) is 0 in floats (1.5 - 1e8 rounds to -1e8, the floats
 * near 1e8 being 8 apart). The same pair as the last two keys, at t = 1:
 * the last value, 1.5, not 0 from the last interval with u = 1. */
static void expect_exactly(const char *what, int key_count, const float *times_in, const float *values_in, float t,
                           float want)
{
    float *times = with_marker(times_in, key_count), *values = with_marker(values_in, key_count);
    float out[2] = {-7, -7};
    track_sample_linear(key_count, times, values, 1, t, out);
    if (out[0] != want)
        fail_msg("ex08.2: %s, t = %g: out[0]: expected exactly %.9g, the key's own value, got %.9g (on a key take "
                 "that key with u = 0: a + 1 (b - a) is not always b in floats)",
                 what, (double)t, (double)want, (double)out[0]);
    if (out[1] != -7)
        fail_msg("ex08.2: %s: wrote out[1], past the 1 component", what);
    free(times);
    free(values);
}

static void on_a_key_its_value_bit_for_bit(void **state)
{
    (void)state;
    const float times[] = {0, 1, 2}, values[] = {1e8f, 1.5f, 3};
    expect_exactly("keys 1e8, 1.5, 3 at 0, 1, 2", 3, times, values, 1, 1.5f);
    expect_exactly("keys 1e8, 1.5, 3 at 0, 1, 2", 3, times, values, 0, 1e8f);
    expect_exactly("keys 1e8, 1.5, 3 at 0, 1, 2", 3, times, values, 2, 3);
    expect_exactly("keys 1e8, 1.5 at 0, 1 (the last key)", 2, times, values, 1, 1.5f);
}

static void before_the_first_and_after_the_last_key(void **state)
{
    (void)state;
    /* The first value holds before the first key, the last after the last:
     * no extrapolation along the first or last interval. */
    expect_sample(TRACK3, 0, (const double[]){0, 0, 0});
    expect_sample(TRACK3, -3, (const double[]){0, 0, 0});
    expect_sample(TRACK3, 5, (const double[]){30, 20, -10});
    expect_sample(TRACK3, 100, (const double[]){30, 20, -10});
}

static void one_key_is_constant(void **state)
{
    (void)state;
    const float times[] = {2}, values[] = {7, 8, 9};
    for (int i = 0; i < 3; i++) {
        const float t[] = {0, 2, 5};
        expect_sample("one key at 2", 1, times, values, 3, t[i], (const double[]){7, 8, 9});
    }
}

static void many_keys_and_one_component(void **state)
{
    (void)state;
    /* 41 keys of one component at t = 0.25 k with value k * k: at 5.1 (k = 20,
     * u = 0.4): 400 + 0.4 (441 - 400) = 416.4; at 0.1 (k = 0, u = 0.4): 0.4;
     * at 9.9 (k = 39, u = 0.6): 1521 + 0.6 79 = 1568.4. */
    float times[41], values[41];
    for (int k = 0; k <= 40; k++)
        times[k] = 0.25f * (float)k, values[k] = (float)(k * k);
    expect_sample("41 keys, one component", 41, times, values, 1, 5.1f, (const double[]){416.4});
    expect_sample("41 keys, one component", 41, times, values, 1, 0.1f, (const double[]){0.4});
    expect_sample("41 keys, one component", 41, times, values, 1, 9.9f, (const double[]){1568.4});
    expect_sample("41 keys, one component", 41, times, values, 1, 10, (const double[]){1600});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex08.2", between_keys),
        SA_EXERCISE_CASE("ex08.2", exactly_on_a_key),
        SA_EXERCISE_CASE("ex08.2", on_a_key_its_value_bit_for_bit),
        SA_EXERCISE_CASE("ex08.2", before_the_first_and_after_the_last_key),
        SA_EXERCISE_CASE("ex08.2", one_key_is_constant),
        SA_EXERCISE_CASE("ex08.2", many_keys_and_one_component),
    };
    return cmocka_run_group_tests_name("ex08.2 LINEAR track", tests, NULL, NULL);
}
