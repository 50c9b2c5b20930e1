#include "texture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

texture_sampling texture_sampling_default(void)
{
    return (texture_sampling){GL_REPEAT, GL_REPEAT, GL_LINEAR, GL_LINEAR_MIPMAP_LINEAR};
}

static GLint valid_wrap(GLint wrap, GLint fallback)
{
    return wrap == GL_REPEAT || wrap == GL_CLAMP_TO_EDGE || wrap == GL_MIRRORED_REPEAT ? wrap : fallback;
}

static bool is_mipmap_filter(GLint filter)
{
    return filter == GL_NEAREST_MIPMAP_NEAREST || filter == GL_LINEAR_MIPMAP_NEAREST ||
           filter == GL_NEAREST_MIPMAP_LINEAR || filter == GL_LINEAR_MIPMAP_LINEAR;
}

GLuint texture_upload_sampled(const image_rgba8 *img, texture_color_space space, const texture_sampling *sampling)
{
    /* A file's sampler may hold any number: unknown values take the default. */
    texture_sampling d = texture_sampling_default(), s = sampling ? *sampling : d;
    s.wrap_s = valid_wrap(s.wrap_s, d.wrap_s);
    s.wrap_t = valid_wrap(s.wrap_t, d.wrap_t);
    if (s.mag_filter != GL_NEAREST && s.mag_filter != GL_LINEAR)
        s.mag_filter = d.mag_filter;
    if (s.min_filter != GL_NEAREST && s.min_filter != GL_LINEAR && !is_mipmap_filter(s.min_filter))
        s.min_filter = d.min_filter;

    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    /* Rows are tightly packed RGBA8, so any width is fine. */
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    GLint internal = space == TEXTURE_SRGB ? GL_SRGB8_ALPHA8 : GL_RGBA8;
    glTexImage2D(GL_TEXTURE_2D, 0, internal, img->width, img->height, 0, GL_RGBA, GL_UNSIGNED_BYTE, img->pixels);
    /* Only a mipmap filter reads the smaller levels; without one they would
     * cost a third more memory for nothing. */
    if (is_mipmap_filter(s.min_filter))
        glGenerateMipmap(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, s.min_filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, s.mag_filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, s.wrap_s);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, s.wrap_t);
    glBindTexture(GL_TEXTURE_2D, 0);
    return tex;
}

GLuint texture_upload(const image_rgba8 *img, texture_color_space space)
{
    return texture_upload_sampled(img, space, NULL);
}

void texture_cache_init(texture_cache *c)
{
    memset(c, 0, sizeof *c);
}

static const texture_cache_entry *find(const texture_cache *c, const char *key, texture_color_space space)
{
    for (int i = 0; i < c->count; i++)
        if (c->entries[i].space == space && strcmp(c->entries[i].key, key) == 0)
            return &c->entries[i];
    return NULL;
}

static bool remember(texture_cache *c, const char *key, texture_color_space space, const image_rgba8 *img, GLuint *out,
                     sa_error *err)
{
    if (c->count == c->capacity) {
        int capacity = c->capacity ? c->capacity * 2 : 16;
        texture_cache_entry *grown = realloc(c->entries, (size_t)capacity * sizeof *grown);
        if (!grown)
            return sa_error_set(err, "%s: out of memory in the texture cache", key);
        c->entries = grown;
        c->capacity = capacity;
    }
    texture_cache_entry *e = &c->entries[c->count++];
    snprintf(e->key, sizeof e->key, "%s", key);
    e->space = space;
    e->texture = texture_upload(img, space);
    *out = e->texture;
    return true;
}

bool texture_cache_file(texture_cache *c, const char *path, texture_color_space space, GLuint *out, sa_error *err)
{
    const texture_cache_entry *hit = find(c, path, space);
    if (hit) {
        *out = hit->texture;
        return true;
    }
    image_rgba8 img;
    if (!image_decode_file(path, &img, err))
        return false;
    c->decodes++;
    bool ok = remember(c, path, space, &img, out, err);
    image_free(&img);
    return ok;
}

bool texture_cache_memory(texture_cache *c, const char *key, const unsigned char *bytes, size_t size,
                          texture_color_space space, GLuint *out, sa_error *err)
{
    const texture_cache_entry *hit = find(c, key, space);
    if (hit) {
        *out = hit->texture;
        return true;
    }
    image_rgba8 img;
    if (!image_decode_memory(bytes, size, &img, err))
        return sa_error_prefix(err, "%s", key);
    c->decodes++;
    bool ok = remember(c, key, space, &img, out, err);
    image_free(&img);
    return ok;
}

GLuint texture_cache_white(texture_cache *c)
{
    if (!c->white) {
        unsigned char white[4] = {255, 255, 255, 255};
        image_rgba8 img = {1, 1, white};
        c->white = texture_upload(&img, TEXTURE_LINEAR);
    }
    return c->white;
}

void texture_cache_free(texture_cache *c)
{
    for (int i = 0; i < c->count; i++)
        glDeleteTextures(1, &c->entries[i].texture);
    if (c->white)
        glDeleteTextures(1, &c->white);
    free(c->entries);
    memset(c, 0, sizeof *c);
}
