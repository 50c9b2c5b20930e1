/* walk_export.h: --export, the humanoid with its walk and run (chapter 10).
 *
 * The one place where chapter 10 meets the asset generator: the humanoid is
 * made again by assets/make_humanoid.c (the same nodes, mesh, skin and clips
 * as assets/models/humanoid.gltf) and the gait clips are added to it with the
 * project's writer (assets/gltf_writer.h).
 */
#ifndef CH10_WALK_EXPORT_H
#define CH10_WALK_EXPORT_H

#include "walk.h"

#include "assets/gltf_writer.h"
#include "common/image.h"

/* Writes path (a .gltf, the texture beside it): the humanoid with its own
 * clips and `clips` added, each with its root motion baked back into the
 * pelvis's translation track (the character walks forward through one
 * loop, as any viewer plays it) and its events in extras.events. `nodes` is
 * the skeleton of every node of humanoid.gltf the clips were made over:
 * tracks go to the node of the same name. */
bool walk_export(const char *path, const skeleton *nodes, const walk_clip *clips, int count, sa_error *err);

/* A document made with make_humanoid (and more added to it) written to path
 * as a .gltf, with the humanoid's texture beside it (chapter 11's export
 * writes through this too). */
bool humanoid_export_write(const char *path, const gltf_out_document *doc, const image_rgba8 *texture, sa_error *err);

#endif
