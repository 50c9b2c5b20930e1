"""Chapter 14's figures (motion matching: the features, the search's boxes, every frame's cost, the
stick): each a function that returns SVG text.
"""
import math

from .svg import Svg, log_panel, source_path, ACCENT, FRONT, HEADER, INK, MUTED, NORMAL, PADDING, POSITION, TEXCOORD

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




def costs():
    """Every database frame's cost against one query (chapters/14_motion_matching/costs.tsv, made by
    `python3 tests/mm_costs_check.py build/chapters/14_motion_matching/ch14_motion_matching bins
    chapters/14_motion_matching/costs.tsv`): the least and the most cost of each 30 frames, on a log scale,
    the four recordings' ranges, chapter 13's captures after them, and the frame the search picks."""
    table = source_path("chapters", "14_motion_matching", "costs.tsv")
    with open(table, encoding="utf-8") as f:
        lines = f.read().splitlines()
    info = lines[1].split()  # "# frames N best F C ranges_start a b c d"
    frames, best, best_cost = int(info[2]), int(info[4]), float(info[5])
    starts = [int(v) for v in info[7:]]
    rows = []
    for line in lines[3:]:
        first, lo, hi = line.split("\t")
        rows.append((int(first), None if lo == "-" else float(lo), None if hi == "-" else float(hi)))
    s = Svg(860, 430, "The cost of every frame of the database against one query of the controller, "
                      "least and most of each 30 frames")
    left, top, width, height = 80, 50, 700, 280
    low, high = -1, 3  # log10 of the cost: 0.1 .. 1000

    def x_of(frame):
        return left + width * frame / frames

    y_of = log_panel(s, left, top, width, height, low, high, lambda e: f"{10 ** e:g}")
    names = ["first recording", "second recording", "the first mirrored", "the second mirrored"]
    for i, a in enumerate(starts):
        b = starts[i + 1] if i + 1 < len(starts) else frames
        if i % 2:
            s.rect(x_of(a), top, x_of(b) - x_of(a), height, fill=PADDING, stroke="none")
        if i < len(names):
            s.text((x_of(a) + x_of(b)) / 2, top - 8, names[i], size=11, anchor="middle", fill=MUTED)
    if len(starts) > len(names):  # chapter 13's captures after the recordings: short ranges, one label
        s.text((x_of(starts[len(names)]) + x_of(frames)) / 2, top - 8, "CMU", size=11, anchor="middle", fill=MUTED)
    # each bin's least to most cost, one thin bar a bin; the least as a line
    for first, lo, hi in rows:
        if lo is not None:
            s.rect(x_of(first), y_of(hi), max(x_of(first + 30) - x_of(first), 0.6), y_of(lo) - y_of(hi),
                   fill=FRONT, stroke="none")
    d, pen = [], "M"
    for first, lo, _ in rows:
        if lo is None:
            pen = "M"
            continue
        d.append(f"{pen} {x_of(first + 15):.1f} {y_of(lo):.1f}")
        pen = "L"
    s.path(" ".join(d), stroke=INK, width=0.8)
    s.circle(x_of(best), y_of(best_cost), 5, fill=ACCENT)
    s.text(x_of(best) + 10, y_of(best_cost) + 16, f"the search's pick: frame {best}, cost {best_cost:.2f}", size=12,
           fill=ACCENT, bold=True)
    for f in range(0, frames + 1, 3600):
        s.text(x_of(f), top + height + 16, f"{f}", size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 36, "database frame (60 a second; each recording 90 s, then CMU's 7 spans and their mirrors)", size=12,
           anchor="middle")
    s.text(left - 56, top + height / 2, "cost", size=12, anchor="middle")
    s.text(left + width / 2, top + height + 62, "The query: the controller's last before 8 s of --check-mm's stick, "
           "walking round the first loop of the eight.", size=11.5, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 78, "Blue: each 30 frames' least to most cost; black: the least; the "
           "gaps: each range's last second, which no search may jump to.", size=11.5, anchor="middle", fill=MUTED)
    return s.render()


