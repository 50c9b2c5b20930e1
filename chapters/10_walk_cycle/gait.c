/* gait.c: the gait generator (chapter 10).
 *
 * The cycle is a function of its phase (0 .. 1). A planted foot is a rigid
 * body rolling heel to toe (stance_foot), its leg solved onto its ankle; a
 * swinging leg follows the swing's knee and hip angles (swing_angles). The
 * pelvis moves forward at the gait's speed, at the height the planted legs
 * allow (plan_pelvis), turning and tilting. Sampling that function at the
 * key poses (and evenly in between) gives the clip's keys (gait_clip.c); the
 * walk and the run are gait_presets.c's.
 */
#include "walk.h"
#include "gait_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GAIT_PI 3.14159265358979323846
/* The arms hang this far below the T-pose (radians, about 75 degrees). */
#define ARM_DOWN 1.3f

static const char *const leg_joint_names[2][3] = {
    {"left_thigh", "left_shin", "left_foot"},
    {"right_thigh", "right_shin", "right_foot"},
};

#define DEG ((float)GAIT_PI / 180)
/* metres: the least a swinging foot's sole clears the ground by in mid-swing */
#define GAIT_SWING_CLEARANCE 0.01f

/* --- small rotation helpers (unit quaternions, x y z w) ----------------------- */

static void axis_rotation(float angle, float x, float y, float z, versor out)
{
    vec3 axis = {x, y, z};
    glm_quatv(out, angle, axis);
}

float wrap01(float phase)
{
    return phase - floorf(phase);
}

/* --- checking and measuring ----------------------------------------------------- */

static bool check_param(const char *name, float value, float low, float high, bool low_open, sa_error *err)
{
    bool ok = isfinite(value) && (low_open ? value > low : value >= low) && value <= high;
    if (!ok)
        return sa_error_set(err, "gait: %s is %g: it must be %s %g and at most %g", name, (double)value,
                            low_open ? "above" : "at least", (double)low, (double)high);
    return true;
}

static bool check_params(const gait_params *p, sa_error *err)
{
    const float beta = p->stance_fraction;
    if (!(check_param("stride_length", p->stride_length, 0, 10, true, err) &&
          check_param("cadence", p->cadence, 0, 10, true, err) &&
          check_param("stance_fraction", beta, 0.05f, 0.95f, false, err) &&
          check_param("foot_flat", p->foot_flat, 0, beta, true, err) &&
          check_param("heel_off", p->heel_off, p->foot_flat, beta, true, err) &&
          check_param("mid_stance", p->mid_stance, 0, beta, false, err) &&
          check_param("heel_strike_pitch", p->heel_strike_pitch, 0, 0.8f, false, err) &&
          check_param("toe_off_pitch", p->toe_off_pitch, 0, 1.2f, false, err) &&
          check_param("knee_contact", p->knee_contact, 0, 1.5f, false, err) &&
          check_param("knee_loading", p->knee_loading, 0, 1.5f, false, err) &&
          check_param("knee_mid_stance", p->knee_mid_stance, 0, 1.5f, false, err) &&
          check_param("knee_toe_off", p->knee_toe_off, 0, 1.5f, false, err) &&
          check_param("knee_swing_peak", p->knee_swing_peak, 0, 2.5f, false, err) &&
          check_param("hip_swing_peak", p->hip_swing_peak, -0.5f, 1.5f, false, err)))
        return false;
    return check_param("arm_swing", fabsf(p->arm_swing), 0, 1.5f, false, err) &&
           check_param("lean", fabsf(p->lean), 0, 1, false, err) &&
           check_param("pelvis_turn", fabsf(p->pelvis_turn), 0, 0.5f, false, err) &&
           check_param("pelvis_tilt", fabsf(p->pelvis_tilt), 0, 0.5f, false, err) &&
           check_param("elbow_bend", fabsf(p->elbow_bend), 0, 2.5f, false, err) &&
           check_param("keys_per_cycle", (float)p->keys_per_cycle, 8, 1024, false, err);
}

/* A joint the generator needs; its error names it. */
static bool need_joint(const skeleton *s, const char *name, int *out, sa_error *err)
{
    *out = skeleton_find(s, name);
    if (*out < 0)
        return sa_error_set(err,
                            "gait: the skeleton has no joint '%s' (the generator needs hips and each leg's thigh, "
                            "shin and foot)",
                            name);
    return true;
}

/* The rotations are composed without scale: a joint the generator moves, or
 * one above it, must have unit scale in the rest pose. */
static bool check_unit_scale(const skeleton *s, int joint, sa_error *err)
{
    for (int j = joint; j >= 0; j = s->parent[j]) {
        const float *k = s->rest_local[j].scale;
        if (fabsf(k[0] - 1) > 1e-4f || fabsf(k[1] - 1) > 1e-4f || fabsf(k[2] - 1) > 1e-4f)
            return sa_error_set(err,
                                "gait: joint '%s' has scale %g %g %g in the rest pose; the generator needs unit "
                                "scale on the legs, spine and arms",
                                s->name[j], (double)k[0], (double)k[1], (double)k[2]);
    }
    return true;
}

/* Orthonormal frame (bone direction, hinge axis, their cross product) as
 * the columns of a mat3; the hinge is made perpendicular to the bone. */
