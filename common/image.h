/* image.h: decoding and writing images on the CPU (stb_image, stb_image_write).
 * No GL here: loaders decode images while parsing, the GL layer uploads them. */
#ifndef SA_IMAGE_H
#define SA_IMAGE_H

#include "error.h"

#include <stddef.h>

/* Always 4 channels, 8 bits each, rows top to bottom. */
typedef struct image_rgba8 {
    int width, height;
    unsigned char *pixels;
} image_rgba8;

/* Every decode first reads the size from the file's header (stbi_info) and
 * refuses, before allocating anything, an image wider or taller than
 * IMAGE_MAX_SIDE pixels or whose RGBA8 pixels would take more than
 * IMAGE_MAX_BYTES: a broken or hostile file cannot make a program allocate
 * without bound. (16384 is the largest texture side most GPUs take.) */
#define IMAGE_MAX_SIDE 16384
#define IMAGE_MAX_BYTES ((size_t)256 << 20) /* 256 MiB, e.g. 8192 x 8192 */

bool image_decode_file(const char *path, image_rgba8 *out, sa_error *err);
bool image_decode_memory(const unsigned char *bytes, size_t size, image_rgba8 *out, sa_error *err);
/* The same with a lower limit on the decoded bytes: max_bytes, or
 * IMAGE_MAX_BYTES when it is 0 or larger. */
bool image_decode_memory_limited(const unsigned char *bytes, size_t size, size_t max_bytes, image_rgba8 *out,
                                 sa_error *err);
void image_free(image_rgba8 *img);

/* Writes a PNG; rows top to bottom. */
bool image_write_png(const char *path, const image_rgba8 *img, sa_error *err);

#endif
