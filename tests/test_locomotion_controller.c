/* test_locomotion_controller.c: chapter 10's locomotion controller on the
 * humanoid: idle, walk and run from a desired speed, the idle fades started
 * on a foot contact, the wave as an upper-body layer.
 *
 * Hand values used below. The walk: stride 1.2 m at 1.9 steps/s, so a cycle
 * of 2 / 1.9 = 1.0526 s at 1.14 m/s; its left foot lands at phase 0, the
 * right at phase 1/2 (0.5263 s of the clip). The run: stride 1.8 m, 2.7 m/s.
 * The controller's defaults: a smoothstep fade of 0.4 s (24 frames of
 * 1/60 s; weight 3p^2 - 2p^3 at p = frames / 24), speed changes at 2 m/s^2,
 * the wave fading in over 0.3 s (18 frames). The humanoid's idle lasts 4 s,
 * its wave 2 s; the wave moves only the head and the arms.
 */
#include "chapters/10_walk_cycle/locomotion_controller.h"

#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/08_keyframes/clip_gltf.h"
#include "tests/test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DT (1.0 / 60.0)
#define WALK_PERIOD (2.0 / 1.9)

static skeleton humanoid; /* every node of assets/models/humanoid.gltf */
static clip *file_clips;
static int file_clip_count;
static const clip *idle, *wave;
static walk_clip walk, run;
static float *upper_body; /* mask_from_joint(spine_2, ramp of 2): the program's wave mask */

/* A controller and its arrays. */
typedef struct fixture {
    locomotion_controller ctl;
    locomotion_controller_memory memory;
    transform *pose;
    locomotion_step step;
} fixture;

static void fixture_make(fixture *f, float initial_speed)
{
    int n = humanoid.joint_count;
    f->memory = (locomotion_controller_memory){
        .walk_cursors = calloc((size_t)walk.c.track_count, sizeof(int)),
        .run_cursors = calloc((size_t)run.c.track_count, sizeof(int)),
        .idle_cursors = calloc((size_t)idle->track_count + 1, sizeof(int)),
        .wave_cursors = calloc((size_t)wave->track_count + 1, sizeof(int)),
        .walk_pose = malloc((size_t)n * sizeof(transform)),
        .run_pose = malloc((size_t)n * sizeof(transform)),
        .move_pose = malloc((size_t)n * sizeof(transform)),
        .model = malloc((size_t)n * sizeof(mat4)),
    };
    f->pose = malloc((size_t)n * sizeof *f->pose);
    locomotion_controller_params p = locomotion_controller_defaults();
    sa_error err;
    if (!locomotion_controller_init(&f->ctl, &p, &walk, &run, idle, wave, upper_body, &f->memory, initial_speed, &err))
        fail_msg("locomotion_controller_init: %s", err.message);
}

static void fixture_free(fixture *f)
{
    free(f->memory.walk_cursors);
    free(f->memory.run_cursors);
    free(f->memory.idle_cursors);
    free(f->memory.wave_cursors);
    free(f->memory.walk_pose);
    free(f->memory.run_pose);
    free(f->memory.move_pose);
    free(f->memory.model);
    free(f->pose);
}

/* One frame, the feet not held (no world placement): the pose as blended. */
static void frame_dt(fixture *f, float speed, double dt)
{
    locomotion_controller_advance(&f->ctl, speed, dt, &f->step);
    locomotion_controller_pose(&f->ctl, NULL, f->pose);
}

static void frame(fixture *f, float speed)
{
    frame_dt(f, speed, DT);
}

static double smoothstep(double p)
{
    return p * p * (3 - 2 * p);
}

