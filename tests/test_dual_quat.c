/* Unit tests of chapter 07's dual-quaternion reference (no GL): dual
 * quaternions from skin matrices against hand-computed values, and the
 * candy wrapper: the tube with its tip joint twisted by 180 degrees about
 * the bone, skinned by chapter 06's linear blending and by dual quaternions. */
#include "tests/test_util.h"
#include "chapters/03_gltf_loader/gltf.h"
#include "chapters/04_bone_tree/skeleton_gltf.h"
#include "chapters/06_cpu_skinning/procedural_pose.h"
#include "chapters/06_cpu_skinning/skinning_gltf.h"
#include "chapters/07_gpu_skinning/dual_quat.h"

/* 90 degrees about Z, then (1, 2, 3): columns (0 1 0), (-1 0 0), (0 0 1).
 * The quaternion is (0, 0, sin 45, cos 45); the point (1, 0, 0) goes to
 * (0, 1, 0) + (1, 2, 3) = (1, 3, 3). */
static void rigid_matrix_to_dual_quat(void **state)
{
    (void)state;
    mat4 m = {{0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {1, 2, 3, 1}};
    dual_quat dq;
    dq_from_rigid(m, &dq);
    float s = 0.70710678f;
    float sign = dq.real[3] < 0 ? -1.0f : 1.0f; /* q or -q: the same rotation */
    EXPECT_NEAR(0, sign * dq.real[0], 1e-6);
    EXPECT_NEAR(0, sign * dq.real[1], 1e-6);
    EXPECT_NEAR(s, sign * dq.real[2], 1e-6);
    EXPECT_NEAR(s, sign * dq.real[3], 1e-6);
    vec3 t;
    dq_translation(&dq, t);
    EXPECT_VEC3(1, 2, 3, t, 1e-6);
    uint16_t joints[4] = {0, 0, 0, 0};
    float weights[4] = {1, 0, 0, 0}, p[3] = {1, 0, 0}, n[3] = {1, 0, 0}, out_p[3], out_n[3];
    dq_skin_vertex(&dq, joints, weights, p, n, out_p, out_n);
    EXPECT_VEC3(1, 3, 3, out_p, 1e-6);
    EXPECT_VEC3(0, 1, 0, out_n, 1e-6);
}

/* A uniform scale is dropped: 2 x (90 degrees about Z) with translation
 * (1, 2, 3) gives the same dual quaternion as the rotation alone. */
static void scale_is_dropped(void **state)
{
    (void)state;
    mat4 m = {{0, 2, 0, 0}, {-2, 0, 0, 0}, {0, 0, 2, 0}, {1, 2, 3, 1}};
    dual_quat dq;
    dq_from_rigid(m, &dq);
    float length = sqrtf(glm_vec4_dot(dq.real, dq.real));
    EXPECT_NEAR(1, length, 1e-6);
    vec3 t;
    dq_translation(&dq, t);
    EXPECT_VEC3(1, 2, 3, t, 1e-6);
}

/* The area of a ring of the tube, as a polygon in the XZ plane (the tube
 * stands on Y and is twisted about Y, so its rings stay level). */
static double ring_area(float (*positions)[3], const size_t *ring, int count)
{
    double twice = 0.0;
    for (int i = 0; i < count; i++) {
        const float *a = positions[ring[i]], *b = positions[ring[(i + 1) % count]];
        twice += (double)a[2] * b[0] - (double)a[0] * b[2];
    }
    return fabs(twice) / 2.0;
}

/* The tube (assets/models/tube.gltf: radius 0.15, 16 sides, rings every
 * 1/16 m, joints at y = 0, 0.5, 1) with its tip joint turned 180 degrees
 * about its bone. A regular 16-gon of radius r has the area
 * 8 r^2 sin(22.5 deg) = 8 * 0.0225 * 0.38268343 = 0.06888302 m^2. The ring
 * at the tip joint (y = 1) is weighted half and half between the middle and
 * the tip: linear blending averages a point with its mirror image through
 * the axis and the ring collapses onto the axis; dual quaternions turn it by
 * 90 degrees, keeping it whole. */
static void twist_keeps_area_with_dual_quaternions(void **state)
{
    (void)state;
    gltf_document doc;
    skeleton skel;
    skin_scene sc;
    sa_error err;
    if (!gltf_load(SA_SOURCE_DIR "/assets/models/tube.gltf", NULL, &doc, &err))
        fail_msg("%s", err.message);
    if (!skeleton_from_gltf(&doc, &skel, &err) || !skin_scene_init(&sc, &doc, &skel, &err))
        fail_msg("%s", err.message);
    EXPECT_INT(1, sc.primitive_count);
    int tip = skeleton_find(&skel, "tip");
    EXPECT_TRUE(tip >= 0);
    transform *local = malloc((size_t)skel.joint_count * sizeof *local);
    pose_twist(&skel, tip, GLM_PIf, local);
    skeleton_local_to_model(&skel, local, sc.model_from_joint);
    skin_scene_run(&sc, &skel); /* linear blending, chapter 06 */

    skinned_primitive *sp = &sc.primitives[0];
    const skinning_job *job = &sp->job;
    size_t n = job->vertex_count;
    float(*lbs)[3] = malloc(n * sizeof *lbs);
    float(*dqs)[3] = malloc(n * sizeof *dqs);
    float(*dqs_normals)[3] = malloc(n * sizeof *dqs_normals);
    memcpy(lbs, sp->positions, n * sizeof *lbs);
    int joint_count = doc.skins[0].joint_count;
    dual_quat *dq = malloc((size_t)joint_count * sizeof *dq);
    for (int k = 0; k < joint_count; k++)
        dq_from_rigid(sc.skin_matrix[0][k], &dq[k]);
    dq_skinning_run(job, dq, dqs, dqs_normals);

    /* The side rings: vertices whose rest normal is level, grouped by
     * height, the seam's copy of each ring's first vertex left out. */
    const double rest_area = 0.06888302;
    double lbs_smallest = 1e9, dqs_smallest = 1e9, dqs_largest = 0;
    int rings = 0;
    for (int r = 0; r <= 24; r++) {
        double y = r / 16.0;
        size_t ring[16];
        int count = 0;
        for (size_t v = 0; v < n; v++)
            if (fabs(job->normals[v][1]) < 0.5f && fabs(job->positions[v][1] - y) < 1e-4 && count < 16 &&
                !(count > 0 && glm_vec3_distance((float *)job->positions[v], (float *)job->positions[ring[0]]) < 1e-6))
                ring[count++] = v;
        EXPECT_INT(16, count);
        EXPECT_NEAR(rest_area, ring_area((float(*)[3])job->positions, ring, count), 1e-6);
        double a_lbs = ring_area(lbs, ring, count), a_dqs = ring_area(dqs, ring, count);
        lbs_smallest = fmin(lbs_smallest, a_lbs / rest_area);
        dqs_smallest = fmin(dqs_smallest, a_dqs / rest_area);
        dqs_largest = fmax(dqs_largest, a_dqs / rest_area);
        rings++;
    }
    printf("twist 180 deg: %d rings; smallest area / rest area: linear blend %.4f, dual quaternions %.4f "
           "(largest %.4f)\n",
           rings, lbs_smallest, dqs_smallest, dqs_largest);
    EXPECT_TRUE(lbs_smallest < 0.1);  /* linear blending loses most of it */
    EXPECT_TRUE(dqs_smallest > 0.97); /* dual quaternions keep it within a few percent */
    EXPECT_TRUE(dqs_largest < 1.03);
    free(dq);
    free(lbs);
    free(dqs);
    free(dqs_normals);
    free(local);
    skin_scene_free(&sc);
    skeleton_free(&skel);
    gltf_free(&doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rigid_matrix_to_dual_quat),
        cmocka_unit_test(scale_is_dropped),
        cmocka_unit_test(twist_keeps_area_with_dual_quaternions),
    };
    return cmocka_run_group_tests_name("dual_quat", tests, NULL, NULL);
}
