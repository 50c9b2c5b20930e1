/* obj_records.c: step 2 of the load, one statement a line. v, vt and vn
 * append to the attribute arrays (turned from Z-up to Y-up when asked); s
 * starts a smoothing run; f, usemtl and mtllib go to their own files
 * (obj_faces.c, obj_materials.c); every other statement is skipped. Here
 * too: the numbers, read without strtod, and their error messages. Nothing
 * is allocated per line.
 */
#include "obj_parser.h"

#include <math.h>

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
bool obj_parse_numbers(char *p, float *values, int required, int max, int *found, const char *what, sa_error *err)
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

/* [listing obj_append_vec3] */
/* Appends a 3-vector, turned from Z-up to Y-up when asked: a -90 degree
 * turn about X, (x, y, z) -> (x, z, -y). Positions and normals get the same
 * turn; turning only the positions would leave the lighting where it was. */
static bool append_vec3(float (**array)[3], size_t *capacity, uint32_t *count, const float v[3], bool z_up,
                        sa_error *err)
{
    if (*count == UINT32_MAX - 1 || !obj_grow((void **)array, capacity, (size_t)*count + 1, sizeof **array))
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
        return obj_parse_numbers(p + 1, v, 3, 6, &found, "v", err) &&
               append_vec3(&ps->positions, &ps->position_capacity, &ps->counts[OBJ_POSITION], v, ps->options->z_up,
                           err);
    } else if (p[0] == 'v' && p[1] == 't' && (is_blank(p[2]) || p[2] == '\n')) { /* u [v [w]] */
        if (!obj_parse_numbers(p + 2, v, 1, 3, &found, "vt", err))
            return false;
        if (ps->counts[OBJ_TEXCOORD] == UINT32_MAX - 1 ||
            !GROW(ps->texcoords, ps->texcoord_capacity, (size_t)ps->counts[OBJ_TEXCOORD] + 1))
            return sa_error_set(err, "out of memory");
        float *out = ps->texcoords[ps->counts[OBJ_TEXCOORD]++];
        out[0] = v[0], out[1] = v[1];
        return true;
    } else if (p[0] == 'v' && p[1] == 'n' && (is_blank(p[2]) || p[2] == '\n')) {
        return obj_parse_numbers(p + 2, v, 3, 3, &found, "vn", err) &&
               append_vec3(&ps->normals, &ps->normal_capacity, &ps->counts[OBJ_NORMAL], v, ps->options->z_up, err);
    } else if (p[0] == 'f' && (is_blank(p[1]) || p[1] == '\n')) {
        return obj_parse_face(ps, p + 1, err);
    } else if (p[0] == 's' && (is_blank(p[1]) || p[1] == '\n')) {
        return parse_smoothing(ps, p + 1, err);
    } else if (word_is(p, "usemtl")) {
        return obj_parse_usemtl(ps, p + 6, eol, err);
    } else if (word_is(p, "mtllib")) {
        return obj_parse_mtllib(ps, p + 6, err);
    }
    /* Anything else (comments, o, g, l, p, vp, curves, unknown words) is skipped. */
    return true;
}
/* [/listing] */

bool obj_parse_line_or_nul(void *ctx, char *line, char *eol, sa_error *err)
{
    obj_parser *ps = ctx;
    if (obj_parse_line(ctx, line, eol, err))
        return true;
    return ps->error_has_place ? false : obj_line_error_names_nul(line, eol, err);
}
