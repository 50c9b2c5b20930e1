/* stairs_export.c: --export and --dump-pose (see stairs_export.h). */
#include "stairs_export.h"

#include "assets/characters.h"
#include "chapters/04_bone_tree/pose_write.h"
#include "chapters/10_walk_cycle/walk_export.h"
#include "common/app.h"
#include "common/files.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int node_named(const gltf_out_document *doc, const char *name)
{
    for (int n = 0; n < doc->node_count; n++)
        if (strcmp(doc->nodes[n].name, name) == 0)
            return n;
    return -1;
}

/* The baked keys: times[key_count], a rotation per skin joint per key, the
 * hips' translation per key. */
typedef struct bake {
    int key_count, joint_count;
    int full_steps; /* keys 1 .. full_steps are 1 / 30 s apart; one more for the end when it is not a key */
    float *times;
    float *rotations;   /* [joint_count][key_count][4] */
    float *translation; /* [key_count][3]: the hips */
    int weight_count;   /* the scene's morph weights (the face), 0: none */
    float *weights;     /* [key_count][weight_count] */
} bake;

/* [listing stairs_bake] */
/* The walk at 30 Hz, in the steps of stairs_demo_run_to; each key the pose
 * with the root motion put into the hips. */
static bool bake_walk(stairs_demo *d, bake *b, transform *baked, sa_error *err)
{
    double step = 1.0 / STAIRS_BAKE_RATE, end = stairs_walk_duration(&d->walk);
    for (int k = 0; k < b->key_count; k++) {
        double dt = k == 0 ? 0.0 : k < b->full_steps + 1 ? step : end - d->time;
        if (!stairs_demo_step(d, dt, err))
            return false;
        stairs_demo_baked_pose(d, baked);
        b->times[k] = (float)d->time;
        glm_vec3_copy(baked[d->hips].translation, &b->translation[3 * k]);
        if (b->weight_count > 0) /* the face (stairs_demo_step) */
            memcpy(&b->weights[(size_t)k * (size_t)b->weight_count], d->v.sc.morph_weights,
                   (size_t)b->weight_count * sizeof *b->weights);
        for (int j = 0; j < b->joint_count; j++) {
            float *q = &b->rotations[4 * ((size_t)j * (size_t)b->key_count + (size_t)k)];
            glm_vec4_copy(baked[d->v.all.joint_of_node[d->v.skel.node_of_joint[j]]].rotation, q);
            if (k > 0 && glm_vec4_dot(q, q - 4) < 0) /* the short way round from the key before */
                glm_vec4_negate(q);
        }
    }
    return true;
}
/* [/listing] */

bool stairs_export(const char *path, stairs_demo *d, sa_error *err)
{
    if (strcmp(path, "-") == 0)
        return sa_error_set(err, "--export: give a file name (its texture is written beside it)");
    double duration = stairs_walk_duration(&d->walk);
    if (!(duration > 0 && duration <= STAIRS_DEMO_MAX_TIME)) /* NaN too */
        return sa_error_set(err,
                            "export: the stairs walk lasts %g s, not 0 .. %g: its root does not move along its "
                            "path",
                            duration, STAIRS_DEMO_MAX_TIME);
    bake b = {.joint_count = d->v.skel.joint_count};
    b.full_steps = stairs_demo_full_steps(duration, STAIRS_BAKE_RATE);
    b.key_count = b.full_steps + 1 + (duration - b.full_steps / STAIRS_BAKE_RATE > 1e-4);
    size_t keys = (size_t)b.key_count;
    b.times = malloc(keys * sizeof *b.times);
    b.translation = malloc(keys * 3 * sizeof *b.translation);
    b.rotations = malloc(keys * 4 * (size_t)b.joint_count * sizeof *b.rotations);
    b.weight_count = d->v.sc.morph_weight_count;
    b.weights = malloc(keys * (size_t)(b.weight_count > 0 ? b.weight_count : 1) * sizeof *b.weights);
    transform *baked = malloc((size_t)d->v.all.joint_count * sizeof *baked);
    gltf_out_document *doc = calloc(1, sizeof *doc);
    image_rgba8 texture = {0};
    bool ok = b.times && b.translation && b.rotations && b.weights && baked && doc;
    if (!ok)
        sa_error_set(err, "export: out of memory");
    ok = ok && bake_walk(d, &b, baked, err) && make_humanoid(doc, &texture, err) && make_stairs(doc, err);
    int animation = ok ? gltf_out_add_animation(doc, "stairs_walk") : -1;
    for (int j = 0; ok && j < b.joint_count; j++) {
        const char *name = d->v.skel.name[j];
        int node = node_named(doc, name);
        if (node < 0) {
            ok = sa_error_set(err, "export: the humanoid has no node '%s'", name);
            break;
        }
        gltf_out_add_channel(doc, animation, node, "rotation", b.times, &b.rotations[4 * keys * (size_t)j], keys);
        if (skeleton_find(&d->v.all, name) == d->hips)
            gltf_out_add_channel(doc, animation, node, "translation", b.times, b.translation, keys);
    }
    /* The face's weights, node by node (one weights channel per node with
     * morph targets, its targets' weights at each key), LINEAR as baked. */
    for (int n = 0; ok && b.weight_count > 0 && n < d->v.doc.node_count; n++) {
        int start = d->v.sc.morph_weight_start[n], count;
        if (start < 0)
            continue;
        count = d->v.doc.meshes[d->v.doc.nodes[n].mesh].target_count;
        int node = d->v.doc.nodes[n].name ? node_named(doc, d->v.doc.nodes[n].name) : -1;
        float *values = malloc(keys * (size_t)count * sizeof *values);
        if (node < 0 || !values) {
            free(values);
            ok = sa_error_set(err, "export: %s",
                              node < 0 ? "a morphed node without its name in the humanoid" : "out of memory");
            break;
        }
        for (size_t k = 0; k < keys; k++)
            memcpy(&values[k * (size_t)count], &b.weights[k * (size_t)b.weight_count + (size_t)start],
                   (size_t)count * sizeof *values);
        gltf_out_add_channel_interpolated(doc, animation, node, "weights", GLTF_OUT_LINEAR, b.times, values, keys);
        free(values);
    }
    ok = ok && humanoid_export_write(path, doc, &texture, err); /* a full table shows here, in doc->failure */
    image_free(&texture);
    if (doc)
        gltf_out_free(doc);
    free(doc);
    free(baked);
    free(b.times);
    free(b.translation);
    free(b.rotations);
    free(b.weights);
    return ok;
}

int stairs_dump(stairs_demo *d, double t, const char *pose_path, const char *weights_path)
{
    const char *out_path = pose_path ? pose_path : weights_path;
    sa_error err;
    transform *baked = malloc((size_t)d->v.all.joint_count * sizeof *baked);
    if (!baked) {
        sa_error_set(&err, "out of memory");
        return app_fail(&err);
    }
    bool ok = stairs_demo_run_to(d, t, STAIRS_BAKE_RATE, &err);
    FILE *out = ok ? sa_output_open(out_path, &err) : NULL;
    if (out) {
        stairs_demo_baked_pose(d, baked);
        if (pose_path)
            ok = skeleton_write_pose(&d->v.all, baked, out, &err);
        else
            morph_weights_write(&d->v.doc, d->v.sc.morph_weight_start, d->v.sc.morph_weights, out);
        ok = sa_output_close(out, out_path, ok, &err);
    }
    free(baked);
    return out && ok ? 0 : app_fail(&err);
}
