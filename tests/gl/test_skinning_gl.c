/* GL test of chapter 06's drawing of CPU-skinned vertices: what
 * skin_scene_draw() leaves in each skinned primitive's vertex buffer, read
 * back from the GPU with glGetBufferSubData. The tube (TEXCOORD_0, skinned)
 * in a procedural pose: every vertex must hold this frame's skinned position
 * and normal, and still the texture coordinates of the file, which the
 * skinning does not touch (dropping them would leave (0, 0) everywhere, and
 * the texture one colour). */
#include "tests/test_util.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/06_cpu_skinning/procedural_pose.h"
#include "chapters/06_cpu_skinning/skinning_gl.h"
#include "tests/gl/gl_test_util.h"

static app the_app;

static void cpu_skinned_vertices_keep_their_texcoords(void **state)
{
    (void)state;
    gltf_document doc;
    skeleton s;
    skin_scene sc;
    sa_error err;
    gltf_load_options options = gltf_load_options_default();
    options.decode_images = false;
    if (!gltf_load(SA_SOURCE_DIR "/assets/models/tube.gltf", &options, &doc, &err) ||
        !skeleton_from_gltf(&doc, &s, &err) || !skin_scene_init(&sc, &doc, &s, &err))
        fail_msg("%s", err.message);
    scene_gl gpu;
    scene_gl_options gl_options = {.dynamic_skinned = true};
    shader_program lit;
    if (!scene_gl_upload(&gpu, &doc, &gl_options, &err) || !lit_load(&lit, &err))
        fail_msg("%s", err.message);
    transform *local = malloc((size_t)s.joint_count * sizeof *local);
    bool *shown = malloc((size_t)doc.node_count * sizeof *shown);
    lit_vertex *scratch = malloc(skin_scene_max_vertex_count(&sc) * sizeof *scratch);
    lit_vertex *back = malloc(skin_scene_max_vertex_count(&sc) * sizeof *back);
    assert_true(local && shown && scratch && back);
    for (int n = 0; n < doc.node_count; n++)
        shown[n] = true;
    pose_procedural(&s, 0.8f, glm_rad(30.0f), local);
    skeleton_local_to_model(&s, local, sc.model_from_joint);
    skin_scene_run(&sc, &s);
    glUseProgram(lit.id);
    skin_scene_draw(&sc, &doc, shown, scratch, &gpu, &lit, false);
    EXPECT_TRUE(sc.primitive_count > 0);
    for (int i = 0; i < sc.primitive_count; i++) {
        const skinned_primitive *sp = &sc.primitives[i];
        const gltf_primitive *prim = &doc.meshes[sp->mesh].primitives[sp->primitive];
        assert_non_null(prim->texcoords);
        size_t n = prim->vertex_count;
        glBindBuffer(GL_ARRAY_BUFFER, scene_gl_primitive_at(&gpu, sp->mesh, sp->primitive)->mesh.vertex_buffer);
        glGetBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)(n * sizeof *back), back);
        EXPECT_INT(GL_NO_ERROR, glGetError());
        double moved = 0.0; /* the pose moved the tube: the buffer holds this frame, not the upload */
        for (size_t v = 0; v < n; v++) {
            moved = fmax(moved, glm_vec3_distance((float *)prim->positions[v], back[v].position));
            for (int c = 0; c < 3; c++) {
                EXPECT_NEAR(sp->positions[v][c], back[v].position[c], 0);
                EXPECT_NEAR(sp->normals[v][c], back[v].normal[c], 0);
            }
            for (int c = 0; c < 2; c++)
                if (prim->texcoords[v][c] != back[v].texcoord[c])
                    fail_msg("primitive %d, vertex %zu: texcoord[%d] %g on the GPU, %g in the file", i, v, c,
                             (double)back[v].texcoord[c], (double)prim->texcoords[v][c]);
        }
        EXPECT_TRUE(moved > 0.01);
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    free(back);
    free(scratch);
    free(shown);
    free(local);
    shader_program_unload(&lit);
    scene_gl_free(&gpu);
    skin_scene_free(&sc);
    skeleton_free(&s);
    gltf_free(&doc);
}

static int open_app(void **state)
{
    (void)state;
    return gl_test_open(&the_app, "test_skinning_gl");
}

static int close_app(void **state)
{
    (void)state;
    app_close(&the_app);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cpu_skinned_vertices_keep_their_texcoords),
    };
    return cmocka_run_group_tests_name("skinning_gl", tests, open_app, close_app);
}
