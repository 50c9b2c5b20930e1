#version 330 core
// skin_weights.vert: chapter 05's debug views of a skinned mesh's weights.
// Attribute locations are the book's fixed table (common/mesh.h); JOINTS_0
// arrives as integers (skin joint indices), WEIGHTS_0 as floats.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 3) in uvec4 a_joints;
layout(location = 4) in vec4 a_weights;

uniform mat4 u_world_from_model;
uniform mat4 u_clip_from_world;
uniform int u_view;                // 0 plain, 1 dominant joint, 2 weight of one joint
uniform int u_selected_skin_joint; // for view 2; -1: the joint is not in this skin

out vec3 v_normal_world;
out vec3 v_color;           // sRGB, picked by eye like the debug lines
flat out vec3 v_flat_color; // the same, not blended across a triangle

// A colour per joint index: hues a golden angle apart, so that neighbours
// in the joint list (often neighbours on the body) differ clearly.
vec3 joint_color(uint joint)
{
    float hue = fract(float(joint) * 0.618034);
    vec3 rgb = clamp(abs(fract(hue + vec3(0.0, 2.0, 1.0) / 3.0) * 6.0 - 3.0) - 1.0, 0.0, 1.0);
    return mix(vec3(0.9), rgb, 0.8);
}

// 0 blue, 0.25 cyan, 0.5 green, 0.75 yellow, 1 red.
vec3 heat(float w)
{
    w = clamp(w, 0.0, 1.0);
    return clamp(vec3(4.0 * w - 2.0, 2.0 - abs(4.0 * w - 2.0), 2.0 - 4.0 * w), 0.0, 1.0);
}

// [listing weight_views]
void main()
{
    if (u_view == 1) {
        int strongest = 0; // the first of equal weights
        for (int i = 1; i < 4; i++)
            if (a_weights[i] > a_weights[strongest])
                strongest = i;
        v_color = joint_color(a_joints[strongest]);
    } else if (u_view == 2) {
        float w = 0.0;
        for (int i = 0; i < 4; i++)
            if (int(a_joints[i]) == u_selected_skin_joint)
                w += a_weights[i];
        v_color = heat(w);
    } else {
        v_color = vec3(0.75);
    }
    v_flat_color = v_color;
    v_normal_world = transpose(inverse(mat3(u_world_from_model))) * a_normal;
    gl_Position = u_clip_from_world * u_world_from_model * vec4(a_position, 1.0);
}
// [/listing]
