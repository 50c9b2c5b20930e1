/* Grading tests for exercise ex12.2: soa_quat_nlerp() does four normalized
 * lerps at once, lane by lane:
 *
 *     b' = -b where dot(a, b) < 0, else b
 *     out = normalize(a + t (b' - a))
 *
 * dot and normalize over the four components (x y z w) of one lane, never
 * across lanes; t per lane; out may be a or b. The contract gives out's
 * sign too (b is the one negated, so out stays on a's side), so the results
 * are compared component by component, not up to the sign. Every expected
 * value is worked out by hand beside it. */
#include "tests/test_util.h"
#include "chapters/12_data_oriented/soa_pose.h"

#define S45 0.70710678f   /* sin 45 degrees = cos 45 degrees = 1 / sqrt 2 */
#define S22 0.38268343f   /* sin 22.5 degrees */
#define C22 0.92387953f   /* cos 22.5 degrees */
#define R3_10 0.94868330f /* 3 / sqrt 10 */
#define R1_10 0.31622777f /* 1 / sqrt 10 */
#define R2_5 0.89442719f  /* 2 / sqrt 5 */
#define R1_5 0.44721360f  /* 1 / sqrt 5 */

static const double tol = 2e-6;

/* Four quaternions, one per lane, q[lane] = x y z w. */
typedef struct lanes {
    float q[4][4];
} lanes;

static soa_quat soa_of(const lanes *l)
{
    soa_quat s;
    s.x = float4_set(l->q[0][0], l->q[1][0], l->q[2][0], l->q[3][0]);
    s.y = float4_set(l->q[0][1], l->q[1][1], l->q[2][1], l->q[3][1]);
    s.z = float4_set(l->q[0][2], l->q[1][2], l->q[2][2], l->q[3][2]);
    s.w = float4_set(l->q[0][3], l->q[1][3], l->q[2][3], l->q[3][3]);
    return s;
}

static void lane_of(const soa_quat *s, int lane, float q[4])
{
    q[0] = float4_get(s->x, lane), q[1] = float4_get(s->y, lane);
    q[2] = float4_get(s->z, lane), q[3] = float4_get(s->w, lane);
}

/* Each lane of got against want[lane], component by component; note[lane]
 * says what that lane tests. */
static void expect_lanes(const char *what, const lanes *want, const soa_quat *got, const char *const note[4])
{
    static const char component[4] = {'x', 'y', 'z', 'w'};
    for (int lane = 0; lane < 4; lane++) {
        float g[4];
        lane_of(got, lane, g);
        const float *w = want->q[lane];
        bool same = true, negated = true;
        double length = 0;
        for (int i = 0; i < 4; i++) {
            same = same && fabs((double)g[i] - w[i]) <= tol;
            negated = negated && fabs((double)g[i] + w[i]) <= tol;
            length += (double)g[i] * g[i];
        }
        if (same)
            continue;
        int i = 0;
        while (fabs((double)g[i] - w[i]) <= tol)
            i++;
        const char *hint = "";
        if (negated)
            hint = "; that is -expected: the same rotation, the other sign, but the contract fixes the sign: b' = "
                   "-b where this lane's dot(a, b) < 0 (never -a), so out stays on a's side (dot(out, a) >= 0)";
        else if (!(fabs(sqrt(length) - 1) <= 1e-5))
            hint = "; its length is not 1: divide each lane by its own length, sqrt(x x + y y + z z + w w)";
        fail_msg("ex12.2: %s: lane %d (%s): %c: expected %.7g, got %.7g (expected %.7g %.7g %.7g %.7g, got %.7g "
                 "%.7g %.7g %.7g, length %.7g)%s",
                 what, lane, note[lane], component[i], (double)w[i], (double)g[i], (double)w[0], (double)w[1],
                 (double)w[2], (double)w[3], (double)g[0], (double)g[1], (double)g[2], (double)g[3], sqrt(length),
                 hint);
    }
}

