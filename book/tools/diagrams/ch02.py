"""Chapter 02's figures (the OBJ loader: a polygon as a fan, the dedup map): each a function that
returns SVG text.
"""
import math

from .svg import Svg, ACCENT, INK, MUTED, NORMAL, PADDING, POSITION, TEXCOORD


def fan():
    """A polygon split into a fan of triangles that share corner 0."""
    s = Svg(640, 240, "Fan triangulation: a polygon of n corners becomes n - 2 triangles sharing corner 0")
    cx, cy, r = 150, 120, 90
    pts = [(cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a)))
           for a in (250, 320, 30, 110, 180)]
    fills = [POSITION, NORMAL, TEXCOORD]
    for i in range(1, 4):
        s.polygon([pts[0], pts[i], pts[i + 1]], fill=fills[i - 1])
    for i, (x, y) in enumerate(pts):
        s.circle(x, y, 3.5)
        dx = 10 if x >= cx else -20
        s.text(x + dx, y + (16 if y > cy else -6), str(i), size=14, bold=True)
    s.text(320, 32, "5 corners, 5 - 2 = 3 triangles:", size=13, bold=True)
    rows = ["(0, 1, 2)", "(0, 2, 3)", "(0, 3, 4)"]
    for i, row in enumerate(rows):
        y = 70 + i * 34
        s.rect(320, y - 17, 22, 22, fill=fills[i])
        s.text(352, y, "triangle " + str(i) + ":  " + row, size=14, mono=True)
    s.text(320, 185, "triangle i = (0, i + 1, i + 2)", size=13, mono=True)
    s.text(320, 207, "each keeps the polygon's winding", size=12.5, fill=MUTED)
    return s.render()


def probing():
    """Linear probing in the dedup map: a hit after wrapping around, and a miss."""
    s = Svg(780, 330, "Linear probing in the dedup map: a lookup walks from the home slot, wrapping to slot 0")
    n, x0, y0, w, h = 8, 40, 70, 64, 40
    slots = [3, 0, 0, 0, 0, 0, 1, 2]   # v + 1, 0 = empty
    keys = ["(1, 1, 1)", "(2, 1, 1)", "(1, 1, 0)"]
    s.text(x0, 30, "slots[8]   (holds v + 1; 0 = empty)", size=13, bold=True)
    for i in range(n):
        x = x0 + i * w
        filled = slots[i] != 0
        s.rect(x, y0, w, h, fill=POSITION if filled else PADDING)
        s.text(x + w / 2, y0 + 26, str(slots[i]) if filled else "0", size=15, anchor="middle", mono=True,
               fill=INK if filled else MUTED)
        s.text(x + w / 2, y0 - 8, str(i), size=12, anchor="middle", fill=MUTED)
    # keys array
    s.text(x0 + 560, 30, "keys[v]", size=13, bold=True)
    for v, k in enumerate(keys):
        y = 45 + v * 30
        s.rect(x0 + 560, y, 150, 26, fill=NORMAL)
        s.text(x0 + 570, y + 18, f"{v}: {k}", size=13, mono=True)
    # hit: (1, 1, 0) hashes to 6, walks 6, 7, wraps to 0 and finds v = 2
    y = y0 + h
    s.path(f"M {x0 + 6.5 * w} {y + 6} q 0 22 {w / 2} 22 q {w / 2} 0 {w / 2} -22", stroke=ACCENT, arrow=True)
    s.path(f"M {x0 + 7.5 * w} {y + 6} q 0 50 -{3.5 * w} 50 q -{3.5 * w} 0 -{3.5 * w} -50",
           stroke=ACCENT, arrow=True)
    s.rect(x0 + w + 3, y0 + 3, w - 6, h - 6, fill="none", stroke="#2a7a2a", width=2, dash="4,3")
    s.text(x0 + 1.5 * w, y + 20, "insert here", size=11, anchor="middle", fill="#2a7a2a")
    s.text(x0, y + 82, "Suppose (1, 1, 0) hashes to home slot 6 (hash & 7 = 6). Slot 6 holds vertex 0, (1, 1, 1): "
           "not it.", size=12.5)
    s.text(x0, y + 100, "Slot 7 holds vertex 1, (2, 1, 1): not it. Slot 7 + 1 wraps to 0: vertex 2, found.",
           size=12.5)
    s.text(x0, y + 118, "This hit reads 3 slots and 3 keys.", size=12.5, fill=ACCENT)
    s.text(x0, y + 146, "Insert (5, 5, 5), also home slot 6: slots 6, 7 and 0 hold other keys, slot 1 is empty,",
           size=12.5)
    s.text(x0, y + 164, "so keys[3] = (5, 5, 5) and slots[1] = 4. This miss reads 4 slots and 3 keys: a miss",
           size=12.5)
    s.text(x0, y + 182, "must walk to an empty slot to know that the key is absent, past every key of its run.",
           size=12.5, fill=ACCENT)
    s.text(x0, y + 210, "The table doubles before it is more than 3/4 full, so runs stay short and an empty "
           "slot always exists.", size=12, fill=MUTED)
    return s.render()


FIGURES = {
    "02-fan": fan,
    "02-probing": probing,
}
