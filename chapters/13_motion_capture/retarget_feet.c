/* retarget_feet.c: contacts from the source, the target's feet locked and its
 * legs solved by chapter 11's two-bone IK (retarget_feet.h). */
#include "retarget_feet.h"

#include "chapters/11_ik/ik.h"
#include "chapters/11_ik/ik_chain.h"

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

/* The shin turned about its own length as it was at the contact's first
 * frame (held: its model rotation then): the IK places the knee and the
 * ankle, which leave that twist free, and the clip twists the shin as the
 * actor's body turns over a planted foot; a sole vertex bound partly to the
 * shin would swing with it. The held rotation carried onto today's shin
 * direction by the smallest rotation keeps the twist and the knee and ankle
 * where the IK put them. */
static void hold_shin_twist(const skeleton *t, transform *local, mat4 *model, const int *j, const versor held)
{
    vec3 was = {0}, now;
    versor carry, shin, parent, inv;
    glm_vec3_copy(local[j[2]].translation, was); /* the ankle in the shin's frame: then, in model space */
    glm_quat_rotatev((float *)held, was, was);
    glm_vec3_sub(model[j[2]][3], model[j[1]][3], now);
    ik_rotation_between(was, now, carry);
    glm_quat_mul(carry, (float *)held, shin);
    rotation_of(model[t->parent[j[1]]], parent);
    glm_quat_inv(parent, inv);
    glm_quat_mul(inv, shin, local[j[1]].rotation);
    glm_quat_normalize(local[j[1]].rotation);
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

/* Solves the 6 x 6 system m (its last column the right-hand side) by
 * Gaussian elimination with partial pivoting; a zero pivot leaves that
 * number 0. */
static void solve6(double m[6][7], float x[6])
{
    for (int c = 0; c < 6; c++) {
        int p = c;
        for (int r = c + 1; r < 6; r++)
            if (fabs(m[r][c]) > fabs(m[p][c]))
                p = r;
        for (int k = 0; k < 7; k++) {
            double t = m[c][k];
            m[c][k] = m[p][k], m[p][k] = t;
        }
        for (int r = c + 1; r < 6 && m[c][c] != 0.0; r++) {
            double f = m[r][c] / m[c][c];
            for (int k = c; k < 7; k++)
                m[r][k] -= f * m[c][k];
        }
    }
    for (int c = 5; c >= 0; c--) {
        double v = m[c][6];
        for (int k = c + 1; k < 6; k++)
            v -= m[c][k] * x[k];
        x[c] = m[c][c] != 0.0 ? (float)(v / m[c][c]) : 0.0f;
    }
}

/* Gauss-Newton's rounds in hold_sole. */
#define HOLD_ROUNDS 6

/* A contact's hold of one side's sole: the leg, the shin's turn held from
 * the contact's first frame, and where the sole's vertices were then
 * (model space). */
typedef struct sole_hold {
    const skeleton *t;
    transform *local; /* in and out: the pose */
    mat4 *model;      /* scratch: its model matrices */
    const int *j;     /* thigh, shin, foot, toes (-1 none) */
    foot_mesh *mesh;
    int side;
    vec3 pole;              /* the knee's side, this frame's */
    versor shin;            /* the shin's model rotation then */
    const float (*held)[3]; /* [sole_count]: the sole then */
    versor start[4];        /* hold_sole's: the leg's local rotations before it, where each try starts */
} sole_hold;

/* The leg placed for an ankle target and the foot's and toes' turns (model
 * space) and the feet skinned: chapter 11's two-bone IK, the shin's twist
 * held, the foot and toes turned. */
static bool place_foot(sole_hold *h, const vec3 ankle, versor turn[2], sa_error *err)
{
    const int *j = h->j;
    for (int i = 0; i < 4 && j[i] >= 0; i++)
        glm_quat_copy(h->start[i], h->local[j[i]].rotation);
    ik_two_bone_job ik = {h->t, h->local, {j[0], j[1], j[2]}, {0}, {0}, 1.0f, 0.0f, NULL, NULL};
    glm_vec3_copy((float *)ankle, ik.target);
    glm_vec3_copy(h->pole, ik.pole);
    if (!ik_two_bone_run(&ik, err))
        return false;
    skeleton_local_to_model(h->t, h->local, h->model);
    hold_shin_twist(h->t, h->local, h->model, j, h->shin);
    turn_feet(h->t, h->local, h->model, j, turn);
    skeleton_local_to_model(h->t, h->local, h->model);
    foot_mesh_skin(h->mesh, h->model);
    return true;
}

/* The foot's six numbers x applied: the ankle's target moved by x[0..2],
 * the foot and toes turned by the rotation vector x[3..5] (model space). */
static void nudge_foot(const float x[6], vec3 ankle, versor turn[2])
{
    vec3 w = {x[3], x[4], x[5]};
    glm_vec3_add(ankle, (float *)x, ankle);
    if (glm_vec3_norm(w) > 0.0f) {
        versor d;
        glm_quatv(d, glm_vec3_norm(w), w);
        glm_quat_mul(d, turn[0], turn[0]), glm_quat_mul(d, turn[1], turn[1]);
    }
}

/* How the skinned sole moves with each of the six numbers, by finite
 * differences from `now` (where it is for ankle and turn): column k of
 * jac ([6][n], n = 3 * sole_count). */
static bool sole_columns(sole_hold *h, const vec3 ankle, versor turn[2], const float *now, float *jac, sa_error *err)
{
    size_t n = 3 * h->mesh->side[h->side].sole_count;
    const float *sole = &h->mesh->side[h->side].positions[0][0];
    const float step[6] = {1e-4f, 1e-4f, 1e-4f, 1e-3f, 1e-3f, 1e-3f}; /* m, radians */
    for (int k = 0; k < 6; k++) {
        float x[6] = {0};
        x[k] = step[k];
        vec3 a;
        versor tr[2];
        glm_vec3_copy((float *)ankle, a), glm_quat_copy(turn[0], tr[0]), glm_quat_copy(turn[1], tr[1]);
        nudge_foot(x, a, tr);
        if (!place_foot(h, a, tr, err))
            return false;
        for (size_t i = 0; i < n; i++)
            jac[(size_t)k * n + i] = (sole[i] - now[i]) / step[k];
    }
    return true;
}

/* Lawson's reweighting: each vertex's weight times how far it still is
 * from where it was held (then scaled to a mean of 1), so that the next
 * least squares leans on the worst ones. */
static void reweight(const float *now, const float *held, float *weight, size_t count)
{
    float sum = 0.0f;
    for (size_t v = 0; v < count; v++) {
        vec3 d;
        glm_vec3_sub((float *)&now[3 * v], (float *)&held[3 * v], d);
        weight[v] *= glm_vec3_norm(d) + 1e-7f;
        sum += weight[v];
    }
    for (size_t v = 0; v < count; v++)
        weight[v] *= (float)count / sum;
}

/* The weighted least squares' step x of the six numbers: the normal
 * equations (J^T W J + a little) x = -J^T W (now - held), J the columns
 * of jac ([6][n]), W each vertex's weight (its three rows alike). */
static void least_squares_step(const float *jac, const float *weight, const float *now, const float *held, size_t n,
                               float x[6])
{
    double m[6][7] = {{0}};
    for (int r = 0; r < 6; r++) {
        for (size_t i = 0; i < n; i++) {
            double wj = (double)weight[i / 3] * jac[(size_t)r * n + i];
            for (int c = 0; c < 6; c++)
                m[r][c] += wj * jac[(size_t)c * n + i];
            m[r][6] -= wj * (now[i] - held[i]);
        }
        m[r][r] += 1e-6 * (double)n; /* solvable where the sole cannot tell two numbers apart */
    }
    solve6(m, x);
}

/* [listing hold_sole] */
/* The foot's six numbers (nudge_foot) that keep the sole, as skinned,
 * nearest to where it was held. A vertex bound partly to the shin moves
 * with the shin, and the shin with the ankle (the IK), so the sole is not
 * a rigid body but a function of the six numbers through the IK and the
 * skinning: Gauss-Newton, its derivatives by finite differences (taken
 * once a frame: the rounds move the foot by a millimetre or less). The slide
 * is judged on the worst vertex, not the mean, so each round's least
 * squares is reweighted by Lawson's rule toward the fit whose farthest
 * vertex is nearest. jac: scratch, [8][3 * sole_count]. */
static bool hold_sole(sole_hold *h, vec3 ankle, versor turn[2], float *jac, sa_error *err)
{
    size_t n = 3 * h->mesh->side[h->side].sole_count;
    const float *held = &h->held[0][0];
    float *now = jac + 6 * n, *weight = jac + 7 * n; /* the sole before a step; each vertex's weight */
    /* [elide the leg's rotations kept, every weight 1] */
    for (int i = 0; i < 4 && h->j[i] >= 0; i++)
        glm_quat_copy(h->local[h->j[i]].rotation, h->start[i]);
    for (size_t v = 0; v < n / 3; v++)
        weight[v] = 1.0f;
    /* [/elide] */
    for (int round = 0; round < HOLD_ROUNDS; round++) {
        if (!place_foot(h, ankle, turn, err))
            return false;
        memcpy(now, &h->mesh->side[h->side].positions[0][0], n * sizeof *now);
        if (round > 0)
            reweight(now, held, weight, n / 3);
        if (round == 0 && !sole_columns(h, ankle, turn, now, jac, err)) /* once: it changes little */
            return false;
        float x[6];
        least_squares_step(jac, weight, now, held, n, x);
        nudge_foot(x, ankle, turn);
    }
    if (!place_foot(h, ankle, turn, err))
        return false;
    /* Then up where a vertex of the foot went under the ground (one near the
     * ankle, bound partly to the shin, as the shin leans): no slide. */
    for (int tries = 0; tries < 3 && lowest_vertex(h->mesh, h->side) < 0.0f; tries++) {
        ankle[1] -= lowest_vertex(h->mesh, h->side);
        if (!place_foot(h, ankle, turn, err))
            return false;
    }
    return true;
}
/* [/listing] */

/* Moves the root by `step` (model space) and the pose's model matrices
 * with it. */
static void move_root(const skeleton *t, transform *local, mat4 *model, int root, vec3 step)
{
    vec3 in_parent;
    glm_vec3_copy(step, in_parent);
    if (t->parent[root] >= 0) {
        mat4 inv;
        glm_mat4_inv(model[t->parent[root]], inv);
        glm_mat4_mulv3(inv, step, 0.0f, in_parent);
    }
    glm_vec3_add(local[root].translation, in_parent, local[root].translation);
    skeleton_local_to_model(t, local, model);
}

/* The hips' paths smoothed: each frame the mean of the frames within
 * RETARGET_HIP_SMOOTH seconds, weighted down linearly with the time away. A
 * capture's hips shake from frame to frame (01_03's right hip by 1 to 2 cm
 * at 120 Hz); over a held foot that shakes the leg, and a sole vertex bound
 * partly to the shin with it. */
static void smooth_hips(float (*hip)[2][3], float (*out)[2][3], int n, const float *times)
{
    for (int f = 0; f < n; f++)
        for (int side = 0; side < 2; side++) {
            vec3 sum = {0};
            float weights = 0.0f;
            for (int g = f; g >= 0 && times[f] - times[g] < RETARGET_HIP_SMOOTH; g--) {
                float w = 1.0f - (times[f] - times[g]) / RETARGET_HIP_SMOOTH;
                glm_vec3_muladds(hip[g][side], w, sum), weights += w;
            }
            for (int g = f + 1; g < n && times[g] - times[f] < RETARGET_HIP_SMOOTH; g++) {
                float w = 1.0f - (times[g] - times[f]) / RETARGET_HIP_SMOOTH;
                glm_vec3_muladds(hip[g][side], w, sum), weights += w;
            }
            glm_vec3_divs(sum, weights, out[f][side]);
        }
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
    float(*hip)[2][3] = malloc(((size_t)n + 1) * sizeof *hip);    /* the clip's hips, model space */
    float(*hip_smooth)[2][3] = malloc(((size_t)n + 1) * sizeof *hip_smooth);
    /* Each side's sole as skinned at its contact's first frame (held_from). */
    float(*held[2])[3] = {malloc((job->mesh->side[0].sole_count + 1) * sizeof *held[0]),
                          malloc((job->mesh->side[1].sole_count + 1) * sizeof *held[1])};
    int held_from[2] = {-1, -1};
    size_t most = job->mesh->side[0].sole_count > job->mesh->side[1].sole_count ? job->mesh->side[0].sole_count
                                                                                : job->mesh->side[1].sole_count;
    float *jac = malloc((8 * 3 * most + 1) * sizeof *jac); /* hold_sole's scratch */
    versor shin_held[2];                                   /* the shin's model rotation then */
    if (!local || !model || !lock || !turn || !need || !held[0] || !held[1] || !jac || !hip || !hip_smooth) {
        free(local), free(model), free(lock), free(turn), free(need), free(held[0]), free(held[1]), free(jac);
        free(hip), free(hip_smooth);
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
            glm_vec3_copy(model[job->legs->joints[side][0]][3], hip[f][side]);
        }
    }
    smooth_hips(hip, hip_smooth, n, job->times);
    bool ok = true;
    for (int pass = 0; ok && pass < 2; pass++) {
        if (pass == 1)
            ease_pelvis(need, n, job->times);
        for (int f = 0; ok && f < n; f++) {
            clip_sample(job->motion, job->times[f], NULL, local);
            skeleton_local_to_model(t, local, model);
            /* A held foot's hip on its smoothed path: the root moved by as
             * much (both feet held: by the mean). */
            vec3 calm = {0};
            float held_feet = 0.0f;
            for (int side = 0; side < 2; side++) {
                int start;
                float w = lock_weight(job->contacts->in_contact[side], n, f, &start);
                vec3 d;
                glm_vec3_sub(hip_smooth[f][side], hip[f][side], d);
                glm_vec3_muladds(d, w, calm);
                held_feet += w;
            }
            if (held_feet > 0.0f) {
                glm_vec3_scale(calm, 1.0f / fmaxf(1.0f, held_feet), calm);
                move_root(t, local, model, root, calm);
            }
            foot_mesh_skin(job->mesh, model);
            vec3 target[2];
            bool moved[2] = {false, false}; /* the ankle's target is not where the clip has it */
            versor foot_turn[2][2];         /* foot, toes */
            int starts[2];                  /* each side's contact's first frame, -1 none near */
            for (int side = 0; side < 2; side++) {
                int foot = job->legs->joints[side][2], start;
                float w = lock_weight(job->contacts->in_contact[side], n, f, &start);
                starts[side] = start;
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
                vec3 step = {0.0f, -down, 0.0f};
                move_root(t, local, model, root, step);
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
                /* In a contact the sole as skinned stays where it was at
                 * the contact's first frame (hold_sole), not the foot joint
                 * alone. */
                bool holding = pass == 1 && job->contacts->in_contact[side][f] && foot_mesh_has_feet(job->mesh);
                if (holding && held_from[side] != starts[side]) { /* the first frame: what is held */
                    const foot_mesh_side *m = &job->mesh->side[side];
                    memcpy(held[side], m->positions, m->sole_count * sizeof *held[side]);
                    rotation_of(model[j[1]], shin_held[side]);
                    held_from[side] = starts[side];
                } else if (holding && ok) {
                    sole_hold h = {t, local, model, j, job->mesh, side, {0}, {0}, (const float(*)[3])held[side], {{0}}};
                    glm_vec3_copy(pole, h.pole);
                    glm_quat_copy(shin_held[side], h.shin);
                    ok = hold_sole(&h, target[side], foot_turn[side], jac, err);
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
    free(local), free(model), free(lock), free(turn), free(need), free(held[0]), free(held[1]), free(jac);
    free(hip), free(hip_smooth);
    return ok;
}
/* [/listing] */
