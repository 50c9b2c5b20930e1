/* test_foot_mesh.c: chapter 10's feet as the skinned mesh has them
 * (foot_mesh.h) and --check-walk's mesh lines, on the humanoid.
 *
 * Expected values come from the bounds (a foot vertex at most 5 mm
 * under the ground, a foot never moving backwards faster than 0.05 m/s), the
 * humanoid's construction (assets/make_humanoid.c: it stands with its soles
 * on y = 0, facing +Z, its feet mirrored) and hand reasoning on a clip
 * changed here on purpose: its pelvis 7 mm lower (every foot vertex 7 mm
 * lower), or its pelvis stepping 2 cm back from one key on (every vertex 2
 * cm back within one 60 Hz frame: -1.2 m/s on top of its own speed). No fault
 * is planted in the code: the faulty clips are made here and fed to the
 * check. */
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/10_walk_cycle/foot_mesh.h"
#include "test_util.h"

static gltf_document doc;
static skeleton skins, all;
static skin_scene sc;
static scene_nodes nodes;
static foot_mesh feet;

static int load(void **state)
{
    (void)state;
    sa_error err;
    if (!skin_scene_load(SA_SOURCE_DIR "/assets/models/humanoid.gltf", false, &doc, &skins, &sc, &nodes, &err) ||
        !skeleton_from_gltf_nodes(&doc, &all, &err) || !foot_mesh_init(&feet, &sc, &skins, &all, &err)) {
        fprintf(stderr, "%s\n", err.message);
        return -1;
    }
    return 0;
}

static int unload(void **state)
{
    (void)state;
    foot_mesh_free(&feet);
    scene_nodes_free(&nodes);
    skin_scene_free(&sc);
    skeleton_free(&all);
    skeleton_free(&skins);
    gltf_free(&doc);
    return 0;
}

/* The walk (or run) made over the mesh's soles, as ch10_walk_cycle makes it. */
static void make_clip(const gait_params *p, const char *name, walk_clip *w)
{
    sa_error err;
    gait_soles soles;
    assert_true(foot_mesh_soles(&feet, &all, p->heel_strike_pitch, &soles));
    if (!walk_clip_make_soles(&all, &soles, p, name, w, &err))
        fail_msg("walk_clip_make_soles: %s", err.message);
}

static void the_feet_come_from_the_mesh(void **state)
{
    (void)state;
    /* both feet found, the same count (mirrored), the sole among them; the
     * ground where the humanoid stands, y = 0 */
    assert_true(foot_mesh_has_feet(&feet));
    EXPECT_INT((int)feet.side[0].vertex_count, (int)feet.side[1].vertex_count);
    assert_true(feet.side[0].sole_count > 0 && feet.side[0].sole_count < feet.side[0].vertex_count);
    EXPECT_NEAR(0.0, feet.ground, 1e-4);
    /* the pivots: the heel behind the ankle, the ball ahead of the toes
     * joint (the humanoid's is 0.13 m ahead of the ankle), both on the
     * ground in the rest pose (foot frame -> model) */
    gait_soles soles;
    assert_true(foot_mesh_soles(&feet, &all, gait_walk().heel_strike_pitch, &soles));
    mat4 *model = malloc((size_t)all.joint_count * sizeof *model);
    skeleton_local_to_model(&all, all.rest_local, model);
    const char *names[2] = {"left_foot", "right_foot"};
    for (int side = 0; side < 2; side++) {
        int foot = skeleton_find(&all, names[side]);
        vec3 heel, ball;
        glm_mat4_mulv3(model[foot], soles.heel_in_foot[side], 1, heel);
        glm_mat4_mulv3(model[foot], soles.ball_in_foot[side], 1, ball);
        float ankle_z = model[foot][3][2];
        printf(
            "side %d: heel %.4f m behind the ankle at %.4f m, ball %.4f m ahead at %.4f m, toes' tip %.4f m ahead of "
            "their joint\n",
            side, (double)(ankle_z - heel[2]), (double)heel[1], (double)(ball[2] - ankle_z), (double)ball[1],
            (double)soles.toe_reach[side]);
        assert_true(heel[2] < ankle_z - 0.02f);
        assert_true(ball[2] >= ankle_z + 0.13f);
        EXPECT_NEAR(0.0, heel[1], 0.005);
        EXPECT_NEAR(0.0, ball[1], 0.001);
    }
    free(model);
}

/* walk_check over the walk and the run on the mesh */
static void check(walk_clip *clips, walk_check_result *r)
{
    sa_error err;
    if (!walk_check(&all, clips, 2, 10.0, 60.0, &feet, r, &err))
        fail_msg("walk_check: %s", err.message);
    printf("max_mesh_penetration %.6f m, min_foot_forward_speed %.6f m/s\n", r->max_mesh_penetration,
           r->min_foot_forward_speed);
}

static void free_clips(walk_clip clips[2])
{
    walk_clip_free(&clips[0]);
    walk_clip_free(&clips[1]);
}

