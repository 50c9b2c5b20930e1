/* bench_motion_matching: how long one search of the motion database takes,
 * brute force and over bounding boxes (a program, not a test: speed is
 * measured here, never by timed tests). Book 14 quotes its lines.
 *
 *   bench_motion_matching [--queries N] [--passes N] [--seconds S] [--model FILE]
 *       default: 2000 queries, 5 passes, the book's database (2 x 90 s, mirrored)
 *
 * Two databases: the book's (mm_build_defaults, built here), then one 10
 * times larger: the same features repeated ten times, each copy with its
 * own seeded noise (uniform, +-0.05 of a deviation per component), as ten
 * takes of the same moves would differ. The queries: half a random
 * database frame's features with noise (uniform, +-0.1 of a deviation, in
 * every component), half a random frame's pose part as it is (the
 * controller's query copies the playing frame's) with a trajectory from a
 * stick (a speed of 0 to 4.5 m/s and a turn of -1.5 to 1.5 rad/s held for
 * the second ahead, through mm_query_trajectory). Each time is the median of the passes over all
 * queries, in microseconds of the thread's CPU time per query
 * (sa_time_stage). Both searches must return the same frame for every
 * query: a difference is an error (exit 1).
 *
 * It prints, for each database, a header line and four:
 *   database: book | 10x
 *   database_frames: N
 *   brute_force_us_per_query: X
 *   accelerated_us_per_query: X
 *   ratio: X          (brute force / accelerated)
 */
#include "motion_database.h"

#include "common/files.h"
#include "common/platform.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PASSES 101

