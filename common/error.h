/* error.h: errors are values.
 *
 * A function that can fail returns bool (true on success) and, on failure,
 * fills an sa_error with one line that says where and what: a file, a line or
 * a JSON path, then the problem. Programs print it as "error: <message>" and
 * exit 1. Nothing in the codebase prints an error and carries on silently.
 */
#ifndef SA_ERROR_H
#define SA_ERROR_H

#include <stdbool.h>
#include <stddef.h>

typedef struct sa_error {
    char message[1024];
} sa_error;

#if defined(__MINGW32__)
/* mingw-w64 builds use its C99 printf (__USE_MINGW_ANSI_STDIO, CMakeLists.txt),
 * whose formats (%zu) GCC checks as gnu_printf; plain printf means msvcrt's there. */
#define SA_PRINTF(fmt_index, first_arg) __attribute__((format(gnu_printf, fmt_index, first_arg)))
#elif defined(__GNUC__)
#define SA_PRINTF(fmt_index, first_arg) __attribute__((format(printf, fmt_index, first_arg)))
#else
#define SA_PRINTF(fmt_index, first_arg)
#endif

/* Formats the message (printf style). Always returns false, so that a failing
 * function can end with `return sa_error_set(err, "...", ...);`.
 * err may be NULL, in which case nothing is written. */
bool sa_error_set(sa_error *err, const char *fmt, ...) SA_PRINTF(2, 3);

/* Puts "prefix: " in front of an existing message (e.g. the file name). */
bool sa_error_prefix(sa_error *err, const char *fmt, ...) SA_PRINTF(2, 3);

#endif
