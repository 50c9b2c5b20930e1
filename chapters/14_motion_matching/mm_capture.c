/* mm_capture.c: chapter 13's retargeted CMU captures in the database
 * (motion_database.h, mm_internal.h).
 *
 * CMU's files (Debian's assimp-testmodels) are not locomotion from end to
 * end: 01_01 is the actor jumping forward with both feet, 01_03 climbing a
 * playground. The spans below are where the actor walks and turns on the
 * ground (book 14 gives the figures that chose them). Each span is
 * retargeted onto the humanoid by chapter 13's rig (the joints paired by
 * name, the target's rest pose its bind pose) at the file's own rate, its
 * feet planted by chapter 13's feet pass on chapter 13's contacts, the clip
 * sampled at MM_RATE, and recorded as a range:
 *
 *   the character   the hips' ground position and facing (the humanoid
 *                   faces +Z: the hips' +Z turned into the world, its angle
 *                   about +Y), each averaged over MM_CAPTURE_SMOOTH seconds
 *                   on either side so that the root neither sways nor turns
 *                   with the gait;
 *   the pose        the retargeted pose with the hips (a root of the
 *                   humanoid) moved into that character's frame, so the
 *                   sway and the gait's turn stay in the pose as chapter
 *                   10's root motion leaves them;
 *   the contacts    chapter 13's (retarget_contacts_find, at the source's
 *                   rate), each database frame taking the nearest source
 *                   frame's.
 *
 * Why the feet pass, when the generated ranges are recorded without chapter
 * 10's foot lock: by rotations alone the humanoid's ankles stand 0.13 to
 * 0.17 m over the ground through their contacts (CMU's joints sit higher in
 * the actor's foot than the humanoid's in its own, which rest at 0.09 m), so
 * the CMU frames' foot features would float 5 cm over the generated ones'.
 * The pass holds a foot where the actor held it, through the actor's own
 * contact, eased in and out: clean motion, unlike chapter 10's lock on a
 * circle, whose release snaps the leg. It costs time: about 2 s of the
 * build, where the generated ranges take half of one.
 *
 * The pass and its contacts are called as chapter 13's capture.c calls them
 * (retarget_with_feet), on the character's skeletons instead of chapter
 * 08's animated view, which this library (no GL) does not load.
 */
#include "mm_internal.h"

#include "chapters/13_motion_capture/bvh_clip.h"
#include "chapters/13_motion_capture/retarget.h"
#include "chapters/13_motion_capture/retarget_feet.h"

#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s on either side of a frame over which the root's position and heading
 * are averaged: half a stride of a walk (a stride, two steps, takes about
 * 1 s), so the gait's sway and turn cancel. */
#define MM_CAPTURE_SMOOTH 0.5

/* [listing mm_capture_spans] */
/* The spans of CMU's files that hold locomotion: seconds into the file and
 * seconds long, on the database's 60 Hz grid (both whole multiples of 1/60). */
typedef struct capture_span {
    int file; /* of capture_files */
    double start, seconds;
} capture_span;

static const char *const capture_files[] = {"01_01.bvh", "01_03.bvh"};
static const capture_span capture_spans[] = {
    {0, 7.5, 2.75},  /* 01_01: turning about on the spot between two runs of jumps */
    {0, 15.5, 2.5},  /* 01_01: and back */
    {1, 0.25, 2.25}, /* 01_03: walking, turning right, to the climbing frame (frame 0: a T-pose) */
    {1, 11.75, 3.5}, /* 01_03: down from it, turning on the spot, walking a curve */
    {1, 16.75, 3.5}, /* 01_03: stopping, turning on the spot, walking back */
    {1, 27.25, 5.0}, /* 01_03: down again, walking a curve, stopping, stepping */
    {1, 34.5, 3.0},  /* 01_03: turning on the spot, walking off */
};
/* [/listing] */

enum { CAPTURE_FILES = sizeof capture_files / sizeof capture_files[0] };
enum { CAPTURE_SPANS = sizeof capture_spans / sizeof capture_spans[0] };

typedef struct capture_source {
    bvh_file bvh;
    skeleton skel;
    clip motion;
    retarget_map map;
    retarget_rig rig;
    retarget_legs legs;
    foot_mesh mesh; /* the humanoid's feet as chapter 13's feet pass measures them */
} capture_source;

