/* Unit tests of common/platform.h: every function, on the system it is built
 * for (Linux here, Windows under Wine in the cross build), through the
 * header alone.
 *
 * The child processes are this program again, run with one of the --child-*
 * arguments that main() reads before cmocka starts. */
#include "common/platform.h"
#include "test_util.h"

#include <signal.h>
#include <stdint.h>

static char self_path[4096]; /* this test program, for the children */

/* --- the children --------------------------------------------------------- */

static volatile unsigned long child_spin;

/* The child's side of each case; returns its exit code. */
static int child_main(int argc, char **argv)
{
    const char *mode = argv[1];
    if (strcmp(mode, "--child-exit") == 0 && argc == 3)
        return atoi(argv[2]);
    if (strcmp(mode, "--child-crash") == 0) {
#if defined(_WIN32)
        /* abort() on Windows exits with code 3, which reads as an exit: an
         * access violation is an exception, what "crashed" means there. */
        volatile int *nowhere = NULL;
        *nowhere = 1;
#else
        /* A signal (sanitizers catch a null write and exit 1 instead). */
        abort();
#endif
        return 0;
    }
    if (strcmp(mode, "--child-loop") == 0) {
        for (;;)
            child_spin++;
    }
    if (strcmp(mode, "--child-env") == 0 && argc == 4) { /* exit 0: NAME is VALUE; 3: other; 4: unset */
        const char *value = getenv(argv[2]);
        return !value ? 4 : strcmp(value, argv[3]) == 0 ? 0 : 3;
    }
    if (strcmp(mode, "--child-env-unset") == 0 && argc == 3)
        return getenv(argv[2]) ? 3 : 0;
    if (strcmp(mode, "--child-print") == 0) {
        printf("a line from the child\n");
        return fflush(stdout) == 0 ? 0 : 1;
    }
    if (strcmp(mode, "--child-relay") == 0 && argc == 4) {
        /* Its stdout becomes the file argv[2], then it runs --child-print
         * with stdout_null argv[3] ("1" or "0"): the file shows what the
         * grandchild's stdout reached. */
        if (!freopen(argv[2], "w", stdout))
            return 5;
        const char *print[] = {self_path, "--child-print", NULL};
        sa_process_result r;
        sa_error err;
        if (!sa_process_run(print, 60, strcmp(argv[3], "1") == 0, &r, &err))
            return 6;
        return r.exited && r.exit_code == 0 ? 0 : 7;
    }
    if (strcmp(mode, "--child-memory") == 0 && argc == 3) { /* touches argv[2] MiB */
        size_t bytes = (size_t)atoi(argv[2]) << 20;
        volatile unsigned char *p = malloc(bytes);
        if (!p)
            return 5;
        for (size_t i = 0; i < bytes; i += 1024)
            p[i] = (unsigned char)i;
        /* Held a moment: where the system reports a child's memory only
         * while it runs (Wine), the parent samples it. */
        double start = sa_time_monotonic();
        while (sa_time_monotonic() - start < 0.3)
            child_spin++;
        free((void *)p);
        return 0;
    }
    fprintf(stderr, "test_platform: unknown child arguments (%s)\n", mode);
    return 2;
}

static sa_process_result run_self(const char *const *args, double timeout, bool stdout_null)
{
    const char *argv[8] = {self_path};
    int n = 1;
    while (args[n - 1] && n < 7) {
        argv[n] = args[n - 1];
        n++;
    }
    argv[n] = NULL;
    sa_process_result r;
    sa_error err = {""};
    if (!sa_process_run(argv, timeout, stdout_null, &r, &err))
        fail_msg("platform: sa_process_run(%s %s) could not start it: %s", self_path, args[0], err.message);
    return r;
}

/* --- threads -------------------------------------------------------------- */

typedef struct slot {
    int index;
    int written;
} slot;

static void write_slot(void *arg)
{
    slot *s = arg;
    s->written = 100 + s->index;
}

