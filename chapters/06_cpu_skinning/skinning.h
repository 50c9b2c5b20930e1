/* skinning.h: linear blend skinning on the CPU (chapter 06).
 *
 * Each vertex is bound to up to four joints of its skin, with weights that
 * sum to 1. With the skin matrices of this frame (chapter 05),
 *
 *     skin_matrix[k] = model_from_joint[joint k] * joint_from_model_bind[k]
 *
 * the vertex moves with the weighted sum of its joints' skin matrices:
 *
 *     M        = w0 * skin_matrix[j0] + w1 * skin_matrix[j1] + ... + w3 * skin_matrix[j3]
 *     position = M * (p, 1)
 *     normal   = normalize(inverse(transpose(A)) * n)    A: the upper 3x3 of M
 *     tangent  = (normalize(A * t.xyz), t.w)             w (the handedness) kept
 *
 * Two steps, in the shape of the book's runtime (a job over caller-owned
 * arrays):
 *   once, at load   skin_influences_clean(): whatever the file stores (one or
 *                   more sets of four, unnormalized, all zero) becomes four
 *                   influences per vertex, the largest, summing to 1, each
 *                   naming a joint of the skin;
 *   every frame     skinning_job_run(): the equation above for every vertex,
 *                   nothing allocated.
 * The cleaned influences are what the GPU path (chapter 07) uploads as they
 * are: joint indices as u8 (skins of up to 256 joints) or u16, weights as
 * four floats.
 *
 * Matrix arrays that are only read are still declared mat4 *, not const
 * mat4 * (see chapters/05_inverse_bind/bind.h for why).
 */
#ifndef CH06_SKINNING_H
#define CH06_SKINNING_H

#include "common/error.h"
#include "common/platform.h"

#include <cglm/cglm.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Influences kept per vertex: four, as glTF's JOINTS_0 and GL's vec4. */
#define SKIN_INFLUENCES 4

/* Exercise ex06.1 (skin_vertex.c): linear blend skinning of one vertex.
 * joints[i] indexes skin_matrix; weights sum to 1 (a zero weight is allowed
 * and adds nothing). Writes
 *     out_position = M * (position, 1)
 *     out_normal   = the unit vector along inverse(transpose(A)) * normal
 * with M = sum of weights[i] * skin_matrix[joints[i]] and A its upper 3x3.
 * A may mirror (det A < 0): the normal still points out of the surface. */
void skin_vertex(mat4 *skin_matrix, const uint16_t joints[4], const float weights[4], const float position[3],
                 const float normal[3], float out_position[3], float out_normal[3]);

/* Exercise ex06.2 (influences_keep_largest.c): the `count` influences
 * (joints[i], weights[i]) of one vertex, all weights >= 0, reduced to the
 * four largest, largest first; of equal weights, the one earlier in the
 * input comes first (and is kept when only one fits). The kept weights are
 * divided by their sum, so they sum to 1. Slots past the non-zero weights
 * (fewer than four, or zeros among the four largest) get joint 0 and weight
 * 0. Writes exactly four entries of each output. Returns the sum of the kept
 * weights before dividing; 0 when every weight is 0 (the outputs are then
 * all zero, and the caller picks a joint). */
float influences_keep_largest(int count, const uint16_t *joints, const float *weights, uint16_t out_joints[4],
                              float out_weights[4]);

/* [listing morph_skin_vertex] */
/* Exercise ex06.3 (morph_skin_vertex.c): one vertex of a mesh with morph
 * targets, morphed, then skinned. The morph comes first, in model space at
 * bind time, where the file's deltas are (glTF 2.0, 3.7.2.2):
 *     p' = position + sum over t of morph_weights[t] * position_deltas[t][vertex]
 *     n' = normal   + sum over t of morph_weights[t] * normal_deltas[t][vertex]
 * for the target_count targets; then skin_vertex(skin_matrix, joints, weights,
 * p', n', out_position, out_normal) (ex06.1), which makes the normal unit
 * length. position_deltas[t] and normal_deltas[t] are target t's arrays
 * (one delta per vertex of the primitive), NULL when target t does not move
 * that attribute. A weight may be any finite number: 0 (the target adds
 * nothing), negative, or above 1 (the spec puts no range on it). */
void morph_skin_vertex(size_t vertex, int target_count, const float *morph_weights,
                       const float (*const *position_deltas)[3], const float (*const *normal_deltas)[3],
                       mat4 *skin_matrix, const uint16_t joints[4], const float weights[4], const float position[3],
                       const float normal[3], float out_position[3], float out_normal[3]);
/* [/listing] */

/* --- the skinning input, cleaned once at load ------------------------------ */

/* One vertex's influences as the file stores them: `set_count` sets of four
 * (JOINTS_0/WEIGHTS_0, JOINTS_1/WEIGHTS_1, ...), each an array of
 * vertex_count entries. Weights are floats (the loader has turned normalized
 * integers into 0..1). */
typedef struct skin_influence_sets {
    size_t vertex_count;
    int set_count;
    const uint16_t (*const *joints)[4]; /* [set_count] arrays of vertex_count */
    const float (*const *weights)[4];   /* [set_count] arrays of vertex_count */
} skin_influence_sets;

/* Four influences per vertex, ready to skin (and to upload). */
typedef struct skin_influences {
    size_t vertex_count;
    int joint_count;             /* joints of the skin: every index is below it */
    uint8_t (*joints_u8)[4];     /* [vertex_count] when joint_count <= 256, else NULL */
    uint16_t (*joints_u16)[4];   /* [vertex_count] when joint_count > 256, else NULL */
    float (*weights)[4];         /* [vertex_count]: largest first, summing to 1 */
    size_t zero_weight_vertices; /* vertices whose weights were all zero: bound to root_joint */
    size_t reduced_vertices;     /* vertices that had more than four non-zero weights */
} skin_influences;

