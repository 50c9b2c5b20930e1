/* Grading tests for exercise ex14.1: mm_frame_cost() is the sum over i < count
 * of (features[i] - query[i])^2. One case per sentence of the task, each
 * chosen so that a solution that ignores the sentence fails it:
 *   - squared differences, summed (a solution that sums |d| fails: |3| + |4|
 *     = 7, not 25; one that returns the distance, the square root, gives 5);
 *   - exactly count components (the arrays go on past count with values
 *     that change the sum: a solution that reads one more, or one fewer,
 *     fails); count 0 costs 0;
 *   - no weight enters (the features are normalized already): 27 features
 *     of difference 1 cost 27, not a weighted sum;
 *   - index order from 0 up: squares of 1e8, 4 and 4 sum to 1e8 in that
 *     order and to 100000008 from the end (see the case).
 * Every expected value is worked by hand in the case's comment. */
#include "tests/test_util.h"
#include "chapters/14_motion_matching/motion_database.h"

static void expect_cost(const char *what, const float *f, const float *q, int count, float want)
{
    float got = mm_frame_cost(f, q, count);
    if (!(got == want))
        fail_msg("ex14.1: %s: expected %.9g, got %.9g", what, (double)want, (double)got);
}

/* (3 - 0)^2 + (0 - 4)^2 = 9 + 16 = 25 (|3| + |4| = 7, sqrt 25 = 5). */
static void ex14_1_squared_and_summed(void **state)
{
    (void)state;
    const float f[2] = {3, 0}, q[2] = {0, 4};
    expect_cost("features (3, 0), query (0, 4)", f, q, 2, 25);
    /* a difference of -0.5: 0.25, not -0.5 or 0.5 */
    const float g[1] = {1.0f}, r[1] = {1.5f};
    expect_cost("features (1), query (1.5)", g, r, 1, 0.25f);
}

/* count 3 of arrays of 5: (1-0)^2 + (2-0)^2 + (3-0)^2 = 14; the 4th (100)
 * would add 10000, stopping at 2 would give 5. count 0: 0. */
static void ex14_1_exactly_count(void **state)
{
    (void)state;
    const float f[5] = {1, 2, 3, 100, 100}, q[5] = {0, 0, 0, 0, 0};
    expect_cost("count 3 of 5", f, q, 3, 14);
    expect_cost("count 0", f, q, 0, 0);
    expect_cost("count 1", f, q, 1, 1);
}

/* All 27 features one apart: 27 (a solution weighting the groups by
 * Holden's 0.75 / 1 / 1.5 would give another number). */
static void ex14_1_no_weights(void **state)
{
    (void)state;
    float f[MM_FEATURE_COUNT], q[MM_FEATURE_COUNT];
    for (int i = 0; i < MM_FEATURE_COUNT; i++)
        f[i] = (float)i, q[i] = (float)i + 1;
    expect_cost("27 features one apart", f, q, MM_FEATURE_COUNT, 27);
}

/* Summed from index 0 up: the squares are 1e8, 4 and 4. Floats near 1e8
 * are 8 apart, so 1e8 + 4 is a tie that rounds to even, 1e8; in index
 * order the sum stays 1e8. Summed from the end, 4 + 4 = 8 and 8 + 1e8 =
 * 100000008, a float: a different answer. */
static void ex14_1_index_order(void **state)
{
    (void)state;
    const float f[3] = {10000, 2, 2}, q[3] = {0, 0, 0};
    expect_cost("squares 1e8, 4, 4 in index order", f, q, 3, 1e8f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex14.1", ex14_1_squared_and_summed),
        SA_EXERCISE_CASE("ex14.1", ex14_1_exactly_count),
        SA_EXERCISE_CASE("ex14.1", ex14_1_no_weights),
        SA_EXERCISE_CASE("ex14.1", ex14_1_index_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