static void threads_run_and_join(void **state)
{
    (void)state;
    enum { N = 6 };
    slot slots[N];
    sa_thread *threads[N];
    sa_error err = {""};
    for (int i = 0; i < N; i++) {
        slots[i] = (slot){i, 0};
        threads[i] = sa_thread_start(write_slot, &slots[i], &err);
        if (!threads[i])
            fail_msg("platform: sa_thread_start of thread %d: %s", i, err.message);
    }
    for (int i = 0; i < N; i++)
        sa_thread_join(threads[i]);
    for (int i = 0; i < N; i++)
        if (slots[i].written != 100 + i)
            fail_msg("platform: thread %d wrote %d, expected %d (it did not run, or not before join)", i,
                     slots[i].written, 100 + i);
    EXPECT_TRUE(sa_cpu_count() >= 1);
}

/* Threads taking turns: thread i may count only when turn % N == i, so the
 * counts come out 0, 1, 2, 3, 0, 1, ... only if wait, broadcast and the lock
 * work. The last one to finish signals the main thread. */
enum { TURN_THREADS = 4, TURN_ROUNDS = 200 };
typedef struct turns {
    sa_mutex *lock;
    sa_cond *turn_changed, *all_done;
    int turn;
    int order[TURN_THREADS * TURN_ROUNDS];
    int finished;
} turns;
typedef struct turn_taker {
    turns *shared;
    int index;
} turn_taker;

static void take_turns(void *arg)
{
    turn_taker *me = arg;
    turns *t = me->shared;
    sa_mutex_lock(t->lock);
    for (int round = 0; round < TURN_ROUNDS; round++) {
        while (t->turn % TURN_THREADS != me->index)
            sa_cond_wait(t->turn_changed, t->lock);
        t->order[t->turn++] = me->index;
        sa_cond_broadcast(t->turn_changed);
    }
    if (++t->finished == TURN_THREADS)
        sa_cond_signal(t->all_done);
    sa_mutex_unlock(t->lock);
}

static void mutex_and_condition_take_turns(void **state)
{
    (void)state;
    sa_error err = {""};
    turns t = {0};
    t.lock = sa_mutex_create(&err);
    t.turn_changed = sa_cond_create(&err);
    t.all_done = sa_cond_create(&err);
    if (!t.lock || !t.turn_changed || !t.all_done)
        fail_msg("platform: sa_mutex_create / sa_cond_create: %s", err.message);
    turn_taker takers[TURN_THREADS];
    sa_thread *threads[TURN_THREADS];
    for (int i = TURN_THREADS - 1; i >= 0; i--) { /* started in the wrong order on purpose */
        takers[i] = (turn_taker){&t, i};
        threads[i] = sa_thread_start(take_turns, &takers[i], &err);
        if (!threads[i])
            fail_msg("platform: sa_thread_start: %s", err.message);
    }
    sa_mutex_lock(t.lock);
    while (t.finished < TURN_THREADS)
        sa_cond_wait(t.all_done, t.lock);
    sa_mutex_unlock(t.lock);
    for (int i = 0; i < TURN_THREADS; i++)
        sa_thread_join(threads[i]);
    EXPECT_INT(TURN_THREADS * TURN_ROUNDS, t.turn);
    for (int k = 0; k < TURN_THREADS * TURN_ROUNDS; k++)
        if (t.order[k] != k % TURN_THREADS)
            fail_msg("platform: count %d was taken by thread %d, expected thread %d (turns out of order)", k,
                     t.order[k], k % TURN_THREADS);
    sa_cond_destroy(t.all_done);
    sa_cond_destroy(t.turn_changed);
    sa_mutex_destroy(t.lock);
}

/* --- clocks --------------------------------------------------------------- */

static volatile double sink;

/* Works on this thread until its CPU clock has advanced `cpu` seconds (at
 * most 20 s of wall time on a crowded machine); returns the CPU advance. */
