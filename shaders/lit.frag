#version 330 core
// lit.frag: one directional light plus a hemisphere ambient term, computed in
// linear space. The base colour texture is sRGB, so sampling it returns linear
// values; the result is encoded back to sRGB for the 8-bit render target.
in vec3 v_position_world;
in vec3 v_normal_world;
in vec2 v_texcoord;

uniform vec4 u_base_color;           // linear RGBA
uniform sampler2D u_base_color_texture;
uniform vec3 u_light_direction_world; // towards the light, normalised
uniform bool u_normal_colors;         // debug view: colour = world normal

out vec4 out_color;

// [listing linear_to_srgb]
vec3 linear_to_srgb(vec3 c)
{
    // The exact sRGB curve (IEC 61966-2-1), not a 2.2 power.
    vec3 low = c * 12.92;
    vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    return mix(high, low, lessThanEqual(c, vec3(0.0031308)));
}
// [/listing]

void main()
{
    vec3 n = normalize(v_normal_world);
    if (u_normal_colors) {
        // The stored normal, not lit: (n + 1) / 2, so +X red, +Y green, +Z
        // blue, and a normal pointing the wrong way shows a wrong colour.
        out_color = vec4(0.5 * n + 0.5, 1.0);
        return;
    }
    if (!gl_FrontFacing)
        n = -n; // two-sided: light the back of a face as seen from behind
    vec4 base = u_base_color * texture(u_base_color_texture, v_texcoord);
    float diffuse = max(dot(n, u_light_direction_world), 0.0);
    float sky = 0.5 + 0.5 * n.y; // hemisphere: brighter facing up
    vec3 ambient = mix(vec3(0.10, 0.09, 0.08), vec3(0.22, 0.25, 0.30), sky);
    vec3 color = base.rgb * (ambient + 0.85 * diffuse);
    out_color = vec4(linear_to_srgb(clamp(color, 0.0, 1.0)), base.a);
}
