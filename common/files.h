/* files.h: finding and reading the project's files.
 *
 * Tutorial programs are often run from the wrong folder and then cannot find
 * their shaders. Here a relative path such as "shaders/lit.vert" is looked up,
 * in order, under:
 *   1. $SA_ROOT (an environment variable, to override everything else),
 *   2. the source tree the program was built from (SA_SOURCE_DIR, set by CMake),
 *   3. the folder of the executable, and the two folders above it.
 * If none has it, the error lists every path that was tried.
 */
#ifndef SA_FILES_H
#define SA_FILES_H

#include "error.h"

#include <stddef.h>
#include <stdio.h>

#define SA_PATH_MAX 1024

/* Resolves a project-relative path. Absolute paths and paths that exist as
 * given (relative to the current directory) are returned unchanged. */
bool sa_path_find(const char *relative, char *out, size_t out_len, sa_error *err);

/* Opens a regular file for binary reading (a folder or device is refused
 * with a clear message rather than failing later with a nonsense size). */
FILE *sa_file_open(const char *path, sa_error *err);

/* Output files, with one wording for every program: opens `path` for
 * writing, or returns stdout for "-" ("PATH: cannot open it for writing:
 * REASON"). */
FILE *sa_output_open(const char *path, sa_error *err);
/* Makes stdout and stderr binary streams. On Windows a text stream writes
 * every "\n" as "\r\n", which would change the exact bytes of --check,
 * --dump-obj and --dump-pose output and of error lines that tests compare;
 * elsewhere there is no difference and this does nothing. Called by
 * cli_parse() and sa_output_open("-"), so every program gets it. */
void sa_std_streams_binary(void);
/* Closes what sa_output_open() gave (stdout is flushed, not closed). `ok`
 * says whether the writing itself went well; returns ok and whether every
 * byte reached the file, setting "PATH: cannot write it" (a full disk, a
 * closed pipe) only when `ok` was true, so that an earlier error stays. */
bool sa_output_close(FILE *out, const char *path, bool ok, sa_error *err);

/* The size in bytes of a regular file (C11 only: opened by sa_file_open,
 * so a folder or device is refused); false with *err when it is missing. */
bool sa_file_size(const char *path, double *bytes, sa_error *err);

/* Reads a whole file into a new NUL-terminated buffer (free() it). */
bool sa_file_read(const char *path, char **data, size_t *size, sa_error *err);

/* Paths follow one of two rules. POSIX: only '/' separates, and a path is
 * absolute when it starts with '/' ('\' is an ordinary character of a
 * name). Windows: '/' and '\' both separate, and "C:\x", "C:/x",
 * "\\server\share" and "\x" are absolute (as is "C:x", which names a
 * drive and so cannot be put under another folder). The functions without
 * "_as" use the rule of the system the program was built for; the "_as"
 * forms take the rule, so that both can be tested anywhere. */
typedef enum sa_path_rule { SA_PATH_POSIX, SA_PATH_WINDOWS } sa_path_rule;
#if defined(_WIN32)
#define SA_PATH_NATIVE SA_PATH_WINDOWS
#else
#define SA_PATH_NATIVE SA_PATH_POSIX
#endif

bool sa_path_is_separator_as(sa_path_rule rule, char c);
/* True when a path must not be put under another folder. */
bool sa_path_is_absolute_as(sa_path_rule rule, const char *path);
bool sa_path_is_absolute(const char *path);

/* The folder part of a path ("a/b/c.obj" -> "a/b", "c.obj" -> ".",
 * "/c.obj" -> "/"; Windows: "C:\m\c.obj" -> "C:\m", "C:\c.obj" -> "C:\"). */
void sa_path_dirname_as(sa_path_rule rule, const char *path, char *out, size_t out_len);
void sa_path_dirname(const char *path, char *out, size_t out_len);

/* Joins a folder and a relative file name found inside a model file (an
 * absolute name is kept as it is, a "." folder is left out). No separator
 * is doubled; on Windows the one added is the folder's own last one, so
 * "C:\m" + "t.png" reads "C:\m\t.png". */
void sa_path_join_as(sa_path_rule rule, const char *dir, const char *file, char *out, size_t out_len);
void sa_path_join(const char *dir, const char *file, char *out, size_t out_len);

#endif
