"""Chapter 12's figures (data-oriented animation): each a function that returns SVG text."""
import math

from .svg import Svg, ACCENT, FRONT, HEADER, INK, MUTED, NORMAL, PADDING, POSITION, TEXCOORD


def aos_soa():
    """Four joints' transforms as AoS rows (memory order) and as the ten float4 registers of one SoA group."""
    s = Svg(900, 490, "AoS against SoA: four joints' transforms one after another, and as ten float4 registers "
                      "(the transpose)")
    names = ["tx", "ty", "tz", "rx", "ry", "rz", "rw", "sx", "sy", "sz"]
    fills = [POSITION] * 3 + [NORMAL] * 4 + [TEXCOORD] * 3
    cw, ch, x0, y0 = 58, 24, 150, 58
    s.text(20, 24, "AoS (chapters 04 to 09): transform pose[n], one joint's 40 bytes after another",
           size=13.5, bold=True)
    for j in range(4):
        y = y0 + j * (ch + 6)
        s.text(x0 - 12, y + 16, f"joint {j}", size=12, anchor="end")
        for k, name in enumerate(names):
            s.rect(x0 + k * cw, y, cw, ch, fill=fills[k], width=1)
            s.text(x0 + k * cw + cw / 2, y + 16, f"{name}{j}", size=11.5, anchor="middle", mono=True)
        if j < 3:
            s.text(x0 + 10 * cw + 8, y + 16, f"then joint {j + 1}", size=11, fill=MUTED)
    s.arrow(x0, y0 - 8, x0 + 10 * cw, y0 - 8, stroke=MUTED, width=1)
    s.text(x0 + 10 * cw + 8, y0 - 4, "memory order", size=11, fill=MUTED)
    # the column that becomes one register
    s.rect(x0 - 2, y0 - 3, cw + 4, 4 * (ch + 6), fill="none", stroke=ACCENT, width=2.2)
    s.text(x0 + 10 * cw / 2, y0 + 4 * (ch + 6) + 18,
           "translation, rotation and scale of one joint side by side: the maths for a joint reads a row",
           size=12, anchor="middle", fill=MUTED)
    # the transpose
    ty = y0 + 4 * (ch + 6) + 40
    s.path(f"M {x0 + cw / 2} {y0 + 4 * (ch + 6) + 2} C {x0 + cw / 2} {ty + 40}, {70 + 37} {ty + 30}, "
           f"{70 + 37} {ty + 104 - 40}", stroke=ACCENT, width=1.6, arrow=True)
    s.text(x0 + cw + 14, ty + 16, "soa_from_transforms (ex12.1): the transpose, each column of the table",
           size=12.5, fill=ACCENT)
    s.text(x0 + cw + 14, ty + 34, "becomes one float4 (in the sampler, float4_transpose does it in registers)",
           size=12.5, fill=ACCENT)
    # SoA: ten registers, four lanes each
    sy = ty + 104
    s.text(880, sy - 50, "SoA (chapter 12): soa_transform, one group of four joints = ten float4 registers",
           size=13.5, bold=True, anchor="end")
    rw, lh = 74, 22
    gx = 70
    for member, first, count in (("translation", 0, 3), ("rotation", 3, 4), ("scale", 7, 3)):
        left, right = gx + first * (rw + 6), gx + (first + count) * (rw + 6) - 6
        s.line(left, sy - 26, right, sy - 26, stroke=MUTED, width=1)
        s.text((left + right) / 2, sy - 31, member, size=11.5, anchor="middle", mono=True)
    for k, name in enumerate(names):
        x = gx + k * (rw + 6)
        s.text(x + rw / 2, sy - 6, "." + name[1], size=11.5, anchor="middle", mono=True)
        for lane in range(4):
            s.rect(x, sy + lane * lh, rw, lh, fill=fills[k], width=1)
            s.text(x + rw / 2, sy + lane * lh + 15, f"{name}{lane}", size=11.5, anchor="middle", mono=True)
    for lane in range(4):
        s.text(gx - 8, sy + lane * lh + 15, f"lane {lane}", size=11, anchor="end", fill=MUTED)
    s.rect(gx - 2, sy - 2, rw + 4, 4 * lh + 4, fill="none", stroke=ACCENT, width=2.2)
    s.text(450, sy + 4 * lh + 24, "float4_mul(w, translation.x): one instruction, the same step for four joints; "
           "lane i is joint 4 g + i of group g;", size=12, anchor="middle")
    s.text(450, sy + 4 * lh + 42, "in memory each register's 16 bytes, then the next: the same 160 bytes as "
           "four transforms, in another order.", size=12, anchor="middle")
    s.text(450, sy + 4 * lh + 62, "n joints make (n + 3) / 4 groups; the lanes past the last joint hold the "
           "identity, so that every lane is a valid transform.", size=12, anchor="middle", fill=MUTED)
    return s.render()


