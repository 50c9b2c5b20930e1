/* foot_mesh.c: the feet as the skinned mesh has them (see foot_mesh.h). */
#include "foot_mesh.h"

#include "chapters/05_inverse_bind/bind.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void side_free(foot_mesh_side *f)
{
    free(f->bind_positions), free(f->bind_normals), free(f->joints), free(f->weights);
    free(f->positions), free(f->normals);
    memset(f, 0, sizeof *f);
}

void foot_mesh_free(foot_mesh *m)
{
    for (int side = 0; side < 2; side++)
        side_free(&m->side[side]);
    free(m->joint_of_skin_joint), free(m->joint_from_model_bind), free(m->skin_matrix);
    memset(m, 0, sizeof *m);
}

bool foot_mesh_has_feet(const foot_mesh *m)
{
    return m->side[0].vertex_count > 0 && m->side[1].vertex_count > 0;
}

/* The skin joint of the skins' skeleton joint that is node `node`, or -1. */
static int skin_joint_of_node(const skeleton *skins, int skin, int node)
{
    const skeleton_skin *k = &skins->skins[skin];
    for (int i = 0; i < k->joint_count; i++)
        if (skins->node_of_joint[k->joint_of_skin_joint[i]] == node)
            return i;
    return -1;
}

/* A primitive's cleaned joint index (u8 or u16) */
static int influence_joint(const skin_influences *inf, size_t v, int i)
{
    return inf->joints_u8 ? inf->joints_u8[v][i] : inf->joints_u16[v][i];
}

/* [listing foot_mesh_gather] */
/* A vertex is side's when its weights on the side's foot and toes sum to at least 1/2. */
static float foot_weight(const skin_influences *inf, size_t v, const int joints[2])
{
    float w = 0;
    for (int i = 0; i < SKIN_INFLUENCES; i++) {
        int j = influence_joint(inf, v, i);
        if (j == joints[0] || j == joints[1])
            w += inf->weights[v][i];
    }
    return w;
}
/* [/listing] */

static bool gather_side(foot_mesh *m, foot_mesh_side *f, const skin_scene *sc, int skin, const int joints[2],
                        sa_error *err)
{
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++) {
        size_t k = 0;
        for (int p = 0; p < sc->primitive_count; p++) {
            const skinned_primitive *sp = &sc->primitives[p];
            if (sp->skin != skin)
                continue;
            for (size_t v = 0; v < sp->influences.vertex_count; v++) {
                if (foot_weight(&sp->influences, v, joints) < 0.5f)
                    continue;
                if (pass == 1) {
                    memcpy(f->bind_positions[k], sp->job.positions[v], sizeof f->bind_positions[k]);
                    memcpy(f->bind_normals[k], sp->job.normals[v], sizeof f->bind_normals[k]);
                    for (int i = 0; i < SKIN_INFLUENCES; i++)
                        f->joints[k][i] = (uint16_t)influence_joint(&sp->influences, v, i);
                    memcpy(f->weights[k], sp->influences.weights[v], sizeof f->weights[k]);
                }
                k++;
            }
        }
        n = k;
        if (n == 0)
            return true;
        if (pass == 0) {
            f->bind_positions = malloc(n * sizeof *f->bind_positions);
            f->bind_normals = malloc(n * sizeof *f->bind_normals);
            f->joints = malloc(n * sizeof *f->joints);
            f->weights = malloc(n * sizeof *f->weights);
            f->positions = malloc(n * sizeof *f->positions);
            f->normals = malloc(n * sizeof *f->normals);
            if (!f->bind_positions || !f->bind_normals || !f->joints || !f->weights || !f->positions || !f->normals)
                return sa_error_set(err, "foot mesh: out of memory");
        }
    }
    f->vertex_count = n;
    f->skin_joints[0] = joints[0], f->skin_joints[1] = joints[1];
    skinning_job *job = &f->job;
    memset(job, 0, sizeof *job);
    job->vertex_count = n;
    job->joint_count = m->skin_joint_count;
    job->skin_matrix = m->skin_matrix;
    job->joints_u16 = (const uint16_t(*)[4])f->joints;
    job->weights = (const float(*)[4])f->weights;
    job->positions = (const float(*)[3])f->bind_positions;
    job->normals = (const float(*)[3])f->bind_normals;
    job->out_positions = f->positions;
    job->out_normals = f->normals;
    return skinning_job_validate(job, err);
}

