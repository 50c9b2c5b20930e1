/* gltf_writer.h: a small glTF 2.0 writer, the mirror image of chapter 03.
 *
 * A gltf_out_document is a set of plain structs that mirror the glTF JSON one to
 * one (nodes, meshes, accessors, ...), plus one growing binary buffer. The
 * gltf_out_add_* functions append to it and return the new object's index, the
 * number that other objects use to point at it, exactly as in the file.
 * gltf_out_encode() then turns the document into bytes.
 *
 * Supports:
 *   - one buffer, embedded as a base64 data: URI (.gltf) or as the BIN chunk
 *     of a .glb (4-byte aligned chunks, JSON padded with spaces);
 *   - tightly packed bufferViews (one per accessor), with a target for vertex
 *     and index data;
 *   - accessors of float, unsigned byte/short/int, with exact min and max
 *     computed from the data (required for POSITION and animation times);
 *   - quantized vertex attributes (KHR_mesh_quantization): signed or
 *     unsigned bytes and shorts, normalized or not, each element padded to
 *     4 bytes with a byteStride, as vertex data must be;
 *   - nodes with TRS (defaults omitted), children, mesh and skin;
 *   - meshes with one triangle primitive, metallic-roughness materials with a
 *     base colour texture from a PNG file beside the model;
 *   - one skin per document with inverse bind matrices;
 *   - morph targets (POSITION and NORMAL deltas) on a mesh's primitive, with
 *     mesh.weights (all 0) and extras.targetNames;
 *   - sparse accessors without a bufferView (zeros, then the stored elements
 *     substituted): the form for morph target deltas that are mostly zero;
 *   - animations with LINEAR, STEP or CUBICSPLINE samplers on translation,
 *     rotation, scale or weights (one value per morph target of the mesh).
 * Does not support: interleaved views, cameras, other extensions, several
 *   scenes, several primitives per mesh.
 *
 * Output is deterministic: every float is printed with "%.9g", which is
 * enough digits to read back the same 32-bit float, and nothing depends on
 * the time, the locale or a pointer value.
 */
#ifndef ASSETS_GLTF_WRITER_H
#define ASSETS_GLTF_WRITER_H

#include "common/error.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Component types and bufferView targets, as numbered by the glTF spec. */
enum {
    GLTF_OUT_BYTE = 5120,
    GLTF_OUT_UNSIGNED_BYTE = 5121,
    GLTF_OUT_SHORT = 5122,
    GLTF_OUT_UNSIGNED_SHORT = 5123,
    GLTF_OUT_UNSIGNED_INT = 5125,
    GLTF_OUT_FLOAT = 5126,
};
enum {
    GLTF_OUT_TARGET_NONE = 0,
    GLTF_OUT_TARGET_ARRAY_BUFFER = 34962,
    GLTF_OUT_TARGET_ELEMENT_ARRAY_BUFFER = 34963,
};

#define GLTF_OUT_NAME_MAX 64
#define GLTF_OUT_MAX_OBJECTS 128 /* of each kind: accessors, nodes, ... */
#define GLTF_OUT_MAX_CHILDREN 8
#define GLTF_OUT_MAX_CHANNELS 64 /* per animation */
#define GLTF_OUT_MAX_ANIMATIONS 16
#define GLTF_OUT_MAX_EVENTS 16 /* per animation */
#define GLTF_OUT_MAX_TARGETS 8 /* morph targets per mesh */

typedef struct gltf_out_buffer_view {
    size_t byte_offset, byte_length;
    size_t byte_stride; /* 0: tightly packed (not written) */
    int target;         /* GLTF_TARGET_* */
} gltf_out_buffer_view;

typedef struct gltf_out_accessor {
    int buffer_view;
    int component_type;  /* GLTF_OUT_FLOAT ... */
    bool normalized;     /* integers read as 0..1 (unsigned) or -1..1 (signed) */
    size_t count;        /* elements, not components */
    const char *type;    /* "SCALAR", "VEC2", "VEC3", "VEC4", "MAT4" */
    int component_count; /* 1, 2, 3, 4, 16 */
    double min[16], max[16];
    /* Sparse (buffer_view -1): sparse_count elements substituted into zeros,
     * their indices (unsigned short or int, increasing) and values each in a
     * bufferView of their own. sparse_count 0: not sparse. */
    size_t sparse_count;
    int sparse_indices_view, sparse_index_type, sparse_values_view;
} gltf_out_accessor;

