/* ch02_obj_loader: an OBJ model, lit and textured, loaded by our own parser.
 *
 * Chapter 02 reads Wavefront OBJ by hand (obj_load.c and its steps): the
 * attributes of a face corner are indexed separately in the file, the GPU
 * wants one index per vertex, so every (position, texcoord, normal) triple
 * is looked up in a hash map and becomes one vertex. Missing normals are
 * computed; materials come from the .mtl files, their textures are uploaded
 * as sRGB.
 *
 *   ch02_obj_loader                                  the project's textured torus
 *   ch02_obj_loader --model assets/models/cube.obj   any OBJ file
 *   ch02_obj_loader --model FILE --check             parse only, print the counts
 *   ch02_obj_loader --model FILE --z-up              the file is Z-up (CAD exports)
 *
 * Keys: W wireframe (common), N normals as lines, A world axes.
 */
#include "common/app.h"
#include "common/debug_draw.h"
#include "common/lit.h"
#include "common/mesh.h"
#include "obj.h"
#include "common/shader.h"
#include "common/texture.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MODEL "assets/models/torus.obj"

static bool check_only = false;
static bool z_up = false;
static bool z_up_positions_only = false;
static const cli_option options_extra[] = {
    {"--check", CLI_FLAG, &check_only, NULL, "parse the model, print its counts and exit (no window)"},
    {"--z-up", CLI_FLAG, &z_up, NULL, "the file is Z-up: turn positions and normals to Y-up on load"},
    {"--z-up-positions-only", CLI_FLAG, &z_up_positions_only, NULL,
     "like --z-up but leave the normals unturned: the bug the book shows"},
};
static const cli_key keys[] = {{"N", "toggle the vertex normals drawn as lines"}, {"A", "toggle the world axes"}};
static const cli_spec spec = {
    .program = "ch02_obj_loader",
    .summary = "an OBJ model loaded by a hand-written parser, lit and textured",
    .takes_model = true,
    .extra = options_extra,
    .extra_count = 3,
    .keys = keys,
    .key_count = 2,
};

/* [listing obj_vertex_layout] */
/* The loader's vertex is the lit shader's vertex (common/lit.h) under the
 * loader's own name, so the mesh uploads as it is, with lit_vertex_layout;
 * the compiler checks that the two agree. */
LIT_VERTEX_SAME_LAYOUT(obj_vertex);
/* [/listing] */

/* [listing check] */
/* --check: the counts every reader of the book can compare with. */
static void print_check(const obj_mesh *mesh)
{
    printf("positions: %zu\n", mesh->position_count);
    printf("texcoords: %zu\n", mesh->texcoord_count);
    printf("normals: %zu\n", mesh->normal_count);
    printf("vertices: %zu\n", mesh->unique_triple_count);
    printf("triangles: %zu\n", mesh->triangle_count);
    printf("materials: %zu\n", mesh->material_count);
}
/* [/listing] */

static void print_warnings(const obj_mesh *mesh)
{
    int kept = mesh->warning_count < OBJ_MAX_WARNINGS ? mesh->warning_count : OBJ_MAX_WARNINGS;
    for (int i = 0; i < kept; i++)
        fprintf(stderr, "warning: %s\n", mesh->warnings[i]);
    if (mesh->warning_count > kept)
        fprintf(stderr, "warning: ... and %d more\n", mesh->warning_count - kept);
}

/* One GL texture per material (0: the white one). */
static bool upload_materials(const obj_mesh *mesh, GLuint *textures, texture_cache *cache)
{
    for (size_t m = 0; m < mesh->material_count; m++) {
        const obj_material *mat = &mesh->materials[m];
        textures[m] = mat->base_color_image.pixels ? texture_upload(&mat->base_color_image, TEXTURE_SRGB)
                                                   : texture_cache_white(cache);
    }
    return true;
}

/* The bug of "When it goes wrong": undo the loader's turn of the normals,
 * (x, y, z) -> (x, -z, y), so that only the positions were turned. */
static void unturn_normals(obj_mesh *mesh)
{
    for (size_t v = 0; v < mesh->vertex_count; v++) {
        float *n = mesh->vertices[v].normal, y = n[1];
        n[1] = -n[2];
        n[2] = y;
    }
}