static void swap_entries(void *a, void *b, size_t size)
{
    unsigned char t[16];
    memcpy(t, a, size), memcpy(a, b, size), memcpy(b, t, size);
}

/* The sole's vertices first: those within FOOT_SOLE_HEIGHT of the ground
 * in the rest pose (positions holds the rest pose) and bound to the foot
 * and toes by at least FOOT_SOLE_RIGID, counted in sole_count. */
static void sole_first(foot_mesh_side *f, float ground)
{
    size_t k = 0;
    for (size_t v = 0; v < f->vertex_count; v++) {
        float rigid = 0;
        for (int i = 0; i < SKIN_INFLUENCES; i++)
            if (f->joints[v][i] == f->skin_joints[0] || f->joints[v][i] == f->skin_joints[1])
                rigid += f->weights[v][i];
        if (!(f->positions[v][1] <= ground + FOOT_SOLE_HEIGHT) || !(rigid >= FOOT_SOLE_RIGID))
            continue;
        swap_entries(f->bind_positions[k], f->bind_positions[v], sizeof f->bind_positions[k]);
        swap_entries(f->bind_normals[k], f->bind_normals[v], sizeof f->bind_normals[k]);
        swap_entries(f->joints[k], f->joints[v], sizeof f->joints[k]);
        swap_entries(f->weights[k], f->weights[v], sizeof f->weights[k]);
        swap_entries(f->positions[k], f->positions[v], sizeof f->positions[k]);
        k++;
    }
    f->sole_count = k;
}

bool foot_mesh_init(foot_mesh *m, const skin_scene *sc, const skeleton *skins, const skeleton *s, sa_error *err)
{
    static const char *const names[2][2] = {{"left_foot", "left_toes"}, {"right_foot", "right_toes"}};
    int feet[2][2];
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 2; i++)
            feet[side][i] = skeleton_find(s, names[side][i]);
    return foot_mesh_init_joints(m, sc, skins, s, feet, err);
}

bool foot_mesh_init_joints(foot_mesh *m, const skin_scene *sc, const skeleton *skins, const skeleton *s, int feet[2][2],
                           sa_error *err)
{
    memset(m, 0, sizeof *m);
    int node[2][2];
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 2; i++) {
            int j = feet[side][i];
            node[side][i] = j >= 0 && j < s->joint_count && s->node_of_joint ? s->node_of_joint[j] : -1;
        }
    if (node[0][0] < 0 || node[1][0] < 0)
        return true; /* no feet: an empty foot mesh */
    int skin = -1, joints[2][2] = {{-1, -1}, {-1, -1}};
    for (int k = 0; k < skins->skin_count && skin < 0; k++)
        if (skin_joint_of_node(skins, k, node[0][0]) >= 0)
            skin = k;
    if (skin < 0)
        return true;
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 2; i++)
            joints[side][i] = node[side][i] < 0 ? -1 : skin_joint_of_node(skins, skin, node[side][i]);
    int count = skins->skins[skin].joint_count;
    m->skin_joint_count = count;
    m->joint_of_skin_joint = malloc((size_t)count * sizeof *m->joint_of_skin_joint);
    m->joint_from_model_bind = malloc((size_t)count * sizeof *m->joint_from_model_bind);
    m->skin_matrix = malloc((size_t)count * sizeof *m->skin_matrix);
    if (!m->joint_of_skin_joint || !m->joint_from_model_bind || !m->skin_matrix) {
        foot_mesh_free(m);
        return sa_error_set(err, "foot mesh: out of memory");
    }
    memcpy(m->joint_from_model_bind, sc->joint_from_model_bind[skin], (size_t)count * sizeof *m->skin_matrix);
    for (int k = 0; k < count; k++) { /* skin joint -> node -> joint of s */
        int n = skins->node_of_joint[skins->skins[skin].joint_of_skin_joint[k]];
        int j = n >= 0 && n < s->node_count ? s->joint_of_node[n] : -1;
        if (j < 0) {
            foot_mesh_free(m);
            return sa_error_set(err, "foot mesh: skin %d's joint %d (node %d) is not a joint of the skeleton", skin, k,
                                n);
        }
        m->joint_of_skin_joint[k] = j;
    }
    for (int side = 0; side < 2; side++)
        if (!gather_side(m, &m->side[side], sc, skin, joints[side], err)) {
            foot_mesh_free(m);
            return false;
        }
    if (!foot_mesh_has_feet(m)) {
        foot_mesh_free(m);
        return true;
    }
    /* the ground: the rest pose's lowest foot vertex */
    mat4 *model = malloc((size_t)s->joint_count * sizeof *model);
    if (!model) {
        foot_mesh_free(m);
        return sa_error_set(err, "foot mesh: out of memory");
    }
    skeleton_local_to_model(s, s->rest_local, model);
    foot_mesh_skin(m, model);
    free(model);
    m->ground = INFINITY;
    for (int side = 0; side < 2; side++)
        for (size_t v = 0; v < m->side[side].vertex_count; v++)
            m->ground = fminf(m->ground, m->side[side].positions[v][1]);
    for (int side = 0; side < 2; side++)
        sole_first(&m->side[side], m->ground);
    return true;
}

