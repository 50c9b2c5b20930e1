/* ch03_gltf_loader: a glTF 2.0 scene in its rest pose, loaded by our own code.
 *
 * Chapter 03 writes a JSON reader (json.c) and a glTF loader (gltf.c,
 * accessor.c): buffers -> bufferViews -> accessors -> meshes, nodes, skins,
 * animations, materials and images, all checked and decoded on the CPU into
 * plain arrays. This program uploads those arrays, then draws every node of
 * the scene at the transform stored in the file, parents applied:
 *
 *     world_from_node = world_from_parent * parent_from_node
 *
 * Animations and skins are loaded (see --check) and first used in chapter 04.
 *
 *   ch03_gltf_loader                                 the chapter's sample scene
 *   ch03_gltf_loader --model FILE.gltf|FILE.glb      any glTF 2.0 file
 *   ch03_gltf_loader --model FILE --check            load only, print the counts
 *
 * Keys: A world axes, B bounds, W wireframe (common).
 */
#include "common/app.h"
#include "common/debug_draw.h"
#include "common/lit.h"
#include "gltf.h"
#include "common/mesh.h"
#include "common/shader.h"
#include "common/texture.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "chapters/03_gltf_loader/models/sample_scene.gltf"

static bool check_only = false;
static const cli_option options_extra[] = {
    {"--check", CLI_FLAG, &check_only, NULL, "load the model, print its counts and exit (no window)"},
};
static const cli_key keys[] = {{"A", "toggle the world axes"}, {"B", "toggle the scene's bounding box"}};
static const cli_spec spec = {
    .program = "ch03_gltf_loader",
    .summary = "a glTF 2.0 scene in its rest pose, loaded by a hand-written JSON reader and glTF loader",
    .takes_model = true,
    .extra = options_extra,
    .extra_count = 1,
    .keys = keys,
    .key_count = 2,
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

/* The vertex the lit shader reads; the loader's separate arrays are
 * interleaved into it once, at upload. */
typedef struct draw_vertex {
    float position[3];
    float normal[3];
    float texcoord[2];
} draw_vertex;

static const vertex_attribute draw_attributes[] = {
    {ATTRIB_POSITION, 3, GL_FLOAT, false, false, offsetof(draw_vertex, position)},
    {ATTRIB_NORMAL, 3, GL_FLOAT, false, false, offsetof(draw_vertex, normal)},
    {ATTRIB_TEXCOORD, 2, GL_FLOAT, false, false, offsetof(draw_vertex, texcoord)},
};
static const vertex_layout draw_layout = {draw_attributes, 3, sizeof(draw_vertex)};

static bool upload_primitive(const gltf_primitive *prim, gpu_mesh *out, sa_error *err)
{
    draw_vertex *v = malloc((prim->vertex_count ? prim->vertex_count : 1) * sizeof *v);
    if (!v)
        return sa_error_set(err, "out of memory");
    for (size_t i = 0; i < prim->vertex_count; i++) {
        memcpy(v[i].position, prim->positions[i], sizeof v[i].position);
        memcpy(v[i].normal, prim->normals[i], sizeof v[i].normal);
        v[i].texcoord[0] = prim->texcoords ? prim->texcoords[i][0] : 0.0f;
        v[i].texcoord[1] = prim->texcoords ? prim->texcoords[i][1] : 0.0f;
    }
    bool ok = gpu_mesh_upload(out, &draw_layout, v, prim->vertex_count, prim->triangle_indices,
                              prim->triangle_count * 3, 4, false, err);
    free(v);
    return ok;
}

/* [listing world_from_node] */
/* world_from_node for every node below `root`, parents before children (the
 * loader has checked that each node has one parent and there is no cycle).
 * An explicit stack, not recursion: a file may nest nodes thousands deep.
 * Each node is pushed once, so `stack` needs room for node_count entries. */
static void compute_world(const gltf_document *doc, int root, int *stack, mat4 *world_from_node, bool *in_scene)
{
    mat4 identity = GLM_MAT4_IDENTITY_INIT;
    int top = 0;
    stack[top++] = root;
    while (top > 0) {
        int node = stack[--top];
        int parent = doc->nodes[node].parent;
        mat4 parent_from_node;
        memcpy(parent_from_node, doc->nodes[node].matrix, sizeof parent_from_node);
        glm_mat4_mul(parent >= 0 ? world_from_node[parent] : identity, parent_from_node, world_from_node[node]);
        in_scene[node] = true;
        for (int k = 0; k < doc->nodes[node].child_count; k++)
            stack[top++] = doc->nodes[node].children[k];
    }
}
/* [/listing] */

/* The scene's bounds in world space: the 8 corners of each primitive's box. */
static void scene_bounds(const gltf_document *doc, const bool *in_scene, mat4 *world_from_node, vec3 lo, vec3 hi)
{
    glm_vec3_fill(lo, 1e30f);
    glm_vec3_fill(hi, -1e30f);
    for (int n = 0; n < doc->node_count; n++) {
        if (!in_scene[n] || doc->nodes[n].mesh < 0)
            continue;
        const gltf_mesh *mesh = &doc->meshes[doc->nodes[n].mesh];
        for (int p = 0; p < mesh->primitive_count; p++) {
            const gltf_primitive *prim = &mesh->primitives[p];
            if (prim->skipped)
                continue;
            for (int c = 0; c < 8; c++) {
                vec4 corner = {c & 1 ? prim->bounds_max[0] : prim->bounds_min[0],
                               c & 2 ? prim->bounds_max[1] : prim->bounds_min[1],
                               c & 4 ? prim->bounds_max[2] : prim->bounds_min[2], 1.0f};
                vec4 world;
                glm_mat4_mulv(world_from_node[n], corner, world);
                glm_vec3_minv(lo, world, lo);
                glm_vec3_maxv(hi, world, hi);
            }
        }
    }
    if (lo[0] > hi[0]) { /* nothing to draw */
        glm_vec3_fill(lo, -1.0f);
        glm_vec3_fill(hi, 1.0f);
    }
}

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

    /* The nodes to draw: the default scene, or every root when there is none. */
    size_t node_slots = (size_t)doc.node_count + 1;
    bool *in_scene = calloc(node_slots, sizeof *in_scene);
    mat4 *world_from_node = malloc(node_slots * sizeof *world_from_node);
    int *stack = malloc(node_slots * sizeof *stack);
    if (!in_scene || !world_from_node || !stack) {
        free(in_scene);
        free(world_from_node);
        free(stack);
        gltf_free(&doc);
        sa_error_set(&err, "out of memory");
        return app_fail(&err);
    }
    mat4 identity = GLM_MAT4_IDENTITY_INIT;
    for (int n = 0; n < doc.node_count; n++)
        glm_mat4_identity(world_from_node[n]);
    /* (The loader has checked that a scene lists only roots.) */
    if (doc.scene >= 0) {
        for (int k = 0; k < doc.scenes[doc.scene].node_count; k++)
            compute_world(&doc, doc.scenes[doc.scene].nodes[k], stack, world_from_node, in_scene);
    } else {
        for (int n = 0; n < doc.node_count; n++)
            if (doc.nodes[n].parent < 0)
                compute_world(&doc, n, stack, world_from_node, in_scene);
    }
    free(stack);
    vec3 bounds_min, bounds_max;
    scene_bounds(&doc, in_scene, world_from_node, bounds_min, bounds_max);

    app a;
    if (!app_open(&a, &spec, &options, &err)) {
        free(in_scene);
        free(world_from_node);
        gltf_free(&doc);
        return app_fail(&err);
    }
    orbit_camera_frame_bounds(&a.camera, bounds_min, bounds_max);

    shader_program lit = {0};
    debug_draw lines = {0};
    texture_cache textures;
    texture_cache_init(&textures);
    bool ok = lit_load(&lit, &err) && debug_draw_init(&lines, &err);

    /* One GPU mesh per primitive, one texture per image (sRGB: base colour). */
    /* gpu[first_slot[m] + p] is primitive p of mesh m. */
    int primitive_total = 0;
    int *first_slot = malloc(((size_t)doc.mesh_count + 1) * sizeof *first_slot);
    for (int m = 0; first_slot && m < doc.mesh_count; m++) {
        first_slot[m] = primitive_total;
        primitive_total += doc.meshes[m].primitive_count;
    }
    gpu_mesh *gpu = calloc((size_t)primitive_total + 1, sizeof *gpu);
    GLuint *image_textures = calloc((size_t)doc.image_count + 1, sizeof *image_textures);
    ok = ok && first_slot && gpu && image_textures;
    for (int m = 0, slot = 0; ok && m < doc.mesh_count; m++)
        for (int p = 0; ok && p < doc.meshes[m].primitive_count; p++, slot++)
            if (!doc.meshes[m].primitives[p].skipped)
                ok = upload_primitive(&doc.meshes[m].primitives[p], &gpu[slot], &err);
    for (int i = 0; ok && i < doc.image_count; i++)
        if (doc.images[i].pixels.pixels)
            image_textures[i] = texture_upload(&doc.images[i].pixels, TEXTURE_SRGB);

    bool show_axes = true, show_bounds = false;
    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested && !shader_program_reload(&lit, &err))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        if (app_key_pressed(&a, GLFW_KEY_A))
            show_axes = !show_axes;
        if (app_key_pressed(&a, GLFW_KEY_B))
            show_bounds = !show_bounds;

        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        lit_begin_frame(&lit, clip_from_world);

        /* [listing draw_nodes] */
        for (int n = 0; n < doc.node_count; n++) {
            if (!in_scene[n] || doc.nodes[n].mesh < 0)
                continue;
            lit_set_model(&lit, world_from_node[n]);
            int slot = first_slot[doc.nodes[n].mesh];
            const gltf_mesh *mesh = &doc.meshes[doc.nodes[n].mesh];
            for (int p = 0; p < mesh->primitive_count; p++) {
                if (mesh->primitives[p].skipped)
                    continue;
                int mi = mesh->primitives[p].material;
                gltf_material material = mi >= 0 ? doc.materials[mi] : gltf_material_default();
                GLuint texture = texture_cache_white(&textures);
                if (material.base_color_texture >= 0 && doc.textures[material.base_color_texture].source >= 0 &&
                    image_textures[doc.textures[material.base_color_texture].source])
                    texture = image_textures[doc.textures[material.base_color_texture].source];
                lit_set_material(&lit, material.base_color_factor, texture);
                gpu_mesh_draw(&gpu[slot + p]);
            }
        }
        /* [/listing] */

        if (show_axes)
            debug_draw_axes(&lines, identity, 1.0f);
        if (show_bounds)
            debug_draw_box(&lines, bounds_min, bounds_max, (vec3){1.0f, 0.85f, 0.2f});
        debug_draw_flush(&lines, clip_from_world, 6.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    for (int i = 0; gpu && i < primitive_total; i++)
        gpu_mesh_unload(&gpu[i]);
    for (int i = 0; image_textures && i < doc.image_count; i++)
        if (image_textures[i])
            glDeleteTextures(1, &image_textures[i]);
    free(gpu);
    free(first_slot);
    free(image_textures);
    free(in_scene);
    free(world_from_node);
    debug_draw_free(&lines);
    shader_program_unload(&lit);
    texture_cache_free(&textures);
    app_close(&a);
    gltf_free(&doc);
    return ok ? 0 : app_fail(&err);
}
