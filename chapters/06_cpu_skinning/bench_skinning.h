/* bench_skinning.h: the pieces of bench_skinning built with other flags. */
#ifndef CH06_BENCH_SKINNING_H
#define CH06_BENCH_SKINNING_H

#include <cglm/cglm.h>
#include <stddef.h>
#include <stdint.h>

/* A skin matrix as the fast path reads it: four columns of (x, y, z, 0). */
typedef struct fast_matrix {
    _Alignas(64) float m[16];
} fast_matrix;

/* bench_skinning_fast.c (-O3 -march=native) */
const char *fast_path_name(void); /* the instructions it uses */
void fast_prepare(int joint_count, mat4 *skin_matrix, fast_matrix *out);
/* From m (fast_prepare's); skin_matrix is what skin_vertex() reads where the
 * machine has no fast path. */
void fast_skin(const fast_matrix *m, mat4 *skin_matrix, size_t n, const float (*positions)[3],
               const float (*normals)[3], const uint8_t (*joints)[4], const float (*weights)[4],
               float (*out_positions)[3], float (*out_normals)[3]);
uint32_t fast_stream_copy(size_t n, const float (*positions)[3], const float (*normals)[3], const uint8_t (*joints)[4],
                          const float (*weights)[4], float (*out_positions)[3], float (*out_normals)[3]);

#endif
