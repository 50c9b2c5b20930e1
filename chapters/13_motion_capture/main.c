/* ch13_motion_capture: motion capture from a BVH file, read by hand.
 *
 * Chapter 13 reads Biovision Hierarchy files (bvh.h: the skeleton as nested
 * joints, then one line of channel values per frame) into plain structs,
 * turns them into chapter 04's skeleton and chapter 08's clip (bvh_clip.h),
 * and plays the clip through clip_sample and skeleton_local_to_model,
 * unchanged: captured motion is one more clip. Then it retargets the clip
 * onto another character (retarget.h: a change of rest pose, every rotation
 * in model space).
 *
 *   ch13_motion_capture                      CMU's 01_01.bvh (Debian's assimp-testmodels)
 *   ch13_motion_capture --bvh FILE           any BVH file
 *   ch13_motion_capture --bvh FILE --dump-joints FRAME   one line per joint,
 *       'name x y z', its world position at frame FRAME (0 is the first) in
 *       the file's units, End Sites left out; no window
 *   ch13_motion_capture --check-retarget [--model M --map FILE]
 *       every frame retargeted onto M (default: the humanoid), each paired
 *       bone against the source's: max_bone_direction_error_deg; then the
 *       feet planted on the source's contacts (retarget_feet.h), measured on
 *       the skinned soles: max_foot_slide, max_foot_penetration; no window
 *       (--no-feet: the rotations alone, the feet unplanted)
 *   ch13_motion_capture --dump-pose FILE --time T   the target's pose
 *
 * The window draws the retargeted clip on the humanoid (or --model, with
 * --map), skinned on the GPU (chapter 08's animated_view), and beside it
 * the source's skeleton as chapter 04's bones, scaled to the target's size.
 * Keys (H lists them): C the next capture; SPACE pauses (the app's).
 */
#include "bvh_clip.h"
#include "retarget.h"
#include "retarget_feet.h"

#include "chapters/04_bone_tree/skeleton_overlay.h"
#include "chapters/04_bone_tree/skeleton_view.h"
#include "chapters/04_bone_tree/pose_write.h"
#include "assets/characters.h"
#include "assets/gltf_writer.h"
#include "chapters/08_keyframes/animated_view.h"
#include "chapters/10_walk_cycle/walk_export.h"
#include "common/app.h"
#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The default file: where Debian's assimp-testmodels puts CMU's captures. */
#define DEFAULT_BVH SA_BVH_DIR "/01_01.bvh"
/* The default target of retargeting: the project's humanoid. */
#define HUMANOID_MODEL "assets/models/humanoid.gltf"

static const char *bvh_option = NULL, *dump_joints_option = NULL, *map_option = NULL, *dump_pose_path = NULL,
                  *export_path = NULL;
