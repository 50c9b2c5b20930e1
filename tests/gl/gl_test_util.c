/* gl_test_util.c: see gl_test_util.h. */
#include "gl_test_util.h"
#include "tests/test_util.h"

#include <stdio.h>

int gl_test_open(app *a, const char *who)
{
    /* app_open keeps the spec (the H key prints its keys): it lives here. */
    static const cli_spec spec = {"sa_gl_test", "GL tests", false, NULL, 0, NULL, 0, NULL, 0, false};
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
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.png", out_dir, name);
    remove(path);
    /* The words of `arguments`, split at spaces ("..." keeps a path with
     * spaces in one), started without a shell: cmd.exe and sh quote apart. */
    char words[4096];
    const char *argv[64] = {program};
    int argc = 1;
    size_t w = 0;
    for (const char *c = arguments; *c;) {
        while (*c == ' ')
            c++;
        if (!*c)
            break;
        if (argc >= 60 || w >= sizeof words - 1)
            fail_msg("gl_test_screenshot: too many arguments: %s", arguments);
        argv[argc++] = words + w;
        bool quoted = false;
        for (; *c && (quoted || *c != ' ') && w < sizeof words - 1; c++)
            if (*c == '"')
                quoted = !quoted;
            else
                words[w++] = *c;
        words[w++] = '\0';
    }
    argv[argc++] = "--screenshot";
    argv[argc++] = path;
    argv[argc] = NULL;
    sa_process_result r = sa_test_run_program(argv, 0);
    char how[64];
    if (!r.exited || r.exit_code != 0)
        fail_msg("%s %s --screenshot %s: %s", program, arguments, path, sa_test_process_end(&r, how, sizeof how));
    sa_error err;
    if (!image_decode_file(path, img, &err))
        fail_msg("%s", err.message);
}