static void bone_frame(const vec3 bone, const vec3 hinge, mat3 out)
{
    vec3 b, h, c;
    glm_vec3_normalize_to((float *)bone, b);
    float along = glm_vec3_dot((float *)hinge, b);
    glm_vec3_copy((float *)hinge, h);
    glm_vec3_muladds(b, -along, h);
    glm_vec3_normalize(h);
    glm_vec3_cross(b, h, c);
    glm_vec3_copy(b, out[0]);
    glm_vec3_copy(h, out[1]);
    glm_vec3_copy(c, out[2]);
}

/* The knee's hinge axis for a leg from hip to ankle: perpendicular to that
 * line and to the way the knee points (forward, +Z). */
static void knee_hinge(const vec3 hip_to_ankle, vec3 hinge, vec3 knee_side)
{
    vec3 n, forward = {0, 0, 1};
    glm_vec3_normalize_to((float *)hip_to_ankle, n);
    glm_vec3_copy(forward, knee_side);
    glm_vec3_muladds(n, -glm_vec3_dot(forward, n), knee_side);
    if (glm_vec3_norm(knee_side) < 1e-6f) /* the leg along Z itself: any side will do */
        glm_vec3_copy((vec3){0, 1, 0}, knee_side);
    glm_vec3_normalize(knee_side);
    glm_vec3_cross(knee_side, n, hinge);
    glm_vec3_normalize(hinge);
}

/* --- the cycle as a function of phase --------------------------------------------- */

float side_offset(gait_side side)
{
    return side == GAIT_LEFT ? 0.0f : 0.5f;
}

bool gait_foot_planted(const gait *g, gait_side side, float phase)
{
    float own = wrap01(phase - side_offset(side));
    return own <= g->params.stance_fraction + 1e-6f;
}

/* [listing leg_solve] */
/* The leg's two-bone solve: thigh and shin turned so that the ankle lands
 * on `target` with the knee bending forward. Analytic, by the law of
 * cosines: the generator only needs this one leg case; chapter 11 has the
 * general two-bone IK job. Writes the model-space turns of the thigh and
 * the shin from their rest directions. */
static void solve_leg(const gait_leg *leg, const vec3 hip, const vec3 target, versor thigh_turn, versor shin_turn)
{
    float l1 = leg->thigh_length, l2 = leg->shin_length;
    vec3 to_target, n, side, hinge, knee, ankle, thigh_dir, shin_dir;
    glm_vec3_sub((float *)target, (float *)hip, to_target);
    float d = glm_vec3_norm(to_target);
    /* out of reach: the leg points at the target, as long as it can */
    d = glm_clamp(d, fabsf(l1 - l2) + 1e-5f, (l1 + l2) * 0.99999f);
    if (glm_vec3_norm(to_target) < 1e-9f)
        glm_vec3_copy((vec3){0, -1, 0}, to_target);
    glm_vec3_normalize_to(to_target, n);
    knee_hinge(n, hinge, side);
    float cos_hip = glm_clamp((l1 * l1 + d * d - l2 * l2) / (2 * l1 * d), -1, 1);
    float sin_hip = sqrtf(1 - cos_hip * cos_hip);
    glm_vec3_copy((float *)hip, knee);
    glm_vec3_muladds(n, l1 * cos_hip, knee);
    glm_vec3_muladds(side, l1 * sin_hip, knee);
    glm_vec3_copy((float *)hip, ankle);
    glm_vec3_muladds(n, d, ankle);
    glm_vec3_sub(knee, (float *)hip, thigh_dir);
    glm_vec3_sub(ankle, knee, shin_dir);

    /* turn = posed frame * transpose(rest frame): rest bone onto posed bone,
     * rest hinge onto posed hinge */
    mat3 posed, rest_t, turn;
    bone_frame(thigh_dir, hinge, posed);
    glm_mat3_transpose_to((vec3 *)leg->thigh_frame, rest_t);
    glm_mat3_mul(posed, rest_t, turn);
    glm_mat3_quat(turn, thigh_turn);
    bone_frame(shin_dir, hinge, posed);
    glm_mat3_transpose_to((vec3 *)leg->shin_frame, rest_t);
    glm_mat3_mul(posed, rest_t, turn);
    glm_mat3_quat(turn, shin_turn);
}
/* [/listing] */

/* The rotation that gives a joint the model rotation `model` under a
 * parent of model rotation `parent`. */
static void local_from_model(const versor parent, const versor model, versor out)
{
    versor inverse_parent;
    glm_quat_conjugate((float *)parent, inverse_parent);
    glm_quat_mul(inverse_parent, (float *)model, out);
    glm_quat_normalize(out);
}

/* Joint j gets the model-space rotation `model`: its local rotation is what
 * makes that under its posed parent (follow_parent then carries the joint
 * into model space). */
static void place_joint(const gait *g, int j, const versor model, transform *pose)
{
    int parent = g->parent[j];
    if (parent < 0) {
        glm_quat_copy((float *)model, pose[j].rotation);
    } else {
        local_from_model(g->model_rotation[parent], model, pose[j].rotation);
    }
}

