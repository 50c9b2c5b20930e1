"""Chapter 09's figures (the crossfade): each a function that returns SVG text."""
import math

from .svg import Svg, ACCENT, BACK, FRONT, INK, MUTED, PADDING


def interrupted_fade():
    """crossfade_advance's weights: idle -> wave over 1 s (linear), interrupted at 0.4 s by a fade to a third clip."""
    s = Svg(820, 380, "An interrupted crossfade: each weight falls from where the second switch found it")
    left, top, width, height = 70, 50, 600, 240
    end = 1.4

    def x_of(t):
        return left + width * t / end

    def y_of(w):
        return top + height * (1.0 - w)

    def weights(t):
        # crossfade_advance: w_i = start_i (1 - c) + (i is the top ? c : 0)
        if t < 0.4:
            c = t / 1.0
            return [1.0 - c, c, 0.0]
        p = min((t - 0.4) / 0.5, 1.0)
        c = 3 * p * p - 2 * p * p * p
        return [0.6 * (1 - c), 0.4 * (1 - c), c]

    s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
    for w in (0.0, 0.25, 0.5, 0.75, 1.0):
        s.line(left, y_of(w), left + width, y_of(w), stroke=PADDING, width=1)
        s.text(left - 8, y_of(w) + 4, f"{w:g}", size=11, anchor="end", fill=MUTED)
    for k in range(0, 8):
        t = 0.2 * k
        s.text(x_of(t), top + height + 18, f"{t:.1f}", size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 40, "wall seconds since the first switch", size=12.5, anchor="middle")
    s.text(left, top - 14, "weight", size=12.5)
    # The second label on two short lines, clear of the dotted line that rises past it.
    for t, lines in ((0.0, ["N: fade to wave, 1 s linear"]), (0.4, ["N: fade to clip 3,", "0.5 s smoothstep"])):
        s.line(x_of(t), top, x_of(t), top + height, stroke=MUTED, dash="4,4")
        for k, label in enumerate(lines):
            s.text(x_of(t) + 6, (top + 16 if t == 0.0 else top + 34) + 15 * k, label, size=11.5, fill=MUTED)
    # Left alone, the 1 s linear fade would carry wave on up from 0.4 at 0.4 s to 1 at 1.0 s.
    s.line(x_of(0.4), y_of(0.4), x_of(1.0), y_of(1.0), stroke=FRONT, dash="2,5", width=1.2)
    s.text(x_of(1.0) + 6, y_of(1.0) + 18, "wave without the interruption", size=11, fill="#2c6ea6")
    for i, (color, label) in enumerate((("#e08a2c", "idle"), (FRONT, "wave"), (ACCENT, "clip 3"))):
        d = " ".join(("M" if k == 0 else "L") + f" {x_of(k * end / 280):.1f} {y_of(weights(k * end / 280)[i]):.1f}"
                     for k in range(281))
        s.path(d, stroke=color, width=2.6)
        y = top + 20 + 22 * i
        s.line(left + width + 14, y - 4, left + width + 40, y - 4, stroke=color, width=2.6)
        s.text(left + width + 46, y, label, size=12)
    s.text(x_of(0.4) + 6, y_of(0.6) - 8, "0.6", size=11.5, bold=True)
    s.text(x_of(0.4) + 6, y_of(0.4) + 16, "0.4", size=11.5, bold=True)
    s.text(410, 350, "At the second switch the weights (0.6, 0.4, 0) become the fade's start weights; all three",
           size=12, anchor="middle", fill=MUTED)
    s.text(410, 367, "clips keep playing, and the weights sum to 1 at every frame (the stack, not a frozen pose).",
           size=12, anchor="middle", fill=MUTED)
    return s.render()


