/* gl.h: the one include for OpenGL.
 *
 * Natively: the glad loader made at configure time (GL 3.3 core).
 * On the web (emscripten): its GLES 3 header, which WebGL 2 implements. The
 * few GL 3.3 names the project uses that WebGL 2 lacks are given here, so
 * that the code that uses them compiles unchanged; each is handled where it
 * is used, by asking sa_gl_has() (book/01-window.md, "On the web"):
 *   glPolygonMode      no wireframe on the web (app.c keeps it off)
 *   texture buffers    chapter 07 falls back to the uniform block
 *   program point size always on in GLES 3 (gl_PointSize just works)
 *   KHR_debug          no debug callback
 */
#ifndef SA_GL_H
#define SA_GL_H

#include <stdbool.h>

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#define GLAPIENTRY GL_APIENTRY
#define GL_FILL 0x1B02
#define GL_LINE 0x1B01
#define GL_TEXTURE_BUFFER 0x8C2A
#define GL_MAX_TEXTURE_BUFFER_SIZE 0x8C2B
#define GL_PROGRAM_POINT_SIZE 0x8642
/* Never reached on the web (sa_gl_has says no); defined so code compiles. */
static inline void glPolygonMode(GLenum face, GLenum mode)
{
    (void)face;
    (void)mode;
}
static inline void glTexBuffer(GLenum target, GLenum format, GLuint buffer)
{
    (void)target;
    (void)format;
    (void)buffer;
}
/* WebGL 2's getBufferSubData; emscripten implements it under this name. */
void glGetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, void *data);
#else
#include <glad/gl.h>
#endif

/* What the context can do that GL 3.3 core always can and WebGL 2 cannot. */
typedef enum sa_gl_feature {
    SA_GL_POLYGON_MODE,       /* glPolygonMode: wireframe */
    SA_GL_TEXTURE_BUFFER,     /* GL_TEXTURE_BUFFER, samplerBuffer */
    SA_GL_PROGRAM_POINT_SIZE, /* glEnable(GL_PROGRAM_POINT_SIZE) is needed (and allowed) */
} sa_gl_feature;

static inline bool sa_gl_has(sa_gl_feature feature)
{
    (void)feature;
#ifdef __EMSCRIPTEN__
    return false;
#else
    return true;
#endif
}

#endif
