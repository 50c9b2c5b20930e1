/* mm_view.c: ch14_motion_matching's window (mm_view.h): the stick from the
 * keys or a gamepad, the controller stepped at 60 Hz, the humanoid drawn
 * GPU-skinned as chapter 10's window draws it, the trajectories over the
 * ground; and --dump-costs, which starts the same way. */
#include "mm_view.h"
#include "check_mm.h"
#include "controller.h"
#include "stick.h"

#include "chapters/04_bone_tree/text_lines.h"
#include "chapters/08_keyframes/animated_view.h"
#include "chapters/10_walk_cycle/walk.h"
#include "chapters/10_walk_cycle/walk_overlay.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STEPS_PER_FRAME 6 /* a slow frame catches up at most 0.1 s, as the clock's dt is clamped */
#define MAX_PREROLL 600.0     /* seconds of the script --time may simulate */

/* What the window and --dump-costs hold: the character the database is
 * made for, the database, its search index, the controller. */
typedef struct mm_session {
    mm_character ch;
    mm_database db;
    mm_search_index *index;
    mm_controller c;
    double build_seconds; /* the database's build or read, wall clock */
} mm_session;

static void session_free(mm_session *s)
{
    mm_controller_free(&s->c);
    mm_search_index_free(s->index);
    mm_database_free(&s->db);
    mm_character_free(&s->ch);
}

/* The character the database is made for. */
static bool session_open(mm_session *s, const mm_view_options *o, sa_error *err)
{
    memset(s, 0, sizeof *s);
    return mm_character_load(&s->ch, o->model_path, err);
}

/* The database (built, or read and checked against the skeleton), the
 * index and the controller at the first range's first frame. */
static bool session_database(mm_session *s, const mm_view_options *o, sa_error *err)
{
    double start = sa_time_monotonic();
    if (o->database_path) {
        if (!mm_database_load(&s->db, o->database_path, err) ||
            !mm_database_fits(&s->db, &s->ch.all, o->database_path, err))
            return false;
    } else {
        mm_build_params p = mm_build_defaults();
        if (!mm_database_build(&s->db, &s->ch, &p, err))
            return false;
    }
    s->build_seconds = sa_time_monotonic() - start;
    if (s->db.range_count < 1)
        return sa_error_set(err, "motion matching: the database has no frames");
    mm_controller_params p = mm_controller_defaults();
    return mm_search_index_build(&s->index, &s->db, err) &&
           mm_controller_init(&s->c, &p, &s->db, s->index, &s->ch.all, &s->ch.feet, s->db.range[0][0], err);
}

/* The script's steps from step `from` up to (not including) step `to`. */
static void session_script(mm_session *s, long from, long to)
{
    for (long step = from; step < to; step++) {
        float stick[2];
        bool run, strafe;
        mm_check_stick((double)step / MM_RATE, stick, &run, &strafe);
        mm_controller_step(&s->c, stick, run, strafe);
    }
}

/* [listing feature_trajectory] */
/* A frame's trajectory features back in metres, in its character's frame:
 * the stored, normalized values times their scale plus their mean (the
 * normalization of motion_database.h undone). */
static void feature_trajectory(const mm_database *db, int frame, float positions[MM_TRAJECTORY_POINTS][2],
                               float directions[MM_TRAJECTORY_POINTS][2])
{
    const float *stored = db->features + (size_t)frame * MM_FEATURE_COUNT;
    for (int i = 0; i < 2 * MM_TRAJECTORY_POINTS; i++) {
        int p = MM_F_TRAJ_POS + i, d = MM_F_TRAJ_DIR + i;
        positions[i / 2][i % 2] = stored[p] * db->scale[p] + db->mean[p];
        directions[i / 2][i % 2] = stored[d] * db->scale[d] + db->mean[d];
    }
}
/* [/listing] */

/* [listing draw_trajectory] */
/* A trajectory over the ground: a line from `from` through the three
 * horizons' points (world x, z), a cross and a dot at each and its facing
 * as a tick 0.3 m long, a centimetre up so that the grid does not hide it. */
