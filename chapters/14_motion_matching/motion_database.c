/* motion_database.c: the database built from chapter 10's locomotion
 * controller driven by a scripted, seeded stick (motion_database.h).
 *
 * A sequence is what a player would do with a stick for `seconds`: walks
 * and runs at many speeds, straight or turning on circles of many radii,
 * stops, and plants-and-turns (a slow walk round a tight circle). The
 * controller turns each desired speed into a pose and a root step, exactly
 * as ch10_walk_cycle's window does (walk_view.c): the step is turned into
 * the world by the heading, the heading then turns by the distance walked
 * over the circle's radius. Each frame records the pose (already in the
 * character's frame: chapter 10's root motion takes the hips' travel out),
 * the root and heading the pose was placed with, and the contacts by the
 * window's rule (foot_down in walk_view.c): standing (the idle's weight
 * over one half) both feet are down, moving a foot is down in its stance
 * (chapter 10's foot_lock_step_stance: from the clip's contact event for
 * the blended stance's length of the phase). The foot lock itself is not
 * applied: on a circle it holds the foot while the body turns and the leg
 * snaps back at the release (0.9 rad in a frame), and a database must be
 * clean motion, as captured motion is; the controller's IK holds the feet
 * at run time. Then every sequence is mirrored (mm_mirror.c), chapter
 * 13's CMU captures added with their mirrors where capture_dir has them
 * (mm_capture.c), and the features computed (mm_features.c).
 */
#include "motion_database.h"
#include "mm_internal.h"

#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/08_keyframes/clip_gltf.h"
#include "chapters/10_walk_cycle/locomotion_controller.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

mm_build_params mm_build_defaults(void)
{
#ifdef SA_MM_CAPTURE_DIR /* CMake's SA_MM_CAPTURES: chapter 13's CMU ranges in the book's database */
    const char *captures = SA_MM_CAPTURE_DIR;
#else
    const char *captures = NULL;
#endif
    return (mm_build_params){.seed = 14, .seconds = 90.0, .mirror = true, .sequences = 2, .capture_dir = captures};
}

bool mm_character_load(mm_character *c, const char *path, sa_error *err)
{
    memset(c, 0, sizeof *c);
    c->idle = -1;
    if (!skin_scene_load(path, false, &c->doc, &c->skins, &c->sc, &c->nodes, err) ||
        !skeleton_from_gltf_nodes(&c->doc, &c->all, err) || !foot_mesh_init(&c->feet, &c->sc, &c->skins, &c->all, err))
        return strstr(err->message, path) ? false : sa_error_prefix(err, "%s", path);
    /* as ch10_walk_cycle makes them: the soles' pivots from the mesh */
    const gait_params params[2] = {gait_walk(), gait_run()};
    gait_soles soles[2];
    bool mesh[2] = {foot_mesh_soles(&c->feet, &c->all, params[0].heel_strike_pitch, &soles[0]),
                    foot_mesh_soles(&c->feet, &c->all, params[1].heel_strike_pitch, &soles[1])};
    if (!walk_clip_make_soles(&c->all, mesh[0] ? &soles[0] : NULL, &params[0], "walk", &c->gaits[0], err) ||
        !walk_clip_make_soles(&c->all, mesh[1] ? &soles[1] : NULL, &params[1], "run", &c->gaits[1], err) ||
        !clips_from_gltf(&c->doc, &c->all, &c->clips, err))
        return sa_error_prefix(err, "%s", path);
    for (int i = 0; i < c->doc.animation_count; i++)
        if (c->idle < 0 && c->clips[i].name && strcmp(c->clips[i].name, "idle") == 0)
            c->idle = i;
    if (c->idle < 0)
        return sa_error_set(err, "%s: no clip called 'idle' (the database starts and stops in it)", path);
    return true;
}

void mm_character_free(mm_character *c)
{
    if (c->clips)
        clips_free(c->clips, c->doc.animation_count);
    walk_clip_free(&c->gaits[0]);
    walk_clip_free(&c->gaits[1]);
    foot_mesh_free(&c->feet);
    scene_nodes_free(&c->nodes);
    skin_scene_free(&c->sc);
    skeleton_free(&c->all);
    skeleton_free(&c->skins);
    gltf_free(&c->doc);
    memset(c, 0, sizeof *c);
}

