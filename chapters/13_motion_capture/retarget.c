/* retarget.c: the joint map, the rig and the retargeting job (retarget.h). */
#include "retarget.h"

#include "common/files.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --- naming schemes ----------------------------------------------------------- */

/* The humanoid bones every scheme is read into: VRM's humanoid bone names. */
enum { HUMANOID_BONES = 22 };
static const char *const humanoid_bone[HUMANOID_BONES] = {
    "hips",          "spine",         "chest",        "upperChest",   "neck",          "head",
    "leftShoulder",  "leftUpperArm",  "leftLowerArm", "leftHand",     "rightShoulder", "rightUpperArm",
    "rightLowerArm", "rightHand",     "leftUpperLeg", "leftLowerLeg", "leftFoot",      "leftToes",
    "rightUpperLeg", "rightLowerLeg", "rightFoot",    "rightToes",
};

/* Each scheme's name for each humanoid bone, in humanoid_bone's order ("" for
 * a bone it does not have). CMU's are 01_01.bvh's; Biovision's are
 * Boxing_Toes.bvh's (its LeftShoulder is CMU's LeftArm: a scheme is chosen
 * for a whole skeleton, never name by name). */
enum { SCHEMES = 5 };
static const char *const scheme_name[SCHEMES] = {"humanoid", "CMU", "Biovision", "Mixamo", "VRM"};
static const char *const scheme_bone[SCHEMES][HUMANOID_BONES] = {
    {"hips",          "spine_1",        "spine_2",      "spine_3",   "neck",           "head",
     "left_shoulder", "left_upper_arm", "left_forearm", "left_hand", "right_shoulder", "right_upper_arm",
     "right_forearm", "right_hand",     "left_thigh",   "left_shin", "left_foot",      "left_toes",
     "right_thigh",   "right_shin",     "right_foot",   "right_toes"},
    {"Hips",         "LowerBack", "Spine",       "Spine1",      "Neck",          "Head",
     "LeftShoulder", "LeftArm",   "LeftForeArm", "LeftHand",    "RightShoulder", "RightArm",
     "RightForeArm", "RightHand", "LeftUpLeg",   "LeftLeg",     "LeftFoot",      "LeftToeBase",
     "RightUpLeg",   "RightLeg",  "RightFoot",   "RightToeBase"},
    {"Hips",       "Ab",           "Chest",      "",          "Neck",        "Head",
     "LeftCollar", "LeftShoulder", "LeftElbow",  "LeftWrist", "RightCollar", "RightShoulder",
     "RightElbow", "RightWrist",   "LeftHip",    "LeftKnee",  "LeftAnkle",   "LeftToes",
     "RightHip",   "RightKnee",    "RightAnkle", "RightToes"},
    {"mixamorig:Hips",         "mixamorig:Spine",       "mixamorig:Spine1",        "mixamorig:Spine2",
     "mixamorig:Neck",         "mixamorig:Head",        "mixamorig:LeftShoulder",  "mixamorig:LeftArm",
     "mixamorig:LeftForeArm",  "mixamorig:LeftHand",    "mixamorig:RightShoulder", "mixamorig:RightArm",
     "mixamorig:RightForeArm", "mixamorig:RightHand",   "mixamorig:LeftUpLeg",     "mixamorig:LeftLeg",
     "mixamorig:LeftFoot",     "mixamorig:LeftToeBase", "mixamorig:RightUpLeg",    "mixamorig:RightLeg",
     "mixamorig:RightFoot",    "mixamorig:RightToeBase"},
    {"hips",          "spine",         "chest",        "upperChest",   "neck",          "head",
     "leftShoulder",  "leftUpperArm",  "leftLowerArm", "leftHand",     "rightShoulder", "rightUpperArm",
     "rightLowerArm", "rightHand",     "leftUpperLeg", "leftLowerLeg", "leftFoot",      "leftToes",
     "rightUpperLeg", "rightLowerLeg", "rightFoot",    "rightToes"},
};

const char *retarget_scheme_name(int scheme)
{
    return scheme >= 0 && scheme < SCHEMES ? scheme_name[scheme] : "none";
}

