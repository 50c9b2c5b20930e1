/* characters.h: the models the generator makes, one function each.
 *
 * Each make_* function fills a gltf_out_document (and, for a textured model, an
 * image to be saved beside it); make_characters.c writes them to files.
 */
#ifndef ASSETS_CHARACTERS_H
#define ASSETS_CHARACTERS_H

#include "gltf_writer.h"
#include "common/image.h"

/* A segmented cylinder skinned to a chain of 3 joints, clip "bend". */
bool make_tube(gltf_out_document *doc, sa_error *err);

/* The humanoid: 22 named joints, a welded body mesh with the face's morph
 * targets (blink_left, blink_right, jaw_open, smile), clips "idle" and
 * "wave", then the weights clips "face", "blink" and "smile". `texture` receives the skin texture (image_free it); its
 * file name is HUMANOID_TEXTURE_FILE. */
#define HUMANOID_TEXTURE_FILE "humanoid_texture.png"
bool make_humanoid(gltf_out_document *doc, image_rgba8 *texture, sa_error *err);

/* A static flight of steps and a landing. */
bool make_stairs(gltf_out_document *doc, sa_error *err);

#endif
