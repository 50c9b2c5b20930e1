/* test_motion_database.c: chapter 14's database (motion_database.h).
 *
 * - the features of a database made by hand (three joints, three frames),
 *   every value worked out below from the header's definitions;
 * - the normalization of raw features chosen by hand;
 * - mm_root_delta on the same frames;
 * - save and load give back every array bit for bit;
 * - the search: a tie goes to the lower frame, the last 60 frames of a
 *   range are never returned, and on the real database (the humanoid's,
 *   built here) the accelerated search returns brute force's frame and cost
 *   for 6000 random queries;
 * - the build: two builds with one seed are equal, another seed differs;
 *   each mirrored frame is its original reflected (forward kinematics of
 *   both, every joint), the contacts swapped.
 */
#include "chapters/14_motion_matching/motion_database.h"

#include "common/files.h"
#include "tests/test_util.h"

#define HUMANOID SA_SOURCE_DIR "/assets/models/humanoid.gltf"
#define PI_2 1.5707963267948966

static mm_character character;
static mm_database real; /* the book's database (mm_build_defaults) */

static int real_setup(void **state)
{
    (void)state;
    sa_error err;
    mm_build_params p = mm_build_defaults();
    if (!mm_character_load(&character, HUMANOID, &err) || !mm_database_build(&real, &character, &p, &err)) {
        fprintf(stderr, "setup: %s\n", err.message);
        return -1;
    }
    return 0;
}

static int real_teardown(void **state)
{
    (void)state;
    mm_database_free(&real);
    mm_character_free(&character);
    return 0;
}

/* --- the database made by hand -------------------------------------------- */

/* Three joints: hips (the root, at (0, 1, 0)), left_foot and right_foot
 * under it. Three frames of one range:
 *   frame  root            heading  left_foot local  right_foot local
 *   0      (0, 0, 0)       0        (0.1, -1, 0.2)   (-0.1, -1, 0)
 *   1      (0, 0, 0.02)    0        (0.1, -1, 0.2)   (-0.1, -0.9, 0)
 *   2      (0.01, 0, 0.04) pi/2     (0.1, -1, 0.2)   (-0.1, -0.9, 0)
 * Every rotation the identity, so the feet in the character's frame are
 * (0.1, 0, 0.2) and (-0.1, 0, 0) then (-0.1, 0.1, 0). */
static char *hand_names[3] = {"hips", "left_foot", "right_foot"};
static int hand_parent[3] = {-1, 0, 0};
static transform hand_rest[3];

static skeleton hand_skeleton(void)
{
    for (int j = 0; j < 3; j++)
        transform_identity(&hand_rest[j]);
    return (skeleton){.joint_count = 3, .parent = hand_parent, .name = hand_names, .rest_local = hand_rest};
}

static void hand_database(mm_database *db)
{
    static const float root[3][3] = {{0, 0, 0}, {0, 0, 0.02f}, {0.01f, 0, 0.04f}};
    static const float right_y[3] = {-1, -0.9f, -0.9f};
    db->joint_count = 3, db->frame_count = 3, db->range_count = 1;
    db->pose = calloc(9, sizeof *db->pose);
    db->root_position = calloc(3, sizeof *db->root_position);
    db->root_heading = calloc(3, sizeof *db->root_heading);
    db->contact = calloc(3, sizeof *db->contact);
    db->range = calloc(1, sizeof *db->range);
    db->features = calloc(3 * MM_FEATURE_COUNT, sizeof *db->features);
    assert_non_null(db->features);
    db->range[0][0] = 0, db->range[0][1] = 3;
    for (int f = 0; f < 3; f++) {
        transform *p = db->pose + 3 * f;
        for (int j = 0; j < 3; j++)
            transform_identity(&p[j]);
        glm_vec3_copy((vec3){0, 1, 0}, p[0].translation);
        glm_vec3_copy((vec3){0.1f, -1, 0.2f}, p[1].translation);
        glm_vec3_copy((vec3){-0.1f, right_y[f], 0}, p[2].translation);
        memcpy(db->root_position[f], root[f], sizeof root[f]);
        db->contact[f][0] = 1, db->contact[f][1] = (uint8_t)(f == 0);
    }
    db->root_heading[2] = (float)PI_2;
}

