/* check_ik.c: ch11_ik --check-ik (see check_ik.h). */
#include "check_ik.h"

#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "common/app.h"
#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The knee's angle, its flexion: between the thigh (hip to knee) and the shin (knee to ankle). */
static double knee_angle(mat4 *model, const foot_leg *leg)
{
    vec3 thigh, shin;
    glm_vec3_sub(model[leg->shin][3], model[leg->thigh][3], thigh);
    glm_vec3_sub(model[leg->foot][3], model[leg->shin][3], shin);
    return glm_vec3_angle(thigh, shin);
}

bool stairs_check(const skeleton *s, bool ik, float sink, double rate, stairs_check_result *out, sa_error *err)
{
    return stairs_check_mesh(s, NULL, ik, sink, rate, out, err);
}

/* [listing stairs_depth] */
/* How deep p is inside the stairs or the floor: the floor is y < 0; step k
 * is a box from its front edge to the back of the landing, (k + 1) rises
 * high (the landing the last one's top). Inside a box, the depth is the
 * least way out of it (up through its tread, forward through its riser,
 * out at a side or the back); of the boxes, the deepest. A heel touching a
 * riser is 1 mm into it, not a rise under its tread. */
static double stairs_depth(const void *context, const float p[3])
{
    const stairs_geometry *g = context;
    double depth = -p[1];
    float side = g->width / 2 - fabsf(p[0]), back = stairs_landing_end(g) - p[2];
    for (int k = 0; k < g->step_count; k++) {
        float front = p[2] - (g->start_z + (float)k * g->run), top = (float)(k + 1) * g->rise - p[1];
        if (side > 0 && back > 0 && front > 0 && top > 0 && p[1] > 0)
            depth = fmax(depth, fmin(fmin(top, front), fmin(side, back)));
    }
    return depth;
}
/* [/listing] */