int retarget_scheme_of(const skeleton *s, int *matches)
{
    int best = -1, best_count = 0;
    for (int k = 0; k < SCHEMES; k++) {
        int count = 0;
        for (int b = 0; b < HUMANOID_BONES; b++)
            count += scheme_bone[k][b][0] && skeleton_find(s, scheme_bone[k][b]) >= 0;
        if (count > best_count)
            best = k, best_count = count;
    }
    if (matches)
        *matches = best_count;
    return best;
}

/* The joint that the skeleton's scheme gives humanoid bone b, or -1. */
static int scheme_joint(const skeleton *s, int scheme, int b)
{
    return scheme < 0 || !scheme_bone[scheme][b][0] ? -1 : skeleton_find(s, scheme_bone[scheme][b]);
}

int retarget_bone_joint(const skeleton *s, const char *bone)
{
    for (int b = 0; b < HUMANOID_BONES; b++)
        if (strcmp(humanoid_bone[b], bone) == 0)
            return scheme_joint(s, retarget_scheme_of(s, NULL), b);
    return -1;
}

void retarget_map_free(retarget_map *m)
{
    free(m->pairs);
    memset(m, 0, sizeof *m);
}

static int compare_pairs(const void *a, const void *b)
{
    const retarget_pair *p = a, *q = b;
    return (p->target > q->target) - (p->target < q->target);
}

bool retarget_map_by_name(const skeleton *source, const skeleton *target, retarget_map *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    int source_scheme = retarget_scheme_of(source, NULL), target_scheme = retarget_scheme_of(target, NULL);
    if (source_scheme < 0 || target_scheme < 0)
        return sa_error_set(err,
                            "the %s's joints are named in none of the schemes (%s, %s, %s, %s, %s): give --map FILE",
                            source_scheme < 0 ? "source" : "target", scheme_name[0], scheme_name[1], scheme_name[2],
                            scheme_name[3], scheme_name[4]);
    out->pairs = malloc(HUMANOID_BONES * sizeof *out->pairs);
    if (!out->pairs)
        return sa_error_set(err, "out of memory");
    for (int b = 0; b < HUMANOID_BONES; b++) {
        retarget_pair p = {scheme_joint(source, source_scheme, b), scheme_joint(target, target_scheme, b)};
        if (p.source >= 0 && p.target >= 0)
            out->pairs[out->pair_count++] = p;
        else if (b == 0) {
            retarget_map_free(out);
            return sa_error_set(err, "the hips pair nothing (%s names them '%s', %s '%s'): give --map FILE",
                                scheme_name[source_scheme], scheme_bone[source_scheme][0], scheme_name[target_scheme],
                                scheme_bone[target_scheme][0]);
        }
    }
    qsort(out->pairs, (size_t)out->pair_count, sizeof *out->pairs, compare_pairs);
    return true;
}

/* --- map files ------------------------------------------------------------------- */

/* The next word of a line into word (at most size - 1 characters); false at
 * the line's end or a comment. */
static bool next_word(const char **at, const char *end, char *word, size_t size, bool *too_long)
{
    const char *c = *at;
    while (c < end && (*c == ' ' || *c == '\t' || *c == '\r'))
        c++;
    if (c == end || *c == '#') {
        *at = end;
        return false;
    }
    size_t n = 0;
    while (c < end && *c != ' ' && *c != '\t' && *c != '\r' && *c != '#') {
        if (n + 1 < size)
            word[n++] = *c;
        else
            *too_long = true;
        c++;
    }
    word[n] = '\0';
    *at = c;
    return true;
}

