/* mm_search.c: the frame of least cost, by brute force and over bounding
 * boxes (motion_database.h).
 *
 * The boxes are Holden's, twice his sizes: over each range's searchable
 * frames, large boxes of 128 consecutive frames, each cut into small boxes
 * of 32, every box the per-feature minimum and maximum of its frames
 * (measured on bench_motion_matching's 10x database: 16 / 64 gave 8.9
 * times brute force's speed, 32 / 128 11 to 13, 16 / 256 7.9). Consecutive frames of one
 * recording have close features, so the boxes are tight. A box whose lower
 * bound (mm_box_lower_bound) is not below the best cost found so far cannot
 * hold a better frame, nor an equal one of a lower index (the boxes are
 * visited in frame order), and is skipped. Boxes never cross a range's end
 * nor take in its last MM_TRAJECTORY_LAST frames, so that whatever frame
 * they hold is searchable, as brute force's are.
 */
#include "mm_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SMALL_BOX 32
#define LARGE_BOX 128

typedef struct mm_box {
    int first, end;             /* frames */
    int small_first, small_end; /* a large box's small boxes */
} mm_box;

struct mm_search_index {
    int large_count, small_count;
    mm_box *large, *small;
    float *large_lo, *large_hi; /* [large_count * MM_FEATURE_COUNT] */
    float *small_lo, *small_hi; /* [small_count * MM_FEATURE_COUNT] */
};

/* [listing mm_search_brute_force] */
int mm_search_brute_force(const mm_database *db, const float *query, float *best_cost)
{
    int best = -1;
    float cost = INFINITY;
    for (int r = 0; r < db->range_count; r++)
        for (int f = db->range[r][0]; f < db->range[r][1] - MM_TRAJECTORY_LAST; f++) {
            float c = mm_frame_cost(db->features + (size_t)f * MM_FEATURE_COUNT, query, MM_FEATURE_COUNT);
            if (c < cost) /* strictly: on a tie the lower frame stays */
                cost = c, best = f;
        }
    *best_cost = cost;
    return best;
}
/* [/listing] */

void mm_search_index_free(mm_search_index *index)
{
    if (!index)
        return;
    free(index->large), free(index->small);
    free(index->large_lo), free(index->large_hi), free(index->small_lo), free(index->small_hi);
    free(index);
}

/* The box's bounds over frames first .. end - 1. */
static void box_bounds(const mm_database *db, int first, int end, float *lo, float *hi)
{
    for (int i = 0; i < MM_FEATURE_COUNT; i++)
        lo[i] = INFINITY, hi[i] = -INFINITY;
    for (int f = first; f < end; f++)
        for (int i = 0; i < MM_FEATURE_COUNT; i++) {
            float v = db->features[(size_t)f * MM_FEATURE_COUNT + i];
            lo[i] = v < lo[i] ? v : lo[i];
            hi[i] = v > hi[i] ? v : hi[i];
        }
}

