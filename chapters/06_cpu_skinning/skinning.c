/* skinning.c: the skinning input cleaned once at load, and the skinning job
 * run every frame (chapter 06). */
#include "skinning.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Sets of four influences read per vertex: JOINTS_0 .. JOINTS_7. */
#define SKIN_MAX_SETS 8

void skin_influences_free(skin_influences *inf)
{
    free(inf->joints_u8);
    free(inf->joints_u16);
    free(inf->weights);
    memset(inf, 0, sizeof *inf);
}

float skin_weight_cleaned(float weight, int joint, int joint_count)
{
    return weight > 0.0f && joint < joint_count ? weight : 0.0f; /* NaN > 0 is false */
}

/* [listing clean] */
bool skin_influences_clean(const skin_influence_sets *in, int joint_count, int root_joint, skin_influences *out,
                           sa_error *err)
{
    memset(out, 0, sizeof *out);
    /* [elide checks; the output arrays, joints_u8 for skins of at most 256 joints] */
    if (in->set_count < 1 || in->set_count > SKIN_MAX_SETS)
        return sa_error_set(err, "%d sets of joints and weights (1 to %d are read)", in->set_count, SKIN_MAX_SETS);
    if (joint_count < 1 || root_joint < 0 || root_joint >= joint_count)
        return sa_error_set(err, "a skin of %d joints has no joint %d to fall back on", joint_count, root_joint);
    size_t n = in->vertex_count;
    out->vertex_count = n;
    out->joint_count = joint_count;
    out->weights = malloc((n ? n : 1) * sizeof *out->weights);
    if (joint_count <= 256) /* one byte per index: half the memory, and GL_UNSIGNED_BYTE on the GPU */
        out->joints_u8 = malloc((n ? n : 1) * sizeof *out->joints_u8);
    else
        out->joints_u16 = malloc((n ? n : 1) * sizeof *out->joints_u16);
    if (!out->weights || (!out->joints_u8 && !out->joints_u16)) {
        skin_influences_free(out);
        return sa_error_set(err, "out of memory for the influences of %zu vertices", n);
    }
    /* [/elide] */
    for (size_t v = 0; v < n; v++) {
        /* Every influence of the vertex, a bad weight counted as none. */
        uint16_t joints[4 * SKIN_MAX_SETS];
        float weights[4 * SKIN_MAX_SETS];
        int count = 0;
        for (int set = 0; set < in->set_count; set++)
            for (int k = 0; k < 4; k++, count++) {
                joints[count] = in->joints[set][v][k];
                weights[count] = skin_weight_cleaned(in->weights[set][v][k], joints[count], joint_count);
            }
        uint16_t kept_joints[4];
        float kept_weights[4];
        int nonzero = 0;
        for (int i = 0; i < count; i++)
            nonzero += weights[i] > 0.0f;
        out->reduced_vertices += nonzero > 4;
        if (influences_keep_largest(count, joints, weights, kept_joints, kept_weights) == 0.0f) {
            /* Nothing holds this vertex: the root carries it, and the caller warns. */
            kept_joints[0] = (uint16_t)root_joint;
            kept_weights[0] = 1.0f;
            out->zero_weight_vertices++;
        }
        memcpy(out->weights[v], kept_weights, sizeof kept_weights);
        for (int k = 0; k < 4; k++) {
            if (out->joints_u8)
                out->joints_u8[v][k] = (uint8_t)kept_joints[k];
            else
                out->joints_u16[v][k] = kept_joints[k];
        }
    }
    return true;
}
/* [/listing] */

void skinning_job_set_influences(skinning_job *job, const skin_influences *inf)
{
    job->vertex_count = inf->vertex_count;
    job->joint_count = inf->joint_count;
    job->joints_u8 = (const uint8_t(*)[4])inf->joints_u8;
    job->joints_u16 = (const uint16_t(*)[4])inf->joints_u16;
    job->weights = (const float(*)[4])inf->weights;
}

