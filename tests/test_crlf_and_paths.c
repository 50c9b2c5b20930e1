/* Text files with Windows line ends, and models named by Windows paths.
 *
 * A file saved on Windows ends its lines with CR LF. The committed models
 * have LF line ends, so each case here writes the CRLF twin of one (every
 * "\n" becomes "\r\n") into a folder of the build (SA_CRLF_TWIN_DIR), loads
 * both, and compares what they load to the last byte: a '\r' left at the end
 * of a name or a number would show as a different material name, a missing
 * texture or a different vertex.
 *
 * The path cases mean something only in a Windows build (under Wine in CI):
 * there a model is loaded by "C:\...\torus.obj", by a mixed "C:/...\..." path
 * and by one with "..\" in it, and its .mtl and texture must still be found
 * beside it. Elsewhere the same cases check the POSIX rule instead: '\' is an
 * ordinary character of a file name. Each case says which rule it checked.
 */
#include "chapters/02_obj_loader/obj.h"
#include "chapters/03_gltf_loader/gltf.h"
#include "common/files.h"
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

static const char *twin_dir = SA_CRLF_TWIN_DIR; /* a folder this test may write into (CMake makes it) */

/* Writes the CRLF twin of SA_SOURCE_DIR/relative as twin_dir/name. */
static void write_crlf_twin(const char *relative, const char *name)
{
    char from[SA_PATH_MAX], to[SA_PATH_MAX];
    snprintf(from, sizeof from, "%s/%s", SA_SOURCE_DIR, relative);
    snprintf(to, sizeof to, "%s/%s", twin_dir, name);
    sa_test_write_crlf_twin(from, to);
}

/* Copies a binary file (a texture the twin's .mtl or .gltf names). */
static void copy_file(const char *relative, const char *name)
{
    char from[SA_PATH_MAX], to[SA_PATH_MAX];
    snprintf(from, sizeof from, "%s/%s", SA_SOURCE_DIR, relative);
    snprintf(to, sizeof to, "%s/%s", twin_dir, name);
    char *bytes;
    size_t size;
    sa_error err;
    if (!sa_file_read(from, &bytes, &size, &err))
        fail_msg("%s", err.message);
    FILE *f = fopen(to, "wb");
    if (!f)
        fail_msg("cannot write the test file %s", to);
    EXPECT_INT(size, fwrite(bytes, 1, size, f));
    EXPECT_INT(0, fclose(f));
    free(bytes);
}

static const char *base_name(const char *path)
{
    const char *name = path;
    for (const char *p = path; *p; p++)
        if (sa_path_is_separator_as(SA_PATH_NATIVE, *p))
            name = p + 1;
    return name;
}

#define EXPECT_SAME_BYTES(what, a, b, size)                                                                            \
    do {                                                                                                               \
        if ((size) > 0 && memcmp((a), (b), (size)) != 0)                                                               \
            fail_msg("%s: %s differs between the two loads", label, what);                                             \
    } while (0)

/* Two loads of the same model (by another path or with other line ends)
 * hold the same mesh, materials and textures; only the folder of a texture
 * path may differ. */
