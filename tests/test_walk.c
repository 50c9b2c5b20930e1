/* test_walk.c: chapter 10's gait generator and root motion on the humanoid.
 *
 * Every check measures the pose the way a viewer would: the clip sampled by
 * chapter 08, chapter 04's local_to_model, the root moved by the root motion.
 * The expected values come from the generator's contract and its
 * parameters (gait_walk, gait_run), not its output: the humanoid stands on
 * y = 0 in its rest pose; a planted foot rolls as a rigid body, landing on
 * its heel with the toes up (heel_strike_pitch), flat from foot_flat of the
 * cycle after its contact, turning about the ball from heel_off and leaving
 * on the ball with the heel up (toe_off_pitch) at stance_fraction; whatever
 * of its sole is on the ground (within GAIT_ON_GROUND) does not move in the
 * world. */
#include "chapters/10_walk_cycle/locomotion.h"
#include "chapters/10_walk_cycle/walk.h"
#include "humanoid_skeleton.h"
#include "test_util.h"

static skeleton humanoid; /* every node of assets/models/humanoid.gltf */

/* A gait and its clip over skeleton s, or the test fails. */
typedef struct walk_fixture {
    const skeleton *s;
    gait_params p; /* the parameters it was made with: the hand values below come from them */
    double period; /* 2 / cadence */
    gait g;
    clip c;
    root_motion rm;
    int toes[2];                       /* -1 when absent */
    vec4 heel_local[2], ball_local[2]; /* sole points in the foot joint's frame */
    vec4 toe_local[2];                 /* the toes' sole (the ball's point) in the toes joint's frame */
    double foot_length[2];             /* heel to ball in the rest pose, metres */
} walk_fixture;

/* The sole: the points of the rest pose at y = 0 under the ankle (heel) and
 * under the toes joint (ball), carried in the foot joint's frame; the ball's
 * point again carried by the toes (where they bend up after the toe-off). */
static void make_fixture(walk_fixture *f, const skeleton *s, const gait_params *p)
{
    sa_error err;
    memset(f, 0, sizeof *f);
    f->s = s;
    f->p = *p;
    f->period = 2.0 / p->cadence;
    if (!gait_init(&f->g, s, p, &err))
        fail_msg("gait_init: %s", err.message);
    if (!gait_make_clip(&f->g, "walk", &f->c, &f->rm, &err))
        fail_msg("gait_make_clip: %s", err.message);
    mat4 *model = malloc((size_t)s->joint_count * sizeof *model);
    skeleton_local_to_model(s, s->rest_local, model);
    const char *toes[2] = {"left_toes", "right_toes"};
    for (int side = 0; side < 2; side++) {
        int foot = f->g.leg[side].foot;
        f->toes[side] = skeleton_find(s, toes[side]);
        assert_true(f->toes[side] >= 0);
        mat4 foot_from_model, toes_from_model;
        glm_mat4_inv(model[foot], foot_from_model);
        glm_mat4_inv(model[f->toes[side]], toes_from_model);
        vec4 heel = {model[foot][3][0], 0, model[foot][3][2], 1};
        vec4 ball = {model[f->toes[side]][3][0], 0, model[f->toes[side]][3][2], 1};
        glm_mat4_mulv(foot_from_model, heel, f->heel_local[side]);
        glm_mat4_mulv(foot_from_model, ball, f->ball_local[side]);
        glm_mat4_mulv(toes_from_model, ball, f->toe_local[side]);
        f->foot_length[side] = hypot(ball[0] - heel[0], ball[2] - heel[2]);
    }
    free(model);
}

static void free_fixture(walk_fixture *f)
{
    clip_free(&f->c);
    root_motion_free(&f->rm);
    gait_free(&f->g);
}

/* The clip's pose at time t, in model space (the clip is in place). */
static void model_pose(const walk_fixture *f, float t, mat4 *model)
{
    transform *pose = malloc((size_t)f->s->joint_count * sizeof *pose);
    clip_sample(&f->c, t, NULL, pose);
    skeleton_local_to_model(f->s, pose, model);
    free(pose);
}

/* Heel and ball of side's sole in model space. */
static void sole_points(const walk_fixture *f, mat4 *model, int side, vec3 heel, vec3 ball)
{
    vec4 h, b;
    glm_mat4_mulv(model[f->g.leg[side].foot], (float *)f->heel_local[side], h);
    glm_mat4_mulv(model[f->g.leg[side].foot], (float *)f->ball_local[side], b);
    glm_vec3(h, heel);
    glm_vec3(b, ball);
}

/* The toes' sole point of side in model space. */
static void toe_point(const walk_fixture *f, mat4 *model, int side, vec3 toe)
{
    vec4 t;
    glm_mat4_mulv(model[f->toes[side]], (float *)f->toe_local[side], t);
    glm_vec3(t, toe);
}

static float event_time(const clip *c, const char *name)
{
    for (int e = 0; e < c->event_count; e++)
        if (strcmp(c->events[e].name, name) == 0)
            return c->events[e].time;
    fail_msg("the clip has no event '%s'", name);
    return 0;
}

/* The clip time at u of the cycle after side's contact (the left's at 0,
 * the right's at 1/2), wrapped into the clip. */
static float time_after_contact(const walk_fixture *f, int side, double u)
{
    double phase = 0.5 * side + u;
    return (float)((phase - floor(phase)) * f->period);
}

/* The fraction of the cycle since side's contact at cycle phase `phase`. */
static double since_contact(int side, double phase)
{
    double u = phase - 0.5 * side;
    return u - floor(u);
}

/* --- the key poses ---------------------------------------------------------------- */

/* The foot rolls through its stance, at u of the cycle after its contact
 * (1 mm tolerance on every height):
 *
 *     contact   u = 0                  the heel on the ground, the ball up by
 *                                      foot_length sin(heel_strike_pitch)
 *     down      u = stance_fraction / 4    flat: heel and ball on the ground
 *     passing   u = stance_fraction / 2    flat
 *     heel-off  u = heel_off           flat, the heel about to lift
 *     toe-off   u = stance_fraction    the ball on the ground, the heel up
 *                                      by foot_length sin(toe_off_pitch)
 *
 * (the foot, a rigid body, turns about the heel, then about the ball; the
 * humanoid's foot is 0.13 m from heel to ball). The other foot is never
 * below the ground. */
static void expect_stance_on_the_ground(const walk_fixture *f, const char *what)
{
    const gait_params *p = &f->p;
    const double beta = p->stance_fraction;
    /* the down and passing keys are in the flat part of the stance (both presets) */
    EXPECT_TRUE(p->foot_flat <= beta / 4 && beta / 2 <= p->heel_off);
    mat4 *model = malloc((size_t)f->s->joint_count * sizeof *model);
    const char *names[5] = {"contact", "down", "passing", "heel-off", "toe-off"};
    const double at[5] = {0, beta / 4, beta / 2, p->heel_off, beta};
    for (int side = 0; side < 2; side++) {
        const double length = f->foot_length[side];
        const double heel_want[5] = {0, 0, 0, 0, length * sin(p->toe_off_pitch)};
        const double ball_want[5] = {length * sin(p->heel_strike_pitch), 0, 0, 0, 0};
        for (int k = 0; k < 5; k++) {
            float t = time_after_contact(f, side, at[k]);
            model_pose(f, t, model);
            vec3 heel, ball;
            sole_points(f, model, side, heel, ball);
            if (!(fabs(heel[1] - heel_want[k]) <= 1e-3 && fabs(ball[1] - ball_want[k]) <= 1e-3))
                fail_msg("%s: side %d at its %s (t = %g s): heel at %g m, ball at %g m; expected %g and %g", what, side,
                         names[k], (double)t, (double)heel[1], (double)ball[1], heel_want[k], ball_want[k]);
            sole_points(f, model, 1 - side, heel, ball);
            if (heel[1] < -1e-3f || ball[1] < -1e-3f)
                fail_msg("%s: the other foot is below the ground at t = %g s (%g m)", what, (double)t,
                         (double)fminf(heel[1], ball[1]));
        }
    }
    free(model);
}

/* The six events, by hand from the parameters: each foot's contact at its
 * half of the cycle (left 0, right 1/2), its heel-off heel_off later and
 * its toe-off stance_fraction later, wrapped into the cycle. */
static void expect_events(const walk_fixture *f, const char *what)
{
    const double period = f->period, beta = f->p.stance_fraction, heel_off = f->p.heel_off;
    printf("%s: %d events\n", what, f->c.event_count);
    EXPECT_INT(6, f->c.event_count);
    EXPECT_NEAR(0, event_time(&f->c, "left_down"), 0);
    EXPECT_NEAR(0.5 * period, event_time(&f->c, "right_down"), 1e-6);
    EXPECT_NEAR(beta * period, event_time(&f->c, "left_up"), 1e-6);
    EXPECT_NEAR(fmod(beta + 0.5, 1.0) * period, event_time(&f->c, "right_up"), 1e-6);
    EXPECT_NEAR(heel_off * period, event_time(&f->c, "left_heel_off"), 1e-6);
    EXPECT_NEAR(fmod(heel_off + 0.5, 1.0) * period, event_time(&f->c, "right_heel_off"), 1e-6);
}

