/* mm_modes.h: ch14_motion_matching's modes without a window (mm_modes.c). */
#ifndef CH14_MM_MODES_H
#define CH14_MM_MODES_H

#include "motion_database.h"

/* --build-database FILE: the database built for the character at
 * model_path, written to out_path; prints database_frames,
 * database_bytes, database_ranges. Returns the exit status. */
int mm_run_build_database(const char *model_path, const mm_build_params *p, const char *out_path);

/* --database FILE alone: the file loaded and checked against the
 * character's skeleton; prints the same three lines. */
int mm_run_load_database(const char *model_path, const char *path);

#endif
