/* obj_corner.c: exercise ex02.1, the reference solution. */
#include "obj_steps.h"

static const char *const attribute_names[3] = {"position", "texcoord", "normal"};

/* [listing obj_parse_corner] */
bool obj_parse_corner(const char **cursor, const uint32_t counts[3], uint32_t corner[3], sa_error *err)
{
    const char *p = *cursor;
    corner[0] = corner[1] = corner[2] = 0;
    for (int k = 0; k < 3; k++) {
        if (k > 0) {
            if (*p != '/')
                break; /* "v" or "v/vt": the rest is absent */
            p++;
            if (k == 1 && *p == '/')
                continue; /* "v//vn": no texcoord */
        }
        bool negative = *p == '-';
        if (negative || *p == '+')
            p++;
        if (*p < '0' || *p > '9')
            return sa_error_set(err, "face corner: expected a %s index", attribute_names[k]);
        uint64_t value = 0;
        while (*p >= '0' && *p <= '9') {
            value = value * 10 + (uint64_t)(*p++ - '0');
            if (value > UINT32_MAX)
                return sa_error_set(err, "face corner: %s index is too large", attribute_names[k]);
        }
        if (value == 0)
            return sa_error_set(err, "face corner: %s index 0 (OBJ counts from 1)", attribute_names[k]);
        if (value > counts[k])
            return sa_error_set(err, "face corner: %s index %s%llu is out of range (%u defined so far)",
                                attribute_names[k], negative ? "-" : "", (unsigned long long)value,
                                (unsigned)counts[k]);
        /* -1 is the last one defined so far: 1-based index counts[k]. */
        corner[k] = negative ? counts[k] + 1 - (uint32_t)value : (uint32_t)value;
    }
    /* A corner ends at a blank or the end of the line; anything else is an error. */
    if (*p == '/' || (unsigned char)*p > ' ')
        return sa_error_set(err, "face corner: unexpected character after the indices");
    *cursor = p;
    return true;
}
/* [/listing] */
