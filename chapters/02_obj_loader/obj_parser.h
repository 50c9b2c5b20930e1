/* obj_parser.h: what the steps of the OBJ loader share (private; the
 * interface is obj.h, and the three steps that are exercises are declared in
 * obj_steps.h).
 *
 * The load (obj_load.c) runs its steps in order, each in a file named after
 * it; this header declares what one step's file calls in another's: what
 * lies below the steps (the growing arrays, hash-table slots and the dedup
 * map's housekeeping of obj_slots.c, the numbers of obj_numbers.c), the
 * blank and word tests every parser uses, the line reader, the parser's
 * state and each step's entry point. A step calls only down the pipeline
 * (obj_records.c -> obj_faces.c, obj_materials.c) and below it, never back.
 * Only the loader's own files include it.
 */
#ifndef CH02_OBJ_PARSER_H
#define CH02_OBJ_PARSER_H

#include "obj.h"
#include "obj_steps.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* --- below the steps: growing arrays and tables (obj_slots.c) --------------- */

/* Makes room for `needed` elements: doubled when full, so appending is
 * amortised O(1). False when memory runs out. */
bool obj_grow(void **data, size_t *capacity, size_t needed, size_t element_size);
#define GROW(array, capacity, needed) obj_grow((void **)&(array), &(capacity), (needed), sizeof *(array))

/* The dedup map and the name index are open-addressing tables of uint32_t
 * slots, 0 meaning empty: replaces *slots with capacity_new empty ones (the
 * caller re-inserts). False, and the old table kept, when memory runs out. */
bool obj_slots_replace(uint32_t **slots, size_t *capacity, size_t capacity_new);

/* --- below the steps: numbers (obj_numbers.c) ------------------------------- */

/* Reads between `required` and `max` numbers into values[0 .. max), all
 * finite; *found says how many there were. what names the statement. */
bool obj_parse_numbers(char *p, float *values, int required, int max, int *found, const char *what, sa_error *err);

/* --- blanks and words: every statement parser tests them, per character, so
 * they are small enough to be inlined in each step's file -------------------- */

static inline bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline char *skip_blanks(char *p)
{
    while (is_blank(*p))
        p++;
    return p;
}

/* A statement word ends at a blank or the end of the line. */
static inline bool word_is(const char *p, const char *word)
{
    size_t n = strlen(word);
    return strncmp(p, word, n) == 0 && (is_blank(p[n]) || p[n] == '\n');
}

/* The word at p, as much of it as a message quotes: a 10 MB number is
 * shown by its first 40 bytes and "...". */
enum { QUOTE_MAX = 40 };
static inline int quote_length(const char *p)
{
    size_t n = strcspn(p, " \t\r\n");
    return n > QUOTE_MAX ? QUOTE_MAX : (int)n;
}
static inline const char *quote_more(const char *p)
{
    return strcspn(p, " \t\r\n") > QUOTE_MAX ? "..." : "";
}

/* --- step 1, lines (obj_lines.c) ------------------------------------------- */

/* A reader that streams a FILE or a memory block through one buffer. */
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

/* The line parser: line points at its first byte, *eol is '\n'. */
typedef bool (*line_fn)(void *ctx, char *line, char *eol, sa_error *err);

/* Calls fn for every line. *line_number is the number of the line being
 * parsed (for messages); a line continued with '\' counts from its first. */
bool obj_for_each_line(line_source *src, line_fn fn, void *ctx, size_t *line_number, sa_error *err);
/* Called when a line parser failed: when the line holds a NUL byte, err says
 * so instead. Returns false. */
bool obj_line_error_names_nul(const char *line, const char *eol, sa_error *err);

/* --- the parser's state ---------------------------------------------------- */

/* An index over an array of names (material names), so that finding one
 * costs a hash, not a walk over all of them (obj_materials.c). */
typedef struct name_index {
    uint32_t *slots; /* 0: empty, else i + 1 for the i-th name of the array */
    size_t capacity; /* a power of two, kept at most half full */
} name_index;

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

/* --- step 2, statements (obj_records.c) ------------------------------------ */

/* The line parser of an OBJ (ctx is the obj_parser): one statement. */
bool obj_parse_line_or_nul(void *ctx, char *line, char *eol, sa_error *err);

/* --- step 2, faces (obj_faces.c) ------------------------------------------- */

/* "f": the corners after the f, deduplicated, appended as a triangle fan. */
bool obj_parse_face(obj_parser *ps, char *p, sa_error *err);

/* --- step 2, materials (obj_materials.c) ----------------------------------- */

bool obj_parse_usemtl(obj_parser *ps, char *p, char *eol, sa_error *err);
/* Reads the .mtl files the line names (none when ps->mtl_dir is NULL). */
bool obj_parse_mtllib(obj_parser *ps, char *p, sa_error *err);
/* Step 3 for materials: each run of faces with one usemtl name -> a submesh
 * of the material of that name, or of the default one with a warning. */
bool obj_finish_ranges(obj_parser *ps, sa_error *err);

/* --- step 3, finishing the mesh (obj_finish.c) ----------------------------- */

/* The unique triples become interleaved vertices, missing normals are
 * computed, indices shrink to 16 bits when they fit. */
bool obj_finish(obj_parser *ps, sa_error *err);
void obj_compute_bounds(obj_mesh *mesh);

#endif