static void follow_parent(const gait *g, int j, const transform *pose)
{
    int parent = g->parent[j];
    if (parent < 0) {
        glm_quat_copy((float *)pose[j].rotation, g->model_rotation[j]);
        glm_vec3_copy((float *)pose[j].translation, g->model_position[j]);
        return;
    }
    glm_quat_mul(g->model_rotation[parent], (float *)pose[j].rotation, g->model_rotation[j]);
    glm_quat_rotatev(g->model_rotation[parent], (float *)pose[j].translation, g->model_position[j]);
    glm_vec3_add(g->model_position[j], g->model_position[parent], g->model_position[j]);
}

/* model = turn * (rest model rotation of j) */
static void turned_rest(const gait *g, int j, const versor turn, versor out)
{
    glm_quat_mul((float *)turn, g->rest_model_rotation[j], out);
    glm_quat_normalize(out);
}

/* --- the feet ---------------------------------------------------------------------- */

float smooth01(float u)
{
    u = glm_clamp(u, 0, 1);
    return u * u * (3 - 2 * u);
}

/* fast at the start, still at the end; and the other way round */
static float ease_out(float u)
{
    u = glm_clamp(u, 0, 1);
    return 1 - (1 - u) * (1 - u);
}

static float ease_in(float u)
{
    u = glm_clamp(u, 0, 1);
    return u * u;
}

/* [listing stance_pitch] */
/* The planted foot's pitch (toes up +, radians) at u, the fraction of the
 * cycle since its initial contact: down from heel_strike_pitch about the
 * heel until foot_flat (loading response), flat until heel_off, then
 * turning about the ball, faster and faster, to toe_off_pitch heel up at
 * toe-off (terminal stance and pre-swing). */
float stance_pitch(const gait_params *p, float u)
{
    if (u < p->foot_flat)
        return p->heel_strike_pitch * (1 - smooth01(u / p->foot_flat));
    if (u < p->heel_off)
        return 0;
    return -p->toe_off_pitch * ease_in((u - p->heel_off) / (p->stance_fraction - p->heel_off));
}
/* [/listing] */

/* [listing stance_foot] */
/* The planted foot as a rigid body: where its ankle is and how it is
 * turned (model space of the authored gait) at u into the stance that
 * began at cycle phase `contact`. Whatever touches the ground stays still:
 * the heel until the foot is flat, the ball after heel-off. The flat foot's
 * ankle is under the hip at mid_stance. */
void stance_foot(const gait *g, gait_side side, float contact, float u, vec3 ankle, versor foot)
{
    const gait_params *p = &g->params;
    const gait_leg *leg = &g->leg[side];
    float pitch = stance_pitch(p, u);
    versor turn;
    axis_rotation(-pitch, 1, 0, 0, turn); /* toes up: a turn about -X */
    glm_quat_mul(turn, g->rest_model_rotation[leg->foot], foot);
    glm_quat_normalize(foot);
    vec3 flat = {leg->ankle_rest[0], leg->ankle_rest[1],
                 leg->ankle_rest[2] + p->stride_length * (contact + p->mid_stance)};
    /* the pivot's offset from the ankle in the rest pose: the heel (the
     * lowest point of the heel's curve at heel strike), the ball (under the
     * toes joint) */
    vec3 rest_offset, offset;
    glm_vec3_copy((float *)(pitch < 0 ? leg->ball_offset : leg->heel_offset), rest_offset);

    glm_quat_rotatev(turn, rest_offset, offset);
    /* ankle = pivot - turned offset, the pivot where the flat foot has it */
    glm_vec3_add(flat, rest_offset, ankle);
    glm_vec3_sub(ankle, offset, ankle);
    /* the heel's pivot is the lowest point at heel strike, a little over the
     * ground when the foot is flat: it comes down to the ground as the foot
     * turns up, so that what is lowest stays on the ground */
    if (pitch > 0 && p->heel_strike_pitch > 0)
        ankle[1] -= (leg->ankle_rest[1] + leg->heel_offset[1]) * pitch / p->heel_strike_pitch;
}
/* [/listing] */

/* [listing stance_knee] */
/* The stance knee's least flexion at u (radians): the knots at contact,
 * foot flat, heel-off and toe-off, eased between. */
float stance_knee(const gait_params *p, float u)
{
    const float at[4] = {0, p->foot_flat, p->heel_off, p->stance_fraction};
    const float knee[4] = {p->knee_contact, p->knee_loading, p->knee_mid_stance, p->knee_toe_off};
    for (int k = 0; k < 3; k++)
        if (u <= at[k + 1])
            return knee[k] + (knee[k + 1] - knee[k]) * smooth01((u - at[k]) / (at[k + 1] - at[k]));
    return knee[3];
}

/* Hip to ankle, for a leg of thigh l1 and shin l2 bent by `knee` (flexion). */
float leg_span(const gait_leg *leg, float knee)
{
    float l1 = leg->thigh_length, l2 = leg->shin_length;
    return sqrtf(l1 * l1 + l2 * l2 + 2 * l1 * l2 * cosf(knee));
}
/* [/listing] */

/* The angle at the hip between the thigh and the hip-to-ankle line. */
static float thigh_to_line(const gait_leg *leg, float span)
{
    float l1 = leg->thigh_length, l2 = leg->shin_length;
    return acosf(glm_clamp((l1 * l1 + span * span - l2 * l2) / (2 * l1 * span), -1, 1));
}

