/* gltf.h: a glTF 2.0 loader written for reading.
 *
 * Supports
 *   - .gltf (JSON) with external .bin files (resolved next to the .gltf) or
 *     base64 `data:` URIs, and .glb (12-byte header, JSON chunk, BIN chunk);
 *   - buffers, bufferViews (byteOffset, byteLength, byteStride), accessors of
 *     every componentType (5120..5126) and type (SCALAR..MAT4), normalized
 *     integers, min/max, sparse accessors; every range is checked before it is
 *     read, and so are the spec's alignment rules (offsets a multiple of the
 *     component size; vertex attributes on 4 bytes; byteStride 4..252);
 *     reads go through memcpy all the same;
 *   - meshes: TRIANGLES, TRIANGLE_STRIP and TRIANGLE_FAN (turned into triangle
 *     lists); POSITION, NORMAL (flat normals computed when missing, as the
 *     spec asks), TEXCOORD_0, JOINTS_n and WEIGHTS_n (n = 0..7, in pairs from
 *     0 without gaps), TANGENT; indexed and non-indexed;
 *   - KHR_mesh_quantization: positions, normals, tangents and texture
 *     coordinates stored as (normalized) bytes or shorts, decoded to floats
 *     (the dequantizing scale and offset are in the node's transform);
 *   - nodes (TRS or matrix), children, scenes; the graph is validated
 *     (references in range, one parent per node, no cycles);
 *   - morph targets: each primitive's `targets` (POSITION, NORMAL and TANGENT
 *     deltas decoded like attributes, any accessor form: sparse, normalized,
 *     quantized), mesh.weights, node.weights, extras.targetNames; parsed and
 *     validated, not applied (chapter 03 draws the base shape);
 *   - skins and animations, parsed and validated, with their accessors decoded;
 *   - materials (baseColorFactor, baseColorTexture), textures, samplers,
 *     images (bufferView, URI or data URI; decoded with stb_image on the CPU,
 *     at most 16384 pixels a side and 256 MiB each, see max_image_bytes).
 * Does not support
 *   - morphed TEXCOORD_n / COLOR_n and application-specific (_NAME) target
 *     attributes (checked, not decoded); `weights` channels are kept but not
 *     checked against the target count; cameras, lights, TEXCOORD_1+, JOINTS_8/WEIGHTS_8 on, extensions
 *     other than KHR_mesh_quantization (another one in extensionsRequired is
 *     an error; optional ones are ignored);
 *   - POINTS, LINES, LINE_LOOP, LINE_STRIP primitives: kept in the arrays but
 *     not decoded (`skipped` is set and a note is recorded).
 *
 * Parsing never touches GL: everything lands in the plain structs below,
 * which mirror the spec one to one (names in snake_case), plus the decoded
 * arrays (`positions`, `indices`, `times` ...) that the later chapters use.
 * An index into another array is an int, -1 when absent.
 *
 * Errors: "<file>: <JSON path>: <what is wrong>", e.g.
 *   "model.gltf: accessors[3]: 40 elements of 12 bytes, 12 apart, from byte 0
 *    do not fit in bufferViews[1] (456 bytes)"
 */
#ifndef CH03_GLTF_H
#define CH03_GLTF_H

#include "common/error.h"
#include "common/image.h"
#include "common/transform.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* --- accessors: the typed view of raw bytes ------------------------------- */

typedef enum gltf_component_type {
    GLTF_BYTE = 5120,
    GLTF_UNSIGNED_BYTE = 5121,
    GLTF_SHORT = 5122,
    GLTF_UNSIGNED_SHORT = 5123,
    GLTF_UNSIGNED_INT = 5125,
    GLTF_FLOAT = 5126,
} gltf_component_type;

/* The value is the number of components (MAT2 = 4, MAT3 = 9, MAT4 = 16). */
typedef enum gltf_type {
    GLTF_SCALAR = 1,
    GLTF_VEC2 = 2,
    GLTF_VEC3 = 3,
    GLTF_VEC4 = 4,
    GLTF_MAT2 = 5, /* values 5..7 only name the matrices; use gltf_type_components() */
    GLTF_MAT3 = 6,
    GLTF_MAT4 = 7,
} gltf_type;

typedef struct gltf_buffer {
    size_t byte_length;  /* as declared; data holds at least this many bytes */
    unsigned char *data; /* owned by the document */
} gltf_buffer;