/* The cleaning rule for one influence: its weight, or 0 when the weight is
 * negative, not a number, or on a joint index >= joint_count. */
float skin_weight_cleaned(float weight, int joint, int joint_count);

/* Cleans `in` for a skin of joint_count joints: per vertex, each weight
 * through skin_weight_cleaned();
 * then influences_keep_largest(); a vertex whose weights are all 0 is bound
 * to root_joint with weight 1 (counted in zero_weight_vertices; the caller
 * warns). Allocates `out` (free with skin_influences_free). */
bool skin_influences_clean(const skin_influence_sets *in, int joint_count, int root_joint, skin_influences *out,
                           sa_error *err);
void skin_influences_free(skin_influences *inf);

/* --- the job, every frame ---------------------------------------------------- */

typedef struct skinning_threads skinning_threads;

/* [listing skinning_job] */
/* Inputs and caller-owned outputs of one skinning pass over vertex_count
 * vertices. Exactly one of joints_u8 / joints_u16 is set. normals must be
 * set (the loader always provides them); tangents may be NULL, and then
 * out_tangents is NULL too. Outputs never alias inputs. */
typedef struct skinning_job {
    size_t vertex_count;
    int joint_count;                 /* entries of skin_matrix */
    mat4 *skin_matrix;               /* [joint_count], this frame's */
    const uint8_t (*joints_u8)[4];   /* [vertex_count], each < joint_count */
    const uint16_t (*joints_u16)[4]; /* [vertex_count], each < joint_count */
    const float (*weights)[4];       /* [vertex_count], each vertex summing to 1 */
    const float (*positions)[3];     /* [vertex_count], model space at bind time */
    const float (*normals)[3];       /* [vertex_count] */
    const float (*tangents)[4];      /* [vertex_count] or NULL */
    float (*out_positions)[3];       /* [vertex_count], skinned */
    float (*out_normals)[3];         /* [vertex_count], unit length */
    float (*out_tangents)[4];        /* [vertex_count] or NULL */
    skinning_threads *threads;       /* NULL: the calling thread alone */
    /* Morph targets: with target_count > 0 each vertex is morphed before it
     * is skinned (morph_skin_vertex). Tangents are then skinned unmorphed. */
    int target_count;
    const float *morph_weights;               /* [target_count], this frame's */
    const float (*const *position_deltas)[3]; /* [target_count]: arrays of vertex_count, or NULL each */
    const float (*const *normal_deltas)[3];   /* [target_count]: arrays of vertex_count, or NULL each */
} skinning_job;
/* [/listing] */

/* The inputs of a job from cleaned influences: joints, weights, vertex
 * count and joint count (the rest is the caller's). */
void skinning_job_set_influences(skinning_job *job, const skin_influences *inf);

/* Checks every field and every joint index once (O(vertices)), so that
 * skinning_job_run() can trust them each frame. */
bool skinning_job_validate(const skinning_job *job, sa_error *err);

/* Skins every vertex (skin_vertex(), plus tangents when given), over the
 * job's threads when it names them. The job must have passed
 * skinning_job_validate(). Allocates nothing. */
void skinning_job_run(const skinning_job *job);

/* --- the job over several threads ------------------------------------------ */

#define SKINNING_MAX_THREADS 64

/* Items [begin, end) of a run over the threads; range is which of the
 * thread_count ranges they are (0: the calling thread's), so that work can
 * keep what it writes apart per thread. */
typedef void skinning_range_fn(const void *context, int range, size_t begin, size_t end);

/* [listing skinning_threads] */
/* Threads started once and reused by every skinning_job_run() of the jobs
 * that name them: each run cuts the vertices into thread_count even ranges,
 * one a thread, the calling thread taking the first and waiting for the
 * others. Every vertex goes through the same skin_vertex() as on one thread,
 * so the result is the same, bit for bit. Caller-owned, one run at a time;
 * not copied or moved while started (its workers point into it). */
struct skinning_threads {
    int thread_count; /* threads that skin, the caller's included: 1..SKINNING_MAX_THREADS */
    /* [elide the workers, a lock, two condition variables and the run in progress] */
    struct skinning_worker {
        skinning_threads *threads;
        int range;         /* which of the thread_count ranges it runs: 1.. */
        sa_thread *thread; /* common/platform.h's: C11, Win32 or POSIX threads */
    } workers[SKINNING_MAX_THREADS - 1];
    sa_mutex *lock;
    sa_cond *wake;         /* a run has started (or stop is set) */
    sa_cond *done;         /* the last worker has finished its range */
    skinning_range_fn *fn; /* the run in progress: fn(context, range, begin, end) */
    const void *context;
    size_t item_count;
    unsigned long run; /* counts the runs: a worker wakes when it changes */
    int busy;          /* workers still running this run */
    bool stop;
    /* [/elide] */
};
/* [/listing] */

/* Starts thread_count - 1 workers (thread_count 1: none). */
bool skinning_threads_start(skinning_threads *threads, int thread_count, sa_error *err);
/* fn over item_count items cut into thread_count even ranges (sizes differ
 * by at most one item), one a thread, range 0 on the calling thread; returns
 * when every range is done. skinning_job_run() runs a job's vertices so; a
 * benchmark runs its own loops on the same threads (chapter 06's fast path,
 * chapter 09's crowd). Not from inside fn. */
void skinning_threads_run(skinning_threads *threads, size_t item_count, skinning_range_fn *fn, const void *context);
/* Ends the workers and frees what start took (never during a run: the
 * thread that runs the jobs stops them). */
void skinning_threads_stop(skinning_threads *threads);

#endif
