/* test_mm_inertialize.c: chapter 14's inertialization of the whole pose
 * (chapters/14_motion_matching/inertialize_pose.c over chapter 09's
 * inertial_rotation). Two joints, the hips (rotation and translation) and
 * a child. Expected values by hand: from a still source to a still target
 * the offset follows x0 (1 - 10 s^3 + 15 s^4 - 6 s^5), s = t / T (v0 = 0
 * and a0 = max(0, -20 x0 / T^2) = 0), which is x0 / 2 at s = 1/2 and
 * whose fastest rate is 15/8 x0 / T at s = 1/2. */
#include "test_util.h"

#include "chapters/14_motion_matching/inertialize_pose.h"

#define DT (1.0f / 60.0f)
#define BLEND 0.5f

static void set_pose(transform *p, float hips_angle_x, float hips_z, float child_angle_z)
{
    transform_identity(&p[0]), transform_identity(&p[1]);
    glm_quatv(p[0].rotation, hips_angle_x, (vec3){1.0f, 0.0f, 0.0f});
    glm_vec3_copy((vec3){0.0f, 0.9f, hips_z}, p[0].translation);
    glm_quatv(p[1].rotation, child_angle_z, (vec3){0.0f, 0.0f, 1.0f});
    glm_vec3_copy((vec3){0.0f, 0.4f, 0.0f}, p[1].translation);
}

/* The angle between two rotations, radians. */
static double angle_between(const float *a, const float *b)
{
    double d = fabs((double)(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]));
    return 2.0 * acos(d > 1.0 ? 1.0 : d);
}

/* The signed angle of q about the unit axis (its twist), radians. */
static double angle_about(const float *q, const float *axis)
{
    return 2.0 * atan2((double)(q[0] * axis[0] + q[1] * axis[1] + q[2] * axis[2]), (double)q[3]);
}

static void test_still_to_still(void **state)
{
    (void)state;
    transform source[2], target[2], out[2], last[2];
    set_pose(source, 0.6f, 0.2f, 0.4f);
    set_pose(target, 0.0f, 0.0f, 0.0f);
    pose_inertializer pi;
    sa_error err;
    EXPECT_TRUE(pose_inertializer_init(&pi, 2, 0, &err));
    pose_inertialize_transition(&pi, source, source, target, DT, BLEND);
    /* the switch's frame: the source, rotations and the hips' translation */
    pose_inertialize_update(&pi, 0.0f, target, out);
    for (int j = 0; j < 2; j++) {
        EXPECT_NEAR(0.0, angle_between(out[j].rotation, source[j].rotation), 1e-3);
        EXPECT_VEC3(source[j].translation[0], source[j].translation[1], source[j].translation[2], out[j].translation,
                    1e-6);
    }
    memcpy(last, out, sizeof last);
    float x_axis[3] = {1.0f, 0.0f, 0.0f}, z_axis[3] = {0.0f, 0.0f, 1.0f};
    double fastest = 15.0 / 8.0 / BLEND * DT; /* the quintic's largest step per unit of x0 */
    for (int f = 1; f <= 40; f++) {
        pose_inertialize_update(&pi, DT, target, out);
        /* no step larger than the decay's own (the motions are still) */
        EXPECT_TRUE(angle_between(out[0].rotation, last[0].rotation) <= 0.6 * fastest + 1e-4);
        EXPECT_TRUE(angle_between(out[1].rotation, last[1].rotation) <= 0.4 * fastest + 1e-4);
        EXPECT_TRUE(fabs(out[0].translation[2] - last[0].translation[2]) <= 0.2 * fastest + 1e-6);
        if (f == 1) /* and the first barely moves: x0 (1 - 10 s^3 ...), s = 1/30 */
            EXPECT_TRUE(angle_between(out[0].rotation, last[0].rotation) < 3e-3);
        if (f == 15) { /* s = 1/2: half of each offset */
            EXPECT_NEAR(0.3, angle_about(out[0].rotation, x_axis), 1e-4);
            EXPECT_NEAR(0.2, angle_about(out[1].rotation, z_axis), 1e-4);
            EXPECT_NEAR(0.1, out[0].translation[2], 1e-5);
            EXPECT_NEAR(0.9, out[0].translation[1], 1e-6);
        }
        if (f >= 30) /* past the blend time: the target exactly */
            for (int j = 0; j < 2; j++) {
                EXPECT_NEAR(0.0, angle_between(out[j].rotation, target[j].rotation), 0.0);
                EXPECT_VEC3(target[j].translation[0], target[j].translation[1], target[j].translation[2],
                            out[j].translation, 0.0);
            }
        memcpy(last, out, sizeof last);
    }
    pose_inertializer_free(&pi);
}

/* A moving target: after the blend time the output is the target's frame
 * of that time, whatever it does meanwhile; a source that was moving away
 * from the target (v0 > 0, guarded to 0) still starts where it was. */
