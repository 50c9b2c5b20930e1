/* gait.c: the gait generator (chapter 10).
 *
 * The cycle is a function of its phase (0 .. 1). Each foot has a target:
 * fixed in space while it is planted, on a smooth arc (lifted by the step
 * height at its middle) while it swings. The pelvis moves forward at the
 * gait's speed, bobs, turns and tilts; the leg angles are then solved so
 * that each ankle lands on its target. Sampling that function at the key
 * poses (and evenly in between) gives the clip's keys.
 */
#include "walk.h"

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

/* [listing gait_presets] */
gait_params gait_walk(void)
{
    return (gait_params){
        .stride_length = 1.2f,
        .cadence = 1.9f,
        .step_height = 0.07f,
        .arm_swing = 0.35f,
        .stance_fraction = 0.6f,
        .bob = 0.03f,
        .lean = 0.05f,
        .pelvis_turn = 0.08f,
        .pelvis_tilt = 0.05f,
        .elbow_bend = 0.3f,
        .leg_reach = 0.95f,
        .keys_per_cycle = 128,
    };
}

/* A run: less time on the ground than in the air between steps (flight),
 * a longer, quicker stride, the knees higher, more lean and bent elbows. */
gait_params gait_run(void)
{
    return (gait_params){
        .stride_length = 1.8f,
        .cadence = 3.0f,
        .step_height = 0.22f,
        .arm_swing = 0.6f,
        .stance_fraction = 0.3f,
        .bob = 0.02f,
        .lean = 0.2f,
        .pelvis_turn = 0.1f,
        .pelvis_tilt = 0.04f,
        .elbow_bend = 1.4f,
        .leg_reach = 0.97f,
        .keys_per_cycle = 128,
    };
}
/* [/listing] */

bool gait_at_speed(const gait_params *base, float speed, gait_params *out, sa_error *err)
{
    if (!(speed > 0) || !isfinite(speed))
        return sa_error_set(err, "gait: speed is %g m/s: it must be above 0", (double)speed);
    if (!(base->stride_length > 0) || !(base->cadence > 0))
        return sa_error_set(err, "gait: the base gait needs a stride_length and a cadence above 0");
    float base_speed = base->stride_length * base->cadence / 2;
    float k = sqrtf(speed / base_speed);
    *out = *base;
    out->stride_length = base->stride_length * k;
    out->cadence = base->cadence * k;
    return true;
}

/* --- small rotation helpers (unit quaternions, x y z w) ----------------------- */

static void axis_rotation(float angle, float x, float y, float z, versor out)
{
    vec3 axis = {x, y, z};
    glm_quatv(out, angle, axis);
}

static float wrap01(float phase)
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
    return check_param("stride_length", p->stride_length, 0, 10, true, err) &&
           check_param("cadence", p->cadence, 0, 10, true, err) &&
           check_param("step_height", p->step_height, 0, 1, false, err) &&
           check_param("stance_fraction", p->stance_fraction, 0.05f, 0.95f, false, err) &&
           check_param("leg_reach", p->leg_reach, 0.5f, 1, false, err) &&
           check_param("arm_swing", fabsf(p->arm_swing), 0, 1.5f, false, err) &&
           check_param("bob", fabsf(p->bob), 0, 0.2f, false, err) &&
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

static float side_offset(gait_side side)
{
    return side == GAIT_LEFT ? 0.0f : 0.5f;
}

bool gait_foot_planted(const gait *g, gait_side side, float phase)
{
    float own = wrap01(phase - side_offset(side));
    return own <= g->params.stance_fraction + 1e-6f;
}

/* [listing foot_target] */
/* Where side's ankle should be at `phase`, in the space the gait is authored
 * in (the pelvis carried forward by phase * stride). Planted: still, half
 * way between where it lands and where it leaves is under the hip at
 * mid-stance. Swinging (u from 0 at toe-off to 1 at the next contact): one
 * stride forward on a cycloid (speed 0 at both ends, as the stance foot's),
 * lifted by step_height * (1 - cos 2 pi u) / 2, step_height at u = 1/2. */
