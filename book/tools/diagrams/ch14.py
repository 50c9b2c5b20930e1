"""Chapter 14's figures (motion matching): each a function that returns SVG text."""
import math

from .svg import Svg, source_path, ACCENT, FRONT, INK, MUTED, PADDING


def costs():
    """Every database frame's cost against one query (chapters/14_motion_matching/costs.tsv, made by
    `python3 tests/mm_costs_check.py build/chapters/14_motion_matching/ch14_motion_matching bins
    chapters/14_motion_matching/costs.tsv`): the least and the most cost of each 30 frames, on a log scale,
    the four ranges and the frame the search picks."""
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

    def y_of(cost):
        return top + height * (high - math.log10(max(cost, 10 ** low))) / (high - low)

    s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
    for e in range(low, high + 1):
        s.line(left, y_of(10 ** e), left + width, y_of(10 ** e), stroke=PADDING, width=1)
        s.text(left - 8, y_of(10 ** e) + 4, f"{10 ** e:g}", size=11, anchor="end", fill=MUTED)
    names = ["first recording", "second recording", "the first mirrored", "the second mirrored"]
    for i, a in enumerate(starts):
        b = starts[i + 1] if i + 1 < len(starts) else frames
        if i % 2:
            s.rect(x_of(a), top, x_of(b) - x_of(a), height, fill=PADDING, stroke="none")
        s.text((x_of(a) + x_of(b)) / 2, top - 8, names[i] if i < len(names) else f"range {i}", size=11,
               anchor="middle", fill=MUTED)
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
    s.text(left + width / 2, top + height + 36, "database frame (60 a second; each range 90 s)", size=12,
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


FIGURES = {"14-costs": costs, "14-stick": stick}