/* [listing map_parse] */
bool retarget_map_parse(const char *text, size_t size, const char *name, const skeleton *source, const skeleton *target,
                        retarget_map *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    int source_scheme = retarget_scheme_of(source, NULL);
    out->pairs = malloc(((size_t)target->joint_count + 1) * sizeof *out->pairs);
    if (!out->pairs)
        return sa_error_set(err, "out of memory");
    const char *end = text + size;
    int line = 0;
    for (const char *at = text; at < end; line++) {
        const char *eol = memchr(at, '\n', (size_t)(end - at));
        const char *line_end = eol ? eol : end;
        char words[3][256];
        int count = 0;
        bool too_long = false;
        while (count < 3 && next_word(&at, line_end, words[count], sizeof words[count], &too_long))
            count++;
        at = eol ? eol + 1 : end;
        if (count == 0)
            continue; /* blank, or a comment */
        bool ok = true;
        retarget_pair p = {-1, -1};
        if (too_long || count != 2)
            ok = sa_error_set(err, "%s:%d: expected 'source_joint target_joint'%s", name, line + 1,
                              too_long ? " (a name longer than 255 characters)" : "");
        else if ((p.target = skeleton_find(target, words[1])) < 0)
            ok = sa_error_set(err, "%s:%d: '%s' is not a joint of the target", name, line + 1, words[1]);
        else if ((p.source = skeleton_find(source, words[0])) < 0) {
            int b = 0;
            while (b < HUMANOID_BONES && strcmp(humanoid_bone[b], words[0]) != 0)
                b++;
            if (b == HUMANOID_BONES)
                ok = sa_error_set(err, "%s:%d: '%s' is neither a joint of the source nor a humanoid bone name", name,
                                  line + 1, words[0]);
            else if ((p.source = scheme_joint(source, source_scheme, b)) < 0)
                continue; /* a bone this source does not have: paired with nothing */
        }
        for (int k = 0; ok && k < out->pair_count; k++)
            if (out->pairs[k].target == p.target || out->pairs[k].source == p.source)
                ok = sa_error_set(err, "%s:%d: '%s' is paired twice", name, line + 1,
                                  out->pairs[k].target == p.target ? words[1] : words[0]);
        if (!ok) {
            retarget_map_free(out);
            return false;
        }
        out->pairs[out->pair_count++] = p;
    }
    if (out->pair_count == 0) {
        retarget_map_free(out);
        return sa_error_set(err, "%s: pairs no joint", name);
    }
    qsort(out->pairs, (size_t)out->pair_count, sizeof *out->pairs, compare_pairs);
    return true;
}
/* [/listing] */

bool retarget_map_load(const char *path, const skeleton *source, const skeleton *target, retarget_map *out,
                       sa_error *err)
{
    memset(out, 0, sizeof *out);
    char *text = NULL;
    size_t size = 0;
    if (!sa_file_read(path, &text, &size, err))
        return false;
    bool ok = retarget_map_parse(text, size, path, source, target, out, err);
    free(text);
    return ok;
}

/* --- the rig ------------------------------------------------------------------ */

/* The rotation of a model matrix (its columns normalized: a scale is not a turn). */
static void rotation_of(mat4 m, versor out)
{
    mat4 r = GLM_MAT4_IDENTITY_INIT;
    for (int c = 0; c < 3; c++) {
        glm_vec3_copy(m[c], r[c]);
        glm_vec3_normalize(r[c]);
    }
    glm_mat4_quat(r, out);
    glm_quat_normalize(out);
}

static bool is_below(const skeleton *s, int joint, int ancestor)
{
    for (int j = s->parent[joint]; j >= 0; j = s->parent[j])
        if (j == ancestor)
            return true;
    return false;
}

static void direction(mat4 *model, int from, int to, vec3 out)
{
    glm_vec3_sub(model[to][3], model[from][3], out);
    glm_vec3_normalize(out);
}

/* The turn that takes frame (a1, a2) onto frame (b1, b2): a1 exactly onto b1,
 * and a2 about it as near b2 as it goes. With a2 or b2 NULL, or either
 * parallel to its first, the shortest turn from a1 to b1. */
