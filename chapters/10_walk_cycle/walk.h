/* walk.h: a walk cycle, a run, and root motion (chapter 10).
 *
 * The gait generator makes a looping clip in chapter 08's form (tracks added
 * with clip_init / clip_add_track), so it plays, blends and compresses like a
 * clip loaded from a file. It is built from the classic key poses of a step,
 * for each leg (eight a cycle):
 *
 *     contact   the foot plants (its stance begins: event left_down)
 *     down      a quarter of the way through its stance
 *     passing   mid-stance: the other foot swings past the planted one
 *     up        between passing and the other foot's contact
 *
 * and the same four half a cycle later for the other leg. A planted foot
 * rolls as a person's does (heel strike toes up, foot flat, heel-off on the
 * ball, toe-off heel up), whatever touches the ground staying still in the
 * world; a swinging foot follows the swing's knee and hip angles and clears
 * the ground. The leg angles are solved from the skeleton's own measured
 * thigh and shin, so a taller or shorter character still plants its feet,
 * and the pelvis is as high as its planted legs allow (its rise and fall
 * come from the legs and the stride). It turns and tilts; the spine leans
 * and counter-turns; the arms swing against the legs.
 *
 * The same generator makes a run with other parameters: each foot is down
 * for less than half the cycle, so both are off the ground between steps
 * (the flight phase), with more lean, higher knees and bent elbows.
 *
 * Root motion: the generator authors the pelvis travelling forward, then
 * takes its horizontal travel out of the clip (root_motion_extract, exercise
 * ex10.1). The clip then loops in place, and the travel moves the character's
 * root instead: by exactly the distance the stance feet push it, turned by
 * the character's heading along its path.
 *
 * Conventions: the character stands in its rest pose with its soles on
 * y = 0 and faces +Z, its left at +X (the humanoid's, book appendix).
 */
#ifndef CH10_WALK_H
#define CH10_WALK_H

#include "chapters/04_bone_tree/skeleton.h"
#include "chapters/08_keyframes/clip.h"
#include "common/error.h"

#include <stdbool.h>
#include <stdio.h>

/* [listing gait_params] */
typedef struct gait_params {
    float stride_length;   /* metres travelled in one cycle (two steps) */
    float cadence;         /* steps per second: a cycle lasts 2 / cadence */
    float stance_fraction; /* of the cycle each foot is down: above 1/2 a walk, below it a run */
    /* The foot's roll, in fractions of the cycle from the foot's initial contact: */
    float foot_flat;         /* the sole comes down flat (end of the loading response) */
    float heel_off;          /* the heel lifts: the foot turns about the ball from here to toe-off */
    float mid_stance;        /* the hip passes over the flat foot's ankle */
    float heel_strike_pitch; /* radians, toes up, at initial contact */
    float toe_off_pitch;     /* radians, heel up, at toe-off */
    /* The stance knee (flexion, radians) at contact, at foot flat, at
     * heel-off and at toe-off: the stance leg is never straighter than this,
     * and the pelvis is as high as that allows (its height and bob come from
     * these, the legs' lengths and the stride). */
    float knee_contact, knee_loading, knee_mid_stance, knee_toe_off;
    float knee_swing_peak; /* the swing knee's flexion at a third of the swing, radians */
    float hip_swing_peak;  /* the thigh's flexion late in the swing, radians forward of vertical */
    float arm_swing;       /* the upper arms' swing forward and back, radians each way */
    float lean;            /* the spine's forward lean, radians */
    float pelvis_turn;     /* the pelvis's turn about the vertical, radians each way */
    float pelvis_tilt;     /* its roll (list), the swing side dropping, radians each way */
    float elbow_bend;      /* radians */
    int keys_per_cycle;    /* keys spread evenly over the cycle, besides the key poses */
} gait_params;
/* [/listing] */

/* A walk: stride 1.2 m at 1.9 steps/s (1.14 m/s), the foot down 60% of the
 * cycle. A run: stride 1.8 m at 3 steps/s (2.7 m/s), down 30%. */
gait_params gait_walk(void);
gait_params gait_run(void);

/* The same gait at another speed (m/s): stride and cadence both scaled by
 * sqrt(speed / base speed), as people do. Fails on a speed <= 0. */
bool gait_at_speed(const gait_params *base, float speed, gait_params *out, sa_error *err);

typedef enum gait_side { GAIT_LEFT, GAIT_RIGHT } gait_side;

/* The feet as chapter 10's foot_mesh.h gathers them from the skinned mesh. */
typedef struct foot_mesh foot_mesh;

/* Where each sole touches the ground, in its foot joint's frame: the heel
 * (the pivot of the heel strike) and the ball (the pivot of heel-off), as
 * foot_mesh_soles finds them on the mesh. */