static void expect_features(const float *got, const float want[MM_FEATURE_COUNT], int frame)
{
    for (int i = 0; i < MM_FEATURE_COUNT; i++)
        if (!(fabs(got[i] - want[i]) <= 1e-4))
            fail_msg("frame %d, feature %d: expected %.6g, got %.6g", frame, i, (double)want[i], (double)got[i]);
}

/* The raw features, worked by hand:
 * frame 0: velocities by the forward difference (0 -> 1) times 60: the left
 *   foot's world position (0.1, 0, 0.2) -> (0.1, 0, 0.22): (0, 0, 1.2); the
 *   right's (-0.1, 0, 0) -> (-0.1, 0.1, 0.02): (0, 6, 1.2); the hips' (0, 1, 0)
 *   -> (0, 1, 0.02): (0, 0, 1.2). Every horizon (20, 40, 60) clamped to
 *   frame 2: the root's move (0.01, 0.04) at heading 0 and the facing of
 *   heading pi/2 seen from heading 0, (sin, cos) = (1, 0).
 * frame 1: backward differences (0 -> 1): the same velocities; the move to
 *   frame 2 (0.01, 0.02), facing (1, 0).
 * frame 2: heading pi/2 turns the character's (x, z) into the world's
 *   (z, -x): the left foot is at (0.01 + 0.2, 0, 0.04 - 0.1); from frame 1's
 *   (0.1, 0, 0.22) that is (0.11, 0, -0.28) x 60 = (6.6, 0, -16.8) in the
 *   world, in frame 2's character frame (x, z) = (-z, x) = (16.8, 0, 6.6). The right
 *   foot from (-0.1, 0.1, 0.02) to (0.01, 0.1, 0.04 + 0.1): (0.11, 0, 0.12) x 60
 *   = (6.6, 0, 7.2), in the character's frame (-7.2, 0, 6.6). The hips from
 *   (0, 1, 0.02) to (0.01, 1, 0.04): (0.6, 0, 1.2), (-1.2, 0, 0.6). The
 *   trajectory: frame 2 itself, (0, 0), facing (0, 1). */
static void hand_features_by_hand(void **state)
{
    (void)state;
    mm_database db;
    hand_database(&db);
    skeleton s = hand_skeleton();
    const int joints[MM_FEATURE_JOINTS] = {1, 2, 0};
    float raw[3 * MM_FEATURE_COUNT];
    sa_error err;
    assert_true(mm_features_raw(&db, &s, joints, raw, &err));
    /* clang-format off */
    const float want[3][MM_FEATURE_COUNT] = {
        {0.1f, 0, 0.2f,  -0.1f, 0, 0,  0, 0, 1.2f,  0, 6, 1.2f,  0, 0, 1.2f,
         0.01f, 0.04f, 0.01f, 0.04f, 0.01f, 0.04f,  1, 0, 1, 0, 1, 0},
        {0.1f, 0, 0.2f,  -0.1f, 0.1f, 0,  0, 0, 1.2f,  0, 6, 1.2f,  0, 0, 1.2f,
         0.01f, 0.02f, 0.01f, 0.02f, 0.01f, 0.02f,  1, 0, 1, 0, 1, 0},
        {0.1f, 0, 0.2f,  -0.1f, 0.1f, 0,  16.8f, 0, 6.6f,  -7.2f, 0, 6.6f,  -1.2f, 0, 0.6f,
         0, 0, 0, 0, 0, 0,  0, 1, 0, 1, 0, 1},
    };
    /* clang-format on */
    for (int f = 0; f < 3; f++)
        expect_features(raw + f * MM_FEATURE_COUNT, want[f], f);
    mm_database_free(&db);
}

/* Two frames of raw features chosen so that each rule of the normalization
 * shows:
 *   left foot position: x 0 then 2, y and z 1 then 1: deviations (over n,
 *     not n - 1) 1, 0, 0, the group's 1/3; weight 0.75: scale (1/3) / 0.75 =
 *     4/9; x's mean 1, so x is -9/4 then 9/4, y and z 0;
 *   right foot position: 5 in both frames: deviation 0, scale 1 / 0.75;
 *   trajectory directions: 0 then 4 in all six: deviation 2, weight 1.5:
 *     scale 4/3, mean 2: -1.5 then 1.5;
 *   hips velocity: x -1 then 1, y 0 then 6, z 0 then 0: deviations 1, 3, 0,
 *     the group's 4/3, weight 1: scale 4/3; y's mean 3: y is -9/4 then 9/4,
 *     x -3/4 then 3/4;
 *   the rest 0: scale 1 / weight. */