static void turn_between(vec3 a1, vec3 a2, vec3 b1, vec3 b2, versor out)
{
    vec3 a_side, b_side;
    float a_len = 0.0f, b_len = 0.0f;
    if (a2 && b2) {
        glm_vec3_cross(a1, a2, a_side);
        glm_vec3_cross(b1, b2, b_side);
        a_len = glm_vec3_norm(a_side), b_len = glm_vec3_norm(b_side);
    }
    if (a_len < 1e-4f || b_len < 1e-4f) {
        glm_quat_from_vecs(a1, b1, out);
        return;
    }
    /* Two orthonormal frames (first, side, first x side); the turn is B * A^T. */
    mat4 a = GLM_MAT4_IDENTITY_INIT, b = GLM_MAT4_IDENTITY_INIT, at, turn;
    glm_vec3_copy(a1, a[0]);
    glm_vec3_scale(a_side, 1.0f / a_len, a[1]);
    glm_vec3_cross(a[0], a[1], a[2]);
    glm_vec3_copy(b1, b[0]);
    glm_vec3_scale(b_side, 1.0f / b_len, b[1]);
    glm_vec3_cross(b[0], b[1], b[2]);
    glm_mat4_transpose_to(a, at);
    glm_mat4_mul(b, at, turn);
    glm_mat4_quat(turn, out);
    glm_quat_normalize(out);
}

/* The height of joint `from` above the lowest paired joint, in the rest pose. */
static float hip_height(const retarget_map *map, bool source, mat4 *model, int from)
{
    float lowest = model[from][3][1];
    for (int k = 0; k < map->pair_count; k++) {
        int j = source ? map->pairs[k].source : map->pairs[k].target;
        lowest = fminf(lowest, model[j][3][1]);
    }
    return model[from][3][1] - lowest;
}

/* Where pair k's bone ends on one side, starting at child pair c: while c's
 * joint sits on k's (closer than a thousandth of the hip height), on to c's
 * primary child. -1 when the chain runs out. */
static int bone_end(const retarget_rig *r, bool source, mat4 *model, float height, int k, int c)
{
    int from = source ? r->pairs[k].source : r->pairs[k].target;
    while (c >= 0) {
        int to = source ? r->pairs[c].source : r->pairs[c].target;
        if (glm_vec3_distance(model[from][3], model[to][3]) > 1e-3f * height)
            return to;
        c = r->child[c];
    }
    return -1;
}

void retarget_rig_free(retarget_rig *r)
{
    free(r->pairs);
    free(r->pair_of_target);
    free(r->child);
    free(r->source_end);
    free(r->target_end);
    free(r->target_rest_local);
    free(r->source_rest_model);
    free(r->target_rest_model);
    free(r->alignment);
    free(r->source_rest_position);
    free(r->source_rest_end);
    memset(r, 0, sizeof *r);
}

