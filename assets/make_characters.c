/* make_characters: writes the project's own glTF models.
 *
 *   make_characters --out DIR                 write every model into DIR
 *   make_characters --out DIR --compare REF   ... then fail (exit 1) when any
 *                                             file differs from REF/<same name>
 *   make_characters --out DIR --preview PICS  ... and draw the models into
 *                                             PICS/appendix-*.png (the book's)
 *
 * The files are committed under assets/models/; `cmake --build build --target
 * assets_regenerate` rewrites them, and the test assets_are_fresh runs the
 * second form so that a change to the generator cannot go unnoticed.
 * The output depends on nothing but this code: running it twice gives the
 * same bytes.
 */
#include "characters.h"
#include "common/files.h"
#include "common/platform.h"
#include "preview.h"

#include <math.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef bool (*make_function)(gltf_out_document *doc, sa_error *err);

static bool make_humanoid_document(gltf_out_document *doc, sa_error *err);

static const struct {
    const char *file;
    make_function make;
    gltf_out_container container;
} models[] = {
    {"tube.gltf", make_tube, GLTF_OUT_JSON},
    {"tube.glb", make_tube, GLTF_OUT_GLB},
    {"humanoid.gltf", make_humanoid_document, GLTF_OUT_JSON},
    {"stairs.gltf", make_stairs, GLTF_OUT_JSON},
};
#define MODEL_COUNT (sizeof models / sizeof models[0])

/* The files written, in order, for --compare. */
static const char *written[MODEL_COUNT + 1];
static int written_count;

/* The humanoid also makes its texture; it is saved here. */
static const char *out_dir;
/* Where the pictures go (--preview), or NULL. */
static const char *preview_dir;
/* The humanoid's texture, kept for the preview. */
static image_rgba8 humanoid_texture;

static bool write_file(const char *name, const void *bytes, size_t size, sa_error *err)
{
    char path[SA_PATH_MAX];
    sa_path_join(out_dir, name, path, sizeof path);
    FILE *f = fopen(path, "wb");
    if (!f)
        return sa_error_set(err, "%s: cannot open for writing", path);
    bool ok = fwrite(bytes, 1, size, f) == size;
    ok = fclose(f) == 0 && ok;
    if (!ok)
        return sa_error_set(err, "%s: cannot write", path);
    written[written_count++] = name;
    return true;
}

static bool make_humanoid_document(gltf_out_document *doc, sa_error *err)
{
    image_rgba8 texture = {0};
    if (!make_humanoid(doc, &texture, err))
        return false;
    char path[SA_PATH_MAX];
    sa_path_join(out_dir, HUMANOID_TEXTURE_FILE, path, sizeof path);
    bool ok = image_write_png(path, &texture, err);
    image_free(&humanoid_texture);
    humanoid_texture = texture;
    if (ok)
        written[written_count++] = HUMANOID_TEXTURE_FILE;
    return ok;
}

/* One panel of a picture: the model posed by `animation` at `time`, seen
 * from the front (+Z), the character's left (+X) or above the stairs. */
typedef struct panel {
    int animation;
    float time;
    char view;          /* 'f' front, 's' side, 'q' three-quarter from above */
    float morph[4];     /* the first morph targets' weights (the humanoid's face) */
    double frame_min_y; /* frame only what is above this height (0: all) */
} panel;

static bool draw_panels(const gltf_out_document *doc, const char *picture, const panel *panels, int count,
                        sa_error *err)
{
    enum { PANEL_W = 300, PANEL_H = 420 };
    image_rgba8 sheet = {PANEL_W * count, PANEL_H, calloc((size_t)PANEL_W * count * PANEL_H, 4)};
    image_rgba8 one = {PANEL_W, PANEL_H, malloc((size_t)PANEL_W * PANEL_H * 4)};
    bool ok = sheet.pixels && one.pixels;
    if (!ok)
        sa_error_set(err, "preview: out of memory");
    for (int i = 0; ok && i < count; i++) {
        preview_request req = {.animation = panels[i].animation,
                               .time = panels[i].time,
                               .texture = humanoid_texture.pixels ? &humanoid_texture : NULL,
                               .frame_min_y = panels[i].frame_min_y};
        memcpy(req.morph_weights, panels[i].morph, sizeof panels[i].morph);
        double pitch = 0.5, c = cos(pitch), s = sin(pitch);
        double front[2][3] = {{1, 0, 0}, {0, 1, 0}}, side[2][3] = {{0, 0, -1}, {0, 1, 0}};
        /* looking along d = (0.6c, -s, 0.8c) with right = (-0.8, 0, 0.6): up = right x d */
        double quarter[2][3] = {{-0.8, 0, 0.6}, {0.6 * s, c, 0.8 * s}};
        double(*axes)[3] = panels[i].view == 'f' ? front : panels[i].view == 's' ? side : quarter;
        memcpy(req.right, axes[0], sizeof req.right);
        memcpy(req.up, axes[1], sizeof req.up);
        ok = preview_render(doc, &req, &one, err);
        for (int row = 0; ok && row < PANEL_H; row++)
            memcpy(sheet.pixels + ((size_t)row * (size_t)sheet.width + (size_t)i * PANEL_W) * 4,
                   one.pixels + (size_t)row * PANEL_W * 4, PANEL_W * 4);
    }
    char path[SA_PATH_MAX];
    sa_path_join(preview_dir, picture, path, sizeof path);
    ok = ok && image_write_png(path, &sheet, err);
    free(sheet.pixels);
    free(one.pixels);
    return ok;
}

