/* obj_records.c: step 2 of the load, one statement a line. v, vt and vn
 * append to the attribute arrays (turned from Z-up to Y-up when asked); s
 * starts a smoothing run; f, usemtl and mtllib go to their own files
 * (obj_faces.c, obj_materials.c); every other statement is skipped. The
 * numbers, read without strtod, are below the steps (obj_numbers.c: the
 * .mtl parser of obj_materials.c reads them too). Nothing is allocated per
 * line.
 */
#include "obj_parser.h"

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
