/* skinning_gltf.c: CPU skinning of the skinned meshes of a glTF document. */
#include "skinning_gltf.h"
#include "chapters/05_inverse_bind/bind.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/05_inverse_bind/bind_gltf.h"
#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int skin_root_joint(const skeleton *s, int skin)
{
    const skeleton_skin *k = &s->skins[skin];
    int best = 0;
    for (int i = 1; i < k->joint_count; i++)
        if (k->joint_of_skin_joint[i] < k->joint_of_skin_joint[best])
            best = i;
    return best;
}

void skin_scene_free(skin_scene *sc)
{
    for (int i = 0; sc->primitives && i < sc->primitive_count; i++) {
        skin_influences_free(&sc->primitives[i].influences);
        free(sc->primitives[i].positions);
        free(sc->primitives[i].normals);
        free(sc->primitives[i].position_deltas);
        free(sc->primitives[i].normal_deltas);
    }
    free(sc->morph_weight_start);
    free(sc->morph_weights);
    for (int i = 0; i < sc->skin_count; i++) {
        if (sc->joint_from_model_bind)
            free(sc->joint_from_model_bind[i]);
        if (sc->skin_matrix)
            free(sc->skin_matrix[i]);
    }
    free(sc->primitives);
    free(sc->joint_from_model_bind);
    free(sc->skin_matrix);
    free(sc->model_from_joint);
    memset(sc, 0, sizeof *sc);
}

static bool is_skinned(const gltf_document *doc, const gltf_node *node, const gltf_primitive *prim)
{
    return node->mesh >= 0 && node->skin >= 0 && doc->skins[node->skin].joint_count > 0 && !prim->skipped &&
           prim->joints && prim->weights;
}

/* A primitive with morph targets on a node that is not skinned: it joins the
 * skinned ones as a skin of one joint, its node (skin -1). */
static bool is_rigid_morphed(const gltf_document *doc, const gltf_node *node, const gltf_primitive *prim)
{
    return node->mesh >= 0 && !is_skinned(doc, node, prim) && !prim->skipped && prim->target_count > 0;
}

int morph_weight_layout(const gltf_document *doc, int *start)
{
    int count = 0;
    for (int n = 0; n < doc->node_count; n++) {
        int mesh = doc->nodes[n].mesh;
        start[n] = mesh >= 0 && doc->meshes[mesh].target_count > 0 ? count : -1;
        count += start[n] >= 0 ? doc->meshes[mesh].target_count : 0;
    }
    return count;
}

void morph_weights_default(const gltf_document *doc, const int *start, float *weights)
{
    for (int n = 0; n < doc->node_count; n++) {
        if (start[n] < 0)
            continue;
        const gltf_mesh *mesh = &doc->meshes[doc->nodes[n].mesh];
        const float *w = doc->nodes[n].weights ? doc->nodes[n].weights : mesh->weights;
        for (int t = 0; t < mesh->target_count; t++)
            weights[start[n] + t] = w ? w[t] : 0.0f;
    }
}

void morph_weights_write(const gltf_document *doc, const int *start, const float *weights, FILE *out)
{
    for (int n = 0; n < doc->node_count; n++) {
        if (start[n] < 0)
            continue;
        fprintf(out, "%d", n);
        for (int w = 0; w < doc->meshes[doc->nodes[n].mesh].target_count; w++)
            fprintf(out, " %.9g", (double)weights[start[n] + w]);
        fputc('\n', out);
    }
}

/* The job's morph inputs: the loader's delta arrays of each target. */
static bool init_morph(skinned_primitive *sp, const gltf_primitive *prim, const skin_scene *sc, sa_error *err)
{
    sp->target_count = prim->target_count;
    if (prim->target_count == 0)
        return true;
    sp->weight_start = sc->morph_weight_start[sp->node];
    sp->position_deltas = calloc((size_t)prim->target_count, sizeof *sp->position_deltas);
    sp->normal_deltas = calloc((size_t)prim->target_count, sizeof *sp->normal_deltas);
    if (!sp->position_deltas || !sp->normal_deltas)
        return sa_error_set(err, "out of memory");
    for (int t = 0; t < prim->target_count; t++) {
        sp->position_deltas[t] = (const float(*)[3])prim->targets[t].position_deltas;
        sp->normal_deltas[t] = (const float(*)[3])prim->targets[t].normal_deltas;
    }
    sp->job.target_count = prim->target_count;
    sp->job.morph_weights = sc->morph_weights + sp->weight_start;
    sp->job.position_deltas = sp->position_deltas;
    sp->job.normal_deltas = sp->normal_deltas;
    return true;
}

