/* gl.h: the one include for OpenGL (the glad loader made at configure time). */
#ifndef SA_GL_H
#define SA_GL_H
#include <glad/gl.h>
#endif
