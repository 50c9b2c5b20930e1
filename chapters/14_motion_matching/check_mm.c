/* check_mm.c: --check-mm (see check_mm.h) and its --export. */
#include "check_mm.h"

#include "controller.h"

#include "assets/characters.h"
#include "chapters/10_walk_cycle/walk_export.h"
#include "common/app.h"
#include "common/files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A sole vertex is the foot's own when its weights on the foot and the toes
 * reach this (chapter 13's --check-retarget counts the same ones). */
#define MM_FOOT_RIGID 0.999f
/* The export's keys: one every second step, 30 a second. */
#define MM_EXPORT_STEP 2

/* [listing mm_check_stick] */
void mm_check_stick(double t, float stick[2], bool *run, bool *strafe)
{
    const double pi = 3.14159265358979;
    double angle = 0.0, length = 1.0; /* the stick's direction (as a heading) and length */
    *run = false, *strafe = false;
    if (t < 2.0)
        length = 0.0; /* standing */
    else if (t < 12.0)
        angle = 2.0 * pi * (t - 2.0) / 10.0; /* the eight: one loop turning one way, 10 s ... */
    else if (t < 22.0)
        angle = -2.0 * pi * (t - 12.0) / 10.0; /* ... one the other way, radius 1.4 / (2 pi / 10) = 2.2 m */
    else if (t < 30.0)
        *run = true; /* a sprint along +Z */
    else if (t < 33.0)
        length = 0.0; /* stop */
    else if (t < 38.0)
        angle = 0.0; /* a walk along +Z, then the stick turned back: a 180-degree turn */
    else if (t < 43.0)
        angle = pi;
    else if (t < 46.0)
        length = 0.0;
    else if (t < 51.0) /* side steps: the facing held (-Z), the stick to +X then -X at half */
        *strafe = true, length = 0.5, angle = t < 48.5 ? 0.5 * pi : -0.5 * pi;
    else if (t < 54.0)
        length = 0.0;
    else if (t < 58.0)
        angle = 0.25 * pi;
    else
        length = 0.0;
    stick[0] = (float)(length * sin(angle));
    stick[1] = (float)(length * cos(angle));
}
/* [/listing] */

static float foot_weight(const foot_mesh_side *m, size_t v)
{
    float w = 0.0f;
    for (int i = 0; i < 4; i++)
        if (m->joints[v][i] == m->skin_joints[0] || (m->skin_joints[1] >= 0 && m->joints[v][i] == m->skin_joints[1]))
            w += m->weights[v][i];
    return w;
}

static double angle_between(const float *a, const float *b)
{
    double d = fabs((double)a[0] * b[0] + (double)a[1] * b[1] + (double)a[2] * b[2] + (double)a[3] * b[3]);
    return 2.0 * acos(d > 1.0 ? 1.0 : d);
}

typedef struct mm_measure {
    double slide, penetration, error_sum, error_max, pose_jump, pose_change;
    long steps;
    float (*last[2])[3]; /* each side's vertices the step before (world) */
    uint8_t last_contact[2];
    transform *last_pose;
    int last_frame; /* the database's frame played last step */
} mm_measure;

/* [listing mm_measure] */
/* One step's measures: the skinned feet in the world, the root's gap, the pose's turn. */
static void measure_step(mm_measure *m, mm_controller *c, foot_mesh *feet, const skeleton *s)
{
    const double dt = 1.0 / MM_RATE;
    mat4 world_from_model;
    mm_controller_world_from_model(c, world_from_model);
    skeleton_local_to_model(s, c->pose, c->model);
    foot_mesh_skin(feet, c->model);
    const uint8_t *contact = c->planted[c->frame];
    for (int side = 0; side < 2; side++) {
        foot_mesh_side *f = &feet->side[side];
        bool down = m->steps > 0 && contact[side] && m->last_contact[side];
        for (size_t v = 0; v < f->vertex_count; v++) {
            vec3 p;
            glm_mat4_mulv3(world_from_model, f->positions[v], 1.0f, p);
            m->penetration = fmax(m->penetration, -p[1]);
            if (down && v < f->sole_count && foot_weight(f, v) >= MM_FOOT_RIGID) {
                double dx = p[0] - m->last[side][v][0], dz = p[2] - m->last[side][v][2];
                m->slide = fmax(m->slide, sqrt(dx * dx + dz * dz) / dt);
            }
            glm_vec3_copy(p, m->last[side][v]);
        }
        m->last_contact[side] = contact[side];
    }
    double gx = c->root_position[0] - c->sim.position[0], gz = c->root_position[1] - c->sim.position[1];
    double error = sqrt(gx * gx + gz * gz);
    m->error_sum += error, m->error_max = fmax(m->error_max, error);
    /* the pose's jump: how much more each joint turns this step than the
     * database's own frames turn (p, the frame played last step, to the one
     * after it): the motion's own speed is not a jump (the run's own toe-off
     * turns a shin 0.5 rad in a frame at 3.5 m/s). The raw largest change,
     * max_pose_change, is printed beside it and not judged. */
    const mm_database *db = c->db;
    int p = m->last_frame, n = p + 1 < mm_range_end(db, p) ? p + 1 : p;
    for (int j = 0; m->steps > 0 && j < s->joint_count; j++) {
        double own = angle_between(db->pose[(size_t)n * (size_t)db->joint_count + (size_t)j].rotation,
                                   db->pose[(size_t)p * (size_t)db->joint_count + (size_t)j].rotation);
        double change = angle_between(c->pose[j].rotation, m->last_pose[j].rotation);
        m->pose_change = fmax(m->pose_change, change); /* the raw change, reported, not judged */
        m->pose_jump = fmax(m->pose_jump, change - own);
    }
    m->last_frame = c->frame;
    memcpy(m->last_pose, c->pose, (size_t)s->joint_count * sizeof *c->pose);
    m->steps++;
}
/* [/listing] */

/* The run's keys for --export: every skin joint's rotation and the hips'
 * translation, the root motion (world_from_model) put into the hips. */
typedef struct mm_bake {
    int key_count, joint_count; /* keys so far, the skins' joints */
    float *times;
    float *rotations;   /* [joint_count][capacity][4] */
    float *translation; /* [capacity][3] */
    int capacity;
    int *joint; /* [joint_count]: the skin joint's joint of the poses' skeleton */
} mm_bake;

static void bake_key(mm_bake *b, mm_controller *c, const skeleton *s, double t)
{
    int k = b->key_count++;
    b->times[k] = (float)t;
    mat4 world_from_model, parent, hips, out;
    mm_controller_world_from_model(c, world_from_model);
    skeleton_local_to_model(s, c->pose, c->model);
    /* the hips' new local: parent^-1 * world_from_model * parent * local, so
     * that its parent (not moved by the root) carries it where the root is */
    int p = s->parent[c->hips];
    if (p >= 0)
        glm_mat4_copy(c->model[p], parent);
    else
        glm_mat4_identity(parent);
    glm_mat4_inv(parent, out);
    glm_mat4_mul(out, world_from_model, out);
    glm_mat4_mul(out, c->model[c->hips], hips);
    transform baked;
    transform_from_mat4(hips, 1e-3f, &baked);
    glm_vec3_copy(baked.translation, &b->translation[3 * k]);
    for (int j = 0; j < b->joint_count; j++) {
        float *q = &b->rotations[4 * ((size_t)j * (size_t)b->capacity + (size_t)k)];
        glm_vec4_copy(b->joint[j] == c->hips ? baked.rotation : c->pose[b->joint[j]].rotation, q);
        if (k > 0 && glm_vec4_dot(q, q - 4) < 0) /* the short way round from the key before */
            glm_vec4_negate(q);
    }
}

static bool bake_write(const mm_bake *b, const mm_character *ch, const char *path, sa_error *err)
{
    gltf_out_document *doc = calloc(1, sizeof *doc);
    image_rgba8 texture = {0};
    bool ok = doc ? make_humanoid(doc, &texture, err) : sa_error_set(err, "export: out of memory");
    int animation = ok ? gltf_out_add_animation(doc, "motion_matching") : -1;
    for (int j = 0; ok && j < b->joint_count; j++) {
        const char *name = ch->all.name[b->joint[j]];
        int node = -1;
        for (int n = 0; n < doc->node_count && node < 0; n++)
            if (strcmp(doc->nodes[n].name, name) == 0)
                node = n;
        if (node < 0) {
            ok = sa_error_set(err, "export: the humanoid has no node '%s'", name);
            break;
        }
        ok = gltf_out_add_channel(doc, animation, node, "rotation", b->times,
                                  &b->rotations[4 * (size_t)b->capacity * (size_t)j], (size_t)b->key_count);
        if (ok && strcmp(name, "hips") == 0)
            ok = gltf_out_add_channel(doc, animation, node, "translation", b->times, b->translation,
                                      (size_t)b->key_count);
        if (!ok)
            sa_error_set(err, "export: the channel of '%s' was refused", name);
    }
    ok = ok && humanoid_export_write(path, doc, &texture, err);
    image_free(&texture);
    if (doc)
        gltf_out_free(doc);
    free(doc);
    return ok;
}

/* The database: read from its file, or built here. */
static bool database_get(mm_database *db, const mm_check_options *o, const mm_character *ch, sa_error *err)
{
    if (o->database)
        return mm_database_load(db, o->database, err) && mm_database_fits(db, &ch->all, o->database, err);
    mm_build_params p = mm_build_defaults();
    return mm_database_build(db, ch, &p, err);
}

/* [listing mm_check_run] */
int mm_check_run(const mm_check_options *o)
{
    sa_error err;
    char path[1024];
    mm_character ch;
    mm_database db;
    mm_controller c;
    mm_measure m;
    mm_bake b;
    mm_search_index *index = NULL;
    memset(&ch, 0, sizeof ch), memset(&db, 0, sizeof db);
    memset(&c, 0, sizeof c), memset(&m, 0, sizeof m), memset(&b, 0, sizeof b);
    bool ok = sa_path_find(o->model ? o->model : "assets/models/humanoid.gltf", path, sizeof path, &err) &&
              mm_character_load(&ch, path, &err) && database_get(&db, o, &ch, &err) &&
              mm_search_index_build(&index, &db, &err);
    foot_mesh *feet = &ch.feet; /* chapter 10's skinned soles, loaded with the character */
    if (ok && !foot_mesh_has_feet(feet))
        ok = sa_error_set(&err, "%s: no vertices bound to the feet to measure", path);
    if (ok && db.range_count < 1)
        ok = sa_error_set(&err, "motion matching: the database has no frames");
    mm_controller_params p = mm_controller_defaults();
    p.foot_ik = !o->no_foot_ik, p.inertialize = !o->no_inertialize;
    if (o->no_legs_guard)
        p.leg_turn_max = 0.0f;
    if (o->lock_ahead >= 0)
        p.lock_ahead_frames = o->lock_ahead;
    ok = ok && mm_controller_init(&c, &p, &db, index, &ch.all, feet, db.range[0][0], &err);
    int steps = (int)(MM_CHECK_SECONDS * MM_RATE + 0.5);
    /* [elide allocate the measure's and the bake's arrays] */
    if (ok) {
        for (int side = 0; side < 2; side++)
            m.last[side] = malloc((feet->side[side].vertex_count + 1) * sizeof *m.last[side]);
        m.last_pose = malloc(((size_t)ch.all.joint_count + 1) * sizeof *m.last_pose);
        ok = (m.last[0] && m.last[1] && m.last_pose) || sa_error_set(&err, "out of memory");
    }
    if (ok && o->export_path) {
        b.capacity = steps / MM_EXPORT_STEP + 1, b.joint_count = ch.skins.joint_count;
        b.times = malloc((size_t)b.capacity * sizeof *b.times);
        b.translation = malloc((size_t)b.capacity * 3 * sizeof *b.translation);
        b.rotations = malloc((size_t)b.capacity * 4 * (size_t)b.joint_count * sizeof *b.rotations);
        b.joint = malloc(((size_t)b.joint_count + 1) * sizeof *b.joint);
        ok = (b.times && b.translation && b.rotations && b.joint) || sa_error_set(&err, "out of memory");
        for (int j = 0; ok && j < b.joint_count; j++)
            if ((b.joint[j] = skeleton_find(&ch.all, ch.skins.name[j])) < 0)
                ok = sa_error_set(&err, "export: no joint '%s' in the poses' skeleton", ch.skins.name[j]);
    }
    /* [/elide] */
    for (int step = 0; ok && step < steps; step++) {
        float stick[2];
        bool run, strafe;
        mm_check_stick((double)step / MM_RATE, stick, &run, &strafe);
        mm_controller_step(&c, stick, run, strafe);
        measure_step(&m, &c, feet, &ch.all);
        if (o->export_path && step % MM_EXPORT_STEP == 0)
            bake_key(&b, &c, &ch.all, (double)step / MM_RATE);
    }
    ok = ok && (!o->export_path || bake_write(&b, &ch, o->export_path, &err));
    int status = 0;
    if (ok) {
        double mean = m.error_sum / (double)m.steps;
        printf("max_foot_slide: %.4f\n", m.slide);
        printf("max_foot_penetration: %.4f\n", m.penetration);
        printf("trajectory_error_mean: %.4f\n", mean);
        printf("trajectory_error_max: %.4f\n", m.error_max);
        printf("max_pose_jump: %.4f\n", m.pose_jump);
        printf("max_pose_change: %.4f\n", m.pose_change);
        printf("searches_per_second: %.2f\n", (double)c.searches / MM_CHECK_SECONDS);
        printf("transitions_per_second: %.2f\n", (double)c.transitions / MM_CHECK_SECONDS);
        printf("legs_guarded_steps: %ld\n", c.legs_guarded);
        if (m.slide > 0.02 && o->judge)
            fprintf(stderr, "error: a sole slides %.4f m/s during a contact (over 0.02)\n", m.slide);
        if (m.penetration > 0.005 && o->judge)
            fprintf(stderr, "error: a foot goes %.4f m under the ground (over 0.005)\n", m.penetration);
        if (mean > 0.25 && o->judge)
            fprintf(stderr, "error: the root is %.4f m from the simulated one on average (over 0.25)\n", mean);
        if (m.pose_jump > 0.15 && o->judge)
            fprintf(stderr, "error: a joint turns %.4f rad in one step (over 0.15)\n", m.pose_jump);
        bool within = m.slide <= 0.02 && m.penetration <= 0.005 && mean <= 0.25 && m.pose_jump <= 0.15;
        status = within || !o->judge ? 0 : 1;
    } else
        status = app_fail(&err);
    /* [elide free everything] */
    free(m.last[0]), free(m.last[1]), free(m.last_pose);
    free(b.times), free(b.translation), free(b.rotations), free(b.joint);
    mm_controller_free(&c);
    mm_search_index_free(index);
    mm_database_free(&db);
    mm_character_free(&ch);
    /* [/elide] */
    return status;
}
/* [/listing] */
