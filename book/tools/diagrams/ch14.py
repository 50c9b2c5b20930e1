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


FIGURES = {"14-costs": costs}
