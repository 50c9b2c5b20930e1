/* walk_export.c: --export (chapter 10), see walk_export.h. */
#include "walk_export.h"

#include "assets/characters.h"
#include "assets/gltf_writer.h"
#include "common/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int node_named(const gltf_out_document *doc, const char *name)
{
    for (int n = 0; n < doc->node_count; n++)
        if (strcmp(doc->nodes[n].name, name) == 0)
            return n;
    return -1;
}

/* [listing walk_export_clip] */
/* One clip as a glTF animation: every track as a LINEAR channel, the
 * pelvis's translation with its travel put back (in place + travel = the
 * authored pelvis), the events as extras. */
static bool export_clip(gltf_out_document *doc, const skeleton *nodes, const walk_clip *w, sa_error *err)
{
    int animation = gltf_out_add_animation(doc, w->c.name);
    for (int t = 0; animation >= 0 && t < w->c.track_count; t++) {
        const track *tr = &w->c.tracks[t];
        int node = node_named(doc, nodes->name[tr->joint]);
        if (node < 0)
            return sa_error_set(err, "export: the humanoid has no node '%s'", nodes->name[tr->joint]);
        size_t count = (size_t)tr->key_count * (size_t)tr->components;
        float *values = malloc(count * sizeof *values);
        if (!values)
            return sa_error_set(err, "export: out of memory");
        memcpy(values, tr->values, count * sizeof *values);
        bool pelvis = tr->joint == w->g.hips && tr->path == TRACK_TRANSLATION;
        for (int k = 0; pelvis && k < tr->key_count; k++)
            glm_vec3_add(&values[3 * k], &w->rm.travel[3 * k], &values[3 * k]);
        static const char *const paths[] = {"translation", "rotation", "scale"};
        gltf_out_add_channel(doc, animation, node, paths[tr->path], tr->times, values, (size_t)tr->key_count);
        free(values);
    }
    for (int e = 0; animation >= 0 && e < w->c.event_count; e++)
        gltf_out_add_event(doc, animation, w->c.events[e].name, w->c.events[e].time);
    return true; /* a full table shows in doc->failure, which gltf_out_encode reports */
}
/* [/listing] */

bool walk_export(const char *path, const skeleton *nodes, const walk_clip *clips, int count, sa_error *err)
{
    if (strcmp(path, "-") == 0)
        return sa_error_set(err, "--export: give a file name (its texture is written beside it)");
    gltf_out_document *doc = calloc(1, sizeof *doc);
    if (!doc)
        return sa_error_set(err, "export: out of memory");
    image_rgba8 texture = {0};
    bool ok = make_humanoid(doc, &texture, err);
    for (int i = 0; ok && i < count; i++)
        ok = export_clip(doc, nodes, &clips[i], err);
    ok = ok && humanoid_export_write(path, doc, &texture, err);
    image_free(&texture);
    gltf_out_free(doc);
    free(doc);
    return ok;
}

bool humanoid_export_write(const char *path, const gltf_out_document *doc, const image_rgba8 *texture, sa_error *err)
{
    unsigned char *bytes = NULL;
    size_t size = 0;
    bool ok = gltf_out_encode(doc, GLTF_OUT_JSON, &bytes, &size, err);
    if (ok) {
        FILE *out = sa_output_open(path, err);
        ok = out && fwrite(bytes, 1, size, out) == size;
        ok = out ? sa_output_close(out, path, ok, err) : false;
    }
    if (ok) { /* the texture beside the file, where its image's uri points */
        char dir[SA_PATH_MAX], png[SA_PATH_MAX];
        sa_path_dirname(path, dir, sizeof dir);
        sa_path_join(dir, HUMANOID_TEXTURE_FILE, png, sizeof png);
        ok = image_write_png(png, texture, err);
    }
    free(bytes);
    return ok;
}
