/* bind_gltf.c: the bind-pose self-checks over a loaded glTF document. */
#include "bind_gltf.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bind_matrices_from_gltf(const gltf_skin *skin, mat4 *joint_from_model_bind)
{
    /* Both are 16 column-major floats; mat4 is column-major too. */
    for (int k = 0; k < skin->joint_count; k++)
        memcpy(joint_from_model_bind[k], skin->joint_from_model_bind[k], sizeof(mat4));
}

int bind_weight_units(const gltf_document *doc, const gltf_primitive *prim)
{
    int units = -1;
    for (int set = 0; set < prim->influence_set_count; set++) {
        const gltf_accessor *a = &doc->accessors[prim->weight_set_accessors[set]];
        int these = !a->normalized                             ? BIND_WEIGHTS_FLOAT
                    : a->component_type == GLTF_UNSIGNED_BYTE  ? 255
                    : a->component_type == GLTF_UNSIGNED_SHORT ? 65535
                                                               : BIND_WEIGHTS_FLOAT;
        units = units < 0 || units == these ? these : BIND_WEIGHTS_FLOAT; /* mixed sets: as floats */
    }
    return units < 0 ? BIND_WEIGHTS_FLOAT : units;
}

size_t bind_file_vertex(const gltf_primitive *prim, size_t i)
{
    return prim->source_vertex ? prim->source_vertex[i] : i;
}

size_t bind_file_vertex_count(const gltf_primitive *prim)
{
    return prim->source_vertex ? prim->source_vertex_count : prim->vertex_count;
}

/* What each rule's error says the vertex has. */
static const char *const rule_names[BIND_RULE_COUNT] = {
    "bad weights",
    "a joint index outside their skin (glTF: every index MUST be in range, even with weight 0)",
    "two non-zero weights on one joint (glTF: a vertex MUST NOT have more than one)",
};

/* The influences of every primitive of every skinned mesh node, all
 * influence sets of a vertex together, against the node's own skin. Copies
 * of a file vertex (an unwelded primitive) share its influences, so each file
 * vertex is checked once, and named by its accessor index. */
static bool check_weights(const gltf_document *doc, bind_report *out)
{
    for (int n = 0; n < doc->node_count; n++) {
        const gltf_node *node = &doc->nodes[n];
        if (node->mesh < 0 || node->skin < 0)
            continue;
        const gltf_mesh *mesh = &doc->meshes[node->mesh];
        int skin_joint_count = doc->skins[node->skin].joint_count;
        for (int p = 0; p < mesh->primitive_count; p++) {
            const gltf_primitive *prim = &mesh->primitives[p];
            if (prim->skipped || prim->influence_set_count == 0 || !prim->joints || !prim->weights)
                continue;
            int units = bind_weight_units(doc, prim);
            size_t files = bind_file_vertex_count(prim);
            /* Per rule, the copy of the rule's first file vertex (the copies
             * of an unwelded primitive are in triangle order, not file order). */
            size_t first[BIND_RULE_COUNT] = {SIZE_MAX, SIZE_MAX, SIZE_MAX};
            bool *seen = calloc(files + 1, sizeof *seen);
            if (!seen)
                return false;
            for (size_t i = 0; i < prim->vertex_count; i++) {
                size_t f = bind_file_vertex(prim, i);
                if (seen[f])
                    continue;
                seen[f] = true;
                unsigned problems = bind_vertex_problems(i, prim->influence_set_count, prim->joint_sets,
                                                         prim->weight_sets, skin_joint_count, units);
                out->weights_bad += problems != 0;
                for (int r = 0; r < BIND_RULE_COUNT; r++) {
                    if (!(problems & (1u << r)))
                        continue;
                    out->rule_vertices[r]++;
                    if (first[r] == SIZE_MAX || f < bind_file_vertex(prim, first[r]))
                        first[r] = i;
                }
            }
            free(seen);
            for (int r = 0; r < BIND_RULE_COUNT; r++) {
                /* The first primitive with the problem names its first vertex. */
                if (first[r] == SIZE_MAX || out->rule_first[r][0])
                    continue;
                const float *w = prim->weights[first[r]];
                const uint16_t *j = prim->joints[first[r]];
                float sum = 0.0f;
                for (int set = 0; set < prim->influence_set_count; set++)
                    for (int i = 0; i < 4; i++)
                        sum += prim->weight_sets[set][first[r]][i];
                snprintf(out->rule_first[r], sizeof out->rule_first[r],
                         "meshes[%d].primitives[%d] (on nodes[%d], skins[%d] of %d joints): vertex %zu: "
                         "weights %g %g %g %g%s (sum %g) on joints %u %u %u %u",
                         node->mesh, p, n, node->skin, skin_joint_count, bind_file_vertex(prim, first[r]), w[0], w[1],
                         w[2], w[3], prim->influence_set_count > 1 ? " ..." : "", sum, j[0], j[1], j[2], j[3]);
            }
        }
    }
    return true;
}

