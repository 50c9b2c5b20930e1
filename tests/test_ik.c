/* Tests of chapter 11's IK jobs. Every result is checked through chapter
 * 04's forward kinematics (skeleton_local_to_model), not through the jobs'
 * own chain arithmetic: the tip where the target is, the bone lengths
 * unchanged, the bend on the pole's side, the limits held. Expected
 * positions are worked out by hand in the comments. */
#include "tests/test_util.h"
#include "chapters/11_ik/ik.h"
#include "chapters/11_ik/ik_chain.h"

/* A small deterministic generator: the same targets on every run. */
static unsigned rng_state = 12345u;
static float rnd(float lo, float hi)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng_state >> 8) / (float)(1u << 24);
}
static void rnd_unit(vec3 out)
{
    do {
        glm_vec3_copy((vec3){rnd(-1, 1), rnd(-1, 1), rnd(-1, 1)}, out);
    } while (glm_vec3_norm(out) < 0.2f || glm_vec3_norm(out) > 1.0f);
    glm_vec3_normalize(out);
}

static transform tr(float x, float y, float z, float angle, float ax, float ay, float az)
{
    versor q;
    glm_quatv(q, angle, (vec3){ax, ay, az});
    return trs(x, y, z, q, 1.0f);
}

/* A leg under a turned and moved body: 0 body, 1 pelvis, 2 hip, 3 knee,
 * 4 ankle, 5 toe. Thigh 0.45 long (hip to knee), shin 0.42 (knee to ankle),
 * so the reach is 0.03 to 0.87. */
enum { BODY, PELVIS, HIP, KNEE, ANKLE, TOE, LEG_JOINTS };
static void make_leg(skeleton *s)
{
    const int parent[LEG_JOINTS] = {-1, 0, 1, 2, 3, 4};
    const char *names[LEG_JOINTS] = {"body", "pelvis", "hip", "knee", "ankle", "toe"};
    transform rest[LEG_JOINTS] = {
        tr(0.3f, 1.0f, -0.2f, 0.7f, 0.2f, 1.0f, 0.1f),   tr(0.0f, 0.05f, 0.02f, -0.3f, 1.0f, 0.0f, 0.4f),
        tr(0.1f, -0.05f, 0.0f, 0.2f, 0.0f, 0.0f, 1.0f),  tr(0.0f, -0.45f, 0.0f, 0.3f, 1.0f, 0.0f, 0.0f),
        tr(0.0f, -0.42f, 0.0f, -0.2f, 1.0f, 0.0f, 0.0f), tr(0.0f, -0.05f, 0.12f, 0.0f, 1.0f, 0.0f, 0.0f),
    };
    sa_error err;
    if (!skeleton_from_arrays(LEG_JOINTS, parent, names, rest, s, &err))
        fail_msg("%s", err.message);
}

/* Two bones of 0.5 from the origin straight down -Y, no parent transforms:
 * 0 root at (0, 0, 0), 1 middle at (0, -0.5, 0), 2 tip at (0, -1, 0). */
static void make_straight(skeleton *s, float upper, float lower)
{
    const int parent[3] = {-1, 0, 1};
    transform rest[3] = {tr(0, 0, 0, 0, 1, 0, 0), tr(0, -upper, 0, 0, 1, 0, 0), tr(0, -lower, 0, 0, 1, 0, 0)};
    sa_error err;
    if (!skeleton_from_arrays(3, parent, NULL, rest, s, &err))
        fail_msg("%s", err.message);
}

static void model_positions(const skeleton *s, const transform *local, vec3 *out)
{
    mat4 model[64];
    skeleton_local_to_model(s, local, model);
    for (int j = 0; j < s->joint_count; j++)
        glm_vec3_copy(model[j][3], out[j]);
}

static void expect_pose_finite(const transform *local, int count)
{
    for (int j = 0; j < count; j++)
        for (int i = 0; i < 4; i++)
            if (!isfinite(local[j].rotation[i]))
                fail_msg("joint %d: rotation[%d] is %g", j, i, (double)local[j].rotation[i]);
}

/* The bend side: the middle joint's offset from the root-tip line, along
 * the pole's part perpendicular to that line, is positive. */
static float bend_along_pole(const vec3 root, const vec3 mid, const vec3 tip, const vec3 pole)
{
    vec3 axis, off, p;
    glm_vec3_sub((float *)tip, (float *)root, axis);
    glm_vec3_normalize(axis);
    glm_vec3_sub((float *)mid, (float *)root, off);
    vec3 along;
    glm_vec3_scale(axis, glm_vec3_dot(off, axis), along);
    glm_vec3_sub(off, along, off);
    glm_vec3_scale(axis, glm_vec3_dot((float *)pole, axis), along);
    glm_vec3_sub((float *)pole, along, p);
    return glm_vec3_dot(off, p);
}

static ik_two_bone_job leg_job(const skeleton *s, transform *local)
{
    ik_two_bone_job job = {.skeleton = s, .local = local, .joints = {HIP, KNEE, ANKLE}, .weight = 1.0f};
    glm_vec3_copy((vec3){0, 0, 1}, job.pole);
    return job;
}

static void two_bone_hits_reachable_targets(void **state)
{
    (void)state;
    skeleton s;
    make_leg(&s);
    int hits = 0;
    for (int trial = 0; trial < 1000; trial++) {
        transform local[LEG_JOINTS], before[LEG_JOINTS];
        memcpy(local, s.rest_local, sizeof local);
        /* A different start each time: the knee bent a random amount. */
        glm_quatv(local[KNEE].rotation, rnd(0.0f, 2.0f), (vec3){1, 0, 0});
        memcpy(before, local, sizeof before);
        vec3 p[LEG_JOINTS], dir, pole;
        model_positions(&s, local, p);
        rnd_unit(dir);
        rnd_unit(pole);
        float d = rnd(0.04f, 0.86f);
        ik_two_bone_job job = leg_job(&s, local);
        glm_vec3_copy(p[HIP], job.target);
        glm_vec3_muladds(dir, d, job.target);
        glm_vec3_copy(pole, job.pole);
        bool reached = false;
        job.reached = &reached;
        sa_error err;
        if (!ik_two_bone_run(&job, &err))
            fail_msg("trial %d: %s", trial, err.message);
        expect_pose_finite(local, LEG_JOINTS);
        vec3 q[LEG_JOINTS];
        model_positions(&s, local, q);
        float miss = glm_vec3_distance(q[ANKLE], job.target);
        if (!(miss <= 1e-4f))
            fail_msg("trial %d: the ankle is %g m from the target (distance %g from the hip)", trial, (double)miss,
                     (double)d);
        EXPECT_TRUE(reached);
        /* Rotations only: the hip does not move, the bones keep their lengths. */
        EXPECT_NEAR(0.0, glm_vec3_distance(p[HIP], q[HIP]), 1e-6);
        EXPECT_NEAR(0.45, glm_vec3_distance(q[HIP], q[KNEE]), 1e-5);
        EXPECT_NEAR(0.42, glm_vec3_distance(q[KNEE], q[ANKLE]), 1e-5);
        /* The knee bends toward the pole (unless the pole is nearly along
         * the axis, where its side means little). */
        vec3 axis;
        glm_vec3_sub(q[ANKLE], q[HIP], axis);
        glm_vec3_normalize(axis);
        if (fabsf(glm_vec3_dot(axis, pole)) < 0.95f && d < 0.85f &&
            !(bend_along_pole(q[HIP], q[KNEE], q[ANKLE], pole) > 0.0f))
            fail_msg("trial %d: the knee bends away from the pole", trial);
        /* Only the hip's and the knee's rotations changed. */
        for (int j = 0; j < LEG_JOINTS; j++) {
            EXPECT_TRUE(memcmp(local[j].translation, before[j].translation, sizeof(vec3)) == 0);
            EXPECT_TRUE(memcmp(local[j].scale, before[j].scale, sizeof(vec3)) == 0);
            if (j != HIP && j != KNEE)
                EXPECT_TRUE(memcmp(local[j].rotation, before[j].rotation, sizeof(versor)) == 0);
        }
        hits++;
    }
    EXPECT_INT(1000, hits);
    skeleton_free(&s);
}

