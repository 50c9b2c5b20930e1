/* Unit tests of the OBJ loader (chapter 02). Every expected count below is
 * worked out by hand from the text of the file in the test. */
#include "test_util.h"
#include "chapters/02_obj_loader/obj.h"

#include <math.h>
#include <stdlib.h>

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

static const char *cube_text = "v -0.5 -0.5  0.5\nv  0.5 -0.5  0.5\nv  0.5  0.5  0.5\nv -0.5  0.5  0.5\n"
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

static void mixed_faces_keep_file_normals_and_fill_the_rest(void **state)
{
    (void)state;
    obj_mesh m;
    /* Face 1 gives every corner the file's normal (1, 0, 0), on purpose not
     * its winding's (0, 0, 1); face 2 gives none. Face 2's corners are other
     * vertices (no normal index), so they get the computed normal of face 2
     * alone: (P1 - P2) x (P4 - P2) = (-1,0,0) x (-1,0,-1) = (0, -1, 0). The
     * file's normals are kept as they are. */
    parse_ok("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 -1\nvn 1 0 0\nf 1//1 2//1 3//1\nf 2 1 4\n", &m);
    EXPECT_TRUE(m.normals_computed);
    EXPECT_INT(6, m.vertex_count);
    const double expected[2][3] = {{1, 0, 0}, {0, -1, 0}};
    for (size_t corner = 0; corner < 6; corner++) {
        const float *n = m.vertices[obj_mesh_index(&m, corner)].normal;
        for (int k = 0; k < 3; k++)
            EXPECT_NEAR(expected[corner / 3][k], n[k], tol);
    }
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

/* A strip over exactly `vertices` positions (k, k % 2, 0): faces
 * (k, k + 1, k + 2) use every position once as a new vertex, in order, so
 * the last index is vertices - 1. */
static void load_strip(size_t vertices, obj_mesh *m)
{
    size_t cap = vertices * 48 + 64, n = 0;
    char *text = malloc(cap);
    for (size_t k = 0; k < vertices; k++)
        n += (size_t)snprintf(text + n, cap - n, "v %zu %zu 0\n", k, k % 2);
    for (size_t k = 1; k + 2 <= vertices; k++)
        n += (size_t)snprintf(text + n, cap - n, "f %zu %zu %zu\n", k, k + 1, k + 2);
    parse_ok(text, m);
    free(text);
}

static void big_meshes_get_32_bit_indices(void **state)
{
    (void)state;
    /* 16-bit indices hold vertex numbers 0 .. 65535, so 65,536 vertices is the
     * most they take; 65,537 need 32 bits. Both texts are over 64 KiB, so lines
     * also cross the reader's buffer boundary. */
    for (size_t vertices = 65536; vertices <= 65537; vertices++) {
        obj_mesh m;
        load_strip(vertices, &m);
        EXPECT_INT(vertices, m.vertex_count);
        EXPECT_INT(vertices == 65536 ? 2 : 4, m.index_size);
        EXPECT_INT(vertices - 1, obj_mesh_index(&m, m.index_count - 1));
        EXPECT_NEAR((double)(vertices - 1), m.vertices[vertices - 1].position[0], tol);
        obj_mesh_free(&m);
    }
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
    sa_test_write_text(path, text);
}

static int make_temp_dir(void **state)
{
    (void)state;
    sa_test_temp_dir("test_obj_", temp_dir, sizeof temp_dir);
    return 0;
}

static int remove_temp_dir(void **state)
{
    (void)state;
    sa_test_remove_dir(temp_dir);
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
        /* Group numbers are 32-bit labels; past that, say so (was "expected a group number"). */
        {TRI "s 99999999999\n", "test.obj:4: s: group number '99999999999' is too large (at most 4294967294)"},
        {TRI "s 4294967295\n", "test.obj:4: s: group number '4294967295' is too large"},
        /* A keyword alone is a statement with no numbers, not a line to skip. */
        {TRI "v\nf 1 2 3\n", "test.obj:4: v needs 3 numbers, found 0"},
        {TRI "vt\n", "test.obj:4: vt needs 1 number, found 0"},
        {TRI "vn \r\n", "test.obj:4: vn needs 3 numbers, found 0"},
        /* Only inf and nan are called "not finite"; other words are not numbers. */
        {TRI "v north 0 0\n", "test.obj:4: v: 'north' is not a number"},
        {TRI "v 0 info 0\n", "test.obj:4: v: 'info' is not a number"},
        {TRI "v 0 0 INFINITY\n", "test.obj:4: v: coordinate 'INFINITY' is not finite"},
        {TRI "v 0 +NaN 0\n", "test.obj:4: v: coordinate '+NaN' is not finite"},
        {TRI "v 0 0 0x10\n", "test.obj:4: v: '0x10' is not a number"},
        {TRI "v +-1 0 0\n", "test.obj:4: v: '+-1' is not a number"},
        {TRI "v 1e 0 0\n", "test.obj:4: v: '1e' is not a number"},
        {TRI "f 4294967297 2 3\n", "test.obj:4: face corner: position index is too large"},
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

/* --- hostile input --------------------------------------------------------- */

/* Numbers at the edges of what parse_float reads, worked out by hand:
 * 1e-400 is far below the smallest float and rounds to 0; 3.4e38 is just
 * under FLT_MAX (3.40282e38); ".5" and "5." are 0.5 and 5. */
static void numbers_at_the_edges(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok("v 1e-400 .5 5.\nv 3.4e38 0 0\nv 0 1 0\nf 1 2 3\n", &m);
    EXPECT_NEAR(0, m.vertices[0].position[0], 0);
    EXPECT_NEAR(0.5, m.vertices[0].position[1], 0);
    EXPECT_NEAR(5, m.vertices[0].position[2], 0);
    EXPECT_NEAR(3.4e38, m.vertices[1].position[0], 1e32);
    obj_mesh_free(&m);
    /* 1e39 is past FLT_MAX: not finite as a float. */
    sa_error err;
    EXPECT_STR_CONTAINS(parse_error(TRI "v 1e39 0 0\n", &err), "test.obj:4: v: coordinate '1e39' is not finite");
}

/* A 10 MB number is rejected with a message of one short line that quotes
 * its first 40 bytes (it used to quote up to the message buffer's size). */
static void a_huge_number_is_quoted_briefly(void **state)
{
    (void)state;
    size_t digits = 10u * 1024 * 1024;
    char *text = malloc(digits + 64);
    memcpy(text, "v 1", 3);
    memset(text + 3, '0', digits);
    strcpy(text + 3 + digits, " 0 0\n" TRI "f 1 2 3\n");
    sa_error err;
    const char *message = parse_error(text, &err);
    free(text);
    EXPECT_STR_CONTAINS(message,
                        "test.obj:1: v: coordinate '1000000000000000000000000000000000000000...' is not finite");
    EXPECT_TRUE(strlen(message) < 120);
}

/* A NUL byte: the C string functions stop at it, so the message used to
 * quote the text before it ("'2' is not a number"). Now it says what it is. */
static void nul_bytes_are_named(void **state)
{
    (void)state;
    static const char v_line[] = TRI "v 1 2\0 3\nf 1 2 3\n";
    static const char f_line[] = TRI "f 1 2\0 3\n";
    static const char comment[] = "# a\0b\n" TRI "f 1 2 3\n";
    static const char mtl[] = "newmtl a\nKd 1\0 1 1\n";
    obj_mesh m;
    sa_error err;
    EXPECT_TRUE(!obj_parse_memory(v_line, sizeof v_line - 1, "n.obj", NULL, NULL, &m, &err));
    EXPECT_STR_CONTAINS(err.message, "n.obj:4: the line holds a NUL byte");
    EXPECT_TRUE(!obj_parse_memory(f_line, sizeof f_line - 1, "n.obj", NULL, NULL, &m, &err));
    EXPECT_STR_CONTAINS(err.message, "n.obj:4: the line holds a NUL byte");
    /* In a comment it does no harm. */
    EXPECT_TRUE(obj_parse_memory(comment, sizeof comment - 1, "n.obj", NULL, NULL, &m, &err));
    EXPECT_INT(1, m.triangle_count);
    obj_mesh_free(&m);
    memset(&m, 0, sizeof m);
    EXPECT_TRUE(!obj_parse_mtl_memory(mtl, sizeof mtl - 1, "n.mtl", ".", NULL, &m, &err));
    EXPECT_STR_CONTAINS(err.message, "n.mtl:2: the line holds a NUL byte");
    obj_mesh_free(&m);
}

/* obj_vertex.normal is promised unit length. By hand: (0,0,2) -> (0,0,1);
 * (3,4,0) has length 5 -> (0.6, 0.8, 0); (1e30,1e30,1e30) -> each 1/sqrt 3
 * (its length squared, 3e60, overflows a float). A zero "vn" has no
 * direction: the normal is computed from the counter-clockwise triangle,
 * (1,0,0) x (0,1,0) = (0,0,1). */
static void file_normals_are_made_unit_length(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok(TRI "vn 0 0 2\nvn 3 4 0\nvn 1e30 1e30 1e30\nf 1//1 2//2 3//3\n", &m);
    EXPECT_TRUE(!m.normals_computed);
    EXPECT_NEAR(1, m.vertices[0].normal[2], tol);
    EXPECT_NEAR(0.6, m.vertices[1].normal[0], tol);
    EXPECT_NEAR(0.8, m.vertices[1].normal[1], tol);
    for (int i = 0; i < 3; i++)
        EXPECT_NEAR(1 / sqrt(3), m.vertices[2].normal[i], tol);
    obj_mesh_free(&m);
    parse_ok(TRI "vn 0 0 0\nf 1//1 2//1 3//1\n", &m);
    EXPECT_TRUE(m.normals_computed);
    EXPECT_INT(1, m.normal_count); /* counted as read */
    for (int v = 0; v < 3; v++) {
        EXPECT_NEAR(0, m.vertices[v].normal[0], tol);
        EXPECT_NEAR(0, m.vertices[v].normal[1], tol);
        EXPECT_NEAR(1, m.vertices[v].normal[2], tol);
    }
    obj_mesh_free(&m);
}

/* 10,000 materials in one library: the array used to grow by one, which
 * under AddressSanitizer copied ~200 GB (each material holds a 4 KiB path)
 * and never finished. */
static void ten_thousand_materials(void **state)
{
    (void)state;
    size_t count = 10000, cap = count * 32, n = 0;
    char *mtl = malloc(cap);
    for (size_t i = 0; i < count; i++)
        n += (size_t)snprintf(mtl + n, cap - n, "newmtl m%zu\nKd 0.5\n", i);
    obj_mesh m;
    memset(&m, 0, sizeof m);
    sa_error err;
    EXPECT_TRUE(obj_parse_mtl_memory(mtl, n, "many.mtl", ".", NULL, &m, &err));
    free(mtl);
    EXPECT_INT(10000, m.material_count);
    EXPECT_INT(0, strcmp(m.materials[0].name, "m0"));
    EXPECT_INT(0, strcmp(m.materials[9999].name, "m9999"));
    EXPECT_NEAR(0.5, m.materials[9999].base_color[2], tol);
    obj_mesh_free(&m);
}

/* Kd in the MTL spec: "Kd r g b", "Kd r", "Kd spectral file.rfl [f]", "Kd
 * xyz x y z". The last two are not supported: a warning, and the colour
 * stays white, instead of failing the whole model. */
static void kd_forms(void **state)
{
    (void)state;
    obj_mesh m;
    memset(&m, 0, sizeof m);
    sa_error err;
    const char *ok_mtl = "newmtl a\nKd spectral a.rfl 1\nnewmtl b\nKd xyz 0.1 0.2 0.3\n";
    EXPECT_TRUE(obj_parse_mtl_memory(ok_mtl, strlen(ok_mtl), "k.mtl", ".", NULL, &m, &err));
    EXPECT_INT(2, m.material_count);
    EXPECT_NEAR(1, m.materials[0].base_color[0], tol);
    EXPECT_NEAR(1, m.materials[1].base_color[2], tol);
    EXPECT_INT(2, m.warning_count);
    EXPECT_STR_CONTAINS(m.warnings[0], "k.mtl:2: material 'a': Kd spectral is not supported");
    EXPECT_STR_CONTAINS(m.warnings[1], "k.mtl:4: material 'b': Kd xyz is not supported");
    obj_mesh_free(&m);
    const char *missing = "newmtl a\nKd\n", *two = "newmtl a\nKd 1 1\n";
    EXPECT_TRUE(!obj_parse_mtl_memory(missing, strlen(missing), "k.mtl", ".", NULL, &m, &err));
    EXPECT_STR_CONTAINS(err.message, "k.mtl:2: Kd needs 1 or 3 numbers, found 0");
    obj_mesh_free(&m);
    EXPECT_TRUE(!obj_parse_mtl_memory(two, strlen(two), "k.mtl", ".", NULL, &m, &err));
    EXPECT_STR_CONTAINS(err.message, "k.mtl:2: Kd needs 1 or 3 numbers, found 2");
    obj_mesh_free(&m);
}

/* map_Kd naming a FIFO used to block in stb_image forever, waiting for a
 * writer; a folder or a device is no image either. Each is a warning now.
 * The load runs in a child process (this program again, with
 * --load-special-textures), at most 20 s: if it blocks again, the test
 * fails saying so instead of hanging. Windows has no FIFOs and no
 * /dev/zero: there the folder and the null device ("NUL") are tried, and
 * the output says what was left out. */
static char special_obj_path[512];
static int special_texture_count;

static void special_textures_are_warnings(void **state)
{
    (void)state;
    obj_mesh m;
    sa_error err;
    if (!obj_load(special_obj_path, &m, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(special_texture_count, m.material_count);
    EXPECT_INT(special_texture_count, m.warning_count);
    for (int i = 0; i < m.warning_count; i++) {
        EXPECT_STR_CONTAINS(m.warnings[i], "not a regular file");
        EXPECT_TRUE(m.materials[i].base_color_image.pixels == NULL);
    }
    obj_mesh_free(&m);
}

/* The child's side: `--load-special-textures <obj> <count>`; exits with
 * SA_TEST_CHILD_PASSED when the case passed. */
static int load_special_textures(const char *path, const char *count)
{
    snprintf(special_obj_path, sizeof special_obj_path, "%s", path);
    special_texture_count = atoi(count);
    const struct CMUnitTest tests[] = {cmocka_unit_test(special_textures_are_warnings)};
    int failed = cmocka_run_group_tests_name("obj loader: textures that are not files", tests, NULL, NULL);
    return failed == 0 ? SA_TEST_CHILD_PASSED : 1;
}

static const char *the_argv0;

static void texture_that_is_not_a_file(void **state)
{
    (void)state;
    char mtl[1024] = "", fifo[512];
    int count = 0;
    size_t used = 0;
    if (sa_test_on_windows()) {
        print_message("texture_that_is_not_a_file: the FIFO and /dev/zero are not tried: Windows has neither\n");
    } else {
        /* POSIX has mkfifo(), but the tests are plain C11: the mkfifo
         * program makes it. */
        char mkfifo[1024];
        if (!sa_test_find_program("mkfifo", mkfifo, sizeof mkfifo))
            fail_msg("no mkfifo program on PATH, to make the FIFO");
        snprintf(fifo, sizeof fifo, "%s/fifo.png", temp_dir);
        sa_process_result made = sa_test_run_program((const char *const[]){mkfifo, fifo, NULL}, 10);
        if (!made.exited || made.exit_code != 0)
            fail_msg("mkfifo %s failed", fifo);
        used += (size_t)snprintf(mtl + used, sizeof mtl - used,
                                 "newmtl f\nmap_Kd fifo.png\nnewmtl z\nmap_Kd /dev/zero\n");
        count += 2;
    }
    /* A folder, and the null device (on Windows "NUL" in any folder is it). */
    snprintf(mtl + used, sizeof mtl - used, "newmtl d\nmap_Kd .\nnewmtl n\nmap_Kd %s\n", sa_test_null_device());
    count += 2;
    write_file("d.mtl", mtl);
    write_file("d.obj", "mtllib d.mtl\n" TRI "f 1 2 3\n");
    char path[512], count_text[16];
    snprintf(path, sizeof path, "%s/d.obj", temp_dir);
    snprintf(count_text, sizeof count_text, "%d", count);
    sa_process_result r = sa_test_run_self(the_argv0,
                                           (const char *const[]){"--load-special-textures", path, count_text, NULL},
                                           20);
    char how[64];
    if (r.timed_out)
        fail_msg("obj_load of %s did not return within 20 s: a texture that is a FIFO or a device blocks the load",
                 path);
    if (!r.exited || r.exit_code != SA_TEST_CHILD_PASSED)
        fail_msg("textures that are not files (%s): the child's failure is above",
                 sa_test_process_end(&r, how, sizeof how));
}

/* Classic Mac OS files end lines with a lone '\r'. They used to be one
 * long line ("test.obj:1: v: 'v' is not a number"). The first line end
 * decides, also when its '\r' is the last byte of the reader's first 64 KiB
 * piece (the byte after it is then peeked). */
static void cr_only_line_ends(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok("# made on a Mac\rv 0 0 0\rv 1 0 0\rv 0 1 \\\r0\rf 1 2 3\r", &m);
    EXPECT_INT(3, m.position_count);
    EXPECT_INT(1, m.triangle_count);
    EXPECT_NEAR(1, m.vertices[2].position[1], tol);
    obj_mesh_free(&m);
    sa_error err;
    EXPECT_STR_CONTAINS(parse_error("v 0 0 0\rv 1 x 0\r", &err), "test.obj:2: v: 'x' is not a number");
    /* A comment of 65535 bytes puts the first line end at byte 65535, the
     * last of the first piece: lone '\r', then '\r' '\n' split across pieces. */
    size_t cap = 65536 + 64;
    char *text = malloc(cap);
    for (int crlf = 0; crlf < 2; crlf++) {
        text[0] = '#';
        memset(text + 1, 'x', 65534);
        snprintf(text + 65535, cap - 65535,
                 crlf ? "\r\nv 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nf 1 2 3\r\nv y\r\n"
                      : "\rv 0 0 0\rv 1 0 0\rv 0 1 0\rf 1 2 3\rv y\r");
        /* Lines: 1 the comment, 2-4 v, 5 f, 6 the bad v. */
        EXPECT_STR_CONTAINS(parse_error(text, &err), "test.obj:6: v: 'y' is not a number");
    }
    free(text);
}

/* "mtllib my lib.mtl" is one library with a space in its name (Blender
 * writes names so); it used to be read as two missing files "my" and
 * "lib.mtl", with three warnings and no material. */
static void mtllib_name_with_spaces(void **state)
{
    (void)state;
    write_file("my lib.mtl", "newmtl spaced\nKd 1 0 0\n");
    write_file("e.obj", "mtllib my lib.mtl \nusemtl spaced\n" TRI "f 1 2 3\n");
    char path[512];
    snprintf(path, sizeof path, "%s/e.obj", temp_dir);
    obj_mesh m;
    sa_error err;
    if (!obj_load(path, &m, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(1, m.material_count);
    EXPECT_INT(0, m.warning_count);
    EXPECT_INT(1, m.submesh_count);
    EXPECT_INT(0, m.submeshes[0].material);
    EXPECT_NEAR(0, m.materials[0].base_color[1], tol);
    obj_mesh_free(&m);
}

/* 200,000 usemtl lines over 20,000 materials: each name used to be found
 * by walking every name seen so far (and every material at the end), some
 * 10^9 string compares, minutes under the sanitizers. The ranges by hand:
 * "dup" is material 0 and again material 20001 (the later one wins), m<i>
 * is material i + 1, "none" is no material (-1, one warning). */
static void usemtl_switching_between_many_materials(void **state)
{
    (void)state;
    size_t names = 20000, switches = 200000;
    size_t cap = names * 24 + 64, n = 0;
    char *text = malloc(switches * 24 + 256);
    n += (size_t)snprintf(text + n, cap - n, "newmtl dup\nKd 1 0 0\n");
    for (size_t i = 0; i < names; i++)
        n += (size_t)snprintf(text + n, cap - n, "newmtl m%zu\n", i);
    snprintf(text + n, cap - n, "newmtl dup\nKd 0 0 1\n");
    write_file("f.mtl", text);
    cap = switches * 24 + 256, n = 0;
    n += (size_t)snprintf(text + n, cap - n, "mtllib f.mtl\n" TRI);
    for (size_t j = 0; j < switches; j++)
        n += (size_t)snprintf(text + n, cap - n, "usemtl m%zu\nf 1 2 3\n", j % names);
    snprintf(text + n, cap - n, "usemtl dup\nf 1 2 3\nusemtl none\nf 1 2 3\n");
    write_file("f.obj", text);
    free(text);
    char path[512];
    snprintf(path, sizeof path, "%s/f.obj", temp_dir);
    obj_mesh m;
    sa_error err;
    if (!obj_load(path, &m, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(names + 2, m.material_count);
    EXPECT_INT(switches + 2, m.submesh_count);
    for (size_t j = 0; j < switches; j++)
        if (m.submeshes[j].material != (int)(j % names) + 1)
            fail_msg("submesh %zu: material %d, expected %d", j, m.submeshes[j].material, (int)(j % names) + 1);
    EXPECT_INT(20001, m.submeshes[switches].material);
    EXPECT_INT(-1, m.submeshes[switches + 1].material);
    EXPECT_INT(3 * (switches + 1), m.submeshes[switches + 1].first_index);
    EXPECT_INT(1, m.warning_count);
    EXPECT_STR_CONTAINS(m.warnings[0], "usemtl 'none'");
    obj_mesh_free(&m);
}

/* Smoothing groups at the edge: "s 0" is off, like "s off"; 4294967294
 * is the largest group number (its run label, n + 1, still fits 32 bits). */
static void smoothing_group_numbers(void **state)
{
    (void)state;
    obj_mesh m;
    parse_ok("s 0\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 -1\nf 1 2 3\nf 2 1 4\n", &m);
    EXPECT_INT(6, m.vertex_count); /* flat: 3 per triangle, as with "s off" */
    obj_mesh_free(&m);
    parse_ok("s 4294967294\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 -1\nf 1 2 3\nf 2 1 4\n", &m);
    EXPECT_INT(4, m.vertex_count); /* one smooth group: the edge is shared */
    obj_mesh_free(&m);
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--load-special-textures") == 0)
        return load_special_textures(argv[2], argv[3]);
    the_argv0 = argv[0];
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
        cmocka_unit_test(mixed_faces_keep_file_normals_and_fill_the_rest),
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
        cmocka_unit_test(numbers_at_the_edges),
        cmocka_unit_test(a_huge_number_is_quoted_briefly),
        cmocka_unit_test(nul_bytes_are_named),
        cmocka_unit_test(file_normals_are_made_unit_length),
        cmocka_unit_test(ten_thousand_materials),
        cmocka_unit_test(kd_forms),
        cmocka_unit_test(texture_that_is_not_a_file),
        cmocka_unit_test(smoothing_group_numbers),
        cmocka_unit_test(cr_only_line_ends),
        cmocka_unit_test(mtllib_name_with_spaces),
        cmocka_unit_test(usemtl_switching_between_many_materials),
    };
    return cmocka_run_group_tests_name("obj loader", tests, make_temp_dir, remove_temp_dir);
}
