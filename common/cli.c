#include "cli.h"
#include "files.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool parse_int(const char *text, int min, int max, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

static bool parse_float(const char *text, float *out)
{
    char *end;
    errno = 0;
    float v = strtof(text, &end);
    if (errno || end == text || *end != '\0' || !isfinite(v))
        return false;
    *out = v;
    return true;
}

static bool parse_size(const char *text, int *w, int *h)
{
    char buffer[64];
    if (strlen(text) >= sizeof buffer)
        return false;
    strcpy(buffer, text);
    char *x = strchr(buffer, 'x');
    if (!x)
        return false;
    *x = '\0';
    return parse_int(buffer, 16, 16384, w) && parse_int(x + 1, 16, 16384, h);
}

static bool parse_extra(const cli_option *opt, const char *arg, sa_error *err)
{
    switch (opt->kind) {
    case CLI_FLAG:
        *(bool *)opt->value = true;
        return true;
    case CLI_STRING:
        *(const char **)opt->value = arg;
        return true;
    case CLI_INT:
        if (!parse_int(arg, INT_MIN, INT_MAX, (int *)opt->value))
            return sa_error_set(err, "%s: '%s' is not an integer", opt->name, arg);
        return true;
    case CLI_FLOAT:
        if (!parse_float(arg, (float *)opt->value))
            return sa_error_set(err, "%s: '%s' is not a finite number", opt->name, arg);
        return true;
    case CLI_CHOICE: {
        const cli_choices *choices = opt->value;
        int index = cli_choice(arg, choices->names, choices->count);
        if (index >= 0) {
            *choices->index = index;
            return true;
        }
        /* "--view: 'x' is not plain, dominant or heat" */
        char names[256] = "";
        for (int i = 0; i < choices->count; i++) {
            const char *separator = i == 0 ? "" : i == choices->count - 1 ? " or " : ", ";
            size_t used = strlen(names);
            snprintf(names + used, sizeof names - used, "%s%s", separator, choices->names[i]);
        }
        return sa_error_set(err, "%s: '%s' is not %s", opt->name, arg, names);
    }
    }
    return sa_error_set(err, "%s: unknown option kind", opt->name);
}

/* Records that option `a` was given, when it is one of the spec's modes. */
static void note_mode(const cli_spec *spec, const char *a, bool *given)
{
    for (int m = 0; m < spec->mode_count && m < CLI_MAX_MODES; m++)
        if (strcmp(a, spec->modes[m]) == 0)
            given[m] = true;
}

bool cli_parse(const cli_spec *spec, int argc, char **argv, app_options *out, sa_error *err)
{
    sa_std_streams_binary(); /* before anything is printed: exact bytes on Windows too */
    memset(out, 0, sizeof *out);
    out->width = 1280;
    out->height = 720;

    bool mode_given[CLI_MAX_MODES] = {false};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        note_mode(spec, a, mode_given);
#define NEED_VALUE()                                                                                                   \
    do {                                                                                                               \
        if (!next)                                                                                                     \
            return sa_error_set(err, "%s needs a value (see --help)", a);                                              \
        i++;                                                                                                           \
    } while (0)
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            out->help = true;
        } else if (strcmp(a, "--headless") == 0) {
            out->headless = true;
        } else if (strcmp(a, "--size") == 0) {
            NEED_VALUE();
            if (!parse_size(next, &out->width, &out->height))
                return sa_error_set(err, "--size: '%s' is not WxH (e.g. 1280x720, each 16 to 16384)", next);
        } else if (strcmp(a, "--frames") == 0) {
            NEED_VALUE();
            if (!parse_int(next, 1, INT_MAX, &out->frames))
                return sa_error_set(err, "--frames: '%s' is not a positive integer", next);
        } else if (strcmp(a, "--time") == 0) {
            NEED_VALUE();
            if (!parse_float(next, &out->time))
                return sa_error_set(err, "--time: '%s' is not a finite number of seconds", next);
            out->fixed_time = true;
        } else if (strcmp(a, "--screenshot") == 0) {
            NEED_VALUE();
            out->screenshot = next;
        } else if (spec->takes_model && strcmp(a, "--model") == 0) {
            NEED_VALUE();
            out->model = next;
        } else {
            const cli_option *found = NULL;
            for (int k = 0; k < spec->extra_count; k++)
                if (strcmp(a, spec->extra[k].name) == 0)
                    found = &spec->extra[k];
            if (!found)
                return sa_error_set(err, "unknown option '%s' (see --help)", a);
            if (found->kind != CLI_FLAG)
                NEED_VALUE();
            if (!parse_extra(found, found->kind == CLI_FLAG ? NULL : next, err))
                return false;
        }
#undef NEED_VALUE
    }
    /* Given together, one mode would be dropped silently (--help wins). */
    int modes = spec->mode_count < CLI_MAX_MODES ? spec->mode_count : CLI_MAX_MODES;
    return out->help || cli_exclusive(modes, spec->modes, mode_given, err);
}

void cli_print_usage(const cli_spec *spec, FILE *to)
{
    fprintf(to, "%s: %s\n\nusage: %s [options]\n\noptions:\n", spec->program, spec->summary, spec->program);
    fprintf(to, "  --help              this text\n");
    fprintf(to, "  --size WxH          window size (default 1280x720)\n");
    fprintf(to, "  --headless          hidden window (for Xvfb, tests and screenshots)\n");
    fprintf(to, "  --frames N          render N frames, then exit\n");
    fprintf(to, "  --time T            fix the animation clock at T seconds\n");
    fprintf(to, "  --screenshot FILE   save the last frame as a PNG\n");
    if (spec->takes_model)
        fprintf(to, "  --model PATH        the model file to load\n");
    for (int k = 0; k < spec->extra_count; k++) {
        const cli_option *o = &spec->extra[k];
        char left[64];
        snprintf(left, sizeof left, "%s%s%s", o->name, o->argument ? " " : "", o->argument ? o->argument : "");
        if (strlen(left) > 19) /* too long for the column: help on the next line */
            fprintf(to, "  %s\n  %-19s %s\n", left, "", o->help);
        else
            fprintf(to, "  %-19s %s\n", left, o->help);
    }
    fprintf(to, "\n");
    cli_print_keys(spec, to);
}

void cli_print_keys(const cli_spec *spec, FILE *to)
{
    fprintf(to, "keys:\n");
    fputs(spec->keys_steer ? "  mouse drag          orbit the camera\n" : "  mouse drag, arrows  orbit the camera\n",
          to);
    fprintf(to, "  wheel, + and -      zoom\n");
    fprintf(to, "  Space               pause the animation clock\n");
    if (!spec->keys_steer)
        fprintf(to, "  W                   toggle wireframe\n");
    fprintf(to, "  R                   reload the shaders\n");
    fprintf(to, "  H                   print this help\n");
    fprintf(to, "  Esc                 quit\n");
    for (int k = 0; k < spec->key_count; k++)
        fprintf(to, "  %-19s %s\n", spec->keys[k].key, spec->keys[k].help);
}

bool cli_exclusive(int count, const char *const *names, const bool *given, sa_error *err)
{
    int first = -1;
    for (int i = 0; i < count; i++) {
        if (!given[i])
            continue;
        if (first >= 0)
            return sa_error_set(err, "%s and %s cannot be used together", names[first], names[i]);
        first = i;
    }
    return true;
}

int cli_choice(const char *value, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(value, names[i]) == 0)
            return i;
    return -1;
}
