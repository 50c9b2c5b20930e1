/* platform_win32.c: common/platform.h on Windows (MSVC and mingw-w64).
 *
 * Win32 threads (_beginthreadex, SRW locks, condition variables), the
 * performance counter, the kernel's thread, process and system times,
 * psapi's peak working set, and CreateProcess with a timeout. Paths are the
 * ANSI ("A") side of Win32, as fopen() takes them.
 */
#define WIN32_LEAN_AND_MEAN
#ifndef _WIN32_WINNT
#define _WIN32_WINNT 0x0600 /* Vista: SRW locks, condition variables */
#endif

#include "platform.h"

#include <windows.h>

#include <process.h>
#include <psapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The system's message for a Win32 error code, on one line. */
static const char *win32_reason(DWORD code, char *out, size_t out_len)
{
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL, code, 0, out,
                             (DWORD)out_len, NULL);
    while (n > 0 && (out[n - 1] == '\n' || out[n - 1] == '\r' || out[n - 1] == ' ' || out[n - 1] == '.'))
        out[--n] = '\0';
    if (n == 0)
        snprintf(out, out_len, "Windows error %lu", (unsigned long)code);
    return out;
}

/* --- threads -------------------------------------------------------------- */

struct sa_thread {
    HANDLE handle;
    sa_thread_fn *fn;
    void *arg;
};
struct sa_mutex {
    SRWLOCK lock;
};
struct sa_cond {
    CONDITION_VARIABLE cond;
};

static unsigned __stdcall thread_main(void *arg)
{
    sa_thread *t = arg;
    t->fn(t->arg);
    return 0;
}

bool sa_threads_available(sa_error *err)
{
    (void)err;
    return true;
}

sa_thread *sa_thread_start(sa_thread_fn *fn, void *arg, sa_error *err)
{
    sa_thread *t = calloc(1, sizeof *t);
    if (!t) {
        sa_error_set(err, "cannot start a thread: out of memory");
        return NULL;
    }
    t->fn = fn;
    t->arg = arg;
    /* _beginthreadex, not CreateThread: the C runtime sets up its per-thread
     * state (errno, strtok) for the thread. */
    uintptr_t h = _beginthreadex(NULL, 0, thread_main, t, 0, NULL);
    if (h == 0) {
        char why[256];
        sa_error_set(err, "cannot start a thread: %s", win32_reason(GetLastError(), why, sizeof why));
        free(t);
        return NULL;
    }
    t->handle = (HANDLE)h;
    return t;
}

void sa_thread_join(sa_thread *t)
{
    if (!t)
        return;
    WaitForSingleObject(t->handle, INFINITE);
    CloseHandle(t->handle);
    free(t);
}

sa_mutex *sa_mutex_create(sa_error *err)
{
    sa_mutex *m = malloc(sizeof *m);
    if (!m) {
        sa_error_set(err, "cannot make a mutex: out of memory");
        return NULL;
    }
    InitializeSRWLock(&m->lock);
    return m;
}

void sa_mutex_destroy(sa_mutex *m)
{
    free(m); /* an SRW lock needs no cleanup */
}

void sa_mutex_lock(sa_mutex *m)
{
    AcquireSRWLockExclusive(&m->lock);
}

void sa_mutex_unlock(sa_mutex *m)
{
    ReleaseSRWLockExclusive(&m->lock);
}

sa_cond *sa_cond_create(sa_error *err)
{
    sa_cond *c = malloc(sizeof *c);
    if (!c) {
        sa_error_set(err, "cannot make a condition variable: out of memory");
        return NULL;
    }
    InitializeConditionVariable(&c->cond);
    return c;
}

void sa_cond_destroy(sa_cond *c)
{
    free(c);
}

void sa_cond_wait(sa_cond *c, sa_mutex *m)
{
    SleepConditionVariableSRW(&c->cond, &m->lock, INFINITE, 0);
}

void sa_cond_signal(sa_cond *c)
{
    WakeConditionVariable(&c->cond);
}

void sa_cond_broadcast(sa_cond *c)
{
    WakeAllConditionVariable(&c->cond);
}

int sa_cpu_count(void)
{
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    int n = (int)info.dwNumberOfProcessors;
    return n < 1 ? 1 : n;
}

/* --- clocks --------------------------------------------------------------- */

/* A FILETIME (100 ns ticks) in seconds. */
static double filetime_seconds(FILETIME t)
{
    ULARGE_INTEGER u;
    u.LowPart = t.dwLowDateTime;
    u.HighPart = t.dwHighDateTime;
    return 1e-7 * (double)u.QuadPart;
}

