/* gait_plan.c: what gait_init works out once, after measuring the legs
 * (chapter 10): the pelvis's height over the cycle from the stance legs,
 * the swing's ends from the stance poses, and the swing's forward motion
 * made never backwards (see walk.h). */
#include "gait_internal.h"

#include <math.h>
#include <stdlib.h>

/* [listing plan_pelvis] */
/* The pelvis's height over the cycle, from the legs. At each of
 * GAIT_PELVIS_SAMPLES phases every planted leg allows the hip at most so
 * high that its knee keeps the stance's least flexion (stance_knee): the
 * pelvis takes the lowest of those. Where no foot is down (a run's flight)
 * it flies: a ballistic arc between the take-off and the landing heights.
 * Then the curve is smoothed without rising anywhere above what the legs
 * allow: each sample becomes the least over a window (erosion), then the
 * mean of those over the same window; a sample's mean only takes values
 * of windows that contain the sample itself, so none is higher than it was. */
/* How high (over its rest height) the pelvis may be at phase: the lowest
 * of what the planted legs allow (INFINITY in flight). Fails on a planted
 * ankle out of every leg's reach. */
static bool pelvis_need(gait *g, float phase, transform *pose, float *need, sa_error *err)
{
    const gait_params *p = &g->params;
    vec3 hip[2];
    pose_at(g, phase, 0, pose, hip); /* the hips with the pelvis at its rest height */
    *need = INFINITY;
    for (int s = 0; s < 2; s++) {
        float own = wrap01(phase - side_offset((gait_side)s));
        if (own > p->stance_fraction)
            continue;
        vec3 ankle;
        versor foot;
        stance_foot(g, (gait_side)s, phase - own, own, ankle, foot);
        float span = leg_span(&g->leg[s], stance_knee(p, own));
        float dx = ankle[0] - hip[s][0], dz = ankle[2] - hip[s][2], flat = span * span - dx * dx - dz * dz;
        if (!(flat > 0))
            return sa_error_set(err,
                                "gait: stride_length %g m is too long for these legs: a planted ankle is %g m "
                                "ahead of or behind its hip, the leg reaches %g m",
                                (double)p->stride_length, sqrt((double)(dx * dx + dz * dz)), (double)span);
        *need = fminf(*need, ankle[1] + sqrtf(flat) - hip[s][1]);
    }
    return true;
}
/* [/listing] */

/* [listing plan_pelvis_smooth] */
static bool plan_pelvis(gait *g, transform *pose, sa_error *err)
{
    const gait_params *p = &g->params;
    enum { N = GAIT_PELVIS_SAMPLES, W = N / 40 };
    float need[N], low[N];
    for (int i = 0; i < N; i++)
        if (!pelvis_need(g, (float)i / N, pose, &need[i], err))
            return false;
    /* flight: from the last sample with a foot down to the next one */
    const float dt = g->period / N, gravity = 9.81f;
    for (int i = 0; i < N; i++) {
        if (isfinite(need[i]) || !isfinite(need[(i + N - 1) % N]))
            continue;
        int from = (i + N - 1) % N, to = i, steps = 1;
        while (!isfinite(need[to % N]))
            to++, steps++;
        float y0 = need[from], y1 = need[to % N], flight = (float)steps * dt;
        for (int k = 1; k < steps; k++) {
            float t = (float)k * dt;
            need[(from + k) % N] = y0 + (y1 - y0) * t / flight + gravity * t * (flight - t) / 2;
        }
    }
    for (int i = 0; i < N; i++) {
        if (!isfinite(need[i]))
            return sa_error_set(err, "gait: no foot is ever planted (stance_fraction %g)", (double)p->stance_fraction);
        low[i] = INFINITY;
        for (int k = -W; k <= W; k++)
            low[i] = fminf(low[i], need[(i + k + N) % N]);
    }
    for (int i = 0; i < N; i++) {
        float sum = 0;
        for (int k = -W; k <= W; k++)
            sum += low[(i + k + N) % N];
        g->pelvis_offset[i] = sum / (2 * W + 1);
    }
    /* [elide the toe-off's bound: the two samples around it kept under what its leg allows] */
    /* a toe-off falls between samples, where its leg is at its longest:
     * what the leg allows there bounds the two samples around it, so the
     * line between them (pelvis_offset_at) stays under it */
    for (int s = 0; s < 2; s++) {
        float off = wrap01(side_offset((gait_side)s) + p->stance_fraction * (1 - 1e-5f)), at;
        if (!pelvis_need(g, off, pose, &at, err))
            return false;
        int i = (int)(off * N) % N;
        g->pelvis_offset[i] = fminf(g->pelvis_offset[i], at);
        g->pelvis_offset[(i + 1) % N] = fminf(g->pelvis_offset[(i + 1) % N], at);
    }
    /* [/elide] */
    return true;
}
/* [/listing] */

/* Each leg's swing ends, measured on the stance poses at its toe-off and
 * at its next contact (the pelvis planned), so that the swing's curves
 * start and end where the stance is. */
