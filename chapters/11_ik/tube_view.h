/* tube_view.h: ch11_ik's tube view, the three solvers on a short chain:
 * the model's first skin (the tube) skinned on the CPU by chapter 06, its
 * chain bent after a target that loops in and out of its reach. The program
 * starts in the stairs view (stairs_view.h) and T switches to this one.
 */
#ifndef CH11_TUBE_VIEW_H
#define CH11_TUBE_VIEW_H

#include "ik_demo.h"

#include "chapters/03_gltf_loader/scene.h"
#include "chapters/03_gltf_loader/scene_gl.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "common/app.h"
#include "common/debug_draw.h"

typedef struct tube_view {
    gltf_document doc;
    skeleton skel;
    skin_scene sc;
    scene_nodes nodes;
    int chain[IK_MAX_CHAIN], count;
    transform *local;    /* [joint_count]: the pose IK writes */
    int *depth;          /* [joint_count]: the overlay's colours */
    bool *rigid_shown;   /* [node_count]: the meshes drawn as they stand */
    lit_vertex *scratch; /* the largest skinned primitive's vertices */
    vec3 root;           /* the chain's root in the rest pose */
    float reach;         /* the chain's length */
    int solver;          /* SOLVER_TWO_BONE ... */
    bool ik_on, motion, show_skeleton;
    /* after tube_view_open */
    scene_gl gpu;
    shader_program lit;
} tube_view;

/* The file at path (images decoded only when decode_images), its skeleton,
 * skin scene and chain (find_chain). Errors name the file. */
bool tube_view_load(tube_view *t, const char *path, bool decode_images, int solver, sa_error *err);

/* After app_open: the meshes and the lit program. */
bool tube_view_open(tube_view *t, sa_error *err);

/* The camera that shows the tube bent to either side. */
void tube_view_frame_camera(const tube_view *t, orbit_camera *camera);

/* One frame: the keys (1 2 3, I, M, S), the solve, the draw. lines and text
 * are the caller's debug buffers (world space, pixels). */
bool tube_view_frame(tube_view *t, app *a, debug_draw *lines, debug_draw *text, sa_error *err);

void tube_view_close(tube_view *t);
/* Frees the rest; a zeroed view, or one whose load failed, frees safely. */
void tube_view_free(tube_view *t);

#endif
