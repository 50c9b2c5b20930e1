/* locomotion_controller.h: idle, walk and run driven by one desired speed
 * (chapter 10).
 *
 * The controller puts chapter 09's pieces around locomotion.h's walk / run
 * blend:
 *
 *     speed 0        idle (its own clip), no root motion
 *     speed > 0      locomotion_frame: walk and run on one phase, the weight
 *                    and the playback rate from the speed (ex10.2)
 *     idle <-> move  chapter 09's crossfade between the idle clip and the
 *                    walk, started on a foot contact: a start begins the
 *                    walk at its left contact (phase 0); a stop steps on
 *                    until the walk's next contact event, then fades
 *     the wave       chapter 09's layer: the clip blended through a mask
 *                    from the spine up (mask_from_joint, with its ramp)
 *     the feet       the foot lock (foot_lock.c) holds the walk / run's
 *                    planted feet where they landed in the world
 *
 * One frame, top to bottom:
 *
 *     locomotion_controller_advance:
 *       locomotion_frame(...)        walk / run pose, root displacement
 *       crossfade_advance(...)       idle / walk weights, the walk's contacts
 *     (the caller moves the root by the step)
 *     locomotion_controller_pose:
 *       foot_lock_apply(...)         the planted feet held in the world
 *       pose_blend(idle, move, w)    the fade (w: the walk's weight)
 *       pose_blend(.., wave, mask)   the layer
 *
 * It is the order of chapter 09's animator_pose (fade, then layer); the
 * animator itself is not used because the moving entry's pose is not one
 * clip sampled at its clock but the walk / run blend. The crossfade is
 * the animator's: its walk entry's clock is kept on the locomotion phase,
 * so chapter 08's events report the contacts.
 *
 * Plain structs over caller-owned arrays; a frame allocates nothing.
 */
#ifndef CH10_LOCOMOTION_CONTROLLER_H
#define CH10_LOCOMOTION_CONTROLLER_H

#include "locomotion.h"

#include "chapters/09_crossfade/blend.h"

/* [listing locomotion_controller_params] */
typedef struct locomotion_controller_params {
    double fade_seconds;      /* idle <-> walk, wall seconds from the contact */
    fade_curve curve;         /* of that fade */
    float acceleration;       /* m/s per second the speed follows the desired one; <= 0: at once */
    float max_speed;          /* desired speeds are clamped to 0 .. max_speed (m/s) */
    double wave_fade_seconds; /* the wave layer's weight 0 <-> 1 */
} locomotion_controller_params;

typedef enum locomotion_state {
    LOCOMOTION_IDLE,     /* the idle clip alone, no root motion */
    LOCOMOTION_MOVING,   /* walk / run (fading in from idle at first) */
    LOCOMOTION_STOPPING, /* speed 0 asked: stepping on until the walk's next contact */
    LOCOMOTION_SETTLING, /* fading into idle from that contact, still stepping */
} locomotion_state;

enum { LOCOMOTION_CLIP_IDLE, LOCOMOTION_CLIP_WALK }; /* the crossfade's clips */

/* [/listing] */

/* [listing locomotion_controller_struct] */
typedef struct locomotion_controller {
    locomotion_controller_params params;
    locomotion_job move;  /* walk and run on one phase (locomotion.h) */
    clip fade_clips[2];   /* idle, walk: copies of the two structs (the arrays stay theirs) */
    crossfade fade;       /* chapter 09: idle <-> walk, the walk's clock on the phase */
    int contact_event[2]; /* the walk clip's left_down, right_down */
    locomotion_state state;
    float speed;            /* m/s the locomotion plays at now (held while stopping) */
    bool start_contact;     /* the next frame reports the left contact the walk starts on */
    const clip *wave;       /* the layer's clip, or NULL */
    const float *wave_mask; /* [joint_count] of 0 .. 1: mask_from_joint */
    clip_clock wave_clock;  /* the layer's own clock */
    float wave_weight;      /* 0 .. 1, towards wave_on */
    bool wave_on;           /* locomotion_controller_set_wave */
    int *idle_cursors;      /* [idle clip's track count] or NULL */
    int *wave_cursors;      /* [wave clip's track count] or NULL */
    transform *move_pose;   /* [joint_count]: the walk / run blend, then the wave's pose */
    foot_lock lock;         /* the walk / run's planted feet (locomotion.h) */
    mat4 *model;            /* [joint_count]: the lock's scratch, or NULL: no lock */
} locomotion_controller;

/* What a frame gives besides the pose. */
typedef struct locomotion_step {
    float root_delta[3]; /* clip space (root_motion_turn puts it in the world); 0 while idle */
    bool contact[2];     /* GAIT_LEFT, GAIT_RIGHT: that foot touched down in this frame */
} locomotion_step;
/* [/listing] */

/* A fade of 0.4 s (smoothstep), 2 m/s^2, at most 6 m/s, the wave in 0.3 s. */
locomotion_controller_params locomotion_controller_defaults(void);

/* The caller's arrays: cursors [that clip's track count] (or NULL: slower
 * sampling), poses [joint_count], model [joint_count] (or NULL: the feet
 * are not held). */
typedef struct locomotion_controller_memory {
    int *walk_cursors, *run_cursors, *idle_cursors, *wave_cursors;
    transform *walk_pose, *run_pose, *move_pose;
    mat4 *model;
} locomotion_controller_memory;

/* Sets the controller up over the gaits' skeleton: idle and wave (NULL:
 * no layer; then wave_mask may be NULL) are clips over the same joints.
 * It starts at `initial_speed`: <= 0 idle, else already walking at it
 * (weight 1, left contact). Fails (one line) on clips of other joint
 * counts, a walk without left_down / right_down events, or parameters out
 * of range (fade and wave times >= 0, max_speed > 0). */
bool locomotion_controller_init(locomotion_controller *ctl, const locomotion_controller_params *params,
                                const walk_clip *walk, const walk_clip *run, const clip *idle, const clip *wave,
                                const float *wave_mask, const locomotion_controller_memory *memory, float initial_speed,
                                sa_error *err);

/* One frame of dt seconds (clamped to 0 .. CLIP_CLOCK_MAX_STEP, as the
 * clocks are) at `desired_speed` m/s (NaN or <= 0: stop): the state, the
 * speed, the phase, the fades and the wave move on; the step comes out. */
void locomotion_controller_advance(locomotion_controller *ctl, float desired_speed, double dt, locomotion_step *step);

/* The frame's pose ([joint_count]), once after each advance: the walk / run
 * pose with its planted feet held where they landed (foot_lock_apply;
 * world_from_model places the character after this frame's step, NULL
 * holds nothing), faded with idle, the wave on top. */
void locomotion_controller_pose(locomotion_controller *ctl, mat4 world_from_model, transform *pose);

/* The wave layer fades in (from the start of its clip) or out. */
void locomotion_controller_set_wave(locomotion_controller *ctl, bool on);

/* The walk's weight in the idle crossfade: 0 idle .. 1 moving. */
float locomotion_controller_moving_weight(const locomotion_controller *ctl);

#endif
