/* test_feet.c: chapter 11's foot placement on the stairs.
 *
 * Expected heights come from the stairs' numbers by hand (rise 0.17, run
 * 0.28 from z = 0.6, 1.2 m wide, a 1.2 m landing: step k, counted from 1,
 * covers 0.6 + 0.28 (k - 1) <= z < 0.6 + 0.28 k and is 0.17 k high); the
 * walk is measured the way a viewer sees it, through chapter 04's
 * local-to-model and the walk's world_from_model. */
#include "chapters/11_ik/stairs_walk.h"
#include "humanoid_skeleton.h"
#include "test_util.h"

static skeleton humanoid; /* every node of assets/models/humanoid.gltf */

/* The walk on the stairs g, or the test fails. */
static void walk_make(stairs_walk *w, const stairs_geometry *g)
{
    sa_error err;
    if (!stairs_walk_init(w, &humanoid, g, &err))
        fail_msg("stairs_walk_init: %s", err.message);
}

/* --- the height query ------------------------------------------------------------ */

static void height_query_gives_the_step_under_a_point(void **state)
{
    (void)state;
    stairs_geometry g = stairs_default();
    EXPECT_INT(8, g.step_count);
    EXPECT_NEAR(0.17, g.rise, 1e-7);
    EXPECT_NEAR(0.28, g.run, 1e-7);
    /* the floor before the flight, and the front edge of step 1 (on it) */
    EXPECT_NEAR(0.0, stairs_height_at(&g, 0, 0.0f), 0);
    EXPECT_NEAR(0.0, stairs_height_at(&g, 0, 0.599f), 0);
    EXPECT_NEAR(0.17, stairs_height_at(&g, 0, 0.6f), 1e-6);
    EXPECT_NEAR(0.17, stairs_height_at(&g, 0.3f, 0.74f), 1e-6);
    /* step 2 starts at 0.88: just before it step 1, on its edge step 2 */
    EXPECT_NEAR(0.17, stairs_height_at(&g, 0, 0.879f), 1e-6);
    EXPECT_NEAR(0.34, stairs_height_at(&g, 0, 0.88f), 1e-6);
    /* step 5: 0.6 + 4 * 0.28 = 1.72 .. 2.0, 0.85 high */
    EXPECT_NEAR(0.85, stairs_height_at(&g, -0.2f, 1.72f), 1e-6);
    EXPECT_NEAR(0.85, stairs_height_at(&g, -0.2f, 1.999f), 1e-6);
    EXPECT_NEAR(1.02, stairs_height_at(&g, -0.2f, 2.0f), 1e-6);
    /* step 8 (2.56 .. 2.84) and the landing (2.84 .. 4.04), both 1.36 */
    EXPECT_NEAR(1.36, stairs_height_at(&g, 0, 2.56f), 1e-6);
    EXPECT_NEAR(1.36, stairs_height_at(&g, 0, 2.84f), 1e-6);
    EXPECT_NEAR(1.36, stairs_height_at(&g, 0, 4.04f), 1e-6);
    EXPECT_NEAR(0.0, stairs_height_at(&g, 0, 4.041f), 0);
    /* the sides, x = +-0.6, are on it; beside them the floor */
    EXPECT_NEAR(0.51, stairs_height_at(&g, 0.6f, 1.3f), 1e-6);
    EXPECT_NEAR(0.51, stairs_height_at(&g, -0.6f, 1.3f), 1e-6);
    EXPECT_NEAR(0.0, stairs_height_at(&g, 0.601f, 1.3f), 0);
    EXPECT_NEAR(0.0, stairs_height_at(&g, -0.601f, 1.3f), 0);
    /* no number is no step */
    EXPECT_NEAR(0.0, stairs_height_at(&g, NAN, 1.3f), 0);
    EXPECT_NEAR(0.0, stairs_height_at(&g, 0, NAN), 0);
    /* another flight: 3 steps of 0.2 by 0.3 from z = 0, a 0.5 m landing */
    stairs_geometry small =
        {.step_count = 3, .rise = 0.2f, .run = 0.3f, .width = 1, .start_z = 0, .landing_depth = 0.5f};
    EXPECT_NEAR(0.2, stairs_height_at(&small, 0, 0.1f), 1e-6);
    EXPECT_NEAR(0.6, stairs_height_at(&small, 0, 0.65f), 1e-6);
    EXPECT_NEAR(0.6, stairs_height_at(&small, 0, 1.35f), 1e-6);
    EXPECT_NEAR(0.0, stairs_height_at(&small, 0, 1.45f), 0);
}

