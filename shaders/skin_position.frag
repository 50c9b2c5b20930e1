#version 330 core
// skin_position.frag: the colour of skin_position.vert, shaded a little by
// the normal so that the shape still reads.
in vec3 v_normal_world;
in vec3 v_color;

out vec4 out_color;

void main()
{
    vec3 n = normalize(v_normal_world);
    float shade = 0.75 + 0.25 * abs(n.y);
    out_color = vec4(v_color * shade, 1.0);
}
