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

bool image_decode_file(const char *path, image_rgba8 *out, sa_error *err);
bool image_decode_memory(const unsigned char *bytes, size_t size, image_rgba8 *out, sa_error *err);
void image_free(image_rgba8 *img);

/* Writes a PNG; rows top to bottom. */
bool image_write_png(const char *path, const image_rgba8 *img, sa_error *err);

#endif