/* Case 1, four lanes with their own t and their own sign:
 *
 * lane 0: a = identity (0 0 0 1), b = 90 degrees about z (0 0 S45 S45),
 *   t = 0.5. dot = S45 > 0: b' = b. a + 0.5 (b - a) = (0 0 S45/2 (1 + S45)/2)
 *   = (0 0 0.3535534 0.8535534), length sqrt(0.125 + 0.7285534) =
 *   sqrt(0.8535534) = 0.9238795: (0 0 0.3826834 0.9238795) = (0 0 S22 C22),
 *   45 degrees about z (half way, nlerp and slerp agree).
 * lane 1: a = identity, b = -(90 degrees about x) = (-S45 0 0 -S45), t = 0.5.
 *   dot = -S45 < 0: b' = (S45 0 0 S45), and as lane 0: (S22 0 0 C22). Without
 *   the flip: (-S45/2 0 0 (1 - S45)/2) / 0.3826834 = (-C22 0 0 S22), 135
 *   degrees the long way round.
 * lane 2: a = (0 1 0 0) (180 degrees about y), b = (0 0 1 0) (180 about z),
 *   t = 0.25. dot = 0, not negative: b' = b. (0 0.75 0.25 0), length
 *   sqrt(0.5625 + 0.0625) = sqrt(0.625) = sqrt(10) / 4: (0 3/sqrt10 1/sqrt10
 *   0) = (0 0.9486833 0.3162278 0). Flipped at dot = 0: (0 0.75 -0.25 0)
 *   normalized, z -0.3162278 (another rotation).
 * lane 3: a = (0.5 0.5 0.5 0.5), b = (-0.5 0.5 -0.5 -0.5), t = 1.
 *   dot = -0.25 + 0.25 - 0.25 - 0.25 = -0.5 < 0: b' = (0.5 -0.5 0.5 0.5),
 *   and at t = 1 out = b' (length 1).
 *
 * Across lanes: the dots sum to S45 - S45 + 0 - 0.5 = -0.5 (a sum flips
 * lane 0 too); lane 0's dot alone (> 0) flips none (lane 1 not flipped).
 * t = 0.5 reads the same both ways; lanes 2 and 3 tell a + t (b - a) from
 * b + t (a - b): (0 0.25 0.75 0) / |.| and a. */
static void case_1(soa_quat *a, soa_quat *b, float4 *t, lanes *want)
{
    const lanes la = {{{0, 0, 0, 1}, {0, 0, 0, 1}, {0, 1, 0, 0}, {0.5f, 0.5f, 0.5f, 0.5f}}};
    const lanes lb = {{{0, 0, S45, S45}, {-S45, 0, 0, -S45}, {0, 0, 1, 0}, {-0.5f, 0.5f, -0.5f, -0.5f}}};
    *a = soa_of(&la);
    *b = soa_of(&lb);
    *t = float4_set(0.5f, 0.5f, 0.25f, 1.0f);
    *want = (lanes){{{0, 0, S22, C22}, {S22, 0, 0, C22}, {0, R3_10, R1_10, 0}, {0.5f, -0.5f, 0.5f, 0.5f}}};
}
static const char *const case_1_notes[4] = {
    "dot(a, b) > 0: b as it is, t = 0.5",
    "dot(a, b) < 0: b negated, t = 0.5",
    "dot(a, b) = 0, not negative: b as it is; t = 0.25: a + t (b' - a)",
    "dot(a, b) = -0.5 < 0: b negated; t = 1: out = b'",
};

static void each_lane_has_its_own_t_and_sign(void **state)
{
    (void)state;
    soa_quat a, b, out;
    float4 t;
    lanes want;
    case_1(&a, &b, &t, &want);
    soa_quat_nlerp(&a, &b, t, &out);
    expect_lanes("four lanes, t = 0.5 0.5 0.25 1", &want, &out, case_1_notes);
}

