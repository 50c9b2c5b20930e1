/* Unit tests of the OBJ loader (chapter 02). Every expected count below is
 * worked out by hand from the text of the file in the test. */
#include "test_util.h"
#include "obj.h"

#include <stdlib.h>
#include <unistd.h>

static const double tol = 1e-6;

/* Parses `text` (a C string) as "test.obj" with no material libraries. */
static bool parse(const char *text, obj_mesh *mesh, sa_error *err)
{
    return obj_parse_memory(text, strlen(text), "test.obj", NULL, NULL, mesh, err);
}

static void parse_ok(const char *text, obj_mesh *mesh)
{
    sa_error err;
    if (!parse(text, mesh, &err))
        fail_msg("expected the text to load, got: %s", err.message);
}

/* The error message for text that must be rejected. */
static const char *parse_error(const char *text, sa_error *err)
{
    obj_mesh mesh;
    if (parse(text, &mesh, err)) {
        obj_mesh_free(&mesh);
        fail_msg("expected an error for:\n%s", text);
    }
    /* A failed load leaves nothing to free. */
    EXPECT_TRUE(mesh.vertices == NULL && mesh.indices == NULL && mesh.materials == NULL);
    return err->message;
}

static const char *cube_text =
    "v -0.5 -0.5  0.5\nv  0.5 -0.5  0.5\nv  0.5  0.5  0.5\nv -0.5  0.5  0.5\n"
    "v -0.5 -0.5 -0.5\nv  0.5 -0.5 -0.5\nv  0.5  0.5 -0.5\nv -0.5  0.5 -0.5\n"
    "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
    "vn 0 0 1\nvn 0 0 -1\nvn 1 0 0\nvn -1 0 0\nvn 0 1 0\nvn 0 -1 0\n"
    "f 1/1/1 2/2/1 3/3/1 4/4/1\nf 6/1/2 5/2/2 8/3/2 7/4/2\nf 2/1/3 6/2/3 7/3/3 3/4/3\n"
    "f 5/1/4 1/2/4 4/3/4 8/4/4\nf 4/1/5 3/2/5 7/3/5 8/4/5\nf 5/1/6 6/2/6 2/3/6 1/4/6\n";

/* --- statements ------------------------------------------------------------ */

static void cube_dedups_to_24_vertices(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok(cube_text, &m);
    /* 6 quads x 4 corners, each corner a different (position, normal) pair. */
    EXPECT_INT(8, m.position_count);
    EXPECT_INT(4, m.texcoord_count);
    EXPECT_INT(6, m.normal_count);
    EXPECT_INT(24, m.unique_triple_count);
    EXPECT_INT(24, m.vertex_count);
    EXPECT_INT(12, m.triangle_count);
    EXPECT_INT(36, m.index_count);
    EXPECT_INT(2, m.index_size);
    EXPECT_TRUE(!m.normals_computed);
    for (int i = 0; i < 3; i++) {
        EXPECT_NEAR(-0.5, m.bounds_min[i], tol);
        EXPECT_NEAR(0.5, m.bounds_max[i], tol);
    }
    obj_mesh_free(&m);
}

static void shared_corners_become_one_vertex(void **state)
{
    (void)state;
    /* A quad as two triangles: corners 1 and 3 repeat, 4 unique triples. */
    obj_mesh m;
    parse_ok("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvn 0 0 1\n"
             "f 1//1 2//1 3//1\nf 1//1 3//1 4//1\n",
             &m);
    EXPECT_INT(4, m.vertex_count);
    EXPECT_INT(2, m.triangle_count);
    /* Vertices are numbered in order of first use: 0 1 2, 0 2 3. */
    const uint32_t expected[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++)
        EXPECT_INT(expected[i], obj_mesh_index(&m, (size_t)i));
    EXPECT_NEAR(1, m.vertices[2].position[0], tol);
    EXPECT_NEAR(1, m.vertices[2].position[1], tol);
    EXPECT_NEAR(1, m.vertices[2].normal[2], tol);
    obj_mesh_free(&m);
}