static void the_real_clips_pass_the_mesh_check(void **state)
{
    (void)state;
    walk_clip clips[2];
    gait_params walk = gait_walk(), run = gait_run();
    make_clip(&walk, "walk", &clips[0]);
    make_clip(&run, "run", &clips[1]);
    walk_check_result r;
    check(clips, &r);
    assert_true(r.max_mesh_penetration <= 0.005);
    assert_true(r.min_foot_forward_speed >= -0.05);
    free_clips(clips);
}

/* the clip's pelvis translation keys moved by dy (every key) and, from key
 * `from` on, by dz */
static void move_pelvis(walk_clip *w, float dy, int from, float dz)
{
    for (int i = 0; i < w->c.track_count; i++) {
        track *t = &w->c.tracks[i];
        if (t->joint != w->g.hips || t->path != TRACK_TRANSLATION)
            continue;
        assert_int_equal(t->interpolation, TRACK_LINEAR);
        for (int k = 0; k < t->key_count; k++) {
            t->values[k * 3 + 1] += dy;
            if (k >= from)
                t->values[k * 3 + 2] += dz;
        }
    }
}

static void a_sunk_foot_fails_the_mesh_check(void **state)
{
    (void)state;
    walk_clip clips[2];
    gait_params walk = gait_walk(), run = gait_run();
    make_clip(&walk, "walk", &clips[0]);
    make_clip(&run, "run", &clips[1]);
    walk_check_result real, sunk;
    check(clips, &real);
    move_pelvis(&clips[0], -0.007f, 0, 0);
    move_pelvis(&clips[1], -0.007f, 0, 0);
    check(clips, &sunk);
    /* every vertex 7 mm lower: the deepest 7 mm deeper (the real one's
     * deepest is on the ground or under it: at least 7 mm), over the bound */
    EXPECT_NEAR(real.max_mesh_penetration + 0.007, sunk.max_mesh_penetration, 1e-4);
    assert_true(sunk.max_mesh_penetration > 0.005);
    /* lowered, not moved: the speed as before */
    EXPECT_NEAR(real.min_foot_forward_speed, sunk.min_foot_forward_speed, 1e-3);
    free_clips(clips);
}

static void a_foot_kicking_back_fails_the_speed_check(void **state)
{
    (void)state;
    walk_clip clips[2];
    gait_params walk = gait_walk(), run = gait_run();
    make_clip(&walk, "walk", &clips[0]);
    make_clip(&run, "run", &clips[1]);
    /* the walk's pelvis steps 2 cm back between two keys (at most 10 ms
     * apart: 128 keys a 1.05 s cycle and more) a fifth into the cycle,
     * while the left foot stands flat (foot flat 0.1 .. heel-off 0.35):
     * the frame that crosses the step moves that planted foot 2 cm back in
     * 1/60 s, -1.2 m/s; a third of that is plenty */
    int from = -1;
    for (int i = 0; i < clips[0].c.track_count && from < 0; i++) {
        const track *t = &clips[0].c.tracks[i];
        if (t->joint == clips[0].g.hips && t->path == TRACK_TRANSLATION)
            for (int k = 0; k < t->key_count && from < 0; k++)
                if (t->times[k] >= 0.2f * clips[0].c.duration)
                    from = k;
    }
    assert_true(from > 0);
    move_pelvis(&clips[0], 0, from, -0.02f);
    walk_check_result r;
    check(clips, &r);
    assert_true(r.min_foot_forward_speed < -0.4);
    free_clips(clips);
}

/* The toes at heel-off: the foot is still flat (its pitch eases in from 0),
 * so the toes are as in the rest pose, not bent; on the mesh's soles and on
 * the joints' (no mesh). */
static void the_toes_are_flat_at_heel_off(void **state)
{
    (void)state;
    gait_params p = gait_walk();
    assert_true(p.heel_off < 0.351f);
    transform *pose = malloc((size_t)all.joint_count * sizeof *pose);
    int toes = skeleton_find(&all, "left_toes");
    for (int mesh = 0; mesh < 2; mesh++) {
        gait g;
        sa_error err;
        gait_soles soles;
        assert_true(foot_mesh_soles(&feet, &all, p.heel_strike_pitch, &soles));
        if (!gait_init_soles(&g, &all, mesh ? &soles : NULL, &p, &err))
            fail_msg("gait_init_soles: %s", err.message);
        gait_pose(&g, 0.351f, pose);
        versor a, b;
        glm_quat_normalize_to(pose[toes].rotation, a);
        glm_quat_normalize_to(all.rest_local[toes].rotation, b);
        double degrees = 2 * acos(fmin(1.0, fabs((double)glm_quat_dot(a, b)))) * 180 / GLM_PI;
        printf("%s: the left toes %.3f degrees from rest at 0.351 of the cycle\n", mesh ? "mesh" : "joints", degrees);
        assert_true(degrees <= 0.5);
        gait_free(&g);
    }
    free(pose);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_feet_come_from_the_mesh),      cmocka_unit_test(the_real_clips_pass_the_mesh_check),
        cmocka_unit_test(a_sunk_foot_fails_the_mesh_check), cmocka_unit_test(a_foot_kicking_back_fails_the_speed_check),
        cmocka_unit_test(the_toes_are_flat_at_heel_off),
    };
    return cmocka_run_group_tests(tests, load, unload);
}