static void expect_same_obj(const char *label, const obj_mesh *a, const obj_mesh *b)
{
    EXPECT_INT(a->position_count, b->position_count);
    EXPECT_INT(a->texcoord_count, b->texcoord_count);
    EXPECT_INT(a->normal_count, b->normal_count);
    EXPECT_INT(a->triangle_count, b->triangle_count);
    EXPECT_INT(a->vertex_count, b->vertex_count);
    EXPECT_INT(a->index_count, b->index_count);
    EXPECT_INT(a->index_size, b->index_size);
    EXPECT_INT(a->normals_computed, b->normals_computed);
    EXPECT_SAME_BYTES("vertices", a->vertices, b->vertices, a->vertex_count * sizeof a->vertices[0]);
    EXPECT_SAME_BYTES("indices", a->indices, b->indices, a->index_count * (size_t)a->index_size);
    EXPECT_INT(a->submesh_count, b->submesh_count);
    EXPECT_SAME_BYTES("submeshes", a->submeshes, b->submeshes, a->submesh_count * sizeof a->submeshes[0]);
    EXPECT_INT(a->material_count, b->material_count);
    for (size_t i = 0; i < a->material_count; i++) {
        const obj_material *ma = &a->materials[i], *mb = &b->materials[i];
        if (strcmp(ma->name, mb->name) != 0)
            fail_msg("%s: material %d is \"%s\" in one load, \"%s\" in the other", label, (int)i, ma->name, mb->name);
        EXPECT_SAME_BYTES("a base colour", ma->base_color, mb->base_color, sizeof ma->base_color);
        if (strcmp(base_name(ma->texture_path), base_name(mb->texture_path)) != 0)
            fail_msg("%s: material \"%s\" names the texture \"%s\" in one load, \"%s\" in the other", label, ma->name,
                     ma->texture_path, mb->texture_path);
        EXPECT_INT(ma->base_color_image.width, mb->base_color_image.width);
        EXPECT_INT(ma->base_color_image.height, mb->base_color_image.height);
        EXPECT_TRUE((ma->base_color_image.pixels != NULL) == (mb->base_color_image.pixels != NULL));
        EXPECT_SAME_BYTES("a texture's pixels", ma->base_color_image.pixels, mb->base_color_image.pixels,
                          (size_t)ma->base_color_image.width * (size_t)ma->base_color_image.height * 4);
    }
    if (a->warning_count != b->warning_count)
        fail_msg("%s: %d warnings in one load, %d in the other (first: %s)", label, a->warning_count, b->warning_count,
                 b->warning_count ? b->warnings[0] : a->warnings[0]);
}

static void load_obj_or_fail(const char *path, obj_mesh *m)
{
    sa_error err;
    if (!obj_load(path, m, &err))
        fail_msg("%s", err.message);
}

/* torus.obj names torus.mtl, which names checker.png: the CRLF twins of both
 * text files load as the LF originals do. */
static void crlf_obj_and_mtl_load_as_their_lf_twins(void **state)
{
    (void)state;
    write_crlf_twin("assets/models/torus.obj", "torus.obj");
    write_crlf_twin("assets/models/torus.mtl", "torus.mtl");
    copy_file("assets/models/checker.png", "checker.png");
    char lf_path[SA_PATH_MAX], crlf_path[SA_PATH_MAX];
    snprintf(lf_path, sizeof lf_path, "%s/assets/models/torus.obj", SA_SOURCE_DIR);
    snprintf(crlf_path, sizeof crlf_path, "%s/torus.obj", twin_dir);
    obj_mesh lf, crlf;
    load_obj_or_fail(lf_path, &lf);
    load_obj_or_fail(crlf_path, &crlf);
    /* The LF load itself is the one the chapter's --check test counts. */
    EXPECT_INT(1024, lf.triangle_count);
    EXPECT_INT(1, lf.material_count);
    EXPECT_INT(0, strcmp(lf.materials[0].name, "checker"));
    EXPECT_TRUE(lf.materials[0].base_color_image.pixels != NULL);
    expect_same_obj("torus.obj (LF) and its CRLF twin", &lf, &crlf);
    obj_mesh_free(&lf);
    obj_mesh_free(&crlf);
}

/* An error in a CRLF file names the same line as in its LF twin (one CR LF
 * is one line end, not two). */
static void crlf_obj_error_names_the_same_line(void **state)
{
    (void)state;
    write_crlf_twin("tests/obj_bad_index.obj", "bad_index.obj");
    char path[SA_PATH_MAX];
    snprintf(path, sizeof path, "%s/bad_index.obj", twin_dir);
    obj_mesh m;
    sa_error err;
    EXPECT_TRUE(!obj_load(path, &m, &err));
    /* The same words as chapter 02's ch02_check_bad_file test expects of the LF file. */
    char expected[SA_PATH_MAX + 128];
    snprintf(expected, sizeof expected, "%s:6: face corner: position index 4 is out of range (3 defined so far)", path);
    if (strcmp(err.message, expected) != 0)
        fail_msg("CRLF twin of tests/obj_bad_index.obj: expected \"%s\", got \"%s\"", expected, err.message);
}

