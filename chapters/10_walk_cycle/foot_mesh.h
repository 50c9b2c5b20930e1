/* foot_mesh.h: the feet as the skinned mesh has them (chapter 10).
 *
 * What a reader sees touch the ground is the mesh, not a joint: the
 * humanoid's heel is rounded and reaches 8 cm behind the ankle, so a foot
 * turned about a point under the ankle puts its heel through the floor.
 * This gathers, once at load, the vertices of the skinned mesh bound mostly
 * to a foot or its toes (their weights on the two at least 1/2), with
 * chapter 06's cleaned influences, and skins only those each frame with
 * chapter 06's skinning job, for two things:
 *
 *   at load    the sole's pivots for the gait (foot_mesh_soles): the lowest
 *              points of the heel's curve and of the ball;
 *   checking   --check-walk's and --check-ik's mesh lines: how far any foot
 *              vertex goes under the ground or a tread, how fast the foot
 *              moves forward (foot_mesh_skin, then the positions).
 *
 * A skeleton without a mesh (or whose mesh has no foot vertices) has an
 * empty foot_mesh (vertex_count 0 on both sides): the gait then takes its
 * pivots from the joints (gait_init's fallback), and the checks measure
 * the heel and ball points in place of vertices.
 */
#ifndef CH10_FOOT_MESH_H
#define CH10_FOOT_MESH_H

#include "walk.h"

#include "chapters/06_cpu_skinning/skinning_gltf.h"

/* One foot's vertices: bind pose, influences, and this frame's skinned positions. */
/* The sole: a foot's vertices at most this high over the ground in the rest
 * pose (m), bound to the foot and its toes by at least FOOT_SOLE_RIGID of
 * their weight. The humanoid's weights fall off smoothly with the distance
 * from a bone, so some of its sole vertices near the ankle are bound up to
 * 0.45 to the shin: linear blend skinning moves those with the shin (5.8
 * cm/s backwards while the shin turns over the flat foot). They are the
 * ankle's, not the foot's: the forward speed leaves them out, the
 * penetration does not. */
#define FOOT_SOLE_HEIGHT 0.02f
#define FOOT_SOLE_RIGID 0.95f

typedef struct foot_mesh_side {
    size_t vertex_count;
    size_t sole_count;          /* the first sole_count vertices are the sole's (FOOT_SOLE_HEIGHT) */
    int skin_joints[2];         /* the foot's and the toes' skin joints (-1 without toes) */
    float (*bind_positions)[3]; /* [vertex_count], model space at bind time */
    float (*bind_normals)[3];
    uint16_t (*joints)[4]; /* skin joint indices, chapter 06's cleaned influences */
    float (*weights)[4];
    float (*positions)[3]; /* [vertex_count]: skinned by foot_mesh_skin, model space */
    float (*normals)[3];
    skinning_job job; /* chapter 06's job over these vertices alone */
} foot_mesh_side;

typedef struct foot_mesh {
    int skin_joint_count;
    int *joint_of_skin_joint;    /* [skin_joint_count]: skin joint -> joint of the skeleton the clips move */
    mat4 *joint_from_model_bind; /* [skin_joint_count] */
    mat4 *skin_matrix;           /* [skin_joint_count], this frame's */
    foot_mesh_side side[2];      /* GAIT_LEFT, GAIT_RIGHT */
    float ground;                /* the rest pose's lowest foot vertex (y): where the ground is */
} foot_mesh;

/* Gathers the feet of the skinned primitives of sc (chapter 06's skin
 * scene over the skins' skeleton `skins`) for the skeleton s that the clips
 * move (every node: chapter 08's `all`), whose joints left_foot,
 * right_foot (and left_toes, right_toes when it has them) name the feet.
 * Only the primitives of the skin that has left_foot are read. A skeleton
 * without those joints or a mesh without their vertices gives an empty
 * foot_mesh, not an error; errors are memory and chapter 06's validation. */