/* [listing rig_init] */
bool retarget_rig_init(retarget_rig *r, const skeleton *source, const skeleton *target,
                       const transform *target_rest_local, const retarget_map *map, sa_error *err)
{
    memset(r, 0, sizeof *r);
    r->source = source, r->target = target;
    size_t n = (size_t)map->pair_count + 1;
    r->pairs = malloc(n * sizeof *r->pairs);
    r->pair_of_target = malloc(((size_t)target->joint_count + 1) * sizeof *r->pair_of_target);
    r->child = malloc(n * sizeof *r->child);
    r->source_end = malloc(n * sizeof *r->source_end);
    r->target_end = malloc(n * sizeof *r->target_end);
    r->target_rest_local = malloc(((size_t)target->joint_count + 1) * sizeof *r->target_rest_local);
    r->source_rest_model = malloc(n * sizeof *r->source_rest_model);
    r->target_rest_model = malloc(n * sizeof *r->target_rest_model);
    r->alignment = malloc(n * sizeof *r->alignment);
    r->source_rest_position = malloc(n * sizeof *r->source_rest_position);
    r->source_rest_end = malloc(n * sizeof *r->source_rest_end);
    mat4 *source_model = malloc(((size_t)source->joint_count + 1) * sizeof *source_model);
    mat4 *target_model = malloc(((size_t)target->joint_count + 1) * sizeof *target_model);
    int *second_of = malloc(n * sizeof *second_of);
    bool ok = r->pairs && r->pair_of_target && r->child && r->source_end && r->target_end && r->target_rest_local &&
              r->source_rest_model && r->target_rest_model && r->alignment && r->source_rest_position &&
              r->source_rest_end && source_model && target_model && second_of;
    if (!ok)
        sa_error_set(err, "out of memory");
    else if (map->pair_count == 0)
        ok = sa_error_set(err, "the joint map pairs no joint");
    for (int k = 0; ok && k < map->pair_count; k++)
        if (map->pairs[k].source < 0 || map->pairs[k].source >= source->joint_count || map->pairs[k].target < 0 ||
            map->pairs[k].target >= target->joint_count)
            ok = sa_error_set(err, "the joint map's pair %d is out of range", k);
    if (ok) {
        r->pair_count = map->pair_count;
        memcpy(r->pairs, map->pairs, (size_t)map->pair_count * sizeof *r->pairs);
        memcpy(r->target_rest_local, target_rest_local ? target_rest_local : target->rest_local,
               (size_t)target->joint_count * sizeof *r->target_rest_local);
        skeleton_local_to_model(source, source->rest_local, source_model);
        skeleton_local_to_model(target, r->target_rest_local, target_model);
        for (int j = 0; j < target->joint_count; j++)
            r->pair_of_target[j] = -1;
        for (int k = 0; k < r->pair_count; k++) {
            r->pair_of_target[r->pairs[k].target] = k;
            rotation_of(source_model[r->pairs[k].source], r->source_rest_model[k]);
            rotation_of(target_model[r->pairs[k].target], r->target_rest_model[k]);
            glm_vec3_copy(source_model[r->pairs[k].source][3], r->source_rest_position[k]);
        }
        r->root = 0; /* pairs are in the target's order: the first is nearest its root */
        r->source_height = hip_height(map, true, source_model, r->pairs[0].source);
        r->target_height = hip_height(map, false, target_model, r->pairs[0].target);
        r->scale = r->source_height > 0.0f ? r->target_height / r->source_height : 1.0f;
    }
    for (int k = 0; ok && k < r->pair_count; k++) {
        int t = r->pairs[k].target, s = r->pairs[k].source;
        /* The pair above (nearest paired ancestor in the target), for "straight on". */
        int above = t;
        do
            above = target->parent[above];
        while (above >= 0 && r->pair_of_target[above] < 0);
        vec3 on = {0.0f, 1.0f, 0.0f}; /* a root's bone goes up */
        if (above >= 0)
            direction(target_model, above, t, on);
        if (glm_vec3_norm(on) < 0.5f) /* the joint sits on the one above */
            glm_vec3_copy((vec3){0.0f, 1.0f, 0.0f}, on);
        /* Children: paired joints below t with no paired joint between, whose
         * source partner is below s. The primary goes on most nearly straight;
         * the second, the most across it, only fixes the twist. */
        int primary = -1, second = -1;
        float best_on = -2.0f, best_across = 2.0f;
        for (int c = 0; c < r->pair_count; c++) {
            int tc = r->pairs[c].target, up = target->parent[tc];
            while (up >= 0 && r->pair_of_target[up] < 0)
                up = target->parent[up];
            if (up != t || !is_below(source, r->pairs[c].source, s))
                continue;
            vec3 d;
            direction(target_model, t, tc, d);
            float straight = glm_vec3_dot(d, on);
            if (straight > best_on)
                best_on = straight, primary = c;
        }
        for (int c = 0; primary >= 0 && c < r->pair_count; c++) {
            int tc = r->pairs[c].target, up = target->parent[tc];
            while (up >= 0 && r->pair_of_target[up] < 0)
                up = target->parent[up];
            if (c == primary || up != t || !is_below(source, r->pairs[c].source, s))
                continue;
            vec3 d, p;
            direction(target_model, t, tc, d);
            direction(target_model, t, r->pairs[primary].target, p);
            float across = fabsf(glm_vec3_dot(d, p));
            if (across < best_across)
                best_across = across, second = c;
        }
        r->child[k] = primary;
        second_of[k] = second;
    }
    /* The bones' ends, each side on past children that sit on the joint. */
    for (int k = 0; ok && k < r->pair_count; k++) {
        r->source_end[k] = bone_end(r, true, source_model, r->source_height, k, r->child[k]);
        if (r->source_end[k] >= 0)
            glm_vec3_copy(source_model[r->source_end[k]][3], r->source_rest_end[k]);
        r->target_end[k] = bone_end(r, false, target_model, r->target_height, k, r->child[k]);
    }
    for (int k = 0; ok && k < r->pair_count; k++) {
        int t = r->pairs[k].target, s = r->pairs[k].source, second = second_of[k];
        glm_quat_identity(r->alignment[k]);
        if (r->source_end[k] < 0 || r->target_end[k] < 0) {
            r->source_end[k] = r->target_end[k] = -1;
            continue; /* a bone with no end paired (a hand, a toe): no alignment */
        }
        /* The alignment: the target's rest bone onto the source's rest bone
         * (and a second child's about it: the twist). */
        vec3 t1, s1, t2, s2;
        direction(target_model, t, r->target_end[k], t1);
        direction(source_model, s, r->source_end[k], s1);
        int s_second = second >= 0 ? bone_end(r, true, source_model, r->source_height, k, second) : -1;
        int t_second = second >= 0 ? bone_end(r, false, target_model, r->target_height, k, second) : -1;
        if (s_second >= 0 && t_second >= 0) {
            direction(target_model, t, t_second, t2);
            direction(source_model, s, s_second, s2);
        }
        bool twist = s_second >= 0 && t_second >= 0;
        turn_between(t1, twist ? t2 : NULL, s1, twist ? s2 : NULL, r->alignment[k]);
    }
    free(second_of);
    free(source_model);
    free(target_model);
    if (!ok)
        retarget_rig_free(r);
    return ok;
}
/* [/listing] */

