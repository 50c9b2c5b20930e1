/* skeleton.c: the bone tree as plain arrays, and forward kinematics.
 * Building from a glTF file is skeleton_gltf.c; the two exercises of the
 * chapter are local_to_model.c (ex04.1) and sort_parents_first.c (ex04.2). */
#include "skeleton.h"

#include <stdlib.h>
#include <string.h>

void skeleton_free(skeleton *s)
{
    for (int j = 0; s->name && j < s->joint_count; j++)
        free(s->name[j]);
    for (int k = 0; s->skins && k < s->skin_count; k++)
        free(s->skins[k].joint_of_skin_joint);
    free(s->parent);
    free(s->name);
    free(s->rest_local);
    free(s->node_of_joint);
    free(s->joint_of_node);
    free(s->skins);
    memset(s, 0, sizeof *s);
}

static char *copy_text(const char *text)
{
    size_t length = text ? strlen(text) : 0;
    char *out = malloc(length + 1);
    if (out) {
        if (length)
            memcpy(out, text, length);
        out[length] = '\0';
    }
    return out;
}

bool skeleton_from_arrays(int count, const int *parent_in_input, const char *const *names, const transform *rest_local,
                          skeleton *out, sa_error *err)
{
    memset(out, 0, sizeof *out);
    if (count < 0)
        return sa_error_set(err, "a skeleton cannot have %d joints", count);
    size_t slots = (size_t)count + 1; /* + 1: malloc(0) may return NULL */
    out->joint_count = count;
    out->node_count = count;
    out->parent = malloc(slots * sizeof *out->parent);
    out->name = calloc(slots, sizeof *out->name);
    out->rest_local = malloc(slots * sizeof *out->rest_local);
    out->node_of_joint = malloc(slots * sizeof *out->node_of_joint);
    out->joint_of_node = malloc(slots * sizeof *out->joint_of_node);
    if (!out->parent || !out->name || !out->rest_local || !out->node_of_joint || !out->joint_of_node) {
        skeleton_free(out);
        return sa_error_set(err, "out of memory");
    }
    /* The sorted order lands in node_of_joint: joint j is input entry
     * node_of_joint[j]; parent[] comes out in joint numbers. */
    if (!joints_sort_parents_first(count, parent_in_input, out->node_of_joint, out->parent, err)) {
        skeleton_free(out);
        return false;
    }
    for (int j = 0; j < count; j++) {
        int input = out->node_of_joint[j];
        out->joint_of_node[input] = j;
        out->rest_local[j] = rest_local[input];
        out->name[j] = copy_text(names ? names[input] : NULL);
        if (!out->name[j]) {
            skeleton_free(out);
            return sa_error_set(err, "out of memory");
        }
    }
    return true;
}

int skeleton_find(const skeleton *s, const char *name)
{
    for (int j = 0; j < s->joint_count; j++)
        if (strcmp(s->name[j], name) == 0)
            return j;
    return -1;
}

/* [listing skeleton_local_to_model] */
void skeleton_local_to_model(const skeleton *s, const transform *local, mat4 *model_from_joint)
{
    /* The skeleton is stored parents first, so one loop does it (ex04.1). */
    joints_local_to_model(s->joint_count, s->parent, local, model_from_joint);
}
/* [/listing] */