static void foot_target(const gait *g, gait_side side, float phase, vec3 out)
{
    const gait_params *p = &g->params;
    const gait_leg *leg = &g->leg[side];
    float own = wrap01(phase - side_offset(side));
    float contact = phase - own; /* the phase of this stance's contact */
    float z = contact + p->stance_fraction / 2, lift = 0;
    if (own > p->stance_fraction) {
        float u = (own - p->stance_fraction) / (1 - p->stance_fraction);
        z += u - sinf(2 * (float)GAIT_PI * u) / (2 * (float)GAIT_PI);
        lift = p->step_height * (1 - cosf(2 * (float)GAIT_PI * u)) / 2;
    }
    out[0] = leg->ankle_rest[0];
    out[1] = leg->ankle_rest[1] + lift;
    out[2] = leg->ankle_rest[2] + p->stride_length * z;
}
/* [/listing] */

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

/* The whole pose at phase, the pelvis lowered by `drop` from its rest
 * height (the bob added). One pass over the joints, parents first, so a
 * joint's parent is posed when it is reached. hip_out (may be NULL) gets
 * each hip joint's position. */
static void pose_at(const gait *g, float phase, float drop, transform *pose, vec3 hip_out[2])
{
    const gait_params *p = &g->params;
    const float two_pi = 2 * (float)GAIT_PI, beta = p->stance_fraction;
    /* the left hip forward at the left contact (phase 0) */
    float turn = -p->pelvis_turn * cosf(two_pi * phase);
    /* the swing side drops: the right swings at beta / 2 (left side up) */
    float tilt = p->pelvis_tilt * cosf(two_pi * (phase - beta / 2));
    /* highest at mid-stance in a walk (over a straight leg), in mid-flight in a run */
    float high = beta / 2 + (beta < 0.5f ? 0.25f : 0);
    float bob = p->bob * cosf(2 * two_pi * (phase - high));
    /* each arm swings with the opposite leg: back while its own leg is forward */
    float swing[2] = {p->arm_swing * cosf(two_pi * phase), -p->arm_swing * cosf(two_pi * phase)};

    vec3 target[2];
    foot_target(g, GAIT_LEFT, phase, target[0]);
    foot_target(g, GAIT_RIGHT, phase, target[1]);
    versor pelvis, lean, chest, shin_turn[2];
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
    for (int j = 0; j < g->joint_count; j++) {
        pose[j] = g->rest_local[j];
        versor model, t, u;
        if (j == g->hips) {
            pose[j].translation[1] -= drop - bob;
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
            } else if (j == g->leg[s].thigh) {
                follow_parent(g, j, pose); /* its position: where the pelvis put the hip */
                if (hip_out)
                    glm_vec3_copy(g->model_position[j], hip_out[s]);
                versor thigh_turn;
                solve_leg(&g->leg[s], g->model_position[j], target[s], thigh_turn, shin_turn[s]);
                turned_rest(g, j, thigh_turn, model);
                place_joint(g, j, model, pose);
            } else if (j == g->leg[s].shin) {
                turned_rest(g, j, shin_turn[s], model);
                place_joint(g, j, model, pose);
            } else if (j == g->leg[s].foot) {
                /* the foot stays level, facing forward, whatever the leg does */
                glm_quat_copy(g->rest_model_rotation[j], model);
                place_joint(g, j, model, pose);
            }
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
    pose_at(g, phase, g->pelvis_drop, pose, NULL);
}

void gait_sole_points(const gait *g, gait_side side, mat4 model_from_foot, float heel[3], float ball[3])
{
    glm_mat4_mulv3(model_from_foot, (float *)g->leg[side].heel_in_foot, 1, heel);
    glm_mat4_mulv3(model_from_foot, (float *)g->leg[side].ball_in_foot, 1, ball);
}

/* --- the keys -------------------------------------------------------------------- */

static int compare_floats(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The clip's key phases, sorted: keys_per_cycle + 1 even steps (0 and 1
 * included), the eight key poses and the two toe-offs; an even step closer
 * than a thousandth of the cycle to a key pose gives way to it. Returns the
 * count (at most keys_per_cycle + 11). */
static int key_phases(const gait *g, float *out)
{
    int n = 0, even = g->params.keys_per_cycle;
    float special[10];
    for (int k = 0; k < 8; k++)
        special[k] = g->key_phase[k];
    special[8] = g->lift_phase[0];
    special[9] = g->lift_phase[1];
    for (int k = 0; k < 10; k++)
        out[n++] = special[k];
    for (int k = 0; k <= even; k++) {
        float phase = (float)k / (float)even;
        bool near = false;
        for (int s = 0; s < 10; s++)
            near = near || fabsf(phase - special[s]) < 1e-3f;
        if (!near || k == even)
            out[n++] = phase;
    }
    qsort(out, (size_t)n, sizeof *out, compare_floats);
    int unique = 0;
    for (int k = 0; k < n; k++)
        if (unique == 0 || out[k] > out[unique - 1])
            out[unique++] = out[k];
    return unique;
}

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

static bool measure_leg(gait *g, const skeleton *s, int side, sa_error *err)
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
    const float *ball = toes >= 0 ? g->model_position[toes] : ankle;
    versor foot_from_model;
    glm_quat_conjugate(g->model_rotation[leg->foot], foot_from_model);
    vec3 heel_offset = {0, -ankle[1], 0}, ball_offset = {ball[0] - ankle[0], -ankle[1], ball[2] - ankle[2]};
    glm_quat_rotatev(foot_from_model, heel_offset, leg->heel_in_foot);
    glm_quat_rotatev(foot_from_model, ball_offset, leg->ball_in_foot);
    knee_hinge(hip_to_ankle, hinge, side_dir);
    bone_frame(thigh, hinge, leg->thigh_frame);
    bone_frame(shin, hinge, leg->shin_frame);
    return true;
}

