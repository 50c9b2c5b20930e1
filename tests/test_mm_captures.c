/* test_mm_captures.c: chapter 13's CMU captures in chapter 14's database
 * (mm_capture.c). Argument: the folder of CMU's BVH files (SA_BVH_DIR);
 * without 01_01.bvh and 01_03.bvh there the test is skipped (77), which
 * CI's SA_NO_SKIP refuses.
 *
 * - the sizes: the spans book 14 chose, each seconds x 60 frames (the
 *   files' 120 Hz frames, every second one), after the scripted ranges, then
 *   their mirrors (each frame its original reflected: root, heading,
 *   contacts);
 * - the root: at every frame where the BVH's hips are (their horizontal
 *   place scaled by the hip heights, worked out below), within the
 *   smoothing's reach, and its heading not swinging with the steps;
 * - the contacts: both feet take part in every span, and a foot in contact
 *   stands still in the world (its pose placed by the root and heading);
 * - without the files (a folder that has none): the scripted ranges alone,
 *   no error.
 */
#include "chapters/13_motion_capture/bvh.h"
#include "chapters/14_motion_matching/motion_database.h"

#include "tests/test_util.h"

#define HUMANOID SA_SOURCE_DIR "/assets/models/humanoid.gltf"

static const char *bvh_dir;
static mm_character character;
static mm_database db;
static bvh_file files[2]; /* 01_01, 01_03 */

/* Book 14's spans: the file, where it starts (s), how long (s), and its
 * frames at 60 Hz worked out by hand: seconds x 60. */
static const struct {
    int file;
    double start, seconds;
    int frames;
} spans[7] = {
    {0, 7.5, 2.75, 165},  {0, 15.5, 2.5, 150},  {1, 0.25, 2.25, 135}, {1, 11.75, 3.5, 210},
    {1, 16.75, 3.5, 210}, {1, 27.25, 5.0, 300}, {1, 34.5, 3.0, 180},
};
#define SCRIPTED_FRAMES 21600 /* two sequences of 90 s at 60 Hz, mirrored */
#define SCRIPTED_RANGES 4
#define CAPTURE_FRAMES 1350 /* 165 + 150 + 135 + 210 + 210 + 300 + 180 */

/* The hip heights of chapter 13's rig (retarget.h: the hips above the
 * lowest paired joint at rest, the toes on both), worked out by hand:
 * CMU's 01 skeleton: LeftUpLeg -1.79463, LeftLeg -6.72613, LeftFoot
 * -7.03959, LeftToeBase -0.43311 (the OFFSETs' y): 15.99346 units. The
 * humanoid (assets/models/humanoid.gltf): hips at 0.95, the thigh 0.03
 * lower, shin and foot 0.42 and 0.41 down, the toes 0.14317821 along the
 * foot turned by (0.53895354, 0, 0, 0.8423355) about x: cos = 1 - 2 *
 * 0.53895354^2 = 0.41907, 0.0600 down: the toes at 0.0300, the hips 0.9200
 * above them. */
#define HIP_SCALE (0.92 / 15.99346)

static int setup(void **state)
{
    (void)state;
    sa_error err;
    mm_build_params p = mm_build_defaults();
    p.capture_dir = bvh_dir;
    char path[1024];
    const char *names[2] = {"01_01.bvh", "01_03.bvh"};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", bvh_dir, names[i]);
        if (!bvh_load(path, &files[i], &err)) {
            fprintf(stderr, "setup: %s\n", err.message);
            return -1;
        }
    }
    if (!mm_character_load(&character, HUMANOID, &err) || !mm_database_build(&db, &character, &p, &err)) {
        fprintf(stderr, "setup: %s\n", err.message);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    mm_database_free(&db);
    mm_character_free(&character);
    bvh_free(&files[0]), bvh_free(&files[1]);
    return 0;
}