static void contact_poses_put_the_stance_foot_on_the_ground(void **state)
{
    (void)state;
    walk_fixture f;
    gait_params walk = gait_walk(), run = gait_run();
    make_fixture(&f, &humanoid, &walk);
    /* the humanoid's foot: heel under the ankle (z 0), ball under the toes joint (z 0.13), make_humanoid.c */
    EXPECT_NEAR(0.13, f.foot_length[0], 1e-5);
    /* the walk: left_up at 0.6 of the cycle, right_up at 0.6 + 0.5 - 1 = 0.1, heel-offs at 0.35 and 0.85 */
    EXPECT_NEAR(0.1 * 2 / 1.9, event_time(&f.c, "right_up"), 1e-6);
    EXPECT_NEAR(0.85 * 2 / 1.9, event_time(&f.c, "right_heel_off"), 1e-6);
    expect_events(&f, "walk");
    expect_stance_on_the_ground(&f, "walk");
    free_fixture(&f);
    make_fixture(&f, &humanoid, &run);
    /* the run: toe-offs at 0.3 and 0.8, heel-offs at 0.16 and 0.66 */
    EXPECT_NEAR(0.8 * 2 / 3.0, event_time(&f.c, "right_up"), 1e-6);
    EXPECT_NEAR(0.66 * 2 / 3.0, event_time(&f.c, "right_heel_off"), 1e-6);
    expect_events(&f, "run");
    expect_stance_on_the_ground(&f, "run");
    free_fixture(&f);
}

/* In the middle half of its swing (from a quarter to three quarters of the
 * way from its toe-off to its next contact) a swing foot clears the
 * ground: the lowest of its heel, its ball and its toes' sole (the ball's
 * point carried by the toes) is at least 1 cm up (normal minimum toe
 * clearance in walking is 1 to 2 cm: Winter, The Biomechanics and Motor
 * Control of Human Gait, 1991). Measured at 240 times over that half.
 * Returns the lowest. */
static double expect_swing_clearance(const walk_fixture *f, double at_least, const char *what)
{
    mat4 *model = malloc((size_t)f->s->joint_count * sizeof *model);
    const double beta = f->p.stance_fraction, swing = 1 - beta;
    double lowest = INFINITY;
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i <= 240; i++) {
            double u = beta + swing / 4 + swing / 2 * i / 240.0;
            float t = time_after_contact(f, side, u);
            model_pose(f, t, model);
            vec3 heel, ball, toe;
            sole_points(f, model, side, heel, ball);
            toe_point(f, model, side, toe);
            double low = fmin(heel[1], fmin(ball[1], toe[1]));
            lowest = fmin(lowest, low);
            if (!(low >= at_least))
                fail_msg("%s: side %d's swing foot at %g of the cycle after its contact (t = %g s) is %g m up "
                         "(heel %g, ball %g, toes %g), under %g m",
                         what, side, u, (double)t, low, (double)heel[1], (double)ball[1], (double)toe[1], at_least);
        }
    }
    free(model);
    printf("%s: the swing foot clears the ground by %.4g m at least in mid-swing\n", what, lowest);
    return lowest;
}

static void swing_feet_clear_the_ground(void **state)
{
    (void)state;
    walk_fixture f;
    gait_params walk = gait_walk(), run = gait_run();
    make_fixture(&f, &humanoid, &walk);
    expect_swing_clearance(&f, 0.01, "walk");
    free_fixture(&f);
    make_fixture(&f, &humanoid, &run);
    expect_swing_clearance(&f, 0.01, "run");
    free_fixture(&f);
}

/* --- the feet in the world, root motion applied --------------------------------------- */

/* Plays `cycles` cycles at 256 frames a cycle (about 240 Hz for the walk,
 * 380 Hz for the run) from time 0, the root moved by root_motion_advance
 * (heading 0: world = model + root). A foot is planted by hand from its
 * contact to stance_fraction of the cycle after it. The foot must roll, at
 * u of the cycle after its contact:
 *
 *     the heel on the ground (within GAIT_ON_GROUND) for u up to heel_off,
 *     and off it from half way through the heel-off to the toe-off;
 *     the ball off the ground up to half way to foot_flat (the toes up
 *     after the heel strike), and on it from foot_flat to the toe-off,
 *
 * so a planted foot always has a point on the ground that the slide
 * measure sees; and over each frame of the program (1/60 s: here the
 * frames of the 256 closest to it, so it is measured from every 1/256 of
 * the cycle) in which the foot is planted at both ends, its heel and its
 * ball may not move horizontally faster than max_speed while on the ground
 * at both (gait_sole_slide). At no frame may a sole be more than 1 mm under
 * the ground. Returns the root's travel. */
#define SLIDE_HISTORY 16
static float expect_planted_feet_still(const walk_fixture *f, int cycles, double max_speed, const char *what)
{
    const gait_params *p = &f->p;
    const double dt = f->period / 256.0, beta = p->stance_fraction;
    const int frames = 256 * cycles, span = (int)lround(1.0 / 60.0 / dt); /* frames in 1/60 s */
    assert_true(span >= 1 && span < SLIDE_HISTORY);
    mat4 *model = malloc((size_t)f->s->joint_count * sizeof *model);
    float root[3] = {0, 0, 0}, sole_at[SLIDE_HISTORY][2][2][3]; /* frame (ring), side, heel / ball, xyz */
    bool planted_at[SLIDE_HISTORY][2];
    double worst = 0, worst_time = 0, lowest = 0;
    for (int i = 0; i <= frames; i++) {
        double t = i * dt, phase = (i % 256) / 256.0;
        if (i > 0) {
            float delta[3];
            root_motion_advance(&f->rm, fmod((i - 1) * dt, f->period), dt, delta);
            glm_vec3_add(root, delta, root);
        }
        float clip_time = (float)(phase * f->period);
        model_pose(f, clip_time, model);
        const int now = i % SLIDE_HISTORY, then = (i - span + SLIDE_HISTORY) % SLIDE_HISTORY;
        for (int side = 0; side < 2; side++) {
            float(*sole)[3] = sole_at[now][side]; /* heel, ball */
            sole_points(f, model, side, sole[0], sole[1]);
            double u = since_contact(side, phase);
            bool planted = u <= beta + 1e-9;
            planted_at[now][side] = planted;
            if (planted) {
                const bool heel_down = sole[0][1] <= GAIT_ON_GROUND, ball_down = sole[1][1] <= GAIT_ON_GROUND;
                const char *wrong = NULL;
                if (u <= p->heel_off && !heel_down)
                    wrong = "the heel is off the ground before the heel-off";
                else if (u >= (p->heel_off + beta) / 2 && heel_down)
                    wrong = "the heel is still down late in the heel-off";
                else if (u <= p->foot_flat / 2 && ball_down)
                    wrong = "the ball is down right after the heel strike";
                else if (u >= p->foot_flat && !ball_down)
                    wrong = "the ball is off the ground after foot flat";
                if (wrong)
                    fail_msg("%s: side %d at %g of the cycle after its contact (t = %g s): %s (heel %g m, ball %g m)",
                             what, side, u, t, wrong, (double)sole[0][1], (double)sole[1][1]);
            }
            for (int k = 0; k < 2; k++) {
                lowest = fmin(lowest, sole[k][1]);
                glm_vec3_add(sole[k], root, sole[k]);
                if (i >= span && planted && planted_at[then][side]) {
                    double speed = gait_sole_slide(sole[k], sole_at[then][side][k], span * dt);
                    if (speed > worst) {
                        worst = speed;
                        worst_time = t;
                    }
                }
            }
        }
    }
    free(model);
    printf("%s: the fastest planted sole point on the ground moves at %.4g m/s\n", what, worst);
    if (!(worst <= max_speed))
        fail_msg("%s: a planted sole point moves at %g m/s at t = %g s (at most %g)", what, worst, worst_time,
                 max_speed);
    if (lowest < -1e-3)
        fail_msg("%s: a sole goes %g m under the ground", what, -lowest);
    return root[2];
}

/* The bound: 0.01 m/s, the foot-slide limit for --check-walk. Keys
 * put the foot exactly where the stance has it; between keys the slerped
 * leg angles bow the foot's path a little (128 keys a cycle keep that well
 * under the bound, the x0.8 legs below included). */
static void planted_feet_stay_still_and_push_the_root(void **state)
{
    (void)state;
    walk_fixture f;
    gait_params walk = gait_walk(), run = gait_run();
    make_fixture(&f, &humanoid, &walk);
    /* three cycles carry the root three strides: 3 * 1.2 m */
    float travelled = expect_planted_feet_still(&f, 3, 0.01, "walk");
    EXPECT_NEAR(3.6, travelled, 1e-3);
    /* one loop's offset: a stride straight forward */
    EXPECT_VEC3(0, 0, 1.2, f.rm.loop_offset, 1e-5);
    free_fixture(&f);
    make_fixture(&f, &humanoid, &run);
    travelled = expect_planted_feet_still(&f, 3, 0.01, "run");
    EXPECT_NEAR(5.4, travelled, 1e-3); /* 3 * 1.8 m */
    free_fixture(&f);
}

/* The pelvis track's height at clip time t. */
static float pelvis_height(const walk_fixture *f, double t, transform *pose)
{
    clip_sample(&f->c, (float)t, NULL, pose);
    return pose[f->g.hips].translation[1];
}

/* The clip loops in place: its last key is its first (the pose at the
 * duration equals the pose at 0), the pelvis track keeps one horizontal
 * place, and the pelvis in the world (root + clip) moves on smoothly across
 * the wrap: from 1 ms before it to 1 ms after, it moves 2 ms of walking at
 * 1.14 m/s (2.3 mm), not back by a stride.
 *
 * The bob stays in the clip, and it is a walker's: the pelvis vaults over
 * the stance leg, lowest with both feet down at a contact and highest at
 * mid-stance (mid_stance after the contact, the hip over the flat foot's
 * ankle), at least 5 mm between them for each foot; and its whole range is
 * less than a compass gait's, stiff legs pivoting on points with the hip
 * half way between the feet at double support: L - sqrt(L^2 - (S / 4)^2)
 * with the legs' L = 0.42 + 0.41 m and the stride S = 1.2 m, 0.83 -
 * sqrt(0.6889 - 0.09) = 0.0561 m (the knee and the rolling foot flatten a
 * walker's bob: Saunders, Inman and Eberhart, The major determinants in
 * normal and pathological gait, 1953). */