/* [listing check_gltf] */
bool bind_check_gltf(const gltf_document *doc, const skeleton *s, bind_report *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    out->worst_skin = -1;
    /* [elide room for the largest skin's matrices, and the skeleton's] */
    int most = 1;
    for (int i = 0; i < doc->skin_count; i++)
        most = doc->skins[i].joint_count > most ? doc->skins[i].joint_count : most;
    mat4 *model_from_joint = malloc(((size_t)s->joint_count + 1) * sizeof *model_from_joint);
    mat4 *joint_from_model_bind = malloc((size_t)most * sizeof *joint_from_model_bind);
    mat4 *skin_matrix = malloc((size_t)most * sizeof *skin_matrix);
    bool ok = model_from_joint && joint_from_model_bind && skin_matrix;
    if (!ok)
        sa_error_set(err, "out of memory");
    /* [/elide] */

    /* Every joint at its rest transform: the nodes as the file stores them. */
    if (ok)
        skeleton_local_to_model(s, s->rest_local, model_from_joint);
    for (int i = 0; ok && i < doc->skin_count; i++) {
        const skeleton_skin *skin = &s->skins[i];
        out->joints += skin->joint_count;
        if (!skin_matrices_validate(skin->joint_count, skin->joint_of_skin_joint, s->joint_count, err)) {
            ok = sa_error_prefix(err, "skins[%d]", i);
            break;
        }
        bind_matrices_from_gltf(&doc->skins[i], joint_from_model_bind);
        skin_matrices(skin->joint_count, skin->joint_of_skin_joint, model_from_joint, joint_from_model_bind,
                      skin_matrix);
        float rest_error = bind_rest_error(skin->joint_count, skin_matrix);
        if (out->worst_skin < 0 || rest_error > out->max_rest_bind_error) {
            out->max_rest_bind_error = rest_error;
            out->worst_skin = i;
        }
        float inverse_error;
        sa_error why;
        if (!bind_inverse_error(skin->joint_count, joint_from_model_bind, &inverse_error, &why) &&
            out->bad_inverse_count++ == 0)
            snprintf(out->bad_inverse, sizeof out->bad_inverse, "skins[%d]: %.200s", i, why.message);
        out->max_inverse_error = fmaxf(out->max_inverse_error, inverse_error);
    }
    if (ok && !check_weights(doc, out))
        ok = sa_error_set(err, "out of memory");
    /* [elide] */
    free(model_from_joint);
    free(joint_from_model_bind);
    free(skin_matrix);
    /* [/elide] */
    return ok;
}
/* [/listing] */

/* [listing report_print] */
int bind_report_print(const bind_report *r, const char *path, FILE *out, FILE *diagnostics)
{
    fprintf(out, "joints: %d\nmax_rest_bind_error: %.6g\nmax_inverse_error: %.6g\nweights_bad: %zu\n", r->joints,
            (double)r->max_rest_bind_error, (double)r->max_inverse_error, r->weights_bad);
    if (r->max_rest_bind_error > BIND_REST_WARNING)
        fprintf(diagnostics,
                "warning: %s: skins[%d]: the rest pose is not the bind pose (max_rest_bind_error %.3g > %g). "
                "Legal in glTF, but if a T-pose was expected, the likely causes are: stale inverse bind "
                "matrices (the rig was edited after binding), a coordinate flip (a Z-up to Y-up rotation "
                "applied to the mesh but not to the bones, or the reverse), a unit change (centimetres vs "
                "metres)\n",
                path, r->worst_skin, (double)r->max_rest_bind_error, (double)BIND_REST_WARNING);
    if (r->bad_inverse_count)
        fprintf(diagnostics, "error: %s: %s (%d skin%s with such a matrix)\n", path, r->bad_inverse,
                r->bad_inverse_count, r->bad_inverse_count > 1 ? "s" : "");
    for (int rule = 0; rule < BIND_RULE_COUNT; rule++)
        if (r->rule_vertices[rule])
            fprintf(diagnostics, "error: %s: %zu vertices with %s; the first: %s\n", path, r->rule_vertices[rule],
                    rule_names[rule], r->rule_first[rule]);
    return r->bad_inverse_count || r->weights_bad ? 1 : 0;
}
/* [/listing] */
