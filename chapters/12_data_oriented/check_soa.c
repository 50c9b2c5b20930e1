/* check_soa.c: --check-soa (check_soa.h).
 *
 * Every clip of the model is packed (soa_clip_pack) and sampled at 2,001
 * times over its duration, in order (the cursors playing forward), beside
 * chapter 08's clip_sample of the float clip; then every pair of clips is
 * blended at five weights beside chapter 09's pose_blend. For each joint it
 * computes the bound book 12 derives, from the keys around t:
 *
 *   rotation     2 E(theta) + S(theta) (A dt / (t_b - t_a) + q)
 *       A        the angle between the two keys' rotations (the shortest
 *                arc), and theta = A / 2 the angle between the two unit
 *                quaternions on the sphere, where nlerp and slerp work
 *       E        nlerp's largest angle from slerp's on the sphere over the
 *                interval, max over u of
 *                |atan2(u sin theta, 1 - u + u cos theta) - u theta|,
 *                doubled: a rotation turns twice its quaternion's angle
 *       S        1 / cos^2(theta / 2), nlerp's largest angular speed over
 *                the keys' (half way between them): how far an error in u
 *                or in a key moves the result
 *       dt       the 16-bit time step, duration / 65535 (each key time is
 *                off by at most half of it, so u by dt / (t_b - t_a))
 *       q        the smallest-three quantization, 7.5e-5 rad (sqrt 12 times
 *                half a step of 1 / (sqrt 2 32767), doubled: the angle)
 *   translation, scale (the vector's length)
 *                sqrt 3 (2^-11 max|key| + 2^-25) + |b - a| dt / (t_b - t_a)
 *                (a half float's rounding, and the time step)
 *   blend        2 |phi(w) - w theta_ab| at the weight, theta_ab half the
 *                angle between the two clips' rotations, plus the inputs'
 *                bounds times S(theta_ab)
 *
 * each with 2e-6 (rad, or relative) for float rounding. Where the two
 * clips' rotations are within the inputs' bounds of a half turn apart,
 * the shortest way round is a coin toss for both blends: such joints are
 * counted (blends_half_a_turn_apart), not compared. A STEP track within
 * dt of a key may switch a step early or late: its bound there is the
 * step's angle (or length). It prints the worst error of each kind with
 * its bound and where it happened, then the worst error over its bound
 * among all of them, and fails (1) when that is over 1.
 */
#include "check_soa.h"

#include "soa_clip.h"

#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/08_keyframes/clip_gltf.h"
#include "chapters/08_keyframes/compress.h"
#include "chapters/09_crossfade/blend.h"
#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLES 2001
#define SLACK 2e-6
#define ROTATION_QUANTIZATION 7.5e-5

/* nlerp against slerp over one interval of angle theta on the sphere of
 * unit quaternions: the largest angle between them there (E) and nlerp's
 * largest angular speed over the keys' (S). nlerp's angle is
 * phi(u) = atan2(u sin theta, 1 - u + u cos theta), its speed
 * sin theta / |m|^2, |m|^2 = 1 - 2 u (1 - u)(1 - cos theta): phi - u theta
 * is largest where that speed is slerp's, theta, at
 * u (1 - u) = (1 - sin theta / theta) / (2 (1 - cos theta)), and the speed
 * is largest half way, over the keys' by 1 / cos^2(theta / 2). */
static void nlerp_error(double theta, double *largest_error, double *speed)
{
    *largest_error = 0, *speed = 1;
    if (theta < 1e-9)
        return;
    double t2 = theta * theta; /* the two differences as series where they cancel */
    double k = theta < 1e-2 ? (1.0 / 6 - t2 / 120 + t2 * t2 / 5040) / (1 - t2 / 12 + t2 * t2 / 360)
                            : (1 - sin(theta) / theta) / (2 * (1 - cos(theta)));
    double u = (1 - sqrt(fmax(0, 1 - 4 * k))) / 2;
    *largest_error = fabs(atan2(u * sin(theta), 1 - u + u * cos(theta)) - u * theta);
    *speed = 1 / (cos(theta / 2) * cos(theta / 2));
}

double check_soa_nlerp_error(double angle, double *speed)
{
    double e;
    nlerp_error(angle / 2, &e, speed);
    return 2 * e;
}

/* The angle between two rotations, from the length of the difference of
 * the nearer pair (q or -q): |a - b| = 2 sin(angle / 4), steady at small
 * angles where acos of the dot product is not. */
