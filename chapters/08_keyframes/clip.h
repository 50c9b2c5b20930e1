/* clip.h: keyframed clips, their sampling, the clock and events (chapter 08).
 *
 * A clip is a set of tracks over one skeleton. A track animates one path
 * (translation, rotation or scale) of one joint with keys: times in seconds,
 * strictly increasing, and one value per key (three for CUBICSPLINE: the
 * in-tangent, the value, the out-tangent). One frame of playback is
 *
 *     events = clip_clock_advance(&clock, dt, ...);   the clock: its own double
 *     clip_sample(&clip, (float)clock.time, cursors, pose);
 *     skeleton_local_to_model(...);                    chapter 04, unchanged
 *
 * clip_sample writes the whole pose (the rest transform for joints without a
 * track) and allocates nothing. `cursors` ([track_count] ints, caller-owned)
 * remembers which key interval each track used last, so that playing forward
 * finds the next interval in a step or two instead of a binary search.
 *
 * A clip's morph weight tracks (glTF's fourth path, `weights`) are kept
 * apart from the joint tracks, and
 *
 *     clip_sample_weights(&clip, t, weight_cursors, morph_weights);
 *
 * writes the scene's whole morph weight array (chapter 06's layout) the same
 * way, before chapter 06 morphs and skins.
 *
 * Nothing here includes the glTF loader: clip_gltf.h builds a clip from a
 * document, and tests build clips by hand (clip_init, clip_add_track).
 */
#ifndef CH08_CLIP_H
#define CH08_CLIP_H

#include "common/error.h"
#include "common/transform.h"

#include <stdbool.h>

typedef enum track_path {
    TRACK_TRANSLATION,
    TRACK_ROTATION,
    TRACK_SCALE,
    TRACK_WEIGHTS, /* morph target weights: only in a clip's weight_tracks */
} track_path;

typedef enum track_interpolation {
    TRACK_STEP,
    TRACK_LINEAR, /* lerp for translation, scale and weights, slerp for rotation */
    TRACK_CUBICSPLINE,
} track_interpolation;

/* [listing track_struct] */
typedef struct track {
    int joint; /* the skeleton joint it moves (-1 for TRACK_WEIGHTS) */
    track_path path;
    track_interpolation interpolation;
    int key_count;  /* at least 1 (2 for CUBICSPLINE) */
    int components; /* 3 (translation, scale), 4 (rotation x y z w), or the target count (weights) */
    float *times;   /* [key_count], strictly increasing, >= 0 */
    /* [key_count * components], or for CUBICSPLINE [key_count * 3 * components]:
     * in-tangent, value, out-tangent of each key. Rotation values are unit
     * quaternions (normalized when the track was added). */
    float *values;
} track;

/* A named marker at a clip time: a footstep, a hand opening. */
typedef struct clip_event {
    char *name;
    float time; /* 0 .. duration */
} clip_event;
/* [/listing] */

/* [listing weight_track] */
/* A glTF `weights` channel: the weights of one node's morph targets, a
 * track of path TRACK_WEIGHTS whose key values hold one weight per target
 * (components = the mesh's target count). They go into the scene's one
 * array of morph weights (chapter 06's morph_weight_layout) at
 * start .. start + keys.components - 1. */
typedef struct weight_track {
    int start;
    track keys;
} weight_track;
/* [/listing] */

/* [listing clip_struct] */
/* How clip_sample groups the tracks, so that each group is one tight loop
 * with no branch on the path or the interpolation: the LINEAR tracks (two
 * keys or more) of each path, then the rest (STEP, CUBICSPLINE, one key). */
typedef enum track_kind {
    TRACK_KIND_LINEAR_TRANSLATION, /* = TRACK_TRANSLATION: lerp (ex08.2) */
    TRACK_KIND_LINEAR_ROTATION,    /* slerp (ex08.1) */
    TRACK_KIND_LINEAR_SCALE,       /* lerp (ex08.2) */
    TRACK_KIND_OTHER,              /* track_sample */
    TRACK_KINDS,
} track_kind;

typedef struct clip {
    char *name;     /* "" when the file gives none */
    float duration; /* the largest key time of its samplers (0: a still pose) */
    int joint_count;
    transform *rest_local; /* [joint_count]: what joints without a track keep */
    int track_count;
    track *tracks; /* in the order they were added; cursors[i] is tracks[i]'s */
    /* The track indices grouped by kind (clip_add_track keeps them): kind k's
     * are by_kind[kind_start[k] .. kind_start[k + 1] - 1]. */
    int *by_kind;
    int kind_start[TRACK_KINDS + 1];
    /* Morph weights, apart from the joint tracks so that joint sampling
     * never looks at them: the scene's array of weight_count weights (0:
     * no morph targets), what a weight without a track keeps, the tracks
     * that write the others. Weight track i's cursor is weight_cursors[i]. */
    int weight_count;
    float *rest_weights; /* [weight_count] */
    int weight_track_count;
    weight_track *weight_tracks;
    int event_count;
    clip_event *events; /* sorted by time */
} clip;
/* [/listing] */