static void test_moving_target(void **state)
{
    (void)state;
    transform source[2], previous[2], target[2], out[2], last[2];
    set_pose(previous, 0.5f, 0.15f, 0.3f);
    set_pose(source, 0.6f, 0.2f, 0.4f);
    pose_inertializer pi;
    sa_error err;
    EXPECT_TRUE(pose_inertializer_init(&pi, 2, 0, &err));
    set_pose(target, -0.2f, -0.1f, 0.1f);
    pose_inertialize_transition(&pi, previous, source, target, DT, BLEND);
    pose_inertialize_update(&pi, 0.0f, target, out);
    EXPECT_NEAR(0.0, angle_between(out[0].rotation, source[0].rotation), 1e-3);
    EXPECT_NEAR(0.2, out[0].translation[2], 1e-6);
    memcpy(last, out, sizeof last);
    for (int f = 1; f <= 40; f++) {
        /* the target turns 0.01 rad a frame about X and moves 1 cm a frame */
        set_pose(target, -0.2f + 0.01f * (float)f, -0.1f + 0.01f * (float)f, 0.1f);
        pose_inertialize_update(&pi, DT, target, out);
        /* the target's own step (0.01) plus the decay's largest (x0 <= 0.8 rad, 0.3 m) */
        EXPECT_TRUE(angle_between(out[0].rotation, last[0].rotation) <= 0.01 + 0.8 * 15.0 / 8.0 / BLEND * DT);
        EXPECT_TRUE(fabs(out[0].translation[2] - last[0].translation[2]) <= 0.01 + 0.3 * 15.0 / 8.0 / BLEND * DT);
        if (f >= 30) {
            EXPECT_NEAR(0.0, angle_between(out[0].rotation, target[0].rotation), 0.0);
            EXPECT_NEAR(target[0].translation[2], out[0].translation[2], 0.0);
        }
        memcpy(last, out, sizeof last);
    }
    pose_inertializer_free(&pi);
}

/* No blend time (--no-inertialize): the target from the switch on. */
static void test_no_blend(void **state)
{
    (void)state;
    transform source[2], target[2], out[2];
    set_pose(source, 0.6f, 0.2f, 0.4f);
    set_pose(target, 0.0f, 0.0f, 0.0f);
    pose_inertializer pi;
    sa_error err;
    EXPECT_TRUE(pose_inertializer_init(&pi, 2, 0, &err));
    pose_inertialize_transition(&pi, source, source, target, DT, 0.0f);
    pose_inertialize_update(&pi, 0.0f, target, out);
    EXPECT_NEAR(0.0, angle_between(out[0].rotation, target[0].rotation), 0.0);
    EXPECT_NEAR(0.0, out[0].translation[2], 0.0);
    pose_inertializer_free(&pi);
}

/* A rate bound (max_rate): the child's offset of 1.2 rad from rest over the
 * 0.25 s asked for would decay at 15/8 * 1.2 / 0.25 = 9 rad/s; bound to
 * 6 rad/s its blend is 15/8 * 1.2 / 6 = 0.375 s, its steps at most
 * 6 / 60 = 0.1 rad. The hips, in keep_blend, keep 0.25 s; blend_time_max
 * 0.3 s cuts the child's to 0.3 s. */
static void test_rate_bound(void **state)
{
    (void)state;
    transform source[2], target[2], out[2], last[2];
    set_pose(source, 1.2f, 0.0f, 1.2f);
    set_pose(target, 0.0f, 0.0f, 0.0f);
    bool keep[2] = {true, false};
    pose_inertializer pi;
    sa_error err;
    EXPECT_TRUE(pose_inertializer_init(&pi, 2, 0, &err));
    pi.max_rate = 6.0f, pi.blend_time_max = 0.5f, pi.keep_blend = keep;
    pose_inertialize_transition(&pi, source, source, target, DT, 0.25f);
    EXPECT_NEAR(0.25, pi.rotation[0].blend_time, 1e-6);
    EXPECT_NEAR(0.375, pi.rotation[1].blend_time, 1e-5);
    pose_inertialize_update(&pi, 0.0f, target, out);
    memcpy(last, out, sizeof last);
    for (int f = 1; f <= 23; f++) {
        pose_inertialize_update(&pi, DT, target, out);
        EXPECT_TRUE(angle_between(out[1].rotation, last[1].rotation) <= 0.1 + 1e-4);
        if (f == 15) /* 0.25 s: the hips are home, the child is not */
            EXPECT_TRUE(angle_between(out[0].rotation, target[0].rotation) < 1e-6 &&
                        angle_between(out[1].rotation, target[1].rotation) > 0.01);
        memcpy(last, out, sizeof last);
    }
    EXPECT_NEAR(0.0, angle_between(out[1].rotation, target[1].rotation), 1e-6); /* 23 frames > 0.375 s */
    pi.blend_time_max = 0.3f;
    pose_inertialize_transition(&pi, source, source, target, DT, 0.25f);
    EXPECT_NEAR(0.3, pi.rotation[1].blend_time, 1e-6);
    pose_inertializer_free(&pi);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_still_to_still),
        cmocka_unit_test(test_moving_target),
        cmocka_unit_test(test_no_blend),
        cmocka_unit_test(test_rate_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