static void every_corner_form(void **state)
{
    (void)state;
    obj_mesh m;
    /* v, v/vt, v//vn, v/vt/vn in four faces of the same three positions:
     * the triples differ by what they carry, so 4 x 3 = 12 vertices. */
    parse_ok("v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0.25 0.75\nvn 0 0 1\n"
             "f 1 2 3\nf 1/1 2/1 3/1\nf 1//1 2//1 3//1\nf 1/1/1 2/1/1 3/1/1\n",
             &m);
    EXPECT_INT(12, m.vertex_count);
    EXPECT_INT(4, m.triangle_count);
    /* Vertex 3 is the first corner of "f 1/1 2/1 3/1": texcoord (0.25, 0.75)
     * with v flipped for GL: (0.25, 0.25). */
    EXPECT_NEAR(0.25, m.vertices[3].texcoord[0], tol);
    EXPECT_NEAR(0.25, m.vertices[3].texcoord[1], tol);
    /* Vertex 9 ("1/1/1") has the file's normal. */
    EXPECT_NEAR(1, m.vertices[9].normal[2], tol);
    obj_mesh_free(&m);
}

static void numbers_in_every_spelling(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok("v .8e-1 -.7e+2 +5\nv 1. 1e3 -0.001\nv 123456789 0.000001 -2E-2\nf 1 2 3\n", &m);
    EXPECT_NEAR(0.08, m.vertices[0].position[0], 1e-7);
    EXPECT_NEAR(-70, m.vertices[0].position[1], 1e-5);
    EXPECT_NEAR(5, m.vertices[0].position[2], tol);
    EXPECT_NEAR(1, m.vertices[1].position[0], tol);
    EXPECT_NEAR(1000, m.vertices[1].position[1], tol);
    EXPECT_NEAR(-0.001, m.vertices[1].position[2], 1e-9);
    EXPECT_NEAR(123456789, m.vertices[2].position[0], 8); /* float spacing there is 8 */
    EXPECT_NEAR(0.000001, m.vertices[2].position[1], 1e-12);
    EXPECT_NEAR(-0.02, m.vertices[2].position[2], 1e-9);
    obj_mesh_free(&m);
}

static void extra_components_are_ignored(void **state)
{
    (void)state;
    obj_mesh m;
    /* v with w, v with a colour, vt with w, vt with u alone (v = 0). */
    parse_ok("v 1 2 3 0.5\nv 4 5 6 1 0 0\nv 7 8 9\nvt 0.5 0.5 9\nvt 0.25\nf 1/1 2/2 3/1\n", &m);
    EXPECT_INT(3, m.position_count);
    EXPECT_INT(2, m.texcoord_count);
    EXPECT_NEAR(3, m.vertices[0].position[2], tol);
    EXPECT_NEAR(6, m.vertices[1].position[2], tol);
    EXPECT_NEAR(0.25, m.vertices[1].texcoord[0], tol);
    EXPECT_NEAR(1.0, m.vertices[1].texcoord[1], tol); /* 1 - 0 */
    obj_mesh_free(&m);
}

static void fan_triangulation_of_a_pentagon(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok("v 0 0 0\nv 1 0 0\nv 1.5 1 0\nv 0.5 2 0\nv -0.5 1 0\nf 1 2 3 4 5\n", &m);
    EXPECT_INT(3, m.triangle_count);
    const uint32_t expected[9] = {0, 1, 2, 0, 2, 3, 0, 3, 4};
    for (int i = 0; i < 9; i++)
        EXPECT_INT(expected[i], obj_mesh_index(&m, (size_t)i));
    obj_mesh_free(&m);
}

static void negative_indices_count_back(void **state)
{
    (void)state;
    obj_mesh m;
    /* The second face's -3 -2 -1 are positions 4 5 6 (6 defined so far). */
    parse_ok("v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\nv 10 0 0\nv 11 0 0\nv 10 1 0\nf -3 -2 -1\n"
             "vt 0 0\nvn 0 0 1\nf 4/-1/-1 5/1/1 6/-1/1\n",
             &m);
    EXPECT_INT(2 + 1, m.triangle_count);
    EXPECT_NEAR(0, m.vertices[0].position[0], tol);
    EXPECT_NEAR(10, m.vertices[3].position[0], tol);
    EXPECT_NEAR(11, m.vertices[4].position[0], tol);
    /* The third face's corners carry texcoord and normal: 3 new vertices. */
    EXPECT_INT(9, m.vertex_count);
    obj_mesh_free(&m);
}

