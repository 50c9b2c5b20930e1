/* Unit tests of common/shader_log.c: driver logs become file:line: message. */
#include "common/shader_log.h"
#include "test_util.h"

static void mesa(void **state)
{
    (void)state;
    char out[512];
    shader_log_format("shaders/lit.frag", "0:12(5): error: `foo' undeclared\n", out, sizeof out);
    EXPECT_STR_CONTAINS(out, "shaders/lit.frag:12: error: `foo' undeclared");
}

static void nvidia(void **state)
{
    (void)state;
    char out[512];
    shader_log_format("a.vert", "0(7) : error C1008: undefined variable \"x\"", out, sizeof out);
    EXPECT_STR_CONTAINS(out, "a.vert:7: error C1008: undefined variable \"x\"");
}

static void amd_and_several_lines(void **state)
{
    (void)state;
    char out[512];
    shader_log_format("b.frag", "ERROR: 0:3: 'y' : undeclared identifier\r\nERROR: 0:9: syntax error\n", out,
                      sizeof out);
    EXPECT_STR_CONTAINS(out, "b.frag:3: 'y' : undeclared identifier\nb.frag:9: syntax error");
}

static void unknown_format_keeps_the_text(void **state)
{
    (void)state;
    char out[512];
    shader_log_format("c.frag", "something odd happened", out, sizeof out);
    EXPECT_STR_CONTAINS(out, "c.frag: something odd happened");
    char tiny[8];
    shader_log_format("c.frag", "0:1(1): error: a very long message", tiny, sizeof tiny);
    EXPECT_INT(7, strlen(tiny));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mesa),
        cmocka_unit_test(nvidia),
        cmocka_unit_test(amd_and_several_lines),
        cmocka_unit_test(unknown_format_keeps_the_text),
    };
    return cmocka_run_group_tests_name("shader_log", tests, NULL, NULL);
}
