#include "shader.h"
#include "shader_log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shaders' first line is `#version 330 core` in every file. WebGL 2
 * speaks GLSL ES 3.00, nearly the same language: it needs its own version
 * line and a default precision for floats, ints and samplers. The files stay
 * as they are; the loader puts the web's lines in place of the first, and a
 * #line keeps the driver's line numbers those of the file. */
static const char version_line[] = "#version 330 core\n";
#ifdef __EMSCRIPTEN__
static const char web_preamble[] = "#version 300 es\n"
                                   "precision highp float;\n"
                                   "precision highp int;\n"
                                   "precision highp sampler2D;\n"
                                   "precision highp usampler2D;\n"
                                   "precision highp isampler2D;\n"
                                   "#line 2\n";
#endif

/* Compiles the strings as one shader; 0 on failure, with the driver's log. */
static GLuint compile(GLenum stage, int count, const char *const *sources, char *log, size_t log_len)
{
    GLuint shader = glCreateShader(stage);
#ifdef __EMSCRIPTEN__
    /* The web's lines, then the first string past its version line, then the rest. */
    const char *list[8];
    if (count > 0 && count < 8 && strncmp(sources[0], version_line, sizeof version_line - 1) == 0) {
        list[0] = web_preamble;
        list[1] = sources[0] + sizeof version_line - 1;
        for (int i = 1; i < count; i++)
            list[i + 1] = sources[i];
        sources = list;
        count++;
    }
#else
    (void)version_line;
#endif
    glShaderSource(shader, count, sources, NULL);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok)
        return shader;
    glGetShaderInfoLog(shader, (GLsizei)log_len, NULL, log);
    glDeleteShader(shader);
    return 0;
}

GLuint shader_compile_file(GLenum stage, const char *relative_path, sa_error *err)
{
    char path[SA_PATH_MAX];
    if (!sa_path_find(relative_path, path, sizeof path, err))
        return 0;
    char *source;
    size_t size;
    if (!sa_file_read(path, &source, &size, err))
        return 0;
    char log[4096] = "";
    const char *sources[1] = {source};
    GLuint shader = compile(stage, 1, sources, log, sizeof log);
    free(source);
    if (!shader) {
        char formatted[sizeof err->message];
        shader_log_format(relative_path, log, formatted, sizeof formatted);
        sa_error_set(err, "%s", formatted[0] ? formatted : "shader failed to compile (no log)");
    }
    return shader;
}

GLuint shader_compile_sources(GLenum stage, int count, const char *const *sources, const char *names, sa_error *err)
{
    char log[4096] = "";
    GLuint shader = compile(stage, count, sources, log, sizeof log);
    if (!shader)
        sa_error_set(err, "%s: %s", names, log);
    return shader;
}

GLuint shader_link(GLuint vs, GLuint fs, const char *const *captured, int captured_count, const char *vertex_name,
                   const char *fragment_name, sa_error *err)
{
    GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    if (captured_count > 0)
        glTransformFeedbackVaryings(program, captured_count, captured, GL_INTERLEAVED_ATTRIBS);
    glLinkProgram(program);
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096] = "";
        glGetProgramInfoLog(program, sizeof log, NULL, log);
        glDeleteProgram(program);
        sa_error_set(err, "%s + %s: link failed: %s", vertex_name, fragment_name, log);
        return 0;
    }
    return program;
}

static bool build(const char *vertex_path, const char *fragment_path, GLuint *out, sa_error *err)
{
    GLuint vs = shader_compile_file(GL_VERTEX_SHADER, vertex_path, err);
    GLuint fs = vs ? shader_compile_file(GL_FRAGMENT_SHADER, fragment_path, err) : 0;
    GLuint program = fs ? shader_link(vs, fs, NULL, 0, vertex_path, fragment_path, err) : 0;
    if (vs)
        glDeleteShader(vs);
    if (fs)
        glDeleteShader(fs);
    *out = program;
    return program != 0;
}

bool shader_program_load(shader_program *p, const char *vertex_path, const char *fragment_path, sa_error *err)
{
    memset(p, 0, sizeof *p);
    snprintf(p->vertex_path, sizeof p->vertex_path, "%s", vertex_path);
    snprintf(p->fragment_path, sizeof p->fragment_path, "%s", fragment_path);
    return build(p->vertex_path, p->fragment_path, &p->id, err);
}

bool shader_program_reload(shader_program *p, sa_error *err)
{
    GLuint fresh;
    if (!build(p->vertex_path, p->fragment_path, &fresh, err))
        return false; /* keep the old program */
    glDeleteProgram(p->id);
    p->id = fresh;
    return true;
}

void shader_program_unload(shader_program *p)
{
    if (p->id)
        glDeleteProgram(p->id);
    p->id = 0;
}

void shader_set_mat4(const shader_program *p, const char *name, mat4 value)
{
    glUniformMatrix4fv(glGetUniformLocation(p->id, name), 1, GL_FALSE, (const float *)value);
}

void shader_set_mat3(const shader_program *p, const char *name, mat3 value)
{
    glUniformMatrix3fv(glGetUniformLocation(p->id, name), 1, GL_FALSE, (const float *)value);
}

void shader_set_vec3(const shader_program *p, const char *name, const float *value)
{
    glUniform3fv(glGetUniformLocation(p->id, name), 1, value);
}

void shader_set_vec4(const shader_program *p, const char *name, const float *value)
{
    glUniform4fv(glGetUniformLocation(p->id, name), 1, value);
}

void shader_set_float(const shader_program *p, const char *name, float value)
{
    glUniform1f(glGetUniformLocation(p->id, name), value);
}

void shader_set_int(const shader_program *p, const char *name, int value)
{
    glUniform1i(glGetUniformLocation(p->id, name), value);
}