static void the_sign_is_decided_lane_by_lane(void **state)
{
    (void)state;
    /* t = 0.5 in every lane.
     * lane 0: a = identity, b = -(90 degrees about z) = (0 0 -S45 -S45):
     *   dot = -S45 < 0, b' = (0 0 S45 S45): (0 0 S22 C22) as in case 1.
     * lane 1: a = identity, b = 90 degrees about x (S45 0 0 S45): dot = S45,
     *   b' = b: (S22 0 0 C22).
     * lane 2: a = (0 1 0 0), b = (0 -0.6 0 0.8) (unit: 0.36 + 0.64 = 1):
     *   dot = -0.6 < 0, b' = (0 0.6 0 -0.8); a + 0.5 (b' - a) = (0 0.8 0 -0.4),
     *   length sqrt(0.64 + 0.16) = sqrt(0.8) = 2 / sqrt 5: (0 2/sqrt5 0
     *   -1/sqrt5) = (0 0.8944272 0 -0.4472136).
     * lane 3: a = identity, b = 90 degrees about y (0 S45 0 S45): dot = S45,
     *   b' = b: (0 S22 0 C22).
     * Lane 0's dot is negative and the dots sum to -S45 + S45 - 0.6 + S45 =
     * 0.107 > 0. Lane 0's sign taken for all flips lanes 1 and 3 too: lane 3
     * becomes (0 -S45/2 0 (1 - S45)/2) / 0.3826834 = (0 -C22 0 S22), 135
     * degrees the long way. The sum's sign flips none: lane 0 comes out
     * (0 0 -C22 S22), lane 2 (0 0.2 0 0.4) / |.| = (0 0.4472 0 0.8944). */
    const lanes la = {{{0, 0, 0, 1}, {0, 0, 0, 1}, {0, 1, 0, 0}, {0, 0, 0, 1}}};
    const lanes lb = {{{0, 0, -S45, -S45}, {S45, 0, 0, S45}, {0, -0.6f, 0, 0.8f}, {0, S45, 0, S45}}};
    const lanes want = {{{0, 0, S22, C22}, {S22, 0, 0, C22}, {0, R2_5, 0, -R1_5}, {0, S22, 0, C22}}};
    static const char *const notes[4] = {
        "dot(a, b) < 0 in this lane only: b negated here",
        "dot(a, b) > 0 in this lane: b as it is, whatever lane 0's sign",
        "dot(a, b) = -0.6 < 0 in this lane: b negated, though the four dots sum to 0.107",
        "dot(a, b) > 0 in this lane: b as it is, whatever lane 0's sign",
    };
    soa_quat a = soa_of(&la), b = soa_of(&lb), out;
    soa_quat_nlerp(&a, &b, float4_splat(0.5f), &out);
    expect_lanes("signs - + - + (per lane, never summed across lanes)", &want, &out, notes);
}

static void the_ends_are_a_and_b_prime(void **state)
{
    (void)state;
    /* lane 0: a = 90 degrees about z (0 0 S45 S45), b = 90 degrees about x
     *   (S45 0 0 S45), t = 0: out = a (b + t (a - b) would give b).
     * lane 1: a = (0 0 S45 S45), b = (-S45 0 0 -S45), dot = -0.5 < 0, t = 1:
     *   out = b' = (S45 0 0 S45), not b (-S45 0 0 -S45: the same rotation,
     *   but the contract says b', on a's side).
     * lane 2: a = b = identity, t = 0.7: the identity (a padding lane of a
     *   pose stays the identity, never NaN).
     * lane 3: a = b = (0.5 -0.5 0.5 -0.5), t = 0.3: a (normalize of a unit
     *   quaternion changes nothing). */
    const lanes la = {{{0, 0, S45, S45}, {0, 0, S45, S45}, {0, 0, 0, 1}, {0.5f, -0.5f, 0.5f, -0.5f}}};
    const lanes lb = {{{S45, 0, 0, S45}, {-S45, 0, 0, -S45}, {0, 0, 0, 1}, {0.5f, -0.5f, 0.5f, -0.5f}}};
    const lanes want = {{{0, 0, S45, S45}, {S45, 0, 0, S45}, {0, 0, 0, 1}, {0.5f, -0.5f, 0.5f, -0.5f}}};
    static const char *const notes[4] = {
        "t = 0: out = a",
        "t = 1, dot(a, b) < 0: out = b' = -b",
        "a = b = the identity: the identity",
        "a = b: a",
    };
    soa_quat a = soa_of(&la), b = soa_of(&lb), out;
    soa_quat_nlerp(&a, &b, float4_set(0, 1, 0.7f, 0.3f), &out);
    expect_lanes("t = 0 1 0.7 0.3 at the ends", &want, &out, notes);
}

