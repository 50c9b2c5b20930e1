/* GL tests of chapter 03's scene_gl (a real context: Xvfb + llvmpipe in CI).
 *
 * The scene files are written here: one quad of side 1 in the z = 0 plane,
 * wound counter-clockwise seen from +Z, drawn with clip_from_world = the
 * identity, so it covers the middle of the frame when it is drawn at all.
 * Back faces are culled (the app shell enables culling), so whether the
 * centre pixel is background says which side of the quad faces the viewer.
 *   node 0  the quad as stored: front faces the viewer, drawn
 *   node 1  scale (-1, 1, 1): a mirror; glTF says its outside is now the
 *           clockwise side, so it must be drawn (inside out if not)
 *   node 2  turned 180 degrees about Y: its back faces the viewer, culled
 *   node 3  the same turn, material doubleSided: drawn
 *   node 4  scale (-1, 1, 1) and turned 180 degrees: a mirror whose back
 *           faces the viewer, culled
 * The sampler file gives one 4x4 image four textures with different glTF
 * samplers; the GL state of each uploaded texture must be the sampler's.
 */
#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/03_gltf_loader/scene.h"
#include "chapters/03_gltf_loader/scene_gl.h"
#include "common/app.h"
#include "tests/gl/gl_test_util.h"
#include "common/files.h"
#include "common/debug_draw.h"
#include "common/lit.h"
#include "common/texture.h"
#include "tests/test_util.h"

#define SIZE 64

static app the_app;
static char dir[512];

