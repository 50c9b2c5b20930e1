"""Chapter 10's figures (the walk cycle): each a function that returns SVG text."""
import math

from .svg import Svg, source_path, ACCENT, FRONT, HEADER, INK, MUTED, NORMAL, PADDING, POSITION, TEXCOORD


def gait_timeline():
    """Both feet over one cycle of the walk and of the run: stance and swing, the contact events, double support and flight."""
    s = Svg(860, 470, "The gait timeline: each foot's stance (down) and swing over one cycle, walk and run")
    left, width = 150, 620

    def x_of(phase):
        return left + width * phase

    def panel(top, title, beta, period, both_label, both_fill):
        s.text(left - 140, top - 14, title, size=13.5, bold=True)
        spans = [(0, beta), (0.5, 0.5 + beta)]  # each foot's stance, from its contact
        # both down (walk) or both up (run): where the two stances overlap or leave a gap
        if beta > 0.5:
            both = [(0, beta - 0.5), (0.5, beta)]
        else:
            both = [(beta, 0.5), (0.5 + beta, 1)]
        for a, b in both:
            s.rect(x_of(a), top - 4, x_of(b) - x_of(a), 78, fill=both_fill, stroke="none")
        for row, (name, (a, b)) in enumerate(zip(("left foot", "right foot"), spans)):
            y = top + 6 + 34 * row
            s.text(left - 12, y + 16, name, size=12.5, anchor="end")
            s.rect(x_of(0), y, width, 22, fill="white", stroke=MUTED, width=1, dash="4 3")  # swing: off the ground
            for lo, hi in ((a, min(b, 1)), (0, b - 1)) if b > 1 else ((a, b),):
                if hi > lo:
                    s.rect(x_of(lo), y, x_of(hi) - x_of(lo), 22, fill=FRONT, stroke=INK, width=1.2)
            side = name.split()[0]
            for phase, event, up in ((a, side + "_down", False), (b % 1, side + "_up", True)):
                x = x_of(phase)
                tip, base = (y - 2, y - 11) if not up else (y + 24, y + 33)
                s.polygon([(x, tip), (x - 5, base), (x + 5, base)], fill=ACCENT, stroke="none")
        s.text(x_of((both[0][0] + both[0][1]) / 2), top + 88, both_label, size=11.5, anchor="middle", fill=MUTED)
        s.text(x_of((both[1][0] + both[1][1]) / 2), top + 88, both_label, size=11.5, anchor="middle", fill=MUTED)
        for k in range(5):
            phase = k / 4
            s.line(x_of(phase), top + 76, x_of(phase), top + 80, stroke=MUTED)
        s.text(x_of(1) + 8, top + 22, f"stance {beta:g}", size=11.5, fill=MUTED)
        s.text(x_of(1) + 8, top + 38, f"{period:.3f} s", size=11.5, fill=MUTED)
        s.text(x_of(1) + 8, top + 54, "a cycle", size=11.5, fill=MUTED)

    panel(50, "walk", 0.6, 2 / 1.9, "both down", TEXCOORD)
    # the walk's eight key poses under its panel
    y = 160
    poses = [(0, "contact"), (0.15, "down"), (0.3, "passing"), (0.4, "up")]
    for half, side in ((0, "L"), (0.5, "R")):
        for phase, name in poses:
            x = x_of(phase + half)
            s.line(x, y - 6, x, y + 2, stroke=INK)
            s.text(x, y + 16, name, size=11, anchor="middle")
            s.text(x, y + 30, side, size=11, anchor="middle", fill=MUTED)
    s.text(left - 30, y + 16, "key poses", size=12.5, anchor="end")
    panel(260, "run", 0.3, 2 / 3.0, "flight", HEADER)
    y = 370
    for k in range(5):
        s.text(x_of(k / 4), y, f"{k / 4:g}", size=11.5, anchor="middle", fill=MUTED)
    s.text(x_of(0.5), y + 18, "phase (0 .. 1 of the cycle); the right foot's contact at 1/2", size=12,
           anchor="middle")
    s.rect(left, 410, 26, 14, fill=FRONT, stroke=INK, width=1.2)
    s.text(left + 32, 421, "stance: planted", size=12)
    s.rect(left + 170, 410, 26, 14, fill="white", stroke=MUTED, width=1, dash="4 3")
    s.text(left + 202, 421, "swing", size=12)
    s.polygon([(left + 300, 420), (left + 295, 411), (left + 305, 411)], fill=ACCENT, stroke="none")
    s.text(left + 312, 421, "_down (above), _up (below): the clip's events", size=12)
    s.text(left, 450, "walk: stride 1.2 m at 1.9 steps/s; run: stride 1.8 m at 3 steps/s (gait_walk, gait_run)",
           size=12, fill=MUTED)
    return s.render()


