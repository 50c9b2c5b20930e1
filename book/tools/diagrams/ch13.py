"""Chapter 13's figures (motion capture: the BVH file, Euler orders): each a function that returns
SVG text.
"""
import math

from .svg import Svg, ACCENT, HEADER, INK, MUTED, NORMAL, PADDING, POSITION, TEXCOORD


def bvh_layout():
    """The tiny file: the hierarchy's CHANNELS, and how a frame line's values are dealt out to them."""
    s = Svg(900, 330, "A BVH frame line is every joint's channels, in the order the hierarchy declares them")
    joints = [  # name, depth, channels, colour
        ("hips", 0, ["Xposition", "Yposition", "Zposition", "Zrotation", "Yrotation", "Xrotation"], POSITION),
        ("spine", 1, ["Zrotation", "Yrotation", "Xrotation"], NORMAL),
        ("head", 2, ["Zrotation", "Yrotation", "Xrotation"], TEXCOORD),
        ("leg", 1, ["Xrotation", "Yrotation", "Zrotation"], HEADER)]
    s.text(20, 26, "HIERARCHY (file order = depth first)", size=13, bold=True)
    y = 48
    for name, depth, channels, colour in joints:
        x = 30 + 28 * depth
        s.rect(x, y, 92, 26, fill=colour, rx=5)
        s.text(x + 46, y + 18, name, size=12.5, anchor="middle", bold=True, mono=True)
        s.text(x + 104, y + 18, f"CHANNELS {len(channels)} " + " ".join(channels), size=11.5, mono=True)
        y += 38
    s.text(640, 118, "End Sites (after head, after leg):", size=11.5, fill=MUTED)
    s.text(640, 134, "an OFFSET only: no channels, no values", size=11.5, fill=MUTED)

    s.text(20, 218, "MOTION: frame 1 of the tiny file, one line", size=13, bold=True)
    values = "1 2 3 90 0 0 0 0 -90 0 0 0 0 0 0".split()
    x, w, top = 20, 56, 250
    k = 0
    for name, depth, channels, colour in joints:
        start = x
        for c in channels:
            s.rect(x, top, w, 30, fill=colour)
            s.text(x + w / 2, top + 20, values[k], size=13, anchor="middle", mono=True,
                   fill=ACCENT if values[k] not in ("0",) else INK)
            s.text(x + w / 2, top + 46, c[0] + ("pos" if c.endswith("position") else "rot"), size=10.5,
                   anchor="middle", mono=True, fill=MUTED)
            x += w
            k += 1
        s.text((start + x) / 2, top - 6, name, size=11.5, anchor="middle", bold=True)
    s.text(20, 322, "first_value of each joint: hips 0, spine 6, head 9, leg 12; channel_count = 15 values a line",
           size=12, fill=INK)
    return s.render()


def euler_order():
    """The same two numbers, Zrotation 90 and Xrotation 90, composed in the two orders."""
    s = Svg(900, 360, "Euler order: Rz(90) Rx(90) and Rx(90) Rz(90) send the same point to different places")

    def project(p, ox, oy, scale=62):
        # an oblique view: x to the right, y up, z towards the viewer and down-left
        x, y, z = p
        return ox + scale * (x - 0.45 * z), oy - scale * (y - 0.35 * z)

    def axes(ox, oy):
        for (v, name) in (((1.3, 0, 0), "x"), ((0, 1.3, 0), "y"), ((0, 0, 1.6), "z")):
            x1, y1 = project(v, ox, oy)
            s.arrow(ox, oy, x1, y1, stroke=MUTED, width=1.2)
            s.text(x1 + 5, y1 + 4, name, size=12, italic=True, fill=MUTED)

    def rz(p):
        return (-p[1], p[0], p[2])

    def rx(p):
        return (p[0], -p[2], p[1])

    start = (1.0, 1.0, 0.0)
    panels = [
        (230, "Zrotation 90 Xrotation 90  =  Rz Rx", [("Rx first", rx), ("then Rz", rz)]),
        (680, "Xrotation 90 Zrotation 90  =  Rx Rz", [("Rz first", rz), ("then Rx", rx)]),
    ]
    for cx, title, steps in panels:
        oy = 200
        s.text(cx, 34, title, size=13.5, anchor="middle", bold=True, mono=True)
        axes(cx, oy)
        p = start
        x0, y0 = project(p, cx, oy)
        s.circle(x0, y0, 6, fill=POSITION, stroke=INK)
        s.text(x0 + 10, y0 - 6, "(1 1 0)", size=11.5, mono=True)
        for i, (label, turn) in enumerate(steps):
            q = turn(p)
            x1, y1 = project(q, cx, oy)
            mx, my = project(((p[0] + q[0]) * 0.8, (p[1] + q[1]) * 0.8, (p[2] + q[2]) * 0.8), cx, oy)
            s.path(f"M {x0:.1f} {y0:.1f} Q {mx:.1f} {my:.1f} {x1:.1f} {y1:.1f}", stroke=ACCENT if i else INK,
                   width=1.6, arrow=True, dash=None if i else "5,4")
            s.text(x1 + 10, y1 - 8, label, size=11.5, fill=ACCENT if i else INK)
            s.circle(x1, y1, 4, fill=ACCENT if i else INK)
            p, x0, y0 = q, x1, y1
        s.circle(x0, y0, 6, fill=ACCENT)
        s.text(x0 + 10, y0 + 26, "(%g %g %g)" % tuple(0.0 + c for c in p), size=12, mono=True, bold=True,
               fill=ACCENT)
    s.text(450, 330, "The file's channel order is part of the data: the first channel written is the outermost "
           "factor,", size=12.5, anchor="middle")
    s.text(450, 348, "so it acts on a point last. Read the same numbers in another order and the limb points "
           "elsewhere.", size=12.5, anchor="middle")
    return s.render()


FIGURES = {"13-bvh-layout": bvh_layout, "13-euler-order": euler_order}
