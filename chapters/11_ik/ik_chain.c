/* ik_chain.c: the chain in model space, and turning one of its joints. */
#include "ik_chain.h"

#include <math.h>

static const char *name_of(const skeleton *s, int j)
{
    return s->name && s->name[j] ? s->name[j] : "";
}

static bool transform_is_finite(const transform *t)
{
    for (int i = 0; i < 3; i++)
        if (!isfinite(t->translation[i]) || !isfinite(t->scale[i]))
            return false;
    for (int i = 0; i < 4; i++)
        if (!isfinite(t->rotation[i]))
            return false;
    return true;
}

void ik_quat_mul(const versor p, const versor q, versor out)
{
    versor product; /* out may be p or q */
    glm_quat_mul((float *)p, (float *)q, product);
    glm_quat_copy(product, out);
}

bool ik_vec3_is_finite(const float v[3])
{
    return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]);
}

bool ik_chain_check(const char *job, const skeleton *s, const transform *local, const int *joints, int count,
                    int min_count, sa_error *err)
{
    if (!s || !local || !joints)
        return sa_error_set(err, "%s: no %s", job, !s ? "skeleton" : !local ? "pose (local)" : "joints");
    if (count < min_count || count > IK_MAX_CHAIN)
        return sa_error_set(err, "%s: a chain of %d joints (%d to %d are allowed)", job, count, min_count,
                            IK_MAX_CHAIN);
    for (int k = 0; k < count; k++) {
        int j = joints[k];
        if (j < 0 || j >= s->joint_count)
            return sa_error_set(err, "%s: joints[%d] is %d, not a joint of the skeleton (0..%d)", job, k, j,
                                s->joint_count - 1);
        if (k > 0 && s->parent[j] != joints[k - 1])
            return sa_error_set(err,
                                "%s: joints[%d] (%d \"%s\") is not the child of joints[%d] (%d \"%s\"): its parent "
                                "is %d; a chain goes from parent to child",
                                job, k, j, name_of(s, j), k - 1, joints[k - 1], name_of(s, joints[k - 1]),
                                s->parent[j]);
    }
    /* A NaN anywhere above or in the chain would reach every result. */
    for (int j = joints[count - 1]; j >= 0; j = s->parent[j])
        if (!transform_is_finite(&local[j]))
            return sa_error_set(err, "%s: the pose of joint %d (\"%s\") is not finite", job, j, name_of(s, j));
    return true;
}

bool ik_limits_check(const char *job, const ik_joint_limit *limits, int count, sa_error *err)
{
    if (!limits)
        return true;
    const float pi = (float)GLM_PI;
    for (int k = 0; k < count; k++) {
        const ik_joint_limit *l = &limits[k];
        if (!(l->cone >= 0.0f && l->cone <= pi))
            return sa_error_set(err, "%s: limits[%d].cone is %g, not an angle in [0, pi]", job, k, (double)l->cone);
        if (!(l->twist_min >= -pi && l->twist_max <= pi && l->twist_min <= l->twist_max))
            return sa_error_set(err, "%s: limits[%d] twist range [%g, %g] is not inside [-pi, pi] with min <= max", job,
                                k, (double)l->twist_min, (double)l->twist_max);
    }
    return true;
}

bool ik_chain_job_check(const char *name, const ik_chain_job *job, sa_error *err)
{
    if (!job)
        return sa_error_set(err, "%s: no job", name);
    if (!ik_chain_check(name, job->skeleton, job->local, job->joints, job->count, 2, err))
        return false;
    if (!ik_vec3_is_finite(job->target))
        return sa_error_set(err, "%s: the target (%g, %g, %g) is not finite", name, (double)job->target[0],
                            (double)job->target[1], (double)job->target[2]);
    if (job->max_iterations < 1)
        return sa_error_set(err, "%s: max_iterations is %d, at least 1 is needed", name, job->max_iterations);
    if (!(job->tolerance >= 0.0f) || !isfinite(job->tolerance))
        return sa_error_set(err, "%s: the tolerance is %g, not a distance >= 0", name, (double)job->tolerance);
    return ik_limits_check(name, job->limits, job->count, err);
}

