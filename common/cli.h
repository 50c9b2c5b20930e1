/* cli.h: the command line every chapter program shares.
 *
 *   --help              print usage and the keys, exit 0
 *   --size WxH          window (and screenshot) size, default 1280x720
 *   --headless          hidden window: for Xvfb, tests and screenshots
 *   --frames N          render N frames, then exit
 *   --time T            fix the animation clock at T seconds
 *   --screenshot FILE   save the last frame as a PNG
 *   --model PATH        the model to show (chapter 02 on)
 *
 * A chapter adds its own options (e.g. --check) with a table of cli_option.
 * Parsing is pure: it touches no window and prints nothing, so it is tested.
 */
#ifndef SA_CLI_H
#define SA_CLI_H

#include "error.h"

#include <stdbool.h>
#include <stdio.h>

typedef enum cli_kind {
    CLI_FLAG,   /* bool, set to true when present */
    CLI_STRING, /* const char *, points into argv */
    CLI_INT,    /* int */
    CLI_FLOAT,  /* float */
    CLI_CHOICE, /* cli_choices: one of a few names (--view heat) */
} cli_kind;

/* One chapter-specific option. `value` points at a variable of the kind's type. */
typedef struct cli_option {
    const char *name; /* "--check" */
    cli_kind kind;
    void *value;
    const char *argument; /* "N", "PATH" ... for the help text; NULL for flags */
    const char *help;
} cli_option;

/* What a CLI_CHOICE option's `value` points at: *index gets the position of
 * the value among names[0..count). */
typedef struct cli_choices {
    int *index;
    const char *const *names;
    int count;
} cli_choices;

typedef struct app_options {
    int width, height;
    bool headless;
    int frames; /* 0: run until the window is closed */
    bool fixed_time;
    float time;             /* the clock value when fixed_time */
    const char *screenshot; /* NULL: none */
    const char *model;      /* NULL: the chapter's default */
    bool help;
} app_options;

/* One line of keyboard help: "W" "toggle wireframe". */
typedef struct cli_key {
    const char *key;
    const char *help;
} cli_key;

typedef struct cli_spec {
    const char *program;     /* "ch01_window" */
    const char *summary;     /* one line: what the program shows */
    bool takes_model;        /* accept --model (chapter 02 on) */
    const cli_option *extra; /* chapter options, may be NULL */
    int extra_count;
    const cli_key *keys; /* the chapter's own keys, may be NULL */
    int key_count;
    /* Options that each pick what the program does (--check-bind, --dump-obj,
     * --screenshot): at most one of them may be given (cli_exclusive). */
    const char *const *modes; /* at most CLI_MAX_MODES */
    int mode_count;
    /* W, A, S, D and the arrows steer a character (chapter 14): the shared
     * keys give up W (wireframe) and the arrows (orbit) to the chapter. */
    bool keys_steer;
} cli_spec;
#define CLI_MAX_MODES 8

/* A spec's three tables with their counts, counted by the compiler:
 *     static const cli_spec spec = {.program = ..., CLI_TABLES(options_extra, keys, modes)}; */
#define CLI_COUNT(table) ((int)(sizeof(table) / sizeof((table)[0])))
#define CLI_TABLES(extra_table, key_table, mode_table)                                                                 \
    .extra = extra_table, .extra_count = CLI_COUNT(extra_table), .keys = key_table, .key_count = CLI_COUNT(key_table), \
    .modes = mode_table, .mode_count = CLI_COUNT(mode_table)

/* Fills defaults, then reads argv. Returns false with a message on a bad
 * command line (programs then exit 2): an unknown option, a bad value (a
 * CLI_CHOICE value that is none of its names: "--view: 'x' is not plain,
 * dominant or heat"), or two of spec->modes given together. */
bool cli_parse(const cli_spec *spec, int argc, char **argv, app_options *out, sa_error *err);

/* The index of `value` among names[0..count), or -1: for a chapter option
 * that picks one of a few named choices (--view heat, --method dq). */
int cli_choice(const char *value, const char *const *names, int count);

/* Options that each pick what a program does (--check-bind, --dump-obj,
 * --screenshot): given[i] says whether names[i] was on the command line.
 * False, with "--a and --b cannot be used together", when two or more were:
 * a program would otherwise do one and silently drop the other (programs
 * then exit 2, as for any bad command line). */
bool cli_exclusive(int count, const char *const *names, const bool *given, sa_error *err);

/* Writes the usage text for --help: options, then keys. */
void cli_print_usage(const cli_spec *spec, FILE *to);
/* Writes the keys alone (the H key prints these). */
void cli_print_keys(const cli_spec *spec, FILE *to);

#endif