static bool same_transform(const transform *a, const transform *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static double pose_difference(const transform *a, const transform *b, int j)
{
    double d = 0;
    for (int i = 0; i < 4; i++)
        d = fmax(d, fabs(a[j].rotation[i] - b[j].rotation[i]));
    for (int i = 0; i < 3; i++)
        d = fmax(d, fabs(a[j].translation[i] - b[j].translation[i]));
    return d;
}

static void expect_idle_pose(const transform *pose, double idle_time, const char *what)
{
    int n = humanoid.joint_count;
    transform *want = malloc((size_t)n * sizeof *want);
    clip_sample(idle, (float)idle_time, NULL, want);
    for (int j = 0; j < n; j++)
        if (pose_difference(want, pose, j) > 1e-6)
            fail_msg("%s: joint %s is %g away from the idle clip at %g s", what, humanoid.name[j],
                     pose_difference(want, pose, j), idle_time);
    free(want);
}

/* Speed 0 (or below, or NaN): the idle clip as it plays, the root still. */
static void speed_0_is_the_idle_pose_without_root_motion(void **state)
{
    (void)state;
    fixture f;
    fixture_make(&f, 0);
    const float speeds[] = {0.0f, -1.0f, NAN, -INFINITY};
    for (int i = 1; i <= 150; i++) {
        frame(&f, speeds[i % 4]);
        EXPECT_VEC3(0, 0, 0, f.step.root_delta, 0);
        EXPECT_TRUE(!f.step.contact[0] && !f.step.contact[1]);
        EXPECT_INT(LOCOMOTION_IDLE, f.ctl.state);
        if (i % 10 == 0)
            expect_idle_pose(f.pose, fmod(i * DT, 4.0), "standing");
    }
    fixture_free(&f);
}

/* From idle, a speed starts the walk at its left contact (phase 0, the
 * walk's clock at 0) and fades it in over 0.4 s; a second start, after a
 * stop, starts at the contact again, not where the walk was left. */
static void a_start_begins_at_a_contact_and_fades_in(void **state)
{
    (void)state;
    fixture f;
    fixture_make(&f, 0);
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 30; i++)
            frame(&f, 0);
        frame(&f, 1.14f);
        EXPECT_TRUE(f.step.contact[GAIT_LEFT]); /* the start is the left foot's landing */
        EXPECT_NEAR(DT / WALK_PERIOD, f.ctl.move.sync.phase, 1e-6);
        EXPECT_NEAR(smoothstep(1.0 / 24), locomotion_controller_moving_weight(&f.ctl), 1e-6);
        for (int k = 2; k <= 24; k++) {
            frame(&f, 1.14f);
            EXPECT_NEAR(smoothstep(k / 24.0), locomotion_controller_moving_weight(&f.ctl), 1e-5);
        }
        EXPECT_NEAR(24 * DT / WALK_PERIOD, f.ctl.move.sync.phase, 1e-6); /* 0.38 */
        EXPECT_NEAR(1.0, locomotion_controller_moving_weight(&f.ctl), 0);
        /* faded in: the pose is the walk / run job's alone, the root moves forward */
        int n = humanoid.joint_count;
        for (int j = 0; j < n; j++)
            if (!same_transform(&f.pose[j], &f.memory.move_pose[j]))
                fail_msg("round %d: joint %s is not the locomotion's pose", round, humanoid.name[j]);
        EXPECT_TRUE(f.step.root_delta[2] > 0);
        /* stop: steps on to a contact, fades, stands (the next round starts from there) */
        for (int i = 0; i < 120; i++)
            frame(&f, 0);
        EXPECT_INT(LOCOMOTION_IDLE, f.ctl.state);
    }
    fixture_free(&f);
}

/* From walking, speed 0 keeps stepping (weight 1, the root moving) until
 * the walk's next contact event, here the right foot's at 0.5263 s: frame
 * 32 (0.5333 s; frame 31 is 0.5167 s). Then 24 frames of fade to idle, the
 * idle clip starting at the contact: at frame 56 it is idle at 0.4 s of its
 * clip, the root still. */
