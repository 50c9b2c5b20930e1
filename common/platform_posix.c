/* platform_posix.c: common/platform.h on Linux and macOS.
 *
 * The one file of the project built with POSIX (and, for wait4's per-child
 * resource usage, the BSD extensions glibc keeps behind _DEFAULT_SOURCE): every
 * other file is plain C11, and glibc hides POSIX from it. Threads are C11
 * <threads.h> where the C library has it (glibc 2.28 and later), pthreads
 * elsewhere (macOS).
 *
 * Also the web's (emscripten, built without threads: common/CMakeLists.txt
 * says why). Its C library is POSIX's, but a few calls answer nothing true
 * there, and each of those is replaced by the web's answer below (SA_WEB):
 * no thread starts, one core, the CPU clock from node (none in a browser
 * page), the module's memory for the peak. The rest answer "unknown" by
 * themselves in a page, whose file system has no /proc or /sys (cache sizes,
 * busy time), and everywhere on the web for child processes; node's
 * benchmarks see the machine's own /proc and /sys (NODERAWFS).
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* wait4() */
#if defined(__APPLE__)
#define _DARWIN_C_SOURCE /* sysctlbyname(), _NSGetExecutablePath() */
#endif

#include "platform.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <mach-o/dyld.h>
#include <sys/sysctl.h>
#endif

#if defined(__EMSCRIPTEN__)
#define SA_WEB 1
#include <emscripten.h>
#include <emscripten/heap.h>
/* The process's CPU seconds where the page's JavaScript can tell them: node's
 * process.cpuUsage() (user and system microseconds, from getrusage); -1 in a
 * browser, which has no CPU clock. (emscripten's clock_gettime knows only
 * the real-time and monotonic clocks: EINVAL for the CPU clocks.) */
EM_JS(double, web_cpu_seconds, (void), {
    if (typeof process != 'undefined' && process.cpuUsage) { /* typeof gives a string: != is enough */
        var used = process.cpuUsage();
        return (used.user + used.system) / 1e6;
    }
    return -1;
})
#else
#define SA_WEB 0
#endif

#if !defined(__STDC_NO_THREADS__) && defined(__has_include)
#if __has_include(<threads.h>)
#define SA_C11_THREADS 1
#include <threads.h>
#endif
#endif

extern char **environ; /* what posix_spawn hands the child */

/* --- threads -------------------------------------------------------------- */

#if SA_C11_THREADS
struct sa_thread {
    thrd_t handle;
    sa_thread_fn *fn;
    void *arg;
    clockid_t cpu_clock; /* set by the thread itself before `started` */
    bool cpu_clock_known;
    atomic_bool started;
};
struct sa_mutex {
    mtx_t m;
};
struct sa_cond {
    cnd_t c;
};
#else
struct sa_thread {
    pthread_t handle;
    sa_thread_fn *fn;
    void *arg;
    clockid_t cpu_clock;
    bool cpu_clock_known;
    atomic_bool started;
};
struct sa_mutex {
    pthread_mutex_t m;
};
struct sa_cond {
    pthread_cond_t c;
};
#endif

/* The thread notes its own CPU clock first (C11 threads have no call for
 * another thread's), so sa_thread_cpu_time() can read it from anywhere. */
static void thread_begin(sa_thread *t)
{
#if defined(__APPLE__) || SA_WEB
    t->cpu_clock_known = false; /* macOS has no pthread_getcpuclockid(); the web never gets here */
#else
    t->cpu_clock_known = pthread_getcpuclockid(pthread_self(), &t->cpu_clock) == 0;
#endif
    atomic_store(&t->started, true);
    t->fn(t->arg);
}

#if SA_C11_THREADS
static int thread_main(void *arg)
{
    thread_begin(arg);
    return 0;
}
#else
static void *thread_main(void *arg)
{
    thread_begin(arg);
    return NULL;
}
#endif

bool sa_threads_available(sa_error *err)
{
    if (SA_WEB)
        return sa_error_set(err, "this WebAssembly build has no threads (they need SharedArrayBuffer, which a page "
                                 "has only from a cross-origin isolated server)");
    return true;
}

