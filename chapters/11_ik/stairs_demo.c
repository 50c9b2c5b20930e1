/* stairs_demo.c: the humanoid on the stairs, looking at a target (see
 * stairs_demo.h). */
#include "stairs_demo.h"

#include "chapters/08_keyframes/clip_gltf.h"
#include "chapters/10_walk_cycle/foot_mesh.h"

#include <math.h>
#include <string.h>

/* How far the head may turn from where the walk points it: past this the
 * target is followed only as far as the limit (ik_aim_job's max_angle). */
#define LOOK_MAX_ANGLE 1.1f /* radians, about 63 degrees */

bool stairs_demo_load(stairs_demo *d, const char *path, bool decode_images, sa_error *err)
{
    if (!animated_view_load(&d->v, path, decode_images, err))
        return false;
    d->geometry = stairs_default();
    /* the walk over the soles of the skinned mesh where it has feet
     * (chapter 10's foot_mesh), as --check-ik measures it; else the joints' */
    foot_mesh feet;
    gait_soles soles;
    if (!foot_mesh_init(&feet, &d->v.sc, &d->v.skel, &d->v.all, err))
        return sa_error_prefix(err, "%s", path);
    bool mesh = foot_mesh_soles(&feet, &d->v.all, stairs_walk_heel_strike_pitch(&d->geometry), &soles);
    foot_mesh_free(&feet);
    if (!stairs_walk_init_soles(&d->walk, &d->v.all, mesh ? &soles : NULL, &d->geometry, err))
        return sa_error_prefix(err, "%s", path);
    /* About a quarter of the turn each, so half of it in the chest: the
     * spine takes a quarter of it, then a third of what is left, ... */
    static const char *const names[LOOK_JOINTS] = {"spine_2", "spine_3", "neck", "head"};
    static const float weights[LOOK_JOINTS] = {0.25f, 0.33f, 0.5f, 1.0f};
    for (int k = 0; k < LOOK_JOINTS; k++) {
        d->look_joints[k] = skeleton_find(&d->v.all, names[k]);
        if (d->look_joints[k] < 0)
            return sa_error_set(err, "%s: no joint '%s' to turn the head with", path, names[k]);
        d->look_weights[k] = weights[k];
    }
    /* The head's forward: the model's +Z (the way the character faces)
     * carried into the head's space by its rest rotation in the model. */
    skeleton_local_to_model(&d->v.all, d->v.all.rest_local, d->v.model_from_node);
    mat4 head_from_model;
    glm_mat4_inv(d->v.model_from_node[d->look_joints[LOOK_JOINTS - 1]], head_from_model);
    glm_mat4_mulv3(head_from_model, (vec3){0, 0, 1}, 0.0f, d->look_forward);
    glm_vec3_normalize(d->look_forward);
    if ((d->hips = skeleton_find(&d->v.all, "hips")) < 0)
        return sa_error_set(err, "%s: no joint 'hips'", path);
    d->look_on = true;
    d->time = 0.0;
    /* The face: the file's clip named "face", when it moves morph weights. */
    for (int a = 0; a < d->v.doc.animation_count && !d->has_face; a++) {
        const char *name = d->v.doc.animations[a].name;
        if (!name || strcmp(name, "face") != 0)
            continue;
        if (!clip_from_gltf(&d->v.doc, a, &d->v.all, &d->face, err))
            return sa_error_prefix(err, "%s", path);
        d->has_face = d->face.weight_track_count > 0 && d->face.duration > 0.0f;
        if (!d->has_face)
            clip_free(&d->face);
    }
    return true;
}

void stairs_demo_look_target(const stairs_demo *d, vec3 out_world)
{
    /* 2 m ahead of the character at about head height, swept from side to
     * side every 7 s, 5 m each way: the head turns up to 68 degrees after
     * it, past its limit of 63, so at the ends of the sweep it stops short. */
    double a = 2 * GLM_PI * d->time / 7.0;
    vec3 in_model = {(float)(5.0 * sin(a)), (float)(1.6 + 0.4 * sin(2 * a)), 2.0f};
    glm_mat4_mulv3((vec4 *)d->walk.world_from_model, in_model, 1.0f, out_world);
}

/* [listing stairs_demo_step] */
bool stairs_demo_step(stairs_demo *d, double dt, sa_error *err)
{
    /* sample -> IK on the legs (the walk), into the pose */
    stairs_walk_step(&d->walk, dt, d->v.pose);
    d->time += dt;
    if (d->has_face) /* -> the face's morph weights, looped (a clip of weights alone) */
        clip_sample_weights(&d->face, (float)fmod(d->time, (double)d->face.duration), NULL, d->v.sc.morph_weights);
    d->look_angle = 0.0f;
    if (!d->look_on)
        return true;
    /* -> aim the head: the target into the model space of the character */
    vec3 target_world, target_model;
    mat4 model_from_world;
    stairs_demo_look_target(d, target_world);
    glm_mat4_inv(d->walk.world_from_model, model_from_world);
    glm_mat4_mulv3(model_from_world, target_world, 1.0f, target_model);
    ik_aim_job aim = {.skeleton = &d->v.all,
                      .local = d->v.pose,
                      .joints = d->look_joints,
                      .count = LOOK_JOINTS,
                      .weights = d->look_weights,
                      .max_angle = LOOK_MAX_ANGLE,
                      .angle_to_target = &d->look_angle};
    glm_vec3_copy(d->look_forward, aim.forward);
    glm_vec3_copy(target_model, aim.target);
    return ik_aim_run(&aim, err);
}
/* [/listing] */

int stairs_demo_full_steps(double t, double rate)
{
    return (int)floor(t * rate + 1e-3);
}

bool stairs_demo_run_to(stairs_demo *d, double t, double rate, sa_error *err)
{
    double end = fmin(fmax(t, 0.0), fmin(stairs_walk_duration(&d->walk), STAIRS_DEMO_MAX_TIME));
    int steps = stairs_demo_full_steps(end, rate);
    for (int k = 0; k <= steps; k++)
        if (!stairs_demo_step(d, k == 0 ? 0.0 : 1.0 / rate, err))
            return false;
    return end - d->time > 1e-4 ? stairs_demo_step(d, end - d->time, err) : true;
}

void stairs_demo_baked_pose(const stairs_demo *d, transform *out)
{
    memcpy(out, d->v.pose, sizeof *out * (size_t)d->v.all.joint_count);
    transform *hips = &out[d->hips];
    versor turn;
    mat3 rotation;
    glm_mat4_pick3((vec4 *)d->walk.world_from_model, rotation);
    glm_mat3_quat(rotation, turn);
    vec3 moved;
    glm_mat4_mulv3((vec4 *)d->walk.world_from_model, hips->translation, 1.0f, moved);
    glm_vec3_copy(moved, hips->translation);
    glm_quat_mul(turn, hips->rotation, hips->rotation);
    glm_quat_normalize(hips->rotation);
}

void stairs_demo_free(stairs_demo *d)
{
    if (d->has_face)
        clip_free(&d->face);
    stairs_walk_free(&d->walk);
    animated_view_free(&d->v);
}
