/* gait_measure.c: a gait clip measured as a gait laboratory measures a
 * person (chapter 10): joint angles and foot heights over one cycle of the
 * left leg, from the clip's poses alone (sampled with chapter 08, posed
 * with chapter 04), so a generator's bug shows in them. */
#include "walk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MEASURE_PI 3.14159265358979323846
#define TO_DEG (180.0 / MEASURE_PI)
#define SAMPLES 240

static double angle_between(const float a[3], const float b[3])
{
    double dot = 0, aa = 0, bb = 0;
    for (int i = 0; i < 3; i++)
        dot += (double)a[i] * b[i], aa += (double)a[i] * a[i], bb += (double)b[i] * b[i];
    double c = dot / sqrt(aa * bb);
    return acos(c < -1 ? -1 : c > 1 ? 1 : c);
}

static void position(mat4 m, float out[3])
{
    out[0] = m[3][0], out[1] = m[3][1], out[2] = m[3][2];
}

static float event_time(const clip *c, const char *name)
{
    for (int e = 0; e < c->event_count; e++)
        if (strcmp(c->events[e].name, name) == 0)
            return c->events[e].time;
    return NAN;
}

/* [listing gait_measure_angles] */
/* The angles of the leg whose hip, knee, ankle and toes joints are at h,
 * k, a, t: knee flexion (0 straight), the thigh's flexion forward of
 * vertical in the character's sagittal plane (y up, z forward; negative is
 * extension), and the angle between shin and foot (its rest value less it
 * is the plantarflexion). Degrees. */
static void leg_angles(const float h[3], const float k[3], const float a[3], const float t[3], double *knee,
                       double *hip, double *shin_foot)
{
    float thigh_up[3], shin_down[3], shin[3], foot[3];
    glm_vec3_sub((float *)h, (float *)k, thigh_up);
    glm_vec3_sub((float *)a, (float *)k, shin_down);
    glm_vec3_sub((float *)a, (float *)k, shin);
    glm_vec3_sub((float *)t, (float *)a, foot);
    *knee = 180 - angle_between(thigh_up, shin_down) * TO_DEG;
    *hip = atan2((double)k[2] - h[2], (double)h[1] - k[1]) * TO_DEG;
    *shin_foot = angle_between(shin, foot) * TO_DEG;
}
/* [/listing] */

