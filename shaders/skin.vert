// skin.vert: chapter 07's skinning in the vertex shader, lit by lit.frag.
// No #version here: the program (chapters/07_gpu_skinning/gpu_skin.c) puts
// a preamble in front, `#version 330 core` and its choices:
//   SKIN_MAX_JOINTS      entries of the uniform block
//   SKIN_TEXTURE_BUFFER  the joints come from a texture buffer instead
//   SKIN_DUAL_QUAT       dual-quaternion skinning instead of linear blending
// and appends shaders/skin_vertex.glsl, the linear blend (exercise ex07.1).
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

void main()
{
    skin_vertex(a_joints, a_weights, a_position, a_normal, v_position_world, v_normal_world);
    v_texcoord = a_texcoord;
    gl_Position = u_clip_from_world * vec4(v_position_world, 1.0);
}

#else // SKIN_DUAL_QUAT
// [listing skin_dual_quat]
// Two vec4 a joint: the real part (the rotation) then the dual part, x y z w.
#ifndef SKIN_TEXTURE_BUFFER
layout(std140) uniform SkinDualQuats
{
    vec4 skin_dq[2 * SKIN_MAX_JOINTS];
};
#define SKIN_DQ(i) skin_dq[i]
#else
uniform samplerBuffer u_skin_texture;
#define SKIN_DQ(i) texelFetch(u_skin_texture, int(i))
#endif

void main()
{
    // Every real part on the side of the first one's (q and -q are one
    // rotation), as a factor of +-1 rather than a branch.
    vec4 pivot = SKIN_DQ(2u * a_joints.x);
    vec4 real = vec4(0.0), dual = vec4(0.0);
    for (int i = 0; i < 4; i++) {
        vec4 r = SKIN_DQ(2u * a_joints[i]);
        float w = a_weights[i] * (dot(r, pivot) < 0.0 ? -1.0 : 1.0);
        real += w * r;
        dual += w * SKIN_DQ(2u * a_joints[i] + 1u);
    }
    float length_real = length(real);
    real /= length_real;
    dual /= length_real;
    // Rotate by real, then move by the translation 2 dual conj(real).
    vec3 a = real.xyz;
    vec3 p = a_position + 2.0 * cross(a, cross(a, a_position) + real.w * a_position);
    vec3 t = 2.0 * (real.w * dual.xyz - dual.w * a + cross(a, dual.xyz));
    v_position_world = p + t;
    v_normal_world = a_normal + 2.0 * cross(a, cross(a, a_normal) + real.w * a_normal);
    v_texcoord = a_texcoord;
    gl_Position = u_clip_from_world * vec4(v_position_world, 1.0);
}
// [/listing]
#endif