static void crlf_comments_blank_lines_continuations(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok("# a comment\r\n\r\n   \t\r\n  # indented comment\r\nv 0 0 0\r\nv 1 \\\r\n0 0\r\n"
             "v 0 1 0\r\nv 1 1 0\nf 1 2 \\\n  3 \\\n 4\r\n",
             &m);
    EXPECT_INT(4, m.position_count);
    EXPECT_INT(2, m.triangle_count);
    EXPECT_NEAR(1, m.vertices[1].position[0], tol);
    obj_mesh_free(&m);
}

static void unknown_statements_are_skipped(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok("o thing\ng a b\nvp 0.5 0.5\ncstype bspline\nv 0 0 0\nv 1 0 0\nv 0 1 0\n"
             "l 1 2 3\np 1\nfoo bar\nf 1 2 3\ns 1\n",
             &m);
    EXPECT_INT(1, m.triangle_count);
    EXPECT_INT(3, m.position_count);
    obj_mesh_free(&m);
}

static void last_line_without_newline(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3", &m);
    EXPECT_INT(1, m.triangle_count);
    obj_mesh_free(&m);
}

/* --- normals ----------------------------------------------------------------- */

static void computed_normal_of_a_ccw_triangle(void **state)
{
    (void)state;
    obj_mesh m;
    /* Counter-clockwise seen from +Z: (1,0,0) x (0,1,0) = (0,0,1). */
    parse_ok("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", &m);
    EXPECT_TRUE(m.normals_computed);
    for (int v = 0; v < 3; v++) {
        EXPECT_NEAR(0, m.vertices[v].normal[0], tol);
        EXPECT_NEAR(0, m.vertices[v].normal[1], tol);
        EXPECT_NEAR(1, m.vertices[v].normal[2], tol);
    }
    obj_mesh_free(&m);
}

static void smooth_normals_average_a_fold(void **state)
{
    (void)state;
    obj_mesh m;
    /* Two right triangles of equal area sharing the edge 1-2 along X, wound
     * consistently (1 2 3, then 2 1 4). Face normals by hand:
     *   (2-1) x (3-1) = (1,0,0) x (0,1,0)  = (0,0,1)
     *   (1-2) x (4-2) = (-1,0,0) x (-1,0,-1) = (0,-1,0)
     * The shared vertices get the sum normalised: (0, -1, 1) / sqrt 2. */
    parse_ok("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 -1\nf 1 2 3\nf 2 1 4\n", &m);
    EXPECT_INT(4, m.vertex_count);
    double h = sqrt(0.5);
    EXPECT_NEAR(0, m.vertices[0].normal[0], tol);
    EXPECT_NEAR(-h, m.vertices[0].normal[1], tol);
    EXPECT_NEAR(h, m.vertices[0].normal[2], tol);
    EXPECT_NEAR(1, m.vertices[2].normal[2], tol);  /* vertex 3: only the +Z face */
    EXPECT_NEAR(-1, m.vertices[3].normal[1], tol); /* vertex 4: only the -Y face */
    obj_mesh_free(&m);
}

static void smoothing_off_gives_flat_normals(void **state)
{
    (void)state;
    obj_mesh m;
    /* The same fold with "s off": each triangle keeps its own corners, so
     * the 4 unique triples become 6 vertices, each with its face's normal. */
    parse_ok("s off\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 -1\nf 1 2 3\nf 2 1 4\n", &m);
    EXPECT_INT(4, m.unique_triple_count);
    EXPECT_INT(6, m.vertex_count);
    for (int i = 0; i < 3; i++)
        EXPECT_NEAR(1, m.vertices[obj_mesh_index(&m, (size_t)i)].normal[2], tol);
    for (int i = 3; i < 6; i++)
        EXPECT_NEAR(-1, m.vertices[obj_mesh_index(&m, (size_t)i)].normal[1], tol);
    obj_mesh_free(&m);
}

static void two_smoothing_groups_split_the_edge(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 -1\ns 1\nf 1 2 3\ns 2\nf 2 1 4\n", &m);
    EXPECT_INT(6, m.vertex_count);
    EXPECT_NEAR(1, m.vertices[obj_mesh_index(&m, 0)].normal[2], tol);
    EXPECT_NEAR(-1, m.vertices[obj_mesh_index(&m, 3)].normal[1], tol);
    /* Vertex 1 in group 1 only sees the +Z face, its copy in group 2 the -Y face. */
    EXPECT_NEAR(0, m.vertices[obj_mesh_index(&m, 0)].normal[1], tol);
    obj_mesh_free(&m);
}