static void normalization_by_hand(void **state)
{
    (void)state;
    mm_database db;
    hand_database(&db);
    db.frame_count = 2;
    db.range[0][1] = 2;
    float raw[2 * MM_FEATURE_COUNT] = {0};
    float *a = raw, *b = raw + MM_FEATURE_COUNT;
    a[0] = 0, b[0] = 2, a[1] = b[1] = a[2] = b[2] = 1;
    for (int i = 3; i < 6; i++)
        a[i] = b[i] = 5;
    for (int i = MM_F_TRAJ_DIR; i < MM_F_TRAJ_DIR + 6; i++)
        a[i] = 0, b[i] = 4;
    a[MM_F_HIPS_VEL] = -1, b[MM_F_HIPS_VEL] = 1, a[MM_F_HIPS_VEL + 1] = 0, b[MM_F_HIPS_VEL + 1] = 6;
    mm_feature_weights w = mm_feature_weights_defaults();
    sa_error err;
    assert_true(mm_features_normalize(&db, raw, &w, &err));
    EXPECT_NEAR(4.0 / 9.0, db.scale[0], 1e-6);
    EXPECT_NEAR(4.0 / 9.0, db.scale[2], 1e-6);
    EXPECT_NEAR(1.0, db.mean[0], 1e-6);
    EXPECT_NEAR(-2.25, db.features[0], 1e-5);
    EXPECT_NEAR(2.25, db.features[MM_FEATURE_COUNT], 1e-5);
    EXPECT_NEAR(0, db.features[1], 1e-6);
    EXPECT_NEAR(1 / 0.75, db.scale[3], 1e-6);
    EXPECT_NEAR(5, db.mean[3], 1e-6);
    EXPECT_NEAR(0, db.features[3], 1e-6);
    EXPECT_NEAR(4.0 / 3.0, db.scale[MM_F_TRAJ_DIR], 1e-6);
    EXPECT_NEAR(-1.5, db.features[MM_F_TRAJ_DIR + 5], 1e-5);
    EXPECT_NEAR(1.5, db.features[MM_FEATURE_COUNT + MM_F_TRAJ_DIR], 1e-5);
    EXPECT_NEAR(4.0 / 3.0, db.scale[MM_F_HIPS_VEL + 2], 1e-6);
    EXPECT_NEAR(-0.75, db.features[MM_F_HIPS_VEL], 1e-5);
    EXPECT_NEAR(2.25, db.features[MM_FEATURE_COUNT + MM_F_HIPS_VEL + 1], 1e-5);
    EXPECT_NEAR(1.0, db.scale[MM_F_LEFT_FOOT_VEL], 1e-6);
    EXPECT_NEAR(1.0, db.scale[MM_F_TRAJ_POS], 1e-6);
    /* and the query's trajectory part goes through the same mean and scale:
     * a direction of (4, 4) at every horizon is frame 1's */
    float q[MM_FEATURE_COUNT] = {0};
    const float positions[3][2] = {{0, 0}, {0, 0}, {0, 0}}, directions[3][2] = {{4, 4}, {4, 4}, {4, 4}};
    mm_query_trajectory(&db, positions, directions, q);
    for (int i = MM_F_TRAJ_POS; i < MM_FEATURE_COUNT; i++)
        EXPECT_NEAR(db.features[MM_FEATURE_COUNT + i], q[i], 1e-6);
    mm_database_free(&db);
}

/* mm_root_delta: frame 0 -> 1 moves (0, 0, 0.02) at heading 0, no turn;
 * 1 -> 2 moves (0.01, 0.02) and turns pi/2; frame 2 ends the range: 0. In
 * a frame turned to heading pi/2 a world move along +X is the character's
 * forward (+Z). */