static void the_loop_has_no_jump_at_the_wrap(void **state)
{
    (void)state;
    walk_fixture f;
    gait_params walk = gait_walk();
    make_fixture(&f, &humanoid, &walk);
    int n = f.s->joint_count;
    transform *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    clip_sample(&f.c, 0, NULL, a);
    clip_sample(&f.c, f.c.duration, NULL, b);
    for (int j = 0; j < n; j++) {
        EXPECT_VEC3(a[j].translation[0], a[j].translation[1], a[j].translation[2], b[j].translation, 1e-5);
        double dot = 0;
        for (int i = 0; i < 4; i++)
            dot += (double)a[j].rotation[i] * b[j].rotation[i];
        EXPECT_NEAR(1, fabs(dot), 1e-6);
    }
    const track *pelvis = NULL;
    for (int t = 0; t < f.c.track_count; t++)
        if (f.c.tracks[t].joint == f.g.hips && f.c.tracks[t].path == TRACK_TRANSLATION)
            pelvis = &f.c.tracks[t];
    assert_non_null(pelvis);
    float y_low = INFINITY, y_high = -INFINITY;
    for (int k = 0; k < pelvis->key_count; k++) {
        EXPECT_NEAR(pelvis->values[0], pelvis->values[3 * k], 1e-6);
        EXPECT_NEAR(pelvis->values[2], pelvis->values[3 * k + 2], 1e-6);
        y_low = fminf(y_low, pelvis->values[3 * k + 1]);
        y_high = fmaxf(y_high, pelvis->values[3 * k + 1]);
    }
    const double compass = 0.83 - sqrt(0.83 * 0.83 - 0.3 * 0.3);
    printf("walk: the pelvis bobs by %.4g m (a compass gait's %.4g m)\n", (double)(y_high - y_low), compass);
    if (!(y_high - y_low < compass))
        fail_msg("walk: the pelvis bobs by %g m, more than a compass gait's %g m", (double)(y_high - y_low), compass);
    for (int side = 0; side < 2; side++) {
        float contact = pelvis_height(&f, time_after_contact(&f, side, 0), a);
        float mid = pelvis_height(&f, time_after_contact(&f, side, walk.mid_stance), a);
        if (!(mid - contact >= 0.005f))
            fail_msg("walk: the pelvis at %g m at side %d's contact and %g m at its mid-stance: not vaulting over "
                     "the stance leg",
                     (double)contact, side, (double)mid);
    }

    const double eps = 1e-3, before = f.c.duration - eps;
    float step[3], pelvis_before[3], pelvis_after[3];
    root_motion_advance(&f.rm, before, 2 * eps, step); /* across the wrap */
    clip_sample(&f.c, (float)before, NULL, a);
    clip_sample(&f.c, (float)eps, NULL, b);
    glm_vec3_copy(a[f.g.hips].translation, pelvis_before);
    glm_vec3_add(b[f.g.hips].translation, step, pelvis_after);
    EXPECT_NEAR(2 * eps * f.g.speed, pelvis_after[2] - pelvis_before[2], 2e-4);
    EXPECT_NEAR(0, pelvis_after[0] - pelvis_before[0], 1e-5);
    /* backwards across the wrap: the same way back */
    root_motion_advance(&f.rm, eps, -2 * eps, step);
    EXPECT_NEAR(-2 * eps * f.g.speed, step[2], 2e-4);
    free(a);
    free(b);
    free_fixture(&f);
}

/* A run has a flight phase: half way between a toe-off and the other foot's
 * contact both soles are off the ground (more than 1 cm), and the pelvis
 * flies: it is higher there than at the middle of a stance (a runner's leg
 * is a spring, compressed under the body: the other way round from the
 * walk's vault). A walk has double support instead: half way between a
 * contact and the other foot's toe-off both feet are down, the one that
 * has just landed on its heel (its ball still up) and the other on its ball
 * (its heel up). The arms swing against the legs: at the left contact the
 * left leg is forward, so the left hand is behind the right one. */
static void run_flies_walk_has_double_support_arms_counter_swing(void **state)
{
    (void)state;
    walk_fixture f;
    gait_params walk = gait_walk(), run = gait_run();
    mat4 *model = malloc((size_t)humanoid.joint_count * sizeof *model);
    transform *pose = malloc((size_t)humanoid.joint_count * sizeof *pose);
    vec3 heel[2], ball[2];

    make_fixture(&f, &humanoid, &run);
    float flight = (0.3f + 0.5f) / 2 * (float)f.period; /* left toe-off 0.3, right contact 0.5 */
    model_pose(&f, flight, model);
    for (int side = 0; side < 2; side++) {
        sole_points(&f, model, side, heel[side], ball[side]);
        if (!(heel[side][1] > 0.01f && ball[side][1] > 0.01f))
            fail_msg("run: in flight side %d is at %g / %g m, not off the ground", side, (double)heel[side][1],
                     (double)ball[side][1]);
        EXPECT_TRUE(!gait_foot_planted(&f.g, (gait_side)side, flight / (float)f.period));
    }
    float flying = pelvis_height(&f, flight, pose),
          stance = pelvis_height(&f, run.stance_fraction / 2 * f.period, pose);
    if (!(flying > stance))
        fail_msg("run: the pelvis at %g m in flight, %g m in the middle of the left stance (0.15 of the cycle)",
                 (double)flying, (double)stance);
    free_fixture(&f);

    make_fixture(&f, &humanoid, &walk);
    float both = 0.05f * (float)f.period; /* left contact 0, right toe-off 0.1 */
    model_pose(&f, both, model);
    for (int side = 0; side < 2; side++) {
        sole_points(&f, model, side, heel[side], ball[side]);
        EXPECT_TRUE(gait_foot_planted(&f.g, (gait_side)side, 0.05f));
    }
    /* the left on its heel, toes up; the right on its ball, heel up */
    if (!(heel[0][1] <= GAIT_ON_GROUND && ball[0][1] > GAIT_ON_GROUND && ball[1][1] <= GAIT_ON_GROUND &&
          heel[1][1] > GAIT_ON_GROUND))
        fail_msg("walk: in double support the left heel is at %g m, its ball %g m; the right heel %g m, its ball "
                 "%g m",
                 (double)heel[0][1], (double)ball[0][1], (double)heel[1][1], (double)ball[1][1]);
    EXPECT_TRUE(heel[0][1] >= -1e-3f && ball[1][1] >= -1e-3f);
    model_pose(&f, 0, model);
    int left_hand = skeleton_find(&humanoid, "left_hand"), right_hand = skeleton_find(&humanoid, "right_hand");
    EXPECT_TRUE(model[f.g.leg[0].foot][3][2] > model[f.g.leg[1].foot][3][2]); /* left foot ahead */
    EXPECT_TRUE(model[left_hand][3][2] < model[right_hand][3][2] - 0.05f);    /* left hand behind */
    free(model);
    free(pose);
    free_fixture(&f);
}

/* --- a scaled character ------------------------------------------------------------------ */

/* The humanoid with everything below the hips scaled by k (the shins' and
 * feet's and toes' offsets), the hips lowered so that it still stands on
 * y = 0: the hip joints are at height 0.92 m, the scaled legs reach k * 0.92
 * below them, so the hips come down by (1 - k) * 0.92 m. */
static void scaled_legs(float k, skeleton *out)
{
    sa_error err;
    const char *names[] = {"left_thigh", "right_thigh", "left_shin", "right_shin",
                           "left_foot",  "right_foot",  "left_toes", "right_toes"};
    int count = humanoid.joint_count, *parent = malloc((size_t)count * sizeof *parent);
    transform *rest = malloc((size_t)count * sizeof *rest);
    memcpy(rest, humanoid.rest_local, (size_t)count * sizeof *rest);
    /* skeleton_from_arrays wants input parents; the humanoid is sorted already */
    memcpy(parent, humanoid.parent, (size_t)count * sizeof *parent);
    mat4 *model = malloc((size_t)count * sizeof *model);
    skeleton_local_to_model(&humanoid, humanoid.rest_local, model);
    float hip_height = model[skeleton_find(&humanoid, "left_thigh")][3][1];
    EXPECT_NEAR(0.92, hip_height, 1e-5); /* make_humanoid.c's thigh head */
    for (int n = 2; n < 8; n++)
        glm_vec3_scale(rest[skeleton_find(&humanoid, names[n])].translation, k,
                       rest[skeleton_find(&humanoid, names[n])].translation);
    rest[skeleton_find(&humanoid, "hips")].translation[1] -= (1 - k) * hip_height;
    if (!skeleton_from_arrays(count, parent, (const char *const *)humanoid.name, rest, out, &err))
        fail_msg("skeleton_from_arrays: %s", err.message);
    free(model);
    free(rest);
    free(parent);
}

/* Legs x0.8 and x1.25 walking the humanoid's walk: the generator measures
 * them, and their feet roll and stay planted as the humanoid's do (the
 * swing's clearance is the humanoid's case only: the swing's angles are the
 * preset's whatever the legs). */
static void scaled_legs_still_plant_their_feet(void **state)
{
    (void)state;
    const float scales[] = {0.8f, 1.25f};
    for (int i = 0; i < 2; i++) {
        skeleton s;
        scaled_legs(scales[i], &s);
        walk_fixture f;
        gait_params walk = gait_walk();
        make_fixture(&f, &s, &walk);
        /* the generator measured the scaled legs: 0.42 m and 0.41 m times k */
        EXPECT_NEAR(0.42 * scales[i], f.g.leg[0].thigh_length, 1e-5);
        EXPECT_NEAR(0.41 * scales[i], f.g.leg[1].shin_length, 1e-5);
        char what[64];
        snprintf(what, sizeof what, "walk, legs x%g", (double)scales[i]);
        /* the foot, heel to ball: 0.13 m times k */
        EXPECT_NEAR(0.13 * scales[i], f.foot_length[0], 1e-5);
        expect_stance_on_the_ground(&f, what);
        expect_planted_feet_still(&f, 2, 0.01, what);
        free_fixture(&f);
        skeleton_free(&s);
    }
}

