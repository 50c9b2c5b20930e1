#include "screenshot_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

/* The documented scene (book/01-window.md, "Run it"). */
static const double cube_half = 0.5;
static const double cam_yaw = 30 * PI / 180, cam_pitch = 20 * PI / 180, cam_distance = 3;
static const double fov_y = 45 * PI / 180;
static const double light[3] = {0.4, 0.8, 0.45};
static const double base_color[3] = {0.80, 0.32, 0.06};
static const int background[3] = {46, 51, 61};

typedef struct view {
    double eye[3], s[3], u[3], f[3];
    double width, height;
} view;

static double dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void normalize(double v[3])
{
    double n = sqrt(dot(v, v));
    v[0] /= n, v[1] /= n, v[2] /= n;
}

static void cross(const double a[3], const double b[3], double out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

static view make_view(int width, int height)
{
    view v;
    v.eye[0] = cam_distance * cos(cam_pitch) * sin(cam_yaw);
    v.eye[1] = cam_distance * sin(cam_pitch);
    v.eye[2] = cam_distance * cos(cam_pitch) * cos(cam_yaw);
    double up[3] = {0, 1, 0};
    for (int i = 0; i < 3; i++)
        v.f[i] = -v.eye[i]; /* looking at the origin */
    normalize(v.f);
    cross(v.f, up, v.s);
    normalize(v.s);
    cross(v.s, v.f, v.u);
    v.width = width;
    v.height = height;
    return v;
}

/* World point -> pixel coordinates (x right, y down, pixel centres at +0.5). */
static void project(const view *v, const double p[3], double *px, double *py)
{
    double d[3] = {p[0] - v->eye[0], p[1] - v->eye[1], p[2] - v->eye[2]};
    double x = dot(d, v->s), y = dot(d, v->u), z = dot(d, v->f);
    double t = tan(fov_y / 2);
    double ndc_x = x / (z * t * (v->width / v->height)), ndc_y = y / (z * t);
    *px = (ndc_x + 1) / 2 * v->width;
    *py = (1 - ndc_y) / 2 * v->height;
}

static const unsigned char *pixel(const image_rgba8 *img, int x, int y)
{
    return img->pixels + ((size_t)y * (size_t)img->width + (size_t)x) * 4;
}

static bool is_background(const unsigned char *p)
{
    for (int c = 0; c < 3; c++)
        if (abs(p[c] - background[c]) > 3)
            return false;
    return true;
}

/* The world axes are drawn as unlit lines in these colours; they are not cube. */
static bool is_axis_line(const unsigned char *p)
{
    static const int axis[3][3] = {{255, 51, 51}, {51, 255, 51}, {77, 102, 255}};
    for (int a = 0; a < 3; a++)
        if (abs(p[0] - axis[a][0]) <= 1 && abs(p[1] - axis[a][1]) <= 1 && abs(p[2] - axis[a][2]) <= 1)
            return true;
    return false;
}

static double srgb_encode(double c)
{
    c = c < 0 ? 0 : c > 1 ? 1 : c;
    return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055;
}

/* The documented lighting: base * (hemisphere ambient + 0.85 * max(n.l, 0)). */
static void expected_face_color(const double n[3], int out[3])
{
    double l[3] = {light[0], light[1], light[2]};
    normalize(l);
    double diffuse = fmax(dot(n, l), 0);
    double sky = 0.5 + 0.5 * n[1];
    double ground[3] = {0.10, 0.09, 0.08}, top[3] = {0.22, 0.25, 0.30};
    for (int c = 0; c < 3; c++) {
        double ambient = ground[c] + (top[c] - ground[c]) * sky;
        out[c] = (int)lround(255 * srgb_encode(base_color[c] * (ambient + 0.85 * diffuse)));
    }
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

bool ch01_frame_is_right(const image_rgba8 *img, char *why, size_t why_len)
{
    view v = make_view(img->width, img->height);

    /* 1. The corners of the image show the background colour. */
    int corners[4][2] = {{0, 0}, {img->width - 1, 0}, {0, img->height - 1}, {img->width - 1, img->height - 1}};
    for (int i = 0; i < 4; i++) {
        const unsigned char *p = pixel(img, corners[i][0], corners[i][1]);
        if (!is_background(p)) {
            snprintf(why, why_len, "corner pixel (%d, %d) is (%d, %d, %d), expected the background (%d, %d, %d)",
                     corners[i][0], corners[i][1], p[0], p[1], p[2], background[0], background[1], background[2]);
            return false;
        }
    }

    /* 2. The cube's pixels fill the projected bounding box of its 8 corners. */
    double lo_x = 1e9, lo_y = 1e9, hi_x = -1e9, hi_y = -1e9;
    for (int i = 0; i < 8; i++) {
        double p[3] = {i & 1 ? cube_half : -cube_half, i & 2 ? cube_half : -cube_half, i & 4 ? cube_half : -cube_half};
        double x, y;
        project(&v, p, &x, &y);
        lo_x = fmin(lo_x, x), hi_x = fmax(hi_x, x), lo_y = fmin(lo_y, y), hi_y = fmax(hi_y, y);
    }
    /* A pixel is covered when its centre (i + 0.5) is inside. */
    int want[4] = {(int)ceil(lo_x - 0.5), (int)ceil(lo_y - 0.5), (int)floor(hi_x - 0.5), (int)floor(hi_y - 0.5)};
    int got[4] = {img->width, img->height, -1, -1};
    long cube_pixels = 0;
    for (int y = 0; y < img->height; y++)
        for (int x = 0; x < img->width; x++) {
            const unsigned char *p = pixel(img, x, y);
            if (is_background(p) || is_axis_line(p))
                continue;
            cube_pixels++;
            if (x < got[0])
                got[0] = x;
            if (y < got[1])
                got[1] = y;
            if (x > got[2])
                got[2] = x;
            if (y > got[3])
                got[3] = y;
        }
    if (cube_pixels == 0) {
        snprintf(why, why_len, "no cube pixels at all: the frame is blank");
        return false;
    }
    for (int i = 0; i < 4; i++)
        if (abs(got[i] - want[i]) > 1) {
            snprintf(why, why_len,
                     "the cube covers pixels x %d..%d, y %d..%d; expected x %d..%d, y %d..%d (within 1 pixel)", got[0],
                     got[2], got[1], got[3], want[0], want[2], want[1], want[3]);
            return false;
        }

    /* 3. The three visible faces (+X, +Y, +Z) are lit as documented. A 5x5
     *    median at a point of each face ignores an axis line crossing it. */
    static const double normals[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    static const double samples[3][3] = {{0.5, -0.25, -0.25}, {-0.25, 0.5, -0.25}, {-0.25, -0.25, 0.5}};
    static const char *names[3] = {"+X", "+Y", "+Z"};
    for (int f = 0; f < 3; f++) {
        double x, y;
        project(&v, samples[f], &x, &y);
        int cx = (int)x, cy = (int)y;
        int expected[3];
        expected_face_color(normals[f], expected);
        for (int c = 0; c < 3; c++) {
            int values[25], n = 0;
            for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++)
                    values[n++] = pixel(img, cx + dx, cy + dy)[c];
            qsort(values, 25, sizeof values[0], cmp_int);
            if (abs(values[12] - expected[c]) > 6) {
                snprintf(why, why_len, "face %s at pixel (%d, %d), channel %d: expected %d, got %d (within 6)",
                         names[f], cx, cy, c, expected[c], values[12]);
                return false;
            }
        }
    }
    return true;
}
