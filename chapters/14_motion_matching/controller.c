/* controller.c: the motion matching controller (chapter 14; see
 * controller.h): the simulation, the search and its rule, the jumps
 * inertialized, the root pulled toward the simulation, the feet locked. */
#include "controller.h"

#include "chapters/11_ik/ik.h"
#include "chapters/11_ik/ik_chain.h"
#include "chapters/13_motion_capture/retarget_feet.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void rotation_of(mat4 m, versor out)
{
    mat4 r;
    vec3 scale;
    glm_decompose_rs(m, r, scale);
    glm_mat4_quat(r, out);
}

mm_controller_params mm_controller_defaults(void)
{
    mm_controller_params p;
    p.sim = sim_defaults();
    p.search_interval = 0.1f;
    p.stick_change = 0.25f;
    p.near_frames = 3;
    p.blend_time = 0.25f;
    p.blend_rate = 6.0f;
    p.blend_time_max = 0.5f;
    p.inertialize = true;
    p.adjust_half_life = 0.2f;
    p.max_drift = 2.0f;
    p.foot_ik = true;
    p.release_frames = 12;
    p.unlock_radius = 0.5f;
    p.jump_lock_radius = 0.5f;
    p.lock_ahead_frames = 30;
    p.leg_turn_max = 0.12f;
    return p;
}

bool mm_legs_find(const skeleton *s, mm_legs *legs, sa_error *err)
{
    static const char *const names[2][4] = {{"left_thigh", "left_shin", "left_foot", "left_toes"},
                                            {"right_thigh", "right_shin", "right_foot", "right_toes"}};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 4; i++) {
            legs->joints[side][i] = skeleton_find(s, names[side][i]);
            if (legs->joints[side][i] < 0 && i < 3)
                return sa_error_set(err, "motion matching: the skeleton has no joint '%s'", names[side][i]);
        }
    for (int side = 0; side < 2; side++) {
        const int *j = legs->joints[side];
        if (s->parent[j[1]] != j[0] || s->parent[j[2]] != j[1] || (j[3] >= 0 && s->parent[j[3]] != j[2]))
            return sa_error_set(err, "motion matching: %s, %s, %s are not a parent chain", names[side][0],
                                names[side][1], names[side][2]);
    }
    return true;
}

bool mm_controller_init(mm_controller *c, const mm_controller_params *p, const mm_database *db,
                        const mm_search_index *index, const skeleton *s, foot_mesh *feet, int frame, sa_error *err)
{
    memset(c, 0, sizeof *c);
    if (db->frame_count <= 0 || frame < 0 || frame >= db->frame_count || s->joint_count != db->joint_count)
        return sa_error_set(err, "motion matching: frame %d of a database of %d frames, %d joints for a skeleton of %d",
                            frame, db->frame_count, db->joint_count, s->joint_count);
    c->params = *p;
    c->db = db, c->index = index, c->skeleton = s, c->feet = feet;
    c->hips = skeleton_find(s, "hips");
    if (!mm_legs_find(s, &c->legs, err))
        return false;
    size_t n = (size_t)db->joint_count + 1;
    c->pose = malloc(n * sizeof *c->pose);
    c->previous = malloc(n * sizeof *c->previous);
    c->scratch = malloc(n * sizeof *c->scratch);
    c->model = malloc(n * sizeof *c->model);
    c->shown = malloc(n * sizeof *c->shown);
    if (!c->pose || !c->previous || !c->scratch || !c->model || !c->shown ||
        !pose_inertializer_init(&c->inertializer, db->joint_count, c->hips, err)) {
        mm_controller_free(c);
        return sa_error_set(err, "motion matching: out of memory");
    }
    c->planted = malloc(((size_t)db->frame_count + 1) * sizeof *c->planted);
    c->legs_joint = calloc(n, sizeof *c->legs_joint);
    if (!c->planted || !c->legs_joint) {
        mm_controller_free(c);
        return sa_error_set(err, "motion matching: out of memory");
    }
    mm_planted_find(db, s, &c->legs, c->planted);
    /* each joint's offset decays at most blend_rate, its blend made longer;
     * the legs keep blend_time: the feet's IK solves them, and a leg's
     * offset held longer left the knee off its plane for the IK to flip
     * (measured: a shin 1.17 rad in a frame at 54.2 s) */
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 4; i++)
            if (c->legs.joints[side][i] >= 0)
                c->legs_joint[c->legs.joints[side][i]] = true;
    c->inertializer.max_rate = p->blend_rate, c->inertializer.blend_time_max = p->blend_time_max;
    c->inertializer.keep_blend = c->legs_joint;
    /* the knees' forward (+Z, the character's) in each thigh's frame, at rest */
    skeleton_local_to_model(s, s->rest_local, c->model);
    for (int side = 0; side < 2; side++) {
        versor thigh, inverse;
        rotation_of(c->model[c->legs.joints[side][0]], thigh);
        glm_quat_inv(thigh, inverse);
        glm_quat_rotatev(inverse, (vec3){0.0f, 0.0f, 1.0f}, c->knee_forward[side]);
    }
    c->strafes = mm_database_strafes(db);
    c->frame = frame;
    memcpy(c->pose, db->pose + (size_t)frame * (size_t)db->joint_count, (size_t)db->joint_count * sizeof *c->pose);
    memcpy(c->previous, c->pose, (size_t)db->joint_count * sizeof *c->pose);
    c->since_search = c->params.search_interval; /* search on the first step */
    return true;
}