static bool check_retarget = false, no_feet = false;
static const cli_option options_extra[] = {
    {"--bvh", CLI_STRING, &bvh_option, "FILE", "the BVH file to play (default: CMU's 01_01.bvh, " SA_BVH_DIR ")"},
    {"--dump-joints", CLI_STRING, &dump_joints_option, "FRAME",
     "print 'name x y z' for every joint (file order, End Sites left out): its world position at frame FRAME "
     "(0 is the first) in the file's units, and exit (no window)"},
    {"--map", CLI_STRING, &map_option, "FILE",
     "the joint map for retargeting: 'source_joint target_joint' per line, # comments (default: by name)"},
    {"--dump-pose", CLI_STRING, &dump_pose_path, "FILE",
     "write every node's scene-space matrix of --model (default: the humanoid) playing the retargeted clip at "
     "--time (chapter 04's format) and exit ('-': standard output)"},
    {"--export", CLI_STRING, &export_path, "FILE",
     "write the humanoid with the capture retargeted onto it as its clip 'capture' (a .gltf, the texture beside "
     "it) and exit"},
    {"--check-retarget", CLI_FLAG, &check_retarget, NULL,
     "retarget every frame onto --model (default: the humanoid), print max_bone_direction_error_deg (each paired "
     "bone, parent to child, in model space, against the source's), max_foot_slide (m/s, the target's skinned "
     "sole during the source's contacts) and max_foot_penetration (m, its feet under the ground), and exit 1 over "
     "1 degree, 0.02 m/s or 0.005 m (no window)"},
    {"--no-feet", CLI_FLAG, &no_feet, NULL,
     "retarget without planting the feet (no contacts, no leg IK): the clip as the rotations alone give it"},
};
static const cli_key keys[] = {
    {"C", "the next capture (CMU's 01_01 and 01_03, Boxing_Toes; with --bvh, that file alone)"},
};
static const char *const modes[] = {"--dump-joints", "--check-retarget", "--dump-pose", "--export", "--screenshot"};
static const cli_spec spec = {
    .program = "ch13_motion_capture",
    .summary = "a BVH motion capture file, read by hand into chapter 08's clip and played on its skeleton; "
               "--dump-joints prints every joint's world position at a frame",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

/* The BVH file, its skeleton and its clip: what both modes start from. */
typedef struct capture {
    bvh_file bvh;
    skeleton skel;
    clip motion;
} capture;

static void capture_free(capture *c)
{
    clip_free(&c->motion);
    skeleton_free(&c->skel);
    bvh_free(&c->bvh);
}

static bool capture_load(capture *c, const char *path, sa_error *err)
{
    memset(c, 0, sizeof *c);
    if (!bvh_load(path, &c->bvh, err)) {
        double bytes;
        if (!bvh_option && !sa_file_size(path, &bytes, NULL))
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

/* --- --dump-joints ------------------------------------------------------------ */

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

/* --- retargeting ---------------------------------------------------------------- */

/* The target model (every node a joint: chapter 08's skeleton over all
 * nodes), the joint map and the rig over both. */
typedef struct retarget_target {
    animated_view view;
    retarget_map map;
    retarget_rig rig;
} retarget_target;

static void retarget_target_free(retarget_target *t)
{
    retarget_rig_free(&t->rig);
    retarget_map_free(&t->map);
    animated_view_free(&t->view);
}

static bool retarget_target_load(retarget_target *t, const capture *c, const char *model, bool decode_images,
                                 sa_error *err)
{
    memset(t, 0, sizeof *t);
    char path[SA_PATH_MAX];
    if (!sa_path_find(model ? model : HUMANOID_MODEL, path, sizeof path, err) ||
        !animated_view_load(&t->view, path, decode_images, err))
        return false;
    bool mapped = map_option
                      ? retarget_map_load(map_option, &c->skel, &t->view.all, &t->map, err)
                      : retarget_map_by_name(&c->skel, &t->view.all, &t->map, err) || sa_error_prefix(err, "%s", path);
    return mapped && retarget_rig_init(&t->rig, &c->skel, &t->view.all, &t->map, err);
}

/* The retargeted clip at the capture's frames, and its feet planted on the
 * source's contacts (retarget_feet.h) unless --no-feet; mesh: the target's
 * feet (chapter 10), which the check measures too. */
static bool retarget_with_feet(const retarget_rig *rig, const animated_view *v, const capture *c, const float *times,
                               clip *motion, retarget_contacts *contacts, foot_mesh *mesh, sa_error *err)
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
    return no_feet || retarget_feet_apply(&job, err);
}

/* A sole vertex is the foot's own when its weights on the foot and toes
 * joints add up to this (chapter 10's sole allows 5% elsewhere, the shin). */
#define FEET_RIGID 0.999f

static float foot_weight(const foot_mesh_side *m, size_t v)
{
    float w = 0.0f;
    for (int i = 0; i < 4; i++) {
        int skin = m->joints[v][i];
        if (skin == m->skin_joints[0] || (m->skin_joints[1] >= 0 && skin == m->skin_joints[1]))
            w += m->weights[v][i];
    }
    return w;
}

/* [listing check_feet] */
/* The feet as the reader sees them: the target's skinned foot vertices
 * (chapter 10's foot mesh, chapter 06's skinning) at every frame of the
 * clip; the sole's horizontal speed while the source's foot is down (this
 * frame and the last), every vertex's depth under the ground (y = 0). */
static bool measure_feet(const skeleton *target, const clip *motion, const retarget_contacts *contacts, foot_mesh *mesh,
                         const float *times, double *slide, double *shin_slide, double *penetration, sa_error *err)
{
    *slide = 0.0, *shin_slide = 0.0, *penetration = 0.0;
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
                double speed = down ? sqrt(dx * dx + dz * dz) / dt : 0.0;
                if (foot_weight(m, v) >= FEET_RIGID) /* the foot's own */
                    *slide = fmax(*slide, speed);
                else /* up to 5% on the shin: linear blend skinning turns them with it */
                    *shin_slide = fmax(*shin_slide, speed);
                memcpy(last[side][v], m->positions[v], sizeof last[side][v]);
            }
        }
    }
    free(local), free(model), free(last[0]), free(last[1]);
    return ok || sa_error_set(err, "out of memory");
}
/* [/listing] */

