// skin.vert: chapter 07's skinning in the vertex shader, lit by lit.frag.
// No #version here: the program (chapters/07_gpu_skinning/gpu_skin.c) puts
// a preamble in front, `#version 330 core` and its choices:
//   SKIN_MAX_JOINTS      entries of the uniform block
//   SKIN_TEXTURE_BUFFER  the joints come from a texture buffer instead
//   SKIN_DUAL_QUAT       dual-quaternion skinning instead of linear blending
//   MORPH_MAX_ACTIVE     entries of the morph targets' uniform arrays
// and appends shaders/skin_vertex.glsl, the linear blend (exercise ex07.1),
// or with SKIN_DUAL_QUAT shaders/dq_skin_vertex.glsl (exercise ex07.2).
// Attribute locations are the book's fixed table (common/mesh.h).
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_texcoord;
layout(location = 3) in uvec4 a_joints; // skin joint indices, integers (glVertexAttribIPointer)
layout(location = 4) in vec4 a_weights; // summing to 1

uniform mat4 u_clip_from_world;

// What lit.frag reads; the first two are also what transform feedback captures.
out vec3 v_position_world;
out vec3 v_normal_world;
out vec2 v_texcoord;

// [listing morph_glsl]
// Morph targets, before the skin (chapter 06's order). The deltas of this
// primitive: texel 2 (vertex target_count + target) + 0 for the position,
// + 1 for the normal, row after row of the texture's width.
uniform sampler2D u_morph_texture;
uniform int u_morph_target_count; // targets of the primitive (texels per vertex / 2)
// This draw's targets with a non-zero weight (morph_active): target numbers
// and weights, four to a vector (a float array may take a whole vec4 a
// float on some drivers); u_morph_count 0 for a primitive without targets.
uniform int u_morph_count;
uniform ivec4 u_morph_targets[MORPH_MAX_ACTIVE / 4];
uniform vec4 u_morph_weights[MORPH_MAX_ACTIVE / 4];

vec3 morph_delta(int texel)
{
    int width = textureSize(u_morph_texture, 0).x;
    return texelFetch(u_morph_texture, ivec2(texel % width, texel / width), 0).xyz;
}

void morph_vertex(inout vec3 position, inout vec3 normal)
{
    // gl_VertexID: the vertex's index in the buffer, also when drawn by
    // glDrawElements; the same number the CPU's loop has.
    int first = 2 * gl_VertexID * u_morph_target_count;
    for (int k = 0; k < u_morph_count; k++) {
        int texel = first + 2 * u_morph_targets[k / 4][k % 4];
        float weight = u_morph_weights[k / 4][k % 4];
        position += weight * morph_delta(texel);
        normal += weight * morph_delta(texel + 1);
    }
}
// [/listing]

// [listing skin_joints]
#ifndef SKIN_DUAL_QUAT
#ifndef SKIN_TEXTURE_BUFFER
// std140: a mat4 is four vec4 columns, 16 bytes apart; matrix k starts at
// byte 64 k. cglm's mat4 has exactly that layout, so C uploads its array as is.
layout(std140) uniform SkinMatrices
{
    mat4 skin_matrix[SKIN_MAX_JOINTS];
};
mat4 skin_matrix_of(uint joint)
{
    return skin_matrix[joint];
}
#else
// Four RGBA32F texels a matrix, one per column, in the same bytes.
uniform samplerBuffer u_skin_texture;
mat4 skin_matrix_of(uint joint)
{
    int t = 4 * int(joint);
    return mat4(texelFetch(u_skin_texture, t), texelFetch(u_skin_texture, t + 1),
                texelFetch(u_skin_texture, t + 2), texelFetch(u_skin_texture, t + 3));
}
#endif
// [/listing]

// Defined in skin_vertex.glsl (exercise ex07.1).
void skin_vertex(uvec4 joints, vec4 weights, vec3 position, vec3 normal, out vec3 skinned_position,
                 out vec3 skinned_normal);

// [listing skin_main]
void main()
{
    // The morph first, in model space at bind time, then the skin.
    vec3 position = a_position, normal = a_normal;
    morph_vertex(position, normal);
    skin_vertex(a_joints, a_weights, position, normal, v_position_world, v_normal_world);
    v_texcoord = a_texcoord;
    gl_Position = u_clip_from_world * vec4(v_position_world, 1.0);
}
// [/listing]

#else // SKIN_DUAL_QUAT
// [listing skin_dual_quat]
// Two vec4 a joint: the real part (the rotation) then the dual part, x y z w.
#ifndef SKIN_TEXTURE_BUFFER
layout(std140) uniform SkinDualQuats
{
    vec4 skin_dq[2 * SKIN_MAX_JOINTS];
};
vec4 skin_dq_real_of(uint joint)
{
    return skin_dq[2u * joint];
}
vec4 skin_dq_dual_of(uint joint)
{
    return skin_dq[2u * joint + 1u];
}
#else
uniform samplerBuffer u_skin_texture;
vec4 skin_dq_real_of(uint joint)
{
    return texelFetch(u_skin_texture, 2 * int(joint));
}
vec4 skin_dq_dual_of(uint joint)
{
    return texelFetch(u_skin_texture, 2 * int(joint) + 1);
}
#endif

// Defined in dq_skin_vertex.glsl (exercise ex07.2, its GLSL half).
void dq_skin_vertex(uvec4 joints, vec4 weights, vec3 position, vec3 normal, out vec3 skinned_position,
                    out vec3 skinned_normal);

void main()
{
    vec3 position = a_position, normal = a_normal;
    morph_vertex(position, normal);
    dq_skin_vertex(a_joints, a_weights, position, normal, v_position_world, v_normal_world);
    v_texcoord = a_texcoord;
    gl_Position = u_clip_from_world * vec4(v_position_world, 1.0);
}
// [/listing]
#endif
