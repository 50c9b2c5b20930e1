/* stick.h: the reader's stick (chapter 14): the keys held, or a gamepad's
 * left stick, turned into the stick the controller takes (controller.h:
 * mm_controller_step): a vector on the ground, in the world, of length 0 .. 1,
 * pointing where the reader asks to go as the camera sees it, with run and
 * strafe. No GL and no GLFW: the window reads the keys and the pad
 * (common/app.h: app_key_down, app_gamepad_stick) and hands their states
 * here, so the mapping is tested alone (tests/test_stick.c). The speeds
 * are the simulation's (spring.h: the stick's length times walk_speed, or
 * run_speed while running).
 *
 * Forward is away from the camera: an orbit camera of yaw Y (common/camera.h)
 * looks along (-sin Y, 0, -cos Y), and its right is (cos Y, 0, -sin Y). */
#ifndef CH14_STICK_H
#define CH14_STICK_H

#include <stdbool.h>

/* A gamepad's stick nearer its middle than this is let go (a worn pad rests
 * up to 0.15 off centre). */
#define STICK_DEAD_ZONE 0.2f

typedef struct stick_keys {
    bool forward, back, left, right; /* W or Up, S or Down, A or Left, D or Right */
    bool run;                        /* Shift */
    bool strafe;                     /* Ctrl: side steps, the facing held */
} stick_keys;

typedef struct stick_state {
    float stick[2]; /* world (x, z), length 0 .. 1 */
    bool run, strafe;
} stick_state;

/* From the gamepad's stick (GLFW's axes: x to the right, y DOWN; NULL: no
 * pad) when it is out of the dead zone: its direction kept, its length
 * from the dead zone's edge (0) to the rim (1), never past 1. Otherwise
 * from the keys: opposite keys cancel, and a diagonal is as long as a
 * straight line (the direction normalized). run: Shift or the pad's run
 * button; strafe: Ctrl. */
stick_state stick_from_input(float dead_zone, const stick_keys *keys, const float *pad_stick, bool pad_run,
                             float camera_yaw);

#endif