/* How far the pelvis must come down from its rest height so that, at every
 * key, each planted foot is within leg_reach of its hip, the bob
 * included. The pose is authored with no drop to find the hips. */
static bool find_pelvis_drop(gait *g, sa_error *err)
{
    const gait_params *p = &g->params;
    float phases[1024 + 11];
    int count = key_phases(g, phases);
    transform *pose = malloc((size_t)g->joint_count * sizeof *pose);
    if (!pose)
        return sa_error_set(err, "gait: out of memory");
    float drop = -INFINITY;
    for (int k = 0; k < count; k++) {
        vec3 hip[2];
        pose_at(g, phases[k], 0, pose, hip); /* the hips with the bob, no drop */
        for (int s = 0; s < 2; s++) {
            if (!gait_foot_planted(g, (gait_side)s, phases[k]))
                continue;
            vec3 target;
            foot_target(g, (gait_side)s, phases[k], target);
            float reach = p->leg_reach * (g->leg[s].thigh_length + g->leg[s].shin_length);
            float dx = target[0] - hip[s][0], dz = target[2] - hip[s][2];
            float flat = reach * reach - dx * dx - dz * dz;
            if (!(flat > 0)) {
                free(pose);
                return sa_error_set(err,
                                    "gait: stride_length %g m is too long for these legs: a planted foot is %g m "
                                    "ahead of or behind its hip, the leg reaches %g m",
                                    (double)p->stride_length, sqrt((double)(dx * dx + dz * dz)), (double)reach);
            }
            /* the hip at most sqrt(flat) over the ankle: the drop at least */
            float need = hip[s][1] - (target[1] + sqrtf(flat));
            if (need > drop)
                drop = need;
        }
    }
    free(pose);
    g->pelvis_drop = drop;
    return true;
}