bool mm_search_index_build(mm_search_index **out, const mm_database *db, sa_error *err)
{
    *out = NULL;
    /* count first: each range's searchable frames in boxes of 64, of 16 */
    int large = 0, small = 0;
    for (int r = 0; r < db->range_count; r++) {
        int frames = db->range[r][1] - MM_TRAJECTORY_LAST - db->range[r][0];
        if (frames > 0)
            large += (frames + LARGE_BOX - 1) / LARGE_BOX, small += (frames + SMALL_BOX - 1) / SMALL_BOX;
    }
    mm_search_index *x = calloc(1, sizeof *x);
    if (!x)
        return sa_error_set(err, "out of memory");
    size_t F = MM_FEATURE_COUNT;
    x->large = malloc(((size_t)large + 1) * sizeof *x->large);
    x->small = malloc(((size_t)small + 1) * sizeof *x->small);
    x->large_lo = malloc(((size_t)large + 1) * F * sizeof(float));
    x->large_hi = malloc(((size_t)large + 1) * F * sizeof(float));
    x->small_lo = malloc(((size_t)small + 1) * F * sizeof(float));
    x->small_hi = malloc(((size_t)small + 1) * F * sizeof(float));
    if (!x->large || !x->small || !x->large_lo || !x->large_hi || !x->small_lo || !x->small_hi) {
        mm_search_index_free(x);
        return sa_error_set(err, "out of memory");
    }
    /* [listing mm_search_index_build] */
    for (int r = 0; r < db->range_count; r++) {
        int end = db->range[r][1] - MM_TRAJECTORY_LAST; /* one past the last searchable frame */
        for (int first = db->range[r][0]; first < end; first += LARGE_BOX) {
            mm_box *L = &x->large[x->large_count];
            L->first = first;
            L->end = first + LARGE_BOX < end ? first + LARGE_BOX : end;
            L->small_first = x->small_count;
            for (int s = L->first; s < L->end; s += SMALL_BOX) {
                mm_box *S = &x->small[x->small_count];
                S->first = s;
                S->end = s + SMALL_BOX < L->end ? s + SMALL_BOX : L->end;
                box_bounds(db, S->first, S->end, x->small_lo + x->small_count * F, x->small_hi + x->small_count * F);
                x->small_count++;
            }
            L->small_end = x->small_count;
            box_bounds(db, L->first, L->end, x->large_lo + x->large_count * F, x->large_hi + x->large_count * F);
            x->large_count++;
        }
    }
    /* [/listing] */
    *out = x;
    return true;
}

/* Whether a box's lower bound (mm_box_lower_bound, summed in its order)
 * reaches `limit`, given up as soon as the partial sum does: the terms are
 * never negative, so the rest could not bring it back under (rounding is
 * monotonic). Most large boxes are far from the query and are settled by
 * their first few features; this is Holden's early exit. */
static bool box_reaches(const float *lo, const float *hi, const float *query, float limit)
{
    float bound = 0;
    for (int i = 0; i < MM_FEATURE_COUNT;) {
        for (int end = i + 9; i < end; i++) { /* looked at every 9 features: fewer branches */
            float below = lo[i] - query[i], above = query[i] - hi[i];
            float d = (below > 0 ? below : 0.0f) + (above > 0 ? above : 0.0f);
            bound += d * d;
        }
        if (!(bound < limit))
            return true;
    }
    return false;
}

/* [listing mm_search_accelerated] */
int mm_search_accelerated(const mm_search_index *x, const mm_database *db, const float *query, float *best_cost)
{
    int best = -1;
    float cost = INFINITY;
    size_t F = MM_FEATURE_COUNT;
    for (int l = 0; l < x->large_count; l++) {
        /* not below the best so far: nothing in the box can beat it, nor tie
         * it from a lower frame (the boxes come in frame order) */
        if (box_reaches(x->large_lo + l * F, x->large_hi + l * F, query, cost))
            continue;
        for (int s = x->large[l].small_first; s < x->large[l].small_end; s++) {
            if (!(mm_box_lower_bound(x->small_lo + s * F, x->small_hi + s * F, query, MM_FEATURE_COUNT) < cost))
                continue;
            for (int f = x->small[s].first; f < x->small[s].end; f++) {
                float c = mm_frame_cost(db->features + (size_t)f * F, query, MM_FEATURE_COUNT);
                if (c < cost)
                    cost = c, best = f;
            }
        }
    }
    *best_cost = cost;
    return best;
}
/* [/listing] */

void mm_search_index_size(const mm_search_index *x, int *small_boxes, int *large_boxes, size_t *bytes)
{
    *small_boxes = x->small_count;
    *large_boxes = x->large_count;
    *bytes = sizeof *x +
             (size_t)(x->small_count + x->large_count) * (sizeof(mm_box) + 2 * MM_FEATURE_COUNT * sizeof(float));
}
