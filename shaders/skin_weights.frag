#version 330 core
// skin_weights.frag: the view's colour, shaded just enough to see the shape.
in vec3 v_normal_world;
in vec3 v_color;
flat in vec3 v_flat_color;

uniform vec3 u_light_direction_world; // towards the light, normalised
uniform int u_view; // 1: dominant joint, one colour per triangle, not blended

out vec4 out_color;

void main()
{
    vec3 n = normalize(v_normal_world);
    if (!gl_FrontFacing)
        n = -n;
    float light = 0.45 + 0.55 * max(dot(n, u_light_direction_world), 0.0);
    out_color = vec4((u_view == 1 ? v_flat_color : v_color) * light, 1.0);
}
