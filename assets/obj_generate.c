/* obj_generate: writes the generated OBJ assets of chapter 02.
 *
 *   obj_generate OUT_DIR
 *
 * writes OUT_DIR/hex_prism.obj  a hexagonal prism: two 6-gon caps and six quads
 *        OUT_DIR/torus.obj      a smooth torus with a UV seam, v/vt/vn faces
 *        OUT_DIR/torus.mtl      its material (Kd, map_Kd)
 *        OUT_DIR/checker.png    a 64 x 64 checker texture
 * The committed copies in assets/models/ are these files byte for byte; the
 * test assets_obj_regenerate compares them. Numbers are printed with a fixed
 * number of decimals so that every machine writes the same bytes.
 */
#include "common/files.h"
#include "common/image.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

/* printf("%.4f") of a value that rounds to zero prints "-0.0000" for tiny
 * negatives: print a clean 0 instead. */
static double clean(double x)
{
    return fabs(x) < 0.00005 ? 0.0 : x;
}

static FILE *open_out(const char *dir, const char *name)
{
    char path[SA_PATH_MAX];
    sa_path_join(dir, name, path, sizeof path);
    FILE *f = fopen(path, "wb");
    if (!f)
        fprintf(stderr, "error: %s: cannot write\n", path);
    return f;
}

/* 12 positions (bottom ring 1-6, top ring 7-12), 8 normals (one per face),
 * no texcoords. Caps are 6-gons; the sides are quads. */
static bool write_hex_prism(const char *dir)
{
    FILE *f = open_out(dir, "hex_prism.obj");
    if (!f)
        return false;
    fprintf(f, "# hex_prism.obj: a hexagonal prism with flat faces (written by assets/obj_generate.c).\n"
               "# Two 6-gon caps and six quads: 4 + 4 + 6 * 2 = 20 triangles after fan triangulation.\n"
               "# 12 positions, 8 normals, 6 + 6 + 6 * 4 = 36 unique (position, normal) pairs.\n"
               "o hex_prism\n");
    const double radius = 0.5, half_height = 0.4;
    for (int ring = 0; ring < 2; ring++)
        for (int i = 0; i < 6; i++) {
            double a = 2 * PI * i / 6;
            fprintf(f, "v %.4f %.4f %.4f\n", clean(radius * cos(a)), ring ? half_height : -half_height,
                    clean(-radius * sin(a)));
        }
    fprintf(f, "vn 0 -1 0\nvn 0 1 0\n");
    for (int i = 0; i < 6; i++) {
        double a = 2 * PI * (i + 0.5) / 6; /* the side between corners i and i + 1 */
        fprintf(f, "vn %.4f 0 %.4f\n", clean(cos(a)), clean(-sin(a)));
    }
    /* Corners go counter-clockwise seen from +Y (angle grows from +X towards -Z). */
    fprintf(f, "# bottom cap, seen from below\nf");
    for (int i = 5; i >= 0; i--)
        fprintf(f, " %d//1", i + 1);
    fprintf(f, "\n# top cap\nf");
    for (int i = 0; i < 6; i++)
        fprintf(f, " %d//2", 7 + i);
    fprintf(f, "\n# sides\n");
    for (int i = 0; i < 6; i++) {
        int j = (i + 1) % 6, n = 3 + i;
        fprintf(f, "f %d//%d %d//%d %d//%d %d//%d\n", i + 1, n, j + 1, n, 7 + j, n, 7 + i, n);
    }
    return fclose(f) == 0;
}

/* A torus around Y: ring radius R, tube radius r. Positions and normals wrap
 * around (32 x 16 of each); texcoords do not (33 x 17), so the corners on
 * the seam are the same position with two different texcoords: 561 vertices. */
static bool write_torus(const char *dir)
{
    enum { RING = 32, TUBE = 16 };
    const double R = 0.5, r = 0.2;
    FILE *f = open_out(dir, "torus.obj");
    if (!f)
        return false;
    fprintf(f,
            "# torus.obj: a smooth, textured torus (written by assets/obj_generate.c).\n"
            "# %d positions and normals, %d texcoords (the UV seam), %d triangles.\n"
            "mtllib torus.mtl\no torus\n",
            RING * TUBE, (RING + 1) * (TUBE + 1), RING * TUBE * 2);
    for (int i = 0; i < RING; i++)
        for (int j = 0; j < TUBE; j++) {
            double u = 2 * PI * i / RING, v = 2 * PI * j / TUBE;
            double x = (R + r * cos(v)) * cos(u), y = r * sin(v), z = -(R + r * cos(v)) * sin(u);
            fprintf(f, "v %.4f %.4f %.4f\n", clean(x), clean(y), clean(z));
        }
    for (int i = 0; i <= RING; i++)
        for (int j = 0; j <= TUBE; j++)
            fprintf(f, "vt %.4f %.4f\n", (double)i / RING, (double)j / TUBE);
    for (int i = 0; i < RING; i++)
        for (int j = 0; j < TUBE; j++) {
            double u = 2 * PI * i / RING, v = 2 * PI * j / TUBE;
            fprintf(f, "vn %.4f %.4f %.4f\n", clean(cos(v) * cos(u)), clean(sin(v)), clean(-cos(v) * sin(u)));
        }
    fprintf(f, "usemtl checker\ns 1\n");
    for (int i = 0; i < RING; i++)
        for (int j = 0; j < TUBE; j++) {
            int i1 = (i + 1) % RING, j1 = (j + 1) % TUBE;
            int p00 = i * TUBE + j + 1, p10 = i1 * TUBE + j + 1, p11 = i1 * TUBE + j1 + 1, p01 = i * TUBE + j1 + 1;
            int t00 = i * (TUBE + 1) + j + 1, t10 = (i + 1) * (TUBE + 1) + j + 1;
            int t11 = t10 + 1, t01 = t00 + 1;
            /* u grows counter-clockwise seen from +Y, v outward then up: outward-facing winding. */
            fprintf(f, "f %d/%d/%d %d/%d/%d %d/%d/%d %d/%d/%d\n", p00, t00, p00, p10, t10, p10, p11, t11, p11, p01, t01,
                    p01);
        }
    if (fclose(f) != 0)
        return false;
    f = open_out(dir, "torus.mtl");
    if (!f)
        return false;
    fprintf(f, "# torus.mtl (written by assets/obj_generate.c)\nnewmtl checker\nKd 1.0 0.9 0.8\nmap_Kd checker.png\n");
    return fclose(f) == 0;
}

static bool write_checker(const char *dir)
{
    enum { SIZE = 64, SQUARE = 8 };
    static unsigned char pixels[SIZE * SIZE * 4];
    for (int y = 0; y < SIZE; y++)
        for (int x = 0; x < SIZE; x++) {
            bool dark = ((x / SQUARE) + (y / SQUARE)) % 2;
            unsigned char *p = &pixels[(y * SIZE + x) * 4];
            p[0] = dark ? 40 : 230, p[1] = dark ? 90 : 200, p[2] = dark ? 160 : 120, p[3] = 255;
        }
    image_rgba8 img = {SIZE, SIZE, pixels};
    char path[SA_PATH_MAX];
    sa_path_join(dir, "checker.png", path, sizeof path);
    sa_error err;
    if (!image_write_png(path, &img, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    sa_std_streams_binary(); /* its lines end in "\n" on Windows too */
    if (argc != 2) {
        fprintf(stderr, "usage: obj_generate OUT_DIR\n");
        return 2;
    }
    bool ok = write_hex_prism(argv[1]) && write_torus(argv[1]) && write_checker(argv[1]);
    return ok ? 0 : 1;
}