def root_path_footprints():
    """Seen from above: the root's path around the circle with the footprints it leaves, and one stretch of it close up."""
    s = Svg(860, 430, "Root motion from above: the circle the root walks, the footprints, one stride close up")
    # Left: the whole circle of 4 m, the root starting at (4, 0, 0) facing -Z, turning left.
    cx, cy, scale = 200, 215, 40  # pixels a metre; +X right, +Z down the page (seen from above, +Y towards you)
    radius, stride, beta, ankle = 4.0, 1.2, 0.6, 0.105
    s.text(cx, 30, "the root's circle (R = 4 m), from above", size=12.5, anchor="middle")
    s.path(f"M {cx + radius * scale} {cy} A {radius * scale} {radius * scale} 0 1 0 {cx - radius * scale} {cy} "
           f"A {radius * scale} {radius * scale} 0 1 0 {cx + radius * scale} {cy}", stroke=MUTED, dash="5 4")
    steps = int(2 * math.pi * radius / (stride / 2))
    for k in range(steps):
        # a foot lands at travel (k / 2 + beta / 2) strides, beside the root: left or right of the path
        travel = stride * (k / 2 + beta / 2)
        angle = -travel / radius  # along the circle, counter-clockwise seen from above (turning left)
        side = ankle if k % 2 == 0 else -ankle
        r = radius - side  # left of a left-turning walker is towards the centre
        x, y = cx + r * scale * math.cos(angle), cy + r * scale * math.sin(angle)
        s.circle(x, y, 2.6, fill=ACCENT if k % 2 == 0 else FRONT)
    s.circle(cx + radius * scale, cy, 5, fill=INK)
    s.arrow(cx + radius * scale, cy, cx + radius * scale, cy - 34)
    s.text(cx + radius * scale + 8, cy + 16, "start (4, 0, 0)", size=11.5)
    s.text(cx + radius * scale + 8, cy - 24, "facing -Z", size=11.5)
    s.circle(cx, cy, 3, fill=MUTED)
    s.text(cx, cy + 18, "origin", size=11.5, anchor="middle", fill=MUTED)
    s.text(cx, 400, "each step turns the heading by its length / R", size=12, anchor="middle", fill=MUTED)
    # Right: one stretch straight, the character facing up the page.
    x0, y0, k = 580, 380, 120  # pixels a metre, forward is up
    s.text(x0 + 60, 30, "one stride close up (clip space, +Z forward)", size=12.5, anchor="middle")
    s.line(x0, y0 + 10, x0, 60, stroke=INK, width=1.4, dash="6 4", arrow=True)
    s.text(x0 + 8, 58, "+Z", size=11.5)
    for j in range(5):
        z = stride * (j / 2 + beta / 2)
        side = ankle if j % 2 == 0 else -ankle
        x = x0 + side * k * 2.2  # the side offset drawn wider than scale, to be seen
        y = y0 - z * k * 0.9
        s.rect(x - 7, y - 16, 14, 32, rx=6, fill=ACCENT if j % 2 == 0 else FRONT, stroke=INK, width=1)
        s.text(x + (14 if side > 0 else -14), y + 4, ("L" if side > 0 else "R") + f"  z = {z:.2f}", size=11.5,
               anchor="start" if side > 0 else "end")
    for j in range(3):  # the root at each left contact: one loop offset apart
        y = y0 - stride * j * k * 0.9
        s.line(x0 - 6, y, x0 + 6, y, stroke=INK, width=2)
    s.text(x0 - 12, y0 + 4, "root at left_down", size=11, anchor="end")
    ya, yb = y0, y0 - stride * k * 0.9
    s.line(x0 + 150, ya, x0 + 150, yb, stroke=INK, arrow=True)
    s.text(x0 + 158, (ya + yb) / 2, "stride 1.2 m", size=11.5)
    s.text(x0 + 158, (ya + yb) / 2 + 16, "= loop_offset.z", size=11.5, mono=True)
    s.text(x0 + 60, 404, "red: left foot (+X), blue: right (-X), 0.105 m off the path", size=12, anchor="middle",
           fill=MUTED)
    return s.render()