/* The toes over a higher step: the foot stands on that step. */
static void a_foot_stands_on_the_highest_step_under_it(void **state)
{
    (void)state;
    stairs_geometry g = stairs_default();
    foot_leg leg = {.heel_in_foot = {0, -0.09f, 0},
                    .ball_in_foot = {0, -0.09f, 0.13f},
                    .toe_reach = 0.1f,
                    .heel_back = 0.1f};
    /* heel at z 0.4 on the floor, ball at 0.53 on the floor, toes at 0.63 over step 1 */
    float heel[3] = {0, 0, 0.4f}, ball[3] = {0, 0, 0.53f};
    EXPECT_NEAR(0.17, foot_support_height(&g, &leg, heel, ball), 1e-6);
    /* 0.1 further back: the whole foot on the floor */
    heel[2] = 0.3f, ball[2] = 0.43f;
    EXPECT_NEAR(0.0, foot_support_height(&g, &leg, heel, ball), 0);
    /* facing -Z on step 3 (1.16 .. 1.44): the heel's back at 1.5 is over step 4 */
    heel[2] = 1.4f, ball[2] = 1.27f;
    EXPECT_NEAR(0.68, foot_support_height(&g, &leg, heel, ball), 1e-6);
    heel[2] = 1.32f, ball[2] = 1.19f;
    EXPECT_NEAR(0.51, foot_support_height(&g, &leg, heel, ball), 1e-6);
}

/* The swing: from lift to land, over the top, continuous. */
static void a_swing_rises_clears_and_lands(void **state)
{
    (void)state;
    stairs_geometry g = stairs_default();
    foot_leg leg = {.heel_in_foot = {0, -0.09f, 0},
                    .ball_in_foot = {0, -0.09f, 0.13f},
                    .toe_reach = 0.1f,
                    .heel_back = 0.1f};
    /* up from step 2 to step 4: heels at 0.9 and 1.46 */
    float from[3] = {0, 0.34f, 0.9f}, to[3] = {0, 0.68f, 1.46f}, forward[3] = {0, 0, 1};
    foot_print prints[FOOT_SWING_SAMPLES]; /* the flat foot along the line from heel to heel */
    for (int k = 0; k < FOOT_SWING_SAMPLES; k++) {
        float u = (float)k / (FOOT_SWING_SAMPLES - 1), across = u * u * (3 - 2 * u);
        glm_vec3_lerp(from, to, across, prints[k].heel);
        glm_vec3_copy(forward, prints[k].forward);
        prints[k].ball_length = 0.13f;
        prints[k].rise = 0; /* level */
        prints[k].toe_rise = 0;
    }
    foot_swing sw;
    foot_swing_plan(&sw, &g, &leg, prints, 0.34f, 0.68f, 0.05f);
    EXPECT_NEAR(0.34, foot_swing_height(&sw, 0), 1e-6);
    EXPECT_NEAR(0.68, foot_swing_height(&sw, 1), 1e-6);
    EXPECT_NEAR(0.73, sw.top, 1e-6); /* the higher end, step 4, and the clearance */
    float last = foot_swing_height(&sw, 0);
    for (int k = 1; k <= 1000; k++) {
        float u = (float)k / 1000, h = foot_swing_height(&sw, u);
        EXPECT_TRUE(fabsf(h - last) < 0.01f); /* no jump */
        last = h;
        /* the footprint over the steps: from the back of the heel to the toes */
        float p = u * u * (3 - 2 * u), z = from[2] + p * (to[2] - from[2]);
        for (float d = -0.1f; d <= 0.23f; d += 0.01f)
            if (!(h >= stairs_height_at(&g, 0, z + d) - 1e-3f))
                fail_msg("at u %g the sole (%g) is under step height %g at z %g", (double)u, (double)h,
                         (double)stairs_height_at(&g, 0, z + d), (double)(z + d));
    }
}

/* --- the foot placement job on the humanoid ------------------------------------ */

typedef struct leg_fixture {
    stairs_walk w;    /* for its legs and pelvis */
    foot_leg legs[2]; /* the walk's, left then right */
    transform *pose;
    mat4 *model;
} leg_fixture;

static void leg_fixture_make(leg_fixture *f)
{
    stairs_geometry g = stairs_default();
    walk_make(&f->w, &g);
    f->pose = malloc((size_t)humanoid.joint_count * sizeof *f->pose);
    f->model = malloc((size_t)humanoid.joint_count * sizeof *f->model);
    memcpy(f->pose, humanoid.rest_local, (size_t)humanoid.joint_count * sizeof *f->pose);
    f->legs[0] = f->w.feet[0].leg;
    f->legs[1] = f->w.feet[1].leg;
}

static void leg_fixture_free(leg_fixture *f)
{
    free(f->pose);
    free(f->model);
    stairs_walk_free(&f->w);
}

static foot_placement_job leg_job(leg_fixture *f, const foot_leg legs[2], float root_x, float root_y, float root_z)
{
    foot_placement_job job = {
        .skeleton = &humanoid,
        .local = f->pose,
        .model_from_joint = f->model,
        .pelvis = f->w.pelvis,
        .legs = legs,
        .reach = 0.97f,
    };
    root_world_from_model((float[3]){root_x, root_y, root_z}, 0, job.world_from_model);
    for (int side = 0; side < 2; side++) {
        glm_quat_identity(job.foot_rotation[side]);
        job.pole[side][2] = 1; /* forward: the knees bend forward */
    }
    return job;
}

/* Both ankles on steps: each reached within 1e-4, the feet turned as asked,
 * the knees in front of the legs. */
