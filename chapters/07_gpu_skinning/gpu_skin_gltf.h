/* gpu_skin_gltf.h: GPU skinning of every skinned mesh of a loaded glTF
 * document (chapter 07).
 *
 * It works next to chapter 06's skin_scene, which has already found the
 * skinned primitives, cleaned their influences once and holds the per-skin
 * arrays: this file uploads those same influences, so the CPU and the GPU
 * skin exactly the same data. Once:
 *
 *     gpu_skin_scene_init(&g, &sc, &doc, false, &err);   vertex buffers, palettes
 *     gpu_skin_scene_load_programs(&g, &err);            linear and dual-quaternion programs
 *
 * Each frame:
 *
 *     skeleton_local_to_model(skel, pose, sc.model_from_joint);     chapter 04
 *     gpu_skin_scene_update(&g, &sc, skel, method);   skin matrices (chapter 05), one upload per skin
 *     lit_begin_frame(&g.programs[method].program, clip_from_world);
 *     gpu_skin_scene_draw(&g, &sc, &gpu, shown, method);
 *
 * Nothing is allocated per frame.
 */
#ifndef CH07_GPU_SKIN_GLTF_H
#define CH07_GPU_SKIN_GLTF_H

#include "gpu_skin.h"

#include "chapters/03_gltf_loader/scene_gl.h"
#include "chapters/04_bone_tree/skeleton.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"

typedef struct gpu_skin_scene {
    int primitive_count;
    gpu_mesh *meshes; /* [primitive_count]: meshes[i] is sc->primitives[i] */
    int skin_count;
    skin_palette *palettes;   /* [skin_count] */
    dual_quat **skin_dq;      /* [skin_count][skin joint count]: for SKIN_DUAL_QUAT */
    skin_storage storage;     /* of every palette and program */
    bool storage_fell_back;   /* a texture buffer was wanted, the context has none (WebGL 2): the uniform block */
    int max_joints;           /* the largest skin */
    skin_program programs[2]; /* [SKIN_LINEAR], [SKIN_DUAL_QUAT] */
    /* Morph targets, per primitive: the deltas' texture (0: no targets) and
     * this frame's targets with a non-zero weight (gpu_skin_scene_update). */
    GLuint *morph_textures;     /* [primitive_count] */
    morph_active *morph_active; /* [primitive_count] */
    bool morph_limit_noted;     /* the note past MORPH_MAX_ACTIVE is printed once */
} gpu_skin_scene;

/* Uploads sc's skinned primitives (skin_scene_init(sc, doc, ...) done),
 * their morph targets' deltas (morph_texture_upload), and makes a palette
 * per skin. The storage is the uniform block when the
 * largest skin fits in one, else the texture buffer, or the texture buffer
 * anyway with force_texture_buffer (to try it); where the context has no
 * texture buffers (WebGL 2), the uniform block with storage_fell_back set,
 * or an error when the skin does not fit in it (skin_storage_choose).
 * Errors name the primitive. */
bool gpu_skin_scene_init(gpu_skin_scene *g, const skin_scene *sc, const gltf_document *doc, bool force_texture_buffer,
                         sa_error *err);
/* Then both programs, for that storage and size (errors name the shaders;
 * gpu_skin_scene_free() releases whatever was loaded). */
bool gpu_skin_scene_load_programs(gpu_skin_scene *g, sa_error *err);
void gpu_skin_scene_free(gpu_skin_scene *g);

/* Per frame, after sc->model_from_joint is filled (and sc->morph_weights,
 * to animate them): every skin's skin matrices (into sc->skin_matrix), and
 * for SKIN_DUAL_QUAT their dual quaternions, one upload per skin; each
 * morphed primitive's active targets (morph_active_choose). A primitive with
 * more than MORPH_MAX_ACTIVE non-zero weights says so once on stderr, and is
 * drawn with the largest of them. */
void gpu_skin_scene_update(gpu_skin_scene *g, skin_scene *sc, const skeleton *s, skin_method method);

/* Draws every skinned primitive of a shown node (shown NULL: all) with
 * programs[method], which the caller has begun (lit_begin_frame). materials
 * (may be NULL: white) gives each primitive its base colour, texture and
 * doubleSided. */
void gpu_skin_scene_draw(const gpu_skin_scene *g, const skin_scene *sc, const scene_gl *materials, const bool *shown,
                         skin_method method);

/* Transform feedback of every skinned primitive with programs[method]: the
 * GPU's morphed and skinned positions and normals replace sc->primitives[i].positions and
 * normals, where skin_scene_write_obj() and the tests read them. */
bool gpu_skin_scene_capture(const gpu_skin_scene *g, skin_scene *sc, skin_method method, sa_error *err);

#endif
