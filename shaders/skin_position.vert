#version 330 core
// skin_position.vert: chapter 06's debug view. Each skinned vertex is
// coloured by where skinning put it: its position in the model's rest-pose
// box mapped to RGB (x red, y green, z blue). Neighbouring vertices land
// near each other and get near colours, so a vertex that a broken weight or
// joint index throws away shows at once as a spike of the wrong colour.
layout(location = 0) in vec3 a_position; // skinned, scene space
layout(location = 1) in vec3 a_normal;

uniform mat4 u_clip_from_world;
uniform vec3 u_box_min;  // the rest pose's box
uniform vec3 u_box_size;

out vec3 v_normal_world;
out vec3 v_color;

void main()
{
    v_color = clamp((a_position - u_box_min) / max(u_box_size, vec3(1e-6)), 0.0, 1.0);
    v_normal_world = a_normal; // skinning already turned it into scene space
    gl_Position = u_clip_from_world * vec4(a_position, 1.0);
}
