/* obj.c: the OBJ and MTL parser, deduplication and normals (see obj.h for
 * what is supported).
 *
 * The shape of the loader, in the order the book walks through it:
 *   1. lines: the file is read in 64 KiB pieces into one buffer that is reused
 *      for the whole file; each complete line is handed to a line parser.
 *   2. statements: v, vt, vn append to arrays; f parses its corners, looks up
 *      each (position, texcoord, normal) triple in the dedup map and appends
 *      a fan of triangles to the index array. Nothing is allocated per line.
 *   3. finish: the unique triples become interleaved vertices, missing
 *      normals are computed, indices shrink to 16 bits when they fit.
 */
#include "obj.h"
#include "obj_steps.h"
#include "common/normals.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------
 * Growing arrays: doubled when full, so appending is amortised O(1).
 */
static bool grow(void **data, size_t *capacity, size_t needed, size_t element_size)
{
    if (needed <= *capacity)
        return true;
    size_t capacity_new = *capacity ? *capacity : 256;
    while (capacity_new < needed)
        capacity_new *= 2;
    if (capacity_new > SIZE_MAX / element_size)
        return false;
    void *p = realloc(*data, capacity_new * element_size);
    if (!p)
        return false;
    *data = p;
    *capacity = capacity_new;
    return true;
}
#define GROW(array, capacity, needed) grow((void **)&(array), &(capacity), (needed), sizeof *(array))

/* ---------------------------------------------------------------------------
 * The dedup map's housekeeping (the lookup itself is obj_dedup.c, ex02.2).
 */

/* [listing obj_dedup_hash] */
uint32_t obj_dedup_hash(const uint32_t key[3])
{
    /* Multiply each index by a different odd constant, so that (1, 2, 3) and
     * (3, 2, 1) land far apart, then fold the high bits (which the multiply
     * mixed well) into the low bits that the mask keeps. */
    uint32_t h = key[0] * 0x9E3779B1u ^ key[1] * 0x85EBCA77u ^ key[2] * 0xC2B2AE3Du;
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    return h;
}
/* [/listing] */

static bool dedup_table_alloc(obj_dedup *d, size_t capacity)
{
    uint32_t *slots = calloc(capacity, sizeof *slots);
    if (!slots)
        return false;
    free(d->slots);
    d->slots = slots;
    d->capacity = capacity;
    /* Re-insert every key: its home slot depends on the capacity. */
    size_t mask = capacity - 1;
    for (size_t v = 0; v < d->count; v++) {
        size_t s = obj_dedup_hash(d->keys[v]) & mask;
        while (slots[s] != 0)
            s = (s + 1) & mask;
        slots[s] = (uint32_t)v + 1;
    }
    return true;
}

bool obj_dedup_init(obj_dedup *d, size_t expected)
{
    memset(d, 0, sizeof *d);
    /* Room for `expected` keys at most 3/4 full, and at least 64 slots. */
    size_t capacity = 64;
    while (capacity / 4 * 3 < expected)
        capacity *= 2;
    return dedup_table_alloc(d, capacity);
}

/* [listing obj_dedup_reserve] */
bool obj_dedup_reserve(obj_dedup *d)
{
    if (d->count >= UINT32_MAX - 1)
        return false; /* vertex numbers are 32-bit, v + 1 must fit in a slot */
    if (!GROW(d->keys, d->key_capacity, d->count + 1))
        return false;
    /* Past 3/4 full, probe runs get long: double the table. */
    if (d->count + 1 > d->capacity / 4 * 3)
        return dedup_table_alloc(d, d->capacity * 2);
    return true;
}
/* [/listing] */

void obj_dedup_free(obj_dedup *d)
{
    free(d->slots);
    free(d->keys);
    memset(d, 0, sizeof *d);
}

/* ---------------------------------------------------------------------------
 * Lines: a reader that streams a FILE or a memory block through one buffer.
 */
enum { CHUNK_SIZE = 64 * 1024, LINE_MAX_BYTES = 64 * 1024 * 1024 };

typedef struct line_source {
    FILE *file;      /* either a file ... */
    const char *mem; /* ... or a block of memory */
    size_t mem_size, mem_pos;
    int line_ends; /* LINE_ENDS_*: decided at the file's first line end */
} line_source;

/* Files from classic Mac OS end lines with a lone '\r'. The first line end
 * of the file decides: '\n' or "\r\n" leave the text alone; a '\r' with no
 * '\n' after it turns every '\r' into '\n' as the text is read, so the
 * line reader sees '\n' only. */
enum { LINE_ENDS_UNKNOWN = 0, LINE_ENDS_LF, LINE_ENDS_CR };

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

/* The line parser: line points at its first byte, *eol is '\n'. */
typedef bool (*line_fn)(void *ctx, char *line, char *eol, sa_error *err);

/* [listing obj_for_each_line] */
/* Calls fn for every line. *line_number is the number of the line being
 * parsed (for messages); a line continued with '\' counts from its first. */
static bool for_each_line(line_source *src, line_fn fn, void *ctx, size_t *line_number, sa_error *err)
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

/* ---------------------------------------------------------------------------
 * Numbers.
 */
static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static char *skip_blanks(char *p)
{
    while (is_blank(*p))
        p++;
    return p;
}

/* A statement word ends at a blank or the end of the line. */
static bool word_is(const char *p, const char *word)
{
    size_t n = strlen(word);
    return strncmp(p, word, n) == 0 && (is_blank(p[n]) || p[n] == '\n');
}