static double work_for(double cpu)
{
    double start = sa_time_thread_cpu(), wall = sa_time_monotonic(), x = 1.0;
    while (sa_time_thread_cpu() - start < cpu && sa_time_monotonic() - wall < 20.0)
        for (int i = 0; i < 10000; i++)
            x = x * 1.0000001 + 1e-9;
    sink = x;
    return sa_time_thread_cpu() - start;
}

static void clocks_advance_with_work(void **state)
{
    (void)state;
    double previous = sa_time_monotonic();
    for (int i = 0; i < 100000; i++) {
        double now = sa_time_monotonic();
        if (now < previous)
            fail_msg("platform: sa_time_monotonic went back from %.9f to %.9f", previous, now);
        previous = now;
    }
    double wall0 = sa_time_monotonic(), process0 = sa_time_process_cpu();
    double busy0 = 0, busy1 = 0;
    bool busy_known = sa_time_busy_all(&busy0);
    double cpu = work_for(0.2);
    double wall = sa_time_monotonic() - wall0, process = sa_time_process_cpu() - process0;
    if (cpu < 0.2)
        fail_msg("platform: 20 s of work advanced this thread's CPU clock by only %.3f s", cpu);
    /* One thread cannot run longer than the wall clock, and the process runs
     * at least this thread. Windows counts CPU time in scheduler ticks
     * (15.6 ms; 10 ms under Wine), each reading off by up to one tick: one
     * tick of slack against the exact wall clock, two between two CPU clocks
     * (a CI run under Wine read process 0.190 s against thread 0.210 s). */
    const double tick = 0.0157;
    if (wall < cpu - tick)
        fail_msg("platform: %.3f s of thread CPU time in %.3f s of wall time", cpu, wall);
    if (process < cpu - 2 * tick)
        fail_msg("platform: the process's CPU clock advanced %.3f s, less than its thread's %.3f s", process, cpu);
    /* The stage clock sees a stage of about a millisecond (a benchmark's
     * crowd of 20 characters): Windows' thread times, in scheduler ticks,
     * would read 0 for most such stages, and a figure divided by it is inf. */
    int zero_stages = 0;
    for (int k = 0; k < 20; k++) {
        double stage0 = sa_time_stage(), wall_stage0 = sa_time_monotonic(), y = 1.0;
        while (sa_time_monotonic() - wall_stage0 < 0.001)
            y = y * 1.0000001 + 1e-9;
        double stage = sa_time_stage() - stage0;
        if (y < 0.0 || stage <= 0.0)
            zero_stages++;
    }
    if (zero_stages > 2)
        fail_msg("platform: sa_time_stage read 0 for %d of 20 stages of 1 ms of work", zero_stages);
    if (busy_known) {
        EXPECT_TRUE(sa_time_busy_all(&busy1));
        /* The busy time of all processors includes this thread's 0.2 s (the
         * kernel counts in ticks of 10 ms at worst). */
        if (busy1 - busy0 < cpu - 0.05)
            fail_msg("platform: all processors were busy %.3f s while this thread ran %.3f s", busy1 - busy0, cpu);
    }
}

/* A worker blocked on a condition variable uses no CPU; a working one does. */
typedef struct waiter {
    sa_mutex *lock;
    sa_cond *go;
    bool released;
    double worked;
} waiter;

static void wait_then_work(void *arg)
{
    waiter *w = arg;
    sa_mutex_lock(w->lock);
    while (!w->released)
        sa_cond_wait(w->go, w->lock);
    sa_mutex_unlock(w->lock);
    w->worked = work_for(0.2);
}