bool foot_mesh_init(foot_mesh *m, const skin_scene *sc, const skeleton *skins, const skeleton *s, sa_error *err);
/* The same with the feet given as joints of s: feet[side] = {foot, toes}
 * (toes -1 when it has none), for a skeleton named otherwise (chapter 13's
 * targets, whose feet the joint map names). */
bool foot_mesh_init_joints(foot_mesh *m, const skin_scene *sc, const skeleton *skins, const skeleton *s, int feet[2][2],
                           sa_error *err);
void foot_mesh_free(foot_mesh *m);

/* Whether it has vertices on both sides. */
bool foot_mesh_has_feet(const foot_mesh *m);

/* Skins the feet: model_from_joint is s's (chapter 04's local-to-model of a
 * pose), the positions written in its model space. Allocates nothing. */
void foot_mesh_skin(foot_mesh *m, mat4 *model_from_joint);

/* --- the checks' measure ------------------------------------------------------- */

/* How a check reads a foot's points over the frames: its deepest in the
 * ground (or a step) and its slowest forward. How deep a point p (world
 * space) is inside the ground is what `depth` says: 0 or less outside it
 * (level ground at height h: h - p[1]). */
typedef double foot_depth_fn(const void *context, const float p[3]);

typedef struct foot_meter {
    double max_penetration;   /* m: the deepest a point went into the ground (0 when never) */
    double min_forward_speed; /* m/s: the slowest a point moved along the facing, frame to frame (negative: back) */
    size_t capacity;          /* points a side at most */
    size_t count[2];          /* each side's points the frame before (0: none yet) */
    float (*last[2])[3];      /* [capacity]: where they were */
    float (*world)[3];        /* [capacity]: scratch for the caller's points of this frame */
} foot_meter;

/* For up to `capacity` points a side (at least 2): min_forward_speed starts
 * at INFINITY until two frames are measured. */
bool foot_meter_init(foot_meter *fm, size_t capacity, sa_error *err);
void foot_meter_free(foot_meter *fm);

/* side's `count` points this frame (world space), dt seconds after the last
 * frame measured: the penetration of each, and (when the side had the same
 * count of points the frame before) the speed along `forward` (a unit
 * vector, the character's facing) of each of the first sole_count: the
 * sole's (the ankle's vertices, bound partly to the shin, are left out of
 * the speed: linear blend skinning moves them with the shin). dt 0 starts
 * the side afresh (a jump: a new clip, the start). */
void foot_meter_add(foot_meter *fm, gait_side side, const float (*world)[3], size_t count, size_t sole_count,
                    const float forward[3], double dt, foot_depth_fn *depth, const void *context);

/* side's points in the world this frame, into fm->world: the mesh's skinned
 * vertices (foot_mesh_skin has run) through world_from_model, the sole's
 * first, or, when m is NULL or has no feet, the heel and ball
 * (gait_sole_points, model_from_foot), both the sole's. Returns how many,
 * and in *sole_count how many of them are the sole's. */
size_t foot_mesh_world_points(const foot_mesh *m, const gait *g, gait_side side, mat4 world_from_model,
                              mat4 model_from_foot, foot_meter *fm, size_t *sole_count);

/* The sole's pivots of each foot from the mesh in s's rest pose, in the foot
 * joint's frame, for gait_init_soles: the ball, the lowest vertex near the
 * toes joint (within 1.5 cm of it along the foot), taken under the toes
 * joint; the heel, the lowest point of the heel's curve: of the vertices
 * behind the ankle, the one lowest when the foot is turned toes up by
 * `heel_pitch` (radians, the gait's heel strike), so that a foot rolling
 * on it never puts its heel under it. False (nothing written) when the mesh
 * has no feet. */
bool foot_mesh_soles(foot_mesh *m, const skeleton *s, float heel_pitch, gait_soles *out);

#endif
