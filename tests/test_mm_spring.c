/* test_mm_spring.c: chapter 14's springs and simulated character
 * (chapters/14_motion_matching/spring.c). Expected values: the half-life's
 * meaning by hand (the gap halves), the closed forms evaluated in Python
 * from their formulas, and the positions by integrating the velocity
 * numerically in Python (Simpson's rule, 200,000 steps), not from the code
 * under test. */
#include "test_util.h"

#include "chapters/14_motion_matching/spring.h"

static const float pi = 3.14159265358979f;

/* From rest, the gap halves in one half-life: that is what the name says. */
static void test_half_life_halves_the_gap(void **state)
{
    (void)state;
    float x = 1.0f, v = 0.0f;
    spring_step(&x, &v, 0.0f, 0.5f, 0.5f);
    EXPECT_NEAR(0.5, x, 1e-6);
    EXPECT_NEAR(-1.0517116077183348, v, 1e-5);
    /* and from another start and goal: the gap, not the value, halves */
    x = -2.0f, v = 0.0f;
    spring_step(&x, &v, 4.0f, 0.25f, 0.25f);
    EXPECT_NEAR(1.0, x, 1e-5);
    /* two half-lives do not quarter it (it is no exponential): (1 + 2u) e^(-2u) */
    x = 1.0f, v = 0.0f;
    spring_step(&x, &v, 0.0f, 0.5f, 1.0f);
    EXPECT_NEAR(0.15183202441295773, x, 1e-6);
    EXPECT_NEAR(-0.39267190234816907, v, 1e-5);
}

/* Moving at the start, toward a goal: the closed form at t. */
static void test_spring_with_velocity(void **state)
{
    (void)state;
    float x = 0.2f, v = -1.5f;
    spring_step(&x, &v, 1.0f, 0.3f, 0.25f);
    EXPECT_NEAR(0.43355196955418873, x, 1e-5);
    EXPECT_NEAR(1.6933937408343387, v, 1e-5);
    /* fifteen steps of 1/60 s land where one step of 0.25 s does (the form is exact) */
    float y = 0.2f, w = -1.5f;
    for (int i = 0; i < 15; i++)
        spring_step(&y, &w, 1.0f, 0.3f, 1.0f / 60.0f);
    EXPECT_NEAR(x, y, 1e-5);
    EXPECT_NEAR(v, w, 1e-4);
}

/* The angle goes the short way: from 2.8 to -2.9 through pi, the wrapped gap halved. */
static void test_angle_short_way(void **state)
{
    (void)state;
    float a = 2.8f, rate = 0.0f;
    spring_step_angle(&a, &rate, -2.9f, 0.4f, 0.4f);
    /* gap 2.8 - (-2.9) = 5.7, wrapped 5.7 - 2 pi = -0.58319; half of it from -2.9, wrapped */
    EXPECT_NEAR(-2.9 - 0.5 * (2.0 * 3.14159265358979 - 5.7) + 2.0 * 3.14159265358979, a, 1e-5);
    EXPECT_NEAR(3.0915927, a, 1e-5);
    EXPECT_NEAR(0.0, spring_wrap_angle(2.0f * pi), 1e-6);
    EXPECT_NEAR(pi, spring_wrap_angle(-pi), 1e-6);
    EXPECT_NEAR(-1.0, spring_wrap_angle(-1.0f + 4.0f * pi), 1e-5);
}

/* The position is the integral of the velocity's spring (Simpson in Python). */
static void test_position_spring(void **state)
{
    (void)state;
    float x = 0.0f, v = 0.0f, a = 0.0f;
    spring_step_position(&x, &v, &a, 1.4f, 0.27f, 1.0f / 3.0f);
    EXPECT_NEAR(0.1317146168186922, x, 1e-5);
    EXPECT_NEAR(0.8583966773247037, v, 1e-5);
    EXPECT_NEAR(2.2707541839790877, a, 1e-4);
    x = 0.5f, v = 1.0f, a = 2.0f;
    spring_step_position(&x, &v, &a, -0.5f, 0.27f, 0.5f);
    EXPECT_NEAR(0.7197923289053344, x, 1e-5);
    EXPECT_NEAR(-0.1799411013768658, v, 1e-5);
    EXPECT_NEAR(-1.4834643492969424, a, 1e-4);
}