bool gait_measure(const skeleton *s, const walk_clip *w, gait_measures *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    const gait *g = &w->g;
    const gait_leg *leg = &g->leg[GAIT_LEFT];
    const clip *c = &w->c;
    float down = event_time(c, "left_down"), up = event_time(c, "left_up");
    if (isnan(down) || isnan(up) || leg->toes < 0)
        return sa_error_set(err, "gait measure: clip '%s' needs left_down and left_up events and a left_toes joint",
                            c->name);
    int n = s->joint_count;
    transform *pose = malloc((size_t)n * sizeof *pose);
    mat4 *model = malloc((size_t)n * sizeof *model);
    if (!pose || !model) {
        free(pose);
        free(model);
        return sa_error_set(err, "gait measure: out of memory");
    }
    /* the rest pose: the shin-foot angle of a neutral ankle, and the toe
     * point (on the ground under the toes joint) in the toes' frame */
    float h[3], k[3], a[3], t[3], toe_in_toes[3], heel_in_foot[3], ball_in_foot[3];
    skeleton_local_to_model(s, s->rest_local, model);
    position(model[leg->thigh], h), position(model[leg->shin], k), position(model[leg->foot], a);
    position(model[leg->toes], t);
    double knee, hip, neutral;
    leg_angles(h, k, a, t, &knee, &hip, &neutral);
    {
        mat4 toes_from_model;
        glm_mat4_inv(model[leg->toes], toes_from_model);
        vec3 ground = {t[0], 0, t[2]};
        glm_mat4_mulv3(toes_from_model, ground, 1, toe_in_toes);
        /* a gait laboratory's markers, not the gait's pivots (which are
         * the mesh's, foot_mesh.h): the heel on the ground under the ankle,
         * the ball under the toes joint, carried by the foot */
        mat4 foot_from_model;
        glm_mat4_inv(model[leg->foot], foot_from_model);
        vec3 heel = {a[0], 0, a[2]};
        glm_mat4_mulv3(foot_from_model, heel, 1, heel_in_foot);
        glm_mat4_mulv3(foot_from_model, ground, 1, ball_in_foot);
    }
    double duration = c->duration, stance = fmod(up - down + duration, duration), mid = down + stance / 2;
    double swing_from = up, swing = duration - stance;
    out->knee_flexion_min_deg = INFINITY;
    out->knee_flexion_swing_peak_deg = -INFINITY;
    out->hip_flexion_peak_deg = -INFINITY;
    out->hip_extension_peak_deg = -INFINITY;
    out->toe_clearance_min_m = INFINITY;
    double best_mid = INFINITY, best_off = INFINITY;
    for (int i = 0; i < SAMPLES; i++) {
        double time = duration * i / SAMPLES;
        clip_sample(c, (float)time, NULL, pose);
        skeleton_local_to_model(s, pose, model);
        position(model[leg->thigh], h), position(model[leg->shin], k), position(model[leg->foot], a);
        position(model[leg->toes], t);
        double shin_foot;
        leg_angles(h, k, a, t, &knee, &hip, &shin_foot);
        float heel[3], ball[3], toe[3];
        glm_mat4_mulv3(model[leg->foot], heel_in_foot, 1, heel);
        glm_mat4_mulv3(model[leg->foot], ball_in_foot, 1, ball);
        glm_mat4_mulv3(model[leg->toes], toe_in_toes, 1, toe);
        double lowest = fmin(heel[1], fmin(ball[1], toe[1]));
        double since_down = fmod(time - down + duration, duration),
               since_up = fmod(time - swing_from + duration, duration);
        bool planted = since_down <= stance;
        out->knee_flexion_min_deg = fmin(out->knee_flexion_min_deg, knee);
        out->hip_flexion_peak_deg = fmax(out->hip_flexion_peak_deg, hip);
        out->hip_extension_peak_deg = fmax(out->hip_extension_peak_deg, -hip);
        if (!planted)
            out->knee_flexion_swing_peak_deg = fmax(out->knee_flexion_swing_peak_deg, knee);
        /* the samples nearest to mid-stance and to toe-off */
        double to_mid = fabs(fmod(time - mid + 1.5 * duration, duration) - duration / 2);
        if (to_mid < best_mid)
            best_mid = to_mid, out->knee_flexion_mid_stance_deg = knee;
        double to_off = fabs(fmod(time - up + 1.5 * duration, duration) - duration / 2);
        if (to_off < best_off)
            best_off = to_off, out->ankle_plantarflexion_toe_off_deg = neutral - shin_foot;
        if (planted) /* after heel-off the foot stands on its forefoot */
            out->heel_rise_on_planted_toes_m = fmax(out->heel_rise_on_planted_toes_m, heel[1]);
        if (!planted && since_up >= swing / 4 && since_up <= 3 * swing / 4)
            out->toe_clearance_min_m = fmin(out->toe_clearance_min_m, lowest);
    }
    free(pose);
    free(model);
    return true;
}

/* [listing gait_bands] */
/* Normal adult gait, from the gait-analysis literature (Winter, The
 * Biomechanics and Motor Control of Human Gait, 1991; Perry and Burnfield,
 * Gait Analysis, 2010; running: Novacheck, The biomechanics of running,
 * Gait and Posture 7, 1998): the least and most of each measure. */
static const gait_measures walk_low = {0, 5, 60, 25, 10, 10, 0.02, 0.01};
static const gait_measures walk_high = {5, 15, 65, 35, 20, 25, 0.2, 0.02};
static const gait_measures run_low = {0, 30, 90, 30, 5, 10, 0, 0.02};
static const gait_measures run_high = {25, 50, 110, 55, 25, 30, 0.3, 0.5};
/* [/listing] */

int gait_measures_print(const char *name, const gait_measures *m, bool run, FILE *out)
{
    const gait_measures *low = run ? &run_low : &walk_low, *high = run ? &run_high : &walk_high;
    static const char *const names[8] = {"knee_flexion_min_deg",        "knee_flexion_mid_stance_deg",
                                         "knee_flexion_swing_peak_deg", "hip_flexion_peak_deg",
                                         "hip_extension_peak_deg",      "ankle_plantarflexion_toe_off_deg",
                                         "heel_rise_on_planted_toes_m", "toe_clearance_min_m"};
    const double *v = &m->knee_flexion_min_deg, *lo = &low->knee_flexion_min_deg, *hi = &high->knee_flexion_min_deg;
    int outside = 0;
    for (int i = 0; i < 8; i++) {
        bool ok = v[i] >= lo[i] && v[i] <= hi[i];
        fprintf(out, "%s %s: %.*f (normal %g .. %g)%s\n", name, names[i], i >= 6 ? 4 : 2, v[i], lo[i], hi[i],
                ok ? "" : " outside");
        outside += !ok;
    }
    return outside;
}
