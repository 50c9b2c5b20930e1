/* pose_write.c: a pose as text, one line per glTF node (see pose_write.h). */
#include "pose_write.h"

#include <stdlib.h>

/* A name as the last field of its line: a control character (a newline in
 * a name would start a new line) is written as '_'. */
static void write_name(FILE *out, const char *name)
{
    if (!name[0])
        name = "-";
    for (const char *c = name; *c; c++)
        fputc((unsigned char)*c < 0x20 || *c == 0x7f ? '_' : *c, out);
    fputc('\n', out);
}

/* [listing write_pose] */
/* Every node of the file, joint or not, in node order: a skeleton over all
 * nodes runs the same FK as the joints do. "%.9g" prints a float so that it
 * reads back to the same float. */
bool skeleton_write_pose(const skeleton *nodes, const transform *local, FILE *out, sa_error *err)
{
    mat4 *model_from_joint = malloc(((size_t)nodes->joint_count + 1) * sizeof *model_from_joint);
    if (!model_from_joint)
        return sa_error_set(err, "out of memory");
    skeleton_local_to_model(nodes, local, model_from_joint);
    for (int node = 0; node < nodes->node_count; node++) {
        int joint = nodes->joint_of_node[node];
        fprintf(out, "%d", node);
        for (int column = 0; column < 4; column++)
            for (int row = 0; row < 4; row++)
                fprintf(out, " %.9g", (double)model_from_joint[joint][column][row]);
        fputc(' ', out);
        write_name(out, nodes->name[joint]);
    }
    free(model_from_joint);
    return true;
}
/* [/listing] */