static void thread_cpu_clock_counts_work_not_waiting(void **state)
{
    (void)state;
    sa_error err = {""};
    waiter w = {sa_mutex_create(&err), sa_cond_create(&err), false, 0.0};
    EXPECT_TRUE(w.lock && w.go);
    sa_thread *thread = sa_thread_start(wait_then_work, &w, &err);
    if (!thread)
        fail_msg("platform: sa_thread_start: %s", err.message);
    double before, during, after;
    if (!sa_thread_cpu_time(thread, &before))
        fail_msg("platform: sa_thread_cpu_time of a started thread is not known");
    double mine = work_for(0.2); /* meanwhile the worker waits */
    EXPECT_TRUE(sa_thread_cpu_time(thread, &during));
    if (during - before > 0.05)
        fail_msg("platform: a thread waiting on a condition used %.3f s of CPU while the main thread worked %.3f s",
                 during - before, mine);
    sa_mutex_lock(w.lock);
    w.released = true;
    sa_cond_signal(w.go);
    sa_mutex_unlock(w.lock);
    /* Read its clock before it ends: after join the handle is gone. */
    double wall = sa_time_monotonic();
    while (sa_thread_cpu_time(thread, &after) && after - during < 0.15 && sa_time_monotonic() - wall < 20.0)
        work_for(0.01);
    if (after - during < 0.15)
        fail_msg("platform: a working thread's CPU clock advanced only %.3f s (it worked %.3f s)", after - during,
                 w.worked);
    sa_thread_join(thread);
    if (w.worked < 0.2)
        fail_msg("platform: the worker's own clock advanced %.3f s, expected 0.2 s", w.worked);
    sa_cond_destroy(w.go);
    sa_mutex_destroy(w.lock);
    EXPECT_TRUE(!sa_thread_cpu_time(NULL, &after));
}

/* The stage clock counts the calling thread alone: a worker burns 0.3 s of
 * CPU while this thread waits for it (blocked in join), and this thread's
 * stage clock moves under 0.05 s (the process's CPU clock would move 0.3 s).
 * On Windows the stage clock is the monotonic clock (platform.h: thread
 * times move in scheduler ticks), so there it moves with the wait instead. */
static void burn(void *arg)
{
    *(double *)arg = work_for(0.3);
}

static void stage_clock_leaves_out_other_threads(void **state)
{
    (void)state;
    sa_error err = {""};
    double worked = 0.0;
    double stage0 = sa_time_stage(), wall0 = sa_time_monotonic();
    sa_thread *thread = sa_thread_start(burn, &worked, &err);
    if (!thread)
        fail_msg("platform: sa_thread_start: %s", err.message);
    sa_thread_join(thread);
    double stage = sa_time_stage() - stage0, wall = sa_time_monotonic() - wall0;
    if (worked < 0.3)
        fail_msg("platform: the worker's CPU clock advanced %.3f s, expected 0.3 s", worked);
#if defined(_WIN32)
    if (stage < wall - 0.001)
        fail_msg("platform: the stage clock (monotonic on Windows) advanced %.3f s in %.3f s of wall time", stage,
                 wall);
#else
    if (stage >= 0.05)
        fail_msg("platform: the stage clock of a thread that waited %.3f s advanced %.3f s while another worked %.3f s",
                 wall, stage, worked);
#endif
}

static void caches_and_memory(void **state)
{
    (void)state;
    EXPECT_INT(0, sa_cache_size(0));
    EXPECT_INT(0, sa_cache_size(4));
    size_t l1 = sa_cache_size(1), l2 = sa_cache_size(2);
    for (int level = 1; level <= 3; level++) {
        size_t bytes = sa_cache_size(level);
        if (bytes != 0 && (bytes < 1024 || bytes > ((size_t)1 << 32)))
            fail_msg("platform: an L%d cache of %zu bytes", level, bytes);
    }
    if (l1 && l2 && l1 > l2)
        fail_msg("platform: L1 (%zu bytes) larger than L2 (%zu bytes)", l1, l2);
    size_t peak = sa_peak_memory_bytes();
#if defined(__linux__) || defined(_WIN32)
    /* getrusage on Linux, psapi on Windows: always known there. */
    if (peak < ((size_t)1 << 20))
        fail_msg("platform: peak resident memory %zu bytes: expected at least 1 MiB for a running program", peak);
#endif
    const char *const touch[] = {"--child-memory", "64", NULL};
    sa_process_result r = run_self(touch, 120, false);
    EXPECT_TRUE(r.exited && r.exit_code == 0);
#if defined(__linux__) || defined(_WIN32)
    if (r.peak_memory < ((size_t)64 << 20))
        fail_msg("platform: a child that touched 64 MiB reports a peak of %zu bytes", r.peak_memory);
#endif
}