static void the_legs_reach_targets_on_two_steps(void **state)
{
    (void)state;
    leg_fixture f;
    leg_fixture_make(&f);
    /* the root on step 3's height (0.51) at z 1.3; the left ankle on step 3,
     * the right on step 4 (0.68) a tread ahead */
    foot_placement_job job = leg_job(&f, f.legs, 0, 0.51f, 1.3f);
    float ankle = f.legs[0].ankle_height, offset = 1, error[2] = {1, 1};
    vec3 knee[2];
    glm_vec3_copy((vec3){0.105f, 0.51f + ankle, 1.2f}, job.ankle_target[0]);
    glm_vec3_copy((vec3){-0.105f, 0.68f + ankle, 1.48f}, job.ankle_target[1]);
    for (int side = 0; side < 2; side++) /* world rest rotations: the feet as in the rest pose */
        glm_quat_copy(humanoid.rest_local[f.legs[side].foot].rotation, job.foot_rotation[side]);
    skeleton_local_to_model(&humanoid, humanoid.rest_local, f.model);
    versor want[2];
    for (int side = 0; side < 2; side++) {
        mat3 r;
        glm_mat4_pick3(f.model[f.legs[side].foot], r);
        glm_mat3_quat(r, want[side]);
        glm_quat_copy(want[side], job.foot_rotation[side]);
    }
    job.pelvis_offset = &offset;
    job.knee = knee;
    job.ankle_error = error;
    sa_error err;
    if (!foot_placement_run(&job, &err))
        fail_msg("foot_placement_run: %s", err.message);
    EXPECT_TRUE(offset <= 0);
    skeleton_local_to_model(&humanoid, f.pose, f.model);
    for (int side = 0; side < 2; side++) {
        vec3 got;
        glm_mat4_mulv3(job.world_from_model, f.model[f.legs[side].foot][3], 1, got);
        EXPECT_VEC3(job.ankle_target[side][0], job.ankle_target[side][1], job.ankle_target[side][2], got, 1e-4);
        EXPECT_TRUE(error[side] <= 1e-4f);
        mat3 r;
        versor q;
        glm_mat4_pick3(f.model[f.legs[side].foot], r);
        glm_mat3_quat(r, q);
        EXPECT_TRUE(fabsf(glm_quat_dot(q, want[side])) > 1 - 1e-5f); /* the same rotation */
        /* the knee ahead of the line from hip to ankle (the pole is +Z) */
        vec3 hip, mid;
        glm_mat4_mulv3(job.world_from_model, f.model[f.legs[side].thigh][3], 1, hip);
        glm_vec3_lerp(hip, job.ankle_target[side], 0.5f, mid);
        EXPECT_TRUE(knee[side][2] > mid[2] + 0.02f);
    }
    leg_fixture_free(&f);
}

/* A foot far below the clip's ground: the pelvis comes down until the leg
 * reaches (reach 0.97 of the leg), and the other foot is still reached. */
static void the_pelvis_comes_down_for_the_lower_foot(void **state)
{
    (void)state;
    leg_fixture f;
    leg_fixture_make(&f);
    foot_placement_job job = leg_job(&f, f.legs, 0, 0.34f, 0);
    skeleton_local_to_model(&humanoid, humanoid.rest_local, f.model);
    float ankle = f.legs[0].ankle_height, offset = 1;
    /* the rest pose's legs are straight: the left target 0.3 m under its
     * ankle, the right one where it is, on the clip's ground */
    glm_vec3_copy((vec3){0.105f, 0.34f + ankle - 0.3f, 0}, job.ankle_target[0]);
    glm_vec3_copy((vec3){-0.105f, 0.34f + ankle, 0}, job.ankle_target[1]);
    job.ground[0] = 0.04f, job.ground[1] = 0.34f;
    for (int side = 0; side < 2; side++) {
        mat3 r;
        glm_mat4_pick3(f.model[f.legs[side].foot], r);
        glm_mat3_quat(r, job.foot_rotation[side]);
    }
    job.pelvis_offset = &offset;
    sa_error err;
    if (!foot_placement_run(&job, &err))
        fail_msg("foot_placement_run: %s", err.message);
    /* at least 0.3 down (the lower foot's ground is 0.3 under the root), so
     * the straight right leg now bends: its hip 0.83 - 0.3 over its ankle */
    EXPECT_TRUE(offset <= -0.3f + 1e-5f);
    skeleton_local_to_model(&humanoid, f.pose, f.model);
    for (int side = 0; side < 2; side++) {
        vec3 got;
        glm_mat4_mulv3(job.world_from_model, f.model[f.legs[side].foot][3], 1, got);
        EXPECT_VEC3(job.ankle_target[side][0], job.ankle_target[side][1], job.ankle_target[side][2], got, 1e-4);
    }
    leg_fixture_free(&f);
}

