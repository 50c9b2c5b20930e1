/* sort_parents_first.c: reference solution of exercise ex04.2.
 * The stub is exercises/04_bone_tree/sort_parents_first.c. */
#include "skeleton.h"

#include <stdlib.h>

/* [listing sort_parents_first] */
bool joints_sort_parents_first(int count, const int *parent, int *order, int *parent_sorted, sa_error *err)
{
    for (int i = 0; i < count; i++)
        if (parent[i] < -1 || parent[i] >= count)
            return sa_error_set(err, "entry %d: parent %d is out of range (%d entries)", i, parent[i], count);

    /* position[i]: where entry i was placed, -1 while it is not placed yet. */
    int *position = malloc(((size_t)count + 1) * sizeof *position);
    /* [elide the out-of-memory check] */
    if (!position)
        return sa_error_set(err, "out of memory");
    /* [/elide] */
    for (int i = 0; i < count; i++)
        position[i] = -1;
    int placed = 0;
    for (int i = 0; i < count; i++) {
        /* Collect i and its ancestors that are not placed yet, child first,
         * in the free tail of order[]. More of them than entries left to
         * place means the walk went round a cycle. */
        int length = 0;
        for (int e = i; e >= 0 && position[e] < 0; e = parent[e]) {
            if (length == count - placed) {
                free(position);
                return sa_error_set(err, "entry %d: the parents form a cycle", i);
            }
            order[placed + length++] = e;
        }
        /* Reverse them: the one nearest the root comes first. */
        for (int a = placed, b = placed + length - 1; a < b; a++, b--) {
            int swap = order[a];
            order[a] = order[b], order[b] = swap;
        }
        /* Place them; each parent is placed before its child. */
        for (int k = placed; k < placed + length; k++) {
            position[order[k]] = k;
            parent_sorted[k] = parent[order[k]] < 0 ? -1 : position[parent[order[k]]];
        }
        placed += length;
    }
    free(position);
    return true;
}
/* [/listing] */
