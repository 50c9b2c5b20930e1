#version 330 core
// lit.vert: a static mesh, lit in world space.
// Attribute locations are the book's fixed table (common/mesh.h).
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_texcoord;

uniform mat4 u_world_from_model;
uniform mat3 u_normal_world_from_model; // inverse transpose of the upper 3x3
uniform mat4 u_clip_from_world;

out vec3 v_position_world;
out vec3 v_normal_world;
out vec2 v_texcoord;

void main()
{
    vec4 position_world = u_world_from_model * vec4(a_position, 1.0);
    v_position_world = position_world.xyz;
    v_normal_world = u_normal_world_from_model * a_normal;
    v_texcoord = a_texcoord;
    gl_Position = u_clip_from_world * position_world;
}
