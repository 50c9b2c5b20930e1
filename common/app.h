/* app.h: the app shell every chapter program is built on.
 *
 * A chapter's main() reads like this:
 *
 *     app_options options;
 *     int status = app_parse_command_line(&spec, argc, argv, &options);
 *     if (status >= 0) return status;           // --help, or a bad command line
 *     app a;
 *     if (!app_open(&a, &spec, &options, &err)) return app_fail(&err);
 *     while (app_frame_begin(&a)) {
 *         ... update with a.time, draw with app_clip_from_world() ...
 *         if (!app_frame_end(&a, &err)) ...
 *     }
 *     app_close(&a);
 *
 * The scene is drawn into an off-screen framebuffer of --size pixels and then
 * copied to the window. That makes screenshots and hidden (--headless)
 * windows behave the same on every driver.
 *
 * The app shell is the only place in the codebase with global state: GLFW's.
 */
#ifndef SA_APP_H
#define SA_APP_H

#include "camera.h"
#include "cli.h"
#include "error.h"
#include "image.h"
#include "gl.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

/* The background, as sRGB bytes; the screenshot tests look for it. */
#define APP_CLEAR_R 46
#define APP_CLEAR_G 51
#define APP_CLEAR_B 61

typedef struct app {
    const cli_spec *spec;
    app_options options;
    GLFWwindow *window;
    int width, height; /* the render target (and screenshot) size */
    GLuint target_framebuffer, target_color, target_depth;

    orbit_camera camera;
    double time; /* the animation clock, seconds */
    double dt;   /* clock advance of this frame (0 when fixed or paused) */
    double wall_last;
    bool paused;
    bool wireframe;
    bool reload_requested; /* R was pressed: chapters reload their shaders */
    int frame;             /* frames finished so far */

    bool key_pressed[GLFW_KEY_LAST + 1]; /* pressed since the previous frame */
    bool dragging;
    double mouse_x, mouse_y;
    double scroll;
} app;

/* Returns -1 to go on, 0 after --help, 2 after a bad command line (message printed). */
int app_parse_command_line(const cli_spec *spec, int argc, char **argv, app_options *out);

bool app_open(app *a, const cli_spec *spec, const app_options *options, sa_error *err);
/* Polls input, advances the clock, binds and clears the render target.
 * Returns false when the program should stop (window closed, --frames done). */
bool app_frame_begin(app *a);
/* Copies the frame to the window, writes --screenshot after the last frame. */
bool app_frame_end(app *a, sa_error *err);
void app_close(app *a);

/* True once for each press of a key (GLFW_KEY_*) since the previous frame. */
bool app_key_pressed(const app *a, int key);

/* True while a key (GLFW_KEY_*) is held down: for steering (chapter 14),
 * where a press seen once is not enough. */
bool app_key_down(const app *a, int key);

/* The first connected gamepad's left stick as GLFW gives it (x to the right,
 * y DOWN, each -1 .. 1, no dead zone applied) and whether its run button
 * (the right bumper) is held. False, stick (0, 0), when no gamepad is
 * connected. On the web (emscripten's GLFW 3.2 has no gamepad API) the
 * first joystick's axes 0 and 1 and button 5 are read: where the browser
 * knows the pad, its "standard" mapping puts the left stick and the right
 * bumper there too. */
bool app_gamepad_stick(const app *a, float stick[2], bool *run);

/* clip_from_world = projection * view, for the current camera and size. */
void app_clip_from_world(const app *a, mat4 clip_from_world);

/* Reads the current render target (RGBA8, rows top to bottom). */
bool app_read_frame(const app *a, image_rgba8 *out, sa_error *err);

/* Prints "error: <message>" on stderr and returns 1, the failure exit status. */
int app_fail(const sa_error *err);

#endif