/* --- files and folders ---------------------------------------------------- */

static void write_file(const char *dir, const char *name)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f || fprintf(f, "%s\n", name) < 0 || fclose(f) != 0)
        fail_msg("platform: cannot write %s", path);
}

static void folders_made_listed_removed(void **state)
{
    (void)state;
    char a[4096], b[4096];
    sa_error err = {""};
    if (!sa_make_temp_dir("sa_test_platform_", a, sizeof a, &err) ||
        !sa_make_temp_dir("sa_test_platform_", b, sizeof b, &err))
        fail_msg("platform: sa_make_temp_dir: %s", err.message);
    if (strcmp(a, b) == 0)
        fail_msg("platform: two temporary folders share the name %s", a);
    EXPECT_STR_CONTAINS(a, "sa_test_platform_");

    /* Names in an order that is not strcmp's; "d" a folder. */
    write_file(a, "b");
    write_file(a, "c.txt");
    write_file(a, "a");
    write_file(a, "Z"); /* not "B": Windows' names ignore case, and "B" would be "b" */
    char sub[4200];
    snprintf(sub, sizeof sub, "%s/d", a);
    if (!sa_mkdir(sub, &err))
        fail_msg("platform: sa_mkdir %s: %s", sub, err.message);
    if (!sa_mkdir(sub, &err)) /* there already: still true */
        fail_msg("platform: sa_mkdir of an existing folder: %s", err.message);
    write_file(sub, "inside");
    char file[4200];
    snprintf(file, sizeof file, "%s/a", a);
    EXPECT_TRUE(!sa_mkdir(file, &err)); /* a file has the name */
    EXPECT_STR_CONTAINS(err.message, "a file has that name");

    char **names;
    size_t count;
    if (!sa_dir_names(a, &names, &count, &err))
        fail_msg("platform: sa_dir_names %s: %s", a, err.message);
    const char *expected[] = {"Z", "a", "b", "c.txt", "d"}; /* strcmp: upper case first */
    if (count != 5)
        fail_msg("platform: %zu names in the folder, expected 5 (Z a b c.txt d)", count);
    for (size_t i = 0; i < count; i++)
        if (strcmp(names[i], expected[i]) != 0)
            fail_msg("platform: name %zu is '%s', expected '%s'", i, names[i], expected[i]);
    sa_dir_names_free(names, count);

    if (!sa_dir_names(b, &names, &count, &err)) /* empty: nothing, not even . or .. */
        fail_msg("platform: sa_dir_names of an empty folder: %s", err.message);
    EXPECT_INT(0, count);
    sa_dir_names_free(names, count);

    char missing[4200];
    snprintf(missing, sizeof missing, "%s/missing", a);
    EXPECT_TRUE(!sa_dir_names(missing, &names, &count, &err));
    EXPECT_STR_CONTAINS(err.message, "missing");

    EXPECT_TRUE(!sa_remove(sub, &err)); /* not empty */
    const char *files[] = {"a", "b", "c.txt", "Z", "d/inside", "d"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(file, sizeof file, "%s/%s", a, files[i]);
        if (!sa_remove(file, &err))
            fail_msg("platform: sa_remove %s: %s", file, err.message);
    }
    EXPECT_TRUE(!sa_remove(file, &err)); /* gone already */
    EXPECT_STR_CONTAINS(err.message, "cannot remove it");
    if (!sa_remove(a, &err) || !sa_remove(b, &err))
        fail_msg("platform: removing the temporary folders: %s", err.message);
    FILE *f = fopen(file, "r");
    EXPECT_TRUE(f == NULL);
    if (f)
        fclose(f);
}

