/* EXERCISE ex03.2: decode base64, the text of a glTF data: URI.
 *
 * Task: turn each group of 4 characters (6 bits each: A-Z, a-z, 0-9, '+', '/')
 * into 3 bytes; '=' pads the last group ("QQ==" is 1 byte, "QUI=" 2) and may
 * be missing. Return the number of bytes written, or (size_t)-1 for invalid
 * text or when out_capacity is too small. See exercises/03_gltf_loader/README.md
 * and the book, chapter 03, "GLB: one file, two chunks".
 *
 * Check your work:   ctest --test-dir build -L ex03.2 --output-on-failure
 */
#include "chapters/03_gltf_loader/gltf.h"
#include "exercises/stub_note.h"

size_t gltf_base64_decode(const char *text, size_t text_length, unsigned char *out, size_t out_capacity)
{
    /* TODO(ex03.2): decode (and delete the note). This stub rejects every
     * text, so every glTF file with a data: URI fails to load. */
    SA_STUB_NOTE("ex03.2", "exercises/03_gltf_loader/base64.c", "every data: URI is rejected as invalid base64");
    (void)text, (void)text_length, (void)out, (void)out_capacity;
    return (size_t)-1;
}