void mm_controller_free(mm_controller *c)
{
    free(c->planted), free(c->legs_joint);
    free(c->pose), free(c->previous), free(c->scratch), free(c->model), free(c->shown);
    pose_inertializer_free(&c->inertializer);
    memset(c, 0, sizeof *c);
}

/* The character's frame in the world: the root (x, z) on the ground, turned by heading about +Y. */
static void world_from_root(const float position[2], float heading, mat4 out)
{
    glm_mat4_identity(out);
    glm_translate(out, (vec3){position[0], 0.0f, position[1]});
    glm_rotate_y(out, heading, out);
}

void mm_controller_world_from_model(const mm_controller *c, mat4 out)
{
    world_from_root(c->root_position, c->root_heading, out);
}

/* The root moved on by frame's own root motion (to frame + 1), in its heading's frame. */
static void root_advance(const mm_database *db, int frame, float position[2], float *heading)
{
    float delta[3], turn, s = sinf(*heading), co = cosf(*heading);
    mm_root_delta(db, frame, delta, &turn);
    position[0] += delta[0] * co + delta[2] * s;
    position[1] += -delta[0] * s + delta[2] * co;
    *heading = spring_wrap_angle(*heading + turn);
}

static const transform *pose_at(const mm_database *db, int frame)
{
    return db->pose + (size_t)frame * (size_t)db->joint_count;
}

/* [listing mm_database_strafes] */
bool mm_database_strafes(const mm_database *db)
{
    const int last = MM_TRAJECTORY_POINTS - 1;
    long moving = 0, sideways = 0;
    for (int f = 0; f < db->frame_count; f++) {
        const float *x = db->features + (size_t)f * MM_FEATURE_COUNT;
        float raw[4];
        for (int i = 0; i < 2; i++) {
            int p = MM_F_TRAJ_POS + 2 * last + i, d = MM_F_TRAJ_DIR + 2 * last + i;
            raw[i] = x[p] * db->scale[p] + db->mean[p];
            raw[2 + i] = x[d] * db->scale[d] + db->mean[d];
        }
        float travel = sqrtf(raw[0] * raw[0] + raw[1] * raw[1]), facing = sqrtf(raw[2] * raw[2] + raw[3] * raw[3]);
        if (travel < 0.5f || facing < 1e-6f)
            continue; /* under 0.5 m in the next second: not moving */
        moving++;
        if ((raw[0] * raw[2] + raw[1] * raw[3]) / (travel * facing) < 0.5f)
            sideways++; /* more than 60 degrees between the way it goes and the way it will face */
    }
    return moving > 0 && sideways * 100 >= moving;
}
/* [/listing] */

