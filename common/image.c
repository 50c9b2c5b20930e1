#include "image.h"

#include <limits.h>
#include <stdlib.h>

/* The one translation unit that holds the stb implementations. */
#define STB_IMAGE_IMPLEMENTATION
#define STBI_FAILURE_USERMSG
#define STB_IMAGE_WRITE_IMPLEMENTATION
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif
#include <stb_image.h>
#include <stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

/* The size from the header against the limits, before any pixel is decoded. */
static bool within_limits(int width, int height, size_t max_bytes, sa_error *err)
{
    if (max_bytes == 0 || max_bytes > IMAGE_MAX_BYTES)
        max_bytes = IMAGE_MAX_BYTES;
    if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || (size_t)width * (size_t)height * 4 > max_bytes)
        return sa_error_set(err, "image of %d x %d pixels is over the limit (%d pixels a side, %zu bytes decoded)",
                            width, height, IMAGE_MAX_SIDE, max_bytes);
    return true;
}

bool image_decode_file(const char *path, image_rgba8 *out, sa_error *err)
{
    int width, height, channels;
    out->pixels = NULL;
    if (!stbi_info(path, &width, &height, &channels))
        return sa_error_set(err, "%s: cannot decode image: %s", path, stbi_failure_reason());
    if (!within_limits(width, height, 0, err))
        return sa_error_prefix(err, "%s", path);
    out->pixels = stbi_load(path, &out->width, &out->height, &channels, 4);
    if (!out->pixels)
        return sa_error_set(err, "%s: cannot decode image: %s", path, stbi_failure_reason());
    return true;
}

bool image_decode_memory_limited(const unsigned char *bytes, size_t size, size_t max_bytes, image_rgba8 *out,
                                 sa_error *err)
{
    int width, height, channels;
    out->pixels = NULL;
    if (size > INT_MAX)
        return sa_error_set(err, "image of %zu bytes is too large", size);
    if (!stbi_info_from_memory(bytes, (int)size, &width, &height, &channels))
        return sa_error_set(err, "cannot decode image: %s", stbi_failure_reason());
    if (!within_limits(width, height, max_bytes, err))
        return false;
    out->pixels = stbi_load_from_memory(bytes, (int)size, &out->width, &out->height, &channels, 4);
    if (!out->pixels)
        return sa_error_set(err, "cannot decode image: %s", stbi_failure_reason());
    return true;
}

bool image_decode_memory(const unsigned char *bytes, size_t size, image_rgba8 *out, sa_error *err)
{
    return image_decode_memory_limited(bytes, size, 0, out, err);
}

void image_free(image_rgba8 *img)
{
    stbi_image_free(img->pixels);
    img->pixels = NULL;
    img->width = img->height = 0;
}

bool image_write_png(const char *path, const image_rgba8 *img, sa_error *err)
{
    if (!stbi_write_png(path, img->width, img->height, 4, img->pixels, img->width * 4))
        return sa_error_set(err, "%s: cannot write PNG", path);
    return true;
}
