/* skinning_gltf.h: CPU skinning of every skinned mesh of a loaded glTF
 * document (chapter 06).
 *
 * The one place where chapter 06 meets the loader: skinning.h works on plain
 * arrays. Set-up (allocation, cleaning, validation) happens once in
 * skin_scene_init(); each frame is
 *
 *     skeleton_local_to_model(skel, pose, sc.model_from_joint);   chapter 04
 *     skin_scene_run(&sc, skel);       skin matrices (chapter 05), then skinning
 *
 * which allocates nothing. A skinned mesh node's own transform is ignored, as
 * the glTF spec says: its skinned vertices are already in the skeleton's
 * scene space (the joint matrices include the skeleton's ancestors).
 */
#ifndef CH06_SKINNING_GLTF_H
#define CH06_SKINNING_GLTF_H

#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/03_gltf_loader/scene.h"
#include "chapters/04_bone_tree/skeleton.h"
#include "skinning.h"

#include <stdio.h>

/* One primitive of one skinned mesh node, and where its skinned vertices go.
 * A primitive with morph targets on a node without a skin is here too, with
 * skin -1: a skin of one joint, its own node, weight 1 (node_matrix), so that
 * its morphed vertices come out in scene space like the skinned ones. */
typedef struct skinned_primitive {
    int node, mesh, primitive, skin; /* skin -1: morph targets, no skin (rigid) */
    skin_influences influences;      /* cleaned once at load */
    skinning_job job;                /* validated once; outputs below */
    float (*positions)[3];           /* [vertex_count], skinned this frame, scene space */
    float (*normals)[3];             /* [vertex_count] */
    /* Morph targets (target_count 0: none): the job reads the loader's delta
     * arrays through these, and its weights at morph_weights + weight_start. */
    int target_count;
    int weight_start;                   /* into skin_scene.morph_weights */
    const float (**position_deltas)[3]; /* [target_count] */
    const float (**normal_deltas)[3];   /* [target_count] */
    mat4 node_matrix[1];                /* skin -1: the node's scene-space matrix, this frame */
} skinned_primitive;

/* [listing morph_weight_layout] */
/* The morph weights of a scene, one flat array: node n's mesh has
 * target_count targets, their weights at weights[start[n] ..
 * start[n] + target_count - 1]; start[n] = -1 when n has no mesh with
 * targets. Nodes in file order. Returns the array's length; start:
 * [doc->node_count]. Chapter 08's clips write into the same layout. */
int morph_weight_layout(const gltf_document *doc, int *start);
/* Each node's default weights into that layout: node.weights, else its
 * mesh's (mesh.weights, zeros when the file gives none). */
void morph_weights_default(const gltf_document *doc, const int *start, float *weights);
/* [/listing] */

/* --dump-weights (chapters 08 and 11): one line per node with morph
 * targets, "NODE W0 W1 ...", each weight as "%.9g" (it reads back to the
 * same float). */
void morph_weights_write(const gltf_document *doc, const int *start, const float *weights, FILE *out);

typedef struct skin_scene {
    int primitive_count;
    skinned_primitive *primitives; /* node order, then primitive order */
    int skin_count;
    mat4 **joint_from_model_bind; /* [skin_count][skin joint count] */
    mat4 **skin_matrix;           /* [skin_count][skin joint count], this frame */
    mat4 *model_from_joint;       /* [skeleton joint count]: the caller's FK writes it */
    size_t zero_weight_vertices;  /* vertices of the file, over every primitive: bound to their skin's root */
    size_t reduced_vertices;      /* over every primitive: more than four influences */
    /* This frame's morph weights (morph_weight_layout): the defaults after
     * skin_scene_init; a clip (chapter 08) writes them before skin_scene_run. */
    int morph_weight_count;
    int *morph_weight_start; /* [node count] */
    float *morph_weights;    /* [morph_weight_count] */
    int morph_target_count;  /* the most targets of any primitive (0: no morph targets) */
    /* Borrowed, may be NULL: where nodes outside the skeleton stand (chapter
     * 03's scene_nodes), for a morphed mesh on such a node (skin -1); a
     * node in the skeleton follows model_from_joint. */
    mat4 *world_from_node;
} skin_scene;

