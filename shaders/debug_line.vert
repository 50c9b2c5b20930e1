#version 330 core
// debug_line.vert: lines and points already in world space.
layout(location = 0) in vec3 a_position_world;
layout(location = 1) in vec3 a_color;

uniform mat4 u_clip_from_world;
uniform float u_point_size;

out vec3 v_color;

void main()
{
    v_color = a_color;
    gl_PointSize = u_point_size;
    gl_Position = u_clip_from_world * vec4(a_position_world, 1.0);
}