/* [listing foot_mesh_skin] */
void foot_mesh_skin(foot_mesh *m, mat4 *model_from_joint)
{
    if (!foot_mesh_has_feet(m))
        return;
    /* chapter 05's skin matrices, over the joints the clips move */
    skin_matrices(m->skin_joint_count, m->joint_of_skin_joint, model_from_joint, m->joint_from_model_bind,
                  m->skin_matrix);
    for (int side = 0; side < 2; side++)
        skinning_job_run(&m->side[side].job); /* chapter 06's job */
}
/* [/listing] */

bool foot_meter_init(foot_meter *fm, size_t capacity, sa_error *err)
{
    memset(fm, 0, sizeof *fm);
    fm->capacity = capacity < 2 ? 2 : capacity;
    fm->min_forward_speed = INFINITY;
    fm->last[0] = malloc(fm->capacity * sizeof *fm->last[0]);
    fm->last[1] = malloc(fm->capacity * sizeof *fm->last[1]);
    fm->world = malloc(fm->capacity * sizeof *fm->world);
    if (!fm->last[0] || !fm->last[1] || !fm->world) {
        foot_meter_free(fm);
        return sa_error_set(err, "foot check: out of memory");
    }
    return true;
}

void foot_meter_free(foot_meter *fm)
{
    free(fm->last[0]), free(fm->last[1]), free(fm->world);
    fm->last[0] = fm->last[1] = NULL, fm->world = NULL;
}

/* [listing foot_meter_add] */
void foot_meter_add(foot_meter *fm, gait_side side, const float (*world)[3], size_t count, size_t sole_count,
                    const float forward[3], double dt, foot_depth_fn *depth, const void *context)
{
    count = count < fm->capacity ? count : fm->capacity;
    bool moved = dt > 0 && fm->count[side] == count;
    for (size_t i = 0; i < count; i++) {
        const float *p = world[i], *q = fm->last[side][i];
        fm->max_penetration = fmax(fm->max_penetration, depth(context, p));
        if (moved && i < sole_count) { /* along the facing: a sole never moves backwards */
            double along = (p[0] - q[0]) * forward[0] + (p[1] - q[1]) * forward[1] + (p[2] - q[2]) * forward[2];
            fm->min_forward_speed = fmin(fm->min_forward_speed, along / dt);
        }
    }
    memcpy(fm->last[side], world, count * sizeof *world);
    fm->count[side] = count;
}
/* [/listing] */

size_t foot_mesh_world_points(const foot_mesh *m, const gait *g, gait_side side, mat4 world_from_model,
                              mat4 model_from_foot, foot_meter *fm, size_t *sole_count)
{
    if (!m || !foot_mesh_has_feet(m)) {
        float heel[3], ball[3];
        gait_sole_points(g, side, model_from_foot, heel, ball);
        glm_mat4_mulv3(world_from_model, heel, 1, fm->world[0]);
        glm_mat4_mulv3(world_from_model, ball, 1, fm->world[1]);
        return *sole_count = 2;
    }
    const foot_mesh_side *f = &m->side[side];
    size_t n = f->vertex_count < fm->capacity ? f->vertex_count : fm->capacity;
    *sole_count = f->sole_count < n ? f->sole_count : n;
    for (size_t v = 0; v < n; v++)
        glm_mat4_mulv3(world_from_model, f->positions[v], 1, fm->world[v]);
    return n;
}