/* The skin joint that a vertex with no weight falls back on: the skin's
 * joint nearest the skeleton's root (the lowest skeleton index, since the
 * skeleton is parents first). */
int skin_root_joint(const skeleton *s, int skin);

/* Sets up every (node, primitive) whose node has a mesh and a skin (every
 * node: nodes outside the scene shown are skinned too; skipped primitives
 * and primitives without JOINTS_0 or WEIGHTS_0 are not), and every
 * primitive with morph targets on a node without a skin (skin -1). s is
 * skeleton_from_gltf(doc). Errors name the primitive. */
bool skin_scene_init(skin_scene *sc, const gltf_document *doc, const skeleton *s, sa_error *err);
void skin_scene_free(skin_scene *sc);

/* Per frame, after the caller has filled sc->model_from_joint (and, to
 * animate them, sc->morph_weights): every skin's skin matrices, then every
 * primitive's skinning job, which morphs before it skins. */
void skin_scene_run(skin_scene *sc, const skeleton *s);

/* The node_matrix of each primitive with morph targets and no skin (skin
 * -1), from sc->model_from_joint (its node in the skeleton) or
 * sc->world_from_node (skin_scene_run does this first; the GPU path of
 * chapter 07 uploads it as a palette of one matrix). */
void skin_scene_node_matrices(skin_scene *sc, const skeleton *s);

/* The vertex-level bind check: every skin matrix set to
 * affine_inverse(joint_from_model_bind) * joint_from_model_bind (every joint
 * at its bind pose), every primitive skinned; the largest distance a vertex
 * moves. *diagonal gets the diagonal of the box around the skinned
 * primitives (model space at bind time). A singular inverse bind matrix is
 * left to chapter 05's check (its skin matrix is taken as the identity). */
float skin_scene_identity_error(skin_scene *sc, const gltf_document *doc, float *diagonal);

/* --dump-obj: every (node, primitive) drawn (shown[node], not skipped), in
 * node order then primitive order: "o node_N_primitive_P", its vertices as
 * "v x y z" in accessor order in scene space (skinned ones from sc, which
 * skin_scene_run() has filled; others through world_from_node), its
 * triangles as "f a b c", 1-based within the object. Fails only when memory
 * runs out: whether the bytes reached the file is for whoever closes `out`
 * (sa_output_close). */
bool skin_scene_write_obj(const skin_scene *sc, const gltf_document *doc, mat4 *world_from_node, const bool *shown,
                          FILE *out, sa_error *err);

/* The same, to a file: `path`, or standard output for "-" (sa_output_open:
 * "PATH: cannot open it for writing: REASON", "PATH: cannot write it"). */
bool skin_scene_write_obj_file(const skin_scene *sc, const gltf_document *doc, mat4 *world_from_node, const bool *shown,
                               const char *path, sa_error *err);

/* --- a skinned file loaded for drawing (the programs of chapters 06 and 07) --- */

/* Loads the file (its images decoded only when decode_images) and sets up
 * what a program draws it with: the skeleton (chapter 04), every skinned
 * primitive (skin_scene_init) and the scene's rest placement (chapter 03).
 * Warns on stderr when vertices have no weight. Errors name the file. The
 * caller frees all four, also after a failure (zeroed structs free safely). */
bool skin_scene_load(const char *path, bool decode_images, gltf_document *doc, skeleton *s, skin_scene *sc,
                     scene_nodes *nodes, sa_error *err);

/* The nodes drawn as they stand: shown, without a skin and without morph
 * targets (what scene_gl_draw draws beside sc's primitives). rigid_shown:
 * [node_count]. */
void skin_scene_rigid_shown(const gltf_document *doc, const bool *shown, bool *rigid_shown);

/* The vertex count of the largest skinned primitive (at least 1): the size
 * of one scratch array that any of them fits in. */
size_t skin_scene_max_vertex_count(const skin_scene *sc);

/* The box around what is drawn: the skinned positions skin_scene_run() last
 * wrote and the rigid meshes (rigid_shown, placed by world_from_node).
 * (-1, -1, -1)..(1, 1, 1) when nothing is drawn. */
void skin_scene_bounds(const skin_scene *sc, const gltf_document *doc, mat4 *world_from_node, const bool *rigid_shown,
                       vec3 lo, vec3 hi);

#endif
