#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
/* The web's frame loop. A chapter's main() keeps its own loop on the web too:
 * at the end of each frame the program waits for the browser's next
 * animation frame, which lets the page draw the canvas and deliver input
 * (ASYNCIFY unwinds the C stack while it waits and rewinds it after). The
 * other way, emscripten_set_main_loop_arg, would turn every chapter's loop
 * into a callback and its locals into a struct: eleven mains rewritten for
 * one platform, where this is one function here. */
EM_ASYNC_JS(void, web_wait_for_next_frame, (int frames_done), {
    if (Module.onFrame)
        Module.onFrame(frames_done); /* the page counts frames (book/web/panel.js) */
    await new Promise(function(resolve) { requestAnimationFrame(function() { resolve(); }); });
})
#endif

int app_fail(const sa_error *err)
{
    fprintf(stderr, "error: %s\n", err->message);
    return 1;
}

int app_parse_command_line(const cli_spec *spec, int argc, char **argv, app_options *out)
{
    sa_error err;
    if (!cli_parse(spec, argc, argv, out, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 2;
    }
    if (out->help) {
        cli_print_usage(spec, stdout);
        return 0;
    }
    return -1;
}

/* --- GLFW callbacks: they only record input; app_frame_begin acts on it. --- */

/* Until app_open has a window, GLFW's errors are held and told in its one
 * error line; after that they are printed as they come. */
static bool glfw_errors_held;
static char glfw_error_held[256];

static void on_glfw_error(int code, const char *description)
{
    if (glfw_errors_held) {
        snprintf(glfw_error_held, sizeof glfw_error_held, "%s (GLFW error %d)", description, code);
        return;
    }
    fprintf(stderr, "GLFW error %d: %s\n", code, description);
}

static void on_key(GLFWwindow *window, int key, int scancode, int action, int mods)
{
    (void)scancode;
    (void)mods;
    app *a = glfwGetWindowUserPointer(window);
    if (key >= 0 && key <= GLFW_KEY_LAST && action != GLFW_RELEASE)
        a->key_pressed[key] = true;
}

static void on_scroll(GLFWwindow *window, double dx, double dy)
{
    (void)dx;
    app *a = glfwGetWindowUserPointer(window);
    a->scroll += dy;
}

#ifndef __EMSCRIPTEN__ /* WebGL 2 has no debug output: the browser's console shows GL errors */
static void GLAPIENTRY on_gl_debug(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                                   const GLchar *message, const void *user)
{
    (void)source;
    (void)id;
    (void)length;
    (void)user;
    if (severity == GL_DEBUG_SEVERITY_NOTIFICATION)
        return;
    fprintf(stderr, "GL debug (%s): %s\n", type == GL_DEBUG_TYPE_ERROR ? "error" : "note", message);
}
#endif

static void delete_render_target(app *a)
{
    if (a->target_framebuffer)
        glDeleteFramebuffers(1, &a->target_framebuffer);
    if (a->target_color)
        glDeleteTextures(1, &a->target_color);
    if (a->target_depth)
        glDeleteRenderbuffers(1, &a->target_depth);
    a->target_framebuffer = a->target_color = a->target_depth = 0;
}

static bool create_render_target(app *a, sa_error *err)
{
    glGenTextures(1, &a->target_color);
    glBindTexture(GL_TEXTURE_2D, a->target_color);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, a->width, a->height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glGenRenderbuffers(1, &a->target_depth);
    glBindRenderbuffer(GL_RENDERBUFFER, a->target_depth);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, a->width, a->height);
    glGenFramebuffers(1, &a->target_framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, a->target_framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, a->target_color, 0);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, a->target_depth);
    GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE)
        return sa_error_set(err, "the %dx%d render target is incomplete (status 0x%x)", a->width, a->height, status);
    return true;
}