static void root_delta_by_hand(void **state)
{
    (void)state;
    mm_database db;
    hand_database(&db);
    float d[3], turn;
    mm_root_delta(&db, 0, d, &turn);
    EXPECT_VEC3(0, 0, 0.02, d, 1e-7);
    EXPECT_NEAR(0, turn, 0);
    mm_root_delta(&db, 1, d, &turn);
    EXPECT_VEC3(0.01, 0, 0.02, d, 1e-7);
    EXPECT_NEAR(PI_2, turn, 1e-6);
    mm_root_delta(&db, 2, d, &turn);
    EXPECT_VEC3(0, 0, 0, d, 0);
    EXPECT_NEAR(0, turn, 0);
    db.root_heading[0] = (float)PI_2;
    db.root_position[1][0] = 0.5f, db.root_position[1][2] = 0;
    mm_root_delta(&db, 0, d, &turn);
    EXPECT_VEC3(0, 0, 0.5, d, 1e-6);
    mm_database_free(&db);
}

/* --- the file -------------------------------------------------------------- */

static void expect_same_database(const mm_database *a, const mm_database *b)
{
    EXPECT_INT(a->joint_count, b->joint_count);
    EXPECT_INT(a->frame_count, b->frame_count);
    EXPECT_INT(a->range_count, b->range_count);
    size_t n = (size_t)a->frame_count;
    assert_memory_equal(a->range, b->range, (size_t)a->range_count * sizeof *a->range);
    assert_memory_equal(a->root_position, b->root_position, n * sizeof *a->root_position);
    assert_memory_equal(a->root_heading, b->root_heading, n * sizeof *a->root_heading);
    assert_memory_equal(a->contact, b->contact, n * sizeof *a->contact);
    for (size_t k = 0; k < n * (size_t)a->joint_count; k++) {
        assert_memory_equal(a->pose[k].translation, b->pose[k].translation, sizeof(vec3));
        assert_memory_equal(a->pose[k].rotation, b->pose[k].rotation, sizeof(versor));
        assert_memory_equal(a->pose[k].scale, b->pose[k].scale, sizeof(vec3));
    }
    assert_memory_equal(a->features, b->features, n * MM_FEATURE_COUNT * sizeof(float));
    assert_memory_equal(a->mean, b->mean, sizeof a->mean);
    assert_memory_equal(a->scale, b->scale, sizeof a->scale);
}

static void save_load_round_trip(void **state)
{
    (void)state;
    char dir[1024], path[1100];
    sa_test_temp_dir("mmdb", dir, sizeof dir);
    snprintf(path, sizeof path, "%s/real.mmdb", dir);
    sa_error err;
    mm_database back;
    if (!mm_database_save(&real, path, &err) || !mm_database_load(&back, path, &err))
        fail_msg("%s", err.message);
    expect_same_database(&real, &back);
    EXPECT_TRUE(mm_database_fits(&back, &character.all, path, &err));
    /* and the file is as long as the format says (book 14): 40 + 216 +
     * 8 ranges + per frame 12 + 4 + 2 + 23 x 40 + 108 bytes */
    double bytes;
    assert_true(sa_file_size(path, &bytes, &err));
    EXPECT_NEAR(40 + 216 + 8.0 * real.range_count + real.frame_count * (12.0 + 4 + 2 + 40.0 * 23 + 108), bytes, 0);
    EXPECT_NEAR((double)mm_database_file_bytes(&real), bytes, 0);
    mm_database_free(&back);
    sa_test_remove_dir(dir);
}

/* --- the search ------------------------------------------------------------ */

/* A database of 200 frames in 2 ranges of 100, features set by hand: only
 * frames 0-39 and 100-139 are searchable. */
static void search_database(mm_database *db)
{
    memset(db, 0, sizeof *db);
    db->frame_count = 200, db->range_count = 2, db->joint_count = 1;
    db->range = calloc(2, sizeof *db->range);
    db->features = calloc(200 * MM_FEATURE_COUNT, sizeof *db->features);
    assert_non_null(db->features);
    db->range[0][0] = 0, db->range[0][1] = 100, db->range[1][0] = 100, db->range[1][1] = 200;
    for (int f = 0; f < 200; f++)
        db->features[f * MM_FEATURE_COUNT] = (float)f; /* feature 0 is the frame number */
}

static void expect_both(const mm_database *db, const float *query, int frame, float cost)
{
    mm_search_index *index;
    sa_error err;
    assert_true(mm_search_index_build(&index, db, &err));
    float c1, c2;
    EXPECT_INT(frame, mm_search_brute_force(db, query, &c1));
    EXPECT_INT(frame, mm_search_accelerated(index, db, query, &c2));
    EXPECT_NEAR(cost, c1, 1e-6);
    EXPECT_NEAR(cost, c2, 1e-6);
    mm_search_index_free(index);
}