/* A target out of reach: the hip's horizontal distance to it is clamped to
 * the reach, so the pelvis offset stays a number. By hand, from the
 * humanoid (assets/make_humanoid.c): in the rest pose each leg is straight
 * and vertical, the hip (thigh joint) at y 0.92, the ankle at 0.09, thigh
 * + shin = 0.42 + 0.41 = 0.83, so the reach is 0.97 x 0.83 = 0.8051. The
 * root at the origin; the left target at the ankle's height 1.5 m ahead
 * (x 0.105, y 0.09, z 1.5), the right one where its ankle is; both grounds
 * the root's (0). The documented method: the pelvis comes down by as much
 * as the lower ground is under the root (0), and further until each hip is
 * at most `reach` from its target, the horizontal distance clamped to the
 * reach (the hip's highest then over the target by sqrt(reach^2 -
 * min(d^2, reach^2))). Left: d = 1.5 > 0.8051, so the highest is the
 * target's own height, 0.09 - 0.92 = -0.83. Right: d = 0, the highest
 * 0.09 + 0.8051, -0.0249. The offset is the lower, -0.83; unclamped,
 * sqrt(0.648 - 2.25) is NaN. */
static void a_target_out_of_reach_clamps_the_distance(void **state)
{
    (void)state;
    leg_fixture f;
    leg_fixture_make(&f);
    foot_placement_job job = leg_job(&f, f.legs, 0, 0, 0);
    glm_vec3_copy((vec3){0.105f, 0.09f, 1.5f}, job.ankle_target[0]);
    glm_vec3_copy((vec3){-0.105f, 0.09f, 0}, job.ankle_target[1]);
    job.ground[0] = job.ground[1] = 0;
    float offset = 1, error[2] = {-1, -1};
    job.pelvis_offset = &offset;
    job.ankle_error = error;
    sa_error err;
    if (!foot_placement_run(&job, &err))
        fail_msg("foot_placement_run: %s", err.message);
    EXPECT_NEAR(-0.83, offset, 1e-4);
    EXPECT_TRUE(isfinite(error[0]) && isfinite(error[1]));
    for (int j = 0; j < humanoid.joint_count; j++)
        for (int i = 0; i < 4; i++)
            if (!isfinite(f.pose[j].rotation[i]) || (i < 3 && !isfinite(f.pose[j].translation[i])))
                fail_msg("out of reach: joint %s is not finite", humanoid.name[j]);
    leg_fixture_free(&f);
}

/* A leg's own reach (leg_reach) lowers the pelvis further than the job's:
 * the left target straight under the left hip (x 0.105, at the rest pose's
 * hip height 0.92, as above) at 0.09, the leg 0.83 long. With reach 0.97
 * the hip's highest is 0.09 + 0.97 x 0.83 = 0.8951, 0.0249 under it; with
 * the left leg's reach 0.9, 0.09 + 0.9 x 0.83 = 0.837: the pelvis comes
 * down 0.083 (both far past the 5 mm over which the drop is eased in). */
static void a_legs_own_reach_lowers_the_pelvis(void **state)
{
    (void)state;
    leg_fixture f;
    leg_fixture_make(&f);
    sa_error err;
    float offset = 1;
    for (int own = 0; own < 2; own++) {
        foot_placement_job job = leg_job(&f, f.legs, 0, 0, 0);
        glm_vec3_copy((vec3){0.105f, 0.09f, 0}, job.ankle_target[0]);
        glm_vec3_copy((vec3){-0.105f, 0.5f, 0}, job.ankle_target[1]);
        job.ground[0] = job.ground[1] = 0;
        job.leg_reach[0] = own ? 0.9f : 0;
        job.pelvis_offset = &offset;
        if (!foot_placement_run(&job, &err))
            fail_msg("foot_placement_run: %s", err.message);
        EXPECT_NEAR(own ? -0.083 : -0.0249, offset, 1e-4);
        leg_fixture_free(&f);
        leg_fixture_make(&f);
    }
    leg_fixture_free(&f);
}

/* The pelvis comes down for a lower ground eased in over 4 cm: for a ground
 * x under the clip's, x^2 / 0.08 while x < 0.04, then x - 0.02 (a parabola
 * meeting the line with its slope): 1 cm under, 1.25 mm; 10 cm, 8 cm. The
 * ankles' targets well within reach (0.42 under the hips). */
static void the_pelvis_starts_down_eased(void **state)
{
    (void)state;
    const float under[2] = {0.01f, 0.1f}, drop[2] = {0.00125f, 0.08f};
    for (int k = 0; k < 2; k++) {
        leg_fixture f;
        leg_fixture_make(&f);
        foot_placement_job job = leg_job(&f, f.legs, 0, 0, 0);
        glm_vec3_copy((vec3){0.105f, 0.5f, 0}, job.ankle_target[0]);
        glm_vec3_copy((vec3){-0.105f, 0.5f, 0}, job.ankle_target[1]);
        job.ground[0] = -under[k];
        float offset = 1;
        job.pelvis_offset = &offset;
        sa_error err;
        if (!foot_placement_run(&job, &err))
            fail_msg("foot_placement_run: %s", err.message);
        EXPECT_NEAR(-drop[k], offset, 1e-6);
        leg_fixture_free(&f);
    }
}