void ik_chain_job_report(const ik_chain_job *job, const ik_chain_pose *cp, int iterations)
{
    vec3 tip;
    ik_chain_position(cp, cp->count - 1, tip);
    if (job->iterations)
        *job->iterations = iterations;
    if (job->tip_to_target)
        *job->tip_to_target = glm_vec3_distance(tip, (float *)job->target);
}

/* Joint k's matrix and rotation from its parent's (or the chain's base). */
static void chain_joint_from_parent(ik_chain_pose *cp, const transform *local, const int *joints, int k)
{
    mat4 parent_from_joint;
    transform_to_mat4(&local[joints[k]], parent_from_joint);
    if (k == 0) {
        glm_mat4_mul(cp->model_from_root_parent, parent_from_joint, cp->model_from_joint[0]);
        ik_quat_mul(cp->root_parent_rotation, local[joints[0]].rotation, cp->rotation[0]);
    } else {
        glm_mat4_mul(cp->model_from_joint[k - 1], parent_from_joint, cp->model_from_joint[k]);
        ik_quat_mul(cp->rotation[k - 1], local[joints[k]].rotation, cp->rotation[k]);
    }
    glm_quat_normalize(cp->rotation[k]);
}

void ik_chain_pose_compute(const skeleton *s, const transform *local, const int *joints, int count, ik_chain_pose *out)
{
    out->count = count;
    /* The ancestors above the chain, composed from the nearest upward:
     * M = parent_from_joint(a) * M for each ancestor a. */
    glm_mat4_identity(out->model_from_root_parent);
    glm_quat_identity(out->root_parent_rotation);
    for (int a = s->parent[joints[0]]; a >= 0; a = s->parent[a]) {
        mat4 parent_from_joint;
        transform_to_mat4(&local[a], parent_from_joint);
        glm_mat4_mul(parent_from_joint, out->model_from_root_parent, out->model_from_root_parent);
        ik_quat_mul(local[a].rotation, out->root_parent_rotation, out->root_parent_rotation);
    }
    glm_quat_normalize(out->root_parent_rotation);
    for (int k = 0; k < count; k++)
        chain_joint_from_parent(out, local, joints, k);
}

void ik_chain_position(const ik_chain_pose *cp, int k, vec3 out)
{
    glm_vec3_copy((float *)cp->model_from_joint[k][3], out);
}

void ik_rotation_between(const vec3 from, const vec3 to, versor out)
{
    float from_length = glm_vec3_norm((float *)from), to_length = glm_vec3_norm((float *)to);
    if (from_length < 1e-9f || to_length < 1e-9f) {
        glm_quat_identity(out);
        return;
    }
    vec3 f, t, axis;
    glm_vec3_scale((float *)from, 1.0f / from_length, f);
    glm_vec3_scale((float *)to, 1.0f / to_length, t);
    float c = glm_vec3_dot(f, t);
    if (c < -0.999999f) {
        /* Opposite: any axis perpendicular to f turns it half round. */
        glm_vec3_cross(f, (vec3){1, 0, 0}, axis);
        if (glm_vec3_norm(axis) < 0.1f)
            glm_vec3_cross(f, (vec3){0, 1, 0}, axis);
        glm_vec3_normalize(axis);
        glm_quat_init(out, axis[0], axis[1], axis[2], 0.0f);
        return;
    }
    /* (f x t, 1 + f.t) normalized is the rotation by the angle between them:
     * its half-angle form without a cosine or a square root of a difference. */
    glm_vec3_cross(f, t, axis);
    glm_quat_init(out, axis[0], axis[1], axis[2], 1.0f + c);
    glm_quat_normalize(out);
}

void ik_rotation_part(const versor q, float t, versor out)
{
    if (t >= 1.0f) {
        glm_quat_copy((float *)q, out);
        return;
    }
    float w = fminf(fmaxf(q[3], -1.0f), 1.0f);
    float half = acosf(w);
    float s = sinf(half);
    if (s < 1e-7f) {
        glm_quat_identity(out);
        return;
    }
    float k = sinf(half * t) / s;
    glm_quat_init(out, q[0] * k, q[1] * k, q[2] * k, cosf(half * t));
}

