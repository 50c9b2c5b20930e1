/* ch01_window: a lit cube turning about the world Y axis.
 *
 * Chapter 01 sets up what every later chapter uses: the window and GL 3.3
 * core context (common/app.c), shaders loaded at run time (common/shader.c),
 * a mesh uploaded from plain arrays (common/mesh.c), the orbit camera, and
 * the conventions of the book: right-handed, Y up, column vectors,
 * column-major matrices, metres, seconds. The world axes are drawn as
 * X red, Y green, Z blue.
 *
 * The cube's placement is a TRS transform (common/transform.h) turned into a
 * matrix by transform_to_mat4(), the function of exercise ex01.1.
 *
 *   ch01_window                      an interactive window
 *   ch01_window --headless --frames 3 --screenshot out.png
 */
#include "common/app.h"
#include "cube.h"
#include "common/debug_draw.h"
#include "common/lit.h"
#include "common/mesh.h"
#include "common/shader.h"
#include "common/texture.h"
#include "common/transform.h"

#include <stddef.h>
#include <stdio.h>

/* Radians per second of the cube's turn. */
#define CUBE_TURN_SPEED 0.6f

static const cli_key keys[] = {{"A", "toggle the world axes"}};
static const cli_spec spec = {
    .program = "ch01_window",
    .summary = "a lit cube turning about Y: the window, GL layer and conventions of the book",
    .keys = keys,
    .key_count = 1,
};

/* The cube's vertex is the lit shader's vertex (common/lit.h) under the
 * cube's own name; it is uploaded with lit_vertex_layout, and the compiler
 * checks that the two agree. */
LIT_VERTEX_SAME_LAYOUT(cube_vertex);

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;

    sa_error err;
    app a;
    if (!app_open(&a, &spec, &options, &err))
        return app_fail(&err);

    shader_program lit = {0};
    debug_draw lines = {0};
    gpu_mesh cube = {0};
    texture_cache textures;
    texture_cache_init(&textures);
    cube_vertex vertices[CUBE_VERTEX_COUNT];
    uint16_t indices[CUBE_INDEX_COUNT];
    cube_build(0.5f, vertices, indices);
    bool ok = lit_load(&lit, &err) && debug_draw_init(&lines, &err) &&
              gpu_mesh_upload(&cube, &lit_vertex_layout, vertices, CUBE_VERTEX_COUNT, indices, CUBE_INDEX_COUNT, 2,
                              false, &err);
    bool show_axes = true;

    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested && !shader_program_reload(&lit, &err))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        if (app_key_pressed(&a, GLFW_KEY_A))
            show_axes = !show_axes;

        /* [listing frame] */
        /* The cube's model -> world transform: a turn about +Y. */
        transform cube_world;
        transform_identity(&cube_world);
        glm_quatv(cube_world.rotation, CUBE_TURN_SPEED * (float)a.time, (vec3){0.0f, 1.0f, 0.0f});
        mat4 world_from_model, clip_from_world;
        transform_to_mat4(&cube_world, world_from_model);
        app_clip_from_world(&a, clip_from_world);

        lit_begin_frame(&lit, clip_from_world);
        lit_set_model(&lit, world_from_model);
        lit_set_material(&lit, (vec4){0.80f, 0.32f, 0.06f, 1.0f}, texture_cache_white(&textures));
        gpu_mesh_draw(&cube);
        /* [/listing] */

        if (show_axes) {
            mat4 identity = GLM_MAT4_IDENTITY_INIT;
            debug_draw_axes(&lines, identity, 1.0f);
        }
        debug_draw_flush(&lines, clip_from_world, 6.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    gpu_mesh_unload(&cube);
    debug_draw_free(&lines);
    shader_program_unload(&lit);
    texture_cache_free(&textures);
    app_close(&a);
    return ok ? 0 : app_fail(&err);
}