/* [listing obj_parse_float] */
/* Reads [+-]digits[.digits][(e|E)[+-]digits]. The digits are gathered into a
 * 64-bit integer and scaled once by a power of ten: exact for the numbers OBJ
 * exporters write, and several times faster than strtod, which has to handle
 * locales, hex floats and correct rounding of any length. Returns NULL when
 * the text is not a number. */
static const char *parse_float(const char *p, float *out)
{
    static const double powers_of_ten[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                           1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    bool negative = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    uint64_t mantissa = 0;
    int exponent = 0, digits = 0;
    for (; *p >= '0' && *p <= '9'; p++, digits++) {
        if (mantissa < 100000000000000000ull)
            mantissa = mantissa * 10 + (uint64_t)(*p - '0');
        else
            exponent++; /* digits past the 18th only scale */
    }
    if (*p == '.') {
        for (p++; *p >= '0' && *p <= '9'; p++, digits++) {
            if (mantissa < 100000000000000000ull) {
                mantissa = mantissa * 10 + (uint64_t)(*p - '0');
                exponent--;
            }
        }
    }
    if (digits == 0)
        return NULL;
    /* [/listing] */
    /* [listing obj_parse_float_scale] */
    if (*p == 'e' || *p == 'E') {
        p++;
        bool exponent_negative = *p == '-';
        if (*p == '-' || *p == '+')
            p++;
        if (*p < '0' || *p > '9')
            return NULL;
        int e = 0;
        for (; *p >= '0' && *p <= '9'; p++)
            if (e < 100000)
                e = e * 10 + (*p - '0');
        exponent += exponent_negative ? -e : e;
    }
    double value = (double)mantissa;
    while (exponent > 22 && value != 0 && value < 1e300)
        value *= 1e22, exponent -= 22;
    while (exponent < -22 && value != 0)
        value /= 1e22, exponent += 22;
    if (exponent > 22)
        value = value == 0 ? 0 : HUGE_VAL; /* 1e999: rejected as not finite */
    else if (exponent >= 0)
        value *= powers_of_ten[exponent];
    else if (exponent >= -22)
        value /= powers_of_ten[-exponent];
    *out = (float)(negative ? -value : value);
    return p;
}
/* [/listing] */

/* ---------------------------------------------------------------------------
 * Names: an index over an array of names (material names), so that finding
 * one costs a hash, not a walk over all of them: a file that switches
 * between 20,000 materials 200,000 times took minutes with the walk.
 */
typedef struct name_index {
    uint32_t *slots; /* 0: empty, else i + 1 for the i-th name of the array */
    size_t capacity; /* a power of two, kept at most half full */
} name_index;

static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* Names live `stride` bytes apart from `base` (an array of structs or of
 * char[128]). Returns the slot that holds `name`, or the empty slot where
 * it would go. */
static size_t name_index_slot(const name_index *ix, const char *base, size_t stride, const char *name)
{
    size_t mask = ix->capacity - 1, s = name_hash(name) & mask;
    while (ix->slots[s] != 0 && strcmp(base + (ix->slots[s] - 1) * stride, name) != 0)
        s = (s + 1) & mask;
    return s;
}

/* A fresh index with room for `count` names, holding names 0 .. count - 1
 * (a later name of the same spelling replaces an earlier one). */
static bool name_index_build(name_index *ix, const char *base, size_t stride, size_t count)
{
    size_t capacity = 16;
    while (capacity / 2 < count + 1)
        capacity *= 2;
    uint32_t *slots = calloc(capacity, sizeof *slots);
    if (!slots)
        return false;
    free(ix->slots);
    ix->slots = slots;
    ix->capacity = capacity;
    for (size_t i = 0; i < count; i++)
        slots[name_index_slot(ix, base, stride, base + i * stride)] = (uint32_t)i + 1;
    return true;
}

/* ---------------------------------------------------------------------------
 * The parser's state.
 */
typedef struct smoothing_run {
    size_t first_triangle;
    uint32_t group; /* 0: off (flat), else the group number + 1 */
} smoothing_run;

typedef struct material_run {
    size_t first_index;
    int name; /* into used_names, -1: none */
} material_run;

typedef struct obj_parser {
    const char *name;    /* for messages */
    const char *mtl_dir; /* NULL: do not read mtllib files */
    const obj_load_options *options;
    obj_mesh *mesh;
    size_t line_number;

    float (*positions)[3], (*texcoords)[2], (*normals)[3];
    size_t position_capacity, texcoord_capacity, normal_capacity;
    uint32_t counts[3]; /* positions, texcoords, normals so far */

    obj_dedup dedup;
    uint32_t *indices; /* three per triangle, 32-bit while parsing */
    size_t index_count, index_capacity;
    uint32_t *polygon; /* the vertices of the face being parsed */
    size_t polygon_capacity;

    smoothing_run *smoothing;
    size_t smoothing_count, smoothing_capacity;
    uint32_t smoothing_group;
    material_run *material_runs;
    size_t material_run_count, material_run_capacity;
    char (*used_names)[128];
    size_t used_name_count, used_name_capacity;
    name_index used_name_index;
    char (*libraries)[SA_PATH_MAX];
    size_t library_count, library_capacity;
    bool error_has_place; /* the error message already names a file and line */
} obj_parser;

static void mesh_warn(obj_mesh *mesh, const char *fmt, ...) SA_PRINTF(2, 3);
static void mesh_warn(obj_mesh *mesh, const char *fmt, ...)
{
    if (mesh->warning_count < OBJ_MAX_WARNINGS) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(mesh->warnings[mesh->warning_count], sizeof mesh->warnings[0], fmt, args);
        va_end(args);
    }
    mesh->warning_count++;
}