double sa_time_monotonic(void)
{
    LARGE_INTEGER count, frequency;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&frequency);
    return (double)count.QuadPart / (double)frequency.QuadPart;
}

static bool thread_times(HANDLE thread, double *seconds)
{
    FILETIME created, exited, kernel, user;
    if (!GetThreadTimes(thread, &created, &exited, &kernel, &user))
        return false;
    *seconds = filetime_seconds(kernel) + filetime_seconds(user);
    return true;
}

double sa_time_thread_cpu(void)
{
    double seconds;
    return thread_times(GetCurrentThread(), &seconds) ? seconds : 0.0;
}

double sa_time_stage(void)
{
    /* GetThreadTimes moves in scheduler ticks: too coarse for a stage. */
    return sa_time_monotonic();
}

double sa_time_process_cpu(void)
{
    FILETIME created, exited, kernel, user;
    if (!GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &user))
        return 0.0;
    return filetime_seconds(kernel) + filetime_seconds(user);
}

bool sa_thread_cpu_time(const sa_thread *thread, double *seconds)
{
    return thread && thread_times(thread->handle, seconds);
}

/* GetSystemTimes sums every processor; its kernel time includes the idle
 * time, which is taken out. */
bool sa_time_busy_all(double *seconds)
{
    FILETIME idle, kernel, user;
    if (!GetSystemTimes(&idle, &kernel, &user))
        return false;
    *seconds = filetime_seconds(kernel) + filetime_seconds(user) - filetime_seconds(idle);
    return true;
}

size_t sa_peak_memory_bytes(void)
{
    PROCESS_MEMORY_COUNTERS counters;
    if (!GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof counters))
        return 0;
    return counters.PeakWorkingSetSize;
}

size_t sa_cache_size(int level)
{
    if (level < 1 || level > 3)
        return 0;
    DWORD bytes = 0;
    GetLogicalProcessorInformation(NULL, &bytes);
    SYSTEM_LOGICAL_PROCESSOR_INFORMATION *info = bytes ? malloc(bytes) : NULL;
    size_t size = 0;
    if (info && GetLogicalProcessorInformation(info, &bytes)) {
        size_t count = bytes / sizeof *info;
        for (size_t i = 0; i < count && size == 0; i++) {
            const CACHE_DESCRIPTOR *cache = &info[i].Cache;
            if (info[i].Relationship == RelationCache && cache->Level == level &&
                (cache->Type == CacheData || cache->Type == CacheUnified))
                size = cache->Size;
        }
    }
    free(info);
    return size;
}

/* --- files and folders ---------------------------------------------------- */

static bool is_folder(const char *path)
{
    DWORD attributes = GetFileAttributesA(path);
    return attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY);
}

bool sa_mkdir(const char *path, sa_error *err)
{
    if (CreateDirectoryA(path, NULL))
        return true;
    DWORD code = GetLastError();
    if (code == ERROR_ALREADY_EXISTS && is_folder(path))
        return true;
    char why[256];
    return sa_error_set(err, "%s: cannot make the folder: %s", path,
                        code == ERROR_ALREADY_EXISTS ? "a file has that name" : win32_reason(code, why, sizeof why));
}

bool sa_make_temp_dir(const char *prefix, char *out, size_t out_len, sa_error *err)
{
    char tmp[MAX_PATH + 1];
    DWORD n = GetTempPathA(sizeof tmp, tmp); /* ends with a backslash */
    if (n == 0 || n > sizeof tmp) {
        if (out_len)
            out[0] = '\0';
        return sa_error_set(err, "cannot find the temporary folder (GetTempPath)");
    }
    /* A name from the process id, the clock and a counter; CreateDirectory
     * fails on a name that exists, so two makers never share one. */
    static volatile LONG counter;
    char why[256] = "";
    for (int attempt = 0; attempt < 100; attempt++) {
        LONG k = InterlockedIncrement(&counter);
        LARGE_INTEGER now;
        QueryPerformanceCounter(&now);
        int len = snprintf(out, out_len, "%s%s%lu_%lx_%ld", tmp, prefix, (unsigned long)GetCurrentProcessId(),
                           (unsigned long)(now.QuadPart & 0xffffff), (long)k);
        if (len < 0 || (size_t)len >= out_len) {
            if (out_len)
                out[0] = '\0';
            return sa_error_set(err, "%s%s...: the temporary folder's path is too long", tmp, prefix);
        }
        if (CreateDirectoryA(out, NULL))
            return true;
        DWORD code = GetLastError();
        if (code != ERROR_ALREADY_EXISTS) {
            win32_reason(code, why, sizeof why);
            break;
        }
    }
    sa_error_set(err, "%s: cannot make a temporary folder: %s", out, why[0] ? why : "every name tried exists");
    out[0] = '\0';
    return false;
}

