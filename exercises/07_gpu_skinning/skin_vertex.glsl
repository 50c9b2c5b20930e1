// EXERCISE ex07.1: skin one vertex in the vertex shader (linear blend skinning).
//
// Task: the GLSL twin of ex06.1. Blend the vertex's four skin matrices by
// its weights,
//     M = weights.x * skin_matrix_of(joints.x) + ... + weights.w * skin_matrix_of(joints.w)
// then write skinned_position = (M * vec4(position, 1)).xyz and
// skinned_normal = the unit vector along C * normal, C the cofactor matrix
// of A = mat3(M) (columns a1 x a2, a2 x a0, a0 x a1 for A's columns a0 a1
// a2: det A times inverse(transpose(A)), but defined where A is singular),
// negated when det A = dot(a0, a1 x a2) < 0, and vec3(0.0) where C * normal
// is zero. Not transpose(inverse(A)): GLSL leaves inverse() undefined for a
// singular or nearly singular A, which blending produces.
// skin_matrix_of(joint) is defined in shaders/skin.vert (it reads the
// uniform block or the texture buffer). GLSL matrices are column-major like
// cglm's and act on column vectors: M * v, not v * M.
// No `if` on the weights: a zero weight adds zero.
// See exercises/07_gpu_skinning/README.md and the book, chapter 07, section
// "Skinning in the vertex shader". This file is read when the program starts
// (no rebuild needed after an edit; R reloads it in the window).
//
// Check your work:   ctest --test-dir build -L ex07.1 --output-on-failure
//
// SA_STUB_NOTE: delete this line when you write the function (the program
// prints "note: ex07.1 is not written yet" while it is here).

void skin_vertex(uvec4 joints, vec4 weights, vec3 position, vec3 normal, out vec3 skinned_position,
                 out vec3 skinned_normal)
{
    // TODO(ex07.1): this stub leaves the vertex unskinned: ex07.1 is not written yet.
    skinned_position = position;
    skinned_normal = normal;
}
