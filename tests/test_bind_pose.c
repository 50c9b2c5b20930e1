/* test_bind_pose: the bind pose rebuilt from inverse bind matrices
 * (chapters/05_inverse_bind/bind_pose.c), on a hand-made skeleton whose
 * inverse binds were written for another pose than its rest pose (expected
 * values worked out by hand below), and on the humanoid, whose rest pose is
 * its bind pose. */
#include "tests/test_util.h"
#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/05_inverse_bind/bind_gltf.h"
#include "chapters/05_inverse_bind/bind_pose.h"

#include <math.h>
#include <stdlib.h>

/* Four joints in a chain: 0 an armature node at (0, 0, 2), in no skin; 1 the
 * root, 0.5 along x from it; 2 a child 1 up; 3 a tip 1 up again. At rest
 * (scene space): 0 at (0, 0, 2), 1 at (0.5, 0, 2), 2 at (0.5, 1, 2), 3 at
 * (0.5, 2, 2).
 * The skin lists joints 1, 3, 2 (skin joint k -> skeleton joint). Its inverse
 * binds were made in the mesh's own space (no armature), with the elbow bent:
 *   root  at (0, 0, 0), no turn:            IBM = I
 *   child at (0, 1, 0), no turn:            IBM = T(0, -1, 0)
 *   tip   at (1, 1, 0), turned -90 about Z: IBM = Rz(+90) with translation
 *         -Rz(90) (1, 1, 0) = -(-1, 1, 0) = (1, -1, 0)
 * The mesh is placed by skin joint 0 (the root, not skeleton joint 0):
 * T(0.5, 0, 2) * I, so the bind pose in the scene is root (0.5, 0, 2), child
 * (0.5, 1, 2), tip (1.5, 1, 2) turned -90 about Z; the armature stays at
 * (0, 0, 2). The farthest joint is the tip: |(1.5, 1, 2) - (0.5, 2, 2)| =
 * sqrt(2). */
static void bent_chain(skeleton *s, mat4 ibm[3])
{
    versor none = GLM_QUAT_IDENTITY_INIT;
    const int parent[4] = {-1, 0, 1, 2};
    const transform rest[4] = {trs(0, 0, 2, none, 1), trs(0.5f, 0, 0, none, 1), trs(0, 1, 0, none, 1),
                               trs(0, 1, 0, none, 1)};
    sa_error err;
    EXPECT_TRUE(skeleton_from_arrays(4, parent, NULL, rest, s, &err));
    s->skin_count = 1;
    s->skins = calloc(1, sizeof *s->skins);
    s->skins[0].joint_count = 3;
    s->skins[0].joint_of_skin_joint = malloc(3 * sizeof(int));
    s->skins[0].joint_of_skin_joint[0] = 1;
    s->skins[0].joint_of_skin_joint[1] = 3;
    s->skins[0].joint_of_skin_joint[2] = 2;
    glm_mat4_identity(ibm[0]);
    rotation_z90(ibm[1]);
    ibm[1][3][0] = 1.0f, ibm[1][3][1] = -1.0f;
    translation(ibm[2], 0, -1, 0);
}

static void bind_pose_of_a_bent_chain(void **state)
{
    (void)state;
    skeleton s;
    mat4 ibm[3], rest[4], bind[4];
    bent_chain(&s, ibm);
    skeleton_local_to_model(&s, s.rest_local, rest);
    mat4 *per_skin[1] = {ibm};
    bool from_bind[4];
    int farthest = -2;
    float d = bind_pose_from_skins(&s, per_skin, rest, bind, from_bind, &farthest);
    EXPECT_NEAR(sqrtf(2.0f), d, 1e-5);
    EXPECT_INT(3, farthest);
    EXPECT_VEC3(0, 0, 2, bind[0][3], 1e-6); /* the armature: in no skin, at rest */
    EXPECT_VEC3(0.5, 0, 2, bind[1][3], 1e-6);
    EXPECT_VEC3(0.5, 1, 2, bind[2][3], 1e-6);
    EXPECT_VEC3(1.5, 1, 2, bind[3][3], 1e-6);
    /* The tip turned -90 about Z: its x axis points along -y, its y axis along +x. */
    EXPECT_VEC3(0, -1, 0, bind[3][0], 1e-6);
    EXPECT_VEC3(1, 0, 0, bind[3][1], 1e-6);
    EXPECT_TRUE(!from_bind[0] && from_bind[1] && from_bind[2] && from_bind[3]);
    skeleton_free(&s);
}

/* A joint whose inverse bind matrix is singular has no bind placement: it
 * stays at rest, and counts 0 in the distance. */
static void singular_inverse_bind_stays_at_rest(void **state)
{
    (void)state;
    skeleton s;
    mat4 ibm[3], rest[4], bind[4];
    bent_chain(&s, ibm);
    glm_mat4_zero(ibm[1]); /* the tip's */
    skeleton_local_to_model(&s, s.rest_local, rest);
    mat4 *per_skin[1] = {ibm};
    bool from_bind[4];
    float d = bind_pose_from_skins(&s, per_skin, rest, bind, from_bind, NULL);
    EXPECT_NEAR(0.0, d, 1e-6);
    EXPECT_VEC3(0.5, 2, 2, bind[3][3], 1e-6);
    EXPECT_TRUE(!from_bind[3] && from_bind[2]);
    skeleton_free(&s);
}

/* The humanoid was bound in its rest pose: every joint's two placements agree. */
static void humanoid_rest_is_bind(void **state)
{
    (void)state;
    gltf_document doc;
    skeleton s;
    sa_error err;
    EXPECT_TRUE(gltf_load(SA_SOURCE_DIR "/assets/models/humanoid.gltf", NULL, &doc, &err));
    EXPECT_TRUE(skeleton_from_gltf(&doc, &s, &err));
    EXPECT_TRUE(s.skin_count > 0 && s.joint_count > 10);
    mat4 *rest = malloc((size_t)s.joint_count * sizeof *rest), *bind = malloc((size_t)s.joint_count * sizeof *bind);
    mat4 **per_skin = calloc((size_t)s.skin_count, sizeof *per_skin);
    for (int i = 0; i < s.skin_count; i++) {
        per_skin[i] = malloc(((size_t)s.skins[i].joint_count + 1) * sizeof *per_skin[i]);
        bind_matrices_from_gltf(&doc.skins[i], per_skin[i]);
    }
    skeleton_local_to_model(&s, s.rest_local, rest);
    float d = bind_pose_from_skins(&s, per_skin, rest, bind, NULL, NULL);
    EXPECT_NEAR(0.0, d, 1e-5);
    for (int i = 0; i < s.skin_count; i++)
        free(per_skin[i]);
    free(per_skin);
    free(rest);
    free(bind);
    skeleton_free(&s);
    gltf_free(&doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bind_pose_of_a_bent_chain),
        cmocka_unit_test(singular_inverse_bind_stays_at_rest),
        cmocka_unit_test(humanoid_rest_is_bind),
    };
    return cmocka_run_group_tests_name("bind_pose", tests, NULL, NULL);
}
