/* texture.h: images on the GPU.
 *
 * Colour textures (base colour, albedo) are stored in sRGB: the GPU turns
 * them into linear values when the shader samples them, so that lighting is
 * computed in linear space. Data textures (normal maps, masks) are linear.
 * The cache decodes and uploads each image once, however many materials use
 * it; the key is the file path or any name the loader gives an embedded image.
 */
#ifndef SA_TEXTURE_H
#define SA_TEXTURE_H

#include "error.h"
#include "files.h"
#include "gl.h"
#include "image.h"

typedef enum texture_color_space {
    TEXTURE_SRGB,   /* colour: decoded to linear by the sampler */
    TEXTURE_LINEAR, /* data: used as stored */
} texture_color_space;

/* How a texture is sampled: GL enums, as glTF samplers store them.
 * wrap: GL_REPEAT, GL_CLAMP_TO_EDGE or GL_MIRRORED_REPEAT;
 * mag_filter: GL_NEAREST or GL_LINEAR;
 * min_filter: those two, or one of the four *_MIPMAP_* filters, which are the
 * only ones that read mipmaps (so only they make the upload build them).
 * 0 or an unknown value means the default of texture_sampling_default(). */
typedef struct texture_sampling {
    GLint wrap_s, wrap_t;
    GLint mag_filter, min_filter;
} texture_sampling;

/* REPEAT, LINEAR magnification, trilinear minification (LINEAR_MIPMAP_LINEAR). */
texture_sampling texture_sampling_default(void);

/* Uploads RGBA8 pixels (rows top to bottom) with the given sampling
 * (NULL: the default); returns the name. */
GLuint texture_upload_sampled(const image_rgba8 *img, texture_color_space space, const texture_sampling *sampling);
/* The same with the default sampling (mipmaps, trilinear, repeat). */
GLuint texture_upload(const image_rgba8 *img, texture_color_space space);

typedef struct texture_cache_entry {
    char key[SA_PATH_MAX];
    texture_color_space space;
    GLuint texture;
} texture_cache_entry;

typedef struct texture_cache {
    texture_cache_entry *entries;
    int count, capacity;
    GLuint white; /* 1x1 white, for materials without a texture */
    int decodes;  /* how many images were actually decoded (for the tests) */
} texture_cache;

void texture_cache_init(texture_cache *c);
/* A texture from a file, decoded on first use. */
bool texture_cache_file(texture_cache *c, const char *path, texture_color_space space, GLuint *out, sa_error *err);
/* A texture from encoded bytes in memory (a glTF bufferView or data URI). */
bool texture_cache_memory(texture_cache *c, const char *key, const unsigned char *bytes, size_t size,
                          texture_color_space space, GLuint *out, sa_error *err);
/* The 1x1 white texture. */
GLuint texture_cache_white(texture_cache *c);
void texture_cache_free(texture_cache *c);

#endif