bool sa_remove(const char *path, sa_error *err)
{
    /* remove() on Windows deletes files only: a folder needs RemoveDirectory. */
    bool ok = is_folder(path) ? RemoveDirectoryA(path) : DeleteFileA(path);
    if (!ok) {
        char why[256];
        return sa_error_set(err, "%s: cannot remove it: %s", path, win32_reason(GetLastError(), why, sizeof why));
    }
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
    char pattern[MAX_PATH + 8];
    size_t len = strlen(path);
    bool has_separator = len > 0 && (path[len - 1] == '\\' || path[len - 1] == '/');
    int n_pattern = snprintf(pattern, sizeof pattern, "%s%s*", path, has_separator ? "" : "\\");
    if (n_pattern < 0 || (size_t)n_pattern >= sizeof pattern)
        return sa_error_set(err, "%s: cannot open the folder: the path is too long", path);
    WIN32_FIND_DATAA found;
    HANDLE find = FindFirstFileA(pattern, &found);
    if (find == INVALID_HANDLE_VALUE) {
        DWORD code = GetLastError();
        if (code == ERROR_FILE_NOT_FOUND && is_folder(path))
            return true; /* an empty drive root: nothing, not even "." */
        char why[256];
        return sa_error_set(err, "%s: cannot open the folder: %s", path, win32_reason(code, why, sizeof why));
    }
    char **list = NULL;
    size_t n = 0, capacity = 0;
    do {
        if (strcmp(found.cFileName, ".") == 0 || strcmp(found.cFileName, "..") == 0)
            continue;
        if (n == capacity) {
            size_t grown = capacity ? 2 * capacity : 16;
            char **bigger = realloc(list, grown * sizeof *list);
            if (!bigger)
                goto out_of_memory;
            list = bigger;
            capacity = grown;
        }
        size_t name_len = strlen(found.cFileName);
        if (!(list[n] = malloc(name_len + 1)))
            goto out_of_memory;
        memcpy(list[n++], found.cFileName, name_len + 1);
    } while (FindNextFileA(find, &found));
    FindClose(find);
    if (n > 1)
        qsort(list, n, sizeof *list, compare_names);
    *names = list;
    *count = n;
    return true;
out_of_memory:
    FindClose(find);
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
    DWORD n = GetModuleFileNameA(NULL, out, (DWORD)out_len);
    if (n == 0 || n >= out_len) /* failed, or cut short */
        out[0] = '\0';
}

/* --- environment ---------------------------------------------------------- */

bool sa_setenv(const char *name, const char *value, sa_error *err)
{
    /* _putenv_s for this process's getenv() (the C runtime's copy; "" removes
     * the variable), SetEnvironmentVariable for the block CreateProcess hands
     * children. */
    if (_putenv_s(name, value ? value : "") != 0)
        return sa_error_set(err, "cannot set the environment variable %s", name);
    if (!SetEnvironmentVariableA(name, value)) {
        char why[256];
        return sa_error_set(err, "cannot set the environment variable %s: %s", name,
                            win32_reason(GetLastError(), why, sizeof why));
    }
    return true;
}

/* --- memory --------------------------------------------------------------- */

void *sa_aligned_alloc(size_t alignment, size_t size)
{
    return _aligned_malloc(size ? size : 1, alignment);
}

void sa_aligned_free(void *p)
{
    _aligned_free(p);
}

/* --- child processes ------------------------------------------------------ */

/* Appends one argument to a command line, quoted the way the C runtime's
 * argv parser (and CommandLineToArgvW) reads it back: backslashes count
 * only before a quote, where they are doubled. */
static bool append_argument(char *line, size_t line_len, size_t *at, const char *arg)
{
    size_t n = *at;
#define PUT(c)                                                                                                         \
    do {                                                                                                               \
        if (n + 1 >= line_len)                                                                                         \
            return false;                                                                                              \
        line[n++] = (c);                                                                                               \
    } while (0)
    if (n > 0)
        PUT(' ');
    bool quote = arg[0] == '\0' || strpbrk(arg, " \t\n\v\"") != NULL;
    if (!quote) {
        for (const char *p = arg; *p; p++)
            PUT(*p);
    } else {
        PUT('"');
        for (const char *p = arg;; p++) {
            size_t backslashes = 0;
            while (*p == '\\') {
                backslashes++;
                p++;
            }
            if (*p == '\0') {
                for (size_t i = 0; i < 2 * backslashes; i++) /* before the closing quote */
                    PUT('\\');
                break;
            }
            if (*p == '"') {
                for (size_t i = 0; i < 2 * backslashes + 1; i++)
                    PUT('\\');
            } else {
                for (size_t i = 0; i < backslashes; i++)
                    PUT('\\');
            }
            PUT(*p);
        }
        PUT('"');
    }
#undef PUT
    line[n] = '\0';
    *at = n;
    return true;
}

