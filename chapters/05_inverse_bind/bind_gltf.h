/* bind_gltf.h: the bind-pose self-checks over a loaded glTF document
 * (chapter 05): what `ch05_inverse_bind --check-bind` prints.
 *
 * The one place where chapter 05 meets the loader; bind.h has the checks
 * themselves, over plain arrays.
 */
#ifndef CH05_BIND_GLTF_H
#define CH05_BIND_GLTF_H

#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/04_bone_tree/skeleton.h"
#include "bind.h"

#include <stdio.h>

/* Above this, max_rest_bind_error means the rest pose is not the bind pose. */
#define BIND_REST_WARNING 1e-4f

/* The three bits of bind_vertex_problems(), as indices 0, 1, 2. */
#define BIND_RULE_COUNT 3

typedef struct bind_report {
    int joints;                /* the sum of the skins' joint counts */
    float max_rest_bind_error; /* bind_rest_error() of each skin in the rest pose, the largest */
    int worst_skin;            /* the skin it comes from (-1: no skins) */
    float max_inverse_error;   /* bind_inverse_error() over every skin */
    /* The file's vertices (accessor indices, each counted once however many
     * triangles share it) of every skinned mesh node's primitives, checked
     * against the node's own skin: weights_bad those with any problem of
     * bind_vertex_problems(), rule_vertices[r] those with bit r
     * (BIND_BAD_WEIGHTS, BIND_JOINT_OUTSIDE, BIND_JOINT_TWICE), and
     * rule_first[r] the first of them with its weights and joints. */
    size_t weights_bad;
    size_t rule_vertices[BIND_RULE_COUNT];
    char rule_first[BIND_RULE_COUNT][256];
    int bad_inverse_count; /* skins with a singular or non-affine inverse bind matrix */
    char bad_inverse[256]; /* the first: "skins[0]: inverse bind matrix 3 is singular ..." */
} bind_report;

/* A skin's inverse bind matrices as mat4 (the loader keeps them as 16
 * floats each, identities when the file has none): joint_count matrices. */
void bind_matrices_from_gltf(const gltf_skin *skin, mat4 *joint_from_model_bind);

/* The file's vertex (accessor index) that vertex i of prim's arrays is: the
 * loader unwelds a primitive without NORMAL (chapter 03), and then vertex i
 * copies file vertex source_vertex[i]. bind_file_vertex_count() is the
 * number of the file's vertices (POSITION's count). */
size_t bind_file_vertex(const gltf_primitive *prim, size_t i);
size_t bind_file_vertex_count(const gltf_primitive *prim);

/* 255 or 65535 for normalized u8 or u16 weights (in every WEIGHTS_n set of
 * the primitive), BIND_WEIGHTS_FLOAT for floats or sets stored differently. */
int bind_weight_units(const gltf_document *doc, const gltf_primitive *prim);

/* Runs every check of the chapter on doc, whose skeleton (skeleton_from_gltf)
 * is s, with every joint at its rest transform. A file with no skins gives a
 * report of zeros. Fails only when memory runs out; singular matrices and bad
 * weights are findings, in the report. */
bool bind_check_gltf(const gltf_document *doc, const skeleton *s, bind_report *out, sa_error *err);

/* What `--check-bind` prints for a report (chapter 05's program, and chapter
 * 06's, which adds a line after these): the four lines on `out`, the
 * findings on `diagnostics` (the rest-pose warning with its likely causes,
 * the errors: one line for each rule of bind_vertex_problems() that a vertex
 * breaks), each naming `path`. Returns the exit status: 1 on a singular or
 * non-affine inverse bind matrix or on any vertex with a problem, else 0. */
int bind_report_print(const bind_report *r, const char *path, FILE *out, FILE *diagnostics);

#endif
