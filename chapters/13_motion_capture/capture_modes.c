/* capture_modes.c: ch13_motion_capture --dump-joints, --dump-pose and
 * --export (capture_modes.h). */
#include "capture_modes.h"

#include "chapters/04_bone_tree/pose_write.h"
#include "assets/characters.h"
#include "assets/gltf_writer.h"
#include "chapters/10_walk_cycle/walk_export.h"
#include "common/app.h"
#include "common/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* [listing dump_joints] */
/* Every joint's world position at a frame, through the whole path a player
 * takes: chapter 08's clip sampled at the frame's time (a time on a key gives
 * that key), chapter 04's forward kinematics. The skeleton may order joints
 * differently from the file (parents first), so each line looks its joint up. */
static bool dump_joints(const capture *c, int frame, FILE *out, sa_error *err)
{
    size_t n = (size_t)c->skel.joint_count + 1;
    transform *pose = malloc(n * sizeof *pose);
    mat4 *model_from_joint = malloc(n * sizeof *model_from_joint);
    if (!pose || !model_from_joint) {
        free(pose);
        free(model_from_joint);
        return sa_error_set(err, "out of memory");
    }
    clip_sample(&c->motion, bvh_frame_seconds(&c->bvh, frame), NULL, pose);
    skeleton_local_to_model(&c->skel, pose, model_from_joint);
    for (int i = 0; i < c->bvh.joint_count; i++) {
        const float *world = model_from_joint[c->skel.joint_of_node[i]][3];
        fprintf(out, "%s %.9g %.9g %.9g\n", c->bvh.joints[i].name, (double)world[0], (double)world[1],
                (double)world[2]);
    }
    free(pose);
    free(model_from_joint);
    return true;
}
/* [/listing] */

static bool parse_frame(const char *text, const bvh_file *b, int *frame, sa_error *err)
{
    long f = 0;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9' || f > b->frame_count)
            return sa_error_set(err, "--dump-joints: '%s' is not a frame of the file (0 to %d)", text,
                                b->frame_count - 1);
        f = f * 10 + (*c - '0');
    }
    if (!*text || f >= b->frame_count)
        return sa_error_set(err, "--dump-joints: '%s' is not a frame of the file (0 to %d)", text, b->frame_count - 1);
    *frame = (int)f;
    return true;
}

int run_dump_joints(const capture *c, const char *frame_text)
{
    sa_error err;
    int frame = 0;
    bool ok = parse_frame(frame_text, &c->bvh, &frame, &err) && dump_joints(c, frame, stdout, &err);
    return ok ? 0 : app_fail(&err);
}

/* [listing export] */
/* The humanoid made again by the asset generator (its nodes, mesh, skin and
 * clips, as assets/models/humanoid.gltf has them) with the retargeted clip
 * added as one more animation: a LINEAR channel per track, to the node of
 * the same name. Only the humanoid: the project writes no other model. */
static bool export_retargeted(const clip *motion, const skeleton *nodes, const char *export_path, sa_error *err)
{
    gltf_out_document *doc = calloc(1, sizeof *doc);
    if (!doc)
        return sa_error_set(err, "export: out of memory");
    image_rgba8 texture = {0};
    bool ok = make_humanoid(doc, &texture, err);
    int animation = ok ? gltf_out_add_animation(doc, "capture") : -1;
    for (int k = 0; ok && k < motion->track_count; k++) {
        const track *tr = &motion->tracks[k];
        int node = -1;
        for (int n = 0; n < doc->node_count && node < 0; n++)
            if (strcmp(doc->nodes[n].name, nodes->name[tr->joint]) == 0)
                node = n;
        static const char *const paths[] = {"translation", "rotation", "scale"};
        ok = node >= 0 ? gltf_out_add_channel(doc, animation, node, paths[tr->path], tr->times, tr->values,
                                              (size_t)tr->key_count)
                       : sa_error_set(err, "export: the humanoid has no node '%s'", nodes->name[tr->joint]);
    }
    ok = ok && humanoid_export_write(export_path, doc, &texture, err);
    image_free(&texture);
    gltf_out_free(doc);
    free(doc);
    return ok;
}
/* [/listing] */

/* The retargeted clip (chapter 08's, over every node of the target) sampled
 * at a time, every node's matrix written in chapter 04's format; or, with
 * --export, written out with the humanoid. */
int run_dump_pose(const capture *c, const char *model, float time, const capture_options *options)
{
    sa_error err;
    retarget_target t;
    memset(&t, 0, sizeof t);
    clip motion = {0};
    float *times = malloc(((size_t)c->bvh.frame_count + 1) * sizeof *times);
    bool ok = times ? retarget_target_load(&t, c, model, options->map, false, &err)
                    : sa_error_set(&err, "out of memory");
    for (int f = 0; ok && f < c->bvh.frame_count; f++)
        times[f] = bvh_frame_seconds(&c->bvh, f);
    retarget_contacts contacts;
    foot_mesh mesh;
    memset(&contacts, 0, sizeof contacts), memset(&mesh, 0, sizeof mesh);
    ok = ok && retarget_with_feet(&t.rig, &t.view, c, times, !options->no_feet, &motion, &contacts, &mesh, &err);
    if (ok && options->export_path)
        ok = export_retargeted(&motion, &t.view.all, options->export_path, &err);
    else if (ok) {
        clip_sample(&motion, time, NULL, t.view.pose);
        FILE *out = sa_output_open(options->dump_pose, &err);
        ok = out && skeleton_write_pose(&t.view.all, t.view.pose, out, &err);
        ok = out && sa_output_close(out, options->dump_pose, ok, &err);
    }
    clip_free(&motion);
    free(times);
    retarget_contacts_free(&contacts);
    foot_mesh_free(&mesh);
    retarget_target_free(&t);
    return ok ? 0 : app_fail(&err);
}