/* quad.bin: positions, normals, texcoords (float) and u16 indices. */
static void write_quad_bin(const char *path)
{
    float positions[4][3] = {{-0.5f, -0.5f, 0}, {0.5f, -0.5f, 0}, {0.5f, 0.5f, 0}, {-0.5f, 0.5f, 0}};
    float normals[4][3] = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    float texcoords[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    uint16_t indices[6] = {0, 1, 2, 0, 2, 3};
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(positions, sizeof positions, 1, f);
    fwrite(normals, sizeof normals, 1, f);
    fwrite(texcoords, sizeof texcoords, 1, f);
    fwrite(indices, sizeof indices, 1, f);
    fclose(f);
}

#define QUAD_BUFFERS                                                                                                   \
    "\"buffers\": [{\"uri\": \"quad.bin\", \"byteLength\": 140}],\n"                                                   \
    "\"bufferViews\": [{\"buffer\": 0, \"byteOffset\": 0, \"byteLength\": 48},\n"                                      \
    "  {\"buffer\": 0, \"byteOffset\": 48, \"byteLength\": 48},\n"                                                     \
    "  {\"buffer\": 0, \"byteOffset\": 96, \"byteLength\": 32},\n"                                                     \
    "  {\"buffer\": 0, \"byteOffset\": 128, \"byteLength\": 12}],\n"                                                   \
    "\"accessors\": [{\"bufferView\": 0, \"componentType\": 5126, \"count\": 4, \"type\": \"VEC3\",\n"                 \
    "    \"min\": [-0.5, -0.5, 0], \"max\": [0.5, 0.5, 0]},\n"                                                         \
    "  {\"bufferView\": 1, \"componentType\": 5126, \"count\": 4, \"type\": \"VEC3\"},\n"                              \
    "  {\"bufferView\": 2, \"componentType\": 5126, \"count\": 4, \"type\": \"VEC2\"},\n"                              \
    "  {\"bufferView\": 3, \"componentType\": 5123, \"count\": 6, \"type\": \"SCALAR\"}],\n"
#define QUAD_PRIMITIVE(material)                                                                                       \
    "{\"attributes\": {\"POSITION\": 0, \"NORMAL\": 1, \"TEXCOORD_0\": 2}, \"indices\": 3, \"material\": " #material "}"

static const char *mirror_gltf =
    "{\"asset\": {\"version\": \"2.0\"},\n" QUAD_BUFFERS
    "\"materials\": [{\"name\": \"one_sided\"}, {\"name\": \"two_sided\", \"doubleSided\": true}],\n"
    "\"meshes\": [{\"primitives\": [" QUAD_PRIMITIVE(0) "]}, {\"primitives\": [" QUAD_PRIMITIVE(
        1) "]}],\n"
           "\"nodes\": [{\"mesh\": 0}, {\"mesh\": 0, \"scale\": [-1, 1, 1]}, {\"mesh\": 0, \"rotation\": [0, 1, 0, 0]},\n"
           "  {\"mesh\": 1, \"rotation\": [0, 1, 0, 0]}, {\"mesh\": 0, \"scale\": [-1, 1, 1], \"rotation\": [0, 1, 0, 0]}],\n"
           "\"scenes\": [{\"nodes\": [0, 1, 2, 3, 4]}], \"scene\": 0}\n";

/* Textures 0..3 show image 0 through samplers 0, 1, none, 0; materials use
 * textures 0..3; one primitive per material. */
static const char *sampler_gltf =
    "{\"asset\": {\"version\": \"2.0\"},\n" QUAD_BUFFERS "\"images\": [{\"uri\": \"checker.png\"}],\n"
    "\"samplers\": [{\"wrapS\": 33071, \"wrapT\": 33648, \"magFilter\": 9728, \"minFilter\": 9728},\n"
    "  {\"wrapS\": 33648, \"wrapT\": 33071, \"magFilter\": 9729, \"minFilter\": 9985}],\n"
    "\"textures\": [{\"source\": 0, \"sampler\": 0}, {\"source\": 0, \"sampler\": 1}, {\"source\": 0},\n"
    "  {\"source\": 0, \"sampler\": 0}],\n"
    "\"materials\": [{\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 0}}},\n"
    "  {\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 1}}},\n"
    "  {\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 2}}},\n"
    "  {\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 3}}}],\n"
    "\"meshes\": [{\"primitives\": [" QUAD_PRIMITIVE(0) ", " QUAD_PRIMITIVE(1) ", " QUAD_PRIMITIVE(
        2) ", " QUAD_PRIMITIVE(3) "]}],\n"
                                  "\"nodes\": [{\"mesh\": 0}], \"scenes\": [{\"nodes\": [0]}]}\n";

static int open_app(void **state)
{
    (void)state;
    if (gl_test_open(&the_app, "test_scene_gl") != 0)
        return -1;
    sa_test_temp_dir("sa_scene_gl_", dir, sizeof dir);
    char path[600];
    snprintf(path, sizeof path, "%s/quad.bin", dir);
    write_quad_bin(path);
    snprintf(path, sizeof path, "%s/mirror.gltf", dir);
    sa_test_write_text(path, mirror_gltf);
    snprintf(path, sizeof path, "%s/sampler.gltf", dir);
    sa_test_write_text(path, sampler_gltf);
    unsigned char pixels[4 * 4 * 4];
    for (int i = 0; i < 16; i++) {
        unsigned char v = ((i % 4) + (i / 4)) % 2 ? 255 : 40;
        pixels[i * 4] = pixels[i * 4 + 1] = pixels[i * 4 + 2] = v;
        pixels[i * 4 + 3] = 255;
    }
    image_rgba8 checker = {4, 4, pixels};
    snprintf(path, sizeof path, "%s/checker.png", dir);
    sa_error err;
    if (!image_write_png(path, &checker, &err))
        return -1;
    return 0;
}

static int close_app(void **state)
{
    (void)state;
    app_close(&the_app);
    sa_test_remove_dir(dir);
    return 0;
}

static void load(const char *name, gltf_document *doc)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    sa_error err;
    if (!gltf_load(path, NULL, doc, &err))
        fail_msg("%s", err.message);
}

/* mirror.gltf loaded, placed as stored and uploaded, with the lit program:
 * what the drawing tests start from. */
typedef struct mirror_scene {
    gltf_document doc;
    scene_nodes nodes;
    shader_program lit;
    scene_gl gpu;
} mirror_scene;

static void mirror_scene_load(mirror_scene *m, const scene_gl_options *options)
{
    load("mirror.gltf", &m->doc);
    sa_error err;
    if (!scene_nodes_rest(&m->doc, &m->nodes, &err) || !lit_load(&m->lit, &err) ||
        !scene_gl_upload(&m->gpu, &m->doc, options, &err))
        fail_msg("%s", err.message);
}

static void mirror_scene_free(mirror_scene *m)
{
    scene_gl_free(&m->gpu);
    shader_program_unload(&m->lit);
    scene_nodes_free(&m->nodes);
    gltf_free(&m->doc);
}