/* --- the job ------------------------------------------------------------------ */

/* [listing retarget_run] */
void retarget_run(const retarget_job *job)
{
    const retarget_rig *r = job->rig;
    const skeleton *target = r->target;
    skeleton_local_to_model(r->source, job->source_local, job->source_model);
    /* Parents first, so a joint's parent_model is final when it is reached. */
    for (int j = 0; j < target->joint_count; j++) {
        transform *local = &job->target_local[j];
        *local = r->target_rest_local[j];
        int k = r->pair_of_target[j], p = target->parent[j];
        if (k >= 0) {
            int s = r->pairs[k].source;
            versor source_model, parent_model = {0.0f, 0.0f, 0.0f, 1.0f};
            rotation_of(job->source_model[s], source_model);
            if (p >= 0)
                rotation_of(job->target_model[p], parent_model);
            if (r->source_end[k] >= 0) {
                /* [elide the swing: source joints between s and its bone's end (CMU's Neck1) turn the bone too] */
                /* Source joints between s and its bone's end (CMU's Neck1)
                 * turn the bone too: swing source_model so that the rest
                 * bone, carried by it, lands where the source's bone is. */
                int c = r->source_end[k];
                vec3 rest_bone, carried, now;
                glm_vec3_sub(r->source_rest_end[k], r->source_rest_position[k], rest_bone);
                versor change, inverse_rest, swing, swung;
                glm_quat_inv((float *)r->source_rest_model[k], inverse_rest);
                glm_quat_mul(source_model, inverse_rest, change);
                glm_quat_rotatev(change, rest_bone, carried);
                glm_vec3_normalize(carried);
                direction(job->source_model, s, c, now);
                glm_quat_from_vecs(carried, now, swing);
                glm_quat_mul(swing, source_model, swung);
                glm_quat_copy(swung, source_model);
                /* [/elide] */
            }
            retarget_joint_rotation(r->source_rest_model[k], source_model, r->alignment[k], r->target_rest_model[k],
                                    parent_model, local->rotation);
            if (k == r->root) {
                /* [elide the root's place: the source's move scaled by the hip heights, into the parent's space] */
                /* The root's place: the capture's floor (y = 0) on the
                 * target's, its height scaled by the hip heights; across the
                 * floor, its rest place plus the source's move, scaled too.
                 * Then into the parent's space. */
                vec3 move, place;
                mat4 rest_model, parent_from_model = GLM_MAT4_IDENTITY_INIT;
                glm_vec3_sub(job->source_model[s][3], r->source_rest_position[k], move);
                glm_vec3_scale(move, r->scale, move);
                transform_to_mat4(&r->target_rest_local[j], rest_model);
                if (p >= 0) {
                    glm_mat4_inv(job->target_model[p], parent_from_model);
                    mat4 rest_parent_model;
                    glm_mat4_mul(job->target_model[p], rest_model, rest_parent_model);
                    glm_mat4_copy(rest_parent_model, rest_model);
                }
                glm_vec3_add(rest_model[3], move, place);
                place[1] = r->scale * job->source_model[s][3][1];
                glm_mat4_mulv3(parent_from_model, place, 1.0f, local->translation);
                /* [/elide] */
            }
        }
        mat4 parent_from_joint;
        transform_to_mat4(local, parent_from_joint);
        if (p >= 0)
            glm_mat4_mul(job->target_model[p], parent_from_joint, job->target_model[j]);
        else
            glm_mat4_copy(parent_from_joint, job->target_model[j]);
    }
}
/* [/listing] */