bool skinning_job_validate(const skinning_job *job, sa_error *err)
{
    if (job->joint_count < 1 || !job->skin_matrix)
        return sa_error_set(err, "skinning job: no skin matrices (joint_count %d)", job->joint_count);
    if (!job->joints_u8 == !job->joints_u16)
        return sa_error_set(err, "skinning job: set exactly one of joints_u8 and joints_u16");
    if (!job->weights || !job->positions || !job->normals || !job->out_positions || !job->out_normals)
        return sa_error_set(err, "skinning job: weights, positions, normals and their outputs are required");
    if (!job->tangents != !job->out_tangents)
        return sa_error_set(err, "skinning job: tangents and out_tangents go together");
    if ((const void *)job->out_positions == (const void *)job->positions ||
        (const void *)job->out_normals == (const void *)job->normals ||
        (job->tangents && (const void *)job->out_tangents == (const void *)job->tangents))
        return sa_error_set(err, "skinning job: an output is also an input");
    if (job->target_count < 0 ||
        (job->target_count > 0 && (!job->morph_weights || !job->position_deltas || !job->normal_deltas)))
        return sa_error_set(err, "skinning job: %d morph targets without their weights and delta arrays",
                            job->target_count);
    if (job->threads && (job->threads->thread_count < 1 || job->threads->thread_count > SKINNING_MAX_THREADS))
        return sa_error_set(err, "skinning job: its threads are not started (skinning_threads_start)");
    for (size_t v = 0; v < job->vertex_count; v++)
        for (int k = 0; k < 4; k++) {
            int j = job->joints_u8 ? job->joints_u8[v][k] : job->joints_u16[v][k];
            if (j >= job->joint_count)
                return sa_error_set(err, "skinning job: vertex %zu uses joint %d of %d", v, j, job->joint_count);
        }
    return true;
}

/* The tangent's xyz goes through the blended 3x3 itself (it lies in the
 * surface, as an edge does), renormalized; w, the handedness, is kept. The
 * blend is done again here so that skin_vertex(), the exercise, stays with
 * positions and normals; few of this book's models have tangents. */
static void skin_tangent(mat4 *skin_matrix, const uint16_t joints[4], const float weights[4], const float tangent[4],
                         float out_tangent[4])
{
    vec3 t = {0.0f, 0.0f, 0.0f};
    for (int i = 0; i < 4; i++)
        for (int c = 0; c < 3; c++)
            for (int r = 0; r < 3; r++)
                t[r] += weights[i] * skin_matrix[joints[i]][c][r] * tangent[c];
    float length = glm_vec3_norm(t);
    for (int r = 0; r < 3; r++)
        out_tangent[r] = length > 0.0f ? t[r] / length : 0.0f;
    out_tangent[3] = tangent[3];
}

/* [listing job_run] */
/* Vertices [begin, end) of the job. */
static void skin_range(const skinning_job *job, size_t begin, size_t end)
{
    for (size_t v = begin; v < end; v++) {
        uint16_t joints[4];
        for (int k = 0; k < 4; k++)
            joints[k] = job->joints_u8 ? job->joints_u8[v][k] : job->joints_u16[v][k];
        if (job->target_count > 0)
            morph_skin_vertex(v, job->target_count, job->morph_weights, job->position_deltas, job->normal_deltas,
                              job->skin_matrix, joints, job->weights[v], job->positions[v], job->normals[v],
                              job->out_positions[v], job->out_normals[v]);
        else
            skin_vertex(job->skin_matrix, joints, job->weights[v], job->positions[v], job->normals[v],
                        job->out_positions[v], job->out_normals[v]);
        if (job->tangents)
            skin_tangent(job->skin_matrix, joints, job->weights[v], job->tangents[v], job->out_tangents[v]);
    }
}
/* [/listing] */

/* [listing threads_worker] */
/* Where range r of `count` even ranges of item_count items begins (range
 * count ends them all): sizes differ by at most one item. */
static size_t range_begin(size_t item_count, int r, int count)
{
    return (size_t)((unsigned long long)item_count * (unsigned)r / (unsigned)count);
}