/* A skin of one joint: every vertex on joint 0 with weight 1. */
static bool rigid_influences(size_t vertex_count, skin_influences *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    out->vertex_count = vertex_count;
    out->joint_count = 1;
    out->joints_u8 = calloc(vertex_count + 1, sizeof *out->joints_u8);
    out->weights = calloc(vertex_count + 1, sizeof *out->weights);
    if (!out->joints_u8 || !out->weights)
        return sa_error_set(err, "out of memory");
    for (size_t v = 0; v < vertex_count; v++)
        out->weights[v][0] = 1.0f;
    return true;
}

static bool init_primitive(skinned_primitive *sp, const gltf_document *doc, const skeleton *s, const skin_scene *sc,
                           sa_error *err)
{
    const gltf_primitive *prim = &doc->meshes[sp->mesh].primitives[sp->primitive];
    if (sp->skin < 0) {
        if (!rigid_influences(prim->vertex_count, &sp->influences, err))
            return false;
    } else {
        /* Every set of four the loader decoded: JOINTS_0 / WEIGHTS_0, JOINTS_1 / WEIGHTS_1 ... */
        skin_influence_sets sets = {prim->vertex_count, prim->influence_set_count, prim->joint_sets, prim->weight_sets};
        if (!skin_influences_clean(&sets, doc->skins[sp->skin].joint_count, skin_root_joint(s, sp->skin),
                                   &sp->influences, err))
            return false;
    }
    size_t n = prim->vertex_count ? prim->vertex_count : 1;
    sp->positions = malloc(n * sizeof *sp->positions);
    sp->normals = malloc(n * sizeof *sp->normals);
    if (!sp->positions || !sp->normals)
        return sa_error_set(err, "out of memory");
    skinning_job *job = &sp->job;
    memset(job, 0, sizeof *job);
    skinning_job_set_influences(job, &sp->influences);
    job->skin_matrix = sp->skin < 0 ? sp->node_matrix : sc->skin_matrix[sp->skin];
    glm_mat4_identity(sp->node_matrix[0]);
    job->positions = prim->positions;
    job->normals = prim->normals;
    job->out_positions = sp->positions;
    job->out_normals = sp->normals;
    return init_morph(sp, prim, sc, err) && skinning_job_validate(job, err);
}

/* The vertices of the file (not the loader's unwelded copies) whose weights
 * are all zero: copies of one file vertex share its weights, so a file vertex
 * counts once however many triangles use it (chapter 05's --check-bind counts
 * the same way). */
static bool count_zero_weight_file_vertices(const skinned_primitive *sp, const gltf_primitive *prim, size_t *count)
{
    *count = 0;
    if (!sp->influences.zero_weight_vertices)
        return true;
    bool *seen = calloc(bind_file_vertex_count(prim) + 1, sizeof *seen);
    if (!seen)
        return false;
    for (size_t i = 0; i < prim->vertex_count; i++) {
        bool any = false; /* skin_influences_clean()'s rule */
        for (int set = 0; set < prim->influence_set_count; set++)
            for (int k = 0; k < 4; k++)
                any = any || skin_weight_cleaned(prim->weight_sets[set][i][k], prim->joint_sets[set][i][k],
                                                 sp->influences.joint_count) > 0.0f;
        size_t f = bind_file_vertex(prim, i);
        if (!any && !seen[f]) {
            seen[f] = true;
            (*count)++;
        }
    }
    free(seen);
    return true;
}

