"""Chapter 08's figures (keyframes and slerp): each a function that returns SVG text."""
import math

from .svg import Svg, ACCENT, FRONT, INK, MUTED, PADDING, POSITION


def track_cursor():
    """A track's keys over time: the value held before the first and after the last, the interval the cursor keeps."""
    s = Svg(860, 350, "A track: keys over time, the two keys around t, and the cursor that remembers them")
    x0, y0, w, h = 80, 50, 700, 200
    times = [0.5, 1.2, 1.6, 2.7, 3.3, 4.1]
    values = [0.2, 0.75, 0.55, 0.9, 0.3, 0.5]

    def px(t):
        return x0 + t / 4.8 * w

    def py(v):
        return y0 + h - v * h

    s.line(x0, y0 + h, x0 + w + 10, y0 + h, arrow=True)
    s.text(x0 + w + 14, y0 + h + 4, "t (s)", size=12)
    s.line(x0, y0 + h, x0, y0 - 10, arrow=True)
    s.text(x0 - 8, y0 - 14, "value", size=12, anchor="end")
    # Held before the first and after the last key.
    s.line(x0, py(values[0]), px(times[0]), py(values[0]), stroke=MUTED, dash="5 4")
    s.line(px(times[-1]), py(values[-1]), x0 + w, py(values[-1]), stroke=MUTED, dash="5 4")
    s.text(x0 + 4, py(values[0]) - 8, "first value holds", size=11.5, fill=MUTED)
    s.text(x0 + w, py(values[-1]) - 8, "last value holds", size=11.5, fill=MUTED, anchor="end")
    k = 2  # the interval around t
    s.rect(px(times[k]), y0, px(times[k + 1]) - px(times[k]), h, fill=POSITION, stroke="none")
    for i in range(len(times) - 1):
        s.line(px(times[i]), py(values[i]), px(times[i + 1]), py(values[i + 1]), width=2)
    for i, (t, v) in enumerate(zip(times, values)):
        s.circle(px(t), py(v), 5, fill=INK)
        s.text(px(t), y0 + h + 18, f"key {i}", size=11.5, anchor="middle")
    t = 2.25
    u = (t - times[k]) / (times[k + 1] - times[k])
    v = values[k] + u * (values[k + 1] - values[k])
    s.line(px(t), y0 + h, px(t), py(v), stroke=ACCENT, dash="4 3")
    s.circle(px(t), py(v), 6, fill=ACCENT)
    s.text(px(t) + 10, py(v) + 18, "value at t", size=12, fill=ACCENT)
    s.text(px(t), y0 + h + 34, "t", size=13, anchor="middle", fill=ACCENT, bold=True)
    s.text((px(times[k]) + px(times[k + 1])) / 2, y0 - 8, "times[k] <= t < times[k+1]", size=11.5,
           anchor="middle", mono=True)
    s.text(x0, y0 + h + 62, "u = (t - times[k]) / (times[k+1] - times[k]);  value = v[k] + u (v[k+1] - v[k])",
           size=12.5, mono=True)
    s.text(x0, y0 + h + 82, "cursor = k: next frame, t is in the same interval or the next one (a step or two, "
           "not a search)", size=12.5, fill=MUTED)
    return s.render()


