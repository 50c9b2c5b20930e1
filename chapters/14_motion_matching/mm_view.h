/* mm_view.h: ch14_motion_matching's window and the modes that share its
 * start: the reader steers the humanoid (stick.h) and the controller
 * (controller.h) plays the database's frames; the desired trajectory and
 * the playing frame's own trajectory are drawn over the ground.
 *
 * The database is built when the window opens (2 s for its 24,300 frames
 * on one core here, nearly all of it chapter 13's feet pass over the CMU
 * spans; 0.7 s for the 21,600 generated ones the web page builds; its file
 * would be 25.4 MB to read or download) or read from --database FILE. */
#ifndef CH14_MM_VIEW_H
#define CH14_MM_VIEW_H

#include "common/app.h"

/* What the window and --dump-costs start from: the model, and a database
 * file (NULL: built). */
typedef struct mm_view_options {
    const char *model_path;    /* found (sa_path_find) */
    const char *database_path; /* NULL: mm_database_build with mm_build_defaults */
} mm_view_options;

/* The window. The character starts standing at the origin facing +Z, the
 * camera behind it, a little above, following it. With --time T the first T
 * seconds are simulated at 60 Hz on --check-mm's scripted stick
 * (mm_check_stick) before the first frame and the picture then stands still:
 * screenshots of any moment of the script. Returns the exit status. */
int mm_view_run(const cli_spec *spec, app_options *options, const mm_view_options *o);

/* --dump-costs FILE: the controller run on the scripted stick up to `time`
 * seconds, then the cost (mm_frame_cost) of every frame of the database
 * against the query of its last search, written as "frame cost" lines
 * (frames a search may not jump to: "frame -"), after two "# " lines: the
 * query's time, the best frame and its cost; "# query:" and the query's
 * MM_FEATURE_COUNT normalized values. '-': standard output. Returns the
 * exit status. */
int mm_run_dump_costs(const mm_view_options *o, double time, const char *out_path);

#endif