void mm_database_free(mm_database *db)
{
    free(db->pose);
    free(db->root_position);
    free(db->root_heading);
    free(db->contact);
    free(db->range);
    free(db->features);
    memset(db, 0, sizeof *db);
}

bool mm_database_alloc(mm_database *db, int joint_count, int frame_count, int range_count, sa_error *err)
{
    memset(db, 0, sizeof *db);
    db->joint_count = joint_count;
    db->frame_count = frame_count;
    db->range_count = range_count;
    size_t n = (size_t)frame_count + 1; /* + 1: never a malloc(0) */
    db->pose = malloc(n * (size_t)joint_count * sizeof *db->pose);
    db->root_position = malloc(n * sizeof *db->root_position);
    db->root_heading = malloc(n * sizeof *db->root_heading);
    db->contact = malloc(n * sizeof *db->contact);
    db->range = malloc(((size_t)range_count + 1) * sizeof *db->range);
    db->features = malloc(n * MM_FEATURE_COUNT * sizeof *db->features);
    if (!db->pose || !db->root_position || !db->root_heading || !db->contact || !db->range || !db->features) {
        mm_database_free(db);
        return sa_error_set(err, "out of memory (a database of %d frames)", frame_count);
    }
    return true;
}

/* --- the scripted stick -------------------------------------------------- */

/* A small generator of our own (not rand(): its sequence differs between C
 * libraries, and the database must be the same everywhere for a seed). */
static uint32_t stick_random(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u; /* Numerical Recipes' LCG */
    uint32_t x = *state;
    x ^= x >> 16; /* its low bits are weak: mix the high ones down */
    x *= 0x45d9f3bu;
    return x ^ (x >> 16);
}

static float stick_uniform(uint32_t *state, float lo, float hi)
{
    return lo + (hi - lo) * (float)(stick_random(state) >> 8) / (float)(1u << 24);
}

/* [listing mm_stick] */
/* One stretch of the stick: a desired speed (m/s, 0 stops), a circle's
 * radius to turn on (m; 0 goes straight) and its side, for `seconds`. */
typedef struct stick_segment {
    float speed, radius, side;
    double seconds;
} stick_segment;

static stick_segment stick_next(uint32_t *state)
{
    stick_segment s = {0, 0, stick_uniform(state, 0, 1) < 0.5f ? 1.0f : -1.0f, 0};
    float kind = stick_uniform(state, 0, 1);
    bool straight = stick_uniform(state, 0, 1) < 0.35f;
    if (kind < 0.35f) { /* walk */
        s.speed = stick_uniform(state, 0.5f, 1.8f);
        s.radius = straight ? 0 : stick_uniform(state, 1.5f, 15);
        s.seconds = stick_uniform(state, 2, 6);
    } else if (kind < 0.65f) {                      /* run */
        s.speed = stick_uniform(state, 2.0f, 4.0f); /* the controller's full stick runs 3.5 */
        s.radius = straight ? 0 : stick_uniform(state, 3, 20);
        s.seconds = stick_uniform(state, 2, 5);
    } else if (kind < 0.8f) { /* stop and stand */
        s.seconds = stick_uniform(state, 1, 3);
    } else { /* plant and turn: a slow walk round a tight circle, 90 to 180 degrees */
        s.speed = stick_uniform(state, 0.6f, 1.0f);
        s.radius = stick_uniform(state, 0.5f, 1.2f);
        s.seconds = fmin(4.0, stick_uniform(state, 1.57f, 3.14f) * s.radius / s.speed);
    }
    return s;
}
/* [/listing] */

/* The controller's arrays, as walk_view_load_controller allocates them. */
typedef struct build_memory {
    locomotion_controller_memory m;
    transform *pose;
} build_memory;

