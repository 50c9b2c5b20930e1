/* Grading tests for exercise ex14.2: mm_box_lower_bound() is the sum over
 * i < count of the squared distance from query[i] to [lo[i], hi[i]]. One
 * case per sentence of the task, each chosen so that a solution that
 * ignores the sentence fails it:
 *   - below lo: (lo - q)^2; above hi: (q - hi)^2; both sides in one call (a
 *     solution that looks at the lo side only fails the second, one that
 *     measures to the box's centre fails both: centre 2 of [1, 3] from q = 0
 *     is 4, not 1);
 *   - inside, ends included: 0 (a solution measuring to the nearer end
 *     gives 0.25 for q = 1.5 in [1, 2]; the centre, 0 only at 1.5);
 *   - squared, not absolute: a gap of 3 gives 9 (abs 3), of 0.5 gives 0.25;
 *   - exactly count components: arrays longer than count with a far query
 *     past it (one more read adds 10000); count 0 is 0;
 *   - a box of one value, lo = hi: the squared distance to it, 0 on it (no
 *     NaN from a division by its width);
 *   - never above the cost of a frame inside the box (ex14.1's sum in the
 *     same order): checked on 2000 random boxes and frames, in floats.
 * Every expected value is worked by hand in the case's comment. */
#include "tests/test_util.h"
#include "chapters/14_motion_matching/motion_database.h"

static void expect_bound(const char *what, const float *lo, const float *hi, const float *q, int count, float want)
{
    float got = mm_box_lower_bound(lo, hi, q, count);
    if (!(fabsf(got - want) <= 1e-6f * (1 + fabsf(want))))
        fail_msg("ex14.2: %s: expected %.9g, got %.9g", what, (double)want, (double)got);
}

/* q = 0 below [1, 3]: (1 - 0)^2 = 1 (to the centre 2: 4). q = 5 above
 * [1, 3]: (5 - 3)^2 = 4 (the lo side alone: 16; the centre: 9). */
static void ex14_2_below_and_above(void **state)
{
    (void)state;
    const float lo[2] = {1, 1}, hi[2] = {3, 3};
    expect_bound("0 below [1, 3]", lo, hi, (const float[]){0}, 1, 1);
    expect_bound("5 above [1, 3]", lo, hi, (const float[]){5}, 1, 4);
    expect_bound("0 below and 5 above, one call", lo, hi, (const float[]){0, 5}, 2, 5);
}

/* Inside [1, 2], ends included: 1, 1.5 and 2 all give 0. */
static void ex14_2_inside_is_0(void **state)
{
    (void)state;
    const float lo[1] = {1}, hi[1] = {2};
    expect_bound("1.5 inside [1, 2]", lo, hi, (const float[]){1.5f}, 1, 0);
    expect_bound("1 on the lo end of [1, 2]", lo, hi, (const float[]){1}, 1, 0);
    expect_bound("2 on the hi end of [1, 2]", lo, hi, (const float[]){2}, 1, 0);
}

/* A gap of 3 squared is 9; of 0.5, 0.25 (absolute values: 3 and 0.5). */
static void ex14_2_squared(void **state)
{
    (void)state;
    const float lo[1] = {-1}, hi[1] = {0};
    expect_bound("-4 below [-1, 0]", lo, hi, (const float[]){-4}, 1, 9);
    expect_bound("0.5 above [-1, 0]", lo, hi, (const float[]){0.5f}, 1, 0.25f);
}

/* count 2 of 4: (0 - 1)^2 + (0 - 1)^2 = 2; the third component (a gap of
 * 100) would add 10000. count 0: 0. */
static void ex14_2_exactly_count(void **state)
{
    (void)state;
    const float lo[4] = {1, 1, 100, 100}, hi[4] = {2, 2, 200, 200}, q[4] = {0, 0, 0, 0};
    expect_bound("count 2 of 4", lo, hi, q, 2, 2);
    expect_bound("count 0", lo, hi, q, 0, 0);
}

/* lo = hi = 2: 0 at 2, (5 - 2)^2 = 9 at 5, (2 - 1)^2 = 1 at 1. */
static void ex14_2_single_value_box(void **state)
{
    (void)state;
    const float v[1] = {2};
    expect_bound("2 on [2, 2]", v, v, (const float[]){2}, 1, 0);
    expect_bound("5 above [2, 2]", v, v, (const float[]){5}, 1, 9);
    expect_bound("1 below [2, 2]", v, v, (const float[]){1}, 1, 1);
}

/* ex14.1's cost, written here so that this test grades ex14.2 alone. */
static float cost_in_order(const float *f, const float *q, int count)
{
    float cost = 0;
    for (int i = 0; i < count; i++)
        cost += (f[i] - q[i]) * (f[i] - q[i]);
    return cost;
}

/* Random boxes of 27 features around random frames inside them: the bound
 * is never above the frame's cost, computed as ex14.1's sum. */
static void ex14_2_never_above_a_frame_inside(void **state)
{
    (void)state;
    uint32_t s = 14;
    for (int k = 0; k < 2000; k++) {
        float lo[MM_FEATURE_COUNT], hi[MM_FEATURE_COUNT], f[MM_FEATURE_COUNT], q[MM_FEATURE_COUNT];
        for (int i = 0; i < MM_FEATURE_COUNT; i++) {
            float v[3];
            for (int j = 0; j < 3; j++) {
                s = s * 1664525u + 1013904223u;
                v[j] = (float)(s >> 8) / (float)(1u << 24) * 8 - 4;
            }
            lo[i] = fminf(v[0], v[1]), hi[i] = fmaxf(v[0], v[1]);
            f[i] = k % 3 == 0 ? lo[i] : k % 3 == 1 ? hi[i] : 0.5f * (lo[i] + hi[i]);
            q[i] = v[2];
        }
        float bound = mm_box_lower_bound(lo, hi, q, MM_FEATURE_COUNT), cost = cost_in_order(f, q, MM_FEATURE_COUNT);
        if (!(bound <= cost))
            fail_msg("ex14.2: box %d: bound %.9g above the cost %.9g of a frame inside it", k, (double)bound,
                     (double)cost);
    }
    /* and a bound equal to the cost when the frame is the box's nearest corner */
    const float lo[2] = {1, 1}, hi[2] = {2, 2}, corner[2] = {1, 2}, q[2] = {0, 3};
    EXPECT_NEAR(cost_in_order(corner, q, 2), mm_box_lower_bound(lo, hi, q, 2), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex14.2", ex14_2_below_and_above),
        SA_EXERCISE_CASE("ex14.2", ex14_2_inside_is_0),
        SA_EXERCISE_CASE("ex14.2", ex14_2_squared),
        SA_EXERCISE_CASE("ex14.2", ex14_2_exactly_count),
        SA_EXERCISE_CASE("ex14.2", ex14_2_single_value_box),
        SA_EXERCISE_CASE("ex14.2", ex14_2_never_above_a_frame_inside),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
