#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool sa_error_set(sa_error *err, const char *fmt, ...)
{
    if (err) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, args);
        va_end(args);
    }
    return false;
}

bool sa_error_prefix(sa_error *err, const char *fmt, ...)
{
    if (err) {
        char prefix[512];
        char old[sizeof err->message];
        va_list args;
        va_start(args, fmt);
        vsnprintf(prefix, sizeof prefix, fmt, args);
        va_end(args);
        memcpy(old, err->message, sizeof old);
        snprintf(err->message, sizeof err->message, "%s: %s", prefix, old);
    }
    return false;
}
