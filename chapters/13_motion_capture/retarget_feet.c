/* retarget_feet.c: contacts from the source, the target's feet locked and its
 * legs solved by chapter 11's two-bone IK (retarget_feet.h). */
#include "retarget_feet.h"

#include "chapters/11_ik/ik.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const side_bone[2][4] = {{"leftUpperLeg", "leftLowerLeg", "leftFoot", "leftToes"},
                                            {"rightUpperLeg", "rightLowerLeg", "rightFoot", "rightToes"}};

/* The target joint the rig pairs with source joint j, -1 none. */
static int partner(const retarget_rig *r, int j)
{
    for (int k = 0; j >= 0 && k < r->pair_count; k++)
        if (r->pairs[k].source == j)
            return r->pairs[k].target;
    return -1;
}

void retarget_contacts_free(retarget_contacts *c)
{
    free(c->in_contact[0]);
    free(c->in_contact[1]);
    memset(c, 0, sizeof *c);
}

/* Drops runs shorter than min_frames after filling gaps shorter than gap. */
static int clean_runs(unsigned char *on, int n, int gap, int min_frames, int *frames)
{
    for (int f = 0; f < n;) { /* fill short gaps between two runs */
        int g = f;
        while (g < n && !on[g])
            g++;
        if (f > 0 && g < n && g - f < gap)
            memset(on + f, 1, (size_t)(g - f));
        while (g < n && on[g])
            g++;
        f = g;
    }
    int runs = 0;
    *frames = 0;
    for (int f = 0; f < n;) {
        if (!on[f]) {
            f++;
            continue;
        }
        int g = f;
        while (g < n && on[g])
            g++;
        if (g - f < min_frames)
            memset(on + f, 0, (size_t)(g - f));
        else
            runs++, *frames += g - f;
        f = g;
    }
    return runs;
}

/* [listing retarget_contacts_find] */
bool retarget_contacts_find(retarget_contacts *c, const retarget_rig *rig, const clip *source, int frame_count,
                            const float *times, sa_error *err)
{
    memset(c, 0, sizeof *c);
    const skeleton *s = rig->source;
    c->frame_count = frame_count;
    c->foot[0] = retarget_bone_joint(s, "leftFoot");
    c->foot[1] = retarget_bone_joint(s, "rightFoot");
    if (c->foot[0] < 0 || c->foot[1] < 0)
        return sa_error_set(err, "feet: the source has no feet its joint names say");
    /* [elide allocate the ankles, the pose, the flags] */
    size_t n = (size_t)frame_count;
    float(*ankle)[2][3] = malloc((n + 1) * sizeof *ankle);
    transform *local = malloc(((size_t)s->joint_count + 1) * sizeof *local);
    mat4 *model = malloc(((size_t)s->joint_count + 1) * sizeof *model);
    int *cursors = calloc((size_t)source->track_count + 1, sizeof *cursors);
    c->in_contact[0] = calloc(n + 1, 1);
    c->in_contact[1] = calloc(n + 1, 1);
    bool ok = ankle && local && model && cursors && c->in_contact[0] && c->in_contact[1];
    /* [/elide] */
    c->floor = INFINITY;
    for (size_t f = 0; ok && f < n; f++) { /* the ankles, and the floor: the lowest of them */
        clip_sample(source, times[f], cursors, local);
        skeleton_local_to_model(s, local, model);
        for (int side = 0; side < 2; side++) {
            glm_vec3_copy(model[c->foot[side]][3], ankle[f][side]);
            c->floor = fminf(c->floor, ankle[f][side][1]);
        }
    }
    /* Down: low and slow, in the target's metres (the rig's scale). */
    for (size_t f = 0; ok && f < n; f++)
        for (int side = 0; side < 2; side++) {
            size_t a = f > 0 ? f - 1 : f, b = f + 1 < n ? f + 1 : f;
            float dt = b > a ? times[b] - times[a] : 1.0f;
            float dx = ankle[b][side][0] - ankle[a][side][0], dz = ankle[b][side][2] - ankle[a][side][2];
            float speed = sqrtf(dx * dx + dz * dz) / dt * rig->scale;
            float height = (ankle[f][side][1] - c->floor) * rig->scale;
            c->in_contact[side][f] = height <= RETARGET_CONTACT_HEIGHT && speed <= RETARGET_CONTACT_SPEED;
        }
    for (int side = 0; ok && side < 2; side++)
        c->runs[side] = clean_runs(c->in_contact[side], frame_count, RETARGET_CONTACT_GAP_FRAMES,
                                   RETARGET_CONTACT_MIN_FRAMES, &c->frames[side]);
    free(ankle), free(local), free(model), free(cursors);
    if (!ok) {
        retarget_contacts_free(c);
        return sa_error_set(err, "feet: out of memory");
    }
    return true;
}
/* [/listing] */

