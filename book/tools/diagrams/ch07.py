"""Chapter 07's figures (GPU skinning: the std140 block, the candy wrapper): each a function that
returns SVG text.
"""
import math

from .svg import Svg, ACCENT, INK, MUTED, NORMAL, PADDING, POSITION


def std140_skin_block():
    """The skin matrices in a std140 uniform block: four vec4 columns per mat4, as cglm stores them."""
    s = Svg(820, 320, "std140 layout of layout(std140) uniform SkinMatrices { mat4 skin_matrix[N]; }")
    s.text(30, 26, "layout(std140) uniform SkinMatrices { mat4 skin_matrix[SKIN_MAX_JOINTS]; };", size=13,
           mono=True, bold=True)
    x0, y0, bw = 30, 78, 5.5      # bw pixels per byte: one matrix = 64 bytes = 352 px
    for k in range(2):
        base = x0 + k * 64 * bw
        s.text(base + 32 * bw, y0 - 12, f"skin_matrix[{k}]: bytes {64 * k}..{64 * k + 63}", size=12,
               anchor="middle", bold=True)
        for c in range(4):
            at = base + c * 16 * bw
            fill = POSITION if c < 3 else NORMAL
            s.rect(at, y0, 16 * bw, 44, fill=fill)
            s.text(at + 8 * bw, y0 + 18, f"column {c}", size=11.5, anchor="middle")
            s.text(at + 8 * bw, y0 + 35, f"m[{c}][0..3]", size=10.5, anchor="middle", mono=True, fill=MUTED)
    s.rect(x0 + 128 * bw, y0, 30, 44, fill=PADDING, dash="4 3")
    s.text(x0 + 128 * bw + 15, y0 + 27, "...", size=13, anchor="middle")
    for b in range(0, 129, 16):
        x = x0 + b * bw
        s.line(x, y0 + 44, x, y0 + 52, stroke=MUTED)
        s.text(x, y0 + 65, str(b), size=11, anchor="middle", fill=MUTED)
    s.text(x0 + 128 * bw + 40, y0 + 65, "byte", size=11, fill=MUTED)
    s.text(x0, y0 + 92, "std140: a mat4 is an array of four vec4 columns, each 16 bytes, aligned on 16;", size=12.5)
    s.text(x0, y0 + 110, "element [k][c][r] of the block is at byte 64 k + 16 c + 4 r: no padding anywhere.",
           size=12.5)
    s.text(x0, y0 + 136, "cglm: mat4 m;  m[c][r] is at byte 16 c + 4 r of the struct: the same bytes.", size=12.5,
           mono=True, fill=ACCENT)
    s.text(x0, y0 + 154, "So the C array mat4 skin_matrix[n] goes up with one glBufferSubData, unchanged.", size=12.5,
           fill=ACCENT)
    s.text(x0, y0 + 182, "Texture buffer (GL_RGBA32F): the same bytes as texels, 4 per matrix:", size=12.5)
    s.text(x0, y0 + 200, "column c of matrix k = texelFetch(u_skin_texture, 4 k + c)", size=12.5, mono=True)
    s.text(x0, y0 + 228, "Limit: N * 64 <= GL_MAX_UNIFORM_BLOCK_SIZE (at least 16384 in GL 3.3: 256 joints).",
           size=12.5, fill=MUTED)
    return s.render()


def candy_wrapper():
    """One ring of a limb at a joint weighted half and half, the child turned 180 degrees about the bone."""
    s = Svg(820, 330, "Linear blend against dual quaternions for a ring twisted by 180 degrees")
    r = 80
    panels = [(200, "linear blend: M = 0.5 A + 0.5 B"), (620, "dual quaternions: q = normalize(0.5 a + 0.5 b)")]
    for cx, title in panels:
        cy = 170
        s.text(cx, 34, title, size=13, anchor="middle", bold=True)
        pts = [(cx + r * math.cos(2 * math.pi * i / 12), cy - r * math.sin(2 * math.pi * i / 12)) for i in range(12)]
        s.polygon(pts, fill=POSITION, dash="5 4", opacity=0.5)
        s.circle(cx, cy, 2.5, fill=MUTED)
        p = (cx + r, cy)
        q = (cx - r, cy)
        s.circle(*p, 5, fill=INK)
        s.text(p[0] + 8, p[1] - 8, "p by A", size=12)
        s.circle(*q, 5, fill=INK)
        s.text(q[0] - 8, q[1] - 8, "p by B (180 deg)", size=12, anchor="end")
        if cx < 400:
            s.circle(cx, cy, 6, fill=ACCENT)
            s.text(cx, cy + 26, "0.5 pA + 0.5 pB = the axis", size=12, anchor="middle", fill=ACCENT)
            s.text(cx, 290, "every point of the ring lands on the axis:", size=12.5, anchor="middle")
            s.text(cx, 308, "radius x cos(angle / 2) = 0 at 180 deg", size=12.5, anchor="middle", mono=True)
        else:
            s.circle(cx, cy - r, 6, fill=ACCENT)
            s.path(f"M {p[0]} {p[1]} A {r} {r} 0 0 0 {cx + 4} {cy - r + 1}", stroke=ACCENT, arrow=True)
            s.text(cx + 10, cy - r - 10, "turned 90 deg", size=12, fill=ACCENT)
            s.text(cx, 290, "the blend is a rotation halfway between:", size=12.5, anchor="middle")
            s.text(cx, 308, "the ring turns by 90 deg and keeps its radius", size=12.5, anchor="middle")
    return s.render()


FIGURES = {
    "07-std140-skin-block": std140_skin_block,
    "07-candy-wrapper": candy_wrapper,
}