/* --- turning ------------------------------------------------------------------------------- */

/* Heading h turns about +Y: (0, 0, 1) forward becomes (sin h, 0, cos h), so
 * pi / 2 walks along +X and pi back along -Z; a sideways (1, 0, 0) becomes
 * (cos h, 0, -sin h). */
static void root_motion_turns_with_the_heading(void **state)
{
    (void)state;
    float out[3];
    root_motion_turn((const float[]){0, 0, 1}, GLM_PIf / 2, out);
    EXPECT_VEC3(1, 0, 0, out, 1e-6);
    root_motion_turn((const float[]){0, 0.5f, 2}, GLM_PIf, out);
    EXPECT_VEC3(0, 0.5, -2, out, 1e-6);
    root_motion_turn((const float[]){1, 0, 0}, GLM_PIf / 6, out);
    EXPECT_VEC3(0.8660254, 0, -0.5, out, 1e-6);
    /* the root's matrix agrees: its +Z column is the heading */
    mat4 m;
    root_world_from_model((const float[]){1, 2, 3}, GLM_PIf / 2, m);
    vec4 forward = {0, 0, 1, 1}, moved;
    glm_mat4_mulv(m, forward, moved);
    EXPECT_VEC3(2, 2, 3, moved, 1e-6);
}

/* --- bad input ------------------------------------------------------------------------------ */

static void expect_gait_error(const skeleton *s, const gait_params *p, const char *part)
{
    gait g;
    sa_error err;
    if (gait_init(&g, s, p, &err)) {
        gait_free(&g);
        fail_msg("expected an error with \"%s\"", part);
    }
    EXPECT_STR_CONTAINS(err.message, part);
    EXPECT_TRUE(strchr(err.message, '\n') == NULL);
}

static void bad_input_is_one_line_naming_it(void **state)
{
    (void)state;
    gait_params p = gait_walk();
    p.stride_length = 0;
    expect_gait_error(&humanoid, &p, "stride_length is 0");
    p.stride_length = -1;
    expect_gait_error(&humanoid, &p, "stride_length is -1");
    p = gait_walk();
    p.cadence = 0;
    expect_gait_error(&humanoid, &p, "cadence is 0");
    p.cadence = -2;
    expect_gait_error(&humanoid, &p, "cadence is -2");
    p = gait_walk();
    p.stride_length = 3; /* 60% of 3 m under one foot: 0.9 m each side of a 0.81 m reach */
    expect_gait_error(&humanoid, &p, "too long for these legs");

    gait_params base = gait_walk(), out;
    sa_error err;
    EXPECT_TRUE(!gait_at_speed(&base, 0, &out, &err));
    EXPECT_STR_CONTAINS(err.message, "speed is 0 m/s");
    EXPECT_TRUE(!gait_at_speed(&base, -1.5f, &out, &err));
    EXPECT_STR_CONTAINS(err.message, "speed is -1.5 m/s");
    /* twice the speed: stride and cadence each sqrt(2) times */
    EXPECT_TRUE(gait_at_speed(&base, 2 * 1.2f * 1.9f / 2, &out, &err));
    EXPECT_NEAR(1.2 * sqrt(2), out.stride_length, 1e-5);
    EXPECT_NEAR(1.9 * sqrt(2), out.cadence, 1e-5);

    /* each joint the generator needs, renamed away: the error names it */
    const char *needed[] = {"hips", "left_thigh", "left_shin", "left_foot", "right_thigh", "right_shin", "right_foot"};
    for (int n = 0; n < 7; n++) {
        int j = skeleton_find(&humanoid, needed[n]);
        char *name = humanoid.name[j];
        humanoid.name[j] = "renamed";
        char want[64];
        snprintf(want, sizeof want, "no joint '%s'", needed[n]);
        p = gait_walk();
        expect_gait_error(&humanoid, &p, want);
        humanoid.name[j] = name;
    }
}

/* The humanoid with one joint's parent or rest scale changed (the input is
 * parents first already, and stays so: every new parent comes earlier). */
static void changed_humanoid(const char *joint, const char *new_parent, const float scale[3], skeleton *out)
{
    int count = humanoid.joint_count, j = skeleton_find(&humanoid, joint);
    int *parent = malloc((size_t)count * sizeof *parent);
    transform *rest = malloc((size_t)count * sizeof *rest);
    memcpy(parent, humanoid.parent, (size_t)count * sizeof *parent);
    memcpy(rest, humanoid.rest_local, (size_t)count * sizeof *rest);
    if (new_parent)
        parent[j] = skeleton_find(&humanoid, new_parent);
    glm_vec3_copy((float *)scale, rest[j].scale);
    sa_error err;
    if (!skeleton_from_arrays(count, parent, (const char *const *)humanoid.name, rest, out, &err))
        fail_msg("skeleton_from_arrays: %s", err.message);
    free(parent);
    free(rest);
}

/* The skeleton's shape: the leg solve needs thigh -> shin -> foot, the root
 * motion a pelvis at the root (the node "humanoid" holds the mesh), the
 * rotations unit scale. Each error names the joint. */
static void a_skeleton_of_the_wrong_shape_is_one_line(void **state)
{
    (void)state;
    gait_params p = gait_walk();
    skeleton s;
    const float unit[3] = {1, 1, 1};
    changed_humanoid("left_shin", "hips", unit, &s); /* the knee hangs from the pelvis */
    expect_gait_error(&s, &p, "'left_shin' must be the child of 'left_thigh'");
    skeleton_free(&s);
    changed_humanoid("hips", "humanoid", unit, &s);
    expect_gait_error(&s, &p, "'hips' must be a root");
    skeleton_free(&s);
    changed_humanoid("right_thigh", NULL, (float[3]){2, 1, 1}, &s);
    expect_gait_error(&s, &p, "joint 'right_thigh' has scale 2 1 1");
    skeleton_free(&s);
    /* every axis of the scale, not only x: a leg joint stretched along z,
     * and one along y */
    changed_humanoid("left_shin", NULL, (float[3]){1, 1, 2}, &s);
    expect_gait_error(&s, &p, "joint 'left_shin' has scale 1 1 2");
    skeleton_free(&s);
    changed_humanoid("right_foot", NULL, (float[3]){1, 2, 1}, &s);
    expect_gait_error(&s, &p, "joint 'right_foot' has scale 1 2 1");
    skeleton_free(&s);
}

static int load_humanoid(void **state)
{
    (void)state;
    return test_load_humanoid_skeleton(&humanoid) ? 0 : -1;
}

/* --- locomotion: walk and run blended by speed ------------------------------------ */

/* The walk and the run of the humanoid, made once per test. */
typedef struct blend_fixture {
    walk_clip walk, run;
    locomotion_job job;
    transform *walk_pose, *run_pose, *pose;
    mat4 *model;
    vec4 heel_local[2], ball_local[2]; /* the sole in the foot joint's frame (the walk fixture's) */
    foot_lock lock;
} blend_fixture;

static void make_blend(blend_fixture *b)
{
    sa_error err;
    gait_params walk = gait_walk(), run = gait_run();
    if (!walk_clip_make(&humanoid, &walk, "walk", &b->walk, &err) ||
        !walk_clip_make(&humanoid, &run, "run", &b->run, &err))
        fail_msg("walk_clip_make: %s", err.message);
    int n = humanoid.joint_count;
    b->walk_pose = malloc((size_t)n * sizeof *b->walk_pose);
    b->run_pose = malloc((size_t)n * sizeof *b->run_pose);
    b->pose = malloc((size_t)n * sizeof *b->pose);
    b->model = malloc((size_t)n * sizeof *b->model);
    if (!locomotion_job_init(&b->job, &b->walk, &b->run, NULL, NULL, b->walk_pose, b->run_pose, &err))
        fail_msg("locomotion_job_init: %s", err.message);
    walk_fixture f;
    make_fixture(&f, &humanoid, &walk);
    for (int side = 0; side < 2; side++) {
        glm_vec4_copy(f.heel_local[side], b->heel_local[side]);
        glm_vec4_copy(f.ball_local[side], b->ball_local[side]);
    }
    free_fixture(&f);
    if (!foot_lock_init(&b->lock, &b->job, &err))
        fail_msg("foot_lock_init: %s", err.message);
}

static void free_blend(blend_fixture *b)
{
    walk_clip_free(&b->walk);
    walk_clip_free(&b->run);
    free(b->walk_pose);
    free(b->run_pose);
    free(b->pose);
    free(b->model);
}

/* The blended stance by hand, from the gaits' parameters (not the clips'
 * events the lock reads): each foot down for 0.6 of the walk's cycle of
 * 1.2 m and 0.3 of the run's of 1.8 m, blended by weight times stride. */
static double hand_stance(double w)
{
    double walk = (1 - w) * 1.2, run = w * 1.8;
    return (walk * 0.6 + run * 0.3) / (walk + run);
}

/* The blended stance is weighted by stride (the distance the hip travels
 * over each clip's stance), not by the weight alone. Strides 1.2 and 1.8 m,
 * stances 0.6 and 0.3 of the cycle, weight 0.5: walk 0.5 x 1.2 = 0.6 and
 * run 0.5 x 1.8 = 0.9 metres of stride, so (0.6 x 0.6 + 0.9 x 0.3) / (0.6 +
 * 0.9) = 0.63 / 1.5 = 0.42 (weighted by the weight alone it would be 0.45).
 * The ends are each clip's own stance. And the lock that foot_lock_init
 * fills from the humanoid's walk and run clips (their events, their speeds
 * and periods) gives the same. */
