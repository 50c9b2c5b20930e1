/* gltf_writer.c: the document tables, then the JSON text and the GLB container.
 * See gltf_writer.h for what is supported. */
#include "gltf_writer.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the document ------------------------------------------------------------- */

void gltf_out_init(gltf_out_document *doc, const char *generator)
{
    memset(doc, 0, sizeof *doc);
    doc->generator = generator;
}

void gltf_out_free(gltf_out_document *doc)
{
    free(doc->bin);
    doc->bin = NULL;
    doc->bin_size = doc->bin_capacity = 0;
}

/* Records the first failure only: it is the one that explains the rest. */
static int fail(gltf_out_document *doc, const char *what)
{
    if (!doc->failure[0])
        snprintf(doc->failure, sizeof doc->failure, "%s", what);
    return -1;
}

static void copy_name(char *dst, const char *src)
{
    snprintf(dst, GLTF_OUT_NAME_MAX, "%s", src ? src : "");
}

static int component_size(int component_type)
{
    switch (component_type) {
    case GLTF_OUT_BYTE:
    case GLTF_OUT_UNSIGNED_BYTE:
        return 1;
    case GLTF_OUT_SHORT:
    case GLTF_OUT_UNSIGNED_SHORT:
        return 2;
    case GLTF_OUT_UNSIGNED_INT:
    case GLTF_OUT_FLOAT:
        return 4;
    default:
        return 0;
    }
}