static void search_rules(void **state)
{
    (void)state;
    mm_database db;
    search_database(&db);
    float q[MM_FEATURE_COUNT] = {0};
    q[0] = 20;
    expect_both(&db, q, 20, 0);
    /* frame 60 is the last 40 of range 0 (not searchable): 39 is the best, cost 21^2 */
    q[0] = 60;
    expect_both(&db, q, 39, 441);
    /* 99.5: between 39 and 100: 100 is nearer (0.5^2) */
    q[0] = 99.5f;
    expect_both(&db, q, 100, 0.25f);
    /* far past the end: 139, the last searchable */
    q[0] = 1000;
    expect_both(&db, q, 139, 861 * 861);
    /* a tie: frames 10 and 110 have the same features; 10 wins */
    for (int f = 0; f < 200; f++)
        db.features[f * MM_FEATURE_COUNT] = (float)(f % 100);
    q[0] = 10;
    expect_both(&db, q, 10, 0);
    /* a query halfway between 10 and 11 ties them: 10 */
    q[0] = 10.5f;
    expect_both(&db, q, 10, 0.25f);
    mm_database_free(&db);
    /* an empty database: -1 */
    mm_database empty;
    memset(&empty, 0, sizeof empty);
    float cost;
    EXPECT_INT(-1, mm_search_brute_force(&empty, q, &cost));
}

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static float uniform(uint32_t *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)lcg(s) / (float)(1u << 24);
}

/* 6000 queries on the real database: a random frame's features (searchable
 * or not) plus noise of 0, 0.01, 0.3 or 1 (in deviations), and random
 * vectors of -3 .. 3; each answer brute force's, frame and cost. */
static void accelerated_equals_brute_force(void **state)
{
    (void)state;
    mm_search_index *index;
    sa_error err;
    assert_true(mm_search_index_build(&index, &real, &err));
    uint32_t s = 38;
    static const float noise[] = {0, 0.01f, 0.3f, 1.0f};
    int exact = 0;
    for (int k = 0; k < 6000; k++) {
        float q[MM_FEATURE_COUNT];
        int from = (int)(lcg(&s) % (uint32_t)real.frame_count);
        for (int i = 0; i < MM_FEATURE_COUNT; i++)
            q[i] = k % 5 == 4 ? uniform(&s, -3, 3)
                              : real.features[(size_t)from * MM_FEATURE_COUNT + i] + noise[k % 4] * uniform(&s, -1, 1);
        float c1, c2;
        int a = mm_search_brute_force(&real, q, &c1), b = mm_search_accelerated(index, &real, q, &c2);
        if (a != b || c1 != c2)
            fail_msg("query %d: brute force frame %d cost %.9g, accelerated frame %d cost %.9g", k, a, (double)c1, b,
                     (double)c2);
        EXPECT_TRUE(mm_frame_searchable(&real, a));
        exact += c1 == 0;
    }
    EXPECT_TRUE(exact > 0); /* some queries were a searchable frame itself: cost 0 */
    mm_search_index_free(index);
}

/* --- the build ------------------------------------------------------------- */

static void build_is_deterministic(void **state)
{
    (void)state;
    mm_build_params p = mm_build_defaults();
    mm_database again, other;
    sa_error err;
    assert_true(mm_database_build(&again, &character, &p, &err));
    expect_same_database(&real, &again);
    p.seed += 1;
    assert_true(mm_database_build(&other, &character, &p, &err));
    EXPECT_INT(real.frame_count, other.frame_count);
    EXPECT_TRUE(memcmp(real.root_position, other.root_position, (size_t)real.frame_count * 12) != 0);
    mm_database_free(&again);
    mm_database_free(&other);
}

/* The book's database: 2 sequences of 90 s at 60 Hz, then their mirrors
 * (frames 0 to 21,600, ranges 0 to 3); then, where CMU's files are, chapter
 * 13's captures: 7 spans, 1,350 frames, and their mirrors (2,700 frames, 14
 * ranges: tests/test_mm_captures.c). */
