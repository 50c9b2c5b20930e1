/* foot_placement.c: the pelvis lowered, each leg solved by two-bone IK, the
 * feet laid flat (chapter 11; see foot_placement.h), and the small pieces of
 * the feet's plan: the support height under a foot and the swing's height. */
#include "foot_placement.h"

#include "ik_chain.h"

#include <math.h>

static bool is_ancestor(const skeleton *s, int ancestor, int j)
{
    for (; j >= 0; j = s->parent[j])
        if (j == ancestor)
            return true;
    return false;
}

static bool quat_is_usable(const float q[4])
{
    float n = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    return isfinite(n) && n > 1e-12f;
}

static bool validate(const foot_placement_job *job, sa_error *err)
{
    static const char *const side_name[2] = {"left", "right"};
    if (!job || !job->skeleton || !job->local || !job->model_from_joint || !job->legs)
        return sa_error_set(err, "foot placement: no %s",
                            !job                     ? "job"
                            : !job->skeleton         ? "skeleton"
                            : !job->local            ? "pose (local)"
                            : !job->model_from_joint ? "model_from_joint scratch"
                                                     : "legs");
    const skeleton *s = job->skeleton;
    if (job->pelvis < 0 || job->pelvis >= s->joint_count || s->parent[job->pelvis] >= 0)
        return sa_error_set(err, "foot placement: the pelvis (joint %d) must be a root joint of the skeleton",
                            job->pelvis);
    if (!(job->reach > 0.0f && job->reach < 1.0f))
        return sa_error_set(err, "foot placement: reach is %g, not in (0, 1)", (double)job->reach);
    for (int side = 0; side < 2; side++) {
        const foot_leg *leg = &job->legs[side];
        int joints[3] = {leg->thigh, leg->shin, leg->foot};
        if (!(job->leg_reach[side] >= 0.0f && job->leg_reach[side] <= job->reach))
            return sa_error_set(err, "foot placement: the %s leg's reach is %g, not in [0, reach]", side_name[side],
                                (double)job->leg_reach[side]);
        if (!ik_chain_check("foot placement", s, job->local, joints, 3, 3, err))
            return false;
        if (!is_ancestor(s, job->pelvis, leg->thigh))
            return sa_error_set(err, "foot placement: the %s thigh (joint %d) is not under the pelvis (joint %d)",
                                side_name[side], leg->thigh, job->pelvis);
        if (!isfinite(job->ground[side]))
            return sa_error_set(err, "foot placement: the %s ground height is not finite", side_name[side]);
        if (!ik_vec3_is_finite(job->ankle_target[side]))
            return sa_error_set(err, "foot placement: the %s ankle target is not finite", side_name[side]);
        if (!quat_is_usable(job->foot_rotation[side]))
            return sa_error_set(err, "foot placement: the %s foot rotation is not a rotation (zero or not finite)",
                                side_name[side]);
        if (!ik_vec3_is_finite(job->pole[side]) || glm_vec3_norm((float *)job->pole[side]) < 1e-9f)
            return sa_error_set(err, "foot placement: the %s pole is not a direction (zero length or not finite)",
                                side_name[side]);
    }
    if (!ik_vec3_is_finite(job->world_from_model[3]))
        return sa_error_set(err, "foot placement: world_from_model is not finite");
    return true;
}

/* The rotation part of a rigid matrix (unit scale: the legs are checked
 * for it by chapter 10's gait). */
static void rotation_of(mat4 m, versor out)
{
    mat3 r;
    glm_mat4_pick3(m, r);
    glm_mat3_quat(r, out);
    glm_quat_normalize(out);
}

/* Metres over which the pelvis's drop is eased in (pelvis_drop, reach_drop). */
#define PELVIS_EASE 0.04f
#define REACH_EASE 0.005f

/* How far the pelvis comes down for a foot whose ground is `below` (< 0)
 * under the clip's: as far, less PELVIS_EASE / 2, eased in over the first
 * PELVIS_EASE (a parabola, then the line), so that the pelvis starts down
 * without a jump in its speed: the planted leg's knee would fold in a
 * frame. */
static float pelvis_drop(float below)
{
    if (below >= 0)
        return 0;
    return below > -PELVIS_EASE ? -below * below / (2 * PELVIS_EASE) : below + PELVIS_EASE / 2;
}

