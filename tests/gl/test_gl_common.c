/* GL tests of common/: a real context (Xvfb + llvmpipe in CI). */
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "common/debug_draw.h"
#include "common/mesh.h"
#include "common/shader.h"
#include "tests/test_util.h"
#include "common/texture.h"

static app the_app;
static char dir[512]; /* the tests' shader and image files */

static int open_app(void **state)
{
    (void)state;
    if (gl_test_open(&the_app, "test_gl_common") != 0)
        return -1;
    sa_test_temp_dir("sa_gl_common_", dir, sizeof dir);
    return 0;
}

static int close_app(void **state)
{
    (void)state;
    app_close(&the_app);
    sa_test_remove_dir(dir);
    return 0;
}

static void failed_reload_keeps_the_old_program(void **state)
{
    (void)state;
    char vs[600], fs[600];
    snprintf(vs, sizeof vs, "%s/reload.vert", dir);
    snprintf(fs, sizeof fs, "%s/reload.frag", dir);
    sa_test_write_text(
        vs, "#version 330 core\nlayout(location = 0) in vec3 p;\nvoid main() { gl_Position = vec4(p, 1.0); }\n");
    sa_test_write_text(fs, "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
    shader_program p;
    sa_error err;
    if (!shader_program_load(&p, vs, fs, &err))
        fail_msg("%s", err.message);
    GLuint before = p.id;
    /* Break line 3 of the fragment shader. */
    sa_test_write_text(fs, "#version 330 core\nout vec4 c;\nvoid main() { c = undeclared_thing; }\n");
    EXPECT_TRUE(!shader_program_reload(&p, &err));
    EXPECT_INT(before, p.id);
    char expected[640];
    snprintf(expected, sizeof expected, "%s:3:", fs);
    EXPECT_STR_CONTAINS(err.message, expected);
    /* Mend it: the reload now succeeds. */
    sa_test_write_text(fs, "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(0.5); }\n");
    EXPECT_TRUE(shader_program_reload(&p, &err));
    shader_program_unload(&p);
}

static void texture_cache_decodes_once_and_keeps_srgb(void **state)
{
    (void)state;
    unsigned char pixels[2 * 2 * 4] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
    image_rgba8 img = {2, 2, pixels};
    char path[600];
    snprintf(path, sizeof path, "%s/texture_cache.png", dir);
    sa_error err;
    EXPECT_TRUE(image_write_png(path, &img, &err));
    texture_cache cache;
    texture_cache_init(&cache);
    GLuint a, b, c;
    EXPECT_TRUE(texture_cache_file(&cache, path, TEXTURE_SRGB, &a, &err));
    EXPECT_TRUE(texture_cache_file(&cache, path, TEXTURE_SRGB, &b, &err));
    EXPECT_INT(a, b);
    EXPECT_INT(1, cache.decodes);
    EXPECT_TRUE(texture_cache_file(&cache, path, TEXTURE_LINEAR, &c, &err));
    EXPECT_TRUE(c != a);
    GLint format;
    glBindTexture(GL_TEXTURE_2D, a);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
    EXPECT_INT(GL_SRGB8_ALPHA8, format);
    glBindTexture(GL_TEXTURE_2D, c);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
    EXPECT_INT(GL_RGBA8, format);
    EXPECT_TRUE(!texture_cache_file(&cache, "/nonexistent.png", TEXTURE_SRGB, &a, &err));
    EXPECT_STR_CONTAINS(err.message, "/nonexistent.png");
    texture_cache_free(&cache);
}

/* A full-viewport triangle drawn through gpu_mesh must colour the centre. */
static void mesh_upload_and_draw(void **state)
{
    (void)state;
    char vs[600], fs[600];
    snprintf(vs, sizeof vs, "%s/mesh.vert", dir);
    snprintf(fs, sizeof fs, "%s/mesh.frag", dir);
    sa_test_write_text(
        vs, "#version 330 core\nlayout(location = 0) in vec2 p;\nvoid main() { gl_Position = vec4(p, 0.0, 1.0); }\n");
    sa_test_write_text(fs, "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(0.0, 1.0, 0.0, 1.0); }\n");
    shader_program p;
    sa_error err;
    if (!shader_program_load(&p, vs, fs, &err))
        fail_msg("%s", err.message);
    float corners[3][2] = {{-1, -1}, {3, -1}, {-1, 3}};
    uint32_t indices[3] = {0, 1, 2};
    vertex_attribute attrs[] = {{ATTRIB_POSITION, 2, GL_FLOAT, false, false, 0}};
    vertex_layout layout = {attrs, 1, sizeof corners[0]};
    gpu_mesh m;
    EXPECT_TRUE(gpu_mesh_upload(&m, &layout, corners, 3, indices, 3, 4, false, &err));
    EXPECT_TRUE(!gpu_mesh_upload(&m, &layout, corners, 3, indices, 3, 3, false, &err));
    EXPECT_TRUE(gpu_mesh_upload(&m, &layout, corners, 3, indices, 3, 4, false, &err));

    EXPECT_TRUE(app_frame_begin(&the_app));
    glUseProgram(p.id);
    glDisable(GL_CULL_FACE);
    gpu_mesh_draw(&m);
    image_rgba8 frame;
    EXPECT_TRUE(app_read_frame(&the_app, &frame, &err));
    const unsigned char *centre = frame.pixels + (32 * 64 + 32) * 4;
    EXPECT_INT(0, centre[0]);
    EXPECT_INT(255, centre[1]);
    EXPECT_INT(0, centre[2]);
    free(frame.pixels);
    EXPECT_TRUE(app_frame_end(&the_app, &err));
    glEnable(GL_CULL_FACE);
    gpu_mesh_unload(&m);
    shader_program_unload(&p);
}

/* A debug line across the middle of the view is drawn in its colour. */
static void debug_line_is_drawn(void **state)
{
    (void)state;
    debug_draw d;
    sa_error err;
    if (!debug_draw_init(&d, &err))
        fail_msg("%s", err.message);
    EXPECT_TRUE(app_frame_begin(&the_app));
    mat4 identity = GLM_MAT4_IDENTITY_INIT;
    debug_draw_line(&d, (vec3){-1, 0.01f, 0}, (vec3){1, 0.01f, 0}, (vec3){1, 1, 0});
    debug_draw_flush(&d, identity, 1.0f);
    image_rgba8 frame;
    EXPECT_TRUE(app_read_frame(&the_app, &frame, &err));
    int yellow = 0;
    for (int y = 28; y < 36; y++) {
        const unsigned char *px = frame.pixels + (y * 64 + 32) * 4;
        yellow += px[0] == 255 && px[1] == 255 && px[2] == 0;
    }
    EXPECT_TRUE(yellow >= 1);
    free(frame.pixels);
    EXPECT_TRUE(app_frame_end(&the_app, &err));
    debug_draw_free(&d);
}

/* The steering input (chapter 14): no key is held in a fresh hidden window,
 * a key outside GLFW's range is never down, and a gamepad that is not there
 * (or is) answers within the contract: none gives stick (0, 0), not run. */
static void held_keys_and_the_gamepad(void **state)
{
    (void)state;
    EXPECT_TRUE(!app_key_down(&the_app, GLFW_KEY_W) && !app_key_down(&the_app, GLFW_KEY_UP));
    EXPECT_TRUE(!app_key_down(&the_app, -1) && !app_key_down(&the_app, GLFW_KEY_LAST + 1));
    float stick[2] = {7.0f, 7.0f};
    bool run = true;
    if (!app_gamepad_stick(&the_app, stick, &run)) {
        EXPECT_NEAR(0.0, stick[0], 0.0);
        EXPECT_NEAR(0.0, stick[1], 0.0);
        EXPECT_TRUE(!run);
    } else
        EXPECT_TRUE(fabsf(stick[0]) <= 1.0f && fabsf(stick[1]) <= 1.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(failed_reload_keeps_the_old_program),
        cmocka_unit_test(texture_cache_decodes_once_and_keeps_srgb),
        cmocka_unit_test(mesh_upload_and_draw),
        cmocka_unit_test(debug_line_is_drawn),
        cmocka_unit_test(held_keys_and_the_gamepad),
    };
    return cmocka_run_group_tests_name("gl_common", tests, open_app, close_app);
}
