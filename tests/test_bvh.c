/* test_bvh: chapter 13's BVH reader and its clip.
 *
 * - book 13's tiny file (chapters/13_motion_capture/tiny.bvh), read and
 *   played through chapter 08's clip and chapter 04's forward kinematics,
 *   against world positions worked out by hand (below, and in the book);
 * - what the reader keeps: channels in their order, offsets, End Sites,
 *   where each joint's values start, the frame times;
 * - bad input: a table of small broken files, each with the one error line
 *   it must give (file, line, what), and never a crash (the sanitizer
 *   build runs this too).
 */
#include "tests/test_util.h"
#include "chapters/13_motion_capture/bvh_clip.h"

#define TINY SA_SOURCE_DIR "/chapters/13_motion_capture/tiny.bvh"

/* World positions of the tiny file's joints (hips, spine, head, leg) at its
 * three frames, by hand:
 * frame 0, all zero: the offsets added up: hips 0 0 0, spine 0 10 0, head
 *   0 15 0, leg 3 0 0.
 * frame 1: hips moved to (1 2 3) and turned Zrotation 90 (x -> y, y -> -x);
 *   spine turned Xrotation -90 (y -> -z). spine = hips + Rz (0 10 0) =
 *   (1 2 3) + (-10 0 0) = (-9 2 3); head = spine + Rz Rx (0 5 0) = (-9 2 3)
 *   + Rz (0 0 -5) = (-9 2 -2); leg = hips + Rz (3 0 0) = (1 5 3).
 * frame 2: hips at (1 2 3), Zrotation 90 then Xrotation 90: Rz Rx takes
 *   y -> z (Rx) -> z (Rz) and x -> x -> y. spine = (1 2 3) + (0 0 10) =
 *   (1 2 13); head = (1 2 13) + (0 0 5) = (1 2 18); leg = (1 2 3) + (0 3 0)
 *   = (1 5 3). (Composed the other way, Rx Rz, spine would be at (-9 2 3).) */
static const float tiny_world[3][4][3] = {
    {{0, 0, 0}, {0, 10, 0}, {0, 15, 0}, {3, 0, 0}},
    {{1, 2, 3}, {-9, 2, 3}, {-9, 2, -2}, {1, 5, 3}},
    {{1, 2, 3}, {1, 2, 13}, {1, 2, 18}, {1, 5, 3}},
};