/* side's vertex v: its weight on the foot (0) or the toes (1): foot_weight's, one joint */
static float weight_on(const foot_mesh_side *f, size_t v, int which)
{
    float w = 0;
    for (int i = 0; i < SKIN_INFLUENCES; i++)
        if (f->joints[v][i] == f->skin_joints[which])
            w += f->weights[v][i];
    return w;
}

/* [listing foot_mesh_soles] */
bool foot_mesh_soles(foot_mesh *m, const skeleton *s, float heel_pitch, gait_soles *out)
{
    static const char *const names[2][2] = {{"left_foot", "left_toes"}, {"right_foot", "right_toes"}};
    /* [elide the rest pose skinned, into model[]] */
    mat4 *model = foot_mesh_has_feet(m) ? malloc((size_t)s->joint_count * sizeof *model) : NULL;
    if (!model)
        return false;
    skeleton_local_to_model(s, s->rest_local, model);
    foot_mesh_skin(m, model); /* the rest pose */
    /* [/elide] */
    float c = cosf(heel_pitch), sn = sinf(heel_pitch);
    for (int side = 0; side < 2; side++) {
        const foot_mesh_side *f = &m->side[side];
        int foot = skeleton_find(s, names[side][0]), toes = skeleton_find(s, names[side][1]);
        const float *ankle = model[foot][3], *joint = toes >= 0 ? model[toes][3] : ankle;
        /* the heel: behind the ankle, the lowest once the foot is turned toes
         * up by heel_pitch about the ankle (a point d behind goes d sin down) */
        float heel_low = INFINITY, low = INFINITY, ball_low = INFINITY, tip = joint[2];
        vec3 heel = {ankle[0], 0, ankle[2]}, ball = {joint[0], 0, joint[2]};
        for (size_t v = 0; v < f->vertex_count; v++) {
            const float *p = f->positions[v];
            float behind = ankle[2] - p[2], turned = (p[1] - ankle[1]) * c - behind * sn;
            if (behind > 0 && turned < heel_low)
                heel_low = turned, heel[1] = p[1], heel[2] = p[2];
            low = fminf(low, p[1]);
        }
        /* the ball: the front of the sole the foot carries (its vertices on
         * the ground bound at least half as much to the foot as to the toes),
         * as low as the lowest vertex under the toes joint; the toes' tip:
         * the furthest forward of the vertices bound mostly to the toes */
        for (size_t v = 0; v < f->vertex_count; v++) {
            const float *p = f->positions[v];
            if (fabsf(p[2] - joint[2]) <= 0.01f)
                ball_low = fminf(ball_low, p[1]);
            if (toes >= 0 && weight_on(f, v, 1) >= 0.5f)
                tip = fmaxf(tip, p[2]);
            if (toes >= 0 && p[1] <= low + 0.001f && 2 * weight_on(f, v, 0) >= weight_on(f, v, 1))
                ball[2] = fmaxf(ball[2], p[2]);
        }
        ball[1] = isfinite(ball_low) ? ball_low : low;
        out->toe_reach[side] = toes >= 0 ? tip - joint[2] : 0;
        /* [elide the heel's back (its rearmost vertex) behind the pivot; both pivots into the foot's frame] */
        if (!isfinite(heel_low)) {
            free(model);
            return false;
        }
        float back = heel[2];
        for (size_t v = 0; v < f->vertex_count; v++)
            back = fminf(back, f->positions[v][2]);
        out->heel_back[side] = heel[2] - back;
        mat4 foot_from_model;
        glm_mat4_inv(model[foot], foot_from_model);
        glm_mat4_mulv3(foot_from_model, heel, 1, out->heel_in_foot[side]);
        glm_mat4_mulv3(foot_from_model, ball, 1, out->ball_in_foot[side]);
        /* [/elide] */
    }
    free(model);
    return true;
}
/* [/listing] */