sa_thread *sa_thread_start(sa_thread_fn *fn, void *arg, sa_error *err)
{
    /* On the web thrd_create would fail with no reason given: say it. */
    if (!sa_threads_available(err)) {
        sa_error_prefix(err, "cannot start a thread");
        return NULL;
    }
    sa_thread *t = calloc(1, sizeof *t);
    if (!t) {
        sa_error_set(err, "cannot start a thread: out of memory");
        return NULL;
    }
    t->fn = fn;
    t->arg = arg;
    atomic_init(&t->started, false);
#if SA_C11_THREADS
    int rc = thrd_create(&t->handle, thread_main, t);
    if (rc != thrd_success) {
        sa_error_set(err, "cannot start a thread: %s", rc == thrd_nomem ? "out of memory" : "thrd_create failed");
#else
    int rc = pthread_create(&t->handle, NULL, thread_main, t);
    if (rc != 0) {
        sa_error_set(err, "cannot start a thread: %s", strerror(rc));
#endif
        free(t);
        return NULL;
    }
    /* Started means its CPU clock is known: a few microseconds' wait. */
    while (!atomic_load(&t->started))
#if SA_C11_THREADS
        thrd_yield();
#else
        sched_yield();
#endif
    return t;
}

void sa_thread_join(sa_thread *t)
{
    if (!t)
        return;
#if SA_C11_THREADS
    thrd_join(t->handle, NULL);
#else
    pthread_join(t->handle, NULL);
#endif
    free(t);
}

sa_mutex *sa_mutex_create(sa_error *err)
{
    sa_mutex *m = malloc(sizeof *m);
#if SA_C11_THREADS
    if (m && mtx_init(&m->m, mtx_plain) == thrd_success)
        return m;
#else
    if (m && pthread_mutex_init(&m->m, NULL) == 0)
        return m;
#endif
    free(m);
    sa_error_set(err, "cannot make a mutex");
    return NULL;
}

void sa_mutex_destroy(sa_mutex *m)
{
    if (!m)
        return;
#if SA_C11_THREADS
    mtx_destroy(&m->m);
#else
    pthread_mutex_destroy(&m->m);
#endif
    free(m);
}

void sa_mutex_lock(sa_mutex *m)
{
#if SA_C11_THREADS
    mtx_lock(&m->m);
#else
    pthread_mutex_lock(&m->m);
#endif
}

void sa_mutex_unlock(sa_mutex *m)
{
#if SA_C11_THREADS
    mtx_unlock(&m->m);
#else
    pthread_mutex_unlock(&m->m);
#endif
}

sa_cond *sa_cond_create(sa_error *err)
{
    sa_cond *c = malloc(sizeof *c);
#if SA_C11_THREADS
    if (c && cnd_init(&c->c) == thrd_success)
        return c;
#else
    if (c && pthread_cond_init(&c->c, NULL) == 0)
        return c;
#endif
    free(c);
    sa_error_set(err, "cannot make a condition variable");
    return NULL;
}

void sa_cond_destroy(sa_cond *c)
{
    if (!c)
        return;
#if SA_C11_THREADS
    cnd_destroy(&c->c);
#else
    pthread_cond_destroy(&c->c);
#endif
    free(c);
}

void sa_cond_wait(sa_cond *c, sa_mutex *m)
{
#if SA_C11_THREADS
    cnd_wait(&c->c, &m->m);
#else
    pthread_cond_wait(&c->c, &m->m);
#endif
}

void sa_cond_signal(sa_cond *c)
{
#if SA_C11_THREADS
    cnd_signal(&c->c);
#else
    pthread_cond_signal(&c->c);
#endif
}

void sa_cond_broadcast(sa_cond *c)
{
#if SA_C11_THREADS
    cnd_broadcast(&c->c);
#else
    pthread_cond_broadcast(&c->c);
#endif
}

int sa_cpu_count(void)
{
    if (SA_WEB)
        return 1; /* the machine may have more, but a program without threads uses one */
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

/* --- clocks --------------------------------------------------------------- */

static double clock_seconds(clockid_t clock)
{
    struct timespec t;
    if (clock_gettime(clock, &t) != 0)
        return 0.0;
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

double sa_time_monotonic(void)
{
    return clock_seconds(CLOCK_MONOTONIC);
}

#if SA_WEB
/* The web's program is one thread, so its CPU time is the process's (node's
 * helper threads idle while it computes, but for the compiler's tier-up of
 * the module in its first seconds); in a browser page the monotonic clock
 * stands in, which also counts the time other programs hold the core. */
static double web_thread_cpu(void)
{
    double seconds = web_cpu_seconds();
    return seconds >= 0.0 ? seconds : sa_time_monotonic();
}
#endif

double sa_time_thread_cpu(void)
{
#if SA_WEB
    return web_thread_cpu();
#else
    return clock_seconds(CLOCK_THREAD_CPUTIME_ID);
#endif
}

double sa_time_process_cpu(void)
{
#if SA_WEB
    return web_thread_cpu();
#else
    return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
#endif
}

double sa_time_stage(void)
{
    return sa_time_thread_cpu();
}

bool sa_thread_cpu_time(const sa_thread *thread, double *seconds)
{
    struct timespec t;
    if (!thread || !thread->cpu_clock_known || clock_gettime(thread->cpu_clock, &t) != 0)
        return false;
    *seconds = (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
    return true;
}

/* Every core's ticks spent working since boot: user, nice, system, irq,
 * softirq and steal of /proc/stat's first line (idle and iowait left out). */
bool sa_time_busy_all(double *seconds)
{
    long ticks_per_second = sysconf(_SC_CLK_TCK);
    FILE *f = fopen("/proc/stat", "r");
    if (!f)
        return false;
    unsigned long long user, nice, system, idle, iowait, irq, softirq, steal = 0;
    int got = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &user, &nice, &system, &idle, &iowait, &irq,
                     &softirq, &steal);
    fclose(f);
    if (got < 7 || ticks_per_second <= 0)
        return false;
    *seconds = (double)(user + nice + system + irq + softirq + steal) / (double)ticks_per_second;
    return true;
}

/* ru_maxrss is in kilobytes on Linux, bytes on macOS. */
static size_t maxrss_bytes(long maxrss)
{
#if defined(__APPLE__)
    return maxrss > 0 ? (size_t)maxrss : 0;
#else
    return maxrss > 0 ? (size_t)maxrss * 1024u : 0;
#endif
}

size_t sa_peak_memory_bytes(void)
{
#if SA_WEB
    /* emscripten's getrusage is a stub (made-up times, ru_maxrss 0): the
     * module's memory instead, which grows (ALLOW_MEMORY_GROWTH) and never
     * shrinks. */
    return emscripten_get_heap_size();
#else
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0)
        return 0;
    return maxrss_bytes(usage.ru_maxrss);
#endif
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

size_t sa_cache_size(int level)
{
    if (level < 1 || level > 3)
        return 0;
    long bytes = 0;
#if defined(__APPLE__)
    const char *name = level == 1 ? "hw.l1dcachesize" : level == 2 ? "hw.l2cachesize" : "hw.l3cachesize";
    int64_t value = 0;
    size_t len = sizeof value;
    if (sysctlbyname(name, &value, &len, NULL, 0) == 0 && value > 0)
        bytes = (long)value;
#elif defined(_SC_LEVEL1_DCACHE_SIZE) && defined(_SC_LEVEL2_CACHE_SIZE) && defined(_SC_LEVEL3_CACHE_SIZE)
    bytes = sysconf(level == 1 ? _SC_LEVEL1_DCACHE_SIZE : level == 2 ? _SC_LEVEL2_CACHE_SIZE : _SC_LEVEL3_CACHE_SIZE);
#endif
    /* Else (or 0) the kernel's list: each cache a level, a type (Data,
     * Instruction, Unified) and a size such as "1024K". On the web sysconf
     * has no cache names, and a page no /sys: 0. */
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

/* --- files and folders ---------------------------------------------------- */

bool sa_mkdir(const char *path, sa_error *err)
{
    if (mkdir(path, 0777) == 0)
        return true;
    int why = errno;
    struct stat st;
    if (why == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return true;
    return sa_error_set(err, "%s: cannot make the folder: %s", path,
                        why == EEXIST ? "a file has that name" : strerror(why));
}

bool sa_make_temp_dir(const char *prefix, char *out, size_t out_len, sa_error *err)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !tmp[0])
        tmp = "/tmp";
    int n = snprintf(out, out_len, "%s/%sXXXXXX", tmp, prefix);
    if (n < 0 || (size_t)n >= out_len) {
        if (out_len)
            out[0] = '\0';
        return sa_error_set(err, "%s/%s...: the temporary folder's path is too long", tmp, prefix);
    }
    if (!mkdtemp(out)) {
        int why = errno;
        sa_error_set(err, "%s: cannot make a temporary folder: %s", out, strerror(why));
        out[0] = '\0';
        return false;
    }
    return true;
}

bool sa_remove(const char *path, sa_error *err)
{
    if (remove(path) != 0)
        return sa_error_set(err, "%s: cannot remove it: %s", path, strerror(errno));
    return true;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

bool sa_dir_names(const char *path, char ***names, size_t *count, sa_error *err)
{
    *names = NULL;
    *count = 0;
    DIR *dir = opendir(path);
    if (!dir)
        return sa_error_set(err, "%s: cannot open the folder: %s", path, strerror(errno));
    char **list = NULL;
    size_t n = 0, capacity = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        if (n == capacity) {
            size_t grown = capacity ? 2 * capacity : 16;
            char **bigger = realloc(list, grown * sizeof *list);
            if (!bigger)
                goto out_of_memory;
            list = bigger;
            capacity = grown;
        }
        size_t len = strlen(entry->d_name);
        if (!(list[n] = malloc(len + 1)))
            goto out_of_memory;
        memcpy(list[n++], entry->d_name, len + 1);
    }
    closedir(dir);
    if (n > 1)
        qsort(list, n, sizeof *list, compare_names);
    *names = list;
    *count = n;
    return true;
out_of_memory:
    closedir(dir);
    sa_dir_names_free(list, n);
    return sa_error_set(err, "%s: cannot list the folder: out of memory", path);
}

void sa_dir_names_free(char **names, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
}

void sa_executable_path(char *out, size_t out_len)
{
    if (out_len == 0)
        return;
    out[0] = '\0';
#if defined(__APPLE__)
    char exe[4096];
    uint32_t size = sizeof exe;
    if (_NSGetExecutablePath(exe, &size) == 0 && strlen(exe) < out_len)
        memcpy(out, exe, strlen(exe) + 1);
#else
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe);
    if (n > 0 && (size_t)n < sizeof exe && (size_t)n < out_len) { /* else unknown or cut: "" */
        memcpy(out, exe, (size_t)n);
        out[n] = '\0';
    }
#endif
}

/* --- environment ---------------------------------------------------------- */

bool sa_setenv(const char *name, const char *value, sa_error *err)
{
    int rc = value ? setenv(name, value, 1) : unsetenv(name);
    if (rc != 0)
        return sa_error_set(err, "cannot set the environment variable %s: %s", name, strerror(errno));
    return true;
}

/* --- memory --------------------------------------------------------------- */

void *sa_aligned_alloc(size_t alignment, size_t size)
{
    if (alignment < sizeof(void *)) /* posix_memalign's least */
        alignment = sizeof(void *);
    void *p = NULL;
    if (posix_memalign(&p, alignment, size ? size : 1) != 0)
        return NULL;
    return p;
}

void sa_aligned_free(void *p)
{
    free(p);
}

/* --- child processes ------------------------------------------------------ */

bool sa_process_run(const char *const argv[], double timeout_seconds, bool stdout_null, sa_process_result *result,
                    sa_error *err)
{
    memset(result, 0, sizeof *result);
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0)
        return sa_error_set(err, "%s: cannot start it: out of memory", argv[0]);
    if (stdout_null && posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return sa_error_set(err, "%s: cannot start it: out of memory", argv[0]);
    }
    double start = sa_time_monotonic();
    pid_t pid;
    /* posix_spawn's argv is char *const[] for history's sake; it does not
     * write to the strings. */
    int rc = posix_spawn(&pid, argv[0], &actions, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return sa_error_set(err, "%s: cannot start it: %s", argv[0], strerror(rc));

    int status = 0;
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    pid_t got;
    if (timeout_seconds <= 0.0) {
        do
            got = wait4(pid, &status, 0, &usage);
        while (got < 0 && errno == EINTR);
    } else {
        /* POSIX has no wait with a timeout: poll, sleeping 0.1 ms at first
         * (short children keep their time) up to 10 ms. */
        double nap = 1e-4;
        for (;;) {
            got = wait4(pid, &status, WNOHANG, &usage);
            if (got != 0 && !(got < 0 && errno == EINTR))
                break;
            if (sa_time_monotonic() - start > timeout_seconds) {
                kill(pid, SIGKILL);
                do
                    got = wait4(pid, &status, 0, &usage);
                while (got < 0 && errno == EINTR);
                result->timed_out = true;
                break;
            }
            struct timespec ts = {0, (long)(nap * 1e9)};
            nanosleep(&ts, NULL);
            nap = nap * 2 < 1e-2 ? nap * 2 : 1e-2;
        }
    }
    result->seconds = sa_time_monotonic() - start;
    if (got != pid)
        return sa_error_set(err, "%s: cannot wait for it: %s", argv[0], strerror(errno));
    result->peak_memory = maxrss_bytes(usage.ru_maxrss);
    if (result->timed_out)
        return true;
    if (WIFEXITED(status)) {
        result->exited = true;
        result->exit_code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result->crashed = true;
        result->crash_code = WTERMSIG(status);
    }
    return true;
}
