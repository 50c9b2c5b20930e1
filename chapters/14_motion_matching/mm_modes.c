/* mm_modes.c: ch14_motion_matching's modes without a window (mm_modes.h). */
#include "mm_modes.h"

#include "common/app.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static void print_sizes(const mm_database *db)
{
    printf("database_frames: %d\ndatabase_bytes: %" PRIu64 "\ndatabase_ranges: %d\n", db->frame_count,
           mm_database_file_bytes(db), db->range_count);
}

int mm_run_build_database(const char *model_path, const mm_build_params *p, const char *out_path)
{
    sa_error err;
    mm_character c;
    mm_database db;
    memset(&db, 0, sizeof db);
    memset(&c, 0, sizeof c);
    bool ok = mm_character_load(&c, model_path, &err) && mm_database_build(&db, &c, p, &err) &&
              mm_database_save(&db, out_path, &err);
    if (ok)
        print_sizes(&db);
    mm_database_free(&db);
    mm_character_free(&c);
    return ok ? 0 : app_fail(&err);
}

int mm_run_load_database(const char *model_path, const char *path)
{
    sa_error err;
    mm_character c;
    mm_database db;
    memset(&db, 0, sizeof db);
    memset(&c, 0, sizeof c);
    bool ok = mm_database_load(&db, path, &err) && mm_character_load(&c, model_path, &err) &&
              mm_database_fits(&db, &c.all, path, &err);
    if (ok)
        print_sizes(&db);
    mm_database_free(&db);
    mm_character_free(&c);
    return ok ? 0 : app_fail(&err);
}
