/* test_json: the JSON reader of chapter 03.
 *
 * Hand-written cases for each rule (expected values worked out by hand),
 * then JSONTestSuite when ../shared/conformance/json exists: every y_ file
 * parses, every n_ file is rejected, no i_ file crashes (the sanitizer build
 * runs this too). */
#include "chapters/03_gltf_loader/json.h"
#include "test_util.h"

static bool parse(const char *text, json_document *doc, sa_error *err)
{
    return json_parse(text, strlen(text), doc, err);
}

static void values_of_every_kind(void **state)
{
    (void)state;
    json_document doc;
    sa_error err;
    EXPECT_TRUE(parse(" {\"a\": [1, -2.5e2, true, false, null, \"x\"], \"b\": {}} ", &doc, &err));
    EXPECT_INT(JSON_OBJECT, doc.root.kind);
    EXPECT_INT(2, doc.root.count);
    const json_value *a = json_object_get(&doc.root, "a");
    EXPECT_TRUE(a && a->kind == JSON_ARRAY);
    EXPECT_INT(6, a->count);
    EXPECT_NEAR(1.0, a->as.items[0].number, 0);
    EXPECT_NEAR(-250.0, a->as.items[1].number, 0);
    EXPECT_INT(JSON_TRUE, a->as.items[2].kind);
    EXPECT_INT(JSON_FALSE, a->as.items[3].kind);
    EXPECT_INT(JSON_NULL, a->as.items[4].kind);
    EXPECT_INT(JSON_STRING, a->as.items[5].kind);
    EXPECT_TRUE(strcmp(a->as.items[5].as.string, "x") == 0);
    const json_value *b = json_object_get(&doc.root, "b");
    EXPECT_TRUE(b && b->kind == JSON_OBJECT && b->count == 0);
    EXPECT_TRUE(json_object_get(&doc.root, "c") == NULL);
    json_free(&doc);
}

static void escapes_and_surrogate_pairs(void **state)
{
    (void)state;
    json_document doc;
    sa_error err;
    /* \u00e9 is U+00E9 -> C3 A9; \ud83d\ude00 is U+1F600 -> F0 9F 98 80; \/ is '/'. */
    EXPECT_TRUE(parse("\"a\\n\\t\\\"\\\\\\/\\u00e9\\ud83d\\ude00\"", &doc, &err));
    EXPECT_INT(JSON_STRING, doc.root.kind);
    const char expected[] = "a\n\t\"\\/\xC3\xA9\xF0\x9F\x98\x80";
    EXPECT_INT(sizeof expected - 1, doc.root.count);
    EXPECT_TRUE(memcmp(doc.root.as.string, expected, sizeof expected - 1) == 0);
    json_free(&doc);
    /* \b \f \r are backspace, form feed and carriage return: 08 0C 0D (RFC 8259, 7). */
    EXPECT_TRUE(parse("\"\\b\\f\\r\"", &doc, &err));
    EXPECT_INT(3, doc.root.count);
    EXPECT_INT(0x08, (unsigned char)doc.root.as.string[0]);
    EXPECT_INT(0x0C, (unsigned char)doc.root.as.string[1]);
    EXPECT_INT(0x0D, (unsigned char)doc.root.as.string[2]);
    json_free(&doc);
    /* \u0000 is kept: the length says where the string ends, not the NUL. */
    EXPECT_TRUE(parse("\"a\\u0000b\"", &doc, &err));
    EXPECT_INT(3, doc.root.count);
    EXPECT_INT('b', doc.root.as.string[2]);
    json_free(&doc);
}

static void numbers(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        double value;
    } good[] = {{"0", 0}, {"-0", 0}, {"12", 12}, {"0.5", 0.5}, {"1e3", 1000}, {"1E-2", 0.01}, {"-1.25e+1", -12.5}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        json_document doc;
        sa_error err;
        if (!parse(good[i].text, &doc, &err))
            fail_msg("\"%s\" was rejected: %s", good[i].text, err.message);
        EXPECT_NEAR(good[i].value, doc.root.number, 1e-12);
        json_free(&doc);
    }
    static const char *const bad[] = {"01", "1.", ".5", "+1", "1e", "0x10", "-", "1.e3", "Infinity", "NaN", "- 1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_document doc;
        sa_error err;
        if (parse(bad[i], &doc, &err)) {
            json_free(&doc);
            fail_msg("\"%s\" was accepted", bad[i]);
        }
    }
}