static void build_memory_free(build_memory *b)
{
    free(b->m.walk_cursors), free(b->m.run_cursors), free(b->m.idle_cursors);
    free(b->m.walk_pose), free(b->m.run_pose), free(b->m.move_pose), free(b->m.model);
    free(b->pose);
}

/* One sequence of `frames` frames into db from `first` on. */
static bool record_sequence(mm_database *db, const mm_character *c, uint32_t seed, int first, int frames,
                            build_memory *b, sa_error *err)
{
    const clip *idle = &c->clips[c->idle];
    locomotion_controller ctl;
    locomotion_controller_params params = locomotion_controller_defaults();
    if (!locomotion_controller_init(&ctl, &params, &c->gaits[0], &c->gaits[1], idle, NULL, NULL, &b->m, 0.0f, err))
        return false;
    uint32_t state = seed;
    stick_segment seg = {0, 0, 1, 1.0}; /* a second standing first: every sequence starts from idle */
    double seg_time = 0, dt = 1.0 / MM_RATE;
    float root[3] = {0, 0, 0}, heading = 0;
    int n = db->joint_count;
    bool stance[2] = {false, false}; /* chapter 10's stance, each foot, the frame before */
    double since_contact[2] = {1, 1};
    /* [listing mm_record] */
    for (int f = first; f < first + frames; f++) {
        if (seg_time >= seg.seconds)
            seg = stick_next(&state), seg_time = 0;
        seg_time += dt;
        locomotion_step step;
        locomotion_controller_advance(&ctl, seg.speed, dt, &step);
        float world_step[3];
        root_motion_turn(step.root_delta, heading, world_step);
        root[0] += world_step[0], root[2] += world_step[2]; /* the root stays on the ground */
        /* the pose as the clips have it: no world, no foot lock (NULL) */
        locomotion_controller_pose(&ctl, NULL, db->pose + (size_t)f * (size_t)n);
        memcpy(db->root_position[f], root, sizeof root);
        db->root_heading[f] = heading;
        bool standing = locomotion_controller_moving_weight(&ctl) < 0.5f;
        for (int side = 0; side < 2; side++) {
            if (ctl.state == LOCOMOTION_IDLE) /* a start plants the feet afresh, as the lock does */
                stance[side] = false, since_contact[side] = 1;
            else
                stance[side] = foot_lock_step_stance(&ctl.lock, (gait_side)side, &ctl.move.sync, &since_contact[side],
                                                     stance[side]);
            db->contact[f][side] = standing || stance[side];
        }
        if (seg.radius > 0) /* on the circle: turned by the distance walked over its radius */
            heading += seg.side * sqrtf(world_step[0] * world_step[0] + world_step[2] * world_step[2]) / seg.radius;
    }
    /* [/listing] */
    return true;
}