def nlerp_dense():
    """nlerp against slerp at dense keys: the error over u divided by the cube of the angle, against the small-angle cubic."""
    s = Svg(880, 390, "nlerp against slerp, the rotation error over u divided by the cube of the angle between the "
                      "keys: the small-angle cubic and the exact curves")
    x0, y0, w, h = 90, 50, 470, 260

    def exact(angle, u):
        # The keys angle apart as rotations, so angle / 2 apart on the sphere of quaternions; nlerp's
        # point on the chord is at atan2(u sin(th), 1 - u + u cos(th)) there, slerp's at u th.
        th = angle / 2
        return 2 * (math.atan2(u * math.sin(th), 1 - u + u * math.cos(th)) - u * th)

    def cubic(u):
        # 2 (-(th^3) u (2u - 1)(u - 1) / 6) with th = angle / 2, over angle^3
        return -u * (2 * u - 1) * (u - 1) / 24

    scale = 0.006

    def px(u):
        return x0 + u * w

    def py(e):
        return y0 + h / 2 - e / scale * (h / 2)

    s.line(x0, py(0), x0 + w + 10, py(0), arrow=True)
    s.text(x0 + w + 14, py(0) + 4, "u", size=13)
    s.line(x0, y0 + h, x0, y0 - 10, arrow=True)
    s.text(x0 - 8, y0 - 16, "(nlerp - slerp) / A^3, the rotation angle error over the cube of A", size=12)
    for e in (-0.006, -0.004, -0.002, 0.002, 0.004, 0.006):
        s.line(x0 - 4, py(e), x0 + w, py(e), stroke=PADDING)
        s.text(x0 - 8, py(e) + 4, f"{e:+.3f}", size=11.5, anchor="end")
    for u in (0.25, 0.5, 0.75, 1.0):
        s.text(px(u), py(0) + 18, f"{u:g}", size=11.5, anchor="middle")
    curves = [(1.0, FRONT, None), (2.0, "#2c6ea6", None), (3.0, ACCENT, None)]
    for angle, colour, dash in curves:
        points = " ".join(f"{px(i / 100):.1f} {py(exact(angle, i / 100) / angle ** 3):.1f}" for i in range(101))
        s.path("M " + points, stroke=colour, width=2.5, dash=dash)
    points = " ".join(f"{px(i / 100):.1f} {py(cubic(i / 100)):.1f}" for i in range(101))
    s.path("M " + points, stroke=INK, width=1.6, dash="6 4")
    peak_u = (3 - math.sqrt(3)) / 6
    peak = math.sqrt(3) / 432
    s.line(px(peak_u), py(0), px(peak_u), py(-peak), stroke=MUTED, dash="2 3")
    s.line(px(peak_u), py(-peak), px(peak_u), py(-0.0052), stroke=MUTED, dash="2 3")
    s.text(px(peak_u) + 4, py(-0.0052) + 4, f"u = (3 - sqrt 3) / 6 = {peak_u:.3f}", size=11.5, fill=MUTED)
    lx = x0 + w + 24
    s.line(lx, 86, lx + 28, 86, stroke=INK, width=1.6, dash="6 4")
    s.text(lx + 36, 90, "small angles: -u (2u - 1)(u - 1) / 24,", size=12.5)
    s.text(lx + 36, 108, f"at most sqrt 3 / 432 = {peak:.5f}", size=12.5)
    for k, (angle, colour, dash) in enumerate(curves):
        worst = max(abs(exact(angle, i / 10000)) for i in range(10001))
        y = 140 + 26 * k
        s.line(lx, y - 4, lx + 28, y - 4, stroke=colour, width=2.5)
        s.text(lx + 36, y, f"A = {angle:g} rad: exact, at most {worst:.2g} rad", size=12.5, fill=colour)
    s.text(lx, 230, "Negative: nlerp lags slerp before", size=12.5)
    s.text(lx, 248, "u = 1/2, leads after it; the two", size=12.5)
    s.text(lx, 266, "meet at 0, 1/2 and 1.", size=12.5)
    dense = max(abs(exact(0.1, i / 10000)) for i in range(10001))
    s.text(x0, y0 + h + 50, f"Keys A = 0.1 rad apart (a joint turning 3 rad/s, 30 keys a second): nlerp is off by "
           f"at most {dense:.1e} rad.", size=12.5, fill=MUTED)
    return s.render()


