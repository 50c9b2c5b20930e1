"""Chapter 14's figures (motion matching: the features, the search's boxes): each a function that
returns SVG text.
"""
import math

from .svg import Svg, ACCENT, HEADER, INK, MUTED, NORMAL, PADDING, POSITION, TEXCOORD


def features():
    """One frame's features seen from above, in the character's frame: the feet and their
    velocities, the hips' velocity, the trajectory at 1/3, 2/3 and 1 s with its facing."""
    s = Svg(900, 420, "A frame's 27 features, in the character's frame, seen from above")
    ox, oy, scale = 250, 360, 95  # the character's origin; +Z (forward) up the page, +X (its left) to the right

    def at(x, z):
        return ox + scale * x, oy - scale * z

    # the ground grid of the character's frame
    for k in range(-2, 3):
        x1, y1 = at(k * 0.5, -0.3)
        x2, y2 = at(k * 0.5, 3.5)
        s.line(x1, y1, x2, y2, stroke=PADDING, width=1)
    s.arrow(*at(0, 0), *at(0, 0.6), stroke=MUTED)
    s.text(*at(0.05, 0.62), "+Z: facing", size=11.5, fill=MUTED)
    s.arrow(*at(0, 0), *at(0.6, 0), stroke=MUTED)
    s.text(*at(0.62, -0.05), "+X", size=11.5, fill=MUTED)
    # the feet: positions (0..5) and velocities (6..11)
    feet = (("left foot", 0.1, 0.25, 0.0, 0.0, NORMAL), ("right foot", -0.12, -0.2, 0.05, 1.1, TEXCOORD))
    for name, x, z, vx, vz, colour in feet:
        px, py = at(x, z)
        s.rect(px - 11, py - 20, 22, 40, fill=colour, rx=8)
        if vz:
            s.arrow(px, py, *at(x + vx, z + vz), stroke=ACCENT, width=2)
            s.text(*at(x + vx - 0.85, z + vz - 0.1), "swing foot's velocity (9..11)", size=11.5, fill=ACCENT)
        else:
            s.text(px + 16, py + 4, "planted: velocity 0 (6..8)", size=11.5)
        s.text(px + (16 if x > 0 else -16), py - 22, name + (" (0..2)" if x > 0 else " (3..5)"), size=11.5,
               anchor="start" if x > 0 else "end")
    # the hips' velocity
    s.circle(*at(0, 0.05), 6, fill=INK)
    s.arrow(*at(0, 0.05), *at(0, 0.75), stroke=INK, width=2)
    s.text(*at(-0.1, 0.5), "hips velocity (12..14)", size=11.5, anchor="end")
    # the trajectory: a turn to the left, points at 1/3, 2/3, 1 s
    speed, turn = 1.4, 0.9  # m/s, rad/s
    points = []
    for i in range(1, 4):
        t = i / 3
        h = turn * t
        x, z = speed * (1 - math.cos(h)) / turn, speed * math.sin(h) / turn
        points.append((x, z, h))
    path = "M %g %g" % at(0, 0)
    for k in range(1, 31):
        t = k / 30
        h = turn * t
        path += " L %g %g" % at(speed * (1 - math.cos(h)) / turn, speed * math.sin(h) / turn)
    s.path(path, stroke=POSITION, width=5)
    for i, (x, z, h) in enumerate(points):
        px, py = at(x, z)
        s.circle(px, py, 6, fill=HEADER, stroke=INK)
        s.arrow(px, py, *at(x + 0.45 * math.sin(h), z + 0.45 * math.cos(h)), stroke=INK, width=1.6)
        s.text(px + 12, py + 18, f"{i + 1}/3 s", size=11.5, fill=MUTED)
    s.text(560, 60, "The features of frame f (metres, m/s)", size=13, bold=True)
    rows = ["0..5    both feet's positions", "6..11   both feet's velocities", "12..14  the hips' velocity",
            "15..20  where the root will be (x, z)", "        in 1/3, 2/3 and 1 s", "21..26  where it will face (x, z)",
            "        at the same times"]
    for k, row in enumerate(rows):
        s.text(560, 88 + 22 * k, row, size=12, mono=True)
    s.text(560, 260, "all in f's character frame: the root on", size=12, fill=MUTED)
    s.text(560, 278, "the ground under the hips, facing +Z;", size=12, fill=MUTED)
    s.text(560, 296, "velocities from world positions, then", size=12, fill=MUTED)
    s.text(560, 314, "turned into that frame", size=12, fill=MUTED)
    return s.render()


def boxes():
    """The search's boxes over two ranges: large boxes of 128 frames cut into small boxes of 32,
    the last 60 frames of each range outside every box, and which boxes a query prunes."""
    s = Svg(900, 330, "The search's bounding boxes: small boxes of 32 frames inside large boxes of 128")
    left, width, top = 30, 840, 70
    frames = 560  # two ranges of 280 frames, drawn 1.5 px a frame
    px = width / frames
    ranges = [(0, 280), (280, 560)]
    s.text(left, 34, "frames of the database, in order", size=13, bold=True)
    for r, (first, end) in enumerate(ranges):
        x0, x1 = left + first * px, left + end * px
        s.rect(x0, top, x1 - x0, 26, fill=POSITION)
        s.text((x0 + x1) / 2, top + 18, f"range {r}", size=12, anchor="middle")
        cut = left + (end - 60) * px
        s.rect(cut, top, x1 - cut, 26, fill=PADDING)
        s.text((cut + x1) / 2, top + 44, "last 60: no", size=10.5, anchor="middle", fill=MUTED)
        s.text((cut + x1) / 2, top + 57, "future, no box", size=10.5, anchor="middle", fill=MUTED)
    # boxes: large of 128, small of 32, over each range's searchable frames; the query prunes some
    pruned_large = {1}  # a large box whose bound is already above the best cost
    pruned_small = {(0, 2), (2, 0), (2, 1)}
    y_large, y_small = top + 90, top + 140
    s.text(left, y_large - 10, "large boxes (lower bound >= best cost: skipped whole)", size=12)
    s.text(left, y_small + 62, "small boxes (the same test, then each frame's cost)", size=12)
    k = 0
    for first, end in ranges:
        stop = end - 60
        for a in range(first, stop, 128):
            b = min(a + 128, stop)
            fill = PADDING if k in pruned_large else HEADER
            s.rect(left + a * px, y_large, (b - a) * px, 30, fill=fill, stroke=ACCENT if k in pruned_large else INK)
            s.text(left + (a + b) / 2 * px, y_large + 20, f"{b - a}", size=11, anchor="middle")
            for j, c in enumerate(range(a, b, 32)):
                d = min(c + 32, b)
                skipped = k in pruned_large or (k, j) in pruned_small
                s.rect(left + c * px, y_small, (d - c) * px, 30, fill=PADDING if skipped else NORMAL)
            k += 1
    s.text(left, y_small + 90, "A box holds the least and greatest value of each feature over its frames. Its "
           "bound (ex14.2) is never above", size=12)
    s.text(left, y_small + 108, "the cost of a frame inside it, so a box whose bound is not below the best cost "
           "so far is skipped: the answer", size=12)
    s.text(left, y_small + 126, "stays brute force's. Grey: skipped for one query.", size=12)
    return s.render()


FIGURES = {"14-features": features, "14-boxes": boxes}