static void sizes_and_mirror(void **state)
{
    (void)state;
    EXPECT_INT(SCRIPTED_FRAMES + 2 * CAPTURE_FRAMES, db.frame_count);
    EXPECT_INT(SCRIPTED_RANGES + 2 * 7, db.range_count);
    int first = SCRIPTED_FRAMES;
    for (int k = 0; k < 7; k++) { /* the originals, then the mirrors, in the spans' order */
        const bvh_file *b = &files[spans[k].file];
        EXPECT_NEAR(1.0 / 120, b->frame_time, 1e-6);
        /* the span's last frame is in the file: start x 120 + 2 (frames - 1) */
        EXPECT_TRUE(lround(spans[k].start * 120) + 2 * (spans[k].frames - 1) < b->frame_count);
        int *o = db.range[SCRIPTED_RANGES + k], *m = db.range[SCRIPTED_RANGES + 7 + k];
        EXPECT_INT(first, o[0]);
        EXPECT_INT(first + spans[k].frames, o[1]);
        EXPECT_INT(first + CAPTURE_FRAMES, m[0]);
        EXPECT_INT(first + CAPTURE_FRAMES + spans[k].frames, m[1]);
        for (int f = 0; f < spans[k].frames; f++) {
            int a = o[0] + f, c = m[0] + f;
            EXPECT_NEAR(-db.root_position[a][0], db.root_position[c][0], 0);
            EXPECT_NEAR(db.root_position[a][2], db.root_position[c][2], 0);
            EXPECT_NEAR(-db.root_heading[a], db.root_heading[c], 0);
            EXPECT_INT(db.contact[a][0], db.contact[c][1]);
            EXPECT_INT(db.contact[a][1], db.contact[c][0]);
        }
        first += spans[k].frames;
    }
}

/* The root against the BVH's hips, scaled. The root is the hips' ground
 * path averaged over 0.5 s on either side: inside a span it leaves out the
 * gait's sway (a few centimetres) and cuts a turn's arc by its chord (under
 * 0.1 m on the spans' tightest turns): TOL_INSIDE. In a span's first and
 * last 0.5 s the window is cut short, its middle up to 0.25 s away from the
 * frame: the root leads or lags by what the hips cover in 0.25 s, 0.23 m at
 * the spans' fastest (0.9 m/s), and the sway: TOL_ENDS. Measured: 0.089 m
 * inside, 0.249 m at the ends. */
#define TOL_INSIDE 0.15
#define TOL_ENDS 0.3
static void root_follows_the_hips(void **state)
{
    (void)state;
    double worst_inside = 0, worst_ends = 0;
    for (int k = 0; k < 7; k++) {
        const bvh_file *b = &files[spans[k].file];
        int first = db.range[SCRIPTED_RANGES + k][0];
        for (int f = 0; f < spans[k].frames; f++) {
            int source = (int)lround(spans[k].start * 120) + 2 * f;
            vec3 hips;
            bvh_joint_translation(&b->joints[0], bvh_joint_values(b, 0, source), hips);
            double dx = db.root_position[first + f][0] - HIP_SCALE * hips[0];
            double dz = db.root_position[first + f][2] - HIP_SCALE * hips[2];
            double d = sqrt(dx * dx + dz * dz);
            EXPECT_NEAR(0, db.root_position[first + f][1], 0);
            if (f >= 30 && f < spans[k].frames - 30)
                worst_inside = fmax(worst_inside, d);
            else
                worst_ends = fmax(worst_ends, d);
        }
    }
    fprintf(stderr, "root from the hips: %.4f m inside, %.4f m at the ends\n", worst_inside, worst_ends);
    EXPECT_TRUE(worst_inside <= TOL_INSIDE);
    EXPECT_TRUE(worst_ends <= TOL_ENDS);
}

/* A foot in contact (this frame and the last) stands still in the world:
 * its place in the pose (the character's frame) turned by the heading and
 * moved to the root. Chapter 13's feet pass holds it there (its sole within
 * 0.02 m/s in chapter 13's check); the foot joint, above the sole, turns
 * with it by no more: TOL_SLIDE. Measured: 0.018 m/s. */