/* [listing mm_planted_find] */
void mm_planted_find(const mm_database *db, const skeleton *s, const mm_legs *legs, uint8_t (*planted)[2])
{
    size_t n = (size_t)db->joint_count;
    mat4 *model = malloc((n + 1) * sizeof *model);
    float(*ankle)[2][3] = malloc(((size_t)db->frame_count + 1) * sizeof *ankle);
    memset(planted, 0, (size_t)db->frame_count * sizeof *planted);
    if (!model || !ankle) {
        free(model), free(ankle);
        return; /* nothing planted: the feet as the frames have them */
    }
    float floor[2] = {INFINITY, INFINITY};
    for (int f = 0; f < db->frame_count; f++) {
        skeleton_local_to_model(s, db->pose + (size_t)f * n, model);
        float c = cosf(db->root_heading[f]), sn = sinf(db->root_heading[f]);
        for (int side = 0; side < 2; side++) {
            const float *a = model[legs->joints[side][2]][3];
            ankle[f][side][0] = db->root_position[f][0] + a[0] * c + a[2] * sn;
            ankle[f][side][1] = a[1];
            ankle[f][side][2] = db->root_position[f][2] - a[0] * sn + a[2] * c;
            floor[side] = fminf(floor[side], a[1]);
        }
    }
    for (int f = 0; f < db->frame_count; f++)
        for (int side = 0; side < 2; side++) {
            /* the speed from the frame before (after, at a range's first) */
            int g = f > 0 && mm_range_end(db, f - 1) == mm_range_end(db, f) ? f - 1 : f + 1;
            if (g >= mm_range_end(db, f))
                g = f;
            float dx = ankle[f][side][0] - ankle[g][side][0], dz = ankle[f][side][2] - ankle[g][side][2];
            float speed = sqrtf(dx * dx + dz * dz) * (float)MM_RATE;
            planted[f][side] = db->contact[f][side] && ankle[f][side][1] - floor[side] <= RETARGET_CONTACT_HEIGHT &&
                               speed <= RETARGET_CONTACT_SPEED;
        }
    /* runs shorter than chapter 13's least are dropped */
    for (int side = 0; side < 2; side++)
        for (int f = 0; f < db->frame_count;) {
            int g = f;
            while (g < db->frame_count && planted[g][side] && mm_range_end(db, g) == mm_range_end(db, f))
                g++;
            if (g == f) {
                f++;
                continue;
            }
            if (g - f < RETARGET_CONTACT_MIN_FRAMES)
                for (int k = f; k < g; k++)
                    planted[k][side] = 0;
            f = g;
        }
    free(model), free(ankle);
}
/* [/listing] */

int mm_range_end(const mm_database *db, int frame)
{
    for (int r = 0; r < db->range_count; r++)
        if (frame >= db->range[r][0] && frame < db->range[r][1])
            return db->range[r][1];
    return db->frame_count;
}

/* How far the hips must come down for every locked foot of sides to be
 * reached (chapter 13's reach: 0.995 of the leg), c->model holding the pose's
 * model matrices and the character at world_from_model; INFINITY when a
 * locked foot is out of reach sideways, or farther than jump_lock_radius
 * (horizontally) from where the pose has it. */
static float locks_need(const mm_controller *c, mat4 world_from_model, const bool sides[2])
{
    mat4 model_from_world;
    glm_mat4_inv(world_from_model, model_from_world);
    float need = 0.0f;
    for (int side = 0; side < 2; side++) {
        if (!c->lock[side].locked || !sides[side])
            continue;
        const int *j = c->legs.joints[side];
        vec3 t;
        glm_mat4_mulv3(model_from_world, (float *)c->lock[side].ankle, 1.0f, t);
        float *hip = c->model[j[0]][3], *ankle = c->model[j[2]][3];
        float upper = glm_vec3_distance(hip, c->model[j[1]][3]), lower = glm_vec3_distance(c->model[j[1]][3], ankle);
        float reach = 0.995f * (upper + lower);
        float dx = t[0] - hip[0], dz = t[2] - hip[2], flat = dx * dx + dz * dz;
        float ax = t[0] - ankle[0], az = t[2] - ankle[2];
        if (!(flat < reach * reach) || ax * ax + az * az > c->params.jump_lock_radius * c->params.jump_lock_radius)
            return INFINITY;
        need = fmaxf(need, hip[1] - t[1] - sqrtf(reach * reach - flat));
    }
    return need;
}