/* The feet's lines of --check-retarget, on the clip with its feet planted
 * (or not, --no-feet); false over a limit or on an error (its line printed). */
static bool check_feet(retarget_target *t, const capture *c)
{
    sa_error err;
    bool ok = true;
    float *times = malloc(((size_t)c->bvh.frame_count + 1) * sizeof *times);
    clip motion = {0};
    retarget_contacts contacts;
    foot_mesh mesh;
    memset(&contacts, 0, sizeof contacts), memset(&mesh, 0, sizeof mesh);
    double slide = 0.0, shin_slide = 0.0, penetration = 0.0;
    for (int f = 0; times && f < c->bvh.frame_count; f++)
        times[f] = bvh_frame_seconds(&c->bvh, f);
    bool measured = times ? retarget_with_feet(&t->rig, &t->view, c, times, &motion, &contacts, &mesh, &err) &&
                                measure_feet(&t->view.all, &motion, &contacts, &mesh, times, &slide, &shin_slide,
                                             &penetration, &err)
                          : sa_error_set(&err, "out of memory");
    if (measured) {
        printf("max_foot_slide: %.4f\n", slide);
        printf("max_foot_penetration: %.4f\n", penetration);
        printf("max_foot_slide_shin_bound: %.4f\n", shin_slide);
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
static int run_check_retarget(const capture *c, const char *model)
{
    sa_error err;
    retarget_target t;
    if (!retarget_target_load(&t, c, model, false, &err)) {
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
    ok = check_feet(&t, c) && ok;
    retarget_target_free(&t);
    return ok ? 0 : 1;
}
/* [/listing] */

/* [listing export] */
/* The humanoid made again by the asset generator (its nodes, mesh, skin and
 * clips, as assets/models/humanoid.gltf has them) with the retargeted clip
 * added as one more animation: a LINEAR channel per track, to the node of
 * the same name. Only the humanoid: the project writes no other model. */
static bool export_retargeted(const clip *motion, const skeleton *nodes, sa_error *err)
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
static int run_dump_pose(const capture *c, const char *model, float time)
{
    sa_error err;
    retarget_target t;
    memset(&t, 0, sizeof t);
    clip motion = {0};
    float *times = malloc(((size_t)c->bvh.frame_count + 1) * sizeof *times);
    bool ok = times ? retarget_target_load(&t, c, model, false, &err) : sa_error_set(&err, "out of memory");
    for (int f = 0; ok && f < c->bvh.frame_count; f++)
        times[f] = bvh_frame_seconds(&c->bvh, f);
    retarget_contacts contacts;
    foot_mesh mesh;
    memset(&contacts, 0, sizeof contacts), memset(&mesh, 0, sizeof mesh);
    ok = ok && retarget_with_feet(&t.rig, &t.view, c, times, &motion, &contacts, &mesh, &err);
    if (ok && export_path)
        ok = export_retargeted(&motion, &t.view.all, &err);
    else if (ok) {
        clip_sample(&motion, time, NULL, t.view.pose);
        FILE *out = sa_output_open(dump_pose_path, &err);
        ok = out && skeleton_write_pose(&t.view.all, t.view.pose, out, &err);
        ok = out && sa_output_close(out, dump_pose_path, ok, &err);
    }
    clip_free(&motion);
    free(times);
    retarget_contacts_free(&contacts);
    foot_mesh_free(&mesh);
    retarget_target_free(&t);
    return ok ? 0 : app_fail(&err);
}

/* --- the window ------------------------------------------------------------------ */

/* The captures the window cycles through (C): --bvh FILE alone, or CMU's two
 * files and Boxing_Toes. */
#define CAPTURES 3
static const char *const default_captures[CAPTURES] = {SA_BVH_DIR "/01_01.bvh", SA_BVH_DIR "/01_03.bvh",
                                                       SA_BVH_DIR "/Boxing_Toes.bvh"};

/* One capture in the window: the file, its rig onto the target, the
 * retargeted clip, and the source's pose and overlay arrays. */
typedef struct shown_capture {
    capture c;
    retarget_map map;
    retarget_rig rig;
    clip retargeted;
    transform *local;       /* [source joints] */
    mat4 *model_from_joint; /* [source joints]: world space, beside the target */
    int *depth;
} shown_capture;

static void shown_capture_free(shown_capture *s)
{
    free(s->local);
    free(s->model_from_joint);
    free(s->depth);
    clip_free(&s->retargeted);
    retarget_rig_free(&s->rig);
    retarget_map_free(&s->map);
    capture_free(&s->c);
}

static bool shown_capture_load(shown_capture *s, const char *path, const animated_view *v, sa_error *err)
{
    const skeleton *target = &v->all;
    memset(s, 0, sizeof *s);
    if (!capture_load(&s->c, path, err))
        return false;
    bool mapped = map_option ? retarget_map_load(map_option, &s->c.skel, target, &s->map, err)
                             : retarget_map_by_name(&s->c.skel, target, &s->map, err);
    if (!mapped || !retarget_rig_init(&s->rig, &s->c.skel, target, &s->map, err))
        return sa_error_prefix(err, "%s", path);
    size_t n = (size_t)s->c.skel.joint_count + 1, frames = (size_t)s->c.bvh.frame_count;
    float *times = malloc(frames * sizeof *times);
    s->local = malloc(n * sizeof *s->local);
    s->model_from_joint = malloc(n * sizeof *s->model_from_joint);
    s->depth = malloc(n * sizeof *s->depth);
    if (!times || !s->local || !s->model_from_joint || !s->depth) {
        free(times);
        return sa_error_set(err, "out of memory");
    }
    for (size_t f = 0; f < frames; f++)
        times[f] = bvh_frame_seconds(&s->c.bvh, (int)f);
    retarget_contacts contacts;
    foot_mesh mesh;
    bool ok = retarget_with_feet(&s->rig, v, &s->c, times, &s->retargeted, &contacts, &mesh, err);
    retarget_contacts_free(&contacts);
    foot_mesh_free(&mesh);
    free(times);
    skeleton_depths(&s->c.skel, s->depth);
    return ok;
}

/* [listing window_frame] */
/* One frame: the capture's clip and the retargeted clip sampled at the same
 * time; the source's bones drawn as lines, scaled to the target's size (the
 * rig's hip-height ratio) and set beside it; the target skinned on the GPU. */
static void draw_frame(shown_capture *s, animated_view *v, float t, float beside, mat4 clip_from_world)
{
    clip_sample(&s->c.motion, t, NULL, s->local);
    clip_sample(&s->retargeted, t, NULL, v->pose);
    animated_view_place(v, NULL);
    animated_view_draw(v, clip_from_world);
    mat4 world_from_source = GLM_MAT4_IDENTITY_INIT;
    glm_translate(world_from_source, (vec3){beside, 0.0f, 0.0f});
    glm_scale_uni(world_from_source, s->rig.scale);
    skeleton_local_to_model(&s->c.skel, s->local, s->model_from_joint);
    for (int j = 0; j < s->c.skel.joint_count; j++) {
        mat4 world;
        glm_mat4_mul(world_from_source, s->model_from_joint[j], world);
        glm_mat4_copy(world, s->model_from_joint[j]);
    }
    skeleton_overlay_draw(&v->lines, &s->c.skel, s->model_from_joint, s->depth, -1, 0.0f);
    debug_draw_flush(&v->lines, clip_from_world, 5.0f);
}
/* [/listing] */

static int run_window(const char *model, const app_options *options)
{
    sa_error err;
    animated_view v = {0};
    shown_capture shown[CAPTURES];
    memset(shown, 0, sizeof shown);
    int count = 0;
    char path[SA_PATH_MAX];
    bool ok = sa_path_find(model ? model : HUMANOID_MODEL, path, sizeof path, &err) &&
              animated_view_load(&v, path, true, &err);
    for (int k = 0; ok && k < (bvh_option ? 1 : CAPTURES); k++)
        ok = shown_capture_load(&shown[count++], bvh_option ? bvh_option : default_captures[k], &v, &err);
    app a;
    bool opened = ok && app_open(&a, &spec, options, &err);
    ok = opened && animated_view_open(&v, path, &err);
    vec3 lo, hi;
    float beside = 0.0f;
    if (ok) {
        animated_view_rest_bounds(&v, lo, hi);
        beside = -0.7f * (hi[1] - lo[1]); /* the source's bones to the target's right (screen left) */
        lo[0] += beside;
        orbit_camera_frame_bounds(&a.camera, lo, hi);
    }
    vec3 target_from_hips = {0.0f, 0.0f, 0.0f};
    if (ok)
        glm_vec3_copy(a.camera.target, target_from_hips);
    int current = 0;
    while (ok && app_frame_begin(&a)) {
        if (app_key_pressed(&a, GLFW_KEY_C))
            current = (current + 1) % count;
        shown_capture *s = &shown[current];
        float t = (float)fmod(a.time, (double)s->c.motion.duration + s->c.bvh.frame_time);
        mat4 clip_from_world;
        app_clip_from_world(&a, clip_from_world);
        draw_frame(s, &v, t, beside, clip_from_world);
        /* The camera follows the target's hips over the floor. */
        int hips = s->rig.pairs[s->rig.root].target;
        glm_vec3_add((vec3){v.model_from_node[hips][3][0], 0.0f, v.model_from_node[hips][3][2]}, target_from_hips,
                     a.camera.target);
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    if (opened)
        animated_view_close(&v);
    for (int k = 0; k < count; k++)
        shown_capture_free(&shown[k]);
    animated_view_free(&v);
    if (opened)
        app_close(&a);
    return ok ? 0 : app_fail(&err);
}

static bool model_option_given(const app_options *options)
{
    return options->model != NULL;
}

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    sa_error err;
    capture c;
    if (!capture_load(&c, bvh_option ? bvh_option : DEFAULT_BVH, &err)) {
        capture_free(&c);
        return app_fail(&err);
    }
    if (check_retarget) {
        status = run_check_retarget(&c, options.model);
        capture_free(&c);
        return status;
    }
    if (export_path && model_option_given(&options)) {
        capture_free(&c);
        fprintf(stderr, "error: --export writes the humanoid only (the project writes no other model)\n");
        return 1;
    }
    if (dump_pose_path || export_path) {
        status = run_dump_pose(&c, options.model, options.fixed_time ? options.time : 0.0f);
        capture_free(&c);
        return status;
    }
    if (dump_joints_option) {
        int frame = 0;
        bool ok = parse_frame(dump_joints_option, &c.bvh, &frame, &err) && dump_joints(&c, frame, stdout, &err);
        capture_free(&c);
        return ok ? 0 : app_fail(&err);
    }
    capture_free(&c);
    return run_window(options.model, &options);
}