/* How far the pelvis comes down for a hip `over` its highest (< 0: too
 * high to reach its ankle's target): at least as far, eased in from
 * REACH_EASE before the leg is at full reach, for the same reason (the
 * swinging leg reaching for a lower step pulls the pelvis down). */
static float reach_drop(float over)
{
    if (over >= REACH_EASE)
        return 0;
    if (over <= -REACH_EASE)
        return over;
    return -(REACH_EASE - over) * (REACH_EASE - over) / (4 * REACH_EASE);
}

/* [listing foot_placement_pelvis] */
bool foot_placement_run(const foot_placement_job *job, sa_error *err)
{
    if (!validate(job, err))
        return false;
    const skeleton *s = job->skeleton;
    transform *local = job->local;
    mat4 *model = job->model_from_joint;
    /* [elide what the job may change, kept to put back if a solve fails] */
    /* what this job may change, to put back if a solve fails */
    transform saved[7];
    const int changed[7] = {job->pelvis,        job->legs[0].thigh, job->legs[0].shin, job->legs[0].foot,
                            job->legs[1].thigh, job->legs[1].shin,  job->legs[1].foot};
    for (int k = 0; k < 7; k++)
        saved[k] = local[changed[k]];
    /* [/elide] */

    /* Targets into model space, where the joints are. */
    mat4 model_from_world;
    glm_mat4_inv((vec4 *)job->world_from_model, model_from_world);
    versor world_rotation, model_from_world_rotation;
    rotation_of((vec4 *)job->world_from_model, world_rotation);
    glm_quat_conjugate(world_rotation, model_from_world_rotation);
    vec3 target[2], pole[2];
    versor foot_model[2];
    skeleton_local_to_model(s, local, model);
    /* The pelvis comes down as far as the lower foot's ground is under the
     * clip's ground, the root's height (so the legs stay about as bent as
     * they were authored), and further if a hip is still more than
     * reach * (thigh + shin) from its ankle's target, each eased in
     * (pelvis_drop, reach_drop). It never goes up: over a raised foot the
     * knee bends more instead. */
    float offset = 0.0f;
    for (int side = 0; side < 2; side++) {
        const foot_leg *leg = &job->legs[side];
        glm_mat4_mulv3(model_from_world, (float *)job->ankle_target[side], 1, target[side]);
        /* [elide the pole and the foot's rotation into model space too] */
        glm_quat_rotatev(model_from_world_rotation, (float *)job->pole[side], pole[side]);
        ik_quat_mul(model_from_world_rotation, job->foot_rotation[side], foot_model[side]);
        glm_quat_normalize(foot_model[side]);
        /* [/elide] */
        const float *hip = model[leg->thigh][3];
        float upper = glm_vec3_distance(model[leg->thigh][3], model[leg->shin][3]);
        float lower = glm_vec3_distance(model[leg->shin][3], model[leg->foot][3]);
        float reach = (job->leg_reach[side] > 0 ? job->leg_reach[side] : job->reach) * (upper + lower);
        float dx = target[side][0] - hip[0], dz = target[side][2] - hip[2];
        float across = fminf(dx * dx + dz * dz, reach * reach);
        float highest = target[side][1] + sqrtf(reach * reach - across); /* the hip's highest */
        offset = fminf(offset, pelvis_drop(job->ground[side] - job->world_from_model[3][1]));
        offset = fminf(offset, reach_drop(highest - hip[1]));
    }
    local[job->pelvis].translation[1] += offset;
    /* [/listing] */

    /* [listing foot_placement_legs] */
    /* Each leg by stage_ik's two-bone job, the knee toward its pole. */
    float left[2] = {0, 0};
    bool ok = true;
    for (int side = 0; side < 2 && ok; side++) {
        const foot_leg *leg = &job->legs[side];
        ik_two_bone_job leg_job = {
            .skeleton = s,
            .local = local,
            .joints = {leg->thigh, leg->shin, leg->foot},
            .weight = 1.0f,
            .tip_to_target = &left[side],
        };
        glm_vec3_copy(target[side], leg_job.target);
        glm_vec3_copy(pole[side], leg_job.pole);
        ok = ik_two_bone_run(&leg_job, err);
    }
    if (!ok) {
        /* [elide the pose put back as it was] */
        for (int k = 0; k < 7; k++)
            local[changed[k]] = saved[k];
        /* [/elide] */
        return false;
    }
    /* The feet: each foot joint's local rotation is what puts it at its
     * world rotation under its newly turned shin. */
    skeleton_local_to_model(s, local, model);
    for (int side = 0; side < 2; side++) {
        const foot_leg *leg = &job->legs[side];
        versor shin, shin_inverse;
        rotation_of(model[leg->shin], shin);
        glm_quat_conjugate(shin, shin_inverse);
        ik_quat_mul(shin_inverse, foot_model[side], local[leg->foot].rotation);
        glm_quat_normalize(local[leg->foot].rotation);
    }
    /* [/listing] */
    if (job->pelvis_offset)
        *job->pelvis_offset = offset;
    for (int side = 0; side < 2; side++) {
        if (job->knee)
            glm_mat4_mulv3((vec4 *)job->world_from_model, model[job->legs[side].shin][3], 1, job->knee[side]);
        if (job->ankle_error)
            job->ankle_error[side] = left[side];
    }
    return true;
}