/* An empty clip (no tracks, no events) over a skeleton of joint_count joints
 * whose rest pose is rest_local (copied, rotations normalized). */
bool clip_init(clip *c, const char *name, int joint_count, const transform *rest_local, sa_error *err);
void clip_free(clip *c);

/* Adds a track (times and values copied). Checks everything once, so that
 * sampling never has to: the joint in range, no second track for the same
 * (joint, path), at least one key (two for CUBICSPLINE), times finite,
 * >= 0 and strictly increasing, values finite, rotations not of length 0
 * (they are normalized here). Raises the clip's duration to the last key.
 * Errors say what is wrong ("key 3: time 0.5 is not after the key before");
 * the caller puts the JSON path in front. */
bool clip_add_track(clip *c, int joint, track_path path, track_interpolation interpolation, int key_count,
                    const float *times, const float *values, sa_error *err);

/* The scene's morph weights that the clip's weight tracks write into:
 * weight_count of them (chapter 06's morph_weight_layout), whose values
 * without a track are rest_weights (copied; node.weights, else
 * mesh.weights: morph_weights_default). Before clip_add_weight_track. */
bool clip_init_weights(clip *c, int weight_count, const float *rest_weights, sa_error *err);

/* Adds a weight track (times and values copied) that writes weights start
 * .. start + count - 1: within weight_count, not overlapping another weight
 * track's, and the keys checked as clip_add_track checks them. values
 * holds count weights per key ([key_count * count], CUBICSPLINE [key_count
 * * 3 * count]: the in-tangents, the weights, the out-tangents). Raises the
 * clip's duration to the last key. */
bool clip_add_weight_track(clip *c, int start, int count, track_interpolation interpolation, int key_count,
                           const float *times, const float *values, sa_error *err);

/* Adds an event, kept in time order (after events at the same time). Its
 * time must be finite and within 0 .. duration. */
bool clip_add_event(clip *c, const char *name, float time, sa_error *err);

/* Whether any track moves a joint (translation, rotation or scale). A clip of
 * morph target weights alone (a blink) moves none: the programs that cycle
 * through a model's clips for its body (chapter 09's fades, the crowds) pass
 * it by. */
bool clip_moves_joints(const clip *c);

/* --- sampling ------------------------------------------------------------- */

/* Exercise ex08.1 (slerp.c): spherical linear interpolation of two unit
 * quaternions (x y z w), the shortest way round: when their dot product is
 * negative, b is negated first (q and -q are the same rotation). When they
 * are nearly equal (dot > SLERP_NLERP_DOT) the sine of the small angle is
 * too imprecise to divide by: normalized lerp instead. out is unit length
 * (within rounding); t = 0 gives a and t = 1 gives b (-b when the dot
 * product is negative) exactly, bit for bit, not renormalized. out may be a
 * or b. */
#define SLERP_NLERP_DOT 0.9995f
void quat_slerp(const float a[4], const float b[4], float t, float out[4]);

/* Exercise ex08.2 (track_sample_linear.c): the value at time t of a LINEAR
 * track of translations or scales: key_count keys (at least 1), times
 * strictly increasing, values [key_count * components]. Before the first
 * key the first value holds, after the last key the last value; a track of
 * one key is constant; in between, the two keys around t (times[k] <= t <
 * times[k + 1], track_find_key below) are mixed by u = (t - times[k]) /
 * (times[k + 1] - times[k]): out = values[k] + u (values[k + 1] - values[k]).
 * A t exactly on a key gives that key's value exactly (bit for bit): k is
 * that key and u = 0, while the key before with u = 1 gives a + 1 (b - a),
 * which rounding can make differ from b (1e8 then 1.5 gives 0). */
void track_sample_linear(int key_count, const float *times, const float *values, int components, float t, float *out);

/* [listing find_key] */
/* The key interval of t by binary search: the k with times[k] <= t <
 * times[k + 1], clamped to 0 .. key_count - 2 (key_count >= 2). The key
 * search runs for every track of every frame: static inline here, so that
 * the sampling loops (and ex08.2) compile it in instead of calling it. */
