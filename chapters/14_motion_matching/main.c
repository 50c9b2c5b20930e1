/* ch14_motion_matching: motion matching, the humanoid's poses searched
 * from a database of its own motion.
 *
 * Chapter 14 records chapter 10's locomotion controller driven by a
 * scripted stick into a database (motion_database.h): each frame's pose,
 * the character's place, the feet's contacts and the features motion
 * matching compares (the feet, the hips, the trajectory of the next
 * second), normalized; then searches it for the frame that best continues
 * the present pose along the path asked for.
 *
 *   ch14_motion_matching --build-database FILE   build the database (seeded) and write it
 *   ch14_motion_matching --database FILE         read one back, checked against the humanoid
 */
#include "mm_modes.h"

#include "common/app.h"
#include "common/files.h"

#include <stdio.h>

#define DEFAULT_MODEL "assets/models/humanoid.gltf"
static const char *build_path = NULL, *database_path = NULL;
static int seed_option = -1;
static const cli_option options_extra[] = {
    {"--build-database", CLI_STRING, &build_path, "FILE",
     "build the database from chapter 10's controller driven by a scripted stick (seeded), mirrored, write it to "
     "FILE, print database_frames, database_bytes and database_ranges, and exit"},
    {"--seed", CLI_INT, &seed_option, "N", "with --build-database: the stick's seed (default 14)"},
    {"--database", CLI_STRING, &database_path, "FILE",
     "read a database FILE written by --build-database (checked against the humanoid)"},
};
static const cli_key keys[] = {{"H", "list the keys"}};
static const char *const modes[] = {"--build-database"};
static const cli_spec spec = {
    .program = "ch14_motion_matching",
    .summary = "motion matching: the humanoid's poses searched from a database of its own motion",
    .takes_model = true,
    CLI_TABLES(options_extra, keys, modes),
};

int main(int argc, char **argv)
{
    app_options options;
    int status = app_parse_command_line(&spec, argc, argv, &options);
    if (status >= 0)
        return status;
    if (seed_option != -1 && (!build_path || seed_option < 0)) {
        fprintf(stderr, "error: --seed takes N >= 0 and is for --build-database\n");
        return 2;
    }
    sa_error err;
    char model[SA_PATH_MAX];
    if (!sa_path_find(options.model ? options.model : DEFAULT_MODEL, model, sizeof model, &err))
        return app_fail(&err);
    if (build_path) {
        mm_build_params p = mm_build_defaults();
        if (seed_option >= 0)
            p.seed = (uint32_t)seed_option;
        return mm_run_build_database(model, &p, build_path);
    }
    if (database_path)
        return mm_run_load_database(model, database_path);
    /* the window (the controller half of issue 38) is not here yet */
    printf("ch14_motion_matching: no window yet; --build-database FILE, --database FILE\n");
    return 0;
}
