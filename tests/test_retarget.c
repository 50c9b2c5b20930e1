/* test_retarget: chapter 13's retargeting (retarget.h) on skeletons built by
 * hand, values worked out by hand.
 *
 * - a T-posed source arm (CMU's names) driving an A-posed target arm (the
 *   humanoid's names): raised straight up, the target's arm points straight
 *   up too, so its joints are where the comments say;
 * - the map by name, a map file's humanoid bone names and what they skip;
 * - the rig's bad input: no pair, a pair out of range; a skeleton named in
 *   no scheme;
 * - the target's rest pose taken from its bind pose (the inverse bind
 *   matrices), not its nodes' TRS, where the two differ;
 * - the contacts (retarget_feet.h) of feet moved by hand, 30 frames a
 *   second, counted by hand: a foot is down at most 0.04 over the floor and
 *   at most 0.25 m/s (its speed over the frames either side), gaps under 4
 *   frames between two runs filled, then runs under 6 frames dropped.
 */
#include "tests/test_util.h"
#include "chapters/13_motion_capture/retarget_feet.h"

#define S45 0.70710678f

/* Hips at (0 1 0), the upper arm 0.5 above and 0.2 to the left, then
 * forearm and hand 0.3 apart along `along` (unit). */
static void arm(const char *const *names, const float along[3], skeleton *out)
{
    const int parent[4] = {-1, 0, 1, 2};
    transform rest[4];
    for (int j = 0; j < 4; j++)
        transform_identity(&rest[j]);
    glm_vec3_copy((vec3){0, 1, 0}, rest[0].translation);
    glm_vec3_copy((vec3){0.2f, 0.5f, 0}, rest[1].translation);
    for (int j = 2; j < 4; j++)
        glm_vec3_scale((float *)along, 0.3f, rest[j].translation);
    sa_error err;
    if (!skeleton_from_arrays(4, parent, names, rest, out, &err))
        fail_msg("%s", err.message);
}

static const char *const cmu[4] = {"Hips", "LeftArm", "LeftForeArm", "LeftHand"};
static const char *const humanoid[4] = {"hips", "left_upper_arm", "left_forearm", "left_hand"};

/* The source's arm along +X (T-pose), the target's 45 degrees down (A-pose).
 * LeftArm turns 90 about Z: the source's arm points up (+X -> +Y). The
 * target's upper arm and forearm then point up as well: the forearm at
 * (0.2 1.5 0) + 0.3 (0 1 0) = (0.2 1.8 0), the hand at (0.2 2.1 0). Without
 * the alignment the arm would be turned 90 from 45 down: 45 up, the hand at
 * (0.2 + 0.6 cos 45, 1.5 + 0.6 sin 45, 0). */
static void t_pose_drives_a_pose(void **state)
{
    (void)state;
    skeleton source, target;
    arm(cmu, (float[]){1, 0, 0}, &source);
    arm(humanoid, (float[]){S45, -S45, 0}, &target);
    sa_error err;
    retarget_map map;
    retarget_rig rig;
    if (!retarget_map_by_name(&source, &target, &map, &err) ||
        !retarget_rig_init(&rig, &source, &target, NULL, &map, &err))
        fail_msg("%s", err.message);
    assert_int_equal(map.pair_count, 4); /* hips, leftUpperArm, leftLowerArm, leftHand */
    transform local[4];
    mat4 source_model[4], target_model[4];
    transform target_local[4];
    memcpy(local, source.rest_local, sizeof local);
    glm_quatv(local[1].rotation, glm_rad(90.0f), (vec3){0, 0, 1});
    retarget_job job = {&rig, local, source_model, target_local, target_model};
    retarget_run(&job);
    const float want[4][3] = {{0, 1, 0}, {0.2f, 1.5f, 0}, {0.2f, 1.8f, 0}, {0.2f, 2.1f, 0}};
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 3; i++)
            if (!(fabsf(target_model[j][3][i] - want[j][i]) <= 1e-5f))
                fail_msg("%s[%d]: expected %.5f, got %.5f", humanoid[j], i, (double)want[j][i],
                         (double)target_model[j][3][i]);
    assert_true(retarget_bone_error_deg(&rig, source_model, target_model, NULL) <= 1e-3);
    retarget_rig_free(&rig);
    retarget_map_free(&map);
    skeleton_free(&source);
    skeleton_free(&target);
}

/* A map file's source side: a joint name, or a humanoid bone name through
 * the source's scheme (CMU's: leftUpperArm is LeftArm); a humanoid bone the
 * source lacks pairs nothing (upperChest: no Spine1 here). */
