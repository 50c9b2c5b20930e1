/* ch12_data_oriented: a crowd animated on the SoA stage (chapter 12).
 *
 * N humanoids on a grid on the ground, each playing chapter 09's crowd
 * fades (crowd_bench.h: the model's clips in turn, always in a crossfade,
 * each character with its own phase; a model of one clip, such as the
 * Khronos CesiumMan, plays it alone at spread phases). Every frame, on the CPU, four joints
 * at a time (crowd_soa.h): soa_clip_sample from the 16-bit keys, soa_blend,
 * soa_local_to_model, soa_skin_matrices into one array for the whole crowd;
 * then one upload of that array into a 2D texture and one instanced draw
 * per primitive for every character (crowd_view.h, shaders/crowd_skin.vert).
 * The overlay gives the count, the float4 backend (common/float4.h) and
 * each stage's nanoseconds per character, the mean of the last 60 frames:
 * sample, blend, local_to_model and skin_matrices on the thread's CPU clock
 * (sa_time_stage), draw on the monotonic clock (the CPU's side of the
 * upload and the draw calls: the GPU runs them later).
 *
 *   ch12_data_oriented                    100 humanoids
 *   ch12_data_oriented --characters 1000
 *   ch12_data_oriented --check-soa        the SoA stage against chapter 09's on every clip, no window
 *   ch12_data_oriented --check-soa --quantization-only   the same with bounds that leave nlerp out
 *
 * The clock steps the crowd in frames of 1/60 s (frame floor(60 t) at time
 * t), so that --time T shows the same crowd on every machine.
 * Keys (H lists them): [ ] half / twice the characters.
 */
#include "check_soa.h"
#include "crowd_soa.h"
#include "crowd_view.h"

#include "chapters/04_bone_tree/text_lines.h"
#include "common/app.h"
#include "common/debug_draw.h"
#include "common/float4.h"
#include "common/platform.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"
#define DEFAULT_CHARACTERS 100
#define CHARACTERS_MAX 16384
#define HISTORY 60 /* frames of the overlay's means */

enum { STAGE_DRAW = CROWD_ANIMATION_STAGES, STAGES_SHOWN };
static const char *const stage_names[STAGES_SHOWN] = {"sample", "blend", "local_to_model", "skin_matrices", "draw"};

static int characters_option = DEFAULT_CHARACTERS;
static bool check_soa_option = false, quantization_only = false;
static const cli_option options_extra[] = {
    {"--characters", CLI_INT, &characters_option, "N", "the crowd's size (default 100)"},
    {"--check-soa", CLI_FLAG, &check_soa_option, NULL,
     "the SoA stage against chapter 09's on every clip of the model, no window: the worst differences and their "
     "bounds; exit 1 over a bound"},
    {"--quantization-only", CLI_FLAG, &quantization_only, NULL,
     "with --check-soa: bounds without nlerp's terms, as if nlerp were slerp (where keys or blends turn far the "
     "check must then fail: its own test)"},
};
static const cli_key keys[] = {
    {"[ ]", "half / twice the characters"},
};
static const char *const modes[] = {"--check-soa", "--screenshot"};
static const cli_spec spec = {
    .program = "ch12_data_oriented",
    .summary = "a crowd animated four joints at a time (SoA), drawn GPU-skinned in one instanced call",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

static int run_window(crowd_scene *s, app_options *options);

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    const char *model = options.model ? options.model : DEFAULT_MODEL;
    if (quantization_only && !check_soa_option) {
        fprintf(stderr, "error: --quantization-only is for --check-soa\n");
        return 2;
    }
    if (check_soa_option)
        return check_soa(model, quantization_only);
    if (characters_option < 1 || characters_option > CHARACTERS_MAX) {
        fprintf(stderr, "error: --characters: %d is not 1 .. %d\n", characters_option, CHARACTERS_MAX);
        return 2;
    }
    sa_error err;
    crowd_scene s;
    if (!crowd_scene_load(model, &s, &err)) {
        crowd_scene_free(&s);
        return app_fail(&err);
    }
    soa_note_morph_weights(model, s.clips, s.clip_count);
    status = run_window(&s, &options);
    crowd_scene_free(&s);
    return status;
}

