/* mm_features.c: each frame's features, their normalization and the
 * query's trajectory part (motion_database.h).
 *
 * Everything is in the character's frame of the frame it belongs to: the
 * pose is already there (chapter 10's root motion), so the feet's and the
 * hips' positions are forward kinematics of the stored pose (chapter 04);
 * their velocities come from their WORLD positions (the root placed by
 * translate(root) * rotateY(heading)), differenced, then turned back into
 * the frame's character frame: a foot planted on the ground while the body
 * turns has velocity 0 there, as it should, though its position in the
 * character's frame moves.
 */
#include "mm_internal.h"

#include "common/transform.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

mm_feature_weights mm_feature_weights_defaults(void)
{
    return (mm_feature_weights){.foot_position = 0.75f,
                                .foot_velocity = 1.0f,
                                .hips_velocity = 1.0f,
                                .trajectory_position = 1.0f,
                                .trajectory_direction = 1.5f};
}

bool mm_frame_searchable(const mm_database *db, int frame)
{
    if (frame < 0 || frame >= db->frame_count)
        return false;
    return frame < db->range[mm_range_of(db, frame)][1] - MM_TRAJECTORY_LAST;
}

/* Where the root of `frame` sends a point of its character frame. */
static void character_to_world(const mm_database *db, int frame, const float p[3], float out[3])
{
    float h = db->root_heading[frame], c = cosf(h), s = sinf(h);
    out[0] = db->root_position[frame][0] + c * p[0] + s * p[2];
    out[1] = db->root_position[frame][1] + p[1];
    out[2] = db->root_position[frame][2] - s * p[0] + c * p[2];
}

bool mm_features_raw(const mm_database *db, const skeleton *s, const int joints[MM_FEATURE_JOINTS], float *raw,
                     sa_error *err)
{
    static const int horizon[MM_TRAJECTORY_POINTS] = MM_TRAJECTORY_FRAMES_INIT;
    size_t frames = (size_t)db->frame_count + 1;
    mat4 *model = malloc(((size_t)s->joint_count + 1) * sizeof *model);
    float(*local)[MM_FEATURE_JOINTS][3] = malloc(frames * sizeof *local); /* the character's frame */
    float(*world)[MM_FEATURE_JOINTS][3] = malloc(frames * sizeof *world);
    if (!model || !local || !world) {
        free(model), free(local), free(world);
        return sa_error_set(err, "out of memory");
    }
    for (int f = 0; f < db->frame_count; f++) {
        skeleton_local_to_model(s, db->pose + (size_t)f * (size_t)db->joint_count, model);
        for (int k = 0; k < MM_FEATURE_JOINTS; k++) {
            memcpy(local[f][k], model[joints[k]][3], sizeof local[f][k]);
            character_to_world(db, f, local[f][k], world[f][k]);
        }
    }
    /* [listing mm_features_raw] */
    for (int r = 0; r < db->range_count; r++) {
        int first = db->range[r][0], end = db->range[r][1];
        for (int f = first; f < end; f++) {
            float *out = raw + (size_t)f * MM_FEATURE_COUNT;
            memcpy(out + MM_F_LEFT_FOOT_POS, local[f][MM_JOINT_LEFT_FOOT], 3 * sizeof(float));
            memcpy(out + MM_F_RIGHT_FOOT_POS, local[f][MM_JOINT_RIGHT_FOOT], 3 * sizeof(float));
            /* backward difference, forward at the range's first frame */
            int a = f > first ? f - 1 : f, b = f > first ? f : (f + 1 < end ? f + 1 : f);
            static const int velocity_at[MM_FEATURE_JOINTS] = {MM_F_LEFT_FOOT_VEL, MM_F_RIGHT_FOOT_VEL, MM_F_HIPS_VEL};
            for (int k = 0; k < MM_FEATURE_JOINTS; k++) {
                float v[3];
                for (int i = 0; i < 3; i++)
                    v[i] = (world[b][k][i] - world[a][k][i]) * (float)MM_RATE;
                mm_world_to_character(db->root_heading[f], v, out + velocity_at[k]);
            }
            /* the future, clamped to the range's last frame */
            for (int i = 0; i < MM_TRAJECTORY_POINTS; i++) {
                int t = f + horizon[i] < end ? f + horizon[i] : end - 1;
                float d[3] = {db->root_position[t][0] - db->root_position[f][0], 0,
                              db->root_position[t][2] - db->root_position[f][2]};
                float p[3];
                mm_world_to_character(db->root_heading[f], d, p);
                float turn = db->root_heading[t] - db->root_heading[f];
                out[MM_F_TRAJ_POS + 2 * i] = p[0];
                out[MM_F_TRAJ_POS + 2 * i + 1] = p[2];
                out[MM_F_TRAJ_DIR + 2 * i] = sinf(turn);     /* facing (sin, cos) of the heading, */
                out[MM_F_TRAJ_DIR + 2 * i + 1] = cosf(turn); /* turned by -heading of f */
            }
        }
    }
    /* [/listing] */
    free(model), free(local), free(world);
    return true;
}

