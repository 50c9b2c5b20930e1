/* test_crowd_soa.c: chapter 12's crowd (crowd_soa.h): when each character
 * switches clips, stepped frame by frame and resized mid-run, worked out
 * from crowd_fade_start's rule (character i's first switch at frame
 * 60 - i % 60, then every 60 frames); and a model of one clip played as a
 * crowd at spread phases (a Khronos sample beside the checkout, skipped
 * without it). */
#include "test_util.h"

#include "chapters/12_data_oriented/crowd_soa.h"
#include "common/files.h"

/* Two humanoids from frame 0: character 0 switches at 60, 120, ...,
 * character 1 at 59, 119, 179, .... crowd_soa_advance_to(120) steps frames
 * 0 to 119, each with its own frame number: character 0 has switched at 60
 * (next 120), character 1 at 59 and 119 (next 179). A third added at frame
 * 120 starts as crowd_fade_start starts character 2 (first switch 58
 * frames on), its frames counted from now: next 178. Stepped to 200:
 * character 0 switched at 120 and 180 (next 240), character 1 at 179
 * (next 239), character 2 at 178 (next 238). */
static void switches_count_from_each_characters_start(void **state)
{
    (void)state;
    crowd_scene s;
    crowd_soa cw;
    sa_error err;
    if (!crowd_scene_load(SA_SOURCE_DIR "/assets/models/humanoid.gltf", &s, &err))
        fail_msg("%s", err.message);
    if (!crowd_soa_init(&cw, &s, 2, &err))
        fail_msg("%s", err.message);
    crowd_soa_advance_to(&cw, 120);
    EXPECT_INT(120, cw.frame);
    EXPECT_INT(120, cw.fades[0].next_switch_frame);
    EXPECT_INT(179, cw.fades[1].next_switch_frame);
    if (!crowd_soa_resize(&cw, 3, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(178, cw.fades[2].next_switch_frame);
    crowd_soa_advance_to(&cw, 200);
    EXPECT_INT(240, cw.fades[0].next_switch_frame);
    EXPECT_INT(239, cw.fades[1].next_switch_frame);
    EXPECT_INT(238, cw.fades[2].next_switch_frame);
    /* a clock that stands (a frame not after the last) steps nothing */
    crowd_soa_advance_to(&cw, 150);
    EXPECT_INT(200, cw.frame);
    EXPECT_INT(238, cw.fades[2].next_switch_frame);
    crowd_soa_free(&cw);
    crowd_scene_free(&s);
}

/* CesiumMan has one clip (a walk of 2 s): character i plays it alone from
 * 0.37 i s (0, 0.37, 0.74, 1.11 s), never switching, also when added
 * later; a second of frames later each clock is one second on (modulo the
 * clip's duration), and the characters' skin matrices differ (their
 * phases do). */
static void one_clip_plays_at_spread_phases(void **state)
{
    (void)state;
    char dir[SA_PATH_MAX], path[SA_PATH_MAX + 32];
    if (!sa_test_shared("gltf", dir, sizeof dir))
        skip();
    snprintf(path, sizeof path, "%s/CesiumMan.gltf", dir);
    crowd_scene s;
    crowd_soa cw;
    sa_error err;
    if (!crowd_scene_load(path, &s, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(1, s.clip_count);
    if (!crowd_soa_init(&cw, &s, 3, &err))
        fail_msg("%s", err.message);
    if (!crowd_soa_resize(&cw, 4, &err))
        fail_msg("%s", err.message);
    double duration = s.clips[0].duration;
    for (int i = 0; i < 4; i++) {
        const crossfade *f = &cw.fades[i].fade;
        EXPECT_INT(1, f->count);
        EXPECT_INT(0, f->entry[0].clip);
        EXPECT_NEAR(fmod(0.37 * i, duration), f->entry[0].clock.time, 1e-9);
        EXPECT_INT(-1, cw.fades[i].next_switch_frame);
    }
    crowd_soa_advance_to(&cw, 60);
    double seconds[CROWD_ANIMATION_STAGES];
    crowd_soa_animate(&cw, seconds);
    for (int i = 0; i < 4; i++) {
        EXPECT_INT(1, cw.fades[i].fade.count);
        EXPECT_NEAR(fmod(0.37 * i + 1.0, duration), cw.fades[i].fade.entry[0].clock.time, 1e-6);
        EXPECT_INT(-1, cw.fades[i].next_switch_frame);
        const float *m = crowd_soa_skin_matrices(&cw, (size_t)i)[0][0];
        for (int k = 0; k < 16 * cw.skin_joint_count; k++)
            EXPECT_TRUE(isfinite(m[k]));
    }
    size_t bytes = (size_t)cw.skin_joint_count * sizeof(mat4);
    EXPECT_TRUE(memcmp(crowd_soa_skin_matrices(&cw, 0), crowd_soa_skin_matrices(&cw, 1), bytes) != 0);
    crowd_soa_free(&cw);
    crowd_scene_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(switches_count_from_each_characters_start),
        cmocka_unit_test(one_clip_plays_at_spread_phases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