def foot_roll():
    """The planted foot's roll over the stance: heel rocker, ankle rocker, forefoot rocker (chapters/10_walk_cycle/gait.c, stance_foot)."""
    s = Svg(900, 430, "The foot's roll over one stance: heel strike, foot flat, mid-stance, heel-off, toe-off")
    ground, k = 250, 560  # the ground's y in pixels, pixels a metre
    # the humanoid's foot, roughly (metres, x forward, y up, the heel at 0, 0): ankle over the heel,
    # the toes joint over the ball, the toes' tip toe_reach (0.75 of heel to ball) ahead of it
    ankle_h, ball_x, toes_h = 0.08, 0.14, 0.02
    toe_reach = 0.75 * ball_x
    shin_len = 0.25
    deg = math.pi / 180

    def turned(point, pivot, angle):  # angle > 0: toes up (counter-clockwise as drawn, forward to the right)
        x, y = point[0] - pivot[0], point[1] - pivot[1]
        c, si = math.cos(angle), math.sin(angle)
        return (pivot[0] + c * x - si * y, pivot[1] + si * x + c * y)

    def draw(cx, title, phase, pitch, toes_bend, shin_lean, pivot_name, note):
        # pitch: toes up +, radians; the foot turns about the heel (pitch > 0) or the ball (pitch < 0)
        heel, ball = (0.0, 0.0), (ball_x, 0.0)
        pivot = heel if pitch >= 0 else ball
        body = [(-0.025, 0.015), (0.0, 0.0), (ball_x, 0.0), (ball_x, toes_h + 0.012), (0.05, ankle_h + 0.005),
                (-0.01, ankle_h + 0.005)]
        body = [turned(p, pivot, pitch) for p in body]
        joint = turned((ball_x, toes_h * 0.5), pivot, pitch)
        # the toes: from the joint, turned with the foot, then bent up by toes_bend (their tip stays down)
        toes = [(ball_x, 0.0), (ball_x + toe_reach, 0.0), (ball_x + toe_reach, 0.012), (ball_x, toes_h + 0.012)]
        toes = [turned(turned(p, pivot, pitch), turned(ball, pivot, pitch), toes_bend) for p in toes]
        ankle = turned((0.0, ankle_h), pivot, pitch)
        knee = (ankle[0] + shin_len * math.sin(shin_lean), ankle[1] + shin_len * math.cos(shin_lean))

        def px(p):
            return (cx + k * p[0], ground - k * p[1])

        s.polygon([px(p) for p in toes], fill=NORMAL, stroke=INK, width=1.2)
        s.polygon([px(p) for p in body], fill=NORMAL, stroke=INK, width=1.2)
        a, kn = px(ankle), px(knee)
        s.line(a[0], a[1], kn[0], kn[1], stroke=FRONT, width=7)
        s.circle(a[0], a[1], 4, fill=INK)
        if pivot_name:  # the point on the ground that stays still
            pv = px(pivot)
            s.circle(pv[0], pv[1], 5, fill=ACCENT)
            s.text(pv[0], ground + 18, pivot_name, size=11, anchor="middle", fill=ACCENT)
        else:  # the foot still and flat: the shin turns over the ankle
            s.circle(a[0], a[1], 5, fill=ACCENT)
            s.text(a[0] + 8, a[1] - 8, "ankle", size=11, fill=ACCENT)
        s.text(cx + 70, 36, title, size=12.5, anchor="middle", bold=True)
        s.text(cx + 70, 54, phase, size=11.5, anchor="middle", fill=MUTED)
        for i, line in enumerate(note):
            s.text(cx + 70, ground + 40 + 15 * i, line, size=11, anchor="middle")

    s.line(20, ground, 880, ground, stroke=MUTED, width=1.5)
    panels = [
        ("initial contact", "0 of the cycle", 18 * deg, 0, -15 * deg, "heel", ["toes up 18 deg", "(heel_strike_pitch)"]),
        ("foot flat", "0.1 (foot_flat)", 0, 0, -6 * deg, "heel", ["the sole down:", "end of loading"]),
        ("mid-stance", "0.22 (mid_stance)", 0, 0, 4 * deg, "", ["ankle under the hip,", "the shin turns over it"]),
        ("heel-off", "from 0.35 (heel_off)", -12 * deg, 12 * deg, 15 * deg, "ball", ["turns about the ball,", "the toes bend"]),
        ("toe-off", "0.6 (stance_fraction)", -55 * deg, 55 * deg, 38 * deg, "ball",
         ["heel up 55 deg", "(toe_off_pitch)"]),
    ]
    for i, panel in enumerate(panels):
        draw(30 + 170 * i, *panel)
    # the rockers between the panels
    for x0, x1, name in ((40, 210, "heel rocker"), (210, 550, "ankle rocker"), (550, 720, "forefoot rocker")):
        y = 330
        s.line(x0 + 70, y, x1 + 70, y, stroke=ACCENT, width=1.6, arrow=True)
        s.text((x0 + x1) / 2 + 70, y - 6, name, size=12, anchor="middle", fill=ACCENT)
    # the phases of gait analysis over the stance (fractions of the cycle)
    left, width, y = 60, 780, 370

    def x_of(phase):
        return left + width * phase / 0.6

    for a, b, name in ((0, 0.1, "loading response"), (0.1, 0.3, "mid-stance"), (0.3, 0.5, "terminal stance"),
                       (0.5, 0.6, "pre-swing")):
        s.rect(x_of(a), y, x_of(b) - x_of(a), 20, fill=POSITION if name != "pre-swing" else TEXCOORD, stroke=INK, width=1)
        s.text((x_of(a) + x_of(b)) / 2, y + 14, name, size=11, anchor="middle")
    for phase in (0, 0.1, 0.22, 0.35, 0.6):
        s.line(x_of(phase), y - 6, x_of(phase), y + 26, stroke=ACCENT, width=1.2)
    s.text(x_of(0.6) + 6, y + 14, "swing", size=11)
    s.text(450, 418, "red dot: the point on the ground that stays still; red lines: the generator's phases (walk). "
           "Phases after Perry and Burnfield 2010.", size=11, anchor="middle", fill=MUTED)
    return s.render()


