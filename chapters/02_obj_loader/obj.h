/* obj.h: a hand-written Wavefront OBJ loader (chapter 02).
 *
 * What it supports
 *   - v (x y z, an optional w ignored; up to three more numbers, vertex
 *     colours, ignored), vt (u [v [w]], w ignored), vn (x y z)
 *   - f in every corner form: v, v/vt, v//vn, v/vt/vn; negative (relative)
 *     indices; polygons of any size, split into triangle fans
 *   - o, g (accepted; they start no new range), s (smoothing groups: used only
 *     when the file has no normals), usemtl (one sub-mesh range per run of
 *     faces with the same material), mtllib (any number of files per line,
 *     or one name with spaces when the whole line names a file)
 *   - comments, blank lines, '\' line continuations; LF, CRLF and (classic
 *     Mac OS) CR line ends: the file's first line end says which
 *   - MTL: newmtl, Kd, map_Kd (decoded with stb_image; uploaded as sRGB later)
 *   - --z-up files: positions and normals rotated together on load
 * What it does not
 *   - curves and surfaces (vp, cstype, curv, surf ...), l and p elements:
 *     skipped, like every statement it does not know
 *   - every MTL statement but the three above (Ka, Ks, Ns, map_Bump ...)
 *   - forward references: an index must name an element defined above it
 *
 * Parsing never touches GL: obj_load() fills plain C arrays, and a separate
 * step (the chapter program) uploads them. The file is streamed through one
 * small buffer that is reused for the whole file; nothing is allocated per
 * line. Errors are one line, "<file>:<line>: <what is wrong>".
 */
#ifndef CH02_OBJ_H
#define CH02_OBJ_H

#include "common/error.h"
#include "common/files.h"
#include "common/image.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One GPU vertex: the attributes one (position, texcoord, normal) index
 * triple of the file names, interleaved. */
typedef struct obj_vertex {
    float position[3]; /* model space, Y up */
    float normal[3];   /* unit length */
    float texcoord[2]; /* v grows downwards in the image (OBJ's v is flipped) */
} obj_vertex;

typedef struct obj_material {
    char name[128];
    float base_color[4];            /* Kd, alpha 1 */
    char texture_path[SA_PATH_MAX]; /* map_Kd resolved against the .mtl's folder, "" when none */
    image_rgba8 base_color_image;   /* decoded map_Kd; pixels NULL when none or missing */
} obj_material;

/* A run of triangles drawn with one material. material is an index into
 * obj_mesh.materials, or -1 for the default material (no usemtl, or a name
 * that no .mtl defines). */
typedef struct obj_submesh {
    int material;
    size_t first_index, index_count;
} obj_submesh;

#define OBJ_MAX_WARNINGS 8

typedef struct obj_mesh {
    /* Counted as read from the file. */
    size_t position_count, texcoord_count, normal_count;
    /* Unique (position, texcoord, normal) triples the faces use: the vertex
     * count after deduplication, before any split for computed normals. */
    size_t unique_triple_count;
    size_t triangle_count;

    obj_vertex *vertices;
    size_t vertex_count;
    void *indices; /* uint16_t or uint32_t, three per triangle */
    size_t index_count;
    int index_size;        /* 2 when vertex_count <= 65536, else 4 */
    bool normals_computed; /* some or all normals were not in the file */

    obj_submesh *submeshes;
    size_t submesh_count;
    obj_material *materials; /* from every .mtl that was found */
    size_t material_count;

    float bounds_min[3], bounds_max[3]; /* of the vertices faces use */

    /* Problems that did not stop the load (a missing .mtl or texture, an
     * unknown material). The first OBJ_MAX_WARNINGS are kept. */
    char warnings[OBJ_MAX_WARNINGS][256];
    int warning_count;
} obj_mesh;

typedef struct obj_load_options {
    bool z_up;          /* the file is Z-up: rotate positions and normals to Y-up */
    bool skip_textures; /* do not decode map_Kd images (the path is still filled) */
} obj_load_options;

/* Loads an OBJ file and the .mtl files it names. On failure the mesh is left
 * empty (nothing to free) and err says "<file>:<line>: <what>". */
bool obj_load(const char *path, obj_mesh *mesh, sa_error *err);
bool obj_load_ex(const char *path, const obj_load_options *options, obj_mesh *mesh, sa_error *err);

/* Parses an OBJ held in memory. name is used in messages; mtllib files are
 * looked up in mtl_dir (NULL: no material libraries are read). */
bool obj_parse_memory(const char *data, size_t size, const char *name, const char *mtl_dir,
                      const obj_load_options *options, obj_mesh *mesh, sa_error *err);

/* Parses MTL text in memory and appends its materials to the mesh; texture
 * paths are resolved against dir. Used by obj_load for every mtllib. */
bool obj_parse_mtl_memory(const char *data, size_t size, const char *name, const char *dir,
                          const obj_load_options *options, obj_mesh *mesh, sa_error *err);

/* The i-th index, whatever the index size. */
uint32_t obj_mesh_index(const obj_mesh *mesh, size_t i);

void obj_mesh_free(obj_mesh *mesh);

#endif
