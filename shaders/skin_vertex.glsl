// skin_vertex.glsl: reference solution of exercise ex07.1, the linear blend
// of one vertex in the vertex shader. It is appended to shaders/skin.vert,
// which defines skin_matrix_of(joint). The stub is
// exercises/07_gpu_skinning/skin_vertex.glsl.

// [listing skin_vertex_glsl]
void skin_vertex(uvec4 joints, vec4 weights, vec3 position, vec3 normal, out vec3 skinned_position,
                 out vec3 skinned_normal)
{
    // M = sum of w * skin_matrix: four fetches and four multiply-adds for
    // every vertex, with no test on the weights (a zero weight adds zero,
    // and a branch would cost more than it saves).
    mat4 m = weights.x * skin_matrix_of(joints.x) + weights.y * skin_matrix_of(joints.y) +
             weights.z * skin_matrix_of(joints.z) + weights.w * skin_matrix_of(joints.w);
    skinned_position = (m * vec4(position, 1.0)).xyz;
    // Normals: the inverse transpose of the upper 3x3 (chapter 06).
    skinned_normal = normalize(transpose(inverse(mat3(m))) * normal);
}
// [/listing]
