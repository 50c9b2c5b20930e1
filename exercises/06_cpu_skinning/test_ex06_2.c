/* Grading tests for exercise ex06.2: influences_keep_largest() keeps the
 * four largest of a vertex's influences, largest first (the earlier of equal
 * weights first), divides them by their sum, and fills the rest with joint 0
 * and weight 0. Every expected value is worked out by hand beside it. */
#include "tests/test_util.h"
#include "chapters/06_cpu_skinning/skinning.h"

/* The outputs sit inside arrays of eight with a marker after the fourth, so
 * that writing past four entries is caught. */
static void expect_kept(const char *what, int count, const uint16_t *joints, const float *weights,
                        const int want_joints[4], const double want_weights[4], double want_sum)
{
    uint16_t out_j[8];
    float out_w[8];
    for (int k = 0; k < 8; k++) {
        out_j[k] = 777;
        out_w[k] = -1.0f;
    }
    float sum = influences_keep_largest(count, joints, weights, out_j, out_w);
    for (int k = 0; k < 4; k++) {
        if (out_j[k] != want_joints[k])
            fail_msg("ex06.2: %s: out_joints[%d]: expected joint %d, got %d (four largest, largest first; "
                     "of equal weights the earlier; joint 0 where the weight is 0)",
                     what, k, want_joints[k], out_j[k]);
        if (!(fabs(out_w[k] - want_weights[k]) <= 1e-6))
            fail_msg("ex06.2: %s: out_weights[%d]: expected %.6g, got %.6g (the kept weights divided by their sum)",
                     what, k, want_weights[k], (double)out_w[k]);
    }
    for (int k = 4; k < 8; k++)
        if (out_j[k] != 777 || out_w[k] != -1.0f)
            fail_msg("ex06.2: %s: wrote past out_joints[3] or out_weights[3] (entry %d)", what, k);
    if (!(fabs(sum - want_sum) <= 1e-6))
        fail_msg("ex06.2: %s: returned %.6g, expected %.6g (the sum of the kept weights before dividing)", what,
                 (double)sum, want_sum);
}

static void four_already_normalized(void **state)
{
    (void)state;
    /* 0.1 0.2 0.3 0.4 on joints 3 5 7 9: kept as they are, largest first. */
    expect_kept("four weights summing to 1", 4, (const uint16_t[]){3, 5, 7, 9}, (const float[]){0.1f, 0.2f, 0.3f, 0.4f},
                (const int[]){9, 7, 5, 3}, (const double[]){0.4, 0.3, 0.2, 0.1}, 1.0);
}

static void the_largest_are_not_the_first_four(void **state)
{
    (void)state;
    /* Eight influences (JOINTS_0 and JOINTS_1): 0.05 0.1 0.05 0.1 | 0.2 0.05 0.3 0.15.
     * The four largest: 0.3 (j16), 0.2 (j14), 0.15 (j17), 0.1 (j11), sum 0.75. */
    const uint16_t joints[8] = {10, 11, 12, 13, 14, 15, 16, 17};
    const float weights[8] = {0.05f, 0.1f, 0.05f, 0.1f, 0.2f, 0.05f, 0.3f, 0.15f};
    expect_kept("eight influences", 8, joints, weights, (const int[]){16, 14, 17, 11},
                (const double[]){0.3 / 0.75, 0.2 / 0.75, 0.15 / 0.75, 0.1 / 0.75}, 0.75);
}

static void unnormalized_sum(void **state)
{
    (void)state;
    /* 2 2 0 0 (a sum of 4, as an exporter in the wrong units writes): 0.5 0.5. */
    expect_kept("weights summing to 4", 4, (const uint16_t[]){1, 2, 3, 4}, (const float[]){2, 2, 0, 0},
                (const int[]){1, 2, 0, 0}, (const double[]){0.5, 0.5, 0, 0}, 4.0);
}

static void fewer_than_four(void **state)
{
    (void)state;
    /* Two influences 0.25 (j6), 0.75 (j2): two slots of joint 0 weight 0 after them. */
    expect_kept("two influences", 2, (const uint16_t[]){6, 2}, (const float[]){0.25f, 0.75f}, (const int[]){2, 6, 0, 0},
                (const double[]){0.75, 0.25, 0, 0}, 1.0);
}

static void zero_weights_get_joint_zero(void **state)
{
    (void)state;
    /* 0 0.5 0 0.5 on joints 7 3 9 4: the zeros are not influences; their slots get joint 0. */
    expect_kept("zeros among the weights", 4, (const uint16_t[]){7, 3, 9, 4}, (const float[]){0, 0.5f, 0, 0.5f},
                (const int[]){3, 4, 0, 0}, (const double[]){0.5, 0.5, 0, 0}, 1.0);
}

