/* preview.h: a tiny software renderer for the generator's own documents.
 *
 * It draws mesh 0 of a gltf_out_document, posed by one of its animations at a
 * given time and skinned on the CPU, with an orthographic camera, a depth
 * buffer and one directional light, into an RGBA image. It exists to make
 * the pictures of the book's appendix without a GPU, and to look at a pose
 * while changing the generator. Keys are interpolated linearly (rotations
 * with normalized lerp, close to slerp for keys this near); weights channels
 * are not sampled, the request gives the morph weights itself.
 */
#ifndef ASSETS_PREVIEW_H
#define ASSETS_PREVIEW_H

#include "gltf_writer.h"
#include "common/image.h"

typedef struct preview_request {
    int animation;              /* -1: the bind pose */
    float time;                 /* seconds into the animation */
    double right[3];            /* the world direction that points right on screen */
    double up[3];               /* ... and up; the camera looks along up x right */
    const image_rgba8 *texture; /* base colour texture of the material, or NULL */
    /* Morph target weights of the mesh, added to the pose (all 0: none). */
    float morph_weights[GLTF_OUT_MAX_TARGETS];
    double frame_min_y; /* frame only the posed vertices above this height (0: all) */
} preview_request;

/* Draws into `out`, an image the caller allocated (width, height, pixels),
 * framing the posed mesh with a margin. */
bool preview_render(const gltf_out_document *doc, const preview_request *request, image_rgba8 *out, sa_error *err);

#endif