/* [listing swing_leg] */
/* The swing at s (0 at toe-off, 1 at the next contact) as joint angles:
 * the knee folds to knee_swing_peak a third of the way (fast at first:
 * it was already folding at toe-off) and opens again, late, for the contact; the
 * thigh swings forward to hip_swing_peak late in the swing; the ankle
 * comes back from its toe-off plantarflexion to a little dorsiflexed by 40% (the toes
 * clear the ground) and turns to the contact's pitch at the end. Between
 * the ends the curves are the book's; at the ends they are the stance's. */
static void swing_angles(const gait *g, const gait_swing *w, float s, float *knee, float *hip, float *ankle)
{
    const gait_params *p = &g->params;
    const float knee_at = 0.35f, hip_at = 0.8f;
    float peak = p->knee_swing_peak;
    *knee = s < knee_at ? w->knee[0] + (peak - w->knee[0]) * ease_out(s / knee_at)
                        : peak + (w->knee[1] - peak) * smooth01((s - knee_at) / (1 - knee_at));
    float hip_peak = fmaxf(p->hip_swing_peak, w->hip[1]);
    *hip = s < hip_at ? w->hip[0] + (hip_peak - w->hip[0]) * smooth01(s / hip_at)
                      : hip_peak + (w->hip[1] - hip_peak) * smooth01((s - hip_at) / (1 - hip_at));
    const float lifted = -3 * DEG; /* the toes a little up in mid-swing: they clear the ground */
    *ankle = s < 0.4f ? w->ankle[0] + (lifted - w->ankle[0]) * ease_out(s / 0.4f)
                      : lifted + (w->ankle[1] - lifted) * smooth01((s - 0.75f) / 0.25f);
}
/* [/listing] */

/* [listing swing_ankle] */
/* The swing's ankle at s, given the shin's turn: the curve's (ankle), but
 * from mid-swing on dorsiflexed as far as it takes (up to 20 degrees) for the
 * foot to be no more than 7 degrees toes-down over the ground, then toes up
 * to the contact's pitch: the shin is still behind the knee while the knee
 * opens, and a foot square to it would drag its toes. */
static float swing_ankle(const gait *g, const gait_leg *leg, const versor shin_turn, float s, float ankle)
{
    const gait_params *p = &g->params;
    if (s < 0.4f)
        return ankle;
    vec3 shin;
    glm_quat_rotatev((float *)shin_turn, (float *)leg->shin_frame[0], shin);
    if (shin[1] > 0)
        glm_vec3_negate(shin);              /* knee to ankle, downward */
    float lean = atan2f(shin[2], -shin[1]); /* the shin's forward lean */
    float floor_pitch = -7 * DEG + (p->heel_strike_pitch + 7 * DEG) * smooth01((s - 0.5f) / 0.5f);
    return fmaxf(fminf(ankle, lean - floor_pitch), -20 * DEG);
}
/* [/listing] */

/* The least a swinging foot clears the ground by at s: the swing's
 * angles are the same for every leg, and a shorter leg's foot passes lower;
 * GAIT_SWING_CLEARANCE from 15% to 85% of the swing, eased to 0 at toe-off
 * and contact. */
static float swing_clearance(float s)
{
    return GAIT_SWING_CLEARANCE * smooth01(s / 0.15f) * smooth01((1 - s) / 0.15f);
}

/* The lower of heel and ball of a foot whose ankle is at `ankle` (model space), turned by `foot`. */
static float lowest_sole(const gait_leg *leg, const vec3 ankle, const versor foot)
{
    vec3 heel, ball;
    glm_quat_rotatev((float *)foot, (float *)leg->heel_in_foot, heel);
    glm_quat_rotatev((float *)foot, (float *)leg->ball_in_foot, ball);
    return ankle[1] + fminf(heel[1], ball[1]);
}

/* The hip-to-ankle vector of a leg with that knee and thigh angle, the
 * ankle `side` metres out along X. */
static void swing_reach(const gait_leg *leg, float side, float knee, float hip, vec3 out)
{
    float span = leg_span(leg, knee), line = hip - thigh_to_line(leg, span);
    float sagittal = sqrtf(fmaxf(span * span - side * side, 1e-8f));
    out[0] = side;
    out[1] = -sagittal * cosf(line);
    out[2] = sagittal * sinf(line);
}

/* swing_reach's inverse: the knee and thigh angles of a hip-to-ankle vector. */
void reach_angles(const gait_leg *leg, const vec3 reach, float *side, float *knee, float *hip)
{
    float l1 = leg->thigh_length, l2 = leg->shin_length, span = glm_vec3_norm((float *)reach);
    span = glm_clamp(span, fabsf(l1 - l2) + 1e-5f, l1 + l2);
    *side = reach[0];
    *knee = (float)GAIT_PI - acosf(glm_clamp((l1 * l1 + l2 * l2 - span * span) / (2 * l1 * l2), -1, 1));
    *hip = atan2f(reach[2], -reach[1]) + thigh_to_line(leg, span);
}