static void the_stance_blend_is_weighted_by_stride(void **state)
{
    (void)state;
    foot_lock lock = {.stride = {1.2f, 1.8f}, .stance = {{0.6f, 0.6f}, {0.3f, 0.3f}}};
    for (int side = 0; side < 2; side++) {
        EXPECT_NEAR(0.42, foot_lock_stance(&lock, (gait_side)side, 0.5f), 1e-6);
        EXPECT_NEAR(0.6, foot_lock_stance(&lock, (gait_side)side, 0.0f), 1e-6);
        EXPECT_NEAR(0.3, foot_lock_stance(&lock, (gait_side)side, 1.0f), 1e-6);
        EXPECT_NEAR(hand_stance(0.25), foot_lock_stance(&lock, (gait_side)side, 0.25f), 1e-6);
    }
    blend_fixture b;
    make_blend(&b);
    for (int side = 0; side < 2; side++)
        EXPECT_NEAR(0.42, foot_lock_stance(&b.lock, (gait_side)side, 0.5f), 1e-4);
    free_blend(&b);
}

typedef struct lock_result {
    double slide; /* m/s: the fastest a planted sole point on the ground moves horizontally, world (gait_sole_slide) */
    double worst_speed; /* m/s: the desired speed at that frame */
    double lowest;      /* m: the lowest a planted sole point goes (0: on the ground) */
    double hover;       /* m: the highest a planted foot's lower sole point is (0: it stands on the ground) */
    int planted, agree; /* frames x feet planted by hand, and of them planted by the lock too */
    double ankle;       /* m/s: the fastest an ankle moves in the world, planted or not */
} lock_result;

/* Plays `frames` frames of 1/240 s at speed(frame) from phase 0 through
 * locomotion_frame and (when `lock`) foot_lock_apply, the root moved by
 * the blended root motion; soles measured as expect_planted_feet_still
 * does (heel and ball, the slide over 1/60 s, 4 frames, counted on the
 * ground only, measured at every frame). A foot
 * counts as planted by hand from the frame its phase crosses its contact
 * (0 for the left, 1/2 for the right) to the frame it reaches
 * hand_stance(w) of the cycle after it, w of that frame; at phase 0 the
 * left foot is planted and the right (since 1/2, not yet past its stance)
 * too. A planted foot stands on the ground on one point at least (the heel
 * after the strike, the ball after foot flat): the lower of its two is
 * within GAIT_ON_GROUND of it, or `hover` says how far it is not. */
static lock_result locked_slide(blend_fixture *b, int frames, float (*speed)(int frame), bool lock)
{
    const double dt = 1.0 / 240.0;
    enum { SPAN = 4 }; /* frames in 1/60 s */
    float root[3] = {0, 0, 0}, sole_at[SPAN][2][2][3] = {{{{0}}}}, last_ankle[2][3] = {{0}};
    double since[2] = {1, 1}; /* each foot's phase since its contact, the frame before: a contact at the first frame */
    bool planted[2] = {false, false}, planted_at[SPAN][2] = {{false}};
    lock_result r = {0};
    r.lowest = INFINITY, r.hover = -INFINITY;
    b->job.sync = (locomotion_sync_state){0};
    b->lock.started = false;
    for (int i = 0; i < frames; i++) {
        float v = speed(i), delta[3];
        locomotion_frame(&b->job, v, i > 0 ? dt : 0, b->pose, delta);
        glm_vec3_add(root, delta, root);
        mat4 world_from_model;
        root_world_from_model(root, 0, world_from_model);
        if (lock)
            foot_lock_apply(&b->lock, &b->job, world_from_model, b->pose, b->model);
        else
            skeleton_local_to_model(&humanoid, b->pose, b->model);
        for (int side = 0; side < 2; side++) {
            double own = b->job.sync.phase - 0.5 * side;
            own -= floor(own);
            if (own < since[side])
                planted[side] = true;
            if (own >= hand_stance(b->job.sync.weight))
                planted[side] = false;
            since[side] = own;
            if (planted[side]) {
                r.planted++;
                r.agree += lock && b->lock.foot[side].planted;
            }
            vec4 local[2] = {{0}}, sole;
            glm_vec4_copy(b->heel_local[side], local[0]);
            glm_vec4_copy(b->ball_local[side], local[1]);
            double low = INFINITY;
            const int now = i % SPAN; /* and i - SPAN, the same slot until it is overwritten */
            for (int p = 0; p < 2; p++) {
                glm_mat4_mulv(b->model[b->walk.g.leg[side].foot], local[p], sole);
                float world[3] = {sole[0] + root[0], sole[1], sole[2] + root[2]};
                low = fmin(low, world[1]);
                if (planted[side])
                    r.lowest = fmin(r.lowest, world[1]);
                if (i >= SPAN && planted[side] && planted_at[now][side]) {
                    double slide = gait_sole_slide(world, sole_at[now][side][p], SPAN * dt);
                    if (slide > r.slide) {
                        r.slide = slide;
                        r.worst_speed = v;
                    }
                }
                glm_vec3_copy(world, sole_at[now][side][p]);
            }
            planted_at[now][side] = planted[side];
            if (planted[side])
                r.hover = fmax(r.hover, low);
            const float *ankle = b->model[b->walk.g.leg[side].foot][3];
            float world[3] = {ankle[0] + root[0], ankle[1], ankle[2] + root[2]};
            if (i > 0)
                r.ankle = fmax(r.ankle, glm_vec3_distance(world, last_ankle[side]) / dt);
            glm_vec3_copy(world, last_ankle[side]);
        }
    }
    return r;
}

static float blend_speed;
static float steady_speed(int frame)
{
    (void)frame;
    return blend_speed;
}

/* At the walk's 1.14 m/s and the run's 2.7 m/s, played through the blend
 * alone, a planted foot's heel and ball stay still in the world while on
 * the ground, root motion applied: under the 0.01 m/s of --check-walk, over
 * two cycles of the walk; and the foot stands on the ground all through its
 * stance (one sole point within GAIT_ON_GROUND). Between them the blend
 * alone slides them (printed: the foot lock's tests below bound it). The
 * weight is the run's share of the speed range, by hand: k / 4 at the k-th
 * quarter. */
static void locomotion_plants_the_feet_at_the_walk_and_run_speeds(void **state)
{
    (void)state;
    blend_fixture b;
    make_blend(&b);
    const float vw = b.walk.g.speed, vr = b.run.g.speed;
    for (int k = 0; k <= 4; k++) {
        blend_speed = vw + (vr - vw) * (float)k / 4.0f;
        lock_result r = locked_slide(&b, 480, steady_speed, false);
        printf("locomotion at %.3f m/s (weight %.2f), the blend alone: the fastest planted sole point moves at %.4g "
               "m/s, its lower sole point up to %.4g m\n",
               (double)blend_speed, (double)b.job.sync.weight, r.slide, r.hover);
        EXPECT_NEAR(k / 4.0, b.job.sync.weight, 1e-5);
        if ((k == 0 || k == 4) && !(r.slide <= 0.01))
            fail_msg("locomotion at %g m/s: a planted sole point moves at %g m/s (at most 0.01)", (double)blend_speed,
                     r.slide);
        if ((k == 0 || k == 4) && !(r.hover <= GAIT_ON_GROUND && r.lowest >= -1e-3))
            fail_msg("locomotion at %g m/s: a planted foot stands %g m over the ground, a sole point at %g m",
                     (double)blend_speed, r.hover, r.lowest);
    }
    free_blend(&b);
}

/* A ramp from the walk's speed to the run's and back over 4 s: the two
 * clips' normalized times stay equal every frame, and the phase moves
 * forward every frame by less than 0.01 of a cycle (at most the run's 1.5
 * cycles/s times 1/240 s = 0.00625) apart from its wrap: no stutter, no
 * jump. (The feet on this ramp: the_foot_lock_holds_through_a_ramp_and_sudden_changes.) */
static float ramp_speed(int frame)
{
    float u = (float)(frame < 480 ? frame : 960 - frame) / 480.0f;
    return 1.14f + (2.7f - 1.14f) * u;
}

static void a_speed_ramp_keeps_the_clips_in_phase(void **state)
{
    (void)state;
    blend_fixture b;
    make_blend(&b);
    b.job.sync = (locomotion_sync_state){0};
    double last = 0;
    for (int i = 0; i < 960; i++) {
        float delta[3];
        locomotion_frame(&b.job, ramp_speed(i), 1.0 / 240.0, b.pose, delta);
        const locomotion_sync_state *s = &b.job.sync;
        if (!(fabs(s->walk_time / b.walk.g.period - s->run_time / b.run.g.period) <= 1e-6))
            fail_msg("frame %d: walk at %g of its cycle, run at %g", i, s->walk_time / b.walk.g.period,
                     s->run_time / b.run.g.period);
        double step = s->phase - last;
        if (step < 0)
            step += 1; /* the wrap */
        if (!(step > 0 && step < 0.01))
            fail_msg("frame %d: the phase jumped from %g to %g", i, last, s->phase);
        last = s->phase;
    }
    free_blend(&b);
}

/* --- the foot lock: planted feet held between the gaits ---------------------------- */

/* Between the walk's speed and the run's (w = 1/8, 1/4, 1/2, 3/4, 7/8) the
 * blend alone slides a planted foot (printed), and with the foot lock its
 * heel and ball stay still in the world while on the ground, under
 * --check-walk's 0.01 m/s, and the foot stands on the ground (its lower
 * sole point within GAIT_ON_GROUND, none more than 1 mm under it) over 4 s,
 * the stance by hand; the lock's
 * own stance (from the events) agrees with the hand's on all but the frames
 * where the two round a toe-off differently (at most 1%). */
