/* bvh.c: the BVH reader (chapter 13): one pass over the text, no recursion.
 *
 * The text is read as tokens (runs of bytes between blanks), with the line
 * of each kept for the error lines. The hierarchy's nesting is a stack of
 * the open braces, a counter and an array, so that a file of 100,000 nested
 * joints is an error line and not a stack overflow. The motion is read line
 * by line, since a frame is a line: a short line is a truncated frame, not
 * the start of the next one.
 */
#include "bvh.h"

#include "common/files.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Frames a file may announce, whatever its size: far beyond any capture
 * (an hour at 1,000 Hz), so that the count times the channels stays small. */
#define BVH_MAX_FRAMES 3600000

typedef struct bvh_reader {
    const char *at, *end; /* what is left of the text */
    int line;             /* the line `at` is on, from 1 */
    const char *name;     /* the file, for the error lines */
    sa_error *err;
    int frame, value; /* in the frame lines: where, for token_number's errors */
} bvh_reader;

typedef struct bvh_token {
    const char *start;
    size_t length; /* 0: the end of the text */
    int line;
} bvh_token;

/* One open brace: a joint's or an End Site's. */
typedef struct bvh_open {
    int joint;    /* its index, or -1 for an End Site */
    int end_site; /* its index among the End Sites */
    int line;     /* where its keyword was */
    bool has_offset, has_channels, has_children;
} bvh_open;

static bool bvh_fail(const bvh_reader *r, int line, const char *fmt, ...) SA_PRINTF(3, 4);

