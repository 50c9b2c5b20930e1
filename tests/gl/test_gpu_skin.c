/* GL tests of chapter 07: what the vertex shader computes, read back with
 * transform feedback, against chapter 06's CPU skinning of the same pose.
 *
 *   test_gpu_skin               the tube and the humanoid (assets/models)
 *   test_gpu_skin conformance   every skinned model of ../shared/conformance/gltf
 *                               (exit 77, skipped, when the folder is absent)
 *
 * For each model: a non-trivial procedural pose (every joint turned by up to
 * 30 degrees, each differently), chapter 06's skin_scene_run() on the CPU,
 * then the GPU's linear blend with the joints in the uniform block and in
 * the texture buffer; the largest distance between the two must stay below
 * 1e-4 of the diagonal of the skinned model's box. The dual-quaternion
 * program is checked the same way against the CPU reference (dual_quat.h),
 * in the same pose and with the tube's tip twisted by 180 degrees. */
#include "tests/test_util.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/06_cpu_skinning/procedural_pose.h"
#include "chapters/07_gpu_skinning/gpu_skin_gltf.h"
#include "common/app.h"
#include "tests/gl/gl_test_util.h"

#include <dirent.h>

static app the_app;

typedef struct loaded {
    gltf_document doc;
    skeleton skel;
    skin_scene sc;
    transform *local;
    float (**cpu)[3];         /* [primitive]: the CPU's positions */
    float (**cpu_normals)[3]; /* [primitive]: and normals */
} loaded;

static bool load(const char *path, loaded *m)
{
    memset(m, 0, sizeof *m);
    sa_error err;
    gltf_load_options options = gltf_load_options_default();
    options.decode_images = false;
    if (!gltf_load(path, &options, &m->doc, &err))
        fail_msg("%s", err.message);
    if (!skeleton_from_gltf(&m->doc, &m->skel, &err) || !skin_scene_init(&m->sc, &m->doc, &m->skel, &err))
        fail_msg("%s: %s", path, err.message);
    m->local = malloc(((size_t)m->skel.joint_count + 1) * sizeof *m->local);
    m->cpu = calloc((size_t)m->sc.primitive_count + 1, sizeof *m->cpu);
    m->cpu_normals = calloc((size_t)m->sc.primitive_count + 1, sizeof *m->cpu_normals);
    return m->sc.primitive_count > 0;
}

static void unload(loaded *m)
{
    for (int i = 0; i < m->sc.primitive_count; i++) {
        free(m->cpu[i]);
        free(m->cpu_normals[i]);
    }
    free(m->cpu);
    free(m->cpu_normals);
    free(m->local);
    skin_scene_free(&m->sc);
    skeleton_free(&m->skel);
    gltf_free(&m->doc);
}

/* The CPU's result for the pose in m->local: chapter 06 (linear), or the
 * dual-quaternion reference; copied into m->cpu. Returns the diagonal of the
 * box around it. */
static double skin_on_cpu(loaded *m, skin_method method, gpu_skin_scene *g)
{
    skeleton_local_to_model(&m->skel, m->local, m->sc.model_from_joint);
    skin_scene_run(&m->sc, &m->skel);
    vec3 lo = {INFINITY, INFINITY, INFINITY}, hi = {-INFINITY, -INFINITY, -INFINITY};
    for (int i = 0; i < m->sc.primitive_count; i++) {
        skinned_primitive *sp = &m->sc.primitives[i];
        const skinning_job *job = &sp->job;
        size_t n = job->vertex_count;
        if (method == SKIN_DUAL_QUAT) {
            gpu_skin_scene_update(g, &m->sc, &m->skel, SKIN_DUAL_QUAT); /* the dual quaternions */
            dq_skinning_run(n, g->skin_dq[sp->skin], job->joints_u8, job->joints_u16, job->weights, job->positions,
                            job->normals, sp->positions, sp->normals);
        }
        if (!m->cpu[i]) {
            m->cpu[i] = malloc((n ? n : 1) * sizeof *m->cpu[i]);
            m->cpu_normals[i] = malloc((n ? n : 1) * sizeof *m->cpu_normals[i]);
        }
        memcpy(m->cpu[i], sp->positions, n * sizeof *m->cpu[i]);
        memcpy(m->cpu_normals[i], sp->normals, n * sizeof *m->cpu_normals[i]);
        for (size_t v = 0; v < n; v++) {
            glm_vec3_minv(lo, sp->positions[v], lo);
            glm_vec3_maxv(hi, sp->positions[v], hi);
        }
    }
    return glm_vec3_distance(lo, hi);
}

/* The GPU's result for the same pose; the largest distance from the CPU's
 * positions, and in *normal_error from its normals (unit vectors). */
