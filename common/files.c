#include "files.h"

#include "platform.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef S_ISREG /* MSVC */
#define S_ISREG(m) (((m)&S_IFMT) == S_IFREG)
#endif

#if defined(_WIN32)
#include <fcntl.h> /* _O_BINARY */
#include <io.h>    /* _setmode */
#endif

#ifndef SA_SOURCE_DIR
#define SA_SOURCE_DIR "."
#endif

static bool file_exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    fclose(f);
    return true;
}

/* The folder that holds the running executable, or "" when unknown. */
static void executable_dir(char *out, size_t out_len)
{
    char exe[SA_PATH_MAX];
    sa_executable_path(exe, sizeof exe);
    if (exe[0] == '\0') {
        out[0] = '\0';
        return;
    }
    sa_path_dirname(exe, out, out_len);
}

bool sa_path_is_separator_as(sa_path_rule rule, char c)
{
    return c == '/' || (rule == SA_PATH_WINDOWS && c == '\\');
}

static bool is_drive_letter(const char *path)
{
    return ((path[0] >= 'A' && path[0] <= 'Z') || (path[0] >= 'a' && path[0] <= 'z')) && path[1] == ':';
}

bool sa_path_is_absolute_as(sa_path_rule rule, const char *path)
{
    return sa_path_is_separator_as(rule, path[0]) || (rule == SA_PATH_WINDOWS && is_drive_letter(path));
}

bool sa_path_is_absolute(const char *path)
{
    return sa_path_is_absolute_as(SA_PATH_NATIVE, path);
}

/* How many leading bytes name the root, which dirname never cuts into:
 * "/" (POSIX and Windows), "C:" or "C:\", "\\server\share\". */
static size_t root_length(sa_path_rule rule, const char *path)
{
    if (rule == SA_PATH_WINDOWS && is_drive_letter(path))
        return sa_path_is_separator_as(rule, path[2]) ? 3 : 2;
    if (!sa_path_is_separator_as(rule, path[0]))
        return 0;
    if (rule != SA_PATH_WINDOWS || !sa_path_is_separator_as(rule, path[1]))
        return 1;
    /* UNC: the server and the share are both part of the root. */
    size_t n = 2;
    for (int part = 0; part < 2 && path[n]; part++) {
        while (path[n] && !sa_path_is_separator_as(rule, path[n]))
            n++;
        if (path[n])
            n++;
    }
    return n;
}

void sa_path_dirname_as(sa_path_rule rule, const char *path, char *out, size_t out_len)
{
    size_t root = root_length(rule, path);
    size_t last = 0; /* one past the last separator after the root; 0: none */
    for (size_t i = root; path[i]; i++)
        if (sa_path_is_separator_as(rule, path[i]))
            last = i + 1;
    if (last == 0) {
        if (root > 0)
            snprintf(out, out_len, "%.*s", (int)root, path);
        else
            snprintf(out, out_len, ".");
        return;
    }
    size_t n = last - 1;
    while (n > root && sa_path_is_separator_as(rule, path[n - 1])) /* "a//b" -> "a" */
        n--;
    snprintf(out, out_len, "%.*s", (int)n, path);
}

void sa_path_dirname(const char *path, char *out, size_t out_len)
{
    sa_path_dirname_as(SA_PATH_NATIVE, path, out, out_len);
}

void sa_path_join_as(sa_path_rule rule, const char *dir, const char *file, char *out, size_t out_len)
{
    if (sa_path_is_absolute_as(rule, file) || !dir[0] || strcmp(dir, ".") == 0) {
        snprintf(out, out_len, "%s", file);
        return;
    }
    size_t n = strlen(dir);
    bool ends_in_separator = sa_path_is_separator_as(rule, dir[n - 1]);
    bool drive_only = rule == SA_PATH_WINDOWS && n == 2 && is_drive_letter(dir); /* "C:" + "x" is "C:x" */
    if (ends_in_separator || drive_only) {
        snprintf(out, out_len, "%s%s", dir, file);
        return;
    }
    char separator = '/';
    for (size_t i = 0; i < n; i++)
        if (sa_path_is_separator_as(rule, dir[i]))
            separator = dir[i];
    snprintf(out, out_len, "%s%c%s", dir, separator, file);
}

void sa_path_join(const char *dir, const char *file, char *out, size_t out_len)
{
    sa_path_join_as(SA_PATH_NATIVE, dir, file, out, out_len);
}