static bool bvh_fail(const bvh_reader *r, int line, const char *fmt, ...)
{
    char what[768];
    va_list args;
    va_start(args, fmt);
    vsnprintf(what, sizeof what, fmt, args);
    va_end(args);
    return sa_error_set(r->err, "%s:%d: %s", r->name, line, what);
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* The next token, across line ends (the hierarchy is free-form). */
static bvh_token next_token(bvh_reader *r)
{
    while (r->at < r->end && is_blank(*r->at)) {
        if (*r->at == '\n')
            r->line++;
        r->at++;
    }
    bvh_token t = {r->at, 0, r->line};
    while (r->at < r->end && !is_blank(*r->at))
        r->at++;
    t.length = (size_t)(r->at - t.start);
    return t;
}

static bool token_is(bvh_token t, const char *word)
{
    size_t n = strlen(word);
    return t.length == n && memcmp(t.start, word, n) == 0;
}

/* How a token is quoted in an error line: at most 40 bytes of it. */
#define TOKEN_QUOTE(t)                                                                                                 \
    (t).length == 0 ? 6 : ((t).length > 40 ? 40 : (int)(t).length), (t).length == 0 ? "(end)" : (t).start

/* [listing bvh_number] */
/* A number: the token copied into a NUL-terminated buffer for strtod (the
 * text is not NUL-terminated), the whole token used, and finite as a float
 * (1e39, inf and nan are refused: one of them would turn every joint below
 * it into NaN). strtod reads in the "C" locale, which no program changes.
 * `what` names the number in an error line; NULL in the frame lines, where
 * it is "frame F, value K" (written only when there is an error). */
static bool token_number(const bvh_reader *r, bvh_token t, const char *what, float *out)
{
    char copy[64], where[64];
    if (!what) {
        what = where;
        snprintf(where, sizeof where, "frame %d, value %d", r->frame, r->value);
    }
    if (t.length == 0)
        return bvh_fail(r, t.line, "%s: expected a number, found the end of the file", what);
    if (t.length >= sizeof copy)
        return bvh_fail(r, t.line, "%s: '%.*s...' is too long for a number", what, 40, t.start);
    memcpy(copy, t.start, t.length);
    copy[t.length] = '\0';
    char *stop;
    double v = strtod(copy, &stop);
    if (stop != copy + t.length)
        return bvh_fail(r, t.line, "%s: '%s' is not a number", what, copy);
    if (!isfinite(v) || fabs(v) > FLT_MAX)
        return bvh_fail(r, t.line, "%s: '%s' is not a finite number", what, copy);
    *out = (float)v;
    return true;
}
/* [/listing] */

/* A count: digits only, at most `most`. */
static bool token_count(const bvh_reader *r, bvh_token t, const char *what, long most, long *out)
{
    long v = 0;
    if (t.length == 0)
        return bvh_fail(r, t.line, "%s: expected a count, found the end of the file", what);
    for (size_t i = 0; i < t.length; i++) {
        if (t.start[i] < '0' || t.start[i] > '9')
            return bvh_fail(r, t.line, "%s: '%.*s' is not a count (digits only)", what, TOKEN_QUOTE(t));
        v = v * 10 + (t.start[i] - '0');
        if (v > most)
            return bvh_fail(r, t.line, "%s: %.*s is more than %ld", what, TOKEN_QUOTE(t), most);
    }
    *out = v;
    return true;
}

static bool expect(bvh_reader *r, const char *word, const char *context)
{
    bvh_token t = next_token(r);
    if (!token_is(t, word))
        return bvh_fail(r, t.line, "expected '%s' %s, found '%.*s'", word, context, TOKEN_QUOTE(t));
    return true;
}

/* The six channel names, in bvh_channel's order. */
static const char *const channel_names[] = {"Xposition", "Yposition", "Zposition",
                                            "Xrotation", "Yrotation", "Zrotation"};

static bool read_channels(bvh_reader *r, bvh_joint *joint, int line)
{
    long count;
    if (!token_count(r, next_token(r), "CHANNELS", BVH_MAX_CHANNELS, &count))
        return false;
    joint->channel_count = (int)count;
    for (int k = 0; k < joint->channel_count; k++) {
        bvh_token t = next_token(r);
        int c = 0;
        while (c < BVH_MAX_CHANNELS && !token_is(t, channel_names[c]))
            c++;
        if (c == BVH_MAX_CHANNELS)
            return bvh_fail(r, t.line,
                            "CHANNELS %d of %s (line %d): '%.*s' is not a channel name (Xposition .. Zrotation)",
                            joint->channel_count, joint->name, line, TOKEN_QUOTE(t));
        for (int before = 0; before < k; before++)
            if (joint->channels[before] == (bvh_channel)c)
                return bvh_fail(r, t.line, "CHANNELS of %s: %s is given twice", joint->name, channel_names[c]);
        joint->channels[k] = (bvh_channel)c;
    }
    return true;
}

/* Grows an array by doubling, never past `most` entries. */
static bool grow(void **array, int *capacity, int needed, int most, size_t entry_size)
{
    if (needed <= *capacity)
        return true;
    int want = *capacity ? *capacity * 2 : 32;
    if (want > most)
        want = most;
    void *bigger = realloc(*array, (size_t)want * entry_size);
    if (!bigger)
        return false;
    *array = bigger;
    *capacity = want;
    return true;
}

/* ROOT or JOINT: its name and its opening brace, a new joint of `parent`. */
static bool open_joint(bvh_reader *r, bvh_file *b, int *capacity, int parent, bvh_token keyword, bvh_open *open)
{
    bvh_token name = next_token(r);
    if (name.length == 0 || token_is(name, "{") || token_is(name, "}"))
        return bvh_fail(r, name.line, "%.*s needs a name", TOKEN_QUOTE(keyword));
    if (name.length > BVH_MAX_NAME)
        return bvh_fail(r, name.line, "a joint name of %zu bytes (at most %d)", name.length, BVH_MAX_NAME);
    if (b->joint_count == BVH_MAX_JOINTS)
        return bvh_fail(r, keyword.line, "more than %d joints", BVH_MAX_JOINTS);
    if (!grow((void **)&b->joints, capacity, b->joint_count + 1, BVH_MAX_JOINTS, sizeof *b->joints))
        return bvh_fail(r, keyword.line, "out of memory");
    bvh_joint *j = &b->joints[b->joint_count];
    memset(j, 0, sizeof *j);
    j->parent = parent;
    j->name = malloc(name.length + 1);
    if (!j->name)
        return bvh_fail(r, keyword.line, "out of memory");
    b->joint_count++; /* counted now, so that bvh_free frees its name */
    memcpy(j->name, name.start, name.length);
    j->name[name.length] = '\0';
    *open = (bvh_open){.joint = b->joint_count - 1, .end_site = -1, .line = keyword.line};
    return expect(r, "{", "after the joint's name");
}

/* End Site: its opening brace, a new End Site of joint `parent`. */
static bool open_end_site(bvh_reader *r, bvh_file *b, int *capacity, int parent, bvh_token keyword, bvh_open *open)
{
    if (!expect(r, "Site", "after End") || !expect(r, "{", "after End Site"))
        return false;
    if (b->end_site_count == BVH_MAX_JOINTS)
        return bvh_fail(r, keyword.line, "more than %d End Sites", BVH_MAX_JOINTS);
    if (!grow((void **)&b->end_sites, capacity, b->end_site_count + 1, BVH_MAX_JOINTS, sizeof *b->end_sites))
        return bvh_fail(r, keyword.line, "out of memory");
    b->end_sites[b->end_site_count] = (bvh_end_site){.parent = parent};
    *open = (bvh_open){.joint = -1, .end_site = b->end_site_count++, .line = keyword.line};
    return true;
}

/* [listing bvh_hierarchy] */
/* HIERARCHY up to MOTION: each keyword in the body of the innermost open
 * brace (stack[depth - 1]), or ROOT and MOTION outside any. */
static bool read_hierarchy(bvh_reader *r, bvh_file *b)
{
    bvh_open stack[BVH_MAX_DEPTH];
    int depth = 0, joint_capacity = 0, end_capacity = 0;
    /* [elide the file starts with HIERARCHY] */
    if (!expect(r, "HIERARCHY", "at the start of a BVH file"))
        return false;
    /* [/elide] */
    for (;;) {
        bvh_token t = next_token(r);
        bvh_open *top = depth > 0 ? &stack[depth - 1] : NULL;
        const char *top_name = top && top->joint >= 0 ? b->joints[top->joint].name : "End Site";
        if (!top && token_is(t, "MOTION") && b->joint_count > 0)
            return true;
        /* [elide what is misplaced: not ROOT outside a brace, MOTION inside one, a second OFFSET, ...] */
        if (!top && !token_is(t, "ROOT"))
            return bvh_fail(r, t.line, "expected %s, found '%.*s'", b->joint_count ? "ROOT or MOTION" : "ROOT",
                            TOKEN_QUOTE(t));
        if (top && (t.length == 0 || token_is(t, "MOTION")))
            return bvh_fail(r, t.line, "%s before the closing brace of %s (line %d)",
                            t.length ? "MOTION" : "the end of the file", top_name, top->line);
        bool opens = token_is(t, "ROOT") || token_is(t, "JOINT") || token_is(t, "End");
        if (opens && depth == BVH_MAX_DEPTH)
            return bvh_fail(r, t.line, "joints nested deeper than %d levels", BVH_MAX_DEPTH);
        if (opens && top && top->joint < 0)
            return bvh_fail(r, t.line, "an End Site (line %d) has no joints inside it", top->line);
        if (token_is(t, "ROOT") && top)
            return bvh_fail(r, t.line, "ROOT inside %s (line %d)", top_name, top->line);
        if (token_is(t, "OFFSET") && top->has_offset)
            return bvh_fail(r, t.line, "a second OFFSET in %s (line %d)", top_name, top->line);
        if (token_is(t, "CHANNELS") && top->joint < 0)
            return bvh_fail(r, t.line, "an End Site (line %d) has no CHANNELS", top->line);
        if (token_is(t, "CHANNELS") && top->has_channels)
            return bvh_fail(r, t.line, "a second CHANNELS in %s (line %d)", top_name, top->line);
        if (token_is(t, "CHANNELS") && top->has_children) /* its values would come after theirs */
            return bvh_fail(r, t.line, "CHANNELS of %s after the joints inside it", top_name);
        if (opens && top)
            top->has_children = true;
        if (token_is(t, "}") && !top->has_offset)
            return bvh_fail(r, t.line, "%s (line %d) has no OFFSET", top_name, top->line);
        /* [/elide] */
        if (token_is(t, "ROOT") || token_is(t, "JOINT")) {
            if (!open_joint(r, b, &joint_capacity, top ? top->joint : -1, t, &stack[depth++]))
                return false;
        } else if (token_is(t, "End")) {
            if (!open_end_site(r, b, &end_capacity, top->joint, t, &stack[depth++]))
                return false;
        } else if (token_is(t, "OFFSET")) {
            float *offset = top->joint >= 0 ? b->joints[top->joint].offset : b->end_sites[top->end_site].offset;
            for (int i = 0; i < 3; i++)
                if (!token_number(r, next_token(r), "OFFSET", &offset[i]))
                    return false;
            top->has_offset = true;
        } else if (token_is(t, "CHANNELS")) {
            bvh_joint *j = &b->joints[top->joint];
            if (!read_channels(r, j, top->line))
                return false;
            j->first_value = b->channel_count; /* the joint's values start after its elders' */
            b->channel_count += j->channel_count;
            top->has_channels = true;
        } else if (token_is(t, "}")) {
            depth--;
        } else {
            return bvh_fail(r, t.line, "unknown keyword '%.*s' in %s (line %d)", TOKEN_QUOTE(t), top_name, top->line);
        }
    }
}
/* [/listing] */

/* The rest of the current line: [*start, *stop), and `at` moved past its
 * line end. */
static void take_line(bvh_reader *r, const char **start, const char **stop)
{
    *start = r->at;
    const char *nl = memchr(r->at, '\n', (size_t)(r->end - r->at));
    *stop = nl ? nl : r->end;
    r->at = nl ? nl + 1 : r->end;
}

/* The next token between *at and stop (length 0 when there is none). */
static bvh_token line_token(const char **at, const char *stop, int line)
{
    while (*at < stop && is_blank(**at))
        (*at)++;
    bvh_token t = {*at, 0, line};
    while (*at < stop && !is_blank(**at))
        (*at)++;
    t.length = (size_t)(*at - t.start);
    return t;
}

/* [listing bvh_motion] */
/* MOTION: "Frames: N", "Frame Time: T", then N lines of channel_count
 * numbers each. Blank lines are skipped; anything else is a frame, and
 * the lines past the N-th are counted and left (bvh_file.lines_past_frames). */
static bool read_motion(bvh_reader *r, bvh_file *b)
{
    long frames;
    /* [elide "Frames: N" (1 to BVH_MAX_FRAMES) and "Frame Time: T" (T > 0) read and checked] */
    if (!expect(r, "Frames:", "after MOTION") || !token_count(r, next_token(r), "Frames", BVH_MAX_FRAMES, &frames))
        return false;
    if (frames == 0)
        return bvh_fail(r, r->line, "Frames: 0 (a BVH file needs one frame at least)");
    float frame_time;
    if (!expect(r, "Frame", "after the frame count") || !expect(r, "Time:", "after Frame") ||
        !token_number(r, next_token(r), "Frame Time", &frame_time))
        return false;
    if (frame_time <= 0.0f)
        return bvh_fail(r, r->line, "Frame Time: %g is not a positive number of seconds", (double)frame_time);
    /* [/elide] */
    b->frame_count = (int)frames;
    b->frame_time = frame_time;

    /* Each value is a number and a blank at least: two bytes. A count the
     * text cannot hold is refused before anything is allocated for it. */
    double room = (double)(r->end - r->at) + 1.0;
    if ((double)frames * b->channel_count * 2.0 > room)
        return bvh_fail(r, r->line, "Frames: %ld frames of %d values cannot fit in the %.0f bytes left of the file",
                        frames, b->channel_count, room - 1.0);
    b->values = malloc((size_t)frames * (size_t)b->channel_count * sizeof *b->values + 1);
    if (!b->values)
        return bvh_fail(r, r->line, "out of memory for %ld frames", frames);
    /* [/listing] */

    /* [listing bvh_frames] */
    /* The frame lines: each one's tokens read up to its line end. */
    int line = r->line, f = 0;
    const char *at, *stop;
    /* [elide nothing but blanks after the frame time on its line] */
    take_line(r, &at, &stop);
    bvh_token extra = line_token(&at, stop, line);
    if (extra.length)
        return bvh_fail(r, line, "'%.*s' after the frame time (frames start on the next line)", TOKEN_QUOTE(extra));
    /* [/elide] */
    while (r->at < r->end) {
        line = ++r->line;
        take_line(r, &at, &stop);
        bvh_token t = line_token(&at, stop, line);
        if (t.length == 0)
            continue; /* a blank line */
        if (f == b->frame_count || b->channel_count == 0) {
            b->lines_past_frames++; /* counted, not read (bvh.h) */
            continue;
        }
        float *values = b->values + (size_t)f * (size_t)b->channel_count;
        for (int k = 0; k < b->channel_count; k++, t = line_token(&at, stop, line)) {
            if (t.length == 0)
                return bvh_fail(r, line, "frame %d has %d values, not %d (a truncated line?)", f, k, b->channel_count);
            r->frame = f, r->value = k;
            if (!token_number(r, t, NULL, &values[k]))
                return false;
        }
        if (t.length != 0)
            return bvh_fail(r, line, "frame %d has more than %d values", f, b->channel_count);
        f++;
    }
    if (f < b->frame_count && b->channel_count > 0)
        return bvh_fail(r, r->line, "the file ends after %d frame lines, but Frames: says %d", f, b->frame_count);
    return true;
}
/* [/listing] */

bool bvh_parse(const char *text, size_t size, const char *name, bvh_file *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    bvh_reader r = {text, text + size, 1, name, err, 0, 0};
    const char *nul = memchr(text, '\0', size);
    if (nul) {
        for (const char *c = text; c < nul; c++)
            r.line += *c == '\n';
        return bvh_fail(&r, r.line, "a NUL byte: this is not a text file");
    }
    if (read_hierarchy(&r, out) && read_motion(&r, out))
        return true;
    bvh_free(out);
    return false;
}

bool bvh_load(const char *path, bvh_file *out, sa_error *err)
{
    char *text;
    size_t size;
    memset(out, 0, sizeof *out);
    if (!sa_file_read(path, &text, &size, err))
        return false;
    bool ok = bvh_parse(text, size, path, out, err);
    free(text);
    return ok;
}

void bvh_free(bvh_file *b)
{
    for (int j = 0; j < b->joint_count; j++)
        free(b->joints[j].name);
    free(b->joints);
    free(b->end_sites);
    free(b->values);
    memset(b, 0, sizeof *b);
}

float bvh_frame_seconds(const bvh_file *b, int frame)
{
    return (float)(frame * b->frame_time);
}

const float *bvh_joint_values(const bvh_file *b, int joint, int frame)
{
    return b->values + (size_t)frame * (size_t)b->channel_count + (size_t)b->joints[joint].first_value;
}

void bvh_joint_translation(const bvh_joint *joint, const float *values, vec3 out)
{
    glm_vec3_copy((float *)joint->offset, out);
    for (int k = 0; k < joint->channel_count; k++)
        if (joint->channels[k] <= BVH_Z_POSITION)
            out[joint->channels[k] - BVH_X_POSITION] += values[k];
}