def matrix_blend_shrink():
    """Half way between a bone at 0 and at 90 degrees: slerp keeps its length, a matrix blend shrinks it to 71 %."""
    s = Svg(860, 360, "Blending matrices instead of rotations: the limb shrinks half way")

    def panel(cx, cy, title, sub, matrix):
        r = 150
        s.text(cx + 75, 34, title, size=14, anchor="middle", bold=True)
        s.text(cx + 75, 54, sub, size=12, anchor="middle", mono=True)
        s.path(f"M {cx + r} {cy} A {r} {r} 0 0 0 {cx} {cy - r}", stroke=PADDING, width=1.5, dash="4,4")
        s.circle(cx, cy, 5)
        for k in range(0, 9):
            w = k / 8
            m = matrix(w)
            x, y = m[0][0] * r, m[1][0] * r  # the bone along x, through the blended matrix
            s.circle(cx + x, cy - y, 3.2, fill=ACCENT if k == 4 else MUTED)
        # the limb at the two ends and half way: a box 1 long, 0.16 thick
        for w, fill, opacity in ((0.0, PADDING, 1.0), (1.0, PADDING, 1.0), (0.5, BACK, 0.9)):
            m = matrix(w)
            corners = [(0, -0.08), (1, -0.08), (1, 0.08), (0, 0.08)]
            pts = [(cx + r * (m[0][0] * u + m[0][1] * v), cy - r * (m[1][0] * u + m[1][1] * v)) for u, v in corners]
            s.polygon(pts, fill=fill, stroke=INK if w == 0.5 else MUTED, opacity=opacity)
        m = matrix(0.5)
        length = math.hypot(m[0][0], m[1][0])
        s.text(cx + 75, cy + 40, f"half way: length {length:.2f}", size=13, anchor="middle",
               fill=ACCENT if length < 0.99 else INK, bold=True)

    def slerped(w):
        a = math.radians(90 * w)
        return [[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]

    def lerped(w):
        return [[1 - w, -w], [w, 1 - w]]  # (1 - w) R(0) + w R(90)

    panel(90, 250, "pose_blend: slerp the rotation", "slerp(q0, q90, w)", slerped)
    panel(520, 250, "blending the matrices", "(1 - w) M0 + w M90", lerped)
    s.text(430, 330, "Dots: the bone's tip for w = 0, 1/8, ..., 1. The matrix blend moves it along the chord, "
           "so the bone", size=12, anchor="middle", fill=MUTED)
    s.text(430, 347, "and its skin shrink to cos 45 deg = 0.71 half way; between rotations about different axes "
           "they shear too.", size=12, anchor="middle", fill=MUTED)
    return s.render()


def inertial_offset():
    """One joint's rotation after a switch: its offset from the target, by a smoothstep crossfade and by Bollo's quintic."""
    s = Svg(820, 400, "Inertialization against a crossfade: one rotation's offset from the target after a switch")
    left, top, width, height = 70, 50, 560, 240
    end, blend = 0.6, 0.5
    # The switch at t = 0: the source is 60 degrees from the target and
    # still turning away from it at 120 deg/s; the target holds still.
    x0, v0 = math.radians(60), math.radians(120)
    low, high = -20.0, 100.0

    def source_offset(t):
        return x0 + v0 * t  # the source played on (a crossfade keeps sampling it)

    def crossfade(t):
        p = min(t / blend, 1.0)
        c = 3 * p * p - 2 * p * p * p
        return (1 - c) * source_offset(t)

    def quintic(t, guard=True):
        # ex09.4's curve, redone here: the guard, a0, then the quintic to 0. Without the guard v0 is
        # kept (and T, which only a v0 < 0 shortens); a0 is still kept >= 0 as ex09.4 does, so the
        # dashed curve peaks at 67 degrees (with Bollo's a0 unclamped, -117 rad/s^2, it would peak at 61).
        v, T = min(v0, 0.0) if guard else v0, blend
        if v < 0:
            T = min(T, -5 * x0 / v)
        if t >= T:
            return 0.0
        a0 = max(0.0, (-8 * v * T - 20 * x0) / (T * T))
        A = -(a0 * T * T + 6 * v * T + 12 * x0) / (2 * T ** 5)
        B = (3 * a0 * T * T + 16 * v * T + 30 * x0) / (2 * T ** 4)
        C = -(3 * a0 * T * T + 12 * v * T + 20 * x0) / (2 * T ** 3)
        return A * t ** 5 + B * t ** 4 + C * t ** 3 + a0 / 2 * t * t + v * t + x0

    def x_of(t):
        return left + width * t / end

    def y_of(a):
        return top + height * (high - math.degrees(a)) / (high - low)

    s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
    for d in (-20, 0, 20, 40, 60, 80, 100):
        s.line(left, y_of(math.radians(d)), left + width, y_of(math.radians(d)), stroke=MUTED if d == 0 else PADDING,
               width=1)
        s.text(left - 8, y_of(math.radians(d)) + 4, f"{d}", size=11, anchor="end", fill=MUTED)
    for k in range(0, 7):
        t = 0.1 * k
        s.text(x_of(t), top + height + 18, f"{t:.1f}", size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 40, "seconds since the switch (blend time 0.5 s)", size=12.5,
           anchor="middle")
    s.text(left, top - 14, "offset from the target, degrees", size=12.5)
    s.line(x_of(blend), top, x_of(blend), top + height, stroke=MUTED, dash="4,4")
    s.line(x_of(0), y_of(source_offset(0)), x_of(0.15), y_of(source_offset(0.15)), stroke=MUTED, dash="2,5", width=1.2)
    s.text(x_of(0.15) + 4, y_of(source_offset(0.15)) + 4, "the source played on", size=11, fill=MUTED)
    curves = (("#e08a2c", "smoothstep crossfade", None, crossfade),
              (ACCENT, "quintic, guarded", None, quintic),
              (ACCENT, "quintic, v0 kept", "5,4", lambda t: quintic(t, guard=False)))
    for i, (color, label, dash, f) in enumerate(curves):
        d = " ".join(("M" if k == 0 else "L") + f" {x_of(k * end / 240):.1f} {y_of(f(k * end / 240)):.1f}"
                     for k in range(241))
        s.path(d, stroke=color, width=2.6 if dash is None else 1.6, dash=dash)
        y = top + 20 + 22 * i
        s.line(left + width + 14, y - 4, left + width + 40, y - 4, stroke=color, width=2.6 if dash is None else 1.6,
               dash=dash)
        s.text(left + width + 46, y, label, size=12)
    s.text(410, 355, "All start at the source's 60 degrees. The crossfade samples both clips for 0.5 s and follows the",
           size=12, anchor="middle", fill=MUTED)
    s.text(410, 372, "source's turn away from the target first; the quintic samples the target alone and, its rate away",
           size=12, anchor="middle", fill=MUTED)
    s.text(410, 389, "dropped, decays from rest to zero offset, rate and acceleration at 0.5 s, never above 60 degrees.",
           size=12, anchor="middle", fill=MUTED)
    return s.render()


FIGURES = {
    "09-interrupted-fade": interrupted_fade,
    "09-matrix-blend-shrink": matrix_blend_shrink,
    "09-inertial-offset": inertial_offset,
}
