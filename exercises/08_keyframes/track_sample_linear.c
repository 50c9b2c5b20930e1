/* EXERCISE ex08.2: the value of a LINEAR track (translations or scales) at a
 * time.
 *
 * Task: find the two keys around t (times[k] <= t < times[k + 1]; the
 * binary search track_find_key() in clip.h finds k) and mix their values by
 * u = (t - times[k]) / (times[k + 1] - times[k]). Before the
 * first key the first value holds, after the last key the last value; a
 * track of one key is constant; a t exactly on a key gives that key's value
 * exactly (k is that key, u = 0). values holds key_count * components floats;
 * write components floats to out.
 * The full contract is in chapters/08_keyframes/clip.h; see
 * exercises/08_keyframes/README.md and the book, chapter 08, section
 * "Sampling a track".
 *
 * Check your work:   ctest --test-dir build -L ex08.2 --output-on-failure
 */
#include "chapters/08_keyframes/clip.h"
#include "exercises/stub_note.h"

void track_sample_linear(int key_count, const float *times, const float *values, int components, float t, float *out)
{
    /* TODO(ex08.2): this stub holds the first key's value for ever: the
     * joints never move. Write the search and the mix (and delete the note). */
    SA_STUB_NOTE("ex08.2", "exercises/08_keyframes/track_sample_linear.c",
                 "translations and scales keep their first key's value: they never move");
    (void)key_count;
    (void)times;
    (void)t;
    for (int i = 0; i < components; i++)
        out[i] = values[i];
}