typedef struct gltf_out_node {
    char name[GLTF_OUT_NAME_MAX];
    float translation[3];
    float rotation[4]; /* unit quaternion x, y, z, w */
    float scale[3];
    int mesh, skin; /* -1: none */
    int children[GLTF_OUT_MAX_CHILDREN];
    int child_count;
} gltf_out_node;

/* One morph target: accessors of per-vertex deltas, -1 where absent. */
typedef struct gltf_out_morph_target {
    int position, normal;
} gltf_out_morph_target;

/* Accessor indices of one triangle primitive; -1 where absent. */
typedef struct gltf_out_primitive {
    int position, normal, texcoord, joints, weights, tangent;
    int indices, material;
    gltf_out_morph_target targets[GLTF_OUT_MAX_TARGETS];
    int target_count;
} gltf_out_primitive;

/* The mesh's weights (written as mesh.weights) and target names (written
 * as extras.targetNames) go with its primitive's targets, one each. */
typedef struct gltf_out_mesh {
    char name[GLTF_OUT_NAME_MAX];
    gltf_out_primitive primitive;
    float weights[GLTF_OUT_MAX_TARGETS];
    char target_names[GLTF_OUT_MAX_TARGETS][GLTF_OUT_NAME_MAX];
} gltf_out_mesh;

typedef struct gltf_out_material {
    char name[GLTF_OUT_NAME_MAX];
    float base_color[4];
    int base_color_texture; /* -1: none */
    float metallic, roughness;
} gltf_out_material;

typedef struct gltf_out_image {
    char uri[GLTF_OUT_NAME_MAX]; /* a PNG file beside the model */
} gltf_out_image;

typedef struct gltf_out_skin {
    char name[GLTF_OUT_NAME_MAX];
    int joints[GLTF_OUT_MAX_OBJECTS]; /* node indices */
    int joint_count;
    int inverse_bind_matrices; /* accessor of MAT4 */
} gltf_out_skin;

/* How a sampler goes from one key to the next (glTF 2.0, 3.11). */
typedef enum gltf_out_interpolation {
    GLTF_OUT_LINEAR,
    GLTF_OUT_STEP,
    GLTF_OUT_CUBICSPLINE, /* each key: in-tangent, value, out-tangent */
} gltf_out_interpolation;

/* One channel with its own sampler: times -> values of one property. */
typedef struct gltf_out_channel {
    int node;
    const char *path;  /* "translation", "rotation", "scale" or "weights" */
    int input, output; /* accessors: key times, key values */
    gltf_out_interpolation interpolation;
} gltf_out_channel;

/* A named marker at a clip time, written as extras.events (chapter 08). */
typedef struct gltf_out_event {
    char name[GLTF_OUT_NAME_MAX];
    float time;
} gltf_out_event;

typedef struct gltf_out_animation {
    char name[GLTF_OUT_NAME_MAX];
    gltf_out_channel channels[GLTF_OUT_MAX_CHANNELS];
    int channel_count;
    gltf_out_event events[GLTF_OUT_MAX_EVENTS];
    int event_count;
} gltf_out_animation;

typedef struct gltf_out_document {
    const char *generator;
    unsigned char *bin; /* the one buffer */
    size_t bin_size, bin_capacity;
    gltf_out_buffer_view views[GLTF_OUT_MAX_OBJECTS];
    gltf_out_accessor accessors[GLTF_OUT_MAX_OBJECTS];
    gltf_out_node nodes[GLTF_OUT_MAX_OBJECTS];
    gltf_out_mesh meshes[GLTF_OUT_MAX_OBJECTS];
    gltf_out_material materials[GLTF_OUT_MAX_OBJECTS];
    gltf_out_image images[GLTF_OUT_MAX_OBJECTS];
    gltf_out_skin skin;
    gltf_out_animation animations[GLTF_OUT_MAX_ANIMATIONS];
    int view_count, accessor_count, node_count, mesh_count, material_count, image_count;
    int skin_count, animation_count;
    int scene_nodes[GLTF_OUT_MAX_OBJECTS]; /* the roots of scene 0 */
    int scene_node_count;
    /* Lists KHR_mesh_quantization in extensionsUsed and extensionsRequired:
     * set it when a vertex attribute has a type only that extension allows. */
    bool mesh_quantization;
    /* Set when an add failed (a table full, out of memory); gltf_out_encode then
     * reports it, so that the generator checks once at the end. */
    char failure[256];
} gltf_out_document;

