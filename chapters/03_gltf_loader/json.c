/* json.c: a recursive-descent JSON reader. See json.h for what it accepts.
 *
 * One function per grammar rule (value, object, array, string, number).
 * Children of an open array or object are pushed on a scratch stack; when the
 * container closes they are copied, exactly sized, into the arena. So the
 * tree costs one allocation per 64 KiB, whatever its shape.
 */
#include "json.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct json_arena_block {
    json_arena_block *next;
    size_t used, capacity;
    /* the bytes follow (aligned like a double) */
};

#define ARENA_BLOCK_SIZE (64 * 1024)

typedef struct parser {
    const unsigned char *p, *begin, *end;
    int depth;
    json_arena_block *blocks;
    /* scratch stacks of the children of the open containers */
    json_value *values;
    size_t value_count, value_capacity;
    json_member *members;
    size_t member_count, member_capacity;
    sa_error *err;
    bool out_of_memory;
} parser;

static void *arena_alloc(parser *ps, size_t bytes)
{
    bytes = (bytes + 7) & ~(size_t)7;
    json_arena_block *b = ps->blocks;
    if (!b || b->capacity - b->used < bytes) {
        size_t capacity = bytes > ARENA_BLOCK_SIZE ? bytes : ARENA_BLOCK_SIZE;
        b = malloc(sizeof(json_arena_block) + 8 + capacity);
        if (!b) {
            ps->out_of_memory = true;
            return NULL;
        }
        b->next = ps->blocks, b->used = 0, b->capacity = capacity;
        ps->blocks = b;
    }
    /* The header is padded to 8 bytes so every allocation is 8-aligned. */
    unsigned char *base = (unsigned char *)b + ((sizeof(json_arena_block) + 7) & ~(size_t)7);
    void *out = base + b->used;
    b->used += bytes;
    return out;
}

static bool fail(parser *ps, const char *what)
{
    if (ps->out_of_memory)
        return sa_error_set(ps->err, "JSON: out of memory");
    return sa_error_set(ps->err, "JSON byte %zu: %s", (size_t)(ps->p - ps->begin), what);
}

static void skip_whitespace(parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
        ps->p++;
}

static bool literal(parser *ps, const char *word, json_kind kind, json_value *out)
{
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
        return fail(ps, "unexpected character (expected a value)");
    ps->p += n;
    out->kind = kind;
    return true;
}

/* [listing json_number] */
/* number = [ '-' ] int [ frac ] [ exp ];  int = '0' | [1-9][0-9]*
 * The grammar is checked here; strtod only converts a span already known to
 * be a JSON number (it would accept more: hex, "inf", leading '+'). */
static bool parse_number(parser *ps, json_value *out)
{
    const unsigned char *start = ps->p, *q = ps->p, *end = ps->end;
    if (q < end && *q == '-')
        q++;
    if (q < end && *q == '0')
        q++;
    else if (q < end && *q >= '1' && *q <= '9')
        while (q < end && *q >= '0' && *q <= '9')
            q++;
    else
        return ps->p = q, fail(ps, "a number needs a digit here");
    if (q < end && *q == '.') {
        q++;
        if (q >= end || *q < '0' || *q > '9')
            return ps->p = q, fail(ps, "a digit must follow the decimal point");
        while (q < end && *q >= '0' && *q <= '9')
            q++;
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
        q++;
        if (q < end && (*q == '+' || *q == '-'))
            q++;
        if (q >= end || *q < '0' || *q > '9')
            return ps->p = q, fail(ps, "an exponent needs digits");
        while (q < end && *q >= '0' && *q <= '9')
            q++;
    }
    /* [elide copy the span into a NUL-terminated buffer: strtod needs one] */
    size_t length = (size_t)(q - start);
    char small[64];
    char *copy = length < sizeof small ? small : malloc(length + 1);
    if (!copy)
        return ps->out_of_memory = true, fail(ps, "");
    memcpy(copy, start, length);
    copy[length] = '\0';
    /* [/elide] */
    out->kind = JSON_NUMBER;
    out->number = strtod(copy, NULL); /* overflow gives +-HUGE_VAL, like most readers */
    if (copy != small)
        free(copy);
    ps->p = q;
    return true;
}
/* [/listing] */

