/* bench_skinning.h: the pieces of the benchmarks built apart, used by
 * bench_skinning (this chapter) and bench_crowd (chapter 09):
 *   bench_skinning_fast.c  the fast skinning path and the memory ceiling,
 *                          built with -O3 -march=native;
 *   bench_machine.c        the clocks, and what the machine was doing: its
 *                          load, other programs' share of the cores, the
 *                          sizes of its caches. */
#ifndef CH06_BENCH_SKINNING_H
#define CH06_BENCH_SKINNING_H

#include "skinning.h"

#include <cglm/cglm.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* --- bench_skinning_fast.c ------------------------------------------------- */

/* A skin matrix as the fast path reads it: four columns of (x, y, z, 0). */
typedef struct fast_matrix {
    _Alignas(64) float m[16];
} fast_matrix;

const char *fast_path_name(void); /* the instructions it uses */
void fast_prepare(int joint_count, mat4 *skin_matrix, fast_matrix *out);
/* From m (fast_prepare's); skin_matrix is what skin_vertex() reads where the
 * machine has no fast path. */
void fast_skin(const fast_matrix *m, mat4 *skin_matrix, size_t n, const float (*positions)[3],
               const float (*normals)[3], const uint8_t (*joints)[4], const float (*weights)[4],
               float (*out_positions)[3], float (*out_normals)[3]);

/* A validated job by the fast path, on the job's threads when it names them,
 * as a program would run it every frame: the matrices rearranged into
 * `scratch` ([job->joint_count], 64-byte aligned, one per thread that calls
 * this at once), then every vertex. The same result on any number of threads,
 * bit for bit. A job the fast path does not take (16-bit joints, tangents)
 * goes through skinning_job_run(). */
void fast_job_run(const skinning_job *job, fast_matrix *scratch);

/* The memory ceiling of a job: every byte its vertices read (positions,
 * normals, joints, weights) loaded and every byte they write (positions and
 * normals out) stored, in 32-byte registers as the fast path uses, with no
 * maths; the positions and normals are copied to the outputs and the rest is
 * folded into the returned checksum (the XOR of every 32-bit word of joints
 * and weights), so that nothing can be left out. On the job's threads when it
 * names them. `streaming`: stores that bypass the caches (_mm256_stream_ps)
 * instead of ordinary ones; which is faster depends on where the data
 * lives. Only the job's first `vertex_count` vertices when that is less. */
uint32_t fast_stream(const skinning_job *job, size_t vertex_count, bool streaming);

/* --- bench_machine.c ------------------------------------------------------- */

/* The clocks are common/platform.h's: sa_time_thread_cpu() (this thread's
 * CPU time, which leaves out the time spent waiting for the core),
 * sa_time_monotonic() (the wall clock), sa_thread_cpu_time() (another
 * thread's CPU time). */
int bench_compare_doubles(const void *a, const void *b); /* for qsort */

/* "1.23 (1 min), 0.98 (5 min)" from getloadavg() or /proc/loadavg; "?" where
 * neither is. The benchmark's own threads count in it too. */
void bench_load_average(char *out, size_t size);

/* Other programs' share of the cores over an interval (Linux: /proc/stat,
 * less this process's own CPU time; time the hypervisor gave our cores to
 * other guests counts as taken). Figures measured while other work held the
 * cores are lower and noisier; wall-clock thread figures need free cores. */
typedef struct bench_other_work {
    bool known;
    double wall, own_cpu;
    double busy; /* every core's busy seconds (sa_time_busy_all): not idle, not waiting for a disk */
} bench_other_work;
void bench_other_work_start(bench_other_work *w);
double bench_other_work_cores(const bench_other_work *w); /* since start, in cores; -1: not known */
int bench_online_cores(void);

/* The size in bytes of the data cache of `level` (1 to 3) as the system
 * reports it (sa_cache_size: on Linux sysconf, then
 * /sys/devices/system/cpu/cpu0/cache); 0 when it
 * does not say. What one core can use may be less (a virtual machine may
 * report the whole socket's). */
size_t bench_cache_bytes(int level);

#endif
