/* Grading tests for exercise ex11.2: fabrik_iteration() runs one FABRIK
 * iteration, forward reaching (tip on the target, toward the root) then
 * backward reaching (root back in place, toward the tip), each point put at
 * its bone's length from the point just placed. Expected points are worked
 * out by hand, or step by step in double (Python) from the task text where
 * square roots pile up; the rest are invariants: the root stays, the bone
 * lengths stay, repeated iterations reach a reachable target. */
#include "tests/test_util.h"
#include "chapters/11_ik/ik.h"

#define MARK -12345.0f

/* Runs one iteration on a copy of `points` inside an array with two marked
 * points past the end, and checks the marks and that everything is finite. */
static void run(const char *what, int count, const float (*points)[3], const float *lengths, const float target[3],
                float (*out)[3])
{
    float buffer[12][3];
    for (int k = 0; k < 12; k++)
        for (int i = 0; i < 3; i++)
            buffer[k][i] = k < count ? points[k][i] : MARK;
    fabrik_iteration(count, buffer, lengths, target);
    for (int k = count; k < count + 2; k++)
        for (int i = 0; i < 3; i++)
            if (buffer[k][i] != MARK)
                fail_msg("ex11.2: %s: positions[%d] (past the %d points of the chain) was written", what, k, count);
    for (int k = 0; k < count; k++)
        for (int i = 0; i < 3; i++) {
            if (!isfinite(buffer[k][i]))
                fail_msg("ex11.2: %s: positions[%d][%d] is %g (a zero-length direction normalized? keep the bone's "
                         "direction from before the pass)",
                         what, k, i, (double)buffer[k][i]);
            out[k][i] = buffer[k][i];
        }
}

static void expect_points(const char *what, int count, float (*got)[3], const double (*want)[3], double tol)
{
    for (int k = 0; k < count; k++)
        for (int i = 0; i < 3; i++)
            if (!(fabs(got[k][i] - want[k][i]) <= tol))
                fail_msg("ex11.2: %s: positions[%d][%d]: expected %.6g, got %.6g", what, k, i, want[k][i],
                         (double)got[k][i]);
}

static void expect_lengths(const char *what, int count, float (*got)[3], const float *lengths)
{
    for (int k = 0; k + 1 < count; k++) {
        double d = glm_vec3_distance(got[k], got[k + 1]);
        if (!(fabs(d - lengths[k]) <= 1e-5))
            fail_msg("ex11.2: %s: bone %d (positions[%d] to [%d]) is %.7g long, its length is %.7g", what, k, k, k + 1,
                     d, (double)lengths[k]);
    }
}

static void one_bone(void **state)
{
    (void)state;
    /* (0, 0, 0)-(1, 0, 0), target (0, 2, 0). Forward: the tip on (0, 2, 0);
     * the root toward where it was, (0, -1, 0) from the tip: (0, 1, 0).
     * Backward: the root back to (0, 0, 0); the tip toward where it is,
     * (0, 1, 0) from the root: (0, 1, 0). */
    const float points[2][3] = {{0, 0, 0}, {1, 0, 0}};
    float out[2][3];
    run("one bone", 2, points, (const float[]){1}, (const float[]){0, 2, 0}, out);
    expect_points("one bone", 2, out, (const double[][3]){{0, 0, 0}, {0, 1, 0}}, 1e-6);
}

static void two_bones_one_iteration(void **state)
{
    (void)state;
    /* (0, 0, 0)-(1, 0, 0)-(2, 0, 0), target (0.5, 1.5, 0). Forward: the tip
     * on the target; the middle at 1 from it toward (1, 0, 0): direction
     * (0.5, -1.5) / sqrt(2.5), (0.816228, 0.551317); the root toward (0, 0):
     * (-0.012450, -0.008409). Backward: the root back to (0, 0, 0); the
     * middle at 1 toward (0.816228, 0.551317): (0.828678, 0.559726); the tip
     * at 1 toward (0.5, 1.5): (0.498701, 1.503715). */
    const float points[3][3] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
    float out[3][3];
    run("two bones", 3, points, (const float[]){1, 1}, (const float[]){0.5f, 1.5f, 0}, out);
    expect_points("two bones, target (0.5, 1.5, 0)", 3, out,
                  (const double[][3]){{0, 0, 0}, {0.828678, 0.559726, 0}, {0.498701, 1.503715, 0}}, 1e-5);
}

static void three_bones_in_3d(void **state)
{
    (void)state;
    /* (0, 0, 0)-(0, 0.5, 0)-(0.3, 0.9, 0)-(0.3, 0.9, 0.6), lengths 0.5, 0.5,
     * 0.6, target (0.4, 0.2, 0.5); step by step in double: after the forward
     * pass the root is at (0.005392, -0.033560, 0.002504), after the backward
     * pass the points are as below. */
    const float points[4][3] = {{0, 0, 0}, {0, 0.5f, 0}, {0.3f, 0.9f, 0}, {0.3f, 0.9f, 0.6f}};
    const float lengths[3] = {0.5f, 0.5f, 0.6f};
    float out[4][3];
    run("three bones", 4, points, lengths, (const float[]){0.4f, 0.2f, 0.5f}, out);
    expect_points("three bones in 3D", 4, out,
                  (const double[][3]){{0, 0, 0},
                                      {-0.079097, 0.492336, -0.036734},
                                      {0.338057, 0.688424, 0.156998},
                                      {0.399996, 0.200031, 0.499978}},
                  1e-5);
}

