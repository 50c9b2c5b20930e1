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

void sa_path_dirname(const char *path, char *out, size_t out_len)
{
    const char *slash = strrchr(path, '/');
#if defined(_WIN32)
    const char *backslash = strrchr(path, '\\');
    if (backslash && (!slash || backslash > slash))
        slash = backslash;
#endif
    if (!slash) {
        snprintf(out, out_len, ".");
        return;
    }
    size_t n = (size_t)(slash - path);
    if (n == 0)
        n = 1; /* "/file" -> "/" */
    snprintf(out, out_len, "%.*s", (int)n, path);
}

void sa_path_join(const char *dir, const char *file, char *out, size_t out_len)
{
    if (file[0] == '/' || !dir[0] || strcmp(dir, ".") == 0)
        snprintf(out, out_len, "%s", file);
    else
        snprintf(out, out_len, "%s/%s", dir, file);
}

bool sa_path_find(const char *relative, char *out, size_t out_len, sa_error *err)
{
    if (relative[0] == '/' || file_exists(relative)) {
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
        snprintf(roots[root_count++], SA_PATH_MAX, "%s/..", exe_dir);
        snprintf(roots[root_count++], SA_PATH_MAX, "%s/../..", exe_dir);
    }

    char tried[4096];
    size_t used = (size_t)snprintf(tried, sizeof tried, "%s", relative);
    for (int i = 0; i < root_count; i++) {
        char candidate[SA_PATH_MAX * 2];
        snprintf(candidate, sizeof candidate, "%s/%s", roots[i], relative);
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
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        sa_error_set(err, "%s: not a regular file", path);
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f)
        sa_error_set(err, "%s: cannot open: %s", path, strerror(errno));
    return f;
}

FILE *sa_output_open(const char *path, sa_error *err)
{
    if (strcmp(path, "-") == 0)
        return stdout;
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
