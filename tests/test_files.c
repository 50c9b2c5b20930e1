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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(finds_shaders_from_another_folder),
        cmocka_unit_test(missing_file_lists_every_path_tried),
        cmocka_unit_test(read_whole_file_and_missing_file),
        cmocka_unit_test(dirname_and_join),
    };
    return cmocka_run_group_tests_name("files", tests, NULL, NULL);
}