static void expect_same_gltf(const char *label, const gltf_document *a, const gltf_document *b)
{
    EXPECT_INT(a->buffer_count, b->buffer_count);
    EXPECT_INT(a->buffer_view_count, b->buffer_view_count);
    EXPECT_INT(a->accessor_count, b->accessor_count);
    EXPECT_INT(a->mesh_count, b->mesh_count);
    EXPECT_INT(a->node_count, b->node_count);
    EXPECT_INT(a->scene_count, b->scene_count);
    EXPECT_INT(a->skin_count, b->skin_count);
    EXPECT_INT(a->animation_count, b->animation_count);
    EXPECT_INT(a->material_count, b->material_count);
    EXPECT_INT(a->texture_count, b->texture_count);
    EXPECT_INT(a->image_count, b->image_count);
    for (int i = 0; i < a->buffer_count; i++) {
        EXPECT_INT(a->buffers[i].byte_length, b->buffers[i].byte_length);
        EXPECT_SAME_BYTES("a buffer", a->buffers[i].data, b->buffers[i].data, a->buffers[i].byte_length);
    }
    for (int i = 0; i < a->accessor_count; i++) {
        EXPECT_INT(a->accessors[i].count, b->accessors[i].count);
        EXPECT_INT(a->accessors[i].type, b->accessors[i].type);
        EXPECT_INT(a->accessors[i].component_type, b->accessors[i].component_type);
        EXPECT_SAME_BYTES("an accessor's min", a->accessors[i].min, b->accessors[i].min, sizeof a->accessors[i].min);
        EXPECT_SAME_BYTES("an accessor's max", a->accessors[i].max, b->accessors[i].max, sizeof a->accessors[i].max);
    }
    for (int i = 0; i < a->node_count; i++) {
        const gltf_node *na = &a->nodes[i], *nb = &b->nodes[i];
        if (strcmp(na->name ? na->name : "", nb->name ? nb->name : "") != 0)
            fail_msg("%s: node %d is \"%s\" in one load, \"%s\" in the other", label, i, na->name, nb->name);
        EXPECT_INT(na->parent, nb->parent);
        EXPECT_SAME_BYTES("a node's matrix", na->matrix, nb->matrix, sizeof na->matrix);
    }
    for (int i = 0; i < a->image_count; i++) {
        const image_rgba8 *ia = &a->images[i].pixels, *ib = &b->images[i].pixels;
        EXPECT_TRUE(ia->pixels != NULL && ib->pixels != NULL);
        EXPECT_INT(ia->width, ib->width);
        EXPECT_INT(ia->height, ib->height);
        EXPECT_SAME_BYTES("an image's pixels", ia->pixels, ib->pixels, (size_t)ia->width * (size_t)ia->height * 4);
    }
}

static void load_gltf_or_fail(const char *path, gltf_document *doc)
{
    sa_error err;
    if (!gltf_load(path, NULL, doc, &err))
        fail_msg("%s", err.message);
}

/* humanoid.gltf is JSON over many lines and names its texture by a URI
 * relative to its folder: the CRLF twin loads the same document. */
static void crlf_gltf_loads_as_its_lf_twin(void **state)
{
    (void)state;
    write_crlf_twin("assets/models/humanoid.gltf", "humanoid.gltf");
    copy_file("assets/models/humanoid_texture.png", "humanoid_texture.png");
    char lf_path[SA_PATH_MAX], crlf_path[SA_PATH_MAX];
    snprintf(lf_path, sizeof lf_path, "%s/assets/models/humanoid.gltf", SA_SOURCE_DIR);
    snprintf(crlf_path, sizeof crlf_path, "%s/humanoid.gltf", twin_dir);
    gltf_document lf, crlf;
    load_gltf_or_fail(lf_path, &lf);
    load_gltf_or_fail(crlf_path, &crlf);
    EXPECT_TRUE(lf.image_count >= 1 && lf.skin_count >= 1);
    expect_same_gltf("humanoid.gltf (LF) and its CRLF twin", &lf, &crlf);
    gltf_free(&lf);
    gltf_free(&crlf);
}