static int type_components(const char *type)
{
    static const struct {
        const char *name;
        int count;
    } types[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT4", 16}};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strcmp(type, types[i].name) == 0)
            return types[i].count;
    return 0;
}

static double read_component(const unsigned char *p, int component_type)
{
    switch (component_type) {
    case GLTF_OUT_BYTE: {
        int8_t v;
        memcpy(&v, p, 1);
        return v;
    }
    case GLTF_OUT_UNSIGNED_BYTE:
        return *p;
    case GLTF_OUT_SHORT: {
        int16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case GLTF_OUT_UNSIGNED_SHORT: {
        uint16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case GLTF_OUT_UNSIGNED_INT: {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    default: {
        float v;
        memcpy(&v, p, 4);
        return v;
    }
    }
}

/* Appends bytes to the buffer at a 4-byte aligned offset: every component
 * type, and MAT4 in particular, must start at a multiple of its size. */
static bool append_bin(gltf_out_document *doc, const void *data, size_t size, size_t *offset)
{
    size_t start = (doc->bin_size + 3) & ~(size_t)3;
    size_t end = start + size;
    if (end > doc->bin_capacity) {
        size_t capacity = doc->bin_capacity ? doc->bin_capacity : 4096;
        while (capacity < end)
            capacity *= 2;
        unsigned char *grown = realloc(doc->bin, capacity);
        if (!grown)
            return false;
        doc->bin = grown;
        doc->bin_capacity = capacity;
    }
    memset(doc->bin + doc->bin_size, 0, start - doc->bin_size); /* padding is zeros */
    memcpy(doc->bin + start, data, size);
    doc->bin_size = end;
    *offset = start;
    return true;
}

/* min and max of each component, from the very values in the buffer, so
 * that they are exact (the validator compares them). For normalized data
 * they are the stored integers, as the spec asks. */
static void set_min_max(gltf_out_accessor *a, const void *data)
{
    const unsigned char *bytes = data;
    size_t size = (size_t)component_size(a->component_type);
    for (size_t e = 0; e < a->count; e++)
        for (int c = 0; c < a->component_count; c++) {
            double v = read_component(bytes + (e * (size_t)a->component_count + (size_t)c) * size, a->component_type);
            if (e == 0 || v < a->min[c])
                a->min[c] = v;
            if (e == 0 || v > a->max[c])
                a->max[c] = v;
        }
}

/* Stores a bufferView and the accessor that reads it (min/max taken from the
 * tightly packed data); returns the accessor's index. */
static int add_view_and_accessor(gltf_out_document *doc, gltf_out_buffer_view view, gltf_out_accessor accessor,
                                 const void *data)
{
    accessor.buffer_view = doc->view_count;
    doc->views[doc->view_count++] = view;
    gltf_out_accessor *a = &doc->accessors[doc->accessor_count];
    *a = accessor;
    set_min_max(a, data);
    return doc->accessor_count++;
}

/* [listing gltf_out_add_accessor] */
int gltf_out_add_accessor(gltf_out_document *doc, const void *data, int component_type, const char *type, size_t count,
                          int target)
{
    int components = type_components(type);
    int size = component_size(component_type);
    if (components == 0 || size == 0 || count == 0)
        return fail(doc, "accessor: bad type, component type or count");
    if (doc->view_count == GLTF_OUT_MAX_OBJECTS || doc->accessor_count == GLTF_OUT_MAX_OBJECTS)
        return fail(doc, "too many accessors");
    size_t byte_length = count * (size_t)components * (size_t)size;
    size_t offset;
    if (!append_bin(doc, data, byte_length, &offset))
        return fail(doc, "out of memory for the buffer");

    gltf_out_buffer_view view = {offset, byte_length, 0, target};
    gltf_out_accessor a = {.component_type = component_type,
                           .count = count,
                           .type = type,
                           .component_count = components};
    return add_view_and_accessor(doc, view, a, data);
}
/* [/listing] */

/* [listing gltf_out_add_sparse_accessor] */
int gltf_out_add_sparse_accessor(gltf_out_document *doc, const float *dense, const char *type, size_t count)
{
    int components = type_components(type);
    if (components == 0 || count == 0)
        return fail(doc, "sparse accessor: bad type or count");
    if (doc->view_count + 2 > GLTF_OUT_MAX_OBJECTS || doc->accessor_count == GLTF_OUT_MAX_OBJECTS)
        return fail(doc, "too many accessors");
    /* The elements that are not all zero, and where they are. */
    size_t stored = 0;
    uint32_t *indices = malloc(count * sizeof *indices);
    float *values = malloc(count * (size_t)components * sizeof *values);
    if (!indices || !values) {
        free(indices), free(values);
        return fail(doc, "out of memory for a sparse accessor");
    }
    /* [elide copy each element that is not all zeros into values[stored], its index into indices[stored]] */
    for (size_t e = 0; e < count; e++) {
        const float *element = dense + e * (size_t)components;
        bool zero = true;
        for (int c = 0; c < components; c++)
            zero = zero && element[c] == 0;
        if (!zero) {
            indices[stored] = (uint32_t)e;
            memcpy(values + stored * (size_t)components, element, (size_t)components * sizeof *values);
            stored++;
        }
    }
    /* [/elide] */
    /* [elide append the indices (unsigned short, or int past 65536 elements) and the values to the buffer] */
    /* Indices as unsigned shorts when every index fits, as the mesh's
     * vertex indices are; unsigned ints otherwise. */
    int index_type = count <= 65536 ? GLTF_OUT_UNSIGNED_SHORT : GLTF_OUT_UNSIGNED_INT;
    size_t index_size = (size_t)component_size(index_type), index_offset = 0, value_offset = 0;
    bool ok = true;
    if (stored > 0 && index_type == GLTF_OUT_UNSIGNED_SHORT) {
        uint16_t *shorts = malloc(stored * sizeof *shorts);
        ok = shorts != NULL;
        for (size_t i = 0; ok && i < stored; i++)
            shorts[i] = (uint16_t)indices[i];
        ok = ok && append_bin(doc, shorts, stored * index_size, &index_offset);
        free(shorts);
    } else if (stored > 0) {
        ok = append_bin(doc, indices, stored * index_size, &index_offset);
    }
    if (stored > 0)
        ok = ok && append_bin(doc, values, stored * (size_t)components * sizeof *values, &value_offset);
    /* [/elide] */
    free(indices), free(values);
    if (!ok)
        return fail(doc, "out of memory for the buffer");

    gltf_out_accessor *a = &doc->accessors[doc->accessor_count];
    *a = (gltf_out_accessor){.buffer_view = -1,
                             .component_type = GLTF_OUT_FLOAT,
                             .count = count,
                             .type = type,
                             .component_count = components,
                             .sparse_count = stored};
    set_min_max(a, dense); /* of every element: the zeros count too */
    if (stored > 0) {
        /* Sparse indices and values are not vertex data: no target. */
        a->sparse_index_type = index_type;
        a->sparse_indices_view = doc->view_count;
        doc->views[doc->view_count++] = (gltf_out_buffer_view){index_offset, stored * index_size, 0, 0};
        a->sparse_values_view = doc->view_count;
        doc->views[doc->view_count++] = (gltf_out_buffer_view){value_offset,
                                                               stored * (size_t)components * sizeof(float), 0, 0};
    }
    return doc->accessor_count++;
}
/* [/listing] */

int gltf_out_add_node(gltf_out_document *doc, const char *name, int parent)
{
    if (doc->node_count == GLTF_OUT_MAX_OBJECTS)
        return fail(doc, "too many nodes");
    if (parent >= doc->node_count)
        return fail(doc, "node: parent does not exist");
    int index = doc->node_count;
    if (parent < 0) {
        doc->scene_nodes[doc->scene_node_count++] = index;
    } else {
        gltf_out_node *p = &doc->nodes[parent];
        if (p->child_count == GLTF_OUT_MAX_CHILDREN)
            return fail(doc, "node: too many children");
        p->children[p->child_count++] = index;
    }
    gltf_out_node *n = &doc->nodes[index];
    *n = (gltf_out_node){.rotation = {0, 0, 0, 1}, .scale = {1, 1, 1}, .mesh = -1, .skin = -1};
    copy_name(n->name, name);
    return doc->node_count++;
}

int gltf_out_add_vertex_accessor(gltf_out_document *doc, const void *data, int component_type, bool normalized,
                                 const char *type, size_t count)
{
    int components = type_components(type);
    int size = component_size(component_type);
    if (size == 0 || size == 4 || components == 0 || components > 4 || count == 0)
        return fail(doc, "vertex accessor: not a vector of bytes or shorts");
    if (doc->view_count == GLTF_OUT_MAX_OBJECTS || doc->accessor_count == GLTF_OUT_MAX_OBJECTS)
        return fail(doc, "too many accessors");
    /* Vertex data is aligned to 4 bytes: a VEC3 of shorts (6 bytes) is
     * written 8 bytes apart, the last 2 bytes zero. */
    size_t element = (size_t)components * (size_t)size;
    size_t stride = (element + 3) & ~(size_t)3;
    unsigned char *padded = calloc(count, stride);
    if (!padded)
        return fail(doc, "out of memory for a vertex accessor");
    for (size_t e = 0; e < count; e++)
        memcpy(padded + e * stride, (const unsigned char *)data + e * element, element);
    size_t offset;
    bool appended = append_bin(doc, padded, count * stride, &offset);
    free(padded);
    if (!appended)
        return fail(doc, "out of memory for the buffer");
    gltf_out_buffer_view view = {offset, count * stride, stride == element ? 0 : stride, GLTF_OUT_TARGET_ARRAY_BUFFER};
    gltf_out_accessor a = {.component_type = component_type,
                           .normalized = normalized,
                           .count = count,
                           .type = type,
                           .component_count = components};
    return add_view_and_accessor(doc, view, a, data);
}

gltf_out_primitive gltf_out_primitive_empty(void)
{
    return (gltf_out_primitive){.position = -1,
                                .normal = -1,
                                .texcoord = -1,
                                .joints = -1,
                                .weights = -1,
                                .tangent = -1,
                                .indices = -1,
                                .material = -1};
}

int gltf_out_add_mesh(gltf_out_document *doc, const char *name, gltf_out_primitive primitive)
{
    if (doc->mesh_count == GLTF_OUT_MAX_OBJECTS)
        return fail(doc, "too many meshes");
    if (primitive.position < 0)
        return fail(doc, "mesh: a primitive needs POSITION");
    gltf_out_mesh *m = &doc->meshes[doc->mesh_count];
    copy_name(m->name, name);
    m->primitive = primitive;
    return doc->mesh_count++;
}

int gltf_out_add_morph_target(gltf_out_document *doc, int mesh, const char *name, int position, int normal)
{
    if (mesh < 0 || mesh >= doc->mesh_count)
        return fail(doc, "morph target: bad mesh");
    gltf_out_mesh *m = &doc->meshes[mesh];
    gltf_out_primitive *p = &m->primitive;
    if (p->target_count == GLTF_OUT_MAX_TARGETS)
        return fail(doc, "too many morph targets");
    if (position < 0 && normal < 0)
        return fail(doc, "morph target: it needs POSITION or NORMAL deltas");
    /* Every attribute a target moves must have the primitive's vertex count. */
    size_t vertices = doc->accessors[p->position].count;
    if ((position >= 0 && doc->accessors[position].count != vertices) ||
        (normal >= 0 && doc->accessors[normal].count != vertices))
        return fail(doc, "morph target: the deltas' count is not the vertex count");
    p->targets[p->target_count] = (gltf_out_morph_target){position, normal};
    copy_name(m->target_names[p->target_count], name);
    m->weights[p->target_count] = 0;
    return p->target_count++;
}

int gltf_out_add_material(gltf_out_document *doc, const char *name, const float base_color[4], float metallic,
                          float roughness, int base_color_image)
{
    if (doc->material_count == GLTF_OUT_MAX_OBJECTS)
        return fail(doc, "too many materials");
    gltf_out_material *m = &doc->materials[doc->material_count];
    copy_name(m->name, name);
    memcpy(m->base_color, base_color, sizeof m->base_color);
    m->metallic = metallic;
    m->roughness = roughness;
    m->base_color_texture = base_color_image; /* textures and images are numbered alike */
    return doc->material_count++;
}

int gltf_out_add_image_file(gltf_out_document *doc, const char *uri)
{
    if (doc->image_count == GLTF_OUT_MAX_OBJECTS)
        return fail(doc, "too many images");
    copy_name(doc->images[doc->image_count].uri, uri);
    return doc->image_count++;
}

int gltf_out_add_skin(gltf_out_document *doc, const char *name, const int *joints, int joint_count,
                      const float *inverse_bind_matrices)
{
    if (doc->skin_count == 1)
        return fail(doc, "this writer supports one skin");
    if (joint_count <= 0 || joint_count > GLTF_OUT_MAX_OBJECTS)
        return fail(doc, "skin: bad joint count");
    int ibm = gltf_out_add_accessor(doc, inverse_bind_matrices, GLTF_OUT_FLOAT, "MAT4", (size_t)joint_count,
                                    GLTF_OUT_TARGET_NONE);
    if (ibm < 0)
        return -1;
    copy_name(doc->skin.name, name);
    memcpy(doc->skin.joints, joints, (size_t)joint_count * sizeof *joints);
    doc->skin.joint_count = joint_count;
    doc->skin.inverse_bind_matrices = ibm;
    doc->skin_count = 1;
    return 0;
}

int gltf_out_add_animation(gltf_out_document *doc, const char *name)
{
    if (doc->animation_count == GLTF_OUT_MAX_ANIMATIONS)
        return fail(doc, "too many animations");
    gltf_out_animation *a = &doc->animations[doc->animation_count];
    memset(a, 0, sizeof *a);
    copy_name(a->name, name);
    return doc->animation_count++;
}

bool gltf_out_add_channel(gltf_out_document *doc, int animation, int node, const char *path, const float *times,
                          const float *values, size_t key_count)
{
    return gltf_out_add_channel_interpolated(doc, animation, node, path, GLTF_OUT_LINEAR, times, values, key_count);
}

/* [listing gltf_out_add_channel_interpolated] */
bool gltf_out_add_channel_interpolated(gltf_out_document *doc, int animation, int node, const char *path,
                                       gltf_out_interpolation interpolation, const float *times, const float *values,
                                       size_t key_count)
{
    static const char *const paths[] = {"translation", "rotation", "scale", "weights"};
    int known = 0;
    while (known < 4 && strcmp(path, paths[known]) != 0)
        known++;
    if (animation < 0 || animation >= doc->animation_count || node < 0 || node >= doc->node_count)
        return fail(doc, "channel: bad animation or node"), false;
    if (known == 4)
        return fail(doc, "channel: the path must be translation, rotation, scale or weights"), false;
    gltf_out_animation *a = &doc->animations[animation];
    if (a->channel_count == GLTF_OUT_MAX_CHANNELS)
        return fail(doc, "too many channels"), false;
    /* A weights output is scalars, one per morph target of the node's mesh
     * at each key; the others are one vector per key. CUBICSPLINE stores
     * three of each per key: in-tangent, value, out-tangent. */
    const char *value_type = known == 1 ? "VEC4" : known == 3 ? "SCALAR" : "VEC3";
    size_t per_key = 1;
    if (known == 3) {
        int mesh = doc->nodes[node].mesh;
        if (mesh < 0 || doc->meshes[mesh].primitive.target_count == 0)
            return fail(doc, "channel: a weights channel needs a node whose mesh has morph targets"), false;
        per_key = (size_t)doc->meshes[mesh].primitive.target_count;
    }
    if (interpolation == GLTF_OUT_CUBICSPLINE)
        per_key *= 3;
    int input = gltf_out_add_accessor(doc, times, GLTF_OUT_FLOAT, "SCALAR", key_count, GLTF_OUT_TARGET_NONE);
    int output = gltf_out_add_accessor(doc, values, GLTF_OUT_FLOAT, value_type, key_count * per_key,
                                       GLTF_OUT_TARGET_NONE);
    if (input < 0 || output < 0)
        return false;
    a->channels[a->channel_count++] = (gltf_out_channel){node, paths[known], input, output, interpolation};
    return true;
}
/* [/listing] */

bool gltf_out_add_event(gltf_out_document *doc, int animation, const char *name, float time)
{
    if (animation < 0 || animation >= doc->animation_count || !(time >= 0))
        return fail(doc, "event: bad animation or time"), false;
    gltf_out_animation *a = &doc->animations[animation];
    if (a->event_count == GLTF_OUT_MAX_EVENTS)
        return fail(doc, "too many events"), false;
    copy_name(a->events[a->event_count].name, name);
    a->events[a->event_count++].time = time;
    return true;
}

/* ---- text ---------------------------------------------------------------------- */

/* A growing string. Out of memory sets `failed` and stops appending. */
typedef struct text {
    char *data;
    size_t size, capacity;
    bool failed;
} text;

static void text_reserve(text *t, size_t extra)
{
    if (t->failed || t->size + extra + 1 <= t->capacity)
        return;
    size_t capacity = t->capacity ? t->capacity : 4096;
    while (capacity < t->size + extra + 1)
        capacity *= 2;
    char *grown = realloc(t->data, capacity);
    if (!grown) {
        t->failed = true;
        return;
    }
    t->data = grown;
    t->capacity = capacity;
}

static void SA_PRINTF(2, 3) put(text *t, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(NULL, 0, fmt, args);
    va_end(args);
    if (n < 0) {
        t->failed = true;
        return;
    }
    text_reserve(t, (size_t)n);
    if (t->failed)
        return;
    va_start(args, fmt);
    vsnprintf(t->data + t->size, (size_t)n + 1, fmt, args);
    va_end(args);
    t->size += (size_t)n;
}

/* A JSON string. Names here are plain ASCII, but escaping keeps any name valid. */
static void put_string(text *t, const char *s)
{
    put(t, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            put(t, "\\%c", c);
        else if (c < 0x20)
            put(t, "\\u%04x", c);
        else
            put(t, "%c", c);
    }
    put(t, "\"");
}

/* [listing gltf_put_number] */
/* Every number in the document is a 32-bit float (or a small integer). It
 * is printed with the fewest digits, from 6 to 9, that read back as the same
 * float: 0.95f comes out as "0.95", not "0.949999988". Nine digits always
 * suffice, and printf and strtod round correctly in the C locale, so the
 * text is the same on every machine. The generator never makes nan or inf. */
static void put_number(text *t, double v)
{
    char digits[32];
    if (v == floor(v) && fabs(v) < 1e15) {
        put(t, "%.0f", v == 0 ? 0.0 : v); /* integers (indices, counts) as such; -0 as 0 */
        return;
    }
    float f = (float)v;
    for (int precision = 6; precision <= 9; precision++) {
        snprintf(digits, sizeof digits, "%.*g", precision, (double)f);
        if ((float)strtod(digits, NULL) == f)
            break;
    }
    put(t, "%s", digits);
}
/* [/listing] */

static void put_numbers(text *t, const double *v, int n)
{
    put(t, "[");
    for (int i = 0; i < n; i++) {
        if (i)
            put(t, ", ");
        put_number(t, v[i]);
    }
    put(t, "]");
}

static void put_floats(text *t, const float *v, int n)
{
    double d[16];
    for (int i = 0; i < n; i++)
        d[i] = v[i];
    put_numbers(t, d, n);
}

/* `,\n` between the elements of an array, nothing before the first. */
static void put_separator(text *t, int index)
{
    put(t, index ? ",\n    " : "\n    ");
}

static void put_node(text *t, const gltf_out_node *n)
{
    static const float zero[3] = {0, 0, 0}, one[3] = {1, 1, 1}, identity[4] = {0, 0, 0, 1};
    put(t, "{\"name\": ");
    put_string(t, n->name);
    if (n->mesh >= 0)
        put(t, ", \"mesh\": %d", n->mesh);
    if (n->skin >= 0)
        put(t, ", \"skin\": %d", n->skin);
    if (n->child_count) {
        put(t, ", \"children\": [");
        for (int c = 0; c < n->child_count; c++)
            put(t, c ? ", %d" : "%d", n->children[c]);
        put(t, "]");
    }
    /* Defaults are left out, as most exporters do. */
    if (memcmp(n->translation, zero, sizeof zero) != 0) {
        put(t, ", \"translation\": ");
        put_floats(t, n->translation, 3);
    }
    if (memcmp(n->rotation, identity, sizeof identity) != 0) {
        put(t, ", \"rotation\": ");
        put_floats(t, n->rotation, 4);
    }
    if (memcmp(n->scale, one, sizeof one) != 0) {
        put(t, ", \"scale\": ");
        put_floats(t, n->scale, 3);
    }
    put(t, "}");
}

static void put_primitive(text *t, const gltf_out_primitive *p)
{
    static const char *names[] = {"POSITION", "NORMAL", "TEXCOORD_0", "JOINTS_0", "WEIGHTS_0", "TANGENT"};
    const int accessors[] = {p->position, p->normal, p->texcoord, p->joints, p->weights, p->tangent};
    put(t, "{\"attributes\": {");
    int written = 0;
    for (int i = 0; i < 6; i++)
        if (accessors[i] >= 0)
            put(t, "%s\"%s\": %d", written++ ? ", " : "", names[i], accessors[i]);
    put(t, "}");
    if (p->indices >= 0)
        put(t, ", \"indices\": %d", p->indices);
    if (p->material >= 0)
        put(t, ", \"material\": %d", p->material);
    put(t, ", \"mode\": 4");
    if (p->target_count) {
        put(t, ",\n      \"targets\": [");
        for (int i = 0; i < p->target_count; i++) {
            put(t, i ? ", {" : "{");
            if (p->targets[i].position >= 0)
                put(t, "\"POSITION\": %d", p->targets[i].position);
            if (p->targets[i].normal >= 0)
                put(t, "%s\"NORMAL\": %d", p->targets[i].position >= 0 ? ", " : "", p->targets[i].normal);
            put(t, "}");
        }
        put(t, "]");
    }
    put(t, "}");
}

/* A mesh: its primitive, and with morph targets the default weights and
 * the targets' names (extras.targetNames, the form most tools read). */
static void put_mesh(text *t, const gltf_out_mesh *m)
{
    put(t, "{\"name\": ");
    put_string(t, m->name);
    put(t, ", \"primitives\": [");
    put_primitive(t, &m->primitive);
    put(t, "]");
    int n = m->primitive.target_count;
    if (n) {
        put(t, ",\n     \"weights\": ");
        put_floats(t, m->weights, n);
        put(t, ", \"extras\": {\"targetNames\": [");
        for (int i = 0; i < n; i++) {
            put(t, i ? ", " : "");
            put_string(t, m->target_names[i]);
        }
        put(t, "]}");
    }
    put(t, "}");
}

static void put_json(text *t, const gltf_out_document *doc, gltf_out_container container)
{
    put(t, "{\n  \"asset\": {\"version\": \"2.0\", \"generator\": ");
    put_string(t, doc->generator ? doc->generator : "gltf_writer");
    put(t, "},\n");
    if (doc->mesh_quantization)
        put(t, "  \"extensionsUsed\": [\"KHR_mesh_quantization\"],\n"
               "  \"extensionsRequired\": [\"KHR_mesh_quantization\"],\n");
    put(t, "  \"scene\": 0,\n  \"scenes\": [{\"nodes\": [");
    for (int i = 0; i < doc->scene_node_count; i++)
        put(t, i ? ", %d" : "%d", doc->scene_nodes[i]);
    put(t, "]}],\n  \"nodes\": [");
    for (int i = 0; i < doc->node_count; i++) {
        put_separator(t, i);
        put_node(t, &doc->nodes[i]);
    }
    put(t, "\n  ],\n  \"meshes\": [");
    for (int i = 0; i < doc->mesh_count; i++) {
        put_separator(t, i);
        put_mesh(t, &doc->meshes[i]);
    }
    put(t, "\n  ]");
    if (doc->material_count) {
        put(t, ",\n  \"materials\": [");
        for (int i = 0; i < doc->material_count; i++) {
            const gltf_out_material *m = &doc->materials[i];
            put_separator(t, i);
            put(t, "{\"name\": ");
            put_string(t, m->name);
            put(t, ", \"pbrMetallicRoughness\": {\"baseColorFactor\": ");
            put_floats(t, m->base_color, 4);
            if (m->base_color_texture >= 0)
                put(t, ", \"baseColorTexture\": {\"index\": %d}", m->base_color_texture);
            put(t, ", \"metallicFactor\": ");
            put_number(t, m->metallic);
            put(t, ", \"roughnessFactor\": ");
            put_number(t, m->roughness);
            put(t, "}}");
        }
        put(t, "\n  ]");
    }
    if (doc->image_count) {
        /* One texture per image, all with the same sampler: smooth, repeating. */
        put(t, ",\n  \"samplers\": [{\"magFilter\": 9729, \"minFilter\": 9987}],\n  \"textures\": [");
        for (int i = 0; i < doc->image_count; i++) {
            put_separator(t, i);
            put(t, "{\"sampler\": 0, \"source\": %d}", i);
        }
        put(t, "\n  ],\n  \"images\": [");
        for (int i = 0; i < doc->image_count; i++) {
            put_separator(t, i);
            put(t, "{\"uri\": ");
            put_string(t, doc->images[i].uri);
            put(t, "}");
        }
        put(t, "\n  ]");
    }
    if (doc->skin_count) {
        put(t, ",\n  \"skins\": [\n    {\"name\": ");
        put_string(t, doc->skin.name);
        put(t, ", \"inverseBindMatrices\": %d, \"joints\": [", doc->skin.inverse_bind_matrices);
        for (int j = 0; j < doc->skin.joint_count; j++)
            put(t, j ? ", %d" : "%d", doc->skin.joints[j]);
        put(t, "]}\n  ]");
    }
    if (doc->animation_count) {
        put(t, ",\n  \"animations\": [");
        for (int i = 0; i < doc->animation_count; i++) {
            const gltf_out_animation *a = &doc->animations[i];
            put(t, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
            put_string(t, a->name);
            put(t, ",\n     \"channels\": [");
            for (int c = 0; c < a->channel_count; c++)
                put(t, "%s\n      {\"sampler\": %d, \"target\": {\"node\": %d, \"path\": \"%s\"}}", c ? "," : "", c,
                    a->channels[c].node, a->channels[c].path);
            put(t, "],\n     \"samplers\": [");
            static const char *const interpolations[] = {"LINEAR", "STEP", "CUBICSPLINE"};
            for (int c = 0; c < a->channel_count; c++)
                put(t, "%s\n      {\"input\": %d, \"output\": %d, \"interpolation\": \"%s\"}", c ? "," : "",
                    a->channels[c].input, a->channels[c].output, interpolations[a->channels[c].interpolation]);
            put(t, "]");
            if (a->event_count) {
                put(t, ",\n     \"extras\": {\"events\": [");
                for (int e = 0; e < a->event_count; e++) {
                    put(t, e ? ", {\"name\": " : "{\"name\": ");
                    put_string(t, a->events[e].name);
                    put(t, ", \"time\": ");
                    put_number(t, a->events[e].time);
                    put(t, "}");
                }
                put(t, "]}");
            }
            put(t, "}");
        }
        put(t, "\n  ]");
    }
    put(t, ",\n  \"accessors\": [");
    for (int i = 0; i < doc->accessor_count; i++) {
        const gltf_out_accessor *a = &doc->accessors[i];
        put_separator(t, i);
        put(t, "{");
        if (a->buffer_view >= 0) /* absent: zeros (a sparse accessor's base) */
            put(t, "\"bufferView\": %d, ", a->buffer_view);
        put(t, "\"componentType\": %d, ", a->component_type);
        if (a->normalized)
            put(t, "\"normalized\": true, ");
        put(t, "\"count\": %zu, \"type\": \"%s\", \"min\": ", a->count, a->type);
        put_numbers(t, a->min, a->component_count);
        put(t, ", \"max\": ");
        put_numbers(t, a->max, a->component_count);
        if (a->sparse_count)
            put(t,
                ",\n     \"sparse\": {\"count\": %zu, \"indices\": {\"bufferView\": %d, \"componentType\": %d}, "
                "\"values\": {\"bufferView\": %d}}",
                a->sparse_count, a->sparse_indices_view, a->sparse_index_type, a->sparse_values_view);
        put(t, "}");
    }
    put(t, "\n  ],\n  \"bufferViews\": [");
    for (int i = 0; i < doc->view_count; i++) {
        const gltf_out_buffer_view *v = &doc->views[i];
        put_separator(t, i);
        put(t, "{\"buffer\": 0, \"byteOffset\": %zu, \"byteLength\": %zu", v->byte_offset, v->byte_length);
        if (v->byte_stride)
            put(t, ", \"byteStride\": %zu", v->byte_stride);
        if (v->target)
            put(t, ", \"target\": %d", v->target);
        put(t, "}");
    }
    put(t, "\n  ],\n  \"buffers\": [{\"byteLength\": %zu", doc->bin_size);
    if (container == GLTF_OUT_JSON) {
        /* The buffer inside the JSON: "data:<mime>;base64,<text>". */
        static const char prefix[] = "data:application/octet-stream;base64,";
        put(t, ", \"uri\": \"%s", prefix);
        text_reserve(t, 4 * ((doc->bin_size + 2) / 3));
        if (!t->failed)
            t->size += gltf_out_base64_encode(doc->bin, doc->bin_size, t->data + t->size);
        put(t, "\"");
    }
    put(t, "}]\n}\n");
}

/* [listing gltf_out_base64_encode] */
size_t gltf_out_base64_encode(const unsigned char *data, size_t size, char *out)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t n = 0;
    /* Every 3 bytes (24 bits) become 4 characters of 6 bits each. */
    for (size_t i = 0; i < size; i += 3) {
        uint32_t bits = (uint32_t)data[i] << 16;
        if (i + 1 < size)
            bits |= (uint32_t)data[i + 1] << 8;
        if (i + 2 < size)
            bits |= data[i + 2];
        out[n++] = alphabet[(bits >> 18) & 63];
        out[n++] = alphabet[(bits >> 12) & 63];
        out[n++] = i + 1 < size ? alphabet[(bits >> 6) & 63] : '='; /* '=' pads a short end */
        out[n++] = i + 2 < size ? alphabet[bits & 63] : '=';
    }
    out[n] = '\0';
    return n;
}
/* [/listing] */

/* ---- the container ------------------------------------------------------------- */

static void put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v; /* GLB is little-endian whatever the machine */
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

/* [listing gltf_encode_glb] */
/* GLB: a 12-byte header, then chunks of (length, type, data). Each chunk's
 * data is padded to 4 bytes: the JSON with spaces, the binary with zeros. */
static bool encode_glb(const text *json, const gltf_out_document *doc, unsigned char **bytes, size_t *size,
                       sa_error *err)
{
    size_t json_padded = (json->size + 3) & ~(size_t)3;
    size_t bin_padded = (doc->bin_size + 3) & ~(size_t)3;
    size_t total = 12 + 8 + json_padded + (doc->bin_size ? 8 + bin_padded : 0);
    if (total > UINT32_MAX)
        return sa_error_set(err, "glb: %zu bytes is over the 4 GiB limit of the format", total);
    unsigned char *out = calloc(total, 1);
    if (!out)
        return sa_error_set(err, "glb: out of memory");
    put_u32(out, 0x46546C67); /* "glTF" */
    put_u32(out + 4, 2);
    put_u32(out + 8, (uint32_t)total);
    put_u32(out + 12, (uint32_t)json_padded);
    put_u32(out + 16, 0x4E4F534A); /* "JSON" */
    memcpy(out + 20, json->data, json->size);
    memset(out + 20 + json->size, ' ', json_padded - json->size);
    if (doc->bin_size) {
        unsigned char *chunk = out + 20 + json_padded;
        put_u32(chunk, (uint32_t)bin_padded);
        put_u32(chunk + 4, 0x004E4942);             /* "BIN\0" */
        memcpy(chunk + 8, doc->bin, doc->bin_size); /* the padding stays zero */
    }
    *bytes = out;
    *size = total;
    return true;
}
/* [/listing] */

bool gltf_out_encode(const gltf_out_document *doc, gltf_out_container container, unsigned char **bytes, size_t *size,
                     sa_error *err)
{
    *bytes = NULL;
    *size = 0;
    if (doc->failure[0])
        return sa_error_set(err, "gltf writer: %s", doc->failure);
    /* A mesh needs an accessor and so a buffer: with a mesh and a scene
     * root, none of the arrays below is empty (glTF forbids empty arrays). */
    if (doc->mesh_count == 0 || doc->scene_node_count == 0)
        return sa_error_set(err, "gltf writer: the document is empty: it needs a mesh and a node in the scene");
    text json = {0};
    put_json(&json, doc, container);
    if (json.failed) {
        free(json.data);
        return sa_error_set(err, "gltf writer: out of memory for the JSON text");
    }
    bool ok = true;
    if (container == GLTF_OUT_GLB) {
        ok = encode_glb(&json, doc, bytes, size, err);
        free(json.data);
    } else {
        *bytes = (unsigned char *)json.data;
        *size = json.size;
    }
    return ok;
}
