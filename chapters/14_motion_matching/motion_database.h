/* motion_database.h: the motion matching database, its features and its
 * search (chapter 14).
 *
 * CONTRACT between the database half (this header, motion_database.c,
 * mm_features.c, mm_search.c, ...) and the controller half (controller.c,
 * the program). Names and meanings below are fixed; fields and functions
 * may be added.
 *
 * The database is a set of recorded sequences (ranges) of poses at one
 * rate (MM_RATE). Each frame holds:
 *   - the pose: chapter 04's local transforms of every joint of the
 *     humanoid's skeleton (`all`, chapter 08's skeleton of every node), in
 *     the CHARACTER's frame: the hips' horizontal travel taken out as
 *     chapter 10's root motion does, so the pose stands over the origin and
 *     faces +Z (the humanoid's convention);
 *   - the character (the root on the ground): its world position (y 0) and
 *     heading (radians about +Y, 0 faces +Z, pi/2 faces +X:
 *     chapter 10's root_motion_turn convention);
 *   - both feet's contacts (chapter 10's rule);
 *   - its features (below), normalized and weighted.
 * A frame's character-to-world is translate(root_position) * rotateY(root_heading).
 *
 * Features (MM_FEATURE_COUNT floats a frame, in this order, all in the
 * character's frame of that frame, metres and m/s):
 *   0..2    left foot position          (MM_F_LEFT_FOOT_POS)
 *   3..5    right foot position         (MM_F_RIGHT_FOOT_POS)
 *   6..8    left foot velocity          (MM_F_LEFT_FOOT_VEL)
 *   9..11   right foot velocity         (MM_F_RIGHT_FOOT_VEL)
 *   12..14  hips velocity               (MM_F_HIPS_VEL)
 *   15..20  future root positions (x, z) at MM_TRAJECTORY_FRAMES    (MM_F_TRAJ_POS)
 *   21..26  future facing directions (x, z) at MM_TRAJECTORY_FRAMES (MM_F_TRAJ_DIR)
 * Each group is normalized by one scale (the standard deviation over the
 * database averaged over the group's components) after its mean is taken
 * off, then divided by the group's weight... precisely:
 *     stored[i] = (raw[i] - mean[i]) / scale[i],  scale[i] = group_std / group_weight
 * so that the cost of a frame against a query is the plain squared
 * distance of the stored vectors (mm_frame_cost).
 */
#ifndef CH14_MOTION_DATABASE_H
#define CH14_MOTION_DATABASE_H

#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/03_gltf_loader/scene.h"
#include "chapters/04_bone_tree/skeleton.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "chapters/10_walk_cycle/foot_mesh.h"
#include "common/error.h"

#include <stdbool.h>
#include <stdint.h>

#define MM_RATE 60 /* frames per second of the database and of the controller's step */
#define MM_FEATURE_COUNT 27
#define MM_TRAJECTORY_POINTS 3
/* the horizons, frames ahead at MM_RATE: 1/3, 2/3 and 1 s */
#define MM_TRAJECTORY_FRAMES_INIT                                                                                      \
    {                                                                                                                  \
        20, 40, 60                                                                                                     \
    }

enum {
    MM_F_LEFT_FOOT_POS = 0,
    MM_F_RIGHT_FOOT_POS = 3,
    MM_F_LEFT_FOOT_VEL = 6,
    MM_F_RIGHT_FOOT_VEL = 9,
    MM_F_HIPS_VEL = 12,
    MM_F_TRAJ_POS = 15,
    MM_F_TRAJ_DIR = 21,
};