static float smoothstep01(float x)
{
    x = glm_clamp(x, 0.0f, 1.0f);
    return x * x * (3 - 2 * x);
}

/* How high the lowest sole point of a footprint must be for none of it to
 * go into a step: its heel point at (x, z), facing forward, its ball
 * ball_length ahead (horizontally) and `rise` higher than the heel (> 0
 * toes up, < 0 heel up). Five points from the back of the heel to the toe
 * tips, the sole a line from heel to ball (the heel's back at the heel's
 * height, the toes at the ball's: they bend flat); each point's step less
 * how far that point is over the lowest. */
static float footprint_height(const stairs_geometry *g, const foot_leg *leg, float x, float z, const float forward[3],
                              float ball_length, float rise, float toe_rise)
{
    const float along[5] = {-leg->heel_back, 0, ball_length / 2, ball_length, ball_length + leg->toe_reach};
    /* each point's height over the heel's */
    const float over[5] = {0, 0, rise / 2, rise, rise + toe_rise};
    float h = 0.0f, lowest = fminf(0, fminf(rise, rise + toe_rise));
    for (int k = 0; k < 5; k++)
        h = fmaxf(h, stairs_height_at(g, x + forward[0] * along[k], z + forward[2] * along[k]) - (over[k] - lowest));
    return h;
}

/* [listing foot_support_height] */
float foot_support_height(const stairs_geometry *g, const foot_leg *leg, const float heel[3], const float ball[3])
{
    vec3 forward = {ball[0] - heel[0], 0, ball[2] - heel[2]};
    float ball_length = glm_vec3_norm(forward);
    if (ball_length > 1e-6f)
        glm_vec3_scale(forward, 1 / ball_length, forward);
    return footprint_height(g, leg, heel[0], heel[2], forward, ball_length, ball[1] - heel[1], 0);
}
/* [/listing] */

/* [listing foot_swing_height] */
float foot_swing_height(const foot_swing *sw, float u)
{
    if (u < sw->step_end)
        return sw->lift + (sw->step - sw->lift) * smoothstep01(u / sw->step_end);
    if (u < sw->fall_start)
        return u >= sw->rise_end
                   ? sw->top
                   : sw->step + (sw->top - sw->step) * smoothstep01((u - sw->step_end) / (sw->rise_end - sw->step_end));
    /* the fall: 1 - (1 - x)^3 (1 + 3x), still at both ends, quickest at a
     * third of the way and slowing over the last part, so that a leg
     * reaching down for its step straightens slowly as it gets there */
    float x = glm_clamp((u - sw->fall_start) / (1 - sw->fall_start), 0.0f, 1.0f);
    return sw->top + (sw->land - sw->top) * (1 - (1 - x) * (1 - x) * (1 - x) * (1 + 3 * x));
}
/* [/listing] */

/* Whether a swing's rise keeps the sole over every sample's steps up to
 * progress `until` (the ones higher than it leaves by `margin` more). */
static bool rise_clears(const foot_swing *sw, const float *near, float lift, float margin, float until)
{
    for (int k = 1; k < FOOT_SWING_SAMPLES; k++) {
        float u = (float)k / (FOOT_SWING_SAMPLES - 1);
        if (u <= until && foot_swing_height(sw, u) < near[k] + (near[k] > lift ? margin : 0))
            return false;
    }
    return true;
}

