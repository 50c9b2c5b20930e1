/* check_soa.h: ch12_data_oriented --check-soa: the SoA stage against
 * chapter 09's, on every clip of a model, beside the bound book 12 derives. */
#ifndef CH12_CHECK_SOA_H
#define CH12_CHECK_SOA_H

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

#endif