bool stairs_check_mesh(const skeleton *s, foot_mesh *mesh, bool ik, float sink, double rate, stairs_check_result *out,
                       sa_error *err)
{
    memset(out, 0, sizeof *out);
    if (!(rate > 0))
        return sa_error_set(err, "stairs check: the rate (%g Hz) must be above 0", rate);
    stairs_geometry g = stairs_default();
    stairs_walk w;
    bool has_mesh = mesh && foot_mesh_has_feet(mesh);
    /* the walk over the mesh's soles where it has feet (as the program
     * shows it), else the joints' */
    gait_soles soles;
    bool mesh_soles = has_mesh && foot_mesh_soles(mesh, s, stairs_walk_heel_strike_pitch(&g), &soles);
    if (!stairs_walk_init_soles(&w, s, mesh_soles ? &soles : NULL, &g, err))
        return false;
    size_t points = has_mesh ? (mesh->side[0].vertex_count > mesh->side[1].vertex_count ? mesh->side[0].vertex_count
                                                                                        : mesh->side[1].vertex_count)
                             : 2;
    foot_meter meter;
    if (!foot_meter_init(&meter, points, err)) {
        stairs_walk_free(&w);
        return false;
    }
    w.ik_enabled = ik;
    if (sink > 0) { /* the feet put lower: from the start, the held feet too */
        w.sink = sink;
        stairs_walk_reset(&w);
    }
    int n = s->joint_count;
    transform *pose = malloc((size_t)n * sizeof *pose);
    mat4 *model = malloc((size_t)n * sizeof *model), *rest = malloc((size_t)n * sizeof *rest);
    if (!pose || !model || !rest) {
        free(pose), free(model), free(rest);
        foot_meter_free(&meter);
        stairs_walk_free(&w);
        return sa_error_set(err, "stairs check: out of memory");
    }
    skeleton_local_to_model(s, s->rest_local, rest);
    const double dt = 1 / rate;
    const int frames = (int)ceil(stairs_walk_duration(&w) * rate);
    float last_sole[2][2][3];
    double last_knee[2];
    bool was_planted[2];
    for (int k = 0; k < STAIRS_PARTS; k++)
        out->knees[k] = (stairs_knees){.stance_min = INFINITY, .swing_peak = -INFINITY};
    const float top = stairs_top(&g);
    int part[2] = {-1, -1};
    for (int f = 0; f <= frames; f++) {
        stairs_walk_step(&w, f == 0 ? 0.0 : dt, pose);
        skeleton_local_to_model(s, pose, model);
        /* [listing stairs_check_mesh] */
        /* the skinned feet against the stairs under them, and along the facing */
        if (has_mesh)
            foot_mesh_skin(mesh, model);
        const float facing[3] = {sinf(w.heading), 0, cosf(w.heading)};
        for (int side = 0; side < 2; side++) {
            size_t sole, n = foot_mesh_world_points(has_mesh ? mesh : NULL, &w.walk.g, (gait_side)side,
                                                    w.world_from_model, model[w.feet[side].leg.foot], &meter, &sole);
            foot_meter_add(&meter, (gait_side)side, (const float(*)[3])meter.world, n, sole, facing, f > 0 ? dt : 0,
                           stairs_depth, &g);
        }
        /* [/listing] */
        for (int side = 0; side < 2; side++) {
            const foot_leg *leg = &w.feet[side].leg;
            bool planted = w.foot[side].planted;
            /* the sole in the world */
            float sole[2][3];
            mat4 world_from_foot;
            glm_mat4_mul(w.world_from_model, model[leg->foot], world_from_foot);
            glm_mat4_mulv3(world_from_foot, (float *)leg->heel_in_foot, 1, sole[0]);
            glm_mat4_mulv3(world_from_foot, (float *)leg->ball_in_foot, 1, sole[1]);
            /* planted: the point it stands on (the lower of heel and ball
             * over the step under it) on the step, neither in it; a point
             * on its step does not slide */
            float over[2][3]; /* x, height over the step under it, z */
            for (int p = 0; p < 2; p++)
                glm_vec3_copy(sole[p], over[p]), over[p][1] -= stairs_height_at(&g, sole[p][0], sole[p][2]);
            if (planted)
                out->max_foot_error = fmax(out->max_foot_error, fabs(fmin(over[0][1], over[1][1])));
            for (int p = 0; p < 2; p++) {
                if (f > 0 && planted && was_planted[side])
                    out->max_foot_slide = fmax(out->max_foot_slide, gait_sole_slide(over[p], last_sole[side][p], dt));
                glm_vec3_copy(over[p], last_sole[side][p]);
            }
            double knee = knee_angle(model, leg);
            /* the part of the walk this foot's step is on, from its swing
             * (and the stance after it): up, down, or level on the landing
             * (level on the floor is none of them) */
            if (!planted) {
                const foot_swing *sw = &w.feet[side].swing;
                part[side] = sw->land > sw->lift + 0.01f   ? STAIRS_UP
                             : sw->land < sw->lift - 0.01f ? STAIRS_DOWN
                             : sw->land >= top - 0.01f     ? STAIRS_LANDING
                                                           : -1;
            }
            if (part[side] >= 0) {
                stairs_knees *k = &out->knees[part[side]];
                double deg = knee * 180 / GLM_PI;
                if (planted && f > 0 && !was_planted[side])
                    k->contact += deg, k->contacts++;
                if (planted)
                    k->stance_min = fmin(k->stance_min, deg);
                else
                    k->swing_peak = fmax(k->swing_peak, deg);
            }
            if (f > 0)
                out->max_knee_pop = fmax(out->max_knee_pop, fabs(knee - last_knee[side]));
            last_knee[side] = knee;
            was_planted[side] = planted;
        }
        /* every bone: a joint's distance from its parent, against the rest pose's */
        for (int j = 0; j < n; j++) {
            int parent = s->parent[j];
            if (parent < 0)
                continue;
            double was = glm_vec3_distance(rest[j][3], rest[parent][3]);
            if (was < 1e-6)
                continue;
            double now = glm_vec3_distance(model[j][3], model[parent][3]);
            out->max_bone_stretch = fmax(out->max_bone_stretch, fabs(now - was) / was);
        }
    }
    for (int k = 0; k < STAIRS_PARTS; k++)
        if (out->knees[k].contacts > 0)
            out->knees[k].contact /= out->knees[k].contacts;
    out->max_mesh_penetration = meter.max_penetration;
    out->min_foot_forward_speed = isfinite(meter.min_forward_speed) ? meter.min_forward_speed : 0;
    foot_meter_free(&meter);
    free(pose), free(model), free(rest);
    stairs_walk_free(&w);
    return true;
}

