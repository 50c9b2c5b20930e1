/* Shaders saved with Windows line ends (CR LF) compile and link as their LF
 * files do, and a compile error names the same line.
 *
 * The GLSL spec counts CR, LF and CR LF each as one line end, so nothing in
 * common/shader.c turns CR LF into LF; this test holds the drivers we run on
 * (Mesa in CI, under Wine too) to that. Each case writes the CRLF twin of a
 * committed shader into a folder of the build (SA_CRLF_TWIN_DIR).
 */
#include "common/app.h"
#include "common/files.h"
#include "common/shader.h"
#include "tests/gl/gl_test_util.h"
#include "tests/test_util.h"

static app the_app;
static const char *twin_dir = SA_CRLF_TWIN_DIR; /* made by CMake */

static int open_app(void **state)
{
    (void)state;
    return gl_test_open(&the_app, "test_crlf_shaders");
}

static int close_app(void **state)
{
    (void)state;
    app_close(&the_app);
    return 0;
}

/* Writes the CRLF twin of SA_SOURCE_DIR/relative (or of an absolute path)
 * as twin_dir/name; its path goes to out. */
static void write_crlf_twin(const char *relative, const char *name, char *out, size_t out_len)
{
    char from[SA_PATH_MAX];
    if (sa_path_is_absolute(relative))
        snprintf(from, sizeof from, "%s", relative);
    else
        snprintf(from, sizeof from, "%s/%s", SA_SOURCE_DIR, relative);
    snprintf(out, out_len, "%s/%s", twin_dir, name);
    sa_test_write_crlf_twin(from, out);
}

static void program_counts(GLuint program, GLint *uniforms, GLint *attributes)
{
    glGetProgramiv(program, GL_ACTIVE_UNIFORMS, uniforms);
    glGetProgramiv(program, GL_ACTIVE_ATTRIBUTES, attributes);
}

/* Every standalone vertex + fragment pair of shaders/ (skin.vert has no
 * #version of its own: chapter 07 compiles it behind a preamble). */
static void crlf_shaders_compile_and_link_as_their_lf_twins(void **state)
{
    (void)state;
    const char *pairs[][2] = {
        {"lit.vert", "lit.frag"},
        {"debug_line.vert", "debug_line.frag"},
        {"skin_weights.vert", "skin_weights.frag"},
        {"skin_position.vert", "skin_position.frag"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        char lf_vs[SA_PATH_MAX], lf_fs[SA_PATH_MAX], crlf_vs[SA_PATH_MAX], crlf_fs[SA_PATH_MAX];
        snprintf(lf_vs, sizeof lf_vs, "shaders/%s", pairs[i][0]);
        snprintf(lf_fs, sizeof lf_fs, "shaders/%s", pairs[i][1]);
        write_crlf_twin(lf_vs, pairs[i][0], crlf_vs, sizeof crlf_vs);
        write_crlf_twin(lf_fs, pairs[i][1], crlf_fs, sizeof crlf_fs);
        shader_program lf, crlf;
        sa_error err;
        if (!shader_program_load(&lf, lf_vs, lf_fs, &err))
            fail_msg("%s", err.message);
        if (!shader_program_load(&crlf, crlf_vs, crlf_fs, &err))
            fail_msg("the CRLF twins of %s and %s: %s", pairs[i][0], pairs[i][1], err.message);
        GLint lf_uniforms, lf_attributes, crlf_uniforms, crlf_attributes;
        program_counts(lf.id, &lf_uniforms, &lf_attributes);
        program_counts(crlf.id, &crlf_uniforms, &crlf_attributes);
        if (lf_uniforms != crlf_uniforms || lf_attributes != crlf_attributes)
            fail_msg("%s + %s: %d uniforms and %d attributes, their CRLF twins %d and %d", pairs[i][0], pairs[i][1],
                     lf_uniforms, lf_attributes, crlf_uniforms, crlf_attributes);
        EXPECT_TRUE(lf_uniforms > 0 && lf_attributes > 0);
        shader_program_unload(&lf);
        shader_program_unload(&crlf);
    }
}

/* A CRLF shader broken on line 4 is reported at line 4 ("#version 330
 * core\r" is read as the version line, and one CR LF is one line). */
static void crlf_shader_error_names_the_line(void **state)
{
    (void)state;
    char lf[SA_PATH_MAX], path[SA_PATH_MAX];
    snprintf(lf, sizeof lf, "%s/broken_lf.frag", twin_dir);
    sa_test_write_text(lf, "#version 330 core\n// a comment\nout vec4 c;\nvoid main() { c = undeclared_thing; }\n");
    write_crlf_twin(lf, "broken.frag", path, sizeof path);
    sa_error err;
    GLuint shader = shader_compile_file(GL_FRAGMENT_SHADER, path, &err);
    EXPECT_INT(0, shader);
    char expected[SA_PATH_MAX + 8];
    snprintf(expected, sizeof expected, "%s:4:", path);
    EXPECT_STR_CONTAINS(err.message, expected);
    EXPECT_STR_CONTAINS(err.message, "undeclared_thing");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(crlf_shaders_compile_and_link_as_their_lf_twins),
        cmocka_unit_test(crlf_shader_error_names_the_line),
    };
    return cmocka_run_group_tests_name("crlf_shaders", tests, open_app, close_app);
}