/* The swing's foot: turned with the shin (shin_turn, the shin's model turn
 * from rest), plantarflexed by `ankle` about X, then `fix` on top. */
void swing_foot(const gait *g, gait_side side, const versor shin_turn, float ankle, const versor fix, versor out)
{
    versor flex, t;
    axis_rotation(ankle, 1, 0, 0, flex); /* toes down: a turn about +X */
    glm_quat_mul((float *)shin_turn, flex, t);
    glm_quat_mul(t, g->rest_model_rotation[g->leg[side].foot], out);
    glm_quat_mul((float *)fix, out, t);
    glm_quat_normalize_to(t, out);
}

/* The swinging ankle's forward position at s, from the planned table
 * (plan_swing_forward). */
static float swing_forward(const gait_swing *w, float s)
{
    float x = glm_clamp(s, 0, 1) * GAIT_SWING_SAMPLES;
    int i = (int)x;
    if (i >= GAIT_SWING_SAMPLES)
        return w->forward[GAIT_SWING_SAMPLES];
    return w->forward[i] + (w->forward[i + 1] - w->forward[i]) * (x - (float)i);
}

/* The pelvis's offset from its rest height at phase, from the planned table. */
float pelvis_offset_at(const gait *g, float phase)
{
    float x = wrap01(phase) * GAIT_PELVIS_SAMPLES;
    int i = (int)x;
    float f = x - (float)i;
    i %= GAIT_PELVIS_SAMPLES;
    return g->pelvis_offset[i] * (1 - f) + g->pelvis_offset[(i + 1) % GAIT_PELVIS_SAMPLES] * f;
}

/* [listing pose_at] */
/* The whole pose at phase, the pelvis `offset` over its rest height. One
 * pass over the joints, parents first, so a joint's parent is posed when it
 * is reached. hip_out (may be NULL) gets each hip joint's position. */