/* Bad input: one line naming it, the pose unchanged, no NaN. */
static void bad_input_is_one_line_and_leaves_the_pose(void **state)
{
    (void)state;
    leg_fixture f;
    leg_fixture_make(&f);
    sa_error err;
    size_t bytes = (size_t)humanoid.joint_count * sizeof *f.pose;
    transform *before = malloc(bytes);
    memcpy(before, f.pose, bytes);

    foot_placement_job job = leg_job(&f, f.legs, 0, 0, 0);
    job.ankle_target[0][1] = NAN;
    EXPECT_TRUE(!foot_placement_run(&job, &err));
    EXPECT_STR_CONTAINS(err.message, "left ankle target is not finite");
    EXPECT_TRUE(strchr(err.message, '\n') == NULL);

    job = leg_job(&f, f.legs, 0, 0, 0);
    glm_vec3_zero(job.pole[1]);
    EXPECT_TRUE(!foot_placement_run(&job, &err));
    EXPECT_STR_CONTAINS(err.message, "right pole is not a direction");

    job = leg_job(&f, f.legs, 0, 0, 0);
    job.foot_rotation[0][0] = job.foot_rotation[0][1] = job.foot_rotation[0][2] = job.foot_rotation[0][3] = 0;
    EXPECT_TRUE(!foot_placement_run(&job, &err));
    EXPECT_STR_CONTAINS(err.message, "left foot rotation is not a rotation");

    job = leg_job(&f, f.legs, 0, 0, 0);
    job.reach = 1;
    EXPECT_TRUE(!foot_placement_run(&job, &err));
    EXPECT_STR_CONTAINS(err.message, "reach is 1");

    job = leg_job(&f, f.legs, 0, 0, 0);
    job.leg_reach[1] = 0.98f; /* more than the job's 0.97 */
    EXPECT_TRUE(!foot_placement_run(&job, &err));
    EXPECT_STR_CONTAINS(err.message, "right leg's reach is 0.98");

    job = leg_job(&f, f.legs, 0, 0, 0);
    job.pelvis = f.legs[0].thigh;
    EXPECT_TRUE(!foot_placement_run(&job, &err));
    EXPECT_STR_CONTAINS(err.message, "must be a root joint");

    foot_leg swapped[2] = {f.legs[0], f.legs[1]};
    swapped[1].shin = f.legs[0].shin; /* the right thigh's "shin" is the left one */
    job = leg_job(&f, swapped, 0, 0, 0);
    EXPECT_TRUE(!foot_placement_run(&job, &err));
    EXPECT_STR_CONTAINS(err.message, "is not the child of");

    job = leg_job(&f, f.legs, 0, 0, 0);
    job.ground[1] = INFINITY;
    EXPECT_TRUE(!foot_placement_run(&job, &err));
    EXPECT_STR_CONTAINS(err.message, "right ground height is not finite");

    EXPECT_TRUE(memcmp(before, f.pose, bytes) == 0);
    free(before);
    leg_fixture_free(&f);
}

/* --- the whole walk ------------------------------------------------------------- */

/* What the walk does at each frame, measured. */
typedef struct walk_frame {
    vec3 sole[2][2];  /* side, heel / ball: world */
    float over[2][2]; /* side, heel / ball: height over the step under it (planted feet) */
    bool planted[2];
    float weight[2];
    double clip_time;
} walk_frame;

static void measure(const stairs_walk *w, const transform *pose, mat4 *model, walk_frame *out)
{
    skeleton_local_to_model(&humanoid, pose, model);
    for (int side = 0; side < 2; side++) {
        const foot_leg *leg = &w->feet[side].leg;
        mat4 world_from_foot;
        glm_mat4_mul((vec4 *)w->world_from_model, model[leg->foot], world_from_foot);
        glm_mat4_mulv3(world_from_foot, (float *)leg->heel_in_foot, 1, out->sole[side][0]);
        glm_mat4_mulv3(world_from_foot, (float *)leg->ball_in_foot, 1, out->sole[side][1]);
        out->planted[side] = w->foot[side].planted;
        out->weight[side] = w->foot[side].weight;
    }
    out->clip_time = w->clock.time;
}

/* The walk goes up the flight, round on the landing and down again: its
 * root at the top is on the landing (1.36 m), at the end back on the floor
 * facing -Z, and every planted foot stands on a tread, still, flat on it. */