bool retarget_legs_find(const retarget_rig *rig, retarget_legs *out, sa_error *err)
{
    const skeleton *t = rig->target;
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < 4; i++)
            out->joints[side][i] = partner(rig, retarget_bone_joint(rig->source, side_bone[side][i]));
        const int *j = out->joints[side];
        if (j[0] < 0 || j[1] < 0 || j[2] < 0 || t->parent[j[2]] != j[1] || t->parent[j[1]] != j[0])
            return sa_error_set(err, "feet: the target's %s, %s and %s are not a paired chain", side_bone[side][0],
                                side_bone[side][1], side_bone[side][2]);
    }
    return true;
}

static void rotation_of(mat4 m, versor out)
{
    mat4 r;
    vec3 scale;
    glm_decompose_rs(m, r, scale);
    glm_mat4_quat(r, out);
}

static float *key_of(clip *motion, int joint, track_path path, int frame)
{
    for (int k = 0; k < motion->track_count; k++) {
        track *tr = &motion->tracks[k];
        if (tr->joint == joint && tr->path == path && frame < tr->key_count)
            return &tr->values[(size_t)frame * (size_t)tr->components];
    }
    return NULL;
}

/* The lowest point of a side's foot in model space below its ankle (<= 0
 * usually): where the sole is, from the mesh, or the ankle's rest height. */
static float sole_below_ankle(foot_mesh *mesh, int side, mat4 *model, int foot, float rest_ankle)
{
    if (!foot_mesh_has_feet(mesh))
        return -rest_ankle;
    const foot_mesh_side *m = &mesh->side[side];
    float low = INFINITY;
    for (size_t v = 0; v < m->vertex_count; v++)
        low = fminf(low, m->positions[v][1]);
    return low - model[foot][3][1];
}

static float smooth(float x)
{
    x = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return x * x * (3.0f - 2.0f * x);
}

/* How much of the lock frame f gets on a side, and the contact's start
 * frame it eases toward or from (-1: none near). */
static float lock_weight(const unsigned char *on, int n, int f, int *start)
{
    *start = -1;
    if (on[f]) {
        int a = f;
        while (a > 0 && on[a - 1])
            a--;
        *start = a;
        return 1.0f;
    }
    float w = 0.0f;
    for (int d = 1; d <= RETARGET_FEET_BLEND_FRAMES; d++) {
        float x = 1.0f - (float)d / (float)(RETARGET_FEET_BLEND_FRAMES + 1);
        if (f - d >= 0 && on[f - d] && smooth(x) > w) { /* after a contact: its start */
            int a = f - d;
            while (a > 0 && on[a - 1])
                a--;
            *start = a, w = smooth(x);
        }
        if (f + d < n && on[f + d] && smooth(x) > w) /* before one */
            *start = f + d, w = smooth(x);
    }
    return w;
}

/* The foot and its toes turned as locked (model space): each local under
 * its solved parent. */
static void turn_feet(const skeleton *t, transform *local, mat4 *model, const int *j, versor turn[2])
{
    for (int i = 2; i < 4 && j[i] >= 0; i++) {
        skeleton_local_to_model(t, local, model);
        versor parent, inv;
        rotation_of(model[t->parent[j[i]]], parent);
        glm_quat_inv(parent, inv);
        glm_quat_mul(inv, turn[i - 2], local[j[i]].rotation);
        glm_quat_normalize(local[j[i]].rotation);
    }
}