static void a_stop_waits_for_the_next_contact_then_fades_to_idle(void **state)
{
    (void)state;
    fixture f;
    fixture_make(&f, 1.14f);
    for (int i = 1; i <= 10; i++) {
        frame(&f, 1.14f);
        EXPECT_TRUE(!f.step.contact[GAIT_RIGHT]);
    }
    for (int i = 11; i <= 31; i++) {
        frame(&f, 0);
        EXPECT_NEAR(1.0, locomotion_controller_moving_weight(&f.ctl), 0);
        EXPECT_TRUE(f.step.root_delta[2] > 0);
        EXPECT_TRUE(!f.step.contact[GAIT_LEFT] && !f.step.contact[GAIT_RIGHT]);
        EXPECT_INT(LOCOMOTION_STOPPING, f.ctl.state);
    }
    frame(&f, 0); /* 32 */
    EXPECT_TRUE(f.step.contact[GAIT_RIGHT]);
    EXPECT_NEAR(1.0, locomotion_controller_moving_weight(&f.ctl), 0);
    EXPECT_INT(LOCOMOTION_SETTLING, f.ctl.state);
    for (int k = 1; k <= 23; k++) {
        frame(&f, 0);
        double w = 1 - smoothstep(k / 24.0);
        EXPECT_NEAR(w, locomotion_controller_moving_weight(&f.ctl), 1e-5);
        EXPECT_TRUE(f.step.root_delta[2] > 0); /* the fading walk still carries the root */
    }
    frame(&f, 0); /* 56 */
    EXPECT_INT(LOCOMOTION_IDLE, f.ctl.state);
    EXPECT_NEAR(0.0, locomotion_controller_moving_weight(&f.ctl), 0);
    EXPECT_VEC3(0, 0, 0, f.step.root_delta, 0);
    expect_idle_pose(f.pose, 24 * DT, "after the fade");
    fixture_free(&f);
}

/* The playback rate follows the speed: a whole cycle at a constant speed
 * moves the root by the blended stride, (1 - w) 1.2 + w 1.8 m, in
 * stride / speed seconds (w from the speed: 0 below the walk's 1.14 m/s,
 * (1.92 - 1.14) / 1.56 = 0.5 at 1.92 m/s). A clip played at its own rate
 * would cover its stride in its own period instead. */
static void a_cycle_covers_the_blended_stride_at_the_speed(void **state)
{
    (void)state;
    const float speed[] = {0.8f, 1.92f, 2.7f};
    const double stride[] = {1.2, 1.5, 1.8};
    for (int c = 0; c < 3; c++) {
        fixture f;
        fixture_make(&f, speed[c]); /* already walking: weight 1 */
        double dt = stride[c] / speed[c] / 64, travel[3] = {0, 0, 0};
        for (int i = 0; i < 64; i++) {
            frame_dt(&f, speed[c], dt);
            for (int k = 0; k < 3; k++)
                travel[k] += f.step.root_delta[k];
        }
        EXPECT_NEAR(stride[c], travel[2], 1e-4);
        EXPECT_NEAR(0, travel[0], 1e-4);
        EXPECT_NEAR(0, f.ctl.move.sync.phase < 0.5 ? f.ctl.move.sync.phase : f.ctl.move.sync.phase - 1, 1e-5);
        fixture_free(&f);
    }
    /* a change of desired speed is followed at 2 m/s^2: 1 m/s in 30 frames */
    fixture f;
    fixture_make(&f, 1.14f);
    for (int i = 0; i < 30; i++)
        frame(&f, 2.7f);
    EXPECT_NEAR(2.14, f.ctl.speed, 1e-4);
    EXPECT_NEAR(1.0 / 1.56, f.ctl.move.sync.weight, 1e-4);
    fixture_free(&f);
    /* and slowing down is limited the same way: from 2.7 m/s asking 1.14,
     * one frame of 1/60 s takes 2 / 60 = 0.0333 m/s off, 2.6667; 30 frames
     * 1 m/s, 1.7 */
    fixture_make(&f, 2.7f);
    frame(&f, 1.14f);
    EXPECT_NEAR(2.7 - 2.0 / 60, f.ctl.speed, 1e-5);
    for (int i = 1; i < 30; i++)
        frame(&f, 1.14f);
    EXPECT_NEAR(1.7, f.ctl.speed, 1e-4);
    fixture_free(&f);
}

