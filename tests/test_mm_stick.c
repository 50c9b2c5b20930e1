/* test_stick.c: chapter 14's stick (stick.h), the keys and a gamepad's axes
 * to the controller's stick, without a window.
 *
 * The expected sticks are worked by hand from the contract: forward is
 * away from the camera, (-sin yaw, -cos yaw) on the ground (x, z); right is
 * (cos yaw, -sin yaw); a key's stick has length 1, a diagonal's too; the
 * gamepad's radial dead zone is rescaled from its edge (0) to the rim (1);
 * run and strafe are passed on. With the simulation's speeds (spring.h),
 * run turns the same stick into the run speed. */
#include "chapters/14_motion_matching/spring.h"
#include "chapters/14_motion_matching/stick.h"
#include "test_util.h"

/* Both components of a stick, each as EXPECT_NEAR. */
#define EXPECT_V2(x, z, got, tolerance)                                                                                \
    do {                                                                                                               \
        EXPECT_NEAR(x, (got)[0], tolerance);                                                                           \
        EXPECT_NEAR(z, (got)[1], tolerance);                                                                           \
    } while (0)

static stick_state last; /* the last call's whole answer */

static void stick_of(const stick_keys *k, const float *pad, bool pad_run, float yaw, float v[2])
{
    last = stick_from_input(0.2f, k, pad, pad_run, yaw);
    v[0] = last.stick[0], v[1] = last.stick[1];
}

static void keys_ask_along_the_camera(void **state)
{
    (void)state;
    float v[2];
    stick_of(&(stick_keys){.forward = true}, NULL, false, 0.0f, v); /* the camera on +Z looks to -Z */
    EXPECT_V2(0.0, -1.0, v, 1e-6);
    stick_of(&(stick_keys){.back = true}, NULL, false, 0.0f, v);
    EXPECT_V2(0.0, 1.0, v, 1e-6);
    stick_of(&(stick_keys){.right = true}, NULL, false, 0.0f, v); /* its right is +X */
    EXPECT_V2(1.0, 0.0, v, 1e-6);
    stick_of(&(stick_keys){.left = true}, NULL, false, 0.0f, v);
    EXPECT_V2(-1.0, 0.0, v, 1e-6);
    /* yaw 90 degrees: the camera on +X looks to -X, its right is -Z */
    float yaw = (float)(GLM_PI / 2);
    stick_of(&(stick_keys){.forward = true}, NULL, false, yaw, v);
    EXPECT_V2(-1.0, 0.0, v, 1e-6);
    stick_of(&(stick_keys){.right = true}, NULL, false, yaw, v);
    EXPECT_V2(0.0, -1.0, v, 1e-6);
}

static void diagonals_are_as_fast_and_opposites_cancel(void **state)
{
    (void)state;
    float v[2], h = (float)(1 / sqrt(2.0));
    stick_of(&(stick_keys){.forward = true, .right = true}, NULL, false, 0.0f, v);
    EXPECT_V2(h, -h, v, 1e-6);
    stick_of(&(stick_keys){.back = true, .left = true}, NULL, false, 0.0f, v);
    EXPECT_V2(-h, h, v, 1e-6);
    stick_of(&(stick_keys){.forward = true, .back = true}, NULL, false, 0.0f, v);
    EXPECT_V2(0.0, 0.0, v, 1e-6);
    stick_of(&(stick_keys){.forward = true, .back = true, .left = true, .right = true}, NULL, false, 1.0f, v);
    EXPECT_V2(0.0, 0.0, v, 1e-6);
    stick_of(&(stick_keys){0}, NULL, false, 0.0f, v); /* nothing held: stand */
    EXPECT_V2(0.0, 0.0, v, 1e-6);
}

