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
                            !job                    ? "job"
                            : !job->skeleton        ? "skeleton"
                            : !job->local           ? "pose (local)"
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
        if (!ik_chain_check("foot placement", s, job->local, joints, 3, 3, err))
            return false;
        if (!is_ancestor(s, job->pelvis, leg->thigh))
            return sa_error_set(err, "foot placement: the %s thigh (joint %d) is not under the pelvis (joint %d)",
                                side_name[side], leg->thigh, job->pelvis);
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

/* [listing foot_placement_run] */
bool foot_placement_run(const foot_placement_job *job, sa_error *err)
{
    if (!validate(job, err))
        return false;
    const skeleton *s = job->skeleton;
    transform *local = job->local;
    mat4 *model = job->model_from_joint;
    /* what this job may change, to put back if a solve fails */
    transform saved[7];
    const int changed[7] = {job->pelvis,        job->legs[0].thigh, job->legs[0].shin, job->legs[0].foot,
                            job->legs[1].thigh, job->legs[1].shin,  job->legs[1].foot};
    for (int k = 0; k < 7; k++)
        saved[k] = local[changed[k]];

    /* Targets into model space, where the joints are. */
    mat4 model_from_world;
    glm_mat4_inv((vec4 *)job->world_from_model, model_from_world);
    versor world_rotation, model_from_world_rotation;
    rotation_of((vec4 *)job->world_from_model, world_rotation);
    glm_quat_conjugate(world_rotation, model_from_world_rotation);
    vec3 target[2], pole[2];
    versor foot_model[2];
    skeleton_local_to_model(s, local, model);
    /* The pelvis: each hip may be at most reach * (thigh + shin) from its
     * ankle's target. Over a target lower than the clip's ground that
     * means coming down by the height the leg cannot make up; the lower
     * foot decides, and the pelvis never goes up (the clip's legs stay as
     * bent as they were authored). */
    float offset = 0.0f;
    for (int side = 0; side < 2; side++) {
        const foot_leg *leg = &job->legs[side];
        glm_mat4_mulv3(model_from_world, (float *)job->ankle_target[side], 1, target[side]);
        glm_quat_rotatev(model_from_world_rotation, (float *)job->pole[side], pole[side]);
        ik_quat_mul(model_from_world_rotation, job->foot_rotation[side], foot_model[side]);
        glm_quat_normalize(foot_model[side]);
        const float *hip = model[leg->thigh][3];
        float upper = glm_vec3_distance(model[leg->thigh][3], model[leg->shin][3]);
        float lower = glm_vec3_distance(model[leg->shin][3], model[leg->foot][3]);
        float reach = job->reach * (upper + lower);
        float dx = target[side][0] - hip[0], dz = target[side][2] - hip[2];
        float across = fminf(dx * dx + dz * dz, reach * reach);
        float highest = target[side][1] + sqrtf(reach * reach - across); /* the hip's highest */
        offset = fminf(offset, highest - hip[1]);
    }
    local[job->pelvis].translation[1] += offset;

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
        for (int k = 0; k < 7; k++)
            local[changed[k]] = saved[k];
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

/* [listing foot_swing_height] */
float foot_swing_height(float u, float lift, float land, float clearance)
{
    float top = fmaxf(lift, land) + clearance;
    if (u < 0.5f)
        return lift + (top - lift) * smoothstep01(3 * u);     /* up over the first third */
    return top + (land - top) * smoothstep01(3 * u - 2);        /* down over the last third */
}
/* [/listing] */

/* [listing foot_support_height] */
float foot_support_height(const stairs_geometry *g, const float heel[3], const float ball[3], const float forward[3],
                          float toe_reach)
{
    float toes_x = ball[0] + forward[0] * toe_reach, toes_z = ball[2] + forward[2] * toe_reach;
    float h = stairs_height_at(g, heel[0], heel[2]);
    h = fmaxf(h, stairs_height_at(g, ball[0], ball[2]));
    return fmaxf(h, stairs_height_at(g, toes_x, toes_z));
}
/* [/listing] */