static void map_file_names(void **state)
{
    (void)state;
    skeleton source, target;
    arm(cmu, (float[]){1, 0, 0}, &source);
    arm(humanoid, (float[]){S45, -S45, 0}, &target);
    const char text[] = "# a map\nHips hips\nleftUpperArm left_upper_arm   # by bone name\n\nupperChest left_hand\n";
    retarget_map map;
    sa_error err;
    if (!retarget_map_parse(text, sizeof text - 1, "t.map", &source, &target, &map, &err))
        fail_msg("%s", err.message);
    assert_int_equal(map.pair_count, 2);
    assert_int_equal(map.pairs[0].source, 0);
    assert_int_equal(map.pairs[0].target, 0);
    assert_int_equal(map.pairs[1].source, skeleton_find(&source, "LeftArm"));
    assert_int_equal(map.pairs[1].target, skeleton_find(&target, "left_upper_arm"));
    retarget_map_free(&map);
    skeleton_free(&source);
    skeleton_free(&target);
}

/* The rig refuses a map without pairs or with a joint out of range; the map
 * by name refuses a skeleton named in no scheme, and says to give a map. */
static void bad_input(void **state)
{
    (void)state;
    skeleton source, target, nameless;
    arm(cmu, (float[]){1, 0, 0}, &source);
    arm(humanoid, (float[]){S45, -S45, 0}, &target);
    arm(NULL, (float[]){1, 0, 0}, &nameless);
    sa_error err;
    retarget_rig rig;
    retarget_map empty = {0, NULL};
    assert_false(retarget_rig_init(&rig, &source, &target, NULL, &empty, &err));
    assert_non_null(strstr(err.message, "pairs no joint"));
    retarget_pair out_of_range = {0, 4};
    retarget_map bad = {1, &out_of_range};
    assert_false(retarget_rig_init(&rig, &source, &target, NULL, &bad, &err));
    assert_non_null(strstr(err.message, "out of range"));
    retarget_map map;
    assert_false(retarget_map_by_name(&nameless, &target, &map, &err));
    assert_non_null(strstr(err.message, "give --map FILE"));
    assert_null(map.pairs);
    skeleton_free(&source);
    skeleton_free(&target);
    skeleton_free(&nameless);
}

/* The target's rest pose is its bind pose (retarget_bind_rest), where its
 * nodes' TRS says otherwise. The target's nodes stand in an A-pose (the
 * upper arm's TRS turned 45 degrees down about Z; forearm, hand and a
 * finger each 0.3, 0.3, 0.1 on along their parent's X), but its skin was
 * bound in a T-pose: the inverse bind matrices put hips, upper arm, forearm
 * and hand at (0 1 0), (0.2 1.5 0), (0.5 1.5 0), (0.8 1.5 0), unturned. The
 * finger is in no skin: it keeps its TRS under the hand's bind place.
 * The source (T-pose) raises its arm 90 about Z. The paired bones point up
 * either way (the alignment lays each rest bone on the source's); the hand
 * has no paired bone below it (no alignment), so its model rotation is the
 * change times its rest: from the bind pose Rz(90) * I, the bone from hand
 * to finger points straight up, the finger 0.1 above the hand at (0.2 2.1
 * 0): (0.2 2.2 0). From the nodes' TRS it would be Rz(90) * Rz(-45) =
 * Rz(45): the finger at (0.2 + 0.1 cos 45, 2.1 + 0.1 sin 45, 0). */