#if defined(_WIN32)
#include <stdlib.h> /* _fullpath */

/* SA_SOURCE_DIR/relative as a Windows absolute path ("C:\..." on Windows,
 * "Z:\..." under Wine), every separator a backslash. */
static void windows_path(const char *relative, char *out, size_t out_len)
{
    char joined[SA_PATH_MAX];
    snprintf(joined, sizeof joined, "%s/%s", SA_SOURCE_DIR, relative);
    if (!_fullpath(out, joined, out_len))
        fail_msg("_fullpath(%s) failed", joined);
    for (char *p = out; *p; p++)
        if (*p == '/')
            *p = '\\';
    EXPECT_TRUE(sa_path_is_absolute(out) && out[1] == ':' && out[2] == '\\');
}
#endif

/* A model by a Windows path: its .mtl and texture are found beside it. */
static void obj_by_a_windows_path(void **state)
{
    (void)state;
    char forward[SA_PATH_MAX];
    snprintf(forward, sizeof forward, "%s/assets/models/torus.obj", SA_SOURCE_DIR);
    obj_mesh reference, m;
    load_obj_or_fail(forward, &reference);
#if defined(_WIN32)
    print_message("checking the Windows rule: drive letter, backslashes, mixed, ..\\\n");
    char path[SA_PATH_MAX];
    windows_path("assets/models/torus.obj", path, sizeof path);
    load_obj_or_fail(path, &m);
    expect_same_obj(path, &reference, &m);
    EXPECT_TRUE(strchr(m.materials[0].texture_path, '\\') != NULL); /* found under the backslash folder */
    obj_mesh_free(&m);

    char mixed[SA_PATH_MAX];
    snprintf(mixed, sizeof mixed, "%s", path);
    int separators = 0;
    for (char *p = mixed; *p; p++) /* C:\a/b\c/...: every other separator a '/' */
        if (*p == '\\' && separators++ % 2 == 1)
            *p = '/';
    EXPECT_TRUE(strchr(mixed, '/') != NULL);
    load_obj_or_fail(mixed, &m);
    expect_same_obj(mixed, &reference, &m);
    obj_mesh_free(&m);

    char dotdot[SA_PATH_MAX];
    windows_path("chapters/../assets/models/torus.obj", dotdot, sizeof dotdot);
    /* _fullpath folds "..": put one back, so that the loader sees it. */
    char *models = strstr(dotdot, "\\assets\\models\\");
    EXPECT_TRUE(models != NULL);
    char with_dotdot[SA_PATH_MAX];
    snprintf(with_dotdot, sizeof with_dotdot, "%.*s\\chapters\\..%s", (int)(models - dotdot), dotdot, models);
    load_obj_or_fail(with_dotdot, &m);
    expect_same_obj(with_dotdot, &reference, &m);
    obj_mesh_free(&m);
#else
    print_message("checking the POSIX rule: '\\' is part of a file name\n");
    /* A file whose name holds a backslash, in the twin folder: its folder is
     * the twin folder, so its .mtl is the twin folder's torus.mtl. */
    write_crlf_twin("assets/models/torus.mtl", "torus.mtl");
    copy_file("assets/models/checker.png", "checker.png");
    copy_file("assets/models/torus.obj", "models\\torus.obj");
    char path[SA_PATH_MAX];
    snprintf(path, sizeof path, "%s/models\\torus.obj", twin_dir);
    load_obj_or_fail(path, &m);
    expect_same_obj(path, &reference, &m);
    obj_mesh_free(&m);
#endif
    obj_mesh_free(&reference);
}

/* An mtllib that names its .mtl by an absolute path (a drive-letter path in
 * a Windows build) is opened as it is, not put under the OBJ's folder. */
