/* gl_test_util.c: see gl_test_util.h. */
#include "gl_test_util.h"
#include "tests/test_util.h"

#include <stdio.h>

int gl_test_open(app *a, const char *who)
{
    /* app_open keeps the spec (the H key prints its keys): it lives here. */
    static const cli_spec spec = {"sa_gl_test", "GL tests", false, NULL, 0, NULL, 0, NULL, 0};
    app_options o;
    const char *argv[] = {"test", "--headless", "--size", "64x64"};
    sa_error err;
    if (!cli_parse(&spec, 4, (char **)argv, &o, &err) || !app_open(a, &spec, &o, &err)) {
        fprintf(stderr, "%s: cannot open a GL context: %s\n", who, err.message);
        return -1;
    }
    return 0;
}

void gl_test_screenshot(const char *program, const char *arguments, const char *out_dir, const char *name,
                        image_rgba8 *img)
{
    char path[1024], command[4096];
    snprintf(path, sizeof path, "%s/%s.png", out_dir, name);
    remove(path);
    snprintf(command, sizeof command, "\"%s\" %s --screenshot \"%s\" > /dev/null", program, arguments, path);
    EXPECT_INT(0, system(command));
    sa_error err;
    if (!image_decode_file(path, img, &err))
        fail_msg("%s", err.message);
}