typedef struct gltf_buffer_view {
    int buffer;
    size_t byte_offset;
    size_t byte_length;
    size_t byte_stride; /* 0: elements are tightly packed */
    int target;         /* 34962 ARRAY_BUFFER, 34963 ELEMENT_ARRAY_BUFFER, 0 */
} gltf_buffer_view;

typedef struct gltf_accessor_sparse {
    size_t count; /* 0: the accessor is not sparse */
    int indices_buffer_view;
    size_t indices_byte_offset;
    gltf_component_type indices_component_type; /* u8, u16 or u32 */
    int values_buffer_view;
    size_t values_byte_offset;
} gltf_accessor_sparse;

typedef struct gltf_accessor {
    int buffer_view; /* -1: all zeros (then usually sparse) */
    size_t byte_offset;
    gltf_component_type component_type;
    bool normalized;
    size_t count;
    gltf_type type;
    int min_count, max_count; /* 0 when the file has no min / max */
    float min[16], max[16];
    gltf_accessor_sparse sparse;
} gltf_accessor;

/* --- meshes ------------------------------------------------------------- */

typedef enum gltf_mode {
    GLTF_POINTS = 0,
    GLTF_LINES = 1,
    GLTF_LINE_LOOP = 2,
    GLTF_LINE_STRIP = 3,
    GLTF_TRIANGLES = 4,
    GLTF_TRIANGLE_STRIP = 5,
    GLTF_TRIANGLE_FAN = 6,
} gltf_mode;

/* [listing morph_target] */
/* One morph target of a primitive (glTF 2.0, 3.7.2.2): per vertex, how far
 * each attribute moves at weight 1. The morphed vertex is the base plus the
 * sum over targets of weight x delta; the weights come from the node, else
 * the mesh. Deltas are VEC3 for TANGENT too (w, the handedness, never moves). */
typedef struct gltf_morph_target {
    int position, normal, tangent; /* accessors, -1 when absent */
    /* Decoded: vertex_count deltas each, indexed like the primitive's arrays
     * (copied per unwelded vertex when normals_computed); NULL when absent.
     * normal_deltas is NULL when the normals are computed (flat), and
     * tangent_deltas when the primitive keeps no tangents. */
    float (*position_deltas)[3];
    float (*normal_deltas)[3];
    float (*tangent_deltas)[3];
} gltf_morph_target;
/* [/listing] */

/* Sets of four joint influences read per vertex (JOINTS_0..7 / WEIGHTS_0..7). */
#define GLTF_MAX_INFLUENCE_SETS 8

typedef struct gltf_primitive {
    /* As in the file: accessor indices, -1 when absent. */
    int position, normal, texcoord_0, joints_0, weights_0, tangent;
    /* JOINTS_n / WEIGHTS_n, n = 0 .. influence_set_count - 1, for vertices
     * influenced by more than four joints ([0] is joints_0 / weights_0). */
    int influence_set_count; /* 0: not skinned */
    int joint_set_accessors[GLTF_MAX_INFLUENCE_SETS], weight_set_accessors[GLTF_MAX_INFLUENCE_SETS];
    int indices;
    int material; /* -1: the default material */
    gltf_mode mode;
    gltf_morph_target *targets; /* morph targets, NULL when none */
    int target_count;           /* the same in every primitive of a mesh (mesh.target_count) */

    /* Decoded (empty when `skipped`). Triangles are counter-clockwise lists
     * whatever the mode was; `triangle_indices` is filled for non-indexed
     * primitives too (0, 1, 2 ...), so every primitive draws the same way.
     * Without NORMAL in the file, the spec asks for flat normals: each
     * triangle then gets three vertices of its own (the arrays are unwelded:
     * vertex 3t + k is triangle t's corner k) with its face normal, and
     * TANGENT is ignored; a vertex of the file that no triangle uses gets one
     * copy after them (never drawn), and source_vertex says which vertex of
     * the file each copy is.
     * When the file already stores an attribute exactly in the decoded form
     * (tightly packed, aligned floats, u16 joints, u32 indices of a TRIANGLES
     * list), the array points into buffers[].data instead of being a copy:
     * decoding is then free. That is why the arrays are const: skin into
     * arrays of your own. */
    bool skipped;        /* POINTS or LINES: not decoded */
    size_t vertex_count; /* vertices in the arrays below: POSITION's count, or the unwelded copies */
    const float (*positions)[3];
    const float (*normals)[3];   /* from the file, or flat (normals_computed) */
    const float (*texcoords)[2]; /* NULL when absent */
    const uint16_t (*joints)[4]; /* JOINTS_0, NULL when absent; u8 joints widened */
    const float (*weights)[4];   /* WEIGHTS_0, NULL when absent; normalized integers -> 0..1 */
    /* Every set alike (for more than four influences); [0] is joints / weights. */
    const uint16_t (*joint_sets[GLTF_MAX_INFLUENCE_SETS])[4];
    const float (*weight_sets[GLTF_MAX_INFLUENCE_SETS])[4];
    const float (*tangents)[4]; /* NULL when absent, or when NORMAL is */
    const uint32_t *triangle_indices;
    size_t triangle_count; /* triangle_indices holds 3 * triangle_count */
    bool normals_computed; /* no NORMAL in the file: flat normals, unwelded vertices */
    /* Unwelded (normals_computed): vertex i of the arrays above is a copy of
     * vertex source_vertex[i] of the file (0 .. source_vertex_count - 1,
     * POSITION's count), and each vertex of the file has at least one copy.
     * NULL (and 0) when the arrays are the file's own vertices. */
    const uint32_t *source_vertex;
    size_t source_vertex_count;
    float bounds_min[3], bounds_max[3]; /* of positions (model space) */
    unsigned borrowed;                  /* private: which arrays point into a buffer (gltf_free leaves those) */
} gltf_primitive;

