/* gltf_buffers_images.c: the bytes the JSON points to: step 3 of the load
 * (every buffer's bytes) and its last step (every image decoded).
 *
 * Supports: base64 data: URIs (data:[<type>][;param=value]*;base64,<data>),
 * external files next to the .gltf (percent-decoded: "%20" is a space), the
 * GLB BIN chunk as buffers[0] (pointed into, not copied, when the document
 * keeps the file); images from a bufferView, a data: URI or a file, decoded
 * on the CPU (common/image.h) within options.max_image_bytes.
 * Does not support: data: URIs that are not base64; external files when
 * loading from memory without a base_dir; a URI holding %00, or longer than
 * SA_PATH_MAX; a buffer whose data is shorter than its byteLength.
 */
#include "gltf_steps.h"

#include "common/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t gltf_base64_decoded_size(const char *text, size_t text_length)
{
    for (int pad = 0; pad < 2 && text_length > 0 && text[text_length - 1] == '='; pad++)
        text_length--;
    return text_length / 4 * 3 + (text_length % 4 == 3 ? 2 : text_length % 4 == 2 ? 1 : 0);
}

/* "%20" -> ' ' in URIs of external files. */
static void percent_decode(const char *in, char *out, size_t out_len)
{
    size_t n = 0;
    for (; *in && n + 1 < out_len; in++) {
        int hi, lo;
        if (in[0] == '%' && (hi = in[1]) && (lo = in[2]) && strchr("0123456789abcdefABCDEF", hi) &&
            strchr("0123456789abcdefABCDEF", lo)) {
            char hex[3] = {(char)hi, (char)lo, 0};
            out[n++] = (char)strtol(hex, NULL, 16);
            in += 2;
        } else {
            out[n++] = *in;
        }
    }
    out[n] = '\0';
}

/* The file an external URI names: percent-decoded, next to the .gltf. A URI
 * or path too long for the buffer is an error, not a silently cut path that
 * could name another file. */
static bool external_file(loader *L, const char *uri, const char *path, char file[SA_PATH_MAX])
{
    if (!L->base_dir)
        return sa_error_set(L->err, "%s.uri: external file \"%s\" (not allowed when loading from memory)", path, uri);
    char decoded[SA_PATH_MAX];
    if (strlen(uri) >= sizeof decoded)
        return sa_error_set(L->err, "%s.uri: %zu bytes long (at most %d)", path, strlen(uri), SA_PATH_MAX - 1);
    if (strstr(uri, "%00"))
        return sa_error_set(L->err, "%s.uri: \"%s\" holds %%00, which would cut the file name short", path, uri);
    percent_decode(uri, decoded, sizeof decoded);
    if (strlen(L->base_dir) + 1 + strlen(decoded) >= SA_PATH_MAX)
        return sa_error_set(L->err, "%s.uri: the path of \"%s\" is longer than %d bytes", path, decoded,
                            SA_PATH_MAX - 1);
    sa_path_join(L->base_dir, decoded, file, SA_PATH_MAX);
    return true;
}