/* A side's lowest skinned vertex (y); INFINITY without a mesh. */
static float lowest_vertex(const foot_mesh *mesh, int side)
{
    float low = INFINITY;
    for (size_t v = 0; foot_mesh_has_feet(mesh) && v < mesh->side[side].vertex_count; v++)
        low = fminf(low, mesh->side[side].positions[v][1]);
    return low;
}

/* The pelvis's drop eased: never less than a frame needs, and changing by
 * at most RETARGET_PELVIS_SPEED (forward: it rises slowly after a need;
 * backward: it starts down early before one), so it never jumps. */
static void ease_pelvis(float *down, int n, const float *times)
{
    for (int f = 1; f < n; f++)
        down[f] = fmaxf(down[f], down[f - 1] - RETARGET_PELVIS_SPEED * (times[f] - times[f - 1]));
    for (int f = n - 2; f >= 0; f--)
        down[f] = fmaxf(down[f], down[f + 1] - RETARGET_PELVIS_SPEED * (times[f + 1] - times[f]));
}

/* [listing retarget_feet_apply] */
bool retarget_feet_apply(const retarget_feet_job *job, sa_error *err)
{
    const retarget_rig *r = job->rig;
    const skeleton *t = r->target;
    int n = job->frame_count, root = r->pairs[r->root].target;
    size_t nt = (size_t)t->joint_count + 1;
    transform *local = malloc(nt * sizeof *local);
    mat4 *model = malloc(nt * sizeof *model);
    /* Each side's lock: where the ankle goes and how the foot is turned, model space, per frame. */
    float(*lock)[2][3] = malloc(((size_t)n + 1) * sizeof *lock);
    versor(*turn)[2][2] = malloc(((size_t)n + 1) * sizeof *turn); /* foot, toes */
    float *need = malloc(((size_t)n + 1) * sizeof *need);         /* how far the pelvis comes down */
    if (!local || !model || !lock || !turn || !need) {
        free(local), free(model), free(lock), free(turn), free(need);
        return sa_error_set(err, "feet: out of memory");
    }
    mat4 *rest = model; /* the ankles' rest heights, for a target without a mesh */
    skeleton_local_to_model(t, r->target_rest_local, rest);
    float rest_ankle[2] = {rest[job->legs->joints[0][2]][3][1], rest[job->legs->joints[1][2]][3][1]};
    /* First pass: the clip's feet at every frame (the lock's source). */
    for (int f = 0; f < n; f++) {
        clip_sample(job->motion, job->times[f], NULL, local);
        skeleton_local_to_model(t, local, model);
        foot_mesh_skin(job->mesh, model);
        for (int side = 0; side < 2; side++) {
            int foot = job->legs->joints[side][2];
            glm_vec3_copy(model[foot][3], lock[f][side]);
            lock[f][side][1] = -sole_below_ankle(job->mesh, side, model, foot, rest_ankle[side]); /* sole at 0 */
            int toes = job->legs->joints[side][3];
            rotation_of(model[foot], turn[f][side][0]);
            rotation_of(model[toes >= 0 ? toes : foot], turn[f][side][1]);
        }
    }
    bool ok = true;
    for (int pass = 0; ok && pass < 2; pass++) {
        if (pass == 1)
            ease_pelvis(need, n, job->times);
        for (int f = 0; ok && f < n; f++) {
            clip_sample(job->motion, job->times[f], NULL, local);
            skeleton_local_to_model(t, local, model);
            foot_mesh_skin(job->mesh, model);
            vec3 target[2];
            bool moved[2] = {false, false}; /* the ankle's target is not where the clip has it */
            versor foot_turn[2][2];         /* foot, toes */
            for (int side = 0; side < 2; side++) {
                int foot = job->legs->joints[side][2], start;
                float w = lock_weight(job->contacts->in_contact[side], n, f, &start);
                int toes = job->legs->joints[side][3];
                rotation_of(model[foot], foot_turn[side][0]);
                rotation_of(model[toes >= 0 ? toes : foot], foot_turn[side][1]);
                glm_vec3_copy(model[foot][3], target[side]);
                float below = sole_below_ankle(job->mesh, side, model, foot, rest_ankle[side]);
                if (target[side][1] + below < 0.0f) /* a swinging sole under the ground: onto it */
                    target[side][1] = -below, moved[side] = true;
                if (start >= 0) {
                    moved[side] = true;
                    glm_vec3_lerp(target[side], lock[start][side], w, target[side]);
                    glm_quat_slerp(foot_turn[side][0], turn[start][side][0], w, foot_turn[side][0]);
                    glm_quat_slerp(foot_turn[side][1], turn[start][side][1], w, foot_turn[side][1]);
                }
            }
            /* The pelvis down (model space) as far as the farther hip needs to reach its ankle. */
            float down = 0.0f;
            for (int side = 0; side < 2; side++) {
                const int *j = job->legs->joints[side];
                float upper = glm_vec3_distance(model[j[0]][3], model[j[1]][3]);
                float lower = glm_vec3_distance(model[j[1]][3], model[j[2]][3]);
                float reach = 0.995f * (upper + lower), *hip = model[j[0]][3];
                float dx = target[side][0] - hip[0], dz = target[side][2] - hip[2];
                float flat = dx * dx + dz * dz;
                if (flat < reach * reach) {
                    float dy = hip[1] - target[side][1], need = dy - sqrtf(reach * reach - flat);
                    down = fmaxf(down, need);
                }
            }
            if (pass == 0) {
                need[f] = down;
                continue;
            }
            down = need[f];
            if (down > 0.0f) {
                int parent = t->parent[root];
                vec3 step = {0.0f, -down, 0.0f};
                if (parent >= 0) {
                    mat4 inv;
                    glm_mat4_inv(model[parent], inv);
                    glm_mat4_mulv3(inv, step, 0.0f, step);
                }
                glm_vec3_add(local[root].translation, step, local[root].translation);
                skeleton_local_to_model(t, local, model);
            }
            for (int side = 0; ok && side < 2; side++) {
                const int *j = job->legs->joints[side];
                /* The pole: the knee's side of the hip-ankle line as the clip
                 * bends it, plus 2 cm the way the foot points, which steadies
                 * it when the leg is nearly straight (the knee's side then
                 * swings from frame to frame). */
                vec3 mid, pole, forward;
                glm_vec3_center(model[j[0]][3], model[j[2]][3], mid);
                glm_vec3_sub(model[j[1]][3], mid, pole);
                glm_vec3_sub(model[j[3] >= 0 ? j[3] : j[2]][3], model[j[2]][3], forward);
                forward[1] = 0.0f;
                if (glm_vec3_norm(forward) > 1e-6f) {
                    glm_vec3_scale_as(forward, 0.02f, forward);
                    glm_vec3_add(pole, forward, pole);
                }
                /* Solved where the target moved (the clip's leg as it is
                 * elsewhere); then any vertex of the foot still under the
                 * ground (those near the ankle, bound partly to the shin,
                 * follow its turn) lifts the target by as much, and again. */
                bool solve = moved[side] || down > 0.0f;
                for (int tries = 0; ok && tries < 3; tries++) {
                    if (solve && glm_vec3_norm(pole) > 1e-6f) {
                        ik_two_bone_job ik = {t, local, {j[0], j[1], j[2]}, {0}, {0}, 1.0f, 0.0f, NULL, NULL};
                        glm_vec3_copy(target[side], ik.target);
                        glm_vec3_copy(pole, ik.pole);
                        ok = ik_two_bone_run(&ik, err);
                        turn_feet(t, local, model, j, foot_turn[side]);
                    }
                    skeleton_local_to_model(t, local, model);
                    foot_mesh_skin(job->mesh, model);
                    float low = lowest_vertex(job->mesh, side);
                    if (!(low < 0.0f))
                        break;
                    target[side][1] -= low;
                    solve = true;
                }
            }
            /* the keys back into the clip */
            for (int side = 0; ok && side < 2; side++)
                for (int i = 0; i < 4 && job->legs->joints[side][i] >= 0; i++) {
                    float *key = key_of(job->motion, job->legs->joints[side][i], TRACK_ROTATION, f);
                    if (key)
                        glm_quat_copy(local[job->legs->joints[side][i]].rotation, key);
                }
            float *key = key_of(job->motion, root, TRACK_TRANSLATION, f);
            if (ok && key)
                glm_vec3_copy(local[root].translation, key);
        }
    }
    free(local), free(model), free(lock), free(turn), free(need);
    return ok;
}
/* [/listing] */