static double quat_angle(const float *a, const float *b)
{
    double dot = 0, length = 0;
    for (int k = 0; k < 4; k++)
        dot += (double)a[k] * b[k];
    for (int k = 0; k < 4; k++)
        length += ((double)a[k] - (dot < 0 ? -1 : 1) * b[k]) * ((double)a[k] - (dot < 0 ? -1 : 1) * b[k]);
    return 4 * asin(fmin(1.0, sqrt(length) / 2));
}

static double vec3_distance(const float *a, const float *b)
{
    double s = 0;
    for (int k = 0; k < 3; k++)
        s += ((double)a[k] - b[k]) * ((double)a[k] - b[k]);
    return sqrt(s);
}

void check_soa_note(check_soa_worst *w, double error, double bound, const char *where)
{
    double ratio = error / bound;
    if (error > w->error)
        w->error = error, w->bound = bound, snprintf(w->where, sizeof w->where, "%s", where);
    w->ratio = fmax(w->ratio, ratio);
}

double check_soa_path_bound(const track *tr, const float *rest, int path, float t, float duration, bool with_nlerp)
{
    double dt = duration / 65535.0;
    if (!tr || tr->key_count < 2 || t <= tr->times[0] || t >= tr->times[tr->key_count - 1]) {
        if (path == SOA_ROTATION)
            return ROTATION_QUANTIZATION + SLACK;
        const float *v = !tr ? rest : tr->values + (t <= tr->times[0] ? 0 : (size_t)(tr->key_count - 1) * 3);
        double largest = fmax(fabs(v[0]), fmax(fabs(v[1]), fabs(v[2])));
        return sqrt(3.0) * (largest * 0x1p-11 + 0x1p-25) + SLACK * (1 + largest);
    }
    int k = track_find_key(tr->key_count, tr->times, t);
    double interval = tr->times[k + 1] - tr->times[k];
    const float *a = tr->values + (size_t)k * tr->components, *b = a + tr->components;
    bool near_key = fabs(t - tr->times[k]) <= dt || fabs(t - tr->times[k + 1]) <= dt;
    if (path == SOA_ROTATION) {
        double angle = quat_angle(a, b), s, e = check_soa_nlerp_error(angle, &s);
        if (tr->interpolation == TRACK_STEP)
            return (near_key ? angle : 0) + ROTATION_QUANTIZATION + SLACK;
        if (!with_nlerp)
            e = 0, s = 1;
        return e + s * angle * dt / interval + s * ROTATION_QUANTIZATION + SLACK;
    }
    double largest = 0;
    for (int c = 0; c < 3; c++)
        largest = fmax(largest, fmax(fabs(a[c]), fabs(b[c])));
    double quantized = sqrt(3.0) * (largest * 0x1p-11 + 0x1p-25) + SLACK * (1 + largest);
    if (tr->interpolation == TRACK_STEP)
        return (near_key ? vec3_distance(a, b) : 0) + quantized;
    return quantized + vec3_distance(a, b) * dt / interval;
}

double check_soa_blend_bound(double angle, double w, double inputs, bool with_nlerp)
{
    /* the blend's own nlerp at this weight, exactly, on the sphere (theta,
     * half the angle), doubled */
    double theta = angle / 2, speed, phi = atan2(w * sin(theta), 1 - w + w * cos(theta));
    check_soa_nlerp_error(angle, &speed);
    if (!with_nlerp)
        phi = w * theta, speed = 1;
    return 2 * fabs(phi - w * theta) + speed * inputs + SLACK;
}

static const track *find_track(const clip *c, int joint, int path)
{
    for (int i = 0; i < c->track_count; i++)
        if (c->tracks[i].joint == joint && (int)c->tracks[i].path == path)
            return &c->tracks[i];
    return NULL;
}

/* One clip sampled both ways at time t: the errors noted, each joint's
 * rotation bound kept in rotation_bound (for the blend), and the poses left
 * in reference and packed. */