bool sa_path_find(const char *relative, char *out, size_t out_len, sa_error *err)
{
    if (sa_path_is_absolute(relative) || file_exists(relative)) {
        snprintf(out, out_len, "%s", relative);
        return true;
    }

    char roots[5][SA_PATH_MAX];
    int root_count = 0;
    const char *env = getenv("SA_ROOT");
    if (env && env[0])
        snprintf(roots[root_count++], SA_PATH_MAX, "%s", env);
    snprintf(roots[root_count++], SA_PATH_MAX, "%s", SA_SOURCE_DIR);
    char exe_dir[SA_PATH_MAX];
    executable_dir(exe_dir, sizeof exe_dir);
    if (exe_dir[0]) {
        snprintf(roots[root_count++], SA_PATH_MAX, "%s", exe_dir);
        sa_path_join(exe_dir, "..", roots[root_count++], SA_PATH_MAX);
        sa_path_join(exe_dir, "../..", roots[root_count++], SA_PATH_MAX);
    }

    char tried[4096];
    size_t used = (size_t)snprintf(tried, sizeof tried, "%s", relative);
    for (int i = 0; i < root_count; i++) {
        char candidate[SA_PATH_MAX * 2];
        sa_path_join(roots[i], relative, candidate, sizeof candidate);
        if (file_exists(candidate)) {
            if (strlen(candidate) >= out_len)
                return sa_error_set(err, "%s: path too long", candidate);
            snprintf(out, out_len, "%s", candidate);
            return true;
        }
        if (used < sizeof tried)
            used += (size_t)snprintf(tried + used, sizeof tried - used, ", %s", candidate);
    }
    return sa_error_set(err, "%s: file not found (tried: %s; set SA_ROOT to the project folder)", relative, tried);
}

FILE *sa_file_open(const char *path, sa_error *err)
{
    /* A folder opens fine with fopen on some systems and then reports a
     * nonsense size: insist on a regular file first. */
    struct stat st;
    bool has_status = stat(path, &st) == 0;
    if (has_status && !S_ISREG(st.st_mode)) {
        sa_error_set(err, "%s: not a regular file", path);
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        sa_error_set(err, "%s: cannot open: %s", path, strerror(errno));
    } else if (!has_status) {
        /* It opens yet has no status: a device (Windows' stat fails on "NUL",
         * which then reads as an empty file). */
        fclose(f);
        sa_error_set(err, "%s: not a regular file", path);
        f = NULL;
    }
    return f;
}

bool sa_file_size(const char *path, double *bytes, sa_error *err)
{
    FILE *f = sa_file_open(path, err);
    if (!f)
        return false;
    bool ok = fseek(f, 0, SEEK_END) == 0;
    long end = ok ? ftell(f) : -1;
    fclose(f);
    if (end < 0)
        return sa_error_set(err, "%s: cannot find its size", path);
    *bytes = (double)end;
    return true;
}

void sa_std_streams_binary(void)
{
#if defined(_WIN32)
    fflush(stdout);
    fflush(stderr);
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
#endif
}

FILE *sa_output_open(const char *path, sa_error *err)
{
    if (strcmp(path, "-") == 0) {
        sa_std_streams_binary();
        return stdout;
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        sa_error_set(err, "%s: cannot open it for writing: %s", path, strerror(errno));
    return f;
}

bool sa_output_close(FILE *out, const char *path, bool ok, sa_error *err)
{
    bool written = fflush(out) == 0 && !ferror(out);
    if (out != stdout)
        written = fclose(out) == 0 && written;
    if (ok && !written)
        sa_error_set(err, "%s: cannot write it", path);
    return ok && written;
}

bool sa_file_read(const char *path, char **data, size_t *size, sa_error *err)
{
    *data = NULL;
    *size = 0;
    FILE *f = sa_file_open(path, err);
    if (!f)
        return false;
    if (fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return sa_error_set(err, "%s: cannot seek (not a regular file?)", path);
    }
    long length = ftell(f);
    bool too_big = false;
#if LONG_MAX >= SIZE_MAX / 2
    /* Where long is as wide as size_t (Linux, macOS); on Windows long has 32
     * bits and can never be this large, and GCC would warn that the test is always false. */
    too_big = (unsigned long)length >= SIZE_MAX / 2;
#endif
    if (length < 0 || too_big || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return sa_error_set(err, "%s: cannot tell the file size", path);
    }
    char *buffer = malloc((size_t)length + 1);
    if (!buffer) {
        fclose(f);
        return sa_error_set(err, "%s: out of memory (%ld bytes)", path, length);
    }
    size_t got = fread(buffer, 1, (size_t)length, f);
    fclose(f);
    if (got != (size_t)length) {
        free(buffer);
        return sa_error_set(err, "%s: read %zu of %ld bytes", path, got, length);
    }
    buffer[length] = '\0';
    *data = buffer;
    *size = (size_t)length;
    return true;
}
