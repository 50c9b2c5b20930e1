/* ik_convergence: CCD against FABRIK, the tip's distance to the target
 * after each iteration, for the same targets (the book's convergence plot).
 *
 *   ik_convergence                 print the table (tab-separated)
 *   ik_convergence --check FILE    exit 1 when FILE (the committed table,
 *                                  which book/tools/figures.py plots) differs
 *                                  from a fresh run by more than 2 % or 1e-5 m
 *
 * The chain: joints 1 to 7, six bones of 0.2 m in a gentle curve (a tube or
 * a tail), 0.1 m from a turned root that stays still. The targets: the tip of the chain in 200 random poses (each
 * joint turned up to 0.8 rad about a random axis), so every one is
 * reachable. Each solver starts from the rest pose with max_iterations = i
 * and tolerance 0; the distance is measured through chapter 04's forward
 * kinematics. Per iteration: the median and the 90th percentile.
 */
#include "ik.h"

#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { JOINTS = 8, TARGETS = 200, ITERATIONS = 30 };
static const int chain[JOINTS - 1] = {1, 2, 3, 4, 5, 6, 7};

static unsigned rng_state = 777u;
static float rnd(float lo, float hi)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng_state >> 8) / (float)(1u << 24);
}

static transform joint(float y, float angle, vec3 axis)
{
    transform t;
    transform_identity(&t);
    t.translation[1] = y;
    glm_quatv(t.rotation, angle, axis);
    return t;
}

static int compare_floats(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static float tip_error(const skeleton *s, const transform *local, const vec3 target)
{
    mat4 model[JOINTS];
    skeleton_local_to_model(s, local, model);
    return glm_vec3_distance(model[JOINTS - 1][3], (float *)target);
}

/* table[i][0..3]: CCD median, CCD 90 %, FABRIK median, FABRIK 90 %. */
static bool measure(float table[ITERATIONS + 1][4], sa_error *err)
{
    int parent[JOINTS];
    transform rest[JOINTS];
    parent[0] = -1;
    rest[0] = joint(0.2f, 0.6f, (vec3){0.3f, 0.2f, 1.0f});
    rest[0].translation[0] = 0.5f;
    for (int j = 1; j < JOINTS; j++) {
        parent[j] = j - 1;
        rest[j] = joint(j == 1 ? 0.1f : 0.2f, 0.1f * (float)j, (vec3){1.0f, 0.0f, 0.3f});
    }
    skeleton s;
    if (!skeleton_from_arrays(JOINTS, parent, NULL, rest, &s, err))
        return false;
    static vec3 targets[TARGETS];
    for (int t = 0; t < TARGETS; t++) {
        transform local[JOINTS];
        memcpy(local, s.rest_local, sizeof local);
        for (int j = 1; j < JOINTS - 1; j++) {
            vec3 axis;
            do
                glm_vec3_copy((vec3){rnd(-1, 1), rnd(-1, 1), rnd(-1, 1)}, axis);
            while (glm_vec3_norm(axis) < 0.2f || glm_vec3_norm(axis) > 1.0f);
            glm_vec3_normalize(axis);
            glm_quatv(local[j].rotation, rnd(0.0f, 0.8f), axis);
        }
        mat4 model[JOINTS];
        skeleton_local_to_model(&s, local, model);
        glm_vec3_copy(model[JOINTS - 1][3], targets[t]);
    }
    bool (*solvers[2])(const ik_chain_job *, sa_error *) = {ik_ccd_run, ik_fabrik_run};
    for (int i = 0; i <= ITERATIONS; i++)
        for (int k = 0; k < 2; k++) {
            float errors[TARGETS];
            for (int t = 0; t < TARGETS; t++) {
                transform local[JOINTS];
                memcpy(local, s.rest_local, sizeof local);
                ik_chain_job job = {.skeleton = &s,
                                    .local = local,
                                    .joints = chain,
                                    .count = JOINTS - 1,
                                    .max_iterations = i,
                                    .tolerance = 0.0f};
                glm_vec3_copy(targets[t], job.target);
                if (i > 0 && !solvers[k](&job, err)) {
                    skeleton_free(&s);
                    return false;
                }
                errors[t] = tip_error(&s, local, targets[t]);
            }
            qsort(errors, TARGETS, sizeof errors[0], compare_floats);
            table[i][2 * k] = errors[TARGETS / 2];
            table[i][2 * k + 1] = errors[TARGETS * 9 / 10];
        }
    skeleton_free(&s);
    return true;
}

static const char *header = "iteration\tccd_median\tccd_p90\tfabrik_median\tfabrik_p90";

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* the table it prints is a committed LF file */
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        printf("usage: ik_convergence [--check FILE]\n");
        return 0;
    }
    if (!(argc == 1 || (argc == 3 && strcmp(argv[1], "--check") == 0))) {
        fprintf(stderr, "error: usage: ik_convergence [--check FILE]\n");
        return 2;
    }
    static float table[ITERATIONS + 1][4];
    sa_error err;
    if (!measure(table, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return 1;
    }
    if (argc == 1) {
        printf("%s\n", header);
        for (int i = 0; i <= ITERATIONS; i++)
            printf("%d\t%.4g\t%.4g\t%.4g\t%.4g\n", i, (double)table[i][0], (double)table[i][1], (double)table[i][2],
                   (double)table[i][3]);
        return 0;
    }
    FILE *f = fopen(argv[2], "r");
    if (!f) {
        fprintf(stderr, "error: %s: cannot open it\n", argv[2]);
        return 1;
    }
    char line[256];
    int rows = 0, status = 0;
    if (!fgets(line, sizeof line, f) || strncmp(line, header, strlen(header)) != 0) {
        fprintf(stderr, "error: %s:1: not the header \"%s\"\n", argv[2], header);
        fclose(f);
        return 1;
    }
    for (int n = 2; fgets(line, sizeof line, f); n++, rows++) {
        int i;
        float v[4];
        if (sscanf(line, "%d %f %f %f %f", &i, &v[0], &v[1], &v[2], &v[3]) != 5 || i != rows || i > ITERATIONS) {
            fprintf(stderr, "error: %s:%d: not the row of iteration %d\n", argv[2], n, rows);
            status = 1;
            break;
        }
        for (int c = 0; c < 4; c++)
            if (!(fabsf(v[c] - table[i][c]) <= fmaxf(1e-5f, 0.02f * table[i][c]))) {
                fprintf(stderr,
                        "error: %s:%d: column %d is %g, a fresh run gives %g (regenerate: ik_convergence > %s)\n",
                        argv[2], n, c + 2, (double)v[c], (double)table[i][c], argv[2]);
                status = 1;
            }
    }
    fclose(f);
    if (status == 0 && rows != ITERATIONS + 1) {
        fprintf(stderr, "error: %s: %d rows, a fresh run gives %d\n", argv[2], rows, ITERATIONS + 1);
        status = 1;
    }
    return status;
}
