/* check_soa.h: ch12_data_oriented --check-soa: the SoA stage against
 * chapter 09's, on every clip of a model, beside the bound book 12 derives. */
#ifndef CH12_CHECK_SOA_H
#define CH12_CHECK_SOA_H

#include "chapters/08_keyframes/clip.h"

#include <stdbool.h>

/* Samples every clip of the model at many times, and blends every pair,
 * both ways (chapter 08's clip_sample and chapter 09's pose_blend; this
 * chapter's soa_clip_sample and soa_blend), prints the worst differences
 * and bounds on stdout and returns the exit status: 0 when every
 * difference is within its bound, 1 when one is not or the model cannot be
 * read (one "error:" line on stderr). quantization_only (--check-soa
 * --quantization-only) leaves nlerp's terms out of the bounds, as if nlerp
 * were slerp: on clips whose keys or blends turn far, the check must then
 * fail, which shows that it sees nlerp's error. */
int check_soa(const char *model_path, bool quantization_only);

/* The bounds the check compares with, for tests (tests/test_check_soa.c).
 *
 * nlerp's largest rotation error from slerp's between two rotations
 * `angle` rad apart (the angle on the sphere, half of it, doubled), and in
 * speed its largest angular speed over slerp's. */
double check_soa_nlerp_error(double angle, double *speed);
/* The bound of one joint's path (SOA_ROTATION: rad, SOA_TRANSLATION or
 * SOA_SCALE: length) sampled at t from the float clip's track tr (NULL:
 * the joint keeps its rest value, only quantized) in a clip of `duration`;
 * with_nlerp false leaves nlerp's terms out (--quantization-only). */
double check_soa_path_bound(const track *tr, const float *rest, int path, float t, float duration, bool with_nlerp);
/* The bound of a blend's rotation at weight w of two rotations `angle` rad
 * apart, each within `inputs` rad of its clip's. */
double check_soa_blend_bound(double angle, double w, double inputs, bool with_nlerp);

/* The worst of one kind of error: the largest error with its bound and
 * where it was, and the largest ratio of an error to its own bound (which
 * may be another joint's than the largest error's). */
typedef struct check_soa_worst {
    const char *name, *unit;
    double error, bound, ratio;
    char where[160];
} check_soa_worst;
void check_soa_note(check_soa_worst *w, double error, double bound, const char *where);

#endif
