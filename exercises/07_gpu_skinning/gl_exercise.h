/* gl_exercise.h: what the grading tests of the GLSL exercises (ex07.1 and
 * the GLSL half of ex07.2) share: a GL context, under a virtual display when
 * there is none, and one run of a skinning program over a few vertices made
 * by hand, read back with transform feedback. */
#ifndef SA_EXERCISES_GL_EXERCISE_H
#define SA_EXERCISES_GL_EXERCISE_H

#include "chapters/07_gpu_skinning/gpu_skin.h"
#include "tests/test_util.h"

#include <stddef.h>
#include <stdint.h>

/* Runs run(storage, its name) as two cmocka cases, the joints in the
 * uniform block and then in the texture buffer, with a GL context open
 * around them. Without a display the program first starts itself again
 * under `xvfb-run -a` (so `ctest -L ex07.1` works from any terminal). id
 * names the exercise in messages, group the cmocka group. Returns what main
 * returns. */
int gl_exercise_main(char **argv, const char *id, const char *group, void (*run)(skin_storage, const char *));

/* n vertices (a point each, joints as u8 among joint_count) through the
 * program, its palette bound: what the vertex shader wrote, in vertex order.
 * Fails the test on a GL error. */
void gl_exercise_capture(const skin_program *program, const skin_palette *palette, int n, const float (*positions)[3],
                         const float (*normals)[3], uint8_t (*joints)[4], float (*weights)[4], int joint_count,
                         float (*out_positions)[3], float (*out_normals)[3]);

#endif