void pose_at(const gait *g, float phase, float offset, transform *pose, vec3 hip_out[2])
{
    const gait_params *p = &g->params;
    const float two_pi = 2 * (float)GAIT_PI, beta = p->stance_fraction;
    /* the left hip forward at the left contact (phase 0) */
    float turn = -p->pelvis_turn * cosf(two_pi * phase);
    /* the swing side drops: the right swings at beta / 2 (left side up) */
    float tilt = p->pelvis_tilt * cosf(two_pi * (phase - beta / 2));
    /* each arm swings with the opposite leg: back while its own leg is forward */
    float swing[2] = {p->arm_swing * cosf(two_pi * phase), -p->arm_swing * cosf(two_pi * phase)};

    versor pelvis, lean, chest, shin_turn[2], foot_model[2];
    float heel_pitch[2] = {0, 0}; /* a planted foot's pitch while its heel is up (< 0) */
    float swing_s[2] = {-1, -1};
    {
        versor yaw, roll;
        axis_rotation(turn, 0, 1, 0, yaw);
        axis_rotation(tilt, 0, 0, 1, roll);
        glm_quat_mul(yaw, roll, pelvis);
        axis_rotation(p->lean, 1, 0, 0, lean);
        /* the chest turns against the pelvis */
        axis_rotation(-turn, 0, 1, 0, yaw);
        glm_quat_mul(yaw, lean, chest);
    }
    /* [/listing] */
    for (int j = 0; j < g->joint_count; j++) {
        pose[j] = g->rest_local[j];
        versor model, t, u;
        if (j == g->hips) {
            pose[j].translation[1] += offset;
            pose[j].translation[2] += p->stride_length * phase;
            turned_rest(g, j, pelvis, model);
            place_joint(g, j, model, pose);
        } else if (j == g->spine_1) {
            turned_rest(g, j, lean, model);
            place_joint(g, j, model, pose);
        } else if (j == g->spine_3) {
            turned_rest(g, j, chest, model);
            place_joint(g, j, model, pose);
        } else if (j == g->neck) {
            axis_rotation(p->lean * 0.5f, 1, 0, 0, t);
            turned_rest(g, j, t, model);
            place_joint(g, j, model, pose);
        }
        for (int s = 0; s < 2; s++) {
            float sign = s == GAIT_LEFT ? 1.0f : -1.0f; /* the right side mirrors the left */
            const gait_leg *leg = &g->leg[s];
            if (j == g->upper_arm[s] || j == g->forearm[s]) {
                /* in T-pose axes: bend the elbow forward (forearm only),
                 * lower the arm, swing it about X, then turn with the chest */
                versor down, fore, elbow;
                axis_rotation(-sign * ARM_DOWN, 0, 0, 1, down);
                axis_rotation(swing[s], 1, 0, 0, fore);
                glm_quat_mul(chest, fore, t);
                glm_quat_mul(t, down, u);
                if (j == g->forearm[s]) {
                    axis_rotation(-sign * p->elbow_bend, 0, 1, 0, elbow);
                    glm_quat_mul(u, elbow, t);
                    glm_quat_copy(t, u);
                }
                turned_rest(g, j, u, model);
                place_joint(g, j, model, pose);
                /* [listing pose_at_leg] */
            } else if (j == leg->thigh) {
                follow_parent(g, j, pose); /* its position: where the pelvis put the hip */
                const float *hip = g->model_position[j];
                if (hip_out)
                    glm_vec3_copy((float *)hip, hip_out[s]);
                float own = wrap01(phase - side_offset((gait_side)s));
                vec3 target;
                versor thigh_turn;
                if (own <= beta) { /* planted: the foot rolls, the leg follows the ankle */
                    stance_foot(g, (gait_side)s, phase - own, own, target, foot_model[s]);
                    heel_pitch[s] = fminf(stance_pitch(p, own), 0);
                    solve_leg(leg, hip, target, thigh_turn, shin_turn[s]);
                } else if (g->swing_planned) { /* swinging: the leg's angles, the ankle where they put it */
                    const gait_swing *w = &g->swing[s];
                    float sw = (own - beta) / (1 - beta), knee, thigh, ankle, side;
                    swing_angles(g, w, sw, &knee, &thigh, &ankle);
                    side = w->side[0] + (w->side[1] - w->side[0]) * sw;
                    vec3 reach;
                    swing_reach(leg, side, knee, thigh, reach);
                    glm_vec3_add((float *)hip, reach, target);
                    if (g->forward_planned) /* never backwards (plan_swing_forward), a stride a cycle */
                        target[2] = swing_forward(w, sw) + (phase - own - w->forward_contact) * p->stride_length;
                    versor fix;
                    quat_slerp(w->foot_fix[0], w->foot_fix[1], sw, fix);
                    /* twice when the foot would pass too low, the ankle raised by what it lacked */
                    for (int pass = 0; pass < 2; pass++) {
                        solve_leg(leg, hip, target, thigh_turn, shin_turn[s]);
                        float foot_ankle = swing_ankle(g, leg, shin_turn[s], sw, ankle);
                        swing_foot(g, (gait_side)s, shin_turn[s], foot_ankle, fix, foot_model[s]);
                        float lacking = swing_clearance(sw) - lowest_sole(leg, target, foot_model[s]);
                        if (!(lacking > 0))
                            break;
                        target[1] += lacking;
                    }
                    swing_s[s] = sw;
                } else { /* gait_init's first pass: the leg hangs */
                    /* [elide] */
                    glm_vec3_copy((float *)hip, target);
                    target[1] -= 0.9f * (leg->thigh_length + leg->shin_length);
                    solve_leg(leg, hip, target, thigh_turn, shin_turn[s]);
                    glm_quat_copy(g->rest_model_rotation[leg->foot], foot_model[s]);
                    /* [/elide] */
                }
                turned_rest(g, j, thigh_turn, model);
                place_joint(g, j, model, pose);
                /* [/listing] */
            } else if (j == leg->shin) {
                turned_rest(g, j, shin_turn[s], model);
                place_joint(g, j, model, pose);
            } else if (j == leg->foot) {
                place_joint(g, j, foot_model[s], pose);
                /* [listing pose_at_toes] */
            } else if (j == leg->toes) {
                if (heel_pitch[s] < 0) {
                    /* the toes stay on the ground: the toe joint bends. The
                     * foot turns about the ball, ball_ahead (c) in front of
                     * the joint, so the joint (toes_height, h, over the sole)
                     * is at h cos(pitch) - c sin(pitch) over the ground as the
                     * heel rises (pitch < 0); the toes turn (q, up +) just
                     * enough for their tip, toe_reach ahead, to stay on it:
                     * joint - h cos q + toe_reach sin q = 0. Under the joint
                     * (c = 0, no mesh) the joint comes down and q > 0; the
                     * mesh's ball keeps it up, and q <= 0 */
                    float h = leg->toes_height, r = hypotf(h, leg->toe_reach), c = leg->ball_ahead;
                    float joint = h * cosf(heel_pitch[s]) - c * sinf(heel_pitch[s]); /* over the ground */
                    float q = atan2f(h, leg->toe_reach) + asinf(glm_clamp(-joint / r, -1, 1));
                    axis_rotation(-q, 1, 0, 0, t); /* toes up: a turn about -X */
                    glm_quat_mul(t, g->rest_model_rotation[j], model);
                    place_joint(g, j, model, pose);
                } else if (swing_s[s] >= 0) { /* and straighten in the first half of the swing, slowly at
                                               * first: the foot is still pitched down */
                    quat_slerp(g->swing[s].toes_local, g->rest_local[j].rotation, smooth01(swing_s[s] / 0.5f),
                               pose[j].rotation);
                }
            }
            /* [/listing] */
        }
        follow_parent(g, j, pose);
    }
}

void gait_leg_solve(const gait *g, gait_side side, mat4 *model, const float ankle[3], const versor foot_rotation,
                    transform *pose)
{
    const gait_leg *leg = &g->leg[side];
    int above = g->parent[leg->thigh];
    versor parent = GLM_QUAT_IDENTITY_INIT, thigh_turn, shin_turn, thigh, shin;
    if (above >= 0)
        glm_mat4_quat(model[above], parent);
    /* the hip: where the thigh's parent puts it, whatever the thigh's own rotation */
    vec3 hip = {model[leg->thigh][3][0], model[leg->thigh][3][1], model[leg->thigh][3][2]};
    solve_leg(leg, hip, ankle, thigh_turn, shin_turn);
    turned_rest(g, leg->thigh, thigh_turn, thigh);
    turned_rest(g, leg->shin, shin_turn, shin);
    local_from_model(parent, thigh, pose[leg->thigh].rotation);
    local_from_model(thigh, shin, pose[leg->shin].rotation);
    local_from_model(shin, foot_rotation, pose[leg->foot].rotation);
}

