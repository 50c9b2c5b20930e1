/* gl_exercise.c: see gl_exercise.h. */
#include "gl_exercise.h"

#include "common/app.h"
#include "tests/gl/gl_test_util.h"

static app the_app;
static const char *the_id;
static void (*the_run)(skin_storage, const char *);

static void uniform_block(void **state)
{
    (void)state;
    the_run(SKIN_UNIFORM_BLOCK, "uniform block");
}

static void texture_buffer(void **state)
{
    (void)state;
    the_run(SKIN_TEXTURE_BUFFER, "texture buffer");
}

static int open_app(void **state)
{
    (void)state;
    return gl_test_open(&the_app, the_id);
}

static int close_app(void **state)
{
    (void)state;
    app_close(&the_app);
    return 0;
}

int gl_exercise_main(char **argv, const char *id, const char *group, void (*run)(skin_storage, const char *))
{
    the_id = id;
    the_run = run;
    /* No display (X11): run again under a virtual one, and return what that
     * run returns. Windows has a desktop without DISPLAY: it opens its
     * context here. */
    char xvfb_run[1024];
    if (!sa_test_on_windows() && !getenv("DISPLAY") && !getenv("SA_GL_EXERCISE_UNDER_XVFB")) {
        if (!sa_test_find_program("xvfb-run", xvfb_run, sizeof xvfb_run)) {
            fprintf(stderr, "%s: no display, and no xvfb-run on PATH to make one\n", id);
            return 1;
        }
        /* Mesa keeps allocations until exit, so a leak check (sanitizer
         * builds) would blame it. */
        sa_error err;
        const char *asan = getenv("ASAN_OPTIONS");
        char options[512];
        snprintf(options, sizeof options, "%s%sdetect_leaks=0", asan ? asan : "", asan && asan[0] ? ":" : "");
        char self[2048];
        sa_executable_path(self, sizeof self);
        const char *child[] = {xvfb_run, "-a", self[0] ? self : argv[0], NULL};
        sa_process_result r;
        if (!sa_setenv("SA_GL_EXERCISE_UNDER_XVFB", "1", &err) || !sa_setenv("ASAN_OPTIONS", options, &err) ||
            !sa_process_run(child, 0, false, &r, &err)) {
            fprintf(stderr, "%s: no display, and xvfb-run could not be started: %s\n", id, err.message);
            return 1;
        }
        char how[64];
        if (!r.exited)
            fprintf(stderr, "%s: the run under xvfb-run ended with %s\n", id, sa_test_process_end(&r, how, sizeof how));
        return r.exited ? r.exit_code : 1;
    }
    /* SA_EXERCISE_CASE (tests/test_util.h) with the id known at run time:
     * each case first prints "ex07.1 case uniform_block:" on stderr. */
    char names[2][64];
    snprintf(names[0], sizeof names[0], "%s case uniform_block", id);
    snprintf(names[1], sizeof names[1], "%s case texture_buffer", id);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_prestate_setup_teardown(uniform_block, sa_exercise_case_setup, NULL, names[0]),
        cmocka_unit_test_prestate_setup_teardown(texture_buffer, sa_exercise_case_setup, NULL, names[1]),
    };
    return _cmocka_run_group_tests(group, tests, sizeof tests / sizeof tests[0], open_app, close_app);
}

void gl_exercise_capture(const skin_program *program, const skin_palette *palette, int n, const float (*positions)[3],
                         const float (*normals)[3], uint8_t (*joints)[4], float (*weights)[4], int joint_count,
                         float (*out_positions)[3], float (*out_normals)[3])
{
    sa_error err;
    uint32_t triangle[3] = {0, 1, 2};
    gltf_primitive prim;
    memset(&prim, 0, sizeof prim);
    prim.vertex_count = (size_t)n;
    prim.positions = positions;
    prim.normals = normals;
    prim.triangle_indices = triangle;
    prim.triangle_count = 1;
    skin_influences inf;
    memset(&inf, 0, sizeof inf);
    inf.vertex_count = (size_t)n;
    inf.joint_count = joint_count;
    inf.joints_u8 = joints;
    inf.weights = weights;
    gpu_mesh mesh;
    if (!skin_mesh_upload(&mesh, &prim, &inf, &err))
        fail_msg("%s", err.message);
    glUseProgram(program->program.id);
    skin_palette_bind(palette);
    if (!skin_capture(&mesh, (size_t)n, out_positions, out_normals, &err))
        fail_msg("%s", err.message);
    gpu_mesh_unload(&mesh);
}
