/* stub_note.h: how an exercise stub says that it is still a stub.
 *
 * A stub runs inside the real chapter programs and tests, so a failure far
 * from the exercise (a wrong vertex count in ch02_check_torus, a strange
 * joint index in test_characters) must still name the exercise behind it.
 * Every stub therefore starts with
 *
 *     SA_STUB_NOTE("ex02.2", "exercises/02_obj_loader/obj_dedup.c", "every corner becomes a new vertex");
 *
 * which prints, the first time the stub runs in a process, one line on
 * standard error:
 *
 *     note: ex02.2 is not written yet (exercises/02_obj_loader/obj_dedup.c): every corner becomes a new vertex
 *
 * Once only, because a stub may run millions of times (once per face corner,
 * once per frame). A stub that can return an error names its id in the
 * error message as well. Delete the SA_STUB_NOTE line when you write the
 * function: your solution prints nothing.
 */
#ifndef SA_EXERCISES_STUB_NOTE_H
#define SA_EXERCISES_STUB_NOTE_H

#include <stdio.h>

#define SA_STUB_NOTE(id, file, effect)                                                                                 \
    do {                                                                                                               \
        static int said_;                                                                                              \
        if (!said_) {                                                                                                  \
            said_ = 1;                                                                                                 \
            fprintf(stderr, "note: %s is not written yet (%s): %s\n", id, file, effect);                               \
        }                                                                                                              \
    } while (0)

#endif