typedef struct mm_database {
    int joint_count; /* of the skeleton the poses are for */
    int frame_count;
    transform *pose;           /* [frame_count * joint_count]: local transforms, the character's frame */
    float (*root_position)[3]; /* [frame_count]: world, y = 0 */
    float *root_heading;       /* [frame_count]: radians about +Y */
    uint8_t (*contact)[2];     /* [frame_count]: left, right foot down (1) */
    int range_count;
    int (*range)[2];               /* [range_count]: first frame, one past the last, of each recorded sequence */
    float *features;               /* [frame_count * MM_FEATURE_COUNT]: normalized and weighted */
    float mean[MM_FEATURE_COUNT];  /* of the raw features over the database */
    float scale[MM_FEATURE_COUNT]; /* group deviation / group weight (see above) */
} mm_database;

/* Chapter 14's controller asks the database for: the pose at a frame
 * (db->pose + frame * joint_count), the character's motion from frame to
 * frame + 1 in frame's character frame (mm_root_delta), the contacts, and
 * the search below. */

/* The character's move from `frame` to `frame + 1` (the same range), in
 * the character's frame at `frame`: translation (x, 0, z) and the turn
 * (radians about +Y). At a range's last frame: zero. */
void mm_root_delta(const mm_database *db, int frame, float delta_position[3], float *delta_heading);

/* The query's trajectory part from the controller's desired trajectory:
 * positions (x, z) and facing directions (x, z, unit) at the three
 * horizons, in the character's frame, raw (m); written normalized into
 * query[MM_F_TRAJ_POS .. MM_F_TRAJ_DIR + 5]. The pose part of a query is the
 * playing frame's own stored features (copy db->features + frame * count). */
void mm_query_trajectory(const mm_database *db, const float positions[MM_TRAJECTORY_POINTS][2],
                         const float directions[MM_TRAJECTORY_POINTS][2], float *query);

/* Exercise ex14.1: one frame's cost, sum over i of (features[i] - query[i])^2
 * (both already normalized and weighted). */
float mm_frame_cost(const float *features, const float *query, int count);

/* The search: the frame whose cost against query is least, among the frames
 * a search may jump to (not within MM_TRAJECTORY_FRAMES's last horizon of
 * its range's end: their future is not in the database). Ties: the lowest
 * frame. Returns -1 for an empty database. *best_cost gets its cost. */
int mm_search_brute_force(const mm_database *db, const float *query, float *best_cost);

/* The acceleration structure over db's features; built once, after the
 * features. mm_search_accelerated returns exactly the frame (and cost)
 * mm_search_brute_force returns. */
typedef struct mm_search_index mm_search_index;
bool mm_search_index_build(mm_search_index **index, const mm_database *db, sa_error *err);
void mm_search_index_free(mm_search_index *index);
int mm_search_accelerated(const mm_search_index *index, const mm_database *db, const float *query, float *best_cost);

/* Exercise ex14.2: the least cost any vector inside the box [lo, hi]
 * (per component) can have against query: sum over i of the squared
 * distance from query[i] to the interval [lo[i], hi[i]] (0 inside). */
float mm_box_lower_bound(const float *lo, const float *hi, const float *query, int count);

/* Building, saving, loading. The build drives chapter 10's locomotion
 * controller on the humanoid with a scripted, seeded stick, mirrors it,
 * adds chapter 13's retargeted CMU captures where they hold locomotion
 * (capture_dir; mm_capture.c: their spans, then their mirrors), then
 * computes the features. The file format is described in book 14. */
typedef struct mm_build_params {
    uint32_t seed;
    double seconds; /* of scripted stick per sequence before mirroring */
    bool mirror;
    int sequences; /* scripted sequences (ranges) before mirroring, each from its own seed */
    /* where CMU's 01_01.bvh and 01_03.bvh are (NULL: the database without
     * them); a file missing there gets one note on stderr naming it, and the
     * database is built without them (mm_capture.c) */
    const char *capture_dir;
} mm_build_params;
/* seed 14, 2 sequences of 90 s, mirrored: 4 ranges, 21,600 frames; with
 * CMake's SA_MM_CAPTURES (on, but never on the web), capture_dir
 * SA_BVH_DIR: CMU's 7 spans and their mirrors after them, 18 ranges, 24,300
 * frames (else capture_dir NULL) */