struct mm_captures {
    int file_count; /* loaded: CAPTURE_FILES, or 0 where one is missing */
    capture_source file[CAPTURE_FILES];
};

static int span_frames(const capture_span *s)
{
    return (int)lround(s->seconds * MM_RATE);
}

void mm_captures_free(mm_captures *caps)
{
    if (!caps)
        return;
    for (int i = 0; i < CAPTURE_FILES; i++) {
        capture_source *f = &caps->file[i];
        foot_mesh_free(&f->mesh);
        retarget_rig_free(&f->rig);
        retarget_map_free(&f->map);
        clip_free(&f->motion);
        skeleton_free(&f->skel);
        bvh_free(&f->bvh);
    }
    free(caps);
}

/* One file: the BVH as chapter 04's skeleton and chapter 08's clip, the
 * rig onto the humanoid as chapter 13's capture.c makes it. */
static bool capture_source_load(capture_source *f, const mm_character *c, const char *path, sa_error *err)
{
    if (!bvh_load(path, &f->bvh, err))
        return false;
    if (!bvh_skeleton(&f->bvh, &f->skel, err) || !bvh_clip(&f->bvh, path, &f->motion, err) ||
        !retarget_map_by_name(&f->skel, &c->all, &f->map, err))
        return sa_error_prefix(err, "%s", path);
    transform *rest_local = malloc(((size_t)c->all.joint_count + 1) * sizeof *rest_local);
    bool ok = rest_local ? retarget_bind_rest(&c->all, &c->skins, c->sc.joint_from_model_bind, rest_local, NULL, err) &&
                               retarget_rig_init(&f->rig, &f->skel, &c->all, rest_local, &f->map, err)
                         : sa_error_set(err, "out of memory");
    free(rest_local);
    ok = ok && retarget_legs_find(&f->rig, &f->legs, err);
    int feet[2][2] = {{f->legs.joints[0][2], f->legs.joints[0][3]}, {f->legs.joints[1][2], f->legs.joints[1][3]}};
    ok = ok && foot_mesh_init_joints(&f->mesh, &c->sc, &c->skins, &c->all, feet, err);
    if (ok && c->all.parent[f->rig.pairs[f->rig.root].target] >= 0)
        ok = sa_error_set(err, "the joint the capture's hips drive (%s) is not a root of the humanoid",
                          c->all.name[f->rig.pairs[f->rig.root].target]);
    return ok || sa_error_prefix(err, "%s", path);
}

bool mm_captures_load(mm_captures **caps, const mm_character *c, const char *dir, sa_error *err)
{
    *caps = calloc(1, sizeof **caps);
    if (!*caps)
        return sa_error_set(err, "out of memory");
    if (!dir)
        return true;
    char path[SA_PATH_MAX];
    for (int i = 0; i < CAPTURE_FILES; i++) { /* every file there first: all of them or none */
        snprintf(path, sizeof path, "%s/%s", dir, capture_files[i]);
        double bytes;
        if (!sa_file_size(path, &bytes, NULL)) {
            fprintf(stderr,
                    "note: %s: not found (Debian's assimp-testmodels installs it): the database is built without "
                    "chapter 13's CMU ranges\n",
                    path);
            return true;
        }
    }
    for (int i = 0; i < CAPTURE_FILES; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, capture_files[i]);
        if (!capture_source_load(&(*caps)->file[i], c, path, err)) {
            mm_captures_free(*caps), *caps = NULL;
            return false;
        }
    }
    (*caps)->file_count = CAPTURE_FILES;
    return true;
}

int mm_captures_ranges(const mm_captures *caps)
{
    return caps->file_count ? CAPTURE_SPANS : 0;
}

int mm_captures_frames(const mm_captures *caps, int range)
{
    return caps->file_count ? span_frames(&capture_spans[range]) : 0;
}

/* The character's ground path and heading averaged over the window (its
 * ends shortened to the span's). */
static void smooth_root(int n, const float (*hips)[2], const float *heading, float (*root)[3], float *root_heading)
{
    int half = (int)lround(MM_CAPTURE_SMOOTH * MM_RATE);
    for (int k = 0; k < n; k++) {
        int lo = k - half < 0 ? 0 : k - half, hi = k + half >= n ? n - 1 : k + half;
        double x = 0, z = 0, h = 0;
        for (int i = lo; i <= hi; i++)
            x += hips[i][0], z += hips[i][1], h += heading[i];
        int count = hi - lo + 1;
        root[k][0] = (float)(x / count), root[k][1] = 0, root[k][2] = (float)(z / count);
        root_heading[k] = (float)(h / count);
    }
}