def key_format():
    """The 16-bit keys of soa_clip.h: a rotation as smallest three, a translation or scale as half floats, the time apart."""
    s = Svg(880, 330, "The keys of a SoA clip: 16-bit times apart, 8-byte values (smallest three, half floats)")
    bw, x0 = 150, 200

    def row(y, label, sub, cells):
        s.text(x0 - 14, y + 20, label, size=13, anchor="end", bold=True)
        s.text(x0 - 14, y + 37, sub, size=11, anchor="end", fill=MUTED)
        for k, (text, small, fill) in enumerate(cells):
            s.rect(x0 + k * bw, y, bw, 44, fill=fill, width=1)
            s.text(x0 + k * bw + bw / 2, y + 19, text, size=12.5, anchor="middle", mono=True)
            s.text(x0 + k * bw + bw / 2, y + 35, small, size=10.5, anchor="middle", fill=MUTED)

    s.text(20, 26, "One key of a track: its time in times[k], its value in values[4 k .. 4 k + 3] (uint16_t each)",
           size=13.5, bold=True)
    row(50, "time", "times[k]; D: duration", [("uint16", "round(t / D 65535)", HEADER)])
    row(120, "rotation", "values, 8 bytes", [
        ("a: int16", "round(a sqrt2 32767)", NORMAL), ("b: int16", "round(b sqrt2 32767)", NORMAL),
        ("c: int16", "round(c sqrt2 32767)", NORMAL), ("0 .. 3", "the index left out", PADDING)])
    row(190, "translation", "or scale, 8 bytes", [
        ("x: half", "IEEE half float", POSITION), ("y: half", "IEEE half float", POSITION), ("z: half", "IEEE half float", POSITION),
        ("0", "unused", PADDING)])
    for b in range(5):
        s.line(x0 + b * bw, 234, x0 + b * bw, 242, stroke=MUTED)
        s.text(x0 + b * bw, 256, f"byte {2 * b}", size=11, anchor="middle", fill=MUTED)
    s.text(20, 284, "Rotation: q or -q, whichever has its largest component positive; that one is left out, the other "
           "three (a, b, c, each within", size=12)
    s.text(20, 301, "+-1/sqrt 2) kept in order, and the decoder puts back sqrt(1 - a^2 - b^2 - c^2) at the index.",
           size=12)
    s.text(20, 321, "A key of chapter 08's clip, a float time and float values: 20 bytes (a rotation), 16 (a vector); "
           "here 10 and 10.", size=12, fill=MUTED)
    return s.render()


FIGURES = {
    "12-aos-soa": aos_soa,
    "12-nlerp-dense": nlerp_dense,
    "12-key-format": key_format,
}