static void the_walk_plants_each_foot_on_a_tread_and_holds_it(void **state)
{
    (void)state;
    stairs_geometry g = stairs_default();
    stairs_walk w;
    walk_make(&w, &g);
    int n = humanoid.joint_count;
    transform *pose = malloc((size_t)n * sizeof *pose);
    mat4 *model = malloc((size_t)n * sizeof *model);
    const double dt = 1.0 / 60;
    int frames = (int)ceil(stairs_walk_duration(&w) / dt);
    EXPECT_TRUE(frames > 60 * 10); /* some 9 m at under a metre a second */
    walk_frame last, now;
    float highest_root = 0, lowest_weight[2] = {1, 1};
    int plants[2] = {0, 0}, treads_up = 0, treads_down = 0;
    for (int f = 0; f <= frames; f++) {
        stairs_walk_step(&w, f == 0 ? 0 : dt, pose);
        for (int j = 0; j < n; j++)
            for (int i = 0; i < 4; i++)
                if (!isfinite(pose[j].rotation[i]) || (i < 3 && !isfinite(pose[j].translation[i])))
                    fail_msg("frame %d: joint %d's pose is not finite", f, j);
        measure(&w, pose, model, &now);
        highest_root = fmaxf(highest_root, w.position[1]);
        for (int side = 0; side < 2; side++) {
            lowest_weight[side] = fminf(lowest_weight[side], now.weight[side]);
            if (!now.planted[side])
                continue;
            /* the stance weight is 1 while planted */
            EXPECT_NEAR(1.0, now.weight[side], 0);
            /* the foot rolls (heel strike, flat, heel-off): the lower of
             * heel and ball over the step under it is on it, neither is in
             * it, and a point on its step has not moved since the frame
             * before (when it was planted and on it too) */
            float over[2];
            for (int p = 0; p < 2; p++) {
                const float *s = now.sole[side][p];
                over[p] = s[1] - stairs_height_at(&g, s[0], s[2]);
                if (!(over[p] >= -1e-3f))
                    fail_msg("frame %d: %s %s at (%g, %g, %g), %g m into the step under it", f, side ? "right" : "left",
                             p ? "ball" : "heel", (double)s[0], (double)s[1], (double)s[2], (double)-over[p]);
                if (f > 0 && last.planted[side] && fabsf(over[p]) <= GAIT_ON_GROUND &&
                    fabsf(last.over[side][p]) <= GAIT_ON_GROUND &&
                    !(hypotf(s[0] - last.sole[side][p][0], s[2] - last.sole[side][p][2]) < 1e-4f))
                    fail_msg("frame %d: the planted %s %s slid %g m on its step", f, side ? "right" : "left",
                             p ? "ball" : "heel",
                             (double)hypotf(s[0] - last.sole[side][p][0], s[2] - last.sole[side][p][2]));
                now.over[side][p] = over[p];
            }
            if (!(fminf(over[0], over[1]) <= 1e-3f))
                fail_msg("frame %d: the planted %s foot is %g m over its step", f, side ? "right" : "left",
                         (double)fminf(over[0], over[1]));
            if (f > 0 && !last.planted[side]) {
                plants[side]++;
                /* a new step: heel and ball on the same tread, not on an edge */
                float heel_h = stairs_height_at(&g, now.sole[side][0][0], now.sole[side][0][2]);
                float ball_h = stairs_height_at(&g, now.sole[side][1][0], now.sole[side][1][2]);
                EXPECT_NEAR(heel_h, ball_h, 0);
                bool on_flight = heel_h > 0.01f && heel_h < stairs_top(&g) - 0.01f;
                if (on_flight && now.sole[side][1][2] > now.sole[side][0][2])
                    treads_up++;
                else if (on_flight)
                    treads_down++;
            }
        }
        last = now;
    }
    EXPECT_NEAR(stairs_top(&g), highest_root, 1e-5);
    EXPECT_NEAR(0.0, w.position[1], 1e-6);
    EXPECT_NEAR(GLM_PI, w.heading, 1e-5);
    /* a stride of two treads: each foot on every other step of the seven
     * below the top, going up and coming down */
    EXPECT_INT(7, treads_up);
    EXPECT_INT(7, treads_down);
    EXPECT_TRUE(plants[0] >= 10 && plants[1] >= 10);
    /* every swing lets go: the weight reaches 0 in mid-swing */
    EXPECT_NEAR(0.0, lowest_weight[0], 1e-6);
    EXPECT_NEAR(0.0, lowest_weight[1], 1e-6);
    free(pose);
    free(model);
    stairs_walk_free(&w);
}

/* The planted state follows the clip's own contact events: it turns on at
 * the first frame at or past left_down / right_down, off at the first frame
 * at or past left_up / right_up. */
static void planted_follows_the_contact_events(void **state)
{
    (void)state;
    stairs_geometry g = stairs_default();
    stairs_walk w;
    walk_make(&w, &g);
    transform *pose = malloc((size_t)humanoid.joint_count * sizeof *pose);
    const clip *c = &w.walk.c;
    double down[2] = {-1, -1}, up[2] = {-1, -1};
    for (int e = 0; e < c->event_count; e++) {
        const char *name = c->events[e].name;
        int side = strncmp(name, "left", 4) == 0 ? 0 : 1;
        if (strstr(name, "_down"))
            down[side] = c->events[e].time;
        else if (strstr(name, "_up"))
            up[side] = c->events[e].time; /* (and _heel_off is neither) */
    }
    const double dt = 1.0 / 60;
    double before = 0;
    bool was[2] = {w.foot[0].planted, w.foot[1].planted};
    for (int f = 1; f < 600; f++) {
        stairs_walk_step(&w, dt, pose);
        double t = w.clock.time;
        for (int side = 0; side < 2; side++) {
            /* crossed this frame: before < event <= t (with the wrap) */
            bool wrapped = t < before;
            bool crossed_down = wrapped ? (down[side] > before || down[side] <= t)
                                        : (down[side] > before && down[side] <= t);
            bool crossed_up = wrapped ? (up[side] > before || up[side] <= t) : (up[side] > before && up[side] <= t);
            bool want = crossed_down ? true : crossed_up ? false : was[side];
            if (w.foot[side].planted != want)
                fail_msg("frame %d (clip %g .. %g): the %s foot is %s, its events say %s", f, before, t,
                         side ? "right" : "left", w.foot[side].planted ? "planted" : "swinging",
                         want ? "planted" : "swinging");
            /* the weight is the stance weight of those events (ex11.3) */
            EXPECT_NEAR(ik_stance_weight((float)t, c->duration, (float)down[side], (float)up[side], 0.15f),
                        w.foot[side].weight, 1e-6);
            was[side] = want;
        }
        before = t;
    }
    free(pose);
    stairs_walk_free(&w);
}