/* The wave through the upper-body mask: the joints outside it (the legs,
 * the hips, the lower spine) are bit for bit the same with and without the
 * layer, and so is the root's motion; the right upper arm (mask 1) takes
 * the wave's own rotation once the layer is faded in (18 frames). */
static void the_wave_moves_only_the_joints_under_its_mask(void **state)
{
    (void)state;
    const float speeds[] = {0, 1.14f}; /* idle, then walking */
    int arm = skeleton_find(&humanoid, "right_upper_arm");
    EXPECT_NEAR(1.0, upper_body[arm], 0);
    for (int c = 0; c < 2; c++) {
        fixture plain, waving;
        fixture_make(&plain, speeds[c]);
        fixture_make(&waving, speeds[c]);
        locomotion_controller_set_wave(&waving.ctl, true);
        double arm_moved = 0;
        for (int i = 1; i <= 90; i++) {
            frame(&plain, speeds[c]);
            frame(&waving, speeds[c]);
            for (int j = 0; j < humanoid.joint_count; j++)
                if (upper_body[j] == 0 && !same_transform(&plain.pose[j], &waving.pose[j]))
                    fail_msg("frame %d: joint %s (outside the mask) changed with the wave", i, humanoid.name[j]);
            EXPECT_TRUE(memcmp(plain.step.root_delta, waving.step.root_delta, sizeof plain.step.root_delta) == 0);
            if (i == 9)
                EXPECT_NEAR(0.5, waving.ctl.wave_weight, 1e-5);
            if (i >= 18) {
                transform *wave_pose = malloc((size_t)humanoid.joint_count * sizeof *wave_pose);
                clip_sample(wave, (float)fmod(i * DT, 2.0), NULL, wave_pose);
                sa_expect_rotation(wave_pose[arm].rotation, waving.pose[arm].rotation, 1e-5, "the waving arm");
                free(wave_pose);
            }
            arm_moved = fmax(arm_moved, pose_difference(plain.pose, waving.pose, arm));
        }
        if (!(arm_moved > 0.1))
            fail_msg("the wave moved the right upper arm by only %g", arm_moved);
        fixture_free(&plain);
        fixture_free(&waving);
    }
}

/* Any speed, any dt, any order: finite poses with unit rotations, a finite
 * root step no longer than 2 max_speed dt (6 m/s by default); the feet held
 * (the root's placement given, heading turning) in every other stretch of
 * 500 frames. */
static void no_nan_at_any_speed(void **state)
{
    (void)state;
    const float speeds[] = {0,     1e-7f, 0.3f,  1.14f, 1.5f,     2.7f,      4,    1e6f,
                            1e30f, 0,     -1.0f, NAN,   INFINITY, -INFINITY, 1.9f, 0.01f};
    const double dts[] = {DT, 0, -1, NAN, 1e9, DT / 7, 0.25, INFINITY};
    fixture f;
    fixture_make(&f, 0);
    locomotion_controller_set_wave(&f.ctl, true);
    float root[3] = {0, 0, 0}, heading = 0;
    for (int i = 0; i < 4000; i++) {
        float speed = speeds[(i / 37 + i % 3) % 16];
        double dt = dts[(i / 11) % 8];
        if (i % 500 == 250)
            locomotion_controller_set_wave(&f.ctl, i % 1000 == 250 ? false : true);
        locomotion_controller_advance(&f.ctl, speed, dt, &f.step);
        float world_step[3];
        root_motion_turn(f.step.root_delta, heading, world_step);
        glm_vec3_add(root, world_step, root);
        mat4 world_from_model;
        root_world_from_model(root, heading, world_from_model);
        locomotion_controller_pose(&f.ctl, (i / 500) % 2 ? world_from_model : NULL, f.pose);
        heading += glm_vec3_norm(world_step) / 4;                                           /* a circle of 4 m */
        double step = glm_vec3_norm(f.step.root_delta), most = dt > 0 ? fmin(dt, 0.25) : 0; /* as the clocks clamp it */
        if (!(step <= 2 * 6.0 * most + 1e-6))
            fail_msg("frame %d: speed %g, dt %g: a root step of %g m", i, (double)speed, dt, step);
        if (!isfinite(f.ctl.speed) || !isfinite(f.ctl.move.sync.phase))
            fail_msg("frame %d: speed %g phase %g", i, (double)f.ctl.speed, f.ctl.move.sync.phase);
        for (int j = 0; j < humanoid.joint_count; j++) {
            const transform *t = &f.pose[j];
            double q = glm_vec4_norm((float *)t->rotation);
            bool finite = fabs(q - 1) < 1e-3;
            for (int k = 0; k < 3; k++)
                finite = finite && isfinite(t->translation[k]) && isfinite(t->scale[k]);
            if (!finite)
                fail_msg("frame %d: speed %g, dt %g: joint %s is not a finite transform", i, (double)speed, dt,
                         humanoid.name[j]);
        }
    }
    fixture_free(&f);
}