static void rest_pose_is_the_bind_pose(void **state)
{
    (void)state;
    static const char *const names[5] = {"hips", "left_upper_arm", "left_forearm", "left_hand", "finger"};
    const int parent[5] = {-1, 0, 1, 2, 3};
    transform rest[5];
    for (int j = 0; j < 5; j++)
        transform_identity(&rest[j]);
    glm_vec3_copy((vec3){0, 1, 0}, rest[0].translation);
    glm_vec3_copy((vec3){0.2f, 0.5f, 0}, rest[1].translation);
    glm_quatv(rest[1].rotation, glm_rad(-45.0f), (vec3){0, 0, 1});
    glm_vec3_copy((vec3){0.3f, 0, 0}, rest[2].translation);
    glm_vec3_copy((vec3){0.3f, 0, 0}, rest[3].translation);
    glm_vec3_copy((vec3){0.1f, 0, 0}, rest[4].translation);
    skeleton source, target;
    arm(cmu, (float[]){1, 0, 0}, &source);
    sa_error err;
    if (!skeleton_from_arrays(5, parent, names, rest, &target, &err))
        fail_msg("%s", err.message);
    /* One skin over the first four joints, bound in the T-pose. */
    target.skin_count = 1;
    target.skins = calloc(1, sizeof *target.skins);
    assert_non_null(target.skins);
    target.skins[0].joint_count = 4;
    target.skins[0].joint_of_skin_joint = malloc(4 * sizeof(int));
    assert_non_null(target.skins[0].joint_of_skin_joint);
    mat4 bind[4], *binds[1] = {bind};
    const float bound_at[4][3] = {{0, 1, 0}, {0.2f, 1.5f, 0}, {0.5f, 1.5f, 0}, {0.8f, 1.5f, 0}};
    for (int k = 0; k < 4; k++) {
        target.skins[0].joint_of_skin_joint[k] = skeleton_find(&target, names[k]);
        translation(bind[k], -bound_at[k][0], -bound_at[k][1], -bound_at[k][2]);
    }
    transform rest_local[5];
    int bound = -1;
    if (!retarget_bind_rest(&target, &target, binds, rest_local, &bound, &err))
        fail_msg("%s", err.message);
    assert_int_equal(bound, 4);
    int upper = skeleton_find(&target, "left_upper_arm"), hand = skeleton_find(&target, "left_hand"),
        finger = skeleton_find(&target, "finger");
    sa_expect_rotation((float[]){0, 0, 0, 1}, rest_local[upper].rotation, 1e-6, "the upper arm's bind rotation");
    EXPECT_VEC3(0.1, 0, 0, rest_local[finger].translation, 1e-6); /* its TRS */

    retarget_map map;
    retarget_rig rig;
    if (!retarget_map_by_name(&source, &target, &map, &err) ||
        !retarget_rig_init(&rig, &source, &target, rest_local, &map, &err))
        fail_msg("%s", err.message);
    assert_int_equal(map.pair_count, 4);
    transform local[4], target_local[5];
    mat4 source_model[4], target_model[5];
    memcpy(local, source.rest_local, sizeof local);
    glm_quatv(local[1].rotation, glm_rad(90.0f), (vec3){0, 0, 1});
    retarget_job job = {&rig, local, source_model, target_local, target_model};
    retarget_run(&job);
    EXPECT_VEC3(0.2, 2.1, 0, target_model[hand][3], 1e-5);
    EXPECT_VEC3(0.2, 2.2, 0, target_model[finger][3], 1e-5);
    assert_true(retarget_bone_error_deg(&rig, source_model, target_model, NULL) <= 1e-3);
    retarget_rig_free(&rig);
    retarget_map_free(&map);
    skeleton_free(&source);
    skeleton_free(&target);
}

/* --- the contacts ------------------------------------------------------------------ */

#define FRAMES 40
#define UP 0.2f /* m over the floor: never down */

/* The contacts of a left ankle at left[f] (x, y: z stays 0) at frame f,
 * 30 frames a second, beside a right ankle standing at (0.3, 0, 0) all
 * through (the floor, y = 0; one run of every frame). The source's root is
 * Hips at the origin, the feet its children, the rig's scale 1. */
static void contacts_of(float left[FRAMES][2], retarget_contacts *out)
{
    static const char *const names[3] = {"Hips", "LeftFoot", "RightFoot"};
    const int parent[3] = {-1, 0, 0};
    transform rest[3];
    for (int j = 0; j < 3; j++)
        transform_identity(&rest[j]);
    skeleton s;
    sa_error err;
    if (!skeleton_from_arrays(3, parent, names, rest, &s, &err))
        fail_msg("%s", err.message);
    float times[FRAMES], l[FRAMES][3], r[FRAMES][3];
    for (int f = 0; f < FRAMES; f++) {
        times[f] = (float)f / 30.0f;
        glm_vec3_copy((vec3){left[f][0], left[f][1], 0}, l[f]);
        glm_vec3_copy((vec3){0.3f, 0, 0}, r[f]);
    }
    clip c;
    if (!clip_init(&c, "hand", 3, rest, &err) ||
        !clip_add_track(&c, 1, TRACK_TRANSLATION, TRACK_LINEAR, FRAMES, times, &l[0][0], &err) ||
        !clip_add_track(&c, 2, TRACK_TRANSLATION, TRACK_LINEAR, FRAMES, times, &r[0][0], &err))
        fail_msg("%s", err.message);
    retarget_rig rig = {0};
    rig.source = &s;
    rig.scale = 1.0f;
    if (!retarget_contacts_find(out, &rig, &c, FRAMES, times, &err))
        fail_msg("%s", err.message);
    assert_int_equal(out->runs[1], 1); /* the right foot: down all through */
    assert_int_equal(out->frames[1], FRAMES);
    clip_free(&c);
    skeleton_free(&s);
}