bool skin_scene_init(skin_scene *sc, const gltf_document *doc, const skeleton *s, sa_error *err)
{
    memset(sc, 0, sizeof *sc);
    sc->skin_count = doc->skin_count;
    sc->joint_from_model_bind = calloc((size_t)doc->skin_count + 1, sizeof *sc->joint_from_model_bind);
    sc->skin_matrix = calloc((size_t)doc->skin_count + 1, sizeof *sc->skin_matrix);
    sc->model_from_joint = malloc(((size_t)s->joint_count + 1) * sizeof *sc->model_from_joint);
    sc->morph_weight_start = malloc(((size_t)doc->node_count + 1) * sizeof *sc->morph_weight_start);
    bool ok = sc->joint_from_model_bind && sc->skin_matrix && sc->model_from_joint && sc->morph_weight_start;
    if (ok) {
        sc->morph_weight_count = morph_weight_layout(doc, sc->morph_weight_start);
        ok = (sc->morph_weights = calloc((size_t)sc->morph_weight_count + 1, sizeof *sc->morph_weights)) != NULL;
    }
    if (ok)
        morph_weights_default(doc, sc->morph_weight_start, sc->morph_weights);
    for (int i = 0; ok && i < doc->skin_count; i++) {
        size_t count = (size_t)doc->skins[i].joint_count + 1;
        sc->joint_from_model_bind[i] = malloc(count * sizeof(mat4));
        sc->skin_matrix[i] = malloc(count * sizeof(mat4));
        ok = sc->joint_from_model_bind[i] && sc->skin_matrix[i];
        if (ok) {
            bind_matrices_from_gltf(&doc->skins[i], sc->joint_from_model_bind[i]);
            if (!skin_matrices_validate(s->skins[i].joint_count, s->skins[i].joint_of_skin_joint, s->joint_count,
                                        err)) {
                skin_scene_free(sc);
                return sa_error_prefix(err, "skins[%d]", i);
            }
        }
    }
    /* Count, then fill, the skinned primitives. */
    for (int pass = 0; ok && pass < 2; pass++) {
        int count = 0;
        for (int n = 0; n < doc->node_count; n++) {
            const gltf_node *node = &doc->nodes[n];
            for (int p = 0; node->mesh >= 0 && p < doc->meshes[node->mesh].primitive_count; p++) {
                const gltf_primitive *prim = &doc->meshes[node->mesh].primitives[p];
                bool skinned = is_skinned(doc, node, prim);
                if (!skinned && !is_rigid_morphed(doc, node, prim))
                    continue;
                if (pass == 1) {
                    skinned_primitive *sp = &sc->primitives[count];
                    sp->node = n, sp->mesh = node->mesh, sp->primitive = p, sp->skin = skinned ? node->skin : -1;
                    if (prim->target_count > sc->morph_target_count)
                        sc->morph_target_count = prim->target_count;
                    if (!init_primitive(sp, doc, s, sc, err)) {
                        sa_error_prefix(err, "meshes[%d].primitives[%d] (on nodes[%d])", node->mesh, p, n);
                        skin_scene_free(sc);
                        return false;
                    }
                    size_t zero_weight = 0;
                    if (!count_zero_weight_file_vertices(sp, &doc->meshes[node->mesh].primitives[p], &zero_weight)) {
                        skin_scene_free(sc);
                        return sa_error_set(err, "out of memory");
                    }
                    sc->zero_weight_vertices += zero_weight;
                    sc->reduced_vertices += sp->influences.reduced_vertices;
                }
                count++;
            }
        }
        if (pass == 0) {
            sc->primitive_count = count;
            ok = (sc->primitives = calloc((size_t)count + 1, sizeof *sc->primitives)) != NULL;
        }
    }
    if (!ok) {
        skin_scene_free(sc);
        return sa_error_set(err, "out of memory");
    }
    return true;
}

/* [listing scene_run] */
void skin_scene_run(skin_scene *sc, const skeleton *s)
{
    for (int i = 0; i < sc->skin_count; i++)
        skin_matrices(s->skins[i].joint_count, s->skins[i].joint_of_skin_joint, sc->model_from_joint,
                      sc->joint_from_model_bind[i], sc->skin_matrix[i]);
    skin_scene_node_matrices(sc, s);
    for (int i = 0; i < sc->primitive_count; i++)
        skinning_job_run(&sc->primitives[i].job);
}

void skin_scene_node_matrices(skin_scene *sc, const skeleton *s)
{
    for (int i = 0; i < sc->primitive_count; i++) {
        skinned_primitive *sp = &sc->primitives[i];
        if (sp->skin >= 0)
            continue;
        int joint = sp->node < s->node_count ? s->joint_of_node[sp->node] : -1;
        if (joint >= 0)
            glm_mat4_copy(sc->model_from_joint[joint], sp->node_matrix[0]);
        else if (sc->world_from_node)
            glm_mat4_copy(sc->world_from_node[sp->node], sp->node_matrix[0]);
    }
}
/* [/listing] */

