/* Unit tests of common/cli.c: the shared command line. */
#include "common/cli.h"
#include "test_util.h"

static bool check = false;
static int count = 0;
static const cli_option extra[] = {
    {"--check", CLI_FLAG, &check, NULL, "print counts and exit"},
    {"--count", CLI_INT, &count, "N", "a number"},
};
static const cli_spec spec = {"prog", "a test program", true, extra, 2, NULL, 0, NULL, 0, false};

static bool parse(sa_error *err, app_options *o, int argc, const char **argv)
{
    return cli_parse(&spec, argc, (char **)argv, o, err);
}

static void defaults(void **state)
{
    (void)state;
    app_options o;
    sa_error err;
    const char *argv[] = {"prog"};
    EXPECT_TRUE(parse(&err, &o, 1, argv));
    EXPECT_INT(1280, o.width);
    EXPECT_INT(720, o.height);
    EXPECT_INT(0, o.frames);
    EXPECT_TRUE(!o.headless && !o.fixed_time && !o.screenshot && !o.model && !o.help);
}

static void every_shared_flag(void **state)
{
    (void)state;
    app_options o;
    sa_error err;
    const char *argv[] = {"prog",         "--size", "320x240", "--headless", "--frames", "3",       "--time", "1.5",
                          "--screenshot", "a.png",  "--model", "m.obj",      "--check",  "--count", "7"};
    EXPECT_TRUE(parse(&err, &o, 15, argv));
    EXPECT_INT(320, o.width);
    EXPECT_INT(240, o.height);
    EXPECT_TRUE(o.headless);
    EXPECT_INT(3, o.frames);
    EXPECT_TRUE(o.fixed_time);
    EXPECT_NEAR(1.5, o.time, 0);
    EXPECT_STR_CONTAINS(o.screenshot, "a.png");
    EXPECT_STR_CONTAINS(o.model, "m.obj");
    EXPECT_TRUE(check);
    EXPECT_INT(7, count);
}

static void bad_command_lines(void **state)
{
    (void)state;
    app_options o;
    sa_error err;
    const char *bad_size[] = {"prog", "--size", "320"};
    EXPECT_TRUE(!parse(&err, &o, 3, bad_size));
    EXPECT_STR_CONTAINS(err.message, "--size");
    const char *zero_frames[] = {"prog", "--frames", "0"};
    EXPECT_TRUE(!parse(&err, &o, 3, zero_frames));
    const char *junk_frames[] = {"prog", "--frames", "3x"};
    EXPECT_TRUE(!parse(&err, &o, 3, junk_frames));
    const char *nan_time[] = {"prog", "--time", "nan"};
    EXPECT_TRUE(!parse(&err, &o, 3, nan_time));
    const char *missing[] = {"prog", "--model"};
    EXPECT_TRUE(!parse(&err, &o, 2, missing));
    EXPECT_STR_CONTAINS(err.message, "needs a value");
    const char *unknown[] = {"prog", "--fly"};
    EXPECT_TRUE(!parse(&err, &o, 2, unknown));
    EXPECT_STR_CONTAINS(err.message, "--fly");
}

static void model_only_when_the_chapter_takes_one(void **state)
{
    (void)state;
    cli_spec no_model = spec;
    no_model.takes_model = false;
    app_options o;
    sa_error err;
    const char *argv[] = {"prog", "--model", "x.obj"};
    EXPECT_TRUE(!cli_parse(&no_model, 3, (char **)argv, &o, &err));
}

static void choice_by_name(void **state)
{
    (void)state;
    static const char *const names[] = {"plain", "dominant", "heat"};
    EXPECT_INT(0, cli_choice("plain", names, 3));
    EXPECT_INT(2, cli_choice("heat", names, 3));
    EXPECT_INT(-1, cli_choice("hea", names, 3));   /* no prefixes */
    EXPECT_INT(-1, cli_choice("heat", names, 2));  /* only the first count */
    EXPECT_INT(-1, cli_choice("Plain", names, 3)); /* case counts */
}

static void exclusive_modes(void **state)
{
    (void)state;
    static const char *const names[] = {"--check-bind", "--dump-obj", "--screenshot"};
    sa_error err;
    EXPECT_TRUE(cli_exclusive(3, names, (const bool[]){false, false, false}, &err));
    EXPECT_TRUE(cli_exclusive(3, names, (const bool[]){false, true, false}, &err));
    EXPECT_TRUE(!cli_exclusive(3, names, (const bool[]){true, true, false}, &err));
    EXPECT_STR_CONTAINS(err.message, "--check-bind and --dump-obj cannot be used together");
    EXPECT_TRUE(!cli_exclusive(3, names, (const bool[]){false, true, true}, &err));
    EXPECT_STR_CONTAINS(err.message, "--dump-obj and --screenshot cannot be used together");
    EXPECT_TRUE(cli_exclusive(2, names, (const bool[]){false, true, true}, &err)); /* only the first count */
}