/* The word at p, as much of it as a message quotes: a 10 MB number is
 * shown by its first 40 bytes and "...". */
enum { QUOTE_MAX = 40 };
static int quote_length(const char *p)
{
    size_t n = strcspn(p, " \t\r\n");
    return n > QUOTE_MAX ? QUOTE_MAX : (int)n;
}
static const char *quote_more(const char *p)
{
    return strcspn(p, " \t\r\n") > QUOTE_MAX ? "..." : "";
}

/* "inf", "infinity", "nan" in any case, after an optional sign: how strtod
 * and printf spell numbers that are not finite. */
static bool names_non_finite(const char *p)
{
    if (*p == '-' || *p == '+')
        p++;
    char word[9] = {0};
    for (int i = 0;; i++) { /* the word up to a blank or the line end, lower case */
        if (is_blank(p[i]) || p[i] == '\n')
            break;
        if (i == 8)
            return false; /* longer than "infinity" */
        word[i] = (char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] + ('a' - 'A') : p[i]);
    }
    return strcmp(word, "inf") == 0 || strcmp(word, "infinity") == 0 || strcmp(word, "nan") == 0;
}

/* Reads between `required` and `max` numbers into values[0 .. max), all
 * finite; *found says how many there were. */
static bool parse_numbers(char *p, float *values, int required, int max, int *found, const char *what, sa_error *err)
{
    int i = 0;
    for (;; i++) {
        p = skip_blanks(p);
        if (*p == '\n')
            break;
        if (i == max)
            return sa_error_set(err, "%s: unexpected '%.*s%s' after %d numbers", what, quote_length(p), p,
                                quote_more(p), max);
        const char *after = parse_float(p, &values[i]);
        if (!after || !(is_blank(*after) || *after == '\n')) {
            if (names_non_finite(p))
                return sa_error_set(err, "%s: coordinate '%.*s%s' is not finite", what, quote_length(p), p,
                                    quote_more(p));
            return sa_error_set(err, "%s: '%.*s%s' is not a number", what, quote_length(p), p, quote_more(p));
        }
        if (!isfinite(values[i]))
            return sa_error_set(err, "%s: coordinate '%.*s%s' is not finite", what, quote_length(p), p, quote_more(p));
        p = (char *)after;
    }
    if (i < required)
        return sa_error_set(err, "%s needs %d number%s, found %d", what, required, required == 1 ? "" : "s", i);
    *found = i;
    return true;
}

/* The rest of the line without surrounding blanks, as a C string written
 * into out (statement arguments such as material names). */
static bool rest_of_line(const char *p, const char *eol, char *out, size_t out_len, const char *what, sa_error *err)
{
    p = skip_blanks((char *)p);
    while (eol > p && is_blank(eol[-1]))
        eol--;
    size_t n = (size_t)(eol - p);
    if (n == 0)
        return sa_error_set(err, "%s needs a name", what);
    if (n >= out_len)
        return sa_error_set(err, "%s: name longer than %zu bytes", what, out_len - 1);
    memcpy(out, p, n);
    out[n] = '\0';
    return true;
}

/* Before the first face, exporters have written (nearly) all the v, vt and
 * vn lines: a mesh has at least as many vertices as its largest attribute
 * list, and usually a little more (seams, hard edges). Sizing the map for
 * that now saves growing it step by step from a small table. */
static bool size_dedup_map(obj_parser *ps)
{
    size_t largest = ps->counts[0];
    for (int k = 1; k < 3; k++)
        if (ps->counts[k] > largest)
            largest = ps->counts[k];
    size_t expected = largest + largest / 8;
    if (expected <= ps->dedup.capacity / 4 * 3)
        return true;
    obj_dedup_free(&ps->dedup);
    return obj_dedup_init(&ps->dedup, expected);
}

/* [listing obj_parse_face] */
static bool parse_face(obj_parser *ps, char *p, sa_error *err)
{
    if (ps->dedup.count == 0 && !size_dedup_map(ps))
        return sa_error_set(err, "out of memory");
    size_t corners = 0;
    for (;;) {
        p = skip_blanks(p);
        if (*p == '\n')
            break;
        uint32_t key[3];
        const char *cursor = p;
        if (!obj_parse_corner(&cursor, ps->counts, key, err))
            return false;
        p = (char *)cursor;
        uint32_t vertex = obj_dedup_find_or_insert(&ps->dedup, key);
        if (vertex == OBJ_DEDUP_FAILED || !GROW(ps->polygon, ps->polygon_capacity, corners + 1))
            return sa_error_set(err, "out of memory");
        ps->polygon[corners++] = vertex;
    }
    if (corners < 3)
        return sa_error_set(err, "a face needs at least 3 corners, this one has %zu", corners);
    size_t added = 3 * (corners - 2);
    if (!GROW(ps->indices, ps->index_capacity, ps->index_count + added))
        return sa_error_set(err, "out of memory");
    ps->index_count += 3 * obj_fan_triangulate(ps->polygon, corners, ps->indices + ps->index_count);
    return true;
}
/* [/listing] */

