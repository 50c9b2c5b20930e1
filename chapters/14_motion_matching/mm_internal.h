/* mm_internal.h: what the files of chapter 14's database share and the
 * controller does not need (motion_database.h is the contract). */
#ifndef CH14_MM_INTERNAL_H
#define CH14_MM_INTERNAL_H

#include "motion_database.h"

/* The arrays of a database of these counts (ranges and features unset);
 * on failure db is zeroed and "out of memory". */
bool mm_database_alloc(mm_database *db, int joint_count, int frame_count, int range_count, sa_error *err);

/* The range `frame` is in (the ranges cover the frames in order). */
int mm_range_of(const mm_database *db, int frame);

/* A world direction (x, y, z) in the character's frame of `heading`: the
 * inverse of chapter 10's root_motion_turn. */
void mm_world_to_character(float heading, const float world[3], float out[3]);

/* mm_mirror.c: mirror[j] is the joint named as j with left_ and right_
 * swapped (j itself when it has no such name or no such partner). */
bool mm_mirror_joints(const skeleton *s, int *mirror, sa_error *err);
/* Frame `to` as frame `from` reflected across the YZ plane (x -> -x): the
 * pose, the root, the heading and the contacts, left and right swapped. */
void mm_mirror_frame(mm_database *db, const int *mirror, int from, int to);
/* One local transform reflected across the YZ plane. */
void mm_mirror_transform(const transform *in, transform *out);

#endif
