// crowd_skin.vert: chapter 12's crowd, every character in one instanced
// draw, lit by lit.frag. No #version here: the program
// (chapters/12_data_oriented/crowd_view.c) puts `#version 330 core` in
// front, and appends shaders/skin_vertex.glsl (chapter 07's linear blend,
// exercise ex07.1), which calls skin_matrix_of() below.
//
// Every character's skin matrices are one 2D RGBA32F texture: row i is
// instance i, and its texels 4 k .. 4 k + 3 are the columns of skin matrix
// k (cglm's mat4, column after column, as uploaded). A 2D texture, not a
// texture buffer: WebGL 2 has none, and a uniform block holds a few hundred
// matrices, not a crowd's.
// Attribute locations are the book's fixed table (common/mesh.h).
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_texcoord;
layout(location = 3) in uvec4 a_joints; // skin joint indices, integers (glVertexAttribIPointer)
layout(location = 4) in vec4 a_weights; // summing to 1

uniform mat4 u_clip_from_world;
uniform sampler2D u_skin_matrices; // [4 x joints] x [instances]
// The grid: instance i stands at u_grid_origin + (i % columns, i / columns)
// * u_grid_spacing on the ground (x, z).
uniform int u_grid_columns;
uniform vec2 u_grid_spacing;
uniform vec3 u_grid_origin;

out vec3 v_position_world;
out vec3 v_normal_world;
out vec2 v_texcoord;

// [listing crowd_skin_fetch]
mat4 skin_matrix_of(uint joint)
{
    ivec2 at = ivec2(4 * int(joint), gl_InstanceID);
    return mat4(texelFetch(u_skin_matrices, at, 0), texelFetch(u_skin_matrices, at + ivec2(1, 0), 0),
                texelFetch(u_skin_matrices, at + ivec2(2, 0), 0), texelFetch(u_skin_matrices, at + ivec2(3, 0), 0));
}
// [/listing]

// Defined in skin_vertex.glsl (exercise ex07.1).
void skin_vertex(uvec4 joints, vec4 weights, vec3 position, vec3 normal, out vec3 skinned_position,
                 out vec3 skinned_normal);

void main()
{
    vec3 skinned_position, skinned_normal;
    skin_vertex(a_joints, a_weights, a_position, a_normal, skinned_position, skinned_normal);
    ivec2 cell = ivec2(gl_InstanceID % u_grid_columns, gl_InstanceID / u_grid_columns);
    vec3 offset = u_grid_origin + vec3(float(cell.x) * u_grid_spacing.x, 0.0, float(cell.y) * u_grid_spacing.y);
    v_position_world = skinned_position + offset;
    v_normal_world = skinned_normal;
    v_texcoord = a_texcoord;
    gl_Position = u_clip_from_world * vec4(v_position_world, 1.0);
}
