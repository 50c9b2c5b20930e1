/* preview.c: see preview.h. Reads the document's own tables, so it is also a
 * small, independent check that the data the writer holds makes sense. */
#include "preview.h"
#include "rig.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The bytes of element e, component c of an accessor, as double. */
static double accessor_get(const gltf_out_document *doc, int accessor, size_t e, int c)
{
    const gltf_out_accessor *a = &doc->accessors[accessor];
    const unsigned char *p = doc->bin + doc->views[a->buffer_view].byte_offset;
    size_t i = e * (size_t)a->component_count + (size_t)c;
    switch (a->component_type) {
    case GLTF_OUT_UNSIGNED_BYTE:
        return p[i];
    case GLTF_OUT_UNSIGNED_SHORT: {
        uint16_t v;
        memcpy(&v, p + 2 * i, 2);
        return v;
    }
    case GLTF_OUT_UNSIGNED_INT: {
        uint32_t v;
        memcpy(&v, p + 4 * i, 4);
        return v;
    }
    default: {
        float v;
        memcpy(&v, p + 4 * i, 4);
        return v;
    }
    }
}

/* Samples one channel at time t into out (3 or 4 values). */
static void sample_channel(const gltf_out_document *doc, const gltf_out_channel *ch, float t, double out[4])
{
    const gltf_out_accessor *input = &doc->accessors[ch->input];
    int n = doc->accessors[ch->output].component_count;
    size_t last = input->count - 1, k = 0;
    while (k + 1 < last && accessor_get(doc, ch->input, k + 1, 0) <= t)
        k++;
    double t0 = accessor_get(doc, ch->input, k, 0), t1 = accessor_get(doc, ch->input, k < last ? k + 1 : k, 0);
    double s = t1 > t0 ? (t - t0) / (t1 - t0) : 0;
    s = fmin(fmax(s, 0), 1);
    double dot = 0, a[4], b[4];
    for (int c = 0; c < n; c++) {
        a[c] = accessor_get(doc, ch->output, k, c);
        b[c] = accessor_get(doc, ch->output, k < last ? k + 1 : k, c);
        dot += a[c] * b[c];
    }
    bool flip = n == 4 && dot < 0;
    double len = 0;
    for (int c = 0; c < n; c++) {
        out[c] = a[c] + s * ((flip ? -b[c] : b[c]) - a[c]);
        len += out[c] * out[c];
    }
    if (n == 4)
        for (int c = 0; c < 4; c++)
            out[c] /= sqrt(len);
}

/* acc += weight x the deltas of a morph target's VEC3 accessor, which the
 * writer makes sparse (zeros, then the stored elements) or dense. */
static void add_target_deltas(const gltf_out_document *doc, int accessor, double weight, double (*acc)[3])
{
    const gltf_out_accessor *a = &doc->accessors[accessor];
    if (a->buffer_view >= 0) {
        for (size_t v = 0; v < a->count; v++)
            for (int c = 0; c < 3; c++)
                acc[v][c] += weight * accessor_get(doc, accessor, v, c);
        return;
    }
    const unsigned char *indices = doc->bin + doc->views[a->sparse_indices_view].byte_offset;
    const unsigned char *values = doc->bin + doc->views[a->sparse_values_view].byte_offset;
    for (size_t s = 0; s < a->sparse_count; s++) {
        size_t v;
        if (a->sparse_index_type == GLTF_OUT_UNSIGNED_SHORT) {
            uint16_t i;
            memcpy(&i, indices + 2 * s, 2);
            v = i;
        } else {
            uint32_t i;
            memcpy(&i, indices + 4 * s, 4);
            v = i;
        }
        for (int c = 0; c < 3; c++) {
            float f;
            memcpy(&f, values + 4 * (3 * s + (size_t)c), 4);
            acc[v][c] += weight * f;
        }
    }
}

static void node_world(const gltf_out_document *doc, const double (*local)[16], int node, const double parent[16],
                       double (*world)[16])
{
    mat4_multiply(parent, local[node], world[node]);
    for (int c = 0; c < doc->nodes[node].child_count; c++)
        node_world(doc, local, doc->nodes[node].children[c], world[node], world);
}

static void transform_point(const double m[16], const double p[3], double w, double out[3])
{
    for (int r = 0; r < 3; r++)
        out[r] = m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r] * w;
}