static void draw_trajectory(debug_draw *lines, const float from[2], float positions[MM_TRAJECTORY_POINTS][2],
                            float directions[MM_TRAJECTORY_POINTS][2], const vec3 color)
{
    const float y = 0.01f;
    float last[3] = {from[0], y, from[1]};
    for (int i = 0; i < MM_TRAJECTORY_POINTS; i++) {
        float p[3] = {positions[i][0], y, positions[i][1]};
        float tip[3] = {p[0] + 0.3f * directions[i][0], y, p[2] + 0.3f * directions[i][1]};
        debug_draw_line(lines, last, p, color);
        debug_draw_line(lines, p, tip, color);
        draw_cross(lines, p, 0.08f, color);
        debug_draw_point(lines, p, color);
        glm_vec3_copy(p, last);
    }
}
/* [/listing] */

/* [listing draw_trajectories] */
/* Both trajectories of this step, in the world: the DESIRED one (green),
 * the simulated character's prediction from the stick (spring.h), from the
 * simulated character; and the playing frame's own (orange), its features
 * turned from the frame's character frame onto the animated root, where
 * the query put the desired one for the search to compare. */
static void draw_trajectories(debug_draw *lines, const mm_controller *c)
{
    float positions[MM_TRAJECTORY_POINTS][2], directions[MM_TRAJECTORY_POINTS][2];
    sim_predict(&c->sim, &c->params.sim, c->desired_velocity, c->desired_heading, positions, directions);
    draw_trajectory(lines, c->sim.position, positions, directions, (vec3){0.3f, 1.0f, 0.4f});
    feature_trajectory(c->db, c->frame, positions, directions);
    for (int i = 0; i < MM_TRAJECTORY_POINTS; i++) {
        float p[3], d[3];
        root_motion_turn((float[3]){positions[i][0], 0, positions[i][1]}, c->root_heading, p);
        root_motion_turn((float[3]){directions[i][0], 0, directions[i][1]}, c->root_heading, d);
        positions[i][0] = c->root_position[0] + p[0], positions[i][1] = c->root_position[1] + p[2];
        directions[i][0] = d[0], directions[i][1] = d[2];
    }
    draw_trajectory(lines, c->root_position, positions, directions, (vec3){1.0f, 0.6f, 0.15f});
}
/* [/listing] */

/* The keys held and the gamepad: this step's stick (stick.h). */
static stick_state read_stick(const app *a)
{
    stick_keys keys = {
        .forward = app_key_down(a, GLFW_KEY_W) || app_key_down(a, GLFW_KEY_UP),
        .back = app_key_down(a, GLFW_KEY_S) || app_key_down(a, GLFW_KEY_DOWN),
        .left = app_key_down(a, GLFW_KEY_A) || app_key_down(a, GLFW_KEY_LEFT),
        .right = app_key_down(a, GLFW_KEY_D) || app_key_down(a, GLFW_KEY_RIGHT),
        .run = app_key_down(a, GLFW_KEY_LEFT_SHIFT) || app_key_down(a, GLFW_KEY_RIGHT_SHIFT),
        .strafe = app_key_down(a, GLFW_KEY_LEFT_CONTROL) || app_key_down(a, GLFW_KEY_RIGHT_CONTROL),
    };
    float pad[2];
    bool pad_run;
    bool has_pad = app_gamepad_stick(a, pad, &pad_run);
    return stick_from_input(STICK_DEAD_ZONE, &keys, has_pad ? pad : NULL, pad_run, a->camera.yaw);
}

/* The overlay's lines (text_draw cuts at 64 characters). The first says
 * only what the reader asks: it stands still while no key is held. */
static void status_lines(const mm_session *s, const stick_state *st, bool scripted, char *one, char *two, size_t size)
{
    const mm_controller *c = &s->c;
    float length = hypotf(st->stick[0], st->stick[1]);
    snprintf(one, size, "%s %.2f m/s%s%s", scripted ? "script: ask" : "ask",
             (double)(length * (st->run ? c->params.sim.run_speed : c->params.sim.walk_speed)),
             st->run && length > 0 ? "  run" : "", st->strafe && length > 0 ? "  strafe" : "");
    int range = 0;
    while (range + 1 < s->db.range_count && c->frame >= s->db.range[range][1])
        range++;
    snprintf(two, size, "frame %d of %d (range %d)  searches %ld  jumps %ld", c->frame, s->db.frame_count, range,
             c->searches, c->transitions);
}