typedef struct gltf_mesh {
    char *name; /* NULL when absent */
    gltf_primitive *primitives;
    int primitive_count;
    /* Morph targets: every primitive has target_count of them (a MUST). */
    int target_count;
    float *weights;      /* target_count default weights: mesh.weights, or zeros; NULL when no targets */
    char **target_names; /* extras.targetNames (target_count strings); NULL when absent or malformed */
} gltf_mesh;

/* --- the node graph ------------------------------------------------------- */

typedef struct gltf_node {
    char *name;
    int mesh, skin, camera;
    int *children;
    int child_count;
    int parent;       /* computed: -1 for a root */
    bool has_matrix;  /* the file gave `matrix` (then `local` is its TRS split) */
    float matrix[16]; /* column-major; T * R * S of `local` when !has_matrix */
    transform local;  /* translation / rotation / scale, defaults 0 / (0,0,0,1) / 1 */
    float *weights;   /* node.weights: the mesh's target_count of them, NULL when absent (the mesh's apply) */
} gltf_node;

typedef struct gltf_scene {
    char *name;
    int *nodes; /* root nodes */
    int node_count;
} gltf_scene;

/* --- skins and animations ------------------------------------------------- */

typedef struct gltf_skin {
    char *name;
    int *joints; /* node indices */
    int joint_count;
    int inverse_bind_matrices; /* accessor, -1: identities */
    int skeleton;              /* node, -1 when absent */
    /* Decoded: one column-major matrix per joint (identity when absent).
     * Each takes model space to that joint's space in the bind pose. */
    float (*joint_from_model_bind)[16];
} gltf_skin;

typedef enum gltf_interpolation {
    GLTF_LINEAR,
    GLTF_STEP,
    GLTF_CUBICSPLINE,
} gltf_interpolation;

typedef enum gltf_path {
    GLTF_PATH_TRANSLATION,
    GLTF_PATH_ROTATION,
    GLTF_PATH_SCALE,
    GLTF_PATH_WEIGHTS, /* morph targets: known, not used by this book */
} gltf_path;

typedef struct gltf_animation_sampler {
    int input, output; /* accessors */
    gltf_interpolation interpolation;
    /* Decoded: key times (seconds, as stored) and output values as floats.
     * values holds value_count * components floats; for CUBICSPLINE each key
     * has three values (in-tangent, value, out-tangent), so value_count is
     * 3 * key_count. */
    size_t key_count;
    float *times;
    size_t value_count;
    int components; /* 3 translation/scale, 4 rotation, 1 weights */
    float *values;
} gltf_animation_sampler;

typedef struct gltf_channel {
    int sampler;     /* index into the animation's samplers */
    int target_node; /* -1 when absent (the channel is then ignored) */
    gltf_path target_path;
} gltf_channel;

