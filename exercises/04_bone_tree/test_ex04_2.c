/* Grading tests for exercise ex04.2: joints_sort_parents_first() writes an
 * order in which every entry comes after its parent, walking the input in
 * order and placing each entry right after its unplaced ancestors (nearest
 * the root first), plus the parents renumbered in that order. The expected
 * orders below follow that walk by hand. */
#include "tests/test_util.h"
#include "chapters/04_bone_tree/skeleton.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUARD 777

static void expect_sorted(const char *what, int count, const int *parent, const int *expected_order)
{
    int order[17], parent_sorted[17];
    for (int k = 0; k < 17; k++)
        order[k] = parent_sorted[k] = GUARD;
    sa_error err = {{0}};
    if (!joints_sort_parents_first(count, parent, order, parent_sorted, &err))
        fail_msg("ex04.2 %s: returned false (%s) for a valid tree", what, err.message);
    for (int k = 0; k < count; k++)
        if (order[k] != expected_order[k])
            fail_msg("ex04.2 %s: order[%d]: expected entry %d, got %d", what, k, expected_order[k], order[k]);
    /* parent_sorted[k] is the position (in order[]) of the parent of entry order[k]. */
    for (int k = 0; k < count; k++) {
        int p = parent[order[k]], expected = -1;
        for (int m = 0; p >= 0 && m < count; m++)
            if (order[m] == p)
                expected = m;
        if (parent_sorted[k] != expected)
            fail_msg("ex04.2 %s: parent_sorted[%d]: entry %d's parent %d is placed at %d, so expected %d, got %d", what,
                     k, order[k], p, expected, expected, parent_sorted[k]);
        if (parent_sorted[k] >= k)
            fail_msg("ex04.2 %s: parent_sorted[%d] = %d: a parent must come before its child", what, k,
                     parent_sorted[k]);
    }
    if (order[count] != GUARD || parent_sorted[count] != GUARD)
        fail_msg("ex04.2 %s: order[%d] or parent_sorted[%d] was written: only %d entries may be", what, count, count,
                 count);
}

/* Already parents first: nothing moves, and the parents stay as they are. */
static void ex04_2_sorted_input_is_kept(void **state)
{
    (void)state;
    expect_sorted("already sorted", 6, (const int[]){-1, 0, 1, 0, 3, -1}, (const int[]){0, 1, 2, 3, 4, 5});
    expect_sorted("one root", 1, (const int[]){-1}, (const int[]){0});
}

/* A chain listed leaf first: 0's parent is 1, 1's is 2, 2 is the root.
 * Entry 0 is met first and brings its ancestors: 2, 1, 0. */
static void ex04_2_reversed_chain(void **state)
{
    (void)state;
    expect_sorted("reversed chain", 3, (const int[]){1, 2, -1}, (const int[]){2, 1, 0});
}

/* Children of one parent keep their input order: 0, 1, 2 are children of
 * the root 3, listed before it. Walk: entry 0 brings 3 then 0; then 1; then 2. */
static void ex04_2_siblings_keep_their_order(void **state)
{
    (void)state;
    expect_sorted("siblings before their parent", 4, (const int[]){3, 3, 3, -1}, (const int[]){3, 0, 1, 2});
}

/* A skin's joints as a file may list them (glTF allows any order):
 *   0 hand  (parent 2)   1 head (parent 3)   2 arm (parent 3)   3 spine (parent 4)
 *   4 hips  (root)       5 leg  (parent 4)   6 prop (a second root)
 * Walk: hand brings hand -> arm -> spine -> hips, placed hips, spine, arm,
 * hand; head (spine placed) next; arm, spine, hips are placed; then leg, prop.
 * order: 4, 3, 2, 0, 1, 5, 6 */
static void ex04_2_a_shuffled_skin(void **state)
{
    (void)state;
    expect_sorted("shuffled skin", 7, (const int[]){2, 3, 3, 4, -1, 4, -1}, (const int[]){4, 3, 2, 0, 1, 5, 6});
}

/* Two trees interleaved, children first: 0 (parent 3), 1 (parent 2),
 * 2 (root), 3 (parent 4), 4 (root). Walk: 0 brings 4, 3, 0; 1 brings 2, 1. */
static void ex04_2_two_trees_interleaved(void **state)
{
    (void)state;
    expect_sorted("two trees", 5, (const int[]){3, 2, -1, 4, -1}, (const int[]){4, 3, 0, 2, 1});
}

/* A larger shuffled tree: 16 entries, two roots (6 and 15, listed late). */
static void ex04_2_larger_tree(void **state)
{
    (void)state;
    const int parent[16] = {5, 9, 12, 5, 13, 12, -1, 3, 0, 3, 2, 2, 6, 6, 10, -1};
    /* By the walk: 0 -> 5 -> 12 -> 6: 6 12 5 0; 1 -> 9 -> 3 -> 5 (placed): 3 9 1;
     * 2 (parent 12 placed): 2; 3 placed; 4 -> 13 -> 6 placed: 13 4; 5, 6 placed;
     * 7 (3 placed): 7; 8 (0 placed): 8; 9 placed; 10 (2 placed): 10; 11: 11;
     * 12, 13 placed; 14 (10 placed): 14; 15 (root): 15. */
    const int expected[16] = {6, 12, 5, 0, 3, 9, 1, 2, 13, 4, 7, 8, 10, 11, 14, 15};
    expect_sorted("16 entries", 16, parent, expected);
}