int mm_view_run(const cli_spec *spec, app_options *options, const mm_view_options *o)
{
    if (options->fixed_time && !(options->time <= MAX_PREROLL)) {
        fprintf(stderr, "error: --time: %g s; the window simulates at most %g s of the script\n", (double)options->time,
                MAX_PREROLL);
        return 2;
    }
    sa_error err;
    mm_session s;
    animated_view v = {0};
    bool ok = session_open(&s, o, &err) && animated_view_load(&v, o->model_path, true, &err);
    if (ok && v.all.joint_count != s.ch.all.joint_count)
        ok = sa_error_set(&err, "%s: the view's skeleton has %d nodes, the database's %d", o->model_path,
                          v.all.joint_count, s.ch.all.joint_count);
    app a;
    if (!ok || !app_open(&a, spec, options, &err)) {
        animated_view_free(&v);
        session_free(&s);
        return app_fail(&err);
    }
    ok = animated_view_open(&v, o->model_path, &err);
    /* the camera behind the character (which faces +Z), above it: the
     * trajectories of the next second lie in front, on the ground */
    a.camera.yaw = (float)GLM_PI, a.camera.pitch = glm_rad(40.0f), a.camera.distance = 6.0f;
    v.lines.depth_test = true; /* the ground and the paths go behind the character's legs */
    glm_vec3_copy((vec3){0, 0.9f, 0}, a.camera.target);
    /* A window that opens on a picture: the building takes a second here,
     * longer in a browser. (Not with --time: its frames are the script's.) */
    if (ok && !options->fixed_time && app_frame_begin(&a)) {
        mat4 clip_from_world, clip_from_screen;
        memcpy(v.pose, v.all.rest_local, (size_t)v.all.joint_count * sizeof *v.pose);
        animated_view_place(&v, NULL);
        app_clip_from_world(&a, clip_from_world);
        animated_view_draw(&v, clip_from_world);
        draw_ground(&v.lines, (float[3]){0, 0, 0});
        debug_draw_flush(&v.lines, clip_from_world, 6.0f);
        text_clip_from_screen(a.width, a.height, clip_from_screen);
        text_draw(&v.text, 10.0f, 8.0f, 1.5f, "building the database ...", (vec3){1, 1, 1});
        debug_draw_flush(&v.text, clip_from_screen, 1.0f);
        ok = app_frame_end(&a, &err);
    }
    if (ok && session_database(&s, o, &err)) {
        printf("database: %s, %d frames in %d ranges, %.2f s\n", o->database_path ? o->database_path : "built",
               s.db.frame_count, s.db.range_count, s.build_seconds);
        fflush(stdout);
    } else
        ok = false;
    long step = 0, script_from = -1; /* P: the script runs from step script_from */
    if (options->fixed_time) {
        long steps = (long)(options->time * MM_RATE + 0.5);
        session_script(&s, 0, steps);
        step = steps, script_from = 0;
    }
    bool show_trajectories = true;
    double owed = 0.0; /* seconds of the clock not stepped yet */
    while (ok && app_frame_begin(&a)) {
        if (app_key_pressed(&a, GLFW_KEY_T))
            show_trajectories = !show_trajectories;
        if (app_key_pressed(&a, GLFW_KEY_P))
            script_from = script_from < 0 ? step : -1;
        stick_state st = read_stick(&a);
        /* [listing window_steps] */
        /* The controller steps at MM_RATE whatever the display's rate: the
         * clock's time is spent in whole steps, the rest owed to the next frame. */
        owed += a.dt;
        for (int n = 0; owed >= 1.0 / MM_RATE && n < MAX_STEPS_PER_FRAME; n++, step++) {
            owed -= 1.0 / MM_RATE;
            if (script_from >= 0)
                mm_check_stick((double)(step - script_from) / MM_RATE, st.stick, &st.run, &st.strafe);
            mm_controller_step(&s.c, st.stick, st.run, st.strafe);
        }
        owed = fmin(owed, 1.0 / MM_RATE);
        /* [/listing] */
        if (script_from >= 0) /* the label shows the script's stick */
            mm_check_stick((double)(step - script_from) / MM_RATE, st.stick, &st.run, &st.strafe);
        mat4 world_from_model, clip_from_world, clip_from_screen;
        mm_controller_world_from_model(&s.c, world_from_model);
        memcpy(v.pose, s.c.pose, (size_t)v.all.joint_count * sizeof *v.pose);
        animated_view_place(&v, world_from_model);
        glm_vec3_copy((vec3){s.c.root_position[0], 0.9f, s.c.root_position[1]}, a.camera.target); /* follow */
        app_clip_from_world(&a, clip_from_world);
        animated_view_draw(&v, clip_from_world);
        float root[3] = {s.c.root_position[0], 0, s.c.root_position[1]};
        draw_ground(&v.lines, root);
        if (show_trajectories)
            draw_trajectories(&v.lines, &s.c);
        debug_draw_flush(&v.lines, clip_from_world, 6.0f);
        char one[96], two[96];
        status_lines(&s, &st, script_from >= 0, one, two, sizeof one);
        text_clip_from_screen(a.width, a.height, clip_from_screen);
        text_draw(&v.text, 10.0f, 8.0f, 1.5f, one, (vec3){1, 1, 1});
        text_draw(&v.text, 10.0f, 30.0f, 1.2f, two, (vec3){0.85f, 0.85f, 0.85f});
        text_draw(&v.text, 10.0f, 48.0f, 1.2f, "WASD/arrows steer  Shift run  Ctrl strafe  T paths  P script",
                  (vec3){0.85f, 0.85f, 0.85f});
        debug_draw_flush(&v.text, clip_from_screen, 1.0f);
        if (!app_frame_end(&a, &err))
            ok = false;
    }
    animated_view_close(&v);
    app_close(&a);
    animated_view_free(&v);
    session_free(&s);
    return ok ? 0 : app_fail(&err);
}