static void file_normals_are_kept(void **state)
{
    (void)state;
    obj_mesh m;
    /* The file's normal is used as is, even when it disagrees with the winding. */
    parse_ok("v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 -1\ns off\nf 1//1 2//1 3//1\n", &m);
    EXPECT_TRUE(!m.normals_computed);
    EXPECT_INT(3, m.vertex_count);
    EXPECT_NEAR(-1, m.vertices[0].normal[2], tol);
    obj_mesh_free(&m);
}

static void z_up_turns_positions_and_normals(void **state)
{
    (void)state;
    obj_mesh m;
    obj_load_options options = {.z_up = true};
    const char *text = "v 0 0 1\nv 0 1 0\nv 1 0 0\nvn 0 0 1\nf 1//1 2//1 3//1\n";
    sa_error err;
    EXPECT_TRUE(obj_parse_memory(text, strlen(text), "z.obj", NULL, &options, &m, &err));
    /* Z-up (0,0,1) is up: (0,1,0). Y (0,1,0) was "forward into the screen"
     * of a Z-up file and becomes (0,0,-1). X stays. */
    EXPECT_NEAR(1, m.vertices[0].position[1], tol);
    EXPECT_NEAR(-1, m.vertices[1].position[2], tol);
    EXPECT_NEAR(1, m.vertices[2].position[0], tol);
    EXPECT_NEAR(1, m.vertices[0].normal[1], tol);
    EXPECT_NEAR(0, m.vertices[0].normal[2], tol);
    obj_mesh_free(&m);
}

/* --- index width -------------------------------------------------------------- */

static void big_meshes_get_32_bit_indices(void **state)
{
    (void)state;
    /* 65537 vertices do not fit in 16 bits (0 .. 65535): 21846 triangles of
     * 3 fresh positions each give 65538. Also > 64 KiB of text, so lines
     * cross the reader's buffer boundary. */
    size_t triangles = 21846, cap = triangles * 80 + 64, n = 0;
    char *text = malloc(cap);
    for (size_t t = 0; t < triangles; t++) {
        n += (size_t)snprintf(text + n, cap - n, "v %zu 0 0\nv %zu 1 0\nv %zu 0 1\nf -3 -2 -1\n", t, t, t);
    }
    obj_mesh m;
    parse_ok(text, &m);
    free(text);
    EXPECT_INT(65538, m.vertex_count);
    EXPECT_INT(4, m.index_size);
    EXPECT_INT(65537, obj_mesh_index(&m, m.index_count - 1));
    EXPECT_NEAR(21845, m.vertices[65537].position[0], tol);
    obj_mesh_free(&m);
}

static void a_line_longer_than_the_buffer(void **state)
{
    (void)state;
    /* One face with 30000 corners: about 180 KB on one line. */
    size_t corners = 30000, cap = corners * 8 + 64, n = 0;
    char *text = malloc(cap);
    n += (size_t)snprintf(text, cap, "v 0 0 0\nv 1 0 0\nv 1 1 0\nf");
    for (size_t i = 0; i < corners; i++)
        n += (size_t)snprintf(text + n, cap - n, " %zu", 1 + i % 3);
    snprintf(text + n, cap - n, "\n");
    obj_mesh m;
    parse_ok(text, &m);
    free(text);
    EXPECT_INT(29998, m.triangle_count);
    EXPECT_INT(3, m.vertex_count);
    obj_mesh_free(&m);
}

static void continuation_across_the_buffer_boundary(void **state)
{
    (void)state;
    /* The reader's buffer is 64 KiB: shift a "\\\r\n" continuation across
     * byte 65536 one byte at a time. Lines: 1 the long comment, 2 v, 3-4 the
     * continued v, 5 v, 6 f, 7 the bad line. */
    size_t cap = 70000;
    char *text = malloc(cap);
    for (size_t shift = 0; shift < 24; shift++) {
        size_t comment = 65510 + shift;
        text[0] = '#';
        memset(text + 1, 'x', comment - 1);
        snprintf(text + comment, cap - comment, "\nv 0 0 0\nv 1 \\\r\n0 0\nv 0 1 0\nf 1 2 3\n");
        obj_mesh m;
        parse_ok(text, &m);
        EXPECT_INT(3, m.position_count);
        EXPECT_NEAR(1, m.vertices[1].position[0], tol);
        obj_mesh_free(&m);
        strcat(text, "v oops 0 0\n");
        sa_error err;
        EXPECT_STR_CONTAINS(parse_error(text, &err), "test.obj:7: v: 'oops' is not a number");
    }
    free(text);
}