/* One bad-input case, in this process: false with `words` in the message,
 * and nothing written past order[count - 1] or parent_sorted[count - 1].
 * Prints why and returns false when the function got it wrong. The arrays
 * are on the heap: a walk that writes past them for ever then ends on an
 * unmapped page with the stack intact, which every system reports as a
 * crash (a smashed stack ended the process with exit code 0 under Wine). */
static bool check_error(const char *what, int count, const int *parent, const char *words)
{
    int *order = malloc(8 * sizeof *order), *parent_sorted = malloc(8 * sizeof *parent_sorted);
    if (!order || !parent_sorted) {
        fprintf(stderr, "ex04.2 %s: out of memory\n", what);
        return false;
    }
    for (int k = 0; k < 8; k++)
        order[k] = parent_sorted[k] = GUARD;
    sa_error err = {{0}};
    bool ok = false;
    if (joints_sort_parents_first(count, parent, order, parent_sorted, &err))
        fprintf(stderr, "ex04.2 %s: returned true; expected false with a message containing \"%s\"\n", what, words);
    else if (!strstr(err.message, words))
        fprintf(stderr, "ex04.2 %s: the message \"%s\" should contain \"%s\"\n", what, err.message, words);
    else
        ok = true;
    for (int k = count; ok && k < 8; k++)
        if (order[k] != GUARD || parent_sorted[k] != GUARD) {
            fprintf(stderr, "ex04.2 %s: order[%d] or parent_sorted[%d] was written: only %d entries may be\n", what, k,
                    k, count);
            ok = false;
        }
    free(order);
    free(parent_sorted);
    return ok;
}

/* The bad-input cases. Each runs in a child process (this program started
 * again with `--case <name>`): a solution without the cycle check walks up
 * the parents for ever, writing past order[] until it crashes (or hangs),
 * and that must fail this test with a message, not end it. */
typedef struct bad_input_case {
    const char *name; /* the argument that names it: no spaces */
    const char *what; /* how messages name it */
    int count;
    int parent[4];
    const char *words; /* what the error message must contain */
} bad_input_case;

static const bad_input_case bad_inputs[] = {
    {"parent_past_the_end", "parent past the end", 3, {-1, 3, 0}, "out of range"},
    {"parent_below_minus_1", "parent below -1", 3, {-1, 0, -2}, "out of range"},
    {"its_own_parent", "its own parent", 2, {-1, 1}, "cycle"},
    {"two_in_a_loop", "two entries in a loop", 3, {-1, 2, 1}, "cycle"},
    {"chain_into_a_loop", "a chain into a loop", 4, {1, 2, 3, 2}, "cycle"},
};
enum { BAD_INPUT_COUNT = sizeof bad_inputs / sizeof bad_inputs[0] };

static const char *the_argv0;

static void expect_error(const bad_input_case *c)
{
    const char *args[] = {"--case", c->name, NULL};
    sa_process_result r = sa_test_run_self(the_argv0, args, 5);
    if (r.timed_out)
        fail_msg("ex04.2 %s: joints_sort_parents_first() did not return within 5 s: the walk up the parents goes "
                 "round the cycle for ever; stop it and return false (\"%s\")",
                 c->what, c->words);
    char how[64];
    if (r.crashed)
        fail_msg("ex04.2 %s: joints_sort_parents_first() crashed (%s): without a check, the walk up the "
                 "parents goes round the cycle and writes past order[]; stop it and return false (\"%s\")",
                 c->what, sa_test_process_end(&r, how, sizeof how), c->words);
    if (r.exited && r.exit_code == 1)
        fail_msg("ex04.2 %s: wrong result (the line above says what)", c->what);
    if (!r.exited || r.exit_code != SA_TEST_CHILD_PASSED)
        fail_msg("ex04.2 %s: joints_sort_parents_first() ended the program (%s) instead of returning false "
                 "(\"%s\")",
                 c->what, sa_test_process_end(&r, how, sizeof how), c->words);
}

/* Bad parent arrays are errors, never a hang or a read out of bounds. */
static void ex04_2_bad_input_is_an_error(void **state)
{
    (void)state;
    for (int i = 0; i < BAD_INPUT_COUNT; i++)
        expect_error(&bad_inputs[i]);
}

/* The child: `--case <name>` runs that one case here and exits with
 * SA_TEST_CHILD_PASSED when the function got it right, 1 (with the reason on
 * standard error) when not. */
static int run_one_case(const char *name)
{
    for (int i = 0; i < BAD_INPUT_COUNT; i++)
        if (strcmp(bad_inputs[i].name, name) == 0) {
            const bad_input_case *c = &bad_inputs[i];
            return check_error(c->what, c->count, c->parent, c->words) ? SA_TEST_CHILD_PASSED : 1;
        }
    fprintf(stderr, "ex04.2: no bad-input case named '%s'\n", name);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--case") == 0)
        return run_one_case(argv[2]);
    the_argv0 = argv[0];
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex04.2", ex04_2_sorted_input_is_kept),
        SA_EXERCISE_CASE("ex04.2", ex04_2_reversed_chain),
        SA_EXERCISE_CASE("ex04.2", ex04_2_siblings_keep_their_order),
        SA_EXERCISE_CASE("ex04.2", ex04_2_a_shuffled_skin),
        SA_EXERCISE_CASE("ex04.2", ex04_2_two_trees_interleaved),
        SA_EXERCISE_CASE("ex04.2", ex04_2_larger_tree),
        SA_EXERCISE_CASE("ex04.2", ex04_2_bad_input_is_an_error),
    };
    return cmocka_run_group_tests_name("ex04.2 joints_sort_parents_first", tests, NULL, NULL);
}