bool gait_init(gait *g, const skeleton *s, const gait_params *p, sa_error *err)
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
    bool ok = measure_leg(g, s, GAIT_LEFT, err) && measure_leg(g, s, GAIT_RIGHT, err);
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
     * swing foot at its highest), up (between passing and the next contact). */
    const float beta = p->stance_fraction;
    const float step[4] = {0, beta / 4, beta / 2, beta / 4 + 0.25f};
    for (int k = 0; k < 4; k++) {
        g->key_phase[k] = step[k];
        g->key_phase[4 + k] = step[k] + 0.5f;
    }
    g->lift_phase[GAIT_LEFT] = beta;
    g->lift_phase[GAIT_RIGHT] = wrap01(beta + 0.5f);
    /* [/listing] */
    if (!find_pelvis_drop(g, err)) {
        gait_free(g);
        return false;
    }
    return true;
}

/* --- the clip ------------------------------------------------------------------------ */

bool gait_make_clip(const gait *g, const char *name, clip *out, root_motion *rm, sa_error *err)
{
    memset(out, 0, sizeof *out);
    memset(rm, 0, sizeof *rm);
    float phases[1024 + 11], times[1024 + 11];
    int keys = key_phases(g, phases), n = g->joint_count;
    for (int k = 0; k < keys; k++)
        times[k] = phases[k] * g->period;
    times[keys - 1] = g->period; /* the loop's last key at the duration exactly */

    /* The joints that move, each with a rotation track; the pelvis also
     * with a translation track. */
    int moved[14] = {g->hips, g->spine_1, g->spine_3, g->neck}, moved_count = 4;
    for (int s = 0; s < 2; s++) {
        moved[moved_count++] = g->upper_arm[s];
        moved[moved_count++] = g->forearm[s];
        moved[moved_count++] = g->leg[s].thigh;
        moved[moved_count++] = g->leg[s].shin;
        moved[moved_count++] = g->leg[s].foot;
    }
    transform *poses = malloc((size_t)keys * (size_t)n * sizeof *poses);
    float *values = malloc((size_t)keys * 4 * sizeof *values);
    bool ok = poses && values;
    if (!ok)
        sa_error_set(err, "gait: out of memory");
    for (int k = 0; ok && k < keys; k++)
        gait_pose(g, phases[k], poses + (size_t)k * (size_t)n);
    ok = ok && clip_init(out, name, n, g->rest_local, err);
    for (int k = 0; ok && k < keys; k++)
        glm_vec3_copy(poses[(size_t)k * (size_t)n + (size_t)g->hips].translation, &values[3 * k]);
    ok = ok && clip_add_track(out, g->hips, TRACK_TRANSLATION, TRACK_LINEAR, keys, times, values, err);
    for (int m = 0; ok && m < moved_count; m++) {
        int j = moved[m];
        if (j < 0)
            continue;
        for (int k = 0; k < keys; k++) {
            const float *q = poses[(size_t)k * (size_t)n + (size_t)j].rotation;
            /* the same hemisphere as the key before: slerp never takes the long way */
            float sign = 1;
            if (k > 0) {
                const float *prev = &values[4 * (k - 1)];
                if (prev[0] * q[0] + prev[1] * q[1] + prev[2] * q[2] + prev[3] * q[3] < 0)
                    sign = -1;
            }
            for (int i = 0; i < 4; i++)
                values[4 * k + i] = sign * q[i];
        }
        ok = clip_add_track(out, j, TRACK_ROTATION, TRACK_LINEAR, keys, times, values, err);
    }
    free(poses);
    free(values);
    /* [listing contact_events] */
    /* Each foot's stance, from its contact key to its toe-off key, as events
     * that chapter 08's clock reports. */
    ok = ok && clip_add_event(out, "left_down", 0, err) &&
         clip_add_event(out, "left_up", g->lift_phase[GAIT_LEFT] * g->period, err) &&
         clip_add_event(out, "right_down", 0.5f * g->period, err) &&
         clip_add_event(out, "right_up", g->lift_phase[GAIT_RIGHT] * g->period, err);
    /* [/listing] */
    ok = ok && root_motion_from_clip(out, g->hips, rm, err);
    if (!ok) {
        clip_free(out);
        root_motion_free(rm);
    }
    return ok;
}
