/* shader.h: GLSL programs loaded from shaders/ at run time.
 *
 * Shaders are read from the source tree when the program starts (see files.h
 * for how they are found), never copied at configure time, so an edit shows
 * up at the next start or, with the reload key (R), at once. A failed reload
 * keeps the old program and returns the error.
 */
#ifndef SA_SHADER_H
#define SA_SHADER_H

#include "error.h"
#include "files.h"
#include "gl.h"

#include <cglm/cglm.h>

typedef struct shader_program {
    GLuint id;
    char vertex_path[SA_PATH_MAX]; /* project-relative, e.g. "shaders/lit.vert" */
    char fragment_path[SA_PATH_MAX];
} shader_program;

bool shader_program_load(shader_program *p, const char *vertex_path, const char *fragment_path, sa_error *err);
/* Rebuilds from the same files; on failure the old program stays in use. */
bool shader_program_reload(shader_program *p, sa_error *err);
void shader_program_unload(shader_program *p);

/* The steps of shader_program_load, for a program built another way
 * (chapter 07: a preamble of #defines, skin.vert and a second file of
 * functions compiled as one vertex shader; outputs captured by transform
 * feedback). Each returns 0 on failure. */

/* One stage from one file; errors are "file:line: message" lines. */
GLuint shader_compile_file(GLenum stage, const char *relative_path, sa_error *err);
/* One stage from several strings compiled as one (glShaderSource's list);
 * errors are "<names>: <the driver's log>", whose own source numbers say
 * which string a line is in. */
GLuint shader_compile_sources(GLenum stage, int count, const char *const *sources, const char *names, sa_error *err);
/* Links two compiled stages (deleting neither). `captured` (NULL when
 * captured_count is 0) names the outputs transform feedback records,
 * interleaved: they must be chosen before linking. Errors are
 * "<vertex_name> + <fragment_name>: link failed: <log>". */
GLuint shader_link(GLuint vs, GLuint fs, const char *const *captured, int captured_count, const char *vertex_name,
                   const char *fragment_name, sa_error *err);

/* Sets a uniform by name on the program (which must be in use). Names that
 * the driver optimised away are ignored, as GL does. */
void shader_set_mat4(const shader_program *p, const char *name, mat4 value);
void shader_set_mat3(const shader_program *p, const char *name, mat3 value);
void shader_set_vec3(const shader_program *p, const char *name, const float *value);
void shader_set_vec4(const shader_program *p, const char *name, const float *value);
void shader_set_float(const shader_program *p, const char *name, float value);
void shader_set_int(const shader_program *p, const char *name, int value);

#endif