/* --- materials ---------------------------------------------------------------- */

static char temp_dir[256];

static void write_file(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", temp_dir, name);
    FILE *f = fopen(path, "wb");
    EXPECT_TRUE(f != NULL);
    fputs(text, f);
    fclose(f);
}

static int make_temp_dir(void **state)
{
    (void)state;
    snprintf(temp_dir, sizeof temp_dir, "/tmp/test_obj_XXXXXX");
    return mkdtemp(temp_dir) ? 0 : -1;
}

static int remove_temp_dir(void **state)
{
    (void)state;
    const char *names[] = {"a.obj", "a.mtl", "b.mtl", "tex.png", "bad.mtl", "c.obj"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", temp_dir, names[i]);
        remove(path);
    }
    rmdir(temp_dir);
    return 0;
}

static void mtl_statements(void **state)
{
    (void)state;
    obj_mesh m;
    memset(&m, 0, sizeof m);
    const char *mtl = "# comment\nnewmtl red\nKa 0 0 0\nKd 1 0 0\nillum 2\n\nnewmtl grey\nKd 0.5\n"
                      "newmtl textured\nKd 1 1 1\nmap_Kd -s 1 1 1 wood.png\n";
    sa_error err;
    obj_load_options options = {.skip_textures = true};
    EXPECT_TRUE(obj_parse_mtl_memory(mtl, strlen(mtl), "m.mtl", "some/dir", &options, &m, &err));
    EXPECT_INT(3, m.material_count);
    EXPECT_STR_CONTAINS(m.materials[0].name, "red");
    EXPECT_NEAR(1, m.materials[0].base_color[0], tol);
    EXPECT_NEAR(0, m.materials[0].base_color[1], tol);
    EXPECT_NEAR(1, m.materials[0].base_color[3], tol);
    EXPECT_NEAR(0.5, m.materials[1].base_color[2], tol); /* "Kd 0.5" is grey */
    EXPECT_INT(0, strcmp(m.materials[2].texture_path, "some/dir/wood.png"));
    EXPECT_INT(0, m.materials[0].texture_path[0]);
    obj_mesh_free(&m);
}

static void mtl_errors_name_the_line(void **state)
{
    (void)state;
    obj_mesh m;
    memset(&m, 0, sizeof m);
    sa_error err;
    const char *mtl = "newmtl a\nKd 1 x 0\n";
    EXPECT_TRUE(!obj_parse_mtl_memory(mtl, strlen(mtl), "m.mtl", ".", NULL, &m, &err));
    EXPECT_STR_CONTAINS(err.message, "m.mtl:2: ");
    obj_mesh_free(&m);
    const char *mtl2 = "Kd 1 1 1\n";
    EXPECT_TRUE(!obj_parse_mtl_memory(mtl2, strlen(mtl2), "m.mtl", ".", NULL, &m, &err));
    EXPECT_STR_CONTAINS(err.message, "m.mtl:1: Kd before any newmtl");
    obj_mesh_free(&m);
}