static void executable_path_names_this_program(void **state)
{
    (void)state;
    char path[4096];
    sa_executable_path(path, sizeof path);
    EXPECT_STR_CONTAINS(path, "test_platform");
    FILE *f = fopen(path, "rb");
    EXPECT_TRUE(f != NULL);
    if (f)
        fclose(f);
    char small[4];
    sa_executable_path(small, sizeof small); /* too small: "", never a cut path */
    EXPECT_INT(0, strlen(small));
    /* A buffer of exactly the path's length has no room for its '\0': "",
     * and the byte after the buffer (a guard here) is left as it was. */
    size_t length = strlen(path);
    char *exact = malloc(length + 1);
    EXPECT_TRUE(exact != NULL);
    memset(exact, '#', length + 1);
    sa_executable_path(exact, length);
    EXPECT_INT(0, exact[0]);
    EXPECT_INT('#', exact[length]);
    /* One byte more: the whole path. */
    char *fits = malloc(length + 1);
    EXPECT_TRUE(fits != NULL);
    sa_executable_path(fits, length + 1);
    EXPECT_TRUE(strcmp(path, fits) == 0);
    free(exact);
    free(fits);
}

/* --- environment and memory ----------------------------------------------- */

static void environment_reaches_getenv_and_children(void **state)
{
    (void)state;
    sa_error err = {""};
    if (!sa_setenv("SA_TEST_PLATFORM_VAR", "value with spaces", &err))
        fail_msg("platform: sa_setenv: %s", err.message);
    const char *value = getenv("SA_TEST_PLATFORM_VAR");
    EXPECT_TRUE(value != NULL);
    EXPECT_INT(0, strcmp(value, "value with spaces"));
    const char *const check[] = {"--child-env", "SA_TEST_PLATFORM_VAR", "value with spaces", NULL};
    sa_process_result r = run_self(check, 60, false);
    if (!r.exited || r.exit_code != 0)
        fail_msg("platform: the child saw the variable %s (exit %d)", r.exit_code == 4 ? "unset" : "with another value",
                 r.exit_code);
    if (!sa_setenv("SA_TEST_PLATFORM_VAR", NULL, &err))
        fail_msg("platform: sa_setenv(NULL): %s", err.message);
    EXPECT_TRUE(getenv("SA_TEST_PLATFORM_VAR") == NULL);
    const char *const unset[] = {"--child-env-unset", "SA_TEST_PLATFORM_VAR", NULL};
    r = run_self(unset, 60, false);
    if (!r.exited || r.exit_code != 0)
        fail_msg("platform: a removed variable still reached the child (exit %d)", r.exit_code);
}

static void aligned_memory(void **state)
{
    (void)state;
    const size_t alignments[] = {16, 64, 4096};
    for (size_t i = 0; i < 3; i++) {
        size_t a = alignments[i], size = 3 * a + 5; /* not a multiple of the alignment */
        unsigned char *p = sa_aligned_alloc(a, size);
        if (!p)
            fail_msg("platform: sa_aligned_alloc(%zu, %zu) returned NULL", a, size);
        if ((uintptr_t)p % a != 0)
            fail_msg("platform: sa_aligned_alloc(%zu) gave %p, not aligned", a, (void *)p);
        memset(p, 0xab, size); /* the whole size is ours (sanitizers check) */
        sa_aligned_free(p);
    }
    sa_aligned_free(NULL);
}

/* --- child processes ------------------------------------------------------ */

static void process_exit_codes(void **state)
{
    (void)state;
    const char *const zero[] = {"--child-exit", "0", NULL};
    sa_process_result r = run_self(zero, 60, false);
    EXPECT_TRUE(r.exited && !r.crashed && !r.timed_out);
    EXPECT_INT(0, r.exit_code);
    const char *const seven[] = {"--child-exit", "7", NULL};
    r = run_self(seven, 0, false); /* 0: no limit */
    EXPECT_TRUE(r.exited && !r.crashed && !r.timed_out);
    EXPECT_INT(7, r.exit_code);
    EXPECT_TRUE(r.seconds > 0.0 && r.seconds < 60.0);

    const char *const missing[] = {"/nonexistent-folder/no-such-program", NULL};
    sa_process_result m;
    sa_error err = {""};
    EXPECT_TRUE(!sa_process_run(missing, 10, false, &m, &err));
    EXPECT_STR_CONTAINS(err.message, "no-such-program");
}

