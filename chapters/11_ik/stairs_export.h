/* stairs_export.h: ch11_ik's modes that write the stairs walk out:
 * --export (a glTF file any viewer plays) and --dump-pose (one pose of it,
 * chapter 04's format), both posed by stairs_demo_step at 30 Hz.
 */
#ifndef CH11_STAIRS_EXPORT_H
#define CH11_STAIRS_EXPORT_H

#include "stairs_demo.h"

/* The bake's rate: one key every 1 / 30 s. */
#define STAIRS_BAKE_RATE 30.0

/* --export: writes path (a .gltf, the humanoid's texture beside it): the
 * humanoid (assets/make_humanoid.c, its own clips kept), the stairs
 * (assets/make_stairs.c) and the animation "stairs_walk", the whole walk of
 * d (freshly loaded) sampled at STAIRS_BAKE_RATE: every skin joint's
 * rotation, FK + IK + aim, and the hips' translation, with the root motion
 * (world_from_model) put into the hips' translation and rotation. */
bool stairs_export(const char *path, stairs_demo *d, sa_error *err);

/* --dump-pose and --dump-weights: d (freshly loaded) walked to time t as
 * the bake walks (stairs_demo_run_to at STAIRS_BAKE_RATE); to pose_path
 * (unless NULL) every node of the humanoid in chapter 04's format, the root
 * motion in the hips, else to weights_path the morph weights (the face) in
 * chapter 08's ('-': standard output). Returns the exit status. */
int stairs_dump(stairs_demo *d, double t, const char *pose_path, const char *weights_path);

#endif