bool mm_captures_record(mm_captures *caps, int range, mm_database *db, int first, sa_error *err)
{
    const capture_span *s = &capture_spans[range];
    capture_source *f = &caps->file[s->file];
    const retarget_rig *rig = &f->rig;
    int n = span_frames(s), hips = rig->pairs[rig->root].target, joints = db->joint_count;
    /* the source's frames under the span: chapter 13 retargets and plants
     * the feet at the source's rate, then the clip is sampled at MM_RATE */
    int src_first = (int)floor(s->start / f->bvh.frame_time);
    int src_last = (int)ceil((s->start + (double)(n - 1) / MM_RATE) / f->bvh.frame_time);
    if (src_last >= f->bvh.frame_count)
        return sa_error_set(err, "%s: the span %g s + %g s runs past its %d frames", capture_files[s->file], s->start,
                            s->seconds, f->bvh.frame_count);
    int src_count = src_last - src_first + 1;
    float *times = malloc((size_t)src_count * sizeof *times), *heading = malloc((size_t)n * sizeof *heading);
    float(*path)[2] = malloc((size_t)n * sizeof *path);
    int *cursors = NULL;
    clip motion = {0};
    retarget_contacts contacts;
    memset(&contacts, 0, sizeof contacts);
    bool ok = times && heading && path ? true : sa_error_set(err, "out of memory");
    /* [listing mm_capture_record] */
    for (int i = 0; ok && i < src_count; i++)
        times[i] = bvh_frame_seconds(&f->bvh, src_first + i);
    retarget_feet_job feet = {rig, &contacts, &f->legs, &f->mesh, &motion, src_count, times};
    ok = ok && retarget_clip(rig, &f->motion, src_count, times, &motion, err) &&
         retarget_contacts_find(&contacts, rig, &f->motion, src_count, times, err) && retarget_feet_apply(&feet, err);
    cursors = ok ? calloc((size_t)motion.track_count + 1, sizeof *cursors) : NULL;
    ok = ok && (cursors ? true : sa_error_set(err, "out of memory"));
    for (int k = 0; ok && k < n; k++) {
        double t = s->start + (double)k / MM_RATE;
        transform *pose = db->pose + (size_t)(first + k) * (size_t)joints;
        clip_sample(&motion, (float)t, cursors, pose);
        /* the hips on the ground, and where they face: their +Z in the world */
        path[k][0] = pose[hips].translation[0], path[k][1] = pose[hips].translation[2];
        vec3 ahead = {0, 0, 1}, forward;
        glm_quat_rotatev(pose[hips].rotation, ahead, forward);
        float raw = atan2f(forward[0], forward[2]);
        float turn = k > 0 ? raw - heading[k - 1] : raw; /* unwrapped: no jump of 2 pi at the back */
        heading[k] = k > 0 ? heading[k - 1] + atan2f(sinf(turn), cosf(turn)) : raw;
        int nearest = (int)lround(t / f->bvh.frame_time) - src_first;
        for (int side = 0; side < 2; side++)
            db->contact[first + k][side] = contacts.in_contact[side][nearest];
    }
    if (ok)
        smooth_root(n, (const float(*)[2])path, heading, db->root_position + first, db->root_heading + first);
    /* [/listing] */
    /* [listing mm_capture_character] */
    /* the hips into each frame's character frame: less the root, turned by -heading */
    for (int k = 0; ok && k < n; k++) {
        transform *h = db->pose + (size_t)(first + k) * (size_t)joints + hips;
        float a = db->root_heading[first + k], world[3];
        world[0] = h->translation[0] - db->root_position[first + k][0];
        world[1] = h->translation[1];
        world[2] = h->translation[2] - db->root_position[first + k][2];
        mm_world_to_character(a, world, h->translation);
        versor unturn = {0, sinf(-0.5f * a), 0, cosf(-0.5f * a)}, turned;
        glm_quat_mul(unturn, h->rotation, turned);
        glm_quat_copy(turned, h->rotation);
    }
    /* [/listing] */
    retarget_contacts_free(&contacts);
    clip_free(&motion);
    free(cursors), free(times), free(heading), free(path);
    return ok;
}
