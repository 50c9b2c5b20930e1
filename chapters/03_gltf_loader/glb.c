/* glb.c: the GLB container (exercise ex03.3).
 *
 *   header   uint32 magic "glTF", uint32 version (2), uint32 length (whole file)
 *   chunk    uint32 chunkLength, uint32 chunkType, chunkLength bytes of data
 *   chunk 0  JSON (padded with spaces to 4 bytes)
 *   chunk 1  BIN  (optional, padded with zeros to 4 bytes)
 * All numbers are little-endian. Every length is checked against the bytes
 * that are really there before anything is read.
 */
#include "gltf.h"

#include <string.h>

/* [listing glb_parse] */
static uint32_t read_u32_le(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

bool glb_parse(const unsigned char *bytes, size_t size, glb_chunks *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    if (size < 12)
        return sa_error_set(err, "GLB: %zu bytes is too short for the 12-byte header", size);
    if (read_u32_le(bytes) != GLB_MAGIC)
        return sa_error_set(err, "GLB: the file does not start with \"glTF\"");
    uint32_t version = read_u32_le(bytes + 4);
    if (version != 2)
        return sa_error_set(err, "GLB: version %u (only 2 is supported)", version);
    uint32_t length = read_u32_le(bytes + 8);
    if (length != size)
        return sa_error_set(err, "GLB: the header says %u bytes, the file has %zu", length, size);
    /* [/listing] */
    /* [listing glb_chunks] */
    size_t at = 12;
    for (int chunk = 0; at < size; chunk++) {
        if (size - at < 8)
            return sa_error_set(err, "GLB: chunk %d: the chunk header at byte %zu is cut off", chunk, at);
        uint32_t chunk_length = read_u32_le(bytes + at), chunk_type = read_u32_le(bytes + at + 4);
        at += 8;
        if (chunk_length > size - at)
            return sa_error_set(err, "GLB: chunk %d: %u bytes of data do not fit in the %zu bytes left", chunk,
                                chunk_length, size - at);
        if (chunk_length % 4 != 0)
            return sa_error_set(err, "GLB: chunk %d: length %u is not a multiple of 4", chunk, chunk_length);
        if (chunk == 0 && chunk_type != GLB_CHUNK_JSON)
            return sa_error_set(err, "GLB: the first chunk must be JSON");
        if (chunk == 0) {
            out->json = bytes + at, out->json_length = chunk_length;
        } else if (chunk_type == GLB_CHUNK_JSON) {
            return sa_error_set(err, "GLB: chunk %d: a second JSON chunk", chunk);
        } else if (chunk_type == GLB_CHUNK_BIN) {
            if (chunk != 1)
                return sa_error_set(err, "GLB: chunk %d: the BIN chunk must come right after the JSON chunk", chunk);
            out->bin = bytes + at, out->bin_length = chunk_length;
        } /* other chunk types: skipped, as the spec asks */
        at += chunk_length;
    }
    if (!out->json)
        return sa_error_set(err, "GLB: no JSON chunk");
    return true;
}
/* [/listing] */