double retarget_bone_error_deg(const retarget_rig *r, mat4 *source_model, mat4 *target_model, int *worst_pair)
{
    double worst = 0.0;
    if (worst_pair)
        *worst_pair = -1;
    for (int k = 0; k < r->pair_count; k++) {
        if (r->source_end[k] < 0)
            continue;
        vec3 s, t;
        direction(source_model, r->pairs[k].source, r->source_end[k], s);
        direction(target_model, r->pairs[k].target, r->target_end[k], t);
        double c = fmax(-1.0, fmin(1.0, (double)glm_vec3_dot(s, t)));
        double angle = acos(c) * 180.0 / 3.14159265358979323846;
        if (angle > worst) {
            worst = angle;
            if (worst_pair)
                *worst_pair = k;
        }
    }
    return worst;
}

/* --- the clip ----------------------------------------------------------------- */

bool retarget_clip(const retarget_rig *r, const clip *source, int frame_count, const float *times, clip *out,
                   sa_error *err)
{
    memset(out, 0, sizeof *out);
    const skeleton *target = r->target;
    size_t frames = (size_t)frame_count, ns = (size_t)r->source->joint_count + 1, nt = (size_t)target->joint_count + 1;
    transform *source_local = malloc(ns * sizeof *source_local);
    mat4 *source_model = malloc(ns * sizeof *source_model);
    transform *target_local = malloc(nt * sizeof *target_local);
    mat4 *target_model = malloc(nt * sizeof *target_model);
    /* Keys per pair: a rotation each frame, and the root's translation. */
    float *rotations = malloc(frames * 4 * (size_t)r->pair_count * sizeof *rotations);
    float *translations = malloc(frames * 3 * sizeof *translations);
    int *cursors = calloc((size_t)source->track_count + 1, sizeof *cursors);
    bool ok = source_local && source_model && target_local && target_model && rotations && translations && cursors;
    if (!ok)
        sa_error_set(err, "out of memory");
    else
        ok = clip_init(out, source->name, target->joint_count, r->target_rest_local, err);
    retarget_job job = {r, source_local, source_model, target_local, target_model};
    for (size_t f = 0; ok && f < frames; f++) {
        clip_sample(source, times[f], cursors, source_local);
        retarget_run(&job);
        for (int k = 0; k < r->pair_count; k++)
            glm_quat_copy(target_local[r->pairs[k].target].rotation, &rotations[((size_t)k * frames + f) * 4]);
        glm_vec3_copy(target_local[r->pairs[r->root].target].translation, &translations[f * 3]);
    }
    for (int k = 0; ok && k < r->pair_count; k++)
        ok = clip_add_track(out, r->pairs[k].target, TRACK_ROTATION, TRACK_LINEAR, frame_count, times,
                            &rotations[(size_t)k * frames * 4], err);
    ok = ok && clip_add_track(out, r->pairs[r->root].target, TRACK_TRANSLATION, TRACK_LINEAR, frame_count, times,
                              translations, err);
    free(source_local);
    free(source_model);
    free(target_local);
    free(target_model);
    free(rotations);
    free(translations);
    free(cursors);
    if (!ok)
        clip_free(out);
    return ok;
}
