/* capture.c: the BVH file loaded for ch13_motion_capture's modes, the target
 * it is retargeted onto, and the retargeted clip with its feet planted
 * (capture.h). */
#include "capture.h"

#include "common/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void capture_free(capture *c)
{
    clip_free(&c->motion);
    skeleton_free(&c->skel);
    bvh_free(&c->bvh);
}

bool capture_load(capture *c, const char *path, bool given, sa_error *err)
{
    memset(c, 0, sizeof *c);
    if (!bvh_load(path, &c->bvh, err)) {
        double bytes;
        if (!given && !sa_file_size(path, &bytes, NULL))
            sa_error_set(err, "%s: not found; Debian's assimp-testmodels installs it, or give --bvh FILE", path);
        return false;
    }
    if (c->bvh.lines_past_frames > 0)
        fprintf(stderr, "note: %s: %d line%s after the %d frames of its Frames: count left unread\n", path,
                c->bvh.lines_past_frames, c->bvh.lines_past_frames == 1 ? "" : "s", c->bvh.frame_count);
    if (!bvh_skeleton(&c->bvh, &c->skel, err) || !bvh_clip(&c->bvh, path, &c->motion, err))
        return sa_error_prefix(err, "%s", path);
    return true;
}

void retarget_target_free(retarget_target *t)
{
    retarget_rig_free(&t->rig);
    retarget_map_free(&t->map);
    animated_view_free(&t->view);
}

bool retarget_target_load(retarget_target *t, const capture *c, const char *model, const char *map_path,
                          bool decode_images, sa_error *err)
{
    memset(t, 0, sizeof *t);
    char path[SA_PATH_MAX];
    if (!sa_path_find(model ? model : HUMANOID_MODEL, path, sizeof path, err) ||
        !animated_view_load(&t->view, path, decode_images, err))
        return false;
    bool mapped = map_path
                      ? retarget_map_load(map_path, &c->skel, &t->view.all, &t->map, err)
                      : retarget_map_by_name(&c->skel, &t->view.all, &t->map, err) || sa_error_prefix(err, "%s", path);
    return mapped && retarget_target_rig(&t->rig, &c->skel, &t->view, &t->map, err);
}

bool retarget_target_rig(retarget_rig *rig, const skeleton *source, const animated_view *v, const retarget_map *map,
                         sa_error *err)
{
    memset(rig, 0, sizeof *rig);
    transform *rest_local = malloc(((size_t)v->all.joint_count + 1) * sizeof *rest_local);
    bool ok = rest_local ? retarget_bind_rest(&v->all, &v->skel, v->sc.joint_from_model_bind, rest_local, NULL, err) &&
                               retarget_rig_init(rig, source, &v->all, rest_local, map, err)
                         : sa_error_set(err, "out of memory");
    free(rest_local);
    return ok;
}

bool retarget_with_feet(const retarget_rig *rig, const animated_view *v, const capture *c, const float *times,
                        bool plant_feet, clip *motion, retarget_contacts *contacts, foot_mesh *mesh, sa_error *err)
{
    memset(contacts, 0, sizeof *contacts), memset(mesh, 0, sizeof *mesh);
    retarget_legs legs;
    if (!retarget_clip(rig, &c->motion, c->bvh.frame_count, times, motion, err) ||
        !retarget_contacts_find(contacts, rig, &c->motion, c->bvh.frame_count, times, err) ||
        !retarget_legs_find(rig, &legs, err))
        return false;
    int feet[2][2] = {{legs.joints[0][2], legs.joints[0][3]}, {legs.joints[1][2], legs.joints[1][3]}};
    if (!foot_mesh_init_joints(mesh, &v->sc, &v->skel, &v->all, feet, err))
        return false;
    retarget_feet_job job = {rig, contacts, &legs, mesh, motion, c->bvh.frame_count, times};
    return !plant_feet || retarget_feet_apply(&job, err);
}
