#include "camera.h"

#include <math.h>

static const float max_pitch = 89.0f * (float)GLM_PI / 180.0f;

void orbit_camera_default(orbit_camera *cam)
{
    glm_vec3_zero(cam->target);
    cam->yaw = glm_rad(30.0f);
    cam->pitch = glm_rad(20.0f);
    cam->distance = 3.0f;
    cam->fov_y = glm_rad(45.0f);
    cam->z_near = 0.05f;
    cam->z_far = 100.0f;
}

void orbit_camera_eye(const orbit_camera *cam, vec3 eye_world)
{
    /* Spherical coordinates around the target, Y up. */
    float horizontal = cam->distance * cosf(cam->pitch);
    eye_world[0] = cam->target[0] + horizontal * sinf(cam->yaw);
    eye_world[1] = cam->target[1] + cam->distance * sinf(cam->pitch);
    eye_world[2] = cam->target[2] + horizontal * cosf(cam->yaw);
}

void orbit_camera_view(const orbit_camera *cam, mat4 view_from_world)
{
    vec3 eye, target, up = {0.0f, 1.0f, 0.0f};
    orbit_camera_eye(cam, eye);
    glm_vec3_copy((float *)cam->target, target);
    glm_lookat(eye, target, up, view_from_world);
}

void orbit_camera_projection(const orbit_camera *cam, float aspect, mat4 clip_from_view)
{
    glm_perspective(cam->fov_y, aspect, cam->z_near, cam->z_far, clip_from_view);
}

void orbit_camera_rotate(orbit_camera *cam, float dx_pixels, float dy_pixels)
{
    const float radians_per_pixel = 0.01f;
    cam->yaw -= dx_pixels * radians_per_pixel;
    cam->pitch += dy_pixels * radians_per_pixel;
    cam->pitch = glm_clamp(cam->pitch, -max_pitch, max_pitch);
}

void orbit_camera_zoom(orbit_camera *cam, float wheel_steps)
{
    /* Multiplicative, so that zooming feels the same near and far. */
    cam->distance *= powf(0.9f, wheel_steps);
    cam->distance = glm_clamp(cam->distance, 0.05f, 500.0f);
}

void orbit_camera_frame_bounds(orbit_camera *cam, const vec3 bounds_min, const vec3 bounds_max)
{
    vec3 lo, hi, size;
    glm_vec3_copy((float *)bounds_min, lo);
    glm_vec3_copy((float *)bounds_max, hi);
    glm_vec3_center(lo, hi, cam->target);
    glm_vec3_sub(hi, lo, size);
    float radius = 0.5f * glm_vec3_norm(size);
    if (radius < 1e-4f)
        radius = 1.0f;
    /* The bounding sphere touches the top and bottom of the view. */
    cam->distance = radius / sinf(0.5f * cam->fov_y) * 1.1f;
    cam->z_near = cam->distance * 0.01f;
    cam->z_far = cam->distance * 10.0f + radius;
}
