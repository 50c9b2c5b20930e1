/* skeleton_overlay.c: the skeleton drawn over a mesh (see the header). */
#include "skeleton_overlay.h"

void skeleton_depths(const skeleton *s, int *depth)
{
    for (int j = 0; j < s->joint_count; j++)
        depth[j] = s->parent[j] < 0 ? 0 : depth[s->parent[j]] + 1;
}

/* A colour per depth in the tree, repeating after six (ch04_bone_tree's). */
static void depth_color(int depth, vec3 out)
{
    static const float palette[6][3] = {{1.0f, 0.85f, 0.2f}, {1.0f, 0.45f, 0.2f}, {0.95f, 0.3f, 0.6f},
                                        {0.6f, 0.4f, 1.0f},  {0.3f, 0.7f, 1.0f},  {0.3f, 0.95f, 0.6f}};
    glm_vec3_copy((float *)palette[depth % 6], out);
}

void skeleton_overlay_draw(debug_draw *lines, const skeleton *s, mat4 *model_from_joint, const int *depth, int selected,
                           float axes_size)
{
    /* A joint's origin in model space is the fourth column of its matrix. */
    for (int j = 0; j < s->joint_count; j++) {
        vec3 color;
        depth_color(depth[j], color);
        if (j == selected)
            glm_vec3_one(color);
        debug_draw_point(lines, model_from_joint[j][3], color);
        if (s->parent[j] >= 0)
            debug_draw_line(lines, model_from_joint[s->parent[j]][3], model_from_joint[j][3], color);
    }
    if (selected < 0 || selected >= s->joint_count)
        return;
    /* The selected joint's axes, axes_size long whatever its scale. */
    mat4 unscaled;
    glm_mat4_copy(model_from_joint[selected], unscaled);
    for (int axis = 0; axis < 3; axis++) {
        float length = glm_vec3_norm(unscaled[axis]);
        if (length > 0.0f)
            glm_vec3_scale(unscaled[axis], 1.0f / length, unscaled[axis]);
    }
    debug_draw_axes(lines, unscaled, axes_size);
}