static void compare_at(const clip *c, int clip_index, const soa_clip *packed, float t, bool with_nlerp, int *cursors,
                       uint16_t *soa_cursors, transform *reference, soa_transform *groups, transform *packed_pose,
                       double *bounds, check_soa_worst *w)
{
    clip_sample(c, t, cursors, reference);
    soa_clip_sample(packed, t, soa_cursors, groups);
    soa_to_transforms(c->joint_count, groups, packed_pose);
    for (int j = 0; j < c->joint_count; j++) {
        char where[160];
        snprintf(where, sizeof where, "clip %d \"%s\", joint %d, t %.4f", clip_index, c->name, j, t);
        const transform *rest = &c->rest_local[j];
        double rb = check_soa_path_bound(find_track(c, j, SOA_ROTATION), rest->rotation, SOA_ROTATION, t, c->duration,
                                         with_nlerp);
        double tb = check_soa_path_bound(find_track(c, j, SOA_TRANSLATION), rest->translation, SOA_TRANSLATION, t,
                                         c->duration, with_nlerp);
        double sb = check_soa_path_bound(find_track(c, j, SOA_SCALE), rest->scale, SOA_SCALE, t, c->duration,
                                         with_nlerp);
        check_soa_note(&w[0], quat_angle(reference[j].rotation, packed_pose[j].rotation), rb, where);
        check_soa_note(&w[1], vec3_distance(reference[j].translation, packed_pose[j].translation), tb, where);
        check_soa_note(&w[2], vec3_distance(reference[j].scale, packed_pose[j].scale), sb, where);
        if (bounds)
            bounds[3 * j] = rb, bounds[3 * j + 1] = tb, bounds[3 * j + 2] = sb;
    }
}