static bool parse_smoothing(obj_parser *ps, char *p, sa_error *err)
{
    p = skip_blanks(p);
    uint32_t group;
    if (word_is(p, "off")) {
        group = 0;
    } else {
        uint64_t n = 0;
        char *q = p;
        for (; *q >= '0' && *q <= '9'; q++)
            if (n < UINT32_MAX) /* past it, n stays too large: no overflow */
                n = n * 10 + (uint64_t)(*q - '0');
        if (q == p || !(is_blank(*q) || *q == '\n'))
            return sa_error_set(err, "s: expected a group number or 'off'");
        if (n >= UINT32_MAX)
            return sa_error_set(err, "s: group number '%.*s%s' is too large (at most %u)", quote_length(p), p,
                                quote_more(p), (unsigned)UINT32_MAX - 1);
        group = (uint32_t)n == 0 ? 0 : (uint32_t)n + 1;
    }
    if (group == ps->smoothing_group)
        return true;
    ps->smoothing_group = group;
    if (!GROW(ps->smoothing, ps->smoothing_capacity, ps->smoothing_count + 1))
        return sa_error_set(err, "out of memory");
    ps->smoothing[ps->smoothing_count++] = (smoothing_run){ps->index_count / 3, group};
    return true;
}

static bool parse_usemtl(obj_parser *ps, char *p, char *eol, sa_error *err)
{
    char name[128];
    if (!rest_of_line(p, eol, name, sizeof name, "usemtl", err))
        return false;
    name_index *ix = &ps->used_name_index;
    if ((ps->used_name_count + 1) * 2 > ix->capacity &&
        !name_index_build(ix, (const char *)ps->used_names, sizeof *ps->used_names, ps->used_name_count))
        return sa_error_set(err, "out of memory");
    size_t slot = name_index_slot(ix, (const char *)ps->used_names, sizeof *ps->used_names, name);
    int id;
    if (ix->slots[slot] != 0) {
        id = (int)ix->slots[slot] - 1;
    } else {
        if (ps->used_name_count >= INT32_MAX || !GROW(ps->used_names, ps->used_name_capacity, ps->used_name_count + 1))
            return sa_error_set(err, "out of memory");
        memcpy(ps->used_names[ps->used_name_count], name, sizeof name);
        id = (int)ps->used_name_count++;
        ix->slots[slot] = (uint32_t)id + 1;
    }
    if (ps->material_run_count > 0 && ps->material_runs[ps->material_run_count - 1].name == id)
        return true;
    if (!GROW(ps->material_runs, ps->material_run_capacity, ps->material_run_count + 1))
        return sa_error_set(err, "out of memory");
    ps->material_runs[ps->material_run_count++] = (material_run){ps->index_count, id};
    return true;
}

static bool load_mtl_file(obj_parser *ps, const char *file_name, sa_error *err);

static bool parse_mtllib(obj_parser *ps, char *p, sa_error *err)
{
    if (!ps->mtl_dir)
        return true; /* obj_parse_memory without a folder: no libraries */
    /* Exporters write a file name with spaces as it is ("mtllib my file.mtl",
     * Blender does): when the whole rest of the line names a file, that is
     * the one library. */
    char *eol = p;
    while (*eol != '\n')
        eol++;
    char whole[SA_PATH_MAX], path[SA_PATH_MAX];
    sa_error ignored;
    if (rest_of_line(p, eol, whole, sizeof whole, "mtllib", &ignored) && strpbrk(whole, " \t")) {
        sa_path_join(ps->mtl_dir, whole, path, sizeof path);
        FILE *f = sa_file_open(path, &ignored);
        if (f) {
            fclose(f);
            return load_mtl_file(ps, whole, err);
        }
    }
    /* Else one or more file names separated by blanks. */
    for (;;) {
        p = skip_blanks(p);
        if (*p == '\n')
            return true;
        char *start = p;
        while (!is_blank(*p) && *p != '\n')
            p++;
        char file_name[SA_PATH_MAX];
        if ((size_t)(p - start) >= sizeof file_name)
            return sa_error_set(err, "mtllib: file name too long");
        memcpy(file_name, start, (size_t)(p - start));
        file_name[p - start] = '\0';
        if (!load_mtl_file(ps, file_name, err))
            return false;
    }
}

/* [listing obj_append_vec3] */
/* Appends a 3-vector, turned from Z-up to Y-up when asked: a -90 degree
 * turn about X, (x, y, z) -> (x, z, -y). Positions and normals get the same
 * turn; turning only the positions would leave the lighting where it was. */
static bool append_vec3(float (**array)[3], size_t *capacity, uint32_t *count, const float v[3], bool z_up,
                        sa_error *err)
{
    if (*count == UINT32_MAX - 1 || !grow((void **)array, capacity, (size_t)*count + 1, sizeof **array))
        return sa_error_set(err, "out of memory");
    float *out = (*array)[(*count)++];
    out[0] = v[0];
    out[1] = z_up ? v[2] : v[1];
    out[2] = z_up ? -v[1] : v[2];
    return true;
}
/* [/listing] */

