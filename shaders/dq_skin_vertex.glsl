// dq_skin_vertex.glsl: reference solution of exercise ex07.2, its GLSL half:
// dual-quaternion skinning of one vertex in the vertex shader, the twin of
// dq_skin_vertex() in chapters/07_gpu_skinning/dq_skin_vertex.c. It is
// appended to shaders/skin.vert when the program blends dual quaternions;
// skin.vert defines skin_dq_real_of(joint) and skin_dq_dual_of(joint). The
// stub is exercises/07_gpu_skinning/dq_skin_vertex.glsl.

// [listing dq_skin_vertex_glsl]
void dq_skin_vertex(uvec4 joints, vec4 weights, vec3 position, vec3 normal, out vec3 skinned_position,
                    out vec3 skinned_normal)
{
    // Every real part on the side of the first one's (q and -q are one
    // rotation), as a factor of +-1 rather than a branch.
    vec4 pivot = skin_dq_real_of(joints.x);
    vec4 real = vec4(0.0), dual = vec4(0.0);
    for (int i = 0; i < 4; i++) {
        vec4 r = skin_dq_real_of(joints[i]);
        float w = weights[i] * (dot(r, pivot) < 0.0 ? -1.0 : 1.0);
        real += w * r;
        dual += w * skin_dq_dual_of(joints[i]);
    }
    float length_real = length(real);
    real /= length_real;
    dual /= length_real;
    // Rotate by real, then move by the translation 2 dual conj(real).
    vec3 a = real.xyz;
    vec3 p = position + 2.0 * cross(a, cross(a, position) + real.w * position);
    vec3 t = 2.0 * (real.w * dual.xyz - dual.w * a + cross(a, dual.xyz));
    skinned_position = p + t;
    skinned_normal = normal + 2.0 * cross(a, cross(a, normal) + real.w * normal);
}
// [/listing]