static void the_foot_lock_plants_the_feet_between_walk_and_run(void **state)
{
    (void)state;
    blend_fixture b;
    make_blend(&b);
    const float vw = b.walk.g.speed, vr = b.run.g.speed;
    const int eighths[] = {1, 2, 4, 6, 7};
    for (int k = 0; k < 5; k++) {
        blend_speed = vw + (vr - vw) * (float)eighths[k] / 8.0f;
        lock_result alone = locked_slide(&b, 960, steady_speed, false);
        lock_result r = locked_slide(&b, 960, steady_speed, true);
        printf("locomotion at %.3f m/s (weight %.3f): a planted sole moves at %.4g m/s alone, %.4g m/s with the "
               "foot lock (its lower sole point up to %.4g m, a sole point down to %.4g m); the fastest ankle %.4g / "
               "%.4g m/s\n",
               (double)blend_speed, (double)b.job.sync.weight, alone.slide, r.slide, r.hover, r.lowest, alone.ankle,
               r.ankle);
        EXPECT_NEAR(eighths[k] / 8.0, b.job.sync.weight, 1e-5);
        if (!(r.slide <= 0.01))
            fail_msg("locomotion at %g m/s with the foot lock: a planted sole moves at %g m/s (at most 0.01)",
                     (double)blend_speed, r.slide);
        if (!(r.lowest >= -1e-3 && r.hover <= GAIT_ON_GROUND))
            fail_msg("locomotion at %g m/s with the foot lock: a planted foot stands %g m over the ground, a sole "
                     "point at %g m",
                     (double)blend_speed, r.hover, r.lowest);
        if (!(r.ankle <= 1.02 * alone.ankle))
            fail_msg("locomotion at %g m/s: with the foot lock an ankle moves at %g m/s, the blend alone at most %g: "
                     "the release pops",
                     (double)blend_speed, r.ankle, alone.ankle);
        if (!(r.planted > 0 && r.agree >= 0.99 * r.planted))
            fail_msg("locomotion at %g m/s: the lock plants a foot on %d of the %d frames the stance has",
                     (double)blend_speed, r.agree, r.planted);
    }
    free_blend(&b);
}

/* Sudden changes: 1 s at the walk's speed, 1 s at the run's, 1 s at 1.53
 * m/s (w = 1/4), 1 s at 2.31 (w = 3/4), then the ramp back down to the walk. */
static float step_speed(int frame)
{
    static const float held[] = {1.14f, 2.7f, 1.53f, 2.31f};
    return frame < 960 ? held[frame / 240] : ramp_speed(frame - 960 + 480);
}

/* The ramp of a_speed_ramp_keeps_the_clips_in_phase (1.14 -> 2.7 -> 1.14
 * m/s over 4 s) and the sudden changes above: with the foot lock a planted
 * sole point on the ground stays under 0.01 m/s and the foot stands on the
 * ground while the weight changes under it, the stance by hand. */
static void the_foot_lock_holds_through_a_ramp_and_sudden_changes(void **state)
{
    (void)state;
    blend_fixture b;
    make_blend(&b);
    float (*speeds[2])(int) = {ramp_speed, step_speed};
    const char *what[2] = {"ramp 1.14 -> 2.7 -> 1.14 m/s", "sudden changes"};
    for (int k = 0; k < 2; k++) {
        lock_result alone = locked_slide(&b, 960, speeds[k], false);
        lock_result r = locked_slide(&b, 960, speeds[k], true);
        printf("locomotion %s: a planted sole moves at %.4g m/s alone (at %.3g m/s), %.4g m/s with the foot lock "
               "(at %.3g m/s; its lower sole point up to %.4g m, a sole point down to %.4g m); the fastest ankle %.4g "
               "/ %.4g m/s\n",
               what[k], alone.slide, alone.worst_speed, r.slide, r.worst_speed, r.hover, r.lowest, alone.ankle,
               r.ankle);
        if (!(r.slide <= 0.01))
            fail_msg("locomotion %s with the foot lock: a planted sole moves at %g m/s at %g m/s (at most 0.01)",
                     what[k], r.slide, r.worst_speed);
        if (!(r.lowest >= -1e-3 && r.hover <= GAIT_ON_GROUND))
            fail_msg("locomotion %s with the foot lock: a planted foot stands %g m over the ground, a sole point at "
                     "%g m",
                     what[k], r.hover, r.lowest);
        /* the ramp's weight changes smoothly: the release must not be faster than the blend (the sudden changes
         * move every joint in one frame, the blend's own pop) */
        if (k == 0 && !(r.ankle <= 1.02 * alone.ankle))
            fail_msg("locomotion %s: with the foot lock an ankle moves at %g m/s, the blend alone at most %g: the "
                     "release pops",
                     what[k], r.ankle, alone.ankle);
    }
    free_blend(&b);
}

/* The pelvis comes back up eased after a lowering, never snapping. The
 * ease is foot_lock.c's: the drop falls as 1 - s(u) of the value it eases
 * from, s(u) = 3u^2 - 2u^3 (smoothstep), u the phase since the ease began
 * over FOOT_LOCK_RELEASE = 0.1 of the cycle. s's slope is at most 3/2, at
 * u = 1/2. The fastest cycle is the run's: cadence 3 steps/s, 1.5 cycles/s,
 * so one frame of 1/240 s is 1.5 / 240 = 0.00625 of the cycle, 0.0625 of
 * the ease, and the most one frame takes off is s(1/2 + h) - s(1/2 - h) =
 * 3h - 4h^3 with h = 0.03125: 0.09375 - 0.00012 = 0.0936 of the value it
 * eases from, under 0.094. Played at 240 Hz through --check-walk's speed
 * changes (locomotion_check_speed: the pelvis comes down on the ramp to the
 * walk and at the sudden slow-down), each lowering (the frames from the
 * drop leaving 0 to its return to 0) falls by at most 0.094 of its own
 * largest value a frame; the lowering must be there to ease back from
 * (over 1 cm at the slow-down). */
static void the_pelvis_eases_back_up_after_a_lowering(void **state)
{
    (void)state;
    blend_fixture b;
    make_blend(&b);
    const double dt = 1.0 / 240.0;
    float root[3] = {0, 0, 0}, last = 0, peak = 0, largest = 0;
    double worst = 0; /* the largest fall in one frame over its lowering's largest value */
    int worst_frame = -1;
    b.job.sync = (locomotion_sync_state){0};
    b.lock.started = false;
    for (int i = 0; i < 2400; i++) {
        float delta[3];
        locomotion_frame(&b.job, locomotion_check_speed((i - 0.5) * dt), i > 0 ? dt : 0, b.pose, delta);
        glm_vec3_add(root, delta, root);
        mat4 world_from_model;
        root_world_from_model(root, 0, world_from_model);
        /* the drop as the pose shows it: the hips' height before and after */
        float before = b.pose[b.walk.g.hips].translation[1];
        foot_lock_apply(&b.lock, &b.job, world_from_model, b.pose, b.model);
        float drop = before - b.pose[b.walk.g.hips].translation[1];
        if (last <= 0)
            peak = 0; /* a new lowering */
        peak = fmaxf(peak, drop);
        largest = fmaxf(largest, drop);
        if (drop < last && (last - drop) / peak > worst)
            worst = (last - drop) / peak, worst_frame = i;
        last = drop;
    }
    printf("the pelvis: lowered by up to %.4g m, a lowering falls by at most %.4g of its largest value in a frame "
           "(frame %d)\n",
           (double)largest, worst, worst_frame);
    if (!(largest > 0.01))
        fail_msg("the pelvis is lowered by at most %g m in --check-walk's speed changes: nothing to ease",
                 (double)largest);
    if (!(worst <= 0.094))
        fail_msg("at frame %d the pelvis comes up %g of its lowering in one frame of 1/240 s (at most 0.094)",
                 worst_frame, worst);
    free_blend(&b);
}

/* The normal bands flag what is outside them. All-zero measures printed as
 * a walk: of the walk's bands (gait_measure.c's gait_bands) only the least
 * knee flexion's, 0 .. 5, holds 0; the other seven start above 0 (5, 60,
 * 25, 10, 10 degrees, 0.02 and 0.01 m), so 7 lines end " outside" and 7 is
 * returned. As a run, the least knee flexion (0 .. 25) and the heel rise
 * (0 .. 0.3 m) hold 0: 6. Measures inside every band (each band's middle)
 * give no line outside and 0. */
static void measures_outside_the_bands_are_marked(void **state)
{
    (void)state;
    static const char *const walk_ok[] = {"knee_flexion_min_deg"};
    static const char *const run_ok[] = {"knee_flexion_min_deg", "heel_rise_on_planted_toes_m"};
    for (int run = 0; run < 2; run++) {
        gait_measures zero = {0};
        FILE *f = tmpfile();
        if (!f)
            fail_msg("tmpfile failed");
        int outside = gait_measures_print("gait", &zero, run, f);
        rewind(f);
        char line[256];
        int lines = 0, marked = 0;
        while (fgets(line, sizeof line, f)) {
            lines++;
            bool is_marked = strstr(line, " outside\n") != NULL;
            marked += is_marked;
            bool should_be_ok = false;
            for (int k = 0; k < 1 + run; k++)
                should_be_ok |= strncmp(line + 5, run ? run_ok[k] : walk_ok[k], strlen(run ? run_ok[k] : walk_ok[k])) ==
                                0;
            if (is_marked == should_be_ok)
                fail_msg("as a %s, all zero: %s", run ? "run" : "walk", line);
        }
        fclose(f);
        int expected = run ? 6 : 7;
        if (!(outside == expected && marked == expected))
            fail_msg("all-zero measures as a %s: %d lines of %d marked outside, %d returned (expected %d)",
                     run ? "run" : "walk", marked, lines, outside, expected);
    }
    /* the walk's bands' middles: (0 + 5) / 2, (5 + 15) / 2, ... */
    gait_measures middle = {2.5, 10, 62.5, 30, 15, 17.5, 0.11, 0.015};
    FILE *f = tmpfile();
    if (!f)
        fail_msg("tmpfile failed");
    int outside = gait_measures_print("gait", &middle, false, f);
    rewind(f);
    char line[256];
    while (fgets(line, sizeof line, f))
        if (strstr(line, " outside"))
            fail_msg("the walk's bands' middles: %s", line);
    fclose(f);
    EXPECT_NEAR(0, outside, 0);
}

/* --- the body clears itself, and the blends stay in the normal ranges --------------- */