/* [listing mm_locks_ahead] */
/* The most the hips must come down for the locked feet to be reached,
 * playing `frame` with the root at (position, heading), then the frames
 * after it, moved on by their own root motion, each locked foot for as long
 * as the frames hold it down (at most lock_ahead_frames); INFINITY where
 * one goes out of reach. It stops at the first frame that needs more than
 * limit: the callers ask only whether the need stays within it. */
static float locks_need_ahead(mm_controller *c, int frame, const float position[2], float heading, float limit)
{
    const mm_database *db = c->db;
    float at[2] = {position[0], position[1]}, need = 0.0f;
    /* the feet this frame holds down: one it lifts is let go, not dragged */
    bool sides[2] = {c->lock[0].locked && c->planted[frame][0], c->lock[1].locked && c->planted[frame][1]};
    int end = mm_range_end(db, frame), last = frame + c->params.lock_ahead_frames;
    for (int f = frame;; f++) {
        mat4 world_from_model;
        world_from_root(at, heading, world_from_model);
        skeleton_local_to_model(c->skeleton, pose_at(db, f), c->model);
        need = fmaxf(need, locks_need(c, world_from_model, sides));
        if (!(need <= limit) || f + 1 >= end || f >= last)
            return need;
        root_advance(db, f, at, &heading); /* on to the next frame, as step 2 moves the root */
        for (int side = 0; side < 2; side++)
            sides[side] = sides[side] && c->planted[f + 1][side];
        if (!sides[0] && !sides[1])
            return need; /* every held foot let go by the frames themselves */
    }
}
/* [/listing] */

/* Whether a jump to frame keeps the locked feet within reach, there and on. */
static bool lands_near_locks(mm_controller *c, int frame)
{
    return locks_need_ahead(c, frame, c->root_position, c->root_heading, MM_HIPS_DOWN_PLAN) <= MM_HIPS_DOWN_PLAN;
}

/* [listing mm_search_step] */
/* The query (the playing frame's pose features, the simulation's
 * trajectory in the animated character's frame), the search and the rule.
 * Returns the frame to jump to, or -1 to play on. */
static int search(mm_controller *c, int playing, bool forced)
{
    const mm_database *db = c->db;
    memcpy(c->query, db->features + (size_t)playing * MM_FEATURE_COUNT, sizeof c->query);
    float directions[MM_TRAJECTORY_POINTS][2], local[MM_TRAJECTORY_POINTS][2], local_dir[MM_TRAJECTORY_POINTS][2];
    sim_predict(&c->sim, &c->params.sim, c->desired_velocity, c->desired_heading, c->trajectory, directions);
    for (int k = 0; k < MM_TRAJECTORY_POINTS; k++) {
        sim_world_to_character(c->root_position, c->root_heading, c->trajectory[k], true, local[k]);
        sim_world_to_character(c->root_position, c->root_heading, directions[k], false, local_dir[k]);
    }
    mm_query_trajectory(db, (const float(*)[2])local, (const float(*)[2])local_dir, c->query);
    float best_cost;
    int best = mm_search_accelerated(c->index, db, c->query, &best_cost);
    c->searches++;
    if (best < 0)
        return -1;
    if (forced)
        return best;
    float playing_cost = mm_frame_cost(db->features + (size_t)playing * MM_FEATURE_COUNT, c->query, MM_FEATURE_COUNT);
    bool near = mm_range_end(db, best) == mm_range_end(db, playing) && abs(best - playing) <= c->params.near_frames;
    if (!(best_cost < playing_cost) || near)
        return -1;
    return c->params.foot_ik && !lands_near_locks(c, best) ? -1 : best;
}
/* [/listing] */

