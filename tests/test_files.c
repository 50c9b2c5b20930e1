/* Unit tests of common/files.c: finding the project's files from anywhere. */
#include "common/files.h"
#include "test_util.h"

/* C11 cannot change the working folder, so this runs from the one ctest
 * gives the test (the build's tests/ folder), which has no shaders/: the file
 * must be found through another root (SA_ROOT, the source folder, the
 * program's folder). */
static void finds_shaders_from_another_folder(void **state)
{
    (void)state;
    FILE *here = fopen("shaders/lit.vert", "rb");
    if (here) {
        fclose(here);
        print_message("finds_shaders_from_another_folder: not run: the working folder has shaders/lit.vert; run "
                      "the test from a folder without it (ctest does)\n");
        skip();
    }
    char path[SA_PATH_MAX];
    sa_error err;
    if (!sa_path_find("shaders/lit.vert", path, sizeof path, &err))
        fail_msg("%s", err.message);
    EXPECT_STR_CONTAINS(path, "shaders/lit.vert");
    EXPECT_TRUE(strcmp(path, "shaders/lit.vert") != 0);
    FILE *found = fopen(path, "rb");
    EXPECT_TRUE(found != NULL);
    fclose(found);
}

static void missing_file_lists_every_path_tried(void **state)
{
    (void)state;
    sa_error err;
    EXPECT_TRUE(sa_setenv("SA_ROOT", "/nonexistent-root", &err));
    char path[SA_PATH_MAX];
    EXPECT_TRUE(!sa_path_find("shaders/missing.vert", path, sizeof path, &err));
    sa_error unset_err;
    EXPECT_TRUE(sa_setenv("SA_ROOT", NULL, &unset_err));
    EXPECT_STR_CONTAINS(err.message, "shaders/missing.vert: file not found");
    EXPECT_STR_CONTAINS(err.message, "/nonexistent-root/shaders/missing.vert");
    EXPECT_STR_CONTAINS(err.message, SA_SOURCE_DIR "/shaders/missing.vert");
}

static void read_whole_file_and_missing_file(void **state)
{
    (void)state;
    char *data;
    size_t size;
    sa_error err;
    EXPECT_TRUE(sa_file_read(SA_SOURCE_DIR "/shaders/lit.vert", &data, &size, &err));
    EXPECT_TRUE(size > 0 && data[size] == '\0');
    EXPECT_STR_CONTAINS(data, "#version 330 core");
    free(data);
    EXPECT_TRUE(!sa_file_read("/nonexistent/file.obj", &data, &size, &err));
    EXPECT_STR_CONTAINS(err.message, "/nonexistent/file.obj: cannot open");
    EXPECT_TRUE(!sa_file_read("/", &data, &size, &err));
    EXPECT_STR_CONTAINS(err.message, "not a regular file");
    /* The null device opens and reads as empty: it must be refused too,
     * not taken for an empty file ("NUL" on Windows, /dev/null elsewhere). */
    EXPECT_TRUE(!sa_file_read(sa_test_null_device(), &data, &size, &err));
    EXPECT_STR_CONTAINS(err.message, "not a regular file");
}

static void dirname_and_join(void **state)
{
    (void)state;
    char out[64];
    sa_path_dirname("a/b/c.obj", out, sizeof out);
    EXPECT_STR_CONTAINS(out, "a/b");
    EXPECT_INT(3, strlen(out));
    sa_path_dirname("c.obj", out, sizeof out);
    EXPECT_INT(0, strcmp(out, "."));
    sa_path_dirname("/c.obj", out, sizeof out);
    EXPECT_INT(0, strcmp(out, "/"));
    sa_path_join("a/b", "c.mtl", out, sizeof out);
    EXPECT_INT(0, strcmp(out, "a/b/c.mtl"));
    sa_path_join(".", "c.mtl", out, sizeof out);
    EXPECT_INT(0, strcmp(out, "c.mtl"));
}

/* The folder of a path under a rule, checked against the answer worked out
 * by hand; the message names the rule and the path. */
static void expect_dirname(sa_path_rule rule, const char *path, const char *expected)
{
    char out[128];
    sa_path_dirname_as(rule, path, out, sizeof out);
    if (strcmp(out, expected) != 0)
        fail_msg("%s rule: dirname of \"%s\": expected \"%s\", got \"%s\"",
                 rule == SA_PATH_WINDOWS ? "Windows" : "POSIX", path, expected, out);
}

static void expect_join(sa_path_rule rule, const char *dir, const char *file, const char *expected)
{
    char out[128];
    sa_path_join_as(rule, dir, file, out, sizeof out);
    if (strcmp(out, expected) != 0)
        fail_msg("%s rule: join of \"%s\" and \"%s\": expected \"%s\", got \"%s\"",
                 rule == SA_PATH_WINDOWS ? "Windows" : "POSIX", dir, file, expected, out);
}

/* The Windows rule, tested on every system: both separators, drive letters,
 * UNC shares, and roots that dirname keeps whole ("C:\" is the root of C:,
 * "C:" alone would mean the current folder of drive C). */
