// EXERCISE ex07.2 (advanced), its GLSL half: dual-quaternion skinning of one
// vertex in the vertex shader.
//
// Task: the same blend as dq_skin_vertex() in C (the other half of ex07.2,
// exercises/07_gpu_skinning/dq_skin_vertex.c), in GLSL. Blend the vertex's
// four dual quaternions by its weights, each real part first brought to the
// side of joints.x's (a factor s_i = -1 when dot(real_i, real_of_joints.x)
// < 0, else +1, for the dual part too); divide both blended parts by the
// length of the blended real part; then write
//     skinned_position = rotate(real, position) + t,  t = 2 (real.w dual.xyz - dual.w real.xyz + real.xyz x dual.xyz)
//     skinned_normal   = rotate(real, normal),        rotate(q, v) = v + 2 q.xyz x (q.xyz x v + q.w v)
// skin_dq_real_of(joint) and skin_dq_dual_of(joint), defined in
// shaders/skin.vert, return joint's real and dual parts as vec4 (x y z w),
// wherever they are (uniform block or texture buffer).
// See exercises/07_gpu_skinning/README.md and the book, chapter 07, section
// "Dual quaternions". This file is read when the program starts (no rebuild
// needed after an edit; R reloads it in the window).
//
// Check your work:   ctest --test-dir build -L ex07.2 --output-on-failure
//
// SA_STUB_NOTE: delete this line when you write the function (the program
// prints "note: ex07.2 is not written yet" while it is here).

void dq_skin_vertex(uvec4 joints, vec4 weights, vec3 position, vec3 normal, out vec3 skinned_position,
                    out vec3 skinned_normal)
{
    // TODO(ex07.2): this stub leaves the vertex unskinned: ex07.2 is not written yet.
    skinned_position = position;
    skinned_normal = normal;
}