typedef struct gait_soles {
    float heel_in_foot[2][3], ball_in_foot[2][3]; /* GAIT_LEFT, GAIT_RIGHT */
    float toe_reach[2];                           /* the toes' tip ahead of the toes joint, m (0: no toes) */
    float heel_back[2]; /* the heel's back (the mesh's rearmost foot vertex) behind the heel pivot, m */
} gait_soles;

/* The legs' joints the generator needs (named left_thigh ... right_foot)
 * and what it measured of them in the rest pose. */
typedef struct gait_leg {
    int thigh, shin, foot;
    int toes;             /* -1 when the skeleton has none */
    float heel_offset[3]; /* the heel (the sole's pivot at heel strike) from the ankle, model space, rest pose */
    float ball_offset[3]; /* the ball (sole under the toes joint) from the ankle, model space, rest pose */
    float toes_height;    /* the toes joint over the ball, rest pose (0 without toes) */
    float ball_ahead;     /* the ball ahead of the toes joint along the foot, rest pose (m) */
    float toe_reach;      /* the toes' tip ahead of the toes joint: the mesh's, or 0.75 of heel to ball */
    float heel_back;      /* the heel's back behind the heel pivot: the mesh's, or 0 (unknown) */
    float thigh_length, shin_length; /* hip to knee, knee to ankle, metres */
    float ankle_rest[3];             /* the ankle in model space, rest pose: y is its height over the sole */
    /* The rest pose's thigh and shin frames (bone direction, knee hinge
     * axis, their cross product as columns): the leg solve turns them onto
     * the posed ones. */
    mat3 thigh_frame, shin_frame;
    /* The sole, in the foot joint's frame: from the mesh when gait_init_soles
     * is given them (foot_mesh_soles), else the points of the rest pose on
     * y = 0 under the ankle (heel) and under the toes joint (ball; the heel
     * again when the skeleton has no left_toes / right_toes). */
    float heel_in_foot[3], ball_in_foot[3];
} gait_leg;

#define GAIT_PELVIS_SAMPLES 256
#define GAIT_SWING_SAMPLES 64

/* A leg's swing, the ends its curves go between (index 0 at toe-off, 1 at
 * the next contact), measured on the stance poses there: */
typedef struct gait_swing {
    float side[2];      /* the ankle's offset from the hip along X, metres */
    float knee[2];      /* knee flexion, radians */
    float hip[2];       /* the thigh's flexion forward of vertical, radians */
    float ankle[2];     /* the foot turned from the shin's neutral, radians (plantarflexion +) */
    versor foot_fix[2]; /* what takes the swing's foot rotation onto the stance's exactly */
    versor toes_local;  /* the toes joint at toe-off (bent up under the foot) */
    /* the ankle's forward position (model z of the authored gait) at
     * GAIT_SWING_SAMPLES + 1 even steps of the swing after the stance that
     * begins at phase forward_contact (the leg's first), never going back
     * (plan_swing_forward); a stance k cycles later swings k strides ahead */
    float forward[GAIT_SWING_SAMPLES + 1];
    float forward_contact;
} gait_swing;

/* A generator set up for one skeleton and one set of parameters. */
typedef struct gait {
    gait_params params;
    float period; /* seconds a cycle: 2 / cadence */
    float speed;  /* stride_length / period, m/s */
    int hips;     /* the pelvis: a root of the skeleton */
    gait_leg leg[2];
    /* optional joints (-1 when the skeleton has none): they keep their rest
     * transform then */
    int spine_1, spine_3, neck, upper_arm[2], forearm[2];
    float key_phase[8]; /* the eight key poses, fractions of the cycle: contact, down, passing, up (left), then right */
    float lift_phase[2];     /* each foot's toe-off */
    float heel_off_phase[2]; /* each foot's heel-off */
    /* The pelvis's height over the cycle: its offset from the rest height
     * at GAIT_PELVIS_SAMPLES even phases, from the stance legs (gait_init). */
    float pelvis_offset[GAIT_PELVIS_SAMPLES];
    gait_swing swing[2];  /* each leg's swing, from its toe-off to its next contact */
    bool swing_planned;   /* gait_init has measured swing[]: until then a swing leg just hangs */
    bool forward_planned; /* ... and the swing's forward positions: until then the angles' */
    int joint_count;
    versor *rest_model_rotation; /* [joint_count]: model-space rotation of every joint in the rest pose */
    transform *rest_local;       /* [joint_count] */
    int *parent;                 /* [joint_count] */
    /* scratch for gait_pose's forward pass (model-space rotation and
     * position of every joint), allocated once here */
    versor *model_rotation;
    vec3 *model_position;
} gait;