/* [listing dump_costs] */
int mm_run_dump_costs(const mm_view_options *o, double time, const char *out_path)
{
    sa_error err;
    mm_session s;
    /* [elide opening the session: the character, the database, the controller] */
    if (!session_open(&s, o, &err) || !session_database(&s, o, &err)) {
        session_free(&s);
        return app_fail(&err);
    }
    /* [/elide] */
    /* the script up to `time`: the controller's query of its last search */
    session_script(&s, 0, (long)(time * MM_RATE + 0.5));
    const mm_database *db = &s.db;
    float best_cost;
    int best = mm_search_brute_force(db, s.c.query, &best_cost);
    FILE *f = strcmp(out_path, "-") == 0 ? stdout : fopen(out_path, "w");
    /* [elide the file that cannot be opened] */
    if (!f) {
        session_free(&s);
        sa_error_set(&err, "%s: cannot write", out_path);
        return app_fail(&err);
    }
    /* [/elide] */
    fprintf(f, "# the query of the last search before %.3f s of --check-mm's stick; best frame %d, cost %.6g\n", time,
            best, (double)best_cost);
    fprintf(f, "# query:");
    for (int i = 0; i < MM_FEATURE_COUNT; i++)
        fprintf(f, " %.9g", (double)s.c.query[i]);
    fprintf(f, "\n");
    for (int frame = 0; frame < db->frame_count; frame++)
        if (mm_frame_searchable(db, frame))
            fprintf(f, "%d %.6g\n", frame,
                    (double)mm_frame_cost(db->features + (size_t)frame * MM_FEATURE_COUNT, s.c.query,
                                          MM_FEATURE_COUNT));
        else
            fprintf(f, "%d -\n", frame);
    /* [elide closing the file, freeing the session] */
    bool written = f == stdout ? fflush(f) == 0 : fclose(f) == 0;
    session_free(&s);
    if (!written) {
        sa_error_set(&err, "%s: cannot write", out_path);
        return app_fail(&err);
    }
    return 0;
    /* [/elide] */
}
/* [/listing] */
