/* json.h: a small JSON reader (RFC 8259), written for chapter 03.
 *
 * Supports: objects, arrays, strings (UTF-8 checked; escapes including \u
 * surrogate pairs, decoded to UTF-8), numbers (grammar checked, kept as
 * double), true/false/null, any value at the top level, a UTF-8 byte order
 * mark at the start (skipped). A duplicated object key: json_object_get()
 * returns the later value.
 * Rejects: anything RFC 8259 rejects (trailing commas, comments, single
 * quotes, leading zeros, control characters in strings, invalid UTF-8, lone
 * surrogates), and nesting deeper than JSON_MAX_DEPTH.
 * Errors say the byte offset: "JSON byte 17: expected ':' after an object key".
 *
 * The whole tree lives in one arena that json_free() releases at once.
 */
#ifndef CH03_JSON_H
#define CH03_JSON_H

#include "common/error.h"

#include <stdbool.h>
#include <stddef.h>

#define JSON_MAX_DEPTH 512

typedef enum json_kind {
    JSON_NULL,
    JSON_FALSE,
    JSON_TRUE,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT,
} json_kind;

typedef struct json_member json_member;

typedef struct json_value {
    json_kind kind;
    size_t count;  /* array items, object members, string bytes */
    double number; /* JSON_NUMBER */
    union {
        const char *string;       /* JSON_STRING: NUL-terminated UTF-8 (may hold \0 from \u0000) */
        struct json_value *items; /* JSON_ARRAY */
        json_member *members;     /* JSON_OBJECT, in file order */
    } as;
} json_value;

struct json_member {
    const char *key;
    size_t key_length;
    json_value value;
};

typedef struct json_arena_block json_arena_block;

typedef struct json_document {
    json_value root;
    json_arena_block *blocks; /* everything the tree points to */
} json_document;

/* Parses `size` bytes (no NUL needed). On failure doc is empty and err says
 * where. */
bool json_parse(const char *text, size_t size, json_document *doc, sa_error *err);
void json_free(json_document *doc);

/* The member value for `key`, the last one when the key repeats; NULL when
 * missing or when `object` is not an object. */
const json_value *json_object_get(const json_value *object, const char *key);

/* A readable name for a kind, for error messages: "an object", "a number". */
const char *json_kind_name(json_kind kind);

#endif