static int hex_value(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Four hex digits after "\u"; -1 when they are not. */
static long read_hex4(const unsigned char *q, const unsigned char *end)
{
    if (end - q < 4)
        return -1;
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hex_value(q[i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

/* Length of the valid UTF-8 sequence at q (1..4), 0 when invalid: overlong
 * forms, surrogates (U+D800..DFFF) and values past U+10FFFF are invalid. */
static int utf8_sequence_length(const unsigned char *q, const unsigned char *end)
{
    unsigned char c = q[0];
    if (c < 0x80)
        return 1;
    int n;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, cp = c & 0x07;
    else
        return 0;
    if (end - q < n)
        return 0;
    for (int i = 1; i < n; i++) {
        if ((q[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (q[i] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

static size_t utf8_encode(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* [listing json_string] */
/* A string, decoded into the arena. The decoded text is never longer than
 * the source (an escape of 2..12 bytes becomes 1..4 bytes), so one pass
 * writes into a buffer of the source's size. */
static bool parse_string(parser *ps, const char **out, size_t *out_length)
{
    ps->p++; /* the opening quote */
    const unsigned char *q = ps->p;
    while (q < ps->end && *q != '"') /* find the closing quote to size the buffer */
        q += (*q == '\\' && q + 1 < ps->end) ? 2 : 1;
    if (q >= ps->end)
        return ps->p--, fail(ps, "the string that starts here is not closed");
    char *text = arena_alloc(ps, (size_t)(q - ps->p) + 1);
    if (!text)
        return fail(ps, "");
    size_t n = 0;
    while (*ps->p != '"') {
        unsigned char c = *ps->p;
        if (c < 0x20)
            return fail(ps, "control character inside a string (write it as an escape)");
        if (c != '\\') {
            int len = utf8_sequence_length(ps->p, ps->end);
            if (len == 0)
                return fail(ps, "invalid UTF-8 inside a string");
            memcpy(text + n, ps->p, (size_t)len);
            n += (size_t)len, ps->p += len;
            continue;
        }
        c = ps->p[1];
        const char *simple = strchr("\"\\/bfnrt", c);
        if (c != 0 && simple) {
            static const char decoded[] = "\"\\/\b\f\n\r\t";
            text[n++] = decoded[simple - "\"\\/bfnrt"];
            ps->p += 2;
            continue;
        }
        /* [/listing] */
        /* [listing json_string_unicode] */
        if (c != 'u')
            return ps->p++, fail(ps, "unknown escape (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
        long cp = read_hex4(ps->p + 2, ps->end);
        if (cp < 0)
            return fail(ps, "\\u needs four hex digits");
        ps->p += 6;
        if (cp >= 0xDC00 && cp <= 0xDFFF)
            return fail(ps, "a low surrogate without a high one before it");
        if (cp >= 0xD800 && cp <= 0xDBFF) { /* UTF-16 pair: \uD83D\uDE00 */
            long low = (ps->end - ps->p >= 2 && ps->p[0] == '\\' && ps->p[1] == 'u') ? read_hex4(ps->p + 2, ps->end)
                                                                                     : -1;
            if (low < 0xDC00 || low > 0xDFFF)
                return fail(ps, "a high surrogate must be followed by a \\u low surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            ps->p += 6;
        }
        n += utf8_encode((uint32_t)cp, text + n);
    }
    ps->p++; /* the closing quote */
    text[n] = '\0';
    *out = text;
    *out_length = n;
    return true;
}
/* [/listing] */

static bool parse_value(parser *ps, json_value *out);

static bool push_value(parser *ps, const json_value *v)
{
    if (ps->value_count == ps->value_capacity) {
        size_t capacity = ps->value_capacity ? ps->value_capacity * 2 : 64;
        json_value *grown = realloc(ps->values, capacity * sizeof *grown);
        if (!grown)
            return ps->out_of_memory = true, fail(ps, "");
        ps->values = grown, ps->value_capacity = capacity;
    }
    ps->values[ps->value_count++] = *v;
    return true;
}

static bool push_member(parser *ps, const json_member *m)
{
    if (ps->member_count == ps->member_capacity) {
        size_t capacity = ps->member_capacity ? ps->member_capacity * 2 : 64;
        json_member *grown = realloc(ps->members, capacity * sizeof *grown);
        if (!grown)
            return ps->out_of_memory = true, fail(ps, "");
        ps->members = grown, ps->member_capacity = capacity;
    }
    ps->members[ps->member_count++] = *m;
    return true;
}

static bool parse_array(parser *ps, json_value *out)
{
    ps->p++; /* [ */
    size_t first = ps->value_count;
    skip_whitespace(ps);
    if (ps->p < ps->end && *ps->p == ']') {
        ps->p++;
    } else {
        for (;;) {
            json_value item;
            if (!parse_value(ps, &item) || !push_value(ps, &item))
                return false;
            skip_whitespace(ps);
            if (ps->p < ps->end && *ps->p == ',') {
                ps->p++;
                continue;
            }
            if (ps->p < ps->end && *ps->p == ']') {
                ps->p++;
                break;
            }
            return fail(ps, "expected ',' or ']' in an array");
        }
    }
    out->kind = JSON_ARRAY;
    out->count = ps->value_count - first;
    out->as.items = NULL;
    if (out->count) {
        out->as.items = arena_alloc(ps, out->count * sizeof(json_value));
        if (!out->as.items)
            return fail(ps, "");
        memcpy(out->as.items, ps->values + first, out->count * sizeof(json_value));
    }
    ps->value_count = first;
    return true;
}

static bool parse_object(parser *ps, json_value *out)
{
    ps->p++; /* { */
    size_t first = ps->member_count;
    skip_whitespace(ps);
    if (ps->p < ps->end && *ps->p == '}') {
        ps->p++;
    } else {
        for (;;) {
            json_member m;
            skip_whitespace(ps);
            if (ps->p >= ps->end || *ps->p != '"')
                return fail(ps, "expected a string key in an object");
            if (!parse_string(ps, &m.key, &m.key_length))
                return false;
            skip_whitespace(ps);
            if (ps->p >= ps->end || *ps->p != ':')
                return fail(ps, "expected ':' after an object key");
            ps->p++;
            if (!parse_value(ps, &m.value) || !push_member(ps, &m))
                return false;
            skip_whitespace(ps);
            if (ps->p < ps->end && *ps->p == ',') {
                ps->p++;
                continue;
            }
            if (ps->p < ps->end && *ps->p == '}') {
                ps->p++;
                break;
            }
            return fail(ps, "expected ',' or '}' in an object");
        }
    }
    out->kind = JSON_OBJECT;
    out->count = ps->member_count - first;
    out->as.members = NULL;
    if (out->count) {
        out->as.members = arena_alloc(ps, out->count * sizeof(json_member));
        if (!out->as.members)
            return fail(ps, "");
        memcpy(out->as.members, ps->members + first, out->count * sizeof(json_member));
    }
    ps->member_count = first;
    return true;
}

/* [listing json_value] */
static bool parse_value(parser *ps, json_value *out)
{
    memset(out, 0, sizeof *out);
    skip_whitespace(ps);
    if (ps->p >= ps->end)
        return fail(ps, "unexpected end of input (expected a value)");
    switch (*ps->p) {
    case '{':
    case '[': {
        /* The depth limit keeps "[[[[..." from overflowing the C stack. */
        if (++ps->depth > JSON_MAX_DEPTH)
            return fail(ps, "nested deeper than 512 arrays and objects");
        bool ok = *ps->p == '{' ? parse_object(ps, out) : parse_array(ps, out);
        ps->depth--;
        return ok;
    }
    case '"':
        out->kind = JSON_STRING;
        return parse_string(ps, &out->as.string, &out->count);
    case 't':
        return literal(ps, "true", JSON_TRUE, out);
    case 'f':
        return literal(ps, "false", JSON_FALSE, out);
    case 'n':
        return literal(ps, "null", JSON_NULL, out);
    default:
        if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9'))
            return parse_number(ps, out);
        return fail(ps, "unexpected character (expected a value)");
    }
}
/* [/listing] */

void json_free(json_document *doc)
{
    json_arena_block *b = doc->blocks;
    while (b) {
        json_arena_block *next = b->next;
        free(b);
        b = next;
    }
    memset(doc, 0, sizeof *doc);
}

bool json_parse(const char *text, size_t size, json_document *doc, sa_error *err)
{
    memset(doc, 0, sizeof *doc);
    parser ps = {0};
    ps.begin = ps.p = (const unsigned char *)text;
    ps.end = ps.begin + size;
    ps.err = err;
    /* A UTF-8 byte order mark is not JSON, but editors write it: skip it. */
    if (size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        ps.p += 3;
    bool ok = parse_value(&ps, &doc->root);
    if (ok) {
        skip_whitespace(&ps);
        if (ps.p != ps.end)
            ok = fail(&ps, "unexpected text after the JSON value");
    }
    free(ps.values);
    free(ps.members);
    doc->blocks = ps.blocks;
    if (!ok)
        json_free(doc);
    return ok;
}

const json_value *json_object_get(const json_value *object, const char *key)
{
    if (!object || object->kind != JSON_OBJECT)
        return NULL;
    size_t key_length = strlen(key);
    for (size_t i = object->count; i-- > 0;) /* from the end: a repeated key keeps the later value */
        if (object->as.members[i].key_length == key_length && memcmp(object->as.members[i].key, key, key_length) == 0)
            return &object->as.members[i].value;
    return NULL;
}

const char *json_kind_name(json_kind kind)
{
    switch (kind) {
    case JSON_NULL:
        return "null";
    case JSON_FALSE:
    case JSON_TRUE:
        return "a boolean";
    case JSON_NUMBER:
        return "a number";
    case JSON_STRING:
        return "a string";
    case JSON_ARRAY:
        return "an array";
    case JSON_OBJECT:
        return "an object";
    }
    return "?";
}