/* The header's promise for a uniform scale above the chain: the pelvis
 * scaled by 2 doubles the leg in model space (thigh 0.9, shin 0.84, reach
 * 0.06 to 1.74) and the ankle still lands on the target. */
static void two_bone_under_a_uniformly_scaled_parent(void **state)
{
    (void)state;
    skeleton s;
    make_leg(&s);
    glm_vec3_fill(s.rest_local[PELVIS].scale, 2.0f);
    for (int trial = 0; trial < 200; trial++) {
        transform local[LEG_JOINTS];
        memcpy(local, s.rest_local, sizeof local);
        vec3 p[LEG_JOINTS], q[LEG_JOINTS], dir, pole;
        model_positions(&s, local, p);
        rnd_unit(dir);
        rnd_unit(pole);
        ik_two_bone_job job = leg_job(&s, local);
        glm_vec3_copy(p[HIP], job.target);
        glm_vec3_muladds(dir, rnd(0.08f, 1.72f), job.target);
        glm_vec3_copy(pole, job.pole);
        sa_error err;
        EXPECT_TRUE(ik_two_bone_run(&job, &err));
        model_positions(&s, local, q);
        if (!(glm_vec3_distance(q[ANKLE], job.target) <= 1e-4f))
            fail_msg("trial %d: the ankle is %g from the target under a parent scaled by 2", trial,
                     (double)glm_vec3_distance(q[ANKLE], job.target));
        EXPECT_NEAR(0.9, glm_vec3_distance(q[HIP], q[KNEE]), 1e-5);
    }
    skeleton_free(&s);
}

/* Root at the origin, two bones of 0.5 down -Y, the target (0, -0.6, 0):
 * cos(angle at the root) = (0.25 + 0.36 - 0.25) / (2 * 0.5 * 0.6) = 0.6, so
 * sin = 0.8 and the middle joint is at 0.5 * (0.6 * (0, -1, 0) + 0.8 * side),
 * (0.4, -0.3, 0) for a pole +X, (-0.4, -0.3, 0) for -X, (0, -0.3, 0.4) for +Z.
 * A pole (1, -5, 0) has the perpendicular part +X: the same as +X. */