int check_soa(const char *model_path, bool quantization_only)
{
    bool with_nlerp = !quantization_only;
    char path[SA_PATH_MAX];
    sa_error err;
    gltf_document doc;
    skeleton all;
    clip *clips = NULL;
    memset(&doc, 0, sizeof doc), memset(&all, 0, sizeof all);
    if (!sa_path_find(model_path, path, sizeof path, &err) || !gltf_load(path, NULL, &doc, &err) ||
        !skeleton_from_gltf_nodes(&doc, &all, &err) || !clips_from_gltf(&doc, &all, &clips, &err)) {
        fprintf(stderr, "error: %s\n", err.message);
        gltf_free(&doc), skeleton_free(&all);
        return 1;
    }
    soa_note_morph_weights(path, clips, doc.animation_count);
    int n = all.joint_count, count = doc.animation_count, groups_n = soa_group_count(n);
    soa_clip *packed = calloc((size_t)(count ? count : 1), sizeof *packed);
    bool *ok = calloc((size_t)(count ? count : 1), sizeof *ok);
    transform *ref[2] = {malloc((size_t)n * sizeof(transform)), malloc((size_t)n * sizeof(transform))};
    transform *got = malloc((size_t)n * sizeof(transform)), *blended = malloc((size_t)n * sizeof(transform));
    soa_transform *groups[2] = {malloc((size_t)groups_n * sizeof(soa_transform)),
                                malloc((size_t)groups_n * sizeof(soa_transform))};
    double *bounds[2] = {malloc((size_t)n * 3 * sizeof(double)), malloc((size_t)n * 3 * sizeof(double))};
    int *cursors = calloc(64 + 2 * (size_t)n * 3, sizeof *cursors);
    uint16_t *soa_cursors = calloc(2 * 4 * (size_t)groups_n * 3, sizeof *soa_cursors);
    if (!packed || !ok || !ref[0] || !ref[1] || !got || !blended || !groups[0] || !groups[1] || !bounds[0] ||
        !bounds[1] || !cursors || !soa_cursors) {
        fprintf(stderr, "error: out of memory\n");
        return 1;
    }
    check_soa_worst w[6] = {{"max_rotation_error", "rad", 0, 0, 0, "-"},
                            {"max_translation_error", "", 0, 0, 0, "-"},
                            {"max_scale_error", "", 0, 0, 0, "-"},
                            {"max_blend_rotation_error", "rad", 0, 0, 0, "-"},
                            {"max_blend_translation_error", "", 0, 0, 0, "-"},
                            {"max_blend_scale_error", "", 0, 0, 0, "-"}};
    int refused = 0, half_turns = 0;
    size_t float_bytes = 0, packed_bytes = 0;
    for (int c = 0; c < count; c++) {
        ok[c] = soa_clip_pack(&clips[c], &packed[c], &err);
        if (!ok[c]) {
            printf("clip %d \"%s\": not packed: %s\n", c, clips[c].name, err.message);
            refused++;
            continue;
        }
        float_bytes += clip_bytes(&clips[c]), packed_bytes += soa_clip_bytes(&packed[c]);
        memset(cursors, 0, (size_t)clips[c].track_count * sizeof *cursors);
        memset(soa_cursors, 0, (size_t)packed[c].cursor_count * sizeof *soa_cursors);
        for (int s = 0; s < SAMPLES; s++) {
            float t = clips[c].duration * (float)s / (SAMPLES - 1);
            compare_at(&clips[c], c, &packed[c], t, with_nlerp, cursors, soa_cursors, ref[0], groups[0], got, NULL, w);
        }
    }
    /* Every pair of packed clips (each with itself too when the model has
     * one), at five weights and 101 times of the first. */
    static const float weights[] = {0.1f, 0.25f, 0.5f, 0.75f, 0.9f};
    for (int a = 0; a < count; a++)
        for (int b = a; b < count; b++) {
            if (!ok[a] || !ok[b] || (b == a && count > 1))
                continue;
            for (int s = 0; s < 101; s++) {
                float ta = clips[a].duration * (float)s / 100, tb = fmodf(0.37f * s, clips[b].duration + 1e-6f);
                tb = tb > clips[b].duration ? clips[b].duration : tb;
                /* Cursors from the start: these times jump about, which the
                 * samplers must handle too. */
                compare_at(&clips[a], a, &packed[a], ta, with_nlerp, cursors, soa_cursors, ref[0], groups[0], got,
                           bounds[0], w);
                compare_at(&clips[b], b, &packed[b], tb, with_nlerp, cursors + 32 + 3 * n,
                           soa_cursors + 4 * groups_n * 3, ref[1], groups[1], got, bounds[1], w);
                for (size_t k = 0; k < sizeof weights / sizeof *weights; k++) {
                    float wt = weights[k], pair[2] = {1 - wt, wt};
                    soa_transform *out = malloc((size_t)groups_n * sizeof *out);
                    if (!out)
                        continue;
                    pose_blend(n, ref[0], ref[1], wt, NULL, blended);
                    soa_blend(groups_n, 2, (const soa_transform *const *)groups, pair, out);
                    soa_to_transforms(n, out, got);
                    free(out);
                    for (int j = 0; j < n; j++) {
                        char where[160];
                        snprintf(where, sizeof where, "clips %d and %d, w %.2f, joint %d, t %.4f and %.4f", a, b, wt, j,
                                 ta, tb);
                        double angle = quat_angle(ref[0][j].rotation, ref[1][j].rotation);
                        double inputs = fmax(bounds[0][3 * j], bounds[1][3 * j]);
                        double rb = check_soa_blend_bound(angle, wt, inputs, with_nlerp);
                        double tbnd = (1 - wt) * bounds[0][3 * j + 1] + wt * bounds[1][3 * j + 1] + SLACK;
                        double sbnd = (1 - wt) * bounds[0][3 * j + 2] + wt * bounds[1][3 * j + 2] + SLACK;
                        /* Within the inputs' error of a half turn apart, the
                         * shortest way round is a coin toss for either blend:
                         * counted, not compared. */
                        if (angle > GLM_PI - 2 * (inputs + SLACK))
                            half_turns++;
                        else
                            check_soa_note(&w[3], quat_angle(blended[j].rotation, got[j].rotation), rb, where);
                        check_soa_note(&w[4], vec3_distance(blended[j].translation, got[j].translation), tbnd, where);
                        check_soa_note(&w[5], vec3_distance(blended[j].scale, got[j].scale), sbnd, where);
                    }
                }
            }
        }
    printf("model: %s\n", model_path);
    printf("clips: %d packed, %d not (%zu bytes of float keys, %zu packed)\n", count - refused, refused, float_bytes,
           packed_bytes);
    double ratio = 0;
    for (int k = 0; k < 6; k++) {
        printf("%s: %.3g%s%s (bound %.3g; %s)\n", w[k].name, w[k].error, *w[k].unit ? " " : "", w[k].unit, w[k].bound,
               w[k].where);
        ratio = fmax(ratio, w[k].ratio);
    }
    printf("blends_half_a_turn_apart: %d (either way round is right: not compared)\n", half_turns);
    printf("worst_error_over_bound: %.3f\n", ratio);
    fflush(stdout); /* the lines before the error line, when both go to one pipe */
    int status = 0;
    if (!(ratio <= 1)) {
        fprintf(stderr, "error: %s: an SoA pose is further from chapter 09's than its bound\n", model_path);
        status = 1;
    }
    for (int c = 0; c < count; c++)
        if (ok[c])
            soa_clip_free(&packed[c]);
    free(packed), free(ok), free(ref[0]), free(ref[1]), free(got), free(blended), free(groups[0]), free(groups[1]);
    free(bounds[0]), free(bounds[1]), free(cursors), free(soa_cursors);
    clips_free(clips, count), skeleton_free(&all), gltf_free(&doc);
    return status;
}