/* [listing obj_parse_line] */
static bool obj_parse_line(void *ctx, char *p, char *eol, sa_error *err)
{
    obj_parser *ps = ctx;
    p = skip_blanks(p);
    float v[6] = {0, 0, 0, 0, 0, 0};
    int found;
    if (p[0] == 'v' && (is_blank(p[1]) || p[1] == '\n')) { /* x y z, then w or r g b, ignored */
        return parse_numbers(p + 1, v, 3, 6, &found, "v", err) &&
               append_vec3(&ps->positions, &ps->position_capacity, &ps->counts[OBJ_POSITION], v, ps->options->z_up,
                           err);
    } else if (p[0] == 'v' && p[1] == 't' && (is_blank(p[2]) || p[2] == '\n')) { /* u [v [w]] */
        if (!parse_numbers(p + 2, v, 1, 3, &found, "vt", err))
            return false;
        if (ps->counts[OBJ_TEXCOORD] == UINT32_MAX - 1 ||
            !GROW(ps->texcoords, ps->texcoord_capacity, (size_t)ps->counts[OBJ_TEXCOORD] + 1))
            return sa_error_set(err, "out of memory");
        float *out = ps->texcoords[ps->counts[OBJ_TEXCOORD]++];
        out[0] = v[0], out[1] = v[1];
        return true;
    } else if (p[0] == 'v' && p[1] == 'n' && (is_blank(p[2]) || p[2] == '\n')) {
        return parse_numbers(p + 2, v, 3, 3, &found, "vn", err) &&
               append_vec3(&ps->normals, &ps->normal_capacity, &ps->counts[OBJ_NORMAL], v, ps->options->z_up, err);
    } else if (p[0] == 'f' && (is_blank(p[1]) || p[1] == '\n')) {
        return parse_face(ps, p + 1, err);
    } else if (p[0] == 's' && (is_blank(p[1]) || p[1] == '\n')) {
        return parse_smoothing(ps, p + 1, err);
    } else if (word_is(p, "usemtl")) {
        return parse_usemtl(ps, p + 6, eol, err);
    } else if (word_is(p, "mtllib")) {
        return parse_mtllib(ps, p + 6, err);
    }
    /* Anything else (comments, o, g, l, p, vp, curves, unknown words) is skipped. */
    return true;
}
/* [/listing] */

/* No statement holds a NUL byte, and the parsers' C string functions stop
 * at one: when a line that has one fails, say that instead of quoting the
 * text before it. Checked only on failure, so good lines cost nothing. */
static bool line_error_names_nul(const char *line, const char *eol, sa_error *err)
{
    if (memchr(line, '\0', (size_t)(eol - line)))
        sa_error_set(err, "the line holds a NUL byte (is this a binary file?)");
    return false;
}

static bool obj_parse_line_or_nul(void *ctx, char *line, char *eol, sa_error *err)
{
    obj_parser *ps = ctx;
    if (obj_parse_line(ctx, line, eol, err))
        return true;
    return ps->error_has_place ? false : line_error_names_nul(line, eol, err);
}

/* ---------------------------------------------------------------------------
 * MTL.
 */
typedef struct mtl_parser {
    const char *dir;
    const obj_load_options *options;
    obj_mesh *mesh;
    int current;               /* the material being defined, -1 before the first newmtl */
    const char *name;          /* the .mtl, for warnings */
    const size_t *line_number; /* the line being parsed, for warnings */
} mtl_parser;

/* Room for one more material. obj_mesh keeps no capacity: it is the count
 * rounded up to a power of two, so the array is reallocated only when the
 * count reaches one (a library of 10,000 materials is not copied 10,000
 * times). */
static bool grow_materials(obj_mesh *mesh)
{
    size_t count = mesh->material_count;
    if (count != 0 && (count & (count - 1)) != 0)
        return true; /* not a power of two: there is room */
    size_t capacity = count ? count * 2 : 1;
    if (capacity > SIZE_MAX / sizeof *mesh->materials)
        return false;
    obj_material *grown = realloc(mesh->materials, capacity * sizeof *grown);
    if (!grown)
        return false;
    mesh->materials = grown;
    return true;
}

static bool mtl_parse_line(void *ctx, char *p, char *eol, sa_error *err)
{
    mtl_parser *mp = ctx;
    obj_mesh *mesh = mp->mesh;
    p = skip_blanks(p);
    if (word_is(p, "newmtl")) {
        if (!grow_materials(mesh))
            return sa_error_set(err, "out of memory");
        obj_material *m = &mesh->materials[mesh->material_count];
        memset(m, 0, sizeof *m);
        if (!rest_of_line(p + 6, eol, m->name, sizeof m->name, "newmtl", err))
            return false;
        m->base_color[0] = m->base_color[1] = m->base_color[2] = m->base_color[3] = 1.0f;
        mp->current = (int)mesh->material_count++;
    } else if (word_is(p, "Kd")) {
        if (mp->current < 0)
            return sa_error_set(err, "Kd before any newmtl");
        char *q = skip_blanks(p + 2);
        if (word_is(q, "spectral") || word_is(q, "xyz")) {
            mesh_warn(mesh, "%s:%zu: material '%s': Kd %.*s is not supported; using white", mp->name, *mp->line_number,
                      mesh->materials[mp->current].name, q[0] == 's' ? 8 : 3, q);
            return true;
        }
        float kd[3];
        int found;
        if (!parse_numbers(p + 2, kd, 0, 3, &found, "Kd", err))
            return false;
        if (found != 1 && found != 3)
            return sa_error_set(err, "Kd needs 1 or 3 numbers, found %d", found);
        if (found == 1) /* "Kd r" alone is grey: g and b default to r */
            kd[1] = kd[2] = kd[0];
        memcpy(mesh->materials[mp->current].base_color, kd, sizeof kd);
    } else if (word_is(p, "map_Kd")) {
        if (mp->current < 0)
            return sa_error_set(err, "map_Kd before any newmtl");
        /* Options such as "-s 1 1 1" may come first: the file name is the last word. */
        while (eol > p && is_blank(eol[-1]))
            eol--;
        char *name = eol;
        while (name > p + 6 && !is_blank(name[-1]))
            name--;
        if (name == eol)
            return sa_error_set(err, "map_Kd needs a file name");
        obj_material *m = &mesh->materials[mp->current];
        char file_name[SA_PATH_MAX];
        snprintf(file_name, sizeof file_name, "%.*s", (int)(eol - name), name);
        sa_path_join(mp->dir, file_name, m->texture_path, sizeof m->texture_path);
        image_free(&m->base_color_image);
        if (!mp->options->skip_textures) {
            /* sa_file_open first: it refuses folders and devices, and a FIFO
             * given to stb_image would wait forever for bytes. */
            sa_error image_err;
            FILE *f = sa_file_open(m->texture_path, &image_err);
            if (f)
                fclose(f);
            if (!f || !image_decode_file(m->texture_path, &m->base_color_image, &image_err))
                mesh_warn(mesh, "material '%s': cannot load texture '%s' (%s); using the colour alone", m->name,
                          m->texture_path, image_err.message);
        }
    }
    /* Every other statement (Ka, Ks, Ns, d, illum, map_Bump ...) is skipped. */
    return true;
}