int run_check_ik(const char *model_path, bool ik, float sink)
{
    sa_error err;
    char path[SA_PATH_MAX];
    if (!sa_path_find(model_path ? model_path : "assets/models/humanoid.gltf", path, sizeof path, &err))
        return app_fail(&err);
    /* the file, its skins' skeleton and skinned primitives (chapter 06),
     * every node (what the clips move), the feet of the mesh */
    gltf_document doc;
    skeleton skins, s;
    skin_scene sc;
    scene_nodes nodes;
    foot_mesh feet;
    memset(&doc, 0, sizeof doc), memset(&skins, 0, sizeof skins), memset(&s, 0, sizeof s);
    memset(&sc, 0, sizeof sc), memset(&nodes, 0, sizeof nodes), memset(&feet, 0, sizeof feet);
    stairs_check_result r;
    bool ok = skin_scene_load(path, false, &doc, &skins, &sc, &nodes, &err) &&
              skeleton_from_gltf_nodes(&doc, &s, &err) && foot_mesh_init(&feet, &sc, &skins, &s, &err) &&
              stairs_check_mesh(&s, &feet, ik, sink, 60.0, &r, &err);
    foot_mesh_free(&feet);
    scene_nodes_free(&nodes);
    skin_scene_free(&sc);
    skeleton_free(&s);
    skeleton_free(&skins);
    gltf_free(&doc);
    if (!ok) {
        if (!strstr(err.message, path))
            sa_error_prefix(&err, "%s", path);
        return app_fail(&err);
    }
    printf("max_foot_error: %.3g\nmax_foot_slide: %.3g\nmax_knee_pop: %.3g\nmax_bone_stretch: %.3g\n", r.max_foot_error,
           r.max_foot_slide, r.max_knee_pop, r.max_bone_stretch);
    /* [listing stairs_knee_bands] */
    /* Normal knee flexion (degrees): level walking (Perry and Burnfield,
     * Gait Analysis, 2010), stair ascent and descent (McFadyen and Winter,
     * An integrated biomechanical analysis of normal stair ascent and
     * descent, J. Biomechanics 21, 1988; Protopapadaki et al., Clinical
     * Biomechanics 22, 2007): contact, stance minimum, swing peak. */
    static const struct {
        const char *name;
        double low[3], high[3];
    } bands[STAIRS_PARTS] = {
        [STAIRS_LANDING] = {"landing", {0, 0, 55}, {10, 10, 70}},
        [STAIRS_UP] = {"stairs_up", {50, 0, 90}, {70, 20, 100}},
        [STAIRS_DOWN] = {"stairs_down", {0, 0, 85}, {25, 20, 110}},
    };
    /* [/listing] */
    int outside = 0;
    for (int k = 0; k < STAIRS_PARTS; k++) {
        const stairs_knees *kn = &r.knees[k];
        const double v[3] = {kn->contact, kn->stance_min, kn->swing_peak};
        static const char *const names[3] = {"knee_flexion_contact_deg", "knee_flexion_stance_min_deg",
                                             "knee_flexion_swing_peak_deg"};
        for (int i = 0; i < 3; i++) {
            bool ok = v[i] >= bands[k].low[i] && v[i] <= bands[k].high[i];
            printf("%s %s: %.1f (normal %g .. %g)%s\n", bands[k].name, names[i], v[i], bands[k].low[i],
                   bands[k].high[i], ok ? "" : " outside");
            outside += !ok;
        }
    }
    printf("max_mesh_penetration: %.3g\nmin_foot_forward_speed: %.3g\n", r.max_mesh_penetration,
           r.min_foot_forward_speed);
    fflush(stdout); /* the error lines after the lines above, also where stdout is a pipe */
    int status = 0;
    if (!(r.max_foot_error <= 0.01)) {
        fprintf(stderr, "error: %s: a planted foot is %.3g m off its step (over 0.01)\n", path, r.max_foot_error);
        status = 1;
    }
    if (!(r.max_foot_slide <= 0.01)) {
        fprintf(stderr, "error: %s: a planted foot slides at %.3g m/s (over 0.01)\n", path, r.max_foot_slide);
        status = 1;
    }
    if (!(r.max_bone_stretch <= 1e-4)) {
        fprintf(stderr, "error: %s: a bone changed length by %.3g of itself (over 1e-4)\n", path, r.max_bone_stretch);
        status = 1;
    }
    if (!(r.max_knee_pop <= 0.15)) {
        fprintf(stderr, "error: %s: a knee turns %.3g rad in one frame (over 0.15)\n", path, r.max_knee_pop);
        status = 1;
    }
    if (!(r.max_mesh_penetration <= 0.005)) {
        fprintf(stderr, "error: %s: a foot vertex goes %.3g m into a step (over 0.005)\n", path,
                r.max_mesh_penetration);
        status = 1;
    }
    if (!(r.min_foot_forward_speed >= -0.05)) {
        fprintf(stderr, "error: %s: a foot moves backwards at %.3g m/s (over 0.05)\n", path, -r.min_foot_forward_speed);
        status = 1;
    }
    if (outside > 0) {
        fprintf(stderr, "error: %s: %d knee measures are outside the normal ranges\n", path, outside);
        status = 1;
    }
    return status;
}