static void skinning_worker_main(void *arg)
{
    struct skinning_worker *w = arg;
    skinning_threads *t = w->threads;
    unsigned long seen = 0; /* the last run this worker did */
    sa_mutex_lock(t->lock);
    for (;;) {
        while (t->run == seen && !t->stop)
            sa_cond_wait(t->wake, t->lock);
        if (t->stop)
            break;
        seen = t->run;
        skinning_range_fn *fn = t->fn;
        const void *context = t->context;
        size_t n = t->item_count;
        int count = t->thread_count;
        sa_mutex_unlock(t->lock);
        fn(context, w->range, range_begin(n, w->range, count), range_begin(n, w->range + 1, count));
        sa_mutex_lock(t->lock);
        if (--t->busy == 0)
            sa_cond_signal(t->done);
    }
    sa_mutex_unlock(t->lock);
}
/* [/listing] */

/* [listing threads_run] */
void skinning_threads_run(skinning_threads *t, size_t item_count, skinning_range_fn *fn, const void *context)
{
    if (t->thread_count == 1) {
        fn(context, 0, 0, item_count);
        return;
    }
    sa_mutex_lock(t->lock);
    t->fn = fn;
    t->context = context;
    t->item_count = item_count;
    t->busy = t->thread_count - 1;
    t->run++;
    sa_cond_broadcast(t->wake);
    sa_mutex_unlock(t->lock);
    fn(context, 0, 0, range_begin(item_count, 1, t->thread_count)); /* range 0 on this thread */
    sa_mutex_lock(t->lock);
    while (t->busy > 0)
        sa_cond_wait(t->done, t->lock);
    sa_mutex_unlock(t->lock);
}

/* A job's vertices: each range through the same skin_range() as one thread. */
static void skin_job_range(const void *job, int range, size_t begin, size_t end)
{
    (void)range;
    skin_range(job, begin, end);
}

void skinning_job_run(const skinning_job *job)
{
    if (job->threads)
        skinning_threads_run(job->threads, job->vertex_count, skin_job_range, job);
    else
        skin_range(job, 0, job->vertex_count);
}
/* [/listing] */

bool skinning_threads_start(skinning_threads *t, int thread_count, sa_error *err)
{
    memset(t, 0, sizeof *t);
    if (thread_count < 1 || thread_count > SKINNING_MAX_THREADS)
        return sa_error_set(err, "%d skinning threads (1 to %d)", thread_count, SKINNING_MAX_THREADS);
    sa_error why = {""};
    t->lock = sa_mutex_create(&why);
    t->wake = t->lock ? sa_cond_create(&why) : NULL;
    t->done = t->wake ? sa_cond_create(&why) : NULL;
    if (!t->done) {
        sa_cond_destroy(t->wake);
        sa_mutex_destroy(t->lock);
        memset(t, 0, sizeof *t); /* thread_count 0: not started */
        return sa_error_set(err, "skinning threads: %s", why.message);
    }
    t->thread_count = 1; /* the workers started so far, plus the caller: what stop ends */
    for (int i = 1; i < thread_count; i++) {
        struct skinning_worker *w = &t->workers[i - 1];
        w->threads = t;
        w->range = i;
        if (!(w->thread = sa_thread_start(skinning_worker_main, w, &why))) {
            skinning_threads_stop(t); /* the i - 1 started so far */
            return sa_error_set(err, "skinning thread %d of %d: %s", i + 1, thread_count, why.message);
        }
        t->thread_count = i + 1;
    }
    return true;
}

void skinning_threads_stop(skinning_threads *t)
{
    if (t->thread_count < 1)
        return; /* never started, or stopped already */
    sa_mutex_lock(t->lock);
    t->stop = true;
    sa_cond_broadcast(t->wake);
    sa_mutex_unlock(t->lock);
    for (int i = 1; i < t->thread_count; i++)
        sa_thread_join(t->workers[i - 1].thread);
    sa_cond_destroy(t->done);
    sa_cond_destroy(t->wake);
    sa_mutex_destroy(t->lock);
    memset(t, 0, sizeof *t);
}