/* Every vertex posed: skinned when the mesh node has a skin. */
static void pose_vertices(const gltf_out_document *doc, const preview_request *req, int mesh_node,
                          double (*positions)[3], double (*normals)[3])
{
    static double local[GLTF_OUT_MAX_OBJECTS][16], world[GLTF_OUT_MAX_OBJECTS][16];
    for (int i = 0; i < doc->node_count; i++) {
        const gltf_out_node *n = &doc->nodes[i];
        double t[3] = {n->translation[0], n->translation[1], n->translation[2]};
        double q[4] = {n->rotation[0], n->rotation[1], n->rotation[2], n->rotation[3]};
        if (req->animation >= 0) {
            const gltf_out_animation *a = &doc->animations[req->animation];
            for (int c = 0; c < a->channel_count; c++)
                if (a->channels[c].node == i) {
                    double v[4];
                    sample_channel(doc, &a->channels[c], req->time, v);
                    memcpy(strcmp(a->channels[c].path, "rotation") == 0 ? q : t, v,
                           strcmp(a->channels[c].path, "rotation") == 0 ? sizeof q : sizeof t);
                }
        }
        mat4_from_trs(t, q, local[i]);
    }
    static const double identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    for (int r = 0; r < doc->scene_node_count; r++)
        node_world(doc, (const double(*)[16])local, doc->scene_nodes[r], identity, world);

    const gltf_out_primitive *p = &doc->meshes[doc->nodes[mesh_node].mesh].primitive;
    size_t count = doc->accessors[p->position].count;
    /* The morphed bind vertices: base + sum of weight x delta (glTF 3.7.2.2). */
    for (size_t v = 0; v < count; v++)
        for (int c = 0; c < 3; c++) {
            positions[v][c] = accessor_get(doc, p->position, v, c);
            normals[v][c] = p->normal >= 0 ? accessor_get(doc, p->normal, v, c) : c == 1;
        }
    for (int t = 0; t < p->target_count; t++)
        if (req->morph_weights[t] != 0) {
            if (p->targets[t].position >= 0)
                add_target_deltas(doc, p->targets[t].position, req->morph_weights[t], positions);
            if (p->targets[t].normal >= 0)
                add_target_deltas(doc, p->targets[t].normal, req->morph_weights[t], normals);
        }
    static double skin_matrix[GLTF_OUT_MAX_OBJECTS][16];
    bool skinned = doc->nodes[mesh_node].skin >= 0 && p->joints >= 0 && p->weights >= 0;
    if (skinned)
        for (int j = 0; j < doc->skin.joint_count; j++) {
            double ibm[16];
            for (int k = 0; k < 16; k++)
                ibm[k] = accessor_get(doc, doc->skin.inverse_bind_matrices, (size_t)j, k);
            mat4_multiply(world[doc->skin.joints[j]], ibm, skin_matrix[j]);
        }
    for (size_t v = 0; v < count; v++) {
        double m[16] = {0};
        if (skinned) {
            for (int i = 0; i < 4; i++) {
                double w = accessor_get(doc, p->weights, v, i);
                int j = (int)accessor_get(doc, p->joints, v, i);
                for (int k = 0; k < 16; k++)
                    m[k] += w * skin_matrix[j][k];
            }
        } else {
            memcpy(m, world[mesh_node], sizeof m);
        }
        double pos[3], nrm[3];
        memcpy(pos, positions[v], sizeof pos);
        memcpy(nrm, normals[v], sizeof nrm);
        transform_point(m, pos, 1, positions[v]);
        transform_point(m, nrm, 0, normals[v]);
    }
}