void gait_pose(const gait *g, float phase, transform *pose)
{
    pose_at(g, phase, pelvis_offset_at(g, phase), pose, NULL);
}

void gait_sole_points(const gait *g, gait_side side, mat4 model_from_foot, float heel[3], float ball[3])
{
    glm_mat4_mulv3(model_from_foot, (float *)g->leg[side].heel_in_foot, 1, heel);
    glm_mat4_mulv3(model_from_foot, (float *)g->leg[side].ball_in_foot, 1, ball);
}

/* --- the keys -------------------------------------------------------------------- */

/* --- set-up ------------------------------------------------------------------------ */

void gait_free(gait *g)
{
    free(g->rest_model_rotation);
    free(g->rest_local);
    free(g->parent);
    free(g->model_rotation);
    free(g->model_position);
    memset(g, 0, sizeof *g);
}

static bool measure_leg(gait *g, const skeleton *s, int side, const gait_soles *soles, sa_error *err)
{
    gait_leg *leg = &g->leg[side];
    const char *const *names = leg_joint_names[side];
    if (!need_joint(s, names[0], &leg->thigh, err) || !need_joint(s, names[1], &leg->shin, err) ||
        !need_joint(s, names[2], &leg->foot, err))
        return false;
    if (s->parent[leg->shin] != leg->thigh || s->parent[leg->foot] != leg->shin)
        return sa_error_set(err,
                            "gait: '%s' must be the child of '%s' and '%s' of '%s' (the leg solve needs thigh, "
                            "shin, foot in a chain)",
                            names[1], names[0], names[2], names[1]);
    if (!check_unit_scale(s, leg->foot, err))
        return false;
    const float *hip = g->model_position[leg->thigh], *knee = g->model_position[leg->shin],
                *ankle = g->model_position[leg->foot];
    vec3 thigh, shin, hip_to_ankle, hinge, side_dir;
    glm_vec3_sub((float *)knee, (float *)hip, thigh);
    glm_vec3_sub((float *)ankle, (float *)knee, shin);
    glm_vec3_sub((float *)ankle, (float *)hip, hip_to_ankle);
    leg->thigh_length = glm_vec3_norm(thigh);
    leg->shin_length = glm_vec3_norm(shin);
    if (leg->thigh_length < 1e-3f || leg->shin_length < 1e-3f)
        return sa_error_set(err, "gait: '%s' or '%s' has no length in the rest pose (thigh %g m, shin %g m)", names[0],
                            names[1], (double)leg->thigh_length, (double)leg->shin_length);
    if (!(ankle[1] > 0))
        return sa_error_set(err, "gait: '%s' is at height %g in the rest pose: the character must stand on y = 0",
                            names[2], (double)ankle[1]);
    glm_vec3_copy((float *)ankle, leg->ankle_rest);
    /* the sole: under the ankle and under the toes, carried by the foot */
    int toes = skeleton_find(s, side == GAIT_LEFT ? "left_toes" : "right_toes");
    if (toes >= 0 && s->parent[toes] != leg->foot)
        toes = -1; /* toes that do not hang from the foot: the generator leaves them be */
    leg->toes = toes;
    const float *ball = toes >= 0 ? g->model_position[toes] : ankle;
    versor foot_from_model;
    glm_quat_conjugate(g->model_rotation[leg->foot], foot_from_model);
    vec3 heel_offset = {0, -ankle[1], 0}, ball_offset = {ball[0] - ankle[0], -ankle[1], ball[2] - ankle[2]};
    if (soles) { /* the mesh's: from the foot's frame into the rest pose's model space */
        glm_vec3_copy((float *)soles->heel_in_foot[side], leg->heel_in_foot);
        glm_vec3_copy((float *)soles->ball_in_foot[side], leg->ball_in_foot);
        glm_quat_rotatev(g->model_rotation[leg->foot], leg->heel_in_foot, heel_offset);
        glm_quat_rotatev(g->model_rotation[leg->foot], leg->ball_in_foot, ball_offset);
    } else {
        glm_quat_rotatev(foot_from_model, heel_offset, leg->heel_in_foot);
        glm_quat_rotatev(foot_from_model, ball_offset, leg->ball_in_foot);
    }
    /* [listing ball_ahead] */
    /* The ball, the heel-off's pivot, is on the sole ahead of the toes
     * joint (h over the sole) by c: the foot turns about it heel up by up to
     * toe_off_pitch, which carries the joint down by h (1 - cos) and up by
     * c sin. At c = h tan(toe_off_pitch / 2) the joint is back at its rest
     * height at toe-off and never under it before, so the toes, kept on the
     * ground through it, never go into it: the mesh's ball (foot_mesh_soles)
     * is at least that far ahead. Without a mesh the ball stays under the
     * joint (c = 0): nothing is drawn to go into the ground. */
    float h = toes >= 0 ? ball[1] - (ankle[1] + ball_offset[1]) : 0, c = 0;
    if (toes >= 0 && soles) {
        c = h * tanf(g->params.toe_off_pitch / 2);
        c = fmaxf(c, ankle[2] + ball_offset[2] - ball[2]);
        ball_offset[2] = ball[2] - ankle[2] + c;
    }
    /* [/listing] */
    glm_quat_rotatev(foot_from_model, ball_offset, leg->ball_in_foot);
    glm_vec3_copy(heel_offset, leg->heel_offset);
    glm_vec3_copy(ball_offset, leg->ball_offset);
    /* the toes: their joint's height over the sole, and how far ahead of
     * it their tip reaches (the skeleton ends at the joint; a foot's toes
     * reach about three quarters of heel-to-ball further, as the humanoid's
     * mesh does) */
    leg->toes_height = h;
    leg->ball_ahead = c;
    leg->heel_back = soles ? soles->heel_back[side] : 0;
    leg->toe_reach = soles && soles->toe_reach[side] > 0 ? soles->toe_reach[side]
                                                         : 0.75f * hypotf(ball_offset[0], ball_offset[2]);
    knee_hinge(hip_to_ankle, hinge, side_dir);
    bone_frame(thigh, hinge, leg->thigh_frame);
    bone_frame(shin, hinge, leg->shin_frame);
    return true;
}