static float smooth(float x)
{
    x = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return x * x * (3.0f - 2.0f * x);
}

/* A side's lowest foot vertex below its ankle (model space, after
 * foot_mesh_skin), or 0 without a mesh (no lift). */
static float sole_below_ankle(const mm_controller *c, int side)
{
    if (!c->feet || !foot_mesh_has_feet(c->feet))
        return -INFINITY;
    const foot_mesh_side *m = &c->feet->side[side];
    float low = INFINITY;
    for (size_t v = 0; v < m->vertex_count; v++)
        low = fminf(low, m->positions[v][1]);
    return low - c->model[c->legs.joints[side][2]][3][1];
}

/* [listing mm_thigh_twist] */
/* A held leg's thigh keeps the twist (about the bone, hip to knee) it had
 * in the step shown before, by the hold's weight: chapter 11's joint limit
 * with no twist allowed, relative to that rotation. The IK then places the
 * knee and the ankle, which the twist leaves free. */
static void thigh_keep_twist(mm_controller *c, int side)
{
    const int *j = c->legs.joints[side];
    float weight = c->lock[side].weight;
    if (!c->has_shown || !(weight > 0.0f))
        return;
    const ik_joint_limit no_twist = {GLM_PIf, 0.0f, 0.0f};
    vec3 bone;
    glm_vec3_normalize_to(c->pose[j[1]].translation, bone); /* the knee in the thigh's frame */
    versor kept;
    glm_quat_copy(c->pose[j[0]].rotation, kept);
    ik_limit_apply(&no_twist, c->shown[j[0]].rotation, bone, kept);
    if (glm_quat_dot(kept, c->pose[j[0]].rotation) < 0.0f)
        glm_vec4_negate(kept);
    glm_quat_slerp(c->pose[j[0]].rotation, kept, weight, c->pose[j[0]].rotation);
    glm_quat_normalize(c->pose[j[0]].rotation);
}
/* [/listing] */

/* One leg solved toward an ankle target and foot turns (world); c->model
 * is the pose's on entry. */
static void solve_leg(mm_controller *c, int side, mat4 model_from_world, versor heading_inverse, const vec3 ankle,
                      versor turn[2], float weight)
{
    const skeleton *s = c->skeleton;
    const int *j = c->legs.joints[side];
    mat4 *model = c->model;
    thigh_keep_twist(c, side);
    skeleton_local_to_model(s, c->pose, model); /* the other leg may have been solved */
    /* the pole: for a free leg (only the hips' drop or the ground to make
     * up), the knee's side of the hip-ankle line as the pose bends it: the
     * solve keeps the knee's plane, a leg solved to where its ankle is does
     * not move. For a held leg, the way the knee bends at rest turned with
     * the thigh (c->knee_forward): steady on a straight leg, where the
     * knee's own side is not. Not a mix of the two: where they point
     * apart, a mix passes through nothing and the knee flips (the shin
     * turned 0.95 rad in a frame so, at a release): the held way while the
     * lock has any weight, and for a free leg all but straight. */
    vec3 mid, pole, bend_way;
    versor thigh;
    glm_vec3_center(model[j[0]][3], model[j[2]][3], mid);
    glm_vec3_sub(model[j[1]][3], mid, pole);
    float bent = glm_vec3_norm(pole);
    glm_vec3_scale(pole, 1.0f / fmaxf(bent, 0.02f), pole);
    rotation_of(model[j[0]], thigh);
    glm_quat_rotatev(thigh, (float *)c->knee_forward[side], bend_way);
    if (c->lock[side].weight > 0.0f || bent < 0.05f)
        glm_vec3_copy(bend_way, pole);
    ik_two_bone_job ik = {s, c->pose, {j[0], j[1], j[2]}, {0}, {0}, weight, 0.0f, NULL, NULL};
    glm_mat4_mulv3(model_from_world, (float *)ankle, 1.0f, ik.target);
    glm_vec3_copy(pole, ik.pole);
    sa_error err;
    if (!ik_two_bone_run(&ik, &err))
        return; /* the pose as it was: a target that is not finite */
    /* the foot and its toes turned as held: each local under its solved parent */
    for (int i = 2; i < 4 && j[i] >= 0; i++) {
        skeleton_local_to_model(s, c->pose, model);
        versor parent, inverse, in_model;
        rotation_of(model[s->parent[j[i]]], parent);
        glm_quat_inv(parent, inverse);
        glm_quat_mul(heading_inverse, turn[i - 2], in_model);
        glm_quat_mul(inverse, in_model, c->pose[j[i]].rotation);
        glm_quat_normalize(c->pose[j[i]].rotation);
    }
}

