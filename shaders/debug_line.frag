#version 330 core
// debug_line.frag: flat colour (already sRGB: debug colours are picked by eye).
in vec3 v_color;
out vec4 out_color;

void main()
{
    out_color = vec4(v_color, 1.0);
}
