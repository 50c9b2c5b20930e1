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

/* mm_capture.c: chapter 13's CMU captures, retargeted onto the humanoid.
 * mm_captures_load loads the files from dir (NULL: none) with their rigs
 * onto c's skeleton; where a file is missing it prints one note on stderr
 * and loads none (mm_captures_ranges 0). Fails on a file it cannot read. */
typedef struct mm_captures mm_captures;
bool mm_captures_load(mm_captures **caps, const mm_character *c, const char *dir, sa_error *err);
void mm_captures_free(mm_captures *caps);
/* The spans to record (0 without the files) and each one's frames. */
int mm_captures_ranges(const mm_captures *caps);
int mm_captures_frames(const mm_captures *caps, int range);
/* Span `range` into db from frame `first` on (its frames: the pose, the
 * root, the heading, the contacts). */
bool mm_captures_record(mm_captures *caps, int range, mm_database *db, int first, sa_error *err);

#endif