/* Checks the parameters (stride, cadence, stance fraction, the foot's roll, key
 * count in range) and the skeleton (the joints hips, left_thigh, left_shin,
 * left_foot and the right ones present, each shin the child of its thigh and
 * each foot of its shin, hips a root, unit scale on the way), measures the
 * legs and works out the pelvis height. Errors are one line naming the
 * parameter or the joint. */
bool gait_init(gait *g, const skeleton *s, const gait_params *p, sa_error *err);
/* The same with the soles' pivots given (NULL: gait_init's, from the joints). */
bool gait_init_soles(gait *g, const skeleton *s, const gait_soles *soles, const gait_params *p, sa_error *err);
void gait_free(gait *g);

/* The pose at `phase` (0 .. 1 of the cycle) as authored: the pelvis carried
 * forward by phase * stride_length, the stance feet fixed in space. pose
 * holds joint_count transforms. The clip (root motion taken out) is this pose
 * with the pelvis's horizontal travel removed. */
void gait_pose(const gait *g, float phase, transform *pose);

/* Whether `side`'s foot is planted at `phase`: from its contact (0 for the
 * left foot, 1/2 for the right) up to its toe-off, lift_phase[side]. */
bool gait_foot_planted(const gait *g, gait_side side, float phase);

/* side's heel and ball in model space, from the foot joint's model matrix. */
void gait_sole_points(const gait *g, gait_side side, mat4 model_from_foot, float heel[3], float ball[3]);

/* The generator's leg solve (gait_pose's own, analytic: this chapter comes
 * before chapter 11's IK) as a stage function over a posed skeleton: side's
 * thigh, shin and foot rotations in pose are rewritten so that the ankle
 * lands on `ankle` (model space) with the knee bending forward and the foot
 * at model rotation `foot_rotation`. model holds the pose's model matrices
 * (from joints_local_to_model); only the thigh's parent and the thigh's
 * position (the hip) are read from it, so it is stale afterwards. */
void gait_leg_solve(const gait *g, gait_side side, mat4 *model, const float ankle[3], const versor foot_rotation,
                    transform *pose);

/* [listing root_motion_struct] */
/* What root motion takes out of a clip: the pelvis's horizontal travel. */
typedef struct root_motion {
    int key_count;
    float *times;         /* [key_count]: the pelvis track's, 0 .. duration */
    float *travel;        /* [key_count * 3]: the root's offset from key 0 at each key, y = 0 */
    float loop_offset[3]; /* how far one loop of the clip carries the root */
    float duration;
} root_motion;
/* [/listing] */

/* Exercise ex10.1 (root_motion_extract.c): takes the horizontal travel out
 * of a pelvis translation track: key_count keys (at least 1) of x y z in
 * pelvis[key_count * 3], y up. Writes, for every key k,
 *     in_place[k] = (x[0], y[k], z[0])            the height stays in the clip
 *     travel[k]   = (x[k] - x[0], 0, z[k] - z[0])  moves the root instead
 * and loop_offset = travel[key_count - 1], how far one loop carries the root
 * (the root adds it at each wrap, so the in-place clip's jump back to key 0
 * is not a jump of the character). So in_place[k] + travel[k] = pelvis[k].
 * in_place may be the same array as pelvis. */
void root_motion_extract(int key_count, const float *pelvis, float *in_place, float *travel, float loop_offset[3]);

/* Takes the root motion out of the clip's translation track of joint
 * `pelvis` (rewritten in place; LINEAR, its first key at 0 and its last at
 * the clip's duration, so the loop offset is one whole loop). */
bool root_motion_from_clip(clip *c, int pelvis, root_motion *rm, sa_error *err);
void root_motion_free(root_motion *rm);

/* The root's travel at clip time t (clamped to 0 .. duration), linear between keys. */
void root_motion_at(const root_motion *rm, float t, float out[3]);

/* How far the root moves while the clip time goes from `from` by `advance`
 * clip seconds (negative: backwards), through as many loop wraps as that
 * takes: travel(to) - travel(from) + wraps * loop_offset, in clip space
 * (the character facing +Z). */
void root_motion_advance(const root_motion *rm, double from, double advance, float out[3]);

/* A clip-space displacement turned into the world by the character's
 * heading (radians about +Y; 0 faces +Z, pi / 2 faces +X). */
void root_motion_turn(const float clip_delta[3], float heading, float world_delta[3]);

/* world_from_model of a character whose root stands at `position` facing `heading`. */
void root_world_from_model(const float position[3], float heading, mat4 out);

/* The gait as a clip named `name` over the gait's skeleton, looping in
 * place: LINEAR keys at the eight key poses, the two toe-offs and
 * keys_per_cycle even steps; the pelvis's horizontal travel in *rm; events
 * left_down, left_up, right_down, right_up at each foot's contact and toe-off. */
bool gait_make_clip(const gait *g, const char *name, clip *out, root_motion *rm, sa_error *err);