static void mtllib_by_an_absolute_path(void **state)
{
    (void)state;
    char mtl[SA_PATH_MAX];
#if defined(_WIN32)
    print_message("checking the Windows rule: mtllib C:\\...\\torus.mtl\n");
    windows_path("assets/models/torus.mtl", mtl, sizeof mtl);
#else
    print_message("checking the POSIX rule: mtllib /.../torus.mtl\n");
    snprintf(mtl, sizeof mtl, "%s/assets/models/torus.mtl", SA_SOURCE_DIR);
#endif
    char text[SA_PATH_MAX + 128], obj[SA_PATH_MAX];
    snprintf(text, sizeof text, "mtllib %s\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl checker\nf 1 2 3\n", mtl);
    snprintf(obj, sizeof obj, "%s/absolute_mtllib.obj", twin_dir);
    sa_test_write_text(obj, text);
    obj_mesh m;
    load_obj_or_fail(obj, &m);
    if (m.warning_count > 0)
        fail_msg("mtllib %s: %s", mtl, m.warnings[0]);
    EXPECT_INT(1, m.material_count);
    EXPECT_TRUE(m.materials[0].base_color_image.pixels != NULL); /* checker.png, beside the .mtl */
    EXPECT_INT(0, m.submeshes[0].material);
    obj_mesh_free(&m);
}

/* A glTF by a Windows path: its texture's URI (with '/') is found relative
 * to a folder written with backslashes. */
static void gltf_by_a_windows_path(void **state)
{
    (void)state;
    char forward[SA_PATH_MAX];
    snprintf(forward, sizeof forward, "%s/assets/models/humanoid.gltf", SA_SOURCE_DIR);
    gltf_document reference, doc;
    load_gltf_or_fail(forward, &reference);
#if defined(_WIN32)
    print_message("checking the Windows rule: drive letter and backslashes\n");
    char path[SA_PATH_MAX];
    windows_path("assets/models/humanoid.gltf", path, sizeof path);
    load_gltf_or_fail(path, &doc);
    expect_same_gltf(path, &reference, &doc);
    gltf_free(&doc);
#else
    print_message("checking the POSIX rule: '\\' is part of a file name\n");
    copy_file("assets/models/humanoid_texture.png", "humanoid_texture.png");
    copy_file("assets/models/humanoid.gltf", "models\\humanoid.gltf");
    char path[SA_PATH_MAX];
    snprintf(path, sizeof path, "%s/models\\humanoid.gltf", twin_dir);
    load_gltf_or_fail(path, &doc);
    expect_same_gltf(path, &reference, &doc);
    gltf_free(&doc);
#endif
    gltf_free(&reference);
}

/* sa_path_find: a project-relative path written with backslashes is found
 * under the project's folder on Windows; elsewhere it names no file, and the
 * message lists what was tried. */
static void project_path_with_backslashes(void **state)
{
    (void)state;
    char path[SA_PATH_MAX];
    sa_error err;
    bool found = sa_path_find("assets\\models\\torus.obj", path, sizeof path, &err);
#if defined(_WIN32)
    print_message("checking the Windows rule\n");
    if (!found)
        fail_msg("%s", err.message);
    obj_mesh m;
    load_obj_or_fail(path, &m);
    EXPECT_INT(1024, m.triangle_count);
    obj_mesh_free(&m);
#else
    print_message("checking the POSIX rule\n");
    EXPECT_TRUE(!found);
    EXPECT_STR_CONTAINS(err.message, "assets\\models\\torus.obj: file not found (tried: ");
    EXPECT_STR_CONTAINS(err.message, SA_SOURCE_DIR "/assets\\models\\torus.obj");
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(crlf_obj_and_mtl_load_as_their_lf_twins),
        cmocka_unit_test(crlf_obj_error_names_the_same_line),
        cmocka_unit_test(crlf_gltf_loads_as_its_lf_twin),
        cmocka_unit_test(obj_by_a_windows_path),
        cmocka_unit_test(mtllib_by_an_absolute_path),
        cmocka_unit_test(gltf_by_a_windows_path),
        cmocka_unit_test(project_path_with_backslashes),
    };
    return cmocka_run_group_tests_name("crlf_and_paths", tests, NULL, NULL);
}