/* The bytes of a data: URI or an external file; *size is what was decoded. */
static bool load_uri(loader *L, const char *uri, const char *path, unsigned char **bytes, size_t *size)
{
    *bytes = NULL, *size = 0;
    if (strncmp(uri, "data:", 5) == 0) {
        const char *comma = strchr(uri, ',');
        if (!comma || comma - uri < 12 || strncmp(comma - 7, ";base64", 7) != 0)
            return sa_error_set(L->err, "%s.uri: only base64 data: URIs are supported", path);
        /* data:[<type/subtype>][;param=value]*;base64,<data> (RFC 2397): no empty parameter. */
        for (const char *c = uri + 5; c < comma - 7; c++)
            if (*c == ';' && (c[1] == ';' || c + 1 == comma - 7))
                return sa_error_set(L->err, "%s.uri: malformed data: URI (an empty ';' parameter)", path);
        size_t text_length = strlen(comma + 1);
        size_t capacity = gltf_base64_decoded_size(comma + 1, text_length);
        if (!(*bytes = malloc(capacity ? capacity : 1)))
            return sa_error_set(L->err, "%s.uri: out of memory", path);
        *size = gltf_base64_decode(comma + 1, text_length, *bytes, capacity);
        if (*size == (size_t)-1) {
            free(*bytes), *bytes = NULL, *size = 0;
            return sa_error_set(L->err, "%s.uri: the base64 data is not valid", path);
        }
        return true;
    }
    char file[SA_PATH_MAX];
    if (!external_file(L, uri, path, file))
        return false;
    char *data;
    if (!sa_file_read(file, &data, size, L->err))
        return sa_error_prefix(L->err, "%s.uri", path);
    *bytes = (unsigned char *)data;
    return true;
}

bool gltf_load_buffers(loader *L, const json_value *root)
{
    gltf_document *doc = L->doc;
    for (int i = 0; i < doc->buffer_count; i++) {
        gltf_buffer *b = &doc->buffers[i];
        char path[48];
        snprintf(path, sizeof path, "buffers[%d]", i);
        const json_value *uri = json_object_get(gltf_item(L, root, "buffers", i), "uri");
        size_t size;
        if (uri && uri->kind != JSON_STRING)
            return gltf_type_error(L, path, "uri", "a string", uri);
        if (uri) {
            if (!load_uri(L, uri->as.string, path, &b->data, &size))
                return false;
        } else if (i == 0 && L->is_glb && L->glb_bin) {
            b->data = (unsigned char *)L->glb_bin; /* points into doc->file_bytes, or copied below */
            size = L->glb_bin_length;
            doc->buffer_0_in_file = doc->file_bytes != NULL;
            if (!doc->file_bytes) {
                if (!(b->data = malloc(size ? size : 1)))
                    return sa_error_set(L->err, "%s: out of memory", path);
                memcpy(b->data, L->glb_bin, size);
            }
        } else {
            return sa_error_set(L->err, "%s: no uri, and %s", path,
                                L->is_glb ? (i == 0 ? "the GLB file has no BIN chunk"
                                                    : "only buffers[0] can be the BIN chunk")
                                          : "this is not a GLB file");
        }
        if (size < b->byte_length)
            return sa_error_set(L->err, "%s.byteLength: %zu, but the data has only %zu bytes", path, b->byte_length,
                                size);
    }
    return true;
}

bool gltf_decode_images(loader *L)
{
    gltf_document *doc = L->doc;
    for (int i = 0; i < doc->image_count; i++) {
        gltf_image *img = &doc->images[i];
        char path[48];
        snprintf(path, sizeof path, "images[%d]", i);
        unsigned char *bytes = NULL;
        size_t size = 0;
        bool ok;
        /* Errors about the URI already name "images[i].uri"; decoding errors get "images[i]: ".
         * The size in the image's header is checked against the limit before
         * the pixels are decoded (common/image.h). */
        if (img->buffer_view >= 0) {
            const gltf_buffer_view *v = &doc->buffer_views[img->buffer_view];
            ok = image_decode_memory_limited(doc->buffers[v->buffer].data + v->byte_offset, v->byte_length,
                                             L->options.max_image_bytes, &img->pixels, L->err);
        } else {
            if (!load_uri(L, img->uri, path, &bytes, &size)) /* a data: URI or a file next to the .gltf */
                return false;
            ok = image_decode_memory_limited(bytes, size, L->options.max_image_bytes, &img->pixels, L->err);
            if (!ok && strncmp(img->uri, "data:", 5) != 0)
                sa_error_prefix(L->err, "%s", img->uri);
        }
        free(bytes);
        if (!ok)
            return sa_error_prefix(L->err, "%s", path);
    }
    return true;
}