static void two_bone_pole_decides_the_side(void **state)
{
    (void)state;
    skeleton s;
    make_straight(&s, 0.5f, 0.5f);
    struct {
        vec3 pole, mid;
    } cases[] = {
        {{1, 0, 0}, {0.4f, -0.3f, 0}},
        {{-1, 0, 0}, {-0.4f, -0.3f, 0}},
        {{0, 0, 1}, {0, -0.3f, 0.4f}},
        {{1, -5, 0}, {0.4f, -0.3f, 0}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        transform local[3];
        memcpy(local, s.rest_local, sizeof local);
        ik_two_bone_job job = {.skeleton = &s, .local = local, .joints = {0, 1, 2}, .weight = 1.0f};
        glm_vec3_copy((vec3){0, -0.6f, 0}, job.target);
        glm_vec3_copy(cases[c].pole, job.pole);
        sa_error err;
        EXPECT_TRUE(ik_two_bone_run(&job, &err));
        vec3 p[3];
        model_positions(&s, local, p);
        EXPECT_VEC3(cases[c].mid[0], cases[c].mid[1], cases[c].mid[2], p[1], 1e-5);
        EXPECT_VEC3(0, -0.6, 0, p[2], 1e-5);
    }
    skeleton_free(&s);
}

/* Out of reach: the leg straight, pointing at the target. The target 5 m
 * away from the hip: the ankle at 0.87 along the line, the knee at 0.45. */
static void two_bone_unreachable_is_straight_toward_target(void **state)
{
    (void)state;
    skeleton s;
    make_leg(&s);
    for (int trial = 0; trial < 100; trial++) {
        transform local[LEG_JOINTS];
        memcpy(local, s.rest_local, sizeof local);
        vec3 p[LEG_JOINTS], dir, pole;
        model_positions(&s, local, p);
        rnd_unit(dir);
        rnd_unit(pole);
        ik_two_bone_job job = leg_job(&s, local);
        glm_vec3_copy(p[HIP], job.target);
        glm_vec3_muladds(dir, rnd(0.871f, 5.0f), job.target);
        glm_vec3_copy(pole, job.pole);
        bool reached = true;
        job.reached = &reached;
        sa_error err;
        EXPECT_TRUE(ik_two_bone_run(&job, &err));
        EXPECT_TRUE(!reached);
        expect_pose_finite(local, LEG_JOINTS);
        vec3 q[LEG_JOINTS], want_knee, want_ankle;
        model_positions(&s, local, q);
        glm_vec3_copy(p[HIP], want_knee);
        glm_vec3_muladds(dir, 0.45f, want_knee);
        glm_vec3_copy(p[HIP], want_ankle);
        glm_vec3_muladds(dir, 0.87f, want_ankle);
        EXPECT_VEC3(want_knee[0], want_knee[1], want_knee[2], q[KNEE], 1e-4);
        EXPECT_VEC3(want_ankle[0], want_ankle[1], want_ankle[2], q[ANKLE], 1e-4);
    }
    skeleton_free(&s);
}

/* Nearer than the reach allows (0.03 = 0.45 - 0.42): the shin folds back
 * onto the thigh, the ankle 0.03 from the hip toward the target. */
static void two_bone_too_near_folds(void **state)
{
    (void)state;
    skeleton s;
    make_leg(&s);
    transform local[LEG_JOINTS];
    memcpy(local, s.rest_local, sizeof local);
    vec3 p[LEG_JOINTS], q[LEG_JOINTS];
    model_positions(&s, local, p);
    ik_two_bone_job job = leg_job(&s, local);
    glm_vec3_add(p[HIP], (vec3){0.01f, 0, 0}, job.target);
    sa_error err;
    EXPECT_TRUE(ik_two_bone_run(&job, &err));
    model_positions(&s, local, q);
    EXPECT_VEC3(p[HIP][0] + 0.03, p[HIP][1], p[HIP][2], q[ANKLE], 1e-4);
    EXPECT_NEAR(0.45, glm_vec3_distance(q[HIP], q[KNEE]), 1e-5);
    skeleton_free(&s);
}

/* The cases where a formula divides by zero or takes acos of 1 + rounding:
 * each gives a finite pose and, where the target is reachable, the tip on it. */
static void two_bone_degenerate_cases_stay_finite(void **state)
{
    (void)state;
    sa_error err;
    skeleton s;
    transform local[LEG_JOINTS];
    vec3 p[LEG_JOINTS], q[LEG_JOINTS];

    /* Full extension: the target at exactly 0.87 from the hip, along
     * random directions (rounding puts the cosine on either side of 1). */
    make_leg(&s);
    for (int trial = 0; trial < 200; trial++) {
        memcpy(local, s.rest_local, sizeof local);
        model_positions(&s, local, p);
        vec3 dir;
        rnd_unit(dir);
        ik_two_bone_job job = leg_job(&s, local);
        glm_vec3_copy(p[HIP], job.target);
        glm_vec3_muladds(dir, 0.87f, job.target);
        EXPECT_TRUE(ik_two_bone_run(&job, &err));
        expect_pose_finite(local, LEG_JOINTS);
        model_positions(&s, local, q);
        EXPECT_NEAR(0.0, glm_vec3_distance(q[ANKLE], job.target), 1e-4);
    }
    /* The target on the hip: the ankle as near as it gets, 0.03 from it. */
    memcpy(local, s.rest_local, sizeof local);
    model_positions(&s, local, p);
    ik_two_bone_job job = leg_job(&s, local);
    glm_vec3_copy(p[HIP], job.target);
    EXPECT_TRUE(ik_two_bone_run(&job, &err));
    expect_pose_finite(local, LEG_JOINTS);
    model_positions(&s, local, q);
    EXPECT_NEAR(0.03, glm_vec3_distance(q[ANKLE], q[HIP]), 1e-4);
    /* The pole along the hip-target axis: the knee keeps bending the way it
     * did (the leg's rest pose bends it), the ankle still on the target. */
    memcpy(local, s.rest_local, sizeof local);
    job = leg_job(&s, local);
    glm_vec3_add(p[HIP], (vec3){0.2f, -0.5f, 0.1f}, job.target);
    glm_vec3_copy((vec3){0.2f, -0.5f, 0.1f}, job.pole);
    EXPECT_TRUE(ik_two_bone_run(&job, &err));
    expect_pose_finite(local, LEG_JOINTS);
    model_positions(&s, local, q);
    EXPECT_NEAR(0.0, glm_vec3_distance(q[ANKLE], job.target), 1e-4);
    skeleton_free(&s);

    /* A straight chain, the target and the pole on its own line: no bend to
     * keep, any side will do. Target (0, -0.6, 0), pole (0, -1, 0). */
    make_straight(&s, 0.5f, 0.5f);
    memcpy(local, s.rest_local, sizeof(transform) * 3);
    job = (ik_two_bone_job){.skeleton = &s, .local = local, .joints = {0, 1, 2}, .weight = 1.0f};
    glm_vec3_copy((vec3){0, -0.6f, 0}, job.target);
    glm_vec3_copy((vec3){0, -1, 0}, job.pole);
    EXPECT_TRUE(ik_two_bone_run(&job, &err));
    expect_pose_finite(local, 3);
    model_positions(&s, local, q);
    EXPECT_VEC3(0, -0.6, 0, q[2], 1e-5);
    EXPECT_NEAR(0.5, glm_vec3_distance(q[0], q[1]), 1e-5);
    /* Equal bones, the target on the root: folded shut, the tip on the root. */
    memcpy(local, s.rest_local, sizeof(transform) * 3);
    glm_vec3_zero(job.target);
    glm_vec3_copy((vec3){1, 0, 0}, job.pole);
    EXPECT_TRUE(ik_two_bone_run(&job, &err));
    expect_pose_finite(local, 3);
    model_positions(&s, local, q);
    EXPECT_NEAR(0.0, glm_vec3_norm(q[2]), 1e-4);
    skeleton_free(&s);

    /* Bones of 0.05 and 0.96, the target 3 away: d = 1.01 and the cosine at
     * the root, (0.05^2 + 1.01^2 - 0.96^2) / (2 * 0.05 * 1.01), comes out
     * just past 1 even in double (0.05 and 0.96 are not exact in binary):
     * unclamped, its sine is a NaN. The chain straight toward the target,
     * the tip 1.01 from the root. */
    make_straight(&s, 0.05f, 0.96f);
    const float far[3][3] = {{0, -3, 0}, {3, 0, 0}, {0, 1.8f, -2.4f}};
    for (int c = 0; c < 3; c++) {
        memcpy(local, s.rest_local, sizeof(transform) * 3);
        job = (ik_two_bone_job){.skeleton = &s, .local = local, .joints = {0, 1, 2}, .weight = 1.0f};
        glm_vec3_copy((float *)far[c], job.target);
        glm_vec3_copy((vec3){0, 0, 1}, job.pole);
        EXPECT_TRUE(ik_two_bone_run(&job, &err));
        expect_pose_finite(local, 3);
        model_positions(&s, local, q);
        EXPECT_VEC3(far[c][0] * 1.01 / 3, far[c][1] * 1.01 / 3, far[c][2] * 1.01 / 3, q[2], 1e-5);
    }
    skeleton_free(&s);

    /* A zero-length upper bone (the middle joint on the root): the lower
     * bone alone points at the target, 0.5 from the root; (0.3, -0.3, 0) is
     * 0.42 away, out of reach: the tip at 0.5 * (1, -1, 0) / sqrt(2). */
    make_straight(&s, 0.0f, 0.5f);
    memcpy(local, s.rest_local, sizeof(transform) * 3);
    job = (ik_two_bone_job){.skeleton = &s, .local = local, .joints = {0, 1, 2}, .weight = 1.0f};
    glm_vec3_copy((vec3){0.3f, -0.3f, 0}, job.target);
    glm_vec3_copy((vec3){1, 0, 0}, job.pole);
    EXPECT_TRUE(ik_two_bone_run(&job, &err));
    expect_pose_finite(local, 3);
    model_positions(&s, local, q);
    EXPECT_VEC3(0.5 / sqrt(2.0), -0.5 / sqrt(2.0), 0, q[2], 1e-5);
    skeleton_free(&s);
    /* A zero-length lower bone: the upper bone points at the target. */
    make_straight(&s, 0.5f, 0.0f);
    memcpy(local, s.rest_local, sizeof(transform) * 3);
    job.skeleton = &s;
    EXPECT_TRUE(ik_two_bone_run(&job, &err));
    expect_pose_finite(local, 3);
    model_positions(&s, local, q);
    EXPECT_VEC3(0.5 / sqrt(2.0), -0.5 / sqrt(2.0), 0, q[1], 1e-5);
    skeleton_free(&s);
}

/* Weight 0 changes nothing; 0.5 leaves the ankle between where it was and
 * the target (strictly nearer than before, not on it). */
static void two_bone_weight(void **state)
{
    (void)state;
    skeleton s;
    make_leg(&s);
    transform local[LEG_JOINTS];
    vec3 p[LEG_JOINTS], q[LEG_JOINTS];
    memcpy(local, s.rest_local, sizeof local);
    model_positions(&s, local, p);
    ik_two_bone_job job = leg_job(&s, local);
    glm_vec3_add(p[HIP], (vec3){0.3f, -0.5f, 0.2f}, job.target);
    job.weight = 0.0f;
    sa_error err;
    EXPECT_TRUE(ik_two_bone_run(&job, &err));
    model_positions(&s, local, q);
    EXPECT_NEAR(0.0, glm_vec3_distance(p[ANKLE], q[ANKLE]), 1e-6);
    job.weight = 0.5f;
    EXPECT_TRUE(ik_two_bone_run(&job, &err));
    model_positions(&s, local, q);
    float before = glm_vec3_distance(p[ANKLE], job.target), after = glm_vec3_distance(q[ANKLE], job.target);
    EXPECT_TRUE(after < 0.9f * before && after > 1e-3f);
    skeleton_free(&s);
}

/* The knee's interior angle as the target moves away in steps of 1 mm,
 * from 0.70 to 1.0 m (full extension at 0.87). Without soft, the angle goes
 * like sqrt near full extension: its last step before 0.87 is the largest.
 * With soft 0.9 it eases into a smooth curve and the ankle stops short. */
static float largest_knee_step(const skeleton *s, float soft, float *last_reach)
{
    float largest = 0.0f, previous = -1.0f;
    for (int i = 0; i <= 300; i++) {
        transform local[LEG_JOINTS];
        memcpy(local, s->rest_local, sizeof local);
        vec3 p[LEG_JOINTS], q[LEG_JOINTS];
        model_positions(s, local, p);
        ik_two_bone_job job = leg_job(s, local);
        job.soft = soft;
        glm_vec3_add(p[HIP], (vec3){0, -(0.70f + 0.001f * (float)i), 0}, job.target);
        sa_error err;
        if (!ik_two_bone_run(&job, &err))
            fail_msg("%s", err.message);
        model_positions(s, local, q);
        vec3 a, b;
        glm_vec3_sub(q[HIP], q[KNEE], a);
        glm_vec3_sub(q[ANKLE], q[KNEE], b);
        float angle = acosf(fminf(1.0f, glm_vec3_dot(a, b) / (glm_vec3_norm(a) * glm_vec3_norm(b))));
        if (previous >= 0.0f)
            largest = fmaxf(largest, fabsf(angle - previous));
        previous = angle;
        *last_reach = glm_vec3_distance(q[HIP], q[ANKLE]);
    }
    return largest;
}

static void two_bone_soft_limit(void **state)
{
    (void)state;
    skeleton s;
    make_leg(&s);
    float hard_reach, soft_reach;
    float hard = largest_knee_step(&s, 0.0f, &hard_reach);
    float soft = largest_knee_step(&s, 0.9f, &soft_reach);
    /* Hard: near 0.87 the angle is pi - sqrt(2 * 0.87 * delta / (0.45 * 0.42))
     * roughly, so a 1 mm step before the end moves it about 0.1 rad. */
    EXPECT_TRUE(hard > 0.05f);
    EXPECT_TRUE(soft < 0.5f * hard);
    EXPECT_NEAR(0.87, hard_reach, 1e-4);
    EXPECT_TRUE(soft_reach < 0.87f && soft_reach > 0.86f);
    skeleton_free(&s);
}

static void expect_error_and_pose_kept(const char *what, bool ok, const sa_error *err, const char *needle,
                                       const transform *local, const transform *before, int count)
{
    if (ok)
        fail_msg("%s: expected an error", what);
    if (!strstr(err->message, needle))
        fail_msg("%s: expected \"%s\" in the error \"%s\"", what, needle, err->message);
    if (strchr(err->message, '\n'))
        fail_msg("%s: the error is more than one line: \"%s\"", what, err->message);
    if (memcmp(local, before, sizeof(transform) * (size_t)count) != 0)
        fail_msg("%s: the pose was changed", what);
}

static void two_bone_bad_input(void **state)
{
    (void)state;
    skeleton s;
    make_leg(&s);
    transform local[LEG_JOINTS], before[LEG_JOINTS];
    memcpy(local, s.rest_local, sizeof local);
    memcpy(before, local, sizeof before);
    sa_error err;
    ik_two_bone_job job = leg_job(&s, local);
    glm_vec3_copy((vec3){0, 0, 0}, job.target);

    job.joints[1] = ANKLE, job.joints[2] = TOE; /* hip, ankle, toe: the ankle's parent is the knee */
    expect_error_and_pose_kept("not a parent chain", ik_two_bone_run(&job, &err), &err,
                               "joints[1] (4 \"ankle\") is not the child of joints[0] (2 \"hip\")", local, before,
                               LEG_JOINTS);
    job = leg_job(&s, local);
    job.joints[2] = 9;
    expect_error_and_pose_kept("joint out of range", ik_two_bone_run(&job, &err), &err, "joints[2] is 9", local, before,
                               LEG_JOINTS);
    job = leg_job(&s, local);
    glm_vec3_zero(job.pole);
    expect_error_and_pose_kept("zero pole", ik_two_bone_run(&job, &err), &err, "the pole (0, 0, 0)", local, before,
                               LEG_JOINTS);
    job = leg_job(&s, local);
    job.target[1] = NAN;
    expect_error_and_pose_kept("NaN target", ik_two_bone_run(&job, &err), &err, "the target", local, before,
                               LEG_JOINTS);
    job = leg_job(&s, local);
    job.weight = 1.5f;
    expect_error_and_pose_kept("weight 1.5", ik_two_bone_run(&job, &err), &err, "weight", local, before, LEG_JOINTS);
    job = leg_job(&s, local);
    job.soft = 1.0f;
    expect_error_and_pose_kept("soft 1", ik_two_bone_run(&job, &err), &err, "soft", local, before, LEG_JOINTS);
    /* A NaN in the pose above the chain (the pelvis). */
    local[PELVIS].translation[0] = NAN;
    memcpy(before, local, sizeof before);
    job = leg_job(&s, local);
    expect_error_and_pose_kept("NaN in the pose", ik_two_bone_run(&job, &err), &err,
                               "the pose of joint 1 (\"pelvis\") is not finite", local, before, LEG_JOINTS);
    skeleton_free(&s);
}

/* --- CCD and FABRIK ---------------------------------------------------------- */

/* A tube-like chain of 7 joints under a turned root: bones of 0.2 along
 * each joint's +Y, the reach 1.2 from joint 1 (the chain's root). */
#define TUBE 8
static void make_tube(skeleton *s)
{
    int parent[TUBE];
    transform rest[TUBE];
    parent[0] = -1;
    rest[0] = tr(0.5f, 0.2f, -0.3f, 0.6f, 0.3f, 0.2f, 1.0f);
    for (int j = 1; j < TUBE; j++) {
        parent[j] = j - 1;
        rest[j] = tr(0.0f, j == 1 ? 0.1f : 0.2f, 0.0f, 0.1f * (float)j, 1.0f, 0.0f, 0.3f);
    }
    sa_error err;
    if (!skeleton_from_arrays(TUBE, parent, NULL, rest, s, &err))
        fail_msg("%s", err.message);
}
static const int tube_chain[7] = {1, 2, 3, 4, 5, 6, 7};

typedef bool (*chain_solver)(const ik_chain_job *, sa_error *);

static void expect_lengths_kept(const char *what, int trial, vec3 *p, vec3 *q)
{
    for (int j = 2; j < TUBE; j++) {
        float want = glm_vec3_distance(p[j - 1], p[j]);
        float got = glm_vec3_distance(q[j - 1], q[j]);
        if (!(fabsf(want - got) <= 1e-5f))
            fail_msg("%s trial %d: bone %d-%d is %.7g long, was %.7g", what, trial, j - 1, j, (double)got,
                     (double)want);
    }
}

/* Reachable for sure: the tip of the chain in a random pose. Each solve
 * must stop within `tolerance` inside `cap` iterations; every `check_stop`th
 * trial is solved again with one iteration fewer, which must leave the tip
 * outside the tolerance (the solver stopped at the first iteration that got
 * there, not later). */
static void chain_reaches(const char *what, chain_solver solve, float tolerance, int cap, int check_stop,
                          int *worst_iterations)
{
    skeleton s;
    make_tube(&s);
    rng_state = 777u;
    *worst_iterations = 0;
    for (int trial = 0; trial < 300; trial++) {
        transform local[TUBE];
        memcpy(local, s.rest_local, sizeof local);
        for (int j = 1; j < TUBE - 1; j++) {
            vec3 axis;
            rnd_unit(axis);
            glm_quatv(local[j].rotation, rnd(0.0f, 0.8f), axis);
        }
        vec3 p[TUBE], q[TUBE], target;
        model_positions(&s, local, p);
        glm_vec3_copy(p[TUBE - 1], target);
        memcpy(local, s.rest_local, sizeof local);
        model_positions(&s, local, p);
        int iterations = -1;
        float left = -1.0f;
        ik_chain_job job = {.skeleton = &s,
                            .local = local,
                            .joints = tube_chain,
                            .count = 7,
                            .max_iterations = cap,
                            .tolerance = tolerance,
                            .iterations = &iterations,
                            .tip_to_target = &left};
        glm_vec3_copy(target, job.target);
        sa_error err;
        if (!solve(&job, &err))
            fail_msg("%s trial %d: %s", what, trial, err.message);
        expect_pose_finite(local, TUBE);
        model_positions(&s, local, q);
        float miss = glm_vec3_distance(q[TUBE - 1], target);
        if (!(miss <= tolerance))
            fail_msg("%s trial %d: the tip is %g from the target after %d iterations (tolerance %g, cap %d)", what,
                     trial, (double)miss, iterations, (double)tolerance, cap);
        EXPECT_NEAR(miss, left, 1e-6);
        EXPECT_TRUE(iterations >= 1 && iterations <= cap);
        if (trial % check_stop == 0) {
            transform fewer[TUBE];
            memcpy(fewer, s.rest_local, sizeof fewer);
            job.local = fewer;
            job.max_iterations = iterations - 1 > 0 ? iterations - 1 : 1;
            job.tolerance = 0.0f;
            if (iterations > 1 && !solve(&job, &err))
                fail_msg("%s trial %d: %s", what, trial, err.message);
            vec3 r[TUBE];
            model_positions(&s, fewer, r);
            if (iterations > 1 && !(glm_vec3_distance(r[TUBE - 1], target) > tolerance))
                fail_msg("%s trial %d: within the tolerance after %d iterations already, but it ran %d", what, trial,
                         iterations - 1, iterations);
        }
        if (iterations > *worst_iterations)
            *worst_iterations = iterations;
        expect_lengths_kept(what, trial, p, q);
        EXPECT_NEAR(0.0, glm_vec3_distance(p[1], q[1]), 1e-6);
    }
    skeleton_free(&s);
}

static void ccd_reaches_reachable_targets(void **state)
{
    (void)state;
    int worst;
    chain_reaches("ccd", ik_ccd_run, 1e-3f, 1000, 5, &worst);
    print_message("ccd: worst case %d iterations to 1 mm\n", worst);
    /* To the demo's 1e-5 (float rounding is not in the way: the points are
     * good to about 1e-7 m). */
    chain_reaches("ccd", ik_ccd_run, 1e-5f, 3000, 30, &worst);
    print_message("ccd: worst case %d iterations to 0.01 mm\n", worst);
}

static void fabrik_reaches_reachable_targets(void **state)
{
    (void)state;
    int worst;
    chain_reaches("fabrik", ik_fabrik_run, 1e-3f, 100, 5, &worst);
    print_message("fabrik: worst case %d iterations to 1 mm\n", worst);
    chain_reaches("fabrik", ik_fabrik_run, 1e-5f, 500, 30, &worst);
    print_message("fabrik: worst case %d iterations to 0.01 mm\n", worst);
}

/* Out of reach (5 m away): the chain straight toward the target, the tip
 * 1.2 from joint 1 along the line (FABRIK at once, in 1 iteration; CCD gets
 * there in the limit, so within 1 cm after 100 iterations, all of its cap:
 * the tip is never within the tolerance). */
static void chains_out_of_reach_point_at_the_target(void **state)
{
    (void)state;
    skeleton s;
    make_tube(&s);
    chain_solver solvers[2] = {ik_fabrik_run, ik_ccd_run};
    double tolerance[2] = {1e-4, 1e-2};
    const int want_iterations[2] = {1, 100};
    for (int i = 0; i < 2; i++) {
        int iterations = -1;
        transform local[TUBE];
        memcpy(local, s.rest_local, sizeof local);
        vec3 p[TUBE], q[TUBE], dir = {0.6f, 0.0f, 0.8f}, want;
        model_positions(&s, local, p);
        ik_chain_job job = {.skeleton = &s,
                            .local = local,
                            .joints = tube_chain,
                            .count = 7,
                            .max_iterations = 100,
                            .tolerance = 1e-3f,
                            .iterations = &iterations};
        glm_vec3_copy(p[1], job.target);
        glm_vec3_muladds(dir, 5.0f, job.target);
        sa_error err;
        EXPECT_TRUE(solvers[i](&job, &err));
        expect_pose_finite(local, TUBE);
        model_positions(&s, local, q);
        glm_vec3_copy(p[1], want);
        glm_vec3_muladds(dir, 1.2f, want);
        EXPECT_VEC3(want[0], want[1], want[2], q[TUBE - 1], tolerance[i]);
        EXPECT_INT(want_iterations[i], iterations);
        expect_lengths_kept(i == 0 ? "fabrik" : "ccd", 0, p, q);
    }
    skeleton_free(&s);
}

/* The limits, checked their own way: the swing as the angle between the
 * bone's direction now and at rest (in the parent's space), the twist as what
 * is left of the rotation relative to rest after the bone is turned back. */
static void expect_within_limits(const char *what, const skeleton *s, const transform *local,
                                 const ik_joint_limit *limit)
{
    for (int k = 0; k < 6; k++) {
        int j = tube_chain[k];
        vec3 bone, now, rest;
        glm_vec3_normalize_to((float *)s->rest_local[j + 1].translation, bone);
        glm_quat_rotatev((float *)local[j].rotation, bone, now);
        glm_quat_rotatev(s->rest_local[j].rotation, bone, rest);
        float swing = acosf(fminf(1.0f, glm_vec3_dot(now, rest)));
        if (!(swing <= limit[k].cone + 1e-3f))
            fail_msg("%s: joint %d swings %g rad from rest, over its cone %g", what, j, (double)swing,
                     (double)limit[k].cone);
        versor rest_inverse, r, back, twist;
        glm_quat_inv(s->rest_local[j].rotation, rest_inverse);
        glm_quat_mul(rest_inverse, (float *)local[j].rotation, r);
        vec3 r_bone;
        glm_quat_rotatev(r, bone, r_bone);
        glm_quat_from_vecs(r_bone, bone, back);
        glm_quat_mul(back, r, twist);
        float angle = 2.0f * atan2f(glm_vec3_dot(twist, bone), twist[3]);
        if (angle > GLM_PIf)
            angle -= 2.0f * GLM_PIf;
        if (angle < -GLM_PIf)
            angle += 2.0f * GLM_PIf;
        if (!(angle >= limit[k].twist_min - 1e-3f && angle <= limit[k].twist_max + 1e-3f))
            fail_msg("%s: joint %d twists %g rad, outside [%g, %g]", what, j, (double)angle, (double)limit[k].twist_min,
                     (double)limit[k].twist_max);
    }
}

/* A limit sees the rotation, not the quaternion: q and -q are one rotation
 * and give one result. A twist of 30 degrees about the bone (+Y, the rest
 * rotation the identity), twist limits [-0.2, 0.2]: clamped to a twist of
 * +0.2 rad, (0, sin 0.1, 0, cos 0.1) up to sign, whichever sign q is given
 * with (stored as -q, w < 0, its angle read naively is -330 degrees, which
 * would clamp to -0.2). And -30 degrees gives -0.2 both ways. */
static void a_limit_gives_one_result_for_q_and_minus_q(void **state)
{
    (void)state;
    const ik_joint_limit limit = {.cone = 1.0f, .twist_min = -0.2f, .twist_max = 0.2f};
    const versor rest = GLM_QUAT_IDENTITY_INIT;
    const vec3 bone = {0, 1, 0};
    const float half = 15.0f * GLM_PIf / 180.0f;
    for (int turn = 1; turn >= -1; turn -= 2) {
        const float want[4] = {0, (float)turn * sinf(0.1f), 0, cosf(0.1f)};
        for (int sign = 1; sign >= -1; sign -= 2) {
            versor q = {0, (float)(sign * turn) * sinf(half), 0, (float)sign * cosf(half)};
            ik_limit_apply(&limit, rest, bone, q);
            char what[96];
            snprintf(what, sizeof what, "a twist of %d degrees given as %sq", 30 * turn, sign > 0 ? "" : "-");
            sa_expect_rotation(want, q, 1e-6, what);
        }
    }
}

static void chains_respect_limits(void **state)
{
    (void)state;
    skeleton s;
    make_tube(&s);
    ik_joint_limit limits[7];
    for (int k = 0; k < 7; k++)
        limits[k] = (ik_joint_limit){.cone = 0.25f, .twist_min = -0.1f, .twist_max = 0.05f};
    chain_solver solvers[2] = {ik_ccd_run, ik_fabrik_run};
    const char *names[2] = {"ccd", "fabrik"};
    rng_state = 99u;
    for (int trial = 0; trial < 100; trial++) {
        for (int i = 0; i < 2; i++) {
            transform local[TUBE];
            memcpy(local, s.rest_local, sizeof local);
            vec3 p[TUBE], q[TUBE], dir;
            model_positions(&s, local, p);
            rnd_unit(dir);
            /* Targets all round: most need more than 0.25 rad a joint. */
            ik_chain_job job = {.skeleton = &s,
                                .local = local,
                                .joints = tube_chain,
                                .count = 7,
                                .max_iterations = 30,
                                .tolerance = 1e-3f,
                                .limits = limits};
            glm_vec3_copy(p[1], job.target);
            glm_vec3_muladds(dir, rnd(0.3f, 1.5f), job.target);
            sa_error err;
            EXPECT_TRUE(solvers[i](&job, &err));
            expect_pose_finite(local, TUBE);
            model_positions(&s, local, q);
            expect_lengths_kept(names[i], trial, p, q);
            expect_within_limits(names[i], &s, local, limits);
        }
    }
    skeleton_free(&s);
}

static void chains_bad_input(void **state)
{
    (void)state;
    skeleton s;
    make_tube(&s);
    transform local[TUBE], before[TUBE];
    memcpy(local, s.rest_local, sizeof local);
    memcpy(before, local, sizeof before);
    chain_solver solvers[2] = {ik_ccd_run, ik_fabrik_run};
    for (int i = 0; i < 2; i++) {
        sa_error err;
        const int broken[4] = {1, 2, 4, 5};
        ik_chain_job job =
            {.skeleton = &s, .local = local, .joints = broken, .count = 4, .max_iterations = 10, .tolerance = 1e-3f};
        expect_error_and_pose_kept("a skipped joint", solvers[i](&job, &err), &err,
                                   "joints[2] (4 \"\") is not the child of joints[1] (2 \"\")", local, before, TUBE);
        job.joints = tube_chain;
        job.count = 1;
        expect_error_and_pose_kept("one joint", solvers[i](&job, &err), &err, "a chain of 1 joints", local, before,
                                   TUBE);
        job.count = 7;
        job.target[2] = NAN;
        expect_error_and_pose_kept("NaN target", solvers[i](&job, &err), &err, "the target", local, before, TUBE);
        job.target[2] = 0;
        job.max_iterations = 0;
        expect_error_and_pose_kept("no iterations", solvers[i](&job, &err), &err, "max_iterations is 0", local, before,
                                   TUBE);
        job.max_iterations = 10;
        job.tolerance = -1.0f;
        expect_error_and_pose_kept("negative tolerance", solvers[i](&job, &err), &err, "tolerance", local, before,
                                   TUBE);
        job.tolerance = 1e-3f;
        ik_joint_limit limits[7] = {{0}};
        for (int k = 0; k < 7; k++)
            limits[k] = (ik_joint_limit){.cone = 1, .twist_min = -1, .twist_max = 1};
        limits[3].twist_min = 2.0f;
        job.limits = limits;
        expect_error_and_pose_kept("twist min > max", solvers[i](&job, &err), &err, "limits[3] twist range", local,
                                   before, TUBE);
    }
    skeleton_free(&s);
}

/* --- aim ------------------------------------------------------------------------ */

/* spine 1, neck 2, head 3 under a turned body 0; the head looks along its
 * +Z. */
static void make_neck(skeleton *s)
{
    const int parent[4] = {-1, 0, 1, 2};
    transform rest[4] = {tr(0.1f, 1.0f, 0.2f, 0.5f, 0.0f, 1.0f, 0.2f), tr(0.0f, 0.2f, 0.0f, 0.1f, 1.0f, 0.0f, 0.0f),
                         tr(0.0f, 0.3f, 0.02f, -0.2f, 1.0f, 0.0f, 0.0f), tr(0.0f, 0.1f, 0.0f, 0.15f, 0.0f, 1.0f, 0.0f)};
    sa_error err;
    if (!skeleton_from_arrays(4, parent, NULL, rest, s, &err))
        fail_msg("%s", err.message);
}
static const int neck_chain[3] = {1, 2, 3};
static const float neck_weights[3] = {0.3f, 0.5f, 1.0f};

static void head_forward(const skeleton *s, const transform *local, vec3 head, vec3 forward)
{
    mat4 model[4];
    skeleton_local_to_model(s, local, model);
    glm_vec3_copy(model[3][3], head);
    glm_vec3_normalize_to(model[3][2], forward); /* +Z of the head in model space */
}

static float angle_of(const vec3 a, const vec3 b)
{
    vec3 c;
    glm_vec3_cross((float *)a, (float *)b, c);
    return atan2f(glm_vec3_norm(c), glm_vec3_dot((float *)a, (float *)b));
}

static void aim_inside_limits_looks_at_target(void **state)
{
    (void)state;
    skeleton s;
    make_neck(&s);
    rng_state = 4242u;
    int tried = 0;
    for (int trial = 0; trial < 5000 && tried < 200; trial++) {
        transform local[4];
        memcpy(local, s.rest_local, sizeof local);
        vec3 head, forward, dir, target, to;
        head_forward(&s, local, head, forward);
        rnd_unit(dir);
        glm_vec3_copy(head, target);
        glm_vec3_muladds(dir, rnd(0.3f, 3.0f), target);
        glm_vec3_sub(target, head, to);
        /* Well inside the 1.2 rad limit (the head moves as the spine turns). */
        float start_angle = angle_of(forward, to);
        if (start_angle > 0.9f)
            continue;
        tried++;
        float left = -1;
        ik_aim_job job = {.skeleton = &s,
                          .local = local,
                          .joints = neck_chain,
                          .count = 3,
                          .weights = neck_weights,
                          .forward = {0, 0, 1},
                          .max_angle = 1.2f,
                          .angle_to_target = &left};
        glm_vec3_copy(target, job.target);
        sa_error err;
        EXPECT_TRUE(ik_aim_run(&job, &err));
        expect_pose_finite(local, 4);
        head_forward(&s, local, head, forward);
        glm_vec3_sub(target, head, to);
        float miss = angle_of(forward, to);
        if (!(miss <= 1e-3f))
            fail_msg("trial %d: the head's forward axis is %g rad off the target", trial, (double)miss);
        EXPECT_NEAR(miss, left, 1e-4);
        /* Spread: where the head had far to turn, the spine and the neck
         * took a share (each turned by more than 0.01 rad). */
        if (start_angle > 0.2f)
            for (int k = 0; k < 2; k++) {
                int j = neck_chain[k];
                float dot = fminf(1.0f, fabsf(glm_quat_dot(local[j].rotation, s.rest_local[j].rotation)));
                if (!(2.0f * acosf(dot) > 0.01f))
                    fail_msg("trial %d: joint %d took no share of a %g rad turn", trial, j, (double)start_angle);
            }
    }
    EXPECT_INT(200, tried);
    skeleton_free(&s);
}

/* A target 2.5 rad off the forward axis, a limit of 0.6: the head turns
 * 0.6 rad, toward the target (its forward axis is then 2.5 - 0.6 = 1.9 rad
 * off it, give or take the head's own move as the spine turns). */
static void aim_outside_limits_stops_at_the_limit(void **state)
{
    (void)state;
    skeleton s;
    make_neck(&s);
    transform local[4];
    memcpy(local, s.rest_local, sizeof local);
    vec3 head, forward, side, target, forward_after, to;
    head_forward(&s, local, head, forward);
    /* A direction 2.5 rad from forward: turn forward about a perpendicular. */
    glm_vec3_cross(forward, (vec3){0, 1, 0}, side);
    glm_vec3_normalize(side);
    versor turn;
    glm_quatv(turn, 2.5f, side);
    glm_quat_rotatev(turn, forward, to);
    glm_vec3_copy(head, target);
    glm_vec3_muladds(to, 10.0f, target);
    ik_aim_job job = {.skeleton = &s,
                      .local = local,
                      .joints = neck_chain,
                      .count = 3,
                      .weights = neck_weights,
                      .forward = {0, 0, 1},
                      .max_angle = 0.6f};
    glm_vec3_copy(target, job.target);
    sa_error err;
    EXPECT_TRUE(ik_aim_run(&job, &err));
    expect_pose_finite(local, 4);
    head_forward(&s, local, head, forward_after);
    EXPECT_NEAR(0.6, angle_of(forward, forward_after), 1e-3);
    glm_vec3_sub(target, head, to);
    EXPECT_NEAR(1.9, angle_of(forward_after, to), 0.05);
    skeleton_free(&s);
}

static void aim_bad_input(void **state)
{
    (void)state;
    skeleton s;
    make_neck(&s);
    transform local[4], before[4];
    memcpy(local, s.rest_local, sizeof local);
    memcpy(before, local, sizeof before);
    sa_error err;
    ik_aim_job job = {.skeleton = &s,
                      .local = local,
                      .joints = neck_chain,
                      .count = 3,
                      .weights = neck_weights,
                      .forward = {0, 0, 0},
                      .target = {0, 0, 5},
                      .max_angle = 1.0f};
    expect_error_and_pose_kept("zero forward", ik_aim_run(&job, &err), &err, "the forward axis (0, 0, 0)", local,
                               before, 4);
    glm_vec3_copy((vec3){0, 0, 1}, job.forward);
    const float bad_weights[3] = {0.5f, -0.1f, 1.0f};
    job.weights = bad_weights;
    expect_error_and_pose_kept("negative weight", ik_aim_run(&job, &err), &err, "weights[1] is -0.1", local, before, 4);
    job.weights = neck_weights;
    job.target[0] = NAN;
    expect_error_and_pose_kept("NaN target", ik_aim_run(&job, &err), &err, "the target", local, before, 4);
    job.target[0] = 0;
    const int reversed[3] = {3, 2, 1};
    job.joints = reversed;
    expect_error_and_pose_kept("a chain from child to parent", ik_aim_run(&job, &err), &err, "is not the child", local,
                               before, 4);
    skeleton_free(&s);
}

/* --- never a NaN ---------------------------------------------------------------- */

/* A value that is often a degenerate one: 0, 1e-8, or a plain number. */
static float nasty(float lo, float hi)
{
    float pick = rnd(0, 1);
    return pick < 0.25f ? 0.0f : pick < 0.35f ? 1e-8f : rnd(lo, hi);
}

/* Chains of 4 joints with bones of length 0, 1e-8 or plain, targets on a
 * joint or anywhere, poles along the axis, every job and weight: the
 * pose stays finite with unit rotations whatever the jobs return. */
static void every_job_stays_finite_on_degenerate_input(void **state)
{
    (void)state;
    rng_state = 31337u;
    for (int trial = 0; trial < 3000; trial++) {
        const int parent[4] = {-1, 0, 1, 2};
        transform rest[4];
        for (int j = 0; j < 4; j++) {
            vec3 axis;
            rnd_unit(axis);
            rest[j] = tr(nasty(-1, 1), nasty(-1, 1), nasty(-1, 1), nasty(-3, 3), axis[0], axis[1], axis[2]);
        }
        skeleton s;
        sa_error err;
        if (!skeleton_from_arrays(4, parent, NULL, rest, &s, &err))
            fail_msg("%s", err.message);
        transform local[4];
        memcpy(local, s.rest_local, sizeof local);
        vec3 p[4], target, pole;
        model_positions(&s, local, p);
        int on = (int)rnd(0, 5); /* 0..3: the target on that joint, 4: anywhere */
        if (on < 4)
            glm_vec3_copy(p[on], target);
        else
            glm_vec3_copy((vec3){nasty(-2, 2), nasty(-2, 2), nasty(-2, 2)}, target);
        glm_vec3_sub(target, p[1], pole); /* along the two-bone axis half of the time */
        if (rnd(0, 1) < 0.5f || glm_vec3_norm(pole) < 1e-6f)
            rnd_unit(pole);
        int job = trial % 4;
        const int chain[4] = {0, 1, 2, 3};
        if (job == 0) {
            ik_two_bone_job j2 = {.skeleton = &s,
                                  .local = local,
                                  .joints = {1, 2, 3},
                                  .weight = nasty(0, 1),
                                  .soft = rnd(0, 1) < 0.5f ? 0.0f : rnd(0.5f, 0.99f)};
            glm_vec3_copy(target, j2.target);
            glm_vec3_copy(pole, j2.pole);
            (void)ik_two_bone_run(&j2, &err);
        } else if (job < 3) {
            ik_joint_limit limits[4];
            for (int k = 0; k < 4; k++) {
                float a = nasty(-3, 3), b = nasty(-3, 3);
                limits[k] = (ik_joint_limit){.cone = nasty(0, 3.1f),
                                             .twist_min = fminf(a, b),
                                             .twist_max = fmaxf(a, b)};
            }
            ik_chain_job jc = {.skeleton = &s,
                               .local = local,
                               .joints = chain,
                               .count = 4,
                               .max_iterations = 20,
                               .tolerance = nasty(0, 0.01f),
                               .limits = rnd(0, 1) < 0.5f ? limits : NULL};
            glm_vec3_copy(target, jc.target);
            (void)(job == 1 ? ik_ccd_run(&jc, &err) : ik_fabrik_run(&jc, &err));
        } else {
            const float weights[4] = {nasty(0, 1), nasty(0, 1), nasty(0, 1), 1.0f};
            ik_aim_job ja = {.skeleton = &s,
                             .local = local,
                             .joints = chain,
                             .count = 4,
                             .weights = weights,
                             .max_angle = nasty(0, 3.14f)};
            glm_vec3_copy(pole, ja.forward);
            glm_vec3_copy(target, ja.target);
            (void)ik_aim_run(&ja, &err);
        }
        for (int j = 0; j < 4; j++) {
            for (int i = 0; i < 4; i++)
                if (!isfinite(local[j].rotation[i]))
                    fail_msg("trial %d (job %d): joint %d: rotation[%d] is %g", trial, job, j, i,
                             (double)local[j].rotation[i]);
            if (!(fabsf(glm_quat_norm(local[j].rotation) - 1.0f) <= 1e-4f))
                fail_msg("trial %d (job %d): joint %d: the rotation is %g long, not unit", trial, job, j,
                         (double)glm_quat_norm(local[j].rotation));
        }
        skeleton_free(&s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_bone_hits_reachable_targets),
        cmocka_unit_test(two_bone_under_a_uniformly_scaled_parent),
        cmocka_unit_test(two_bone_pole_decides_the_side),
        cmocka_unit_test(two_bone_unreachable_is_straight_toward_target),
        cmocka_unit_test(two_bone_too_near_folds),
        cmocka_unit_test(two_bone_degenerate_cases_stay_finite),
        cmocka_unit_test(two_bone_weight),
        cmocka_unit_test(two_bone_soft_limit),
        cmocka_unit_test(two_bone_bad_input),
        cmocka_unit_test(ccd_reaches_reachable_targets),
        cmocka_unit_test(fabrik_reaches_reachable_targets),
        cmocka_unit_test(chains_out_of_reach_point_at_the_target),
        cmocka_unit_test(chains_respect_limits),
        cmocka_unit_test(a_limit_gives_one_result_for_q_and_minus_q),
        cmocka_unit_test(chains_bad_input),
        cmocka_unit_test(aim_inside_limits_looks_at_target),
        cmocka_unit_test(aim_outside_limits_stops_at_the_limit),
        cmocka_unit_test(aim_bad_input),
        cmocka_unit_test(every_job_stays_finite_on_degenerate_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