/* Modes named in the spec are checked by cli_parse itself. */
static void exclusive_modes_in_the_spec(void **state)
{
    (void)state;
    static bool dump = false;
    static const char *dump_path = NULL;
    static const cli_option options[] = {
        {"--check-bind", CLI_FLAG, &dump, NULL, "a mode"},
        {"--dump-obj", CLI_STRING, &dump_path, "FILE", "another"},
    };
    static const char *const modes[] = {"--check-bind", "--dump-obj", "--screenshot"};
    const cli_spec with_modes = {"prog", "modes", false, options, 2, NULL, 0, modes, 3, false};
    app_options o;
    sa_error err;
    const char *one[] = {"prog", "--dump-obj", "--screenshot", "--check-bind"}; /* a value, not a mode */
    EXPECT_TRUE(cli_parse(&with_modes, 3, (char **)one, &o, &err));
    const char *two[] = {"prog", "--screenshot", "a.png", "--dump-obj", "-"};
    EXPECT_TRUE(!cli_parse(&with_modes, 5, (char **)two, &o, &err));
    EXPECT_STR_CONTAINS(err.message, "--dump-obj and --screenshot cannot be used together");
    const char *flag_and_string[] = {"prog", "--check-bind", "--dump-obj", "x"};
    EXPECT_TRUE(!cli_parse(&with_modes, 4, (char **)flag_and_string, &o, &err));
    EXPECT_STR_CONTAINS(err.message, "--check-bind and --dump-obj cannot be used together");
    const char *with_help[] = {"prog", "--check-bind", "--dump-obj", "x", "--help"};
    EXPECT_TRUE(cli_parse(&with_modes, 5, (char **)with_help, &o, &err) && o.help);
}

/* A CLI_CHOICE option stores the index of its value, or names the choices. */
static void choice_options(void **state)
{
    (void)state;
    static const char *const names[] = {"plain", "dominant", "heat"};
    static const char *const two_names[] = {"linear", "dq"};
    static int view = 1, method = 0;
    static cli_choices view_choices = {&view, names, 3}, method_choices = {&method, two_names, 2};
    static const cli_option options[] = {
        {"--view", CLI_CHOICE, &view_choices, "NAME", "a view"},
        {"--method", CLI_CHOICE, &method_choices, "NAME", "a method"},
    };
    const cli_spec with_choices = {"prog", "choices", false, options, 2, NULL, 0, NULL, 0, false};
    app_options o;
    sa_error err;
    const char *good[] = {"prog", "--view", "heat", "--method", "dq"};
    EXPECT_TRUE(cli_parse(&with_choices, 5, (char **)good, &o, &err));
    EXPECT_INT(2, view);
    EXPECT_INT(1, method);
    const char *bad_three[] = {"prog", "--view", "hot"};
    EXPECT_TRUE(!cli_parse(&with_choices, 3, (char **)bad_three, &o, &err));
    EXPECT_STR_CONTAINS(err.message, "--view: 'hot' is not plain, dominant or heat");
    const char *bad_two[] = {"prog", "--method", "Linear"};
    EXPECT_TRUE(!cli_parse(&with_choices, 3, (char **)bad_two, &o, &err));
    EXPECT_STR_CONTAINS(err.message, "--method: 'Linear' is not linear or dq");
    const char *missing[] = {"prog", "--view"};
    EXPECT_TRUE(!cli_parse(&with_choices, 2, (char **)missing, &o, &err));
}

/* The keys a program's H prints: the shared list, W's wireframe and the
 * arrows' orbit left out where the chapter's keys steer (chapter 14). */
static void steering_keys_leave_w_and_the_arrows(void **state)
{
    (void)state;
    static const cli_key steer_keys[] = {{"W A S D, arrows", "steer"}};
    const cli_spec plain = {"prog", "keys", false, NULL, 0, steer_keys, 1, NULL, 0, false};
    const cli_spec steering = {"prog", "keys", false, NULL, 0, steer_keys, 1, NULL, 0, true};
    char text[2][1024];
    for (int i = 0; i < 2; i++) {
        FILE *f = tmpfile();
        EXPECT_TRUE(f != NULL);
        cli_print_keys(i == 0 ? &plain : &steering, f);
        rewind(f);
        size_t n = fread(text[i], 1, sizeof text[i] - 1, f);
        text[i][n] = '\0';
        fclose(f);
    }
    EXPECT_STR_CONTAINS(text[0], "  mouse drag, arrows  orbit the camera\n");
    EXPECT_STR_CONTAINS(text[0], "  W                   toggle wireframe\n");
    EXPECT_STR_CONTAINS(text[1], "  mouse drag          orbit the camera\n");
    EXPECT_TRUE(strstr(text[1], "wireframe") == NULL);
    EXPECT_STR_CONTAINS(text[1], "  W A S D, arrows     steer\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defaults),
        cmocka_unit_test(every_shared_flag),
        cmocka_unit_test(bad_command_lines),
        cmocka_unit_test(model_only_when_the_chapter_takes_one),
        cmocka_unit_test(choice_by_name),
        cmocka_unit_test(exclusive_modes),
        cmocka_unit_test(exclusive_modes_in_the_spec),
        cmocka_unit_test(choice_options),
        cmocka_unit_test(steering_keys_leave_w_and_the_arrows),
    };
    return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
