#include "shader.h"
#include "shader_log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Compiles one stage; on failure the error holds "file:line: message" lines. */
static bool compile_stage(GLenum stage, const char *relative_path, GLuint *out, sa_error *err)
{
    char path[SA_PATH_MAX];
    if (!sa_path_find(relative_path, path, sizeof path, err))
        return false;
    char *source;
    size_t size;
    if (!sa_file_read(path, &source, &size, err))
        return false;

    GLuint shader = glCreateShader(stage);
    const GLchar *sources[1] = {source};
    glShaderSource(shader, 1, sources, NULL);
    glCompileShader(shader);
    free(source);

    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096] = "";
        glGetShaderInfoLog(shader, sizeof log, NULL, log);
        glDeleteShader(shader);
        char formatted[sizeof err->message];
        shader_log_format(relative_path, log, formatted, sizeof formatted);
        return sa_error_set(err, "%s", formatted[0] ? formatted : "shader failed to compile (no log)");
    }
    *out = shader;
    return true;
}

static bool build(const char *vertex_path, const char *fragment_path, GLuint *out, sa_error *err)
{
    GLuint vs, fs;
    if (!compile_stage(GL_VERTEX_SHADER, vertex_path, &vs, err))
        return false;
    if (!compile_stage(GL_FRAGMENT_SHADER, fragment_path, &fs, err)) {
        glDeleteShader(vs);
        return false;
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);

    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096] = "";
        glGetProgramInfoLog(program, sizeof log, NULL, log);
        glDeleteProgram(program);
        return sa_error_set(err, "%s + %s: link failed: %s", vertex_path, fragment_path, log);
    }
    *out = program;
    return true;
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
