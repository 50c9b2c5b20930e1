/* check_ik.h: ch11_ik --check-ik, the stairs walk measured with no window. */
#ifndef CH11_CHECK_IK_H
#define CH11_CHECK_IK_H

#include "stairs_walk.h"

#include "chapters/10_walk_cycle/foot_mesh.h"

/* The knees on one part of the walk, degrees of flexion (0 straight). */
typedef struct stairs_knees {
    double contact;    /* at foot contact (the down event), the mean over the contacts there */
    double stance_min; /* the straightest a planted leg's knee gets */
    double swing_peak; /* the most a swinging leg's knee folds */
    int contacts;
} stairs_knees;

enum { STAIRS_LANDING, STAIRS_UP, STAIRS_DOWN, STAIRS_PARTS };

/* [listing stairs_check_result] */
typedef struct stairs_check_result {
    double max_foot_error;            /* m: a planted foot's lowest sole point (heel, ball) from the step under it */
    double max_foot_slide;            /* m/s: the fastest a planted sole moves horizontally (as chapter 10 measures) */
    double max_knee_pop;              /* rad: the largest change of a knee's angle from one frame to the next */
    double max_bone_stretch;          /* the largest relative change of a bone's length from the rest pose */
    stairs_knees knees[STAIRS_PARTS]; /* the root on the landing, on the flight going up, going down */
    /* the skinned mesh's feet (chapter 10's foot_mesh.h), every frame */
    double max_mesh_penetration;   /* m: the deepest a foot vertex goes into a tread or the ground */
    double min_foot_forward_speed; /* m/s: the slowest a sole moves along the root's facing */
} stairs_check_result;
/* [/listing] */

/* The whole walk (stairs_walk_duration) at `rate` Hz from its start, with
 * IK on or off, measured after every step through chapter 04's
 * local-to-model and the walk's world_from_model. A foot is planted from
 * the frame its down event is reported to the frame its up event is.
 * sink (metres, >= 0; 0 for the real check) tells the walk that each ankle
 * stands that much lower over its sole than measured: the IK then puts
 * every foot that far into its step and holds it there, a foot error
 * without a slide, the check's own test (--sink). */
bool stairs_check(const skeleton *s, bool ik, float sink, double rate, stairs_check_result *out, sa_error *err);
/* The same with the feet of `mesh` measured against the stairs every frame
 * (the mesh lines); a mesh without feet, or NULL: the heel and ball points
 * measured in place of vertices. The walk is over the mesh's soles
 * (foot_mesh_soles) where it has feet, else the joints'. */
bool stairs_check_mesh(const skeleton *s, foot_mesh *mesh, bool ik, float sink, double rate, stairs_check_result *out,
                       sa_error *err);

/* --check-ik: loads the skeleton of model_path (NULL: the humanoid), runs
 * stairs_check at 60 Hz (sink as there), prints the four lines, then the
 * knees of each part of the walk beside the normal ranges of a person
 * walking and climbing stairs (" outside" after a knee outside its range);
 * then the mesh's two lines (max_mesh_penetration, min_foot_forward_speed);
 * returns the exit status (1 over 0.01 m, 0.01 m/s or 1e-4, a knee turning
 * over 0.15 rad in a frame, a foot vertex 0.005 m into a step, a sole
 * moving back faster than 0.05 m/s, with a knee outside its range, or on an
 * error). */
int run_check_ik(const char *model_path, bool ik, float sink);

#endif