bool mm_database_build(mm_database *db, const mm_character *c, const mm_build_params *p, sa_error *err)
{
    memset(db, 0, sizeof *db);
    if (!(p->seconds > 0 && p->seconds <= 3600) || p->sequences < 1 || p->sequences > 64)
        return sa_error_set(err, "database: %g s x %d sequences (0 < seconds <= 3600, 1 .. 64 sequences)", p->seconds,
                            p->sequences);
    mm_captures *caps;
    if (!mm_captures_load(&caps, c, p->capture_dir, err))
        return false;
    int frames = (int)lround(p->seconds * MM_RATE), copies = p->mirror ? 2 : 1;
    int n = c->all.joint_count, generated = p->sequences * copies, captured = mm_captures_ranges(caps) * copies;
    int capture_frames = 0;
    for (int k = 0; k < mm_captures_ranges(caps); k++)
        capture_frames += mm_captures_frames(caps, k);
    if (!mm_database_alloc(db, n, frames * generated + capture_frames * copies, generated + captured, err)) {
        mm_captures_free(caps);
        return false;
    }
    build_memory b;
    memset(&b, 0, sizeof b);
    const clip *idle = &c->clips[c->idle];
    b.m.walk_cursors = calloc((size_t)c->gaits[0].c.track_count + 1, sizeof(int));
    b.m.run_cursors = calloc((size_t)c->gaits[1].c.track_count + 1, sizeof(int));
    b.m.idle_cursors = calloc((size_t)idle->track_count + 1, sizeof(int));
    b.m.walk_pose = malloc((size_t)n * sizeof(transform));
    b.m.run_pose = malloc((size_t)n * sizeof(transform));
    b.m.move_pose = malloc((size_t)n * sizeof(transform));
    /* b.m.model stays NULL: no foot lock (record_sequence) */
    bool ok = b.m.walk_cursors && b.m.run_cursors && b.m.idle_cursors && b.m.walk_pose && b.m.run_pose && b.m.move_pose
                  ? true
                  : sa_error_set(err, "out of memory");
    int *mirror = malloc((size_t)n * sizeof *mirror);
    ok = ok && (mirror ? true : sa_error_set(err, "out of memory"));
    ok = ok && mm_mirror_joints(&c->all, mirror, err);
    for (int k = 0; ok && k < p->sequences; k++) {
        int first = k * frames;
        /* each sequence its own seed, mixed so that seeds 1 and 2 do not share a stream */
        ok = record_sequence(db, c, p->seed * 2654435761u + (uint32_t)k * 40503u + 1u, first, frames, &b, err);
        db->range[k][0] = first, db->range[k][1] = first + frames;
    }
    /* the mirrored copies after the originals, range for range */
    for (int k = 0; ok && p->mirror && k < p->sequences; k++) {
        int from = k * frames, to = (p->sequences + k) * frames;
        for (int f = 0; f < frames; f++)
            mm_mirror_frame(db, mirror, from + f, to + f);
        db->range[p->sequences + k][0] = to, db->range[p->sequences + k][1] = to + frames;
    }
    /* then chapter 13's captures (mm_capture.c), and their mirrored copies */
    int first = frames * generated, ranges = mm_captures_ranges(caps);
    for (int k = 0; ok && k < ranges; k++) {
        int count = mm_captures_frames(caps, k);
        ok = mm_captures_record(caps, k, db, first, err);
        db->range[generated + k][0] = first, db->range[generated + k][1] = first + count;
        first += count;
    }
    for (int k = 0; ok && p->mirror && k < ranges; k++) {
        int from = db->range[generated + k][0], count = mm_captures_frames(caps, k);
        for (int f = 0; f < count; f++)
            mm_mirror_frame(db, mirror, from + f, first + f);
        db->range[generated + ranges + k][0] = first, db->range[generated + ranges + k][1] = first + count;
        first += count;
    }
    mm_captures_free(caps);
    free(mirror);
    build_memory_free(&b);
    mm_feature_weights w = mm_feature_weights_defaults();
    ok = ok && mm_features_compute(db, &c->all, &w, err);
    if (!ok)
        mm_database_free(db);
    return ok;
}

/* [listing mm_root_delta] */
void mm_root_delta(const mm_database *db, int frame, float delta_position[3], float *delta_heading)
{
    delta_position[0] = delta_position[1] = delta_position[2] = 0;
    *delta_heading = 0;
    if (frame < 0 || frame + 1 >= db->frame_count || mm_range_of(db, frame) != mm_range_of(db, frame + 1))
        return; /* a range's last frame: nothing follows it */
    const float *a = db->root_position[frame], *b = db->root_position[frame + 1];
    float world[3] = {b[0] - a[0], 0, b[2] - a[2]};
    mm_world_to_character(db->root_heading[frame], world, delta_position);
    *delta_heading = db->root_heading[frame + 1] - db->root_heading[frame];
}
/* [/listing] */

int mm_range_of(const mm_database *db, int frame)
{
    int lo = 0, hi = db->range_count - 1; /* the ranges are in frame order: a binary search */
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (db->range[mid][0] <= frame)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void mm_world_to_character(float heading, const float world[3], float out[3])
{
    /* the inverse of root_motion_turn (chapter 10): a turn by -heading about +Y */
    float c = cosf(heading), s = sinf(heading), x = world[0], z = world[2];
    out[0] = c * x - s * z;
    out[1] = world[1];
    out[2] = s * x + c * z;
}
