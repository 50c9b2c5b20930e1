/* Grading tests for exercise ex02.1: obj_parse_corner() reads one face
 * corner into three 1-based absolute indices (0 = absent). Expected values
 * are worked out by hand beside each case. */
#include "tests/test_util.h"
#include "chapters/02_obj_loader/obj_steps.h"

/* The text as C would write it ("1/2\\n"), for messages. One call per
 * message: the buffer is reused. */
static const char *quoted(const char *text)
{
    static char out[128];
    size_t o = 0;
    for (; *text && o + 5 < sizeof out; text++) {
        unsigned char c = (unsigned char)*text;
        if (c == '\n' || c == '\r' || c == '\t')
            out[o++] = '\\', out[o++] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
        else if (c < ' ' || c >= 0x7F)
            o += (size_t)snprintf(out + o, sizeof out - o, "\\x%02X", c);
        else
            out[o++] = (char)c;
    }
    out[o] = '\0';
    return out;
}

/* Parses `text` with the given counts; checks the result and where the
 * cursor stopped (`consumed` characters in). */
static void expect_corner(const char *text, const uint32_t counts[3], uint32_t p, uint32_t t, uint32_t n,
                          size_t consumed)
{
    const char *cursor = text;
    uint32_t corner[3] = {99, 99, 99};
    sa_error err = {{0}};
    if (!obj_parse_corner(&cursor, counts, corner, &err))
        fail_msg("ex02.1: \"%s\": expected success, got the error \"%s\"", quoted(text), err.message);
    if (corner[0] != p || corner[1] != t || corner[2] != n)
        fail_msg("ex02.1: \"%s\" with counts (%u, %u, %u): expected corner (%u, %u, %u), got (%u, %u, %u)",
                 quoted(text), counts[0], counts[1], counts[2], p, t, n, corner[0], corner[1], corner[2]);
    if ((size_t)(cursor - text) != consumed)
        fail_msg("ex02.1: \"%s\": expected the cursor %zu characters in (just past the corner), got %td", quoted(text),
                 consumed, cursor - text);
}

static void expect_rejected(const char *text, const uint32_t counts[3])
{
    const char *cursor = text;
    uint32_t corner[3];
    sa_error err = {{0}};
    if (obj_parse_corner(&cursor, counts, corner, &err))
        fail_msg("ex02.1: \"%s\" with counts (%u, %u, %u): expected an error, got corner (%u, %u, %u)", quoted(text),
                 counts[0], counts[1], counts[2], corner[0], corner[1], corner[2]);
    if (cursor != text)
        fail_msg("ex02.1: \"%s\": on an error the cursor must not move (it moved %td characters)", quoted(text),
                 cursor - text);
    if (err.message[0] == '\0')
        fail_msg("ex02.1: \"%s\": an error needs a message in err", quoted(text));
}

static const uint32_t counts[3] = {10, 5, 8}; /* 10 positions, 5 texcoords, 8 normals so far */

static void ex02_1_position_only(void **state)
{
    (void)state;
    expect_corner("7\n", counts, 7, 0, 0, 1);
    expect_corner("10 3\n", counts, 10, 0, 0, 2); /* stops at the space */
}

static void ex02_1_position_texcoord(void **state)
{
    (void)state;
    expect_corner("3/2\n", counts, 3, 2, 0, 3);
}

static void ex02_1_position_normal(void **state)
{
    (void)state;
    expect_corner("3//4\n", counts, 3, 0, 4, 4);
}

static void ex02_1_all_three(void **state)
{
    (void)state;
    expect_corner("3/2/4\n", counts, 3, 2, 4, 5);
    expect_corner("12/3/45 6\n", (const uint32_t[3]){20, 20, 50}, 12, 3, 45, 7);
    expect_corner("1/1/1\r\n", counts, 1, 1, 1, 5); /* CRLF: '\r' ends it too */
    expect_corner("1/1/1\t2\n", counts, 1, 1, 1, 5);
}

static void ex02_1_negative_indices(void **state)
{
    (void)state;
    /* -1 is the last one defined: position 10, texcoord 5, normal 8. */
    expect_corner("-1/-1/-1\n", counts, 10, 5, 8, 8);
    /* -10 of 10 positions is the first; -8 of 8 normals too. */
    expect_corner("-10//-8\n", counts, 1, 0, 1, 7);
    /* -3 of 10 is 8; -2 of 5 is 4. */
    expect_corner("-3/-2\n", counts, 8, 4, 0, 5);
}

static void ex02_1_rejects_bad_corners(void **state)
{
    (void)state;
    expect_rejected("0\n", counts); /* OBJ counts from 1 */
    expect_rejected("1/0\n", counts);
    expect_rejected("11\n", counts); /* only 10 positions so far */
    expect_rejected("-11\n", counts);
    expect_rejected("1/6\n", counts);  /* only 5 texcoords */
    expect_rejected("1//9\n", counts); /* only 8 normals */
    expect_rejected("1//-9\n", counts);
    expect_rejected("x\n", counts);
    expect_rejected("/1\n", counts);
    expect_rejected("1/x\n", counts);
    expect_rejected("1/1/1/1\n", counts); /* four parts */
    expect_rejected("1a\n", counts);
    expect_rejected("1/ 2\n", counts); /* a blank is not a number (strtol would skip it) */
    expect_rejected("1// 3\n", counts);
    expect_rejected("\n", counts);
    expect_rejected("-\n", counts);
    expect_rejected("99999999999999999999\n", counts);                       /* does not fit: not a wrap-around */
    expect_rejected("4294967297\n", (const uint32_t[3]){4294967294u, 0, 0}); /* 2^32 + 1 wraps to 1 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        SA_EXERCISE_CASE("ex02.1", ex02_1_position_only),    SA_EXERCISE_CASE("ex02.1", ex02_1_position_texcoord),
        SA_EXERCISE_CASE("ex02.1", ex02_1_position_normal),  SA_EXERCISE_CASE("ex02.1", ex02_1_all_three),
        SA_EXERCISE_CASE("ex02.1", ex02_1_negative_indices), SA_EXERCISE_CASE("ex02.1", ex02_1_rejects_bad_corners),
    };
    return cmocka_run_group_tests_name("ex02.1 obj_parse_corner", tests, NULL, NULL);
}
