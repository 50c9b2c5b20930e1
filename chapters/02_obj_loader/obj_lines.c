/* obj_lines.c: step 1 of the load, the lines. The file (or a block of
 * memory) is read in 64 KiB pieces into one buffer that is reused for the
 * whole file; each complete line is handed to a line parser (the OBJ's in
 * obj_records.c, the MTL's in obj_materials.c). Here too: the file's line
 * ends (LF, CRLF or a lone CR) and '\' continuations.
 */
#include "obj_parser.h"

#include <stdlib.h>

enum { CHUNK_SIZE = 64 * 1024, LINE_MAX_BYTES = 64 * 1024 * 1024 };

/* The byte after everything read so far, without consuming it; EOF at the end. */
static int source_peek(line_source *src)
{
    if (!src->file)
        return src->mem_pos < src->mem_size ? (unsigned char)src->mem[src->mem_pos] : EOF;
    int c = getc(src->file);
    if (c != EOF)
        ungetc(c, src->file);
    return c;
}

static void decide_line_ends(line_source *src, const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '\n') {
            src->line_ends = LINE_ENDS_LF;
            return;
        }
        if (text[i] == '\r') {
            int next = i + 1 < n ? (unsigned char)text[i + 1] : source_peek(src);
            src->line_ends = next == '\n' ? LINE_ENDS_LF : LINE_ENDS_CR;
            return;
        }
    }
}

static size_t source_read(line_source *src, char *to, size_t max)
{
    size_t n;
    if (src->file) {
        n = fread(to, 1, max, src->file);
    } else {
        n = src->mem_size - src->mem_pos;
        if (n > max)
            n = max;
        memcpy(to, src->mem + src->mem_pos, n);
        src->mem_pos += n;
    }
    if (src->line_ends == LINE_ENDS_UNKNOWN)
        decide_line_ends(src, to, n);
    if (src->line_ends == LINE_ENDS_CR)
        for (char *cr = memchr(to, '\r', n); cr; cr = memchr(cr + 1, '\r', n - (size_t)(cr + 1 - to)))
            *cr = '\n';
    return n;
}

/* [listing obj_for_each_line] */
/* Calls fn for every line. *line_number is the number of the line being
 * parsed (for messages); a line continued with '\' counts from its first. */
bool obj_for_each_line(line_source *src, line_fn fn, void *ctx, size_t *line_number, sa_error *err)
{
    size_t capacity = CHUNK_SIZE;
    char *buffer = malloc(capacity + 1); /* + 1: room for a final '\n' */
    if (!buffer)
        return sa_error_set(err, "out of memory");
    size_t have = 0, scanned = 0, joined = 0;
    bool ok = true, end_of_file = false;
    *line_number = 0;
    while (ok && !end_of_file) {
        size_t n = source_read(src, buffer + have, capacity - have);
        if (n == 0) {
            if (src->file && ferror(src->file)) {
                ok = sa_error_set(err, "read error");
                break;
            }
            end_of_file = true;
        }
        have += n;
        char *line = buffer, *end = buffer + have, *search = buffer + scanned;
        /* [/listing] */
        /* [listing obj_for_each_line_split] */
        while (ok) {
            char *eol = memchr(search, '\n', (size_t)(end - search));
            if (!eol) {
                if (!end_of_file || line == end) {
                    search = end; /* no '\n' up to here: do not search it again */
                    break;
                }
                eol = end; /* the last line has no '\n': give it one */
                *eol = '\n';
            }
            /* "\\\n" or "\\\r\n": join with the next line by blanking both. */
            char *before = eol > line && eol[-1] == '\r' ? eol - 1 : eol;
            if (before > line && before[-1] == '\\' && eol < end) {
                memset(before - 1, ' ', (size_t)(eol - before) + 2);
                joined++;
                search = eol + 1;
                continue;
            }
            *line_number += 1;
            ok = fn(ctx, line, eol, err);
            *line_number += joined;
            joined = 0;
            line = search = eol + 1;
            if (eol == end)
                break;
        }
        /* [/listing] */
        /* [listing obj_for_each_line_keep] */
        if (!ok || end_of_file)
            break;
        /* Keep the unfinished line: move it to the front of the buffer. */
        have = (size_t)(end - line);
        scanned = (size_t)(search - line);
        memmove(buffer, line, have);
        if (have == capacity) { /* one line longer than the buffer: grow it */
            char *bigger = capacity < LINE_MAX_BYTES ? realloc(buffer, capacity * 2 + 1) : NULL;
            if (!bigger) {
                *line_number += 1;
                ok = sa_error_set(err, "line longer than %d bytes", LINE_MAX_BYTES);
                break;
            }
            buffer = bigger;
            capacity *= 2;
        }
    }
    free(buffer);
    return ok;
}
/* [/listing] */

/* No statement holds a NUL byte, and the parsers' C string functions stop
 * at one: when a line that has one fails, say that instead of quoting the
 * text before it. Checked only on failure, so good lines cost nothing. */
bool obj_line_error_names_nul(const char *line, const char *eol, sa_error *err)
{
    if (memchr(line, '\0', (size_t)(eol - line)))
        sa_error_set(err, "the line holds a NUL byte (is this a binary file?)");
    return false;
}
