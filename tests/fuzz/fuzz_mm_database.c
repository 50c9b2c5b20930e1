/* fuzz_mm_database: libFuzzer target for chapter 14's database file
 * (mm_database_parse) and what is done with a file it accepts: the search
 * index built, and a search by brute force and over the boxes for the
 * first, the middle and the last frame's features, which must agree (an
 * abort otherwise). The input is handed over at its exact size, so a read
 * past the end is the sanitizer's to see. Seeds: tests/fuzz/mm_database_corpus
 * (make_mm_database_corpus.py). */
#include "chapters/14_motion_matching/motion_database.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *copy = malloc(size ? size : 1);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    mm_database db;
    sa_error err;
    bool ok = mm_database_parse(&db, copy, size, "fuzz.mmdb", &err);
    free(copy);
    if (!ok)
        return 0;
    mm_search_index *index;
    if (mm_search_index_build(&index, &db, &err)) {
        const int frames[3] = {0, db.frame_count / 2, db.frame_count - 1};
        for (int k = 0; k < 3; k++) {
            const float *q = db.features + (size_t)frames[k] * MM_FEATURE_COUNT;
            float c1, c2;
            int a = mm_search_brute_force(&db, q, &c1), b = mm_search_accelerated(index, &db, q, &c2);
            if (a != b)
                abort();
            float d[3], turn;
            mm_root_delta(&db, frames[k], d, &turn);
        }
        mm_search_index_free(index);
    }
    mm_database_free(&db);
    return 0;
}