/* Draws node `node` alone (the rest pose) and returns the centre pixel. */
static void draw_node(mirror_scene *m, int node, bool normal_colors, unsigned char centre[4])
{
    bool shown[8] = {false};
    shown[node] = true;
    sa_error err;
    EXPECT_TRUE(app_frame_begin(&the_app));
    mat4 clip_from_world = GLM_MAT4_IDENTITY_INIT;
    lit_begin_frame(&m->lit, clip_from_world);
    lit_set_normal_colors(&m->lit, normal_colors);
    scene_gl_draw(&m->gpu, &m->doc, &m->lit, m->nodes.world_from_node, shown);
    image_rgba8 frame;
    if (!app_read_frame(&the_app, &frame, &err))
        fail_msg("%s", err.message);
    memcpy(centre, frame.pixels + ((SIZE / 2) * SIZE + SIZE / 2) * 4, 4);
    free(frame.pixels);
    EXPECT_TRUE(app_frame_end(&the_app, &err));
}

static bool is_background(const unsigned char *px)
{
    return abs(px[0] - APP_CLEAR_R) < 4 && abs(px[1] - APP_CLEAR_G) < 4 && abs(px[2] - APP_CLEAR_B) < 4;
}

static void mirrored_node_shows_its_outside(void **state)
{
    (void)state;
    mirror_scene m;
    mirror_scene_load(&m, NULL);
    EXPECT_TRUE(!scene_is_mirror(m.nodes.world_from_node[0]));
    EXPECT_TRUE(scene_is_mirror(m.nodes.world_from_node[1]));
    EXPECT_TRUE(!scene_is_mirror(m.nodes.world_from_node[2]));
    EXPECT_TRUE(scene_is_mirror(m.nodes.world_from_node[4]));

    static const char *what[5] = {"the quad as stored", "the mirrored quad (scale -1 in x)",
                                  "the quad turned away (one-sided)", "the quad turned away (doubleSided)",
                                  "the mirrored quad turned away"};
    static const bool drawn[5] = {true, true, false, true, false};
    for (int node = 0; node < 5; node++) {
        unsigned char centre[4];
        draw_node(&m, node, false, centre);
        if (drawn[node] == is_background(centre))
            fail_msg("node %d, %s: the centre pixel is (%d, %d, %d): expected %s", node, what[node], centre[0],
                     centre[1], centre[2], drawn[node] ? "the lit quad" : "the background (culled)");
        /* The draw puts back the winding and culling it changed. */
        GLint front_face = 0;
        glGetIntegerv(GL_FRONT_FACE, &front_face);
        if (front_face != GL_CCW)
            fail_msg("node %d, %s: GL_FRONT_FACE left at 0x%x after the draw", node, what[node], front_face);
        EXPECT_TRUE(glIsEnabled(GL_CULL_FACE));
    }
    mirror_scene_free(&m);
}

/* The C key's view: a normal (0, 0, 1) is coloured (0.5, 0.5, 1.0). */
static void normal_colors_show_the_normal(void **state)
{
    (void)state;
    mirror_scene m;
    mirror_scene_load(&m, NULL);
    unsigned char centre[4];
    draw_node(&m, 0, true, centre);
    EXPECT_NEAR(127.5, centre[0], 1.0);
    EXPECT_NEAR(127.5, centre[1], 1.0);
    EXPECT_INT(255, centre[2]);
    /* Off again: lit, no longer the normal's colour. */
    draw_node(&m, 0, false, centre);
    EXPECT_TRUE(!(abs(centre[0] - 128) <= 1 && abs(centre[1] - 128) <= 1 && centre[2] == 255));
    mirror_scene_free(&m);
}

/* The N key's view: one line per vertex, from the vertex along the
 * world-space normal. Node 2 is turned 180 degrees about Y: vertex 0,
 * (-0.5, -0.5, 0), lands at (0.5, -0.5, 0) and its normal (0, 0, 1) at
 * (0, 0, -1). */