/* A rotation by `angle` about a unit axis. */
static void axis_angle(const vec3 axis, float angle, versor out)
{
    float s = sinf(0.5f * angle);
    glm_quat_init(out, axis[0] * s, axis[1] * s, axis[2] * s, cosf(0.5f * angle));
}

/* [listing limit_apply] */
void ik_limit_apply(const ik_joint_limit *limit, const versor rest, const vec3 bone_axis, versor q)
{
    /* r: the rotation relative to the rest one, q = rest * r. */
    versor rest_inverse, r;
    glm_quat_inv((float *)rest, rest_inverse);
    ik_quat_mul(rest_inverse, q, r);
    if (r[3] < 0.0f)
        glm_vec4_negate(r); /* the same rotation; w >= 0 gives angles in [-pi, pi] */

    /* Twist: the part of r about the bone (r's vector part projected on
     * the axis); swing: what is left, r = swing * twist. */
    float along = glm_vec3_dot(r, (float *)bone_axis);
    versor twist = {bone_axis[0] * along, bone_axis[1] * along, bone_axis[2] * along, r[3]};
    if (glm_vec4_norm(twist) < 1e-6f)
        glm_quat_identity(twist); /* a half-turn swing: no twist to speak of */
    glm_quat_normalize(twist);
    versor twist_inverse, swing;
    glm_quat_inv(twist, twist_inverse);
    ik_quat_mul(r, twist_inverse, swing);

    float twist_angle = 2.0f * atan2f(glm_vec3_dot(twist, (float *)bone_axis), twist[3]);
    if (twist_angle > GLM_PIf)
        twist_angle -= 2.0f * GLM_PIf;
    float clamped_twist = fminf(fmaxf(twist_angle, limit->twist_min), limit->twist_max);
    axis_angle(bone_axis, clamped_twist, twist);

    if (swing[3] < 0.0f)
        glm_vec4_negate(swing);
    float swing_angle = 2.0f * acosf(fminf(swing[3], 1.0f));
    if (swing_angle > limit->cone) {
        vec3 swing_axis = {swing[0], swing[1], swing[2]};
        glm_vec3_normalize(swing_axis);
        axis_angle(swing_axis, limit->cone, swing);
    }
    ik_quat_mul(swing, twist, r);
    ik_quat_mul(rest, r, q);
    glm_quat_normalize(q);
}
/* [/listing] */

void ik_chain_turn(ik_chain_pose *cp, const skeleton *s, transform *local, const int *joints, int k, const versor delta,
                   const ik_joint_limit *limit)
{
    /* The joint's model rotation P * q becomes delta * P * q, so its local
     * rotation becomes conj(P) * delta * P * q. */
    const float *parent_rotation = k == 0 ? cp->root_parent_rotation : cp->rotation[k - 1];
    versor parent_inverse, q;
    glm_quat_inv((float *)parent_rotation, parent_inverse);
    ik_quat_mul(parent_inverse, delta, q);
    ik_quat_mul(q, (float *)parent_rotation, q);
    ik_quat_mul(q, local[joints[k]].rotation, q);
    glm_quat_normalize(q);
    if (limit && k + 1 < cp->count) {
        vec3 bone_axis;
        glm_vec3_copy(local[joints[k + 1]].translation, bone_axis);
        /* A bone of no length has no direction to limit. */
        if (glm_vec3_norm(bone_axis) > 1e-9f) {
            glm_vec3_normalize(bone_axis);
            ik_limit_apply(limit, s->rest_local[joints[k]].rotation, bone_axis, q);
        }
    }
    glm_quat_copy(q, local[joints[k]].rotation);
    for (int i = k; i < cp->count; i++)
        chain_joint_from_parent(cp, local, joints, i);
}

void ik_chain_aim(ik_chain_pose *cp, const skeleton *s, transform *local, const int *joints, int k, int m,
                  const vec3 want, float weight, const ik_joint_limit *limit)
{
    vec3 joint, now, from, to;
    ik_chain_position(cp, k, joint);
    ik_chain_position(cp, m, now);
    glm_vec3_sub(now, joint, from);
    glm_vec3_sub((float *)want, joint, to);
    versor turn;
    ik_rotation_between(from, to, turn);
    ik_rotation_part(turn, weight, turn);
    ik_chain_turn(cp, s, local, joints, k, turn, limit);
}
