/* obj_numbers.c: below the steps of the load, the numbers of a statement,
 * read without strtod, and their error messages: obj_records.c reads v, vt
 * and vn with them, obj_materials.c the Kd of a .mtl file. It calls no
 * step.
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