def stick():
    """The stick from the keys (left: seen from above, the camera's forward and right on the ground, a diagonal
    normalized) and the gamepad's radial dead zone rescaled (right), as chapters/14_motion_matching/stick.c makes
    it."""
    s = Svg(860, 390, "The stick: the keys turned by the camera's yaw, a diagonal normalized, and the gamepad's "
                      "dead zone rescaled")
    # left: the ground from above, +X to the right, +Z down the page
    cx, cy, unit = 230, 205, 95
    yaw = math.radians(30)
    s.text(40, 30, "the keys, seen from above (camera yaw 30 degrees)", size=13, bold=True)
    circle = " ".join(("M" if k == 0 else "L") + f" {cx + unit * math.cos(k * math.pi / 36):.1f} "
                      f"{cy + unit * math.sin(k * math.pi / 36):.1f}" for k in range(73))
    s.path(circle, stroke="#cccccc", width=1.2)
    s.line(cx - 150, cy, cx + 150, cy, stroke=PADDING, width=1)
    s.line(cx, cy - 150, cx, cy + 140, stroke=PADDING, width=1)
    s.text(cx + 152, cy + 4, "+X", size=11, fill=MUTED)
    s.text(cx - 22, cy + 140, "+Z", size=11, fill=MUTED)
    ex, ey = cx + 1.3 * unit * math.sin(yaw), cy + 1.3 * unit * math.cos(yaw)
    s.rect(ex - 12, ey - 8, 24, 16, fill=FRONT, stroke=INK, width=1, rx=3)
    s.text(ex + 18, ey + 4, "camera", size=11.5)
    s.line(ex, ey, cx, cy, stroke=MUTED, width=1, dash="4 3")
    forward = (-math.sin(yaw), -math.cos(yaw))
    right = (math.cos(yaw), -math.sin(yaw))
    s.arrow(cx, cy, cx + unit * forward[0], cy + unit * forward[1], stroke=INK, width=1.8)
    s.text(cx + unit * forward[0] - 8, cy + unit * forward[1] - 8, "W: forward (-sin, -cos)", size=11.5,
           anchor="end")
    s.arrow(cx, cy, cx + unit * right[0], cy + unit * right[1], stroke=INK, width=1.8)
    s.text(cx + unit * right[0] + 6, cy + unit * right[1] + 16, "D: right (cos, -sin)", size=11.5)
    both = (forward[0] + right[0], forward[1] + right[1])
    s.line(cx, cy, cx + unit * both[0], cy + unit * both[1], stroke=MUTED, width=1.2, dash="5 4")
    s.circle(cx + unit * both[0], cy + unit * both[1], 5, fill="white", stroke=MUTED)
    s.text(cx + unit * both[0] + 8, cy + unit * both[1] - 4, "W + D: 1.41", size=11.5, fill=MUTED)
    h = math.sqrt(0.5)
    s.arrow(cx, cy, cx + unit * h * both[0], cy + unit * h * both[1], stroke=ACCENT, width=2.2)
    s.text(cx + unit * h * both[0] + 8, cy + unit * h * both[1] + 18, "normalized: 1", size=11.5, fill=ACCENT,
           bold=True)
    s.text(40, 372, "the stick a key asks for is on the unit circle, turned into the world by the camera's yaw",
           size=11.5, fill=MUTED)
    # right: the pad's stick length in, the stick's length out
    left, top, width, height = 540, 60, 260, 240

    def x_of(v):
        return left + width * v / 1.2

    def y_of(v):
        return top + height * (1 - v)

    s.text(left - 40, 30, "the gamepad's dead zone (0.2)", size=13, bold=True)
    s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
    s.rect(left, top, x_of(0.2) - left, height, fill=PADDING, stroke="none")
    for v in (0, 0.2, 0.5, 1.0):
        s.text(x_of(v), top + height + 16, f"{v:g}", size=11, anchor="middle", fill=MUTED)
        s.text(left - 6, y_of(v) + 4, f"{v:g}", size=11, anchor="end", fill=MUTED)
    s.path(f"M {x_of(0):.1f} {y_of(0):.1f} L {x_of(0.2):.1f} {y_of(0):.1f} M {x_of(0.2):.1f} {y_of(0.2):.1f} "
           f"L {x_of(1.0):.1f} {y_of(1.0):.1f}", stroke=MUTED, width=1.4, dash="5 4")
    s.path(f"M {x_of(0):.1f} {y_of(0):.1f} L {x_of(0.2):.1f} {y_of(0):.1f} L {x_of(1.0):.1f} {y_of(1.0):.1f} "
           f"L {x_of(1.2):.1f} {y_of(1.0):.1f}", stroke=ACCENT, width=2.2)
    s.text(x_of(0.6), y_of(0.78), "rescaled:", size=11.5, fill=ACCENT, bold=True, anchor="end")
    s.text(x_of(0.6), y_of(0.70), "(l - 0.2) / 0.8", size=11.5, fill=ACCENT, anchor="end", mono=True)
    s.text(x_of(0.62), y_of(0.30), "cut: a jump to 0.2", size=11.5, fill=MUTED)
    s.text(x_of(0.1), top + 16, "let go", size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 36, "the pad's stick length l (a square pad's corner: 1.41)", size=12,
           anchor="middle")
    s.text(left - 40, top + height / 2 - 10, "out", size=12, anchor="middle")
    return s.render()


FIGURES = {"14-features": features, "14-boxes": boxes, "14-costs": costs, "14-stick": stick}