/* --- the window --------------------------------------------------------------- */

/* The mean of the first n of history (n >= 1). A mean, not a median: a
 * browser's clock moves in steps of up to 0.1 ms (performance.now()), longer
 * than a stage of a small crowd, and only the mean of many frames' readings
 * comes near the time between the steps. */
static double mean(const double *history, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += history[i];
    return sum / n;
}

/* The ground: the grid's squares as lines at the feet (y = floor_y). */
static void draw_ground(debug_draw *lines, const crowd_grid *g, int count, float floor_y)
{
    int rows = (count + g->columns - 1) / g->columns;
    float x0 = g->origin[0] - 0.5f * g->spacing[0], z0 = g->origin[2] - 0.5f * g->spacing[1];
    float x1 = x0 + g->spacing[0] * (float)g->columns, z1 = z0 + g->spacing[1] * (float)rows;
    const vec3 grey = {0.4f, 0.42f, 0.45f};
    for (int c = 0; c <= g->columns; c++) {
        float x = x0 + g->spacing[0] * (float)c;
        debug_draw_line(lines, (vec3){x, floor_y, z0}, (vec3){x, floor_y, z1}, grey);
    }
    for (int r = 0; r <= rows; r++) {
        float z = z0 + g->spacing[1] * (float)r;
        debug_draw_line(lines, (vec3){x0, floor_y, z}, (vec3){x1, floor_y, z}, grey);
    }
}

/* The camera frames the whole crowd standing on its grid. */
static void frame_crowd(app *a, const crowd_grid *g, int count, const vec3 lo, const vec3 hi)
{
    int rows = (count + g->columns - 1) / g->columns;
    vec3 box_lo = {g->origin[0] + lo[0], lo[1], g->origin[2] + lo[2]};
    vec3 box_hi = {g->origin[0] + g->spacing[0] * (float)(g->columns - 1) + hi[0], hi[1],
                   g->origin[2] + g->spacing[1] * (float)(rows - 1) + hi[2]};
    orbit_camera_frame_bounds(&a->camera, box_lo, box_hi);
    /* The box's sphere is far larger than a flat crowd seen from above:
     * closer, down to 0.7 of the distance, the flatter the box. */
    vec3 size;
    glm_vec3_sub(box_hi, box_lo, size);
    a->camera.distance *= 0.7f + 0.3f * size[1] / glm_vec3_norm(size);
}