static double skin_on_gpu(loaded *m, gpu_skin_scene *g, skin_method method, double *normal_error)
{
    sa_error err;
    skeleton_local_to_model(&m->skel, m->local, m->sc.model_from_joint);
    gpu_skin_scene_update(g, &m->sc, &m->skel, method);
    if (!gpu_skin_scene_capture(g, &m->sc, method, &err))
        fail_msg("%s", err.message);
    double largest = 0.0;
    *normal_error = 0.0;
    for (int i = 0; i < m->sc.primitive_count; i++)
        for (size_t v = 0; v < m->sc.primitives[i].job.vertex_count; v++) {
            double d = glm_vec3_distance(m->cpu[i][v], m->sc.primitives[i].positions[v]);
            largest = d > largest || isnan(d) ? d : largest;
            d = glm_vec3_distance(m->cpu_normals[i][v], m->sc.primitives[i].normals[v]);
            *normal_error = d > *normal_error || isnan(d) ? d : *normal_error;
        }
    return largest;
}

static void compare(const char *path, loaded *m, gpu_skin_scene *g, skin_method method, const char *pose,
                    const char *storage)
{
    double diagonal = skin_on_cpu(m, method, g);
    double normal_error;
    double error = skin_on_gpu(m, g, method, &normal_error);
    printf("%s: %s, %s, %s: max |gpu - cpu| = %.3g (diagonal %.4g, ratio %.3g), normals %.3g\n", path,
           method == SKIN_LINEAR ? "linear" : "dual quaternions", storage, pose, error, diagonal, error / diagonal,
           normal_error);
    if (!(normal_error < 1e-4))
        fail_msg("%s: %s, %s, %s: a GPU normal is %.3g from the CPU's", path,
                 method == SKIN_LINEAR ? "linear" : "dual quaternions", storage, pose, normal_error);
    if (!(diagonal > 0.0) || !(error < 1e-4 * diagonal))
        fail_msg("%s: %s, %s, %s: the GPU's positions are %.3g from the CPU's, above 1e-4 of the model's size %.4g",
                 path, method == SKIN_LINEAR ? "linear" : "dual quaternions", storage, pose, error, diagonal);
}

/* Every check on one model; false when it has nothing skinned. */
static bool check_model(const char *path, bool dual_quaternions)
{
    loaded m;
    if (!load(path, &m)) {
        unload(&m);
        return false;
    }
    for (int pass = 0; pass < 2; pass++) {
        gpu_skin_scene g;
        sa_error err;
        if (!gpu_skin_scene_init(&g, &m.sc, &m.doc, pass == 1, &err) || !gpu_skin_scene_load_programs(&g, &err))
            fail_msg("%s: %s", path, err.message);
        const char *storage = g.storage == SKIN_UNIFORM_BLOCK ? "uniform block" : "texture buffer";
        EXPECT_INT(pass == 1 ? SKIN_TEXTURE_BUFFER : SKIN_UNIFORM_BLOCK, g.storage);
        pose_procedural(&m.skel, 0.8f, glm_rad(30.0f), m.local);
        compare(path, &m, &g, SKIN_LINEAR, "procedural pose", storage);
        if (dual_quaternions) {
            compare(path, &m, &g, SKIN_DUAL_QUAT, "procedural pose", storage);
            pose_twist(&m.skel, skeleton_find(&m.skel, "tip"), GLM_PIf, m.local);
            compare(path, &m, &g, SKIN_LINEAR, "tip twisted 180 deg", storage);
            compare(path, &m, &g, SKIN_DUAL_QUAT, "tip twisted 180 deg", storage);
        }
        gpu_skin_scene_free(&g);
    }
    unload(&m);
    return true;
}

static void tube(void **state)
{
    (void)state;
    EXPECT_TRUE(check_model(SA_SOURCE_DIR "/assets/models/tube.gltf", true));
    EXPECT_TRUE(check_model(SA_SOURCE_DIR "/assets/models/tube.glb", false));
}

static void humanoid(void **state)
{
    (void)state;
    EXPECT_TRUE(check_model(SA_SOURCE_DIR "/assets/models/humanoid.gltf", false));
}

/* Joint indices as u16 (chapter 06 keeps them so for skins over 256 joints):
 * the tube's influences widened to u16 go through GL_UNSIGNED_SHORT and the
 * same shader, and must give chapter 06's positions. */
