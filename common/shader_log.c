#include "shader_log.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads "<digits>" at *p; returns -1 when there are none. */
static long read_number(const char **p)
{
    if (!isdigit((unsigned char)**p))
        return -1;
    char *end;
    long v = strtol(*p, &end, 10);
    *p = end;
    return v;
}

/* Finds the line number in one log line and where the message starts. */
static long parse_line(const char *line, const char **message)
{
    const char *p = line;
    if (strncmp(p, "ERROR: ", 7) == 0 || strncmp(p, "WARNING: ", 9) == 0)
        p = strchr(p, ' ') + 1; /* AMD puts the severity first */
    if (read_number(&p) < 0)    /* the source string index */
        return -1;
    long number = -1;
    if (*p == ':') { /* Mesa and AMD: 0:12 */
        p++;
        number = read_number(&p);
        if (*p == '(') { /* Mesa's column: (5) */
            while (*p && *p != ')')
                p++;
            if (*p)
                p++;
        }
    } else if (*p == '(') { /* NVIDIA: 0(12) */
        p++;
        number = read_number(&p);
        if (*p == ')')
            p++;
    }
    if (number < 0)
        return -1;
    while (*p == ' ' || *p == ':')
        p++;
    *message = p;
    return number;
}

void shader_log_format(const char *file, const char *driver_log, char *out, size_t out_len)
{
    size_t used = 0;
    out[0] = '\0';
    const char *line = driver_log;
    while (*line && used + 1 < out_len) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char buffer[1024];
        if (len >= sizeof buffer)
            len = sizeof buffer - 1;
        memcpy(buffer, line, len);
        buffer[len] = '\0';
        while (len > 0 && (buffer[len - 1] == '\r' || buffer[len - 1] == ' '))
            buffer[--len] = '\0';
        if (len > 0) {
            const char *message = NULL;
            long number = parse_line(buffer, &message);
            int n = number >= 0
                        ? snprintf(out + used, out_len - used, "%s%s:%ld: %s", used ? "\n" : "", file, number, message)
                        : snprintf(out + used, out_len - used, "%s%s: %s", used ? "\n" : "", file, buffer);
            if (n < 0)
                break;
            used += (size_t)n;
            if (used >= out_len)
                used = out_len - 1;
        }
        if (!end)
            break;
        line = end + 1;
    }
}