static inline int track_find_key(int key_count, const float *times, float t)
{
    int lo = 0, hi = key_count - 1; /* the answer is in lo .. hi - 1 */
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        if (times[mid] <= t)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}
/* [/listing] */

/* [listing cursor] */
/* How far the cursor walks before a binary search is cheaper. */
#define CURSOR_STEPS 4

/* The same interval, starting from *cursor (the last one found): a few
 * steps forward or back from there, a binary search when t is further away
 * (a jump, a loop wrap back to 0). *cursor gets the interval. */
static inline int track_find_key_from(int key_count, const float *times, float t, int *cursor)
{
    int last = key_count - 2, k = *cursor;
    if (k < 0 || k > last)
        k = 0;
    /* Playing forward, t is in the same interval or the next one almost
     * every frame: a comparison or two. */
    if (t >= times[k]) {
        for (int steps = 0; k < last && t >= times[k + 1]; steps++, k++)
            if (steps == CURSOR_STEPS)
                return *cursor = track_find_key(key_count, times, t); /* a jump ahead: search */
    } else if (k > 0 && t >= times[k - 1]) {
        k--; /* one interval back (playing backwards) */
    } else {
        k = track_find_key(key_count, times, t); /* a jump back (a loop wrap to 0): search */
    }
    *cursor = k;
    return k;
}
/* [/listing] */

/* The value of one track at time t, into out[components]; cursor may be
 * NULL (binary search every time). */
void track_sample(const track *tr, float t, int *cursor, float *out);

/* The part of a joint's transform that a track of `path` writes
 * (translation, rotation or scale). */
float *transform_path(transform *joint, track_path path);

/* The pose of the clip at time t (seconds; clamped to the keys of each
 * track): the rest pose for every joint, then every track's value written
 * over its path. pose holds joint_count transforms, cursors track_count
 * ints (zero them when a clip starts; NULL: binary search). Allocates
 * nothing. */
void clip_sample(const clip *c, float t, int *cursors, transform *pose);

/* The morph weights of the clip at time t: rest_weights for every weight,
 * then every weight track's value (STEP, LINEAR: a lerp of each weight,
 * CUBICSPLINE: the spline of each weight) written over its weights.
 * weights holds c->weight_count floats, cursors c->weight_track_count ints
 * (zero them when a clip starts; NULL: binary search). Allocates nothing. */
void clip_sample_weights(const clip *c, float t, int *cursors, float *weights);

/* --- the clock and events ------------------------------------------------- */

/* [listing clock_struct] */
/* The animation clock: its own double, in clip seconds, advanced by the
 * frame's delta time; never read from the wall clock while sampling. */
typedef struct clip_clock {
    double time;     /* looping: 0 <= time < duration; once: 0 .. duration */
    double duration; /* the clip's */
    double speed;    /* clip seconds per second: 1 normal, 0 still, < 0 backwards */
    double max_step; /* a frame's delta is clamped to this (a debugger stop, a window drag) */
    bool loop;       /* wrap around; otherwise stop at either end */
    bool finished;   /* once: the clock reached the end it was playing towards */
} clip_clock;
/* [/listing] */

#define CLIP_CLOCK_MAX_STEP 0.25

/* time 0, speed 1, max_step CLIP_CLOCK_MAX_STEP. */
void clip_clock_init(clip_clock *clock, double duration, bool loop);

/* Exercise ex08.3 (clock_advance.c): moves the clock by dt seconds of wall
 * time (dt clamped to 0 .. max_step) times speed, and reports the events it
 * crosses. An event is crossed when the clock arrives at its time or passes
 * it: playing forward from a to b, the events with a < time <= b; backward,
 * those with b <= time < a. So each crossing is reported once, whether steps
 * end on an event or not.
 * Looping: time wraps into [0, duration); an event at 0 (or at duration,
 * the same instant) is crossed when the clock passes the wrap, the end of
 * the lap it leaves first: forward the events at duration, then those at 0;
 * backward those at 0, then those at duration. A step longer than the clip
 * crosses each event once per lap. A looping clock is never finished: a step
 * that moves it sets `finished` to false. Once: time stops at 0 or
 * duration and `finished` is set when it gets there (events at that end
 * fire then). A clip of duration 0 never moves.
 * events[event_count] are sorted by time. The indices of the events crossed
 * go into fired[] in the order they are crossed, at most fired_capacity of
 * them; returns how many were crossed (more than fired_capacity when they
 * did not all fit). */
int clip_clock_advance(clip_clock *clock, double dt, const clip_event *events, int event_count, int *fired,
                       int fired_capacity);

#endif