static void errors_give_the_byte_offset(void **state)
{
    (void)state;
    json_document doc;
    sa_error err;
    /* The missing ':' is at byte 5: {"ab" 1} */
    EXPECT_TRUE(!parse("{\"ab\" 1}", &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "byte 6");
    EXPECT_STR_CONTAINS(err.message, "':'");
    EXPECT_TRUE(!parse("[1, 2,]", &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "byte 6");
    EXPECT_TRUE(!parse("[1] x", &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "after the JSON value");
    EXPECT_TRUE(!parse("\"\\ud800\"", &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "surrogate");
    EXPECT_TRUE(!parse("\"\xC0\xAF\"", &doc, &err)); /* overlong '/' */
    EXPECT_STR_CONTAINS(err.message, "UTF-8");
    EXPECT_TRUE(!parse("\"a\tb\"", &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "control character");
    EXPECT_TRUE(!parse("", &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "end of input");
    EXPECT_TRUE(!json_parse("[1, 2", 5, &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "byte 5");
}

static void duplicate_key_keeps_the_later_value_and_bom_is_skipped(void **state)
{
    (void)state;
    json_document doc;
    sa_error err;
    EXPECT_TRUE(parse("\xEF\xBB\xBF{\"k\": 1, \"k\": 2}", &doc, &err));
    EXPECT_NEAR(2.0, json_object_get(&doc.root, "k")->number, 0);
    json_free(&doc);
}

static void depth_limit(void **state)
{
    (void)state;
    char text[2 * (JSON_MAX_DEPTH + 1) + 1];
    json_document doc;
    sa_error err;
    /* JSON_MAX_DEPTH nested arrays are fine ... */
    for (int i = 0; i < JSON_MAX_DEPTH; i++)
        text[i] = '[', text[JSON_MAX_DEPTH + i] = ']';
    EXPECT_TRUE(json_parse(text, 2 * JSON_MAX_DEPTH, &doc, &err));
    json_free(&doc);
    /* ... one more is rejected with a message, not a stack overflow. */
    for (int i = 0; i <= JSON_MAX_DEPTH; i++)
        text[i] = '[', text[JSON_MAX_DEPTH + 1 + i] = ']';
    EXPECT_TRUE(!json_parse(text, 2 * (JSON_MAX_DEPTH + 1), &doc, &err));
    EXPECT_STR_CONTAINS(err.message, "nested deeper");
}

static char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)n + 1);
    *size = fread(data, 1, (size_t)n, f);
    fclose(f);
    return data;
}

static void json_test_suite(void **state)
{
    (void)state;
    char dir[1024];
    if (!sa_test_shared("json/test_parsing", dir, sizeof dir))
        skip();
    char **names;
    size_t name_count;
    sa_error list_err;
    if (!sa_dir_names(dir, &names, &name_count, &list_err))
        fail_msg("%s", list_err.message);
    int accepted_y = 0, rejected_n = 0, seen_i = 0, failures = 0;
    for (size_t i = 0; i < name_count; i++) {
        const char *name = names[i];
        char prefix = name[0];
        if (name[1] != '_' || (prefix != 'y' && prefix != 'n' && prefix != 'i'))
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        size_t size = 0;
        char *data = read_all(path, &size);
        EXPECT_TRUE(data != NULL);
        json_document doc;
        sa_error err;
        bool ok = json_parse(data, size, &doc, &err);
        if (ok)
            json_free(&doc);
        free(data);
        if (prefix == 'y' && !ok) {
            print_error("should parse: %s (%s)\n", name, err.message);
            failures++;
        } else if (prefix == 'n' && ok) {
            print_error("should be rejected: %s\n", name);
            failures++;
        }
        accepted_y += prefix == 'y' && ok;
        rejected_n += prefix == 'n' && !ok;
        seen_i += prefix == 'i';
    }
    sa_dir_names_free(names, name_count);
    print_message("JSONTestSuite: %d y_ accepted, %d n_ rejected, %d i_ survived\n", accepted_y, rejected_n, seen_i);
    EXPECT_INT(0, failures);
    /* The counts of the suite's README: 95 y_, 188 n_, 35 i_. */
    EXPECT_INT(95, accepted_y);
    EXPECT_INT(188, rejected_n);
    EXPECT_INT(35, seen_i);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(values_of_every_kind),
        cmocka_unit_test(escapes_and_surrogate_pairs),
        cmocka_unit_test(numbers),
        cmocka_unit_test(errors_give_the_byte_offset),
        cmocka_unit_test(duplicate_key_keeps_the_later_value_and_bom_is_skipped),
        cmocka_unit_test(depth_limit),
        cmocka_unit_test(json_test_suite),
    };
    return cmocka_run_group_tests_name("json", tests, NULL, NULL);
}