static void draw_normals(debug_draw *lines, const obj_mesh *mesh, float length)
{
    const vec3 color = {0.9f, 0.8f, 0.2f};
    for (size_t v = 0; v < mesh->vertex_count; v++) {
        const obj_vertex *vx = &mesh->vertices[v];
        vec3 a, b;
        glm_vec3_copy((float *)vx->position, a);
        glm_vec3_copy((float *)vx->normal, b);
        glm_vec3_scale(b, length, b);
        glm_vec3_add(a, b, b);
        debug_draw_line(lines, a, b, color);
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
    obj_load_options load_options = {.z_up = z_up || z_up_positions_only, .skip_textures = check_only};
    obj_mesh mesh;
    if (!obj_load_ex(model_path, &load_options, &mesh, &err))
        return app_fail(&err);
    if (z_up_positions_only)
        unturn_normals(&mesh);
    print_warnings(&mesh);
    if (check_only) {
        print_check(&mesh);
        obj_mesh_free(&mesh);
        return 0;
    }

    app a;
    if (!app_open(&a, &spec, &options, &err)) {
        obj_mesh_free(&mesh);
        return app_fail(&err);
    }
    orbit_camera_frame_bounds(&a.camera, mesh.bounds_min, mesh.bounds_max);
    vec3 size;
    glm_vec3_sub(mesh.bounds_max, mesh.bounds_min, size);
    float normal_length = 0.04f * glm_vec3_norm(size);

    shader_program lit = {0};
    debug_draw lines = {0};
    gpu_mesh gpu = {0};
    texture_cache textures;
    texture_cache_init(&textures);
    /* One texture name per material, however many the .mtl files define. */
    GLuint *material_textures = calloc(mesh.material_count ? mesh.material_count : 1, sizeof *material_textures);
    bool ok = material_textures ||
              sa_error_set(&err, "%s: out of memory for %zu materials", model_path, mesh.material_count);
    ok = ok && lit_load(&lit, &err) && debug_draw_init(&lines, &err) &&
         gpu_mesh_upload(&gpu, &lit_vertex_layout, mesh.vertices, mesh.vertex_count, mesh.indices, mesh.index_count,
                         mesh.index_size, false, &err) &&
         upload_materials(&mesh, material_textures, &textures);
    bool show_normals = false, show_axes = false;

    while (ok && app_frame_begin(&a)) {
        if (a.reload_requested && !shader_program_reload(&lit, &err))
            fprintf(stderr, "error: %s (keeping the old shader)\n", err.message);
        if (app_key_pressed(&a, GLFW_KEY_N))
            show_normals = !show_normals;
        if (app_key_pressed(&a, GLFW_KEY_A))
            show_axes = !show_axes;

        /* [listing draw] */
        /* The model is drawn where the file puts it: world = model. */
        mat4 world_from_model = GLM_MAT4_IDENTITY_INIT, clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        lit_begin_frame(&lit, clip_from_world);
        lit_set_model(&lit, world_from_model);
        /* One draw per run of triangles that share a material. */
        for (size_t s = 0; s < mesh.submesh_count; s++) {
            const obj_submesh *sub = &mesh.submeshes[s];
            const obj_material *mat = sub->material >= 0 ? &mesh.materials[sub->material] : NULL;
            vec4 base_color = {0.8f, 0.8f, 0.8f, 1.0f};
            if (mat)
                memcpy(base_color, mat->base_color, sizeof base_color);
            lit_set_material(&lit, base_color, mat ? material_textures[sub->material] : texture_cache_white(&textures));
            gpu_mesh_draw_range(&gpu, sub->first_index, sub->index_count);
        }
        /* [/listing] */

        if (show_normals)
            draw_normals(&lines, &mesh, normal_length);
        if (show_axes) {
            mat4 identity = GLM_MAT4_IDENTITY_INIT;
            debug_draw_axes(&lines, identity, 0.5f * glm_vec3_norm(size));
        }
        debug_draw_flush(&lines, clip_from_world, 6.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }

    for (size_t m = 0; material_textures && m < mesh.material_count; m++)
        if (material_textures[m] && material_textures[m] != textures.white)
            glDeleteTextures(1, &material_textures[m]);
    free(material_textures);
    gpu_mesh_unload(&gpu);
    debug_draw_free(&lines);
    shader_program_unload(&lit);
    texture_cache_free(&textures);
    app_close(&a);
    obj_mesh_free(&mesh);
    return ok ? 0 : app_fail(&err);
}