def gait_curves():
    """The walk's left knee and hip over one cycle (chapters/10_walk_cycle/gait_curves.tsv, made by
    `python3 tests/walk_check.py build/chapters/10_walk_cycle/ch10_walk_cycle curves
    chapters/10_walk_cycle/gait_curves.tsv`) beside normal ranges read off the gait literature."""
    table = source_path("chapters", "10_walk_cycle", "gait_curves.tsv")
    with open(table, encoding="utf-8") as f:
        rows = [line.split("\t") for line in f.read().splitlines()[1:] if line.strip()]
    walk = [(float(r[1]), float(r[2]), float(r[3])) for r in rows if r[0] == "walk"]
    walk.append((100.0, walk[0][1], walk[0][2]))  # the cycle closes on its start
    s = Svg(860, 560, "The walk's knee and hip flexion over one cycle beside normal adult ranges")
    left, width, height = 90, 600, 180
    # approximate normal ranges (percent of the cycle from, to; degrees low, high)
    knee_bands = [(0, 3, 0, 5, "contact"), (10, 16, 15, 20, "loading"), (36, 44, 2, 8, "terminal stance"),
                  (58, 62, 35, 45, "toe-off"), (69, 75, 55, 65, "swing peak"), (97, 100, 0, 5, "")]
    hip_bands = [(0, 3, 20, 30, "contact"), (47, 53, -20, -10, "most extended"), (82, 88, 25, 35, "peak"),
                 (97, 100, 20, 30, "")]

    def panel(top, title, column, low, high, step, bands):
        def x_of(percent):
            return left + width * percent / 100

        def y_of(deg):
            return top + height * (high - deg) / (high - low)

        s.text(left, top - 12, title, size=13, bold=True)
        s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
        for d in range(low, high + 1, step):
            s.line(left, y_of(d), left + width, y_of(d), stroke=PADDING, width=1)
            s.text(left - 8, y_of(d) + 4, f"{d}", size=11, anchor="end", fill=MUTED)
        s.rect(x_of(60), top, width * 0.4, height, fill=PADDING, stroke="none", dash=None)
        s.text(x_of(80), top + 16, "swing", size=11, anchor="middle", fill=MUTED)
        s.text(x_of(30), top + 16, "stance", size=11, anchor="middle", fill=MUTED)
        for a, b, lo, hi, name in bands:
            s.rect(x_of(a), y_of(hi), x_of(b) - x_of(a), y_of(lo) - y_of(hi), fill=TEXCOORD, stroke="#5a8f4a",
                   width=1)
            if name:
                x, anchor = ((x_of(a) + x_of(b)) / 2, "middle") if a > 0 else (x_of(a) + 2, "start")
                s.text(x, y_of(hi) - 5, name, size=10.5, anchor=anchor, fill="#3d6b30")
        d = " ".join(("M" if i == 0 else "L") + f" {x_of(r[0]):.1f} {y_of(r[column]):.1f}" for i, r in enumerate(walk))
        s.path(d, stroke=ACCENT, width=2.2)
        for p in range(0, 101, 10):
            s.text(x_of(p), top + height + 16, f"{p}", size=11, anchor="middle", fill=MUTED)

    panel(40, "knee flexion (degrees)", 1, -10, 80, 10, knee_bands)
    panel(300, "hip flexion (degrees, thigh from vertical; negative: extension)", 2, -30, 40, 10, hip_bands)
    s.text(left + width / 2, 538, "percent of the cycle from the left heel strike (left_down); toe-off at 60",
           size=12, anchor="middle")
    s.line(left + width + 20, 60, left + width + 46, 60, stroke=ACCENT, width=2.2)
    s.text(left + width + 52, 64, "the walk", size=11.5)
    s.rect(left + width + 20, 76, 26, 12, fill=TEXCOORD, stroke="#5a8f4a", width=1)
    s.text(left + width + 52, 86, "normal range,", size=11.5)
    s.text(left + width + 52, 100, "approximate", size=11.5)
    s.text(left + width + 20, 130, "curves: the exported", size=11, fill=MUTED)
    s.text(left + width + 20, 144, "glTF measured by", size=11, fill=MUTED)
    s.text(left + width + 20, 158, "tests/walk_check.py", size=11, fill=MUTED, mono=True)
    s.text(left + width + 20, 180, "ranges: read off Perry", size=11, fill=MUTED)
    s.text(left + width + 20, 194, "and Burnfield 2010 and", size=11, fill=MUTED)
    s.text(left + width + 20, 208, "Winter 1991 (hip)", size=11, fill=MUTED)
    return s.render()


