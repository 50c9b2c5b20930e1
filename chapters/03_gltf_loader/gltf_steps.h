/* gltf_steps.h: what the steps of the glTF loader share (private; the
 * interface is gltf.h).
 *
 * The load (gltf_load.c) runs its steps in order, each in a file named after
 * it; this header declares what one step's file calls in another's: the
 * loader's state, the typed getters of step 2 (gltf_json_get.c), the decoding
 * helpers (gltf_decode_arrays.c), and each step's entry point. A step's file
 * calls only down: later steps, and the getters and helpers below the
 * steps, never a file that calls it. Only the loader's own files include it.
 */
#ifndef CH03_GLTF_STEPS_H
#define CH03_GLTF_STEPS_H

#include "gltf.h"
#include "json.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct loader {
    gltf_document *doc;
    const char *base_dir; /* NULL: external files are not allowed */
    const unsigned char *glb_bin;
    size_t glb_bin_length;
    bool is_glb;
    gltf_load_options options;
    sa_error *err;
    size_t decoded_elements; /* against options.max_decoded_elements */
    bool mesh_quantization;  /* KHR_mesh_quantization is declared: more attribute formats */
    const char *item_key;    /* gltf_item(): the top-level array last looked up */
    const json_value *item_array;
} loader;

/* "SCALAR" ... "MAT4": the name of gltf_type t is gltf_type_names[t - 1]. */
extern const char *const gltf_type_names[7];

/* --- step 2, JSON -> structs: the typed getters (gltf_json_get.c) ----------- */

/* Each getter leaves the default in *out when the key is missing, and fails
 * with an error that names the JSON path: "<path>.<key>: <what is wrong>". */
bool gltf_type_error(loader *L, const char *path, const char *key, const char *expected, const json_value *v);
bool gltf_string_is(const json_value *v, const char *s);
bool gltf_is_integer(const json_value *v, double max);
bool gltf_get_index(loader *L, const json_value *obj, const char *key, const char *path, int count, int *out);
bool gltf_get_required_index(loader *L, const json_value *obj, const char *key, const char *path, int count, int *out);
bool gltf_get_size(loader *L, const json_value *obj, const char *key, const char *path, bool required, size_t fallback,
                   size_t *out);
bool gltf_get_bool(loader *L, const json_value *obj, const char *key, const char *path, bool *out);
bool gltf_get_string(loader *L, const json_value *obj, const char *key, const char *path, char **out);
bool gltf_get_object(loader *L, const json_value *obj, const char *key, const char *path, const json_value **out);
bool gltf_get_floats(loader *L, const json_value *obj, const char *key, const char *path, size_t min_n, size_t max_n,
                     float *out, int *got);
bool gltf_get_float_array(loader *L, const json_value *obj, const char *key, const char *path, size_t n, float **out);
bool gltf_get_indices(loader *L, const json_value *obj, const char *key, const char *path, int count, int **out,
                      int *out_count);
bool gltf_allocate_top_arrays(loader *L, const json_value *root);
const json_value *gltf_item(loader *L, const json_value *root, const char *key, int i);
void gltf_add_note(gltf_document *doc, const char *fmt, ...);

/* --- step 2, JSON -> structs: one function per kind of object --------------- */

/* gltf_parse_accessors.c */
bool gltf_parse_asset(loader *L, const json_value *root);
bool gltf_parse_buffers_and_views(loader *L, const json_value *root);
bool gltf_parse_accessors(loader *L, const json_value *root);
/* gltf_parse_meshes.c */
bool gltf_parse_materials(loader *L, const json_value *root);
bool gltf_parse_meshes(loader *L, const json_value *root);
/* gltf_parse_nodes.c */
bool gltf_parse_nodes_and_scenes(loader *L, const json_value *root);
bool gltf_parse_skins(loader *L, const json_value *root);
/* gltf_parse_animations.c */
bool gltf_parse_animations(loader *L, const json_value *root);

/* --- step 3, buffer bytes, and the images (gltf_buffers_images.c) ----------- */

bool gltf_load_buffers(loader *L, const json_value *root);
bool gltf_decode_images(loader *L);

/* --- step 4, and the checks across objects (gltf_validate.c) ---------------- */

bool gltf_validate_node_graph(loader *L);
bool gltf_check_skinned_meshes(loader *L);

/* --- step 5, decoding -------------------------------------------------------- */

/* The bits of gltf_primitive.borrowed: one per array; joint and weight
 * sets take two bits each from bit 5 on (set 0 is joints and weights). */
enum { BORROW_POSITIONS = 1, BORROW_NORMALS = 2, BORROW_TEXCOORDS = 4, BORROW_TANGENTS = 8, BORROW_INDICES = 16 };
#define BORROW_JOINT_SET(s) (32u << (2 * (s)))
#define BORROW_WEIGHT_SET(s) (64u << (2 * (s)))

/* gltf_decode_arrays.c: below the decoding steps, the helpers they all use */
bool gltf_fail_accessor(loader *L, const char *path);
bool gltf_within_decode_limit(loader *L, size_t elements, const char *path);
void *gltf_alloc_array(size_t count, size_t size);
void gltf_release(gltf_primitive *prim, unsigned bit, const void *array);
void *gltf_borrow(const gltf_document *doc, int accessor, gltf_component_type type, int components);
/* gltf_decode_primitive.c: one primitive */
bool gltf_decode_primitive(loader *L, gltf_primitive *prim, const char *path);
/* gltf_decode_triangles.c */
bool gltf_decode_triangles(loader *L, gltf_primitive *prim, const char *path);
bool gltf_unweld_with_flat_normals(loader *L, gltf_primitive *prim, const char *path);
/* gltf_decode_skins_animations.c */
bool gltf_decode_skins_and_animations(loader *L);

#endif