bool preview_render(const gltf_out_document *doc, const preview_request *req, image_rgba8 *out, sa_error *err)
{
    int mesh_node = -1;
    for (int i = 0; i < doc->node_count && mesh_node < 0; i++)
        if (doc->nodes[i].mesh >= 0)
            mesh_node = i;
    if (mesh_node < 0)
        return sa_error_set(err, "preview: the document has no mesh node");
    const gltf_out_primitive *p = &doc->meshes[doc->nodes[mesh_node].mesh].primitive;
    size_t count = doc->accessors[p->position].count;
    double(*positions)[3] = malloc(count * sizeof *positions);
    double(*normals)[3] = malloc(count * sizeof *normals);
    double(*screen)[3] = malloc(count * sizeof *screen);
    float *depth = malloc((size_t)out->width * (size_t)out->height * sizeof *depth);
    if (!positions || !normals || !screen || !depth) {
        free(positions), free(normals), free(screen), free(depth);
        return sa_error_set(err, "preview: out of memory");
    }
    pose_vertices(doc, req, mesh_node, positions, normals);

    /* Orthographic camera: screen x along `right`, y along `up`, depth
     * towards the viewer; then fit the bounds into the image with a margin. */
    double toward[3] = {req->right[1] * req->up[2] - req->right[2] * req->up[1],
                        req->right[2] * req->up[0] - req->right[0] * req->up[2],
                        req->right[0] * req->up[1] - req->right[1] * req->up[0]};
    double lo[2] = {1e30, 1e30}, hi[2] = {-1e30, -1e30};
    for (size_t v = 0; v < count; v++) {
        const double *q = positions[v];
        screen[v][0] = q[0] * req->right[0] + q[1] * req->right[1] + q[2] * req->right[2];
        screen[v][1] = q[0] * req->up[0] + q[1] * req->up[1] + q[2] * req->up[2];
        screen[v][2] = q[0] * toward[0] + q[1] * toward[1] + q[2] * toward[2];
        if (req->frame_min_y != 0 && q[1] < req->frame_min_y)
            continue; /* drawn, but not framed */
        for (int a = 0; a < 2; a++) {
            lo[a] = fmin(lo[a], screen[v][a]);
            hi[a] = fmax(hi[a], screen[v][a]);
        }
    }
    double scale = 0.9 * fmin(out->width / (hi[0] - lo[0]), out->height / (hi[1] - lo[1]));
    double cx = (lo[0] + hi[0]) / 2, cy = (lo[1] + hi[1]) / 2;
    for (size_t v = 0; v < count; v++) {
        screen[v][0] = out->width / 2.0 + (screen[v][0] - cx) * scale;
        screen[v][1] = out->height / 2.0 - (screen[v][1] - cy) * scale; /* rows go down */
    }
    for (int i = 0; i < out->width * out->height; i++) {
        depth[i] = -1e30f;
        unsigned char *px = out->pixels + 4 * (size_t)i;
        px[0] = 236, px[1] = 238, px[2] = 242, px[3] = 255;
    }

    const gltf_out_material *material = p->material >= 0 ? &doc->materials[p->material] : NULL;
    double light[3] = {0.35, 0.8, 0.5};
    double light_len = sqrt(light[0] * light[0] + light[1] * light[1] + light[2] * light[2]);
    size_t index_count = p->indices >= 0 ? doc->accessors[p->indices].count : count;
    for (size_t t = 0; t + 2 < index_count; t += 3) {
        size_t idx[3];
        for (int k = 0; k < 3; k++)
            idx[k] = p->indices >= 0 ? (size_t)accessor_get(doc, p->indices, t + (size_t)k, 0) : t + (size_t)k;
        const double *a = screen[idx[0]], *b = screen[idx[1]], *c = screen[idx[2]];
        double area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        if (area == 0)
            continue;
        int x0 = (int)fmax(floor(fmin(a[0], fmin(b[0], c[0]))), 0);
        int x1 = (int)fmin(ceil(fmax(a[0], fmax(b[0], c[0]))), out->width - 1);
        int y0 = (int)fmax(floor(fmin(a[1], fmin(b[1], c[1]))), 0);
        int y1 = (int)fmin(ceil(fmax(a[1], fmax(b[1], c[1]))), out->height - 1);
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                double px = x + 0.5, py = y + 0.5;
                double w0 = ((b[0] - px) * (c[1] - py) - (b[1] - py) * (c[0] - px)) / area;
                double w1 = ((c[0] - px) * (a[1] - py) - (c[1] - py) * (a[0] - px)) / area;
                double w2 = 1 - w0 - w1;
                if (w0 < 0 || w1 < 0 || w2 < 0)
                    continue;
                double z = w0 * a[2] + w1 * b[2] + w2 * c[2];
                float *d = &depth[(size_t)y * (size_t)out->width + (size_t)x];
                if (z <= *d)
                    continue;
                *d = (float)z;
                double n[3], len = 0;
                for (int k = 0; k < 3; k++) {
                    n[k] = w0 * normals[idx[0]][k] + w1 * normals[idx[1]][k] + w2 * normals[idx[2]][k];
                    len += n[k] * n[k];
                }
                double lambert = len > 0
                                     ? (n[0] * light[0] + n[1] * light[1] + n[2] * light[2]) / (sqrt(len) * light_len)
                                     : 0;
                double shade = 0.35 + 0.65 * fmax(lambert, 0);
                double color[3] = {0.8, 0.8, 0.8};
                if (material)
                    for (int k = 0; k < 3; k++)
                        color[k] = material->base_color[k];
                if (material && material->base_color_texture >= 0 && req->texture && p->texcoord >= 0) {
                    double uv[2];
                    for (int k = 0; k < 2; k++)
                        uv[k] = w0 * accessor_get(doc, p->texcoord, idx[0], k) +
                                w1 * accessor_get(doc, p->texcoord, idx[1], k) +
                                w2 * accessor_get(doc, p->texcoord, idx[2], k);
                    int tx = (int)fmin(fmax(uv[0] * req->texture->width, 0), req->texture->width - 1);
                    int ty = (int)fmin(fmax(uv[1] * req->texture->height, 0), req->texture->height - 1);
                    size_t texel_index = (size_t)ty * (size_t)req->texture->width + (size_t)tx;
                    const unsigned char *texel = req->texture->pixels + 4 * texel_index;
                    for (int k = 0; k < 3; k++)
                        color[k] *= texel[k] / 255.0;
                }
                unsigned char *px_out = out->pixels + 4 * ((size_t)y * (size_t)out->width + (size_t)x);
                for (int k = 0; k < 3; k++)
                    px_out[k] = (unsigned char)lround(255 * fmin(color[k] * shade, 1));
            }
    }
    free(positions), free(normals), free(screen), free(depth);
    return true;
}
