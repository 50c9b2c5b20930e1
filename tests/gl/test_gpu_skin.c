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
 * in the same pose and with the tube's tip twisted by 180 degrees; that
 * reference blends the same dual quaternions the GPU gets, so the tube is
 * also checked against a reference of its own that starts from the skin
 * matrices (dual_quats_against_skin_matrices: tip twists of 179, 181 and 270
 * degrees, the middle joint twisted or bent). */
#include "tests/test_util.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/06_cpu_skinning/procedural_pose.h"
#include "chapters/07_gpu_skinning/gpu_skin_gltf.h"
#include "common/app.h"
#include "tests/gl/gl_test_util.h"

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

/* Where the context has no texture buffers (WebGL 2, issue 24): a texture
 * buffer that is wanted becomes the uniform block, said by fell_back, while
 * the skin fits in it; past it, an error. A block of 256 matrices, as GL
 * 3.3's least (16 KiB) holds. */
static void storage_without_texture_buffers(void **state)
{
    (void)state;
    const struct {
        int joints;
        bool force, has;
        bool ok;
        skin_storage storage;
        bool fell_back;
    } cases[] = {
        {10, false, true, true, SKIN_UNIFORM_BLOCK, false},    /* fits, not forced: the block */
        {10, true, true, true, SKIN_TEXTURE_BUFFER, false},    /* forced where there is one */
        {300, false, true, true, SKIN_TEXTURE_BUFFER, false},  /* too big for the block */
        {10, false, false, true, SKIN_UNIFORM_BLOCK, false},   /* the web, nothing wanted */
        {10, true, false, true, SKIN_UNIFORM_BLOCK, true},     /* the web, forced: falls back */
        {256, true, false, true, SKIN_UNIFORM_BLOCK, true},    /* the web, a full block */
        {257, false, false, false, SKIN_UNIFORM_BLOCK, false}, /* the web, one joint past the block */
        {257, true, false, false, SKIN_UNIFORM_BLOCK, true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        skin_storage storage = (skin_storage)-1;
        bool fell_back = !cases[i].fell_back;
        sa_error err = {""};
        bool ok = skin_storage_choose(cases[i].joints, cases[i].force, cases[i].has, 256, &storage, &fell_back, &err);
        if (ok != cases[i].ok || (ok && (storage != cases[i].storage || fell_back != cases[i].fell_back)))
            fail_msg("gpu skin: skin_storage_choose(%d joints, force %d, has texture buffers %d, block 256): ok %d, "
                     "storage %d, fell_back %d; expected ok %d, storage %d, fell_back %d",
                     cases[i].joints, cases[i].force, cases[i].has, ok, (int)storage, fell_back, cases[i].ok,
                     (int)cases[i].storage, cases[i].fell_back);
        if (!ok) {
            EXPECT_STR_CONTAINS(err.message, "257 joints");
            EXPECT_STR_CONTAINS(err.message, "holds 256");
            EXPECT_STR_CONTAINS(err.message, "no texture buffers");
        }
    }
}

/* --- dual quaternions against an independent CPU path (issue 14) ------------ */

/* Quaternions here are double x, y, z, w, and written out again: the
 * reference shares nothing with dual_quat.h but the skin matrices. */
static void q_mul(const double a[4], const double b[4], double out[4])
{
    double r[4] = {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
                   a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
                   a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
                   a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
    memcpy(out, r, sizeof r);
}

/* The rotation of a rigid matrix (columns divided by their lengths) as a
 * unit quaternion, by Shepperd's method: the largest of w, x, y, z first. */
static void q_from_matrix(mat4 m, double q[4])
{
    double r[3][3]; /* r[row][column] */
    for (int c = 0; c < 3; c++) {
        double length = sqrt((double)m[c][0] * m[c][0] + (double)m[c][1] * m[c][1] + (double)m[c][2] * m[c][2]);
        for (int row = 0; row < 3; row++)
            r[row][c] = m[c][row] / length;
    }
    double trace = r[0][0] + r[1][1] + r[2][2];
    double four[4] = {1 + 2 * r[0][0] - trace, 1 + 2 * r[1][1] - trace, 1 + 2 * r[2][2] - trace, 1 + trace};
    int big = 0; /* 4 x^2, 4 y^2, 4 z^2, 4 w^2: take the root of the largest */
    for (int i = 1; i < 4; i++)
        big = four[i] > four[big] ? i : big;
    double h = 0.5 * sqrt(four[big]), f = 0.25 / h;
    double wx = (r[2][1] - r[1][2]) * f, wy = (r[0][2] - r[2][0]) * f, wz = (r[1][0] - r[0][1]) * f;
    double xy = (r[0][1] + r[1][0]) * f, xz = (r[0][2] + r[2][0]) * f, yz = (r[1][2] + r[2][1]) * f;
    double all[4][4] = {{h, xy, xz, wx}, {xy, h, yz, wy}, {xz, yz, h, wz}, {wx, wy, wz, h}};
    memcpy(q, all[big], 4 * sizeof *q);
}

/* Dual-quaternion skinning of one vertex from the skin matrices: each real
 * part on the side of the first influence's, blended, divided by the length
 * of the blended real part, applied (rotate by real, then translate by
 * 2 dual conj(real)). */
static void dq_reference(mat4 *skin_matrix, const int joints[4], const float weights[4], const float p[3],
                         double out[3])
{
    double pivot[4] = {0}, real[4] = {0}, dual[4] = {0};
    for (int i = 0; i < 4; i++) {
        double q[4],
            t[4] = {skin_matrix[joints[i]][3][0], skin_matrix[joints[i]][3][1], skin_matrix[joints[i]][3][2], 0}, d[4];
        q_from_matrix(skin_matrix[joints[i]], q);
        if (i == 0)
            memcpy(pivot, q, sizeof pivot);
        q_mul(t, q, d); /* d = 0.5 t q */
        double sign = q[0] * pivot[0] + q[1] * pivot[1] + q[2] * pivot[2] + q[3] * pivot[3] < 0 ? -1.0 : 1.0;
        for (int c = 0; c < 4; c++) {
            real[c] += weights[i] * sign * q[c];
            dual[c] += weights[i] * sign * 0.5 * d[c];
        }
    }
    double length = sqrt(real[0] * real[0] + real[1] * real[1] + real[2] * real[2] + real[3] * real[3]);
    for (int c = 0; c < 4; c++)
        real[c] /= length, dual[c] /= length;
    double conj[4] = {-real[0], -real[1], -real[2], real[3]}, point[4] = {p[0], p[1], p[2], 0}, moved[4], t[4];
    q_mul(real, point, moved);
    q_mul(moved, conj, moved);
    q_mul(dual, conj, t);
    for (int c = 0; c < 3; c++)
        out[c] = moved[c] + 2.0 * t[c];
}

/* The tube through the public GPU path (gpu_skin_scene_update, then
 * transform feedback) with the dual-quaternion program, against
 * dq_reference() from chapter 05's skin matrices of the same pose: the tip
 * twisted by 179, 181 and 270 degrees about its bone, alone, with the middle
 * joint twisted -100 degrees first (so that the real parts' signs differ
 * whichever sign a conversion picks for a quaternion), and with the middle
 * joint bent 40 degrees about z (an axis that misses the origin, so that a
 * translation carried on the wrong side of the rotation shows). */
static void dual_quats_against_skin_matrices(void **state)
{
    (void)state;
    loaded m;
    EXPECT_TRUE(load(SA_SOURCE_DIR "/assets/models/tube.gltf", &m));
    int tip = skeleton_find(&m.skel, "tip"), middle = skeleton_find(&m.skel, "middle");
    assert_true(tip >= 0 && middle >= 0);
    for (int pass = 0; pass < 2; pass++) {
        gpu_skin_scene g;
        sa_error err;
        if (!gpu_skin_scene_init(&g, &m.sc, &m.doc, pass == 1, &err) || !gpu_skin_scene_load_programs(&g, &err))
            fail_msg("%s", err.message);
        const double degrees[3] = {179, 181, 270};
        const char *const middle_pose[3] = {"", ", middle twisted -100 deg", ", middle bent 40 deg"};
        for (int turned = 0; turned < 3; turned++)
            for (int a = 0; a < 3; a++) {
                pose_twist(&m.skel, tip, glm_rad((float)degrees[a]), m.local);
                if (turned) {
                    versor turn;
                    if (turned == 1)
                        glm_quatv(turn, glm_rad(-100.0f), (vec3){0, 1, 0});
                    else
                        glm_quatv(turn, glm_rad(40.0f), (vec3){0, 0, 1});
                    glm_quat_mul(m.local[middle].rotation, turn, m.local[middle].rotation);
                }
                skeleton_local_to_model(&m.skel, m.local, m.sc.model_from_joint);
                gpu_skin_scene_update(&g, &m.sc, &m.skel, SKIN_DUAL_QUAT);
                if (!gpu_skin_scene_capture(&g, &m.sc, SKIN_DUAL_QUAT, &err))
                    fail_msg("%s", err.message);
                double largest = 0.0, diagonal = 0.0;
                for (int i = 0; i < m.sc.primitive_count; i++) {
                    skinned_primitive *sp = &m.sc.primitives[i];
                    const skinning_job *job = &sp->job;
                    for (size_t v = 0; v < job->vertex_count; v++) {
                        int joints[4];
                        for (int k = 0; k < 4; k++)
                            joints[k] = job->joints_u8 ? job->joints_u8[v][k] : job->joints_u16[v][k];
                        double want[3];
                        dq_reference(m.sc.skin_matrix[sp->skin], joints, job->weights[v], job->positions[v], want);
                        double d = 0.0;
                        for (int c = 0; c < 3; c++)
                            d += (want[c] - sp->positions[v][c]) * (want[c] - sp->positions[v][c]);
                        largest = sqrt(d) > largest || isnan(d) ? sqrt(d) : largest;
                        diagonal = fmax(diagonal, glm_vec3_norm((float *)job->positions[v]));
                    }
                }
                printf("tube, dual quaternions (%s), tip twisted %g deg%s: max |gpu - reference| = %.3g (size %.3g)\n",
                       pass ? "texture buffer" : "uniform block", degrees[a], middle_pose[turned], largest, diagonal);
                if (!(largest < 1e-4 * diagonal))
                    fail_msg("dual quaternions, tip twisted %g degrees%s: the GPU is %.3g from the reference built "
                             "from the skin matrices",
                             degrees[a], middle_pose[turned], largest);
            }
        gpu_skin_scene_free(&g);
    }
    unload(&m);
}

/* --- morph targets (issue 36) ------------------------------------------------ */

/* morph_active_choose by hand: zeros left out, target order kept; past
 * MORPH_MAX_ACTIVE the largest magnitudes, ties to the earlier target. */
static void morph_active_by_hand(void **state)
{
    (void)state;
    morph_active a;
    const float few[5] = {0.0f, 0.5f, 0.0f, -1.0f, 2.0f};
    EXPECT_TRUE(morph_active_choose(5, few, &a));
    EXPECT_INT(3, a.count);
    EXPECT_INT(1, a.target[0]);
    EXPECT_INT(3, a.target[1]);
    EXPECT_INT(4, a.target[2]);
    EXPECT_TRUE(a.weight[0] == 0.5f && a.weight[1] == -1.0f && a.weight[2] == 2.0f);
    EXPECT_TRUE(morph_active_choose(0, few, &a));
    EXPECT_INT(0, a.count);
    const float none[3] = {0, 0, 0};
    EXPECT_TRUE(morph_active_choose(3, none, &a));
    EXPECT_INT(0, a.count);
    /* 70 targets, target t weighing (t + 1) / 100, but target 5 weighing -2
     * and targets 10 and 11 both 0.065. By magnitude: target 5, targets 69
     * down to 12 (58 of them), 9 8 7 6 (0.10 .. 0.07): 63; then the tie
     * 0.065: target 10 is the 64th, target 11 and targets 0..4 are left out.
     * In target order: 5 6 7 8 9 10 12 13 ... 69. */
    float many[70];
    for (int t = 0; t < 70; t++)
        many[t] = (float)(t + 1) / 100.0f;
    many[5] = -2.0f;
    many[10] = many[11] = 0.065f;
    EXPECT_TRUE(!morph_active_choose(70, many, &a));
    EXPECT_INT(MORPH_MAX_ACTIVE, a.count);
    EXPECT_INT(5, a.target[0]);
    EXPECT_INT(6, a.target[1]);
    EXPECT_INT(10, a.target[5]);
    EXPECT_INT(12, a.target[6]);
    EXPECT_INT(69, a.target[63]);
    EXPECT_TRUE(a.weight[0] == -2.0f);
    /* A tie at the edge: 65 equal weights, the first 64 kept. */
    float equal[65];
    for (int t = 0; t < 65; t++)
        equal[t] = 0.25f;
    EXPECT_TRUE(!morph_active_choose(65, equal, &a));
    EXPECT_INT(64, a.count);
    EXPECT_INT(0, a.target[0]);
    EXPECT_INT(63, a.target[63]);
}

/* A synthetic primitive through the shader's morph, against the morph
 * written here from the spec (base + sum of weight x delta, the normal then
 * normalized; the skin the identity): 3000 vertices and target_count
 * targets, so that the deltas fill many rows of the texture (texel
 * addressing past the first row). Target 1 has no normal deltas (NULL:
 * zeros). With 70 targets, every weight non-zero: the GPU adds the 64
 * largest, the reference too. */
static void morph_synthetic(int target_count, const char *what)
{
    enum { N = 3000 };
    static float positions[N][3], normals[N][3], out_positions[N][3], out_normals[N][3];
    static uint32_t indices[3] = {0, 1, 2};
    float(*deltas)[N][3] = malloc((size_t)target_count * 2 * sizeof *deltas);
    const float(**position_deltas)[3] = malloc((size_t)target_count * sizeof *position_deltas);
    const float(**normal_deltas)[3] = malloc((size_t)target_count * sizeof *normal_deltas);
    float weights[80];
    assert_true(deltas && position_deltas && normal_deltas && target_count <= 80);
    for (int v = 0; v < N; v++) {
        positions[v][0] = (float)(v % 17) * 0.1f;
        positions[v][1] = (float)(v % 13) * -0.2f;
        positions[v][2] = (float)(v / 100) * 0.05f;
        normals[v][0] = 0.0f, normals[v][1] = 1.0f, normals[v][2] = 0.0f;
    }
    for (int t = 0; t < target_count; t++) {
        for (int v = 0; v < N; v++)
            for (int c = 0; c < 3; c++) {
                deltas[2 * t][v][c] = (float)((v * 7 + t * 13 + c * 5) % 23) * 0.01f - 0.1f;
                deltas[2 * t + 1][v][c] = (float)((v * 3 + t * 11 + c * 7) % 19) * 0.02f - 0.2f;
            }
        position_deltas[t] = (const float(*)[3])deltas[2 * t];
        normal_deltas[t] = t == 1 ? NULL : (const float(*)[3])deltas[2 * t + 1];
        weights[t] = target_count > MORPH_MAX_ACTIVE ? (float)(t + 1) / 100.0f
                                                     : (t % 3 == 2 ? 0.0f : 0.3f * (float)t - 0.5f);
    }
    uint8_t(*joints)[4] = calloc(N, sizeof *joints);
    float(*influence)[4] = calloc(N, sizeof *influence);
    for (int v = 0; v < N; v++)
        influence[v][0] = 1.0f;
    skin_influences inf = {.vertex_count = N, .joint_count = 1, .joints_u8 = joints, .weights = influence};
    gltf_primitive prim = {.vertex_count = N,
                           .positions = (const float(*)[3])positions,
                           .normals = (const float(*)[3])normals,
                           .triangle_indices = indices,
                           .triangle_count = 1};
    sa_error err;
    gpu_mesh mesh;
    skin_program program;
    skin_palette palette;
    GLuint texture;
    if (!skin_mesh_upload(&mesh, &prim, &inf, &err) ||
        !skin_program_load(&program, SKIN_LINEAR, SKIN_UNIFORM_BLOCK, 1, &err) ||
        !skin_palette_init(&palette, SKIN_UNIFORM_BLOCK, 1, &err) ||
        !morph_texture_upload(&texture, N, target_count, position_deltas, normal_deltas, &err))
        fail_msg("%s: %s", what, err.message);
    mat4 identity[1];
    glm_mat4_identity(identity[0]);
    skin_palette_upload_matrices(&palette, 1, identity);
    morph_active active;
    morph_active_choose(target_count, weights, &active);
    glUseProgram(program.program.id);
    skin_palette_bind(&palette);
    morph_bind(&program, texture, target_count, &active);
    if (!skin_capture(&mesh, N, out_positions, out_normals, &err))
        fail_msg("%s: %s", what, err.message);
    /* The reference: the spec's sum over the targets drawn (all of them,
     * or with 70 the 64 of largest weight: 7 .. 70 hundredths, t >= 6). */
    double largest = 0.0, largest_normal = 0.0;
    for (int v = 0; v < N; v++) {
        double p[3] = {positions[v][0], positions[v][1], positions[v][2]};
        double n[3] = {normals[v][0], normals[v][1], normals[v][2]};
        for (int t = target_count > MORPH_MAX_ACTIVE ? target_count - MORPH_MAX_ACTIVE : 0; t < target_count; t++)
            for (int c = 0; c < 3; c++) {
                p[c] += weights[t] * deltas[2 * t][v][c];
                n[c] += t == 1 ? 0.0 : weights[t] * deltas[2 * t + 1][v][c];
            }
        double length = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), d = 0.0, dn = 0.0;
        for (int c = 0; c < 3; c++) {
            d += (p[c] - out_positions[v][c]) * (p[c] - out_positions[v][c]);
            dn += (n[c] / length - out_normals[v][c]) * (n[c] / length - out_normals[v][c]);
        }
        largest = sqrt(d) > largest || isnan(d) ? sqrt(d) : largest;
        largest_normal = sqrt(dn) > largest_normal || isnan(dn) ? sqrt(dn) : largest_normal;
    }
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    int width = max_size < 4096 ? max_size : 4096;
    printf("morph, %s: %d vertices x %d targets (%d active), %d texture rows: max |gpu - reference| = %.3g, "
           "normals %.3g\n",
           what, N, target_count, active.count, (2 * N * target_count + width - 1) / width, largest, largest_normal);
    if (!(largest < 1e-5) || !(largest_normal < 1e-4))
        fail_msg("morph, %s: the GPU's vertices are %.3g (normals %.3g) from the reference", what, largest,
                 largest_normal);
    glDeleteTextures(1, &texture);
    skin_palette_free(&palette);
    skin_program_unload(&program);
    gpu_mesh_unload(&mesh);
    free(joints);
    free(influence);
    free(deltas);
    free(position_deltas);
    free(normal_deltas);
}

static void morph_many_rows(void **state)
{
    (void)state;
    morph_synthetic(5, "five targets");
}

static void morph_past_the_limit(void **state)
{
    (void)state;
    morph_synthetic(70, "70 targets, all weighted");
}

/* AnimatedMorphCube (no skin: its node's matrix, a palette of one) with the
 * file's weights (0, 0), then chosen ones, through the public path
 * (gpu_skin_scene_update and transform feedback) against chapter 06's
 * skin_scene_run, in both storages. */
static char morph_cube_path[1200];

static void morph_cube(void **state)
{
    (void)state;
    loaded m;
    EXPECT_TRUE(load(morph_cube_path, &m));
    EXPECT_INT(1, m.sc.primitive_count);
    EXPECT_INT(2, m.sc.primitives[0].target_count);
    const float chosen[][2] = {{0.0f, 0.0f}, {0.25f, 0.5f}, {1.0f, 0.0f}, {0.0f, 1.0f}, {-0.5f, 1.7f}};
    for (int pass = 0; pass < 2; pass++) {
        gpu_skin_scene g;
        sa_error err;
        if (!gpu_skin_scene_init(&g, &m.sc, &m.doc, pass == 1, &err) || !gpu_skin_scene_load_programs(&g, &err))
            fail_msg("%s: %s", morph_cube_path, err.message);
        for (size_t w = 0; w < sizeof chosen / sizeof chosen[0]; w++) {
            memcpy(m.sc.morph_weights + m.sc.primitives[0].weight_start, chosen[w], sizeof chosen[w]);
            memcpy(m.local, m.skel.rest_local, (size_t)m.skel.joint_count * sizeof *m.local);
            char pose[64];
            snprintf(pose, sizeof pose, "weights %g %g", chosen[w][0], chosen[w][1]);
            compare(morph_cube_path, &m, &g, SKIN_LINEAR, pose, pass ? "texture buffer" : "uniform block");
        }
        gpu_skin_scene_free(&g);
    }
    unload(&m);
}

static char conformance_dir[1024];

static int conformance(void)
{
    char **names;
    size_t name_count;
    sa_error err;
    if (!sa_dir_names(conformance_dir, &names, &name_count, &err))
        fail_msg("%s", err.message);
    int count = 0, skinned = 0;
    for (size_t i = 0; i < name_count; i++) {
        size_t len = strlen(names[i]);
        if (len > 5 && (strcmp(names[i] + len - 5, ".gltf") == 0 || strcmp(names[i] + len - 4, ".glb") == 0)) {
            char path[1400];
            snprintf(path, sizeof path, "%s/%s", conformance_dir, names[i]);
            skinned += check_model(path, false);
            count++;
        }
    }
    sa_dir_names_free(names, name_count);
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
    if (argc > 2 && strcmp(argv[1], "morph-cube") == 0) {
        snprintf(morph_cube_path, sizeof morph_cube_path, "%s/AnimatedMorphCube.gltf", argv[2]);
        FILE *f = fopen(morph_cube_path, "rb");
        if (!f) {
            printf("skipped: %s is absent\n", morph_cube_path);
            return 77;
        }
        fclose(f);
        const struct CMUnitTest tests[] = {cmocka_unit_test(morph_cube)};
        return cmocka_run_group_tests_name("gpu_skin morph cube", tests, open_app, close_app);
    }
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
        cmocka_unit_test(storage_without_texture_buffers),
        cmocka_unit_test(tube),
        cmocka_unit_test(humanoid),
        cmocka_unit_test(u16_joint_indices),
        cmocka_unit_test(dual_quats_against_skin_matrices),
        cmocka_unit_test(morph_active_by_hand),
        cmocka_unit_test(morph_many_rows),
        cmocka_unit_test(morph_past_the_limit),
    };
    return cmocka_run_group_tests_name("gpu_skin", tests, open_app, close_app);
}