static int run_window(crowd_scene *s, app_options *options)
{
    sa_error err;
    crowd_soa cw;
    if (!crowd_soa_init(&cw, s, characters_option, &err)) {
        crowd_soa_free(&cw);
        return app_fail(&err);
    }
    vec3 lo, hi; /* one character; a square is a little wider than its arms */
    crowd_view_character_bounds(s, lo, hi);
    float spacing = 1.25f * fmaxf(hi[0] - lo[0], hi[2] - lo[2]);
    crowd_grid grid = crowd_grid_square(cw.count, spacing);
    app a;
    if (!app_open(&a, &spec, options, &err)) {
        crowd_soa_free(&cw);
        return app_fail(&err);
    }
    crowd_view v;
    debug_draw lines = {0}, text = {0};
    bool ok = crowd_view_open(&v, s, &err) && debug_draw_init(&lines, &err) && debug_draw_init(&text, &err);
    if (ok && cw.count > v.max_characters)
        ok = sa_error_set(&err, "--characters %d: this GL's texture holds %d", cw.count, v.max_characters);
    frame_crowd(&a, &grid, cw.count, lo, hi);
    double history[STAGES_SHOWN][HISTORY];
    int history_count = 0, history_next = 0, draw_calls = 0;
    for (int p = 0; p < v.primitive_count; p++)
        draw_calls += v.meshes[p].vao != 0;
    while (ok && app_frame_begin(&a)) {
        int wanted = cw.count;
        if (app_key_pressed(&a, GLFW_KEY_LEFT_BRACKET))
            wanted = cw.count > 1 ? cw.count / 2 : 1;
        if (app_key_pressed(&a, GLFW_KEY_RIGHT_BRACKET))
            wanted = 2 * cw.count < v.max_characters ? 2 * cw.count : v.max_characters;
        if (wanted != cw.count) {
            ok = crowd_soa_resize(&cw, wanted, &err);
            grid = crowd_grid_square(cw.count, spacing);
            frame_crowd(&a, &grid, cw.count, lo, hi);
            history_count = history_next = 0; /* the means of this count only */
        }
        /* The clock in frames of 1/60 s (the 1e-6: 2.7 s is frame 162, not 161). */
        crowd_soa_advance_to(&cw, (int)floor(a.time * 60.0 + 1e-6));
        double seconds[STAGES_SHOWN];
        crowd_soa_animate(&cw, seconds);

        mat4 clip_from_world, clip_from_screen;
        app_clip_from_world(&a, clip_from_world);
        double t0 = sa_time_monotonic();
        ok = ok && crowd_view_upload(&v, cw.count, cw.skin_matrix, &err);
        crowd_view_draw(&v, s, cw.count, &grid, clip_from_world);
        seconds[STAGE_DRAW] = sa_time_monotonic() - t0;
        draw_ground(&lines, &grid, cw.count, lo[1]);
        debug_draw_flush(&lines, clip_from_world, 1.0f);

        for (int k = 0; k < STAGES_SHOWN; k++)
            history[k][history_next] = seconds[k] * 1e9 / cw.count;
        history_next = (history_next + 1) % HISTORY;
        history_count += history_count < HISTORY;
        /* stb_easy_font lines of 64 characters at most (text_lines.c): the stages on two */
        char rows[2][96];
        int at[2] = {0, 0};
        for (int k = 0; k < STAGES_SHOWN; k++) {
            int r = k < CROWD_SKIN_MATRICES ? 0 : 1;
            at[r] += snprintf(rows[r] + at[r], sizeof rows[r] - (size_t)at[r], "%s%s %.0f", at[r] ? "  " : "",
                              stage_names[k], mean(history[k], history_count));
        }
        snprintf(rows[1] + at[1], sizeof rows[1] - (size_t)at[1], " (CPU side)");
        char title[96], heading[64];
        snprintf(title, sizeof title, "%d characters, SoA on %s, %d instanced draw%s", cw.count, FLOAT4_BACKEND,
                 draw_calls, draw_calls == 1 ? "" : "s");
        snprintf(heading, sizeof heading, "ns per character, mean of the last %d frames:", history_count);
        text_clip_from_screen(a.width, a.height, clip_from_screen);
        const vec3 white = {1, 1, 1}, light = {0.85f, 0.85f, 0.85f};
        text_draw(&text, 10.0f, 8.0f, 1.5f, title, white);
        text_draw(&text, 10.0f, 28.0f, 1.2f, heading, light);
        text_draw(&text, 10.0f, 42.0f, 1.2f, rows[0], light);
        text_draw(&text, 10.0f, 56.0f, 1.2f, rows[1], light);
        text_draw(&text, 10.0f, 70.0f, 1.2f, "[ ] half / twice the characters  H keys", (vec3){0.7f, 0.7f, 0.7f});
        debug_draw_flush(&text, clip_from_screen, 1.0f);
        if (ok && !app_frame_end(&a, &err))
            ok = false;
    }
    debug_draw_free(&text);
    debug_draw_free(&lines);
    crowd_view_close(&v);
    app_close(&a);
    crowd_soa_free(&cw);
    return ok ? 0 : app_fail(&err);
}
