/* check_retarget.c: ch13_motion_capture --check-retarget (check_retarget.h):
 * the bones' directions against the source's, then the feet measured on the
 * target's skinned soles. */
#include "check_retarget.h"

#include "common/app.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* [listing check_feet] */
/* The feet as the reader sees them: the target's skinned foot vertices
 * (chapter 10's foot mesh, chapter 06's skinning) at every frame of the
 * clip; the horizontal speed of every vertex of the sole (chapter 10's,
 * those bound up to 5% to the shin included) while the source's foot is
 * down (this frame and the last), every vertex's depth under the ground
 * (y = 0). */
static bool measure_feet(const skeleton *target, const clip *motion, const retarget_contacts *contacts, foot_mesh *mesh,
                         const float *times, double *slide, double *penetration, sa_error *err)
{
    *slide = 0.0, *penetration = 0.0;
    if (!foot_mesh_has_feet(mesh))
        return sa_error_set(err, "the target's mesh has no vertices bound to its feet to measure");
    /* [elide allocate the pose and each side's last positions] */
    size_t nt = (size_t)target->joint_count + 1;
    transform *local = malloc(nt * sizeof *local);
    mat4 *model = malloc(nt * sizeof *model);
    float(*last[2])[3] = {malloc((mesh->side[0].sole_count + 1) * sizeof *last[0]),
                          malloc((mesh->side[1].sole_count + 1) * sizeof *last[1])};
    bool ok = local && model && last[0] && last[1];
    /* [/elide] */
    for (int f = 0; ok && f < contacts->frame_count; f++) {
        clip_sample(motion, times[f], NULL, local);
        skeleton_local_to_model(target, local, model);
        foot_mesh_skin(mesh, model);
        for (int side = 0; side < 2; side++) {
            foot_mesh_side *m = &mesh->side[side];
            bool down = f > 0 && contacts->in_contact[side][f] && contacts->in_contact[side][f - 1];
            double dt = f > 0 ? times[f] - times[f - 1] : 1.0;
            for (size_t v = 0; v < m->vertex_count; v++) {
                *penetration = fmax(*penetration, -m->positions[v][1]);
                if (v >= m->sole_count)
                    continue;
                double dx = m->positions[v][0] - last[side][v][0], dz = m->positions[v][2] - last[side][v][2];
                if (down)
                    *slide = fmax(*slide, sqrt(dx * dx + dz * dz) / dt);
                memcpy(last[side][v], m->positions[v], sizeof last[side][v]);
            }
        }
    }
    free(local), free(model), free(last[0]), free(last[1]);
    return ok || sa_error_set(err, "out of memory");
}
/* [/listing] */

/* The feet's lines of --check-retarget, on the clip with its feet planted
 * (or not: --no-feet, plant_feet false); false over a limit or on an error (its line printed). */
static bool check_feet(retarget_target *t, const capture *c, bool plant_feet)
{
    sa_error err;
    bool ok = true;
    float *times = malloc(((size_t)c->bvh.frame_count + 1) * sizeof *times);
    clip motion = {0};
    retarget_contacts contacts;
    foot_mesh mesh;
    memset(&contacts, 0, sizeof contacts), memset(&mesh, 0, sizeof mesh);
    double slide = 0.0, penetration = 0.0;
    for (int f = 0; times && f < c->bvh.frame_count; f++)
        times[f] = bvh_frame_seconds(&c->bvh, f);
    bool measured = times ? retarget_with_feet(&t->rig, &t->view, c, times, plant_feet, &motion, &contacts, &mesh,
                                               &err) &&
                                measure_feet(&t->view.all, &motion, &contacts, &mesh, times, &slide, &penetration, &err)
                          : sa_error_set(&err, "out of memory");
    if (measured) {
        printf("max_foot_slide: %.4f\n", slide);
        printf("max_foot_penetration: %.4f\n", penetration);
        printf("contacts: %d %d\n", contacts.runs[0], contacts.runs[1]);
        printf("contact_frames: %d %d\n", contacts.frames[0], contacts.frames[1]);
        if (slide > 0.02)
            fprintf(stderr, "error: a sole slides %.4f m/s during a contact (over 0.02)\n", slide);
        if (penetration > 0.005)
            fprintf(stderr, "error: a foot goes %.4f m under the ground (over 0.005)\n", penetration);
        ok = ok && slide <= 0.02 && penetration <= 0.005;
    } else
        ok = app_fail(&err) == 0;
    free(times);
    clip_free(&motion);
    retarget_contacts_free(&contacts);
    foot_mesh_free(&mesh);
    return ok;
}

/* [listing check_retarget] */
/* Every frame of the capture retargeted, and each paired bone's direction
 * compared with the source's bone in model space (retarget_bone_error_deg). */
int run_check_retarget(const capture *c, const char *model, const capture_options *options)
{
    sa_error err;
    retarget_target t;
    if (!retarget_target_load(&t, c, model, options->map, false, &err)) {
        retarget_target_free(&t);
        return app_fail(&err);
    }
    size_t ns = (size_t)c->skel.joint_count + 1, nt = (size_t)t.view.all.joint_count + 1;
    transform *source_local = malloc(ns * sizeof *source_local);
    mat4 *source_model = malloc(ns * sizeof *source_model);
    transform *target_local = malloc(nt * sizeof *target_local);
    mat4 *target_model = malloc(nt * sizeof *target_model);
    int *cursors = calloc((size_t)c->motion.track_count + 1, sizeof *cursors);
    /* [elide free them, report "out of memory"] */
    if (!source_local || !source_model || !target_local || !target_model || !cursors) {
        sa_error_set(&err, "out of memory");
        free(source_local), free(source_model), free(target_local), free(target_model), free(cursors);
        retarget_target_free(&t);
        return app_fail(&err);
    }
    /* [/elide] */
    retarget_job job = {&t.rig, source_local, source_model, target_local, target_model};
    double worst = 0.0;
    int worst_frame = 0, worst_pair = -1;
    for (int f = 0; f < c->bvh.frame_count; f++) {
        clip_sample(&c->motion, bvh_frame_seconds(&c->bvh, f), cursors, source_local);
        retarget_run(&job);
        int pair;
        double error = retarget_bone_error_deg(&t.rig, source_model, target_model, &pair);
        if (error > worst || f == 0)
            worst = error, worst_frame = f, worst_pair = pair;
    }
    printf("max_bone_direction_error_deg: %.4f\n", worst);
    bool ok = worst <= 1.0;
    if (!ok && worst_pair >= 0)
        fprintf(stderr, "error: the bone from %s (source %s) is %.2f degrees off the source's at frame %d (over 1)\n",
                t.view.all.name[t.rig.pairs[worst_pair].target], c->skel.name[t.rig.pairs[worst_pair].source], worst,
                worst_frame);
    free(source_local), free(source_model), free(target_local), free(target_model), free(cursors);
    ok = check_feet(&t, c, !options->no_feet) && ok;
    retarget_target_free(&t);
    return ok ? 0 : 1;
}
/* [/listing] */
