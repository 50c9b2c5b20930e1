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
    // Normals: the inverse transpose of the upper 3x3 A (columns a0 a1 a2)
    // in the cofactor form of chapter 06. The matrix with the columns
    // a1 x a2, a2 x a0, a0 x a1 is det A times inverse(transpose(A)), and
    // unlike inverse() it is defined where A is singular. The length is
    // normalized away; the sign of det A is kept (a mirror still turns the
    // normal outward), and a normal that vanishes stays 0, as on the CPU.
    mat3 a = mat3(m);
    vec3 c0 = cross(a[1], a[2]);
    vec3 n = mat3(c0, cross(a[2], a[0]), cross(a[0], a[1])) * normal;
    float side = dot(a[0], c0) < 0.0 ? -1.0 : 1.0;
    float len = length(n);
    skinned_normal = len > 0.0 ? n * (side / len) : vec3(0.0);
}
// [/listing]