/* A named marker at a clip time, from `extras.events` (an exporter's custom
 * properties): [{"name": "step", "time": 0.5}, ...]; chapter 08 fires them. */
typedef struct gltf_animation_event {
    char *name;
    float time; /* seconds, >= 0 */
} gltf_animation_event;

typedef struct gltf_animation {
    char *name;
    gltf_channel *channels;
    int channel_count;
    gltf_animation_sampler *samplers;
    int sampler_count;
    gltf_animation_event *events; /* extras.events, in file order; NULL when none */
    int event_count;
} gltf_animation;

/* --- materials and textures ------------------------------------------------ */

typedef struct gltf_image {
    char *name;
    char *uri; /* NULL when the image is in a bufferView */
    char *mime_type;
    int buffer_view;    /* -1 when the image has a uri */
    image_rgba8 pixels; /* decoded on the CPU (sRGB bytes); pixels NULL if decode_images was off */
} gltf_image;

typedef struct gltf_sampler {
    int mag_filter, min_filter; /* GL enums, 0 when absent */
    int wrap_s, wrap_t;         /* GL enums, default 10497 REPEAT */
} gltf_sampler;

typedef struct gltf_texture {
    int sampler; /* -1: default sampler */
    int source;  /* image, -1 when absent */
} gltf_texture;

typedef struct gltf_material {
    char *name;
    float base_color_factor[4]; /* default 1, 1, 1, 1 */
    int base_color_texture;     /* texture, -1 when absent */
    int base_color_texcoord;    /* which TEXCOORD_n (only 0 is decoded) */
    bool double_sided;
} gltf_material;

/* --- the document ----------------------------------------------------------- */

typedef struct gltf_document {
    gltf_buffer *buffers;
    int buffer_count;
    gltf_buffer_view *buffer_views;
    int buffer_view_count;
    gltf_accessor *accessors;
    int accessor_count;
    gltf_mesh *meshes;
    int mesh_count;
    gltf_node *nodes;
    int node_count;
    gltf_scene *scenes;
    int scene_count;
    int scene; /* the scene to show: `scene`, else 0 when there are scenes, else -1 */
    gltf_skin *skins;
    int skin_count;
    gltf_animation *animations;
    int animation_count;
    gltf_material *materials;
    int material_count;
    gltf_texture *textures;
    int texture_count;
    gltf_image *images;
    int image_count;
    gltf_sampler *samplers;
    int sampler_count;

    /* Things read past on purpose (a POINTS primitive ...): how many, and the first. */
    int note_count;
    char note[256];

    void *file_bytes;      /* private: a GLB file kept whole ... */
    bool buffer_0_in_file; /* private: ... because buffers[0].data points into it */
} gltf_document;

typedef struct gltf_load_options {
    bool decode_images; /* decode images with stb_image (default true) */
    bool decode_meshes; /* fill the decoded arrays of primitives (default true) */
    /* Elements decoded in all (vertices and indices of primitives, key times
     * and values of animation samplers, inverse bind matrices of skins),
     * beyond which the load fails; 0: no limit. These may share accessors, so
     * a small file can ask for a lot of memory: the fuzz targets set a limit. */
    size_t max_decoded_elements;
    /* Decoded bytes (RGBA8) allowed per image, checked from the image's
     * header before its pixels are decoded; 0, or more than IMAGE_MAX_BYTES
     * (256 MiB), means IMAGE_MAX_BYTES: there is always a limit. An image
     * over IMAGE_MAX_SIDE (16384) pixels a side is refused too. */
    size_t max_image_bytes;
} gltf_load_options;

/* The defaults: everything decoded, images up to IMAGE_MAX_BYTES each. */
gltf_load_options gltf_load_options_default(void);

/* Loads a .gltf or .glb file (told apart by the GLB magic, not the name).
 * On failure, doc is left empty and err says "<path>: <JSON path>: <what>".
 * options may be NULL (the defaults). */
bool gltf_load(const char *path, const gltf_load_options *options, gltf_document *doc, sa_error *err);

/* The same from memory. base_dir is where external URIs are looked up (NULL:
 * external files are an error, as in the fuzz targets); name is what error
 * messages start with. The bytes are not kept. */
bool gltf_load_memory(const void *bytes, size_t size, const char *base_dir, const char *name,
                      const gltf_load_options *options, gltf_document *doc, sa_error *err);

