/* foot_lock.c: the walk / run blend's planted feet held in the world
 * (chapter 10). The contract is in locomotion.h. */
#include "locomotion.h"

#include <math.h>

bool foot_lock_init(foot_lock *lock, const locomotion_job *job, sa_error *err)
{
    *lock = (foot_lock){.stride = {job->gaits.walk_speed * job->gaits.walk_period,
                                   job->gaits.run_speed * job->gaits.run_period}};
    const clip *clips[2] = {&job->walk->c, &job->run->c};
    for (int side = 0; side < 2; side++) {
        float down[2];
        for (int k = 0; k < 2; k++)
            if (!gait_clip_stance(clips[k], (gait_side)side, &down[k], &lock->stance[k][side], err))
                return false;
        float apart = fabsf(down[0] - down[1]);
        if (fminf(apart, 1 - apart) > 1e-4f)
            return sa_error_set(err,
                                "foot lock: '%s' plants the %s foot at %g of its cycle, '%s' at %g: blended "
                                "on one phase they must land together",
                                clips[0]->name, side == GAIT_LEFT ? "left" : "right", (double)down[0],
                                clips[1]->name, (double)down[1]);
        lock->down[side] = down[0];
    }
    return true;
}

/* [listing foot_lock_stance] */
float foot_lock_stance(const foot_lock *lock, gait_side side, float weight)
{
    /* each clip's stance as the distance the hip travels over it (length
     * times stride), blended, over the blended stride */
    float walk = (1 - weight) * lock->stride[0], run = weight * lock->stride[1];
    return (walk * lock->stance[0][side] + run * lock->stance[1][side]) / (walk + run);
}
/* [/listing] */

static float smoothstep(float u)
{
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    return u * u * (3 - 2 * u);
}

/* [listing foot_lock_apply] */
void foot_lock_apply(foot_lock *lock, const locomotion_job *job, mat4 world_from_model, transform *pose,
                     mat4 *model)
{
    const gait *g = &job->walk->g; /* the legs' measures: both clips are over one skeleton */
    const double phase = job->sync.phase;
    mat4 model_from_world;
    glm_mat4_inv(world_from_model, model_from_world);
    versor heading, unheading;
    glm_mat4_quat(world_from_model, heading);
    glm_quat_conjugate(heading, unheading);
    joints_local_to_model(g->joint_count, g->parent, pose, model);
    for (int side = 0; side < 2; side++) {
        foot_lock_foot *f = &lock->foot[side];
        const int foot = g->leg[side].foot;
        double own = phase - lock->down[side];
        own -= floor(own);
        float length = foot_lock_stance(lock, (gait_side)side, job->sync.weight);
        vec3 animated = {model[foot][3][0], model[foot][3][1], model[foot][3][2]};
        versor animated_rotation;
        glm_mat4_quat(model[foot], animated_rotation);
        if (!lock->started) { /* a fresh start: a foot in its stance is planted where it is */
            f->planted = false;
            f->toe_off = -1; /* released long ago: nothing left to ease */
            f->since_contact = own < length ? 1 : own;
        }
        /* the phase only moves forward: since_contact going down is a contact crossed */
        bool contact = own < f->since_contact;
        f->since_contact = own;
        if (contact) {
            /* held where it lands, at the clips' ankle height (sole on the
             * ground) and level, as both clips keep it */
            vec3 landing = {animated[0], g->leg[side].ankle_rest[1], animated[2]};
            glm_mat4_mulv3(world_from_model, landing, 1, f->held);
            glm_quat_mul(heading, g->rest_model_rotation[foot], f->held_rotation);
            f->planted = true;
        }
        vec3 target;
        versor rotation;
        glm_mat4_mulv3(model_from_world, f->held, 1, target);
        glm_quat_mul(unheading, f->held_rotation, rotation);
        /* the toe-off: at the end of the blended stance, or earlier when the
         * leg, straight, no longer reaches where the foot is held (a sudden
         * slow-down leaves the hip further ahead than either clip does) */
        const float *hip = model[g->leg[side].thigh][3];
        float reach = FOOT_LOCK_REACH * (g->leg[side].thigh_length + g->leg[side].shin_length);
        bool out_of_reach = glm_vec3_distance((float *)hip, target) > reach;
        if (f->planted && (own >= length || out_of_reach)) { /* the ease back to the animation starts */
            f->planted = false;
            f->toe_off = own;
            glm_vec3_sub(target, animated, f->offset);
            glm_quat_copy(rotation, f->released_rotation);
        }
        if (!f->planted) {
            float left = 1 - smoothstep((float)(own - f->toe_off) / FOOT_LOCK_RELEASE);
            glm_vec3_copy(animated, target);
            glm_vec3_muladds(f->offset, left, target);
            quat_slerp(animated_rotation, f->released_rotation, left, rotation);
        }
        /* solved in the free phases too, so the knee never jumps between the
         * blend's knee and the solve's at a contact */
        gait_leg_solve(g, (gait_side)side, model, target, rotation, pose);
    }
    lock->started = true;
    joints_local_to_model(g->joint_count, g->parent, pose, model);
}
/* [/listing] */