static void usemtl_makes_ranges_and_textures_load(void **state)
{
    (void)state;
    write_file("a.mtl", "newmtl red\nKd 1 0 0\nnewmtl blue\nKd 0 0 1\nmap_Kd tex.png\n");
    /* A 1x1 PNG written with our own image writer. */
    char png[512];
    snprintf(png, sizeof png, "%s/tex.png", temp_dir);
    unsigned char pixel[4] = {10, 20, 30, 255};
    image_rgba8 img = {1, 1, pixel};
    sa_error err;
    EXPECT_TRUE(image_write_png(png, &img, &err));
    write_file("a.obj", "mtllib a.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nusemtl red\nf 1 2 3\nf 1 3 2\n"
                        "usemtl blue\nf 3 2 1\nusemtl red\nf 2 1 3\nusemtl nosuch\nf 1 2 3\n");
    char path[512];
    snprintf(path, sizeof path, "%s/a.obj", temp_dir);
    obj_mesh m;
    if (!obj_load(path, &m, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(2, m.material_count);
    /* Ranges: default (1 triangle), red (2), blue (1), red (1), nosuch -> default (1). */
    EXPECT_INT(5, m.submesh_count);
    const int material[5] = {-1, 0, 1, 0, -1};
    const size_t first[5] = {0, 3, 9, 12, 15}, count[5] = {3, 6, 3, 3, 3};
    for (int i = 0; i < 5; i++) {
        EXPECT_INT(material[i], m.submeshes[i].material);
        EXPECT_INT(first[i], m.submeshes[i].first_index);
        EXPECT_INT(count[i], m.submeshes[i].index_count);
    }
    EXPECT_TRUE(m.materials[1].base_color_image.pixels != NULL);
    EXPECT_INT(1, m.materials[1].base_color_image.width);
    EXPECT_INT(20, m.materials[1].base_color_image.pixels[1]);
    EXPECT_INT(1, m.warning_count); /* the unknown material */
    EXPECT_STR_CONTAINS(m.warnings[0], "nosuch");
    obj_mesh_free(&m);
}

static void missing_mtl_and_texture_are_warnings(void **state)
{
    (void)state;
    write_file("b.mtl", "newmtl m\nmap_Kd missing.png\n");
    write_file("c.obj", "mtllib nothere.mtl b.mtl\nusemtl m\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    char path[512];
    snprintf(path, sizeof path, "%s/c.obj", temp_dir);
    obj_mesh m;
    sa_error err;
    if (!obj_load(path, &m, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(1, m.material_count);
    EXPECT_INT(2, m.warning_count);
    EXPECT_STR_CONTAINS(m.warnings[0], "nothere.mtl");
    EXPECT_STR_CONTAINS(m.warnings[0], "c.obj:1");
    EXPECT_STR_CONTAINS(m.warnings[1], "missing.png");
    EXPECT_TRUE(m.materials[0].base_color_image.pixels == NULL);
    obj_mesh_free(&m);
}

static void bad_mtl_is_an_error_naming_the_mtl(void **state)
{
    (void)state;
    write_file("bad.mtl", "newmtl m\n\nKd 1 nan 0\n");
    write_file("c.obj", "mtllib bad.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    char path[512];
    snprintf(path, sizeof path, "%s/c.obj", temp_dir);
    obj_mesh m;
    sa_error err;
    EXPECT_TRUE(!obj_load(path, &m, &err));
    EXPECT_STR_CONTAINS(err.message, "bad.mtl:3: Kd");
}

/* --- errors --------------------------------------------------------------------- */

#define TRI "v 0 0 0\nv 1 0 0\nv 0 1 0\n"

static void error_cases_name_file_and_line(void **state)
{
    (void)state;
    static const struct {
        const char *text, *expected;
    } cases[] = {
        {"v 1 2 x\n", "test.obj:1: v: 'x' is not a number"},
        {TRI "v 1 2\n", "test.obj:4: v needs 3 numbers, found 2"},
        {TRI "v nan 0 0\n", "test.obj:4: v: coordinate 'nan' is not finite"},
        {TRI "v 0 -inf 0\n", "test.obj:4: v: coordinate '-inf' is not finite"},
        {TRI "vn 1e999 0 0\n", "test.obj:4: vn: coordinate '1e999' is not finite"},
        {TRI "vt 0.5 0.5 0.5 0.5\n", "test.obj:4: vt: unexpected '0.5' after 3 numbers"},
        {TRI "v 1.5.5 0 0\n", "test.obj:4: v: '1.5.5' is not a number"},
        {TRI "f 1 2\n", "test.obj:4: a face needs at least 3 corners, this one has 2"},
        {TRI "f\n", "test.obj:4: a face needs at least 3 corners, this one has 0"},
        {TRI "f 0 1 2\n", "test.obj:4: face corner: position index 0"},
        {TRI "f 1 2 4\n", "test.obj:4: face corner: position index 4 is out of range (3 defined so far)"},
        {TRI "f -4 1 2\n", "test.obj:4: face corner: position index -4 is out of range"},
        {TRI "f 1/1 2/1 3/1\n", "test.obj:4: face corner: texcoord index 1 is out of range (0 defined so far)"},
        {TRI "f 1//2 2 3\n", "test.obj:4: face corner: normal index 2 is out of range"},
        {TRI "f 1/x 2 3\n", "test.obj:4: face corner: expected a texcoord index"},
        {TRI "vt 0 0\nvn 0 0 1\nf 1/1/1/1 2 3\n", "test.obj:6: face corner: unexpected character"},
        {TRI "f 1 2 3x\n", "test.obj:4: face corner: unexpected character"},
        {TRI "f 99999999999 2 3\n", "test.obj:4: face corner: position index is too large"},
        {TRI "s maybe\n", "test.obj:4: s: expected a group number or 'off'"},
        {TRI "usemtl\n", "test.obj:4: usemtl needs a name"},
        /* Line numbers count CRLF lines and continued lines. */
        {"v 0 0 0\r\nv 1 \\\n 0 0\r\n\r\nv 0 1\n", "test.obj:5: v needs 3 numbers"},
        /* A truncated last line. */
        {TRI "f 1 2 3\nv 0.5 0.", "test.obj:5: v needs 3 numbers, found 2"},
        /* No faces at all. */
        {"", "test.obj: no faces"},
        {TRI, "test.obj: no faces"},
        {"# only a comment\n", "test.obj: no faces"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sa_error err;
        const char *message = parse_error(cases[i].text, &err);
        if (strncmp(message, cases[i].expected, strlen(cases[i].expected)) != 0)
            fail_msg("case %zu: expected a message starting \"%s\", got \"%s\"", i, cases[i].expected, message);
    }
}

static void binary_garbage_is_rejected(void **state)
{
    (void)state;
    /* Bytes of every value, including NUL and '\n', in a fixed pseudo-random
     * order: the loader must stop with a message (it skips unknown lines and
     * then finds no faces, or fails on a statement it recognises). */
    unsigned char garbage[4096];
    uint32_t x = 12345;
    for (size_t i = 0; i < sizeof garbage; i++) {
        x = x * 1103515245u + 12345u;
        garbage[i] = (unsigned char)(x >> 16);
    }
    for (int variant = 0; variant < 3; variant++) {
        char text[4200];
        const char *prefix = variant == 0 ? "" : variant == 1 ? TRI "f " : TRI "v ";
        size_t n = strlen(prefix);
        memcpy(text, prefix, n);
        memcpy(text + n, garbage, sizeof garbage);
        obj_mesh m;
        sa_error err;
        EXPECT_TRUE(!obj_parse_memory(text, n + sizeof garbage, "junk.obj", NULL, NULL, &m, &err));
        EXPECT_STR_CONTAINS(err.message, "junk.obj");
    }
}

static void missing_file_is_an_error(void **state)
{
    (void)state;
    obj_mesh m;
    sa_error err;
    EXPECT_TRUE(!obj_load("/nonexistent/model.obj", &m, &err));
    EXPECT_STR_CONTAINS(err.message, "/nonexistent/model.obj: cannot open");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cube_dedups_to_24_vertices),
        cmocka_unit_test(shared_corners_become_one_vertex),
        cmocka_unit_test(every_corner_form),
        cmocka_unit_test(numbers_in_every_spelling),
        cmocka_unit_test(extra_components_are_ignored),
        cmocka_unit_test(fan_triangulation_of_a_pentagon),
        cmocka_unit_test(negative_indices_count_back),
        cmocka_unit_test(crlf_comments_blank_lines_continuations),
        cmocka_unit_test(unknown_statements_are_skipped),
        cmocka_unit_test(last_line_without_newline),
        cmocka_unit_test(computed_normal_of_a_ccw_triangle),
        cmocka_unit_test(smooth_normals_average_a_fold),
        cmocka_unit_test(smoothing_off_gives_flat_normals),
        cmocka_unit_test(two_smoothing_groups_split_the_edge),
        cmocka_unit_test(file_normals_are_kept),
        cmocka_unit_test(z_up_turns_positions_and_normals),
        cmocka_unit_test(big_meshes_get_32_bit_indices),
        cmocka_unit_test(a_line_longer_than_the_buffer),
        cmocka_unit_test(continuation_across_the_buffer_boundary),
        cmocka_unit_test(mtl_statements),
        cmocka_unit_test(mtl_errors_name_the_line),
        cmocka_unit_test(usemtl_makes_ranges_and_textures_load),
        cmocka_unit_test(missing_mtl_and_texture_are_warnings),
        cmocka_unit_test(bad_mtl_is_an_error_naming_the_mtl),
        cmocka_unit_test(error_cases_name_file_and_line),
        cmocka_unit_test(binary_garbage_is_rejected),
        cmocka_unit_test(missing_file_is_an_error),
    };
    return cmocka_run_group_tests_name("obj loader", tests, make_temp_dir, remove_temp_dir);
}