bool sa_process_run(const char *const argv[], double timeout_seconds, bool stdout_null, sa_process_result *result,
                    sa_error *err)
{
    memset(result, 0, sizeof *result);
    char line[32768];
    size_t at = 0;
    line[0] = '\0';
    for (int i = 0; argv[i]; i++)
        if (!append_argument(line, sizeof line, &at, argv[i]))
            return sa_error_set(err, "%s: cannot start it: the command line is too long", argv[0]);

    SECURITY_ATTRIBUTES inherit = {sizeof inherit, NULL, TRUE};
    HANDLE null_out = INVALID_HANDLE_VALUE;
    if (stdout_null) {
        null_out = CreateFileA("NUL", GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit, OPEN_EXISTING, 0,
                               NULL);
        if (null_out == INVALID_HANDLE_VALUE) {
            char why[256];
            return sa_error_set(err, "%s: cannot start it: NUL: %s", argv[0],
                                win32_reason(GetLastError(), why, sizeof why));
        }
    }
    STARTUPINFOA startup;
    memset(&startup, 0, sizeof startup);
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    startup.hStdOutput = stdout_null ? null_out : GetStdHandle(STD_OUTPUT_HANDLE);
    startup.hStdError = GetStdHandle(STD_ERROR_HANDLE);
    PROCESS_INFORMATION child;
    /* A child that crashes ends with its exception code, not a dialog box
     * that waits for a click (the error mode is inherited). */
    UINT old_mode = SetErrorMode(0);
    SetErrorMode(old_mode | SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX);
    fflush(NULL); /* what this process printed comes first */
    double start = sa_time_monotonic();
    BOOL started = CreateProcessA(NULL, line, NULL, NULL, TRUE, 0, NULL, NULL, &startup, &child);
    DWORD start_error = GetLastError();
    SetErrorMode(old_mode);
    if (null_out != INVALID_HANDLE_VALUE)
        CloseHandle(null_out);
    if (!started) {
        char why[256];
        return sa_error_set(err, "%s: cannot start it: %s", argv[0], win32_reason(start_error, why, sizeof why));
    }
    CloseHandle(child.hThread);

    /* Waited for in slices of 5 ms, its peak working set read after each:
     * Windows keeps the figure after the child ends, Wine does not. */
    for (;;) {
        PROCESS_MEMORY_COUNTERS counters;
        if (GetProcessMemoryInfo(child.hProcess, &counters, sizeof counters) &&
            counters.PeakWorkingSetSize > result->peak_memory)
            result->peak_memory = counters.PeakWorkingSetSize;
        if (WaitForSingleObject(child.hProcess, 5) != WAIT_TIMEOUT)
            break;
        if (timeout_seconds > 0.0 && sa_time_monotonic() - start > timeout_seconds) {
            TerminateProcess(child.hProcess, 1);
            WaitForSingleObject(child.hProcess, INFINITE);
            result->timed_out = true;
            break;
        }
    }
    result->seconds = sa_time_monotonic() - start;
    PROCESS_MEMORY_COUNTERS counters;
    if (GetProcessMemoryInfo(child.hProcess, &counters, sizeof counters) &&
        counters.PeakWorkingSetSize > result->peak_memory)
        result->peak_memory = counters.PeakWorkingSetSize;
    DWORD code = 0;
    BOOL got = GetExitCodeProcess(child.hProcess, &code);
    CloseHandle(child.hProcess);
    if (result->timed_out)
        return true;
    if (!got) {
        char why[256];
        return sa_error_set(err, "%s: cannot read its exit code: %s", argv[0],
                            win32_reason(GetLastError(), why, sizeof why));
    }
    /* An unhandled exception ends a process with its NTSTATUS code, whose
     * top two bits are 11 (0xC0000005: access violation); an exit code is
     * what main returned or exit() was given. */
    if ((code & 0xC0000000u) == 0xC0000000u) {
        result->crashed = true;
        result->crash_code = (int)code;
    } else {
        result->exited = true;
        result->exit_code = (int)code;
    }
    return true;
}