static uint32_t bench_random(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static float bench_uniform(uint32_t *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)bench_random(s) / (float)(1u << 24);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The queries (count x MM_FEATURE_COUNT), as the header says. */
static void make_queries(const mm_database *db, int count, float *queries)
{
    uint32_t s = 2020;
    for (int k = 0; k < count; k++) {
        float *q = queries + (size_t)k * MM_FEATURE_COUNT;
        int from = (int)(bench_random(&s) % (uint32_t)db->frame_count);
        for (int i = 0; i < MM_FEATURE_COUNT; i++)
            q[i] = db->features[(size_t)from * MM_FEATURE_COUNT + i] + (k % 2 ? bench_uniform(&s, -0.1f, 0.1f) : 0);
        if (k % 2)
            continue;
        /* a stick held for a second: speed v, turning at w: heading w t,
         * position the integral of v (sin, cos) of it */
        float v = bench_uniform(&s, 0, 4.5f), w = bench_uniform(&s, -1.5f, 1.5f);
        float positions[MM_TRAJECTORY_POINTS][2], directions[MM_TRAJECTORY_POINTS][2];
        for (int i = 0; i < MM_TRAJECTORY_POINTS; i++) {
            float t = (float)(i + 1) / 3.0f, h = w * t;
            positions[i][0] = fabsf(w) > 1e-4f ? v * (1 - cosf(h)) / w : 0;
            positions[i][1] = fabsf(w) > 1e-4f ? v * sinf(h) / w : v * t;
            directions[i][0] = sinf(h), directions[i][1] = cosf(h);
        }
        /* the cast: C before C23 will not pass float (*)[2] as const float (*)[2] unasked */
        mm_query_trajectory(db, (const float(*)[2])positions, (const float(*)[2])directions, q);
    }
}

/* The book's features ten times, each copy's own noise; the ranges copied
 * too (the search reads only the features and the ranges). */
static bool make_larger(const mm_database *db, int copies, mm_database *out)
{
    memset(out, 0, sizeof *out);
    size_t frames = (size_t)db->frame_count, F = MM_FEATURE_COUNT;
    out->joint_count = db->joint_count;
    out->frame_count = db->frame_count * copies;
    out->range_count = db->range_count * copies;
    out->features = malloc(frames * (size_t)copies * F * sizeof(float));
    out->range = malloc((size_t)out->range_count * sizeof *out->range);
    if (!out->features || !out->range)
        return false;
    memcpy(out->mean, db->mean, sizeof out->mean);
    memcpy(out->scale, db->scale, sizeof out->scale);
    uint32_t s = 10;
    for (int c = 0; c < copies; c++) {
        for (size_t k = 0; k < frames * F; k++)
            out->features[c * frames * F + k] = db->features[k] + bench_uniform(&s, -0.05f, 0.05f);
        for (int r = 0; r < db->range_count; r++) {
            out->range[c * db->range_count + r][0] = db->range[r][0] + c * db->frame_count;
            out->range[c * db->range_count + r][1] = db->range[r][1] + c * db->frame_count;
        }
    }
    return true;
}

static int run(const char *name, const mm_database *db, int queries, int passes)
{
    sa_error err;
    mm_search_index *index;
    float *q = malloc((size_t)queries * MM_FEATURE_COUNT * sizeof *q);
    int *answer = malloc((size_t)queries * sizeof *answer);
    if (!q || !answer || !mm_search_index_build(&index, db, &err)) {
        free(q), free(answer);
        return fprintf(stderr, "error: out of memory\n"), 1;
    }
    make_queries(db, queries, q);
    double brute[MAX_PASSES], fast[MAX_PASSES];
    int wrong = 0;
    for (int p = 0; p < passes; p++) {
        float cost;
        double t0 = sa_time_stage();
        for (int k = 0; k < queries; k++)
            answer[k] = mm_search_brute_force(db, q + (size_t)k * MM_FEATURE_COUNT, &cost);
        double t1 = sa_time_stage();
        for (int k = 0; k < queries; k++)
            wrong += mm_search_accelerated(index, db, q + (size_t)k * MM_FEATURE_COUNT, &cost) != answer[k];
        double t2 = sa_time_stage();
        brute[p] = (t1 - t0) / queries, fast[p] = (t2 - t1) / queries;
    }
    mm_search_index_free(index);
    free(q), free(answer);
    if (wrong)
        return fprintf(stderr, "error: %s: the accelerated search differs from brute force on %d queries\n", name,
                       wrong),
               1;
    qsort(brute, (size_t)passes, sizeof *brute, compare_doubles);
    qsort(fast, (size_t)passes, sizeof *fast, compare_doubles);
    double b = 1e6 * brute[passes / 2], a = 1e6 * fast[passes / 2];
    printf("database: %s\ndatabase_frames: %d\nbrute_force_us_per_query: %.2f\naccelerated_us_per_query: %.2f\n"
           "ratio: %.1f\n",
           name, db->frame_count, b, a, a > 0 ? b / a : 0.0);
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv)
{
    int queries = 2000, passes = 5;
    double seconds = 0;
    const char *model = "assets/models/humanoid.gltf";
    for (int i = 1; i < argc; i++) {
        bool has_value = i + 1 < argc;
        if (strcmp(argv[i], "--queries") == 0 && has_value)
            queries = atoi(argv[++i]);
        else if (strcmp(argv[i], "--passes") == 0 && has_value)
            passes = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seconds") == 0 && has_value)
            seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--model") == 0 && has_value)
            model = argv[++i];
        else {
            fprintf(stderr,
                    "usage: bench_motion_matching [--queries N] [--passes N (1 .. %d)] [--seconds S] "
                    "[--model FILE]\n",
                    MAX_PASSES);
            return 2;
        }
    }
    if (queries < 1 || passes < 1 || passes > MAX_PASSES || seconds < 0) {
        fprintf(stderr, "error: --queries >= 1, --passes 1 .. %d, --seconds > 0\n", MAX_PASSES);
        return 2;
    }
    sa_error err;
    char path[SA_PATH_MAX];
    mm_character c;
    mm_database db, larger;
    memset(&c, 0, sizeof c);
    memset(&db, 0, sizeof db);
    memset(&larger, 0, sizeof larger);
    mm_build_params p = mm_build_defaults();
    if (seconds > 0)
        p.seconds = seconds;
    if (!sa_path_find(model, path, sizeof path, &err) || !mm_character_load(&c, path, &err) ||
        !mm_database_build(&db, &c, &p, &err)) {
        mm_character_free(&c);
        return fprintf(stderr, "error: %s\n", err.message), 1;
    }
    mm_character_free(&c);
    int status = run("book", &db, queries, passes);
    if (status == 0)
        status = make_larger(&db, 10, &larger) ? run("10x", &larger, queries, passes)
                                               : (fprintf(stderr, "error: out of memory\n"), 1);
    mm_database_free(&larger);
    mm_database_free(&db);
    return status;
}