/* A swinging foot's footprint (back of the heel to the toes) never goes
 * into a step, nor does a planted one; and with IK off the pose is the
 * clip's. */
static void swinging_feet_clear_the_edges(void **state)
{
    (void)state;
    stairs_geometry g = stairs_default();
    stairs_walk w;
    walk_make(&w, &g);
    int n = humanoid.joint_count;
    transform *pose = malloc((size_t)n * sizeof *pose), *fk = malloc((size_t)n * sizeof *fk);
    int *cursors = calloc((size_t)w.walk.c.track_count + 1, sizeof *cursors);
    mat4 *model = malloc((size_t)n * sizeof *model);
    const double dt = 1.0 / 60;
    int frames = (int)ceil(stairs_walk_duration(&w) / dt);
    float lowest = 1;
    for (int f = 0; f <= frames; f++) {
        stairs_walk_step(&w, f == 0 ? 0 : dt, pose);
        walk_frame now;
        measure(&w, pose, model, &now);
        for (int side = 0; side < 2; side++) {
            const foot_leg *leg = &w.feet[side].leg;
            const float *heel = now.sole[side][0], *ball = now.sole[side][1];
            vec3 forward = {ball[0] - heel[0], 0, ball[2] - heel[2]};
            float length = glm_vec3_norm(forward);
            glm_vec3_scale(forward, 1 / length, forward);
            /* the sole a line from heel to ball, pitched as the foot is
             * (toes up at the strike, heel up at the toe-off); past the
             * ball the toes at the ball's height (the toes joint bends them
             * flat), behind the heel the heel's (its back curves up) */
            float pitch = (ball[1] - heel[1]) / length;
            for (float d = -leg->heel_back; d <= length + leg->toe_reach + 1e-6f; d += 0.01f) {
                float x = heel[0] + forward[0] * d, z = heel[2] + forward[2] * d;
                float clear = heel[1] + pitch * glm_clamp(d, 0, length) - stairs_height_at(&g, x, z);
                lowest = fminf(lowest, clear);
                if (!(clear >= -2e-3f))
                    fail_msg("frame %d: the %s foot (%s) is %g m into a step at (%g, %g), %g m from the heel along it",
                             f, side ? "right" : "left", now.planted[side] ? "planted" : "swinging", (double)-clear,
                             (double)x, (double)z, (double)d);
            }
        }
    }
    /* and the check above can fail: without IK the feet go into the steps */
    stairs_walk_reset(&w);
    w.ik_enabled = false;
    for (int f = 0; f <= frames; f++) {
        stairs_walk_step(&w, f == 0 ? 0 : dt, pose);
        clip_sample(&w.walk.c, (float)w.clock.time, cursors, fk);
        EXPECT_TRUE(memcmp(pose, fk, (size_t)n * sizeof *pose) == 0);
        walk_frame now;
        measure(&w, pose, model, &now);
        for (int side = 0; side < 2; side++)
            lowest = fminf(lowest,
                           now.sole[side][0][1] - stairs_height_at(&g, now.sole[side][0][0], now.sole[side][0][2]));
    }
    EXPECT_TRUE(lowest < -0.05f);
    free(pose);
    free(fk);
    free(cursors);
    free(model);
    stairs_walk_free(&w);
}

/* A long frame (a window dragged, a debugger stop) is clamped by chapter
 * 08's clock to max_step, 0.25 s, and the root moves by the clip's travel
 * over that step: the stairs gait's speed, 0.56 m a stride at 1.3 steps a
 * second (0.364 m/s), for 0.25 s, 0.091 m; not the 0.364 m of the frame. */
static void a_long_frame_moves_the_root_by_the_clock_step(void **state)
{
    (void)state;
    stairs_geometry g = stairs_default();
    stairs_walk w;
    walk_make(&w, &g);
    transform *pose = malloc((size_t)humanoid.joint_count * sizeof *pose);
    stairs_walk_step(&w, 1.0, pose);
    EXPECT_NEAR(0.25, w.clock.time, 1e-9);
    EXPECT_NEAR(0.25 * 0.56 * 1.3 / 2, w.distance, 1e-4);
    /* and across the clip's wrap (1.538 s): five such frames, 1.25 s */
    for (int k = 0; k < 5; k++)
        stairs_walk_step(&w, 1.0, pose);
    EXPECT_NEAR(1.5 * 0.56 * 1.3 / 2, w.distance, 1e-4);
    free(pose);
    stairs_walk_free(&w);
}