static void build_sizes_and_mirror(void **state)
{
    (void)state;
    bool captures = real.range_count > 4;
    EXPECT_INT(captures ? 21600 + 2700 : 21600, real.frame_count);
    EXPECT_INT(captures ? 4 + 14 : 4, real.range_count);
    EXPECT_INT(21600, real.range[3][1]);
    int n = real.joint_count, half = 21600 / 2;
    EXPECT_INT(n, character.all.joint_count);
    mat4 *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    int *partner = malloc((size_t)n * sizeof *partner);
    assert_non_null(partner);
    for (int j = 0; j < n; j++) { /* the mirror joint by name, written here again */
        char name[128];
        const char *own = character.all.name[j];
        if (strncmp(own, "left_", 5) == 0)
            snprintf(name, sizeof name, "right_%s", own + 5);
        else if (strncmp(own, "right_", 6) == 0)
            snprintf(name, sizeof name, "left_%s", own + 6);
        else
            snprintf(name, sizeof name, "%s", own);
        partner[j] = skeleton_find(&character.all, name);
        EXPECT_TRUE(partner[j] >= 0);
    }
    EXPECT_INT(half, real.range[2][0]);
    int moving = 0;
    for (int f = 0; f < half; f += 37) {
        int m = half + f;
        skeleton_local_to_model(&character.all, real.pose + (size_t)f * (size_t)n, a);
        skeleton_local_to_model(&character.all, real.pose + (size_t)m * (size_t)n, b);
        for (int j = 0; j < n; j++) /* joint j's mirror stands where j's partner stood, x negated */
            EXPECT_VEC3(-a[partner[j]][3][0], a[partner[j]][3][1], a[partner[j]][3][2], b[j][3], 1e-5);
        EXPECT_NEAR(-real.root_position[f][0], real.root_position[m][0], 0);
        EXPECT_NEAR(real.root_position[f][2], real.root_position[m][2], 0);
        EXPECT_NEAR(-real.root_heading[f], real.root_heading[m], 0);
        EXPECT_INT(real.contact[f][0], real.contact[m][1]);
        EXPECT_INT(real.contact[f][1], real.contact[m][0]);
        moving += fabsf(real.root_heading[f]) > 0.1f;
    }
    EXPECT_TRUE(moving > 0);
    free(a), free(b), free(partner);
}

/* The stick's coverage, as book 14 states it: stands, walks, runs and
 * turns both ways, in every range; the contacts as chapter 10 holds the
 * feet: while the root moves, never both feet up for long. */
static void build_covers_the_stick(void **state)
{
    (void)state;
    for (int r = 0; r < 4; r++) { /* the scripted stick's ranges (the captures after them) */
        int still = 0, walk = 0, run = 0, left = 0, right = 0;
        for (int f = real.range[r][0]; f + 1 < real.range[r][1]; f++) {
            float d[3], turn;
            mm_root_delta(&real, f, d, &turn);
            float speed = sqrtf(d[0] * d[0] + d[2] * d[2]) * MM_RATE;
            still += speed<0.01f, walk += speed> 0.5f && speed<1.8f, run += speed> 2.5f;
            left += turn > 0.005f, right += turn < -0.005f;
            /* chapter 10's root steps forward, turned by the heading it
             * takes at frame f + 1: sideways by tan(turn) of its forward */
            EXPECT_NEAR(tan(turn) * d[2], d[0], 3e-5); /* float root positions far from 0 */
        }
        if (still < 60 || walk < 600 || run < 600 || left < 300 || right < 300)
            fail_msg("range %d: %d frames still, %d walking, %d running, %d turning left, %d right", r, still, walk,
                     run, left, right);
    }
}

int main(void)
{
    const struct CMUnitTest hand[] = {
        cmocka_unit_test(hand_features_by_hand),
        cmocka_unit_test(normalization_by_hand),
        cmocka_unit_test(root_delta_by_hand),
        cmocka_unit_test(search_rules),
    };
    const struct CMUnitTest built[] = {
        cmocka_unit_test(save_load_round_trip),   cmocka_unit_test(accelerated_equals_brute_force),
        cmocka_unit_test(build_is_deterministic), cmocka_unit_test(build_sizes_and_mirror),
        cmocka_unit_test(build_covers_the_stick),
    };
    int failed = cmocka_run_group_tests_name("hand", hand, NULL, NULL);
    return failed + cmocka_run_group_tests_name("built", built, real_setup, real_teardown);
}