static bool mtl_parse_line_or_nul(void *ctx, char *line, char *eol, sa_error *err)
{
    return mtl_parse_line(ctx, line, eol, err) || line_error_names_nul(line, eol, err);
}

bool obj_parse_mtl_memory(const char *data, size_t size, const char *name, const char *dir,
                          const obj_load_options *options, obj_mesh *mesh, sa_error *err)
{
    obj_load_options defaults = {0};
    size_t line_number = 0;
    mtl_parser mp = {dir ? dir : ".", options ? options : &defaults, mesh, -1, name, &line_number};
    line_source src = {NULL, data, size, 0, LINE_ENDS_UNKNOWN};
    err->message[0] = '\0';
    if (!for_each_line(&src, mtl_parse_line_or_nul, &mp, &line_number, err))
        return sa_error_prefix(err, "%s:%zu", name, line_number);
    return true;
}

static bool load_mtl_file(obj_parser *ps, const char *file_name, sa_error *err)
{
    char path[SA_PATH_MAX];
    sa_path_join(ps->mtl_dir, file_name, path, sizeof path);
    for (size_t i = 0; i < ps->library_count; i++)
        if (strcmp(ps->libraries[i], path) == 0)
            return true; /* named twice: read once */
    if (!GROW(ps->libraries, ps->library_capacity, ps->library_count + 1))
        return sa_error_set(err, "out of memory");
    snprintf(ps->libraries[ps->library_count++], SA_PATH_MAX, "%s", path);

    sa_error open_err;
    FILE *f = sa_file_open(path, &open_err);
    if (!f) {
        mesh_warn(ps->mesh, "%s:%zu: cannot open material library '%s'; using the default material", ps->name,
                  ps->line_number, path);
        return true;
    }
    char mtl_dir[SA_PATH_MAX];
    sa_path_dirname(path, mtl_dir, sizeof mtl_dir);
    size_t line_number = 0;
    mtl_parser mp = {mtl_dir, ps->options, ps->mesh, -1, path, &line_number};
    line_source src = {f, NULL, 0, 0, LINE_ENDS_UNKNOWN};
    bool ok = for_each_line(&src, mtl_parse_line_or_nul, &mp, &line_number, err);
    fclose(f);
    if (!ok) {
        ps->error_has_place = true; /* the message names the .mtl and its line */
        return sa_error_prefix(err, "%s:%zu", path, line_number);
    }
    return true;
}

/* ---------------------------------------------------------------------------
 * Finishing: vertices, normals, index width, ranges.
 */

/* Splits vertices that have no normal from the file by smoothing group: a
 * vertex used in two groups becomes two vertices, and under "s off" every
 * triangle gets its own three (so that its normal is the face's). */
static bool split_by_smoothing(obj_parser *ps, const bool *needs_normal, uint32_t **vertex_of_new, size_t *new_count)
{
    obj_dedup split;
    if (!obj_dedup_init(&split, ps->dedup.count))
        return false;
    size_t run = 0;
    uint32_t group = 1; /* before any "s": one smooth group */
    for (size_t i = 0; i < ps->index_count; i++) {
        size_t t = i / 3;
        while (run < ps->smoothing_count && ps->smoothing[run].first_triangle <= t)
            group = ps->smoothing[run++].group;
        uint32_t v = ps->indices[i];
        uint32_t key[3] = {v, 0, 0};
        if (needs_normal[v]) {
            key[1] = group == 0 ? 1 : 2;               /* flat, or smooth */
            key[2] = group == 0 ? (uint32_t)t : group; /* which triangle, or which group */
        }
        uint32_t new_vertex = obj_dedup_find_or_insert(&split, key);
        if (new_vertex == OBJ_DEDUP_FAILED) {
            obj_dedup_free(&split);
            return false;
        }
        ps->indices[i] = new_vertex;
    }
    uint32_t *map = malloc((split.count ? split.count : 1) * sizeof *map);
    if (!map) {
        obj_dedup_free(&split);
        return false;
    }
    for (size_t v = 0; v < split.count; v++)
        map[v] = split.keys[v][0];
    *new_count = split.count;
    *vertex_of_new = map;
    obj_dedup_free(&split);
    return true;
}

static bool compute_missing_normals(obj_mesh *mesh, const bool *needs_normal)
{
    float(*positions)[3] = malloc(mesh->vertex_count * sizeof *positions);
    float(*normals)[3] = malloc(mesh->vertex_count * sizeof *normals);
    if (!positions || !normals) {
        free(positions);
        free(normals);
        return false;
    }
    for (size_t v = 0; v < mesh->vertex_count; v++)
        memcpy(positions[v], mesh->vertices[v].position, sizeof positions[v]);
    normals_smooth((const float(*)[3])positions, mesh->vertex_count, mesh->indices, mesh->index_count / 3, normals);
    for (size_t v = 0; v < mesh->vertex_count; v++)
        if (needs_normal[v])
            memcpy(mesh->vertices[v].normal, normals[v], sizeof normals[v]);
    free(positions);
    free(normals);
    return true;
}

