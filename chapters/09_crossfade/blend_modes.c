/* blend_modes.c: ch09_crossfade's command-line blends, --blend, --mask
 * and --additive, written by --dump-pose or --dump-obj with no window (see
 * crossfade_modes.h); tests/blend_check.py computes the same poses alone. */
#include "crossfade_modes.h"

#include "chapters/04_bone_tree/pose_write.h"
#include "common/app.h"
#include "common/files.h"

#include <stdlib.h>

bool blend_request_usage_ok(const blend_request *rq, sa_error *err)
{
    static const char *const mixes[] = {"--blend", "--additive"};
    const bool mixed[] = {rq->blend != NULL, rq->additive != NULL};
    if (!cli_exclusive(2, mixes, mixed, err))
        return false;
    bool dumping = rq->dump_pose_path || rq->dump_obj_path;
    const char *needs_dump = rq->blend ? "--blend" : rq->additive ? "--additive" : NULL;
    if (needs_dump && !dumping)
        return sa_error_set(err, "%s needs --dump-pose or --dump-obj", needs_dump);
    if (rq->mask && !rq->blend)
        return sa_error_set(err, "--mask needs --blend");
    if ((rq->weight || rq->blend_time) && !rq->blend && !rq->additive)
        return sa_error_set(err, "%s needs --blend or --additive", rq->weight ? "--weight" : "--blend-time");
    return true;
}

static bool parse_weight(const char *text, float *out, sa_error *err)
{
    char *end = NULL;
    double w = text ? strtod(text, &end) : 0.5;
    if (text && (end == text || *end != '\0'))
        return sa_error_set(err, "--weight: '%s' is not a number", text);
    if (!(w >= 0.0 && w <= 1.0))
        return sa_error_set(err, "--weight: %s is not within 0 .. 1", text);
    *out = (float)w;
    return true;
}

/* The morph weights of the same command line, into st->v.sc.morph_weights
 * (where chapter 06 reads them): clip a's at time ta, then clip b's (-1:
 * none) at tb blended by weight (with --mask, only the weights b animates:
 * weights_mask_from_clip), or added as their difference from b's first
 * frame (--additive). */
static bool weights_from_command_line(program_state *st, const blend_request *rq, int a, float ta, int b, float tb,
                                      float weight, sa_error *err)
{
    int nw = st->v.sc.morph_weight_count;
    float *weights = st->v.sc.morph_weights;
    clip_sample_weights(&st->clips[a], ta, NULL, weights);
    if (b < 0)
        return true;
    clip_sample_weights(&st->clips[b], tb, NULL, st->other_weights);
    float *extra = malloc(((size_t)nw + 1) * sizeof *extra); /* b's first frame, or the mask */
    if (!extra)
        return sa_error_set(err, "out of memory");
    if (rq->additive) {
        clip_sample_weights(&st->clips[b], 0.0f, NULL, extra);
        weights_additive_apply(nw, weights, extra, st->other_weights, weight, weights);
    } else {
        weights_mask_from_clip(&st->clips[b], extra);
        weights_blend(nw, weights, st->other_weights, weight, rq->mask ? extra : NULL, weights);
    }
    free(extra);
    return true;
}

/* [listing blend_modes] */
/* --blend / --mask / --additive: the pose the command line asks for. */
bool pose_from_command_line(program_state *st, const blend_request *rq, int a, double t, sa_error *err)
{
    int count = st->v.doc.animation_count, n = st->v.all.joint_count;
    float ta = wrapped_time(t, &st->clips[a]);
    clip_sample(&st->clips[a], ta, NULL, st->v.pose);
    if (!rq->blend && !rq->additive)
        return weights_from_command_line(st, rq, a, ta, -1, 0.0f, 0.0f, err);
    float weight = 0.5f;
    double t2 = t; /* B's time: --blend-time, else A's */
    /* [elide read --blend-time into t2] */
    char *end = NULL;
    if (rq->blend_time && ((t2 = strtod(rq->blend_time, &end)), end == rq->blend_time || *end))
        return sa_error_set(err, "--blend-time: '%s' is not a number", rq->blend_time);
    /* [/elide] */
    const char *b_option = rq->blend ? "--blend" : "--additive", *b_name = rq->blend ? rq->blend : rq->additive;
    int b = clip_find(st->clips, count, b_option, b_name, err);
    if (b < 0 || !parse_weight(rq->weight, &weight, err) ||
        !weights_from_command_line(st, rq, a, ta, b, wrapped_time(t2, &st->clips[b]), weight, err))
        return false;
    clip_sample(&st->clips[b], wrapped_time(t2, &st->clips[b]), NULL, st->other);
    if (rq->additive) { /* B's difference from its own first frame, on top of A */
        transform *first = malloc((size_t)(n > 0 ? n : 1) * sizeof *first);
        if (!first)
            return sa_error_set(err, "out of memory");
        clip_sample(&st->clips[b], 0.0f, NULL, first);
        pose_additive_delta(n, first, st->other, st->other);
        pose_additive_apply(n, st->v.pose, st->other, weight, st->v.pose);
        free(first);
        return true;
    }
    const float *mask = NULL;
    if (rq->mask) {
        int joint = skeleton_find(&st->v.all, rq->mask);
        if (joint < 0)
            return sa_error_set(err, "--mask: no joint is called '%s'", rq->mask);
        mask_from_joint(n, st->v.all.parent, joint, 0, st->mask);
        mask = st->mask;
    }
    blend_job job =
        {.joint_count = n, .a = st->v.pose, .b = st->other, .weight = weight, .mask = mask, .out = st->v.pose};
    return blend_job_run(&job, err);
}
/* [/listing] */

int run_dump(program_state *st, const blend_request *rq, const char *path)
{
    sa_error err;
    animated_view_place(&st->v, NULL);
    if (rq->dump_obj_path) { /* chapter 06's writer, as ch07 --dump-obj uses it */
        skin_scene_run(&st->v.sc, &st->v.skel);
        return skin_scene_write_obj_file(&st->v.sc, &st->v.doc, st->v.nodes.world_from_node, st->v.nodes.shown,
                                         rq->dump_obj_path, &err)
                   ? 0
                   : app_fail(&err);
    }
    FILE *out = sa_output_open(rq->dump_pose_path, &err);
    if (!out)
        return app_fail(&err);
    bool ok = skeleton_write_pose(&st->v.all, st->v.pose, out, &err);
    if (!ok)
        sa_error_prefix(&err, "%s", path);
    return sa_output_close(out, rq->dump_pose_path, ok, &err) ? 0 : app_fail(&err);
}
