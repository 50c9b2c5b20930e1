/* foot_lock.c: the walk / run blend's planted feet held in the world
 * (chapter 10). The contract is in locomotion.h. */
#include "locomotion.h"

#include <math.h>

bool foot_lock_init(foot_lock *lock, const locomotion_job *job, sa_error *err)
{
    *lock = (foot_lock){
        .stride = {job->gaits.walk_speed * job->gaits.walk_period, job->gaits.run_speed * job->gaits.run_period}};
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
                                clips[0]->name, side == GAIT_LEFT ? "left" : "right", (double)down[0], clips[1]->name,
                                (double)down[1]);
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

bool foot_lock_step_stance(const foot_lock *lock, gait_side side, const locomotion_sync_state *sync,
                           double *since_contact, bool planted)
{
    double own = sync->phase - lock->down[side];
    own -= floor(own);
    /* the phase only moves forward: since_contact going down is the contact crossed */
    if (own < *since_contact)
        planted = true;
    *since_contact = own;
    return planted && own < foot_lock_stance(lock, side, sync->weight);
}
/* [/listing] */

static float smoothstep(float u)
{
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    return u * u * (3 - 2 * u);
}

/* How far the hip must come down for the ankle at target to be within
 * reach (0 when it is; nothing to gain when it is too far sideways or
 * forward for any height). */
static float drop_to_reach(const float hip[3], const float target[3], float reach)
{
    float dx = hip[0] - target[0], dz = hip[2] - target[2], flat = reach * reach - dx * dx - dz * dz;
    float over = hip[1] - target[1];
    return flat > 0 && over > sqrtf(flat) ? over - sqrtf(flat) : 0;
}

void foot_lock_apply(foot_lock *lock, const locomotion_job *job, mat4 world_from_model, transform *pose, mat4 *model)
{
    const gait *g = &job->walk->g; /* the legs' measures: both clips are over one skeleton */
    mat4 model_from_world;
    glm_mat4_inv(world_from_model, model_from_world);
    joints_local_to_model(g->joint_count, g->parent, pose, model);
    if (!lock->started) { /* a fresh start: nothing held, nothing to ease back from */
        for (int side = 0; side < 2; side++)
            lock->foot[side] = (foot_lock_foot){.since_contact = 1, .toe_off = -1};
        lock->phase = job->sync.phase, lock->drop = 0, lock->drop_from = 0;
    }
    vec3 target[2];
    versor rotation[2];
    float needed = 0;
    /* [listing foot_lock_hold] */
    for (int side = 0; side < 2; side++) {
        foot_lock_foot *f = &lock->foot[side];
        const int foot = g->leg[side].foot;
        vec3 animated = {model[foot][3][0], model[foot][3][1], model[foot][3][2]};
        glm_mat4_quat(model[foot], rotation[side]); /* the foot turns as the blend turns it */
        float sole[2][3];                           /* heel, ball: model space, as animated */
        gait_sole_points(g, (gait_side)side, model[foot], sole[0], sole[1]);
        bool was_planted = f->planted;
        f->planted = foot_lock_step_stance(lock, (gait_side)side, &job->sync, &f->since_contact, was_planted);
        if (f->planted && !was_planted) {       /* the heel strikes: it is held where it lands, on the ground */
            f->pivot = sole[1][1] < sole[0][1]; /* the ball when a fresh start finds the heel up */
            vec3 landing = {sole[f->pivot][0], 0, sole[f->pivot][2]};
            glm_mat4_mulv3(world_from_model, landing, 1, f->held);
        }
        /* what moves the animated foot so that its held point is where it was held */
        vec3 held_model, shift = {0, 0, 0};
        glm_mat4_mulv3(model_from_world, f->held, 1, held_model);
        if (f->planted || was_planted) /* at the toe-off too: the ease back starts from it */
            glm_vec3_sub(held_model, sole[f->pivot], shift);
        if (f->planted && f->pivot == 0 && sole[1][1] <= sole[0][1] + FOOT_LOCK_FLAT) {
            /* the sole is flat: the ball, down now, is held from here on,
             * through the heel-off to the toe-off */
            f->pivot = 1;
            vec3 ball = {sole[1][0] + shift[0], 0, sole[1][2] + shift[2]};
            glm_mat4_mulv3(world_from_model, ball, 1, f->held);
        }
        glm_vec3_add(animated, shift, target[side]);
        if (was_planted && !f->planted) { /* the toe-off: the ease back to the animation starts */
            f->toe_off = f->since_contact;
            glm_vec3_copy(shift, f->offset);
        }
        if (f->planted) {
            float reach = FOOT_LOCK_REACH * (g->leg[side].thigh_length + g->leg[side].shin_length);
            needed = fmaxf(needed, drop_to_reach(model[g->leg[side].thigh][3], target[side], reach));
        } else {
            float left = 1 - smoothstep((float)(f->since_contact - f->toe_off) / FOOT_LOCK_RELEASE);
            glm_vec3_copy(animated, target[side]);
            glm_vec3_muladds(f->offset, left, target[side]);
        }
    }
    /* [/listing] */
    /* the pelvis: down as far as a held foot needs, back up eased */
    double advance = job->sync.phase - lock->phase;
    lock->phase = job->sync.phase;
    lock->drop_since += advance - floor(advance);
    if (needed >= lock->drop) {
        lock->drop = lock->drop_from = needed;
        lock->drop_since = 0;
    } else {
        lock->drop = fmaxf(needed, lock->drop_from * (1 - smoothstep((float)lock->drop_since / FOOT_LOCK_RELEASE)));
    }
    if (lock->drop > 0) {
        pose[g->hips].translation[1] -= lock->drop;
        joints_local_to_model(g->joint_count, g->parent, pose, model);
    }
    /* solved in the free phases too, so the knee never jumps between the
     * blend's knee and the solve's at a contact */
    for (int side = 0; side < 2; side++)
        gait_leg_solve(g, (gait_side)side, model, target[side], rotation[side], pose);
    lock->started = true;
    joints_local_to_model(g->joint_count, g->parent, pose, model);
}