/* Chains of 2 to 9 points from a fixed generator, bones of different
 * lengths, targets near and far. */
static unsigned rng = 2024u;
static float rnd(float lo, float hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng >> 8) / (float)(1u << 24);
}
static int random_chain(float (*points)[3], float *lengths)
{
    int count = 2 + (int)rnd(0, 8);
    points[0][0] = rnd(-1, 1), points[0][1] = rnd(-1, 1), points[0][2] = rnd(-1, 1);
    for (int k = 1; k < count; k++) {
        vec3 step = {rnd(-1, 1), rnd(-1, 1), rnd(-1, 1)};
        glm_vec3_normalize(step);
        lengths[k - 1] = rnd(0.1f, 0.8f);
        for (int i = 0; i < 3; i++)
            points[k][i] = points[k - 1][i] + lengths[k - 1] * step[i];
    }
    return count;
}

static void root_stays_and_lengths_are_kept(void **state)
{
    (void)state;
    for (int trial = 0; trial < 200; trial++) {
        float points[9][3], lengths[8], out[9][3];
        int count = random_chain(points, lengths);
        const float target[3] = {rnd(-3, 3), rnd(-3, 3), rnd(-3, 3)};
        char what[64];
        snprintf(what, sizeof what, "random chain %d (%d points)", trial, count);
        run(what, count, (const float(*)[3])points, lengths, target, out);
        for (int i = 0; i < 3; i++)
            if (!(fabsf(out[0][i] - points[0][i]) <= 1e-6f))
                fail_msg("ex11.2: %s: the root moved: positions[0][%d] is %g, was %g (the backward pass puts it "
                         "back where it was when the call began)",
                         what, i, (double)out[0][i], (double)points[0][i]);
        expect_lengths(what, count, out, lengths);
    }
}

static void iterations_reach_a_reachable_target(void **state)
{
    (void)state;
    /* Five bones of 0.3 along +X, the target (0.5, 0.8, 0.2) (0.96 away,
     * the reach 1.5): 100 iterations bring the tip within 1e-4. */
    float points[6][3], out[6][3];
    const float lengths[5] = {0.3f, 0.3f, 0.3f, 0.3f, 0.3f};
    for (int k = 0; k < 6; k++)
        points[k][0] = 0.3f * (float)k, points[k][1] = 0, points[k][2] = 0;
    const float target[3] = {0.5f, 0.8f, 0.2f};
    for (int it = 0; it < 100; it++) {
        run("five bones, iterated", 6, (const float(*)[3])points, lengths, target, out);
        memcpy(points, out, sizeof points);
    }
    double miss = glm_vec3_distance(points[5], (float *)target);
    if (!(miss <= 1e-4))
        fail_msg("ex11.2: five bones, 100 iterations: the tip is %g from the target (0.96 away, reach 1.5)", miss);
    expect_lengths("five bones, iterated", 6, points, lengths);
}

static void no_direction_keeps_the_old_one(void **state)
{
    (void)state;
    /* (0, 0, 0)-(0, 1, 0)-(0, 2, 0), target (0, 1, 0): the tip goes onto the
     * middle point. Forward: the middle lies on the tip just placed, so bone 1
     * keeps its direction before the pass, middle - tip = (0, -1, 0): the
     * middle goes to (0, 0, 0), onto the root, so bone 0 keeps (0, -1, 0): the
     * root goes to (0, -1, 0). Backward: the root back to (0, 0, 0), where the
     * middle is: bone 0 keeps its forward direction (0, 1, 0), the middle to
     * (0, 1, 0), where the tip is: bone 1 keeps (0, 1, 0), the tip to (0, 2, 0). */
    const float points[3][3] = {{0, 0, 0}, {0, 1, 0}, {0, 2, 0}};
    float out[3][3];
    run("a point on the one just placed", 3, points, (const float[]){1, 1}, (const float[]){0, 1, 0}, out);
    expect_points("a point on the one just placed", 3, out, (const double[][3]){{0, 0, 0}, {0, 1, 0}, {0, 2, 0}}, 1e-6);
    /* A bone of length 0 (points 1 and 2 together): (0, 0, 0)-(0, 1, 0)-(0, 1, 0)
     * -(1, 1, 0), target (1, 2, 0). Forward: the tip on (1, 2, 0); point 2 at 1
     * toward (0, 1, 0): (1, 2) + (-1, -1) / sqrt(2) = (0.292893, 1.292893);
     * point 1 at 0 from it: the same point (no direction is needed for a
     * length 0); the root at 1 toward (0, 0): direction (-0.292893,
     * -1.292893) / 1.325654, root (0.071951, 0.317606). Backward: the root to
     * (0, 0, 0); point 1 at 1 toward (0.292893, 1.292893): (0.220942, 0.975287);
     * point 2 on it; the tip at 1 toward (1, 2): direction (0.779058,
     * 1.024713) / 1.287233, tip (0.826161, 1.771346). */
    const float with_zero[4][3] = {{0, 0, 0}, {0, 1, 0}, {0, 1, 0}, {1, 1, 0}};
    const float lengths[3] = {1, 0, 1};
    float out4[4][3];
    run("a bone of length 0", 4, with_zero, lengths, (const float[]){1, 2, 0}, out4);
    expect_points("a bone of length 0", 4, out4,
                  (const double[][3]){{0, 0, 0},
                                      {0.220942, 0.975287, 0},
                                      {0.220942, 0.975287, 0},
                                      {0.826161, 1.771346, 0}},
                  1e-5);
}