/* [listing mm_feet] */
static void feet_apply(mm_controller *c, const uint8_t contact[2])
{
    const skeleton *s = c->skeleton;
    mat4 world_from_model, model_from_world;
    mm_controller_world_from_model(c, world_from_model);
    glm_mat4_inv(world_from_model, model_from_world);
    versor heading, heading_inverse;
    glm_quatv(heading, c->root_heading, (vec3){0.0f, 1.0f, 0.0f});
    glm_quat_inv(heading, heading_inverse);
    skeleton_local_to_model(s, c->pose, c->model);
    if (c->feet)
        foot_mesh_skin(c->feet, c->model);
    vec3 target[2];
    versor turn[2][2]; /* foot, toes */
    bool solve[2], lifted[2];
    float down = 0.0f; /* how far the hips must come down for both feet */
    for (int side = 0; side < 2; side++) {
        const int *j = c->legs.joints[side];
        mm_foot_lock *lock = &c->lock[side];
        /* the animation's foot in the world, its sole lifted onto the ground */
        vec3 ankle;
        versor anim[2], model_turn;
        glm_mat4_mulv3(world_from_model, c->model[j[2]][3], 1.0f, ankle);
        float below = sole_below_ankle(c, side);
        lifted[side] = ankle[1] + below < 0.0f;
        if (lifted[side])
            ankle[1] = -below;
        for (int i = 0; i < 2; i++) {
            rotation_of(c->model[j[2 + i] >= 0 ? j[2 + i] : j[2]], model_turn);
            glm_quat_mul(heading, model_turn, anim[i]);
        }
        /* the lock: held while the contact lasts, let go over release_frames
         * when it ends, or when the animation's foot is too far from it */
        if (lock->locked && (!contact[side] || glm_vec3_distance(lock->ankle, ankle) > c->params.unlock_radius))
            lock->locked = false, lock->release = c->params.release_frames;
        float w = lock->locked ? 1.0f : smooth((float)lock->release / (float)(c->params.release_frames + 1));
        glm_vec3_lerp(ankle, lock->ankle, w, target[side]);
        for (int i = 0; i < 2; i++)
            glm_quat_slerp(anim[i], lock->turn[i], w, turn[side][i]);
        if (contact[side] && !lock->locked) {
            /* a new contact: held where the foot is shown now (a release
             * under way stops where it is) */
            lock->locked = true, lock->release = 0, w = 1.0f;
            glm_vec3_copy(target[side], lock->ankle);
            glm_quat_copy(turn[side][0], lock->turn[0]), glm_quat_copy(turn[side][1], lock->turn[1]);
        }
        if (lock->release > 0)
            lock->release--;
        lock->weight = w;
        solve[side] = w > 0.0f || lifted[side];
        /* the hips' drop that brings this hip within reach of its target
         * (chapter 13's: 0.995 of the leg's length) */
        vec3 t;
        glm_mat4_mulv3(model_from_world, target[side], 1.0f, t);
        float upper = glm_vec3_distance(c->model[j[0]][3], c->model[j[1]][3]);
        float lower = glm_vec3_distance(c->model[j[1]][3], c->model[j[2]][3]);
        float reach = 0.995f * (upper + lower), *hip = c->model[j[0]][3];
        float dx = t[0] - hip[0], dz = t[2] - hip[2], flat = dx * dx + dz * dz;
        if (solve[side] && flat < reach * reach)
            down = fmaxf(down, hip[1] - t[1] - sqrtf(reach * reach - flat));
    }
    /* down at once as far as needed (the need grows smoothly as the hips move
     * on), back up at most MM_HIPS_RISE m/s */
    c->hips_down = fmaxf(fminf(down, MM_HIPS_DOWN_MAX), c->hips_down - MM_HIPS_RISE / (float)MM_RATE);
    if (c->hips_down > 0.0f && c->hips >= 0) {
        vec3 step = {0.0f, -c->hips_down, 0.0f};
        int parent = s->parent[c->hips];
        if (parent >= 0) {
            mat4 inverse;
            glm_mat4_inv(c->model[parent], inverse);
            glm_mat4_mulv3(inverse, step, 0.0f, step);
        }
        glm_vec3_add(c->pose[c->hips].translation, step, c->pose[c->hips].translation);
        skeleton_local_to_model(s, c->pose, c->model);
    }
    for (int side = 0; side < 2; side++) {
        /* a free leg keeps its foot where the animation has it */
        float weight = fmaxf(c->lock[side].weight, fminf(1.0f, c->hips_down / 0.01f));
        if (lifted[side])
            weight = 1.0f;
        /* solved, then lifted by as much as a vertex of the foot is still
         * under the ground (those near the ankle follow the shin), and again:
         * chapter 13's three tries */
        for (int tries = 0; weight > 0.0f && tries < 3; tries++) {
            solve_leg(c, side, model_from_world, heading_inverse, target[side], turn[side], 1.0f);
            if (!c->feet || !foot_mesh_has_feet(c->feet))
                break;
            skeleton_local_to_model(s, c->pose, c->model);
            foot_mesh_skin(c->feet, c->model);
            float low = INFINITY;
            for (size_t v = 0; v < c->feet->side[side].vertex_count; v++) {
                vec3 p;
                glm_mat4_mulv3(world_from_model, c->feet->side[side].positions[v], 1.0f, p);
                low = fminf(low, p[1]);
            }
            if (!(low < 0.0f))
                break;
            target[side][1] -= low;
        }
    }
}
/* [/listing] */

