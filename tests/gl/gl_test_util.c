/* gl_test_util.c: see gl_test_util.h. */
#include "gl_test_util.h"

#include <stdio.h>

int gl_test_open(app *a, const char *who)
{
    /* app_open keeps the spec (the H key prints its keys): it lives here. */
    static const cli_spec spec = {"sa_gl_test", "GL tests", false, NULL, 0, NULL, 0};
    app_options o;
    const char *argv[] = {"test", "--headless", "--size", "64x64"};
    sa_error err;
    if (!cli_parse(&spec, 4, (char **)argv, &o, &err) || !app_open(a, &spec, &o, &err)) {
        fprintf(stderr, "%s: cannot open a GL context: %s\n", who, err.message);
        return -1;
    }
    return 0;
}
