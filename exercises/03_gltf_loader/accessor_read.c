/* EXERCISE ex03.1: read element `index` of an accessor as floats.
 *
 * Task: write the components of element `index` into out[0..n-1], where
 * n = gltf_type_components(layout->type): find the element with the stride,
 * copy each component out with memcpy, convert it to float (normalized
 * integers per the spec), and read matrices column by column with each
 * column starting on a 4-byte boundary. See exercises/03_gltf_loader/README.md
 * and the book, chapter 03, "Component types and normalization".
 *
 * Check your work:   ctest --test-dir build -L ex03.1 --output-on-failure
 */
#include "chapters/03_gltf_loader/gltf.h"
#include "exercises/stub_note.h"

#include <string.h>

void gltf_element_read_float(const gltf_element_layout *layout, size_t index, float *out)
{
    /* TODO(ex03.1): this reads the first component of element 0 as a float,
     * whatever the stride, component type or normalization. Write the real
     * reader (and delete the note). */
    SA_STUB_NOTE("ex03.1", "exercises/03_gltf_loader/accessor_read.c",
                 "every accessor element reads as the first 4 bytes of element 0, taken as a float");
    (void)index;
    int n = gltf_type_components(layout->type);
    for (int i = 0; i < n; i++)
        memcpy(&out[i], layout->bytes, sizeof(float));
}