/* [listing identity_error] */
float skin_scene_identity_error(skin_scene *sc, const gltf_document *doc, float *diagonal)
{
    /* Every joint at its bind pose: model_from_joint = inverse(joint_from_model_bind). */
    for (int i = 0; i < sc->skin_count; i++)
        for (int k = 0; k < doc->skins[i].joint_count; k++) {
            mat4 model_from_joint_bind;
            if (affine_inverse(sc->joint_from_model_bind[i][k], model_from_joint_bind))
                glm_mat4_mul(model_from_joint_bind, sc->joint_from_model_bind[i][k], sc->skin_matrix[i][k]);
            else
                glm_mat4_identity(sc->skin_matrix[i][k]);
        }
    vec3 lo = {INFINITY, INFINITY, INFINITY}, hi = {-INFINITY, -INFINITY, -INFINITY};
    float largest = 0.0f;
    for (int i = 0; i < sc->primitive_count; i++) {
        if (sc->primitives[i].skin < 0)
            continue; /* morph targets without a skin: nothing bound */
        skinning_job job_at_bind = sc->primitives[i].job, *job = &job_at_bind;
        job->target_count = 0; /* the bind shape: the skin alone, not the morph */
        skinning_job_run(job);
        for (size_t v = 0; v < job->vertex_count; v++) {
            float moved = glm_vec3_distance((float *)job->positions[v], job->out_positions[v]);
            largest = moved > largest || isnan(moved) ? moved : largest;
            glm_vec3_minv(lo, (float *)job->positions[v], lo);
            glm_vec3_maxv(hi, (float *)job->positions[v], hi);
        }
    }
    *diagonal = lo[0] <= hi[0] ? glm_vec3_distance(lo, hi) : 0.0f;
    return largest;
}
/* [/listing] */

/* Vertex i of a primitive's arrays as one OBJ line, in scene space. */
static void write_obj_vertex(FILE *out, const skinned_primitive *sp, const gltf_primitive *prim, mat4 world_from_node,
                             size_t i)
{
    vec3 world;
    if (sp) /* skinned: already in scene space; the node's transform is ignored */
        glm_vec3_copy(sp->positions[i], world);
    else
        glm_mat4_mulv3(world_from_node, (float *)prim->positions[i], 1.0f, world);
    fprintf(out, "v %.9g %.9g %.9g\n", (double)world[0], (double)world[1], (double)world[2]);
}

/* [listing write_obj_primitive] */
/* The vertices in the file's order. The loader unwelded a primitive without
 * NORMAL (chapter 03): then file vertex v is written from its first copy,
 * and each corner as the file vertex it copies, so the dump is the file's
 * vertices and triangles all the same. */
static bool write_obj_primitive(FILE *out, const skinned_primitive *sp, const gltf_primitive *prim,
                                mat4 world_from_node)
{
    if (!prim->source_vertex) {
        for (size_t v = 0; v < prim->vertex_count; v++)
            write_obj_vertex(out, sp, prim, world_from_node, v);
        for (size_t t = 0; t < prim->triangle_count; t++)
            fprintf(out, "f %u %u %u\n", prim->triangle_indices[3 * t] + 1, prim->triangle_indices[3 * t + 1] + 1,
                    prim->triangle_indices[3 * t + 2] + 1);
        return true;
    }
    size_t n = prim->source_vertex_count;
    size_t *first_copy = malloc((n ? n : 1) * sizeof *first_copy);
    if (!first_copy)
        return false;
    for (size_t i = prim->vertex_count; i-- > 0;) /* backwards, so that the first copy wins */
        first_copy[prim->source_vertex[i]] = i;
    for (size_t v = 0; v < n; v++) /* (the loader gives every vertex a copy) */
        write_obj_vertex(out, sp, prim, world_from_node, first_copy[v]);
    free(first_copy);
    const uint32_t *corner = prim->triangle_indices, *source = prim->source_vertex;
    for (size_t t = 0; t < prim->triangle_count; t++)
        fprintf(out, "f %u %u %u\n", source[corner[3 * t]] + 1, source[corner[3 * t + 1]] + 1,
                source[corner[3 * t + 2]] + 1);
    return true;
}
/* [/listing] */

