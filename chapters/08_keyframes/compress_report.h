/* compress_report.h: ch08_keyframes --compress-report (chapter 08). */
#ifndef CH08_COMPRESS_REPORT_H
#define CH08_COMPRESS_REPORT_H

#include "compress.h"

#include "chapters/06_cpu_skinning/skinning_gltf.h"

#include <stdio.h>

/* For every clip, one line
 *     clip NAME bytes_float N bytes_compressed M ratio R max_vertex_error E
 * E: the largest distance (metres, scene space) between a point of the
 * float clip and of the packed one (clip_pack with `tolerance`), sampled at
 * 60 Hz over the whole clip; the points are every skinned vertex (chapter
 * 06's CPU skinning) and every node's origin. The rotation lever is the
 * diagonal of the box around the rest pose's points. all: the skeleton of
 * every node; skel and sc: chapter 06's (skin_scene_load). resample > 0:
 * each clip resampled at that rate first (clip_resample: a capture's form),
 * the float clip of the line being the resampled one. */
bool compress_report(const gltf_document *doc, const skeleton *all, const skeleton *skel, skin_scene *sc,
                     const clip *clips, float tolerance, float resample, FILE *out, sa_error *err);

#endif
