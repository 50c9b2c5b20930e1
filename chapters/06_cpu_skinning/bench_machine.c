/* bench_machine.c: the clocks of the benchmarks, and what the machine was
 * doing while they ran (bench_skinning.h). Linux files are read where they
 * exist; elsewhere the answers say "not known". */
#include "bench_skinning.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

double bench_seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

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

/* Every core's ticks spent working since boot: user, nice, system, irq,
 * softirq and steal of /proc/stat's first line (idle and iowait left out). */
static bool busy_ticks(unsigned long long *busy)
{
    FILE *f = fopen("/proc/stat", "r");
    if (!f)
        return false;
    unsigned long long user, nice, system, idle, iowait, irq, softirq, steal = 0;
    int got = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &user, &nice, &system, &idle, &iowait, &irq,
                     &softirq, &steal);
    fclose(f);
    *busy = user + nice + system + irq + softirq + steal;
    return got >= 7;
}

void bench_other_work_start(bench_other_work *w)
{
    w->known = busy_ticks(&w->busy_ticks) && sysconf(_SC_CLK_TCK) > 0;
    w->wall = bench_seconds(CLOCK_MONOTONIC);
    w->own_cpu = bench_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

double bench_other_work_cores(const bench_other_work *w)
{
    unsigned long long busy;
    if (!w->known || !busy_ticks(&busy))
        return -1.0;
    double wall = bench_seconds(CLOCK_MONOTONIC) - w->wall;
    double own = bench_seconds(CLOCK_PROCESS_CPUTIME_ID) - w->own_cpu;
    double all = (double)(busy - w->busy_ticks) / (double)sysconf(_SC_CLK_TCK);
    double other = wall > 0.0 ? (all - own) / wall : -1.0;
    return other > 0.0 ? other : 0.0; /* ticks are counted coarsely: a few hundredths below 0 is none */
}

int bench_online_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > SKINNING_MAX_THREADS ? SKINNING_MAX_THREADS : (int)n;
}

/* The first word of /sys/devices/system/cpu/cpu0/cache/indexI/NAME ("" when
 * there is none). */
static void cache_file_word(int index, const char *name, char word[16])
{
    char path[96];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/%s", index, name);
    FILE *f = fopen(path, "r");
    if (!f || fscanf(f, "%15s", word) != 1)
        word[0] = '\0';
    if (f)
        fclose(f);
}

size_t bench_cache_bytes(int level)
{
    long bytes = 0;
#if defined(_SC_LEVEL1_DCACHE_SIZE) && defined(_SC_LEVEL2_CACHE_SIZE) && defined(_SC_LEVEL3_CACHE_SIZE)
    bytes = sysconf(level == 1 ? _SC_LEVEL1_DCACHE_SIZE : level == 2 ? _SC_LEVEL2_CACHE_SIZE : _SC_LEVEL3_CACHE_SIZE);
#endif
    /* Else (or 0) the kernel's list: each cache a level, a type (Data,
     * Instruction, Unified) and a size such as "1024K". */
    for (int index = 0; bytes <= 0 && index < 8; index++) {
        char at[16], type[16], size[16];
        cache_file_word(index, "level", at);
        cache_file_word(index, "type", type);
        cache_file_word(index, "size", size);
        char *unit;
        long n = strtol(size, &unit, 10);
        if (atoi(at) == level && type[0] != 'I' && type[0] != '\0')
            bytes = n * (*unit == 'M' ? 1024L * 1024L : *unit == 'K' ? 1024L : 1L);
    }
    return bytes > 0 ? (size_t)bytes : 0;
}