/* [listing foot_swing_plan] */
void foot_swing_plan(foot_swing *sw, const stairs_geometry *g, const foot_leg *leg, const foot_print *prints,
                     float lift, float land, float clearance)
{
    /* what the footprint passes over, at each sample of the swing */
    float need[FOOT_SWING_SAMPLES], highest = fmaxf(lift, land);
    for (int k = 0; k < FOOT_SWING_SAMPLES; k++) {
        const foot_print *fp = &prints[k];
        need[k] = footprint_height(g, leg, fp->heel[0], fp->heel[2], fp->forward, fp->ball_length, fp->rise,
                                   fp->toe_rise);
        highest = fmaxf(highest, need[k]);
    }
    sw->lift = lift;
    sw->land = land;
    /* over a step edge (anything the swing goes up or down to, or over)
     * the sole clears it by `clearance`; on the flat it swings as the clip
     * swings it, clear of its own ground */
    sw->top = highest + (highest > fminf(lift, land) + 1e-4f ? clearance : 0);
    /* the slowest rise, then the slowest fall, that keep the sole over
     * every step it passes, a step higher than the one it leaves or lands
     * on by a margin (the samples are a little apart) */
    const float margin = clearance / 2;
    /* between two samples the footprint is over the steps of both: each
     * sample must clear its neighbours' too */
    float near[FOOT_SWING_SAMPLES];
    for (int k = 0; k < FOOT_SWING_SAMPLES; k++)
        near[k] = fmaxf(need[k], fmaxf(need[k > 0 ? k - 1 : k], need[k < FOOT_SWING_SAMPLES - 1 ? k + 1 : k]));
    /* [/listing] */
    /* [listing foot_swing_rises] */
    /* going up past a step in between (over the one it leaves, under the
     * one it lands on): first over that one, then on up as it gets to the
     * top one */
    float between = lift;
    for (int k = 0; k < FOOT_SWING_SAMPLES; k++)
        if (near[k] < highest - 2 * clearance) /* a step lower than the top one, not its edge seen pitched */
            between = fmaxf(between, near[k]);
    float step = between > lift + 1e-4f ? fminf(between + clearance, sw->top) : sw->top;
    sw->fall_start = 1.0f;
    /* one rise, to the top: the slowest that clears every sample of the
     * first half */
    sw->step = sw->top;
    for (sw->rise_end = 0.5f; sw->rise_end > 0.1f; sw->rise_end -= 0.025f) {
        sw->step_end = sw->rise_end;
        if (rise_clears(sw, near, lift, margin, 0.5f))
            break;
    }
    sw->step_end = sw->rise_end;
    /* or two, over the step between and then on up, the second as late as
     * clears every sample of the rise, neither more than 1.15 times as fast
     * as the one rise (smoothstep's fastest: 1.5 height / time; any faster
     * and the knee snaps): the foot stays low while it passes under the hip,
     * and the knee folds less */
    float one = (sw->top - lift) / sw->rise_end, best_rise_end = 0, best_step_end = 0;
    foot_swing two = *sw;
    two.step = step;
    for (float step_end = 0.1f; step < sw->top && step_end < 0.501f; step_end += 0.025f)
        for (float rise_end = step_end + 0.1f; rise_end < 0.801f; rise_end += 0.025f) {
            two.step_end = step_end, two.rise_end = rise_end;
            if (rise_end >= best_rise_end && (step - lift) / step_end <= 1.15f * one &&
                (sw->top - step) / (rise_end - step_end) <= 1.15f * one &&
                rise_clears(&two, near, lift, margin, rise_end))
                best_rise_end = rise_end, best_step_end = step_end;
        }
    if (best_rise_end > 0)
        sw->step = step, sw->step_end = best_step_end, sw->rise_end = best_rise_end;
    /* [elide the fall: the same, from the end of the rise (or the middle of the swing) to its end] */
    for (sw->fall_start = fmaxf(0.5f, sw->rise_end); sw->fall_start < 0.9f; sw->fall_start += 0.05f) {
        bool clear = true;
        for (int k = FOOT_SWING_SAMPLES / 2; k < FOOT_SWING_SAMPLES - 1 && clear; k++)
            clear = foot_swing_height(sw, (float)k / (FOOT_SWING_SAMPLES - 1)) >=
                    near[k] + (near[k] > land ? margin : 0);
        if (clear)
            break;
    }
    /* [/elide] */
}
/* [/listing] */
