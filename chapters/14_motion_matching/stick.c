/* stick.c: keys or a gamepad's stick to the controller's stick (stick.h). */
#include "stick.h"

#include <math.h>

/* [listing stick_from_input] */
stick_state stick_from_input(float dead_zone, const stick_keys *keys, const float *pad_stick, bool pad_run,
                             float camera_yaw)
{
    /* the ask in the camera's terms: forward (away from it) and right */
    float forward, right;
    float pad = pad_stick ? hypotf(pad_stick[0], pad_stick[1]) : 0.0f;
    if (pad_stick && pad > dead_zone) {
        /* a radial dead zone: the length starts again from 0 at its edge,
         * so the slowest step out of it is slow, not a jump to 20% */
        float length = fminf(1.0f, (pad - dead_zone) / (1.0f - dead_zone));
        forward = -pad_stick[1] / pad * length; /* GLFW's y points down */
        right = pad_stick[0] / pad * length;
    } else {
        forward = (float)keys->forward - (float)keys->back;
        right = (float)keys->right - (float)keys->left;
        float length = hypotf(forward, right);
        if (length > 0) /* W and D together: as fast as W alone */
            forward /= length, right /= length;
    }
    float s = sinf(camera_yaw), c = cosf(camera_yaw);
    stick_state out = {{forward * -s + right * c, forward * -c + right * -s}, keys->run || pad_run, keys->strafe};
    return out;
}
/* [/listing] */