/* Plays the blend at a steady `speed` as the controller does (240 Hz,
 * locomotion_frame, the root moved by its root motion, foot_lock_apply),
 * from phase 0: a settling second, then one blended cycle, the frames from
 * the first after that second until the phase has gone once round. At each
 * of them visit(b, user) sees b->model, the final pose's model matrices
 * (the character's frame: facing +Z, its left at +X). Returns the frames. */
typedef void (*blend_visit)(blend_fixture *b, void *user);
static int play_a_blended_cycle(blend_fixture *b, float speed, blend_visit visit, void *user)
{
    const double dt = 1.0 / 240.0;
    const int settle = 240;
    float root[3] = {0, 0, 0};
    b->job.sync = (locomotion_sync_state){0};
    b->lock.started = false;
    double went = 0;
    int frames = 0;
    for (int i = 0; went < 1 && i < 10 * settle; i++) {
        double before = b->job.sync.phase;
        float delta[3];
        locomotion_frame(&b->job, speed, i > 0 ? dt : 0, b->pose, delta);
        glm_vec3_add(root, delta, root);
        mat4 world_from_model;
        root_world_from_model(root, 0, world_from_model);
        foot_lock_apply(&b->lock, &b->job, world_from_model, b->pose, b->model);
        if (i < settle)
            continue;
        double step = b->job.sync.phase - before;
        went += step < 0 ? step + 1 : step;
        visit(b, user);
        frames++;
    }
    if (!(went >= 1))
        fail_msg("locomotion at %g m/s: the phase went %g of a cycle in 9 s", (double)speed, went);
    return frames;
}

/* The humanoid's flesh, from assets/make_humanoid.c's body_parts (tapered
 * capsules, metres, the rest pose; the skin follows the bones):
 *
 *     thigh  (0.105, 0.92, 0) to (0.105, 0.50, 0): radius 0.08 at the hip joint, 0.058 at the knee joint
 *     hand   (0.72, 1.43, 0) to (0.85, 1.43, 0): radius 0.042, then 0.036; the hand joint (the wrist)
 *            is at (0.71, 1.43, 0), so its flesh is 0.042 round the joint and ends 0.14 along the hand
 *            (0.85 - 0.71) with 0.036
 *     foot   (0.105, 0.045, -0.05) radius 0.048 to (0.105, 0.04, 0.13) radius 0.042, squashed 1.15
 *            across (x): at most 0.048 / 1.15 = 0.0417 either side of its axis, 0.0835 wide
 *     toes   to (0.105, 0.03, 0.20), radius 0.03
 *
 * So a hand point (the wrist, radius 0.042, or the hand's end, 0.036)
 * touches its thigh when its distance from the hip -> knee segment is under
 * the thigh's radius at the nearest point (0.08 at the hip down to 0.058 at
 * the knee, linear) plus its own: 0.122 near the hip, 0.1 near the knee at
 * the wrist (the flat hand is thinner than 0.042 one way: this is its width).
 * The two ankles (the foot joints at (+-0.105, 0.09, 0)) are 0.21 m apart
 * sideways at rest. The furthest flesh from an ankle is the toes' tip,
 * sqrt(0.06^2 + 0.20^2) + 0.03 = 0.239 m from it, so feet whose ankles are
 * 2 x 0.239 = 0.478 m apart along the walk cannot meet whatever their turn.
 * Nearer, a foot that only pitches (turns about the across axis, X) keeps
 * its flesh within 0.0417 m of its ankle across; turned by up to
 * FOOT_TURN_MAX besides (its rest across axis carried at most that far off
 * +X, checked), a point r from the ankle moves across by at most r times
 * that angle: 0.0417 + 0.239 x 2 degrees = 0.050 m. Two such feet cannot
 * meet while their ankles are 2 x 0.050 = 0.100 m apart across. */
#define THIGH_RADIUS_HIP 0.08
#define THIGH_RADIUS_KNEE 0.058
#define HAND_RADIUS_WRIST 0.042
#define HAND_RADIUS_END 0.036
#define HAND_END_REACH 0.14
#define FOOT_REACH (0.2088 + 0.03)
#define FOOT_TURN_MAX (2 * GLM_PI / 180)
#define FOOT_WIDTH (2 * (0.048 / 1.15 + FOOT_REACH * FOOT_TURN_MAX))

typedef struct body_gaps {
    int hand_joint[2];      /* left_hand, right_hand */
    vec4 hand_end_local[2]; /* the hand flesh's end in the hand joint's frame */
    double hand;            /* m: the least a hand point's gap to its thigh's flesh (distance less both radii) */
    double hand_distance;   /* m: that point's distance to the hip -> knee segment */
    double hand_needed;     /* m: the two radii there */
    const char *hand_what;
    mat4 foot_from_model_rest[2]; /* each foot joint's, the rest pose */
    double foot_turn;             /* radians: the furthest a foot's rest across axis (+X) is turned off +X */
    double feet_across;           /* m: the least |x| between the ankles while they are within 2 FOOT_REACH along z */
    double feet_along;            /* m: |z| between them at that frame */
    const char *what;             /* the gait being measured */
} body_gaps;

static void body_gaps_init(body_gaps *gaps)
{
    const char *names[2] = {"left_hand", "right_hand"};
    mat4 *rest = malloc((size_t)humanoid.joint_count * sizeof *rest);
    skeleton_local_to_model(&humanoid, humanoid.rest_local, rest);
    memset(gaps, 0, sizeof *gaps);
    for (int side = 0; side < 2; side++) {
        float sign = side == 0 ? 1.0f : -1.0f; /* the left at +X */
        int j = skeleton_find(&humanoid, names[side]);
        assert_true(j >= 0);
        gaps->hand_joint[side] = j;
        EXPECT_VEC3(sign * 0.71, 1.43, 0, rest[j][3], 1e-5); /* make_humanoid.c's wrist */
        mat4 hand_from_model;
        glm_mat4_inv(rest[j], hand_from_model);
        vec4 end = {sign * (float)(0.71 + HAND_END_REACH), 1.43f, 0, 1};
        glm_mat4_mulv(hand_from_model, end, gaps->hand_end_local[side]);
        int foot = skeleton_find(&humanoid, side == 0 ? "left_foot" : "right_foot");
        assert_true(foot >= 0);
        EXPECT_VEC3(sign * 0.105, 0.09, 0, rest[foot][3], 1e-5); /* make_humanoid.c's ankle */
        glm_mat4_inv(rest[foot], gaps->foot_from_model_rest[side]);
    }
    free(rest);
    gaps->hand = INFINITY;
    gaps->feet_across = INFINITY;
}

/* The distance from p to the segment a -> b, and in *t where along it (0 at a). */
static double point_segment(const float p[3], const float a[3], const float b[3], double *t)
{
    double ab[3], ap[3], dot = 0, len = 0;
    for (int i = 0; i < 3; i++) {
        ab[i] = (double)b[i] - a[i], ap[i] = (double)p[i] - a[i];
        dot += ab[i] * ap[i], len += ab[i] * ab[i];
    }
    double u = fmin(fmax(dot / len, 0), 1), d = 0;
    for (int i = 0; i < 3; i++)
        d += (ap[i] - u * ab[i]) * (ap[i] - u * ab[i]);
    *t = u;
    return sqrt(d);
}

/* One pose (model matrices, the character's frame) measured into gaps. */
static void measure_gaps(body_gaps *gaps, const gait *g, mat4 *model)
{
    for (int side = 0; side < 2; side++) {
        const float *hip = model[g->leg[side].thigh][3], *knee = model[g->leg[side].shin][3];
        vec4 end;
        glm_mat4_mulv(model[gaps->hand_joint[side]], gaps->hand_end_local[side], end);
        const float *points[2] = {model[gaps->hand_joint[side]][3], end};
        const double radius[2] = {HAND_RADIUS_WRIST, HAND_RADIUS_END};
        for (int k = 0; k < 2; k++) {
            double t, d = point_segment(points[k], hip, knee, &t);
            double needed = THIGH_RADIUS_HIP + t * (THIGH_RADIUS_KNEE - THIGH_RADIUS_HIP) + radius[k];
            if (d - needed < gaps->hand) {
                gaps->hand = d - needed, gaps->hand_distance = d, gaps->hand_needed = needed;
                gaps->hand_what = k == 0 ? (side == 0 ? "left wrist" : "right wrist")
                                         : (side == 0 ? "left hand's end" : "right hand's end");
            }
        }
    }
    for (int side = 0; side < 2; side++) {
        mat4 turned; /* the foot's turn off the rest pose: its first column is where the rest's +X went */
        glm_mat4_mul(model[g->leg[side].foot], gaps->foot_from_model_rest[side], turned);
        double c = turned[0][0] / glm_vec3_norm(turned[0]);
        gaps->foot_turn = fmax(gaps->foot_turn, acos(fmin(fmax(c, -1), 1)));
    }
    const float *left = model[g->leg[0].foot][3], *right = model[g->leg[1].foot][3];
    double across = fabs((double)left[0] - right[0]), along = fabs((double)left[2] - right[2]);
    if (along < 2 * FOOT_REACH && across < gaps->feet_across)
        gaps->feet_across = across, gaps->feet_along = along;
}

static void expect_gaps(const body_gaps *gaps)
{
    printf("%s: the hands clear the thighs' flesh by %.4g m at least (the %s %.4g m from its thigh's axis, "
           "%.4g m of flesh between them); the ankles within %.3g m along the walk are %.4g m apart across at "
           "least (%.4g m along then; the feet turned %.3g degrees at most off pitching)\n",
           gaps->what, gaps->hand, gaps->hand_what, gaps->hand_distance, gaps->hand_needed, 2 * FOOT_REACH,
           gaps->feet_across, gaps->feet_along, gaps->foot_turn * 180 / GLM_PI);
    if (!(gaps->hand >= 0))
        fail_msg("%s: the %s is %g m from its thigh's axis, inside the %g m of their flesh", gaps->what,
                 gaps->hand_what, gaps->hand_distance, gaps->hand_needed);
    if (!(gaps->feet_across >= FOOT_WIDTH))
        fail_msg("%s: the ankles pass %g m apart across, %g m along the walk: under two feet's half widths (%g m)",
                 gaps->what, gaps->feet_across, gaps->feet_along, FOOT_WIDTH);
    if (!(gaps->foot_turn <= FOOT_TURN_MAX))
        fail_msg("%s: a foot turns %g degrees off pitching about the across axis: more than the %g the feet's "
                 "bound allows",
                 gaps->what, gaps->foot_turn * 180 / GLM_PI, FOOT_TURN_MAX * 180 / GLM_PI);
}