/* Clears the document (it is large: allocate it, e.g. with calloc). */
void gltf_out_init(gltf_out_document *doc, const char *generator);
void gltf_out_free(gltf_out_document *doc);

/* Copies count elements of `type` ("VEC3" ...) into the buffer, behind a new
 * bufferView, and returns the accessor index (-1 on failure). The data is
 * read as component_type; min and max are computed from it. */
int gltf_out_add_accessor(gltf_out_document *doc, const void *data, int component_type, const char *type, size_t count,
                          int target);

/* A sparse float accessor of count elements of `type`, all zero but those
 * of `dense` that are not: only those are stored, with their indices. min
 * and max are those of the whole of `dense` (zeros included). An all-zero
 * `dense` gives an accessor with neither bufferView nor sparse (zeros, as
 * the spec reads it). Returns the accessor index (-1 on failure). */
int gltf_out_add_sparse_accessor(gltf_out_document *doc, const float *dense, const char *type, size_t count);

/* A vertex attribute of integers for KHR_mesh_quantization: count elements
 * of `type` whose components are component_type (GLTF_OUT_BYTE ...
 * GLTF_OUT_UNSIGNED_SHORT), normalized or not. Each element is padded with
 * zeros to a multiple of 4 bytes and the bufferView gets that byteStride.
 * Returns the accessor index (-1 on failure). */
int gltf_out_add_vertex_accessor(gltf_out_document *doc, const void *data, int component_type, bool normalized,
                                 const char *type, size_t count);

/* A node with identity TRS and no mesh; parent -1 makes it a root of the
 * scene, otherwise it becomes the parent's next child. */
int gltf_out_add_node(gltf_out_document *doc, const char *name, int parent);
int gltf_out_add_mesh(gltf_out_document *doc, const char *name, gltf_out_primitive primitive);
/* A primitive with every accessor absent and no morph targets. */
gltf_out_primitive gltf_out_primitive_empty(void);
/* Appends a morph target to a mesh's primitive: the accessors of its
 * POSITION and NORMAL deltas (normal -1: none), its name, weight 0. Returns
 * the target's index (-1 on failure). */
int gltf_out_add_morph_target(gltf_out_document *doc, int mesh, const char *name, int position, int normal);
int gltf_out_add_material(gltf_out_document *doc, const char *name, const float base_color[4], float metallic,
                          float roughness, int base_color_image);
int gltf_out_add_image_file(gltf_out_document *doc, const char *uri);
/* The skin: joints are node indices, the matrices are 16 floats each,
 * column-major, one per joint. Returns 0, the skin index. */
int gltf_out_add_skin(gltf_out_document *doc, const char *name, const int *joints, int joint_count,
                      const float *inverse_bind_matrices);
int gltf_out_add_animation(gltf_out_document *doc, const char *name);
/* Adds one channel (and its LINEAR sampler) to an animation: key_count times
 * and key_count values of 3 (translation, scale) or 4 (rotation) floats. */
bool gltf_out_add_channel(gltf_out_document *doc, int animation, int node, const char *path, const float *times,
                          const float *values, size_t key_count);
/* The same with any interpolation and also the path "weights", whose value
 * at a key is one float per morph target of the node's mesh (the node must
 * have a mesh with targets). CUBICSPLINE keys hold three values each:
 * in-tangent, value, out-tangent (so 3 x key_count x components floats). */
bool gltf_out_add_channel_interpolated(gltf_out_document *doc, int animation, int node, const char *path,
                                       gltf_out_interpolation interpolation, const float *times, const float *values,
                                       size_t key_count);
/* Adds an event to an animation: written as "extras": {"events": [{"name":
 * ..., "time": ...}]}, the form chapter 08 reads (time >= 0). */
bool gltf_out_add_event(gltf_out_document *doc, int animation, const char *name, float time);

typedef enum gltf_out_container {
    GLTF_OUT_JSON, /* .gltf with the buffer as a data: URI */
    GLTF_OUT_GLB,  /* .glb: JSON chunk + BIN chunk */
} gltf_out_container;

/* The whole file in memory (free() *bytes). */
bool gltf_out_encode(const gltf_out_document *doc, gltf_out_container container, unsigned char **bytes, size_t *size,
                     sa_error *err);

/* Standard base64 (RFC 4648) with '=' padding. `out` must hold
 * 4 * ((size + 2) / 3) + 1 bytes; returns the length written (NUL not counted). */
size_t gltf_out_base64_encode(const unsigned char *data, size_t size, char *out);

#endif