/* The stick: its length times the speed, clamped to 1; its direction the heading. */
static void test_stick(void **state)
{
    (void)state;
    sim_params p = sim_defaults();
    p.walk_speed = 1.4f, p.run_speed = 3.5f;
    float out[2];
    sim_desired_velocity(&p, (float[2]){0.6f, 0.8f}, false, out);
    EXPECT_NEAR(0.84, out[0], 1e-6);
    EXPECT_NEAR(1.12, out[1], 1e-6);
    sim_desired_velocity(&p, (float[2]){3.0f, 4.0f}, true, out);
    EXPECT_NEAR(2.1, out[0], 1e-6);
    EXPECT_NEAR(2.8, out[1], 1e-6);
    EXPECT_NEAR(0.6435011087932844, sim_desired_heading(&p, (float[2]){0.6f, 0.8f}, false, 1.0f), 1e-6);
    EXPECT_NEAR(pi / 2, sim_desired_heading(&p, (float[2]){1.0f, 0.0f}, false, 0.0f), 1e-6);
    /* held: under the dead zone, and while strafing */
    EXPECT_NEAR(1.0, sim_desired_heading(&p, (float[2]){0.01f, 0.0f}, false, 1.0f), 0.0);
    EXPECT_NEAR(1.0, sim_desired_heading(&p, (float[2]){1.0f, 0.0f}, true, 1.0f), 0.0);
}

/* From rest at the origin facing +Z, the stick full right at walking
 * speed: the three horizons (positions by Simpson, headings by the closed
 * form, in Python), and stepping frame by frame lands on them. */
static void test_prediction(void **state)
{
    (void)state;
    sim_params p = sim_defaults();
    p.walk_speed = 1.4f, p.velocity_half_life = 0.27f, p.heading_half_life = 0.27f;
    sim_character c = {{0.0f, 0.0f}, {0.0f, 0.0f}, {0.0f, 0.0f}, 0.0f, 0.0f};
    float velocity[2], positions[MM_TRAJECTORY_POINTS][2], directions[MM_TRAJECTORY_POINTS][2];
    sim_desired_velocity(&p, (float[2]){1.0f, 0.0f}, false, velocity);
    float heading = sim_desired_heading(&p, (float[2]){1.0f, 0.0f}, false, 0.0f);
    sim_predict(&c, &p, velocity, heading, positions, directions);
    static const double x[3] = {0.1317146168186922, 0.5048343739803498, 0.9532521626906707};
    static const double h[3] = {0.9631188197675634, 1.4426573688012314, 1.5481600755882274};
    for (int k = 0; k < 3; k++) {
        EXPECT_NEAR(x[k], positions[k][0], 1e-5);
        EXPECT_NEAR(0.0, positions[k][1], 1e-6);
        EXPECT_NEAR(sin(h[k]), directions[k][0], 1e-5);
        EXPECT_NEAR(cos(h[k]), directions[k][1], 1e-5);
    }
    for (int f = 1; f <= 60; f++) {
        sim_step(&c, &p, velocity, heading, 1.0f / 60.0f);
        if (f % 20 == 0) {
            EXPECT_NEAR(positions[f / 20 - 1][0], c.position[0], 1e-4);
            EXPECT_NEAR(h[f / 20 - 1], c.heading, 1e-4);
        }
    }
}

/* Into a character's frame: one at (1, 2) facing +X has the world's (2, 2)
 * one metre straight ahead (+Z), and the world's +X as its forward. */
static void test_character_frame(void **state)
{
    (void)state;
    float out[2];
    sim_world_to_character((float[2]){1.0f, 2.0f}, pi / 2, (float[2]){2.0f, 2.0f}, true, out);
    EXPECT_NEAR(0.0, out[0], 1e-6);
    EXPECT_NEAR(1.0, out[1], 1e-6);
    sim_world_to_character((float[2]){1.0f, 2.0f}, pi / 2, (float[2]){1.0f, 0.0f}, false, out);
    EXPECT_NEAR(0.0, out[0], 1e-6);
    EXPECT_NEAR(1.0, out[1], 1e-6);
    /* its left (+X of a character facing +Z, Y up) is the world's -Z when it faces +X */
    sim_world_to_character((float[2]){1.0f, 2.0f}, pi / 2, (float[2]){1.0f, 1.0f}, true, out);
    EXPECT_NEAR(1.0, out[0], 1e-6);
    EXPECT_NEAR(0.0, out[1], 1e-6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_half_life_halves_the_gap),
        cmocka_unit_test(test_spring_with_velocity),
        cmocka_unit_test(test_angle_short_way),
        cmocka_unit_test(test_position_spring),
        cmocka_unit_test(test_stick),
        cmocka_unit_test(test_prediction),
        cmocka_unit_test(test_character_frame),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