/* 4 s at `speed` from the left contact, the root moved by the steps
 * (heading 0: clip space is world space shifted by the root), the pose
 * given the world placement (held) or not. Returns the fastest a planted
 * foot's heel or ball moves horizontally in the world while on the ground
 * (gait_sole_slide: the rolling foot stands on its heel, then its ball),
 * planted by the blended stance of both clips' events
 * (foot_lock_step_stance, kept here for both runs); *hover (may be NULL)
 * the highest the lower of a planted foot's two sole points is. */
static double planted_sole_speed(float speed, bool held, double *hover)
{
    fixture f;
    fixture_make(&f, speed);
    mat4 *model = malloc((size_t)humanoid.joint_count * sizeof *model);
    float root[3] = {0, 0, 0}, last[2][2][3];
    double since[2] = {1, 1}, worst = 0, high = -INFINITY;
    bool planted[2] = {false, false};
    for (int i = 0; i < 240; i++) {
        locomotion_controller_advance(&f.ctl, speed, DT, &f.step);
        glm_vec3_add(root, f.step.root_delta, root);
        mat4 world_from_model;
        root_world_from_model(root, 0, world_from_model);
        locomotion_controller_pose(&f.ctl, held ? world_from_model : NULL, f.pose);
        skeleton_local_to_model(&humanoid, f.pose, model);
        for (int side = 0; side < 2; side++) {
            float sole[2][3]; /* heel, ball */
            gait_sole_points(&walk.g, (gait_side)side, model[walk.g.leg[side].foot], sole[0], sole[1]);
            bool was = planted[side];
            planted[side] = foot_lock_step_stance(&f.ctl.lock, (gait_side)side, &f.ctl.move.sync, &since[side], was);
            if (planted[side])
                high = fmax(high, fmin(sole[0][1], sole[1][1]));
            for (int p = 0; p < 2; p++) {
                glm_vec3_add(sole[p], root, sole[p]);
                if (was && planted[side] && i > 0)
                    worst = fmax(worst, gait_sole_slide(sole[p], last[side][p], DT));
                glm_vec3_copy(sole[p], last[side][p]);
            }
        }
    }
    free(model);
    fixture_free(&f);
    if (hover)
        *hover = high;
    return worst;
}

/* Given where the character is, the pose holds the planted feet of the
 * walk / run blend (the foot lock): at 1.92 m/s (w = 0.5) a planted foot's
 * heel and ball on the ground move under 0.005 m/s in the world, and the
 * foot stands on the ground all through its stance (its lower sole point
 * within GAIT_ON_GROUND); without the placement it moves as the blend alone
 * makes it: sliding well over 0.02 m/s on the ground, or lifted off it by
 * more than 5 mm (the run's foot is already swinging before the blended
 * stance ends). */
static void the_planted_feet_are_held_given_the_placement(void **state)
{
    (void)state;
    double hover, blended_hover;
    double held = planted_sole_speed(1.92f, true, &hover), blended = planted_sole_speed(1.92f, false, &blended_hover);
    printf("planted sole point at 1.92 m/s: %.4g m/s held (the foot up to %.4g m over the ground), %.4g m/s "
           "blended only (up to %.4g m over it)\n",
           held, hover, blended, blended_hover);
    if (!(held < 0.005))
        fail_msg("held: a planted sole point moves at %g m/s", held);
    if (!(hover <= GAIT_ON_GROUND))
        fail_msg("held: a planted foot stands %g m over the ground", hover);
    if (!(blended > 0.02 || blended_hover > 0.005))
        fail_msg("blended only: a planted sole point moves at %g m/s and the foot stands at most %g m over the "
                 "ground; expected the blend's slide or lift",
                 blended, blended_hover);
}