bool app_open(app *a, const cli_spec *spec, const app_options *options, sa_error *err)
{
    memset(a, 0, sizeof *a);
    a->spec = spec;
    a->options = *options;
    a->width = options->width;
    a->height = options->height;
    orbit_camera_default(&a->camera);

    glfw_errors_held = true;
    snprintf(glfw_error_held, sizeof glfw_error_held, "no reason given");
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit()) {
        glfw_errors_held = false;
        return sa_error_set(err, "cannot start GLFW: %s (no display? run under xvfb-run -a)", glfw_error_held);
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE); /* required on macOS */
    glfwWindowHint(GLFW_VISIBLE, options->headless ? GLFW_FALSE : GLFW_TRUE);
    bool debug_context = getenv("SA_GL_DEBUG") != NULL;
#ifndef NDEBUG
    debug_context = true;
#endif
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, debug_context ? GLFW_TRUE : GLFW_FALSE);

    a->window = glfwCreateWindow(a->width, a->height, spec->program, NULL, NULL);
    glfw_errors_held = false;
    if (!a->window) {
        glfwTerminate();
        return sa_error_set(err, "cannot create a window with an OpenGL 3.3 core context: %s", glfw_error_held);
    }
    glfwSetWindowUserPointer(a->window, a);
    glfwSetKeyCallback(a->window, on_key);
    glfwSetScrollCallback(a->window, on_scroll);
    glfwMakeContextCurrent(a->window);
    glfwSwapInterval(options->headless ? 0 : 1);

#ifndef __EMSCRIPTEN__
    if (!gladLoadGL(glfwGetProcAddress)) {
        app_close(a);
        return sa_error_set(err, "cannot load the OpenGL functions (glad)");
    }
    if (debug_context && GLAD_GL_KHR_debug) {
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        glDebugMessageCallback(on_gl_debug, NULL);
    }
#endif
    if (!create_render_target(a, err)) {
        app_close(a);
        return false;
    }
    glEnable(GL_DEPTH_TEST);
    glEnable(GL_CULL_FACE); /* counter-clockwise triangles face the viewer, as in glTF */
    a->wall_last = glfwGetTime();
    a->time = options->fixed_time ? options->time : 0.0;
    return true;
}

bool app_key_pressed(const app *a, int key)
{
    return key >= 0 && key <= GLFW_KEY_LAST && a->key_pressed[key];
}

bool app_key_down(const app *a, int key)
{
    return key >= 0 && key <= GLFW_KEY_LAST && glfwGetKey(a->window, key) == GLFW_PRESS;
}

bool app_gamepad_stick(const app *a, float stick[2], bool *run)
{
    (void)a; /* GLFW's joysticks belong to no window */
    stick[0] = stick[1] = 0.0f;
    *run = false;
#ifdef __EMSCRIPTEN__
    if (!glfwJoystickPresent(GLFW_JOYSTICK_1))
        return false;
    int axis_count = 0, button_count = 0;
    const float *axes = glfwGetJoystickAxes(GLFW_JOYSTICK_1, &axis_count);
    const unsigned char *buttons = glfwGetJoystickButtons(GLFW_JOYSTICK_1, &button_count);
    if (!axes || axis_count < 2)
        return false;
    stick[0] = axes[0], stick[1] = axes[1];
    *run = buttons && button_count > 5 && buttons[5] == GLFW_PRESS;
    return true;
#else
    /* The first joystick that GLFW's mapping database knows as a gamepad:
     * its axes and buttons then have fixed names whatever the pad. */
    for (int j = GLFW_JOYSTICK_1; j <= GLFW_JOYSTICK_LAST; j++) {
        GLFWgamepadstate state;
        if (!glfwJoystickIsGamepad(j) || !glfwGetGamepadState(j, &state))
            continue;
        stick[0] = state.axes[GLFW_GAMEPAD_AXIS_LEFT_X];
        stick[1] = state.axes[GLFW_GAMEPAD_AXIS_LEFT_Y];
        *run = state.buttons[GLFW_GAMEPAD_BUTTON_RIGHT_BUMPER] == GLFW_PRESS;
        return true;
    }
    return false;
#endif
}