def long_way_round():
    """Quaternions q and -q are one rotation: slerp towards the one on the same side, or the joint turns the long way."""
    s = Svg(860, 380, "Shortest arc: interpolating towards -b instead of b turns the joint the long way round")
    cx, cy, r = 240, 200, 130
    s.text(cx, 32, "the unit circle of half angles (a 2D slice of the 4D sphere)", size=12.5, anchor="middle")
    s.path(f"M {cx + r} {cy} A {r} {r} 0 1 0 {cx - r} {cy} A {r} {r} 0 1 0 {cx + r} {cy}", stroke=MUTED)

    def at(deg):
        return cx + r * math.cos(math.radians(deg)), cy - r * math.sin(math.radians(deg))

    a, b, minus_b = 65, 295, 115  # half angles: a 130 deg rotation, b = 230 deg stored with the other sign
    short = " ".join(f"{at(d)[0]:.1f} {at(d)[1]:.1f}" for d in range(a, minus_b + 1, 2))
    s.path("M " + short, stroke=FRONT, width=4)
    long_way = " ".join(f"{at(d)[0]:.1f} {at(d)[1]:.1f}" for d in range(a, b - 360 - 1, -3))
    s.path("M " + long_way, stroke=ACCENT, width=2, dash="6 4", arrow=True)
    for deg, name, anchor in [(a, "a", "start"), (b, "b (stored)", "start"), (minus_b, "-b", "end")]:
        x, y = at(deg)
        s.circle(x, y, 6, fill=INK)
        s.text(x + (10 if anchor == "start" else -10), y - 8, name, size=13, anchor=anchor, bold=True)
    s.line(cx, cy, *at(b), stroke=MUTED, dash="3 3")
    s.line(cx, cy, *at(minus_b), stroke=MUTED, dash="3 3")
    x0 = 470
    s.text(x0, 90, "a = 130 deg about Z, b = 230 deg stored as -q:", size=13)
    s.text(x0, 112, "dot(a, b) < 0, so slerp from a to -b", size=13)
    s.text(x0, 150, "short way (blue): 130 -> 180 -> 230 deg,", size=13, fill="#2c6ea6")
    s.text(x0, 170, "a 100 degree turn", size=13, fill="#2c6ea6")
    s.text(x0, 208, "long way (red, dashed): 130 -> 0 -> -130 deg,", size=13, fill=ACCENT)
    s.text(x0, 228, "a 260 degree spin the other way round", size=13, fill=ACCENT)
    s.text(x0, 270, "if (dot < 0) b = -b;   /* quat_slerp, ex08.1 */", size=12.5, mono=True)
    return s.render()


def nlerp_error():
    """nlerp against slerp: the rotation angle nlerp gives, minus slerp's, over t, for three turns between the keys."""
    s = Svg(860, 380, "nlerp against slerp: how far nlerp's rotation is from slerp's at each t, for three key angles")
    x0, y0, w, h = 90, 50, 470, 250

    def error(turn_deg, t):
        # Both keys on one great circle, half angles 0 and turn / 2: nlerp's half angle is the
        # direction of the chord point (1 - t) a + t b; slerp's is t turn / 2. Twice the
        # difference is the rotation error.
        half = math.radians(turn_deg) / 2
        return 2 * math.degrees(math.atan2(t * math.sin(half), (1 - t) + t * math.cos(half)) - t * half)

    turns = [(60, FRONT), (120, "#2c6ea6"), (170, ACCENT)]
    top = max(abs(error(170, i / 200)) for i in range(201))
    scale = math.ceil(top / 5) * 5

    def px(t):
        return x0 + t * w

    def py(e):
        return y0 + h / 2 - e / scale * (h / 2)

    s.line(x0, py(0), x0 + w + 10, py(0), arrow=True)
    s.text(x0 + w + 14, py(0) + 4, "t", size=13)
    s.line(x0, y0 + h, x0, y0 - 10, arrow=True)
    s.text(x0 - 8, y0 - 16, "nlerp - slerp (degrees)", size=12, anchor="start")
    for e in (-scale, -scale / 2, scale / 2, scale):
        s.line(x0 - 4, py(e), x0 + w, py(e), stroke=PADDING)
        s.text(x0 - 8, py(e) + 4, f"{e:+g}", size=11.5, anchor="end")
    for t in (0.25, 0.5, 0.75, 1.0):
        s.text(px(t), py(0) + 18, f"{t:g}", size=11.5, anchor="middle")
    for turn, colour in turns:
        points = " ".join(f"{px(i / 100):.1f} {py(error(turn, i / 100)):.1f}" for i in range(101))
        s.path("M " + points, stroke=colour, width=2.5)
        # The peak on a grid 100 times finer than the curve's: on the curve's own 101 points 170
        # degrees would read 6.75 for the 6.758 between them.
        worst = max(abs(error(turn, i / 10000)) for i in range(10001))
        s.text(x0 + w + 20, 80 + 30 * turns.index((turn, colour)), f"{turn} deg apart: at most {worst:.2f} deg",
               size=12.5, fill=colour)
    s.text(x0 + w + 20, 190, "nlerp lags before t = 1/2", size=12.5)
    s.text(x0 + w + 20, 210, "and leads after it; both", size=12.5)
    s.text(x0 + w + 20, 230, "meet at 0, 1/2 and 1", size=12.5)
    small = max(abs(error(3, i / 10000)) for i in range(10001))
    s.text(x0, y0 + h + 50, f"keys 3 deg apart (1/30 s at 90 deg/s): nlerp is off by at most {small:.1e} deg",
           size=12.5, fill=MUTED)
    return s.render()


FIGURES = {
    "08-track-cursor": track_cursor,
    "08-long-way-round": long_way_round,
    "08-nlerp-error": nlerp_error,
}
