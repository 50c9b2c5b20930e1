/* bench_crowd: how many humanoids one core, and every core, animates at 60
 * Hz (a program, not a test: speed is measured here, never by timed tests).
 *
 * The method, the stages and the lines it prints are crowd_bench.h's; this
 * program runs it on the layout of chapters 04 to 09 (crowd_aos.c: each
 * character's poses as arrays of transforms, AoS).
 * Chapter 12's bench_crowd_soa runs the same method on SoA poses beside it.
 *
 *   bench_crowd [--model FILE] [--characters N] [--frames N] [--threads T]
 */
#include "crowd_bench.h"

#include "common/files.h"
#include "common/platform.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* its lines end in "\n" on Windows too */
    const char *model;
    crowd_options options;
    int status = crowd_parse_args(argc, argv, "bench_crowd", NULL, &model, NULL, &options);
    if (status)
        return status;
    sa_error err;
    crowd_scene s;
    crowd_aos cw = {0};
    bool ok = crowd_scene_load(model, &s, &err) && crowd_aos_init(&cw, &s, options.characters, &err);
    crowd_layout aos = crowd_aos_layout(&cw);
    ok = ok && crowd_bench_run(&s, &aos, &options, &err);
    if (!ok)
        fprintf(stderr, "error: %s\n", err.message);
    crowd_aos_free(&cw);
    crowd_scene_free(&s);
    return ok ? 0 : 1;
}
