/* compress_report.c: ch08_keyframes --compress-report (chapter 08). */
#include "compress_report.h"

#include "clip_gltf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The points of one pose: every skinned vertex, then every node's origin. */
static size_t pose_points(const skeleton *all, const skeleton *skel, skin_scene *sc, const transform *pose,
                          mat4 *model_from_node, transform *joint_local, float (*points)[3])
{
    skeleton_local_to_model(all, pose, model_from_node);
    skeleton_locals_from_nodes(skel, all, pose, joint_local);
    skeleton_local_to_model(skel, joint_local, sc->model_from_joint);
    skin_scene_run(sc, skel);
    size_t n = 0;
    for (int i = 0; i < sc->primitive_count; i++)
        for (size_t v = 0; v < sc->primitives[i].job.vertex_count; v++, n++)
            memcpy(points[n], sc->primitives[i].positions[v], sizeof points[n]);
    for (int j = 0; j < all->joint_count; j++, n++)
        memcpy(points[n], model_from_node[j][3], sizeof points[n]);
    return n;
}

bool compress_report(const gltf_document *doc, const skeleton *all, const skeleton *skel, skin_scene *sc,
                     const clip *clips, float tolerance, float resample, FILE *out, sa_error *err)
{
    if (!(resample >= 0.0f && resample <= 1000.0f))
        return sa_error_set(err, "--resample: %g is not a rate of 0 to 1000 keys per second", (double)resample);
    size_t count = (size_t)all->joint_count;
    for (int i = 0; i < sc->primitive_count; i++)
        count += sc->primitives[i].job.vertex_count;
    int most_tracks = clips_most_tracks(clips, doc->animation_count);
    transform *pose = malloc(((size_t)all->joint_count + 1) * sizeof *pose);
    mat4 *model_from_node = malloc(((size_t)all->joint_count + 1) * sizeof *model_from_node);
    transform *joint_local = malloc(((size_t)skel->joint_count + 1) * sizeof *joint_local);
    float(*a)[3] = malloc((count + 1) * sizeof *a), (*b)[3] = malloc((count + 1) * sizeof *b);
    int *cursors = calloc((size_t)most_tracks, sizeof *cursors),
        *packed_cursors = calloc((size_t)most_tracks, sizeof(int));
    bool ok = pose && model_from_node && joint_local && a && b && cursors && packed_cursors;
    if (!ok)
        sa_error_set(err, "out of memory");
    /* The lever: the size of the rest pose. */
    float lever = 0.0f;
    if (ok) {
        size_t n = pose_points(all, skel, sc, all->rest_local, model_from_node, joint_local, a);
        vec3 lo = {INFINITY, INFINITY, INFINITY}, hi = {-INFINITY, -INFINITY, -INFINITY};
        for (size_t v = 0; v < n; v++)
            glm_vec3_minv(lo, a[v], lo), glm_vec3_maxv(hi, a[v], hi);
        lever = n ? fmaxf(glm_vec3_distance(lo, hi), 1e-3f) : 1.0f;
    }
    for (int c = 0; ok && c < doc->animation_count; c++) {
        clip resampled;
        const clip *source = &clips[c];
        if (resample > 0.0f && !(ok = clip_resample(&clips[c], resample, &resampled, err)))
            break;
        if (resample > 0.0f)
            source = &resampled;
        packed_clip p;
        if (!(ok = clip_pack(source, tolerance, lever, &p, err))) {
            if (source == &resampled)
                clip_free(&resampled);
            break;
        }
        memset(cursors, 0, (size_t)most_tracks * sizeof *cursors);
        memset(packed_cursors, 0, (size_t)most_tracks * sizeof *packed_cursors);
        double worst = 0.0;
        int frames = (int)ceil(source->duration * 60.0);
        for (int f = 0; f <= frames; f++) {
            float t = fminf((float)f / 60.0f, source->duration);
            clip_sample(source, t, cursors, pose);
            size_t n = pose_points(all, skel, sc, pose, model_from_node, joint_local, a);
            packed_clip_sample(&p, t, packed_cursors, pose);
            pose_points(all, skel, sc, pose, model_from_node, joint_local, b);
            for (size_t v = 0; v < n; v++)
                worst = fmax(worst, glm_vec3_distance(a[v], b[v]));
        }
        size_t bytes = clip_bytes(source), packed = packed_clip_bytes(&p);
        fputs("clip ", out);
        clip_write_name(&clips[c], out);
        fprintf(out, " bytes_float %zu bytes_compressed %zu ratio %.2f max_vertex_error %.6g\n", bytes, packed,
                packed ? (double)bytes / (double)packed : 0.0, worst);
        packed_clip_free(&p);
        if (source == &resampled)
            clip_free(&resampled);
    }
    free(pose), free(model_from_node), free(joint_local), free(a), free(b), free(cursors), free(packed_cursors);
    return ok;
}