bool gait_init(gait *g, const skeleton *s, const gait_params *p, sa_error *err)
{
    return gait_init_soles(g, s, NULL, p, err);
}

bool gait_init_soles(gait *g, const skeleton *s, const gait_soles *soles, const gait_params *p, sa_error *err)
{
    memset(g, 0, sizeof *g);
    if (!check_params(p, err))
        return false;
    g->params = *p;
    g->period = 2 / p->cadence;
    g->speed = p->stride_length / g->period;
    if (!need_joint(s, "hips", &g->hips, err))
        return false;
    if (s->parent[g->hips] >= 0)
        return sa_error_set(err,
                            "gait: 'hips' must be a root of the skeleton (its parent '%s' would turn the root "
                            "motion)",
                            s->name[s->parent[g->hips]]);
    int n = s->joint_count;
    g->joint_count = n;
    g->rest_model_rotation = malloc((size_t)n * sizeof *g->rest_model_rotation);
    g->rest_local = malloc((size_t)n * sizeof *g->rest_local);
    g->parent = malloc((size_t)n * sizeof *g->parent);
    g->model_rotation = malloc((size_t)n * sizeof *g->model_rotation);
    g->model_position = malloc((size_t)n * sizeof *g->model_position);
    if (!g->rest_model_rotation || !g->rest_local || !g->parent || !g->model_rotation || !g->model_position) {
        gait_free(g);
        return sa_error_set(err, "gait: out of memory");
    }
    memcpy(g->rest_local, s->rest_local, (size_t)n * sizeof *g->rest_local);
    memcpy(g->parent, s->parent, (size_t)n * sizeof *g->parent);
    for (int j = 0; j < n; j++) {
        glm_quat_normalize(g->rest_local[j].rotation);
        follow_parent(g, j, g->rest_local);
    }
    memcpy(g->rest_model_rotation, g->model_rotation, (size_t)n * sizeof *g->model_rotation);

    g->spine_1 = skeleton_find(s, "spine_1");
    g->spine_3 = skeleton_find(s, "spine_3");
    g->neck = skeleton_find(s, "neck");
    g->upper_arm[0] = skeleton_find(s, "left_upper_arm");
    g->upper_arm[1] = skeleton_find(s, "right_upper_arm");
    g->forearm[0] = skeleton_find(s, "left_forearm");
    g->forearm[1] = skeleton_find(s, "right_forearm");
    const int optional[] = {g->spine_1,      g->spine_3,    g->neck,      g->upper_arm[0],
                            g->upper_arm[1], g->forearm[0], g->forearm[1]};
    bool ok = measure_leg(g, s, GAIT_LEFT, soles, err) && measure_leg(g, s, GAIT_RIGHT, soles, err);
    for (int k = 0; ok && k < (int)(sizeof optional / sizeof optional[0]); k++)
        if (optional[k] >= 0)
            ok = check_unit_scale(s, optional[k], err);
    if (!ok) {
        gait_free(g);
        return false;
    }

    /* [listing key_poses] */
    /* The key poses of the left step (the right's half a cycle later):
     * contact, down (a quarter into the stance), passing (mid-stance, the
     * swing foot passing the planted one), up (between passing and the next
     * contact). */
    const float beta = p->stance_fraction;
    const float step[4] = {0, beta / 4, beta / 2, beta / 4 + 0.25f};
    for (int k = 0; k < 4; k++) {
        g->key_phase[k] = step[k];
        g->key_phase[4 + k] = step[k] + 0.5f;
    }
    g->lift_phase[GAIT_LEFT] = beta;
    g->lift_phase[GAIT_RIGHT] = wrap01(beta + 0.5f);
    g->heel_off_phase[GAIT_LEFT] = p->heel_off;
    g->heel_off_phase[GAIT_RIGHT] = wrap01(p->heel_off + 0.5f);
    /* [/listing] */
    if (!plan_gait(g, err)) {
        gait_free(g);
        return false;
    }
    return true;
}