/* --- a gait's clip, ready to play, and the check of a walk ------------------ */

/* What one gait gives: the generator, its clip, its root motion. */
typedef struct walk_clip {
    gait g;
    clip c;
    root_motion rm;
} walk_clip;

/* side's stance on clip c as fractions of its cycle, from its events
 * (left_down / left_up or right_down / right_up): the contact's phase and
 * how long the foot stays down (up - down, wrapped into 0 .. 1). Fails (one
 * line) on a clip without them. */
bool gait_clip_stance(const clip *c, gait_side side, float *down, float *length, sa_error *err);

/* gait_init and gait_make_clip in one. */
bool walk_clip_make(const skeleton *s, const gait_params *p, const char *name, walk_clip *out, sa_error *err);
/* The same over the soles' pivots given (NULL: the joints'; gait_init_soles). */
bool walk_clip_make_soles(const skeleton *s, const gait_soles *soles, const gait_params *p, const char *name,
                          walk_clip *out, sa_error *err);
void walk_clip_free(walk_clip *w);

/* [listing walk_check_result] */
typedef struct walk_check_result {
    double max_foot_slide;       /* m/s: the fastest a planted sole point on the ground moves horizontally */
    double max_foot_penetration; /* m: how far a sole goes under the ground (0 when never) */
    double distance_travelled;   /* m: the length of the root's path */
    /* the mesh (foot_mesh.h): every foot vertex, skinned as chapter 06 skins it */
    double max_mesh_penetration;   /* m: the deepest a foot vertex goes under the ground (0 when never) */
    double min_foot_forward_speed; /* m/s: the slowest a foot vertex moves forward (negative: backwards) */
} walk_check_result;
/* [/listing] */

/* A sole point this close to the ground (metres) stands on it. */
#define GAIT_ON_GROUND 0.0005f

/* How fast a sole point moved over the ground (m/s, horizontally) from
 * `before` to `now`, dt seconds apart, world space (y up, the ground at 0):
 * 0 unless it is on the ground (within GAIT_ON_GROUND of it, above or
 * below) at both: a sole sunk into the ground is the penetration's to find. */
double gait_sole_slide(const float now[3], const float before[3], double dt);

/* --check-walk: plays each clip for `seconds` at `rate` Hz, one after the
 * other, with chapter 08's clock; the root moves by the root motion (heading
 * 0) and carries on from one clip to the next. A foot counts as planted from
 * the frame its `left_down` / `right_down` event is reported to the frame its
 * `..._up` event is: the slide is measured over each step in which it is
 * planted at both ends, on the heel and the ball (gait_sole_points), in world
 * space, each while it is on the ground (within 0.5 mm of y = 0) at both
 * ends: the heel until it lifts, the ball from when it comes down. The skeleton is the one the clips were made over.
 * The mesh lines: every frame, every vertex of mesh's feet (skinned by
 * foot_mesh_skin) in the world, against the ground at mesh->ground, and its
 * forward speed from the frame before (restarted at each clip); with a
 * mesh without feet (or NULL), the heel and ball points in their place.
 * Fails (one line) on a clip without the four events or on a rate <= 0. */
bool walk_check(const skeleton *s, const walk_clip *clips, int count, double seconds, double rate, foot_mesh *mesh,
                walk_check_result *out, sa_error *err);

/* [listing gait_measures] */
/* A gait clip's left leg over one cycle, as a gait laboratory measures it
 * (gait_measure.c): degrees and metres. */
typedef struct gait_measures {
    double knee_flexion_min_deg;             /* the straightest the knee gets */
    double knee_flexion_mid_stance_deg;      /* at mid-stance (passing) */
    double knee_flexion_swing_peak_deg;      /* the most it folds in the swing */
    double hip_flexion_peak_deg;             /* the thigh furthest forward of vertical */
    double hip_extension_peak_deg;           /* ... and furthest behind it */
    double ankle_plantarflexion_toe_off_deg; /* the foot turned down from neutral at toe-off */
    double heel_rise_on_planted_toes_m;      /* the heel's height while the toes are on the ground */
    double toe_clearance_min_m;              /* the lowest the foot passes over the ground in mid-swing */
} gait_measures;
/* [/listing] */

/* Measures clip w (made over skeleton s; its left_down and left_up events
 * and a left_toes joint needed) at 240 even times over its cycle. */
bool gait_measure(const skeleton *s, const walk_clip *w, gait_measures *out, sa_error *err);

/* Prints the measures, one line each, `NAME MEASURE: VALUE (normal LOW ..
 * HIGH)` and " outside" after the ones outside the walk's (or the run's)
 * normal band; returns how many are outside. */
int gait_measures_print(const char *name, const gait_measures *m, bool run, FILE *out);

#endif
