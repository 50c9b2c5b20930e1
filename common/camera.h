/* camera.h: the orbit camera every chapter uses.
 *
 * The camera circles a target point. yaw turns it around the world Y axis
 * (yaw 0 looks from +Z towards -Z), pitch raises it (positive: from above),
 * distance is in metres. The view matrix takes world space to view space,
 * the projection matrix view space to clip space (OpenGL's -1..1 depth).
 */
#ifndef SA_CAMERA_H
#define SA_CAMERA_H

#include <cglm/cglm.h>

typedef struct orbit_camera {
    vec3 target;
    float yaw;      /* radians */
    float pitch;    /* radians, kept inside (-89, 89) degrees */
    float distance; /* metres */
    float fov_y;    /* vertical field of view, radians */
    float z_near, z_far;
} orbit_camera;

/* The defaults chapter programs start with (and the screenshot tests assume):
 * target (0, 0, 0), yaw 30 degrees, pitch 20 degrees, distance 3 m,
 * fov_y 45 degrees, near 0.05 m, far 100 m. */
void orbit_camera_default(orbit_camera *cam);

/* The eye position in world space. */
void orbit_camera_eye(const orbit_camera *cam, vec3 eye_world);

/* world -> view */
void orbit_camera_view(const orbit_camera *cam, mat4 view_from_world);

/* view -> clip, for a viewport of the given aspect ratio (width / height). */
void orbit_camera_projection(const orbit_camera *cam, float aspect, mat4 clip_from_view);

/* Input: rotate by a mouse drag (pixels), zoom by wheel steps. */
void orbit_camera_rotate(orbit_camera *cam, float dx_pixels, float dy_pixels);
void orbit_camera_zoom(orbit_camera *cam, float wheel_steps);

/* Places the camera so that a bounding box fills the view. */
void orbit_camera_frame_bounds(orbit_camera *cam, const vec3 bounds_min, const vec3 bounds_max);

#endif