static void plan_swing(gait *g, transform *pose)
{
    const gait_params *p = &g->params;
    for (int s = 0; s < 2; s++) {
        const gait_leg *leg = &g->leg[s];
        gait_swing *w = &g->swing[s];
        for (int e = 0; e < 2; e++) {
            float own = e == 0 ? p->stance_fraction : 0, phase = wrap01(side_offset((gait_side)s) + own);
            pose_at(g, phase, pelvis_offset_at(g, phase), pose, NULL);
            const float *hip = g->model_position[leg->thigh], *knee = g->model_position[leg->shin],
                        *ankle = g->model_position[leg->foot];
            vec3 reach, shin;
            glm_vec3_sub((float *)ankle, (float *)hip, reach);
            reach_angles(leg, reach, &w->side[e], &w->knee[e], &w->hip[e]);
            /* plantarflexion: how far the foot's pitch is below the shin's
             * (the foot is neutral, square to the shin as in the rest pose,
             * when its toes-up pitch equals the shin's forward lean) */
            glm_vec3_sub((float *)ankle, (float *)knee, shin);
            w->ankle[e] = atan2f(shin[2], -shin[1]) - stance_pitch(p, own);
            versor shin_turn, rest_inverse, swing_model, inverse, identity = GLM_QUAT_IDENTITY_INIT;
            glm_quat_conjugate(g->rest_model_rotation[leg->shin], rest_inverse);
            glm_quat_mul(g->model_rotation[leg->shin], rest_inverse, shin_turn);
            swing_foot(g, (gait_side)s, shin_turn, w->ankle[e], identity, swing_model);
            glm_quat_conjugate(swing_model, inverse);
            glm_quat_mul(g->model_rotation[leg->foot], inverse, w->foot_fix[e]);
            glm_quat_normalize(w->foot_fix[e]);
            if (e == 0 && leg->toes >= 0)
                glm_quat_copy(pose[leg->toes].rotation, w->toes_local);
            else if (e == 0)
                glm_quat_identity(w->toes_local);
        }
        if (glm_quat_dot(w->foot_fix[0], w->foot_fix[1]) < 0)
            glm_vec4_negate(w->foot_fix[1]);
    }
    g->swing_planned = true;
}

/* [listing plan_swing_forward] */
/* The swing's forward motion, made never backwards. The swing's angles
 * carry the ankle back a little just after toe-off (the knee folds before
 * the thigh comes forward: 7 mm in the walk) and again before the contact
 * (the thigh comes back from its peak: 3 mm), and a foot moving backwards
 * over the ground kicks. The ankle's forward position is sampled over the
 * swing as the angles put it; each step between samples is kept where it
 * goes forward and made 0 where it goes back, and over the first quarter
 * of the swing it eases in from the stance's own speed at toe-off (the
 * foot turning about its ball), so the velocity is continuous there; the
 * steps are then scaled to end where the contact is. */
static void plan_swing_forward(gait *g, transform *pose)
{
    const gait_params *p = &g->params;
    const float beta = p->stance_fraction, n = GAIT_SWING_SAMPLES;
    for (int s = 0; s < 2; s++) {
        gait_swing *w = &g->swing[s];
        float contact = side_offset((gait_side)s), z[GAIT_SWING_SAMPLES + 1];
        for (int i = 0; i <= GAIT_SWING_SAMPLES; i++) {
            float phase = contact + beta + (1 - beta) * (float)i / n;
            pose_at(g, phase, pelvis_offset_at(g, phase), pose, NULL);
            z[i] = g->model_position[g->leg[s].foot][2];
        }
        /* the stance's speed at toe-off, per unit of the swing */
        float v0, sum = 0, step[GAIT_SWING_SAMPLES];
        {
            /* [elide the stance foot a thousandth of the cycle before the toe-off and at it] */
            vec3 off, before;
            versor foot;
            const float e = 1e-3f;
            stance_foot(g, (gait_side)s, contact, beta, off, foot);
            stance_foot(g, (gait_side)s, contact, beta - e, before, foot);
            v0 = fmaxf((off[2] - before[2]) / e * (1 - beta), 0);
            /* [/elide] */
        }
        for (int i = 0; i < GAIT_SWING_SAMPLES; i++) {
            float ease = smooth01(((float)i + 0.5f) / n / 0.25f);
            step[i] = (1 - ease) * v0 / n + ease * fmaxf(z[i + 1] - z[i], 0);
            sum += step[i];
        }
        float k = sum > 0 ? (z[GAIT_SWING_SAMPLES] - z[0]) / sum : 0;
        w->forward[0] = z[0];
        for (int i = 0; i < GAIT_SWING_SAMPLES; i++)
            w->forward[i + 1] = w->forward[i] + k * step[i];
        w->forward_contact = contact; /* the table is the swing after this stance */
    }
    g->forward_planned = true;
}
/* [/listing] */

bool plan_gait(gait *g, sa_error *err)
{
    transform *pose = malloc((size_t)g->joint_count * sizeof *pose);
    if (!pose)
        return sa_error_set(err, "gait: out of memory");
    bool ok = plan_pelvis(g, pose, err);
    if (ok) {
        plan_swing(g, pose);
        plan_swing_forward(g, pose);
    }
    free(pose);
    return ok;
}