static void tiny_file_read(void **state)
{
    (void)state;
    bvh_file b;
    sa_error err;
    if (!bvh_load(TINY, &b, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(4, b.joint_count);
    EXPECT_INT(2, b.end_site_count);
    EXPECT_INT(15, b.channel_count);
    EXPECT_INT(3, b.frame_count);
    EXPECT_NEAR(0.5, b.frame_time, 1e-9);
    const char *names[] = {"hips", "spine", "head", "leg"};
    const int parents[] = {-1, 0, 1, 0}, first[] = {0, 6, 9, 12};
    for (int j = 0; j < 4; j++) {
        EXPECT_TRUE(strcmp(b.joints[j].name, names[j]) == 0);
        EXPECT_INT(parents[j], b.joints[j].parent);
        EXPECT_INT(first[j], b.joints[j].first_value);
    }
    EXPECT_INT(6, b.joints[0].channel_count);
    EXPECT_INT(BVH_X_POSITION, b.joints[0].channels[0]);
    EXPECT_INT(BVH_Z_ROTATION, b.joints[0].channels[3]);
    EXPECT_INT(BVH_X_ROTATION, b.joints[0].channels[5]);
    EXPECT_INT(BVH_X_ROTATION, b.joints[3].channels[0]); /* the leg's own order */
    EXPECT_INT(BVH_Z_ROTATION, b.joints[3].channels[2]);
    EXPECT_VEC3(3, 0, 0, b.joints[3].offset, 0);
    EXPECT_INT(2, b.end_sites[0].parent);
    EXPECT_VEC3(0, 2, 0, b.end_sites[0].offset, 0);
    EXPECT_INT(3, b.end_sites[1].parent);
    EXPECT_VEC3(0, -8, 0, b.end_sites[1].offset, 0);
    EXPECT_NEAR(-90, bvh_joint_values(&b, 1, 1)[2], 0); /* spine's Xrotation at frame 1 */
    EXPECT_NEAR(1.0, bvh_frame_seconds(&b, 2), 0);
    bvh_free(&b);
}

static void tiny_file_world_positions(void **state)
{
    (void)state;
    bvh_file b;
    skeleton s;
    clip c;
    sa_error err;
    if (!bvh_load(TINY, &b, &err) || !bvh_skeleton(&b, &s, &err) || !bvh_clip(&b, "tiny", &c, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(4, s.joint_count);
    EXPECT_INT(5, c.track_count); /* four rotations, the root's translation */
    EXPECT_NEAR(1.0, c.duration, 0);
    transform pose[4];
    mat4 model_from_joint[4];
    for (int f = 0; f < 3; f++) {
        clip_sample(&c, bvh_frame_seconds(&b, f), NULL, pose);
        skeleton_local_to_model(&s, pose, model_from_joint);
        for (int j = 0; j < 4; j++)
            EXPECT_VEC3(tiny_world[f][j][0], tiny_world[f][j][1], tiny_world[f][j][2],
                        model_from_joint[s.joint_of_node[j]][3], 1e-5);
    }
    clip_free(&c);
    skeleton_free(&s);
    bvh_free(&b);
}

/* A root OFFSET is where the joint stands before its position channels
 * move it: the translation is offset + channels (and a joint without
 * position channels stays at its offset). */
static void root_offset_adds_to_the_position(void **state)
{
    (void)state;
    const char *text = "HIERARCHY\nROOT r\n{\n OFFSET 10 20 30\n CHANNELS 3 Zposition Xposition Yposition\n"
                       " End Site\n {\n  OFFSET 0 1 0\n }\n}\nMOTION\nFrames: 1\nFrame Time: 0.1\n1 2 3\n";
    bvh_file b;
    sa_error err;
    if (!bvh_parse(text, strlen(text), "offset.bvh", &b, &err))
        fail_msg("%s", err.message);
    vec3 at;
    bvh_joint_translation(&b.joints[0], bvh_joint_values(&b, 0, 0), at);
    EXPECT_VEC3(12, 23, 31, at, 0); /* Zposition 1, Xposition 2, Yposition 3 */
    bvh_free(&b);
}

/* CRLF line ends, tabs, blank lines between frames, no line end at the end. */
static void crlf_and_blank_lines(void **state)
{
    (void)state;
    const char *text = "HIERARCHY\r\nROOT r\r\n{\r\n\tOFFSET 0 0 0\r\n\tCHANNELS 1 Yrotation\r\n\tEnd Site\r\n\t{\r\n"
                       "\t\tOFFSET 0 1 0\r\n\t}\r\n}\r\nMOTION\r\nFrames: 2\r\nFrame Time: 0.25\r\n7\r\n\r\n8";
    bvh_file b;
    sa_error err;
    if (!bvh_parse(text, strlen(text), "crlf.bvh", &b, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(2, b.frame_count);
    EXPECT_NEAR(7, b.values[0], 0);
    EXPECT_NEAR(8, b.values[1], 0);
    bvh_free(&b);
}

/* Lines past the Frames: count are counted and not read (Boxing_Toes.bvh
 * has one more than it says); fewer is an error (the bad-input table). */
static void lines_past_the_count_are_counted(void **state)
{
    (void)state;
    const char *text = "HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n CHANNELS 1 Xrotation\n}\nMOTION\nFrames: 2\n"
                       "Frame Time: 0.1\n1\n2\n3\n\nnot a frame\n";
    bvh_file b;
    sa_error err;
    if (!bvh_parse(text, strlen(text), "long.bvh", &b, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(2, b.frame_count);
    EXPECT_INT(2, b.lines_past_frames);
    EXPECT_NEAR(2, b.values[1], 0);
    bvh_free(&b);
}

/* --- bad input --------------------------------------------------------------- */

#define HEAD "HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n CHANNELS 3 Xposition Yposition Zrotation\n"
#define TAIL " End Site\n {\n  OFFSET 0 1 0\n }\n}\n"
#define MOTION2 "MOTION\nFrames: 2\nFrame Time: 0.1\n"

typedef struct bad_case {
    const char *text;
    const char *error; /* the whole line */
} bad_case;

static const bad_case bad_cases[] = {
    {"", "bad.bvh:1: expected 'HIERARCHY' at the start of a BVH file, found '(end)'"},
    {"MOTION\n", "bad.bvh:1: expected 'HIERARCHY' at the start of a BVH file, found 'MOTION'"},
    {"HIERARCHY\nMOTION\n", "bad.bvh:2: expected ROOT, found 'MOTION'"},
    /* a truncated frame line */
    {HEAD TAIL MOTION2 "1 2 3\n4 5\n", "bad.bvh:15: frame 1 has 2 values, not 3 (a truncated line?)"},
    {HEAD TAIL MOTION2 "1 2 3 4\n4 5 6\n", "bad.bvh:14: frame 0 has more than 3 values"},
    /* a frame count that disagrees with the lines */
    {HEAD TAIL MOTION2 "100 200 300\n", "bad.bvh:14: the file ends after 1 frame lines, but Frames: says 2"},
    /* a channel count that does not match the names */
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n CHANNELS 3 Xposition Yposition\n}\n",
     "bad.bvh:6: CHANNELS 3 of r (line 2): '}' is not a channel name (Xposition .. Zrotation)"},
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n CHANNELS 7 Xposition\n}\n", "bad.bvh:5: CHANNELS: 7 is more than 6"},
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n CHANNELS -1\n}\n",
     "bad.bvh:5: CHANNELS: '-1' is not a count (digits only)"},
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n CHANNELS 2 Xrotation Xrotation\n}\n",
     "bad.bvh:5: CHANNELS of r: Xrotation is given twice"},
    /* a joint with no closing brace */
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n JOINT a\n {\n  OFFSET 0 1 0\n}\nMOTION\nFrames: 1\n",
     "bad.bvh:9: MOTION before the closing brace of r (line 2)"},
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n", "bad.bvh:5: the end of the file before the closing brace of r (line 2)"},
    /* non-finite numbers */
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 nan 0\n}\n", "bad.bvh:4: OFFSET: 'nan' is not a finite number"},
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 1e39 0\n}\n", "bad.bvh:4: OFFSET: '1e39' is not a finite number"},
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 1,5 0\n}\n", "bad.bvh:4: OFFSET: '1,5' is not a number"},
    {HEAD TAIL MOTION2 "1 2 3\n4 inf 6\n", "bad.bvh:15: frame 1, value 1: 'inf' is not a finite number"},
    {HEAD TAIL "MOTION\nFrames: 1\nFrame Time: -0.1\n1 2 3\n",
     "bad.bvh:13: Frame Time: -0.1 is not a positive number of seconds"},
    /* unknown keywords, misplaced ones */
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n ROTATION 0 0 0\n}\n",
     "bad.bvh:5: unknown keyword 'ROTATION' in r (line 2)"},
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n End Site\n {\n  OFFSET 0 1 0\n  CHANNELS 1 Xrotation\n }\n}\n",
     "bad.bvh:8: an End Site (line 5) has no CHANNELS"},
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n End Site\n {\n  JOINT j\n  {\n  }\n }\n}\n",
     "bad.bvh:7: an End Site (line 5) has no joints inside it"},
    {"HIERARCHY\nROOT r\n{\n}\n", "bad.bvh:4: r (line 2) has no OFFSET"},
    /* a frame's values are in the order of the joints: a joint's CHANNELS come before its children */
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n JOINT a\n {\n  OFFSET 0 1 0\n }\n CHANNELS 1 Xrotation\n}\n",
     "bad.bvh:9: CHANNELS of r after the joints inside it"},
    {"HIERARCHY\nROOT r\n{\n OFFSET 0 0 0\n OFFSET 0 0 0\n}\n", "bad.bvh:5: a second OFFSET in r (line 2)"},
    {"HIERARCHY\nROOT\n{\n", "bad.bvh:3: ROOT needs a name"},
    {"HIERARCHY\nROOT r\n OFFSET 0 0 0\n", "bad.bvh:3: expected '{' after the joint's name, found 'OFFSET'"},
    {HEAD TAIL "MOTION\nFrames: 0\nFrame Time: 0.1\n", "bad.bvh:12: Frames: 0 (a BVH file needs one frame at least)"},
    {HEAD TAIL "MOTION\nFrame: 1\n", "bad.bvh:12: expected 'Frames:' after MOTION, found 'Frame:'"},
    {HEAD TAIL "MOTION\nFrames: 1\nFrame Time: 0.1 1 2 3\n",
     "bad.bvh:13: '1' after the frame time (frames start on the next line)"},
    /* absurd counts: refused before anything is allocated for them */
    {HEAD TAIL "MOTION\nFrames: 3000000\nFrame Time: 0.1\n1 2 3\n",
     "bad.bvh:13: Frames: 3000000 frames of 3 values cannot fit in the 7 bytes left of the file"},
    {HEAD TAIL "MOTION\nFrames: 99999999999999999999\n",
     "bad.bvh:12: Frames: 99999999999999999999 is more than 3600000"},
    /* a NUL byte */
    {"HIERARCHY\nROOT r\0{\n", "bad.bvh:2: a NUL byte: this is not a text file"},
};