/* Files write normals of any length ("vn 0 0 2"), and some write zeros
 * where they had none. Scale every "vn" to unit length (in double: 1e30
 * squared does not fit a float); one too short to have a direction becomes
 * (0, 0, 0), which has_file_normal() treats as no normal. */
static void unit_file_normals(obj_parser *ps)
{
    for (uint32_t i = 0; i < ps->counts[OBJ_NORMAL]; i++) {
        float *n = ps->normals[i];
        double x = n[0], y = n[1], z = n[2], length = sqrt(x * x + y * y + z * z);
        if (length > 1e-30 && isfinite(length))
            n[0] = (float)(x / length), n[1] = (float)(y / length), n[2] = (float)(z / length);
        else
            n[0] = n[1] = n[2] = 0.0f;
    }
}

static bool has_file_normal(const obj_parser *ps, const uint32_t key[3])
{
    if (key[OBJ_NORMAL] == 0)
        return false;
    const float *n = ps->normals[key[OBJ_NORMAL] - 1];
    return n[0] != 0.0f || n[1] != 0.0f || n[2] != 0.0f;
}

/* [listing obj_finish] */
static bool finish(obj_parser *ps, sa_error *err)
{
    obj_mesh *mesh = ps->mesh;
    if (ps->index_count == 0)
        return sa_error_set(err, "%s: no faces", ps->name);
    mesh->position_count = ps->counts[OBJ_POSITION];
    mesh->texcoord_count = ps->counts[OBJ_TEXCOORD];
    mesh->normal_count = ps->counts[OBJ_NORMAL];
    mesh->unique_triple_count = ps->dedup.count;
    mesh->triangle_count = ps->index_count / 3;

    /* Which vertices lack a normal in the file? */
    unit_file_normals(ps);
    size_t missing = 0;
    bool *needs_normal = malloc(ps->dedup.count);
    if (!needs_normal)
        return sa_error_set(err, "out of memory");
    for (size_t v = 0; v < ps->dedup.count; v++) {
        needs_normal[v] = !has_file_normal(ps, ps->dedup.keys[v]);
        missing += needs_normal[v];
    }

    /* Smoothing groups matter only to computed normals. */
    uint32_t *vertex_of = NULL; /* new vertex -> dedup vertex, after a split */
    size_t vertex_count = ps->dedup.count;
    if (missing > 0 && ps->smoothing_count > 0 && !split_by_smoothing(ps, needs_normal, &vertex_of, &vertex_count)) {
        free(needs_normal);
        return sa_error_set(err, "out of memory");
    }

    /* [/listing] */
    /* [listing obj_finish_vertices] */
    mesh->vertices = malloc(vertex_count * sizeof *mesh->vertices);
    bool *needs = vertex_of ? malloc(vertex_count) : needs_normal;
    if (!mesh->vertices || !needs) {
        /* [elide free what was allocated, report "out of memory"] */
        free(vertex_of);
        if (needs != needs_normal)
            free(needs);
        free(needs_normal);
        return sa_error_set(err, "out of memory");
        /* [/elide] */
    }
    mesh->vertex_count = vertex_count;
    for (size_t i = 0; i < vertex_count; i++) {
        uint32_t v = vertex_of ? vertex_of[i] : (uint32_t)i;
        const uint32_t *key = ps->dedup.keys[v];
        obj_vertex *out = &mesh->vertices[i];
        memcpy(out->position, ps->positions[key[OBJ_POSITION] - 1], sizeof out->position);
        if (key[OBJ_TEXCOORD]) {
            const float *uv = ps->texcoords[key[OBJ_TEXCOORD] - 1];
            out->texcoord[0] = uv[0];
            out->texcoord[1] = 1.0f - uv[1]; /* OBJ's v grows up the image, GL rows go down */
        } else {
            out->texcoord[0] = out->texcoord[1] = 0.0f;
        }
        if (has_file_normal(ps, key))
            memcpy(out->normal, ps->normals[key[OBJ_NORMAL] - 1], sizeof out->normal);
        else
            out->normal[0] = 0, out->normal[1] = 1, out->normal[2] = 0;
        if (vertex_of)
            needs[i] = needs_normal[v];
    }
    free(vertex_of);
    mesh->indices = ps->indices; /* 32-bit for now */
    mesh->index_count = ps->index_count;
    mesh->index_size = 4;
    ps->indices = NULL;
    bool ok = missing == 0 || compute_missing_normals(mesh, needs);
    mesh->normals_computed = missing > 0;
    if (needs != needs_normal)
        free(needs);
    free(needs_normal);
    if (!ok)
        return sa_error_set(err, "out of memory");

    /* [/listing] */
    /* [listing obj_finish_indices] */
    /* 16-bit indices when every vertex number fits: half the index memory. */
    if (mesh->vertex_count <= 65536) {
        const uint32_t *wide = mesh->indices;
        uint16_t *narrow = mesh->indices;
        for (size_t i = 0; i < mesh->index_count; i++)
            narrow[i] = (uint16_t)wide[i]; /* in place: narrow[i] never overtakes wide[i] */
        mesh->index_size = 2;
        void *smaller = realloc(mesh->indices, mesh->index_count * 2);
        if (smaller)
            mesh->indices = smaller;
    }
    return true;
}
/* [/listing] */