static void shift_runs_and_ctrl_strafes(void **state)
{
    (void)state;
    float v[2], velocity[2];
    stick_of(&(stick_keys){.forward = true, .run = true}, NULL, false, 0.0f, v);
    EXPECT_V2(0.0, -1.0, v, 1e-6); /* the same stick, */
    EXPECT_TRUE(last.run && !last.strafe);
    sim_params p = sim_defaults(); /* the run speed's: */
    sim_desired_velocity(&p, last.stick, last.run, velocity);
    EXPECT_V2(0.0, -p.run_speed, velocity, 1e-6);
    stick_of(&(stick_keys){.forward = true}, NULL, false, 0.0f, v);
    EXPECT_TRUE(!last.run);
    sim_desired_velocity(&p, last.stick, last.run, velocity);
    EXPECT_V2(0.0, -p.walk_speed, velocity, 1e-6);
    stick_of(&(stick_keys){.run = true}, NULL, false, 0.0f, v); /* Shift alone asks for nothing */
    EXPECT_V2(0.0, 0.0, v, 1e-6);
    stick_of(&(stick_keys){.right = true, .strafe = true}, NULL, false, 0.0f, v);
    EXPECT_V2(1.0, 0.0, v, 1e-6);
    EXPECT_TRUE(last.strafe && !last.run);
}

static void gamepad_dead_zone_rescaled(void **state)
{
    (void)state;
    float v[2];
    /* inside the dead zone (0.15 < 0.2): let go, the keys speak */
    stick_of(&(stick_keys){0}, (float[2]){0.0f, 0.15f}, false, 0.0f, v);
    EXPECT_V2(0.0, 0.0, v, 1e-6);
    stick_of(&(stick_keys){.right = true}, (float[2]){0.1f, -0.1f}, false, 0.0f, v);
    EXPECT_V2(1.0, 0.0, v, 1e-6);
    /* pushed up (y -0.6): forward, (0.6 - 0.2) / 0.8 = 0.5 of the walk */
    stick_of(&(stick_keys){0}, (float[2]){0.0f, -0.6f}, false, 0.0f, v);
    EXPECT_V2(0.0, -0.5, v, 1e-6);
    /* just past the edge: slow, not a jump to 20% */
    stick_of(&(stick_keys){0}, (float[2]){0.0f, -0.21f}, false, 0.0f, v);
    EXPECT_NEAR(-0.0125, v[1], 1e-5);
    /* (0.6, 0.8) down and right, length 1: all the way, its direction kept,
     * running with the pad's button */
    stick_of(&(stick_keys){0}, (float[2]){0.6f, 0.8f}, true, 0.0f, v);
    EXPECT_V2(0.6, 0.8, v, 1e-5);
    EXPECT_TRUE(last.run);
    /* a square pad's corner (1, -1), length 1.41: never past the rim */
    stick_of(&(stick_keys){0}, (float[2]){1.0f, -1.0f}, false, 0.0f, v);
    EXPECT_NEAR(1.0, hypot(v[0], v[1]), 1e-5);
    EXPECT_NEAR(v[0], -v[1], 1e-6);
    /* out of the dead zone the pad wins over the keys (Shift still runs) */
    stick_of(&(stick_keys){.back = true, .run = true}, (float[2]){0.0f, -1.0f}, false, 0.0f, v);
    EXPECT_V2(0.0, -1.0, v, 1e-6);
    EXPECT_TRUE(last.run);
    /* the pad's forward turns with the camera like the keys' */
    stick_of(&(stick_keys){0}, (float[2]){0.0f, -1.0f}, false, (float)(GLM_PI / 2), v);
    EXPECT_V2(-1.0, 0.0, v, 1e-6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_ask_along_the_camera),
        cmocka_unit_test(diagonals_are_as_fast_and_opposites_cancel),
        cmocka_unit_test(shift_runs_and_ctrl_strafes),
        cmocka_unit_test(gamepad_dead_zone_rescaled),
    };
    return cmocka_run_group_tests_name("ch14 stick", tests, NULL, NULL);
}