void gltf_free(gltf_document *doc);

/* --- accessor reading (chapter 03's core; also used by later chapters) ------ */

/* Bytes of one component: 1, 2, 4, or 0 for an unknown type. */
size_t gltf_component_size(gltf_component_type component_type);
/* Components of one element: 1, 2, 3, 4, 4, 9, 16, or 0. */
int gltf_type_components(gltf_type type);
/* Bytes of one element, with the column padding the spec requires for
 * MAT2/MAT3 of 1- and 2-byte components (each column starts on 4 bytes). */
size_t gltf_element_size(gltf_component_type component_type, gltf_type type);

/* Where the elements of a non-sparse accessor live, ready for reading. */
typedef struct gltf_element_layout {
    const unsigned char *bytes; /* element 0 */
    size_t byte_stride;         /* bytes from one element to the next (never 0) */
    gltf_component_type component_type;
    gltf_type type;
    bool normalized;
} gltf_element_layout;

/* Exercise ex03.1 (accessor_read.c): element `index` as floats, `components`
 * of them (gltf_type_components(type)), column by column for matrices.
 * Normalized integers map per the spec: u8 c/255, u16 c/65535,
 * i8 max(c/127, -1), i16 max(c/32767, -1); other integers convert as they are.
 * The caller has checked that the element lies inside the data. */
void gltf_element_read_float(const gltf_element_layout *layout, size_t index, float *out);

/* Decodes a whole accessor (sparse substitution included) into `out`, which
 * holds accessor->count * gltf_type_components(accessor->type) floats.
 * Checks every range first; errors name accessors[index]. */
bool gltf_accessor_unpack_floats(const gltf_document *doc, int accessor_index, float *out, sa_error *err);
/* The same as unsigned integers (indices, joints); normalized, float or
 * negative data is an error. */
bool gltf_accessor_unpack_uints(const gltf_document *doc, int accessor_index, uint32_t *out, sa_error *err);
/* The same narrowed to 16 bits (joints); a value over 65535 is an error. */
bool gltf_accessor_unpack_u16(const gltf_document *doc, int accessor_index, uint16_t *out, sa_error *err);

/* Checks that every element of a non-sparse accessor, and every sparse index
 * and value, lies inside its bufferView and buffer, and fills `layout` (bytes
 * NULL when the accessor has no bufferView). Errors name accessors[index]. */
bool gltf_accessor_layout(const gltf_document *doc, int accessor_index, gltf_element_layout *layout, sa_error *err);
/* Whether a (parsed) accessor's elements lie inside its bufferView's
 * byteLength: the part of gltf_accessor_layout's check that needs no buffer
 * bytes, for a step of the load that runs before they are read. */
bool gltf_accessor_fits_view(const gltf_document *doc, int accessor_index);

/* The material used by primitives whose `material` is -1: white, no texture. */
gltf_material gltf_material_default(void);

/* --- GLB and base64 (exercises ex03.2 and ex03.3) ----------------------------- */

/* Exercise ex03.2 (base64.c): decodes standard base64 (A-Z a-z 0-9 + /, '='
 * padding). Returns the number of bytes written to out, or (size_t)-1 when the
 * text is not valid base64 or out (out_capacity bytes) is too small.
 * gltf_base64_decoded_size() gives the size to allocate. */
size_t gltf_base64_decode(const char *text, size_t text_length, unsigned char *out, size_t out_capacity);
size_t gltf_base64_decoded_size(const char *text, size_t text_length);

typedef struct glb_chunks {
    const unsigned char *json;
    size_t json_length;
    const unsigned char *bin; /* NULL when the file has no BIN chunk */
    size_t bin_length;
} glb_chunks;

#define GLB_MAGIC 0x46546C67u      /* "glTF" */
#define GLB_CHUNK_JSON 0x4E4F534Au /* "JSON" */
#define GLB_CHUNK_BIN 0x004E4942u  /* "BIN\0" */

/* Exercise ex03.3 (glb.c): walks the GLB header and chunks. Checks the magic,
 * version 2, the total length against size, each chunk header and length
 * (inside the file, a multiple of 4), JSON first, at most one BIN right after
 * it; unknown chunk types after those are skipped. Points into `bytes`. */
bool glb_parse(const unsigned char *bytes, size_t size, glb_chunks *out, sa_error *err);

#endif