static void process_crash(void **state)
{
    (void)state;
    const char *const crash[] = {"--child-crash", NULL};
    sa_process_result r = run_self(crash, 60, true);
    if (!r.crashed || r.exited || r.timed_out)
        fail_msg("platform: a crashing child read as crashed %d, exited %d (code %d), timed out %d", r.crashed,
                 r.exited, r.exit_code, r.timed_out);
#if !defined(_WIN32)
    EXPECT_INT(SIGABRT, r.crash_code);
#endif
}

static void process_timeout(void **state)
{
    (void)state;
    const char *const loop[] = {"--child-loop", NULL};
    sa_process_result r = run_self(loop, 0.5, false);
    if (!r.timed_out || r.exited || r.crashed)
        fail_msg("platform: an endless child read as timed out %d, exited %d, crashed %d", r.timed_out, r.exited,
                 r.crashed);
    /* Killed within about the timeout (a slow start under Wine allowed). */
    if (r.seconds < 0.45 || r.seconds > 10.0)
        fail_msg("platform: the endless child was killed after %.3f s, expected about 0.5 s", r.seconds);
}

static void process_stdout_null(void **state)
{
    (void)state;
    char dir[4096];
    sa_error err = {""};
    if (!sa_make_temp_dir("sa_test_platform_", dir, sizeof dir, &err))
        fail_msg("platform: sa_make_temp_dir: %s", err.message);
    for (int null = 0; null < 2; null++) {
        char out[4200];
        snprintf(out, sizeof out, "%s/out%d.txt", dir, null);
        const char *const relay[] = {"--child-relay", out, null ? "1" : "0", NULL};
        sa_process_result r = run_self(relay, 120, false);
        if (!r.exited || r.exit_code != 0)
            fail_msg("platform: the relay child failed (exit %d)", r.exit_code);
        char text[256] = "";
        FILE *f = fopen(out, "r");
        size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
        text[n] = '\0';
        if (f)
            fclose(f);
        if (null && n != 0)
            fail_msg("platform: stdout_null, yet the child's stdout reached its parent's: '%s'", text);
        if (!null && !strstr(text, "a line from the child"))
            fail_msg("platform: without stdout_null the child's line did not reach its parent's stdout: '%s'", text);
        EXPECT_TRUE(sa_remove(out, &err));
    }
    EXPECT_TRUE(sa_remove(dir, &err));
}

int main(int argc, char **argv)
{
    sa_executable_path(self_path, sizeof self_path);
    if (!self_path[0])
        snprintf(self_path, sizeof self_path, "%s", argv[0]);
    if (argc >= 2 && strncmp(argv[1], "--child-", 8) == 0)
        return child_main(argc, argv);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads_run_and_join),
        cmocka_unit_test(mutex_and_condition_take_turns),
        cmocka_unit_test(clocks_advance_with_work),
        cmocka_unit_test(thread_cpu_clock_counts_work_not_waiting),
        cmocka_unit_test(stage_clock_leaves_out_other_threads),
        cmocka_unit_test(caches_and_memory),
        cmocka_unit_test(folders_made_listed_removed),
        cmocka_unit_test(executable_path_names_this_program),
        cmocka_unit_test(environment_reaches_getenv_and_children),
        cmocka_unit_test(aligned_memory),
        cmocka_unit_test(process_exit_codes),
        cmocka_unit_test(process_crash),
        cmocka_unit_test(process_timeout),
        cmocka_unit_test(process_stdout_null),
    };
    return cmocka_run_group_tests_name("platform", tests, NULL, NULL);
}