/* [listing mm_legs_guard] */
/* The angle between two rotations (radians, 0 .. pi). */
static float turn_between(const float a[4], const float b[4])
{
    float d = fabsf(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
    return 2.0f * acosf(fminf(d, 1.0f));
}

/* Each leg joint of c->pose turned from the last step's output (c->shown)
 * at most its motion's own step plus leg_turn_max; the rest of the turn is
 * left for the next steps. */
static void legs_guard(mm_controller *c)
{
    const mm_database *db = c->db;
    int frame = c->frame,
        before = frame > 0 && mm_range_end(db, frame - 1) == mm_range_end(db, frame) ? frame - 1 : frame;
    bool guarded = false;
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 4; i++) {
            int j = c->legs.joints[side][i];
            if (j < 0 || c->lock[side].weight >= 1.0f)
                continue; /* a foot held with all its weight: held back, it would slide */
            float own = turn_between(pose_at(db, frame)[j].rotation, pose_at(db, before)[j].rotation);
            float *q = c->pose[j].rotation, *last = c->shown[j].rotation;
            float turn = turn_between(q, last), allowed = own + c->params.leg_turn_max;
            if (!(turn > allowed))
                continue;
            versor from;
            glm_quat_copy(last, from);
            if (glm_quat_dot(from, q) < 0.0f)
                glm_vec4_negate(from); /* the short way */
            glm_quat_slerp(from, q, allowed / turn, q);
            glm_quat_normalize(q);
            guarded = true;
        }
    c->legs_guarded += guarded;
}
/* [/listing] */