static void bad_setup_is_one_line(void **state)
{
    (void)state;
    fixture f;
    fixture_make(&f, 0);
    sa_error err;
    locomotion_controller_params p = locomotion_controller_defaults();
    p.fade_seconds = -1;
    EXPECT_TRUE(!locomotion_controller_init(&f.ctl, &p, &walk, &run, idle, wave, upper_body, &f.memory, 0, &err));
    EXPECT_STR_CONTAINS(err.message, "fade times -1");
    p = locomotion_controller_defaults();
    p.max_speed = 0;
    EXPECT_TRUE(!locomotion_controller_init(&f.ctl, &p, &walk, &run, idle, wave, upper_body, &f.memory, 0, &err));
    EXPECT_STR_CONTAINS(err.message, "max_speed 0");
    p = locomotion_controller_defaults();
    EXPECT_TRUE(!locomotion_controller_init(&f.ctl, &p, &walk, &run, idle, wave, NULL, &f.memory, 0, &err));
    EXPECT_STR_CONTAINS(err.message, "needs its mask");
    walk_clip no_events = walk;
    no_events.c.event_count = 0;
    EXPECT_TRUE(!locomotion_controller_init(&f.ctl, &p, &no_events, &run, idle, wave, upper_body, &f.memory, 0, &err));
    EXPECT_STR_CONTAINS(err.message, "no left_down / right_down event");
    fixture_free(&f);
}

static int setup(void **state)
{
    (void)state;
    gltf_document doc;
    sa_error err;
    if (!gltf_load(SA_SOURCE_DIR "/assets/models/humanoid.gltf", NULL, &doc, &err) ||
        !skeleton_from_gltf_nodes(&doc, &humanoid, &err) || !clips_from_gltf(&doc, &humanoid, &file_clips, &err)) {
        fprintf(stderr, "%s\n", err.message);
        return -1;
    }
    file_clip_count = doc.animation_count;
    gltf_free(&doc);
    int i = clip_find(file_clips, file_clip_count, "--clip", "idle", &err),
        k = clip_find(file_clips, file_clip_count, "--clip", "wave", &err);
    gait_params walk_params = gait_walk(), run_params = gait_run();
    if (i < 0 || k < 0 || !walk_clip_make(&humanoid, &walk_params, "walk", &walk, &err) ||
        !walk_clip_make(&humanoid, &run_params, "run", &run, &err)) {
        fprintf(stderr, "%s\n", err.message);
        return -1;
    }
    idle = &file_clips[i], wave = &file_clips[k];
    upper_body = malloc((size_t)humanoid.joint_count * sizeof *upper_body);
    mask_from_joint(humanoid.joint_count, humanoid.parent, skeleton_find(&humanoid, "spine_2"), 2, upper_body);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    walk_clip_free(&walk);
    walk_clip_free(&run);
    clips_free(file_clips, file_clip_count);
    free(upper_body);
    skeleton_free(&humanoid);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(speed_0_is_the_idle_pose_without_root_motion),
        cmocka_unit_test(a_start_begins_at_a_contact_and_fades_in),
        cmocka_unit_test(a_stop_waits_for_the_next_contact_then_fades_to_idle),
        cmocka_unit_test(a_cycle_covers_the_blended_stride_at_the_speed),
        cmocka_unit_test(the_wave_moves_only_the_joints_under_its_mask),
        cmocka_unit_test(no_nan_at_any_speed),
        cmocka_unit_test(the_planted_feet_are_held_given_the_placement),
        cmocka_unit_test(bad_setup_is_one_line),
    };
    return cmocka_run_group_tests_name("locomotion controller", tests, setup, teardown);
}
