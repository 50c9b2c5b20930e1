/* mm_mirror.c: a recorded frame mirrored left to right (motion_database.h).
 *
 * The mirror is the reflection M = diag(-1, 1, 1) across the character's
 * YZ plane (it faces +Z, so left and right change places). A joint's local
 * transform T = translate(t) * rotate(q) becomes M T M: the translation
 * (-tx, ty, tz), and the rotation M R M, which for q = (x, y, z, w) is
 * (x, -y, -z, w): the axis reflected as a mirror reflects an axial vector
 * (its x kept, y and z negated), the angle unchanged. Each joint takes the
 * reflected transform of its partner (left_foot of right_foot), so a left
 * step becomes a right one. In the world the root's x is negated and the
 * heading too: facing +X (pi / 2) becomes facing -X.
 */
#include "mm_internal.h"

#include <stdio.h>
#include <string.h>

bool mm_mirror_joints(const skeleton *s, int *mirror, sa_error *err)
{
    (void)err;
    for (int j = 0; j < s->joint_count; j++) {
        mirror[j] = j;
        const char *name = s->name[j];
        const char *from = strncmp(name, "left_", 5) == 0 ? "left_" : strncmp(name, "right_", 6) == 0 ? "right_" : NULL;
        if (!from)
            continue;
        char partner[256];
        snprintf(partner, sizeof partner, "%s%s", from[0] == 'l' ? "right_" : "left_", name + strlen(from));
        int k = skeleton_find(s, partner);
        mirror[j] = k >= 0 ? k : j;
    }
    return true;
}

/* [listing mm_mirror_transform] */
void mm_mirror_transform(const transform *in, transform *out)
{
    transform t = *in; /* in and out may be the same */
    t.translation[0] = -t.translation[0];
    t.rotation[1] = -t.rotation[1];
    t.rotation[2] = -t.rotation[2];
    *out = t;
}
/* [/listing] */

void mm_mirror_frame(mm_database *db, const int *mirror, int from, int to)
{
    int n = db->joint_count;
    const transform *a = db->pose + (size_t)from * (size_t)n;
    transform *b = db->pose + (size_t)to * (size_t)n;
    for (int j = 0; j < n; j++)
        mm_mirror_transform(&a[mirror[j]], &b[j]);
    db->root_position[to][0] = -db->root_position[from][0];
    db->root_position[to][1] = db->root_position[from][1];
    db->root_position[to][2] = db->root_position[from][2];
    db->root_heading[to] = -db->root_heading[from];
    db->contact[to][0] = db->contact[from][1];
    db->contact[to][1] = db->contact[from][0];
}