/* The straight chain above cannot tell the fallback's sign: flipped in both
 * passes (far point minus near point by index, tip-ward, in the forward
 * pass too) or replaced by a fixed +Y, it still ends at (0, 2, 0). A bent
 * chain can: (0, 0, 0)-(1, 0, 0)-(1, 1, 0), target (1, 0, 0), the tip goes
 * onto the middle point. Forward: the middle lies on the tip just placed;
 * bone 1 keeps middle - tip from before the pass, (1, 0) - (1, 1) =
 * (0, -1): the middle to (1, -1); the root at 1 toward (0, 0): direction
 * (-1, 1) / sqrt(2), root (0.292893, -0.292893). Backward: the root back to
 * (0, 0, 0); the middle at 1 toward (1, -1): (0.707107, -0.707107); the tip
 * at 1 toward (1, 0): direction (0.292893, 0.707107) / 0.765367 =
 * (0.382683, 0.923880), tip (1.089790, 0.216773). The same steps in double
 * by a python3 script written from the task text give the same points. A
 * flipped fallback sends the middle to (1, 1) and the tip to (1.089790,
 * -0.216773): the other side. */
static void a_bent_chain_folds_onto_its_middle(void **state)
{
    (void)state;
    const float points[3][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
    float out[3][3];
    run("bent chain, the tip onto the middle", 3, points, (const float[]){1, 1}, (const float[]){1, 0, 0}, out);
    expect_points("bent chain (0, 0, 0)-(1, 0, 0)-(1, 1, 0), target (1, 0, 0) (the middle on the tip just placed: "
                  "bone 1 keeps middle - tip from before the pass)",
                  3, out, (const double[][3]){{0, 0, 0}, {0.707107, -0.707107, 0}, {1.089790, 0.216773, 0}}, 1e-5);
}

/* A point on the one just placed in the backward pass, where the forward
 * pass turned the bone: "before the pass" is before the backward pass, not
 * before the call. (0, 0, 0)-(0, -1, 0)-(0, -1.5, 0)-(0.5, -1.5, 0),
 * lengths 1, 0.5, 0.5, target (0, 1.5, 0). Forward: the tip on (0, 1.5, 0);
 * point 2 at 0.5 toward (0, -1.5): (0, 1); point 1 at 0.5 toward (0, -1):
 * (0, 0.5); the root at 1 toward (0, 0): (0, -0.5). Backward: the root back
 * to (0, 0, 0); point 1 at 1 toward (0, 0.5): (0, 1), where point 2 is:
 * bone 1 keeps point 2 - point 1 from the forward pass, (0, 1) - (0, 0.5),
 * +Y: point 2 to (0, 1.5), where the tip is: bone 2 keeps tip - point 2,
 * (0, 1.5) - (0, 1), +Y: the tip to (0, 2). Bone 1 as it was when the call
 * began, (0, -1.5) - (0, -1), is -Y: point 2 to (0, 0.5), the tip to (0, 1).
 * Every step is exact in float. */
static void a_point_on_its_neighbour_in_the_backward_pass(void **state)
{
    (void)state;
    const float points[4][3] = {{0, 0, 0}, {0, -1, 0}, {0, -1.5f, 0}, {0.5f, -1.5f, 0}};
    float out[4][3];
    run("folded chain, backward pass", 4, points, (const float[]){1, 0.5f, 0.5f}, (const float[]){0, 1.5f, 0}, out);
    expect_points("folded chain, target (0, 1.5, 0) (point 2 on point 1 in the backward pass: bone 1 keeps its "
                  "direction from the forward pass, not from before the call)",
                  4, out, (const double[][3]){{0, 0, 0}, {0, 1, 0}, {0, 1.5, 0}, {0, 2, 0}}, 1e-6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex11.2", one_bone),
        SA_EXERCISE_CASE("ex11.2", two_bones_one_iteration),
        SA_EXERCISE_CASE("ex11.2", three_bones_in_3d),
        SA_EXERCISE_CASE("ex11.2", root_stays_and_lengths_are_kept),
        SA_EXERCISE_CASE("ex11.2", iterations_reach_a_reachable_target),
        SA_EXERCISE_CASE("ex11.2", no_direction_keeps_the_old_one),
        SA_EXERCISE_CASE("ex11.2", a_bent_chain_folds_onto_its_middle),
        SA_EXERCISE_CASE("ex11.2", a_point_on_its_neighbour_in_the_backward_pass),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