/* The left foot still at x = 0, up (UP) at the frames [from, to) of each
 * pair in `up` (a pair of -1 ends it), down elsewhere. */
static void lifted(const int up[][2], float out[FRAMES][2])
{
    for (int f = 0; f < FRAMES; f++)
        out[f][0] = 0.0f, out[f][1] = 0.0f;
    for (int k = 0; up[k][0] >= 0; k++)
        for (int f = up[k][0]; f < up[k][1]; f++)
            out[f][1] = UP;
}

static void expect_left(const int up[][2], int runs, int frames)
{
    float left[FRAMES][2];
    lifted(up, left);
    retarget_contacts c;
    contacts_of(left, &c);
    assert_int_equal(c.runs[0], runs);
    assert_int_equal(c.frames[0], frames);
    retarget_contacts_free(&c);
}

/* Down 0-9 and 13-29, up 10-12 and 30-39: the 3-frame gap (under 4) is
 * filled, one run of frames 0-29. */
static void contacts_short_gap_filled(void **state)
{
    (void)state;
    expect_left((const int[][2]){{10, 13}, {30, FRAMES}, {-1, -1}}, 1, 30);
}

/* Down 0-9 and 14-29, up 10-13 and 30-39: a 4-frame gap is a step, two
 * runs of 10 and 16 frames. */
static void contacts_long_gap_kept(void **state)
{
    (void)state;
    expect_left((const int[][2]){{10, 14}, {30, FRAMES}, {-1, -1}}, 2, 26);
}

/* Up 0-9, 15-19 and 26-39; down 10-14 (5 frames, under 6: dropped) and
 * 20-25 (6 frames: kept). One run of 6 frames. */
static void contacts_short_run_dropped(void **state)
{
    (void)state;
    expect_left((const int[][2]){{0, 10}, {15, 20}, {26, FRAMES}, {-1, -1}}, 1, 6);
}

/* Down 0-2 and 5-7 (3 frames each), up 3-4 and 8-39: the gap is filled
 * first, so the two make one run of 8 frames, long enough to keep (were
 * the short runs dropped first, there would be none). */
static void contacts_gap_filled_before_runs_dropped(void **state)
{
    (void)state;
    expect_left((const int[][2]){{3, 5}, {8, FRAMES}, {-1, -1}}, 1, 8);
}

/* Up 0-1 and 37-39, down 2-36: frames up before the first run and after
 * the last are not a gap between two runs, and stay up: 35 frames. */
static void contacts_ends_not_filled(void **state)
{
    (void)state;
    expect_left((const int[][2]){{0, 2}, {37, FRAMES}, {-1, -1}}, 1, 35);
}

/* On the floor all through, the left foot slides along x by 0.01 a frame
 * (0.3 m/s) from frame 10 to frame 20 and stands elsewhere. A frame's
 * speed is over the frames either side, 2/30 s apart: frames 11-19 see
 * 0.02 / (2/30) = 0.3 m/s (over 0.25: not down), frames 10 and 20 see half
 * of it, 0.15 (down). Runs 0-10 and 20-39: 2 runs, 11 + 20 = 31 frames. */
static void contacts_sliding_foot_not_down(void **state)
{
    (void)state;
    float left[FRAMES][2];
    for (int f = 0; f < FRAMES; f++)
        left[f][0] = 0.01f * (float)(f < 10 ? 0 : f > 20 ? 10 : f - 10), left[f][1] = 0.0f;
    retarget_contacts c;
    contacts_of(left, &c);
    assert_int_equal(c.runs[0], 2);
    assert_int_equal(c.frames[0], 31);
    retarget_contacts_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_pose_drives_a_pose),
        cmocka_unit_test(map_file_names),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(rest_pose_is_the_bind_pose),
        cmocka_unit_test(contacts_short_gap_filled),
        cmocka_unit_test(contacts_long_gap_kept),
        cmocka_unit_test(contacts_short_run_dropped),
        cmocka_unit_test(contacts_gap_filled_before_runs_dropped),
        cmocka_unit_test(contacts_ends_not_filled),
        cmocka_unit_test(contacts_sliding_foot_not_down),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