/* [listing write_obj] */
bool skin_scene_write_obj(const skin_scene *sc, const gltf_document *doc, mat4 *world_from_node, const bool *shown,
                          FILE *out, sa_error *err)
{
    int next = 0; /* sc->primitives are in the same node, primitive order */
    for (int n = 0; n < doc->node_count; n++) {
        const gltf_node *node = &doc->nodes[n];
        for (int p = 0; node->mesh >= 0 && p < doc->meshes[node->mesh].primitive_count; p++) {
            const gltf_primitive *prim = &doc->meshes[node->mesh].primitives[p];
            const skinned_primitive *sp = NULL;
            if (next < sc->primitive_count && sc->primitives[next].node == n && sc->primitives[next].primitive == p)
                sp = &sc->primitives[next++];
            if (!shown[n] || prim->skipped)
                continue;
            fprintf(out, "o node_%d_primitive_%d\n", n, p);
            if (!write_obj_primitive(out, sp, prim, world_from_node[n]))
                return sa_error_set(err, "out of memory for the OBJ file");
        }
    }
    return true; /* whether it all reached the file is the caller's to check (sa_output_close) */
}
/* [/listing] */

bool skin_scene_write_obj_file(const skin_scene *sc, const gltf_document *doc, mat4 *world_from_node, const bool *shown,
                               const char *path, sa_error *err)
{
    FILE *out = sa_output_open(path, err);
    if (!out)
        return false;
    bool ok = skin_scene_write_obj(sc, doc, world_from_node, shown, out, err);
    if (!ok)
        sa_error_prefix(err, "%s", path);
    return sa_output_close(out, path, ok, err);
}

bool skin_scene_load(const char *path, bool decode_images, gltf_document *doc, skeleton *s, skin_scene *sc,
                     scene_nodes *nodes, sa_error *err)
{
    gltf_load_options load_options = gltf_load_options_default();
    load_options.decode_images = decode_images;
    if (!gltf_load(path, &load_options, doc, err))
        return false;
    if (!skeleton_from_gltf(doc, s, err) || !skin_scene_init(sc, doc, s, err) || !scene_nodes_rest(doc, nodes, err))
        return sa_error_prefix(err, "%s", path);
    sc->world_from_node = nodes->world_from_node;
    if (sc->zero_weight_vertices)
        fprintf(stderr, "warning: %s: %zu vertices have all-zero weights; they follow their skin's root joint\n", path,
                sc->zero_weight_vertices);
    return true;
}

void skin_scene_rigid_shown(const gltf_document *doc, const bool *shown, bool *rigid_shown)
{
    for (int n = 0; n < doc->node_count; n++) {
        int mesh = doc->nodes[n].mesh;
        rigid_shown[n] = shown[n] && doc->nodes[n].skin < 0 && !(mesh >= 0 && doc->meshes[mesh].target_count > 0);
    }
}

size_t skin_scene_max_vertex_count(const skin_scene *sc)
{
    size_t largest = 1;
    for (int i = 0; i < sc->primitive_count; i++)
        largest = sc->primitives[i].job.vertex_count > largest ? sc->primitives[i].job.vertex_count : largest;
    return largest;
}

void skin_scene_bounds(const skin_scene *sc, const gltf_document *doc, mat4 *world_from_node, const bool *rigid_shown,
                       vec3 lo, vec3 hi)
{
    /* scene_bounds() gives (-1, -1, -1)..(1, 1, 1) when no rigid mesh is
     * drawn: start from an empty box then. */
    scene_bounds(doc, world_from_node, rigid_shown, lo, hi);
    bool any_rigid = false;
    for (int n = 0; n < doc->node_count; n++)
        any_rigid = any_rigid || (rigid_shown[n] && doc->nodes[n].mesh >= 0);
    if (!any_rigid) {
        glm_vec3_fill(lo, INFINITY);
        glm_vec3_fill(hi, -INFINITY);
    }
    for (int i = 0; i < sc->primitive_count; i++)
        for (size_t v = 0; v < sc->primitives[i].job.vertex_count; v++) {
            glm_vec3_minv(lo, sc->primitives[i].positions[v], lo);
            glm_vec3_maxv(hi, sc->primitives[i].positions[v], hi);
        }
    if (!(lo[0] <= hi[0])) {
        glm_vec3_fill(lo, -1.0f);
        glm_vec3_fill(hi, 1.0f);
    }
}