/* Stairs the walk cannot use: one line. */
static void stairs_too_small_are_one_line(void **state)
{
    (void)state;
    sa_error err;
    stairs_walk w;
    stairs_geometry g = stairs_default();
    g.landing_depth = 0.3f;
    EXPECT_TRUE(!stairs_walk_init(&w, &humanoid, &g, &err));
    EXPECT_STR_CONTAINS(err.message, "landing (0.3 m deep) is too small");
    g = stairs_default();
    g.width = 0.5f;
    EXPECT_TRUE(!stairs_walk_init(&w, &humanoid, &g, &err));
    EXPECT_STR_CONTAINS(err.message, "too narrow");
    g = stairs_default();
    g.run = 0.15f;
    EXPECT_TRUE(!stairs_walk_init(&w, &humanoid, &g, &err));
    EXPECT_STR_CONTAINS(err.message, "does not fit on a tread");
    g = stairs_default();
    g.step_count = 0;
    EXPECT_TRUE(!stairs_walk_init(&w, &humanoid, &g, &err));
    EXPECT_STR_CONTAINS(err.message, "at least one step");
}

static int load_humanoid(void **state)
{
    (void)state;
    return test_load_humanoid_skeleton(&humanoid) ? 0 : -1;
}

static int free_humanoid(void **state)
{
    (void)state;
    skeleton_free(&humanoid);
    return 0;
}

/* Where the knees point: a bent knee (over 10 degrees of flexion) stands off
 * the line from its hip to its ankle toward where the walker faces, never
 * sideways: over the whole walk, the turn on the landing included, its
 * offset from that line (horizontally) is within 60 degrees of the root's
 * facing (sin heading, 0, cos heading). A pole pointing the wrong way turns
 * the knee out by up to 90 degrees on the turn. */
static void the_knees_point_where_the_walker_faces(void **state)
{
    (void)state;
    stairs_geometry g = stairs_default();
    stairs_walk w;
    walk_make(&w, &g);
    int n = humanoid.joint_count;
    transform *pose = malloc((size_t)n * sizeof *pose);
    mat4 *model = malloc((size_t)n * sizeof *model);
    const double dt = 1.0 / 60;
    int frames = (int)ceil(stairs_walk_duration(&w) / dt), bent = 0;
    double worst = 0, worst_time = 0;
    for (int f = 0; f <= frames; f++) {
        stairs_walk_step(&w, f == 0 ? 0 : dt, pose);
        skeleton_local_to_model(&humanoid, pose, model);
        for (int side = 0; side < 2; side++) {
            const foot_leg *leg = &w.feet[side].leg;
            vec3 hip, knee, ankle, line, to_knee, offset;
            glm_mat4_mulv3(w.world_from_model, model[leg->thigh][3], 1, hip);
            glm_mat4_mulv3(w.world_from_model, model[leg->shin][3], 1, knee);
            glm_mat4_mulv3(w.world_from_model, model[leg->foot][3], 1, ankle);
            glm_vec3_sub(knee, hip, to_knee);
            vec3 shin;
            glm_vec3_sub(ankle, knee, shin);
            if (glm_vec3_angle(to_knee, shin) * 180 / GLM_PI <= 10)
                continue; /* nearly straight: no direction to speak of */
            glm_vec3_sub(ankle, hip, line);
            glm_vec3_normalize(line);
            glm_vec3_scale(line, glm_vec3_dot(to_knee, line), offset);
            glm_vec3_sub(to_knee, offset, offset); /* the knee off the line */
            double facing[2] = {sin(w.heading), cos(w.heading)}, len = hypot(offset[0], offset[2]);
            if (!(len > 1e-6))
                fail_msg("frame %d: side %d's bent knee is on its hip-ankle line horizontally", f, side);
            double c = (offset[0] * facing[0] + offset[2] * facing[1]) / len;
            double angle = acos(fmax(-1, fmin(1, c))) * 180 / GLM_PI;
            bent++;
            if (angle > worst)
                worst = angle, worst_time = f * dt;
        }
    }
    printf("the knees: %d bent legs over the walk, the worst %.1f degrees off the facing at %.2f s\n", bent, worst,
           worst_time);
    EXPECT_TRUE(bent > frames / 2);
    EXPECT_TRUE(worst <= 60);
    free(pose), free(model);
    stairs_walk_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(height_query_gives_the_step_under_a_point),
        cmocka_unit_test(a_foot_stands_on_the_highest_step_under_it),
        cmocka_unit_test(a_swing_rises_clears_and_lands),
        cmocka_unit_test(the_legs_reach_targets_on_two_steps),
        cmocka_unit_test(the_pelvis_comes_down_for_the_lower_foot),
        cmocka_unit_test(a_target_out_of_reach_clamps_the_distance),
        cmocka_unit_test(a_legs_own_reach_lowers_the_pelvis),
        cmocka_unit_test(the_pelvis_starts_down_eased),
        cmocka_unit_test(bad_input_is_one_line_and_leaves_the_pose),
        cmocka_unit_test(the_walk_plants_each_foot_on_a_tread_and_holds_it),
        cmocka_unit_test(planted_follows_the_contact_events),
        cmocka_unit_test(swinging_feet_clear_the_edges),
        cmocka_unit_test(a_long_frame_moves_the_root_by_the_clock_step),
        cmocka_unit_test(stairs_too_small_are_one_line),
        cmocka_unit_test(the_knees_point_where_the_walker_faces),
    };
    return cmocka_run_group_tests(tests, load_humanoid, free_humanoid);
}