mm_build_params mm_build_defaults(void);

/* The character the database is made for, loaded without a window:
 * chapter 06's skin_scene_load (the file, the skins' skeleton, the skinned
 * primitives), every node as chapter 04's skeleton `all` (what the poses
 * move), chapter 10's feet of the mesh and its walk and run made with their
 * soles, and the file's clips (the idle among them). */
typedef struct mm_character {
    gltf_document doc;
    skeleton skins, all;
    skin_scene sc;
    scene_nodes nodes;
    foot_mesh feet;
    walk_clip gaits[2]; /* walk, run */
    clip *clips;        /* [doc.animation_count] */
    int idle;           /* the clip called "idle" */
} mm_character;
bool mm_character_load(mm_character *c, const char *path, sa_error *err);
void mm_character_free(mm_character *c);

bool mm_database_build(mm_database *db, const mm_character *c, const mm_build_params *p, sa_error *err);
bool mm_database_save(const mm_database *db, const char *path, sa_error *err);
bool mm_database_load(mm_database *db, const char *path, sa_error *err);
/* mm_database_load's work on a file already in memory (data, size bytes;
 * name: what errors call it). */
bool mm_database_parse(mm_database *db, const unsigned char *data, size_t size, const char *name, sa_error *err);
/* A loaded database against the skeleton it is played on: the same joint
 * count ("PATH: 23 joints, the skeleton has 22"). */
bool mm_database_fits(const mm_database *db, const skeleton *s, const char *path, sa_error *err);
void mm_database_free(mm_database *db);
/* Bytes of the database's file (the format of mm_database_save). */
uint64_t mm_database_file_bytes(const mm_database *db);

/* --- features (mm_features.c) ------------------------------------------- */

/* Each group's weight (Holden's defaults: feet positions 0.75, feet
 * velocities 1, hips velocity 1, trajectory positions 1, directions 1.5). */
typedef struct mm_feature_weights {
    float foot_position, foot_velocity, hips_velocity, trajectory_position, trajectory_direction;
} mm_feature_weights;
mm_feature_weights mm_feature_weights_defaults(void);

/* The joints the features read: left foot, right foot, hips. */
enum { MM_JOINT_LEFT_FOOT, MM_JOINT_RIGHT_FOOT, MM_JOINT_HIPS, MM_FEATURE_JOINTS };

/* The raw features of every frame (raw[frame_count * MM_FEATURE_COUNT],
 * metres and m/s, the character's frame of each frame) from the poses, the
 * root and the ranges; joints[MM_FEATURE_JOINTS] index s. Velocities: the
 * world positions' backward difference (f - 1 to f) times MM_RATE, the
 * forward one (f to f + 1) at a range's first frame, 0 in a range of one
 * frame; rotated into f's character frame. The trajectory's horizons are
 * clamped to the range's last frame. Fails on memory only. */
bool mm_features_raw(const mm_database *db, const skeleton *s, const int joints[MM_FEATURE_JOINTS], float *raw,
                     sa_error *err);
/* db->mean, db->scale and db->features from raw (the formula at the top). A
 * group whose deviation is 0 (every frame the same) is scaled by 1 / weight. */
bool mm_features_normalize(mm_database *db, const float *raw, const mm_feature_weights *w, sa_error *err);
/* Both, with joints found by name in s (left_foot, right_foot, hips). */
bool mm_features_compute(mm_database *db, const skeleton *s, const mm_feature_weights *w, sa_error *err);

/* Whether a search may jump to `frame` (see mm_search_brute_force). */
bool mm_frame_searchable(const mm_database *db, int frame);
/* The last horizon in frames (60): a range's last 60 frames are not searchable. */
#define MM_TRAJECTORY_LAST 60

/* The index's size: its boxes (small, large) and their bytes. */
void mm_search_index_size(const mm_search_index *index, int *small_boxes, int *large_boxes, size_t *bytes);

#endif