static void windows_rule_paths(void **state)
{
    (void)state;
    const sa_path_rule w = SA_PATH_WINDOWS;
    EXPECT_TRUE(sa_path_is_separator_as(w, '\\') && sa_path_is_separator_as(w, '/'));
    EXPECT_TRUE(sa_path_is_absolute_as(w, "C:\\models\\x.gltf"));
    EXPECT_TRUE(sa_path_is_absolute_as(w, "c:/models/x.gltf"));
    EXPECT_TRUE(sa_path_is_absolute_as(w, "C:x.gltf"));
    EXPECT_TRUE(sa_path_is_absolute_as(w, "\\\\server\\share\\x.gltf"));
    EXPECT_TRUE(sa_path_is_absolute_as(w, "\\models\\x.gltf"));
    EXPECT_TRUE(sa_path_is_absolute_as(w, "/models/x.gltf"));
    EXPECT_TRUE(!sa_path_is_absolute_as(w, "..\\assets\\x.obj"));
    EXPECT_TRUE(!sa_path_is_absolute_as(w, "assets/x.obj"));
    EXPECT_TRUE(!sa_path_is_absolute_as(w, "1:\\x")); /* not a drive letter */
    EXPECT_TRUE(!sa_path_is_absolute_as(w, ""));

    expect_dirname(w, "C:\\models\\x.gltf", "C:\\models");
    expect_dirname(w, "C:/a\\b\\x.obj", "C:/a\\b");
    expect_dirname(w, "C:\\a/b/x.obj", "C:\\a/b");
    expect_dirname(w, "C:\\x.gltf", "C:\\");
    expect_dirname(w, "C:/x.gltf", "C:/");
    expect_dirname(w, "C:x.gltf", "C:");
    expect_dirname(w, "..\\assets\\x.obj", "..\\assets");
    expect_dirname(w, "x.obj", ".");
    expect_dirname(w, "\\x.obj", "\\");
    expect_dirname(w, "\\\\server\\share\\x.gltf", "\\\\server\\share\\");
    expect_dirname(w, "\\\\server\\share\\m\\x.gltf", "\\\\server\\share\\m");
    expect_dirname(w, "a\\\\b", "a");

    expect_join(w, "C:\\models", "x.bin", "C:\\models\\x.bin");
    expect_join(w, "C:\\models", "tex/skin.png", "C:\\models\\tex/skin.png");
    expect_join(w, "C:/a\\b", "x.mtl", "C:/a\\b\\x.mtl");
    expect_join(w, "C:/models", "x.bin", "C:/models/x.bin");
    expect_join(w, "C:\\", "x.bin", "C:\\x.bin");
    expect_join(w, "C:", "x.bin", "C:x.bin");
    expect_join(w, "..\\assets", "x.mtl", "..\\assets\\x.mtl");
    expect_join(w, "models", "x.bin", "models/x.bin");
    expect_join(w, ".", "x.mtl", "x.mtl");
    expect_join(w, "C:\\models", "D:\\tex\\a.png", "D:\\tex\\a.png");
    expect_join(w, "C:\\models", "\\\\server\\share\\a.png", "\\\\server\\share\\a.png");
    expect_join(w, "\\\\server\\share\\", "a.png", "\\\\server\\share\\a.png");
}

/* The POSIX rule, tested on every system: '\' is part of a name, a drive
 * letter is just a folder called "C:". */
static void posix_rule_paths(void **state)
{
    (void)state;
    const sa_path_rule p = SA_PATH_POSIX;
    EXPECT_TRUE(!sa_path_is_separator_as(p, '\\') && sa_path_is_separator_as(p, '/'));
    EXPECT_TRUE(sa_path_is_absolute_as(p, "/models/x.gltf"));
    EXPECT_TRUE(!sa_path_is_absolute_as(p, "C:\\models\\x.gltf"));
    EXPECT_TRUE(!sa_path_is_absolute_as(p, "C:/models/x.gltf"));
    EXPECT_TRUE(!sa_path_is_absolute_as(p, "\\\\server\\share"));

    expect_dirname(p, "C:\\models\\x.gltf", ".");
    expect_dirname(p, "a/b\\c.obj", "a");
    expect_dirname(p, "C:/a\\b", "C:");
    expect_dirname(p, "/c.obj", "/");
    expect_dirname(p, "//c.obj", "/");
    expect_dirname(p, "a//b", "a");
    expect_dirname(p, "a/b/c.obj", "a/b");

    expect_join(p, "/m", "x\\y.png", "/m/x\\y.png");
    expect_join(p, "C:\\m", "x.png", "C:\\m/x.png");
    expect_join(p, "/m/", "x.png", "/m/x.png");
    expect_join(p, "/m", "/abs/x.png", "/abs/x.png");
    expect_join(p, "/m", "C:\\x.png", "/m/C:\\x.png");
}

/* The native rule is the one this build is for: Windows under _WIN32, POSIX
 * elsewhere (the test's output says which it checked). */
static void native_rule_is_this_systems(void **state)
{
    (void)state;
    char out[64];
#if defined(_WIN32)
    print_message("checking the Windows rule (a Windows build)\n");
    EXPECT_INT(SA_PATH_WINDOWS, SA_PATH_NATIVE);
    EXPECT_TRUE(sa_path_is_absolute("C:\\models\\x.gltf"));
    sa_path_dirname("C:\\models\\x.gltf", out, sizeof out);
    EXPECT_INT(0, strcmp(out, "C:\\models"));
#else
    print_message("checking the POSIX rule (not a Windows build)\n");
    EXPECT_INT(SA_PATH_POSIX, SA_PATH_NATIVE);
    EXPECT_TRUE(!sa_path_is_absolute("C:\\models\\x.gltf"));
    sa_path_dirname("C:\\models\\x.gltf", out, sizeof out);
    EXPECT_INT(0, strcmp(out, "."));
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(finds_shaders_from_another_folder),
        cmocka_unit_test(missing_file_lists_every_path_tried),
        cmocka_unit_test(read_whole_file_and_missing_file),
        cmocka_unit_test(dirname_and_join),
        cmocka_unit_test(windows_rule_paths),
        cmocka_unit_test(posix_rule_paths),
        cmocka_unit_test(native_rule_is_this_systems),
    };
    return cmocka_run_group_tests_name("files", tests, NULL, NULL);
}