bool mm_features_normalize(mm_database *db, const float *raw, const mm_feature_weights *w, sa_error *err)
{
    /* the groups: each feature of the header's list is one (Holden's), its
     * components share one deviation */
    const struct {
        int first, count;
        float weight;
    } groups[] = {
        {MM_F_LEFT_FOOT_POS, 3, w->foot_position},   {MM_F_RIGHT_FOOT_POS, 3, w->foot_position},
        {MM_F_LEFT_FOOT_VEL, 3, w->foot_velocity},   {MM_F_RIGHT_FOOT_VEL, 3, w->foot_velocity},
        {MM_F_HIPS_VEL, 3, w->hips_velocity},        {MM_F_TRAJ_POS, 6, w->trajectory_position},
        {MM_F_TRAJ_DIR, 6, w->trajectory_direction},
    };
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
        if (!(groups[g].weight > 0 && isfinite(groups[g].weight)))
            return sa_error_set(err, "feature weights must be > 0 (group %d: %g)", (int)g, (double)groups[g].weight);
    /* [listing mm_features_normalize] */
    int n = db->frame_count;
    double mean[MM_FEATURE_COUNT] = {0}, deviation[MM_FEATURE_COUNT] = {0};
    for (int f = 0; f < n; f++)
        for (int i = 0; i < MM_FEATURE_COUNT; i++)
            mean[i] += raw[(size_t)f * MM_FEATURE_COUNT + i];
    for (int i = 0; i < MM_FEATURE_COUNT; i++)
        mean[i] = n > 0 ? mean[i] / n : 0;
    for (int f = 0; f < n; f++)
        for (int i = 0; i < MM_FEATURE_COUNT; i++) {
            double d = raw[(size_t)f * MM_FEATURE_COUNT + i] - mean[i];
            deviation[i] += d * d;
        }
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        double group = 0; /* the components' standard deviations, averaged */
        for (int i = groups[g].first; i < groups[g].first + groups[g].count; i++)
            group += n > 0 ? sqrt(deviation[i] / n) : 0;
        group /= groups[g].count;
        for (int i = groups[g].first; i < groups[g].first + groups[g].count; i++) {
            db->mean[i] = (float)mean[i];
            db->scale[i] = (float)((group > 0 ? group : 1.0) / groups[g].weight);
        }
    }
    for (int f = 0; f < n; f++)
        for (int i = 0; i < MM_FEATURE_COUNT; i++) {
            size_t k = (size_t)f * MM_FEATURE_COUNT + i;
            db->features[k] = (raw[k] - db->mean[i]) / db->scale[i];
        }
    return true;
}
/* [/listing] */

bool mm_features_compute(mm_database *db, const skeleton *s, const mm_feature_weights *w, sa_error *err)
{
    static const char *const names[MM_FEATURE_JOINTS] = {"left_foot", "right_foot", "hips"};
    int joints[MM_FEATURE_JOINTS];
    for (int k = 0; k < MM_FEATURE_JOINTS; k++)
        if ((joints[k] = skeleton_find(s, names[k])) < 0)
            return sa_error_set(err, "the skeleton has no joint '%s' (the features read it)", names[k]);
    if (s->joint_count != db->joint_count)
        return sa_error_set(err, "the database's poses have %d joints, the skeleton %d", db->joint_count,
                            s->joint_count);
    float *raw = malloc(((size_t)db->frame_count + 1) * MM_FEATURE_COUNT * sizeof *raw);
    if (!raw)
        return sa_error_set(err, "out of memory");
    bool ok = mm_features_raw(db, s, joints, raw, err) && mm_features_normalize(db, raw, w, err);
    free(raw);
    return ok;
}

/* [listing mm_query_trajectory] */
void mm_query_trajectory(const mm_database *db, const float positions[MM_TRAJECTORY_POINTS][2],
                         const float directions[MM_TRAJECTORY_POINTS][2], float *query)
{
    for (int i = 0; i < MM_TRAJECTORY_POINTS; i++)
        for (int c = 0; c < 2; c++) {
            int p = MM_F_TRAJ_POS + 2 * i + c, d = MM_F_TRAJ_DIR + 2 * i + c;
            query[p] = (positions[i][c] - db->mean[p]) / db->scale[p];
            query[d] = (directions[i][c] - db->mean[d]) / db->scale[d];
        }
}
/* [/listing] */