#define TOL_SLIDE 0.05
static void contacts_hold_the_feet(void **state)
{
    (void)state;
    int n = db.joint_count;
    int foot[2] = {skeleton_find(&character.all, "left_foot"), skeleton_find(&character.all, "right_foot")};
    mat4 *model = malloc((size_t)n * sizeof *model);
    assert_non_null(model);
    double worst = 0;
    for (int k = 0; k < 7; k++) {
        int first = db.range[SCRIPTED_RANGES + k][0], down[2] = {0, 0}, both_up = 0, longest_up = 0;
        double last[2][3] = {{0}};
        for (int f = 0; f < spans[k].frames; f++) {
            int g = first + f;
            skeleton_local_to_model(&character.all, db.pose + (size_t)g * (size_t)n, model);
            float c = cosf(db.root_heading[g]), s = sinf(db.root_heading[g]);
            both_up = db.contact[g][0] || db.contact[g][1] ? 0 : both_up + 1;
            longest_up = both_up > longest_up ? both_up : longest_up;
            for (int side = 0; side < 2; side++) {
                float *p = model[foot[side]][3];
                /* chapter 10's root_motion_turn: heading 0 faces +Z, pi/2 +X */
                double world[3] = {db.root_position[g][0] + c * p[0] + s * p[2], p[1],
                                   db.root_position[g][2] - s * p[0] + c * p[2]};
                if (f > 0 && db.contact[g][side] && db.contact[g - 1][side]) {
                    double dx = world[0] - last[side][0], dz = world[2] - last[side][2];
                    worst = fmax(worst, sqrt(dx * dx + dz * dz) * MM_RATE);
                }
                down[side] += db.contact[g][side];
                memcpy(last[side], world, sizeof world);
            }
        }
        /* a walk has no flight: both feet up a step's swing at most (0.5 s) */
        if (down[0] < spans[k].frames / 5 || down[1] < spans[k].frames / 5 || longest_up > 30)
            fail_msg("span %d: %d and %d frames down, both up %d frames running", k, down[0], down[1], longest_up);
    }
    fprintf(stderr, "feet in contact: %.4f m/s\n", worst);
    EXPECT_TRUE(worst <= TOL_SLIDE);
    free(model);
}

/* The root does not wobble with the gait: its heading, averaged over 0.5 s
 * on either side, changes its turn rate by little from frame to frame
 * where the hips' own facing swings one way and back at every step. Inside
 * the spans (the window whole), measured: the averaged heading's largest
 * change of turn rate 53 rad/s^2, the hips' own (the average taken off)
 * 870 rad/s^2: TOL_WOBBLE between them. */
#define TOL_WOBBLE 150.0
static void root_does_not_wobble(void **state)
{
    (void)state;
    double worst = 0;
    for (int k = 0; k < 7; k++) {
        int first = db.range[SCRIPTED_RANGES + k][0];
        for (int f = 30; f + 30 < spans[k].frames; f++) {
            int g = first + f;
            double accel = (db.root_heading[g + 1] - 2 * db.root_heading[g] + db.root_heading[g - 1]) * MM_RATE *
                           MM_RATE;
            worst = fmax(worst, fabs(accel));
        }
    }
    fprintf(stderr, "root heading: %.1f rad/s^2 at most\n", worst);
    EXPECT_TRUE(worst <= TOL_WOBBLE);
}

/* A folder without the files: the scripted ranges alone (and a note on
 * stderr), not a failure. */
static void without_the_files(void **state)
{
    (void)state;
    mm_build_params p = mm_build_defaults();
    p.capture_dir = SA_SOURCE_DIR "/tests"; /* no BVH file of CMU's there */
    mm_database alone;
    sa_error err;
    assert_true(mm_database_build(&alone, &character, &p, &err));
    EXPECT_INT(SCRIPTED_FRAMES, alone.frame_count);
    EXPECT_INT(SCRIPTED_RANGES, alone.range_count);
    mm_database_free(&alone);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return fprintf(stderr, "usage: test_mm_captures BVH_DIR\n"), 1;
    bvh_dir = argv[1];
    char path[1024];
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", bvh_dir, i == 0 ? "01_01.bvh" : "01_03.bvh");
        FILE *f = fopen(path, "rb");
        if (!f)
            return fprintf(stderr, "skip: %s: not found (Debian's assimp-testmodels)\n", path), 77;
        fclose(f);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sizes_and_mirror),       cmocka_unit_test(root_follows_the_hips),
        cmocka_unit_test(contacts_hold_the_feet), cmocka_unit_test(without_the_files),
        cmocka_unit_test(root_does_not_wobble),
    };
    return cmocka_run_group_tests_name("captures", tests, setup, teardown);
}