/* The NUL case's text holds a NUL: its length is given here. */
static size_t bad_length(const bad_case *c)
{
    return strstr(c->error, "NUL byte") ? 19 : strlen(c->text);
}

static void bad_input_gives_its_line(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const bad_case *c = &bad_cases[i];
        /* A copy of exactly its length (no NUL after it), so that a read
         * past the end is the sanitizer's to see. */
        size_t n = bad_length(c);
        char *copy = malloc(n + 1);
        memcpy(copy, c->text, n);
        bvh_file b;
        sa_error err = {{0}};
        bool ok = bvh_parse(copy, n, "bad.bvh", &b, &err);
        free(copy);
        if (ok)
            fail_msg("case %zu: read without an error; expected \"%s\"", i, c->error);
        if (strcmp(err.message, c->error) != 0)
            fail_msg("case %zu: expected \"%s\", got \"%s\"", i, c->error, err.message);
        EXPECT_INT(0, b.joint_count); /* emptied on failure */
        EXPECT_TRUE(b.values == NULL);
    }
}

/* Nesting deeper than BVH_MAX_DEPTH is an error line, not a stack overflow. */
static void deep_nesting_is_an_error(void **state)
{
    (void)state;
    size_t cap = 100000 * 16 + 64, n = 0;
    char *text = malloc(cap);
    n += (size_t)sprintf(text + n, "HIERARCHY\nROOT r\n{\n");
    for (int d = 0; d < 100000; d++)
        n += (size_t)sprintf(text + n, "JOINT j\n{\n");
    bvh_file b;
    sa_error err;
    EXPECT_TRUE(!bvh_parse(text, n, "deep.bvh", &b, &err));
    EXPECT_STR_CONTAINS(err.message, "deep.bvh:");
    EXPECT_STR_CONTAINS(err.message, ": joints nested deeper than 256 levels");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tiny_file_read),
        cmocka_unit_test(tiny_file_world_positions),
        cmocka_unit_test(root_offset_adds_to_the_position),
        cmocka_unit_test(crlf_and_blank_lines),
        cmocka_unit_test(lines_past_the_count_are_counted),
        cmocka_unit_test(bad_input_gives_its_line),
        cmocka_unit_test(deep_nesting_is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
