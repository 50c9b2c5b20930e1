/* Unit tests of common/camera.c: the orbit camera's conventions. */
#include "common/camera.h"
#include "test_util.h"

static void yaw_zero_looks_down_minus_z(void **state)
{
    (void)state;
    orbit_camera cam;
    orbit_camera_default(&cam);
    cam.yaw = 0, cam.pitch = 0, cam.distance = 3;
    vec3 eye;
    orbit_camera_eye(&cam, eye);
    EXPECT_VEC3(0, 0, 3, eye, 1e-6);
    /* The target is 3 m straight ahead: view space looks down -Z. */
    mat4 view;
    orbit_camera_view(&cam, view);
    vec3 target_view;
    glm_mat4_mulv3(view, (vec3){0, 0, 0}, 1.0f, target_view);
    EXPECT_VEC3(0, 0, -3, target_view, 1e-6);
    /* World +X appears to the right (view +X), world +Y up. */
    vec3 x_view, y_view;
    glm_mat4_mulv3(view, (vec3){1, 0, 0}, 0.0f, x_view);
    glm_mat4_mulv3(view, (vec3){0, 1, 0}, 0.0f, y_view);
    EXPECT_NEAR(1, x_view[0], 1e-6);
    EXPECT_NEAR(1, y_view[1], 1e-6);
}

static void default_eye_by_hand(void **state)
{
    (void)state;
    /* yaw 30, pitch 20, distance 3:
     * x = 3 cos20 sin30 = 1.409539, y = 3 sin20 = 1.026060, z = 3 cos20 cos30 = 2.441389 */
    orbit_camera cam;
    orbit_camera_default(&cam);
    vec3 eye;
    orbit_camera_eye(&cam, eye);
    EXPECT_VEC3(1.409539, 1.026060, 2.441389, eye, 1e-5);
}

static void pitch_is_clamped_and_zoom_stays_positive(void **state)
{
    (void)state;
    orbit_camera cam;
    orbit_camera_default(&cam);
    orbit_camera_rotate(&cam, 0, 100000);
    EXPECT_TRUE(cam.pitch < glm_rad(89.5f));
    orbit_camera_rotate(&cam, 0, -200000);
    EXPECT_TRUE(cam.pitch > -glm_rad(89.5f));
    for (int i = 0; i < 1000; i++)
        orbit_camera_zoom(&cam, 1);
    EXPECT_TRUE(cam.distance > 0);
}

static void frame_bounds_sees_the_whole_box(void **state)
{
    (void)state;
    orbit_camera cam;
    orbit_camera_default(&cam);
    vec3 lo = {-1, 0, -1}, hi = {1, 2, 1};
    orbit_camera_frame_bounds(&cam, lo, hi);
    EXPECT_NEAR(0, cam.target[0], 1e-6);
    EXPECT_NEAR(1, cam.target[1], 1e-6);
    /* Every corner lands inside the clip volume. */
    mat4 view, proj, clip_from_world;
    orbit_camera_view(&cam, view);
    orbit_camera_projection(&cam, 1.0f, proj);
    glm_mat4_mul(proj, view, clip_from_world);
    for (int i = 0; i < 8; i++) {
        vec4 p = {i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2], 1}, c;
        glm_mat4_mulv(clip_from_world, p, c);
        EXPECT_TRUE(c[3] > 0);
        EXPECT_TRUE(fabsf(c[0] / c[3]) <= 1 && fabsf(c[1] / c[3]) <= 1 && fabsf(c[2] / c[3]) <= 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(yaw_zero_looks_down_minus_z),
        cmocka_unit_test(default_eye_by_hand),
        cmocka_unit_test(pitch_is_clamped_and_zoom_stays_positive),
        cmocka_unit_test(frame_bounds_sees_the_whole_box),
    };
    return cmocka_run_group_tests_name("camera", tests, NULL, NULL);
}
