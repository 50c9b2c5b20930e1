/* stairs_demo.h: what ch11_ik's stairs view shows, apart from the window:
 * the humanoid walking up the stairs, turning on the landing and walking
 * down (stairs_walk.h: the walk, the feet placed on the steps), its head
 * turned toward a target that moves (the aim job), its face playing the
 * file's "face" clip (morph target weights: it blinks and says a few words,
 * looped). The window, --export, --dump-pose and --dump-weights all pose the
 * character through stairs_demo_step, so the file and the dumps hold what
 * the window shows.
 *
 *     stairs_demo d = {0};
 *     stairs_demo_load(&d, humanoid_path, decode_images, &err);
 *     each frame: stairs_demo_step(&d, dt, &err);   d.v.pose, d.walk.world_from_model
 *     stairs_demo_free(&d);
 */
#ifndef CH11_STAIRS_DEMO_H
#define CH11_STAIRS_DEMO_H

#include "ik.h"
#include "stairs_walk.h"

#include "chapters/08_keyframes/animated_view.h"

/* The joints the head's turn is spread over, root first, and their weights:
 * each takes its weight of the turn left when it is reached (ik_aim_job). */
#define LOOK_JOINTS 4

typedef struct stairs_demo {
    animated_view v; /* the humanoid (chapter 08): its file, skeletons, pose */
    stairs_geometry geometry;
    stairs_walk walk; /* the walk over v.all, the feet on the steps */
    double time;      /* seconds since the walk began */
    int hips;         /* the root, which the root motion goes into when baked */
    bool look_on;     /* the head follows the target */
    int look_joints[LOOK_JOINTS];
    float look_weights[LOOK_JOINTS];
    vec3 look_forward; /* the head's forward (+Z of the model in the rest pose), in the head's space */
    float look_angle;  /* the angle left between the head's forward and the target (0 within the limit) */
    /* The file's "face" clip (chapter 08: morph weights alone), played
     * looped into v.sc.morph_weights; has_face false: the rest weights. */
    bool has_face;
    clip face;
} stairs_demo;

/* The humanoid at path (images decoded only when decode_images), the walk
 * set up over it on the default stairs, the look-at chain (spine_2,
 * spine_3, neck, head). Errors name the file. */
bool stairs_demo_load(stairs_demo *d, const char *path, bool decode_images, sa_error *err);

/* The target the head looks at, world space: a point ahead of the
 * character that sweeps from side to side over time (d->time), placed by
 * the walk's world_from_model. */
void stairs_demo_look_target(const stairs_demo *d, vec3 out_world);

/* Advances the walk by dt (its pose, FK + the feet's IK, into d->v.pose),
 * the face (its morph weights at d->time, looped, into d->v.sc.morph_weights)
 * and turns the head toward the target when look_on. */
bool stairs_demo_step(stairs_demo *d, double dt, sa_error *err);

/* The longest walk stepped through or baked, seconds: a walk whose root
 * does not move along its path never ends (ex10.1's stub). */
#define STAIRS_DEMO_MAX_TIME 3600.0

/* The walk from its start (d freshly loaded) up to time t, clamped to 0 ..
 * the walk's duration (and STAIRS_DEMO_MAX_TIME): a step of 0, stairs_demo_full_steps(t, rate) steps
 * of 1 / rate s, then what is left when over 1e-4 s. The bake at `rate` Hz takes
 * the same steps, so its keys hold these poses. */
bool stairs_demo_run_to(stairs_demo *d, double t, double rate, sa_error *err);

/* The whole steps of 1 / rate s in t: a t that is a key time read back
 * from text (a float a little under it) counts that key. */
int stairs_demo_full_steps(double t, double rate);

/* The pose with the root motion put into the root (hips): world_from_model
 * times the hips' local transform. out: [v.all.joint_count]. */
void stairs_demo_baked_pose(const stairs_demo *d, transform *out);

void stairs_demo_free(stairs_demo *d);

#endif