static void normal_lines_start_at_vertices(void **state)
{
    (void)state;
    gltf_document doc;
    load("mirror.gltf", &doc);
    scene_nodes nodes;
    debug_draw lines;
    sa_error err;
    if (!scene_nodes_rest(&doc, &nodes, &err) || !debug_draw_init(&lines, &err))
        fail_msg("%s", err.message);
    bool shown[5] = {false, false, true, false, false};
    scene_gl_draw_normals(&doc, nodes.world_from_node, shown, 0.25f, (vec3){1, 1, 0}, &lines);
    EXPECT_INT(2 * 4, lines.line_count);
    EXPECT_NEAR(0.5, lines.lines[0].position_world[0], 1e-5);
    EXPECT_NEAR(-0.5, lines.lines[0].position_world[1], 1e-5);
    EXPECT_NEAR(0.0, lines.lines[0].position_world[2], 1e-5);
    EXPECT_NEAR(0.5, lines.lines[1].position_world[0], 1e-5);
    EXPECT_NEAR(-0.5, lines.lines[1].position_world[1], 1e-5);
    EXPECT_NEAR(-0.25, lines.lines[1].position_world[2], 1e-5);
    debug_draw_free(&lines);
    scene_nodes_free(&nodes);
    gltf_free(&doc);
}

static void expect_sampling(GLuint texture, const char *what, GLint wrap_s, GLint wrap_t, GLint mag, GLint min,
                            bool mipmaps)
{
    GLint got[4], level_1_width = -1;
    glBindTexture(GL_TEXTURE_2D, texture);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &got[0]);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &got[1]);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &got[2]);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &got[3]);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &level_1_width);
    glBindTexture(GL_TEXTURE_2D, 0);
    static const char *names[4] = {"TEXTURE_WRAP_S", "TEXTURE_WRAP_T", "TEXTURE_MAG_FILTER", "TEXTURE_MIN_FILTER"};
    GLint want[4] = {wrap_s, wrap_t, mag, min};
    for (int i = 0; i < 4; i++)
        if (got[i] != want[i])
            fail_msg("%s: %s is 0x%x, expected 0x%x", what, names[i], got[i], want[i]);
    /* The 4x4 image has a 2x2 level 1 only when mipmaps were made. */
    if (level_1_width != (mipmaps ? 2 : 0))
        fail_msg("%s: mipmap level 1 is %d pixels wide, expected %d", what, level_1_width, mipmaps ? 2 : 0);
}

static void samplers_set_the_texture_state(void **state)
{
    (void)state;
    gltf_document doc;
    load("sampler.gltf", &doc);
    scene_gl gpu;
    sa_error err;
    if (!scene_gl_upload(&gpu, &doc, NULL, &err))
        fail_msg("%s", err.message);
    GLuint t[4];
    for (int p = 0; p < 4; p++) {
        scene_gl_primitive *prim = scene_gl_primitive_at(&gpu, 0, p);
        assert_non_null(prim);
        t[p] = prim->base_color_texture;
    }
    EXPECT_TRUE(scene_gl_primitive_at(&gpu, 0, 4) == NULL);
    expect_sampling(t[0], "textures[0] (sampler 0)", GL_CLAMP_TO_EDGE, GL_MIRRORED_REPEAT, GL_NEAREST, GL_NEAREST,
                    false);
    expect_sampling(t[1], "textures[1] (sampler 1)", GL_MIRRORED_REPEAT, GL_CLAMP_TO_EDGE, GL_LINEAR,
                    GL_LINEAR_MIPMAP_NEAREST, true);
    /* No sampler: repeat, and the project's default filtering (trilinear). */
    expect_sampling(t[2], "textures[2] (no sampler)", GL_REPEAT, GL_REPEAT, GL_LINEAR, GL_LINEAR_MIPMAP_LINEAR, true);
    /* The same image through another sampler is another GL texture; through
     * the same sampler, the same one. */
    EXPECT_TRUE(t[0] != t[1] && t[0] != t[2] && t[1] != t[2]);
    EXPECT_INT(t[0], t[3]);
    EXPECT_TRUE(t[0] != gpu.white);
    scene_gl_free(&gpu);
    gltf_free(&doc);
}