def stop_on_contact():
    """The controller's stop: speed 0 asked mid-stride, the walk steps on to the next contact, then fades to idle."""
    s = Svg(860, 400, "A stop: the walk steps on to the next foot contact, then fades into idle over 0.4 s")
    left, width, end, frame = 110, 640, 1.2, 1 / 60
    period = 2 / 1.9  # the walk's cycle, s

    def x_of(t):
        return left + width * t / end

    # the weights: the walk 1 until the frame that crosses right_down (frame 32), then a
    # smoothstep of 24 frames (0.4 s) to 0; idle the rest (crossfade_advance's rule)
    asked, contact = 11 * frame, 32 * frame
    idle = contact + 0.4
    # the feet: the walk's (60% stance, from phase 0 at t = 0, as in 10-gait-timeline) until
    # the walk has left the fade, then standing
    for row, (name, down) in enumerate((("left", 0.0), ("right", 0.5))):
        y = 50 + 30 * row
        s.text(left - 12, y + 15, name + " foot", size=12.5, anchor="end")
        s.rect(left, y, x_of(idle) - left, 20, fill="white", stroke=MUTED, width=1, dash="4 3")
        s.rect(x_of(idle), y, x_of(end) - x_of(idle), 20, fill=TEXCOORD, stroke=INK, width=1.2)
        for k in range(-1, 2):
            a, b = max((down + k) * period, 0), min((down + k + 0.6) * period, idle)
            if b > a:
                s.rect(x_of(a), y, x_of(b) - x_of(a), 20, fill=FRONT, stroke=INK, width=1.2)
            t = (down + k) * period
            if 0 <= t <= idle:
                s.polygon([(x_of(t), y - 2), (x_of(t) - 5, y - 11), (x_of(t) + 5, y - 11)], fill=ACCENT, stroke="none")
    s.text(x_of((idle + end) / 2), 125, "standing (idle)", size=11.5, anchor="middle", fill=MUTED)
    top, height = 140, 170

    def y_of(w):
        return top + height * (1 - w)

    def walk_weight(t):
        p = min(max((t - contact) / 0.4, 0), 1)
        return 1 - (3 * p * p - 2 * p * p * p)

    s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
    for w in (0, 0.5, 1):
        s.line(left, y_of(w), left + width, y_of(w), stroke=PADDING, width=1)
        s.text(left - 8, y_of(w) + 4, f"{w:g}", size=11, anchor="end", fill=MUTED)
    s.text(left - 70, top + height / 2, "weight", size=12.5, anchor="middle")
    for t, label, dy in ((asked, "speed 0 asked (frame 11)", 16), (contact, "right_down crossed (frame 32)", 34),
                         (idle, "idle (frame 56)", 16)):
        s.line(x_of(t), 40, x_of(t), top + height, stroke=MUTED, dash="4,4")
        s.text(x_of(t) + 6, top + dy, label, size=11.5, fill=MUTED)
    for color, label, weight in (("#e08a2c", "idle", lambda t: 1 - walk_weight(t)), (FRONT, "walk / run", walk_weight)):
        d = " ".join(("M" if k == 0 else "L") + f" {x_of(k * end / 240):.1f} {y_of(weight(k * end / 240)):.1f}"
                     for k in range(241))
        s.path(d, stroke=color, width=2.6)
    for i, (color, label) in enumerate((("#e08a2c", "idle"), (FRONT, "walk"))):
        y = top + 20 + 22 * i
        s.line(left + width + 14, y - 4, left + width + 40, y - 4, stroke=color, width=2.6)
        s.text(left + width + 46, y, label, size=12)
    for k in range(7):
        t = 0.2 * k
        s.text(x_of(t), top + height + 18, f"{t:.1f}", size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 38, "seconds (frames of 1/60 s)", size=12.5, anchor="middle")
    s.text(430, 370, "Walking at 1.14 m/s from the left contact: between the request and the contact the walk keeps",
           size=12, anchor="middle", fill=MUTED)
    s.text(430, 387, "its weight and the root keeps moving; the fade starts with both feet down (test_locomotion_controller).",
           size=12, anchor="middle", fill=MUTED)
    return s.render()


FIGURES = {
    "10-gait-timeline": gait_timeline,
    "10-root-path": root_path_footprints,
    "10-stop-on-contact": stop_on_contact,
    "10-foot-roll": foot_roll,
    "10-gait-curves": gait_curves,
}