static void visit_gaps(blend_fixture *b, void *user)
{
    measure_gaps(user, &b->walk.g, b->model);
}

/* No part of the body passes through another (issue 25): the hands clear
 * the thighs and the feet clear each other, in the flesh's dimensions
 * above. Over a cycle of the walk and of the run (240 even samples of the
 * clip, chapter 04's local_to_model) and over a blended cycle at 1.5, 1.92
 * and 2.3 m/s as the controller plays them (play_a_blended_cycle, the foot
 * lock on). The feet are checked at every frame, whether one swings past the
 * other or both are down (a walk's double support) or up (a run's flight). */
static void the_body_does_not_pass_through_itself(void **state)
{
    (void)state;
    blend_fixture b;
    make_blend(&b);
    mat4 *model = malloc((size_t)humanoid.joint_count * sizeof *model);
    transform *pose = malloc((size_t)humanoid.joint_count * sizeof *pose);
    const walk_clip *clips[2] = {&b.walk, &b.run};
    for (int k = 0; k < 2; k++) {
        body_gaps gaps;
        body_gaps_init(&gaps);
        gaps.what = k == 0 ? "walk" : "run";
        for (int i = 0; i < 240; i++) {
            clip_sample(&clips[k]->c, clips[k]->c.duration * (float)i / 240.0f, NULL, pose);
            skeleton_local_to_model(&humanoid, pose, model);
            measure_gaps(&gaps, &clips[k]->g, model);
        }
        expect_gaps(&gaps);
    }
    const float speeds[3] = {1.5f, 1.92f, 2.3f};
    for (int k = 0; k < 3; k++) {
        body_gaps gaps;
        body_gaps_init(&gaps);
        char what[64];
        snprintf(what, sizeof what, "locomotion at %g m/s", (double)speeds[k]);
        gaps.what = what;
        play_a_blended_cycle(&b, speeds[k], visit_gaps, &gaps);
        expect_gaps(&gaps);
    }
    free(pose);
    free(model);
    free_blend(&b);
}

/* The left leg's angles over a blended cycle, as gait_measure.c defines
 * them (degrees, the character's frame: y up, z forward): knee flexion 180
 * less the angle between hip - knee and ankle - knee; the thigh's flexion
 * atan2(knee.z - hip.z, hip.y - knee.y), negative behind vertical. */
typedef struct blend_angles {
    double knee_min, knee_swing_peak, hip_flexion_peak, hip_extension_peak;
} blend_angles;

static void visit_angles(blend_fixture *b, void *user)
{
    blend_angles *a = user;
    const gait_leg *leg = &b->walk.g.leg[GAIT_LEFT];
    const float *h = b->model[leg->thigh][3], *k = b->model[leg->shin][3], *ankle = b->model[leg->foot][3];
    double up[3], down[3], dot = 0, uu = 0, dd = 0;
    for (int i = 0; i < 3; i++) {
        up[i] = (double)h[i] - k[i], down[i] = (double)ankle[i] - k[i];
        dot += up[i] * down[i], uu += up[i] * up[i], dd += down[i] * down[i];
    }
    double c = dot / sqrt(uu * dd);
    double knee = 180 - acos(fmin(fmax(c, -1), 1)) * 180 / GLM_PI;
    double hip = atan2((double)k[2] - h[2], (double)h[1] - k[1]) * 180 / GLM_PI;
    /* the left foot is down from its contact (phase 0) for hand_stance(w) of the cycle */
    bool planted = b->job.sync.phase < hand_stance(b->job.sync.weight);
    a->knee_min = fmin(a->knee_min, knee);
    if (!planted)
        a->knee_swing_peak = fmax(a->knee_swing_peak, knee);
    a->hip_flexion_peak = fmax(a->hip_flexion_peak, hip);
    a->hip_extension_peak = fmax(a->hip_extension_peak, -hip);
}

/* Normal joint ranges at every speed the controller plays (issue 25). The
 * bands are gait_measure.c's (walk_low / walk_high, run_low / run_high,
 * from Winter 1991, Perry and Burnfield 2010, Novacheck 1998), copied; a
 * blend between the walk and the run has no business outside the range the
 * two bands span together, [min(walk_low, run_low), max(walk_high,
 * run_high)]:
 *
 *                               walk       run        envelope
 *     knee flexion, least       0 .. 5     0 .. 25    0 .. 25
 *     knee flexion, swing peak  60 .. 65   90 .. 110  60 .. 110
 *     hip flexion peak          25 .. 35   30 .. 55   25 .. 55
 *     hip extension peak        10 .. 20   5 .. 25    5 .. 25
 *
 * Measured over one blended cycle at 1.5, 1.92 and 2.3 m/s (weights 0.23,
 * 0.5, 0.74), steady, after a settling second, the foot lock on, against
 * the envelope; and the same way at the walk's 1.14 m/s and the run's 2.7
 * m/s against their own bands (the controller's walk and run, foot lock
 * included, not only the clips that ch10_gait_normal_ranges measures). */
static void blended_gaits_stay_in_the_normal_ranges(void **state)
{
    (void)state;
    static const char *const names[4] = {"knee_flexion_min_deg", "knee_flexion_swing_peak_deg", "hip_flexion_peak_deg",
                                         "hip_extension_peak_deg"};
    static const double walk_low[4] = {0, 60, 25, 10}, walk_high[4] = {5, 65, 35, 20};
    static const double run_low[4] = {0, 90, 30, 5}, run_high[4] = {25, 110, 55, 25};
    static const double both_low[4] = {0, 60, 25, 5}, both_high[4] = {25, 110, 55, 25};
    blend_fixture b;
    make_blend(&b);
    const float speeds[5] = {1.14f, 1.5f, 1.92f, 2.3f, 2.7f};
    for (int k = 0; k < 5; k++) {
        const double *low = k == 0 ? walk_low : k == 4 ? run_low : both_low;
        const double *high = k == 0 ? walk_high : k == 4 ? run_high : both_high;
        const char *band = k == 0   ? "the walk's normal band"
                           : k == 4 ? "the run's normal band"
                                    : "the walk's and the run's bands together";
        blend_angles a = {INFINITY, -INFINITY, -INFINITY, -INFINITY};
        int frames = play_a_blended_cycle(&b, speeds[k], visit_angles, &a);
        const double v[4] = {a.knee_min, a.knee_swing_peak, a.hip_flexion_peak, a.hip_extension_peak};
        for (int m = 0; m < 4; m++) {
            printf("locomotion at %g m/s (weight %.3f, %d frames a cycle): %s %.2f (%s: %g .. %g)\n", (double)speeds[k],
                   (double)b.job.sync.weight, frames, names[m], v[m], band, low[m], high[m]);
            if (!(v[m] >= low[m] && v[m] <= high[m]))
                fail_msg("locomotion at %g m/s: %s is %g, outside %s (%g .. %g)", (double)speeds[k], names[m], v[m],
                         band, low[m], high[m]);
        }
    }
    free_blend(&b);
}

/* Below the walk's speed the blend is all walk, above the run's all run. */
static void the_blend_weight_clamps_at_the_ends(void **state)
{
    (void)state;
    blend_fixture b;
    make_blend(&b);
    float delta[3];
    locomotion_frame(&b.job, 0.5f, 1.0 / 60.0, b.pose, delta);
    EXPECT_NEAR(0, b.job.sync.weight, 0);
    locomotion_frame(&b.job, 4.0f, 1.0 / 60.0, b.pose, delta);
    EXPECT_NEAR(1, b.job.sync.weight, 0);
    free_blend(&b);
}

static int free_humanoid(void **state)
{
    (void)state;
    skeleton_free(&humanoid);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(contact_poses_put_the_stance_foot_on_the_ground),
        cmocka_unit_test(swing_feet_clear_the_ground),
        cmocka_unit_test(planted_feet_stay_still_and_push_the_root),
        cmocka_unit_test(the_loop_has_no_jump_at_the_wrap),
        cmocka_unit_test(run_flies_walk_has_double_support_arms_counter_swing),
        cmocka_unit_test(scaled_legs_still_plant_their_feet),
        cmocka_unit_test(root_motion_turns_with_the_heading),
        cmocka_unit_test(bad_input_is_one_line_naming_it),
        cmocka_unit_test(a_skeleton_of_the_wrong_shape_is_one_line),
        cmocka_unit_test(locomotion_plants_the_feet_at_the_walk_and_run_speeds),
        cmocka_unit_test(a_speed_ramp_keeps_the_clips_in_phase),
        cmocka_unit_test(the_blend_weight_clamps_at_the_ends),
        cmocka_unit_test(the_stance_blend_is_weighted_by_stride),
        cmocka_unit_test(the_foot_lock_plants_the_feet_between_walk_and_run),
        cmocka_unit_test(the_foot_lock_holds_through_a_ramp_and_sudden_changes),
        cmocka_unit_test(the_pelvis_eases_back_up_after_a_lowering),
        cmocka_unit_test(measures_outside_the_bands_are_marked),
        cmocka_unit_test(the_body_does_not_pass_through_itself),
        cmocka_unit_test(blended_gaits_stay_in_the_normal_ranges),
    };
    return cmocka_run_group_tests(tests, load_humanoid, free_humanoid);
}
