/* skeleton_overlay.c: the skeleton drawn over a mesh (see the header). */
#include "skeleton_overlay.h"

#include "text_lines.h"

#include <stdio.h>

void skeleton_depths(const skeleton *s, int *depth)
{
    for (int j = 0; j < s->joint_count; j++)
        depth[j] = s->parent[j] < 0 ? 0 : depth[s->parent[j]] + 1;
}

void skeleton_depth_color(int depth, vec3 out)
{
    static const float palette[6][3] = {{1.0f, 0.85f, 0.2f}, {1.0f, 0.45f, 0.2f}, {0.95f, 0.3f, 0.6f},
                                        {0.6f, 0.4f, 1.0f},  {0.3f, 0.7f, 1.0f},  {0.3f, 0.95f, 0.6f}};
    glm_vec3_copy((float *)palette[depth % 6], out);
}

/* [listing draw_skeleton] */
/* A point at each joint's origin, a line from each parent's origin to its
 * child's. The origin of joint j in model space is the fourth column of
 * model_from_joint[j]: the image of the point (0, 0, 0, 1). */
void skeleton_overlay_draw(debug_draw *lines, const skeleton *s, mat4 *model_from_joint, const int *depth, int selected,
                           float axes_size)
{
    for (int j = 0; j < s->joint_count; j++) {
        vec3 color;
        skeleton_depth_color(depth[j], color);
        if (j == selected)
            glm_vec3_one(color);
        debug_draw_point(lines, model_from_joint[j][3], color);
        if (s->parent[j] >= 0)
            debug_draw_line(lines, model_from_joint[s->parent[j]][3], model_from_joint[j][3], color);
    }
    /* [elide the selected joint's axes] */
    if (selected < 0 || selected >= s->joint_count)
        return;
    /* Its own axes, axes_size long whatever its scale. */
    mat4 unscaled;
    glm_mat4_copy(model_from_joint[selected], unscaled);
    for (int axis = 0; axis < 3; axis++) {
        float length = glm_vec3_norm(unscaled[axis]);
        if (length > 0.0f)
            glm_vec3_scale(unscaled[axis], 1.0f / length, unscaled[axis]);
    }
    debug_draw_axes(lines, unscaled, axes_size);
    /* [/elide] */
}
/* [/listing] */

void skeleton_overlay_draw_plain(debug_draw *lines, const skeleton *s, mat4 *model_from_joint, const vec3 color)
{
    for (int j = 0; j < s->joint_count; j++) {
        debug_draw_point(lines, model_from_joint[j][3], color);
        if (s->parent[j] >= 0)
            debug_draw_line(lines, model_from_joint[s->parent[j]][3], model_from_joint[j][3], color);
    }
}

void skeleton_overlay_key(debug_draw *text, const skeleton *s, const int *depth, int selected, int height)
{
    if (s->joint_count == 0)
        return;
    const float scale = 1.5f, line = TEXT_LINE_HEIGHT * scale + 2.0f;
    char label[80];
    if (selected >= 0 && selected < s->joint_count) {
        snprintf(label, sizeof label, "joint %d of %d: %s", selected, s->joint_count,
                 s->name[selected][0] ? s->name[selected] : "(no name)");
        text_draw(text, 10.0f, 8.0f, 2.0f, label, (vec3){1, 1, 1});
    }
    int rows = (int)(((float)height - 40.0f) / line);
    int first = selected >= rows ? selected - rows + 1 : 0; /* keep the selected one in view */
    for (int j = first; j < s->joint_count && j - first < rows; j++) {
        vec3 color;
        skeleton_depth_color(depth[j], color);
        if (j == selected)
            glm_vec3_one(color);
        snprintf(label, sizeof label, "%s%s", j == selected ? "> " : "", s->name[j][0] ? s->name[j] : "-");
        text_draw(text, 10.0f + 8.0f * (float)(depth[j] < 12 ? depth[j] : 12), 36.0f + line * (float)(j - first), scale,
                  label, color);
    }
}