static void u16_joint_indices(void **state)
{
    (void)state;
    loaded m;
    EXPECT_TRUE(load(SA_SOURCE_DIR "/assets/models/tube.gltf", &m));
    gpu_skin_scene g;
    sa_error err;
    if (!gpu_skin_scene_init(&g, &m.sc, &m.doc, false, &err) || !gpu_skin_scene_load_programs(&g, &err))
        fail_msg("%s", err.message);
    pose_procedural(&m.skel, 0.8f, glm_rad(30.0f), m.local);
    double diagonal = skin_on_cpu(&m, SKIN_LINEAR, &g);
    gpu_skin_scene_update(&g, &m.sc, &m.skel, SKIN_LINEAR);

    skinned_primitive *sp = &m.sc.primitives[0];
    size_t n = sp->job.vertex_count;
    skin_influences wide = sp->influences;
    EXPECT_TRUE(wide.joints_u8 != NULL);
    wide.joints_u8 = NULL;
    wide.joints_u16 = malloc(n * sizeof *wide.joints_u16);
    for (size_t v = 0; v < n; v++)
        for (int k = 0; k < 4; k++)
            wide.joints_u16[v][k] = sp->influences.joints_u8[v][k];
    gpu_mesh mesh;
    if (!skin_mesh_upload(&mesh, &m.doc.meshes[sp->mesh].primitives[sp->primitive], &wide, &err))
        fail_msg("%s", err.message);
    float(*got)[3] = malloc(n * sizeof *got);
    glUseProgram(g.programs[SKIN_LINEAR].program.id);
    skin_palette_bind(&g.palettes[sp->skin]);
    if (!skin_capture(&mesh, n, got, NULL, &err))
        fail_msg("%s", err.message);
    double largest = 0.0;
    for (size_t v = 0; v < n; v++) {
        double d = glm_vec3_distance(m.cpu[0][v], got[v]);
        largest = d > largest || isnan(d) ? d : largest;
    }
    printf("tube, u16 joints: max |gpu - cpu| = %.3g (diagonal %.4g)\n", largest, diagonal);
    if (!(largest < 1e-4 * diagonal))
        fail_msg("u16 joint indices: the GPU's positions are %.3g from the CPU's", largest);
    free(got);
    free(wide.joints_u16);
    gpu_mesh_unload(&mesh);
    gpu_skin_scene_free(&g);
    unload(&m);
}

/* The limit is the driver's: GL 3.3 guarantees a 16 KiB block, 256 matrices. */
static void block_limit_is_the_drivers(void **state)
{
    (void)state;
    GLint bytes = 0;
    glGetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &bytes);
    EXPECT_TRUE(bytes >= 16384);
    EXPECT_INT(bytes / 64, skin_block_max_matrices());
    EXPECT_INT(SKIN_UNIFORM_BLOCK, skin_storage_for(skin_block_max_matrices()));
    EXPECT_INT(SKIN_TEXTURE_BUFFER, skin_storage_for(skin_block_max_matrices() + 1));
    sa_error err;
    skin_program p;
    EXPECT_TRUE(!skin_program_load(&p, SKIN_LINEAR, SKIN_UNIFORM_BLOCK, skin_block_max_matrices() + 1, &err));
    EXPECT_STR_CONTAINS(err.message, "texture buffer");
    /* One more joint than a block holds: the texture buffer takes it. */
    EXPECT_TRUE(skin_program_load(&p, SKIN_LINEAR, SKIN_TEXTURE_BUFFER, skin_block_max_matrices() + 1, &err));
    skin_program_unload(&p);
}

static char conformance_dir[1024];

static int conformance(void)
{
    DIR *dir = opendir(conformance_dir);
    if (!dir)
        fail_msg("%s: cannot open it", conformance_dir);
    char names[64][256];
    int count = 0;
    struct dirent *e;
    while ((e = readdir(dir)) && count < 64) {
        size_t len = strlen(e->d_name);
        if (len > 5 && (strcmp(e->d_name + len - 5, ".gltf") == 0 || strcmp(e->d_name + len - 4, ".glb") == 0))
            snprintf(names[count++], sizeof names[0], "%s", e->d_name);
    }
    closedir(dir);
    int skinned = 0;
    for (int i = 0; i < count; i++) {
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", conformance_dir, names[i]);
        skinned += check_model(path, false);
    }
    printf("%d skinned models of %d files checked\n", skinned, count);
    return skinned > 0 ? 0 : 1;
}

static void conformance_models(void **state)
{
    (void)state;
    EXPECT_INT(0, conformance());
}

static int open_app(void **state)
{
    (void)state;
    return gl_test_open(&the_app, "test_gpu_skin");
}

static int close_app(void **state)
{
    (void)state;
    app_close(&the_app);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "conformance") == 0) {
        if (!sa_test_shared("gltf", conformance_dir, sizeof conformance_dir)) {
            printf("skipped: %s is absent\n", conformance_dir);
            return 77;
        }
        const struct CMUnitTest tests[] = {cmocka_unit_test(conformance_models)};
        return cmocka_run_group_tests_name("gpu_skin conformance", tests, open_app, close_app);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(block_limit_is_the_drivers),
        cmocka_unit_test(tube),
        cmocka_unit_test(humanoid),
        cmocka_unit_test(u16_joint_indices),
    };
    return cmocka_run_group_tests_name("gpu_skin", tests, open_app, close_app);
}
