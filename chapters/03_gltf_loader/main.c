/* ch03_gltf_loader: a glTF 2.0 scene in its rest pose, loaded by our own code.
 *
 * Chapter 03 writes a JSON reader (json.c) and a glTF loader (gltf_load.c
 * and a file per step, accessor.c): buffers -> bufferViews -> accessors -> meshes, nodes, skins,
 * animations, materials and images, all checked and decoded on the CPU into
 * plain arrays. This program places every node of the scene at the
 * transform stored in the file, parents applied (scene.c):
 *
 *     world_from_node = world_from_parent * parent_from_node
 *
 * then uploads the arrays and draws the nodes (scene_gl.c, the GPU side that
 * every later chapter uses too). Animations and skins are loaded (see
 * --check) and first used in chapter 04.
 *
 *   ch03_gltf_loader                                 the chapter's sample scene
 *   ch03_gltf_loader --model FILE.gltf|FILE.glb      any glTF 2.0 file
 *   ch03_gltf_loader --model FILE --check            load only, print the counts
 *
 * Keys: A world axes, B bounds, N normals as lines, C colour by normal,
 * W wireframe (common).
 */
#include "gltf.h"
#include "scene.h"
#include "scene_gl.h"

#include "common/app.h"
#include "common/debug_draw.h"
#include "common/lit.h"

#include <stdio.h>

#define DEFAULT_MODEL "chapters/03_gltf_loader/models/sample_scene.gltf"

static bool check_only = false;
static const cli_option options_extra[] = {
    {"--check", CLI_FLAG, &check_only, NULL, "load the model, print its counts and exit (no window)"},
};
static const cli_key keys[] = {
    {"A", "toggle the world axes"},
    {"B", "toggle the scene's bounding box"},
    {"N", "toggle the vertex normals drawn as lines"},
    {"C", "toggle colouring surfaces by their normal (x, y, z as red, green, blue)"},
};
static const cli_spec spec = {
    .program = "ch03_gltf_loader",
    .summary = "a glTF 2.0 scene in its rest pose, loaded by a hand-written JSON reader and glTF loader",
    .takes_model = true,
    .extra = options_extra,
    .extra_count = 1,
    .keys = keys,
    .key_count = 4,
};

/* [listing check_counts] */
static void print_counts(const gltf_document *doc)
{
    size_t primitives = 0, vertices = 0, triangles = 0, joints = 0, channels = 0;
    for (int m = 0; m < doc->mesh_count; m++)
        for (int p = 0; p < doc->meshes[m].primitive_count; p++) {
            const gltf_primitive *prim = &doc->meshes[m].primitives[p];
            primitives++;
            vertices += doc->accessors[prim->position].count; /* POSITION count, skipped or not */
            triangles += prim->triangle_count;                /* after strip/fan conversion */
        }
    for (int s = 0; s < doc->skin_count; s++)
        joints += (size_t)doc->skins[s].joint_count;
    for (int a = 0; a < doc->animation_count; a++)
        channels += (size_t)doc->animations[a].channel_count;
    printf("meshes: %d\nprimitives: %zu\nvertices: %zu\ntriangles: %zu\nnodes: %d\nskins: %d\njoints: %zu\n"
           "animations: %d\nchannels: %zu\nmaterials: %d\ntextures: %d\nimages: %d\n",
           doc->mesh_count, primitives, vertices, triangles, doc->node_count, doc->skin_count, joints,
           doc->animation_count, channels, doc->material_count, doc->texture_count, doc->image_count);
}
/* [/listing] */

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;

    sa_error err;
    char model_path[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, model_path, sizeof model_path, &err))
        return app_fail(&err);
    gltf_document doc;
    if (!gltf_load(model_path, NULL, &doc, &err))
        return app_fail(&err);
    if (doc.note_count)
        fprintf(stderr, "note: %s: %s (%d note%s)\n", model_path, doc.note, doc.note_count,
                doc.note_count > 1 ? "s" : "");
    if (check_only) {
        print_counts(&doc);
        gltf_free(&doc);
        return 0;
    }

    /* The scene in its rest pose: every node's world_from_node. */
    scene_nodes nodes;
    if (!scene_nodes_rest(&doc, &nodes, &err)) {
        gltf_free(&doc);
        return app_fail(&err);
    }
    vec3 bounds_min, bounds_max, size;
    scene_bounds(&doc, nodes.world_from_node, nodes.shown, bounds_min, bounds_max);
    glm_vec3_sub(bounds_max, bounds_min, size);
    float normal_length = 0.02f * glm_vec3_norm(size);

    app a;
    if (!app_open(&a, &spec, &options, &err)) {
        scene_nodes_free(&nodes);
        gltf_free(&doc);
        return app_fail(&err);
    }
    orbit_camera_frame_bounds(&a.camera, bounds_min, bounds_max);

    shader_program lit = {0};
    debug_draw lines = {0};
    scene_gl gpu = {0};
    bool ok = lit_load(&lit, &err) && debug_draw_init(&lines, &err);
    if (ok && !scene_gl_upload(&gpu, &doc, NULL, &err))
        ok = sa_error_prefix(&err, "%s", model_path);

    bool show_axes = true, show_bounds = false, show_normals = false, normal_colors = false;
    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested && !shader_program_reload(&lit, &err))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        if (app_key_pressed(&a, GLFW_KEY_A))
            show_axes = !show_axes;
        if (app_key_pressed(&a, GLFW_KEY_B))
            show_bounds = !show_bounds;
        if (app_key_pressed(&a, GLFW_KEY_N))
            show_normals = !show_normals;
        if (app_key_pressed(&a, GLFW_KEY_C))
            normal_colors = !normal_colors;

        mat4 clip_from_world, identity = GLM_MAT4_IDENTITY_INIT;
        app_clip_from_world(&a, clip_from_world);
        lit_begin_frame(&lit, clip_from_world);
        lit_set_normal_colors(&lit, normal_colors);
        scene_gl_draw(&gpu, &doc, &lit, nodes.world_from_node, nodes.shown);

        if (show_axes)
            debug_draw_axes(&lines, identity, 1.0f);
        if (show_bounds)
            debug_draw_box(&lines, bounds_min, bounds_max, (vec3){1.0f, 0.85f, 0.2f});
        if (show_normals)
            scene_gl_draw_normals(&doc, nodes.world_from_node, nodes.shown, normal_length, (vec3){0.9f, 0.8f, 0.2f},
                                  &lines);
        debug_draw_flush(&lines, clip_from_world, 6.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    scene_gl_free(&gpu);
    debug_draw_free(&lines);
    shader_program_unload(&lit);
    app_close(&a);
    scene_nodes_free(&nodes);
    gltf_free(&doc);
    return ok ? 0 : app_fail(&err);
}