/* [listing mm_controller_step] */
void mm_controller_step(mm_controller *c, const float stick[2], bool run, bool strafe)
{
    const float dt = 1.0f / (float)MM_RATE;
    const mm_database *db = c->db;
    const mm_controller_params *p = &c->params;
    size_t pose_bytes = (size_t)db->joint_count * sizeof *c->pose;
    /* 1. the simulation */
    sim_desired_velocity(&p->sim, stick, run, c->desired_velocity);
    c->desired_heading = sim_desired_heading(&p->sim, stick, strafe && c->strafes, c->desired_heading);
    sim_step(&c->sim, &p->sim, c->desired_velocity, c->desired_heading, dt);
    /* 2. the animated root by the playing frame's motion, then the frame on */
    root_advance(db, c->frame, c->root_position, &c->root_heading);
    int next = c->frame + 1;
    bool forced = next >= mm_range_end(db, c->frame);
    if (forced)
        next = c->frame;
    /* 3, 4. the search and its rule */
    c->since_search += dt;
    float dx = stick[0] - c->searched_stick[0], dz = stick[1] - c->searched_stick[1];
    int jump = -1;
    if (forced || c->since_search >= p->search_interval - 1e-4f ||
        dx * dx + dz * dz > p->stick_change * p->stick_change) {
        jump = search(c, next, forced);
        c->since_search = 0.0f;
        c->searched_stick[0] = stick[0], c->searched_stick[1] = stick[1];
    }
    /* 5. the pose, a jump inertialized: the source is what the old frames
     * would show this step, offsets and all */
    c->transitioned = jump >= 0;
    if (jump >= 0) {
        c->transitions++;
        pose_inertialize_update(&c->inertializer, dt, pose_at(db, next), c->scratch);
        pose_inertialize_transition(&c->inertializer, c->previous, c->scratch, pose_at(db, jump), dt,
                                    p->inertialize ? p->blend_time : 0.0f);
        next = jump;
        pose_inertialize_update(&c->inertializer, 0.0f, pose_at(db, next), c->pose);
    } else
        pose_inertialize_update(&c->inertializer, dt, pose_at(db, next), c->pose);
    c->frame = next;
    memcpy(c->previous, c->pose, pose_bytes);
    /* 6. the animated root pulled toward the simulated one: as much of
     * the fraction k as keeps the locked feet within reach, now and in the
     * frames ahead (halved until it does, none at worst), then never farther
     * than max_drift */
    float k = 1.0f - exp2f(-dt / p->adjust_half_life);
    float gap[2] = {c->sim.position[0] - c->root_position[0], c->sim.position[1] - c->root_position[1]};
    float turn_gap = spring_wrap_angle(c->sim.heading - c->root_heading);
    float from[2] = {c->root_position[0], c->root_position[1]}, from_heading = c->root_heading;
    for (int halvings = 0; halvings <= 4; halvings++) {
        float f = halvings < 4 ? k / (float)(1 << halvings) : 0.0f;
        c->root_position[0] = from[0] + f * gap[0], c->root_position[1] = from[1] + f * gap[1];
        c->root_heading = spring_wrap_angle(from_heading + f * turn_gap);
        if (!p->foot_ik || f == 0.0f ||
            locks_need_ahead(c, c->frame, c->root_position, c->root_heading, MM_HIPS_DOWN_PLAN) <= MM_HIPS_DOWN_PLAN)
            break;
    }
    gap[0] = c->root_position[0] - c->sim.position[0], gap[1] = c->root_position[1] - c->sim.position[1];
    float distance = sqrtf(gap[0] * gap[0] + gap[1] * gap[1]);
    if (distance > p->max_drift) {
        c->root_position[0] = c->sim.position[0] + gap[0] * p->max_drift / distance;
        c->root_position[1] = c->sim.position[1] + gap[1] * p->max_drift / distance;
    }
    /* 7. the feet, 8. the legs' guard */
    if (p->foot_ik) {
        feet_apply(c, c->planted[c->frame]);
        if (p->leg_turn_max > 0.0f && c->has_shown)
            legs_guard(c);
    }
    memcpy(c->shown, c->pose, pose_bytes);
    c->has_shown = true;
}
/* [/listing] */