static void a_dot_of_minus_zero_is_not_negative(void **state)
{
    (void)state;
    /* t = 0.5 in every lane. A dot product of -0.0 is 0, not below 0: b as
     * it is, though -0.0's sign bit is set.
     * lane 0: a = (1 0 0 0) (180 degrees about x), b = (-0 -1 -0 -0) (180
     *   degrees about y): the products 1 (-0), 0 (-1), 0 (-0), 0 (-0) are all
     *   -0, and so is their sum. b' = b: (0.5 -0.5 0 0) / sqrt(0.5) =
     *   (S45 -S45 0 0). Negated by the dot's sign bit: b' = (0 1 0 0), and
     *   (S45 S45 0 0), another rotation.
     * lane 1: a = identity (0 0 0 1), b = (-0 -0 -1 -0) (180 degrees about
     *   z): the products -0 again; (0 0 -0.5 0.5) / sqrt(0.5) =
     *   (0 0 -S45 S45). Negated: (0 0 S45 S45).
     * lane 2: a = identity, b = -(90 degrees about z) = (0 0 -S45 -S45):
     *   dot = -S45 < 0, b' = (0 0 S45 S45): (0 0 S22 C22), as in case 1.
     * lane 3: a = b = identity: the identity. */
    const lanes la = {{{1, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 1}, {0, 0, 0, 1}}};
    const lanes lb = {{{-0.0f, -1, -0.0f, -0.0f}, {-0.0f, -0.0f, -1, -0.0f}, {0, 0, -S45, -S45}, {0, 0, 0, 1}}};
    const lanes want = {{{S45, -S45, 0, 0}, {0, 0, -S45, S45}, {0, 0, S22, C22}, {0, 0, 0, 1}}};
    static const char *const notes[4] = {
        "dot(a, b) = -0.0 (every product -0), which is 0, not below 0: b as it is",
        "dot(a, b) = -0.0 (every product -0), which is 0, not below 0: b as it is",
        "dot(a, b) < 0: b negated",
        "a = b = the identity: the identity",
    };
    soa_quat a = soa_of(&la), b = soa_of(&lb), out;
    soa_quat_nlerp(&a, &b, float4_splat(0.5f), &out);
    expect_lanes("dots of -0.0 -0.0 -0.71 1, t = 0.5", &want, &out, notes);
}

static void out_may_be_a_or_b(void **state)
{
    (void)state;
    soa_quat a, b, same;
    float4 t;
    lanes want;
    case_1(&a, &b, &t, &want);
    same = a;
    soa_quat_nlerp(&same, &b, t, &same);
    expect_lanes("out is a (every read of a before out is written)", &want, &same, case_1_notes);
    same = b;
    soa_quat_nlerp(&a, &same, t, &same);
    expect_lanes("out is b (every read of b before out is written)", &want, &same, case_1_notes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex12.2", each_lane_has_its_own_t_and_sign),
        SA_EXERCISE_CASE("ex12.2", the_sign_is_decided_lane_by_lane),
        SA_EXERCISE_CASE("ex12.2", the_ends_are_a_and_b_prime),
        SA_EXERCISE_CASE("ex12.2", a_dot_of_minus_zero_is_not_negative),
        SA_EXERCISE_CASE("ex12.2", out_may_be_a_or_b),
    };
    return cmocka_run_group_tests_name("ex12.2 soa quat nlerp", tests, NULL, NULL);
}
