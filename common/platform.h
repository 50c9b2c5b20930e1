/* platform.h: the few things C11 leaves to the operating system.
 *
 * Threads, clocks, folders, the environment, aligned memory and child
 * processes are spelled differently on Linux, macOS and Windows. Every
 * chapter, benchmark and test reaches them through this header, so the
 * differences live in one place (common/platform_*.c) and no chapter has an
 * #ifdef. Threads use C11 <threads.h> where the C library has it, Win32
 * threads on Windows, pthreads elsewhere.
 *
 * The web build (emscripten: platform_posix.c) has no threads, and no CPU
 * clocks in a browser page: each function below says what it gives there.
 *
 * Every function that can fail returns false (or NULL) and fills an
 * sa_error with one line: what was asked, and the system's reason.
 */
#ifndef SA_PLATFORM_H
#define SA_PLATFORM_H

#include "error.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* --- threads -------------------------------------------------------------- */
/* Opaque and heap-allocated: the header stays free of <windows.h> and
 * the system's thread headers, and a struct holding one may be declared
 * anywhere. */
typedef struct sa_thread sa_thread;
typedef struct sa_mutex sa_mutex;
typedef struct sa_cond sa_cond;

typedef void sa_thread_fn(void *arg);

/* Whether this build can start threads at all: false on the web, with the
 * reason in *err (WebAssembly threads need SharedArrayBuffer, which a page
 * has only when its server sends cross-origin isolation headers, so the web
 * build has none). A benchmark asks this before it runs its threaded part. */
bool sa_threads_available(sa_error *err);
/* Starts fn(arg) on a new thread; NULL and *err on failure (always on the
 * web, with sa_threads_available's reason). */
sa_thread *sa_thread_start(sa_thread_fn *fn, void *arg, sa_error *err);
/* Waits for the thread to return, then frees it. */
void sa_thread_join(sa_thread *thread);

sa_mutex *sa_mutex_create(sa_error *err);
void sa_mutex_destroy(sa_mutex *mutex);
void sa_mutex_lock(sa_mutex *mutex);
void sa_mutex_unlock(sa_mutex *mutex);

sa_cond *sa_cond_create(sa_error *err);
void sa_cond_destroy(sa_cond *cond);
/* Releases mutex, sleeps until signalled (or spuriously), locks it again. */
void sa_cond_wait(sa_cond *cond, sa_mutex *mutex);
void sa_cond_signal(sa_cond *cond);
void sa_cond_broadcast(sa_cond *cond);

/* Processors online (at least 1); 1 on the web, the one it can use. */
int sa_cpu_count(void);

/* --- clocks --------------------------------------------------------------- */
/* Seconds on a monotonic clock (never jumps with the wall clock); only
 * differences mean anything. */
double sa_time_monotonic(void);
/* CPU seconds the calling thread has run (not time it waited). On the web
 * under node: the process's CPU seconds (process.cpuUsage(): the program is
 * one thread, and node's own helper threads sit idle while it computes); in
 * a browser page, which has no CPU clock, the monotonic clock stands in. */
double sa_time_thread_cpu(void);
/* The clock a benchmark times a stage of microseconds with: the calling
 * thread's CPU seconds where the system counts them finely (Linux, macOS:
 * nanoseconds), so that time lost to other programs is left out; on
 * Windows, whose thread times move in scheduler ticks (about 15.6 ms, 10 ms
 * under Wine) and would read 0 for such a stage, the monotonic clock. On
 * the web, sa_time_thread_cpu() (node counts microseconds). */
double sa_time_stage(void);
/* CPU seconds this whole process (all its threads) has run. C11's clock()
 * would be it on Linux, but on Windows clock() counts wall time. On the web
 * as sa_time_thread_cpu(). */
double sa_time_process_cpu(void);
/* CPU seconds another started thread has run (until it is joined); false
 * where unknown (on the web no thread starts). */
bool sa_thread_cpu_time(const sa_thread *thread, double *seconds);
/* CPU seconds all processors have been busy since boot (every process
 * together), for a benchmark's "other load" figure; false where unknown
 * (a page: no /proc/stat in its file system; node's benchmarks see the
 * machine's own, through NODERAWFS: cmake/Project.cmake). */
bool sa_time_busy_all(double *seconds);
/* Peak resident memory of this process so far, in bytes (0 where unknown).
 * On the web: the size of the module's memory, which only grows, so it is
 * the most the program has held (the browser's own memory left out). */
size_t sa_peak_memory_bytes(void);
/* Data cache size of a level (1, 2, 3) in bytes; 0 where unknown (always
 * in a page, which cannot see what machine it runs on; under node, the
 * machine's /sys as natively). */
size_t sa_cache_size(int level);

/* --- files and folders ---------------------------------------------------- */
/* Makes one folder; true when it exists afterwards (made now or before). */
bool sa_mkdir(const char *path, sa_error *err);
/* Makes a new empty folder in the system's temporary folder, named from
 * prefix and a unique suffix; writes its path to out. */
bool sa_make_temp_dir(const char *prefix, char *out, size_t out_len, sa_error *err);
/* Removes a file or an empty folder. */
bool sa_remove(const char *path, sa_error *err);
/* The names in a folder ("." and ".." left out), sorted by strcmp, as one
 * malloc'ed array of malloc'ed strings: free with sa_dir_names_free(). */
bool sa_dir_names(const char *path, char ***names, size_t *count, sa_error *err);
void sa_dir_names_free(char **names, size_t count);
/* The running program's own path ("" where unknown or longer than
 * out_len: never a path cut short). */
void sa_executable_path(char *out, size_t out_len);

/* --- environment ---------------------------------------------------------- */
/* Sets (value non-NULL) or removes (value NULL) an environment variable of
 * this process and of the children it starts afterwards. */
bool sa_setenv(const char *name, const char *value, sa_error *err);

/* --- memory --------------------------------------------------------------- */
/* size bytes aligned to alignment (a power of two); free with
 * sa_aligned_free(), never free() (Windows keeps them apart). */
void *sa_aligned_alloc(size_t alignment, size_t size);
void sa_aligned_free(void *p);

/* --- child processes ------------------------------------------------------ */
typedef struct sa_process_result {
    bool exited;        /* it returned from main or called exit */
    int exit_code;      /* when exited */
    bool crashed;       /* ended by a signal or an exception */
    int crash_code;     /* the signal (POSIX) or exception code (Windows) */
    bool timed_out;     /* still running after the timeout: it was killed */
    double seconds;     /* wall time */
    size_t peak_memory; /* its peak resident memory in bytes (0 where unknown) */
} sa_process_result;

/* Runs argv[0] with arguments argv (NULL-terminated) and waits for it, at
 * most timeout_seconds (0: no limit). stdout_null: its standard output goes
 * to the null device. false only when it could not be started. */
bool sa_process_run(const char *const argv[], double timeout_seconds, bool stdout_null, sa_process_result *result,
                    sa_error *err);

#endif