static bool finish_ranges(obj_parser *ps, sa_error *err)
{
    obj_mesh *mesh = ps->mesh;
    /* Each used name -> a material, or -1 with a warning. */
    int *material_of = malloc((ps->used_name_count + 1) * sizeof *material_of);
    mesh->submeshes = malloc((ps->material_run_count + 1) * sizeof *mesh->submeshes);
    if (!material_of || !mesh->submeshes) {
        free(material_of);
        return sa_error_set(err, "out of memory");
    }
    /* An index of the material names; of two with one name, the later wins. */
    name_index materials = {0};
    const char *base = mesh->materials ? (const char *)mesh->materials + offsetof(obj_material, name) : NULL;
    if (!name_index_build(&materials, base, sizeof *mesh->materials, mesh->material_count)) {
        free(material_of);
        return sa_error_set(err, "out of memory");
    }
    for (size_t n = 0; n < ps->used_name_count; n++) {
        size_t slot = name_index_slot(&materials, base, sizeof *mesh->materials, ps->used_names[n]);
        material_of[n] = (int)materials.slots[slot] - 1; /* -1 when the slot is empty */
        if (material_of[n] < 0)
            mesh_warn(mesh, "%s: usemtl '%s': no such material; using the default", ps->name, ps->used_names[n]);
    }
    /* Faces before the first usemtl use the default material. */
    size_t first = 0;
    int material = -1;
    for (size_t r = 0; r <= ps->material_run_count; r++) {
        size_t end = r < ps->material_run_count ? ps->material_runs[r].first_index : ps->index_count;
        if (end > first)
            mesh->submeshes[mesh->submesh_count++] = (obj_submesh){material, first, end - first};
        if (r < ps->material_run_count) {
            first = end;
            material = ps->material_runs[r].name < 0 ? -1 : material_of[ps->material_runs[r].name];
        }
    }
    free(materials.slots);
    free(material_of);
    return true;
}

static void compute_bounds(obj_mesh *mesh)
{
    for (int i = 0; i < 3; i++)
        mesh->bounds_min[i] = INFINITY, mesh->bounds_max[i] = -INFINITY;
    for (size_t v = 0; v < mesh->vertex_count; v++)
        for (int i = 0; i < 3; i++) {
            float x = mesh->vertices[v].position[i];
            mesh->bounds_min[i] = fminf(mesh->bounds_min[i], x);
            mesh->bounds_max[i] = fmaxf(mesh->bounds_max[i], x);
        }
}

static void parser_free(obj_parser *ps)
{
    free(ps->positions);
    free(ps->texcoords);
    free(ps->normals);
    obj_dedup_free(&ps->dedup);
    free(ps->indices);
    free(ps->polygon);
    free(ps->smoothing);
    free(ps->material_runs);
    free(ps->used_names);
    free(ps->used_name_index.slots);
    free(ps->libraries);
}

static bool parse_source(line_source *src, const char *name, const char *mtl_dir, const obj_load_options *options,
                         obj_mesh *mesh, sa_error *err)
{
    obj_load_options defaults = {0};
    memset(mesh, 0, sizeof *mesh);
    obj_parser ps = {0};
    ps.name = name;
    ps.mtl_dir = mtl_dir;
    ps.options = options ? options : &defaults;
    ps.mesh = mesh;
    ps.smoothing_group = 1;
    err->message[0] = '\0';
    bool ok = obj_dedup_init(&ps.dedup, 64); /* sized properly at the first face */
    if (!ok)
        sa_error_set(err, "out of memory");
    if (ok && !for_each_line(src, obj_parse_line_or_nul, &ps, &ps.line_number, err)) {
        ok = false;
        if (!ps.error_has_place)
            sa_error_prefix(err, "%s:%zu", name, ps.line_number);
    }
    ok = ok && finish(&ps, err) && finish_ranges(&ps, err);
    parser_free(&ps);
    if (!ok) {
        obj_mesh_free(mesh);
        return false;
    }
    compute_bounds(mesh);
    return true;
}

bool obj_parse_memory(const char *data, size_t size, const char *name, const char *mtl_dir,
                      const obj_load_options *options, obj_mesh *mesh, sa_error *err)
{
    line_source src = {NULL, data, size, 0, LINE_ENDS_UNKNOWN};
    return parse_source(&src, name, mtl_dir, options, mesh, err);
}

bool obj_load_ex(const char *path, const obj_load_options *options, obj_mesh *mesh, sa_error *err)
{
    memset(mesh, 0, sizeof *mesh);
    FILE *f = sa_file_open(path, err);
    if (!f)
        return false;
    /* We read in large pieces into our own buffer: stdio's would be a copy. */
    setvbuf(f, NULL, _IONBF, 0);
    char dir[SA_PATH_MAX];
    sa_path_dirname(path, dir, sizeof dir);
    line_source src = {f, NULL, 0, 0, LINE_ENDS_UNKNOWN};
    bool ok = parse_source(&src, path, dir, options, mesh, err);
    fclose(f);
    return ok;
}

bool obj_load(const char *path, obj_mesh *mesh, sa_error *err)
{
    return obj_load_ex(path, NULL, mesh, err);
}

uint32_t obj_mesh_index(const obj_mesh *mesh, size_t i)
{
    return mesh->index_size == 2 ? ((const uint16_t *)mesh->indices)[i] : ((const uint32_t *)mesh->indices)[i];
}

void obj_mesh_free(obj_mesh *mesh)
{
    free(mesh->vertices);
    free(mesh->indices);
    free(mesh->submeshes);
    for (size_t m = 0; m < mesh->material_count; m++)
        image_free(&mesh->materials[m].base_color_image);
    free(mesh->materials);
    memset(mesh, 0, sizeof *mesh);
}