/* The keys every chapter shares (listed by cli_print_keys). */
static void handle_common_input(app *a)
{
    if (app_key_pressed(a, GLFW_KEY_ESCAPE))
        glfwSetWindowShouldClose(a->window, GLFW_TRUE);
    if (app_key_pressed(a, GLFW_KEY_H))
        cli_print_keys(a->spec, stdout);
    if (app_key_pressed(a, GLFW_KEY_SPACE))
        a->paused = !a->paused;
    /* A program whose keys steer (spec->keys_steer) has W and the arrows for its stick. */
    bool steer = a->spec->keys_steer;
    if (!steer && app_key_pressed(a, GLFW_KEY_W) && sa_gl_has(SA_GL_POLYGON_MODE))
        a->wireframe = !a->wireframe;
    a->reload_requested = app_key_pressed(a, GLFW_KEY_R);

    const float step = 20.0f; /* "pixels" of drag per arrow press */
    if (!steer && app_key_pressed(a, GLFW_KEY_LEFT))
        orbit_camera_rotate(&a->camera, -step, 0);
    if (!steer && app_key_pressed(a, GLFW_KEY_RIGHT))
        orbit_camera_rotate(&a->camera, step, 0);
    if (!steer && app_key_pressed(a, GLFW_KEY_UP))
        orbit_camera_rotate(&a->camera, 0, step);
    if (!steer && app_key_pressed(a, GLFW_KEY_DOWN))
        orbit_camera_rotate(&a->camera, 0, -step);
    if (app_key_pressed(a, GLFW_KEY_EQUAL) || app_key_pressed(a, GLFW_KEY_KP_ADD))
        orbit_camera_zoom(&a->camera, 1);
    if (app_key_pressed(a, GLFW_KEY_MINUS) || app_key_pressed(a, GLFW_KEY_KP_SUBTRACT))
        orbit_camera_zoom(&a->camera, -1);
    if (a->scroll != 0.0) {
        orbit_camera_zoom(&a->camera, (float)a->scroll);
        a->scroll = 0.0;
    }

    double x, y;
    glfwGetCursorPos(a->window, &x, &y);
    bool down = glfwGetMouseButton(a->window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
    if (down && a->dragging)
        orbit_camera_rotate(&a->camera, (float)(x - a->mouse_x), (float)(y - a->mouse_y));
    a->dragging = down;
    a->mouse_x = x;
    a->mouse_y = y;
}

bool app_frame_begin(app *a)
{
    if (a->options.frames > 0 && a->frame >= a->options.frames)
        return false;
    if (glfwWindowShouldClose(a->window))
        return false;

    glfwPollEvents(); /* the keys pressed since the previous frame (cleared in app_frame_end) */
    handle_common_input(a);

    /* A resized window gets a render target of its new size (and the camera
     * its new aspect ratio). Minimised windows report 0 x 0: keep the old one. */
    int window_w, window_h;
    glfwGetFramebufferSize(a->window, &window_w, &window_h);
    if (!a->options.headless && window_w > 0 && window_h > 0 && (window_w != a->width || window_h != a->height)) {
        int old_w = a->width, old_h = a->height;
        delete_render_target(a);
        a->width = window_w, a->height = window_h;
        sa_error err;
        if (!create_render_target(a, &err)) {
            fprintf(stderr, "error: %s (keeping %dx%d)\n", err.message, old_w, old_h);
            delete_render_target(a);
            a->width = old_w, a->height = old_h;
            create_render_target(a, &err);
        }
    }

    /* [listing animation_clock] */
    /* The animation clock: fixed by --time, otherwise wall time that stops
     * while paused. dt is clamped so that a breakpoint does not jump the clip. */
    double now = glfwGetTime();
    double wall_dt = now - a->wall_last;
    a->wall_last = now;
    if (a->options.fixed_time) {
        a->time = a->options.time;
        a->dt = 0.0;
    } else {
        a->dt = a->paused ? 0.0 : (wall_dt < 0.1 ? wall_dt : 0.1);
        a->time += a->dt;
    }
    /* [/listing] */

    glBindFramebuffer(GL_FRAMEBUFFER, a->target_framebuffer);
    glViewport(0, 0, a->width, a->height);
    glClearColor(APP_CLEAR_R / 255.0f, APP_CLEAR_G / 255.0f, APP_CLEAR_B / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (sa_gl_has(SA_GL_POLYGON_MODE))
        glPolygonMode(GL_FRONT_AND_BACK, a->wireframe ? GL_LINE : GL_FILL);
    else
        a->wireframe = false; /* WebGL 2: no wireframe (chapter 04 turns it on) */
    return true;
}

bool app_read_frame(const app *a, image_rgba8 *out, sa_error *err)
{
    size_t row = (size_t)a->width * 4;
    out->width = a->width;
    out->height = a->height;
    out->pixels = malloc(row * (size_t)a->height);
    unsigned char *flipped = malloc(row);
    if (!out->pixels || !flipped) {
        free(out->pixels);
        free(flipped);
        out->pixels = NULL;
        return sa_error_set(err, "out of memory reading back a %dx%d frame", a->width, a->height);
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, a->target_framebuffer);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, a->width, a->height, GL_RGBA, GL_UNSIGNED_BYTE, out->pixels);
    /* GL's rows go bottom to top; images go top to bottom. */
    for (int y = 0; y < a->height / 2; y++) {
        unsigned char *top = out->pixels + (size_t)y * row;
        unsigned char *bottom = out->pixels + (size_t)(a->height - 1 - y) * row;
        memcpy(flipped, top, row);
        memcpy(top, bottom, row);
        memcpy(bottom, flipped, row);
    }
    free(flipped);
    return true;
}

bool app_frame_end(app *a, sa_error *err)
{
    if (sa_gl_has(SA_GL_POLYGON_MODE))
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    a->frame++;
    bool last = a->options.frames > 0 && a->frame == a->options.frames;
    if (last && a->options.screenshot) {
        image_rgba8 img;
        if (!app_read_frame(a, &img, err))
            return false;
        bool ok = image_write_png(a->options.screenshot, &img, err);
        free(img.pixels);
        if (!ok)
            return false;
    }

    int window_w, window_h;
    glfwGetFramebufferSize(a->window, &window_w, &window_h);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, a->target_framebuffer);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, a->width, a->height, 0, 0, window_w, window_h, GL_COLOR_BUFFER_BIT, GL_LINEAR);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    /* The frame has read its keys: clear them before the next frame's come.
     * Here and not in app_frame_begin: on the web the browser delivers keys
     * while the program waits for the next animation frame (below), before
     * app_frame_begin, whose glfwPollEvents delivers nothing there; a clear
     * there dropped every key on the web. Natively the keys come in
     * glfwPollEvents, after this either way. */
    memset(a->key_pressed, 0, sizeof a->key_pressed);
    glfwSwapBuffers(a->window);
#ifdef __EMSCRIPTEN__
    web_wait_for_next_frame(a->frame);
#endif
    return true;
}

void app_clip_from_world(const app *a, mat4 clip_from_world)
{
    mat4 view_from_world, clip_from_view;
    orbit_camera_view(&a->camera, view_from_world);
    orbit_camera_projection(&a->camera, (float)a->width / (float)a->height, clip_from_view);
    glm_mat4_mul(clip_from_view, view_from_world, clip_from_world);
}

void app_close(app *a)
{
    if (a->window) {
        delete_render_target(a);
        glfwDestroyWindow(a->window);
        a->window = NULL;
        glfwTerminate();
    }
}