static void all_zero(void **state)
{
    (void)state;
    expect_kept("all weights 0", 4, (const uint16_t[]){5, 6, 7, 8}, (const float[]){0, 0, 0, 0},
                (const int[]){0, 0, 0, 0}, (const double[]){0, 0, 0, 0}, 0.0);
    expect_kept("no influences at all", 0, NULL, NULL, (const int[]){0, 0, 0, 0}, (const double[]){0, 0, 0, 0}, 0.0);
}

static void ties_keep_the_earlier(void **state)
{
    (void)state;
    /* Five equal weights 0.2 on joints 5 6 7 8 9: the first four, in input order, 0.25 each. */
    expect_kept("five equal weights", 5, (const uint16_t[]){5, 6, 7, 8, 9},
                (const float[]){0.2f, 0.2f, 0.2f, 0.2f, 0.2f}, (const int[]){5, 6, 7, 8},
                (const double[]){0.25, 0.25, 0.25, 0.25}, 0.8);
    /* 0.1 0.3 0.1 0.3 0.1 0.1 on joints 1..6: 0.3 (j2), 0.3 (j4), then the
     * first two of the 0.1s (j1, j3); sum 0.8. */
    expect_kept("a tie at the fourth place", 6, (const uint16_t[]){1, 2, 3, 4, 5, 6},
                (const float[]){0.1f, 0.3f, 0.1f, 0.3f, 0.1f, 0.1f}, (const int[]){2, 4, 1, 3},
                (const double[]){0.375, 0.375, 0.125, 0.125}, 0.8);
}

static void a_large_weight_last(void **state)
{
    (void)state;
    /* 0.1 0.1 0.1 0.1 0.6 on joints 1..5: the last one is the largest. */
    expect_kept("the largest comes last", 5, (const uint16_t[]){1, 2, 3, 4, 5},
                (const float[]){0.1f, 0.1f, 0.1f, 0.1f, 0.6f}, (const int[]){5, 1, 2, 3},
                (const double[]){0.6 / 0.9, 0.1 / 0.9, 0.1 / 0.9, 0.1 / 0.9}, 0.9);
}

static void ties_go_by_input_order_not_joint_index(void **state)
{
    (void)state;
    /* 0.2 0.3 0.2 0.1 0.2 on joints 7 4 9 2 5: 0.3 (j4), then the three 0.2s
     * in input order, j7 j9 j5 (neither by rising joint index, 5 7 9, nor by
     * falling, 9 7 5); sum 0.9: 1/3, then 2/9 three times. */
    expect_kept("ties among joints 7 9 5", 5, (const uint16_t[]){7, 4, 9, 2, 5},
                (const float[]){0.2f, 0.3f, 0.2f, 0.1f, 0.2f}, (const int[]){4, 7, 9, 5},
                (const double[]){0.3 / 0.9, 0.2 / 0.9, 0.2 / 0.9, 0.2 / 0.9}, 0.9);
    /* Five equal weights 0.2 on joints 8 3 6 1 4: the first four in input
     * order are kept (j4, the last, is dropped), in that order; by rising
     * joint index 1 3 4 6 would be kept, by falling 8 6 4 3. */
    expect_kept("five equal weights on joints 8 3 6 1 4", 5, (const uint16_t[]){8, 3, 6, 1, 4},
                (const float[]){0.2f, 0.2f, 0.2f, 0.2f, 0.2f}, (const int[]){8, 3, 6, 1},
                (const double[]){0.25, 0.25, 0.25, 0.25}, 0.8);
}

static void twelve_influences(void **state)
{
    (void)state;
    /* Three sets of four (JOINTS_0 to JOINTS_2) on joints 20..31; the
     * largest, 0.2, is the very last. The four largest: 0.2 (j31),
     * 0.15 (j29), 0.11 (j30), 0.1 (j21); sum 0.56. */
    const uint16_t joints[12] = {20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
    const float weights[12] = {0.05f, 0.1f, 0.02f, 0.03f, 0.04f, 0.06f, 0.07f, 0.08f, 0.09f, 0.15f, 0.11f, 0.2f};
    expect_kept("twelve influences", 12, joints, weights, (const int[]){31, 29, 30, 21},
                (const double[]){0.2 / 0.56, 0.15 / 0.56, 0.11 / 0.56, 0.1 / 0.56}, 0.56);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex06.2", four_already_normalized),
        SA_EXERCISE_CASE("ex06.2", the_largest_are_not_the_first_four),
        SA_EXERCISE_CASE("ex06.2", unnormalized_sum),
        SA_EXERCISE_CASE("ex06.2", fewer_than_four),
        SA_EXERCISE_CASE("ex06.2", zero_weights_get_joint_zero),
        SA_EXERCISE_CASE("ex06.2", all_zero),
        SA_EXERCISE_CASE("ex06.2", ties_keep_the_earlier),
        SA_EXERCISE_CASE("ex06.2", a_large_weight_last),
        SA_EXERCISE_CASE("ex06.2", ties_go_by_input_order_not_joint_index),
        SA_EXERCISE_CASE("ex06.2", twelve_influences),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
