/* bench_machine.c: the clocks of the benchmarks, and what the machine was
 * doing while they ran (bench_skinning.h). The clocks, the cores' busy time
 * and the caches come from common/platform.h, so the benchmarks build on
 * every system; what a system does not tell is "not known". */
#include "bench_skinning.h"

#include <stdio.h>
#include <stdlib.h>

int bench_compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_load_average(char *out, size_t size)
{
    snprintf(out, size, "?");
    FILE *f = fopen("/proc/loadavg", "r");
    if (!f)
        return;
    float one, five;
    if (fscanf(f, "%f %f", &one, &five) == 2)
        snprintf(out, size, "%.2f (1 min), %.2f (5 min)", (double)one, (double)five);
    fclose(f);
}

void bench_other_work_start(bench_other_work *w)
{
    w->known = sa_time_busy_all(&w->busy);
    w->wall = sa_time_monotonic();
    w->own_cpu = sa_time_process_cpu();
}

double bench_other_work_cores(const bench_other_work *w)
{
    double busy;
    if (!w->known || !sa_time_busy_all(&busy))
        return -1.0;
    double wall = sa_time_monotonic() - w->wall;
    double own = sa_time_process_cpu() - w->own_cpu;
    double all = busy - w->busy;
    double other = wall > 0.0 ? (all - own) / wall : -1.0;
    return other > 0.0 ? other : 0.0; /* ticks are counted coarsely: a few hundredths below 0 is none */
}

int bench_online_cores(void)
{
    int n = sa_cpu_count();
    return n > SKINNING_MAX_THREADS ? SKINNING_MAX_THREADS : n;
}

size_t bench_cache_bytes(int level)
{
    return sa_cache_size(level);
}