/* Values a file may hold that GL does not take fall back to the defaults. */
static void unknown_sampler_values_take_the_defaults(void **state)
{
    (void)state;
    unsigned char pixels[4 * 4 * 4] = {0};
    image_rgba8 img = {4, 4, pixels};
    texture_sampling odd = {1234, GL_CLAMP_TO_EDGE, GL_LINEAR_MIPMAP_LINEAR /* not a mag filter */, 7};
    GLuint t = texture_upload_sampled(&img, TEXTURE_SRGB, &odd);
    expect_sampling(t, "odd sampler", GL_REPEAT, GL_CLAMP_TO_EDGE, GL_LINEAR, GL_LINEAR_MIPMAP_LINEAR, true);
    glDeleteTextures(1, &t);
    texture_sampling linear = {GL_REPEAT, GL_REPEAT, GL_NEAREST, GL_LINEAR};
    t = texture_upload_sampled(&img, TEXTURE_SRGB, &linear);
    expect_sampling(t, "LINEAR min filter", GL_REPEAT, GL_REPEAT, GL_NEAREST, GL_LINEAR, false);
    glDeleteTextures(1, &t);
}

static GLint buffer_usage(const scene_gl_primitive *p)
{
    GLint usage = 0;
    glBindBuffer(GL_ARRAY_BUFFER, p->mesh.vertex_buffer);
    glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_USAGE, &usage);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return usage;
}

/* Chapter 06's way in: skinned primitives uploaded dynamic when asked, and
 * their vertices replaced. The tube is skinned (JOINTS_0, WEIGHTS_0). */
static void skinned_primitives_are_dynamic_when_asked(void **state)
{
    (void)state;
    char path[SA_PATH_MAX];
    sa_error err;
    gltf_document doc;
    if (!sa_path_find("assets/models/tube.gltf", path, sizeof path, &err) || !gltf_load(path, NULL, &doc, &err))
        fail_msg("%s", err.message);
    EXPECT_TRUE(doc.meshes[0].primitives[0].joints != NULL);
    scene_gl still, skinned;
    scene_gl_options dynamic = {.dynamic_skinned = true};
    if (!scene_gl_upload(&still, &doc, NULL, &err) || !scene_gl_upload(&skinned, &doc, &dynamic, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(GL_STATIC_DRAW, buffer_usage(scene_gl_primitive_at(&still, 0, 0)));
    EXPECT_INT(GL_DYNAMIC_DRAW, buffer_usage(scene_gl_primitive_at(&skinned, 0, 0)));
    scene_gl_free(&still);
    scene_gl_free(&skinned);
    gltf_free(&doc);

    /* Not skinned: static even when asked; new vertices still replace the
     * old (the quad moved right by 2 leaves the centre empty). */
    mirror_scene m;
    mirror_scene_load(&m, &dynamic);
    scene_gl_primitive *quad = scene_gl_primitive_at(&m.gpu, 0, 0);
    EXPECT_INT(GL_STATIC_DRAW, buffer_usage(quad));
    EXPECT_INT(4, quad->vertex_count);
    const gltf_primitive *prim = &m.doc.meshes[0].primitives[0];
    float moved[4][3];
    for (int v = 0; v < 4; v++) {
        memcpy(moved[v], prim->positions[v], sizeof moved[v]);
        moved[v][0] += 2.0f;
    }
    lit_vertex vertices[4];
    lit_vertices_interleave(vertices, 4, &moved[0][0], (const float *)prim->normals, (const float *)prim->texcoords);
    EXPECT_NEAR(1.5, vertices[0].position[0], 0);
    EXPECT_NEAR(1.0, vertices[0].normal[2], 0);
    unsigned char centre[4];
    draw_node(&m, 0, false, centre);
    EXPECT_TRUE(!is_background(centre));
    scene_gl_update_vertices(&m.gpu, 0, 0, vertices);
    draw_node(&m, 0, false, centre);
    EXPECT_TRUE(is_background(centre));
    mirror_scene_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mirrored_node_shows_its_outside),
        cmocka_unit_test(normal_colors_show_the_normal),
        cmocka_unit_test(normal_lines_start_at_vertices),
        cmocka_unit_test(samplers_set_the_texture_state),
        cmocka_unit_test(unknown_sampler_values_take_the_defaults),
        cmocka_unit_test(skinned_primitives_are_dynamic_when_asked),
    };
    return cmocka_run_group_tests_name("scene_gl", tests, open_app, close_app);
}