static bool draw_previews(const char *file, const gltf_out_document *doc, sa_error *err)
{
    if (strcmp(file, "humanoid.gltf") == 0) {
        static const panel panels[] = {{.animation = -1, .view = 'f'},
                                       {.animation = -1, .view = 's'},
                                       {.animation = 0, .time = 1.0f, .view = 'f'},
                                       {.animation = 1, .time = 0.25f, .view = 'f'}};
        /* the face, from above the shoulders: bind, blink_left + blink_right,
         * jaw_open, smile, each at weight 1 */
        static const panel face[] = {{.animation = -1, .view = 'f', .frame_min_y = 1.5},
                                     {.animation = -1, .view = 'f', .morph = {1, 1, 0, 0}, .frame_min_y = 1.5},
                                     {.animation = -1, .view = 'f', .morph = {0, 0, 1, 0}, .frame_min_y = 1.5},
                                     {.animation = -1, .view = 'f', .morph = {0, 0, 0, 1}, .frame_min_y = 1.5}};
        return draw_panels(doc, "appendix-humanoid.png", panels, 4, err) &&
               draw_panels(doc, "appendix-face.png", face, 4, err);
    }
    if (strcmp(file, "tube.gltf") == 0) {
        static const panel panels[] = {{.animation = -1, .view = 'f'},
                                       {.animation = 0, .time = 0.5f, .view = 'f'},
                                       {.animation = 0, .time = 1.5f, .view = 'f'}};
        return draw_panels(doc, "appendix-tube.png", panels, 3, err);
    }
    if (strcmp(file, "stairs.gltf") == 0) {
        static const panel panels[] = {{.animation = -1, .view = 'q'}};
        return draw_panels(doc, "appendix-stairs.png", panels, 1, err);
    }
    return true;
}

static bool make_one(int index, sa_error *err)
{
    gltf_out_document *doc = calloc(1, sizeof *doc);
    if (!doc)
        return sa_error_set(err, "out of memory");
    gltf_out_init(doc, "Skeletal Animation from Scratch, assets/make_characters.c");
    unsigned char *bytes = NULL;
    size_t size = 0;
    bool ok = models[index].make(doc, err) && gltf_out_encode(doc, models[index].container, &bytes, &size, err) &&
              write_file(models[index].file, bytes, size, err) &&
              (!preview_dir || draw_previews(models[index].file, doc, err));
    free(bytes);
    gltf_out_free(doc);
    free(doc);
    if (!ok)
        sa_error_prefix(err, "%s", models[index].file);
    return ok;
}

/* Compares every written file with its namesake in `reference`; prints one
 * line per difference and returns how many differ. */
static int compare_with(const char *reference)
{
    int differ = 0;
    for (int i = 0; i < written_count; i++) {
        char fresh_path[SA_PATH_MAX], old_path[SA_PATH_MAX];
        sa_path_join(out_dir, written[i], fresh_path, sizeof fresh_path);
        sa_path_join(reference, written[i], old_path, sizeof old_path);
        char *fresh = NULL, *old = NULL;
        size_t fresh_size = 0, old_size = 0;
        sa_error err;
        if (!sa_file_read(fresh_path, &fresh, &fresh_size, &err) || !sa_file_read(old_path, &old, &old_size, &err)) {
            fprintf(stderr, "error: %s\n", err.message);
            differ++;
        } else if (fresh_size != old_size || memcmp(fresh, old, fresh_size) != 0) {
            fprintf(stderr, "error: %s differs from a fresh generation (%zu bytes, fresh %zu)\n", old_path, old_size,
                    fresh_size);
            differ++;
        }
        free(fresh);
        free(old);
    }
    return differ;
}

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* its lines end in "\n" on Windows too */
    const char *compare = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out_dir = argv[++i];
        } else if (strcmp(argv[i], "--compare") == 0 && i + 1 < argc) {
            compare = argv[++i];
        } else if (strcmp(argv[i], "--preview") == 0 && i + 1 < argc) {
            preview_dir = argv[++i];
        } else if (strcmp(argv[i], "--help") == 0) {
            printf("usage: make_characters --out DIR [--compare REFERENCE_DIR] [--preview PICTURE_DIR]\n");
            return 0;
        } else {
            fprintf(stderr, "error: unknown argument '%s' (usage: make_characters --out DIR [--compare DIR])\n",
                    argv[i]);
            return 2;
        }
    }
    if (!out_dir) {
        fprintf(stderr, "error: --out DIR is required (usage: make_characters --out DIR [--compare DIR])\n");
        return 2;
    }
    if (!sa_mkdir(out_dir, NULL)) {
        fprintf(stderr, "error: %s: cannot create the folder\n", out_dir);
        return 1;
    }
    if (preview_dir && !sa_mkdir(preview_dir, NULL)) {
        fprintf(stderr, "error: %s: cannot create the folder\n", preview_dir);
        return 1;
    }
    for (size_t i = 0; i < MODEL_COUNT; i++) {
        sa_error err;
        if (!make_one((int)i, &err)) {
            fprintf(stderr, "error: %s\n", err.message);
            image_free(&humanoid_texture);
            return 1;
        }
    }
    image_free(&humanoid_texture);
    if (compare) {
        int differ = compare_with(compare);
        if (differ) {
            fprintf(stderr,
                    "error: %d committed asset file(s) are stale: run "
                    "`cmake --build <build dir> --target assets_regenerate` and commit them\n",
                    differ);
            return 1;
        }
        printf("%d files match %s\n", written_count, compare);
    } else {
        printf("wrote %d files into %s\n", written_count, out_dir);
    }
    return 0;
}
